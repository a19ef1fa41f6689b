"""Writing a lab run: the raw records as CSV, the summary as JSON.

* ``games.csv``: one row per game: setting, line-up, game index, bots per seat, returns,
  winners, decisions (with a choice / forced), chance steps, turns, rounds, first player, lead
  changes, half-time leader, the table time in minutes, the game's own measures
  (``x.<name>``) and its moves by kind (``moves.<kind>``);
* ``seats.csv``: one row per seat and game: the bot, return, win, place, the cards held at the
  start and played (card type ids, space-separated; ``cards.csv`` names them);
* ``summary.json``: the plan, every measure with its interval, the claims, the run's speed.
"""

from __future__ import annotations

import csv
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from roost.core.errors import RoostError
from roost.lab.plan import LabPlan
from roost.lab.record import LabRecord


def check_writable(out: Path) -> None:
    """Create `out` (and parents) and check a file can be written there, before any work."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".roost-lab-", delete=True):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise RoostError(f"--out {str(out)!r} is not a writable folder ({reason})") from None
    if not os.access(out, os.W_OK):
        raise RoostError(f"--out {str(out)!r} is not a writable folder")


def _ids(cards: Sequence[int]) -> str:
    return " ".join(str(c) for c in cards)


def write_records(out: Path, plan: LabPlan, records: Sequence[LabRecord]) -> None:
    minutes = plan.time
    extras = list(dict.fromkeys(name for r in records for name, _ in r.extras))
    moves = sorted({kind for r in records for kind, _ in r.moves})
    with (out / "games.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(
            [
                "setting", "players", "params", "lineup", "game", "bots", "returns",
                "winners", "choices", "forced", "chance", "decisions", "turns", "rounds",
                "first_player", "lead_changes", "half_time_leader", "table_minutes",
                *(f"x.{name}" for name in extras), *(f"moves.{kind}" for kind in moves),
            ]
        )  # fmt: skip
        for r in records:
            setting = plan.settings[r.setting]
            extra = dict(r.extras)
            counts = dict(r.moves)
            writer.writerow(
                [
                    setting.label,
                    setting.players,
                    json.dumps(dict(setting.params), sort_keys=True),
                    plan.lineups[r.lineup].name,
                    r.index,
                    " ".join(r.kinds),
                    " ".join(f"{x:g}" for x in r.returns),
                    " ".join(str(w) for w in r.winners),
                    r.choices,
                    r.forced,
                    r.chance,
                    r.decisions,
                    r.turns,
                    r.rounds,
                    r.first_player,
                    "" if r.lead_changes < 0 else r.lead_changes,
                    "" if r.half_leader < 0 else r.half_leader,
                    f"{minutes.minutes(r.choices, r.forced, r.chance):.3f}",
                    *("" if extra.get(name) is None else f"{extra[name]:g}" for name in extras),
                    *(counts.get(kind, 0) for kind in moves),
                ]
            )
    with (out / "seats.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(
            ["setting", "lineup", "game", "seat", "bot", "return", "won", "place", "held",
             "played"]
        )  # fmt: skip
        for r in records:
            for seat, kind in enumerate(r.kinds):
                writer.writerow(
                    [
                        plan.settings[r.setting].label,
                        plan.lineups[r.lineup].name,
                        r.index,
                        seat,
                        kind,
                        f"{r.returns[seat]:g}",
                        int(r.won(seat)),
                        r.place(seat),
                        _ids(r.held[seat]),
                        _ids(r.played[seat]),
                    ]
                )
    game = plan.load(plan.settings[0])
    with (out / "cards.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "name", "kind"])
        for info in game.card_types():
            writer.writerow([info.id, info.name, info.kind])


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
