"""A game's rules page in a reader's language: ``RULES.md`` (English, the reference) or its
translation ``RULES.<lang>.md`` beside it.

The rules are whole pages written for each language, not catalogue messages: a page is read as
prose, and its sentences do not map one to one. The English page stays the rules as
implemented; a translation says the same rules, choices and parameters (the test
``tests/i18n/test_rules_es.py`` checks that nothing was dropped). Where a game has no page in
the language asked for, the English one is served, and `rules_page` says so, so a reader always
gets the rules and a client can mark the text's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from roost.i18n import LANGUAGES, SOURCE_LANGUAGE

if TYPE_CHECKING:
    from roost.core.game import Game


def rules_path(game: type[Game], language: str) -> Path:
    """Where `game`'s page in `language` is (it may not exist for a language without one)."""
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}")
    if language == SOURCE_LANGUAGE:
        return game.rules_file
    return game.rules_file.with_name(f"RULES.{language}.md")


@dataclass(frozen=True)
class RulesPage:
    """A rules page: its Markdown and the language it is written in."""

    text: str
    language: str


def rules_page(game: type[Game], language: str) -> RulesPage:
    """`game`'s rules in `language` (a code of `LANGUAGES`), else in English."""
    path = rules_path(game, language)
    if not path.is_file():
        path, language = game.rules_file, SOURCE_LANGUAGE
    return RulesPage(path.read_text(encoding="utf-8"), language)
