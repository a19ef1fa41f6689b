"""Regenerate the golden playthroughs of every registered game (or of the games named).

    python scripts/regen_playthroughs.py            # all games, every golden variant
    python scripts/regen_playthroughs.py eggo       # one game

Review the diff (`git diff tests/playthroughs`) before committing: every change in it is a
change in behaviour.
"""

from __future__ import annotations

import sys
from pathlib import Path

from roost.testing.playthrough import regenerate

DIRECTORY = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"


def main(argv: list[str]) -> int:
    for path in regenerate(DIRECTORY, argv or None):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
