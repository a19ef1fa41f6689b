"""Golden playthroughs: one seeded random game per registered game, written out step by step.

A playthrough records, at every step, who moves, the legal actions with their text, the action
taken, and what the mover (or, at chance nodes, a spectator) observes. Any change in rules,
action numbering, text or observations shows up as a diff of the file, to be reviewed and either
fixed or accepted by regenerating with ``scripts/regen_playthroughs.py``.

Every registered game has one at its default parameters and one per entry of its
`Game.golden_variants`; the files live wherever the caller keeps them (Roost's own are in
``tests/playthroughs``), named ``<game>.txt`` and ``<game>--<key>=<value>[,...].txt``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from roost.core.game import CHANCE, OMNISCIENT, Game
from roost.core.params import ParamValue
from roost.core.registry import load_game, registered_games

SEED = 20261130


@dataclass(frozen=True)
class Golden:
    """One golden playthrough: a game name and the parameters that differ from the defaults."""

    name: str
    params: Mapping[str, ParamValue]

    @property
    def file_name(self) -> str:
        if not self.params:
            return f"{self.name}.txt"
        changed = ",".join(f"{key}={value}" for key, value in sorted(self.params.items()))
        return f"{self.name}--{changed}.txt"

    def game(self) -> Game:
        return load_game(self.name, **self.params)


def goldens(names: list[str] | None = None) -> list[Golden]:
    """The golden playthroughs of the named games (default: every registered game)."""
    games = registered_games()
    chosen = names if names is not None else list(games)
    found: list[Golden] = []
    for name in chosen:
        found.append(Golden(name, {}))
        found.extend(Golden(name, dict(variant)) for variant in games[name].golden_variants)
    return found


def render_playthrough(game: Game, seed: int = SEED) -> str:
    """The text of one random game of `game` from `seed`."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    lines = [
        f"game: {game!r}",
        f"seed: {seed}",
        f"num_distinct_actions: {game.num_distinct_actions()}",
        f"max_chance_outcomes: {game.max_chance_outcomes()}",
        f"max_game_length: {game.max_game_length()}",
        f"returns: [{game.min_return()}, {game.max_return()}]",
        "",
    ]
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = state.sample_chance(rng)
            lines.append(f"[{step}] chance, {len(outcomes)} outcomes")
            lines.append(f"  spectator sees: {_dump(state.observation(None))}")
            lines.append(f"  -> {action}: {state.action_to_string(action, OMNISCIENT)}")
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            lines.append(f"[{step}] seat {player}")
            lines.append(f"  sees: {_dump(state.observation(player))}")
            listed = "; ".join(f"{a}={state.action_to_string(a, player)}" for a in legal)
            lines.append(f"  legal: {listed}")
            lines.append(f"  -> {action}: {state.action_to_string(action, player)}")
        state.apply_action(action)
        step += 1
    lines.append(f"[{step}] terminal")
    lines.append(f"  everything: {_dump(state.observation(OMNISCIENT))}")
    lines.append(f"  returns: {state.returns()}")
    lines.append(f"  history: {state.history()}")
    return "\n".join(lines) + "\n"


def _dump(obs: object) -> str:
    return json.dumps(obs, sort_keys=True, separators=(",", ":"))


def regenerate(directory: Path, names: list[str] | None = None) -> list[Path]:
    """Write every golden playthrough of the named games (default: all) into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for golden in goldens(names):
        path = directory / golden.file_name
        path.write_text(render_playthrough(golden.game()), encoding="utf-8")
        written.append(path)
    return written
