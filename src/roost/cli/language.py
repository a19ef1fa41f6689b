"""The language of the `roost` command's help and messages, chosen before its commands exist.

Typer builds every ``--help`` from strings given when `roost.cli.main` is imported, so the
language is chosen then, from the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them; ``roost play --lang`` changes the game's words later).

The framework's own words come two ways, and each is routed without copying its code:

- Typer's help panels ("Options", "Commands", "[default: ...]") are written with the standard
  library's ``gettext.gettext``, which reads the process's text domain: binding Roost's
  catalogue as that domain gives them our translations (`TYPER_WORDS` marks them, so the
  catalogue carries them). Python ships no Spanish for them, and the standard library reads the
  language from the same environment variables as we do, so both agree.
- The click that Typer carries inside it writes "Usage:" and the help option's "Show this
  message and exit." as plain English: `SpeakingCommand` and `SpeakingGroup` (every command's
  class) write them through our catalogue instead.
"""

from __future__ import annotations

import gettext as _stdlib_gettext
from typing import Any, Final

from typer.core import TyperCommand, TyperGroup

from roost.i18n import DOMAIN, LOCALE_DIR, N_, gettext, language_from_environment, set_language

TYPER_WORDS: Final = (
    N_("Options"),
    N_("Commands"),
    N_("Arguments"),
    N_("Error"),
    N_("Aborted."),
    N_("[default: {}]"),
    N_("[required]"),
    N_("[env var: {}]"),
    N_("(deprecated) "),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
)
"""Typer's words that `roost` shows, as Typer writes them (their msgids)."""


def speak_the_environment_language() -> None:
    """Choose the terminal's language from the environment and route Typer's own words (the
    standard library's default gettext domain) through Roost's catalogue."""
    set_language(language_from_environment())
    _stdlib_gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    _stdlib_gettext.textdomain(DOMAIN)


def _write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    pieces = command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=gettext("Usage:") + " ")


def _translated_help_option(option: Any) -> Any:
    if option is not None:
        option.help = gettext("Show this message and exit.")
    return option


class SpeakingCommand(TyperCommand):
    """A command whose usage line and help option speak the terminal's language."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        return _translated_help_option(super().get_help_option(ctx))


class SpeakingGroup(TyperGroup):
    """The `roost` command itself (a group of commands), speaking the terminal's language."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        return _translated_help_option(super().get_help_option(ctx))
