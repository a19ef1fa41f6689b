"""What the coach sends to the bot workers (`BotRunner.run`): functions of this module and
picklable jobs, so that a spawned worker process can take any of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roost.coach.hints import hint
from roost.coach.review import Chunk, review_chunk
from roost.core.registry import load_game

__all__ = ["Chunk", "HintJob", "hint_job", "review_chunk"]


@dataclass(frozen=True)
class HintJob:
    game: str
    params: tuple[tuple[str, Any], ...]
    history: tuple[int, ...]
    seat: int
    iterations: int
    seed: int


def hint_job(job: HintJob) -> dict[str, Any]:
    """The hint for the seat to move after `history` (`roost.coach.hints.hint`), as JSON."""
    game = load_game(job.game, **dict(job.params))
    state = game.state_from_history(job.history)
    return hint(state, job.seat, iterations=job.iterations, seed=job.seed).to_json()
