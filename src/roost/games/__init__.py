"""The games. Importing this package registers every built-in game.

Each subpackage of `roost.games` is one game; importing it registers it (`register(...)`), so a
new game needs no edit here.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _module.ispkg:
        importlib.import_module(f"{__name__}.{_module.name}")
