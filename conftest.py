"""Collection rules for the whole repository (pytest reads this before any test module).

The doctests of `roost.rl` import the optional `rl` extra (gymnasium, pettingzoo, pyspiel):
without it they are left out, as the tests in tests/rl skip themselves."""

from __future__ import annotations

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("gymnasium") else ["src/roost/rl/*"]
