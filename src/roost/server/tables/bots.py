"""Bots at online tables think off the event loop: in a process pool, or in threads.

Search bots (``hard``: ISMCTS, tens of milliseconds to seconds a move) think in a process pool,
so a hard bot searching never holds up the event loop or another table. The heuristic levels
(``easy``, ``medium``: well under a millisecond a move) think in a worker thread: sending such a
job to another process costs far more than the move itself (measured: 31 against 250+ moves/s of
100 bot tables), and they hold the GIL for too short a time to be felt.

A bot job carries everything a worker needs (the game, its parameters, the history, the seat,
the bot kind and a seed), so any worker can take any job. Each worker keeps the last state of
each table it has seen and only applies the new actions, so a long game is not replayed from the
start on every move.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
import random
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from roost.bots import make_bot
from roost.bots.heuristic import HeuristicBot, has_heuristic
from roost.bots.random_bot import RandomBot
from roost.core.game import Game
from roost.core.message import Message, message
from roost.core.registry import load_game
from roost.core.runner import Bot
from roost.core.state import State
from roost.core.view import SeatView
from roost.server import metrics
from roost.server.lifeline import bind_to_parent

LEVEL_KINDS: Final = {"easy": "easy", "medium": "medium", "hard": "hard"}
"""The bot kind (`roost.bots.make_bot`) that plays each level."""
BOT_NAMES: Final = {
    "easy": message("Easy bot"),
    "medium": message("Medium bot"),
    "hard": message("Hard bot"),
}
"""Each level's name at a table, a message: its English is the seat's canonical name (the API's
`name`, the notes, the results), its data the seat's `name_msg`, which each reader's client
says in their language ("Bot fácil"). People's names are never translated."""
ANY_BOT: Final = message("Bot")
"""A bot seat of no known level (an older row)."""
BOT_NAME_DATA: Final = {level: said.to_json() for level, said in BOT_NAMES.items()}
"""`BOT_NAMES` as data, made once: a table describes its seats on every change."""


def bot_name(level: str | None) -> Message:
    """The name of a bot seat of `level`."""
    return BOT_NAMES.get(level or "", ANY_BOT)


def bot_name_data(level: str | None) -> dict[str, object]:
    """`bot_name` as a message's data (a seat's `name_msg`)."""
    return BOT_NAME_DATA.get(level or "") or ANY_BOT.to_json()


_CACHE_SIZE: Final = 512
A = TypeVar("A")
R = TypeVar("R")
SEARCH_KINDS: Final = frozenset({"hard", "ismcts"})
"""Bot kinds that think in the process pool (the others think in a thread)."""
INLINE_KINDS: Final = frozenset({"easy", "medium", "random"})
"""Bot kinds that decide in the event loop itself, on the table's state (a copy of it unless
`READING_KINDS`), when the table gives it (`BotRunner.choose`): a medium bot's Eggo move takes
about 70 us there, where a thread's job cost more in handing over (the pool's queue, waking
the loop) and, once a server held more tables than a thread's cache of states, ~450 us
replaying the game's history."""
READING_KINDS: Final = frozenset({"easy", "medium"})
"""Inline kinds whose bots only read their `SeatView` (legal actions, observation, action
details: no determinizing, no applying, no drawing on the state), so they are given the
table's own state rather than a copy, which was 3% of the event loop at 1,000 tables
(docs/measured/server-speed.md). The random bot draws through the state (`random_action`
notes the position it drew at), so it keeps its copy. tests/server/test_inline_bots.py checks
that the table's state is left exactly as it was, byte for byte, for every game and level."""


RESEEDABLE: Final = (HeuristicBot, RandomBot)
"""Bots whose only state between moves is their seeded generator (``_rng``): one made once
and seeded again before each move chooses exactly as one made for that move
(tests/server/test_inline_bots.py checks it for every game and level)."""


class SeededOnUse(random.Random):
    """A kept bot's generator (`BotRunner._inline_bot`), seeded again for each move only once
    that move draws from it (`seed_next`). A medium bot's move draws nothing in most games
    (none of 2,733 Eggo moves, BIG CHICKEN's or Manda Huevos!'s in 20 games each; 18% of Egg
    Bound's), and seeding a Mersenne Twister is ~5.5 us whether it is used or not
    (docs/measured/server-speed.md). The first draw after `seed_next` seeds it first, so it
    draws what a generator made with that seed would: the same moves."""

    def __init__(self, seed: int | None = None) -> None:
        # the default as random.Random's: its pickling and copying remake it with no argument
        self._due: int | None = None
        super().__init__(seed)

    def seed_next(self, seed: int) -> None:
        """Seed with `seed` before the next draw (the state `seed` resets included)."""
        self._due = seed
        self.gauss_next = None

    def _catch_up(self) -> None:
        due = self._due
        if due is not None:
            self._due = None
            super().seed(due)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._due = None
        super().seed(a, version)

    def random(self) -> float:
        if self._due is not None:
            self._catch_up()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if self._due is not None:
            self._catch_up()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._catch_up()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._due = None
        super().setstate(state)


@dataclass(frozen=True)
class BotJob:
    table_id: str
    game: str
    params: tuple[tuple[str, Any], ...]
    history: tuple[int, ...]
    seat: int
    kind: str
    seed: int


_kinds: dict[tuple[str, type], str] = {}


def bot_kind(level: str, game: Game) -> str:
    """The bot kind for a level; a game without a heuristic bot gets random play for the
    heuristic levels (every game has one today). Looked up once per game and level."""
    key = (level, type(game))
    found = _kinds.get(key)
    if found is None:
        found = LEVEL_KINDS[level]
        if found in ("easy", "medium") and not has_heuristic(game):
            found = "random"
        _kinds[key] = found
    return found


def bot_seed(table_seed: int, version: int, seat: int) -> int:
    """A seed per table, version and seat, so a bot's move can be reproduced."""
    digest = hashlib.sha256(f"{table_seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


_games: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}
_states: OrderedDict[str, State] = OrderedDict()


def choose_action(job: BotJob) -> int:
    """Pick the bot's action for `job` (runs in a worker process or thread)."""
    key = (job.game, job.params)
    game = _games.get(key)
    if game is None:
        game = _games[key] = load_game(job.game, **dict(job.params))
    state = _state_for(job, game)
    bot = make_bot(job.kind, game, job.seed)
    return int(bot.choose(SeatView(state, job.seat)))


def _state_for(job: BotJob, game: Game) -> State:
    cached = _states.pop(job.table_id, None)
    state: State
    if cached is not None and cached.game == game:
        done = cached.history()
        if len(done) <= len(job.history) and tuple(done) == job.history[: len(done)]:
            state = cached
            for action in job.history[len(done) :]:
                state.apply_action(action)
        else:
            state = game.state_from_history(job.history)
    else:
        state = game.state_from_history(job.history)
    _states[job.table_id] = state
    while len(_states) > _CACHE_SIZE:
        _states.popitem(last=False)
    return state.clone()


def _warm() -> int:
    """Import the games and bots in a fresh worker before the first real job."""
    load_game("eggo")
    return 0


class BotRunner:
    """Runs bot jobs in `workers` processes (spawned, not forked: the server has threads), or
    in threads when `workers` is 0. Every worker is started here, from the constructing thread
    (the event loop's), and bound to this process: it dies with the server, even by SIGKILL
    (`roost.server.lifeline`)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._kept: dict[tuple[str, type[Game]], Bot] = {}
        """The inline bots, one per kind and game class (`_inline_bot`)."""
        self._pool: ProcessPoolExecutor | None = None
        if workers > 0:
            self._pool = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=bind_to_parent,
                initargs=(os.getpid(),),
            )
            for _ in range(workers):
                self._pool.submit(_warm)

    async def run(self, work: Callable[[A], R], job: A) -> R:
        """Run ``work(job)`` in a worker process (in a thread without workers): other search
        work, such as the coach's reviews and hints (roost.server.coach). `work` is a function
        of a module and `job` a picklable value, as for a bot's move."""
        if self._pool is None:
            return await asyncio.to_thread(work, job)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, work, job)

    async def choose(self, job: BotJob, state: State | None = None) -> int:
        """The bot's action for `job`. `state`, the table's state at the job's version (the
        caller's: it is not changed), lets a heuristic bot decide now in the event loop
        (`decide_now`), with the same action as from the job's history."""
        if state is not None:
            action = self.decide_now(job.kind, job.seat, job.seed, state)
            if action is not None:
                return action
        kind = job.kind.partition(":")[0]
        if self._pool is None or kind not in SEARCH_KINDS:
            with metrics.bot_job("thread"):
                return await asyncio.to_thread(choose_action, job)
        loop = asyncio.get_running_loop()
        with metrics.bot_job("process"):
            return await loop.run_in_executor(self._pool, choose_action, job)

    def decide_now(self, kind: str, seat: int, seed: int, state: State) -> int | None:
        """The action of a bot of `kind` (`INLINE_KINDS`) for `seat` on the table's `state`
        (not changed: read as it is for `READING_KINDS`, else on a copy), decided here in the
        event loop; None for a kind that thinks elsewhere (`choose`, with a `BotJob`). A
        table asks this first, so an inline bot's move builds no job: the job's copy of the
        history was most of the turn's own work at 1,000 tables
        (docs/measured/server-speed.md)."""
        base = kind.partition(":")[0]
        if base not in INLINE_KINDS:
            return None
        started = time.perf_counter()
        bot = self._inline_bot(kind, state.game, seed)
        seen = state if base in READING_KINDS else state.clone()
        action = int(bot.choose(SeatView(seen, seat)))
        metrics.thought_inline(time.perf_counter() - started)
        return action

    def _inline_bot(self, kind: str, game: Game, seed: int) -> Bot:
        """A bot of `kind` for `game`, seeded with `seed`: a heuristic or random bot is made
        once per kind and game class and seeded again for each move. Making one per move was
        a medium bot's move's largest cost in the event loop (finding the game's policy, a
        new generator: ~1.5x the move itself, docs/measured/server-speed.md); the kept
        generator, seeded again when the move first draws from it (`SeededOnUse`), gives
        the same draws as a new one, so the same moves. Only the event loop's thread uses
        these bots, one move at a time."""
        key = (kind, type(game))
        bot = self._kept.get(key)
        if bot is None:
            bot = make_bot(kind, game, seed)
            if type(bot) in RESEEDABLE and type(getattr(bot, "_rng", None)) is random.Random:
                bot._rng = SeededOnUse(seed)  # type: ignore[attr-defined]
                self._kept[key] = bot
            return bot
        bot._rng.seed_next(seed)  # type: ignore[attr-defined]
        return bot

    def close(self, timeout: float = 2.0) -> None:
        """Stop the workers now: pending jobs are dropped and a job being thought is not
        waited for (a hard bot may think for seconds; the table is rebuilt from the store
        anyway). Each worker gets SIGTERM and is joined, so a stopped server leaves none."""
        if self._pool is not None:
            workers = list((self._pool._processes or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                worker.terminate()
            for worker in workers:
                worker.join(timeout)
            self._pool = None
