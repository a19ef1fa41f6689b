"""The RL adapters' tests need the ``rl`` extra (``pip install -e '.[rl]'``); without it they
are skipped rather than failing to import."""

from __future__ import annotations

import importlib.util

collect_ignore_glob = (
    []
    if all(importlib.util.find_spec(m) for m in ("numpy", "gymnasium", "pettingzoo"))
    else ["test_*.py"]
)
