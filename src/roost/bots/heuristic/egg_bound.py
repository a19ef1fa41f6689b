"""Egg Bound, played by rules of thumb.

* Win at once when a card does it (a Song or a green Good Egg for the third Good Egg, a steal or a
  sure Star challenge when two are already up). Otherwise sing the Egg Laying Song whenever it
  is allowed (a sure egg, and nobody can Cluck-Off it); fix a Bad Egg with a green Good Egg; play
  Un-Bound when Egg Bound (at once if a Song waits in the hand).
* Take eggs from the leader: steals (Eggy Soldier, Hatch It), red Bad Eggs and Egg-Splosions go
  to the opponent with the most Good Eggs, all the more when they are one egg from winning;
  Egg Bound goes to a leader who is free to sing, a Fowl to the leader.
* Star challenges only where the Chicken is strong for that score: with the four-star Chicken it
  cannot lose; a weaker one is played only when the odds (from the cards not yet seen) favour it.
* Keep a Cluck-Off for a real threat: answer when the card would let the attacker win, or take,
  turn or explode a Good Egg that matters (two eggs up, or the attacker gaining one), or a Star
  I would probably lose. Let minor things (Fowl, Egg Bound) pass unless close to winning (or
  the Egg Bound would stop the Song in my hand). With two Cluck-Offs in hand, answer more freely.
* As a Star defender, place the weakest Chicken that does as well as any against the Chickens an
  attacker would likely use; keep an attacker's Hatch It Chicken when it is worth more than my
  least useful card; explode a Good Egg rather than a Bad one.
* Swap away the least useful card when no play is worth more than that card (useless: a second
  copy of a Chicken, Un-Bound when free, a Star without its strong Chicken, a Fowl).
"""

from __future__ import annotations

import random
from typing import Final

from roost.bots.heuristic import HeuristicPolicy
from roost.core.rand import randbelow
from roost.core.view import SeatView
from roost.games.egg_bound.actions import (
    ALLOW,
    CLUCK,
    DECLINE,
    DEFEND,
    DEFEND_NONE,
    DISCARD,
    EXPLODE_GOOD,
    GOOD_EGG,
    HATCH,
    LOSE_TURN,
    RED,
    SONG,
    STAR,
    SWAP,
    UNBIND,
    card_of,
    chicken_of,
    decode_star,
    discard_action,
    kind,
    victim_of,
)
from roost.games.egg_bound.cards import (
    BAD_EGG_CARD,
    CLUCK_OFF,
    EGG_BOUND_CARD,
    EGG_CAP,
    EGG_LAYING_SONG,
    EGG_SPLOSION,
    EGGS_TO_WIN,
    EGGY_SOLDIER,
    FOWL,
    GOOD_EGG_CARD,
    HAND_SIZE,
    HATCH_IT,
    MAX_PLAYERS,
    NUM_TYPES,
    PRINTED,
    RED_ACTIONS,
    STAR_COMPARES,
    STARS,
    UN_BOUND,
    CardSet,
)
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.views import Challenge, EggBoundObservation, of

EGG_VALUE: Final[tuple[float, ...]] = (0.0, 10.0, 24.0, 100.0)
"""What having 0-3 Good Eggs is worth (three is the win)."""
BAD_EGG: Final = -3.0
"""A Bad Egg blocks a place under the cap (a green Good Egg turns it good)."""
OPPONENT: Final = 0.45
"""How much an opponent's loss counts as my gain (the others share it)."""
LEADER: Final = 0.35
"""Extra weight on the opponent with the most Good Eggs."""
NEW_CARD: Final = 3.5
"""What a card drawn from the pile is worth on average (every play draws its cards back)."""
PATIENCE: Final = tuple(
    {
        EGG_LAYING_SONG: 0.0,
        GOOD_EGG_CARD: 0.0,
        UN_BOUND: 0.0,
        HATCH_IT: 2.0,
        EGGY_SOLDIER: 2.0,
        BAD_EGG_CARD: 2.0,
        EGG_SPLOSION: 2.0,
        EGG_BOUND_CARD: 1.0,
        FOWL: 1.0,
    }.get(card, 1.0)
    for card in range(NUM_TYPES)
)
"""What playing a card now costs against keeping it for a better moment (a Song never waits)."""
SONG_BONUS: Final = 4.0
"""A Song's egg is sure: nobody can Cluck-Off it."""
CLUCK_BAR: Final = 9.0
"""Harm (in egg value) worth a Cluck-Off when I hold one; with two, a third of it."""


def choose(view: SeatView, rng: random.Random) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    game = view.game
    assert isinstance(game, EggBoundGame)
    table = _Table(of(view), view.seat, game.composition.counts, game.hand_size, game.cards)
    first = legal[0]
    what = kind(first)
    if first == ALLOW:
        return CLUCK if table.cluck_worth_it() else ALLOW
    if what in (DEFEND, DEFEND_NONE):
        return table.defend(legal)
    if first == DECLINE:
        return table.keep(legal)
    if first == EXPLODE_GOOD:
        return EXPLODE_GOOD
    if what == DISCARD and all(kind(a) == DISCARD for a in legal):
        return discard_action(table.least_useful(table.hand))
    if first == LOSE_TURN:
        return LOSE_TURN
    scores = {action: table.score(action) for action in legal}
    best = max(scores.values())
    ties = [a for a in legal if scores[a] >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[randbelow(rng, len(ties))]


class _Table:
    """The seat's view of the game, and the rules of thumb in numbers."""

    def __init__(
        self,
        obs: EggBoundObservation,
        me: int,
        copies: tuple[int, ...],
        hand_size: int = HAND_SIZE,
        cards: CardSet = PRINTED,
    ) -> None:
        """`copies`: how many of each card type the deck holds (the game's composition);
        `hand_size`: the cards a hand is refilled to (the game's `hand`); `cards`: the game's
        card types (its own Chickens with their stars)."""
        self.me = me
        self.cards = cards
        self.chicken_index = cards.chicken_index
        self.hand_size = hand_size
        self.n = obs["players"]
        self.good = obs["good_eggs"]
        self.bad = obs["bad_eggs"]
        self.bound = obs["egg_bound"]
        self.fowl = obs["fowl"]
        self.egg_pile = obs["egg_pile"]
        self.hand = obs["hand"]
        self.challenge: Challenge | None = obs["challenge"]
        counts = [0] * cards.num_types
        for card in self.hand:
            counts[card] += 1
        self.counts = counts
        seen = counts.copy()
        for card in obs["discard_pile"]:
            seen[card] += 1
        seen[EGG_BOUND_CARD] += sum(self.bound)
        seen[FOWL] += sum(self.fowl)
        if self.challenge is not None:
            seen[self.challenge["card"]] += 1
            chicken = self.challenge["chicken"]  # None while face down and not mine
            if chicken is not None and self.challenge["attacker"] != me:
                seen[chicken] += 1
        self.unseen = [max(0, copies[c] - seen[c]) if c else 0 for c in range(cards.num_types)]
        self.unseen_total = max(1, sum(self.unseen))
        others = [s for s in range(self.n) if s != me]
        self.top = max(self.good[s] for s in others)

    # --- what things are worth --------------------------------------------------------------

    def value(self, good: int, bad: int) -> float:
        return EGG_VALUE[min(good, EGGS_TO_WIN)] + BAD_EGG * bad

    def room(self, seat: int) -> bool:
        return self.good[seat] + self.bad[seat] < EGG_CAP

    def weight(self, seat: int) -> float:
        """How much a change to an opponent's eggs counts for me."""
        if seat == self.me:
            return 1.0
        return OPPONENT + (LEADER if self.good[seat] >= self.top else 0.0)

    def change(self, seat: int, good: int, bad: int = 0) -> float:
        """The worth to me of `seat` gaining `good` Good and `bad` Bad Eggs."""
        g, b = self.good[seat], self.bad[seat]
        delta = self.value(g + good, b + bad) - self.value(g, b)
        return delta if seat == self.me else -self.weight(seat) * delta

    def holds(self, card: int) -> float:
        """Chance that a given opponent holds at least one `card` (from the unseen cards)."""
        share = self.unseen[card] / self.unseen_total
        return 1.0 - (1.0 - share) ** self.hand_size

    def keep_value(self, card: int, hand: list[int]) -> float:
        """What keeping `card` (one copy, in `hand`) is worth: the rules of thumb for swaps."""
        me = self.me
        copies = hand.count(card)
        room = self.room(me)
        if card == CLUCK_OFF:
            return 9.0 if copies == 1 else 6.0
        if card == EGG_LAYING_SONG:
            if not room and not self.bad[me]:
                return 1.0
            sing = not self.bound[me] or UN_BOUND in hand
            return (9.0 if sing else 4.0) if copies == 1 else 5.0
        if card == GOOD_EGG_CARD:
            return 8.0 if self.bad[me] else 4.0 if copies == 1 else 2.0
        if card == UN_BOUND:
            return 6.0 if self.bound[me] else 1.0
        index = self.chicken_index
        if card in index:
            chickens = [c for c in hand if c in index]
            if len(chickens) == 1:
                return 7.0
            if copies > 1:
                return 1.5
            strong = sum(
                1 for s, star in enumerate(STARS) if star in hand and self.stars(s, card) == 4
            )
            return 3.0 + 2.0 * strong
        if card in STARS:
            s = STARS.index(card)
            best = max((self.stars(s, c) for c in hand if c in index), default=0)
            return 5.0 if best == 4 else 3.0 if best == 3 else 2.0
        if card in (HATCH_IT, EGGY_SOLDIER):
            return 5.0 if room or self.bad[me] else 3.0
        if card in (BAD_EGG_CARD, EGG_SPLOSION):
            return 4.5
        if card == EGG_BOUND_CARD:
            return 2.5
        return 2.0  # Fowl

    def least_useful(self, hand: list[int]) -> int:
        return min(sorted(set(hand)), key=lambda card: self.keep_value(card, hand))

    def cost(self, card: int, chicken: int = 0) -> float:
        """What a play costs the hand: a little for spending `card` now rather than on a better
        target later, and a Chicken (less the card drawn back for it)."""
        total = PATIENCE[card]
        if chicken:
            total += self.keep_value(chicken, self.hand) - NEW_CARD
        return total

    def cluck_chance(self, victim: int, major: bool) -> float:
        return self.holds(CLUCK_OFF) * (0.9 if major else 0.4)

    # --- my turn ------------------------------------------------------------------------------

    def score(self, action: int) -> float:
        me = self.me
        if action == SWAP:
            return NEW_CARD - self.keep_value(self.least_useful(self.hand), self.hand) - 0.5
        what = kind(action)
        chickens = self.cards.chickens
        if what == STAR:
            return self._star(action)
        if what == SONG:
            chicken = chickens[chicken_of(action)]
            return self.change(me, 1) + SONG_BONUS - self.cost(EGG_LAYING_SONG, chicken)
        if what == HATCH:
            c, victim = chicken_of(action), victim_of(action)
            steal = self.change(me, 1) + self.change(victim, -1)
            p = 1.0 - self.cluck_chance(victim, True)
            return p * steal - self.cost(HATCH_IT, chickens[c])
        if what == RED:
            r, victim = divmod(action - RED, MAX_PLAYERS)
            return self._red(RED_ACTIONS[r], victim)
        if action == GOOD_EGG:
            return self.change(me, 1, -1) + SONG_BONUS - self.cost(GOOD_EGG_CARD)
        if action == UNBIND:
            song = EGG_LAYING_SONG in self.hand and self.room(me)
            return (6.0 if song else 2.0) - self.cost(UN_BOUND)
        return 0.0

    def _red(self, card: int, victim: int) -> float:
        me = self.me
        good, bad = self.good[victim], self.bad[victim]
        major = True
        if card == EGGY_SOLDIER:
            effect = self.change(me, 1) + self.change(victim, -1)
        elif card == BAD_EGG_CARD:
            effect = self.change(victim, -1, 1)
        elif card == EGG_SPLOSION:
            effect = self.change(victim, -1) if good else self.change(victim, 0, -1)
        elif card == EGG_BOUND_CARD:
            major = False
            close = good + bad < EGG_CAP and self.egg_pile > 0
            effect = (1.0 + 2.5 * good) * self.weight(victim) if close else 0.3
        else:  # Fowl
            major = False
            effect = (0.5 + 2.0 * good) * self.weight(victim)
        p = 1.0 - self.cluck_chance(victim, major)
        return p * effect - self.cost(card)

    def _star(self, action: int) -> float:
        me = self.me
        s, c, victim = decode_star(action)
        score = STAR_COMPARES[s]
        assert score is not None
        chickens = self.cards.chickens
        row = self.cards.star_score[score]
        mine = row[c]
        higher = 1.0
        for t, chicken in enumerate(chickens):
            if row[t] > mine:
                higher *= 1.0 - self.holds(chicken)
        lose = 1.0 - higher
        equal = [chicken for t, chicken in enumerate(chickens) if row[t] == mine]
        if len(equal) == 1:  # the printed Chickens: only a twin ties
            same = self.holds(equal[0]) * higher
        else:  # own Chickens may tie another design (RULES.md, choice 26)
            miss = 1.0
            for chicken in equal:
                miss *= 1.0 - self.holds(chicken)
            same = (1.0 - miss) * higher
        win = max(0.0, 1.0 - lose - same)
        gain = 0.0
        if self.good[victim] and self.room(me):
            gain = self.change(me, 1) + self.change(victim, -1)
        elif self.good[victim]:
            gain = 0.3 * self.change(victim, -1)
        loss = 0.0
        if self.good[me]:
            loss = self.change(me, -1) + (self.change(victim, 1) if self.room(victim) else 0.0)
        p = 1.0 - self.cluck_chance(victim, True)
        expected = p * (win * gain + lose * loss)
        return expected - self.cost(STARS[s], chickens[c])

    # --- answering others -------------------------------------------------------------------

    def cluck_worth_it(self) -> bool:
        challenge = self.challenge
        assert challenge is not None
        me = self.me
        attacker = challenge["attacker"]
        card = challenge["card"]
        good = self.good[me]
        close = good >= EGGS_TO_WIN - 1
        harm = 0.0
        if card in (HATCH_IT, EGGY_SOLDIER):
            if self.good[attacker] + 1 >= EGGS_TO_WIN:
                return True
            harm = -self.change(me, -1) - self.change(attacker, 1)
        elif card == BAD_EGG_CARD:
            harm = -self.change(me, -1, 1)
        elif card == EGG_SPLOSION:
            harm = -self.change(me, -1) if good else -self.change(me, 0, -1)
        elif card == EGG_BOUND_CARD:
            song = EGG_LAYING_SONG in self.hand and UN_BOUND not in self.hand
            harm = 8.0 if song and self.room(me) and (close or good >= 1) else 1.0
        elif card == FOWL:
            harm = 10.0 if close and self.room(me) else 0.5
        else:  # a Star
            outcome = max(
                (
                    self._defence(card, c, attacker)
                    for c in set(self.hand)
                    if c in self.chicken_index
                ),
                default=self.change(me, -1) + self.change(attacker, 1),
            )
            if outcome < 0 and self.good[attacker] + 1 >= EGGS_TO_WIN and self.room(attacker):
                return True
            harm = -outcome
        clucks = self.counts[CLUCK_OFF]
        bar = CLUCK_BAR / 3.0 if clucks > 1 else CLUCK_BAR
        return harm >= bar

    def _attacker_odds(self, star_card: int) -> list[float]:
        """How likely the face-down Chicken is each Chicken: the unseen copies, weighted
        towards the strong ones (a sensible attacker picks a strong Chicken)."""
        score = STAR_COMPARES[STARS.index(star_card)]
        assert score is not None
        row = self.cards.star_score[score]
        weights = [
            (self.unseen[chicken] + 0.1) * row[t] ** 2
            for t, chicken in enumerate(self.cards.chickens)
        ]
        total = sum(weights)
        return [w / total for w in weights]

    def _defence(self, star_card: int, chicken: int, attacker: int) -> float:
        """Expected worth of defending a Star with `chicken`."""
        me = self.me
        score = STAR_COMPARES[STARS.index(star_card)]
        assert score is not None
        row = self.cards.star_score[score]
        mine = row[self.chicken_index[chicken]]
        odds = self._attacker_odds(star_card)
        win = self.change(me, 1) + self.change(attacker, -1) if self.room(me) else 0.0
        if not self.good[attacker]:
            win = 0.0
        lose = self.change(me, -1) + (self.change(attacker, 1) if self.room(attacker) else 0.0)
        total = 0.0
        for t, theirs in enumerate(row):
            if mine > theirs:
                total += odds[t] * win
            elif theirs > mine:
                total += odds[t] * lose
        return total

    def defend(self, legal: list[int]) -> int:
        if legal == [DEFEND_NONE]:
            return DEFEND_NONE
        challenge = self.challenge
        assert challenge is not None
        card = challenge["card"]
        attacker = challenge["attacker"]

        def merit(action: int) -> tuple[float, float]:
            chicken = self.cards.chickens[chicken_of(action)]
            outcome = round(self._defence(card, chicken, attacker), 6)
            return outcome, -self.keep_value(chicken, self.hand)

        return max(legal, key=merit)

    def keep(self, legal: list[int]) -> int:
        challenge = self.challenge
        assert challenge is not None
        chicken = challenge["chicken"]
        assert chicken is not None  # a Hatch It's Chicken lies face up
        best, best_gain = DECLINE, 0.0
        for action in legal:
            if action == DECLINE:
                continue
            card = card_of(action)
            hand = self.hand.copy()
            hand.remove(card)
            hand.append(chicken)
            gain = self.keep_value(chicken, hand) - self.keep_value(card, self.hand)
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def stars(self, star: int, chicken: int) -> int:
        """The stars `chicken` (a type) has for the score Star `star` (an index) compares."""
        score = STAR_COMPARES[star]
        assert score is not None
        return self.cards.stars_of(score, chicken)


POLICY = HeuristicPolicy(choose)
