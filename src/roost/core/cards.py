"""Card types as data a front end can draw: name, colour, a symbol, the text of the card.

Observations and actions name cards by their type id (a small int). `Game.card_types()` gives
one `CardInfo` per id, so a browser, a terminal or a log can show a card without knowing the
game: its name, what is printed large on it, its colour and a colour-blind-safe symbol, and what
it does in a sentence.

>>> from roost.core.cards import CardInfo
>>> CardInfo(44, "Portal", kind="portal", label="Portal", symbol="*").to_json()["symbol"]
'*'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card type of a game."""

    id: int
    """The type id used in observations, actions and chance outcomes."""
    name: str
    """The card's name, unique within the game ("red Will", "Big Red", "Cluck-Off")."""
    kind: str
    """The game's kind of card, stable across versions ("character", "egg", "duck", ...)."""
    label: str
    """What is printed large on the card (a number, a character, a short word)."""
    colour: str | None = None
    """Its colour as a CSS colour name, or None for a card without one."""
    symbol: str = ""
    """One or two characters that tell the colour (or kind) apart without colour vision."""
    text: str = ""
    """What the card does, in a sentence, for people who have not read the rules."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "colour": self.colour,
            "symbol": self.symbol,
            "text": self.text,
        }
