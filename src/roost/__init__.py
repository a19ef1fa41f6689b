"""Roost: one rules engine for four egg card games.

>>> import roost
>>> game = roost.load_game("eggo", players=3)
>>> state = game.new_initial_state()
>>> state.current_player() == 0   # seat 0 chooses a character first
True

The public names are those of `roost.core` (the protocol, the registry, the runner),
`build_info()`: whether the engine running is the compiled build or the pure-Python one, and
`__version__` (from `roost._version`, the one place the version is written).
"""

from roost._version import __version__
from roost.build import BuildInfo, build_info
from roost.core import *  # noqa: F403
from roost.core import __all__ as _core_all

__all__ = [*_core_all, "BuildInfo", "__version__", "build_info"]
