"""The first game of Egg Bound, 3 players: the learner is seat 0.

The deal is stacked so that the learner sings the Egg Laying Song, lets a red Bad Egg happen,
stops an Eggy Soldier with Cluck-Off, wins a Star challenge, defends against one, loses a turn
to a Fowl, watches a swap, and ends the script holding the green Good Egg that wins."""

from __future__ import annotations

from roost.coach.tutorials import Moment, Rule, Tutorial
from roost.core.message import message
from roost.testing.scenario import Scenario


def script(s: Scenario) -> None:
    hands = [
        ("Egg Laying Song", "Mother Hen", "Cluck-Off", "green Good Egg", "Baby Hen"),
        ("red Bad Egg", "Fowl", "Rooster", "Star Chicken Run", "Golden Hen"),
        ("Eggy Soldier", "Star Egg Head", "Hatch It", "Egg-Splosion", "Un-Bound"),
    ]
    for round_ in range(5):  # one card at a time round the table from seat 0
        s.stack(*(hand[round_] for hand in hands))
    s.stack("Star Pecking Order", "Rooster")  # the learner's refill after the song
    s.do("sing the Egg Laying Song with Mother Hen: take a Good Egg from the Egg Pile")
    s.do("play red Bad Egg on P0")
    s.stack("Star Egg Head")
    s.do("let P1's red Bad Egg happen")
    s.do("play Eggy Soldier on P0")
    s.stack("Rooster", "Golden Hen")
    s.do("play Cluck-Off against P2's Eggy Soldier")
    s.do("challenge P1: Star Pecking Order, Rooster face down")
    s.do("let P0's Star Pecking Order happen")
    # The default deck holds one Egg-Splosion (P2's) and two Un-Bounds: the learner's refill
    # draws an Un-Bound, which does nothing while nobody is Egg Bound.
    s.stack("Hatch It", "Un-Bound", "Baby Hen")
    s.do("defend with Golden Hen")
    s.do("play Fowl on P0")
    s.stack("Egg Laying Song")
    s.do("let P1's Fowl happen")
    s.do("challenge P0: Star Egg Head, Rooster face down")
    s.do("let P2's Star Egg Head happen")
    s.stack("Mother Hen", "Star Chicken Run", "Eggy Soldier")
    s.do("defend with Golden Hen")  # IQ 3 against the Rooster's 1: the learner wins
    s.do("lose this turn")  # the Fowl
    s.stack("Eggy Soldier", "Hatch It")
    s.do("sing the Egg Laying Song with Baby Hen: take a Good Egg from the Egg Pile")
    s.stack("Star Pecking Order")
    s.do("swap: draw a card, then discard one")
    s.do("discard Un-Bound")
    s.settle()


def _eggs(m: Moment) -> int:
    """The eggs in front of the learner, Good and Bad."""
    return int(m.observation["good_eggs"][0]) + int(m.observation["bad_eggs"][0])


def _offered(m: Moment, start: str) -> bool:
    return m.mine and any(move.startswith(start) for move in m.moves)


RULES = (
    Rule(
        "goal",
        message("Three Good Eggs win"),
        message(
            "Everyone starts with one Good Egg; the first to show three Good Eggs wins at once. "
            "On your turn play one card (a blue Chicken Action goes with a purple Chicken), or "
            "swap; then every hand is refilled to five cards."
        ),
        lambda m: _offered(m, "swap"),
    ),
    Rule(
        "song",
        message("Egg Laying Song"),
        message("Sing the Egg Laying Song with any Chicken: take a Good Egg from the Egg Pile."),
        lambda m: _offered(m, "sing"),
    ),
    Rule(
        "bad-egg",
        message("A red card against you"),
        message(
            "A red Bad Egg turns one of your Good Eggs to its Bad side. When a card is played "
            "against you, you may answer with Cluck-Off; keep it for a worse attack this time and "
            "let this one happen."
        ),
        lambda m: m.mine and "let P1's red Bad Egg happen" in m.moves,
    ),
    Rule(
        "cluck-off",
        message("Cluck-Off cancels an attack"),
        message(
            "An Eggy Soldier would take one of your Good Eggs. Cluck-Off cancels it: the card does "
            "nothing and both go to the Discard Pile."
        ),
        lambda m: _offered(m, "play Cluck-Off against P2's Eggy Soldier"),
    ),
    Rule(
        "star",
        message("Star challenges"),
        message(
            "A Star challenge is played with a Chicken face down against a player with a Good "
            "Egg, who places a Chicken too. The Star names the score compared (Pecking Order, IQ "
            "or Speed): more stars win one of the other's Good Eggs. Your Rooster has the best "
            "Pecking Order."
        ),
        lambda m: _offered(m, "challenge"),
    ),
    Rule(
        "fowl",
        message("Fowl"),
        message(
            "A Fowl in front of you: you lose your next turn. With nothing to answer it, it is "
            "let happen for you."
        ),
        lambda m: m.mine and "let P1's Fowl happen" in m.moves,
    ),
    Rule(
        "defend",
        message("Defend with a Chicken"),
        message(
            "Challenged, you place one of your Chickens. The Star Egg Head compares IQ: your "
            "Golden Hen has 3 stars. You hold three eggs already: a win takes nothing more."
        ),
        lambda m: _offered(m, "defend with"),
    ),
    Rule(
        "swap",
        message("Swap"),
        message("Instead of a card, a player may swap: draw the top card, then discard any card."),
        lambda m: any(text.startswith("swap") for text in m.others()),
    ),
    Rule(
        "good-egg",
        message("green Good Egg"),
        message(
            "A green Good Egg turns one of your Bad Eggs good again. Play it now: three Good Eggs, "
            "and you win!"
        ),
        lambda m: _offered(m, "play green Good Egg") and _eggs(m) == 3,
    ),
)

TUTORIAL = Tutorial(
    game="egg-bound",
    params={"players": 3},
    intro=message(
        "Your first game of Egg Bound, against two easy bots. Each rule is explained the "
        "moment it matters; do what the guide says, then finish the game on your own."
    ),
    outro=message(
        "That is every rule of a first game. Finish it against the easy bots: three Good Eggs win."
    ),
    script=script,
    rules=RULES,
)
