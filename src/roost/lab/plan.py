"""What a lab run plays: its settings (player count x swept parameters) and line-ups (bots).

Built from the command line's words and checked whole before any game is played: an unknown
game, a player count out of range, a bad ``--sweep`` or ``--param`` value, an unknown bot, all
fail here with one line that says what to type instead.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from roost.bots import make_bot
from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.params import ParamValue
from roost.core.registry import game_class, load_game
from roost.lab.play import Task
from roost.lab.timing import TimeModel

DEFAULT_SKILL = ("heuristic/random", "ismcts:100/heuristic")
DEFAULT_BOTS = ("heuristic", "ismcts:100")
"""The main line-ups: a finding is a rule's only where it holds under bots that play by
different means (hand-written rules of thumb, and search that reads only the rules); the first
plays --games, the others a fifth of it (search is 25-125 times slower)."""
SKILL_SHARE = 5
"""Without --skill-games, a skill line-up plays a fifth of --games per setting (200 of the
default 1000): --games is the run's size, so --games 5 is a quick look, not six minutes of
search bots."""


def skill_games_for(games: int) -> int:
    """The default games per skill line-up and setting for `games` main games."""
    return max(1, -(-games // SKILL_SHARE))


@dataclass(frozen=True)
class Setting:
    """One player count with one choice of every swept parameter."""

    players: int
    params: tuple[tuple[str, ParamValue], ...]
    """Every parameter given (fixed and swept, players included), as the game checked them."""
    swept: tuple[tuple[str, str], ...]
    """The swept parameters' values, as typed."""

    @property
    def label(self) -> str:
        extra = ", ".join(f"{k}={v}" for k, v in self.swept)
        return f"{self.players} players" + (f", {extra}" if extra else "")

    def said(self) -> str:
        """`label` in the reader's language (the CSV and JSON files keep `label`)."""
        return say_label(self.label)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "params": dict(self.params), "swept": dict(self.swept)}


def say_label(label: str) -> str:
    """A setting's label (``"4 players, quick=true"``, as the CSV and JSON files keep it) in the
    reader's language: its player count is words, its parameters are as typed."""
    from roost.i18n import ngettext

    count, said, rest = label.partition(" players")
    if not said or not count.isdigit():
        return label
    return ngettext("{n} player", "{n} players", int(count)).format(n=int(count)) + rest


@dataclass(frozen=True)
class Lineup:
    """Who plays: ``main`` rotates `bots` over the seats; ``skill`` seats one `strong` bot
    against `weak` ones (the strong seat rotating)."""

    name: str
    role: str
    bots: tuple[str, ...]
    games: int
    strong: str = ""
    weak: str = ""

    def kinds(self, players: int) -> tuple[str, ...]:
        if self.role == "skill":
            return (self.strong,) + (self.weak,) * (players - 1)
        return self.bots

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "role": self.role,
            "bots": list(self.bots),
            "games": self.games,
            "strong": self.strong or None,
            "weak": self.weak or None,
        }


@dataclass(frozen=True)
class LabPlan:
    game: str
    title: str
    settings: tuple[Setting, ...]
    lineups: tuple[Lineup, ...]
    seed: int
    time: TimeModel = field(default_factory=TimeModel)

    @property
    def main_lineups(self) -> tuple[Lineup, ...]:
        """The main line-ups, the first (the report's detailed one) first."""
        return tuple(lineup for lineup in self.lineups if lineup.role == "main")

    @property
    def total_games(self) -> int:
        return len(self.settings) * sum(lineup.games for lineup in self.lineups)

    def load(self, setting: Setting) -> Game:
        return load_game(self.game, **dict(setting.params))

    def tasks(self, jobs: int) -> list[Task]:
        """The work in chunks, a few per worker and setting, so the progress bar moves."""
        work: list[Task] = []
        for s, setting in enumerate(self.settings):
            for li, lineup in enumerate(self.lineups):
                size = max(1, min(25, lineup.games // (jobs * 8) or 1))
                kinds = lineup.kinds(setting.players)
                for start in range(0, lineup.games, size):
                    indices = tuple(range(start, min(lineup.games, start + size)))
                    work.append(Task(self.game, setting.params, kinds, self.seed, s, li, indices))
        return work

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "seed": self.seed,
            "settings": [s.to_json() for s in self.settings],
            "lineups": [lineup.to_json() for lineup in self.lineups],
            "time_model": self.time.to_json(),
        }


def parse_players(text: str | None, cls: type[Game]) -> list[int]:
    """``"4"``, ``"2-6"``, ``"3,5"`` (default: every count the game allows)."""
    low, high = cls.min_players, cls.max_players
    if text is None or text.strip() == "":
        return list(range(low, high + 1))
    counts: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            span = range(int(first), int(last) + 1) if dash else range(int(first), int(first) + 1)
        except ValueError:
            raise RoostError(f"--players takes N, A-B or a list like 3,5; got {text!r}") from None
        if not span:
            raise RoostError(f"--players: {part.strip()!r} is an empty range")
        for n in span:
            if not low <= n <= high:
                raise RoostError(f"{cls.name} plays with {low}-{high} players; --players has {n}")
            if n not in counts:
                counts.append(n)
    return counts


def parse_pairs(pairs: list[str], option: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise RoostError(f"{option} takes key=value, got {pair!r}")
        out.append((key.strip(), value.strip()))
    return out


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``"quick=false,true"`` -> ("quick", ["false", "true"]); values containing commas are
    separated by ``;`` instead: ``"multipliers=8:2,10:3;5:2,8:3"`` (or written without commas:
    ``"multipliers=8:2/10:3,5:2/8:3"``)."""
    key, sep, values = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RoostError(f"--sweep takes key=v1,v2,... (e.g. quick=false,true); got {text!r}")
    if key == "players":
        raise RoostError("--sweep players=... is --players (e.g. --players 2-6)")
    parts = values.split(";") if ";" in values else values.split(",")
    chosen = [v.strip() for v in parts if v.strip()]
    if not chosen:
        raise RoostError(f"--sweep {key}= names no values; e.g. --sweep {key}=A,B")
    if len(set(chosen)) != len(chosen):
        raise RoostError(f"--sweep {key} repeats a value: {values!r}")
    return key, chosen


def parse_skill(items: list[str]) -> list[tuple[str, str]]:
    """``STRONG/WEAK`` pairs; ``none`` for no skill line-ups."""
    out: list[tuple[str, str]] = []
    for item in items:
        if item.strip().lower() == "none":
            continue
        strong, sep, weak = item.partition("/")
        if not sep or not strong.strip() or not weak.strip():
            raise RoostError(
                f"--skill takes STRONG/WEAK (e.g. heuristic/random), or none; got {item!r}"
            )
        out.append((strong.strip(), weak.strip()))
    return out


def build_plan(
    game: str,
    *,
    players: str | None = None,
    bots: str | Sequence[str] = DEFAULT_BOTS,
    games: int = 1000,
    params: list[str] | None = None,
    sweeps: list[str] | None = None,
    skill: list[str] | None = None,
    skill_games: int | None = None,
    other_games: int | None = None,
    seed: int = 1,
    time: TimeModel | None = None,
) -> LabPlan:
    """Check everything and lay out the runs (`RoostError` with one clear line if not)."""
    cls = game_class(game)
    if games < 1:
        raise RoostError(f"--games must be at least 1; got {games}")
    counts = parse_players(players, cls)
    fixed = parse_pairs(params or [], "--param")
    if any(key == "players" for key, _ in fixed):
        raise RoostError("--param players=... is --players")
    swept = [parse_sweep(text) for text in sweeps or []]
    keys = [key for key, _ in swept]
    if len(set(keys)) != len(keys):
        raise RoostError("--sweep names the same parameter twice")
    clash = set(keys) & {key for key, _ in fixed}
    if clash:
        raise RoostError(f"{sorted(clash)[0]!r} is both fixed (--param) and swept (--sweep)")
    mains: list[list[str]] = []
    for text in [bots] if isinstance(bots, str) else list(bots):
        kinds_of = [kind.strip() for kind in text.split(",") if kind.strip()]
        if not kinds_of:
            raise RoostError("--bots needs at least one bot kind")
        if kinds_of not in mains:
            mains.append(kinds_of)
    if not mains:
        raise RoostError("--bots needs at least one bot kind")
    kinds = [kind for lineup in mains for kind in lineup]
    pairs = parse_skill(list(DEFAULT_SKILL) if skill is None else skill)
    if skill_games is None:
        skill_games = skill_games_for(games)
    if pairs and skill_games < 1:
        raise RoostError(f"--skill-games must be at least 1; got {skill_games}")
    if other_games is None:
        other_games = skill_games_for(games)
    if len(mains) > 1 and other_games < 1:
        raise RoostError(f"--other-games must be at least 1; got {other_games}")
    settings: list[Setting] = []
    for n in counts:
        for combo in itertools.product(*[[(key, v) for v in values] for key, values in swept]):
            given: dict[str, Any] = {"players": n, **dict(fixed), **dict(combo)}
            checked = load_game(game, **given)  # a bad value fails here, naming the parameter
            params_used = tuple((k, checked.params[k]) for k in given)
            settings.append(Setting(n, params_used, tuple(combo)))
            for kind in {*kinds, *(k for pair in pairs for k in pair)}:
                make_bot(kind, checked, 0)  # an unknown bot fails here
    lineups = [
        Lineup(",".join(lineup), "main", tuple(lineup), games if k == 0 else other_games)
        for k, lineup in enumerate(mains)
    ]
    lineups += [
        Lineup(f"{strong} vs {weak}", "skill", (strong, weak), skill_games, strong, weak)
        for strong, weak in pairs
    ]
    return LabPlan(game, cls.title, tuple(settings), tuple(lineups), seed, time or TimeModel())
