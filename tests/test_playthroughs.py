"""Golden playthroughs: every registered game (and each of its golden variants) has one, and it
still plays out the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from roost.testing.playthrough import Golden, goldens, render_playthrough

DIRECTORY = Path(__file__).parent / "playthroughs"
GOLDENS = goldens()


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.file_name for g in GOLDENS])
def test_playthrough_is_unchanged(golden: Golden) -> None:
    path = DIRECTORY / golden.file_name
    if not path.exists():
        pytest.fail(f"no golden playthrough {path.name}: run scripts/regen_playthroughs.py")
    expected = path.read_text(encoding="utf-8")
    actual = render_playthrough(golden.game())
    if actual != expected:
        for number, (want, got) in enumerate(
            zip(expected.splitlines(), actual.splitlines(), strict=False), start=1
        ):
            if want != got:
                pytest.fail(
                    f"{path.name} differs at line {number}:\n  file: {want[:300]}\n"
                    f"  now:  {got[:300]}\nRegenerate with scripts/regen_playthroughs.py "
                    "if the change is intended."
                )
        pytest.fail(f"{path.name} differs in length")


def test_every_game_has_a_golden_variant_besides_its_defaults() -> None:
    names = {golden.name for golden in GOLDENS}
    with_variant = {golden.name for golden in GOLDENS if golden.params}
    assert names == with_variant, f"no golden variant for: {sorted(names - with_variant)}"


def test_no_stale_playthrough_files() -> None:
    expected = {golden.file_name for golden in GOLDENS}
    present = {path.name for path in DIRECTORY.glob("*.txt")}
    assert present <= expected, f"files for no golden: {sorted(present - expected)}"
