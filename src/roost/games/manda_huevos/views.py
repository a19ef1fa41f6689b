"""What Manda Huevos! shows: each seat's observation, actions in words and as data, refusals.

Functions of the state, kept apart from the rules so the state machine stays short. Everything a
seat is shown goes through `observation`, `action_text` and `action_info`. Observations name
cards by type id (`Game.card_types` gives their names and texts: an egg's type id is its value)
and everything else by an enum whose values are stable ids; words for people are built from
those by the front ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from roost.core.actions import ActionInfo, Choice
from roost.core.game import OMNISCIENT
from roost.core.message import (
    Listing,
    Message,
    joined,
    listing,
    message,
    plain,
    plural_message,
    term,
)
from roost.core.view import ObservationReader
from roost.games.manda_huevos.actions import (
    ACTING,
    DEALING,
    DRAWING,
    EMPTY,
    FULL,
    HEN_STOP,
    HEN_TAKE,
    HEN_TAKING,
    MAX_SEATS,
    MOVE,
    OVER,
    PASS,
    PHASES,
    PLACE,
    PLAY_HEN,
    POSITIONS,
    SWAP,
    TOGGLE,
    TURN,
    USE_OWN,
    Phase,
    action_card_word,
    card_word,
    container_message,
    decision_message,
    effect_message,
    egg_message,
    position_message,
    seat_name,
)
from roost.games.manda_huevos.cards import (
    ACTION_CARD_IDS,
    ACTION_CARDS,
    CONTAINER_SIZE,
    EFFECTS,
    EGG_TYPES,
    HEN,
    MOVE_AN_EGG,
    MOVE_CARD,
    NUM_TYPES,
    OWN_ACTION_IDS,
    SLEEP_CARD,
    SLEEP_WAKE,
    SWAP_CARD,
    SWAP_EGGS,
)

if TYPE_CHECKING:
    from roost.games.manda_huevos.state import MandaHuevosState


class Hen(StrEnum):
    """Where the hen is."""

    IN_THE_CARDS = "in_the_cards"
    """In a hand or the deck."""
    PLAYED = "played"
    """Played, and out of the game."""


class End(StrEnum):
    """When the game ends (the ``quick`` parameter)."""

    ALL_FULL = "all_containers_full"
    """The standard game: the moment every container holds six eggs."""
    ANY_FULL = "any_container_full"
    """The Quick Game: the moment any container holds six eggs."""


class SleepingValues(StrEnum):
    """Whether the values of sleeping eggs are shown (the ``memory`` parameter)."""

    KNOWN = "known"
    """Everyone saw the egg before it was put to sleep, and remembers it."""
    HIDDEN = "hidden"
    """Memory mode: hidden from everyone until the end, when every egg is turned up."""


class EggCell(TypedDict):
    """An egg in a container slot."""

    egg: int | None
    """The egg card (its type id, which is its value); None for a sleeping egg whose value the
    viewer may not know (memory mode, until the end)."""
    asleep: bool


class OwnAction(TypedDict):
    """An own action card: what it is called and what it does (`cards.EFFECTS`)."""

    card: int
    """Its type id (25-28)."""
    name: str
    effect: str
    """``move``, ``swap``, ``sleep`` or ``take``."""
    repeats: int
    """How many times it applies the effect."""


class MandaHuevosObservation(TypedDict):
    """What one seat sees (``observation(seat)``); a spectator gets all but the hands."""

    game: str
    players: int
    seat: int | None
    """The seat this is the view of (None: a spectator or the omniscient view)."""
    phase: Phase
    current_player: int | None
    """The seat playing, taking eggs with the hen, or drawing; None while cards are dealt and
    after the end."""
    containers: list[list[EggCell | None]]
    """Each seat's container, slot 1 to 6 (index 0-5); None is an empty slot."""
    points: list[int]
    """The points in each container that the viewer can see (sleeping eggs of unknown value
    not counted)."""
    eggs_in_container: list[int]
    face_up_actions: list[list[int]]
    """Each seat's face-up action cards (type ids 22-24: Move an Egg, Swap Eggs, Put to Sleep /
    Wake, then 25-28: the game's own action cards), in that order."""
    must_play_egg: list[bool]
    """Per seat: all the action cards are face down, so the next turn must be an egg (or the
    hen)."""
    own_actions: list[OwnAction]
    """The game's own action cards (the ``own_cards`` parameter; every player holds one of
    each), in id order: public, like the printed ones ([] without own cards)."""
    acting: int | None
    """The own action card being carried out (its type id), else None."""
    acting_left: int
    """Applications of its effect still to come (0 when none is carried out)."""
    hand_sizes: list[int]
    deck: int
    """Cards left in the draw deck."""
    hen: Hen
    hen_taken: int
    """Eggs taken so far in the current hen turn."""
    passes_in_a_row: int
    end: End
    sleeping_values: SleepingValues
    hand: NotRequired[list[int]]
    """The seat's own hand (type ids, sorted; absent for a spectator)."""
    hands: NotRequired[list[list[int]]]
    """Every hand (the omniscient view only)."""
    deck_pool: NotRequired[list[int]]
    """The cards in the deck (the omniscient view only)."""
    scores: NotRequired[list[int]]
    """At the end: the points in each container, sleeping eggs included."""
    final_hands: NotRequired[list[list[int]]]
    """At the end: every hand, shown."""
    tie_break: NotRequired[list[int | None]]
    """At the end: the hand points of each player tied for the best score (None for the
    others; all None without a tie)."""
    winners: NotRequired[list[int]]
    """At the end: the winning seats."""


of, read = ObservationReader[MandaHuevosObservation]("manda-huevos")
"""`of(view)` reads a bot's seat view, `read(obs)` any mapping, as MandaHuevosObservation."""


def observation(state: MandaHuevosState, seat: int | None) -> MandaHuevosObservation:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    n = game.num_players
    phase = state._phase
    hide = state._sleeping_hidden() and seat != OMNISCIENT
    held = ACTION_CARD_IDS + OWN_ACTION_IDS[: len(game.own_actions)]
    cells = state._cells
    asleep = state._asleep
    containers: list[list[EggCell | None]] = []
    points: list[int] = []
    for c in range(n):
        row: list[EggCell | None] = []
        total = 0
        for position in range(CONTAINER_SIZE * c, CONTAINER_SIZE * (c + 1)):
            value = cells[position]
            if value == EMPTY:
                row.append(None)
                continue
            sleeping = bool(asleep >> position & 1)
            shown = not (sleeping and hide)
            row.append({"egg": value if shown else None, "asleep": sleeping})
            if shown:
                total += value
        containers.append(row)
        points.append(total)
    obs: MandaHuevosObservation = {
        "game": game.name,
        "players": n,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASES[phase],
        "current_player": state._player if phase in (TURN, HEN_TAKING, DRAWING, ACTING) else None,
        "containers": containers,
        "points": points,
        "eggs_in_container": [
            ((state._occupied >> (CONTAINER_SIZE * c)) & FULL).bit_count() for c in range(n)
        ],
        "face_up_actions": [
            [card for k, card in enumerate(held) if not down >> k & 1] for down in state._down
        ],
        "must_play_egg": [down == game.all_down for down in state._down],
        "own_actions": [
            {
                "card": OWN_ACTION_IDS[k],
                "name": game.card_info[OWN_ACTION_IDS[k]].name,
                "effect": EFFECTS[effect],
                "repeats": repeats,
            }
            for k, (effect, repeats) in enumerate(game.own_actions)
        ],
        "acting": OWN_ACTION_IDS[state._acting] if state._acting >= 0 else None,
        "acting_left": state._left,
        "hand_sizes": [len(hand) for hand in state._hands],
        "deck": len(state._pool),
        "hen": Hen.PLAYED if state._hen_out else Hen.IN_THE_CARDS,
        "hen_taken": state._taken,
        "passes_in_a_row": state._passes,
        "end": End.ANY_FULL if game.quick else End.ALL_FULL,
        "sleeping_values": SleepingValues.HIDDEN if game.memory else SleepingValues.KNOWN,
    }
    if seat is not None and seat >= 0:
        obs["hand"] = sorted(state._hands[seat])
    if seat == OMNISCIENT:
        obs["hands"] = [sorted(hand) for hand in state._hands]
        obs["deck_pool"] = sorted(state._pool)
    if phase == OVER:
        tied = state._tied()
        if len(tied) == 1:
            tied = []  # no tie, no tie-break
        obs["scores"] = state._scores()
        obs["final_hands"] = [sorted(hand) for hand in state._hands]
        obs["tie_break"] = [state._hand_points(s) if s in tied else None for s in range(n)]
        obs["winners"] = state.winners()
    return obs


# --- actions in words and as data ----------------------------------------------------------


def action_text(state: MandaHuevosState, action: int, viewer: int | None) -> str:
    """`action` in this state as `viewer` may know it: cards others receive stay hidden, and in
    memory mode so do sleeping eggs' values."""
    return action_message(state, action, viewer).english()


def action_message(state: MandaHuevosState, action: int, viewer: int | None) -> Message:
    """`action_text` as a message, for each reader's language."""
    phase = state._phase
    if phase in (DEALING, DRAWING):
        dealt = phase == DEALING
        if dealt:
            n = state._game.num_players
            seat = (state._game.hand_size * n - state._deal_left) % n
        else:
            seat = state._player
        who = seat_name(seat)
        if viewer not in (seat, OMNISCIENT):
            if dealt:
                return message("{seat} is dealt a card", seat=who)
            return message("{seat} draws a card", seat=who)
        if action == HEN:
            if dealt:
                return message("{seat} is dealt the hen", seat=who)
            return message("{seat} draws the hen", seat=who)
        if dealt:
            return message("{seat} is dealt {card}", seat=who, card=card_word(action))
        return message("{seat} draws {card}", seat=who, card=card_word(action))
    game = state._game
    names = tuple(game.card_info[OWN_ACTION_IDS[k]].name for k in range(len(game.own_actions)))
    egg_at = partial(_egg_message, state, viewer)
    if phase == ACTING:  # an application of the own card's effect, named after the card
        name = names[state._acting]
        if MOVE <= action < PASS or HEN_TAKE <= action <= HEN_STOP:
            what = effect_message(action, egg_at, state._asleep)
        else:  # not an effect's target: what follows a colon of its text, if any
            text = decision_message(action, egg_at, state._asleep, names).english()
            what = plain(text.partition(": ")[2])
        return message("{card}: {what}", card=name, what=what)
    return decision_message(action, egg_at, state._asleep, names)


def _egg_message(state: MandaHuevosState, viewer: int | None, position: int) -> Message:
    cells = state._cells
    value = cells[position] if position < len(cells) else EMPTY
    if value == EMPTY:
        return egg_message(position, None, False)
    if state._asleep >> position & 1 and viewer != OMNISCIENT and state._sleeping_hidden():
        return egg_message(position, None, True)
    return egg_message(position, value, False)


_CARD_CHOICES: Final = tuple(
    Choice.said("card", card, card_word(card)) for card in range(NUM_TYPES)
)
_CONTAINER_CHOICES: Final = tuple(
    Choice.said("container", seat, container_message(seat)) for seat in range(MAX_SEATS)
)
_STOP: Final = (Choice.said("option", 0, message("stop taking eggs")),)
_PASS: Final = (Choice.said("option", 1, message("pass")),)


def action_info(state: MandaHuevosState, action: int, viewer: int | None) -> ActionInfo:
    """A legal decision as data. Steps (RULES.md, "Actions as data"): the card first (an egg or
    the hen from the hand, or a face-up action card), then the egg it acts on (its container,
    then the egg), then where it goes (a container, or the second egg of a swap). While an own
    action card is carried out, its applications have the same steps without the card (it was
    chosen by the decision that used it). Each step's words are a message (`Choice.said`), its
    English the label."""
    if action > PASS:
        card = OWN_ACTION_IDS[action - USE_OWN]
        # an own card's name is its designer's words, said as written (as the log says it)
        name = state._game.card_info[card].name
        return ActionInfo("own", (Choice.said("card", card, name),), cards=(card,))
    info = _action_info(state, action, viewer)
    if state._phase == ACTING:
        skip = 0 if info.kind == "take" else 1
        return replace(info, steps=info.steps[skip:])
    return info


def _action_info(state: MandaHuevosState, action: int, viewer: int | None) -> ActionInfo:
    """`action_info` of a printed card's id, the card step first."""
    if action < PLAY_HEN:
        seat, value = divmod(action - PLACE, EGG_TYPES)
        landing = state._lowest_free(seat) % CONTAINER_SIZE
        steps: tuple[Choice, ...] = (_CARD_CHOICES[value], _CONTAINER_CHOICES[seat])
        return ActionInfo("place", steps, cards=(value,), seat=seat, container=seat, slot=landing)
    if action == PLAY_HEN:
        return ActionInfo("hen", (_CARD_CHOICES[HEN],), cards=(HEN,))
    if action < HEN_STOP:
        position = action - HEN_TAKE
        return ActionInfo(
            "take",
            _egg_steps(state, viewer, position),
            seat=state._player,
            container=position // CONTAINER_SIZE,
            slot=position % CONTAINER_SIZE,
        )
    if action == HEN_STOP:
        return ActionInfo("stop", _STOP)
    if action == PASS:
        return ActionInfo("pass", _PASS)
    toward: int | None
    if action < SWAP:
        first, toward = divmod(action - MOVE, MAX_SEATS)
        kind = "move"
        steps = (
            _CARD_CHOICES[MOVE_AN_EGG],
            *_egg_steps(state, viewer, first),
            _CONTAINER_CHOICES[toward],
        )
    elif action < TOGGLE:
        first, second = divmod(action - SWAP, POSITIONS)
        # The egg in the container nearest after the mover's (the mover's own first) is picked
        # first, so a swap with one's own container starts from one's own egg.
        n = state._game.num_players
        player = state._player
        if (second // CONTAINER_SIZE - player) % n < (first // CONTAINER_SIZE - player) % n:
            first, second = second, first
        kind, toward = "swap", second // CONTAINER_SIZE
        steps = (
            _CARD_CHOICES[SWAP_EGGS],
            *_egg_steps(state, viewer, first),
            *_egg_steps(state, viewer, second),
        )
    else:
        first, toward = action - TOGGLE, None
        kind = "wake" if state._asleep >> first & 1 else "sleep"
        steps = (_CARD_CHOICES[SLEEP_WAKE], *_egg_steps(state, viewer, first))
    return ActionInfo(
        kind, steps, seat=toward, container=first // CONTAINER_SIZE, slot=first % CONTAINER_SIZE
    )


def _egg_steps(state: MandaHuevosState, viewer: int | None, position: int) -> tuple[Choice, Choice]:
    """Picking an egg: its container, then the egg."""
    egg = Choice.said("egg", position, _egg_message(state, viewer, position))
    return _CONTAINER_CHOICES[position // CONTAINER_SIZE], egg


# --- refusals --------------------------------------------------------------------------------


def why_illegal(state: MandaHuevosState, action: int) -> str:
    """Why `action` (in range, at a decision or chance node) is refused, in words a player can
    act on (only on the error path)."""
    return why_illegal_message(state, action).english()


def why_illegal_message(state: MandaHuevosState, action: int) -> Message:
    """`why_illegal` as a message."""
    phase = state._phase
    if phase in (DEALING, DRAWING):
        return message("no {card} is left in the deck", card=card_word(action))
    if phase == HEN_TAKING:
        if HEN_TAKE <= action < HEN_STOP:
            return _why_not_take(state, action - HEN_TAKE)
        return message(
            "you are taking eggs with the hen: take an awake egg from another container or stop"
        )
    game = state._game
    if phase == ACTING:
        effect, _ = game.own_actions[state._acting]
        name = game.card_info[OWN_ACTION_IDS[state._acting]].name
        return message(
            "you are carrying out {card}: {effect} an egg as it says ({left} more to go)",
            card=name,
            effect=_EFFECT_TERMS[effect],
            left=state._left,
        )
    if action > PASS:
        index = action - USE_OWN
        name = game.card_info[OWN_ACTION_IDS[index]].name
        if state._down[state._player] >> (len(ACTION_CARDS) + index) & 1:
            if state._down[state._player] == game.all_down:
                return _ALL_DOWN
            return message(
                "your {card} card is face down: it turns up again after all your action "
                "cards are used and you play an egg",
                card=name,
            )
        return message("{card} has nothing to act on now", card=name)
    if HEN_TAKE <= action <= HEN_STOP:
        return message("eggs are taken with the hen only right after playing it")
    if action < PLAY_HEN:
        container, value = divmod(action - PLACE, EGG_TYPES)
        if value not in state._hands[state._player]:
            return message("you do not hold egg {value}", value=value)
        return _why_not_target(state, container)
    if action == PLAY_HEN:
        return message("you do not hold the hen")
    if action == PASS:
        return message("you may not pass while you can play an egg or use an action card")
    card = MOVE_CARD if action < SWAP else SWAP_CARD if action < TOGGLE else SLEEP_CARD
    down = state._down[state._player]
    if state._game.missing_actions >> card & 1:
        return message(
            "nobody has a {card} card in this game (the 'copies' parameter)",
            card=action_card_word(card),
        )
    if down >> card & 1:
        if down == state._game.all_down:
            return _ALL_DOWN
        if state._game.own_actions:
            return message(
                "your {card} card is face down: it turns up again after all your action cards "
                "are used and you play an egg",
                card=action_card_word(card),
            )
        return message(
            "your {card} card is face down: it turns up again after all three are used and "
            "you play an egg",
            card=action_card_word(card),
        )
    if action < SWAP:
        position, target = divmod(action - MOVE, MAX_SEATS)
        reason = _why_not_movable(state, position)
        if reason is not None:
            return reason
        if target == position // CONTAINER_SIZE:
            return message("an egg must be moved to another container")
        return _why_not_target(state, target)
    if action < TOGGLE:
        a, b = divmod(action - SWAP, POSITIONS)
        if a // CONTAINER_SIZE >= b // CONTAINER_SIZE:
            return message(
                "the two eggs must be in different containers (a swap id names the lower "
                "position first)"
            )
        first = _why_not_movable(state, a)
        if first is not None:
            return first
        second = _why_not_movable(state, b)
        if second is not None:
            return second
        return message("not a legal swap")
    position = action - TOGGLE
    if not _on_board(state, position):
        return _no_seat(position // CONTAINER_SIZE)
    return message(
        "{where} is empty: there is no egg to put to sleep or wake",
        where=position_message(position),
    )


_ALL_DOWN: Final = message(
    "all your action cards are face down: you must play an egg (or the hen) this turn"
)
_EFFECT_TERMS: Final = (
    term("Manda Huevos effect", "move"),
    term("Manda Huevos effect", "swap"),
    term("Manda Huevos effect", "sleep"),
    term("Manda Huevos effect", "take"),
)
assert tuple(t.text for t in _EFFECT_TERMS) == EFFECTS


def _no_seat(seat: int) -> Message:
    return message("there is no {seat} at this table", seat=seat_name(seat))


def _on_board(state: MandaHuevosState, position: int) -> bool:
    return position < CONTAINER_SIZE * state._game.num_players


def _why_not_target(state: MandaHuevosState, container: int) -> Message:
    if container >= state._game.num_players:
        return _no_seat(container)
    return message("{container} is full", container=container_message(container))


def _why_not_movable(state: MandaHuevosState, position: int) -> Message | None:
    if not _on_board(state, position):
        return _no_seat(position // CONTAINER_SIZE)
    if not state._occupied >> position & 1:
        return message("{where} is empty", where=position_message(position))
    if state._asleep >> position & 1:
        return message(
            "the egg in {where} is asleep and cannot be moved", where=position_message(position)
        )
    return None


def _why_not_take(state: MandaHuevosState, position: int) -> Message:
    reason = _why_not_movable(state, position)
    if reason is not None:
        return reason
    if position // CONTAINER_SIZE == state._player:
        return message("the hen takes eggs from other players' containers, not your own")
    return message("your container is full")


# --- what a player would say aloud -------------------------------------------------------------


def _seats(seats: list[int]) -> Listing:
    """ "P0", "P0 and P2", "P0, P1 and P2"."""
    return listing([seat_name(seat) for seat in seats])


def narrate(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The events of one action a player would say aloud, from two observations of the same
    viewer (`Game.narrate`): the hen's turn, action cards used up and turned face up again,
    a full container, the end and its scores. Public fields only."""
    return [said.english() for said in narrate_messages(before, after)]


def narrate_messages(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Message]:
    """`narrate` as messages, for each reader's language."""
    lines: list[Message] = []
    n = after["players"]
    if after["hen"] == Hen.PLAYED and before["hen"] != Hen.PLAYED:
        mover = before["current_player"]
        if mover is not None and after["phase"] == Phase.HEN:
            lines.append(
                message(
                    "{seat} may now take awake eggs from the other containers, one at a time",
                    seat=seat_name(mover),
                )
            )
    if before["phase"] == Phase.HEN and after["phase"] != Phase.HEN:
        mover, taken = before["current_player"], after["hen_taken"] or before["hen_taken"]
        if mover is not None:
            if not taken:
                lines.append(
                    message(
                        "{seat} took no egg with the hen; the hen leaves the game",
                        seat=seat_name(mover),
                    )
                )
            else:
                lines.append(
                    plural_message(
                        "{seat} took {count} egg with the hen; the hen leaves the game",
                        "{seat} took {count} eggs with the hen; the hen leaves the game",
                        taken,
                        seat=seat_name(mover),
                    )
                )
    three = not after.get("own_actions")
    for p in range(n):
        who = seat_name(p)
        if after["must_play_egg"][p] and not before["must_play_egg"][p]:
            if three:
                lines.append(
                    message(
                        "{seat} has used all three action cards: an egg (or the hen) next turn",
                        seat=who,
                    )
                )
            else:
                lines.append(
                    message(
                        "{seat} has used all action cards: an egg (or the hen) next turn",
                        seat=who,
                    )
                )
        elif before["must_play_egg"][p] and not after["must_play_egg"][p]:
            if three:
                lines.append(message("{seat}'s three action cards turn face up again", seat=who))
            else:
                lines.append(message("{seat}'s action cards turn face up again", seat=who))
        if after["eggs_in_container"][p] == CONTAINER_SIZE > before["eggs_in_container"][p]:
            lines.append(message("{seat}'s container is full", seat=who))
    if after["phase"] == Phase.OVER and before["phase"] != Phase.OVER:
        scores = list(after.get("scores", after["points"]))
        totals = joined(
            [message("{seat} {points}", seat=seat_name(p), points=scores[p]) for p in range(n)]
        )
        if after["passes_in_a_row"] >= n:
            why = message("a round of passes")
        elif after["end"] == End.ANY_FULL:
            why = message("a full container (Quick Game)")
        else:
            why = message("every container is full")
        lines.append(
            message(
                "Game over: {why}. Points, sleeping eggs included: {totals}",
                why=why,
                totals=totals,
            )
        )
        winners = list(after.get("winners", []))
        ties = after.get("tie_break") or []
        tied = [p for p, extra in enumerate(ties) if extra is not None]
        if tied:
            extra = joined(
                [message("{seat} +{points}", seat=seat_name(p), points=ties[p]) for p in tied]
            )
            lines.append(
                message(
                    "{seats} tied; the eggs left in their hands break it: {extra}",
                    seats=_seats(tied),
                    extra=extra,
                )
            )
        if len(winners) > 1:
            lines.append(message("{seats} share the win", seats=_seats(winners)))
        elif winners:
            lines.append(message("{seat} wins", seat=seat_name(winners[0])))
    return lines
