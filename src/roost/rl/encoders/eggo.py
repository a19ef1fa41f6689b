"""Eggo's observation tensor (``roost.rl.encoding``).

Per-seat fields are seat-relative (entry 0 is the viewer, 1 the next seat, ...). Card type ids
are those of `Game.card_types()` (0-35 character cards, 36-39 Reverse, 40-43 Draw 2, 44 Portal,
45 Rift); Demogorgons (46) are never held or played, so card blocks have 46 entries.

===============  ====  ============================================================
field            size  meaning
===============  ====  ============================================================
phase            6     one-hot Phase, in the order its enum declares
current_player   n     one-hot seat to move (all 0 while dealing and at the end)
hand             46    my hand: copies of each card type / most copies (8: the Portal)
characters       7n    one-hot character of each seat: Will ... Hopper, Barb (0 until chosen)
upside_down      n     1 if the seat's character card is Upside Down
escaped          n     1 if the seat has escaped
hand_sizes       n     cards in each hand / 16 (capped at 1)
top              46    one-hot top card of the discard pile
colour           4     one-hot colour to match: red, green, yellow, blue
character        9     one-hot character to match, Will to Jonathan (0 after a special card)
discard          46    every card played: copies of each type / most copies (order dropped)
decks            2     cards left in deck A, deck B / half the deck (53)
demogorgons      1     Demogorgons drawn / Demogorgons in the deck (4)
direction        1     1 if play goes counterclockwise
draws_owed       1     cards still owed to a Draw 2 / 2
draws_this_turn  1     cards drawn this turn / 2
winners          n     1 for each seat that escaped, once the game is over
===============  ====  ============================================================

Left out: ``game``, ``players``, ``seat`` (the same in every observation of an env).

Your own cards (the ``own_cards`` parameter: Draw N cards, type ids 47 on, 4 per N) widen the
three card blocks (``hand``, ``top``, ``discard``) by 4 entries per N declared, after the box's 46
(type id ``t`` > 46 is entry ``t - 1``): a game with own cards has its own tensor size, and the
default game keeps the table's. ``draws_owed`` is scaled by the most cards one card makes a
player draw (2 in the box, N for a Draw 3 or 4).

Counts are scaled by the game's own deck (the `copies` and `hand` parameters), so every entry
stays within 0-1 whatever the deck: "most copies" is the most copies of one card a hand can hold
(`EggoGame.most_copies`, 8 in the box), "half the deck" is the bigger deck after the split.

The envs write the same tensor straight from the state (`make_state_writer`), reading only what
``observation(seat)`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from roost.core.game import Game
from roost.core.state import State
from roost.games.eggo.actions import CHOOSING, DRAWING, OVER, PHASES, TURN, Phase
from roost.games.eggo.cards import DEMOGORGON, NO_CHARACTER, NUM_TYPES
from roost.games.eggo.game import EggoGame
from roost.games.eggo.state import EggoState
from roost.games.eggo.views import COLOUR_IDS, DECK_CHARACTERS, PLAYER_CHARACTER_IDS, Direction
from roost.rl.encoding import (
    Buffer,
    Encoding,
    Field,
    ObservationEncoder,
    Row,
    StateWrite,
    Write,
    add_counts,
    add_counts_row,
    block,
    count_into,
    index_of,
    relative,
    seats,
    sums,
)

CARDS = 46
"""Card types that can be held or played (the Demogorgon, 46, cannot)."""


def _fields(cards: int) -> tuple[Field, ...]:
    """The layout, with `cards` entries in each card block (46 in the box)."""
    return (
        block("phase", len(Phase), "one-hot Phase, in the order its enum declares"),
        seats("current_player", "one-hot seat to move (all 0 while dealing and at the end)"),
        block("hand", cards, "my hand: copies of each card type / most copies (8: the Portal)"),
        seats(
            "characters",
            "one-hot character of each seat: Will ... Hopper, Barb (0 until chosen)",
            len(PLAYER_CHARACTER_IDS),
        ),
        seats("upside_down", "1 if the seat's character card is Upside Down"),
        seats("escaped", "1 if the seat has escaped"),
        seats("hand_sizes", "cards in each hand / 16 (capped at 1)"),
        block("top", cards, "one-hot top card of the discard pile"),
        block("colour", len(COLOUR_IDS), "one-hot colour to match: red, green, yellow, blue"),
        block(
            "character",
            len(DECK_CHARACTERS),
            "one-hot character to match, Will to Jonathan (0 after a special card)",
        ),
        block(
            "discard",
            cards,
            "every card played: copies of each type / most copies (order dropped)",
        ),
        block("decks", 2, "cards left in deck A, deck B / half the deck (53)"),
        block("demogorgons", 1, "Demogorgons drawn / Demogorgons in the deck (4)"),
        block("direction", 1, "1 if play goes counterclockwise"),
        block("draws_owed", 1, "cards still owed to a Draw 2 / 2"),
        block("draws_this_turn", 1, "cards drawn this turn / 2"),
        seats("winners", "1 for each seat that escaped, once the game is over"),
    )


FIELDS = _fields(CARDS)

_PHASE = index_of(list(Phase))
_COLOUR = index_of(COLOUR_IDS)
_DECK_CHARACTER = index_of(DECK_CHARACTERS)
_PLAYER_CHARACTER = index_of(PLAYER_CHARACTER_IDS)
_UPSIDE_DOWN = "upside_down"
_COUNTER = str(Direction.COUNTERCLOCKWISE)


def _scales(game: Game) -> tuple[float, int, int, int]:
    """What this game's counts are divided by: one copy's share of the most copies a hand can
    hold, half the deck (the bigger deck after the split), the Demogorgons in the deck, the
    most cards one card makes a player draw."""
    eggo = cast(EggoGame, game)
    half = (len(eggo.deck) + 1) // 2
    return 1.0 / eggo.most_copies, half, eggo.demogorgons, eggo.most_draws


def _slot(card: int) -> int:
    """A card type's entry in a card block: the Demogorgon (46) has none, own cards follow."""
    return card - 1 if card > DEMOGORGON else card


def _card_width(game: Game) -> int:
    return cast(EggoGame, game).num_types - 1


_PHASE_AT = [_PHASE[str(phase)] for phase in PHASES]
"""The one-hot entry of each phase number of the state."""
_CHARACTER_AT = [_PLAYER_CHARACTER[str(name)] for name in PLAYER_CHARACTER_IDS]
_COLOUR_AT = [_COLOUR[str(name)] for name in COLOUR_IDS]
_DECK_CHARACTER_AT = [_DECK_CHARACTER[str(name)] for name in DECK_CHARACTERS]


class _Writers:
    """Where each field starts in the row and what its values are divided by, worked out
    once per binding for both writers of the tensor: from an observation (`make_writer`)
    and from the state (`make_state_writer`)."""

    def __init__(self, game: Game, at: Mapping[str, int]) -> None:
        self.n = game.num_players
        self.copy, self.half, self.total, self.most_draws = _scales(game)
        self.width_cards = _card_width(game)
        self.own = self.width_cards != CARDS
        self.rel = relative(self.n)
        self.phase = at["phase"]
        self.current = at["current_player"]
        self.hand = at["hand"]
        self.characters = at["characters"]
        self.upside = at["upside_down"]
        self.escaped = at["escaped"]
        self.sizes = at["hand_sizes"]
        self.top = at["top"]
        self.colour = at["colour"]
        self.character = at["character"]
        self.discard = at["discard"]
        self.decks = at["decks"]
        self.demogorgons = at["demogorgons"]
        self.direction = at["direction"]
        self.owed = at["draws_owed"]
        self.drawn = at["draws_this_turn"]
        self.winners = at["winners"]
        self.width = len(PLAYER_CHARACTER_IDS)
        self.copies = sums(len(game.all_cards()), self.copy)

    def observation(self, obs: Mapping[str, Any], buf: Buffer) -> None:
        order = self.rel[obs["seat"]]
        buf[self.phase + _PHASE[obs["phase"]]] = 1.0
        player = obs["current_player"]
        if player is not None:
            buf[self.current + order[player]] = 1.0
        for card in obs["hand"]:
            buf[self.hand + _slot(card)] += self.copy
        for seat, name in enumerate(obs["characters"]):
            if name is not None:
                buf[self.characters + self.width * order[seat] + _PLAYER_CHARACTER[name]] = 1.0
        for seat, side in enumerate(obs["sides"]):
            if side == _UPSIDE_DOWN:
                buf[self.upside + order[seat]] = 1.0
        for seat, out in enumerate(obs["escaped"]):
            if out:
                buf[self.escaped + order[seat]] = 1.0
        for seat, size in enumerate(obs["hand_sizes"]):
            buf[self.sizes + order[seat]] = size / 16 if size < 16 else 1.0
        card = obs["top"]
        if card is not None:
            buf[self.top + _slot(card)] = 1.0
        name = obs["colour"]
        if name is not None:
            buf[self.colour + _COLOUR[name]] = 1.0
        name = obs["character"]
        if name is not None:
            buf[self.character + _DECK_CHARACTER[name]] = 1.0
        pile = obs["discard"]
        add_counts(
            buf,
            self.discard,
            self.width_cards,
            [_slot(c) for c in pile] if self.own else pile,
            self.copy,
        )
        a, b = obs["decks"]
        buf[self.decks] = a / self.half
        buf[self.decks + 1] = b / self.half
        buf[self.demogorgons] = obs["demogorgons"] / self.total
        if obs["direction"] == _COUNTER:
            buf[self.direction] = 1.0
        buf[self.owed] = obs["draws_owed"] / self.most_draws
        buf[self.drawn] = obs["draws_this_turn"] / 2
        for seat in obs.get("winners", ()):
            buf[self.winners + order[seat]] = 1.0

    def state(self, state: State, seat: int, buf: Row, o: int) -> None:
        """`make_writer`'s tensor from the state (what `roost.games.eggo.views.observation` shows
        the seat, field by field)."""
        s = cast(EggoState, state)
        order = self.rel[seat]
        phase = s._phase
        buf[o + self.phase + _PHASE_AT[phase]] = 1.0
        if phase in (TURN, CHOOSING, DRAWING):
            buf[o + self.current + order[s._player]] = 1.0
        held = s._hands[seat]
        count_into(buf, o + self.hand, [_slot(c) for c in held] if self.own else held, self.copies)
        for p, chosen in enumerate(s._characters):
            if chosen >= 0:
                buf[o + self.characters + self.width * order[p] + _CHARACTER_AT[chosen]] = 1.0
        for p, up in enumerate(s._upside):
            if up:
                buf[o + self.upside + order[p]] = 1.0
        for p, out in enumerate(s._escaped):
            if out:
                buf[o + self.escaped + order[p]] = 1.0
        # (zeros are in the buffer already: only the other values are written)
        for p, held in enumerate(s._hands):
            size = len(held)
            if size:
                buf[o + self.sizes + order[p]] = size / 16 if size < 16 else 1.0
        played = s._discard
        if played:
            buf[o + self.top + _slot(played[-1])] = 1.0
            buf[o + self.colour + _COLOUR_AT[s._colour]] = 1.0
            if s._character != NO_CHARACTER:
                buf[o + self.character + _DECK_CHARACTER_AT[s._character]] = 1.0
        add_counts_row(
            buf,
            o + self.discard,
            [_slot(c) for c in played] if self.own else played,
            self.copies,
            self.copy,
        )
        left = s._decks
        if left[0]:
            buf[o + self.decks] = left[0] / self.half
        if left[1]:
            buf[o + self.decks + 1] = left[1] / self.half
        if s._demogorgons:
            buf[o + self.demogorgons] = s._demogorgons / self.total
        if s._direction != 1:
            buf[o + self.direction] = 1.0
        if s._forced:
            buf[o + self.owed] = s._forced / self.most_draws
        if s._draws:
            buf[o + self.drawn] = s._draws / 2
        if phase == OVER:
            for p in s.winners():
                buf[o + self.winners + order[p]] = 1.0


def make_writer(game: Game, at: Mapping[str, int]) -> Write:
    return _Writers(game, at).observation


def make_state_writer(game: Game, at: Mapping[str, int]) -> StateWrite:
    return _Writers(game, at).state


class EggoEncoder(ObservationEncoder):
    """Eggo's encoder: the layout of `FIELDS`, its card blocks widened by a game's own cards
    (4 entries per Draw N), so the default game keeps its size."""

    def bind(self, game: Game) -> Encoding:
        own = cast(EggoGame, game).num_types - NUM_TYPES if game.name == self.game else 0
        if not own:
            return super().bind(game)
        wide = ObservationEncoder(
            self.game, _fields(CARDS + own), self.make_writer, self.make_state_writer
        )
        return Encoding(wide, game)


ENCODER = EggoEncoder("eggo", FIELDS, make_writer, make_state_writer)
