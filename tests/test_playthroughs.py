"""Golden playthroughs: every registered game has one, and it still plays out the same."""

from __future__ import annotations

import pytest

import roost
from roost.testing.playthrough import playthrough_path, render_playthrough


@pytest.mark.parametrize("name", list(roost.registered_games()))
def test_every_registered_game_has_a_playthrough(name: str) -> None:
    path = playthrough_path(name)
    assert path.exists(), f"no golden playthrough for {name}: run scripts/regen_playthroughs.py"


@pytest.mark.parametrize("name", list(roost.registered_games()))
def test_playthrough_is_unchanged(name: str) -> None:
    path = playthrough_path(name)
    if not path.exists():
        pytest.fail(f"no golden playthrough for {name}")
    expected = path.read_text(encoding="utf-8")
    actual = render_playthrough(roost.load_game(name))
    if actual != expected:
        for number, (want, got) in enumerate(
            zip(expected.splitlines(), actual.splitlines(), strict=False), start=1
        ):
            if want != got:
                pytest.fail(
                    f"{name} playthrough differs at line {number}:\n  file: {want[:300]}\n"
                    f"  now:  {got[:300]}\nRegenerate with scripts/regen_playthroughs.py "
                    "if the change is intended."
                )
        pytest.fail(f"{name} playthrough differs in length")
