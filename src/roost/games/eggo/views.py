"""What Eggo shows: each seat's observation, actions in words and as data, reasons for refusals.

Functions of the state, kept apart from the rules so the state machine stays short. Everything a
seat is shown goes through `observation`, `action_text` and `action_info`. Observations name
cards by type id (`Game.card_types` gives their names, colours and texts) and everything else by
an enum whose values are stable ids; words for people are built from those by the front ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from roost.core.actions import ActionInfo, Choice
from roost.core.game import OMNISCIENT
from roost.core.message import (
    ENGLISH,
    Listing,
    Message,
    Term,
    listing,
    message,
    plural_message,
    render_field,
    term,
)
from roost.core.view import ObservationReader
from roost.games.eggo.actions import (
    CHOOSE,
    CHOOSING,
    DEALING,
    DECK_NAMES,
    DRAW_A,
    DRAWING,
    OVER,
    OWN_PLAY,
    PHASES,
    PLAY_PORTAL,
    START_CARD,
    TURN,
    Phase,
    decision_message,
    played_card,
    seat_name,
)
from roost.games.eggo.cards import (
    CHARACTERS,
    COLOUR_TERMS,
    COLOURS,
    DEMOGORGON,
    DEMOGORGONS_TO_END,
    DRAW_TERMS,
    NO_CHARACTER,
    PLAYER_CHARACTER_TERMS,
    PLAYER_CHARACTERS,
    card_term,
)

if TYPE_CHECKING:
    from roost.games.eggo.state import EggoState


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    BLUE = "blue"


class Character(StrEnum):
    """The characters on the cards (Will to Jonathan) and Barb, who is only a player's card."""

    WILL = "will"
    MIKE = "mike"
    LUCAS = "lucas"
    DUSTIN = "dustin"
    ELEVEN = "eleven"
    HOPPER = "hopper"
    JOYCE = "joyce"
    NANCY = "nancy"
    JONATHAN = "jonathan"
    BARB = "barb"


class Side(StrEnum):
    """The side of a player's character card that is face up."""

    UPSIDE_DOWN = "upside_down"
    RIGHT_SIDE_UP = "right_side_up"


class Direction(StrEnum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


COLOUR_IDS: Final = tuple(Colour)
DECK_CHARACTERS: Final = tuple(Character)[: len(CHARACTERS)]
PLAYER_CHARACTER_IDS: Final = (*tuple(Character)[:6], Character.BARB)
assert [c.value for c in DECK_CHARACTERS] == [name.lower() for name in CHARACTERS]
assert [c.value for c in PLAYER_CHARACTER_IDS] == [name.lower() for name in PLAYER_CHARACTERS]


class EggoObservation(TypedDict):
    """What one seat sees (``observation(seat)``); a spectator gets all but the hands."""

    game: str
    players: int
    seat: int | None
    """The seat this is the view of (None: a spectator or the omniscient view)."""
    phase: Phase
    current_player: int | None
    """The seat choosing, playing or drawing; None while cards are dealt or after the end."""
    characters: list[Character | None]
    """Each seat's character card (None until chosen)."""
    sides: list[Side]
    escaped: list[bool]
    hand_sizes: list[int]
    top: int | None
    """The card on top of the discard pile (a card type id)."""
    colour: Colour | None
    """The colour to match."""
    character: Character | None
    """The character to match (None after a Reverse, Draw 2, Portal or Rift)."""
    discard: list[int]
    """Every card played, oldest first (the start card first)."""
    decks: list[int]
    """Cards left in deck A and deck B."""
    demogorgons: int
    """Demogorgons drawn so far (the fourth, or the last of the game's `copies`, ends the game)."""
    direction: Direction
    draws_owed: int
    """Cards the seat to move must still draw for a Draw 2 (or an own Draw N: the top card)."""
    draws_this_turn: int
    hand: NotRequired[list[int]]
    """The seat's own hand, sorted (absent for a spectator)."""
    hands: NotRequired[list[list[int]]]
    """Every hand (the omniscient view only)."""
    deck_pool: NotRequired[list[int]]
    """The cards in the decks (the omniscient view only)."""
    winners: NotRequired[list[int]]
    """The seats that escaped, once the game is over."""


of, read = ObservationReader[EggoObservation]("eggo")
"""`of(view)` reads a bot's seat view, `read(obs)` any mapping, as EggoObservation."""


def observation(state: EggoState, seat: int | None) -> EggoObservation:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    phase = state._phase
    played = bool(state._discard)
    obs: EggoObservation = {
        "game": game.name,
        "players": game.num_players,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASES[phase],
        "current_player": state._player if phase in (TURN, CHOOSING, DRAWING) else None,
        "characters": [PLAYER_CHARACTER_IDS[c] if c >= 0 else None for c in state._characters],
        "sides": [Side.UPSIDE_DOWN if up else Side.RIGHT_SIDE_UP for up in state._upside],
        "escaped": list(state._escaped),
        "hand_sizes": [len(hand) for hand in state._hands],
        "top": state._discard[-1] if played else None,
        "colour": COLOUR_IDS[state._colour] if played else None,
        "character": (
            DECK_CHARACTERS[state._character]
            if played and state._character != NO_CHARACTER
            else None
        ),
        "discard": list(state._discard),
        "decks": list(state._decks),
        "demogorgons": state._demogorgons,
        "direction": Direction.CLOCKWISE if state._direction == 1 else Direction.COUNTERCLOCKWISE,
        "draws_owed": state._forced,
        "draws_this_turn": state._draws,
    }
    if seat is not None and seat >= 0:
        obs["hand"] = sorted(state._hands[seat])
    if seat == OMNISCIENT:
        obs["hands"] = [sorted(hand) for hand in state._hands]
        obs["deck_pool"] = sorted(state._pool)
    if phase == OVER:
        obs["winners"] = state.winners()
    return obs


def action_message(state: EggoState, action: int, viewer: int | None) -> Message:
    """`action` as `viewer` may know it: cards another player draws stay hidden."""
    phase = state._phase
    game = state._game
    names = game.card_names
    if phase in (TURN, CHOOSING, OVER):
        return decision_message(action, names, game.num_distinct_actions())
    card = card_term(names[action])
    if phase == START_CARD:
        return message("start card: {card}", card=card)
    if phase == DEALING:
        n = state._game.num_players
        seat = (state._game.hand_size * n - state._deal_left) % n
        if viewer in (seat, OMNISCIENT):
            return message("{seat} is dealt {card}", seat=seat_name(seat), card=card)
        return message("{seat} is dealt a card", seat=seat_name(seat))
    deck = DECK_NAMES[state._draw_from]
    drawer = seat_name(state._player)
    if action == DEMOGORGON:
        return message("{seat} draws a Demogorgon from deck {deck}", seat=drawer, deck=deck)
    if viewer in (state._player, OMNISCIENT):
        return message("{seat} draws {card} from deck {deck}", seat=drawer, card=card, deck=deck)
    return message("{seat} draws a card from deck {deck}", seat=drawer, deck=deck)


def action_text(state: EggoState, action: int, viewer: int | None) -> str:
    """`action_message` in English (the canonical text)."""
    return action_message(state, action, viewer).english()


def action_info(state: EggoState, action: int) -> ActionInfo:
    """A legal decision as data: play a card (announcing a colour for Portal and Rift), draw
    from a deck, or choose a character. Each step's words are a message (`Choice.said`), its
    English the label."""
    names = state._game.card_names
    if action >= OWN_PLAY:
        card = played_card(action)
        return ActionInfo("play", (_card_choice(names, card),), cards=(card,))
    if action >= CHOOSE:
        character = action - CHOOSE
        return ActionInfo("choose", (_CHARACTER_CHOICES[character],))
    if action >= DRAW_A:
        return ActionInfo("draw", (_DECK_CHOICES[action - DRAW_A],))
    if action >= PLAY_PORTAL:
        card = played_card(action)
        colour = (action - PLAY_PORTAL) % len(COLOURS)
        steps = (_card_choice(names, card), _COLOUR_CHOICES[colour])
        return ActionInfo("play", steps, cards=(card,), declared={"colour": colour})
    return ActionInfo("play", (_card_choice(names, action),), cards=(action,))


def _card_choice(names: tuple[str, ...], card: int) -> Choice:
    return Choice.said("card", card, card_term(names[card]))


_CHARACTER_CHOICES: Final = tuple(
    Choice.said("character", index, character)
    for index, character in enumerate(PLAYER_CHARACTER_TERMS)
)
_DECK_CHOICES: Final = tuple(
    Choice.said("deck", deck, message("draw from deck {deck}", deck=name))
    for deck, name in enumerate(DECK_NAMES)
)
_COLOUR_CHOICES: Final = tuple(
    Choice.said("colour", index, colour) for index, colour in enumerate(COLOUR_TERMS)
)


def why_illegal_message(state: EggoState, action: int) -> Message:
    """Why `action` (in range, not legal) is refused, in words a player can act on."""
    phase = state._phase
    names = state._game.card_names
    if phase in (START_CARD, DEALING, DRAWING):
        if action not in state._pool:
            return message("no {card} is left in the deck", card=card_term(names[action]))
        return message(
            "the start card must show a human character, not {card}",
            card=card_term(names[action]),
        )
    if phase == CHOOSING:
        if action < CHOOSE or action >= OWN_PLAY:
            return message("every player chooses a character first")
        character = PLAYER_CHARACTER_TERMS[action - CHOOSE]
        return message("{character} is already taken", character=character)
    if CHOOSE <= action < OWN_PLAY:
        return message("characters were chosen at the start")
    if DRAW_A <= action < OWN_PLAY:
        if state._forced == 0 and _playable_cards(state):
            return message("you hold a card you can play, and must play it")
        return message("deck {deck} is empty", deck=DECK_NAMES[action - DRAW_A])
    card = played_card(action)
    if state._forced:
        given = names[state._discard[-1]].partition(" ")[2]  # the Draw 2 (or N) just played
        kind: Term | str = _DRAW_TERM_OF.get(given, given)
        # English says "card(s)" whatever the count; the plural lets other languages agree.
        return plural_message(
            "you must first draw the {count} card(s) a {card} gave you",
            "you must first draw the {count} card(s) a {card} gave you",
            state._forced,
            card=kind,
        )
    if card not in state._hands[state._player]:
        return message("you do not hold {card}", card=card_term(names[card]))
    return message(
        "{card} does not match {top}", card=card_term(names[card]), top=_top_description(state)
    )


def why_illegal(state: EggoState, action: int) -> str:
    """`why_illegal_message` in English (the canonical text)."""
    return why_illegal_message(state, action).english()


_DRAW_TERM_OF: Final = {kind.text: kind for kind in DRAW_TERMS}


def _playable_cards(state: EggoState) -> list[int]:
    mask = state._game.playable[state._colour * 10 + state._character]
    return [card for card in state._hands[state._player] if mask >> card & 1]


def _top_description(state: EggoState) -> Message:
    colour = COLOUR_TERMS[state._colour]
    if state._character == NO_CHARACTER:
        return message("the colour in play ({colour})", colour=colour)
    top = f"{COLOURS[state._colour]} {CHARACTERS[state._character]}"
    return message("the top card ({card})", card=card_term(top))


# --- what a player would say aloud -------------------------------------------------------------


def _seats(seats: list[int]) -> Listing:
    """ "P0", "P0 and P2", "P0, P1 and P2"."""
    return listing([seat_name(seat) for seat in seats])


def narrate(
    before: Mapping[str, Any], after: Mapping[str, Any], total: int = DEMOGORGONS_TO_END
) -> list[str]:
    """`narrate_messages` in English (the canonical lines)."""
    return [line.english() for line in narrate_messages(before, after, total)]


def narrate_messages(
    before: Mapping[str, Any], after: Mapping[str, Any], total: int = DEMOGORGONS_TO_END
) -> list[Message]:
    """The events of one action a player would say aloud, from two observations of the same
    viewer (`Game.narrate`): flips, escapes, Demogorgons, a new direction, a Draw 2 owed, the
    end. Built from public fields only, and `total`, the Demogorgons in the deck (a game
    parameter, `EggoGame.narrate_messages` passes it)."""
    lines: list[Message] = []
    n = after["players"]
    flipped = [p for p in range(n) if before["sides"][p] != after["sides"][p]]
    if len(flipped) > 1:
        up = [p for p in flipped if after["sides"][p] == Side.RIGHT_SIDE_UP]
        down = [p for p in flipped if after["sides"][p] == Side.UPSIDE_DOWN]
        lines.append(_everyone_flips(up, down))
    elif flipped:
        p = flipped[0]
        if after["sides"][p] == Side.RIGHT_SIDE_UP:
            lines.append(message("{seat} flips to Right Side Up", seat=seat_name(p)))
        else:
            lines.append(message("{seat} flips to Upside Down", seat=seat_name(p)))
    for p in range(n):
        if after["escaped"][p] and not before["escaped"][p]:
            lines.append(
                message("{seat} escaped: no cards left and Right Side Up", seat=seat_name(p))
            )
        elif (
            not after["escaped"][p]
            and after["hand_sizes"][p] == 0
            and before["hand_sizes"][p] > 0
            and after["phase"] != Phase.DEAL
        ):
            lines.append(
                message(
                    "{seat} has no cards left, but Upside Down: not escaped yet", seat=seat_name(p)
                )
            )
    demogorgons = after["demogorgons"]
    if demogorgons > before["demogorgons"]:
        lines.append(_demogorgon_out(demogorgons, total))
    if after["direction"] != before["direction"] and after["phase"] != Phase.OVER:
        if after["direction"] == Direction.CLOCKWISE:
            lines.append(message("Play now goes clockwise"))
        else:
            lines.append(message("Play now goes counterclockwise"))
    owed = after["draws_owed"]
    if owed and not before["draws_owed"] and after["current_player"] is not None:
        # The draws owed appear the moment the card is played: `owed` is its N.
        lines.append(
            message(
                "{seat} must first draw {count} (Draw {count})",
                seat=seat_name(after["current_player"]),
                count=owed,
            )
        )
    if after["phase"] == Phase.OVER and before["phase"] != Phase.OVER:
        lines.append(_game_over(list(after.get("winners", [])), demogorgons >= total))
    return lines


def _everyone_flips(up: list[int], down: list[int]) -> Message:
    if up and down:
        return message(
            "Everyone still in play flips: {up} now Right Side Up; {down} now Upside Down",
            up=_seats(up),
            down=_seats(down),
        )
    if up:
        return message("Everyone still in play flips: {seats} now Right Side Up", seats=_seats(up))
    return message("Everyone still in play flips: {seats} now Upside Down", seats=_seats(down))


def _demogorgon_out(demogorgons: int, total: int) -> Message:
    if demogorgons >= total:
        return message(
            "The {ordinal} Demogorgon is out: the game ends", ordinal=ordinal_word(total)
        )
    if demogorgons == total - 1:
        return message(
            "Demogorgon {count} of {total} is out: the next one ends the game",
            count=demogorgons,
            total=total,
        )
    return message(
        "Demogorgon {count} of {total} is out: the {ordinal} ends the game",
        count=demogorgons,
        total=total,
        ordinal=ordinal_word(total),
    )


def _game_over(winners: list[int], last_demogorgon: bool) -> Message:
    if winners and last_demogorgon:
        return plural_message(
            "Game over. {seats} escaped and won",
            "Game over. {seats} escaped and won",
            len(winners),
            seats=_seats(winners),
        )
    if winners:
        return plural_message(
            "Game over: nobody is left in play. {seats} escaped and won",
            "Game over: nobody is left in play. {seats} escaped and won",
            len(winners),
            seats=_seats(winners),
        )
    if last_demogorgon:
        return message("Game over. Nobody escaped")
    return message("Game over: nobody is left in play. Nobody escaped")


_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_ORDINAL_TERMS: Final = (
    term("Eggo ordinal", "first"),
    term("Eggo ordinal", "second"),
    term("Eggo ordinal", "third"),
    term("Eggo ordinal", "fourth"),
    term("Eggo ordinal", "fifth"),
    term("Eggo ordinal", "sixth"),
    term("Eggo ordinal", "seventh"),
    term("Eggo ordinal", "eighth"),
)
assert tuple(word.text for word in _ORDINAL_TERMS) == _ORDINALS


def ordinal(number: int) -> str:
    """``4`` -> ``"fourth"`` (``"12th"`` past the words)."""
    return render_field(ordinal_word(number), ENGLISH)


def ordinal_word(number: int) -> Term | Message:
    """``4`` -> the word ``fourth`` (a term: "cuarto"), ``12`` -> ``12th`` (a message per
    English suffix: "12.º")."""
    if 1 <= number <= len(_ORDINALS):
        return _ORDINAL_TERMS[number - 1]
    if 10 <= number % 100 <= 20:
        return message("{number}th", number=number)
    last = number % 10
    if last == 1:
        return message("{number}st", number=number)
    if last == 2:
        return message("{number}nd", number=number)
    if last == 3:
        return message("{number}rd", number=number)
    return message("{number}th", number=number)
