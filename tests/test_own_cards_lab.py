"""Every game with own cards (RULES.md, "Your own cards"): its example deck file reads, a bad
one is refused naming the file and what is wrong, and a lab run on the example plays the own
cards under their names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from roost.cli.main import app
from roost.core.errors import RoostError
from roost.lab.variants import read_variant

VARIANTS = Path(__file__).parents[1] / "examples" / "variants"

CASES = [
    pytest.param(
        "manda-huevos",
        "manda-huevos-own-cards.toml",
        "move:2/egg:12x2",
        "own 1: Move 2 Eggs",
        'own_cards = "move:2/take:1"\nplayers = "2-5"',
        r"takes 10 blank cards with 5 players",
        id="manda-huevos",
    ),
    pytest.param(
        "eggo",
        "eggo-own-cards.toml",
        "draw:3x2",
        "Draw 3",
        'own_cards = "draw:9"',
        r"own_cards",
        id="eggo",
    ),
    pytest.param(
        "egg-bound",
        "egg-bound-own-cards.toml",
        "chicken:4-4-2x2:Big_Red",
        "Big Red",
        'own_cards = "chicken:4-4-2"\nplayers = 4',
        r"these counts make 86",
        id="egg-bound",
    ),
]


@pytest.mark.parametrize(("game", "example", "kept", "name", "bad", "error"), CASES)
def test_the_example_deck_file_reads_and_a_bad_one_names_the_file(
    tmp_path: Path, game: str, example: str, kept: str, name: str, bad: str, error: str
) -> None:
    variant = read_variant(VARIANTS / example, game)
    assert dict(variant.params)["own_cards"] == kept
    broken = tmp_path / "bad-deck.toml"
    broken.write_text(f"[params]\n{bad}\n", encoding="utf-8")
    with pytest.raises(RoostError, match=rf"bad-deck\.toml: .*{error}"):
        read_variant(broken, game)


@pytest.mark.parametrize(("game", "example", "kept", "name", "bad", "error"), CASES)
def test_a_lab_run_on_a_deck_with_own_cards(
    tmp_path: Path, game: str, example: str, kept: str, name: str, bad: str, error: str
) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        ["lab", game, "--deck", str(VARIANTS / example), "--players", "3", "--games", "6",
         "--skill", "none", "--bots", "heuristic", "--no-plots", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["plan"]["settings"][0]["params"]["own_cards"] == kept
    assert name in (out / "cards.csv").read_text(encoding="utf-8")
