"""Games labelled by search: the training data of the learned bot (one round of expert iteration).

In each game one seat (rotating: game g, seat g mod n) is played by ISMCTS with the game's search
settings, whose prior is the game's heuristic (progressive bias, root widening), and the other
seats by the heuristic (``medium``): the league the learned bot must beat. At every decision of
the searching seat that has more than one move worth searching, a `Sample` keeps the seat's
observation tensor, its legal moves, the search's visit counts over them (the policy target),
the heuristic's move (the network's ``hint``) and, once the game is over, whether the seat won
(the value target). Nothing hidden enters a sample: the tensor is built from the seat's own
observation, and search sees only determinizations of what the seat knows.

Every game draws its chance and its bots' seeds from (seed, g) alone, so a data set is the
same whatever the number of worker processes.
"""

from __future__ import annotations

import multiprocessing
import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from roost.bots import HeuristicBot, search_bot
from roost.bots.heuristic import policy_for
from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.registry import load_game
from roost.core.runner import Bot, play_game
from roost.core.view import SeatView
from roost.rl.encoding import Tensor, encoding_for


@dataclass
class Sample:
    tensor: Tensor
    legal: list[int]
    visits: list[int]
    hint: int
    won: float = 0.0


@dataclass
class Dataset:
    """Samples as arrays; `legal` and `target` are padded with -1 and 0 to the widest row."""

    tensors: np.ndarray
    legal: np.ndarray
    target: np.ndarray
    hints: np.ndarray
    won: np.ndarray

    def __len__(self) -> int:
        return len(self.won)


@dataclass
class SearchTeacher:
    """A bot that plays the search's move and keeps a `Sample` of each real decision."""

    game: Game
    seed: int
    iterations: int
    samples: list[Sample] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._search = search_bot(self.game, self.seed, self.iterations)
        self._heuristic = policy_for(self.game)
        self._encoding = encoding_for(self.game)
        self._rng = random.Random(self.seed + 1)

    def choose(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kept = self._search.worth_searching(view)
        if len(kept) == 1:
            return kept[0]
        root = self._search.search(view)
        visits = [root.children[a].visits if a in root.children else 0 for a in legal]
        hint = self._heuristic(view, self._rng)
        self.samples.append(Sample(self._encoding.encode(view.observation()), legal, visits, hint))
        return max(zip(legal, visits, strict=True), key=lambda p: (p[1], -p[0]))[0]


def play_labelled(
    game_name: str, players: int, seed: int, index: int, iterations: int
) -> list[Sample]:
    """One game of the data set: the searching seat's samples, with the outcome filled in."""
    game = load_game(game_name, players=players)
    rng = random.Random(f"{seed}:{index}")
    teacher_seat = index % players
    teacher = SearchTeacher(game, rng.randrange(2**31), iterations)
    bots: list[Bot] = [
        teacher if seat == teacher_seat else HeuristicBot(game, rng.randrange(2**31))
        for seat in range(players)
    ]
    state = play_game(game, bots, rng)
    won = float(teacher_seat in state.winners())
    for sample in teacher.samples:
        sample.won = won
    return teacher.samples


def _job(args: tuple[str, int, int, int, int]) -> list[Sample]:
    return play_labelled(*args)


def to_dataset(samples: list[Sample]) -> Dataset:
    if not samples:
        empty = np.zeros((0, 1), np.float32)
        return Dataset(empty, empty.astype(np.int64), empty, np.zeros(0, np.int64), empty[:, 0])
    width = max(len(s.legal) for s in samples)
    n = len(samples)
    legal = np.full((n, width), -1, np.int64)
    target = np.zeros((n, width), np.float32)
    for i, s in enumerate(samples):
        legal[i, : len(s.legal)] = s.legal
        total = sum(s.visits)
        target[i, : len(s.visits)] = np.asarray(s.visits, np.float32) / max(total, 1)
    return Dataset(
        np.stack([s.tensor for s in samples]).astype(np.float32),
        legal,
        target,
        np.asarray([s.hint for s in samples], np.int64),
        np.asarray([s.won for s in samples], np.float32),
    )


CHUNK = 20
"""Games per file of a data folder: a run that stops keeps what it finished."""


def chunk_path(folder: Path, first: int, games: int) -> Path:
    """The file of the chunk that starts at game `first` of a set of `games` games."""
    return folder / f"games-{first:06d}-{min(first + CHUNK, games) - 1:06d}.npz"


def collect(
    game_name: str,
    players: int,
    games: int,
    seed: int,
    folder: Path,
    *,
    iterations: int = 1000,
    jobs: int = 1,
) -> None:
    """Play games 0 to `games` - 1 into `folder`, one file per
    `CHUNK` games; files already there are kept, so an interrupted run resumes where it was."""
    folder.mkdir(parents=True, exist_ok=True)
    for first in range(0, games, CHUNK):
        path = chunk_path(folder, first, games)
        if path.exists():
            continue
        last = min(first + CHUNK, games)
        work = [(game_name, players, seed, g, iterations) for g in range(first, last)]
        if jobs <= 1:
            results = list(map(_job, work))
        else:
            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                results = pool.map(_job, work, chunksize=1)
        samples = [s for game in results for s in game]
        data = to_dataset(samples)
        temporary = path.with_suffix(".part.npz")
        np.savez_compressed(
            temporary,
            tensors=data.tensors,
            legal=data.legal,
            target=data.target,
            hints=data.hints,
            won=data.won,
        )
        temporary.replace(path)


def load_folder(folder: Path, games: int) -> Dataset:
    """The samples of games 0 to `games` - 1 collected into `folder`."""
    parts: list[Dataset] = []
    for first in range(0, games, CHUNK):
        with np.load(chunk_path(folder, first, games)) as f:
            part = Dataset(f["tensors"], f["legal"], f["target"], f["hints"], f["won"])
        if len(part):
            parts.append(part)
    if not parts:
        raise RoostError(f"the games in {folder} hold no decision worth learning from")
    width = max(p.legal.shape[1] for p in parts)

    def pad(a: np.ndarray, value: float) -> np.ndarray:
        return np.pad(a, ((0, 0), (0, width - a.shape[1])), constant_values=value)

    return Dataset(
        np.concatenate([p.tensors for p in parts]),
        np.concatenate([pad(p.legal, -1) for p in parts]),
        np.concatenate([pad(p.target, 0.0) for p in parts]),
        np.concatenate([p.hints for p in parts]),
        np.concatenate([p.won for p in parts]),
    )
