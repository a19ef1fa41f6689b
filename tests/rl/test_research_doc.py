"""docs/research.md's Python examples run as written, one after the other in one namespace
(a later block may use an earlier one's imports and helpers), and their checks hold."""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")  # the NFSP example

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_examples_run() -> None:
    blocks = _blocks()
    assert len(blocks) == 7, "docs/research.md should hold its seven examples"
    namespace: dict[str, object] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's and Gymnasium's own
        for block in blocks:
            exec(compile(block, str(DOC), "exec"), namespace)
    printed = out.getvalue()
    assert "Eggo, games by number of winners:" in printed
    assert "'truncated'" in printed and "episodes finished:" in printed
    assert "RLlib episode rewards: {'player_0'" in printed
    assert "multipliers=8:2/10:3" in printed and "steps seat 0 saw hidden:" in printed
    assert "NFSP decisions:" in printed
    assert "batched games finished:" in printed and "obs (16, " in printed
