"""``python -m roost.rl arena ...``: the ``roost`` command with the RL bot kinds installed (so
``--bots ppo:runs/big-chicken/model.zip,random`` works); every other command as ``roost``."""

from __future__ import annotations

import sys

from roost.rl.bot import install


def main() -> None:
    install()
    from roost.cli.main import app

    app(args=sys.argv[1:], prog_name="python -m roost.rl")


if __name__ == "__main__":
    main()
