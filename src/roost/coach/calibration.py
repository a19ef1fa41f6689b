"""Do the review's estimates mean what they say? Calibration against the games' outcomes.

Bots play whole games; at a few decisions of every seat, drawn at random, the review's estimate
of the seat's chances after the move it chose (`roost.coach.review.review_decision`, from the
seat's information only) is recorded beside what the seat finally got (1 for a win, else 0; the
scaled return in general). Then:

* the **Brier score**, the mean of ``(predicted - outcome)^2`` over the samples (0 is perfect);
* the **base rate**'s Brier score: that of always predicting the share of samples won (what a
  forecaster knowing nothing of the position would say);
* the **improvement** (Brier skill score) ``1 - Brier / base Brier``: above 0 when the estimates
  know more than the base rate, 1 when they are perfect; with a 95% bootstrap interval that
  resamples whole games (the samples of one game are not independent);
* a **reliability table**: the samples in bins of their prediction, each bin's mean prediction
  beside its observed share of wins (a calibrated estimate has them equal).

`scripts/calibration.py` runs it at scale for the closing figures; the test suite runs a small
version with a loose bound (``tests/coach/test_calibration.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from roost.bots import make_bot
from roost.coach.chances import PlattMap, logit
from roost.coach.review import ReviewSettings, decision_points, review_decision
from roost.core.game import Game
from roost.core.runner import play_game


@dataclass(frozen=True)
class Sample:
    """One estimate and what came of it."""

    game: int
    """Which game of the run (for the bootstrap by game)."""
    seat: int
    predicted: float
    outcome: float


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int
    predicted: float
    """The bin's mean prediction."""
    observed: float
    """The bin's mean outcome."""


@dataclass(frozen=True)
class Calibration:
    samples: int
    games: int
    base_rate: float
    brier: float
    base_brier: float
    skill: float
    """``1 - brier / base_brier`` (the Brier skill score)."""
    brier_interval: tuple[float, float]
    skill_interval: tuple[float, float]
    bins: tuple[Bin, ...]


def collect(
    game: Game,
    games: int,
    seed: int,
    *,
    bots: Sequence[str] = ("medium", "easy"),
    per_seat: int = 2,
    settings: ReviewSettings | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Sample]:
    """Play `games` games of bots (kinds rotated over the seats from game to game) and record
    `per_seat` estimates per seat and game, at decisions drawn at random (the search's raw
    estimates unless `settings` ask for calibrated ones)."""
    settings = settings or ReviewSettings(calibrated=False)
    low, high = game.min_return(), game.max_return()
    scale = 1.0 / (high - low) if high > low else 1.0
    samples: list[Sample] = []
    n = game.num_players
    for index in range(games):
        rng = random.Random(f"calibration:{seed}:{index}")
        kinds = [bots[(seat + index) % len(bots)] for seat in range(n)]
        players = [make_bot(kind, game, rng.randrange(2**62)) for kind in kinds]
        final = play_game(game, players, random.Random(rng.randrange(2**62)))
        history = final.history()
        returns = final.returns()
        for seat in range(n):
            points = decision_points(game, history, seat)
            rng.shuffle(points)
            taken = 0
            for point in points:
                if taken == per_seat:
                    break
                state = game.state_from_history(history[: point.version])
                review = review_decision(state, seat, point, settings)
                if review is None:
                    continue
                taken += 1
                outcome = (returns[seat] - low) * scale
                samples.append(Sample(index, seat, review.chosen.value, outcome))
        if progress is not None:
            progress(index + 1)
    return samples


def brier(samples: Sequence[Sample]) -> float:
    return sum((s.predicted - s.outcome) ** 2 for s in samples) / len(samples)


def _base(samples: Sequence[Sample]) -> tuple[float, float]:
    rate = sum(s.outcome for s in samples) / len(samples)
    return rate, sum((rate - s.outcome) ** 2 for s in samples) / len(samples)


def _skill(samples: Sequence[Sample]) -> float:
    _, base = _base(samples)
    return 1.0 - brier(samples) / base if base > 0 else 0.0


def summarise(
    samples: Sequence[Sample], *, bins: int = 10, boot: int = 1000, seed: int = 1
) -> Calibration:
    """The scores, their bootstrap intervals (by game) and the reliability table."""
    if not samples:
        raise ValueError("no samples to summarise")
    rate, base = _base(samples)
    score = brier(samples)
    by_game: dict[int, list[Sample]] = {}
    for sample in samples:
        by_game.setdefault(sample.game, []).append(sample)
    keys = sorted(by_game)
    rng = random.Random(seed)
    briers: list[float] = []
    skills: list[float] = []
    for _ in range(boot):
        drawn = [s for _ in keys for s in by_game[keys[rng.randrange(len(keys))]]]
        briers.append(brier(drawn))
        skills.append(_skill(drawn))
    table: list[Bin] = []
    for k in range(bins):
        low, high = k / bins, (k + 1) / bins
        inside = [
            s for s in samples if low <= s.predicted < high or (k == bins - 1 and s.predicted == 1)
        ]
        if inside:
            table.append(
                Bin(
                    low,
                    high,
                    len(inside),
                    sum(s.predicted for s in inside) / len(inside),
                    sum(s.outcome for s in inside) / len(inside),
                )
            )
    return Calibration(
        samples=len(samples),
        games=len(keys),
        base_rate=rate,
        brier=score,
        base_brier=base,
        skill=1.0 - score / base if base > 0 else 0.0,
        brier_interval=_interval(briers),
        skill_interval=_interval(skills),
        bins=tuple(table),
    )


def _interval(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    if not ordered:
        return (0.0, 0.0)
    low = ordered[int(0.025 * (len(ordered) - 1))]
    high = ordered[int(0.975 * (len(ordered) - 1))]
    return (low, high)


# --- fitting the map -------------------------------------------------------------------------


def fit_platt(samples: Sequence[Sample], *, steps: int = 50) -> PlattMap:
    """The map that best predicts the outcomes from the raw estimates (maximum likelihood of a
    logistic regression on ``logit(raw)``, by Newton's method)."""
    slope, shift = 1.0, 0.0
    xs = [logit(s.predicted) for s in samples]
    ys = [s.outcome for s in samples]
    for _ in range(steps):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-(slope * x + shift)))
            w = p * (1.0 - p)
            g0 += (p - y) * x
            g1 += p - y
            h00 += w * x * x
            h01 += w * x
            h11 += w
        det = h00 * h11 - h01 * h01 + 1e-12
        d_slope = (h11 * g0 - h01 * g1) / det
        d_shift = (h00 * g1 - h01 * g0) / det
        slope, shift = slope - d_slope, shift - d_shift
        if abs(d_slope) + abs(d_shift) < 1e-9:
            break
    return PlattMap(round(slope, 4), round(shift, 4))


def mapped(samples: Sequence[Sample], chance: Callable[[float], float]) -> list[Sample]:
    """The samples with their predictions passed through `chance`."""
    return [replace(s, predicted=chance(s.predicted)) for s in samples]


def cross_validated(samples: Sequence[Sample], folds: int = 2) -> list[Sample]:
    """Each sample's prediction mapped by a map fitted on the other folds' games only (games
    split by their index), so a score of the result is out of sample."""
    out: list[Sample] = []
    for fold in range(folds):
        train = [s for s in samples if s.game % folds != fold]
        test = [s for s in samples if s.game % folds == fold]
        out += mapped(test, fit_platt(train))
    return out
