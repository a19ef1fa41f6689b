"""A heuristic bot at a table decides in the event loop on the table's own state
(`BotRunner.choose` with the state): the same action as the job's history replayed in a
worker gives, and the table's state is left exactly as it was (its pickled bytes)."""

from __future__ import annotations

import asyncio
import pickle
import random

import pytest

from roost.bots import make_bot
from roost.core.game import CHANCE, TERMINAL, Game
from roost.core.registry import load_game, registered_games
from roost.core.runner import Bot
from roost.core.view import SeatView
from roost.server.tables.bots import (
    BotJob,
    BotRunner,
    SeededOnUse,
    bot_kind,
    bot_seed,
    choose_action,
)

LEVELS = ("easy", "medium")


@pytest.mark.parametrize("name", sorted(registered_games()))
@pytest.mark.parametrize("level", ["easy", "medium", "random"])
def test_inline_choice_is_the_workers_choice(name: str, level: str) -> None:
    game = load_game(name)
    rng = random.Random(3)
    runner = BotRunner(0)
    decisions = 0

    async def play() -> int:
        nonlocal decisions
        state = game.new_initial_state()
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            version = len(state.history())
            job = BotJob(
                table_id="t",
                game=game.name,
                params=tuple(sorted(game.params.items())),
                history=tuple(state.history()),
                seat=player,
                kind=level if level == "random" else bot_kind(level, game),
                seed=bot_seed(12345, version, player),
            )
            state.legal_actions()  # a cache the table fills anyway, and the bots too
            before = pickle.dumps(state)
            inline = await runner.choose(job, state)
            assert pickle.dumps(state) == before  # the table's state is exactly as it was
            assert inline == choose_action(job), (name, level, version)
            decisions += 1
            state.apply_action(inline)
        return decisions

    assert asyncio.run(play()) > 10


def test_a_kept_bot_plays_as_one_made_per_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The event loop's bots are made once per kind and game and seeded again for each move
    (`BotRunner._inline_bot`): tables of every game and level interleaved on one runner get
    the moves that a bot made for each move, from the same seeds, chooses."""
    runner = BotRunner(0)
    made: list[str] = []
    original = make_bot

    def counted(kind: str, game: Game, seed: int) -> Bot:
        made.append(kind)
        return original(kind, game, seed)

    monkeypatch.setattr("roost.server.tables.bots.make_bot", counted)
    rng = random.Random(8)
    tables = []
    for name in sorted(registered_games()):
        game = load_game(name)
        for level in LEVELS:
            tables.append((game, bot_kind(level, game), game.new_initial_state()))
    every = list(tables)

    async def play() -> int:
        decisions = 0
        while tables:
            for entry in list(tables):
                game, kind, state = entry
                while state.current_player() == CHANCE:
                    state.apply_action(state.sample_chance(rng))
                if state.current_player() == TERMINAL:
                    tables.remove(entry)
                    continue
                player, version = state.current_player(), len(state.history())
                seed = bot_seed(rng.getrandbits(62), version, player)
                job = BotJob("t", game.name, (), tuple(state.history()), player, kind, seed)
                action = await runner.choose(job, state)
                fresh = original(kind, game, seed).choose(SeatView(state.clone(), player))
                assert action == fresh, (game.name, kind, version)
                state.apply_action(action)
                decisions += 1
        return decisions

    assert asyncio.run(play()) > 100
    kept = {(kind, type(game)) for game, kind, _ in every}
    assert len(made) == len(kept)  # one bot made per kind and game, whatever the moves


def _draws(rng: random.Random) -> list[object]:
    """One of every kind of draw a bot may make."""
    items = list(range(20))
    rng.shuffle(items)
    return [
        rng.random(),
        rng.choice("abcdefgh"),
        rng.randrange(1000),
        rng.getrandbits(70),
        rng.gauss(0.0, 1.0),
        rng.sample(range(50), 5),
        rng.randbytes(5),
        items,
        rng.gauss(0.0, 1.0),
    ]


def test_a_generator_seeded_on_use_draws_as_a_new_one() -> None:
    """`SeededOnUse.seed_next` then any draw gives what `random.Random(seed)` gives, whatever
    was drawn before (a half-used gauss pair included) and however many seeds went unused."""
    kept = SeededOnUse(1)
    for seed in (5, 6, 2**61 + 3, 7, 7):
        kept.seed_next(seed)
        assert _draws(kept) == _draws(random.Random(seed))
        kept.random()
        kept.gauss(0.0, 1.0)  # leaves the second of a gauss pair behind
    for unused in (10, 11, 12):
        kept.seed_next(unused)
    kept.seed_next(13)
    assert kept.getstate() == random.Random(13).getstate()
    kept.seed_next(14)
    kept.setstate(random.Random(15).getstate())
    assert _draws(kept) == _draws(random.Random(15))


def test_a_move_that_draws_nothing_seeds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of `SeededOnUse`: seeding is deferred to the first draw, and skipped when the
    move draws nothing."""
    seeded: list[object] = []
    original = random.Random.seed

    def counted(self: random.Random, a: object = None, version: int = 2) -> None:
        seeded.append(a)
        original(self, a, version)  # type: ignore[arg-type]

    kept = SeededOnUse(1)
    monkeypatch.setattr(random.Random, "seed", counted)
    kept.seed_next(21)
    kept.seed_next(22)
    assert seeded == []
    kept.random()
    assert seeded == [22]
    kept.random()
    assert seeded == [22]
