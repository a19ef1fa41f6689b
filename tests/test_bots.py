"""Bots: legal moves in every game, reproducible from a seed, blind to what their seat cannot
see."""

from __future__ import annotations

import random

import pytest

import roost
from roost.bots import ISMCTSBot, make_bot
from roost.bots.heuristic import find_policy, has_heuristic
from roost.bots.ismcts import Node
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.runner import play_game
from roost.core.search import search_hooks
from roost.core.state import State
from roost.core.view import SeatView
from roost.games.eggo.actions import CHOOSE, DRAW_A, DRAW_B
from roost.games.eggo.cards import BARB
from roost.testing.conformance import random_playthrough
from tests.helpers import player_counts

GAMES = list(roost.registered_games())
WITH_HEURISTIC = [name for name, cls in roost.registered_games().items() if has_heuristic(cls)]
WITH_RANK = [name for name in GAMES if getattr(find_policy(roost.load_game(name)), "rank", None)]
WITH_CANDIDATES = [name for name in GAMES if search_hooks(roost.load_game(name)).candidates]


def _play(game: Game, kinds: list[str], seed: int) -> State:
    bots = [make_bot(kind, game, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    return play_game(game, bots, random.Random(seed))


def _checked_play(game: Game, kinds: list[str], seed: int) -> dict[int, int]:
    """Play a game, checking each bot's move against the legal actions of its seat before it
    is applied; return the number of decisions each seat made."""
    bots = [make_bot(kind, game, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    made: dict[int, int] = dict.fromkeys(range(game.num_players), 0)

    def check(state: State, player: int, action: int) -> None:
        if player >= 0:
            assert action in state.legal_actions(), f"{kinds[player]} chose illegal {action}"
            made[player] += 1

    play_game(game, bots, random.Random(seed), observer=check)
    return made


@pytest.mark.parametrize("name", WITH_HEURISTIC)
def test_heuristic_bots_play_only_legal_moves(name: str) -> None:
    for players in player_counts(roost.registered_games()[name]):
        game = roost.load_game(name, players=players)
        for seed in range(6):
            kinds = ["heuristic", "easy", "random"] * 2
            made = _checked_play(game, kinds[:players], seed)
            assert sum(made.values()) > 0


@pytest.mark.parametrize("name", WITH_HEURISTIC)
def test_search_bots_play_only_legal_moves(name: str) -> None:
    game = roost.load_game(name)
    for seed in range(2):
        kinds = ["ismcts:30", "heuristic"] * 3
        made = _checked_play(game, kinds[: game.num_players], seed)
        assert made[0] > 0, "the search bot never decided anything"


@pytest.mark.parametrize("name", WITH_HEURISTIC)
@pytest.mark.parametrize("kind", ["random", "heuristic", "easy", "ismcts:40"])
def test_bots_are_reproducible_from_their_seed(name: str, kind: str) -> None:
    game = roost.load_game(name)
    kinds = [kind] + ["easy"] * (game.num_players - 1)
    first = _play(game, kinds, 17)
    second = _play(game, kinds, 17)
    assert first.history() == second.history()


def _decision_points(game: Game, seed: int, count: int) -> list[State]:
    states = [step.state.clone() for step in random_playthrough(game, seed)]
    choices = [s for s in states if s.current_player() >= 0 and len(s.legal_actions()) > 1]
    stride = max(1, len(choices) // count)
    return choices[::stride][:count]


@pytest.mark.parametrize("name", WITH_HEURISTIC)
@pytest.mark.parametrize("kind", ["heuristic", "ismcts:60"])
def test_bots_decide_only_on_what_their_seat_knows(name: str, kind: str) -> None:
    """From two states the seat cannot tell apart, a bot with the same seed acts the same."""
    game = roost.load_game(name)
    for seed in range(3):
        for state in _decision_points(game, seed, 4):
            seat = state.current_player()
            twin = state.resample_from_infostate(seat, random.Random(seed))
            real = make_bot(kind, game, 99).choose(SeatView(state, seat))
            other = make_bot(kind, game, 99).choose(SeatView(twin, seat))
            assert real == other


def test_search_statistics_do_not_depend_on_hidden_cards() -> None:
    game = roost.load_game("eggo")
    state = _decision_points(game, 4, 1)[0]
    seat = state.current_player()
    twin = state.resample_from_infostate(seat, random.Random(1))
    trees = []
    for position in (state, twin):
        bot = ISMCTSBot(game, 5, iterations=200)
        root = bot.search(SeatView(position, seat))
        trees.append({a: (c.visits, round(c.total, 9)) for a, c in root.children.items()})
    assert trees[0] == trees[1]


def test_search_budget_in_seconds_stops_at_the_deadline() -> None:
    """With a time budget the search stops when the clock passes the deadline, whatever the
    iteration count (a clock that advances 10 ms a reading: 50 ms allow a handful)."""
    game = roost.load_game("eggo")
    state = _decision_points(game, 2, 1)[0]
    readings = iter(range(10**6))
    bot = ISMCTSBot(game, 1, iterations=50, seconds=0.05, clock=lambda: next(readings) * 0.01)
    bot.search(SeatView(state, state.current_player()))
    assert bot.last_iterations == 4  # readings at 0 (start), then 10..40 ms go on, 50 ms stops


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("genius", "unknown bot 'genius'"),
        ("ismcts:0", "positive number of iterations"),
        ("ismcts:many", "positive number of iterations"),
        ("random:3", "takes no ':' option"),
    ],
)
def test_bad_bot_kinds_are_refused(kind: str, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        make_bot(kind, roost.load_game("eggo"), 1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations must be at least 1"),
        ({"seconds": -1.0}, "seconds must be positive"),
        ({"rollout_depth": 5}, "needs an evaluator"),
        ({"worlds": 0}, "worlds must be at least 1"),
        ({"bias": 1.0}, "needs a playout policy"),
        ({"widening": -1.0}, "widening must be 0 or more"),
        ({"widening": 1.0}, "needs a ranking"),
    ],
)
def test_bad_search_settings_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(roost.load_game("eggo"), 1, **options)  # type: ignore[arg-type]


def test_search_over_a_fixed_number_of_worlds_is_reproducible_and_blind() -> None:
    game = roost.load_game("eggo")
    state = _decision_points(game, 6, 1)[0]
    seat = state.current_player()
    twin = state.resample_from_infostate(seat, random.Random(2))
    picks = {
        ISMCTSBot(game, 3, iterations=120, worlds=7).choose(SeatView(position, seat))
        for position in (state, twin, state)
    }
    assert len(picks) == 1


def test_progressive_bias_follows_the_policy_until_the_statistics_disagree() -> None:
    """A strong bias toward the move a policy names makes it the most visited; with no bias the
    same search spreads its visits by the statistics."""
    game = roost.load_game("eggo")
    state = next(s for s in _decision_points(game, 3, 8) if len(s.legal_actions()) > 2)
    seat = state.current_player()
    view = SeatView(state, seat)
    named = state.legal_actions()[-1]

    def last(_state: State, legal: list[int], _rng: random.Random) -> int:
        return legal[-1]

    biased = ISMCTSBot(game, 1, iterations=200, playout_policy=last, bias=50.0)
    root = biased.search(view)
    assert max(root.children, key=lambda a: root.children[a].visits) == named
    plain = ISMCTSBot(game, 1, iterations=200, playout_policy=last).search(view)
    assert root.children[named].visits > 2 * plain.children[named].visits


@pytest.mark.parametrize("name", WITH_RANK)
def test_the_heuristic_ranks_every_legal_move_its_choice_first(name: str) -> None:
    game = roost.load_game(name)
    policy = find_policy(game)
    assert policy is not None and policy.rank is not None
    seen = 0
    for state in _decision_points(game, 4, 40):
        view = SeatView(state, state.current_player())
        order = policy.rank(view)
        assert sorted(order) == state.legal_actions()
        if len(order) > 1:
            seen += 1
            assert order[0] == policy.choose(view, random.Random(0))
    assert seen > 20


def test_root_widening_tries_the_best_ranked_moves_first_and_reaches_the_rest() -> None:
    """With a small budget the root holds only the best few moves by the heuristic's order,
    in that order; with a larger one it reaches every legal move."""
    game = roost.load_game("manda-huevos")
    state = next(s for s in _decision_points(game, 4, 40) if len(s.legal_actions()) > 20)
    view = SeatView(state, state.current_player())
    policy = find_policy(game)
    assert policy is not None and policy.rank is not None
    order = policy.rank(view)

    def widened(iterations: int, widening: float) -> Node:
        bot = make_bot(f"ismcts:{iterations}/widen={widening}", game, 1)
        assert isinstance(bot, ISMCTSBot) and bot.ranking is not None
        return bot.search(view)

    small = widened(16, 0.5)  # at most ceil(0.5 * sqrt(16)) = 2 moves
    assert list(small.children) == order[:2]
    assert small.visits == 16 == sum(child.visits for child in small.children.values())
    large = widened(len(order) ** 2 // 16 + len(order), 4.0)
    assert list(large.children) == order


@pytest.mark.parametrize(
    ("kind", "iterations", "seconds", "settings"),
    [
        ("ismcts", 1000, None, {}),
        ("hard:250", 250, None, {}),
        ("ismcts:0.25s", 1000, 0.25, {}),
        ("ismcts:300/bias=2/c=0.5", 300, None, {"bias": 2.0, "exploration": 0.5}),
        ("ismcts:/worlds=0/depth=4", 1000, None, {"worlds": None, "rollout_depth": 4}),
    ],
)
def test_search_bot_options(
    kind: str, iterations: int, seconds: float | None, settings: dict[str, object]
) -> None:
    bot = make_bot(kind, roost.load_game("egg-bound"), 1)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds) == (iterations, seconds)
    for name, value in settings.items():
        assert getattr(bot, name) == value


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("ismcts:0s", "think time"),
        ("ismcts:fast", "positive number of iterations"),
        ("ismcts:100/speed=3", "unknown setting"),
        ("ismcts:100/bias=x", "takes a number"),
        ("ismcts:100/bias=-1", "bias must be 0 or more"),
        ("ismcts:100/widen=-1", "widening must be 0 or more"),
        ("ismcts:100/widen=1", "no heuristic order of the moves"),
    ],
)
def test_bad_search_options_are_refused(kind: str, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        make_bot(kind, roost.load_game("egg-bound"), 1)


@pytest.mark.parametrize("name", WITH_CANDIDATES)
def test_candidates_are_some_of_the_legal_moves(name: str) -> None:
    """A game's `candidates` keeps at least one legal move and nothing else, at every decision
    of a seeded game, and depends on nothing its seat cannot see."""
    game = roost.load_game(name)
    keep = search_hooks(game).candidates
    assert keep is not None
    for step in random_playthrough(game, 2):
        state = step.state
        player = state.current_player()
        if player < 0:
            continue
        legal = state.legal_actions()
        kept = keep(state, list(legal))
        assert kept and set(kept) <= set(legal)
        twin = state.resample_from_infostate(player, random.Random(step.index))
        assert keep(twin, list(legal)) == kept


def test_eggo_search_tells_apart_neither_the_decks_nor_the_characters() -> None:
    """Eggo's decks deal alike and only Barb among the characters differs: the hard bot takes
    the first character other than Barb and draws from the bigger deck without a search, and
    its tree holds no node for a draw (a search told every legal move holds some)."""
    game = roost.load_game("eggo")
    states = [step.state.clone() for step in random_playthrough(game, 4)]
    decisions = [s for s in states if s.current_player() >= 0]
    choosing = next(s for s in decisions if s.legal_actions()[0] >= CHOOSE)
    drawing = next(s for s in decisions if s.legal_actions() == [DRAW_A, DRAW_B])
    bot = make_bot("hard", game, 1)
    assert isinstance(bot, ISMCTSBot)
    picked = bot.choose(SeatView(choosing, choosing.current_player()))
    assert picked - CHOOSE != BARB and bot.last_iterations == 0
    bigger = DRAW_A if drawing._decks[0] >= drawing._decks[1] else DRAW_B  # type: ignore[attr-defined]
    assert bot.choose(SeatView(drawing, drawing.current_player())) == bigger
    assert bot.last_iterations == 0

    playing = next(
        s for s in decisions[20:] if len(s.legal_actions()) > 1 and s.legal_actions()[0] < DRAW_A
    )
    view = SeatView(playing, playing.current_player())

    def draw_nodes(root: Node) -> int:
        found, stack = 0, [root]
        while stack:
            node = stack.pop()
            found += sum(1 for a in node.children if a in (DRAW_A, DRAW_B))
            stack.extend(node.children.values())
        return found

    assert draw_nodes(bot.search(view)) == 0
    hooks = search_hooks(game)
    plain = ISMCTSBot(
        game,
        1,
        rollout_depth=hooks.rollout_depth,
        evaluator=hooks.evaluate,
        playout_policy=hooks.playout_action,
    )
    assert draw_nodes(plain.search(view)) > 0
