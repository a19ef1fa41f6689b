"""The first game of Stranger Things: Eggo Card Game, 3 players: the learner is seat 0.

The deal is stacked so that in the first turns the learner matches a card, plays a Portal
(Right Side Up), sees a Reverse, a Draw 2 and an All-Players Rift (Upside Down again), has no
match and draws, meets a Demogorgon and must play the card drawn after it."""

from __future__ import annotations

from roost.coach.tutorials import Moment, Rule, Tutorial
from roost.core.message import message
from roost.testing.scenario import Scenario


def script(s: Scenario) -> None:
    s.do("choose Will", "choose Mike", "choose Lucas")
    s.stack("red Jonathan")  # the start card
    hands = [
        ("red Will", "Portal", "yellow Lucas", "green Eleven"),
        ("red Reverse", "All-Players Rift", "blue Hopper", "yellow Nancy"),
        ("green Draw 2", "blue Joyce", "red Mike", "yellow Dustin"),
    ]
    for round_ in range(4):  # one card at a time round the table from seat 0
        s.stack(*(hand[round_] for hand in hands))
    s.do("play red Will")  # the learner matches the colour
    s.do("play red Reverse")  # P1: the direction flips, the learner goes next
    s.do("play Portal, announce green")  # the learner: Right Side Up
    s.do("play green Draw 2")  # P2: P1 draws two first
    s.stack("green Joyce", "red Dustin")
    s.do("draw from deck A", "draw from deck A")
    s.do("play All-Players Rift, announce blue")  # P1: everyone flips
    s.stack("Demogorgon", "blue Mike")
    s.do("draw from deck A")  # the learner has no match: a Demogorgon
    s.do("draw from deck B")  # drawn again: blue Mike, which matches
    s.do("play blue Mike")
    s.do("play red Mike")  # P2 matches the character


def _side(m: Moment) -> str:
    return str(m.observation["sides"][0])


RULES = (
    Rule(
        "characters",
        message("Choose a character"),
        message(
            "Everyone plays a character and starts Upside Down. You escape when you hold no cards "
            "and your character is Right Side Up. Barb can never escape: do not choose her."
        ),
        lambda m: m.mine and all(move.startswith("choose") for move in m.moves),
    ),
    Rule(
        "match",
        message("Match the top card"),
        message(
            "On your turn play a card that matches the top of the discard pile: the same colour "
            "or the same character. Your red Will matches the red Jonathan."
        ),
        lambda m: m.mine and "play red Will" in m.moves,
    ),
    Rule(
        "reverse",
        message("Reverse"),
        message(
            "A Reverse flips the direction of play: the player before goes next. It matches its "
            "colour only."
        ),
        lambda m: any("Reverse" in t for t in m.others()),
    ),
    Rule(
        "portal",
        message("Portal"),
        message(
            "A Portal matches anything. Playing it flips your character and you announce the "
            "colour the next player must match."
        ),
        lambda m: m.mine and all("Portal" in move for move in m.moves),
    ),
    Rule(
        "right-side-up",
        message("Right Side Up"),
        message(
            "You are Right Side Up now. Play your last card while Right Side Up and you escape."
        ),
        lambda m: _side(m) == "right_side_up",
    ),
    Rule(
        "draw-2",
        message("Draw 2"),
        message(
            "A Draw 2 makes the next player draw two cards first; then they take a normal turn."
        ),
        lambda m: any("Draw 2" in t for t in m.others()),
    ),
    Rule(
        "rift",
        message("All-Players Rift"),
        message(
            "An All-Players Rift flips every player still in play, the one who plays it too: you "
            "are Upside Down again."
        ),
        lambda m: any("Rift" in t for t in m.others()),
    ),
    Rule(
        "no-match",
        message("No match: draw"),
        message(
            "You have no match: draw from either deck (nobody knows what either holds). A card "
            "drawn that matches must be played; if not, draw once more. Two draws at most."
        ),
        lambda m: m.mine and bool(m.moves) and all(mv.startswith("draw") for mv in m.moves),
    ),
    Rule(
        "demogorgon",
        message("Demogorgon"),
        message(
            "A Demogorgon is set beside the toaster, never held: draw again. When the fourth one "
            "is drawn the game ends at once, and whoever has not escaped loses."
        ),
        lambda m: int(m.observation["demogorgons"]) > 0,
    ),
    Rule(
        "must-play",
        message("A card drawn that matches"),
        message("The card you drew matches: you must play it, and your turn ends."),
        lambda m: m.mine and m.moves == ("play blue Mike",),
    ),
)

TUTORIAL = Tutorial(
    game="eggo",
    params={"players": 3},
    intro=message(
        "Your first game of Eggo, against two easy bots. Each rule is explained the moment "
        "it matters; do what the guide says, then finish the game on your own."
    ),
    outro=message(
        "That is every rule of a first game. Finish it against the easy bots: escape before "
        "the fourth Demogorgon comes out."
    ),
    script=script,
    rules=RULES,
)
