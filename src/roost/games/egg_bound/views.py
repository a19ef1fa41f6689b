"""What Egg Bound shows: each seat's observation, actions in words and as data, what the last
card did, and reasons for refusals.

Functions of the state, kept apart from the rules so the state machine stays short. Observations
name cards by type id (`Game.card_types` gives their names, colours and texts) and everything
else by an enum whose values are stable ids or by numbers; words for people are built from those
(`result_text`, the action texts).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict, cast

from roost.core.actions import ActionInfo, Choice
from roost.core.game import OMNISCIENT
from roost.core.message import Listing, Message, Term, message
from roost.core.view import SeatView
from roost.games.egg_bound.actions import (
    CHANCE_PHASES,
    CLUCK,
    DEALING,
    DECLINE,
    DEFEND,
    DEFEND_NONE,
    DEFENDING,
    DISCARD,
    EXPLODE_GOOD,
    EXPLODING,
    GOOD_EGG,
    HATCH,
    KEEP,
    KEEPING,
    LOSE_TURN,
    NUM_ACTIONS,
    OVER,
    PHASES,
    REACT,
    RED,
    SONG,
    STAR,
    SWAP,
    SWAP_DISCARD,
    UNBIND,
    Phase,
    card_of,
    chicken_of,
    decision_message,
    decode_star,
    kind,
    seat_name,
    star_message,
    victim_of,
)
from roost.games.egg_bound.cards import (
    A_CHICKEN,
    CARD_TERMS,
    CLUCK_OFF,
    EGG,
    EGG_BOUND_CARD,
    EGG_CAP,
    EGG_LAYING_SONG,
    EGG_SPLOSION,
    EGGY_SOLDIER,
    GOOD_EGG_CARD,
    HATCH_IT,
    MAX_PLAYERS,
    PRINTED,
    RED_ACTIONS,
    STAR_COMPARES,
    STAR_NAME_TERMS,
    STARS,
    UN_BOUND,
    CardSet,
    card_word,
)

if TYPE_CHECKING:
    from roost.games.egg_bound.state import EggBoundState


class Happened(StrEnum):
    """What the last card played did (the ``event`` of a `LastResult`)."""

    SONG = "song"
    """The player sang the Egg Laying Song and took a Good Egg from the Egg Pile."""
    GOOD_EGG = "good_egg"
    """The player turned one of their Bad Eggs good with a green Good Egg."""
    UN_BOUND = "un_bound"
    """The player discarded Un-Bound and the Egg Bound card in front of them."""
    LOST_TURN = "lost_turn"
    """The player lost the turn to the Fowl in front of them."""
    CLUCK_OFF = "cluck_off"
    """The target answered the card with Cluck-Off: it did nothing."""
    HATCH_IT = "hatch_it"
    """The player took one of the target's Good Eggs with Hatch It."""
    BAD_EGG = "bad_egg"
    """The player turned one of the target's Good Eggs bad."""
    EGG_SPLOSION = "egg_splosion"
    """The player put one of the target's eggs back on the Egg Pile."""
    EGGY_SOLDIER = "eggy_soldier"
    """The player took one of the target's Good Eggs with Eggy Soldier."""
    EGG_BOUND = "egg_bound"
    """The target is Egg Bound."""
    FOWL = "fowl"
    """The target is Fowled and will lose their next turn."""
    STAR = "star"
    """A Star challenge was decided."""


class Blocked(StrEnum):
    """Why the winner of a Star challenge took no Good Egg."""

    NO_GOOD_EGG = "no_good_egg"
    """The loser had no Good Egg."""
    EGG_CAP = "egg_cap"
    """The winner already had three eggs."""


class EggSide(StrEnum):
    GOOD = "good"
    BAD = "bad"


EGG_SIDES: Final = tuple(EggSide)


class Challenge(TypedDict):
    """The card being answered: played by `attacker` against `target`."""

    attacker: int
    card: int
    target: int
    chicken: int | None
    """The attacker's Chicken, if the viewer can see it (None: no Chicken, or a Star's Chicken
    face down and the viewer is not its owner)."""
    face_down: bool
    """The attacker's Chicken lies face down (a Star challenge's, until both are turned over)."""


class LastResult(TypedDict):
    """What the last card played did."""

    event: Happened
    player: int
    """Who played the card (the player whose turn it was)."""
    target: int | None
    """Who it was played against."""
    card: int
    """The card played (for ``lost_turn``, the Fowl; for ``cluck_off``, the card answered)."""
    chicken: int | None
    """The player's Chicken, if it was shown (a Song, a Hatch It, a Star once turned over)."""
    defender_chicken: int | None
    """A Star: the target's Chicken (None: they held none)."""
    winner: int | None
    """A Star: who won (None: the same stars, nobody)."""
    blocked: Blocked | None
    """A Star: why the winner took no Good Egg (None: they took one, or nobody won)."""
    side: EggSide | None
    """An Egg-Splosion: which kind of egg went back to the Egg Pile."""
    kept: bool | None
    """A Hatch It: whether the target kept the player's Chicken (None: not decided yet)."""
    discarded: int | None
    """A Hatch It whose Chicken was kept: the card the target discarded for it."""


class EggBoundObservation(TypedDict):
    """What one seat sees (``observation(seat)``); a spectator gets all but the hands."""

    game: str
    players: int
    seat: int | None
    """The seat this is the view of (None: a spectator or the omniscient view)."""
    phase: Phase
    current_player: int | None
    """The seat deciding now; None while cards are dealt or drawn, and after the end."""
    turn_of: int | None
    """Whose turn it is (None during the deal)."""
    turn: int
    """The turn being played, from 1 (at the end: the last turn played)."""
    max_turns: int
    good_eggs: list[int]
    bad_eggs: list[int]
    egg_pile: int
    """Egg cards left on the Egg Pile."""
    egg_bound: list[bool]
    """Who has an Egg Bound card in front of them."""
    fowl: list[bool]
    """Who has a Fowl in front of them."""
    hand_sizes: list[int]
    known_hands: list[list[int]]
    """Cards everyone knows each player holds, sorted: drawn from a turned-over Draw Pile or
    a kept Hatch It Chicken, and not shown since (less one of each Chicken while its owner's
    Chicken lies face down: it may be that one)."""
    draw_pile: int
    """Cards in the Draw Pile."""
    draw_pile_known: list[int] | None
    """The Draw Pile top card first, when everyone knows its order (it was turned over);
    None while it is shuffled."""
    discard_pile: list[int]
    """The Discard Pile, the first card discarded first (face up: everyone saw it)."""
    reshuffles: int
    """How many times the Discard Pile became a new Draw Pile."""
    challenge: Challenge | None
    """The card being answered, while its target, defender or attacker decides."""
    last_result: LastResult | None
    """What the last card played did (None before any)."""
    hand: NotRequired[list[int]]
    """The seat's own hand, sorted (absent for a spectator)."""
    hands: NotRequired[list[list[int]]]
    """Every hand (the omniscient view only)."""
    draw_pile_cards: NotRequired[list[int]]
    """The Draw Pile's cards, sorted (the omniscient view only)."""
    winners: NotRequired[list[int]]
    """The winner, once the game is over ([] when the turn cap ended it)."""


def of(view: SeatView) -> EggBoundObservation:
    """A bot's seat view read as the typed observation it is."""
    if view.game.name != "egg-bound":
        raise ValueError(f"an Egg Bound view was expected, not {view.game.name}")
    return cast(EggBoundObservation, view.observation())


def read(obs: Mapping[str, Any]) -> EggBoundObservation:
    """An observation (from `observation`, or JSON) read as Egg Bound's."""
    if obs.get("game") != "egg-bound":
        raise ValueError(f"an Egg Bound observation was expected, not {obs.get('game')!r}")
    return cast(EggBoundObservation, obs)


_HAPPENED: Final = tuple(Happened)
_BLOCKED: Final = tuple(Blocked)


def observation(state: EggBoundState, seat: int | None) -> EggBoundObservation:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    phase = state._phase
    deciding = phase not in CHANCE_PHASES and phase != OVER
    pool = state._pool
    obs: EggBoundObservation = {
        "game": game.name,
        "players": game.num_players,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASES[phase],
        "current_player": state._player if deciding else None,
        "turn_of": state._mover if phase != DEALING else None,
        "turn": state._turn if phase == OVER and state._winner < 0 else state._turn + 1,
        "max_turns": game.max_turns,
        "good_eggs": list(state._good),
        "bad_eggs": list(state._bad),
        "egg_pile": state._egg_pile,
        "egg_bound": list(state._bound),
        "fowl": list(state._fowl),
        "hand_sizes": [len(hand) for hand in state._hands],
        "known_hands": _known_hands(state),
        "draw_pile": len(pool),
        "draw_pile_known": pool[::-1] if state._open else None,
        "discard_pile": list(state._discard),
        "reshuffles": len(state._epochs),
        "challenge": _challenge(state, seat),
        "last_result": last_result(state._result),
    }
    if seat is not None and seat >= 0:
        obs["hand"] = sorted(state._hands[seat])
    if seat == OMNISCIENT:
        obs["hands"] = [sorted(hand) for hand in state._hands]
        obs["draw_pile_cards"] = sorted(pool)
    if phase == OVER:
        obs["winners"] = state.winners()
    return obs


def _known_hands(state: EggBoundState) -> list[list[int]]:
    known = [sorted(cards) for cards in state._known]
    if state._star >= 0 and state._phase in (REACT, DEFENDING):
        mine = known[state._mover]
        for chicken in state._game.cards.chickens:
            if chicken in mine:  # the Chicken face down may be this one
                mine.remove(chicken)
    return known


def _challenge(state: EggBoundState, seat: int | None) -> Challenge | None:
    """The card being resolved, with the face-down Chicken hidden from all but its owner."""
    if state._phase not in (REACT, DEFENDING, KEEPING, EXPLODING):
        return None
    face_down = state._star >= 0
    chicken: int | None = state._chicken if state._chicken >= 0 else None
    if face_down and seat not in (state._mover, OMNISCIENT):
        chicken = None
    return {
        "attacker": state._mover,
        "card": state._card,
        "target": state._target,
        "chicken": chicken,
        "face_down": face_down,
    }


def last_result(kept: tuple[int, ...]) -> LastResult | None:
    """The state's record of the last card played, as data."""
    (happened, player, target, card, chicken, defender, winner, blocked, side, keep, discarded) = (
        kept
    )
    if happened < 0:
        return None
    return {
        "event": _HAPPENED[happened],
        "player": player,
        "target": target if target >= 0 else None,
        "card": card,
        "chicken": chicken if chicken >= 0 else None,
        "defender_chicken": defender if defender >= 0 else None,
        "winner": winner if winner >= 0 else None,
        "blocked": _BLOCKED[blocked] if blocked >= 0 else None,
        "side": EGG_SIDES[side] if side >= 0 else None,
        "kept": bool(keep) if keep >= 0 else None,
        "discarded": discarded if discarded >= 0 else None,
    }


def result_text(result: LastResult, cards: CardSet = PRINTED) -> str:
    """`result_message` in English (the canonical text)."""
    return result_message(result, cards).english()


def result_message(result: LastResult, cards: CardSet = PRINTED) -> Message:
    """What the last card did, in words (`cards`: the game's, naming its own Chickens)."""
    event = result["event"]
    p = seat_name(result["player"])
    target = result["target"]
    v: str | Message = seat_name(target) if target is not None else message("nobody")
    card = card_word(cards, result["card"])
    chicken = result["chicken"]
    if event == Happened.SONG:
        return message(
            "{seat} sang the Egg Laying Song and took a Good Egg from the Egg Pile", seat=p
        )
    if event == Happened.GOOD_EGG:
        return message("{seat} turned a Bad Egg good", seat=p)
    if event == Happened.UN_BOUND:
        return message("{seat} is Un-Bound", seat=p)
    if event == Happened.LOST_TURN:
        return message("{seat} lost a turn to the Fowl", seat=p)
    if event == Happened.CLUCK_OFF:
        if result["card"] in STARS and chicken is not None:
            return message(
                "{target} played Cluck-Off against {card}: {seat}'s {chicken} and the Star are "
                "discarded",
                target=v,
                card=card,
                seat=p,
                chicken=card_word(cards, chicken),
            )
        return message("{target} played Cluck-Off against {card}", target=v, card=card)
    if event == Happened.HATCH_IT:
        return _hatch_message(result, p, v, cards)
    if event == Happened.BAD_EGG:
        return message("{seat} turned one of {target}'s Good Eggs bad", seat=p, target=v)
    if event == Happened.EGG_SPLOSION:
        if result["side"] == EggSide.BAD:
            return message("{seat} exploded one of {target}'s Bad Eggs", seat=p, target=v)
        return message("{seat} exploded one of {target}'s Good Eggs", seat=p, target=v)
    if event == Happened.EGGY_SOLDIER:
        return message("{seat}'s Eggy Soldier took a Good Egg from {target}", seat=p, target=v)
    if event == Happened.EGG_BOUND:
        return message("{target} is Egg Bound", target=v)
    if event == Happened.FOWL:
        return message("{target} is Fowled and will lose their next turn", target=v)
    return _star_message(result, p, v, cards)


def _hatch_message(result: LastResult, p: str, v: str | Message, cards: CardSet) -> Message:
    chicken = result["chicken"]
    kept = card_word(cards, chicken) if chicken is not None else A_CHICKEN
    if result["kept"] is False:
        return message(
            "{seat} hatched a Good Egg from {target}; {target} did not keep the {chicken}",
            seat=p,
            target=v,
            chicken=kept,
        )
    if result["kept"]:
        discarded = result["discarded"]
        assert discarded is not None
        return message(
            "{seat} hatched a Good Egg from {target}; {target} kept the {chicken} and "
            "discarded {card}",
            seat=p,
            target=v,
            chicken=kept,
            card=card_word(cards, discarded),
        )
    return message("{seat} hatched a Good Egg from {target}", seat=p, target=v)


def _star_message(result: LastResult, p: str, v: str | Message, cards: CardSet) -> Message:
    winner = result["winner"]
    defender = result["defender_chicken"]
    challenge: Message
    if defender is None:
        challenge = message("{target} had no Chicken: {seat} wins the challenge", target=v, seat=p)
    else:
        score = STAR_COMPARES[STARS.index(result["card"])]
        assert score is not None and result["chicken"] is not None
        fields: dict[str, int | str | Term | Message | Listing] = {
            "seat": p,
            "chicken": card_word(cards, result["chicken"]),
            "score": STAR_NAME_TERMS[score],
            "stars": cards.stars_of(score, result["chicken"]),
            "target": v,
            "other": card_word(cards, defender),
            "other_stars": cards.stars_of(score, defender),
        }
        if winner is None:
            return message(
                "{seat}'s {chicken} ({score} {stars}) against {target}'s {other} "
                "({other_stars}): same stars, nobody wins",
                **fields,
            )
        fields["winner"] = seat_name(winner)
        challenge = message(
            "{seat}'s {chicken} ({score} {stars}) against {target}'s {other} "
            "({other_stars}): {winner} wins",
            **fields,
        )
    assert winner is not None
    loser = result["target"] if winner == result["player"] else result["player"]
    assert loser is not None
    blocked = result["blocked"]
    if blocked == Blocked.NO_GOOD_EGG:
        return message(
            "{challenge}, but {loser} has no Good Egg to take",
            challenge=challenge,
            loser=seat_name(loser),
        )
    if blocked == Blocked.EGG_CAP:
        return message(
            "{challenge}, but {winner} already has {count} eggs",
            challenge=challenge,
            winner=seat_name(winner),
            count=EGG_CAP,
        )
    return message(
        "{challenge} and takes a Good Egg from {loser}",
        challenge=challenge,
        loser=seat_name(loser),
    )


# --- actions in words and as data --------------------------------------------------------------


def action_message(state: EggBoundState, action: int, viewer: int | None) -> Message:
    """`action` as `viewer` may know it: cards drawn from a shuffled pile and a Star's
    face-down Chicken stay hidden from the others."""
    phase = state._phase
    cards = state._game.cards
    if phase in CHANCE_PHASES:
        seat = seat_name(state._player)
        sees = state._open or viewer in (state._player, OMNISCIENT)
        if phase == DEALING:
            if sees:
                return message("{seat} is dealt {card}", seat=seat, card=card_word(cards, action))
            return message("{seat} is dealt a card", seat=seat)
        if sees:
            draw = message("{seat} draws {card}", seat=seat, card=card_word(cards, action))
        else:
            draw = message("{seat} draws a card", seat=seat)
        if not state._fresh:
            return draw
        if state._game.shuffles:
            return message("the Discard Pile becomes the new Draw Pile; {draw}", draw=draw)
        return message("the Discard Pile is turned over into a new Draw Pile; {draw}", draw=draw)
    if kind(action) == STAR:
        return star_message(action, viewer in (state._mover, OMNISCIENT), cards)
    return decision_message(
        action,
        card=state._card,
        attacker=state._mover,
        chicken=state._chicken,
        target=state._target,
        cards=cards,
    )


def action_text(state: EggBoundState, action: int, viewer: int | None) -> str:
    """`action_message` in English (the canonical text)."""
    return action_message(state, action, viewer).english()


def _card(state: EggBoundState, card: int, step: str = "card") -> Choice:
    return Choice.said(step, card, card_word(state._game.cards, card))


def _seat(seat: int) -> Choice:
    return _SEAT_CHOICES[seat]


_SEAT_CHOICES: Final = tuple(
    Choice.said("seat", seat, seat_name(seat)) for seat in range(MAX_PLAYERS)
)
"""A victim's seat: its label ("P2"), which the clients say as the person's name."""
_CLUCK_OFF_STEPS: Final = (
    Choice.said("cluck_off", 1, message("yes: play {card}", card=CARD_TERMS[CLUCK_OFF])),
)
_ALLOW_STEPS: Final = (Choice.said("cluck_off", 0, message("no: let it happen")),)
_NO_CHICKEN_STEPS: Final = (Choice.said("chicken", 0, message("no Chicken: you hold none")),)
_EGG_CHOICES: Final = (
    Choice.said("egg", 0, message("a Good Egg")),
    Choice.said("egg", 1, message("a Bad Egg")),
)
"""Which of the target's eggs to explode, by side (0 the Good Egg)."""
_SWAP_STEPS: Final = (Choice.said("swap", 0, message("swap: draw a card, then discard one")),)
_LOSE_TURN_STEPS: Final = (Choice.said("lose_turn", 0, message("lose this turn to the Fowl")),)


def action_info(state: EggBoundState, action: int, viewer: int | None) -> ActionInfo:
    """A legal decision as data. On a turn the steps are the card, then its Chicken, then the
    victim; the answers are one step each (Cluck-Off yes or no, which Chicken to defend with,
    keep the Chicken or not and what to discard for it, which egg to explode). Each step's
    words are a message (`Choice.said`), its English the label."""
    phase = state._phase
    if phase == REACT:
        if action == CLUCK:
            return ActionInfo("cluck_off", _CLUCK_OFF_STEPS, cards=(CLUCK_OFF,))
        return ActionInfo("allow", _ALLOW_STEPS)
    if phase == DEFENDING:
        if action == DEFEND_NONE:
            return ActionInfo("no_chicken", _NO_CHICKEN_STEPS)
        chicken = state._game.cards.chickens[chicken_of(action)]
        return ActionInfo("defend", (_card(state, chicken, "chicken"),), cards=(chicken,))
    if phase == SWAP_DISCARD:
        card = card_of(action)
        return ActionInfo("discard", (_card(state, card),), cards=(card,))
    if phase == KEEPING:
        cards = state._game.cards
        kept = card_word(cards, state._chicken)
        if action == DECLINE:
            said = message("do not keep the {chicken}", chicken=kept)
            return ActionInfo("decline", (Choice.said("keep", 0, said),))
        card = card_of(action)
        steps = (
            Choice.said("keep", 1, message("keep the {chicken}", chicken=kept)),
            Choice.said("card", card, message("discard {card}", card=card_word(cards, card))),
        )
        return ActionInfo("keep", steps, cards=(card,))
    if phase == EXPLODING:
        side = action - EXPLODE_GOOD
        return ActionInfo("explode", (_EGG_CHOICES[side],), seat=state._target)
    return _turn_info(state, action, viewer)


def _turn_info(state: EggBoundState, action: int, viewer: int | None) -> ActionInfo:
    steps: tuple[Choice, ...]
    if action == SWAP:
        return ActionInfo("swap", _SWAP_STEPS)
    if action == LOSE_TURN:
        return ActionInfo("lose_turn", _LOSE_TURN_STEPS)
    chickens = state._game.cards.chickens
    what = kind(action)
    if what == STAR:
        s, c, victim = decode_star(action)
        star, chicken = STARS[s], chickens[c]
        sees = viewer in (state._mover, OMNISCIENT)
        name = card_word(state._game.cards, chicken) if sees else _A_CHICKEN
        face_down = Choice.said("face_down", chicken, name)
        steps = (_card(state, star), face_down, _seat(victim))
        return ActionInfo("star", steps, cards=tuple(sorted((star, chicken))), seat=victim)
    if what == SONG:
        chicken = chickens[chicken_of(action)]
        steps = (_card(state, EGG_LAYING_SONG), _card(state, chicken, "chicken"))
        return ActionInfo("song", steps, cards=tuple(sorted((chicken, EGG_LAYING_SONG))))
    if what == HATCH:
        chicken, victim = chickens[chicken_of(action)], victim_of(action)
        steps = (_card(state, HATCH_IT), _card(state, chicken, "chicken"), _seat(victim))
        return ActionInfo("hatch_it", steps, cards=tuple(sorted((chicken, HATCH_IT))), seat=victim)
    if action < GOOD_EGG:
        r, victim = divmod(action - RED, MAX_PLAYERS)
        card = RED_ACTIONS[r]
        return ActionInfo("red", (_card(state, card), _seat(victim)), cards=(card,), seat=victim)
    if action == GOOD_EGG:
        return ActionInfo("good_egg", (_card(state, GOOD_EGG_CARD),), cards=(GOOD_EGG_CARD,))
    assert action == UNBIND
    return ActionInfo("un_bound", (_card(state, UN_BOUND),), cards=(UN_BOUND,))


_A_CHICKEN: Final = message("a Chicken")
"""The face-down Chicken of a Star challenge, to those who may not see it."""


# --- reasons for refusals ------------------------------------------------------------------------


def why_illegal(state: EggBoundState, action: int) -> str:
    """`why_illegal_message` in English (the canonical text)."""
    return why_illegal_message(state, action).english()


def why_illegal_message(state: EggBoundState, action: int) -> Message:
    """Why `action` (in range, not legal) is refused, in words a player can act on."""
    phase = state._phase
    cards = state._game.cards
    if phase in CHANCE_PHASES:
        if state._open:
            return message(
                "the Draw Pile was turned over: everyone knows the next card is {card}",
                card=card_word(cards, state._pool[-1]),
            )
        if action == EGG:
            return message("Egg cards are never in the Draw Pile")
        return message("no {card} is left in the Draw Pile", card=card_word(cards, action))
    who = seat_name(state._player)
    if phase == REACT:
        if action == CLUCK:
            return message("{seat} holds no {card}", seat=who, card=CARD_TERMS[CLUCK_OFF])
        return message(
            "{seat} may only let {card} happen or play Cluck-Off",
            seat=who,
            card=card_word(cards, state._card),
        )
    what = kind(action)
    if phase == DEFENDING:
        if what == DEFEND:
            chicken = cards.chickens[chicken_of(action)]
            return message("{seat} holds no {card}", seat=who, card=card_word(cards, chicken))
        if action == DEFEND_NONE:
            return message("{seat} holds a Chicken and must place one", seat=who)
        return message(
            "{seat} must place a Chicken (or none, holding none) for the Star challenge", seat=who
        )
    if phase == KEEPING:
        if what == KEEP:
            card = card_of(action)
            if card == state._chicken:
                return message("discarding the kept Chicken's twin is the same as not keeping it")
            return message(
                "{seat} holds no {card} to discard", seat=who, card=card_word(cards, card)
            )
        return message(
            "{seat} decides whether to keep the {chicken}",
            seat=who,
            chicken=card_word(cards, state._chicken),
        )
    if phase == EXPLODING:
        return message("choose which of the victim's eggs to explode: a Good or a Bad one")
    if phase == SWAP_DISCARD:
        if what == DISCARD:
            return _not_held(cards, card_of(action))
        return message("after a swap you must discard a card")
    return _why_illegal_play(state, action)


def _not_held(cards: CardSet, card: int) -> Message:
    return message("you do not hold {card}", card=card_word(cards, card))


def _egg_cap() -> Message:
    return message("you already have {count} eggs", count=EGG_CAP)


def _why_illegal_play(state: EggBoundState, action: int) -> Message:
    """Why a play on your own turn is not legal."""
    p = state._mover
    hand = state._hands[p]
    n = state._game.num_players
    if state._fowl[p]:
        return message("you are Fowled: you lose this turn")
    if action == LOSE_TURN:
        return message("you have no Fowl in front of you")
    what = kind(action)
    if what in (DEFEND, KEEP) or LOSE_TURN < action < NUM_ACTIONS:
        return message(
            "that action answers or finishes a card already played; "
            "now it is your turn to swap or play"
        )
    if action == SWAP:
        return message("the Draw Pile and the Discard Pile are both empty")
    if what == DISCARD:
        return message("swap first: you discard after drawing")
    eggs = state._good[p] + state._bad[p]
    cards = state._game.cards
    if what == STAR:
        star, c, victim = decode_star(action)
        return (
            _missing(cards, hand, STARS[star], cards.chickens[c])
            or _bad_victim(state, victim, p, n, need_good=True)
            or message("not legal")
        )
    if what == SONG:
        missing = _missing(cards, hand, EGG_LAYING_SONG, cards.chickens[chicken_of(action)])
        if missing is not None:
            return missing
        if eggs >= EGG_CAP:
            return _egg_cap()
        if state._bound[p]:
            return message("you are Egg Bound: no Egg Laying Song until you are Un-Bound")
        return message("the Egg Pile is empty")
    if what == HATCH:
        victim = victim_of(action)
        missing = _missing(cards, hand, HATCH_IT, cards.chickens[chicken_of(action)])
        if missing is not None:
            return missing
        if eggs >= EGG_CAP:
            return _egg_cap()
        return _bad_victim(state, victim, p, n, need_good=True) or message("not legal")
    if action < GOOD_EGG:
        r, victim = divmod(action - RED, MAX_PLAYERS)
        card = RED_ACTIONS[r]
        if card not in hand:
            return _not_held(cards, card)
        if card == EGGY_SOLDIER and eggs >= EGG_CAP:
            return _egg_cap()
        reason = _bad_victim(state, victim, p, n, need_good=card != EGG_SPLOSION)
        if reason is not None:
            return reason
        if card == EGG_SPLOSION:
            return message("{seat} has no egg to explode", seat=seat_name(victim))
        if card == EGG_BOUND_CARD:
            return message("{seat} is already Egg Bound", seat=seat_name(victim))
        return message("{seat} already has a Fowl in front of them", seat=seat_name(victim))
    if action == GOOD_EGG:
        if GOOD_EGG_CARD not in hand:
            return _not_held(cards, GOOD_EGG_CARD)
        return message("you have no Bad Egg to turn good")
    if UN_BOUND not in hand:
        return _not_held(cards, UN_BOUND)
    return message("you are not Egg Bound")


def _missing(cards: CardSet, hand: list[int], card: int, chicken: int) -> Message | None:
    if card not in hand:
        return _not_held(cards, card)
    if chicken not in hand:
        return message("you do not hold {card} to play with it", card=card_word(cards, chicken))
    return None


def _bad_victim(
    state: EggBoundState, victim: int, p: int, n: int, *, need_good: bool
) -> Message | None:
    if victim >= n:
        return message("there is no {seat} at this table", seat=seat_name(victim))
    if victim == p:
        return message("you cannot play it against yourself")
    if need_good and not state._good[victim]:
        return message(
            "{seat} is not a legal target because they have no Good Egg", seat=seat_name(victim)
        )
    return None


# --- what a player would say aloud -------------------------------------------------------------


def narrate(
    before: Mapping[str, Any], after: Mapping[str, Any], cards: CardSet = PRINTED
) -> list[str]:
    """`narrate_messages` in English (the canonical lines)."""
    return [line.english() for line in narrate_messages(before, after, cards)]


def narrate_messages(
    before: Mapping[str, Any], after: Mapping[str, Any], cards: CardSet = PRINTED
) -> list[Message]:
    """The events of one action a player would say aloud, from two observations of the same
    viewer (`Game.narrate`): what the card played did (`result_message`), a Draw Pile made
    from the Discard Pile, the end. Public fields only; `cards` names the own Chickens."""
    lines: list[Message] = []
    result = after["last_result"]
    if result is not None and result != before["last_result"]:
        lines.append(result_message(cast(LastResult, result), cards))
    if after["reshuffles"] > before["reshuffles"]:
        lines.append(message("The Draw Pile ran out: the Discard Pile is now the Draw Pile"))
    if after["phase"] == Phase.OVER and before["phase"] != Phase.OVER:
        winners = list(after.get("winners", []))
        if winners:
            lines.append(
                message("{seat} has three Good Eggs: {seat} wins", seat=seat_name(winners[0]))
            )
        else:
            lines.append(
                message(
                    "Turn {turn} is over: the game ends with no winner", turn=after["max_turns"]
                )
            )
    return lines
