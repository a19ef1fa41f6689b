"""The language of the `roost` command's help and messages, chosen before its commands exist.

Typer builds every ``--help`` from strings given when `roost.cli.main` is imported, so the
language is chosen then, from the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them; ``roost play --lang`` changes the game's words later).

Click and Typer write their own words ("Usage:", "Options", "Show this message and exit.",
their errors) with the standard library's ``gettext.gettext``, which reads the process's text
domain. Binding Roost's catalogue as that domain gives them our translations (the words are
marked in `CLICK_WORDS`, so the catalogue carries them), with no change to either library and
no copy of their code: Python ships no Spanish for them, and they look the language up in the
same environment variables as we do, so both agree.
"""

from __future__ import annotations

import gettext
from typing import Final

from roost.i18n import DOMAIN, LOCALE_DIR, N_, language_from_environment, set_language

CLICK_WORDS: Final = (
    # click's formatting and help option
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    # Typer's help panels and notes
    N_("Arguments"),
    N_("Error"),
    N_("Aborted."),
    N_("[default: {}]"),
    N_("[required]"),
    N_("[env var: {}]"),
    N_("(deprecated) "),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    # click's usage errors (an unknown option or command, a bad value)
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("{value!r} is not a valid {number_type}."),
)
"""Click's and Typer's words that `roost` shows, as they write them (their msgids)."""


def speak_the_environment_language() -> None:
    """Choose the terminal's language from the environment and route click's and Typer's
    words (the standard library's default gettext domain) through Roost's catalogue."""
    set_language(language_from_environment())
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
