"""Egg Bound's observation tensor (``roost.rl.encoding``).

Per-seat fields are seat-relative (entry 0 is the viewer, 1 the next seat, ...). Card blocks
have 17 entries, card type ids 1-17 of `Game.card_types()` (the Egg card, 0, is never held,
drawn or discarded): 1-4 the Chickens, 5-7 the Stars, 8 Egg Laying Song, 9 Hatch It, 10-14 the
red cards, 15-17 the green cards. Chicken blocks have 4 entries (Mother Hen, Golden Hen, Baby
Hen, Rooster).

=======================  ====  ============================================================
field                    size  meaning
=======================  ====  ============================================================
phase                    10    one-hot Phase, in the order its enum declares
current_player           n     one-hot seat deciding now (0 at chance nodes and the end)
turn_of                  n     one-hot seat whose turn it is (0 while dealing)
turn                     1     the turn being played / max_turns
hand                     17    my hand: copies of each card type / most
good_eggs                n     Good Eggs in front of each seat / 3
bad_eggs                 n     Bad Eggs in front of each seat / 3
egg_pile                 1     Egg cards left on the Egg Pile / Egg cards in the deck
egg_bound                n     1 if an Egg Bound card lies in front of the seat
fowl                     n     1 if a Fowl lies in front of the seat
hand_sizes               n     cards in each hand / (hand + 1): 6, one more during a swap
known_hands              17n   cards everyone knows each hand holds: copies per type / most
draw_pile                1     cards in the Draw Pile / the deck's other cards
pile_known               1     1 while everyone knows the Draw Pile's order (turned over)
pile_next                17    one-hot next card of a turned-over Draw Pile
pile_cards               17    a turned-over Draw Pile: copies per type / most
discard_pile             17    the Discard Pile: copies per type / most
discard_top              17    one-hot last card discarded
reshuffles               1     new Draw Piles made so far / 8 (capped at 1)
challenge                1     1 while a card is being answered
challenge_attacker       n     one-hot seat that played it
challenge_target         n     one-hot seat it was played against
challenge_card           17    one-hot card being answered
challenge_chicken        4     one-hot attacker's Chicken, if the viewer sees it
challenge_face_down      1     1 if the attacker's Chicken lies face down
result_event             12    one-hot what the last card did (Happened)
result_player            n     one-hot seat that played it
result_target            n     one-hot seat it was played against
result_card              17    one-hot card played (the Fowl for a lost turn)
result_chicken           4     one-hot player's Chicken, if shown
result_defender_chicken  4     one-hot Star: the target's Chicken
result_winner            n     one-hot Star: who won
result_blocked           2     one-hot Star: why no Good Egg was taken
result_side              2     one-hot Egg-Splosion: the kind of egg exploded
result_kept              2     Hatch It: the Chicken was kept, was not kept
result_discarded         17    one-hot Hatch It: the card discarded to keep it
winners                  n     1 for the winner, once the game is over
=======================  ====  ============================================================

With own Chickens (the ``own_cards`` parameter) every card block has one more entry per own
design (type ids 18 on, after the printed 17) and every Chicken block one more (after the
Rooster): a game without them keeps the sizes above.

``most`` is the most copies of one card in the game's deck (8 Cluck-Offs in the default deck,
6 in ``classic-2025``), so every copy count lies in 0-1 whatever the composition.

Left out: ``game``, ``players``, ``seat``, ``max_turns`` (the same in every observation of an
env). A Star's face-down Chicken is in ``challenge_chicken`` only for its owner, as in the
observation.

The envs write the same tensor straight from the state (`make_state_writer`), reading only what
``observation(seat)`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from roost.core.game import Game
from roost.core.state import State
from roost.games.egg_bound.actions import (
    CHANCE_PHASES,
    DEALING,
    DEFENDING,
    EXPLODING,
    KEEPING,
    OVER,
    PHASES,
    REACT,
    Phase,
)
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.state import EggBoundState
from roost.games.egg_bound.views import Blocked, EggSide, Happened
from roost.rl.encoding import (
    Buffer,
    Encoding,
    Field,
    ObservationEncoder,
    Row,
    StateWrite,
    Write,
    block,
    count_into,
    index_of,
    relative,
    seats,
    sums,
)

CARDS = 17
CHICKENS = 4


def _fields(cards: int, chickens: int) -> tuple[Field, ...]:
    """The layout for a deck of `cards` types held (17, and one per own Chicken) and
    `chickens` Chickens (4, and one per own Chicken)."""
    return (
        block("phase", len(Phase), "one-hot Phase, in the order its enum declares"),
        seats("current_player", "one-hot seat deciding now (0 at chance nodes and the end)"),
        seats("turn_of", "one-hot seat whose turn it is (0 while dealing)"),
        block("turn", 1, "the turn being played / max_turns"),
        block("hand", cards, "my hand: copies of each card type / most"),
        seats("good_eggs", "Good Eggs in front of each seat / 3"),
        seats("bad_eggs", "Bad Eggs in front of each seat / 3"),
        block("egg_pile", 1, "Egg cards left on the Egg Pile / Egg cards in the deck"),
        seats("egg_bound", "1 if an Egg Bound card lies in front of the seat"),
        seats("fowl", "1 if a Fowl lies in front of the seat"),
        seats("hand_sizes", "cards in each hand / (hand + 1): 6, one more during a swap"),
        seats("known_hands", "cards everyone knows each hand holds: copies per type / most", cards),
        block("draw_pile", 1, "cards in the Draw Pile / the deck's other cards"),
        block("pile_known", 1, "1 while everyone knows the Draw Pile's order (turned over)"),
        block("pile_next", cards, "one-hot next card of a turned-over Draw Pile"),
        block("pile_cards", cards, "a turned-over Draw Pile: copies per type / most"),
        block("discard_pile", cards, "the Discard Pile: copies per type / most"),
        block("discard_top", cards, "one-hot last card discarded"),
        block("reshuffles", 1, "new Draw Piles made so far / 8 (capped at 1)"),
        block("challenge", 1, "1 while a card is being answered"),
        seats("challenge_attacker", "one-hot seat that played it"),
        seats("challenge_target", "one-hot seat it was played against"),
        block("challenge_card", cards, "one-hot card being answered"),
        block("challenge_chicken", chickens, "one-hot attacker's Chicken, if the viewer sees it"),
        block("challenge_face_down", 1, "1 if the attacker's Chicken lies face down"),
        block("result_event", len(Happened), "one-hot what the last card did (Happened)"),
        seats("result_player", "one-hot seat that played it"),
        seats("result_target", "one-hot seat it was played against"),
        block("result_card", cards, "one-hot card played (the Fowl for a lost turn)"),
        block("result_chicken", chickens, "one-hot player's Chicken, if shown"),
        block("result_defender_chicken", chickens, "one-hot Star: the target's Chicken"),
        seats("result_winner", "one-hot Star: who won"),
        block("result_blocked", len(Blocked), "one-hot Star: why no Good Egg was taken"),
        block("result_side", len(EggSide), "one-hot Egg-Splosion: the kind of egg exploded"),
        block("result_kept", 2, "Hatch It: the Chicken was kept, was not kept"),
        block("result_discarded", cards, "one-hot Hatch It: the card discarded to keep it"),
        seats("winners", "1 for the winner, once the game is over"),
    )


FIELDS = _fields(CARDS, CHICKENS)
"""The default layout (no own Chickens)."""

_PHASE = index_of(list(Phase))
_HAPPENED = index_of(list(Happened))
_BLOCKED = index_of(list(Blocked))
_SIDE = index_of(list(EggSide))


_PHASE_AT = [_PHASE[str(phase)] for phase in PHASES]
"""The one-hot entry of each phase number of the state."""
_HAPPENED_AT = [_HAPPENED[str(event)] for event in Happened]
"""The one-hot entry of each event number of the state's last result (`Happened` order)."""
_BLOCKED_AT = [_BLOCKED[str(why)] for why in Blocked]
_SIDE_AT = [_SIDE[str(side)] for side in EggSide]
_ANSWERING = (REACT, DEFENDING, KEEPING, EXPLODING)
"""The phases with a card being answered (the observation's ``challenge``)."""
_FACE_DOWN_KNOWN = (REACT, DEFENDING)
"""The phases in which a face-down Chicken may be one of its owner's known cards."""


class _Writers:
    """Where each field starts in the row and what its values are divided by, worked out
    once per binding for both writers of the tensor: from an observation (`make_writer`)
    and from the state (`make_state_writer`)."""

    def __init__(self, game: Game, at: Mapping[str, int]) -> None:
        assert isinstance(game, EggBoundGame)
        self.n = game.num_players
        self.width = game.cards.num_types - 1  # card blocks: type ids 1 on
        self.eggs = game.composition.eggs  # counts are scaled by the game's own deck
        self.others = len(game.composition.draw_deck)
        self.rel = relative(self.n)
        self.phase = at["phase"]
        self.current = at["current_player"]
        self.turn_of = at["turn_of"]
        self.turn = at["turn"]
        self.hand = at["hand"] - 1
        self.good = at["good_eggs"]
        self.bad = at["bad_eggs"]
        self.egg_pile = at["egg_pile"]
        self.bound = at["egg_bound"]
        self.fowl = at["fowl"]
        self.sizes = at["hand_sizes"]
        self.known = at["known_hands"] - 1
        self.draw = at["draw_pile"]
        self.pile_known = at["pile_known"]
        self.pile_next = at["pile_next"] - 1
        self.pile_cards = at["pile_cards"] - 1
        self.discard = at["discard_pile"] - 1
        self.discard_top = at["discard_top"] - 1
        self.reshuffles = at["reshuffles"]
        self.challenge = at["challenge"]
        self.attacker = at["challenge_attacker"]
        self.target = at["challenge_target"]
        self.card_at = at["challenge_card"] - 1
        self.chicken_at = at["challenge_chicken"]
        self.face_down = at["challenge_face_down"]
        self.event = at["result_event"]
        self.r_player = at["result_player"]
        self.r_target = at["result_target"]
        self.r_card = at["result_card"] - 1
        self.r_chicken = at["result_chicken"]
        self.r_defender = at["result_defender_chicken"]
        self.index = game.cards.chicken_index  # a Chicken block's place of each Chicken type
        self.r_winner = at["result_winner"]
        self.r_blocked = at["result_blocked"]
        self.r_side = at["result_side"]
        self.r_kept = at["result_kept"]
        self.r_discarded = at["result_discarded"] - 1
        self.winners = at["winners"]
        self.sixth = 1 / (game.hand_size + 1)  # the most a hand holds: one more during a swap
        self.copy = 1 / max(game.composition.counts[1:])  # `most`: counts stay within 0-1
        self.third = 1 / 3
        self.max_turns = game.max_turns
        self.chickens = list(game.cards.chickens)
        self.copies = sums(len(game.all_cards()), self.copy)

    def observation(self, obs: Mapping[str, Any], buf: Buffer) -> None:
        order = self.rel[obs["seat"]]
        buf[self.phase + _PHASE[obs["phase"]]] = 1.0
        player = obs["current_player"]
        if player is not None:
            buf[self.current + order[player]] = 1.0
        player = obs["turn_of"]
        if player is not None:
            buf[self.turn_of + order[player]] = 1.0
        buf[self.turn] = obs["turn"] / obs["max_turns"]
        for card in obs["hand"]:
            buf[self.hand + card] += self.copy
        for seat, count in enumerate(obs["good_eggs"]):
            buf[self.good + order[seat]] = count * self.third
        for seat, count in enumerate(obs["bad_eggs"]):
            buf[self.bad + order[seat]] = count * self.third
        buf[self.egg_pile] = obs["egg_pile"] / self.eggs
        for seat, flag in enumerate(obs["egg_bound"]):
            if flag:
                buf[self.bound + order[seat]] = 1.0
        for seat, flag in enumerate(obs["fowl"]):
            if flag:
                buf[self.fowl + order[seat]] = 1.0
        for seat, size in enumerate(obs["hand_sizes"]):
            buf[self.sizes + order[seat]] = size * self.sixth
        for seat, cards in enumerate(obs["known_hands"]):
            base = self.known + self.width * order[seat]
            for card in cards:
                buf[base + card] += self.copy
        buf[self.draw] = obs["draw_pile"] / self.others
        pile = obs["draw_pile_known"]
        if pile is not None:
            buf[self.pile_known] = 1.0
            if pile:
                buf[self.pile_next + pile[0]] = 1.0
            for card in pile:
                buf[self.pile_cards + card] += self.copy
        discarded = obs["discard_pile"]
        for card in discarded:
            buf[self.discard + card] += self.copy
        if discarded:
            buf[self.discard_top + discarded[-1]] = 1.0
        count = obs["reshuffles"]
        buf[self.reshuffles] = count / 8 if count < 8 else 1.0
        answered = obs["challenge"]
        if answered is not None:
            buf[self.challenge] = 1.0
            buf[self.attacker + order[answered["attacker"]]] = 1.0
            buf[self.target + order[answered["target"]]] = 1.0
            buf[self.card_at + answered["card"]] = 1.0
            chicken = answered["chicken"]
            if chicken is not None:
                buf[self.chicken_at + self.index[chicken]] = 1.0
            if answered["face_down"]:
                buf[self.face_down] = 1.0
        result = obs["last_result"]
        if result is not None:
            buf[self.event + _HAPPENED[result["event"]]] = 1.0
            buf[self.r_player + order[result["player"]]] = 1.0
            who = result["target"]
            if who is not None:
                buf[self.r_target + order[who]] = 1.0
            buf[self.r_card + result["card"]] = 1.0
            chicken = result["chicken"]
            if chicken is not None:
                buf[self.r_chicken + self.index[chicken]] = 1.0
            chicken = result["defender_chicken"]
            if chicken is not None:
                buf[self.r_defender + self.index[chicken]] = 1.0
            who = result["winner"]
            if who is not None:
                buf[self.r_winner + order[who]] = 1.0
            why = result["blocked"]
            if why is not None:
                buf[self.r_blocked + _BLOCKED[why]] = 1.0
            side = result["side"]
            if side is not None:
                buf[self.r_side + _SIDE[side]] = 1.0
            kept = result["kept"]
            if kept is not None:
                buf[self.r_kept + (0 if kept else 1)] = 1.0
            card = result["discarded"]
            if card is not None:
                buf[self.r_discarded + card] = 1.0
        for seat in obs.get("winners", ()):
            buf[self.winners + order[seat]] = 1.0

    def state(self, state: State, seat: int, buf: Row, o: int) -> None:
        """`make_writer`'s tensor from the state (what `roost.games.egg_bound.views.observation`
        shows the seat, field by field). Card counts are counted in the row, then written from a
        table of what ``+= 1/most`` k times leaves in a float32 entry (the same bits)."""
        s = cast(EggBoundState, state)
        order = self.rel[seat]
        phase = s._phase
        buf[o + self.phase + _PHASE_AT[phase]] = 1.0
        if phase not in CHANCE_PHASES and phase != OVER:
            buf[o + self.current + order[s._player]] = 1.0
        mover = s._mover
        if phase != DEALING:
            buf[o + self.turn_of + order[mover]] = 1.0
        number = s._turn if phase == OVER and s._winner < 0 else s._turn + 1
        buf[o + self.turn] = number / self.max_turns
        count_into(buf, o + self.hand, s._hands[seat], self.copies)
        for p in range(self.n):
            at_seat = order[p]
            count = s._good[p]
            if count:
                buf[o + self.good + at_seat] = count * self.third
            count = s._bad[p]
            if count:
                buf[o + self.bad + at_seat] = count * self.third
            if s._bound[p]:
                buf[o + self.bound + at_seat] = 1.0
            if s._fowl[p]:
                buf[o + self.fowl + at_seat] = 1.0
            size = len(s._hands[p])
            if size:
                buf[o + self.sizes + at_seat] = size * self.sixth
            cards = s._known[p]
            if p == mover and s._star >= 0 and phase in _FACE_DOWN_KNOWN:
                cards = list(cards)
                for chicken in self.chickens:  # the Chicken face down may be this one
                    if chicken in cards:
                        cards.remove(chicken)
            count_into(buf, o + self.known + self.width * at_seat, cards, self.copies)
        buf[o + self.egg_pile] = s._egg_pile / self.eggs
        pool = s._pool
        buf[o + self.draw] = len(pool) / self.others
        if s._open:
            buf[o + self.pile_known] = 1.0
            if pool:
                buf[o + self.pile_next + pool[-1]] = 1.0
            count_into(buf, o + self.pile_cards, pool, self.copies)
        discarded = s._discard
        if discarded:
            count_into(buf, o + self.discard, discarded, self.copies)
            buf[o + self.discard_top + discarded[-1]] = 1.0
        count = len(s._epochs)
        if count:
            buf[o + self.reshuffles] = count / 8 if count < 8 else 1.0
        if phase in _ANSWERING:
            buf[o + self.challenge] = 1.0
            buf[o + self.attacker + order[mover]] = 1.0
            buf[o + self.target + order[s._target]] = 1.0
            buf[o + self.card_at + s._card] = 1.0
            hidden = s._star >= 0
            chicken = s._chicken
            if chicken >= 0 and not (hidden and seat != mover):
                buf[o + self.chicken_at + self.index[chicken]] = 1.0
            if hidden:
                buf[o + self.face_down] = 1.0
        result = s._result
        happened = result[0]
        if happened >= 0:
            who, whom, card, chicken, defender, won, why, side, kept, lost = result[1:]
            buf[o + self.event + _HAPPENED_AT[happened]] = 1.0
            buf[o + self.r_player + order[who]] = 1.0
            if whom >= 0:
                buf[o + self.r_target + order[whom]] = 1.0
            buf[o + self.r_card + card] = 1.0
            if chicken >= 0:
                buf[o + self.r_chicken + self.index[chicken]] = 1.0
            if defender >= 0:
                buf[o + self.r_defender + self.index[defender]] = 1.0
            if won >= 0:
                buf[o + self.r_winner + order[won]] = 1.0
            if why >= 0:
                buf[o + self.r_blocked + _BLOCKED_AT[why]] = 1.0
            if side >= 0:
                buf[o + self.r_side + _SIDE_AT[side]] = 1.0
            if kept >= 0:
                buf[o + self.r_kept + (0 if kept else 1)] = 1.0
            if lost >= 0:
                buf[o + self.r_discarded + lost] = 1.0
        if phase == OVER and s._winner >= 0:
            buf[o + self.winners + order[s._winner]] = 1.0


def make_writer(game: Game, at: Mapping[str, int]) -> Write:
    return _Writers(game, at).observation


def make_state_writer(game: Game, at: Mapping[str, int]) -> StateWrite:
    return _Writers(game, at).state


class _Encoder(ObservationEncoder):
    """Egg Bound's encoder: the default layout, widened for a game with own Chickens."""

    def bind(self, game: Game) -> Encoding:
        if isinstance(game, EggBoundGame) and game.cards.own:
            own = len(game.cards.own)
            wide = ObservationEncoder(
                self.game,
                _fields(CARDS + own, CHICKENS + own),
                self.make_writer,
                self.make_state_writer,
            )
            return wide.bind(game)
        return super().bind(game)


ENCODER = _Encoder("egg-bound", FIELDS, make_writer, make_state_writer)
