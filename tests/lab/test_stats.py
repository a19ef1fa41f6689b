"""Flags that do not cry wolf: every family of flags is Holm-corrected, and an interval too wide
to say anything is "too few games", never a flag nor an all-clear."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from roost.lab import build_plan, run_lab
from roost.lab.stats import (
    FLAGGED,
    MAX_WIDTH,
    TOO_FEW,
    WITHIN,
    flag,
    holm,
    proportion,
    proportion_p,
    two_proportions_p,
)
from roost.lab.summary import corrected


def test_holm_multiplies_the_smallest_p_by_the_number_of_tests_and_stays_monotone() -> None:
    raw = [0.01, 0.04, 0.03, 0.5, 0.002]
    adjusted = holm(raw)
    assert adjusted == pytest.approx([0.04, 0.09, 0.09, 0.5, 0.01])
    assert all(a >= r for a, r in zip(adjusted, raw, strict=True))
    ranked = sorted(range(len(raw)), key=lambda i: raw[i])
    assert [adjusted[i] for i in ranked] == sorted(adjusted)
    assert holm([]) == [] and holm([0.9, 0.9]) == [1.0, 1.0]


def test_holm_keeps_false_flags_rare_where_the_raw_tests_do_not() -> None:
    """Thirty seats that all win at the fair rate: uncorrected, most such reports show a flag
    somewhere; corrected, about one in twenty at most."""
    rng = random.Random(7)
    reports = 400
    raw_any = holm_any = 0
    for _ in range(reports):
        ps = [proportion_p(sum(rng.random() < 0.25 for _ in range(400)), 400, 0.25)
              for _ in range(30)]  # fmt: skip
        raw_any += any(p < 0.05 for p in ps)
        holm_any += any(p < 0.05 for p in holm(ps))
    assert raw_any / reports > 0.6
    assert holm_any / reports < 0.09


def test_a_flag_needs_a_narrow_interval_and_a_corrected_p_below_alpha() -> None:
    narrow = proportion(300, 1000)
    wide = proportion(3, 10)
    assert narrow.high - narrow.low < MAX_WIDTH < wide.high - wide.low
    assert flag(0.001, narrow) == FLAGGED
    assert flag(0.2, narrow) == WITHIN
    assert flag(0.001, wide) == TOO_FEW, "too few games is said, not a flag"
    assert flag(0.001, narrow, proportion(0, 0)) == TOO_FEW


def test_two_proportions_p_reads_a_clear_difference_and_a_null_one() -> None:
    assert two_proportions_p(300, 1000, 200, 1000) < 1e-6
    assert two_proportions_p(250, 1000, 250, 1000) == pytest.approx(1.0)
    assert two_proportions_p(0, 0, 5, 10) == 1.0


def test_the_summary_corrects_each_family_over_the_line_ups_settings() -> None:
    run = run_lab(build_plan("eggo", bots="heuristic", players="2-3", games=20, skill=["none"]))
    mains = [replace(m, seat_p=tuple(0.01 for _ in m.seat_p)) for m in run.summary.main]
    mains = [replace(m, seats_equal_p=0.02, first_player_p=0.03) for m in mains]
    fixed = corrected(mains)
    seats = sum(len(m.seat_p) for m in mains)  # 2 + 3 seats: the family is all five
    assert all(p == pytest.approx(min(1.0, 0.01 * seats)) for m in fixed for p in m.seat_p)
    assert [m.seats_equal_p_holm for m in fixed] == pytest.approx([0.04, 0.04])
    assert [m.first_player_p for m in fixed] == pytest.approx([0.06, 0.06])
    assert [m.seats_equal_p for m in fixed] == [0.02, 0.02], "the raw p-value is kept"


def test_a_small_run_says_too_few_games_rather_than_flag_a_seat() -> None:
    run = run_lab(
        build_plan("big-chicken", bots="heuristic", players="4", games=12, skill=["none"])
    )
    (main,) = run.summary.main
    assert [main.seat_flag(s) for s in range(4)] == [TOO_FEW] * 4
    assert main.seats_flag == TOO_FEW and main.first_player_flag == TOO_FEW
