"""The documentation site's own pieces (mkdocs.yml; `make docs` builds the whole site with
--strict, in `make test`): the rules pages include the RULES.md rather than copy them, and the
hooks that fence doctests and rewrite links between included files do what they say."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from mkdocs_hooks import LINK  # noqa: E402

GAMES = {"eggo": "eggo", "manda-huevos": "manda_huevos", "egg-bound": "egg_bound",
         "big-chicken": "big_chicken"}  # fmt: skip


@pytest.mark.parametrize("page", sorted(GAMES))
def test_the_rules_pages_include_the_rules_files(page: str) -> None:
    text = (ROOT / "docs" / "players" / "rules" / f"{page}.md").read_text(encoding="utf-8")
    included = re.findall(r'include-markdown "([^"]+)"', text)
    assert len(included) == 1
    source = (ROOT / "docs" / "players" / "rules" / included[0]).resolve()
    assert source == ROOT / "src" / "roost" / "games" / GAMES[page] / "RULES.md"
    assert source.exists()
    rest = re.sub(r"\{%.*?%\}", "", text, flags=re.S).strip()
    assert not rest, "a rules page holds only the inclusion: the rules are written once"


def test_doctests_are_fenced_as_console_sessions() -> None:
    griffe = pytest.importorskip("griffe")
    del griffe
    from griffe_doctests import fence_doctests

    text = "Prose [a][0].\n\n>>> x = [[1]]\n>>> x[0][0]\n1\n\nMore prose.\n"
    fenced = fence_doctests(text)
    assert fenced.splitlines() == [
        "Prose [a][0].", "", "```pycon", ">>> x = [[1]]", ">>> x[0][0]", "1", "```", "",
        "More prose.",
    ]  # fmt: skip
    already = "```python\n>>> 1\n```"
    assert fence_doctests(already) == already


def test_the_link_pattern_skips_images() -> None:
    found = LINK.findall("see [the rules](../RULES.md#cards) and ![a table](images/t.png)")
    assert found == [("the rules", "../RULES.md#cards")]
