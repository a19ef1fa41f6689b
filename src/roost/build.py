"""Which build of the engine is running: compiled by mypyc (the normal install) or pure Python.

The normal install compiles the core, the games and the bots with mypyc (see ``setup.py``);
``ROOST_PURE=1`` at install time keeps them as Python. Both play the same games; the compiled
build is several times faster. ``roost --version`` prints `build_info()`.
"""

from __future__ import annotations

import importlib.util
import os
import pkgutil
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Literal

from roost._version import __version__

ENGINE_PACKAGES = ("roost.core", "roost.games", "roost.bots", "roost.rl.encoders")
"""The packages the compiled build compiles (less their ``__init__`` files and the errors)."""
ENGINE_MODULES = ("roost.rl.encoding", "roost.rl.driver", "roost.rl.batch")
"""Single modules it compiles too: the hot path of the RL environments (they import numpy,
from the ``rl`` extra, only when imported)."""
INTERPRETED = frozenset({"roost.core.errors"})
"""Engine modules that stay Python in both builds (exceptions derived from built-in ones)."""


@dataclass(frozen=True)
class BuildInfo:
    """What runs: the engine modules compiled, those running as Python, and compiled modules
    whose source changed after they were built (an editable install not rebuilt)."""

    version: str
    compiled: tuple[str, ...]
    interpreted: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def kind(self) -> Literal["compiled", "pure", "mixed"]:
        """``"compiled"``, ``"pure"``, or ``"mixed"`` (some engine modules compiled, some not)."""
        if not self.compiled:
            return "pure"
        return "mixed" if self.interpreted else "compiled"

    def __str__(self) -> str:
        if self.kind == "pure":
            text = "pure Python"
        elif self.kind == "compiled":
            text = f"compiled with mypyc ({len(self.compiled)} modules)"
        else:
            text = (
                f"mixed: {len(self.compiled)} modules compiled, "
                f"{len(self.interpreted)} as Python ({', '.join(self.interpreted)})"
            )
        if self.stale:
            text += (
                f"; STALE: {len(self.stale)} compiled modules are older than their source "
                "(rebuild with `make build`)"
            )
        return f"roost {self.version}, {text}"


def _engine_modules() -> list[tuple[str, str]]:
    """(module name, file it loads from) of every engine module, without importing them."""
    found: list[tuple[str, str]] = []
    for package_name in ENGINE_PACKAGES:
        spec = importlib.util.find_spec(package_name)
        assert spec is not None and spec.submodule_search_locations is not None
        for module in pkgutil.walk_packages(
            list(spec.submodule_search_locations), prefix=f"{package_name}."
        ):
            if module.ispkg or module.name in INTERPRETED:
                continue
            module_spec = importlib.util.find_spec(module.name)
            if module_spec is not None and module_spec.origin:
                found.append((module.name, module_spec.origin))
    for name in ENGINE_MODULES:
        module_spec = importlib.util.find_spec(name)
        if module_spec is not None and module_spec.origin:
            found.append((name, module_spec.origin))
    return found


def _in_source_tree(path: Path) -> bool:
    """Whether `path` is in a source tree (an editable install), where an edit can leave a
    compiled module behind its source. An installed package's files carry the times pip
    unpacked them, which say nothing about which came first."""
    return not {"site-packages", "dist-packages"} & set(path.parts)


def stale_modules() -> tuple[str, ...]:
    """The compiled engine modules older than their source, as `build_info` finds them but
    from the files' times alone: no module is imported or looked up, so ``roost`` can check it
    before every command (a few hundred microseconds). Empty outside a source tree."""
    root = Path(__file__).resolve().parent
    if not _in_source_tree(root):
        return ()
    stale: list[str] = []
    for package in ENGINE_PACKAGES:
        top = root.joinpath(*package.split(".")[1:])
        for walked, _, files in os.walk(top):
            prefix = ".".join(("roost", *Path(walked).relative_to(root).parts))
            stale += _stale_in(Path(walked), prefix, files)
    for name in ENGINE_MODULES:
        parts = name.split(".")
        folder = root.joinpath(*parts[1:-1])
        if not folder.is_dir():
            continue
        files = [f for f in os.listdir(folder) if f.startswith(parts[-1] + ".")]
        stale += _stale_in(folder, ".".join(parts[:-1]), files)
    return tuple(sorted(stale))


def _stale_in(folder: Path, prefix: str, files: list[str]) -> list[str]:
    """The modules of `folder` (named `prefix`.name) whose compiled file is older than their
    source, among `files`."""
    stale = []
    for file in files:
        suffix = next((s for s in EXTENSION_SUFFIXES if file.endswith(s)), None)
        if suffix is None:
            continue
        stem = file[: -len(suffix)]
        name = f"{prefix}.{stem}"
        source = folder / f"{stem}.py"
        if name in INTERPRETED or not source.exists():
            continue
        if source.stat().st_mtime > (folder / file).stat().st_mtime:
            stale.append(name)
    return stale


def build_info() -> BuildInfo:
    """Which build is running (see `BuildInfo`)."""
    compiled: list[str] = []
    interpreted: list[str] = []
    stale: list[str] = []
    for name, origin in _engine_modules():
        path = Path(origin)
        if any(origin.endswith(suffix) for suffix in EXTENSION_SUFFIXES):
            compiled.append(name)
            source = path.parent / (name.rpartition(".")[2] + ".py")
            if (
                _in_source_tree(path)
                and source.exists()
                and source.stat().st_mtime > path.stat().st_mtime
            ):
                stale.append(name)
        else:
            interpreted.append(name)
    return BuildInfo(__version__, tuple(compiled), tuple(interpreted), tuple(stale))
