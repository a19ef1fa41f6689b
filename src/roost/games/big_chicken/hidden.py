"""BIG CHICKEN's public record: what the rules show everyone, kept for resampling.

The state machine writes to ``state._events`` (while it records) every fact a seat may use to
tell states apart: where each Round's deal starts, cards shown, face-up gifts, Lays, cleared
Runs, catches, the hands shown at each Round's end, and what the rules reveal without showing a
card (the Good Egg's "best card", the 2-player highest card). `resample.py` rebuilds a history
from the record and one seat's own cards.

Events are tuples whose first item is the kind:
"""

from __future__ import annotations

from typing import Final

EV_ROUND: Final = 0
"""(EV_ROUND, history index of the first card dealt, first seat dealt to, cards to deal)"""
EV_SHOW: Final = 1
"""(EV_SHOW, seat, card): shown from the hand, kept."""
EV_RESTRICT: Final = 2
"""(EV_RESTRICT, seat, mask): every card the seat holds now is of a type in the mask."""
EV_GIFT: Final = 3
"""(EV_GIFT, from seat, to seat, card): passed face up."""
EV_LAY: Final = 4
"""(EV_LAY, seat, action)"""
EV_CLEAR: Final = 5
"""(EV_CLEAR,): the Run's cards go to the discard pile."""
EV_CATCH: Final = 6
"""(EV_CATCH, seat, history index of the first card drawn, cards to draw)"""
EV_END: Final = 7
"""(EV_END, hand of each seat as sorted card types): every hand is shown at the Round's end."""


def below_or_equal(card: int) -> int:
    """Mask of the card types no better than `card` ("best card" order = type order)."""
    return (1 << (card + 1)) - 1
