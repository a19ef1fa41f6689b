"""The README's Python example runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_python_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    match = re.search(r"## From Python\n\n```python\n(.*?)```", text, re.S)
    assert match, "the README has no 'From Python' example"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(match.group(1), str(README), "exec"), {})
    assert "choose ['Will']" in out.getvalue()
