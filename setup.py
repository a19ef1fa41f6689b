"""Build Roost's engine compiled by mypyc, or as pure Python.

The normal install (``pip install .``, ``make run``) compiles the engine: the core, the games and
the bots, which are already ``mypy --strict``, become C extensions with the same behaviour (the
test suite checks that both builds play the same games). The pure-Python source stays the
reference and the fallback:

    ROOST_PURE=1 pip install .        # no C compiler needed, nothing compiled

Where no C compiler (or no Python headers) is found and ``ROOST_PURE`` is not set, the build
falls back to the pure one by itself and says so on stderr, so ``pip install roost-X.tar.gz``
works on any machine; ``ROOST_PURE=0`` insists on the compiled build and fails with the reason
instead. A wheel built either way is tagged for what it holds: the compiled one for this Python
and platform (``make dist`` repairs it to a manylinux tag), the pure one ``py3-none-any``.

``roost --version`` (or ``roost.build_info()``) says which build is running. The hot path of the
RL environments is compiled too (`COMPILED_MODULES` and the observation encoders); they import
numpy, which mypy reads as ``Any`` when it is missing, so the engine still builds without the
``rl`` extra, and numpy is needed only when those modules are imported. Modules left interpreted
on purpose: the package ``__init__`` files, the exceptions (classes derived from built-in
exceptions must stay interpreted), and everything above the bots (server, CLI, simulations,
testing, the RL adapters), whose speed does not matter.

``ROOST_BUILD_JOBS`` sets how many C files compile at once (default: the number of CPUs, at most
4). mypyc runs only when the extensions are built, not when pip reads the metadata.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SOURCE = ROOT / "src"
COMPILED_PACKAGES = ("roost/core", "roost/games", "roost/bots", "roost/rl/encoders")
COMPILED_MODULES = ("roost/rl/encoding.py", "roost/rl/driver.py", "roost/rl/batch.py")
INTERPRETED = {"roost/core/errors.py"}


def missing_toolchain() -> str | None:
    """Why no C extension can be built here (no C compiler, no ``Python.h``), or None.

    The compiler is the one distutils would run: ``$CC`` or the one Python was built with,
    looked up on ``PATH``."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    compiler = next((word for word in words if "=" not in word), "cc")
    if shutil.which(compiler) is None:
        return f"no C compiler found (`{compiler}` is not on PATH)"
    include = sysconfig.get_paths().get("include", "")
    if not (include and os.path.exists(os.path.join(include, "Python.h"))):
        return f"no Python headers found ({include or 'no include path'}/Python.h is missing)"
    return None


def _choose_pure() -> bool:
    """Whether this build is the pure-Python one: ``ROOST_PURE`` set to anything but 0, or, when
    it is unset, no toolchain to compile with (said on stderr, with how to get one)."""
    setting = os.environ.get("ROOST_PURE", "").strip()
    if setting:
        if setting != "0":
            return True
        reason = missing_toolchain()
        if reason:
            sys.exit(f"roost build: ROOST_PURE=0 asks for the compiled build, but {reason}")
        return False
    reason = missing_toolchain()
    if reason:
        print(
            f"roost build: {reason}: building the pure-Python engine instead (the same games, "
            "2-3 times slower). For the compiled one install a C compiler and Python's headers "
            "(Debian: apt install build-essential python3-dev) and reinstall; ROOST_PURE=1 "
            "chooses the pure build without this note, ROOST_PURE=0 fails without a compiler.",
            file=sys.stderr,
            flush=True,
        )
        return True
    return False


PURE = _choose_pure()


def pure() -> bool:
    """Whether this build is the pure-Python one (decided once, by `_choose_pure`)."""
    return PURE


def jobs() -> int:
    """How many C files compile at once."""
    value = os.environ.get("ROOST_BUILD_JOBS", "").strip()
    if value.isdigit() and int(value) > 0:
        return int(value)
    return max(1, min(4, os.cpu_count() or 1))


def compiled_modules() -> list[str]:
    """The source files mypyc compiles, relative to the project root."""
    found = []
    for package in COMPILED_PACKAGES:
        for path in sorted((SOURCE / package).rglob("*.py")):
            relative = path.relative_to(SOURCE).as_posix()
            if path.name != "__init__.py" and relative not in INTERPRETED:
                found.append(path.relative_to(ROOT).as_posix())
    found += [(SOURCE / module).relative_to(ROOT).as_posix() for module in COMPILED_MODULES]
    return found


def remove_inplace_extensions() -> None:
    """Delete extensions an earlier editable compiled build left in ``src`` (which Python would
    import instead of the source), so a pure editable install really runs the source."""
    removed = 0
    for suffix in EXTENSION_SUFFIXES:
        for path in [*SOURCE.glob(f"*__mypyc{suffix}"), *(SOURCE / "roost").rglob(f"*{suffix}")]:
            path.unlink()
            removed += 1
    if removed:
        print(f"ROOST_PURE: removed {removed} compiled modules from {SOURCE}", file=sys.stderr)


def _log(message: str) -> None:
    print(f"roost build: {message}", file=sys.stderr, flush=True)


class BuildExt(build_ext):  # type: ignore[misc]
    """Runs mypyc when the extensions are built, and compiles their C files in parallel."""

    def finalize_options(self) -> None:
        # metadata and the sdist need no extension: mypyc runs only when one is built
        metadata_only = set(self.distribution.commands) <= {"dist_info", "egg_info", "sdist"}
        if not pure() and not metadata_only and not self.distribution.ext_modules:
            from mypyc.build import mypycify

            start = time.perf_counter()
            modules = compiled_modules()
            self.distribution.ext_modules = list(
                mypycify(
                    ["--config-file", str(ROOT / "pyproject.toml"), *modules],
                    opt_level="3",
                    multi_file=True,
                )
            )
            _log(f"mypyc translated {len(modules)} modules in {time.perf_counter() - start:.0f} s")
        super().finalize_options()
        if getattr(self, "parallel", None) in (None, True):
            self.parallel = jobs()

    def run(self) -> None:
        start = time.perf_counter()
        super().run()
        _log(f"C compiled and linked in {time.perf_counter() - start:.0f} s with {jobs()} jobs")

    def build_extensions(self) -> None:
        # distutils compiles one extension's sources one after the other; mypyc puts most of the
        # engine in one extension of ~50 C files, so compile those side by side too (at most
        # `jobs()` compilers at once overall) and let distutils link as usual.
        compiler = self.compiler
        original: Callable[..., list[str]] = compiler.compile
        limit = threading.BoundedSemaphore(jobs())

        def compile_one(source: str, *args: Any, **kwargs: Any) -> list[str]:
            with limit:
                return original([source], *args, **kwargs)

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) <= 1:
                return compile_one(sources[0], *args, **kwargs) if sources else []
            with ThreadPoolExecutor(max_workers=jobs()) as pool:
                parts = pool.map(lambda source: compile_one(source, *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        compiler.compile = compile_all
        try:
            super().build_extensions()
        finally:
            compiler.compile = original


class RoostDistribution(Distribution):  # type: ignore[misc]
    def has_ext_modules(self) -> bool:
        return not pure()


if pure():
    remove_inplace_extensions()
setup(distclass=RoostDistribution, cmdclass={"build_ext": BuildExt})
