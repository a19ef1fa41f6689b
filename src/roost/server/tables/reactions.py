"""The pause before an answer that tells nothing: reaction windows and their automatic "no".

Some rules open a window for a seat to answer another seat's card whatever that seat holds
(Egg Bound asks the target of every attack whether to play Cluck-Off; `State.reaction_window`).
A person who cannot answer but "let it happen" (`State.passive_reply`) is not asked: the server
answers for them, unless they chose "always ask me". An answer given at once would tell the
table "no Cluck-Off in that hand", so it comes after a pause drawn like a person's quick "no",
and every bot and stand-in answering any reaction window waits a pause drawn the same way,
whether or not it had a choice. What the other seats receive (the frames, their contents and
order, and their timing) is then the same whether or not the seat held the card, up to a
person's own hesitation when they do hold it, as at a real table.

The pause is log-normal with a median of `median` seconds and a spread of `SIGMA` (in log
space), truncated to [`LOW`, `HIGH`] times the median by drawing again: with the default median
of 1 s, half of the answers come between 0.79 and 1.27 s, and none before 0.5 s or after 3 s.
"""

from __future__ import annotations

import math
import random

SIGMA = 0.35
"""Spread of the pause in log space (a quick answer varies by about a third)."""
LOW = 0.5
HIGH = 3.0
"""The pause lies in [LOW, HIGH] times the median."""


def reaction_pause(rng: random.Random, median: float) -> float:
    """A pause in seconds (0 when `median` is 0: tests and benchmarks answer at once)."""
    if median <= 0:
        return 0.0
    while True:
        ratio = rng.lognormvariate(0.0, SIGMA)
        if LOW <= ratio <= HIGH:
            return median * ratio


def pause_cdf(seconds: float, median: float) -> float:
    """P(pause <= seconds) of `reaction_pause` (for the statistical test of the pauses)."""
    if median <= 0:
        return 1.0 if seconds >= 0 else 0.0
    ratio = seconds / median
    if ratio <= LOW:
        return 0.0
    if ratio >= HIGH:
        return 1.0
    at_low, at_ratio, at_high = (_lognormal_cdf(x) for x in (LOW, ratio, HIGH))
    return (at_ratio - at_low) / (at_high - at_low)


def _lognormal_cdf(ratio: float) -> float:
    return 0.5 * (1.0 + math.erf(math.log(ratio) / (SIGMA * math.sqrt(2.0))))
