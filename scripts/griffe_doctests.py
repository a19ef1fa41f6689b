"""A griffe extension for the API reference (mkdocs.yml, mkdocstrings' ``extensions``).

Roost's docstrings carry doctest examples (``>>>`` lines and their output), which pytest runs.
Markdown knows nothing of doctests: it would run them into the prose around them and read
``x[0][1]`` as a reference link. This extension fences each doctest block as ``pycon`` code
before mkdocstrings renders it, so the examples show as the console sessions they are.
"""

from __future__ import annotations

from typing import Any

from griffe import Extension, Object


def fence_doctests(text: str) -> str:
    """Wraps each doctest block (a ``>>>`` line, its ``...`` continuations and its output, up
    to a blank line) in a fenced ``pycon`` block; text already fenced is left alone."""
    out: list[str] = []
    fenced = in_block = False
    for line in text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("```"):
            fenced = not fenced
        if not fenced and not in_block and stripped.startswith(">>>"):
            out.append("```pycon")
            in_block = True
        elif in_block and not stripped:
            out.append("```")
            in_block = False
        out.append(line)
    if in_block:
        out.append("```")
    return "\n".join(out)


class DoctestFences(Extension):
    """Fences the doctests of every docstring griffe loads."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
