"""Where the lab's games run: a local process pool (the default) or a Ray cluster.

A backend takes the plan's tasks and returns every record; the lab sorts them by (setting,
line-up, game index), so the result is the same whatever the backend and the number of workers.

Ray (``pip install -e '.[ray]'``): ``--backend ray`` starts a local Ray instance with ``--jobs``
CPUs; ``--address`` joins a running cluster instead (``HEAD:6379`` from a node of the cluster,
``ray://HEAD:10001`` from elsewhere through Ray Client, ``auto`` inside ``ray job submit``). On a
cluster the driver ships its own ``roost`` package to the workers (Ray's ``runtime_env``
``py_modules``), so every node runs exactly the driver's rules and bots, whatever Roost it has
installed, if any: the nodes need only Ray and the same Python version. See docs/lab.md.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Protocol

import roost
from roost.core.errors import RoostError
from roost.lab.play import Task, run_task
from roost.lab.record import LabRecord

Progress = Callable[[list[LabRecord]], None]
"""Called with the records of the games just finished (the lab counts them per setting)."""


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
                    progress(done)
            return records
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            futures = [pool.submit(run_task, task) for task in tasks]
            for future in as_completed(futures):
                done = future.result()
                records.extend(done)
                if progress:
                    progress(done)
        return records


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse a cluster address nothing answers at, in seconds and before any work: Ray itself
    keeps retrying for minutes. ``auto`` (the cluster this process runs in) is left to Ray."""
    if address == "auto":
        return
    where = address.removeprefix("ray://")
    host, sep, port = where.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise RoostError(f"--address takes HOST:PORT, ray://HOST:PORT or auto; got {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise RoostError(f"no Ray cluster answers at {address} ({reason})") from None


def code_runtime_env() -> dict[str, Any]:
    """Ray's runtime environment that ships this process's ``roost`` package to every worker:
    the lab's workers import nothing else outside the standard library (and
    typing_extensions, which Ray brings), so a node needs no Roost of its own, and a stale one
    cannot give different games.

    Only the Python source goes: a compiled build's extension modules are tied to one platform
    and Python, and lean on a helper module outside the package, so the workers run the pure
    source, which plays the same games (``--no-ship-code`` uses the nodes' own install)."""
    return {
        "py_modules": [str(Path(roost.__file__).parent)],
        "excludes": ["__pycache__", "*.pyc", "*.so", "*.pyd", "web/static"],
    }


class RayBackend:
    """Ray: a local instance with `jobs` CPUs, or the cluster at `address`.

    `ship_code` (default: on a cluster) sends this process's ``roost`` to the workers."""

    name = "ray"

    def __init__(
        self, jobs: int = 1, address: str | None = None, ship_code: bool | None = None
    ) -> None:
        if not ray_available():
            raise RoostError(
                "--backend ray needs Ray: .venv/bin/pip install -e '.[ray]' "
                "(or pip install 'ray[default]')"
            )
        if jobs < 1:
            raise RoostError(f"--jobs must be at least 1; got {jobs}")
        self.jobs = jobs
        self.address = address
        self.ship_code = address is not None if ship_code is None else ship_code
        self._cpus = jobs
        if address:
            check_reachable(address)

    def workers(self) -> int:
        return self._cpus

    def run(self, tasks: list[Task], progress: Progress | None) -> list[LabRecord]:
        import ray

        started = not ray.is_initialized()
        if started:
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.WARNING,  # not "Connecting to ..." over the progress bar
            }
            if self.ship_code:
                options["runtime_env"] = code_runtime_env()
            try:
                if self.address:
                    ray.init(address=self.address, **options)
                else:
                    ray.init(num_cpus=self.jobs, **options)
            except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError
                where = f"the Ray cluster at {self.address}" if self.address else "Ray"
                first = (str(error).strip().splitlines() or [type(error).__name__])[0]
                raise RoostError(f"could not start {where}: {first}") from None
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
                        progress(done)
            return records
        finally:
            if started:
                ray.shutdown()


def make_backend(
    name: str, jobs: int, address: str | None, ship_code: bool | None = None
) -> Backend:
    if name == "local":
        if address:
            raise RoostError("--address is for --backend ray")
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(jobs, address, ship_code)
    raise RoostError(f"--backend is local or ray; got {name!r}")
