"""The short soak of `make test`: scripts/soak.py for three minutes (30 two-seat tables played
fast by scripted people and bots, the server SIGTERMed and restarted halfway). It fails when the
server's resident memory, file descriptors or threads grow within a life of the server beyond
the bounds stated in the script (`SHORT_BOUNDS`: per minute, after a warm-up), when the
database grows per finished table, when a stopped server leaves a child behind, or when the
people are refused anything a restart does not explain. The hour-long run is the same script
with its defaults (docs/deploy.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SOAK = Path(__file__).resolve().parents[2] / "scripts" / "soak.py"


@pytest.mark.timeout(420)
def test_a_short_soak_finds_no_growing_trend() -> None:
    done = subprocess.run(
        [sys.executable, str(SOAK), "--minutes", "3", "--tables", "30", "--players", "2",
         "--restart-every", "1.5", "--sample-every", "5", "--warm-up", "40",
         "--keep-finished", "5", "--think", "0.2-0.5", "--bot-pause", "0.05",
         "--short-bounds"],
        capture_output=True, text=True, timeout=400,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert "soak: passed" in done.stdout
    assert "life 1:" in done.stdout  # the server was restarted and measured again
