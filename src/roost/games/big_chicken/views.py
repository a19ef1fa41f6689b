"""What BIG CHICKEN shows: each seat's observation, actions in words and as data, reasons for
refusals.

Functions of the state, kept apart from the rules. Everything is public except a seat's own
hand (and, for `OMNISCIENT`, every hand and the contents of the face-down piles). The discard
pile is shown by size only: after a penalty draw its contents are known only to the player who
drew. Observations name cards by type id (`Game.card_types` gives their names, colours and
texts) and everything else by an enum whose values are stable ids or by a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from roost.core.actions import ActionInfo, Choice
from roost.core.game import OMNISCIENT
from roost.core.message import Listing, Message, Term, joined, listing, message, term
from roost.core.view import ObservationReader
from roost.games.big_chicken.actions import (
    BAD_GIVES,
    BIG_RED_LAY,
    CARDS,
    CARDS_ID,
    CATCH,
    CATCHING,
    CHANCE_PHASES,
    CLUCK,
    COOP_SIZE,
    DEAL,
    DECLARE,
    DECLARED,
    FLIP,
    FLIP_OR_SKIP,
    FORGET,
    GIVE_BACK,
    GIVE_BEST,
    GOOD_GIVES,
    HAND_CARDS,
    LAST_EGG,
    LAY_TEXT,
    LET_GO,
    OVER,
    PENALTY,
    PHASES,
    SIZE,
    SIZE_NAMES,
    SKIP,
    TIE_DRAW,
    Phase,
    beats,
    card_word,
    lay_message,
    seat_name,
    size_word,
)
from roost.games.big_chicken.actions import decision_message as decision_said
from roost.games.big_chicken.cards import NUM_TYPES, NUMBERS, number_of, suit_of
from roost.games.big_chicken.rules import QUIET, SAID, best_card, hand, holds

if TYPE_CHECKING:
    from roost.games.big_chicken.state import BigChickenState


class Direction(StrEnum):
    """The side of the Direction of Play card that is up."""

    CLUCKWISE = "cluckwise"
    """Seat order: P0, P1, P2, ..."""
    COUNTER_CLUCKWISE = "counter_cluckwise"


class LastEgg(StrEnum):
    """What a player with one card left did about "Last Egg"."""

    SAID = "said"
    QUIET = "quiet"
    """Stayed quiet and was not caught (strict Last Egg)."""


class LastEggRule(StrEnum):
    """The `last_egg` parameter."""

    AUTO = "auto"
    STRICT = "strict"


class LayKind(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRIPS = "trips"
    LITTLE_COOP = "little_coop"
    BIG_COOP = "big_coop"


LAY_KINDS: Final = tuple(LayKind)
"""`LayKind` of each Lay size - 1."""


class Lay(TypedDict):
    """A Lay on the table."""

    seat: int
    """Who laid it."""
    kind: LayKind
    cards: list[int]
    """The card type ids laid, sorted (a Duck as the Duck's type id)."""
    duck_as: int | None
    """The numbered Egg card (type id) the Duck stands for; None without a Duck."""


class Shown(TypedDict):
    seat: int
    card: int


class Exchange(TypedDict):
    given: int | None
    """The card the Good Egg gave the Bad Egg this Round (face up)."""
    returned: int | None
    """The card the Bad Egg gave back (face up)."""


class TieDraw(TypedDict):
    seat: int
    card: int


class BigChickenObservation(TypedDict):
    """What one seat sees (``observation(seat)``); a spectator gets all but the hands."""

    game: str
    players: int
    seat: int | None
    """The seat this is the view of (None: a spectator or the omniscient view)."""
    phase: Phase
    current_player: int | None
    """The seat to decide; None while cards are dealt or drawn, and after the end."""
    round: int
    """The Round being played (1-based; the last Round once the game is over)."""
    rounds: int
    direction: Direction
    hand_sizes: list[int]
    dealer: int
    leader: int | None
    """Who leads (led) the Round; None while the cards are dealt."""
    shown: Shown | None
    """Round 1: the card its leader showed (Big Red; with 2 players their highest card)."""
    run: list[Lay]
    """The Lays of the current Run, oldest first."""
    to_beat: Lay | None
    """The Run's last Lay, the one to beat (None: the next Lay leads a new Run)."""
    clucked: list[int]
    """The seats that clucked since the last Lay."""
    last_egg: list[LastEgg | None]
    catches: list[int]
    """Times each seat was caught this Round."""
    penalties: list[int]
    """Penalty points each seat earned this Round."""
    scores: list[int]
    """Points so far (the lowest wins)."""
    round_scores: list[list[int]]
    """Each finished Round's points per seat."""
    good_egg: int | None
    """The last Round's Good Egg (fewest points)."""
    bad_egg: int | None
    """The last Round's Bad Egg (most points)."""
    exchange: Exchange
    discard_size: int
    """Cards in the face-down discard pile (its contents are hidden)."""
    deck_size: int
    """Cards not dealt yet (2 players: the 20 unused cards; at the end: the tie deck)."""
    last_round_hands: list[list[int]] | None
    """Every hand as shown at the end of the last Round."""
    last_egg_rule: LastEggRule
    quiet_player: NotRequired[int]
    """During a catch window: the player who stayed quiet with one card left."""
    hand: NotRequired[list[int]]
    """The seat's own hand, sorted (absent for a spectator)."""
    hands: NotRequired[list[list[int]]]
    """Every hand (the omniscient view only)."""
    deck_pool: NotRequired[list[int]]
    """The undealt or unused cards (the omniscient view only)."""
    discard: NotRequired[list[int]]
    """The discard pile (the omniscient view only)."""
    tie_draws: NotRequired[list[TieDraw]]
    """Once the game is over (or its tie is drawn): every Golden Egg tie draw."""
    rotten_eggs: NotRequired[list[int]]
    """Once the game is over (or its tie is drawn): the seats with the most points."""
    winners: NotRequired[list[int]]
    """The Golden Egg, once the game is over."""
    golden_egg: NotRequired[list[int]]
    """The same as ``winners``."""


of, read = ObservationReader[BigChickenObservation]("big-chicken")
"""`of(view)` reads a bot's seat view, `read(obs)` any mapping, as BigChickenObservation."""


def lay_of(seat: int, action: int) -> Lay:
    """Lay `action` laid by `seat`, as the observation shows it."""
    declared = DECLARED[action]
    return {
        "seat": seat,
        "kind": LAY_KINDS[SIZE[action] - 1],
        "cards": list(HAND_CARDS[action]),
        "duck_as": declared if declared >= 0 else None,
    }


_LAST_EGG: Final = (None, LastEgg.SAID, LastEgg.QUIET)
assert _LAST_EGG[SAID] == LastEgg.SAID and _LAST_EGG[QUIET] == LastEgg.QUIET


def observation(state: BigChickenState, seat: int | None) -> BigChickenObservation:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    n = game.num_players
    phase = state._phase
    player = state.current_player()
    run = [
        lay_of(p, action) for p, action in zip(state._run_seats, state._run_actions, strict=True)
    ]
    obs: BigChickenObservation = {
        "game": game.name,
        "players": n,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASES[phase],
        "current_player": player if player >= 0 else None,
        "round": min(state._round + 1, game.rounds),
        "rounds": game.rounds,
        "direction": Direction.CLUCKWISE if state._direction == 1 else Direction.COUNTER_CLUCKWISE,
        "hand_sizes": list(state._sizes),
        "dealer": state._dealer,
        "leader": state._leader if state._leader >= 0 and phase != DEAL else None,
        "shown": (
            {"seat": state._leader, "card": state._shown}
            if state._shown >= 0 and state._leader >= 0
            else None
        ),
        "run": run,
        "to_beat": run[-1] if state._top > 0 else None,
        "clucked": [p for p in range(n) if state._clucks >> p & 1],
        "last_egg": [_LAST_EGG[value] for value in state._last_egg],
        "catches": list(state._catches),
        "penalties": list(state._penalties),
        "scores": list(state._totals),
        "round_scores": [list(scores) for scores in state._round_scores],
        "good_egg": state._good if state._good >= 0 else None,
        "bad_egg": state._bad if state._bad >= 0 else None,
        "exchange": {
            "given": state._given if state._given >= 0 else None,
            "returned": state._returned if state._returned >= 0 else None,
        },
        "discard_size": len(state._discard),
        "deck_size": len(state._pool),
        "last_round_hands": (
            [list(held) for held in state._last_hands] if state._last_hands is not None else None
        ),
        "last_egg_rule": LastEggRule.STRICT if game.strict else LastEggRule.AUTO,
    }
    if phase == CATCHING:
        obs["quiet_player"] = state._caught
    if seat is not None and seat >= 0:
        obs["hand"] = hand(state, seat)
    if seat == OMNISCIENT:
        obs["hands"] = [hand(state, p) for p in range(n)]
        obs["deck_pool"] = sorted(state._pool)
        obs["discard"] = sorted(state._discard)
    if (phase in (TIE_DRAW, OVER)) and state._round >= game.rounds:
        obs["tie_draws"] = [{"seat": p, "card": c} for p, c in state._tie_draws]
        high = max(state._totals)  # the Rotten Egg title is shared
        obs["rotten_eggs"] = [p for p, total in enumerate(state._totals) if total == high]
    if phase == OVER:
        obs["winners"] = state.winners()
        obs["golden_egg"] = state.winners()
    return obs


def action_text(state: BigChickenState, action: int, viewer: int | None) -> str:
    """`action` as `viewer` may know it: cards dealt to or drawn by another player stay
    hidden."""
    if action < FLIP and state._phase not in CHANCE_PHASES:
        return LAY_TEXT[action]  # the table built once (the same as `lay_message`'s English)
    return action_message(state, action, viewer).english()


def action_message(state: BigChickenState, action: int, viewer: int | None) -> Message:
    """`action_text` as a message, for each reader's language."""
    phase = state._phase
    if phase not in CHANCE_PHASES:
        return lay_message(action) if action < FLIP else decision_message(state, action)
    if phase == DEAL:
        seat = state._deal_seat
        if viewer in (seat, OMNISCIENT):
            return message("{seat} is dealt {card}", seat=seat_name(seat), card=card_word(action))
        return message("{seat} is dealt a card", seat=seat_name(seat))
    if phase == PENALTY:
        seat = state._caught
        if viewer in (seat, OMNISCIENT):
            return message(
                "{seat} draws {card} from the discard pile (penalty)",
                seat=seat_name(seat),
                card=card_word(action),
            )
        return message("{seat} draws a card from the discard pile (penalty)", seat=seat_name(seat))
    return message(
        "{seat} draws {card} for the Golden Egg tie",
        seat=seat_name(state._queue[0]),
        card=card_word(action),
    )


def decision_text(state: BigChickenState, action: int) -> str:
    """A decision in words, naming the seat a skip passes over and the player a catch catches."""
    return decision_message(state, action).english()


def decision_message(state: BigChickenState, action: int) -> Message:
    """`decision_text` as a message."""
    skipped = (
        (state._player + state._direction) % state._game.num_players
        if state._phase == FLIP_OR_SKIP
        else None
    )
    caught = state._caught if state._caught >= 0 else None
    return decision_said(action, skipped, caught)


def action_info(state: BigChickenState, action: int) -> ActionInfo:
    """A legal decision as data (RULES.md, "Actions as data"); each step's words are a message
    (`Choice.said`), its English the label."""
    if action == CLUCK:
        return ActionInfo("pass", _CLUCK_STEPS)
    if action < FLIP:
        return _lay_info(action)
    said = decision_message(state, action)
    if action in (FLIP, SKIP):
        player = state._player
        skipped = (player + state._direction) % state._game.num_players
        if action == FLIP:
            return ActionInfo("flip", (Choice.said("option", 0, said),))
        # A Coop that went out ends the Round: its skip passes over nobody.
        seat = skipped if state._sizes[player] else None
        return ActionInfo("skip", (Choice.said("option", 1, said),), seat=seat)
    if action in (DECLARE, FORGET):
        kind = "say_last_egg" if action == DECLARE else "stay_quiet"
        return ActionInfo(kind, (Choice.said("option", action - DECLARE, said),))
    if action in (CATCH, LET_GO):
        kind = "catch" if action == CATCH else "let_go"
        return ActionInfo(kind, (Choice.said("option", action - CATCH, said),), seat=state._caught)
    card = action - GIVE_BEST if action < GIVE_BACK else action - GIVE_BACK
    to = state._bad if action < GIVE_BACK else state._good
    return ActionInfo("give", (_GIVE_CHOICES[card],), cards=(card,), seat=to)


_CLUCK_STEPS: Final = (Choice.said("pass", 0, message("cluck (pass)")),)
_GIVE_CHOICES: Final = tuple(
    Choice.said("card", card, card_word(card)) for card in range(NUM_TYPES)
)
_LAY_CHOICES: Final = tuple(
    Choice.said("lay", size, size_word(size)) for size in range(1, len(SIZE_NAMES))
)
"""The kinds of Lay, by size - 1."""
_NUMBER_CHOICES: Final = tuple(
    Choice.said("number", number, str(number)) for number in range(max(NUMBERS) + 1)
)
_SUIT_CHOICES: Final = (
    Choice.said("suit", 0, term("BIG CHICKEN card", "blue")),
    Choice.said("suit", 1, term("BIG CHICKEN card", "green")),
    Choice.said("suit", 2, term("BIG CHICKEN card", "yellow")),
    Choice.said("suit", 3, term("BIG CHICKEN card", "orange")),
)


def _cards_words(action: int) -> Message | Term:
    """The cards of a Lay in words (`CARDS_LABEL`): highest first, the Duck last, joined with
    " + " as a Lay's text joins them."""
    cards = CARDS[action]
    said = card_word(cards[0])
    for card in cards[1:]:
        said = message("{cards} + {card}", cards=said, card=card_word(card))
    return said


def _lay_info(action: int) -> ActionInfo:
    """A Lay: its kind, then its cards, then (with a Duck) what the Duck stands for: its number
    (a lone Duck only: with other cards the number is theirs), then its suit."""
    size = SIZE[action]
    steps = [_LAY_CHOICES[size - 1], Choice.said("cards", CARDS_ID[action], _cards_words(action))]
    declared = DECLARED[action]
    info: dict[str, int] = {}
    if declared >= 0:
        number, suit = number_of(declared), suit_of(declared)
        if size == 1:
            steps.append(_NUMBER_CHOICES[number])
        steps.append(_SUIT_CHOICES[suit])
        info = {"number": number, "suit": suit}
    return ActionInfo("lay", tuple(steps), cards=HAND_CARDS[action], declared=info)


def why_illegal(state: BigChickenState, action: int) -> str:
    """Why `action` (in range, not legal) is refused, in words a player can act on."""
    return why_illegal_message(state, action).english()


def why_illegal_message(state: BigChickenState, action: int) -> Message:
    """`why_illegal` as a message. A decision's text is quoted as ``'...'`` (what ``repr``
    gave: no decision text holds a quote)."""
    phase = state._phase
    if phase in CHANCE_PHASES:
        if action >= NUM_TYPES:
            return message("chance outcomes are card types 0-{last}", last=NUM_TYPES - 1)
        if phase == PENALTY:
            return message("no {card} is left in the discard pile", card=card_word(action))
        return message("no {card} is left in the deck", card=card_word(action))
    text = decision_message(state, action)
    if phase == FLIP_OR_SKIP:
        return message("you laid a Coop: choose to flip or to skip, not '{text}'", text=text)
    if phase == LAST_EGG:
        return message(
            "you have one card left: say Last Egg or stay quiet, not '{text}'", text=text
        )
    if phase == CATCHING:
        return message(
            "{seat} stayed quiet with one card left: catch them or let it go, not '{text}'",
            seat=seat_name(state._caught),
            text=text,
        )
    if phase == GOOD_GIVES:
        return message(
            "the Good Egg must give their best card except Big Red ({best}), not '{text}'",
            best=card_word(best_card(state, state._good)),
            text=text,
        )
    if phase == BAD_GIVES:
        if not GIVE_BACK <= action < GIVE_BACK + NUM_TYPES:
            return message("the Bad Egg gives a card back to the Good Egg, not '{text}'", text=text)
        card = action - GIVE_BACK
        if card == state._given:
            return message(
                "you cannot give back the card you were just given ({card}), only a copy you "
                "held before",
                card=card_word(card),
            )
        return message("you do not hold {card}", card=card_word(card))
    # PLAY
    if action == CLUCK:
        return message("you lead this Run: lay something (the leader cannot cluck)")
    if action >= FLIP:
        return message("it is your turn to lay or cluck; '{text}' is not a Lay", text=text)
    if not holds(state, state._player, action):
        return message("you do not hold the cards for '{text}'", text=text)
    top = state._top
    top_text = lay_message(top)
    if top == BIG_RED_LAY:
        return message("nothing beats Big Red laid alone: cluck")
    if SIZE[top] >= COOP_SIZE:
        return message("only a higher Coop, or Big Red alone, beats '{top}'", top=top_text)
    if SIZE[action] != SIZE[top]:
        return message(
            "'{text}' is not a {kind}: this Run's Lays are {kinds} (or a Coop)",
            text=text,
            kind=size_word(SIZE[top]),
            kinds=_SIZE_PLURALS[SIZE[top] - 1],
        )
    assert not beats(action, top)
    return message("'{text}' is not higher than '{top}'", text=text, top=top_text)


_SIZE_PLURALS: Final = (
    term("BIG CHICKEN lays", "singles"),
    term("BIG CHICKEN lays", "pairs"),
    term("BIG CHICKEN lays", "tripss"),
)
"""The kinds of Lay a Run of singles, pairs or trips takes, as `why_illegal` has always said
them (its English added an "s" to the kind's name, hence "tripss")."""


assert CARDS[CLUCK] == ()


# --- what a player would say aloud -------------------------------------------------------------


def _seats(seats: list[int]) -> Listing:
    """ "P0", "P0 and P2", "P0, P1 and P2"."""
    return listing([seat_name(seat) for seat in seats])


def _points(points: list[int]) -> Message:
    """ "P0 3, P1 5, P2 0"."""
    return joined(
        [message("{seat} {points}", seat=seat_name(p), points=v) for p, v in enumerate(points)]
    )


def _order(direction: str, n: int) -> Message:
    step = 1 if direction == Direction.CLUCKWISE else -1
    seats = " -> ".join(seat_name((k * step) % n) for k in range(n))
    if step == 1:
        return message("cluckwise ({seats})", seats=seats)
    return message("counter-cluckwise ({seats})", seats=seats)


def narrate(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The events of one action a player would say aloud, from two observations of the same
    viewer (`Game.narrate`): a Run won, the direction flipped (by a Duck or a Coop), Last Egg,
    a catch, the Round over with its points and titles, the end. Public fields only."""
    return [said.english() for said in narrate_messages(before, after)]


def narrate_messages(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Message]:
    """`narrate` as messages, for each reader's language."""
    lines: list[Message] = []
    n = after["players"]
    over = after["phase"] == Phase.OVER
    if after["shown"] is not None and before["shown"] is None:
        shown = after["shown"]
        lines.append(
            message(
                "{seat} holds {card}: {seat} leads the Round",
                seat=seat_name(shown["seat"]),
                card=card_word(shown["card"]),
            )
        )
    ran, run = before["run"], after["run"]
    if after["direction"] != before["direction"]:
        new_lay = run[-1] if len(run) > len(ran) else None
        order = _order(after["direction"], n)
        if new_lay is not None and new_lay["duck_as"] is not None:
            lines.append(
                message("The Duck flips the direction: play now goes {order}", order=order)
            )
        elif before["phase"] == Phase.FLIP_OR_SKIP and before["current_player"] is not None:
            lines.append(
                message(
                    "{seat} flips the direction: play now goes {order}",
                    seat=seat_name(before["current_player"]),
                    order=order,
                )
            )
        else:
            lines.append(message("The direction flips: play now goes {order}", order=order))
    rounds_before, rounds_after = len(before["round_scores"]), len(after["round_scores"])
    if ran and not run and rounds_after == rounds_before and not over:
        winner = ran[-1]["seat"]
        lines.append(
            message(
                "Everyone else clucked: {seat} wins the Run; {seat} leads the next",
                seat=seat_name(winner),
            )
        )
    for p in range(n):
        said, was = after["last_egg"][p], before["last_egg"][p]
        if said == LastEgg.SAID and was != LastEgg.SAID and rounds_after == rounds_before:
            lines.append(message("{seat} has one card left: Last Egg!", seat=seat_name(p)))
        if after["catches"][p] > before["catches"][p]:
            lines.append(
                message("{seat} is caught: up to 2 cards from the discard pile", seat=seat_name(p))
            )
    quiet = after.get("quiet_player")
    if quiet is not None and before.get("quiet_player") != quiet:
        lines.append(
            message(
                "{seat} stayed quiet with one card left: the others may catch that",
                seat=seat_name(quiet),
            )
        )
    if rounds_after > rounds_before:
        scores = after["round_scores"][-1]
        hands = after["last_round_hands"] or []
        out = [p for p, held in enumerate(hands) if not held]
        points = _points([scores[p] for p in range(n)])
        if out:
            lines.append(
                message(
                    "Round {round} is over: {seats} went out. Points this Round: {points}",
                    round=rounds_after,
                    seats=_seats(out),
                    points=points,
                )
            )
        else:
            lines.append(
                message(
                    "Round {round} is over: Points this Round: {points}",
                    round=rounds_after,
                    points=points,
                )
            )
        good, bad = after["good_egg"], after["bad_egg"]
        if not over and good is not None and bad is not None:
            lines.append(
                message(
                    "{good} is the Good Egg (fewest points), {bad} the Bad Egg (most): {bad} "
                    "deals the next Round",
                    good=seat_name(good),
                    bad=seat_name(bad),
                )
            )
    if over and before["phase"] != Phase.OVER:
        totals = _points([after["scores"][p] for p in range(n)])
        winners = list(after.get("winners", []))
        lines.append(message("Game over. Total points: {totals}", totals=totals))
        if winners:
            lines.append(
                message("{seats} is the Golden Egg (fewest points) and wins", seats=_seats(winners))
            )
        else:
            lines.append(message("nobody is the Golden Egg (fewest points) and wins"))
        rotten = list(after.get("rotten_eggs", []))
        if rotten:
            lines.append(message("Rotten Egg (most points): {seats}", seats=_seats(rotten)))
    return lines
