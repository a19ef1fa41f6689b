"""Eggo, played by rules of thumb.

* Never choose Barb (she cannot escape); draw from the bigger deck (it makes no difference).
* Escaping needs an empty hand while Right Side Up. So: when Right Side Up, avoid anything that
  flips you; when Upside Down, keep a Portal (or Rift) to play as your very last card, which
  flips you and empties your hand at once.
* Among ordinary cards, play the one that leaves the most of your other cards playable, and
  announce the colour you hold most of.
* Play a Rift when it sends more Right-Side-Up opponents down than it lifts, never when it would
  free an empty-handed opponent; aim a Draw 2 (or a Reverse away from) a player close to escaping.
  An own Draw N (the ``own_cards`` parameter) is a Draw 2 weighed by N/2.
"""

from __future__ import annotations

import random
from typing import cast

from roost.bots.heuristic import HeuristicPolicy
from roost.core.view import SeatView
from roost.games.eggo.actions import CHOOSE, DRAW_A, DRAW_B, OWN_PLAY, PLAY_PORTAL, played_card
from roost.games.eggo.cards import BARB, NO_CHARACTER, PORTAL, RIFT
from roost.games.eggo.game import EggoGame
from roost.games.eggo.views import Character, Direction, EggoObservation, Side, of


def choose(view: SeatView, rng: random.Random) -> int:
    legal = view.legal_actions()
    obs = of(view)
    if CHOOSE <= legal[0] < OWN_PLAY:
        return next(a for a in legal if a - CHOOSE != BARB)
    if DRAW_A <= legal[0] < OWN_PLAY:
        decks = obs["decks"]
        return (
            DRAW_A if DRAW_A in legal and (decks[0] >= decks[1] or DRAW_B not in legal) else DRAW_B
        )
    hand = obs["hand"]
    game = cast(EggoGame, view.game)
    return max(legal, key=lambda action: (_score(game, action, hand, obs, view.seat), -action))


def rank(view: SeatView) -> list[int]:
    """The legal moves, best first by the same rules of thumb (ties: the lower action first):
    the order in which search widens its root."""
    legal = view.legal_actions()
    if len(legal) == 1 or DRAW_A <= legal[0] < OWN_PLAY:
        first = choose(view, random.Random(0))
        return [first, *(a for a in legal if a != first)]
    obs = of(view)
    hand = obs["hand"]
    game = cast(EggoGame, view.game)
    return sorted(legal, key=lambda action: (-_score(game, action, hand, obs, view.seat), action))


def _matches(game: EggoGame, card: int, colour: int, character: int) -> bool:
    kind = game.kinds[card]
    if kind in ("portal", "rift"):
        return True
    return game.colours[card] == colour or (
        kind == "character" and game.card_characters[card] == character
    )


def _score(game: EggoGame, action: int, hand: list[int], obs: EggoObservation, me: int) -> float:
    card = played_card(action)
    if card in (PORTAL, RIFT):
        colour = (action - PLAY_PORTAL) % 4  # the colour announced
    else:
        colour = game.colours[card]
    kind = game.kinds[card]
    rest = list(hand)
    rest.remove(card)
    character = game.card_characters[card] if kind == "character" else NO_CHARACTER
    flexible = sum(1 for other in rest if _matches(game, other, colour, character))
    score = 1.0 + 0.1 * flexible
    upside = obs["sides"][me] == Side.UPSIDE_DOWN
    threat = _threats(obs, me)
    if card in (PORTAL, RIFT):
        if not rest:
            score += 10.0 if upside else -5.0  # a last flip escapes, or traps
        elif upside:
            score -= 0.5  # keep it for the last card
        else:
            score -= 2.5  # do not leave the Right Side Up
        if card == RIFT:
            score += _rift_gain(obs, me)
    elif kind == "draw2":
        score += 0.3 + 1.5 * threat.get(_next_seat(obs, me, obs["direction"]), 0.0)
    elif kind == "draw":  # an own Draw N: a Draw 2 weighed by N / 2
        n = game.draws[card]
        score += 0.15 * n + 0.75 * n * threat.get(_next_seat(obs, me, obs["direction"]), 0.0)
    elif kind == "reverse":
        ahead = threat.get(_next_seat(obs, me, obs["direction"]), 0.0)
        back = (
            Direction.COUNTERCLOCKWISE
            if obs["direction"] == Direction.CLOCKWISE
            else Direction.CLOCKWISE
        )
        behind = threat.get(_next_seat(obs, me, back), 0.0)
        score += 0.1 + ahead - behind
    return score


def _threats(obs: EggoObservation, me: int) -> dict[int, float]:
    """How close each other player in play is to escaping (0 to 1)."""
    result = {}
    for seat in range(obs["players"]):
        if seat == me or obs["escaped"][seat]:
            continue
        if obs["sides"][seat] == Side.RIGHT_SIDE_UP:
            result[seat] = 1.0 / (1 + obs["hand_sizes"][seat])
    return result


def _rift_gain(obs: EggoObservation, me: int) -> float:
    gain = 0.0
    for seat in range(obs["players"]):
        if seat == me or obs["escaped"][seat] or obs["characters"][seat] == Character.BARB:
            continue
        if obs["sides"][seat] == Side.RIGHT_SIDE_UP:
            gain += 0.7
        elif obs["hand_sizes"][seat] == 0:
            gain -= 3.0  # the flip would free them
        else:
            gain -= 0.7
    return gain


def _next_seat(obs: EggoObservation, me: int, direction: Direction) -> int:
    step = 1 if direction == Direction.CLOCKWISE else -1
    n: int = obs["players"]
    seat = me
    for _ in range(n):
        seat = (seat + step) % n
        if not obs["escaped"][seat]:
            return seat
    return me


POLICY = HeuristicPolicy(choose, rank=rank)
