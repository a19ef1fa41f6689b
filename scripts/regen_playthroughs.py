"""Regenerate the golden playthrough of every registered game (or of the games named).

    python scripts/regen_playthroughs.py            # all games
    python scripts/regen_playthroughs.py eggo       # one game

Review the diff (`git diff tests/playthroughs`) before committing: every change in it is a
change in behaviour.
"""

from __future__ import annotations

import sys

from roost.core.registry import registered_games
from roost.testing.playthrough import regenerate


def main(argv: list[str]) -> int:
    names = argv or list(registered_games())
    for path in regenerate(names):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
