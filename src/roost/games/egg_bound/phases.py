"""Egg Bound's phases: who is deciding (or what chance is doing) at a node."""

from __future__ import annotations

from typing import Final

DEALING: Final = 0
TURN: Final = 1
SWAP_DRAW: Final = 2
SWAP_DISCARD: Final = 3
REACT: Final = 4
"""The target of a card decides whether to play Cluck-Off (the window always opens)."""
DEFENDING: Final = 5
KEEPING: Final = 6
EXPLODING: Final = 7
REFILL: Final = 8
OVER: Final = 9
PHASE_NAMES: Final = (
    "deal",
    "turn",
    "swap draw",
    "swap discard",
    "cluck-off window",
    "star defence",
    "keep the chicken",
    "egg-splosion",
    "refill",
    "game over",
)
CHANCE_PHASES: Final = frozenset((DEALING, SWAP_DRAW, REFILL))
"""Phases whose node is a chance node (a card dealt or drawn)."""
