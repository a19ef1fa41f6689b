"""What Manda Huevos! shows: each seat's observation, action descriptions, reasons for refusals.

Functions of the state, kept apart from the rules so the state machine stays short. Everything a
seat is shown goes through `observation` and `action_text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roost.core.game import OMNISCIENT
from roost.games.manda_huevos.cards import (
    ACTION_CARDS,
    CARD_NAMES,
    CONTAINER_SIZE,
    EGG_TYPES,
    HAND_SIZE,
    MOVE_CARD,
    NUM_TYPES,
    SLEEP_CARD,
    SWAP_CARD,
)
from roost.games.manda_huevos.encoding import (
    ALL_DOWN,
    DEALING,
    DRAWING,
    EMPTY,
    FULL,
    HEN_STOP,
    HEN_TAKE,
    HEN_TAKING,
    MAX_SEATS,
    MOVE,
    NUM_ACTIONS,
    OVER,
    PASS,
    PHASE_NAMES,
    PLACE,
    PLAY_HEN,
    POSITIONS,
    SWAP,
    TOGGLE,
    TURN,
    position_name,
    seat_name,
    sorted_names,
)

if TYPE_CHECKING:
    from roost.games.manda_huevos.state import MandaHuevosState


def observation(state: MandaHuevosState, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    game.check_seat(seat)
    n = game.num_players
    phase = state._phase
    over = phase == OVER
    hide = state.sleeping_hidden() and seat != OMNISCIENT
    cells = state._cells
    asleep = state._asleep
    containers: list[list[dict[str, Any] | None]] = []
    points: list[int] = []
    for c in range(n):
        row: list[dict[str, Any] | None] = []
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
    obs: dict[str, Any] = {
        "game": game.name,
        "players": n,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASE_NAMES[phase],
        "current_player": state._player if phase in (TURN, HEN_TAKING, DRAWING) else None,
        "containers": containers,
        "points": points,
        "eggs_in_container": [
            ((state._occupied >> (CONTAINER_SIZE * c)) & FULL).bit_count() for c in range(n)
        ],
        "face_up_actions": [
            [name for k, name in enumerate(ACTION_CARDS) if not state._down[s] >> k & 1]
            for s in range(n)
        ],
        "must_play_egg": [down == ALL_DOWN for down in state._down],
        "hand_sizes": [len(hand) for hand in state._hands],
        "deck": len(state._pool),
        "hen": "played" if state._hen_out else "in the cards",
        "hen_taken": state._taken,
        "passes_in_a_row": state._passes,
        "end": "any container full (Quick Game)" if game.quick else "all containers full",
        "sleeping_values": "hidden (memory mode)" if game.memory else "known",
    }
    if seat is not None and seat >= 0:
        obs["hand"] = sorted_names(state._hands[seat])
    if seat == OMNISCIENT:
        obs["hands"] = [sorted_names(hand) for hand in state._hands]
        obs["deck_pool"] = sorted_names(state._pool)
    if over:
        tied = state.tied()
        if len(tied) == 1:
            tied = []  # no tie, no tie-break
        obs["scores"] = state.scores()
        obs["final_hands"] = [sorted_names(hand) for hand in state._hands]
        obs["tie_break"] = [state.hand_points(s) if s in tied else None for s in range(n)]
        obs["winners"] = state.winners()
    return obs


# --- descriptions --------------------------------------------------------------------------


def action_text(state: MandaHuevosState, action: int, viewer: int | None) -> str:
    """`action` in this state as `viewer` may know it."""
    state._game.check_seat(viewer)
    phase = state._phase
    if phase in (DEALING, DRAWING):
        if not 0 <= action < NUM_TYPES:
            raise ValueError(f"chance outcome {action} is not a card type (0-{NUM_TYPES - 1})")
        if phase == DEALING:
            n = state._game.num_players
            seat = (HAND_SIZE * n - state._deal_left) % n
            verb = "is dealt"
        else:
            seat = state._player
            verb = "draws"
        shown = CARD_NAMES[action] if viewer in (seat, OMNISCIENT) else "a card"
        if shown == "hen":
            shown = "the hen"
        return f"{seat_name(seat)} {verb} {shown}"
    return _decision_string(state, action, viewer)


def _egg_at(state: MandaHuevosState, position: int, viewer: int | None) -> str:
    """The egg at a position as `viewer` may know it, e.g. "egg 7 (P1's slot 3)"."""
    value = state._cells[position] if position < len(state._cells) else EMPTY
    where = position_name(position)
    if value == EMPTY:
        return f"the egg in {where}"
    if state._asleep >> position & 1 and state.sleeping_hidden() and viewer != OMNISCIENT:
        return f"the sleeping egg in {where}"
    return f"egg {value} ({where})"


def _decision_string(state: MandaHuevosState, action: int, viewer: int | None) -> str:
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is not a Manda Huevos! action (0-{PASS})")
    if action < PLAY_HEN:
        container, value = divmod(action - PLACE, EGG_TYPES)
        return f"place egg {value} in {seat_name(container)}'s container"
    if action == PLAY_HEN:
        return "play the hen"
    if action < HEN_STOP:
        return f"hen: take {_egg_at(state, action - HEN_TAKE, viewer)}"
    if action == HEN_STOP:
        return "hen: stop taking eggs"
    if action < SWAP:
        position, target = divmod(action - MOVE, MAX_SEATS)
        return f"Move an Egg: {_egg_at(state, position, viewer)} to {seat_name(target)}'s container"
    if action < TOGGLE:
        a, b = divmod(action - SWAP, POSITIONS)
        return f"Swap Eggs: {_egg_at(state, a, viewer)} with {_egg_at(state, b, viewer)}"
    if action < PASS:
        position = action - TOGGLE
        if state._asleep >> position & 1:
            return f"Wake: {_egg_at(state, position, viewer)}"
        return f"Put to Sleep: {_egg_at(state, position, viewer)}"
    return "pass (no card to play and no usable action card)"


def why_illegal(state: MandaHuevosState, action: object) -> str:
    """Why `action` is refused here, in words a player can act on (only on the error path)."""
    phase = state._phase
    if type(action) is not int:
        return f"an action is an int, not {type(action).__name__}"
    if phase == OVER:
        return "the game is over"
    if phase in (DEALING, DRAWING):
        if not 0 <= action < NUM_TYPES:
            return f"chance outcomes are card types 0-{NUM_TYPES - 1}"
        return f"no {CARD_NAMES[action]} is left in the deck"
    if not 0 <= action < NUM_ACTIONS:
        return f"actions are 0-{NUM_ACTIONS - 1}"
    if phase == HEN_TAKING:
        if HEN_TAKE <= action < HEN_STOP:
            return _why_not_take(state, action - HEN_TAKE)
        return "you are taking eggs with the hen: take an awake egg from another container or stop"
    if HEN_TAKE <= action <= HEN_STOP:
        return "eggs are taken with the hen only right after playing it"
    if action < PLAY_HEN:
        container, value = divmod(action - PLACE, EGG_TYPES)
        if value not in state._hands[state._player]:
            return f"you do not hold egg {value}"
        return _why_not_target(state, container)
    if action == PLAY_HEN:
        return "you do not hold the hen"
    if action == PASS:
        return "you may not pass while you can play an egg or use an action card"
    card = MOVE_CARD if action < SWAP else SWAP_CARD if action < TOGGLE else SLEEP_CARD
    down = state._down[state._player]
    if down >> card & 1:
        if down == ALL_DOWN:
            return (
                "all your action cards are face down: you must play an egg (or the hen) this turn"
            )
        return (
            f"your {ACTION_CARDS[card]} card is face down: it turns up again after all "
            "three are used and you play an egg"
        )
    if action < SWAP:
        position, target = divmod(action - MOVE, MAX_SEATS)
        reason = _why_not_movable(state, position)
        if reason:
            return reason
        if target == position // CONTAINER_SIZE:
            return "an egg must be moved to another container"
        return _why_not_target(state, target)
    if action < TOGGLE:
        a, b = divmod(action - SWAP, POSITIONS)
        if a // CONTAINER_SIZE >= b // CONTAINER_SIZE:
            return (
                "the two eggs must be in different containers (a swap id names the "
                "lower position first)"
            )
        return _why_not_movable(state, a) or _why_not_movable(state, b) or "not a legal swap"
    position = action - TOGGLE
    if not _on_board(state, position):
        return f"there is no {seat_name(position // CONTAINER_SIZE)} at this table"
    return f"{position_name(position)} is empty: there is no egg to put to sleep or wake"


def _on_board(state: MandaHuevosState, position: int) -> bool:
    return position < CONTAINER_SIZE * state._game.num_players


def _why_not_target(state: MandaHuevosState, container: int) -> str:
    if container >= state._game.num_players:
        return f"there is no {seat_name(container)} at this table"
    return f"{seat_name(container)}'s container is full"


def _why_not_movable(state: MandaHuevosState, position: int) -> str:
    if not _on_board(state, position):
        return f"there is no {seat_name(position // CONTAINER_SIZE)} at this table"
    if not state._occupied >> position & 1:
        return f"{position_name(position)} is empty"
    if state._asleep >> position & 1:
        return f"the egg in {position_name(position)} is asleep and cannot be moved"
    return ""


def _why_not_take(state: MandaHuevosState, position: int) -> str:
    reason = _why_not_movable(state, position)
    if reason:
        return reason
    if position // CONTAINER_SIZE == state._player:
        return "the hen takes eggs from other players' containers, not your own"
    return "your container is full"
