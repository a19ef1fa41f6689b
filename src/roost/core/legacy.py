"""TEMPORARY: the old `CachedLegalState` on top of the new `State`, while games move over.

Removed once every game implements the hooks of `roost.core.state.State` itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from roost.core.actions import ActionInfo
from roost.core.game import OMNISCIENT
from roost.core.state import State


class CachedLegalState(State):
    __slots__ = ()

    def _compute_legal(self) -> list[int]:
        raise NotImplementedError

    def _legal_now(self) -> list[int]:
        return self._compute_legal()

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    def _explain_illegal(self, action: int) -> str:
        return "not legal here"

    def _observe(self, viewer: int | None) -> Mapping[str, Any]:
        return self.observation(viewer)

    def _action_text(self, action: int, viewer: int | None) -> str:
        return self.action_to_string(action, viewer)

    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        raise NotImplementedError("this game does not describe its actions as data yet")

    def _resample(self, seat: int, rng: random.Random) -> Self:
        raise NotImplementedError

    def _copy_into(self, other: Self) -> None:
        raise NotImplementedError

    def __str__(self) -> str:
        return str(self.observation(OMNISCIENT))
