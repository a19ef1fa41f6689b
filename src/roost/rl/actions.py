"""The one check both RL environments make of an action before playing it.

An action outside the action space (``Discrete(num_distinct_actions)``), ``None`` or a
non-integer is a bug in the caller, not a move: both `roost.rl.pettingzoo` and
`roost.rl.gymnasium` raise ``ValueError`` for it, as PettingZoo's ``AssertOutOfBoundsWrapper``
does. An in-range action that the mask forbids is an illegal move: the game ends with
``illegal_reward`` to the seat that chose it (each env's docstring says how it reports it).

>>> check_action(3, 61, "player_0")
3
>>> check_action(61, 61, "player_0")
Traceback (most recent call last):
...
ValueError: player_0 must act with an int in 0-60; got 61
"""

from __future__ import annotations

import operator
from typing import Any


def check_action(action: Any, num_actions: int, who: str) -> int:
    """`action` as an int if it is one in ``0 .. num_actions - 1`` (numpy integers and 0-d
    integer arrays included); otherwise ValueError naming `who` and the range."""
    try:
        number = operator.index(action)
    except TypeError:
        number = -1
    if not 0 <= number < num_actions:
        raise ValueError(f"{who} must act with an int in 0-{num_actions - 1}; got {action!r}")
    return number
