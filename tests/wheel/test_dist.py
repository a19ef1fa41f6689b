"""The wheel `make dist` built, on a machine like a stranger's: no C compiler, no network.

Run by `make test-dist` (which builds dist/ and fills the wheelhouse first), skipped elsewhere:
``ROOST_DIST_DIR`` names the folder of the sdist and the repaired wheel, ``ROOST_WHEELHOUSE`` the
folder of every dependency's wheel, fetched from the package index before these tests start.

Each install runs in a fresh venv with pip ``--isolated --no-index --find-links`` (no index, no
pip configuration, only the given folders), a ``PATH`` holding the venv's own ``bin`` and nothing
else (so no ``cc``, ``gcc`` or ``clang`` is found: the test checks), and, when run as root with
``unshare``, in a network namespace of its own with no interface up, so that nothing can be
fetched even by mistake. Then the installed ``roost`` must say it is compiled, play a bots-only
game to the end, serve ``/api/health`` and the web client's files from inside the wheel; the
``lab``, ``rl`` and ``ray`` extras install the same way and run; pipx installs the
wheel; and the sdist, built where no compiler is found, gives the pure-Python wheel.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from roost._version import __version__
from roost.build import ENGINE_MODULES, ENGINE_PACKAGES, INTERPRETED
from roost.server.protocol import PROTOCOL_VERSION

if not os.environ.get("ROOST_DIST_DIR"):
    pytest.skip("run by `make test-dist` (ROOST_DIST_DIR unset)", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
DIST = (ROOT / os.environ["ROOST_DIST_DIR"]).resolve()
WHEELHOUSE = (ROOT / os.environ.get("ROOST_WHEELHOUSE", "build/wheelhouse")).resolve()
SOURCE = ROOT / "src" / "roost"
COMPILERS = ("cc", "gcc", "clang", "c99", "x86_64-linux-gnu-gcc")
REPORT = ROOT / "build" / "test-dist.json"
"""What the run measured (install times, the wheel's size and tags), for the release notes."""


def engine_modules() -> list[str]:
    """The modules the compiled build compiles, as paths under roost/ without ``.py``: the
    source files of roost.build's lists (the ones `roost --version` counts)."""
    found = []
    for package in ENGINE_PACKAGES:
        folder = SOURCE / package.removeprefix("roost.").replace(".", "/")
        for path in sorted(folder.rglob("*.py")):
            name = "roost." + path.relative_to(SOURCE).with_suffix("").as_posix().replace("/", ".")
            if path.name != "__init__.py" and name not in INTERPRETED:
                found.append(path.relative_to(SOURCE).with_suffix("").as_posix())
    return found + [name.removeprefix("roost.").replace(".", "/") for name in ENGINE_MODULES]


def record(key: str, value: object) -> None:
    data = json.loads(REPORT.read_text()) if REPORT.exists() else {}
    data[key] = value
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(data, indent=2) + "\n")


def only(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    assert len(found) == 1, f"expected one {pattern} in {DIST}, found {found}"
    return found[0]


@pytest.fixture(scope="module")
def wheel() -> Path:
    return only(f"roost-{__version__}-*.whl")


@pytest.fixture(scope="module")
def sdist() -> Path:
    return only(f"roost-{__version__}.tar.gz")


def offline() -> list[str]:
    """A prefix running a command in a network namespace of its own (no interface up), when this
    process may make one (root and util-linux's unshare); otherwise none (--no-index still keeps
    pip off the network)."""
    unshare = shutil.which("unshare")
    if unshare and os.geteuid() == 0:
        probe = subprocess.run([unshare, "--net", "true"], capture_output=True)
        if probe.returncode == 0:
            return [unshare, "--net"]
    return []


class Venv:
    """A fresh venv and the bare environment its commands run in."""

    def __init__(self, path: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
        self.path = path
        self.bin = path / "bin"
        home = path.parent / f"{path.name}-home"
        home.mkdir()
        self.env = {
            "PATH": str(self.bin),
            "HOME": str(home),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "ROOST_DATA_DIR": str(home / "data"),
            "PIP_CONFIG_FILE": os.devnull,
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        }

    def run(
        self, *argv: str, cut_off: bool = False, timeout: float = 600, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Runs `argv` in the venv's environment (cut off from the network if `cut_off`); a
        failure shows the command's whole output."""
        command = [*(offline() if cut_off else []), *argv]
        result = subprocess.run(
            command,
            env=self.env,
            cwd=cwd or self.path.parent,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert result.returncode == 0, (
            f"{' '.join(command)} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
        )
        return result

    def pip_install(self, *requirements: str, links: Sequence[Path] = ()) -> float:
        """pip install from local folders only; returns the seconds it took."""
        start = time.perf_counter()
        finds = [
            arg for folder in (WHEELHOUSE, DIST, *links) for arg in ("--find-links", str(folder))
        ]
        self.run(
            str(self.bin / "python"), "-m", "pip", "install", "--isolated", "--no-index",
            "--no-cache-dir", "--quiet", *finds, *requirements, cut_off=True,
        )  # fmt: skip
        return time.perf_counter() - start


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Venv:
    """A fresh venv with the wheel installed, offline, with no compiler on its PATH."""
    fresh = Venv(tmp_path_factory.mktemp("fresh") / "venv")
    for compiler in COMPILERS:
        assert shutil.which(compiler, path=fresh.env["PATH"]) is None, compiler
    seconds = fresh.pip_install(str(wheel))
    record("install_seconds", round(seconds, 1))
    print(f"\nthe wheel and its dependencies installed in {seconds:.1f} s")
    return fresh


def test_the_wheel_is_tagged_manylinux_for_this_python(wheel: Path) -> None:
    name = re.fullmatch(
        rf"roost-{re.escape(__version__)}-(cp\d+)-(cp\d+)-(manylinux_(\d+)_(\d+)_(\w+))\.whl",
        wheel.name,
    )
    assert name, f"{wheel.name} is not a manylinux wheel of this version"
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert name.group(1) == name.group(2) == python
    with zipfile.ZipFile(wheel) as archive:
        meta = archive.read(f"roost-{__version__}.dist-info/WHEEL").decode()
    assert f"Tag: {python}-{python}-{name.group(3)}" in meta
    assert "Root-Is-Purelib: false" in meta
    record("wheel", wheel.name)
    record("wheel_bytes", wheel.stat().st_size)
    print(f"\n{wheel.name}: {wheel.stat().st_size / 2**20:.1f} MiB")


def test_the_wheel_holds_the_compiled_engine_and_the_web_client(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"roost-{__version__}.dist-info/METADATA").decode()
    for module in engine_modules():
        assert any(n.startswith(f"roost/{module}.") and n.endswith(".so") for n in names), (
            f"roost/{module} is not compiled in the wheel"
        )
    static = [p for p in (SOURCE / "web" / "static").rglob("*") if p.is_file()]
    assert len(static) > 10
    for path in static:
        inside = f"roost/{path.relative_to(SOURCE).as_posix()}"
        assert inside in names, f"the web client's {inside} is missing from the wheel"
    for data in (
        "roost/server/accounts/common_passwords.txt",
        "roost/server/ratings/bots.json",
        "roost/server/migrations/env.py",
        "roost/rl/weights/big_chicken.npz",
        "roost/rl/weights/manda_huevos.npz",
        "roost/py.typed",
        # the translations: the terminal reads the compiled catalogue (docs/contributors/i18n.md)
        "roost/i18n/locale/roost.pot",
        "roost/i18n/locale/es/LC_MESSAGES/roost.po",
        "roost/i18n/locale/es/LC_MESSAGES/roost.mo",
        *(
            f"roost/games/{game}/{rules}"
            for game in ("eggo", "manda_huevos", "egg_bound", "big_chicken")
            for rules in ("RULES.md", "RULES.es.md")
        ),
    ):
        assert data in names, data
    assert any(n.startswith("roost/server/migrations/versions/") for n in names)
    assert not [n for n in names if n.endswith(".c") or n.startswith(("tests/", "build/"))]
    for extra in ("lab", "rl", "ray", "docs"):
        assert f"Provides-Extra: {extra}" in metadata
    assert "Requires-Python: >=3.11" in metadata
    assert f"Version: {__version__}" in metadata


def test_the_sdist_is_complete(sdist: Path) -> None:
    import tarfile

    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("setup.py", "pyproject.toml", "README.md", "src/roost/_version.py",
                   "src/roost/web/static/index.html", "src/roost/games/eggo/RULES.md"):  # fmt: skip
        assert needed in names, needed
    assert not [n for n in names if n.endswith(".so")], "the sdist carries compiled modules"


def test_installed_without_compiler_or_network_says_compiled(venv: Venv) -> None:
    where = venv.run(str(venv.bin / "python"), "-c", "import roost; print(roost.__file__)")
    assert str(venv.path) in where.stdout, "roost was not imported from the fresh venv"
    result = venv.run(str(venv.bin / "roost"), "--version", cut_off=True)
    first, second = result.stdout.strip().splitlines()
    assert first == f"roost {__version__}, compiled with mypyc ({len(engine_modules())} modules)"
    assert second.startswith(f"protocol {PROTOCOL_VERSION} ")
    print(f"\n{result.stdout.strip()}")


def test_a_bots_only_game_plays_to_the_end(venv: Venv) -> None:
    result = venv.run(
        str(venv.bin / "roost"), "play", "eggo", "--seats", "random,heuristic,easy",
        "--pace", "0", "--seed", "7", cut_off=True, timeout=300,
    )  # fmt: skip
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "Game over." in out, out[-2000:]
    rows = re.findall(r"^│ (P\d)\s+│ bot: (\w+)\s+│ (won|-)\s+│$", out, re.M)
    assert [row[:2] for row in rows] == [("P0", "random"), ("P1", "heuristic"), ("P2", "easy")]
    assert out.rstrip().endswith("Replay this deal with --seed 7."), out[-500:]
    print("\n" + "\n".join(out.strip().splitlines()[-9:]))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_roost_serve_answers_health_and_serves_the_client(venv: Venv, tmp_path: Path) -> None:
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        [str(venv.bin / "roost"), "serve", "--port", str(port), "--bot-workers", "1",
         "--db", f"sqlite:///{tmp_path / 'roost.db'}"],
        env=venv.env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        health = None
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=2) as answer:
                    health = json.load(answer)
                break
            except OSError:
                time.sleep(0.3)
        assert health is not None, (tmp_path / "serve.log").read_text()
        assert health["ok"] is True and health["database"] == "ok"
        assert health["version"] == __version__
        assert health["build"] == "compiled"
        assert health["protocol"] == PROTOCOL_VERSION
        with urllib.request.urlopen(f"{base}/", timeout=5) as answer:
            page = answer.read().decode()
        assert "<html" in page.lower()
        scripts = re.findall(r'src="(/static/[^"]+)"', page)
        assert scripts, page[:500]
        for script in scripts:
            with urllib.request.urlopen(f"{base}{script}", timeout=5) as answer:
                served = answer.read()
            assert served == (SOURCE / "web" / script.lstrip("/")).read_bytes(), script
        print(f"\n/api/health: {health}")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # pragma: no cover - a hang is the failure shown
            server.kill()
            raise
        log.close()
    # stopped by SIGTERM: a clean stop ends with 0 or by the signal itself, never an error
    assert server.returncode in (0, -signal.SIGTERM), (tmp_path / "serve.log").read_text()


def test_the_lab_extra_installs_offline_and_plots(venv: Venv, tmp_path: Path) -> None:
    seconds = venv.pip_install(f"roost[lab]=={__version__}")
    record("lab_extra_seconds", round(seconds, 1))
    out = tmp_path / "lab"
    venv.run(
        str(venv.bin / "roost"), "lab", "eggo", "--players", "2", "--games", "40",
        "--bots", "heuristic", "--skill", "none", "--jobs", "1", "--out", str(out),
        cut_off=True, timeout=600,
    )  # fmt: skip
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in report, "the report has no plot: matplotlib missing?"


def test_the_rl_extra_installs_offline_and_steps(venv: Venv) -> None:
    seconds = venv.pip_install(f"roost[rl]=={__version__}")
    record("rl_extra_seconds", round(seconds, 1))
    program = (
        "from roost.rl.pettingzoo import env\n"
        "import numpy as np, torch\n"
        "table = env('big-chicken', players=3); table.reset(seed=1); steps = 0\n"
        "for agent in table.agent_iter():\n"
        "    obs, reward, term, trunc, info = table.last()\n"
        "    action = None if term or trunc else int(np.flatnonzero(obs['action_mask'])[0])\n"
        "    table.step(action); steps += 1\n"
        "print(steps, torch.__version__)\n"
    )
    result = venv.run(str(venv.bin / "python"), "-c", program, cut_off=True)
    steps, torch_version = result.stdout.split()
    assert int(steps) > 10 and torch_version.startswith("2.13.0")


def test_the_ray_extra_installs_offline_and_runs_the_lab(venv: Venv, tmp_path: Path) -> None:
    """Ray installed from the wheelhouse like the other extras, then a lab run on a local Ray
    instance: Ray's processes talk over loopback, which a fresh network namespace has down, so
    the run (not the install) is outside the cut-off, as `roost serve`'s is."""
    seconds = venv.pip_install(f"roost[ray]=={__version__}")
    record("ray_extra_seconds", round(seconds, 1))
    out = tmp_path / "lab-ray"
    venv.run(
        str(venv.bin / "roost"), "lab", "eggo", "--players", "2", "--games", "12",
        "--bots", "heuristic", "--skill", "none", "--jobs", "2", "--backend", "ray",
        "--no-plots", "--out", str(out), timeout=600,
    )  # fmt: skip
    run = json.loads((out / "summary.json").read_text(encoding="utf-8"))["run"]
    assert run["backend"] == "ray" and run["games"] >= 12, run


def test_pipx_installs_the_wheel(wheel: Path, tmp_path: Path) -> None:
    pipx = Path(sys.executable).parent / "pipx"
    assert pipx.exists(), "pipx is missing: make test-dist installs the release group"
    env = {
        "PATH": f"{tmp_path / 'bin'}:{Path(sys.executable).parent}",
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "PIPX_HOME": str(tmp_path / "pipx"),
        "PIPX_BIN_DIR": str(tmp_path / "bin"),
        "PIPX_MAN_DIR": str(tmp_path / "man"),
        "PIP_CONFIG_FILE": os.devnull,
    }
    pip_args = f"--no-index --find-links {WHEELHOUSE}"
    command = [*offline(), str(pipx), "install", "--pip-args", pip_args, str(wheel)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    version = subprocess.run(
        [str(tmp_path / "bin" / "roost"), "--version"], env=env, capture_output=True, text=True
    )
    assert version.returncode == 0, version.stderr
    assert f"roost {__version__}, compiled with mypyc" in version.stdout


@pytest.fixture(scope="module")
def pure_wheel(sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel pip builds from the sdist where PATH has no C compiler (this venv's build
    tools, no build isolation: no network), and pip's verbose output."""
    out = tmp_path_factory.mktemp("pure-wheel")
    bin_dir = Path(sys.executable).parent
    env = {"PATH": str(bin_dir), "HOME": str(out), "LANG": "C.UTF-8", "PIP_CONFIG_FILE": os.devnull}
    for compiler in COMPILERS:
        assert shutil.which(compiler, path=env["PATH"]) is None, compiler
    result = subprocess.run(
        [*offline(), sys.executable, "-m", "pip", "wheel", "--isolated", "--no-index",
         "--no-deps", "--no-build-isolation", "-v", "--wheel-dir", str(out), str(sdist)],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return only_in(out, "roost-*.whl"), output


def only_in(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def test_the_sdist_falls_back_to_pure_python_without_a_compiler(
    pure_wheel: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    built, output = pure_wheel
    assert built.name == f"roost-{__version__}-py3-none-any.whl", built.name
    assert "no C compiler found" in output and "pure-Python engine instead" in output
    with zipfile.ZipFile(built) as archive:
        assert not [n for n in archive.namelist() if n.endswith(".so")]
    fresh = Venv(tmp_path_factory.mktemp("pure") / "venv")
    fresh.pip_install(str(built))
    result = fresh.run(str(fresh.bin / "roost"), "--version", cut_off=True)
    assert result.stdout.startswith(f"roost {__version__}, pure Python"), result.stdout
    game = fresh.run(
        str(fresh.bin / "roost"), "play", "big-chicken", "--seats", "random,random,random",
        "--pace", "0", "--seed", "2", "--save", str(fresh.path.parent / "g.json"), cut_off=True,
    )  # fmt: skip
    assert "Traceback" not in game.stdout + game.stderr


def test_no_compiler_when_asked_for_the_compiled_build_is_a_clear_error(
    sdist: Path, tmp_path: Path
) -> None:
    env = {"PATH": str(Path(sys.executable).parent), "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "PIP_CONFIG_FILE": os.devnull, "ROOST_PURE": "0"}  # fmt: skip
    result = subprocess.run(
        [*offline(), sys.executable, "-m", "pip", "wheel", "--isolated", "--no-index",
         "--no-deps", "--no-build-isolation", "--wheel-dir", str(tmp_path), str(sdist)],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode != 0
    assert "ROOST_PURE=0 asks for the compiled build, but no C compiler found" in (
        result.stdout + result.stderr
    )
