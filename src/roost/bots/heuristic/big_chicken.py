"""BIG CHICKEN: Just Hatched, played by rules of thumb.

* Go out whenever one Lay empties the hand; with two Lays left, lead the stronger first (Big
  Red, then Chickens, then the highest set) so the last one can follow on the lead it wins back.
* Lead the lowest whole group of one number (a pair stays a pair, trips stay trips); keep Coops,
  Chickens, Big Red and lone Ducks for later. When an opponent has one or two cards, do not lead
  a Lay of that size (they would go out on it), or lead the highest one.
* Follow whenever something beats the Run, with the cheapest Lay: a whole group, then a Duck
  completing a set, a broken set, a lone Duck, Chickens, a Coop. Every card laid is a card that
  does not score, and the Run's winner leads the next one (against cautious play that clucks
  rather than break a set or spend a Chicken, this wins about 65% of the games, fair 25%).
* Keep Big Red for a Run that matters: its winner is about to go out, or winning it lets me lead
  my last Lay.
* After a Coop, skip the next player (one fewer chance to beat it). Always say Last Egg and catch
  whoever stays quiet. As the Bad Egg, give back the lowest card that is not part of a set.
"""

from __future__ import annotations

import random
from typing import Final

from roost.bots.heuristic import HeuristicPolicy
from roost.core.view import SeatView
from roost.games.big_chicken.actions import (
    BIG_RED_LAY,
    CARDS,
    CATCH,
    CLUCK,
    COOP_SIZE,
    DECLARE,
    FLIP,
    GIVE_BACK,
    GIVE_BEST,
    KEY,
    NUMBER,
    SIZE,
    SKIP,
    USES_DUCK,
)
from roost.games.big_chicken.cards import BIG_RED, CHICKENS, DUCK, NUM_TYPES, number_of
from roost.games.big_chicken.views import BigChickenObservation, of

# What a Lay costs the hand (the rules of thumb in numbers): a whole group is cheap, a higher
# one a little dearer; completing a set with a Duck costs a little; breaking a set, a lone Duck,
# Chickens, Coops and Big Red cost more, in that order.
_DUCK_COMPLETES: Final = 0.6
_LONE_DUCK: Final = 2.0
_BREAK: Final = 2.5
_BREAK_COOP: Final = 4.0
_CHICKENS: Final = 3.0
_COOP: Final = 6.0
_BIG_RED: Final = 8.0
_CALM: Final = 7.0
"""Most a Lay may cost when nothing is at stake: anything but Big Red."""
_URGENT: Final = 100.0
"""When the Run's winner is about to go out: anything."""
_GOES_ON: Final = 5.0
"""Discount when winning the Run would let me lead my last Lay."""


class Hand:
    """My cards as counts: per type, per number, Chickens, Ducks."""

    def __init__(self, counts: list[int]) -> None:
        self.counts = counts
        self.size = sum(counts)
        self.per_number = [0] * 12
        for card in range(DUCK):
            self.per_number[number_of(card)] += counts[card]
        self.ducks = counts[DUCK]
        self.chickens = sum(counts[c] for c in CHICKENS)
        self.big_red = counts[BIG_RED]

    def without(self, action: int) -> Hand:
        counts = self.counts.copy()
        for card in CARDS[action]:
            counts[card] -= 1
        return Hand(counts)

    def units(self) -> int:
        """About how many Lays it takes to empty the hand."""
        groups = sum((c + 4) // 5 for c in self.per_number[:11])
        absorb = sum(1 for c in self.per_number[:11] if 0 < c <= 2)
        return groups + (1 if self.chickens else 0) + max(0, self.ducks - absorb)


def _hand(obs: BigChickenObservation) -> Hand:
    counts = [0] * NUM_TYPES
    for card in obs["hand"]:
        counts[card] += 1
    return Hand(counts)


def choose(view: SeatView, rng: random.Random) -> int:
    legal = view.legal_actions()
    first = legal[0]
    if len(legal) == 1:
        return first
    if first == DECLARE:
        return DECLARE  # always say Last Egg
    if first == CATCH:
        return CATCH  # and catch whoever stays quiet
    if first == FLIP:
        return SKIP  # after a Coop: one fewer player who may beat it
    obs = of(view)
    hand = _hand(obs)
    if first >= GIVE_BACK:
        return min(legal, key=lambda a: (_worth(a - GIVE_BACK, hand), a))
    if first >= GIVE_BEST:
        return first
    lays = [a for a in legal if a != CLUCK]
    out = [a for a in lays if SIZE[a] == hand.size]
    if out:
        return min(out, key=lambda a: (_cost(a, hand), a))
    if CLUCK in legal:
        return _follow(lays, hand, obs, view.seat)
    return _lead(lays, hand, obs, view.seat)


def _worth(card: int, hand: Hand) -> float:
    """How much I want to keep a card (the Bad Egg gives back the least wanted)."""
    if card == BIG_RED:
        return 100.0
    if card in CHICKENS:
        return 60.0 + card
    if card == DUCK:
        return 50.0
    number = number_of(card)
    together = hand.per_number[number]
    return number + (20.0 if together >= 2 else 0.0) + card / 100


def _cost(action: int, hand: Hand) -> float:
    """What laying `action` costs the hand (see the constants above)."""
    number = NUMBER[action]
    size = SIZE[action]
    if action == BIG_RED_LAY or (number > 10 and hand.big_red and BIG_RED in CARDS[action]):
        return _BIG_RED + size
    if number > 10:
        whole = size == hand.chickens - hand.big_red
        return _CHICKENS + (0.0 if whole else 0.5) + 0.1 * size
    if size >= COOP_SIZE:
        return _COOP + number / 100
    real = size - USES_DUCK[action]
    held = hand.per_number[number]
    height = number / 20
    if real == 0:
        return _LONE_DUCK
    if real < held:
        return (_BREAK_COOP if held >= COOP_SIZE else _BREAK) + height
    return (_DUCK_COMPLETES if USES_DUCK[action] else 0.0) + height


def _follow(lays: list[int], hand: Hand, obs: BigChickenObservation, me: int) -> int:
    if not lays:
        return CLUCK
    winner = obs["run"][-1]["seat"] if obs["run"] else me
    left = obs["hand_sizes"][winner]
    limit = _URGENT if winner != me and left <= 2 else _CALM
    best, best_cost = CLUCK, limit
    for action in lays:
        cost = _cost(action, hand)
        if cost > _CALM and hand.without(action).units() <= 1:
            cost -= _GOES_ON
        if cost < best_cost or (cost == best_cost and best != CLUCK and KEY[action] < KEY[best]):
            best, best_cost = action, cost
    return best


def _strength(action: int) -> tuple[int, int]:
    """How likely a lead is to come back to me: Big Red, then Chickens, then high sets."""
    return (1 if action == BIG_RED_LAY else 0, KEY[action] if SIZE[action] < COOP_SIZE else 0)


def _lead(lays: list[int], hand: Hand, obs: BigChickenObservation, me: int) -> int:
    # Whole groups (no Duck), one per number, and the Chickens.
    whole: dict[int, int] = {}
    for action in lays:
        number = NUMBER[action]
        if USES_DUCK[action]:
            continue
        if number <= 10:
            if SIZE[action] == min(hand.per_number[number], 5):
                whole.setdefault(number, action)
        elif SIZE[action] == hand.chickens - hand.big_red and BIG_RED not in CARDS[action]:
            whole.setdefault(number, action)
    units = hand.units()
    if units <= 2:
        # Lead the stronger Lay first: winning it, I lead the last one and go out.
        options = list(whole.values())
        if hand.big_red:
            options.append(BIG_RED_LAY)
        if options:
            return max(options, key=lambda a: (_strength(a), -a))
    sizes = obs["hand_sizes"]
    threats = {sizes[p] for p in range(len(sizes)) if p != me and sizes[p] <= 2}
    cheap = [a for n, a in sorted(whole.items()) if n <= 10 and SIZE[a] < COOP_SIZE]
    safe = [a for a in cheap if SIZE[a] not in threats]
    if safe:
        return safe[0]
    if cheap:
        return max(cheap, key=lambda a: (KEY[a], -a))  # the hardest to beat
    # Only Coops, Chickens, Big Red and Ducks are left: the cheapest of them.
    return min(lays, key=lambda a: (_cost(a, hand), -KEY[a], a))


POLICY: Final = HeuristicPolicy(choose)
