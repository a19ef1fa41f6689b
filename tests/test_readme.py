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


def test_the_readme_is_a_landing_page() -> None:
    """Under 150 lines, every figure and long section in the site's pages (docs/)."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 150
    assert "| --- |" not in text and "|---|" not in text, "a table: it belongs in docs/"
    assert "docs/images/table.png" in text, "the screenshot of a table"


def test_every_link_of_the_readme_exists() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    assert len(targets) > 20
    for target in targets:
        if re.match(r"^[a-z]+:", target):
            continue
        path = (README.parent / target.partition("#")[0]).resolve()
        assert path.exists(), f"the README links to {target}, which does not exist"
