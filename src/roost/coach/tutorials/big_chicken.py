"""The first game of BIG CHICKEN: Just Hatched, 3 players: the learner is seat 0.

The deal is stacked so that in the first Run the learner leads a pair (holding Big Red), sees
a higher pair and a cluck, lays a Duck (the direction flips), sees a Little Coop with a skip,
and beats it with Big Red alone: the Run is theirs and they lead the next one."""

from __future__ import annotations

from roost.coach.tutorials import Moment, Rule, Tutorial
from roost.core.message import message
from roost.testing.scenario import Scenario

HANDS = (
    ("Big Red", "Duck", "green 8", "blue 8", "yellow 9", "blue 9", "Green Chicken",
     "Blue Chicken", "green 10", "orange 8"),
    ("orange 8", "yellow 8", "yellow 8", "blue 8", "green 9", "orange 9", "orange 9",
     "Yellow Chicken", "yellow 10", "blue 10"),
    ("orange 10", "yellow 10", "green 10", "blue 10", "orange 10", "green 8", "green 9",
     "blue 9", "yellow 9", "Orange Chicken"),
)  # fmt: skip


def script(s: Scenario) -> None:
    for round_ in range(10):  # one card at a time round the table from seat 0
        s.stack(*(hand[round_] for hand in HANDS))
    s.do("pair: green 8 + blue 8")  # the learner leads: Big Red's holder leads Round 1
    s.do("pair: orange 8 + yellow 8")  # P1: a higher pair
    s.do("cluck (pass)")  # P2
    s.do("pair: yellow 9 + duck as orange 9")  # the learner: a Duck flips the direction
    s.do("little coop: orange 10 + yellow 10 + green 10 + blue 10")  # P2: a Coop on a pair
    s.do("skip the next player (P1)")
    s.do("single: Big Red")  # the learner: Big Red alone beats any Coop
    s.do("cluck (pass)", "cluck (pass)")  # P2, P1: the Run comes back to the learner


def _moves_of(m: Moment, start: str) -> bool:
    return m.mine and any(move.startswith(start) for move in m.moves)


RULES = (
    Rule(
        "goal",
        message("Go out with the fewest points"),
        message(
            "Five Rounds. In each, get rid of your cards: when someone lays their last one, "
            "everyone scores the cards left in hand (more for many). The fewest points after "
            "five Rounds wins: the Golden Egg."
        ),
        lambda m: m.mine and bool(m.moves),
    ),
    Rule(
        "lead",
        message("Lead a Lay"),
        message(
            "You hold Big Red, so you lead the first Run. Lead any Lay: a single card, a pair, "
            "trips, or a Coop of four or five cards of one number. Numbers count before suits; "
            "between equal numbers, blue < green < yellow < orange."
        ),
        lambda m: _moves_of(m, "pair") and not any(mv.startswith("cluck") for mv in m.moves),
    ),
    Rule(
        "follow",
        message("Higher, of the same kind"),
        message(
            "Every Lay after the lead must be of the same kind and higher: P1's pair of 8s with "
            "orange beats your 8s with green."
        ),
        lambda m: any(text.startswith("pair") for text in m.others()),
    ),
    Rule(
        "cluck",
        message("Cluck"),
        message(
            "Instead of laying you may cluck (pass), even when you could lay; you may lay again "
            "later in the same Run."
        ),
        lambda m: any(text.startswith("cluck") for text in m.others()),
    ),
    Rule(
        "duck",
        message("The Duck"),
        message(
            "A Duck is wild: it stands for any numbered card you name, here an orange 9 beside "
            "your yellow 9. Every Duck laid flips the direction of play."
        ),
        lambda m: (
            m.mine
            and "pair: yellow 9 + duck as orange 9" in m.moves
            and any(text.startswith("pair") for text in m.others())
        ),
    ),
    Rule(
        "coop",
        message("Coops"),
        message(
            "A Coop (four or five cards of one number) may be laid on any Lay; only a higher Coop "
            "or Big Red alone beats it. After a Coop its player flips the direction or skips the "
            "next player."
        ),
        lambda m: any(text.startswith("little coop") for text in m.others()),
    ),
    Rule(
        "big-red",
        message("Big Red"),
        message("Big Red laid alone beats any Coop, and nothing beats Big Red."),
        lambda m: m.mine and "single: Big Red" in m.moves and len(m.moves) <= 3,
    ),
    Rule(
        "run",
        message("Winning a Run"),
        message(
            "When play comes back to the last Lay's player, everyone else having clucked, that "
            "player wins the Run: the cards are cleared and they lead the next Run."
        ),
        lambda m: (
            m.mine
            and not any(move.startswith("cluck") for move in m.moves)
            and any(text == "single: Big Red" for seat, text in m.recent if seat == 0)
        ),
    ),
)

TUTORIAL = Tutorial(
    game="big-chicken",
    params={"players": 3},
    intro=message(
        "Your first game of BIG CHICKEN, against two easy bots. Each rule is explained the "
        "moment it matters; do what the guide says, then finish the game on your own."
    ),
    outro=message(
        "That is every rule of a first Run. Play the rest of the game against the easy bots: "
        "go out first, and keep your points low over five Rounds."
    ),
    script=script,
    rules=RULES,
)
