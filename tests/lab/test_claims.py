"""Rulebook claims: how per-setting findings become a verdict, and that each game's checks mark
every setting by the figures they print (a claim must never pass on a setting it could not
decide)."""

from __future__ import annotations

import pytest

from roost.lab import build_plan, run_lab
from roost.lab.claims import (
    FAILS,
    HOLDS,
    INCONCLUSIVE,
    NOT_TESTED,
    PARTLY,
    Finding,
    Mark,
    judge,
    mark,
)
from roost.lab.sentence import sentence
from roost.lab.summary import LabSummary

A, D, U, N = Mark.AGREES, Mark.DISAGREES, Mark.UNDECIDED, Mark.NOTHING


@pytest.mark.parametrize(
    ("marks", "verdict"),
    [
        ([A, A, A], HOLDS),
        ([A, N, A], HOLDS),  # nothing to test does not count
        ([D, D], FAILS),
        ([D, U], FAILS),  # disagrees where it can tell, agrees nowhere
        ([A, D], PARTLY),
        ([A, U], PARTLY),  # an undecided setting is never counted as agreeing
        ([U, U, N], INCONCLUSIVE),
        ([N, N], NOT_TESTED),
        ([], NOT_TESTED),
    ],
)
def test_the_verdict_over_settings(marks: list[Mark], verdict: str) -> None:
    findings = [Finding(sentence("setting {i}", i=str(i)), m) for i, m in enumerate(marks)]
    result = judge(findings, note=sentence("a note"))
    assert result.verdict == verdict
    assert result.measured.splitlines() == [*(f"setting {i}" for i in range(len(marks))), "a note"]


def test_mark_reads_true_false_and_undecided() -> None:
    assert (mark(True), mark(False), mark(None)) == (A, D, U)


def _marks(summary: LabSummary, quote_start: str) -> list[Mark]:
    from roost.lab.claims import check_claims
    from roost.lab.hooks import game_measures

    lab = game_measures(summary.plan.load(summary.plan.settings[0]))
    (claim,) = [c for c in lab.claims if c.quote.startswith(quote_start)]
    (result,) = check_claims([claim], summary)
    return [f.mark for f in result.verdict.findings]


def test_the_hen_claim_marks_each_setting_by_its_interval_against_fair() -> None:
    run = run_lab(
        build_plan(
            "manda-huevos", bots="heuristic", players="3-4", games=40, skill=["none"], seed=5
        )
    )
    marks = _marks(run.summary, "In this way")
    assert len(marks) == 2
    for m, got in zip(run.summary.main, marks, strict=True):
        won = m.extra("hen_player_won")
        assert won is not None
        e = won.estimate
        if e.n == 0:
            expected = N
        elif e.low > m.fair:
            expected = A
        elif e.high < m.fair:
            expected = D
        else:
            expected = U
        assert got == expected, (m.setting.label, e, m.fair)


def test_a_claim_the_run_cannot_test_says_what_to_run() -> None:
    run = run_lab(
        build_plan("manda-huevos", bots="heuristic", players="3", games=5, skill=["none"])
    )
    quick = next(c for c in run.claims if c.claim.quote.startswith("Quick Game"))
    assert quick.verdict.verdict == NOT_TESTED
    assert "--sweep quick=false,true" in quick.verdict.measured
    swept = run_lab(
        build_plan(
            "manda-huevos",
            bots="heuristic",
            players="3",
            games=40,
            sweeps=["quick=false,true"],
            skill=["none"],
        )
    )
    quick = next(c for c in swept.claims if c.claim.quote.startswith("Quick Game"))
    assert quick.verdict.verdict == HOLDS, quick.verdict.measured


def test_big_chicken_checks_only_the_counts_its_rulebook_balances() -> None:
    run = run_lab(build_plan("big-chicken", bots="heuristic", players="2", games=4, skill=["none"]))
    verdicts = {c.claim.quote[:20]: c.verdict.verdict for c in run.claims}
    assert set(verdicts.values()) == {NOT_TESTED}, verdicts
    assert all("--players 3-6" in c.verdict.measured for c in run.claims)


def test_every_claim_says_what_would_make_it_hold() -> None:
    from roost.core.registry import game_class, registered_games
    from roost.lab.hooks import game_measures

    for name in registered_games():
        for claim in game_measures(game_class(name)).claims:
            assert claim.holds_when.strip(), claim.quote
            assert claim.holds_when != claim.how


def _with_orders(summary: LabSummary, orders: dict[int, tuple[float, float, float]]) -> LabSummary:
    """The summary with each count's skill Order replaced by (value, low, high)."""
    from dataclasses import replace

    from roost.lab.stats import Estimate

    skill = tuple(
        replace(s, order=Estimate(*orders[s.setting.players], n=200)) for s in summary.skill
    )
    return replace(summary, skill=skill)


def test_the_same_strategies_claim_can_hold_when_the_edge_shrinks_with_the_count() -> None:
    """The old reading (every count's Order interval overlapping) fails for any game, since an
    edge over the fair rate shrinks as opponents are added; the claim is that the better plan
    stays better."""
    run = run_lab(
        build_plan("big-chicken", bots="heuristic", players="3-6", games=4,
                   skill=["heuristic/random"], skill_games=4)
    )  # fmt: skip
    shrinking = {3: (0.6, 0.5, 0.7), 4: (0.45, 0.35, 0.55), 5: (0.3, 0.2, 0.4), 6: (0.2, 0.1, 0.3)}
    assert _marks(_with_orders(run.summary, shrinking), "the same strategies") == [A, A, A, A]
    flipped = {**shrinking, 6: (-0.2, -0.3, -0.1)}
    assert _marks(_with_orders(run.summary, flipped), "the same strategies") == [A, A, A, D]
    unclear = {**shrinking, 5: (0.05, -0.05, 0.15)}
    assert _marks(_with_orders(run.summary, unclear), "the same strategies") == [A, A, U, A]
