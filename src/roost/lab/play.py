"""Playing the lab's games: one game into one `LabRecord`, and a chunk of games for a worker.

Every game's chance and bot seeds derive from (seed, player count, game index) alone, as in the
arena, so results do not depend on the number of workers or the backend. Settings of a sweep
that share a player count share seeds: game 17 at ``quick=false`` and at ``quick=true`` start
from the same shuffle (common random numbers, which make the comparison sharper).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from roost.bots import make_bot
from roost.core.game import CHANCE, OMNISCIENT
from roost.core.params import ParamValue
from roost.core.registry import load_game
from roost.core.runner import play_game
from roost.core.state import State
from roost.lab.hooks import GameMeasures, Move, Trace, game_measures
from roost.lab.record import LabRecord
from roost.sim.arena import seat_kinds


@dataclass(frozen=True)
class Task:
    """A chunk of games for one worker: everything it needs, picklable."""

    game: str
    params: tuple[tuple[str, ParamValue], ...]
    kinds: tuple[str, ...]
    """The bot kinds, rotated over the seats from game to game."""
    seed: int
    setting: int
    lineup: int
    indices: tuple[int, ...]


def derive(seed: int, players: int, index: int, salt: int) -> int:
    """A seed for game `index` at this player count (`salt` 0: chance; 1 + seat: that bot)."""
    return random.Random(f"lab/{seed}/{players}/{index}/{salt}").randrange(2**62)


def run_task(task: Task) -> list[LabRecord]:
    """Play a chunk (importable, so process pools and Ray workers can run it)."""
    return [play_record(task, index) for index in task.indices]


def _leader(scores: Sequence[float]) -> int:
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else -1


class _Watcher:
    """Counts and samples a game as it is played (the runner's observer)."""

    def __init__(self, lab: GameMeasures[Any], players: int) -> None:
        self.lab = lab
        self.players = players
        self.choices = 0
        self.forced = 0
        self.chance = 0
        self.turns = 0
        self.last_actor = CHANCE
        self.moves: list[Move] = []
        self.start_hands: tuple[tuple[int, ...], ...] | None = None
        self.first_player: int | None = None
        self.leaders: list[tuple[int, int]] = []
        """(decisions so far, sole leader or -1) at the start of every turn."""

    def __call__(self, state: State, player: int, action: int) -> None:
        if player == CHANCE:
            self.chance += 1
            return
        lab = self.lab
        forced = len(state.legal_actions()) == 1
        if player != self.last_actor:
            self.turns += 1
            self.last_actor = player
            if lab.score is not None:
                scores = lab.score(lab.read(state.observation(None)))
                self.leaders.append((self.choices + self.forced, _leader(scores)))
        if self.start_hands is None:
            hands = lab.hands(lab.read(state.observation(OMNISCIENT)))
            if hands is not None and len(hands) == self.players and all(hands):
                self.start_hands = tuple(tuple(sorted(hand)) for hand in hands)
                self.first_player = player
        if forced:
            self.forced += 1
        else:
            self.choices += 1
        info = state.action_info(action, player)
        self.moves.append(Move(player, info.kind, tuple(info.cards), forced))


def play_record(task: Task, index: int) -> LabRecord:
    """Play game `index` of a task."""
    game = load_game(task.game, **dict(task.params))
    n = game.num_players
    lab = game_measures(game)
    seated = seat_kinds(task.kinds, n, index)
    bots = [
        make_bot(kind, game, derive(task.seed, n, index, 1 + seat))
        for seat, kind in enumerate(seated)
    ]
    watch = _Watcher(lab, n)
    state = play_game(game, bots, random.Random(derive(task.seed, n, index, 0)), observer=watch)
    final = lab.read(state.observation(OMNISCIENT))
    trace = Trace(n, tuple(watch.moves), watch.start_hands, watch.first_player)
    winners = tuple(state.winners())
    lead_changes = half_leader = -1
    if lab.score is not None:
        leaders = [*watch.leaders, (watch.choices + watch.forced, _leader(lab.score(final)))]
        lead_changes = 0
        current = -1
        for _, leader in leaders:
            if leader >= 0:
                if current >= 0 and leader != current:
                    lead_changes += 1
                current = leader
        half = (watch.choices + watch.forced) / 2
        half_leader = next(
            (leader for decisions, leader in reversed(leaders) if decisions <= half), -1
        )
    turns = lab.turns(final, trace) if lab.turns is not None else watch.turns
    rounds = lab.rounds(final, trace) if lab.rounds is not None else -(-turns // n)
    played: list[list[int]] = [[] for _ in range(n)]
    for move in watch.moves:
        played[move.seat].extend(move.cards)
    kinds = Counter(move.kind for move in watch.moves)
    return LabRecord(
        setting=task.setting,
        lineup=task.lineup,
        index=index,
        kinds=seated,
        returns=tuple(float(r) for r in state.returns()),
        winners=winners,
        choices=watch.choices,
        forced=watch.forced,
        chance=watch.chance,
        turns=turns,
        rounds=rounds,
        first_player=-1 if watch.first_player is None else watch.first_player,
        lead_changes=lead_changes,
        half_leader=half_leader,
        moves=tuple(sorted(kinds.items())),
        extras=tuple((extra.name, extra.value(final, trace)) for extra in lab.extras),
        held=watch.start_hands if watch.start_hands is not None else tuple(() for _ in range(n)),
        played=tuple(tuple(sorted(cards)) for cards in played),
    )
