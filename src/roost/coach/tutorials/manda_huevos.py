"""The first game of Manda Huevos!, 3 players: the learner is seat 0.

The deal is stacked so that the learner places an egg and draws, sees a low egg put into their
container and their best egg moved away, swaps it back, puts it to sleep, uses the last action
card and must then play an egg (the hen), which takes eggs from the others' containers."""

from __future__ import annotations

from roost.coach.tutorials import Moment, Rule, Tutorial
from roost.core.message import message
from roost.testing.scenario import Scenario


def script(s: Scenario) -> None:
    hands = [("egg 9", "hen", "egg 8"), ("egg 1", "egg 5", "egg 7"), ("egg 6", "egg 3", "egg 4")]
    for round_ in range(3):  # one card at a time round the table from seat 0
        s.stack(*(hand[round_] for hand in hands))
    s.do("place egg 9 in P0's container")  # the learner keeps a high egg
    s.stack("egg 2")
    s.do("place egg 1 in P0's container")  # P1 gives the learner a low egg
    s.stack("egg 7")
    s.do("Move an Egg: egg 9 (P0's slot 1) to P2's container")  # P2 takes the 9
    s.do("Swap Eggs: egg 1 (P0's slot 2) with egg 9 (P2's slot 1)")  # the learner swaps back
    s.do("place egg 5 in P1's container")
    s.stack("egg 6")
    s.do("place egg 6 in P2's container")
    s.stack("egg 8")
    s.do("Put to Sleep: egg 9 (P0's slot 2)")  # the learner protects the 9
    s.do("place egg 7 in P1's container")
    s.stack("egg 3")
    s.do("place egg 8 in P2's container")
    s.stack("egg 5")
    s.do("Move an Egg: egg 1 (P2's slot 1) to P1's container")  # the learner's last action card
    s.do("place egg 3 in P2's container")
    s.stack("egg 9")
    s.do("place egg 4 in P1's container")
    s.stack("egg 2")
    s.do("play the hen")  # an egg turn is due: the hen
    s.do("take egg 7 (P1's slot 2)", "take egg 8 (P2's slot 3)", "stop taking eggs")
    s.stack("egg 6")
    s.settle()


def _eggs(m: Moment, seat: int) -> int:
    return int(m.observation["eggs_in_container"][seat])


RULES = (
    Rule(
        "goal",
        message("Fill your container with high eggs"),
        message(
            "Each player has a container of six slots. The game ends when every container is "
            "full; the most points in your own container wins (a tie: the eggs left in hand). "
            "On your turn place an egg from your hand in any container, yours or another's, and "
            "draw a card."
        ),
        lambda m: m.mine and any(move.startswith("place") for move in m.moves),
    ),
    Rule(
        "low-eggs",
        message("Eggs for the others"),
        message(
            "Anyone may put an egg into your container: a low egg there fills a slot you wanted "
            "for a high one."
        ),
        lambda m: any(t.startswith("place") and "in P0's container" in t for t in m.others()),
    ),
    Rule(
        "move",
        message("Move an Egg"),
        message(
            "Instead of an egg you may use one of your three action cards. Move an Egg takes an "
            "awake egg from any container to another one with room: your 9 just went to P2."
        ),
        lambda m: any(t.startswith("Move an Egg") for t in m.others()),
    ),
    Rule(
        "swap",
        message("Swap Eggs"),
        message("Swap Eggs exchanges two awake eggs of two containers: get your 9 back for the 1."),
        lambda m: (
            m.mine
            and any(move.startswith("Swap") for move in m.moves)
            and _eggs(m, 2) > 0
            and _eggs(m, 0) == 1
        ),
    ),
    Rule(
        "sleep",
        message("Put to Sleep / Wake"),
        message(
            "Put to Sleep turns an egg face down: a sleeping egg cannot be moved, swapped or "
            "taken. The same card can wake a sleeping egg instead."
        ),
        lambda m: m.mine and "Put to Sleep: egg 9 (P0's slot 2)" in m.moves,
    ),
    Rule(
        "face-down",
        message("Used action cards"),
        message(
            "A used action card stays face down until all three are used. You have used your last "
            "one: your next turn must be an egg (or the hen), and after its draw all three turn "
            "face up again."
        ),
        lambda m: bool(m.observation["must_play_egg"][0]),
    ),
    Rule(
        "hen",
        message("The hen"),
        message(
            "The hen is played instead of an egg: take awake eggs from the other containers into "
            "yours, one at a time, as long as you have room; then stop. It counts as your egg "
            "turn."
        ),
        lambda m: m.mine and "play the hen" in m.moves and bool(m.observation["must_play_egg"][0]),
    ),
)

TUTORIAL = Tutorial(
    game="manda-huevos",
    params={"players": 3},
    intro=message(
        "Your first game of Manda Huevos!, against two easy bots. Each rule is explained "
        "the moment it matters; do what the guide says, then finish the game on your own."
    ),
    outro=message(
        "That is every rule of a first game. Finish it against the easy bots: when every "
        "container is full, the most points wins."
    ),
    script=script,
    rules=RULES,
)
