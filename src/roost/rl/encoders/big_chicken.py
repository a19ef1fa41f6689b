"""BIG CHICKEN's observation tensor (``roost.rl.encoding``).

Per-seat fields are seat-relative (entry 0 is the viewer, 1 the next seat, ...). Card blocks
have 46 entries, the card type ids of `Game.card_types()`: ``(number - 1) * 4 + suit`` for the
Egg cards (0-39; suits blue, green, yellow, orange), 40 the Duck, 41-45 the Blue, Green, Yellow
and Orange Chickens and Big Red. ``N`` is the number of cards in this game's deck (40 with 4
players), ``R`` the ``rounds`` parameter, ``C`` the deck's most copies of one card but at least 3
(3 by default: the Ducks), so copy counts stay within 0-1 whatever the ``copies`` parameter.

=================  ====  ============================================================
field              size  meaning
=================  ====  ============================================================
phase              10    one-hot Phase, in the order its enum declares
current_player     n     one-hot seat to decide (0 at chance nodes and the end)
round              1     the Round being played / R
direction          1     1 if play goes counter-cluckwise
hand               46    my hand: copies of each card type / C
hand_sizes         n     cards in each hand / 16 (capped at 1)
dealer             n     one-hot dealer of the Round
leader             n     one-hot leader of the Round
shown_seat         n     one-hot Round 1: who showed a card
shown_card         46    one-hot Round 1: the card shown
run_cards          46    cards laid in the current Run: copies per type / C
run_lays           1     Lays in the current Run / 8 (capped at 1)
to_beat_seat       n     one-hot seat of the Lay to beat
to_beat_kind       5     one-hot kind of the Lay to beat: single ... big coop
to_beat_cards      46    the Lay to beat: copies per type / C
to_beat_duck_as    40    one-hot Egg card the Lay to beat's Duck stands for
clucked            n     1 if the seat clucked since the last Lay
last_egg           2n    each seat: said Last Egg, stayed quiet
quiet_player       n     one-hot, during a catch window: who stayed quiet
catches            n     times each seat was caught this Round / 10 (capped at 1)
penalties          n     penalty points this Round / 50 (capped at 1)
scores             n     points so far / 30R (capped at 1)
last_round_scores  n     points in the last finished Round / 30 (capped at 1)
good_egg           n     one-hot last Round's Good Egg
bad_egg            n     one-hot last Round's Bad Egg
given              46    one-hot card the Good Egg gave this Round
returned           46    one-hot card the Bad Egg gave back
discard_size       1     cards in the face-down discard pile / N
deck_size          1     cards not dealt (or the tie deck) / N
rotten_eggs        n     at the end: the seats with the most points
winners            n     1 for the Golden Egg, once the game is over
=================  ====  ============================================================

Left out: ``game``, ``players``, ``seat``, ``rounds``, ``last_egg_rule`` (the same in every
observation of an env); ``round_scores`` but for the last Round's; ``last_round_hands``; at the
end ``tie_draws`` and ``golden_egg`` (the same as ``winners``).

The envs write the same tensor straight from the state (`make_state_writer`), reading only what
``observation(seat)`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from roost.core.game import Game
from roost.core.state import State
from roost.games.big_chicken.actions import (
    CATCHING,
    DEAL,
    DECLARED,
    HAND_CARDS,
    OVER,
    PHASES,
    SIZE,
    TIE_DRAW,
    Phase,
)
from roost.games.big_chicken.cards import DUCK
from roost.games.big_chicken.game import BigChickenGame
from roost.games.big_chicken.rules import CHICKEN_CARDS, QUIET, SAID
from roost.games.big_chicken.state import BigChickenState
from roost.games.big_chicken.views import LAY_KINDS, Direction, LastEgg, LayKind
from roost.rl.encoding import (
    Buffer,
    ObservationEncoder,
    Row,
    StateWrite,
    Write,
    block,
    count_into,
    counts_to_sums,
    index_of,
    relative,
    seats,
    sums,
)

CARDS = 46
EGGS = 40
"""Numbered Egg cards, 0-39: what a Duck may stand for."""

FIELDS = (
    block("phase", len(Phase), "one-hot Phase, in the order its enum declares"),
    seats("current_player", "one-hot seat to decide (0 at chance nodes and the end)"),
    block("round", 1, "the Round being played / R"),
    block("direction", 1, "1 if play goes counter-cluckwise"),
    block("hand", CARDS, "my hand: copies of each card type / C"),
    seats("hand_sizes", "cards in each hand / 16 (capped at 1)"),
    seats("dealer", "one-hot dealer of the Round"),
    seats("leader", "one-hot leader of the Round"),
    seats("shown_seat", "one-hot Round 1: who showed a card"),
    block("shown_card", CARDS, "one-hot Round 1: the card shown"),
    block("run_cards", CARDS, "cards laid in the current Run: copies per type / C"),
    block("run_lays", 1, "Lays in the current Run / 8 (capped at 1)"),
    seats("to_beat_seat", "one-hot seat of the Lay to beat"),
    block("to_beat_kind", len(LayKind), "one-hot kind of the Lay to beat: single ... big coop"),
    block("to_beat_cards", CARDS, "the Lay to beat: copies per type / C"),
    block("to_beat_duck_as", EGGS, "one-hot Egg card the Lay to beat's Duck stands for"),
    seats("clucked", "1 if the seat clucked since the last Lay"),
    seats("last_egg", "each seat: said Last Egg, stayed quiet", len(LastEgg)),
    seats("quiet_player", "one-hot, during a catch window: who stayed quiet"),
    seats("catches", "times each seat was caught this Round / 10 (capped at 1)"),
    seats("penalties", "penalty points this Round / 50 (capped at 1)"),
    seats("scores", "points so far / 30R (capped at 1)"),
    seats("last_round_scores", "points in the last finished Round / 30 (capped at 1)"),
    seats("good_egg", "one-hot last Round's Good Egg"),
    seats("bad_egg", "one-hot last Round's Bad Egg"),
    block("given", CARDS, "one-hot card the Good Egg gave this Round"),
    block("returned", CARDS, "one-hot card the Bad Egg gave back"),
    block("discard_size", 1, "cards in the face-down discard pile / N"),
    block("deck_size", 1, "cards not dealt (or the tie deck) / N"),
    seats("rotten_eggs", "at the end: the seats with the most points"),
    seats("winners", "1 for the Golden Egg, once the game is over"),
)

_PHASE = index_of(list(Phase))
_KIND = index_of(list(LayKind))
_LAST_EGG = index_of(list(LastEgg))
_COUNTER = str(Direction.COUNTER_CLUCKWISE)


def _cap(value: float) -> float:
    return value if value < 1.0 else 1.0


_PHASE_AT = [_PHASE[str(phase)] for phase in PHASES]
"""The one-hot entry of each phase number of the state."""
_KIND_AT = [0] + [_KIND[str(kind)] for kind in LAY_KINDS]
"""The one-hot entry of each Lay size (1-5)."""
_SAID_AT = [-1, -1, -1]
"""The entry of each Last Egg state of a seat: SAID, QUIET (-1: none)."""
_SAID_AT[SAID] = _LAST_EGG[str(LastEgg.SAID)]
_SAID_AT[QUIET] = _LAST_EGG[str(LastEgg.QUIET)]


def _most(game: Game) -> int:
    """``C``: the deck's most copies of one card type, at least 3."""
    return max(3, cast(BigChickenGame, game).most_copies)


class _Writers:
    """Where each field starts in the row and what its values are divided by, worked out
    once per binding for both writers of the tensor: from an observation (`make_writer`)
    and from the state (`make_state_writer`)."""

    def __init__(self, game: Game, at: Mapping[str, int]) -> None:
        self.n = game.num_players
        self.rel = relative(self.n)
        self.deck = len(game.all_cards())
        self.phase = at["phase"]
        self.current = at["current_player"]
        self.round_at = at["round"]
        self.direction = at["direction"]
        self.hand = at["hand"]
        self.sizes = at["hand_sizes"]
        self.dealer = at["dealer"]
        self.leader = at["leader"]
        self.shown_seat = at["shown_seat"]
        self.shown_card = at["shown_card"]
        self.run_cards = at["run_cards"]
        self.run_lays = at["run_lays"]
        self.beat_seat = at["to_beat_seat"]
        self.beat_kind = at["to_beat_kind"]
        self.beat_cards = at["to_beat_cards"]
        self.beat_duck = at["to_beat_duck_as"]
        self.clucked = at["clucked"]
        self.last_egg = at["last_egg"]
        self.quiet = at["quiet_player"]
        self.catches = at["catches"]
        self.penalties = at["penalties"]
        self.scores = at["scores"]
        self.last_scores = at["last_round_scores"]
        self.good = at["good_egg"]
        self.bad = at["bad_egg"]
        self.given = at["given"]
        self.returned = at["returned"]
        self.discard = at["discard_size"]
        self.undealt = at["deck_size"]
        self.rotten = at["rotten_eggs"]
        self.winners = at["winners"]
        self.third = 1 / _most(game)
        self.said_width = len(LastEgg)
        self.thirds = sums(len(game.all_cards()), self.third)
        self.rounds = cast(BigChickenGame, game).rounds
        self.scale = 30 * self.rounds

    def observation(self, obs: Mapping[str, Any], buf: Buffer) -> None:
        order = self.rel[obs["seat"]]
        buf[self.phase + _PHASE[obs["phase"]]] = 1.0
        player = obs["current_player"]
        if player is not None:
            buf[self.current + order[player]] = 1.0
        rounds = obs["rounds"]
        buf[self.round_at] = obs["round"] / rounds
        if obs["direction"] == _COUNTER:
            buf[self.direction] = 1.0
        for card in obs["hand"]:
            buf[self.hand + card] += self.third
        for seat, size in enumerate(obs["hand_sizes"]):
            buf[self.sizes + order[seat]] = size / 16 if size < 16 else 1.0
        buf[self.dealer + order[obs["dealer"]]] = 1.0
        who = obs["leader"]
        if who is not None:
            buf[self.leader + order[who]] = 1.0
        shown = obs["shown"]
        if shown is not None:
            buf[self.shown_seat + order[shown["seat"]]] = 1.0
            buf[self.shown_card + shown["card"]] = 1.0
        run = obs["run"]
        for lay in run:
            for card in lay["cards"]:
                buf[self.run_cards + card] += self.third
        buf[self.run_lays] = _cap(len(run) / 8)
        lay = obs["to_beat"]
        if lay is not None:
            buf[self.beat_seat + order[lay["seat"]]] = 1.0
            buf[self.beat_kind + _KIND[lay["kind"]]] = 1.0
            for card in lay["cards"]:
                buf[self.beat_cards + card] += self.third
            duck = lay["duck_as"]
            if duck is not None:
                buf[self.beat_duck + duck] = 1.0
        for seat in obs["clucked"]:
            buf[self.clucked + order[seat]] = 1.0
        for seat, said in enumerate(obs["last_egg"]):
            if said is not None:
                buf[self.last_egg + self.said_width * order[seat] + _LAST_EGG[said]] = 1.0
        quiet_seat = obs.get("quiet_player")
        if quiet_seat is not None:
            buf[self.quiet + order[quiet_seat]] = 1.0
        for seat, count in enumerate(obs["catches"]):
            buf[self.catches + order[seat]] = _cap(count / 10)
        for seat, points in enumerate(obs["penalties"]):
            buf[self.penalties + order[seat]] = _cap(points / 50)
        scale = 30 * rounds
        for seat, points in enumerate(obs["scores"]):
            buf[self.scores + order[seat]] = _cap(points / scale)
        finished = obs["round_scores"]
        if finished:
            for seat, points in enumerate(finished[-1]):
                buf[self.last_scores + order[seat]] = _cap(points / 30)
        who = obs["good_egg"]
        if who is not None:
            buf[self.good + order[who]] = 1.0
        who = obs["bad_egg"]
        if who is not None:
            buf[self.bad + order[who]] = 1.0
        exchange = obs["exchange"]
        card = exchange["given"]
        if card is not None:
            buf[self.given + card] = 1.0
        card = exchange["returned"]
        if card is not None:
            buf[self.returned + card] = 1.0
        buf[self.discard] = obs["discard_size"] / self.deck
        buf[self.undealt] = obs["deck_size"] / self.deck
        for seat in obs.get("rotten_eggs", ()):
            buf[self.rotten + order[seat]] = 1.0
        for seat in obs.get("winners", ()):
            buf[self.winners + order[seat]] = 1.0

    def state(self, state: State, seat: int, buf: Row, o: int) -> None:
        """`make_writer`'s tensor from the state (what `roost.games.big_chicken.views.observation`
        shows the seat, field by field)."""
        s = cast(BigChickenState, state)
        order = self.rel[seat]
        phase = s._phase
        buf[o + self.phase + _PHASE_AT[phase]] = 1.0
        player = s.current_player()
        if player >= 0:
            buf[o + self.current + order[player]] = 1.0
        number = s._round + 1
        buf[o + self.round_at] = (number if number < self.rounds else self.rounds) / self.rounds
        if s._direction != 1:
            buf[o + self.direction] = 1.0
        # my hand, as `roost.games.big_chicken.rules.hand` lists it: two copies at most of an
        # Egg card type per base-3 digit of its number's code, the Ducks, the Chickens
        for number, code in enumerate(s._eggs[seat]):
            card = self.hand + 4 * number
            while code:
                copies = code % 3
                if copies:
                    buf[o + card] = self.thirds[copies]
                code //= 3
                card += 1
        ducks = s._ducks[seat]
        if ducks:
            buf[o + self.hand + DUCK] = self.thirds[ducks]
        for card in CHICKEN_CARDS[s._chicks[seat]]:
            buf[o + self.hand + card] = self.thirds[1]
        for p, size in enumerate(s._sizes):
            if size:
                buf[o + self.sizes + order[p]] = size / 16 if size < 16 else 1.0
        buf[o + self.dealer + order[s._dealer]] = 1.0
        lead = s._leader
        if lead >= 0 and phase != DEAL:
            buf[o + self.leader + order[lead]] = 1.0
        if s._shown >= 0 and lead >= 0:
            buf[o + self.shown_seat + order[lead]] = 1.0
            buf[o + self.shown_card + s._shown] = 1.0
        laid = s._run_actions
        for action in laid:
            for card in HAND_CARDS[action]:
                buf[o + self.run_cards + card] += 1.0
        counts_to_sums(buf, o + self.run_cards, CARDS, self.thirds)
        lays = len(laid) / 8
        buf[o + self.run_lays] = lays if lays < 1.0 else 1.0
        if s._top > 0:
            action = laid[-1]
            buf[o + self.beat_seat + order[s._run_seats[-1]]] = 1.0
            buf[o + self.beat_kind + _KIND_AT[SIZE[action]]] = 1.0
            count_into(buf, o + self.beat_cards, HAND_CARDS[action], self.thirds)
            duck = DECLARED[action]
            if duck >= 0:
                buf[o + self.beat_duck + duck] = 1.0
        clucks = s._clucks
        for p in range(self.n):
            if clucks >> p & 1:
                buf[o + self.clucked + order[p]] = 1.0
        for p, said in enumerate(s._last_egg):
            if said:
                buf[o + self.last_egg + self.said_width * order[p] + _SAID_AT[said]] = 1.0
        if phase == CATCHING:
            buf[o + self.quiet + order[s._caught]] = 1.0
        # (zeros are in the buffer already: only the other values are written)
        for p, count in enumerate(s._catches):
            if count:
                x = count / 10
                buf[o + self.catches + order[p]] = x if x < 1.0 else 1.0
        for p, points in enumerate(s._penalties):
            if points:
                x = points / 50
                buf[o + self.penalties + order[p]] = x if x < 1.0 else 1.0
        totals = s._totals
        for p, points in enumerate(totals):
            if points:
                x = points / self.scale
                buf[o + self.scores + order[p]] = x if x < 1.0 else 1.0
        finished = s._round_scores
        if finished:
            for p, points in enumerate(finished[-1]):
                if points:
                    x = points / 30
                    buf[o + self.last_scores + order[p]] = x if x < 1.0 else 1.0
        if s._good >= 0:
            buf[o + self.good + order[s._good]] = 1.0
        if s._bad >= 0:
            buf[o + self.bad + order[s._bad]] = 1.0
        if s._given >= 0:
            buf[o + self.given + s._given] = 1.0
        if s._returned >= 0:
            buf[o + self.returned + s._returned] = 1.0
        if s._discard:
            buf[o + self.discard] = len(s._discard) / self.deck
        if s._pool:
            buf[o + self.undealt] = len(s._pool) / self.deck
        if phase in (TIE_DRAW, OVER) and s._round >= self.rounds:
            high = max(totals)
            for p, points in enumerate(totals):
                if points == high:
                    buf[o + self.rotten + order[p]] = 1.0
        if phase == OVER:
            for p in s.winners():
                buf[o + self.winners + order[p]] = 1.0


def make_writer(game: Game, at: Mapping[str, int]) -> Write:
    return _Writers(game, at).observation


def make_state_writer(game: Game, at: Mapping[str, int]) -> StateWrite:
    return _Writers(game, at).state


ENCODER = ObservationEncoder("big-chicken", FIELDS, make_writer, make_state_writer)
