"""Where the lab's games run: a local process pool (the default) or a Ray cluster.

A backend takes the plan's tasks and returns every record; the lab sorts them by (setting,
line-up, game index), so the result is the same whatever the backend and the number of workers.

Ray (``pip install -e '.[ray]'``): ``--backend ray`` starts a local Ray instance with ``--jobs``
CPUs; ``--address HOST:6379`` (or ``auto``) joins a running cluster instead, whose nodes need
Roost installed (the same version: every worker imports ``roost``), e.g. a cluster started with
``ray start --head`` on one machine and ``ray start --address HEAD:6379`` on the others, each in
an environment where ``pip install roost[ray]`` (or this repository, ``pip install -e '.[ray]'``)
was run.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Protocol

from roost.core.errors import RoostError
from roost.lab.play import Task, run_task
from roost.lab.record import LabRecord

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


class Backend(Protocol):
    name: str

    def run(self, tasks: list[Task], progress: Progress | None) -> list[LabRecord]: ...

    def workers(self) -> int: ...


class LocalBackend:
    """The local process pool (`jobs` processes; 1 runs in this process)."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise RoostError(f"--jobs must be at least 1; got {jobs}")
        self.jobs = jobs

    def workers(self) -> int:
        return self.jobs

    def run(self, tasks: list[Task], progress: Progress | None) -> list[LabRecord]:
        records: list[LabRecord] = []
        if self.jobs == 1:
            for task in tasks:
                done = run_task(task)
                records.extend(done)
                if progress:
                    progress(len(done))
            return records
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            futures = [pool.submit(run_task, task) for task in tasks]
            for future in as_completed(futures):
                done = future.result()
                records.extend(done)
                if progress:
                    progress(len(done))
        return records


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


class RayBackend:
    """Ray: a local instance with `jobs` CPUs, or the cluster at `address`."""

    name = "ray"

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        if not ray_available():
            raise RoostError(
                "--backend ray needs Ray: .venv/bin/pip install -e '.[ray]' "
                "(or pip install 'ray[default]')"
            )
        if jobs < 1:
            raise RoostError(f"--jobs must be at least 1; got {jobs}")
        self.jobs = jobs
        self.address = address
        self._cpus = jobs

    def workers(self) -> int:
        return self._cpus

    def run(self, tasks: list[Task], progress: Progress | None) -> list[LabRecord]:
        import ray

        started = not ray.is_initialized()
        if started:
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if self.address:
                ray.init(address=self.address, **options)
            else:
                ray.init(num_cpus=self.jobs, **options)
        try:
            self._cpus = int(ray.cluster_resources().get("CPU", self.jobs))
            remote = ray.remote(num_cpus=1)(run_task)
            pending = [remote.remote(task) for task in tasks]
            records: list[LabRecord] = []
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    done: list[LabRecord] = ray.get(ref)
                    records.extend(done)
                    if progress:
                        progress(len(done))
            return records
        finally:
            if started:
                ray.shutdown()


def make_backend(name: str, jobs: int, address: str | None) -> Backend:
    if name == "local":
        if address:
            raise RoostError("--address is for --backend ray")
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(jobs, address)
    raise RoostError(f"--backend is local or ray; got {name!r}")
