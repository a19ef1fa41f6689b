"""Egg Bound's transitions: what each play, answer, draw and refill does to the state.

Functions of the state, split from `state.py` (the protocol hooks, the legal actions and the
commonest steps) so both stay readable; `EggBoundState._apply` calls them. They keep the public
record of hands (`hidden.py`) as they go, while the state records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from roost.core.lists import remove_first
from roost.games.egg_bound.actions import (
    CLUCK,
    DECLINE,
    DEFEND_NONE,
    DEFENDING,
    EXPLODING,
    GOOD_EGG,
    HATCH,
    KEEPING,
    NUM_ACTIONS,
    OVER,
    REACT,
    RED,
    REFILL,
    SONG,
    STAR,
    TURN,
    UNBIND,
    card_of,
    chicken_of,
    decode_star,
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
    HATCH_IT,
    MAX_PLAYERS,
    RED_ACTIONS,
    STAR_COMPARES,
    STARS,
    UN_BOUND,
)
from roost.games.egg_bound.hidden import (
    EV_GAIN,
    EV_HIDDEN,
    EV_NO_CHICKEN,
    EV_PLAY,
    EV_RESHUFFLE,
    EV_TAKEN_BACK,
)
from roost.games.egg_bound.views import Blocked, Happened

if TYPE_CHECKING:
    from roost.games.egg_bound.state import EggBoundState

_HAPPENED: Final[dict[Happened, int]] = {happened: i for i, happened in enumerate(Happened)}
"""Each event's index (a dict: ``tuple.index`` compared the enum members one by one)."""
_NO_GOOD_EGG: Final = tuple(Blocked).index(Blocked.NO_GOOD_EGG)
_EGG_CAP_BLOCKS: Final = tuple(Blocked).index(Blocked.EGG_CAP)
_PRINTED_KIND: Final[tuple[int, ...]] = tuple(kind(a) for a in range(NUM_ACTIONS))
"""`kind` of each printed id, looked up (`kind` walks its table of ranges)."""
NO_RESULT: Final = (-1,) * 11
"""`_result` before anything happened."""


def result(
    happened: Happened,
    player: int,
    target: int = -1,
    card: int = -1,
    chicken: int = -1,
    defender_chicken: int = -1,
    winner: int = -1,
    blocked: int = -1,
    side: int = -1,
    kept: int = -1,
    discarded: int = -1,
) -> tuple[int, ...]:
    """What the last card did, as the state keeps it (-1: does not apply); `views` reads it
    as a `LastResult`."""
    return (
        _HAPPENED[happened],
        player,
        target,
        card,
        chicken,
        defender_chicken,
        winner,
        blocked,
        side,
        kept,
        discarded,
    )


def note(state: EggBoundState, kind: int, seat: int, value: int) -> None:
    if state._record:
        state._events.append((kind, seat, value))


def lose_card(state: EggBoundState, seat: int, card: int) -> None:
    """`seat` shows `card` from its hand and it leaves the hand."""
    remove_first(state._hands[seat], card)
    known = state._known[seat]
    if known and card in known:
        remove_first(known, card)
    if state._record:
        state._events.append((EV_PLAY, seat, card))


def reshuffle(state: EggBoundState) -> None:
    """The Draw Pile ran out: the Discard Pile becomes the new Draw Pile, turned over (its
    first card discarded comes up first) or shuffled."""
    counts = [0] * state._game.cards.num_types
    for card in state._discard:
        counts[card] = counts[card] + 1
    state._epochs.append(tuple(counts))
    if state._game.shuffles:
        state._pool = state._discard
    else:
        state._discard.reverse()
        state._pool = state._discard
        state._open = True
    state._discard = []
    state._fresh = True
    note(state, EV_RESHUFFLE, -1, len(state._epochs))


def start_turn(state: EggBoundState, seat: int) -> None:
    state._mover = state._player = seat
    state._phase = TURN
    state._card = state._star = state._chicken = state._target = -1


def end_turn(state: EggBoundState) -> None:
    """Discards are done: count the turn, then refill hands (mover first, clockwise)."""
    state._turn += 1
    if state._turn >= state._game.max_turns:
        state._phase = OVER
        return
    state._refill_i = 0
    advance_refill(state)


def advance_refill(state: EggBoundState) -> None:
    """Refill the next hand short of five (the game's `hand`; from `_refill_i`), or start the
    next turn."""
    n = state._game.num_players
    hand_size = state._game.hand_size
    hands = state._hands
    mover = state._mover
    i = state._refill_i
    while i < n:
        seat = (mover + i) % n
        if len(hands[seat]) < hand_size:
            state._refill_i = i
            if not state._pool:
                if not state._discard:
                    break  # nothing left to draw ("draw what there is"); cannot happen
                reshuffle(state)
            state._phase = REFILL
            state._player = seat
            return
        i += 1
    state._refill_i = i
    start_turn(state, (mover + 1) % n)


def gain_good(state: EggBoundState, seat: int) -> bool:
    """`seat` gets a Good Egg; True (and the game is over) if that makes three."""
    state._good[seat] = state._good[seat] + 1
    if state._good[seat] >= EGGS_TO_WIN:
        state._winner = seat
        state._phase = OVER
        return True
    return False


def clear_table(state: EggBoundState) -> None:
    state._discard.extend(state._table)
    state._table = []


def play(state: EggBoundState, action: int) -> None:
    """A card played on the mover's turn (a swap is handled in `_apply`)."""
    p = state._mover
    chickens = state._game.cards.chickens
    what = _PRINTED_KIND[action] if action < NUM_ACTIONS else kind(action)
    if what == STAR:
        star, c, victim = decode_star(action)
        card, chicken = STARS[star], chickens[c]
        lose_card(state, p, card)
        remove_first(state._hands[p], chicken)
        if state._record:
            state._hidden_at = len(state._events)
            state._events.append((EV_HIDDEN, p, len(state._history) - 1))
        state._table = [card, chicken]
        challenge(state, card, victim, star=star, chicken=chicken)
    elif what == SONG:
        chicken = chickens[chicken_of(action)]
        lose_card(state, p, EGG_LAYING_SONG)
        lose_card(state, p, chicken)
        state._discard.extend((EGG_LAYING_SONG, chicken))
        state._egg_pile -= 1
        state._result = result(Happened.SONG, p, card=EGG_LAYING_SONG, chicken=chicken)
        if not gain_good(state, p):
            end_turn(state)
    elif what == HATCH:
        victim = victim_of(action)
        chicken = chickens[chicken_of(action)]
        lose_card(state, p, HATCH_IT)
        lose_card(state, p, chicken)
        state._table = [HATCH_IT, chicken]
        challenge(state, HATCH_IT, victim, chicken=chicken)
    elif action < GOOD_EGG:
        r = (action - RED) // MAX_PLAYERS  # not divmod: mypyc boxes its pair
        victim = action - RED - r * MAX_PLAYERS
        card = RED_ACTIONS[r]
        lose_card(state, p, card)
        state._table = [card]
        challenge(state, card, victim)
    elif action == GOOD_EGG:
        lose_card(state, p, GOOD_EGG_CARD)
        state._discard.append(GOOD_EGG_CARD)
        state._bad[p] = state._bad[p] - 1
        state._result = result(Happened.GOOD_EGG, p, card=GOOD_EGG_CARD)
        if not gain_good(state, p):
            end_turn(state)
    elif action == UNBIND:
        lose_card(state, p, UN_BOUND)
        state._discard.extend((UN_BOUND, EGG_BOUND_CARD))
        state._bound[p] = False
        state._result = result(Happened.UN_BOUND, p, card=UN_BOUND)
        end_turn(state)
    else:  # LOSE_TURN
        state._fowl[p] = False
        state._discard.append(FOWL)
        state._result = result(Happened.LOST_TURN, p, card=FOWL)
        end_turn(state)


def challenge(
    state: EggBoundState, card: int, victim: int, *, star: int = -1, chicken: int = -1
) -> None:
    """A card is played against `victim`: open their Cluck-Off window (always)."""
    state._card = card
    state._star = star
    state._chicken = chicken
    state._target = victim
    state._phase = REACT
    state._player = victim


def react(state: EggBoundState, action: int) -> None:
    p, victim, card = state._mover, state._target, state._card
    if action == CLUCK:
        lose_card(state, victim, CLUCK_OFF)
        state._discard.append(CLUCK_OFF)
        if state._star >= 0:
            reveal_hidden_chicken(state)
        state._result = result(Happened.CLUCK_OFF, p, victim, card=card, chicken=state._chicken)
        clear_table(state)
        end_turn(state)
        return
    if state._star >= 0:
        state._phase = DEFENDING
        return
    good, bad = state._good, state._bad
    if card == HATCH_IT:
        good[victim] = good[victim] - 1
        state._result = result(Happened.HATCH_IT, p, victim, card=card, chicken=state._chicken)
        if gain_good(state, p):
            clear_table(state)
            return
        state._phase = KEEPING
        return
    if card == EGG_SPLOSION and good[victim] and bad[victim]:
        state._phase = EXPLODING
        state._player = p
        return
    if card in (EGG_BOUND_CARD, FOWL):
        state._table = []  # the card goes in front of the victim, not to the discard
    else:
        clear_table(state)
    if card == BAD_EGG_CARD:
        good[victim] = good[victim] - 1
        bad[victim] = bad[victim] + 1
        state._result = result(Happened.BAD_EGG, p, victim, card=card)
    elif card == EGG_SPLOSION:
        explode_egg(state, victim, good_side=good[victim] > 0)
    elif card == EGGY_SOLDIER:
        good[victim] = good[victim] - 1
        state._result = result(Happened.EGGY_SOLDIER, p, victim, card=card)
        if gain_good(state, p):
            return
    elif card == EGG_BOUND_CARD:
        state._bound[victim] = True
        state._result = result(Happened.EGG_BOUND, p, victim, card=card)
    else:  # FOWL
        state._fowl[victim] = True
        state._result = result(Happened.FOWL, p, victim, card=card)
    end_turn(state)


def explode(state: EggBoundState, good_side: bool) -> None:
    clear_table(state)
    explode_egg(state, state._target, good_side=good_side)
    end_turn(state)


def explode_egg(state: EggBoundState, victim: int, *, good_side: bool) -> None:
    if good_side:
        state._good[victim] = state._good[victim] - 1
    else:
        state._bad[victim] = state._bad[victim] - 1
    state._egg_pile += 1  # back on the Egg Pile, Good side up
    side = 0 if good_side else 1
    state._result = result(Happened.EGG_SPLOSION, state._mover, victim, EGG_SPLOSION, side=side)


def reveal_hidden_chicken(state: EggBoundState) -> None:
    """The attacker's face-down Chicken is turned over."""
    p, chicken = state._mover, state._chicken
    known = state._known[p]
    if known and chicken in known:
        remove_first(known, chicken)
    if state._record and state._hidden_at >= 0:
        state._events[state._hidden_at] = (EV_PLAY, p, chicken)
    state._hidden_at = -1


def defend(state: EggBoundState, action: int) -> None:
    p, victim, star = state._mover, state._target, state._star
    score = STAR_COMPARES[star]
    assert score is not None
    attacker_chicken = state._chicken
    if action == DEFEND_NONE:
        # Everyone learns the defender holds no Chicken; the attacker wins and takes the
        # Chicken back unseen.
        note(state, EV_NO_CHICKEN, victim, 0)
        if state._record and state._hidden_at >= 0:
            index = state._events[state._hidden_at][2]
            state._events[state._hidden_at] = (EV_TAKEN_BACK, p, index)
        state._hidden_at = -1
        state._hands[p].append(attacker_chicken)
        state._table.remove(attacker_chicken)
        state._chicken = -1  # back in the hand, unseen
        clear_table(state)
        blocked = take_good(state, p, victim)
        state._result = result(
            Happened.STAR, p, victim, card=state._card, winner=p, blocked=blocked
        )
        if state._phase != OVER:
            end_turn(state)
        return
    cards = state._game.cards
    defender_chicken = cards.chickens[chicken_of(action)]
    lose_card(state, victim, defender_chicken)
    reveal_hidden_chicken(state)
    state._table.append(defender_chicken)
    clear_table(state)
    mine = cards.stars_of(score, attacker_chicken)
    theirs = cards.stars_of(score, defender_chicken)
    winner = p if mine > theirs else victim if theirs > mine else -1
    blocked = -1
    if winner >= 0:
        blocked = take_good(state, winner, victim if winner == p else p)
    state._result = result(
        Happened.STAR,
        p,
        victim,
        card=state._card,
        chicken=attacker_chicken,
        defender_chicken=defender_chicken,
        winner=winner,
        blocked=blocked,
    )
    if state._phase != OVER:
        end_turn(state)


def take_good(state: EggBoundState, winner: int, loser: int) -> int:
    """The winner of a challenge takes a Good Egg from the loser, if the loser has one and
    the winner has room; returns why not (a `Blocked` index) or -1."""
    if not state._good[loser]:
        return _NO_GOOD_EGG
    if state._good[winner] + state._bad[winner] >= EGG_CAP:
        return _EGG_CAP_BLOCKS
    state._good[loser] = state._good[loser] - 1
    gain_good(state, winner)
    return -1


def keep(state: EggBoundState, action: int) -> None:
    victim, chicken = state._target, state._chicken
    before = state._result
    if action == DECLINE:
        state._result = (*before[:9], 0, -1)
    else:
        card = card_of(action)
        state._table.remove(chicken)
        state._hands[victim].append(chicken)
        state._known[victim].append(chicken)
        note(state, EV_GAIN, victim, chicken)
        lose_card(state, victim, card)
        state._discard.append(card)
        state._result = (*before[:9], 1, card)
    clear_table(state)
    end_turn(state)
