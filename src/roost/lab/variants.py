"""Variant files: one variant of a game's rules as a small TOML file, for ``roost lab GAME
--deck FILE`` (the lab on that variant) and ``--compare A.toml B.toml`` (two variants side by
side).

The schema is two keys, both optional::

    name = "one fewer Cluck-Off"     # a label for the report (default: the file's name)
    [params]
    copies = "cluck-off=7,egg=19"    # any parameter `roost rules GAME` lists
    players = 4                      # the player counts, as --players takes them ("3-5")

A value is a string, an integer or true/false (a float where the game takes one), turned into
the text the game's parameter parser reads from ``--param key=value``, so a file says nothing a
command line could not. A designer writes these by hand and runs them for minutes, so a file is
checked whole before any game is played: a missing file, a file that is not TOML, an unknown
key, an unknown parameter or a bad value (the game's own message) each stop the command with
one line that names the file.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from roost.core.errors import RoostError
from roost.core.registry import game_class, load_game
from roost.lab.plan import parse_pairs, parse_players

KEYS = ("name", "params")
"""The top-level keys a variant file may have."""


@dataclass(frozen=True)
class Variant:
    """One variant of a game: its label and its parameters as ``--param`` would give them."""

    name: str
    path: str
    params: tuple[tuple[str, str], ...]
    """(key, value as text), players excluded."""
    players: str | None = None
    """The file's player counts (``--players`` syntax), if it gives them."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "file": self.path,
            "params": dict(self.params),
            "players": self.players,
        }


def _text(value: object) -> str | None:
    """A TOML value as the text ``--param`` would carry (None: not a value a parameter takes).
    bool is tested first: in Python it is also an int."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    return None


def _kind(value: object) -> str:
    """What a TOML value is, in a user's words."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def read_variant(path: str | Path, game: str) -> Variant:
    """Read and check a variant file for `game` (`RoostError` naming the file if it is bad)."""
    where = str(path)
    file = Path(path)
    if not file.is_file():
        what = "is a folder, not a variant file" if file.is_dir() else "no such file"
        raise RoostError(f"{where}: {what}")
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise RoostError(f"{where}: not a TOML file ({error})") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RoostError(f"{where}: cannot be read ({error})") from None
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        key = unknown[0]
        cls = game_class(game)
        if key == "players" or key in {p.name for p in cls.parameters}:
            raise RoostError(f"{where}: {key!r} goes under [params] (a line '[params]' above it)")
        raise RoostError(
            f"{where}: unknown key {key!r}; a variant file has 'name' and a [params] "
            "table (docs/lab.md, Variants side by side)"
        )
    name = data.get("name", file.stem)
    if not isinstance(name, str) or not name.strip():
        raise RoostError(f"{where}: 'name' takes a string; got {name!r}")
    table = data.get("params", {})
    if not isinstance(table, dict):
        raise RoostError(f"{where}: 'params' must be a table ([params]); got {_kind(table)}")
    params: list[tuple[str, str]] = []
    players: str | None = None
    for key, value in table.items():
        text = _text(value)
        if text is None:
            raise RoostError(
                f"{where}: [params] {key} takes a string, an integer or true/false; got "
                f"{_kind(value)}"
            )
        if key == "players":
            players = text
        else:
            params.append((key, text))
    cls = game_class(game)
    try:
        counts = parse_players(players, cls) if players is not None else [cls.default_players]
        for count in counts:  # a deck may fit some player counts only (own cards, hands)
            load_game(game, players=count, **dict(params))
    except RoostError as error:
        raise RoostError(f"{where}: {error}") from None
    return Variant(name.strip(), where, tuple(params), players)


def merged_params(variant: Variant | None, given: list[str]) -> list[str]:
    """The ``--param`` list of a run on `variant`: the file's parameters, then the command
    line's, which win where both set one (a file is a starting point, the command line the
    last word)."""
    pairs = dict(variant.params) if variant else {}
    pairs.update(parse_pairs(given, "--param"))
    return [f"{key}={value}" for key, value in pairs.items()]
