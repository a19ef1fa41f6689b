"""`ActionInfo.filled`, which `State.action_info` and `legal_action_infos` use to add an
action's id and text to a game's description of it, carries every other field as it is: the
same as `dataclasses.replace`, for a description whose every field differs from its default
(so a field added to `ActionInfo` and forgotten in `filled` fails here)."""

from __future__ import annotations

import dataclasses

from roost.core.actions import ActionInfo, Choice
from roost.core.message import plain


def test_filled_carries_every_field() -> None:
    info = ActionInfo(
        kind="play",
        steps=(Choice("card", 3, "red 3", plain("red 3")),),
        cards=(3, 3),
        seat=2,
        container=1,
        slot=4,
        declared={"colour": 1},
    )
    defaults = ActionInfo(kind="", steps=())
    for field in dataclasses.fields(ActionInfo):
        if field.name not in ("action", "text", "kind", "steps"):
            assert getattr(info, field.name) != getattr(defaults, field.name), field.name
    filled = info.filled(41, "play two red 3s")
    assert filled == dataclasses.replace(info, action=41, text="play two red 3s")
    assert (filled.action, filled.text) == (41, "play two red 3s")
