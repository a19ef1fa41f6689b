"""Eggo as a state machine: character choice, the deal, turns, draws, special cards, escapes.

The two draw decks are kept as one unordered pool of card types plus the size of each deck.
Nobody ever sees inside a deck, so each card drawn from either deck is a uniform draw from the
pool: that is exactly what a shuffled deck split in two gives, whatever order the decks are
drawn from. Keeping the pool unordered makes every draw a chance node with at most 47 outcomes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from roost.core.actions import ActionInfo
from roost.core.game import CHANCE, TERMINAL
from roost.core.hidden import HiddenHands
from roost.core.lists import remove_first
from roost.core.rand import randbelow
from roost.core.state import State
from roost.games.eggo import hidden, views
from roost.games.eggo.actions import (
    CHARACTER,
    CHOOSE,
    CHOOSING,
    COLOUR,
    DEALING,
    DRAW_A,
    DRAW_B,
    DRAWING,
    HUMAN,
    OVER,
    OWN_PLAY,
    OWN_SHIFT,
    PLAY_PORTAL,
    PLAY_RIFT,
    START_CARD,
    TURN,
)
from roost.games.eggo.cards import (
    BARB,
    DEMOGORGON,
    NO_CHARACTER,
    PLAYER_CHARACTERS,
    PORTAL,
    RIFT,
)

if TYPE_CHECKING:
    from roost.games.eggo.game import EggoGame

FLIP_TYPES: Final = 1 << PORTAL | 1 << RIFT
"""The wild cards, each played with one of four colours, as a bit mask of card types."""


def plays_of(types: int) -> int:
    """How many play actions the card types of the bit mask `types` have between them (four
    for a Portal or a Rift, one for any other card)."""
    count = 0
    flips = types & FLIP_TYPES
    while types:
        types &= types - 1
        count += 1
    while flips:
        flips &= flips - 1
        count += 3
    return count


class EggoState(State["EggoGame"]):
    """A position in a game of Stranger Things: Eggo Card Game."""

    __slots__ = (
        "_character",
        "_characters",
        "_colour",
        "_deal_left",
        "_decks",
        "_demogorgons",
        "_direction",
        "_discard",
        "_draw_from",
        "_draws",
        "_escaped",
        "_forced",
        "_hands",
        "_hidden",
        "_phase",
        "_player",
        "_pool",
        "_upside",
    )

    _characters: list[int]
    _colour: int
    _character: int
    _decks: list[int]
    _deal_left: int
    _demogorgons: int
    _direction: int
    _discard: list[int]
    _draw_from: int
    _draws: int
    _escaped: list[bool]
    _forced: int
    _hands: list[list[int]]
    _hidden: HiddenHands
    _phase: int
    _player: int
    _pool: list[int]
    _upside: list[bool]

    def __init__(self, game: EggoGame) -> None:
        super().__init__(game)
        n = game.num_players
        self._hidden = HiddenHands(n)
        self._hands = [[] for _ in range(n)]
        self._pool = [card for card in game.deck if card != DEMOGORGON]
        self._decks = [0, 0]
        self._discard = []
        self._colour = 0
        self._character = NO_CHARACTER
        self._upside = [True] * n  # "Ensure the Upside Down is faceup to begin with."
        self._escaped = [False] * n
        self._direction = 1
        self._demogorgons = 0
        self._draws = 0
        self._forced = 0
        self._draw_from = 0
        self._deal_left = game.hand_size * n
        self._player = 0
        if game.choose_characters:
            self._characters = [-1] * n
            self._phase = CHOOSING
        else:
            self._characters = list(range(n))
            self._phase = START_CARD

    # --- protocol: who moves and what they may do ------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if phase in (TURN, CHOOSING):
            return self._player
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self._phase == OVER  # what current_player() says, one call fewer per step

    def is_chance_node(self) -> bool:
        return self._phase in (START_CARD, DEALING, DRAWING)

    def _legal_now(self) -> list[int]:
        phase = self._phase
        if phase == TURN:
            if self._forced == 0:
                game = self._game
                mask = game.playable[self._colour * 10 + self._character]
                playable = 0  # the playable card types held, as a bit mask
                for card in self._hands[self._player]:
                    if mask >> card & 1:
                        playable |= 1 << card
                if playable:
                    low = playable & -playable
                    if playable == low:  # one type
                        return list(game.play_actions[low.bit_length() - 1])
                    actions: list[int] = []
                    while playable:
                        low = playable & -playable
                        actions.extend(game.play_actions[low.bit_length() - 1])
                        playable ^= low
                    actions.sort()
                    return actions
            decks = self._decks
            if decks[0] and decks[1]:
                return [DRAW_A, DRAW_B]
            return [DRAW_A] if decks[0] else [DRAW_B]
        if phase == CHOOSING:
            taken = self._characters
            return [CHOOSE + c for c in range(len(PLAYER_CHARACTERS)) if c not in taken]
        return []

    def _random_legal(self, rng: random.Random) -> int:
        """A turn's random move without the list (`_playable`, `_play_at`, the draws by
        their count); a choice of character from the list."""
        if self._phase == TURN:
            playable = self._playable()
            if playable:
                return self._play_at(playable, randbelow(rng, plays_of(playable)))
            return self._draw_at(rng)
        legal = self._legal_cached()
        return legal[randbelow(rng, len(legal))]

    def _playable(self) -> int:
        """The card types the player may play now, as a bit mask (0: the turn draws, as
        after a Draw 2 or with nothing that matches)."""
        if self._forced:
            return 0
        mask = self._game.playable[self._colour * 10 + self._character]
        playable = 0
        for card in self._hands[self._player]:
            if mask >> card & 1:
                playable |= 1 << card
        return playable

    def _play_at(self, types: int, k: int) -> int:
        """Play action number `k` of the card types `types` (a bit mask), in id order: what
        ``_legal_now()[k]`` is when `types` are the playable ones (a type's actions come in
        the order of the types, the box's, then the wild cards', then the own cards')."""
        t = 0
        while types >> t:
            if types >> t & 1:
                if t == PORTAL or t == RIFT:  # noqa: SIM109 (two compares of ints)
                    if k < 4:
                        return (PLAY_PORTAL if t == PORTAL else PLAY_RIFT) + k
                    k -= 4
                elif k:
                    k -= 1
                else:
                    return t + OWN_SHIFT if t > DEMOGORGON else t
            t += 1
        raise IndexError("a play index beyond the card types' plays")

    def _draw_at(self, rng: random.Random) -> int:
        """``legal[randbelow(rng, len(legal))]`` of a turn that draws (one deck or two)."""
        decks = self._decks
        if decks[0] and decks[1]:
            return DRAW_A + randbelow(rng, 2)
        return (DRAW_A if decks[0] else DRAW_B) + randbelow(rng, 1)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._phase
        if phase == START_CARD:
            counts = Counter(card for card in self._pool if card in HUMAN)
        elif phase in (DEALING, DRAWING):
            counts = Counter(self._pool)
        else:
            return []
        total = sum(counts.values())
        return [(card, counts[card] / total) for card in sorted(counts)]

    def sample_chance(self, rng: random.Random) -> int:
        """Draw the next card (overrides the base only to skip a call: playouts draw often)."""
        phase = self._phase
        if phase in (DEALING, DRAWING):
            pool = self._pool
            outcome = self._sampled = pool[randbelow(rng, len(pool))]
            return outcome
        return super().sample_chance(rng)

    def _sample(self, rng: random.Random) -> int:
        pool = self._pool
        if self._phase != START_CARD:
            return pool[randbelow(rng, len(pool))]
        # The rulebook's procedure: turn cards up until one shows a human character.
        while True:
            card = pool[randbelow(rng, len(pool))]
            if card in HUMAN:
                return card

    def _chance_ok(self, outcome: int) -> bool:
        return outcome in self._pool and (self._phase != START_CARD or outcome in HUMAN)

    # --- protocol: applying actions ---------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self._phase
        record = self._record
        if phase == TURN:
            if record:
                self._hidden.public(action)
            if action >= OWN_PLAY:
                self._play(action - OWN_SHIFT, -1)
            elif action >= DRAW_A:
                self._start_draw(action - DRAW_A)
            elif action >= PLAY_RIFT:
                self._play(RIFT, action - PLAY_RIFT)
            elif action >= PLAY_PORTAL:
                self._play(PORTAL, action - PLAY_PORTAL)
            else:
                self._play(action, -1)
        elif phase == DRAWING:
            self._drawn(action)
        elif phase == DEALING:
            self._deal(action)
        elif phase == CHOOSING:
            if record:
                self._hidden.public(action)
            self._characters[self._player] = action - CHOOSE
            self._player += 1
            if self._player == self._game.num_players:
                self._player = 0
                self._phase = START_CARD
        else:  # START_CARD
            if record:
                self._hidden.public(action)
            remove_first(self._pool, action)
            self._discard.append(action)
            self._colour = COLOUR[action]  # type: ignore[assignment]
            self._character = CHARACTER[action]
            self._phase = DEALING

    def _deal(self, card: int) -> None:
        """Deal one card: round the table from seat 0, four each (the game's `hand`)."""
        game = self._game
        n = game.num_players
        seat = (game.hand_size * n - self._deal_left) % n
        remove_first(self._pool, card)
        self._hands[seat].append(card)
        if self._record:
            self._hidden.hidden_receipt(seat, game.hand_mask)
        self._deal_left -= 1
        if self._deal_left == 0:
            # Shuffle the four Demogorgons in, split the deck in two roughly equal decks.
            self._pool.extend([DEMOGORGON] * game.demogorgons)
            size = len(self._pool)
            self._decks = [(size + 1) // 2, size // 2]
            self._phase = TURN
            self._player = 0

    def _start_draw(self, deck: int) -> None:
        if self._forced == 0 and self._record:
            # Drawing by choice is allowed only with no playable card: everyone learns that
            # nothing this player holds matches the top of the pile.
            mask = self._game.playable[self._colour * 10 + self._character]
            self._hidden.restrict(self._player, ~mask)
        self._draw_from = deck
        self._phase = DRAWING

    def _drawn(self, card: int) -> None:
        player = self._player
        remove_first(self._pool, card)
        self._decks[self._draw_from] = self._decks[self._draw_from] - 1
        self._phase = TURN
        if card == DEMOGORGON:
            # Set aside face up, never held; the fourth (the last) ends the game at once.
            if self._record:
                self._hidden.public(card)
            self._demogorgons += 1
            if self._demogorgons == self._game.demogorgons:
                self._phase = OVER
                return
        else:
            self._hands[player].append(card)
            if self._record:
                self._hidden.hidden_receipt(player, self._game.hand_mask)
        if self._forced:
            self._forced -= 1
            return
        self._draws += 1
        if self._draws < 2:
            return  # play it if it matches, else draw again: the next action will tell
        mask = self._game.playable[self._colour * 10 + self._character]
        if card != DEMOGORGON and mask >> card & 1:
            # The turn goes on, so everyone knows the card matches and must be played.
            if self._record:
                self._hidden.restrict_newest(player, mask)
        else:
            # Two draws and still no match: the turn ends, and everyone learns that nothing
            # this player holds matches.
            if self._record:
                self._hidden.restrict(player, ~mask)
            self._end_turn(skip=False)

    def _play(self, card: int, announced: int) -> None:
        player = self._player
        hand = self._hands[player]
        remove_first(hand, card)
        self._discard.append(card)
        if self._record:
            self._hidden.reveal(player, card)
        game = self._game
        kind = game.kinds[card]
        skip = False
        if kind == "character":
            self._colour = game.colours[card]
            self._character = game.card_characters[card]
        elif kind == "reverse" or kind == "draw2" or kind == "draw":
            self._colour = game.colours[card]
            self._character = NO_CHARACTER
            if kind == "reverse":
                self._direction = -self._direction
                skip = self._game.reverse_skips and self._players_in_play() == 2
        else:
            self._colour = announced
            self._character = NO_CHARACTER
            if card == PORTAL:
                self._flip(player)
            else:
                escaped = self._escaped
                for seat in range(self._game.num_players):
                    if not escaped[seat]:
                        self._flip(seat)
                for seat in range(self._game.num_players):
                    if seat != player and not escaped[seat] and not self._hands[seat]:
                        self._check_escape(seat)
        if not hand:
            self._check_escape(player)
        if self._players_in_play() == 0:
            self._phase = OVER
            return
        next_player = self._end_turn(skip)
        draws = game.draws[card]
        if draws:  # a Draw 2 or an own Draw N: the next player first draws that many
            self._forced = draws
            assert next_player >= 0

    def _flip(self, seat: int) -> None:
        if self._characters[seat] != BARB:  # both sides of Barb's card are the Upside Down
            self._upside[seat] = not self._upside[seat]

    def _check_escape(self, seat: int) -> None:
        if not self._upside[seat] and not self._hands[seat]:
            self._escaped[seat] = True

    def _players_in_play(self) -> int:
        return self._escaped.count(False)

    def _end_turn(self, skip: bool) -> int:
        """Pass the turn on in the direction of play, past escaped players."""
        n = self._game.num_players
        escaped = self._escaped
        seat = self._player
        steps = 2 if skip else 1
        while steps:
            seat = (seat + self._direction) % n
            if not escaped[seat]:
                steps -= 1
        self._player = seat
        self._draws = 0
        self._phase = TURN
        return seat

    # --- protocol: outcome ------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * self._game.num_players
        return [1.0 if escaped else 0.0 for escaped in self._escaped]

    def winners(self) -> list[int]:
        """Seats that escaped, once the game is over ([] before)."""
        if self._phase != OVER:
            return []
        return [seat for seat, escaped in enumerate(self._escaped) if escaped]

    # --- protocol: copies and equality -------------------------------------------------------

    def _copy_into(self, other: EggoState) -> None:
        other._phase = self._phase
        other._player = self._player
        other._characters = self._characters.copy()
        other._hands = [hand.copy() for hand in self._hands]
        other._pool = self._pool.copy()
        other._decks = self._decks.copy()
        other._discard = self._discard.copy()
        other._colour = self._colour
        other._character = self._character
        other._upside = self._upside.copy()
        other._escaped = self._escaped.copy()
        other._direction = self._direction
        other._demogorgons = self._demogorgons
        other._draws = self._draws
        other._forced = self._forced
        other._draw_from = self._draw_from
        other._deal_left = self._deal_left
        other._hidden = self._hidden.copy() if self._record else self._hidden

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase,
            self._player,
            tuple(self._characters),
            tuple(tuple(sorted(hand)) for hand in self._hands),
            tuple(sorted(self._pool)),
            tuple(self._decks),
            tuple(self._discard),
            self._colour,
            self._character,
            tuple(self._upside),
            tuple(self._escaped),
            self._direction,
            self._demogorgons,
            self._draws,
            self._forced,
            self._draw_from,
            self._deal_left,
            self._hidden.key(),
        )

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": list(hand) for seat, hand in enumerate(self._hands)}
        places["decks"] = list(self._pool)
        places["discard"] = list(self._discard)
        shuffled_in = self._phase >= TURN
        aside = self._demogorgons if shuffled_in else self._game.demogorgons
        places["demogorgons set aside"] = [DEMOGORGON] * aside
        return places

    # --- hidden information and what each seat sees ------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> EggoState:
        return hidden.resample(self, seat, rng)

    def _determinize(self, seat: int, rng: random.Random) -> EggoState:
        return hidden.resample(self, seat, rng, record=False)

    def _observe(self, viewer: int | None) -> views.EggoObservation:
        return views.observation(self, viewer)

    def _action_text(self, action: int, viewer: int | None) -> str:
        return views.action_text(self, action, viewer)

    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        return views.action_info(self, action)

    def _explain_illegal(self, action: int) -> str:
        return views.why_illegal(self, action)
