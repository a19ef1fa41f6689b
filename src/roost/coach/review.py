"""Review after a game: where a seat's game turned, from that seat's own information only.

For each decision seat ``s`` took (one with at least two moves the search tells apart), the
review grows the hard bot's search tree (ISMCTS, `roost.bots.ismcts`, with the game's own search
settings and the hard bot's budget of iterations) from ``s``'s information set at that moment:
every iteration plays in a world resampled from what ``s`` knew (`resample_from_infostate`),
never in the real deal. The root's statistics give, per move, the seat's expected result (its
return scaled to [0, 1] by the game's bounds: in every game at its default settings, the chance
of winning). The best move is the one the search would play (the most visited). The search
spreads its iterations over the moves, so the estimates of the best move and of the move
chosen are each topped up to `ReviewSettings.least_visits` iterations (1000 by default) with
iterations that play that move at the root (`ISMCTSBot.search_move`): per decision the hard
bot's search (1000 iterations) and up to twice as many again. The values shown are passed
through the game's calibration map (`roost.coach.chances`: monotone, so the best move stays the
best), so that a chance of 30% is won about 30% of the time.

**Marks.** The loss of a decision is ``best value - chosen value`` (never below 0). A move is an
*inaccuracy* from a loss of 0.05 (five points of winning chance), a *mistake* from 0.10 and a
*blunder* from 0.20 (`THRESHOLDS`), and only when the loss is also larger than its noise: twice
the standard error of the difference of the two estimates (each estimate is a mean over its
iterations of rewards in [0, 1], whose variance is at most ``v (1 - v)``). A move the search
cannot tell from the best within its budget is not marked, however large the loss looks.

**Hidden information.** The review of seat ``s`` reads the history only through a `SeatView` of
``s`` (observation, legal moves, resampled worlds, texts as ``s`` may know them), and each
decision's search is seeded from what ``s`` knows at that decision (its observation, the number
of its decision, the seat and the review's own seed; never the table's seed): two deals ``s``
cannot tell apart give the same review, move for move (the proof is
``tests/coach/test_review.py``, the resampling check of the conformance suite applied to the
review).

The work splits by decision (each is seeded on its own), so a review is the same whatever the
number of processes that computed it (`review_seat`'s ``jobs``; the server's bot workers).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from roost.bots import DEFAULT_ITERATIONS, search_bot
from roost.bots.ismcts import Node
from roost.coach.chances import PlattMap, chance_map
from roost.core.errors import IllegalActionError, RoostError
from roost.core.game import Game
from roost.core.registry import load_game
from roost.core.state import State
from roost.core.view import SeatView

FORMAT: Final = "roost-review"
VERSION: Final = 1
THRESHOLDS: Final = (("inaccuracy", 0.05), ("mistake", 0.10), ("blunder", 0.20))
"""(mark, the least loss of expected result that earns it), mildest first."""
MARKS: Final = tuple(name for name, _ in THRESHOLDS)

ViewOf = Callable[[State, int], SeatView]
"""How the search sees the seat: `SeatView` (the only honest one; tests pass a leaky one to show
that the proof test catches a review that peeks at the real cards)."""


@dataclass(frozen=True)
class ReviewSettings:
    """The budget and seed of a review (the defaults are the hard bot's budget)."""

    iterations: int = DEFAULT_ITERATIONS
    """Search iterations per decision: the hard bot's 1000 by default."""
    least_visits: int = DEFAULT_ITERATIONS
    """The least iterations behind the estimates of the move chosen and of the best move: each
    is topped up to this with iterations that play it at the root when the search spent fewer
    on it (1000: two estimates within about 0.04 of each other are not told apart)."""
    seed: int = 1
    """The review's own seed: with the seat's information it seeds every decision's search."""
    options: int = 3
    """Moves listed per decision besides the one chosen (the most visited first)."""
    calibrated: bool = True
    """Whether the values are passed through the game's calibration map (`roost.coach.chances`;
    off: the search's raw estimates, which the map is fitted on)."""

    def __post_init__(self) -> None:
        if not 1 <= self.iterations <= 200_000:
            raise RoostError(
                f"a review takes 1 to 200,000 iterations a decision; got {self.iterations}"
            )
        if not 0 <= self.least_visits <= 200_000:
            raise RoostError(f"least_visits is 0 to 200,000; got {self.least_visits}")
        if not 1 <= self.options <= 20:
            raise RoostError(f"options is 1 to 20; got {self.options}")

    @classmethod
    def for_budget(cls, iterations: int, seed: int = 1) -> ReviewSettings:
        """Settings for a budget of `iterations` a decision, the estimates of the move chosen
        and of the best move each topped up to as many."""
        return cls(iterations=iterations, least_visits=iterations, seed=seed)

    def to_json(self) -> dict[str, int | bool]:
        return {
            "iterations": self.iterations,
            "least_visits": self.least_visits,
            "seed": self.seed,
            "options": self.options,
            "calibrated": self.calibrated,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReviewSettings:
        return cls(
            iterations=int(data["iterations"]),
            least_visits=int(data["least_visits"]),
            seed=int(data["seed"]),
            options=int(data["options"]),
            calibrated=bool(data.get("calibrated", True)),
        )


@dataclass(frozen=True)
class MoveEstimate:
    """One move of a decision, with the seat's expected result after it."""

    action: int
    text: str
    """The move as the seat may know it."""
    value: float
    """The seat's expected result after this move, in [0, 1] (a win chance by default)."""
    visits: int
    """Iterations the estimate is the mean of."""
    msg: Mapping[str, Any] | None = None
    """`text` as the engine's message (`State.action_to_message`'s data), which the page says
    in its reader's language; None in a review stored before there were messages."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "action": self.action,
            "text": self.text,
            "value": self.value,
            "visits": self.visits,
        }
        if self.msg is not None:
            data["msg"] = dict(self.msg)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveEstimate:
        said = data.get("msg")
        return cls(
            int(data["action"]),
            str(data["text"]),
            float(data["value"]),
            int(data["visits"]),
            dict(said) if isinstance(said, Mapping) else None,
        )


@dataclass(frozen=True)
class DecisionReview:
    """The review of one decision."""

    version: int
    """The version the decision was taken at (its index in the history)."""
    ordinal: int
    """Which decision of the seat it was (0 for its first, forced ones counted)."""
    choices: int
    """The legal moves the seat had."""
    chosen: MoveEstimate
    best: MoveEstimate
    loss: float
    """``best.value - chosen.value``, at least 0."""
    noise: float
    """Twice the standard error of that difference: losses below it are not marked."""
    mark: str | None
    """``inaccuracy``, ``mistake``, ``blunder`` or None."""
    options: tuple[MoveEstimate, ...]
    """The most visited moves, best first (the chosen one among them or not)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "ordinal": self.ordinal,
            "choices": self.choices,
            "chosen": self.chosen.to_json(),
            "best": self.best.to_json(),
            "loss": self.loss,
            "noise": self.noise,
            "mark": self.mark,
            "options": [option.to_json() for option in self.options],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecisionReview:
        mark = data.get("mark")
        return cls(
            version=int(data["version"]),
            ordinal=int(data["ordinal"]),
            choices=int(data["choices"]),
            chosen=MoveEstimate.from_json(data["chosen"]),
            best=MoveEstimate.from_json(data["best"]),
            loss=float(data["loss"]),
            noise=float(data["noise"]),
            mark=str(mark) if mark is not None else None,
            options=tuple(MoveEstimate.from_json(o) for o in data["options"]),
        )


@dataclass(frozen=True)
class SeatReview:
    """The review of one seat's decisions in one game."""

    game: str
    params: dict[str, Any]
    seat: int
    settings: ReviewSettings
    measure: str
    """What the values are: ``win chance`` (returns 1 for a win, else 0) or ``expected
    result`` (other returns, scaled to [0, 1] by the game's bounds)."""
    decisions: list[DecisionReview] = field(default_factory=list)
    upto: int = 0
    """The history's length the review covers."""

    def counts(self) -> dict[str, int]:
        """How many moves earned each mark."""
        counts = dict.fromkeys(MARKS, 0)
        for decision in self.decisions:
            if decision.mark is not None:
                counts[decision.mark] += 1
        return counts

    def average_loss(self) -> float:
        if not self.decisions:
            return 0.0
        return round(sum(d.loss for d in self.decisions) / len(self.decisions), 4)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "params": self.params,
            "seat": self.seat,
            "upto": self.upto,
            "measure": self.measure,
            "settings": self.settings.to_json(),
            "thresholds": dict(THRESHOLDS),
            "summary": {**self.counts(), "decisions": len(self.decisions),
                        "average_loss": self.average_loss()},
            "decisions": [decision.to_json() for decision in self.decisions],
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatReview:
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise RoostError("not a Roost review (or one of another version)")
        return cls(
            game=str(data["game"]),
            params=dict(data["params"]),
            seat=int(data["seat"]),
            settings=ReviewSettings.from_json(data["settings"]),
            measure=str(data["measure"]),
            decisions=[DecisionReview.from_json(d) for d in data["decisions"]],
            upto=int(data["upto"]),
        )


@dataclass(frozen=True)
class DecisionPoint:
    """A decision of the seat in a history, before it is reviewed."""

    version: int
    ordinal: int
    action: int


def measure_of(game: Game) -> str:
    """``win chance`` when the game's returns are 1 for a win and 0 otherwise (every game at its
    default settings), else ``expected result``."""
    plain = game.min_return() == 0.0 and game.max_return() == 1.0
    return "win chance" if plain else "expected result"


def decision_points(game: Game, history: Sequence[int], seat: int) -> list[DecisionPoint]:
    """Every decision of `seat` in `history` with at least two legal moves (the decisions a
    review looks at; whether the search tells the moves apart is decided when it looks).
    A history that is not legal raises `IllegalActionError` naming the position."""
    checked = game.check_seat(seat, allow_none=False)
    state = game.new_initial_state()
    points: list[DecisionPoint] = []
    ordinal = 0
    for version, action in enumerate(history):
        if state.current_player() == checked:
            if len(state.legal_actions()) > 1:
                points.append(DecisionPoint(version, ordinal, action))
            ordinal += 1
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            raise IllegalActionError(
                action, f"at position {version} of the history: {error.reason}"
            ) from None
    return points


def decision_seed(settings: ReviewSettings, seat: int, ordinal: int, view: SeatView) -> int:
    """The seed of one decision's search: from what the seat knows there (its observation, the
    number of its decision) and the review's seed, never from the deal's seed or hidden cards."""
    seen = json.dumps(view.observation(), sort_keys=True, separators=(",", ":"))
    text = f"review:{settings.seed}:{seat}:{ordinal}:{seen}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def chance_of(game: Game, settings: ReviewSettings) -> PlattMap:
    """The map from the search's raw values to the review's: the game's calibration map for
    a win chance (`roost.coach.chances`), the identity otherwise or when asked."""
    if settings.calibrated and measure_of(game) == "win chance":
        return chance_map(game.name)
    return PlattMap()


def _value(node: Node) -> float:
    return node.total / node.visits if node.visits else 0.0


def _error(value: float, visits: int) -> float:
    """The standard error of a mean of `visits` rewards in [0, 1] with mean `value` (whose
    variance is at most ``value (1 - value)``; a floor keeps a few lucky visits from claiming
    certainty)."""
    return math.sqrt(max(value * (1.0 - value), 0.01) / max(visits, 1))


def mark_for(loss: float, noise: float) -> str | None:
    """The mark a loss earns: the highest threshold it reaches, if it is beyond the noise."""
    if loss <= noise:
        return None
    found: str | None = None
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            found = name
    return found


def _round(x: float) -> float:
    return round(x, 4)


def review_decision(
    state: State,
    seat: int,
    point: DecisionPoint,
    settings: ReviewSettings,
    view_of: ViewOf = SeatView,
) -> DecisionReview | None:
    """Review one decision: `state` is the position before it (`seat` to move), `point` names
    the move chosen. None when the search tells no two of the seat's moves apart (Eggo's two
    decks): there was nothing to choose."""
    view = view_of(state, seat)
    legal = view.legal_actions()
    if point.action not in legal:
        raise RoostError(
            f"decision {point.ordinal} of seat {seat}: move {point.action} is not legal"
        )
    game = state.game
    bot = search_bot(game, decision_seed(settings, seat, point.ordinal, view), settings.iterations)
    kept = bot.worth_searching(view)
    if len(kept) < 2:
        return None
    root = bot.search(view)
    children = root.children
    # The best move is the search's own choice (the most visited), decided before any top-up.
    ranked = sorted(children, key=lambda a: (-children[a].visits, a))
    best = ranked[0]
    chosen = point.action
    for action in (best, chosen) if chosen != best else (best,):
        have = children[action].visits if action in children else 0
        if have < settings.least_visits:
            bot.search_move(view, root, action, settings.least_visits - have)

    chance = chance_of(game, settings)

    def estimate(action: int) -> MoveEstimate:
        node = children[action]
        return MoveEstimate(
            action,
            view.action_to_string(action),
            _round(chance(_value(node))),
            node.visits,
            state.action_to_message(action, seat).to_json(),
        )

    best_node, chosen_node = children[best], children[chosen]
    best_raw, chosen_raw = _value(best_node), _value(chosen_node)
    loss = max(0.0, chance(best_raw) - chance(chosen_raw)) if chosen != best else 0.0
    noise = 0.0
    if chosen != best:  # each estimate's standard error, carried through the map
        noise = 2.0 * math.hypot(
            _error(best_raw, best_node.visits) * chance.derivative(best_raw),
            _error(chosen_raw, chosen_node.visits) * chance.derivative(chosen_raw),
        )
    return DecisionReview(
        version=point.version,
        ordinal=point.ordinal,
        choices=len(legal),
        chosen=estimate(chosen),
        best=estimate(best),
        loss=_round(loss),
        noise=_round(noise),
        mark=mark_for(loss, noise),
        options=tuple(estimate(a) for a in ranked[: settings.options]),
    )


def review_points(
    game: Game,
    history: Sequence[int],
    seat: int,
    points: Sequence[DecisionPoint],
    settings: ReviewSettings,
    view_of: ViewOf = SeatView,
) -> Iterator[DecisionReview | None]:
    """Review `points` (in order) of `seat` in `history`, replaying it once; yields each
    decision's review as it is done (None for a decision with nothing to choose)."""
    state = game.new_initial_state()
    done = 0
    for point in points:
        for action in history[done : point.version]:
            state.apply_action(action)
        done = point.version
        yield review_decision(state, seat, point, settings, view_of)


@dataclass(frozen=True)
class Chunk:
    """Some decisions of one review, as one job for a worker process (everything it needs)."""

    game: str
    params: tuple[tuple[str, Any], ...]
    history: tuple[int, ...]
    seat: int
    points: tuple[DecisionPoint, ...]
    settings: ReviewSettings


def review_chunk(chunk: Chunk) -> list[dict[str, Any] | None]:
    """Review a chunk (in a worker process): each decision's review as JSON (None: nothing to
    choose), in the order of the chunk's points."""
    game = load_game(chunk.game, **dict(chunk.params))
    last = chunk.points[-1].version if chunk.points else 0
    reviews = review_points(game, chunk.history[:last], chunk.seat, chunk.points, chunk.settings)
    return [r.to_json() if r is not None else None for r in reviews]


def chunks(
    game: Game,
    history: Sequence[int],
    seat: int,
    points: Sequence[DecisionPoint],
    settings: ReviewSettings,
    size: int,
) -> list[Chunk]:
    """`points` cut into chunks of `size` consecutive decisions."""
    params = tuple(sorted(game.params.items()))
    out: list[Chunk] = []
    for start in range(0, len(points), size):
        part = tuple(points[start : start + size])
        out.append(
            Chunk(game.name, params, tuple(history[: part[-1].version]), seat, part, settings)
        )
    return out


Progress = Callable[[int, int], None]
"""Called with (decisions done, decisions in all) as a review goes."""


def review_seat(
    game: Game,
    history: Sequence[int],
    seat: int,
    settings: ReviewSettings | None = None,
    *,
    progress: Progress | None = None,
    jobs: int = 1,
    view_of: ViewOf = SeatView,
) -> SeatReview:
    """The review of every decision `seat` took in `history` (a whole game or a part of one),
    in `jobs` processes; the same whatever `jobs` is."""
    settings = settings or ReviewSettings()
    history = list(history)
    checked = game.check_seat(seat, allow_none=False)
    assert checked is not None
    points = decision_points(game, history, checked)
    total = len(points)
    found: list[DecisionReview | None] = []
    if jobs <= 1 or total < 2:
        for review in review_points(game, history, checked, points, settings, view_of):
            found.append(review)
            if progress is not None:
                progress(len(found), total)
    else:
        size = max(1, min(8, math.ceil(total / (jobs * 4))))
        with ProcessPoolExecutor(jobs) as pool:
            for part in pool.map(
                review_chunk, chunks(game, history, checked, points, settings, size)
            ):
                found.extend(DecisionReview.from_json(r) if r is not None else None for r in part)
                if progress is not None:
                    progress(len(found), total)
    return assemble(game, checked, settings, found, len(history))


def assemble(
    game: Game,
    seat: int,
    settings: ReviewSettings,
    reviews: Iterable[DecisionReview | None],
    upto: int,
) -> SeatReview:
    """A seat's review from its decisions' reviews (those with nothing to choose left out)."""
    return SeatReview(
        game=game.name,
        params=game.params,
        seat=seat,
        settings=settings,
        measure=measure_of(game),
        decisions=[r for r in reviews if r is not None],
        upto=upto,
    )
