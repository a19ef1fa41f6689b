"""A heuristic bot at a table decides in the event loop on a copy of the table's state
(`BotRunner.choose` with the state): the same action as the job's history replayed in a
worker gives, and the table's state is left as it was."""

from __future__ import annotations

import asyncio
import random

import pytest

from roost.core.game import CHANCE, TERMINAL
from roost.core.registry import load_game, registered_games
from roost.server.tables.bots import BotJob, BotRunner, bot_kind, bot_seed, choose_action


@pytest.mark.parametrize("name", sorted(registered_games()))
@pytest.mark.parametrize("level", ["easy", "medium"])
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
                kind=bot_kind(level, game),
                seed=bot_seed(12345, version, player),
            )
            inline = await runner.choose(job, state)
            assert state.history() == list(job.history)  # the table's state is untouched
            assert inline == choose_action(job), (name, level, version)
            decisions += 1
            state.apply_action(inline)
        return decisions

    assert asyncio.run(play()) > 10
