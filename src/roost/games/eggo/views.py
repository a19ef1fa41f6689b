"""What Eggo shows: each seat's observation, action descriptions, reasons for refusals.

Functions of the state, kept apart from the rules so the state machine stays short. Everything a
seat is shown goes through `observation` and `action_text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roost.core.game import OMNISCIENT
from roost.games.eggo.cards import (
    CARD_NAMES,
    CHARACTERS,
    COLOURS,
    DEMOGORGON,
    HAND_SIZE,
    NO_CHARACTER,
    PLAYABLE,
    PLAYER_CHARACTERS,
    PORTAL,
    RIFT,
)
from roost.games.eggo.encoding import (
    CHOOSE,
    CHOOSING,
    DEALING,
    DECK_NAMES,
    DRAW_A,
    DRAWING,
    NUM_ACTIONS,
    OVER,
    PHASE_NAMES,
    PLAY_PORTAL,
    PLAY_RIFT,
    START_CARD,
    TURN,
    decision_string,
    seat_name,
    sorted_names,
)

if TYPE_CHECKING:
    from roost.games.eggo.state import EggoState


def observation(state: EggoState, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    game.check_seat(seat)
    n = game.num_players
    phase = state._phase
    obs: dict[str, Any] = {
        "game": game.name,
        "players": n,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASE_NAMES[phase],
        "current_player": state._player if phase in (TURN, CHOOSING, DRAWING) else None,
        "characters": [PLAYER_CHARACTERS[c] if c >= 0 else None for c in state._characters],
        "sides": ["Upside Down" if upside else "Right Side Up" for upside in state._upside],
        "escaped": list(state._escaped),
        "hand_sizes": [len(hand) for hand in state._hands],
        "top": CARD_NAMES[state._discard[-1]] if state._discard else None,
        "colour": COLOURS[state._colour] if state._discard else None,
        "character": (
            CHARACTERS[state._character]
            if state._discard and state._character != NO_CHARACTER
            else None
        ),
        "discard": [CARD_NAMES[card] for card in state._discard],
        "decks": dict(zip(DECK_NAMES, state._decks, strict=True)),
        "demogorgons": state._demogorgons,
        "direction": "clockwise" if state._direction == 1 else "counterclockwise",
        "draws_owed": state._forced,
        "draws_this_turn": state._draws,
    }
    if seat is not None and seat >= 0:
        obs["hand"] = sorted_names(state._hands[seat])
    if seat == OMNISCIENT:
        obs["hands"] = [sorted_names(hand) for hand in state._hands]
        obs["deck_pool"] = sorted_names(state._pool)
    if phase == OVER:
        obs["winners"] = state.winners()
    return obs


def action_text(state: EggoState, action: int, viewer: int | None) -> str:
    """`action` as `viewer` may know it: cards another player draws stay hidden."""
    state._game.check_seat(viewer)
    phase = state._phase
    if phase in (TURN, CHOOSING, OVER):
        return decision_string(action)
    if not 0 <= action < len(CARD_NAMES):
        raise ValueError(f"chance outcome {action} is not a card type (0-{len(CARD_NAMES) - 1})")
    name = CARD_NAMES[action]
    if phase == START_CARD:
        return f"start card: {name}"
    if phase == DEALING:
        n = state._game.num_players
        seat = (HAND_SIZE * n - state._deal_left) % n
        shown = name if viewer in (seat, OMNISCIENT) else "a card"
        return f"{seat_name(seat)} is dealt {shown}"
    deck = DECK_NAMES[state._draw_from]
    if action == DEMOGORGON:
        return f"{seat_name(state._player)} draws a Demogorgon from deck {deck}"
    shown = name if viewer in (state._player, OMNISCIENT) else "a card"
    return f"{seat_name(state._player)} draws {shown} from deck {deck}"


def why_illegal(state: EggoState, action: object) -> str:
    """Why `action` is not legal in `state`, in words a player can act on."""
    phase = state._phase
    if type(action) is not int:
        return f"an action is an int, not {type(action).__name__}"
    if phase in (START_CARD, DEALING, DRAWING):
        if not 0 <= action < len(CARD_NAMES):
            return f"chance outcomes are card types 0-{len(CARD_NAMES) - 1}"
        if action not in state._pool:
            return f"no {CARD_NAMES[action]} is left in the deck"
        return f"the start card must show a human character, not {CARD_NAMES[action]}"
    if phase == OVER:
        return "the game is over"
    if not 0 <= action < NUM_ACTIONS:
        return f"actions are 0-{NUM_ACTIONS - 1}"
    if phase == CHOOSING:
        if action < CHOOSE:
            return "every player chooses a character first"
        return f"{PLAYER_CHARACTERS[action - CHOOSE]} is already taken"
    if action >= CHOOSE:
        return "characters were chosen at the start"
    if action >= DRAW_A:
        deck = DECK_NAMES[action - DRAW_A]
        if state._forced == 0 and _playable_cards(state):
            return "you hold a card you can play, and must play it"
        return f"deck {deck} is empty"
    card = RIFT if action >= PLAY_RIFT else PORTAL if action >= PLAY_PORTAL else action
    if state._forced:
        return f"you must first draw the {state._forced} card(s) a Draw 2 gave you"
    if card not in state._hands[state._player]:
        return f"you do not hold {CARD_NAMES[card]}"
    return f"{CARD_NAMES[card]} does not match {_top_description(state)}"


def _playable_cards(state: EggoState) -> list[int]:
    mask = PLAYABLE[state._colour * 10 + state._character]
    return [card for card in state._hands[state._player] if mask >> card & 1]


def _top_description(state: EggoState) -> str:
    colour = COLOURS[state._colour]
    if state._character == NO_CHARACTER:
        return f"the colour in play ({colour})"
    return f"the top card ({colour} {CHARACTERS[state._character]})"
