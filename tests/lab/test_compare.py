"""Variants side by side (``roost lab GAME --compare A.toml B.toml``) and one variant from a
file (``--deck``): a change that obviously matters is found significant, a variant against
itself is not, the correction for the number of differences is Holm's, a difference is told
the rules' or the bots' by the claim logic, and a bad file is refused before any game."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import roost.lab
from roost.cli.main import app
from roost.core.errors import RoostError
from roost.lab.compare import (
    FROM_BOTS,
    FROM_RULES,
    NO_DIFFERENCE,
    NOT_CONTRADICTED,
    SINGLE,
    Compared,
    rules_or_bots,
)
from roost.lab.stats import Difference, Estimate, holm, newcombe, welch
from roost.lab.variants import merged_params, read_variant

SMALL = ["--players", "3", "--games", "20", "--skill", "none", "--bots", "heuristic"]


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _cli(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["lab", *args])
    return result.exit_code, result.output


def test_holm_on_known_p_values() -> None:
    """Holm's step-down: the smallest p times m, the next times m - 1, ..., never below the one
    before it, at most 1 (values worked by hand)."""
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.001, 0.2, 0.9]) == pytest.approx([0.003, 0.4, 0.9])
    assert holm([0.02, 0.02]) == pytest.approx([0.04, 0.04])
    assert holm([0.6, 0.7]) == pytest.approx([1.0, 1.0])


def test_the_intervals_of_a_difference() -> None:
    # Newcombe (1998), example (a): 56/70 against 48/80, 95% interval 0.0524 to 0.3339
    d = newcombe(48, 80, 56, 70)
    assert (d.value, d.low, d.high) == pytest.approx((0.2, 0.0524, 0.3339), abs=1e-4)
    assert d.p < 0.01
    same = newcombe(30, 100, 30, 100)
    assert same.value == 0 and same.low < 0 < same.high and same.p == 1.0
    # Welch: means 10 and 12, standard errors 0.5 and 0.6 (from the intervals, as the lab's
    # summaries give them); df = (0.25 + 0.36)^2 / (0.25^2 / 49 + 0.36^2 / 39) = 80.9; the
    # expected values are scipy.stats.t at that df
    a = Estimate(10.0, 10 - 1.96 * 0.5, 10 + 1.96 * 0.5, 50)
    b = Estimate(12.0, 12 - 1.96 * 0.6, 12 + 1.96 * 0.6, 40)
    w = welch(a, b)
    se = math.sqrt(0.5**2 + 0.6**2)
    assert w.value == pytest.approx(2.0)
    assert (w.high - w.low) / 2 / se == pytest.approx(1.98972, abs=1e-5)
    assert w.p == pytest.approx(0.0123033, abs=1e-6)
    alone = welch(Estimate(3, 3, 3, 1), b)
    assert math.isnan(alone.low) and alone.p == 1.0


def _c(lineup: str, diff: float, p_holm: float) -> Compared:
    e = Estimate(0.5, 0.4, 0.6, 100)
    return Compared(lineup, e, e, Difference(diff, diff - 0.1, diff + 0.1, p_holm), p_holm)


def test_rules_or_bots_is_the_claim_logic() -> None:
    both = rules_or_bots([_c("heuristic", 0.2, 0.001), _c("ismcts:100", 0.1, 0.01)], "x")
    assert both == (FROM_RULES, "holds under every line-up")
    one = rules_or_bots([_c("heuristic", 0.2, 0.001), _c("ismcts:100", 0.12, 0.3)], "x")
    assert one[0] == NOT_CONTRADICTED  # undecided, and its interval (0.02-0.22) holds 0.2
    smaller = rules_or_bots([_c("heuristic", 0.2, 0.001), _c("ismcts:100", -0.05, 0.6)], "x")
    assert smaller == (FROM_BOTS, "depends on the bots")  # (-0.15 to 0.05) leaves 0.2 out
    same_way = rules_or_bots([_c("heuristic", 0.3, 0.001), _c("ismcts:100", 0.12, 0.3)], "x")
    assert same_way[0] == NOT_CONTRADICTED  # (0.02 to 0.22): smaller, but the same way
    against = rules_or_bots([_c("heuristic", 0.2, 0.001), _c("ismcts:100", -0.2, 0.01)], "x")
    assert against == (FROM_BOTS, "depends on the bots")
    assert rules_or_bots([_c("heuristic", 0.2, 0.2), _c("ismcts:100", 0.1, 0.3)], "x")[0] == (
        NO_DIFFERENCE
    )
    assert rules_or_bots([_c("heuristic", 0.2, 0.001)], "x")[0] == SINGLE


def test_a_turn_cap_that_bites_is_found_significant_under_every_line_up(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.toml", 'name = "the rulebook"\n')
    b = _write(tmp_path, "b.toml", 'name = "five turns"\n[params]\nmax_turns = 5\n')
    out = tmp_path / "out"
    code, output = _cli(
        ["egg-bound", "--compare", a, b, "--players", "3", "--games", "20", "--other-games",
         "20", "--bots", "heuristic", "--bots", "random", "--skill", "none", "--out", str(out)]
    )  # fmt: skip
    assert code == 0, output
    assert "Holm-adjusted p < 0.05" in output and "the rulebook" in output
    data = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert data["correction"] == "holm" and data["b"]["params"] == {"max_turns": "5"}
    rows = {(r["measure"], r["setting"]): r for r in data["rows"]}
    capped = rows[("x.turn_cap", "3 players")]
    assert capped["significant"] and capped["verdict"] == FROM_RULES
    assert [c["lineup"] for c in capped["by_lineup"]] == ["heuristic", "random"]
    assert all(c["difference"] > 0.5 and c["low"] > 0 for c in capped["by_lineup"])
    # Holm over every difference compared, in the order listed
    found = [c for r in data["rows"] for c in r["by_lineup"]]
    assert data["tests"] == len(found)
    assert [c["p_holm"] for c in found] == pytest.approx(
        holm([c["p"] for c in found]), abs=1e-4
    )  # the raw p-values are rounded to 6 digits in the JSON
    page = (out / "compare.html").read_text(encoding="utf-8")
    assert "games that reach the turn cap" in page and page.count("<figure>") == len(
        {r["measure"] for r in data["rows"]}
    )
    assert (out / "a" / "report.html").is_file() and (out / "b" / "summary.json").is_file()


def test_a_variant_against_itself_differs_in_nothing(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.toml", '[params]\negg_values = "1-9x6"\n')
    code, output = _cli(
        ["manda-huevos", "--compare", a, a, *SMALL, "--no-plots", "--out", str(tmp_path / "o")]
    )
    assert code == 0, output
    data = json.loads((tmp_path / "o" / "compare.json").read_text(encoding="utf-8"))
    assert data["rows"] and not any(r["significant"] for r in data["rows"])
    assert {r["verdict"] for r in data["rows"]} == {NO_DIFFERENCE}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "no such file"),
        ("name = \n", "not a TOML file"),
        ('colour = "red"\n', "unknown key 'colour'"),
        ("max_turns = 5\n", "'max_turns' goes under [params]"),
        ("[params]\ncolours = 3\n", "unknown parameter 'colours'"),
        ("[params]\nmax_turns = 0\n", "parameter 'max_turns' takes an integer from 1"),
        ('[params]\ncopies = "cluck-off=7"\n', "the box holds 85 game cards"),
        ("[params]\nmax_turns = [1, 2]\n", "takes a string, an integer or true/false"),
        ('params = "max_turns=5"\n', "'params' must be a table"),
        ("[params]\nplayers = 9\n", "2-6 players"),
    ],
)
def test_a_bad_file_is_one_clear_line_before_any_game(
    text: str | None, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(*_args: object, **_kw: object) -> None:
        raise AssertionError("no game may be played before the files are checked")

    monkeypatch.setattr(roost.lab, "run_lab", no_work)
    monkeypatch.setenv("COLUMNS", "40")
    good = _write(tmp_path, "good.toml", "")
    bad = str(tmp_path / "bad.toml") if text is None else _write(tmp_path, "bad.toml", text)
    for args in (["--compare", good, bad], ["--deck", bad]):
        code, output = _cli(["egg-bound", *args, "--no-plots", "--out", str(tmp_path / "o")])
        assert code == 2, output
        assert output.startswith("error:") and len(output.strip().splitlines()) == 1, output
        assert message in output and "bad.toml" in output and "Traceback" not in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deck", "{a}", "--compare", "{a}", "{a}"], "give one of them"),
        (["--compare", "{a}", "{b}"], "played at different settings"),
        (["--compare", "{a}", "{a}", "--until-width", "5"], "size both by --games"),
        (["--compare", "{a}"], "'--compare' requires 2 arguments"),
    ],
)
def test_options_that_do_not_go_together_are_refused(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(roost.lab, "run_lab", lambda *_a, **_k: pytest.fail("played"))
    monkeypatch.setenv("COLUMNS", "40")
    files = {
        "{a}": _write(tmp_path, "a.toml", "[params]\nplayers = 4\n"),
        "{b}": _write(tmp_path, "b.toml", '[params]\nplayers = "3"\n'),
    }
    code, output = _cli(["egg-bound", "--no-plots", *(files.get(x, x) for x in args)])
    assert code == 2 and message in output and len(output.strip().splitlines()) == 1, output


def test_a_deck_file_is_its_params_and_the_command_line_wins(tmp_path: Path) -> None:
    deck = _write(
        tmp_path,
        "deck.toml",
        'name = "short"\n[params]\nmax_turns = 7\nreshuffle = "shuffle"\nplayers = 3\n',
    )
    variant = read_variant(deck, "egg-bound")
    assert variant.name == "short" and variant.players == "3"
    assert merged_params(variant, ["max_turns=9"]) == ["max_turns=9", "reshuffle=shuffle"]
    with pytest.raises(RoostError, match="takes a string"):
        read_variant(_write(tmp_path, "x.toml", "[params]\nx = {}\n"), "eggo")
    out = tmp_path / "out"
    code, output = _cli(
        ["egg-bound", "--deck", deck, "--param", "max_turns=9", "--games", "2", "--skill",
         "none", "--bots", "heuristic", "--no-plots", "--out", str(out)]
    )  # fmt: skip
    assert code == 0, output
    plan = json.loads((out / "summary.json").read_text(encoding="utf-8"))["plan"]
    assert [s["players"] for s in plan["settings"]] == [3]
    assert plan["settings"][0]["params"]["max_turns"] == 9
    assert plan["settings"][0]["params"]["reshuffle"] == "shuffle"


@pytest.mark.parametrize(
    "path", sorted((Path(__file__).parents[2] / "examples" / "variants").glob("*.toml"))
)
def test_the_example_variant_files_are_valid(path: Path) -> None:
    """docs/lab.md runs these: each names its game in its file name (egg-bound-....toml)."""
    game = next(g for g in ("egg-bound", "manda-huevos", "big-chicken", "eggo")
                if path.name.startswith(g))  # fmt: skip
    variant = read_variant(path, game)
    assert variant.name and variant.path == str(path)
