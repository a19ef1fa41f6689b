"""Manda Huevos!, played by rules of thumb.

Every move is scored by what it does to a projection of each container's final points: the eggs
in it, plus an average egg for each empty slot, minus a share of every awake egg's value above
average (an awake egg can be swapped, moved or taken away; a sleeping one cannot). The move that
most raises my projection against my opponents' (the leader's counts most) is played. So:

* Play high eggs into my own container; dump low eggs into the leader's container, or Move a low
  egg out of mine into it (an empty slot is worth an average egg).
* Put my high awake eggs to sleep: while opponents hold a face-up Swap or Move (or the hen is
  still in the cards), an awake high egg of mine is worth little more than an average one, so
  swapping or taking one in pays only when nobody can take it straight back.
* Swap my lowest awake egg for an opponent's highest; wake an opponent's high sleeping egg when
  it pays. Action cards are used whenever they gain something (they come back after the forced
  egg play), and a card that gains nothing is better than an egg play that loses.
* Keep the hen until several high awake eggs sit in others' containers and I have room, then
  take the best of them (from the leader first) and stop when a take gains nothing.
* Before using my last face-up card, mind the forced egg play it brings.
* An own action card (the ``own_cards`` parameter) is scored as its best first application
  (the same arithmetic as the printed card with its effect, or as a take with the hen), plus
  half of that again for each further application; its applications are then scored one at a
  time like the printed cards' moves.
* An egg that ends the game is played only if I win (a tie goes to the hand values, opponents'
  unseen hands counted as average eggs); one that hands someone else the win only if nothing
  else is legal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from roost.bots.heuristic import HeuristicPolicy
from roost.core.view import SeatView
from roost.games.manda_huevos.actions import (
    HEN_STOP,
    HEN_TAKE,
    MAX_SEATS,
    MOVE,
    PASS,
    PLAY_HEN,
    POSITIONS,
    SWAP,
    TOGGLE,
    USE_OWN,
)
from roost.games.manda_huevos.cards import (
    CONTAINER_SIZE,
    EGG_TYPES,
    HEN,
    HEN_POINTS,
    MOVE_AN_EGG,
    SWAP_EGGS,
    parse_egg_values,
    parse_own_cards,
)
from roost.games.manda_huevos.views import End, Hen, MandaHuevosObservation, of

_WIN = 1000.0


@dataclass(frozen=True)
class Weights:
    """The rules of thumb in numbers (tuned in heuristic-against-heuristic games)."""

    exposed_mine: float = 1.2
    """Share of an awake egg's value above average that my opponents may take from me."""
    exposed_theirs: float = 0.4
    """The same for an opponent's awake eggs (counted in my favour)."""
    leader: float = 0.6
    """Weight of the best opponent's projection; the rest goes to the mean of all of them."""
    card_cost: float = 0.0
    """What using an action card costs (it is face down until the refresh)."""
    hen_hold: float = 3.0
    """What keeping the hen for later is worth at the start (it shrinks as slots fill)."""
    forced: float = 0.5
    """Share of a bad forced egg play counted against using the last face-up card."""


WEIGHTS = Weights()


@lru_cache(maxsize=16)
def _mean_egg(egg_values: str, own_cards: str = "") -> float:
    """The average egg of the deck: the printed eggs and the own ones."""
    printed, own = parse_egg_values(egg_values), parse_own_cards(own_cards)[0]
    counts = [a + b for a, b in zip(printed, own, strict=True)]
    return sum(v * c for v, c in enumerate(counts)) / sum(counts)


def choose(view: SeatView, rng: random.Random) -> int:
    return decide(view, WEIGHTS)


class _Board:
    """The table as I see it: values (None: empty; unknown sleeping eggs count as average)."""

    def __init__(self, obs: MandaHuevosObservation, me: int, mean: float, w: Weights) -> None:
        n: int = obs["players"]
        self.n = n
        self.me = me
        self.mean = mean
        self.w = w
        self.values: list[float | None] = []
        self.asleep: list[bool] = []
        for row in obs["containers"]:
            for cell in row:
                if cell is None:
                    self.values.append(None)
                    self.asleep.append(False)
                else:
                    egg = cell["egg"]
                    self.values.append(float(egg) if egg is not None else mean)
                    self.asleep.append(bool(cell["asleep"]))
        face_up = obs["face_up_actions"]
        threats = sum(
            1
            for s in range(n)
            if s != me and (SWAP_EGGS in face_up[s] or MOVE_AN_EGG in face_up[s])
        )
        hen_out = obs["hen"] == Hen.PLAYED
        share = (threats + (0 if hen_out else 0.5)) / max(1, n - 1)
        self.alpha = [
            w.exposed_mine * (0.4 + 0.6 * min(1.0, share)) if s == me else w.exposed_theirs
            for s in range(n)
        ]
        self.proj = [self.project(s, self.values, self.asleep) for s in range(n)]
        self.base = self.utility(self.proj)

    def project(self, seat: int, values: list[float | None], asleep: list[bool]) -> float:
        mean = self.mean
        total = exposed = 0.0
        for p in range(CONTAINER_SIZE * seat, CONTAINER_SIZE * (seat + 1)):
            v = values[p]
            if v is None:
                total += mean
            else:
                total += v
                if not asleep[p] and v > mean:
                    exposed += v - mean
        return total - self.alpha[seat] * exposed

    def utility(self, proj: list[float]) -> float:
        me = self.me
        others = [x for s, x in enumerate(proj) if s != me]
        lead = self.w.leader
        return proj[me] - lead * max(others) - (1 - lead) * sum(others) / len(others)

    def after(self, changes: dict[int, tuple[float | None, bool]], seats: tuple[int, ...]) -> float:
        """The utility after setting some cells (position -> (value, asleep))."""
        values = self.values.copy()
        asleep = self.asleep.copy()
        for p, (v, s) in changes.items():
            values[p] = v
            asleep[p] = s
        proj = self.proj.copy()
        for seat in seats:
            proj[seat] = self.project(seat, values, asleep)
        return self.utility(proj)

    def lowest_free(self, container: int) -> int:
        base = CONTAINER_SIZE * container
        for p in range(base, base + CONTAINER_SIZE):
            if self.values[p] is None:
                return p
        return -1

    def eggs(self, container: int) -> int:
        base = CONTAINER_SIZE * container
        return sum(1 for p in range(base, base + CONTAINER_SIZE) if self.values[p] is not None)


def decide(view: SeatView, w: Weights) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scores = score_moves(view, w)
    return max(legal, key=lambda a: (scores[a], -a))


def rank(view: SeatView) -> list[int]:
    """The legal moves, best first by the rules of thumb (ties: the lower action first, as
    `decide` breaks them): the order in which search widens its root."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return list(legal)
    scores = score_moves(view, WEIGHTS)
    return sorted(legal, key=lambda a: (-scores[a], a))


def score_moves(view: SeatView, w: Weights) -> dict[int, float]:
    """What each legal move gains by the rules of thumb."""
    legal = view.legal_actions()
    obs = of(view)
    me = view.seat
    params = view.game.params
    mean = _mean_egg(str(params["egg_values"]), str(params.get("own_cards", "")))
    board = _Board(obs, me, mean, w)
    hand = [HEN_POINTS if card == HEN else card for card in obs["hand"]]
    quick = obs["end"] == End.ANY_FULL
    total_slots = CONTAINER_SIZE * board.n
    filled = sum(obs["eggs_in_container"])
    context = _Context(board, obs, hand, quick, filled, total_slots)

    best_place = max((context.place_gain(a) for a in legal if a < PLAY_HEN), default=0.0)
    face_up = len(obs["face_up_actions"][me])
    scores: dict[int, float] = {}
    for action in legal:
        if action < PLAY_HEN:
            score = context.place_gain(action)
        elif action == PLAY_HEN:
            score = context.hen_gain() - w.hen_hold * (total_slots - filled) / total_slots
        elif action < HEN_STOP:
            score = context.take_gain(action - HEN_TAKE)
        elif action == HEN_STOP:
            score = 0.0
        elif action < PASS:
            score = context.card_gain(action) - w.card_cost
            if face_up == 1 and best_place < 0:
                score += w.forced * best_place
        elif action > PASS:
            own = obs["own_actions"][action - USE_OWN]
            best = context.own_gain(own["effect"])
            score = best + 0.5 * (own["repeats"] - 1) * max(best, 0.0) - w.card_cost
            if face_up == 1 and best_place < 0:
                score += w.forced * best_place
        else:
            score = 0.0
        scores[action] = score
    return scores


class _Context:
    def __init__(
        self,
        board: _Board,
        obs: MandaHuevosObservation,
        hand: list[int],
        quick: bool,
        filled: int,
        total_slots: int,
    ) -> None:
        self.board = board
        self.obs = obs
        self.hand = hand
        self.quick = quick
        self.filled = filled
        self.total_slots = total_slots

    def _final(self, values: list[float | None], hand_after: list[int]) -> float:
        """The game ends with these cells: a win is worth a lot, a loss costs a lot."""
        board = self.board
        n, me = board.n, board.me
        scores = [
            sum(v for v in values[CONTAINER_SIZE * s : CONTAINER_SIZE * (s + 1)] if v is not None)
            for s in range(n)
        ]
        mine = scores[me]
        best_other = max(x for s, x in enumerate(scores) if s != me)
        margin = mine - best_other
        if margin > 0:
            return _WIN + margin
        if margin < 0:
            return -_WIN + margin
        # A tie: the hands decide; an opponent's unseen hand counts as average eggs.
        tied = [s for s in range(n) if s != me and scores[s] == mine]
        mine_hand = sum(hand_after)
        theirs = max(self.obs["hand_sizes"][s] * board.mean for s in tied)
        return _WIN / 2 if mine_hand > theirs else -_WIN / 2

    def place_gain(self, action: int) -> float:
        board = self.board
        container, value = divmod(action, EGG_TYPES)
        p = board.lowest_free(container)
        if (not self.quick and self.filled + 1 == self.total_slots) or (
            self.quick and board.eggs(container) + 1 == CONTAINER_SIZE
        ):
            values = board.values.copy()
            values[p] = float(value)
            rest = self.hand.copy()
            rest.remove(value)
            return self._final(values, rest)
        return board.after({p: (float(value), False)}, (container,)) - board.base

    def take_gain(self, source: int) -> float:
        board = self.board
        me = board.me
        target = board.lowest_free(me)
        v = board.values[source]
        if self.quick and board.eggs(me) + 1 == CONTAINER_SIZE:
            values = board.values.copy()
            values[target] = v
            values[source] = None
            return self._final(values, self.hand)
        return (
            board.after({target: (v, False), source: (None, False)}, (me, source // CONTAINER_SIZE))
            - board.base
        )

    def hen_gain(self) -> float:
        """Greedy takes from the best awake eggs while each one gains."""
        board = self.board
        me = board.me
        room = CONTAINER_SIZE - board.eggs(me)
        candidates = [
            p
            for p, v in enumerate(board.values)
            if v is not None and not board.asleep[p] and p // CONTAINER_SIZE != me
        ]
        values = board.values.copy()
        asleep = board.asleep.copy()
        proj = board.proj.copy()
        current = board.base
        gain = 0.0
        for _ in range(room):
            best_p, best_u, best_proj = -1, current, proj
            target = next(
                p
                for p in range(CONTAINER_SIZE * me, CONTAINER_SIZE * (me + 1))
                if values[p] is None
            )
            for p in candidates:
                if values[p] is None:
                    continue
                trial_values = values.copy()
                trial_values[target] = values[p]
                trial_values[p] = None
                trial = proj.copy()
                owner = p // CONTAINER_SIZE
                trial[me] = board.project(me, trial_values, asleep)
                trial[owner] = board.project(owner, trial_values, asleep)
                u = board.utility(trial)
                if u > best_u:
                    best_p, best_u, best_proj = p, u, trial
            if best_p < 0:
                break
            values[target] = values[best_p]
            values[best_p] = None
            proj = best_proj
            gain += best_u - current
            current = best_u
        return gain

    def own_gain(self, effect: str) -> float:
        """The best first application of an own card's effect, as the printed card (or the
        hen's take) with that effect would score it."""
        board = self.board
        n, me = board.n, board.me
        values, asleep = board.values, board.asleep
        awake = [p for p in range(CONTAINER_SIZE * n) if values[p] is not None and not asleep[p]]
        rooms = [c for c in range(n) if board.eggs(c) < CONTAINER_SIZE]
        gains: list[float] = []
        if effect == "take":
            if me in rooms:
                gains = [self.take_gain(p) for p in awake if p // CONTAINER_SIZE != me]
        elif effect == "move":
            gains = [
                self.card_gain(MOVE + p * MAX_SEATS + t)
                for p in awake
                for t in rooms
                if t != p // CONTAINER_SIZE
            ]
        elif effect == "swap":
            gains = [
                self.card_gain(SWAP + a * POSITIONS + b)
                for a in awake
                for b in awake
                if a // CONTAINER_SIZE < b // CONTAINER_SIZE
            ]
        else:
            gains = [
                self.card_gain(TOGGLE + p)
                for p in range(CONTAINER_SIZE * n)
                if values[p] is not None
            ]
        return max(gains, default=0.0)

    def card_gain(self, action: int) -> float:
        board = self.board
        if action < SWAP:
            position, target = divmod(action - MOVE, MAX_SEATS)
            v = board.values[position]
            p = board.lowest_free(target)
            if self.quick and board.eggs(target) + 1 == CONTAINER_SIZE:
                values = board.values.copy()
                values[p] = v
                values[position] = None
                return self._final(values, self.hand)
            return (
                board.after(
                    {p: (v, False), position: (None, False)},
                    (target, position // CONTAINER_SIZE),
                )
                - board.base
            )
        if action < TOGGLE:
            a, b = divmod(action - SWAP, POSITIONS)
            return (
                board.after(
                    {a: (board.values[b], False), b: (board.values[a], False)},
                    (a // CONTAINER_SIZE, b // CONTAINER_SIZE),
                )
                - board.base
            )
        position = action - TOGGLE
        return (
            board.after(
                {position: (board.values[position], not board.asleep[position])},
                (position // CONTAINER_SIZE,),
            )
            - board.base
        )


__all__ = ["WEIGHTS", "Weights", "choose", "decide", "rank", "score_moves"]


POLICY = HeuristicPolicy(choose, rank=rank)
