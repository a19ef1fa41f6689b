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
- That click's usage errors ("Missing argument 'name'.", "Invalid value for '--games': ...")
  are finished English sentences (f-strings, no gettext): `SpeakingCommand` and `SpeakingGroup`
  catch each as it is raised and raise it again, same class of error and same context (so the
  usage line, the hint, the exit code 2 are unchanged), its message read back by the templates
  of `CLICK_SENTENCES` (`roost.i18n.readback`) in the reader's language.

The language is the command line's ``--lang`` where one is given (read from ``sys.argv`` before
the commands are built, so ``roost lab --lang es --help`` and its errors are Spanish too), else
the environment's.
"""

from __future__ import annotations

import gettext as _stdlib_gettext
import os
from collections.abc import Sequence
from typing import Any, Final, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup

from roost.i18n import (
    DOMAIN,
    LOCALE_DIR,
    N_,
    gettext,
    language_from_environment,
    normalize,
    set_language,
)
from roost.i18n.readback import ReadBack

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
    N_("No such command {name!r}."),
    N_("Missing command."),
    N_("Aborted!"),
)
"""Typer's words that `roost` shows, as Typer writes them (their msgids)."""

CLICK_SENTENCES: Final = (
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Invalid value for {name}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("No such option: {option}"),
    N_("No such option: {option} (Possible options: {options})"),
    N_("Option {option} requires an argument."),
    N_("Option {option} requires {n} arguments."),
    N_("Option {option} does not take a value."),
    N_("Argument {name} takes {n} values."),
    N_("{value} is not one of {choices}."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be a finite number"),
    N_("file {path} does not exist."),
    N_("dir {path} does not exist."),
    N_("path {path} does not exist."),
    N_("file {path} is a directory."),
    N_("dir {path} is a file."),
)
"""The usage errors of the click inside Typer, as it words them (templates to read them back
by: `roost.i18n.readback`), and the value errors Typer passes on from pydantic."""
CLICK_READ_BACK: Final = ReadBack(CLICK_SENTENCES)


def language_asked(argv: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """The language a command line asks for: its ``--lang X`` (``--lang=X``) where that names a
    language Roost speaks (an unknown one is refused by the command itself), else the
    environment's."""
    for k, word in enumerate(argv):
        if word == "--":
            break
        value = None
        if word == "--lang" and k + 1 < len(argv):
            value = argv[k + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        found = normalize(value) if value else None
        if found is not None:
            return found
    return language_from_environment(os.environ if environ is None else environ)


def speak_the_environment_language(argv: Sequence[str] = ()) -> None:
    """Choose the terminal's language (the command line's ``--lang``, else the environment's)
    and route Typer's own words (the standard library's default gettext domain) through Roost's
    catalogue. Where ``--lang`` chose, ``LANGUAGE`` is set to it for this process: the standard
    library reads the language from the environment only, and Typer's words must agree with
    ours (a lab's worker processes inherit it, and speak the same)."""
    language = language_asked(argv)
    if language != language_from_environment():
        os.environ["LANGUAGE"] = language
    set_language(language)
    _stdlib_gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    _stdlib_gettext.textdomain(DOMAIN)


USAGE_ERROR: Final[type[Exception]] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)
"""Click's UsageError, found through typer's BadParameter: recent typer releases carry their
own copy of click, so ``click.UsageError`` may not be the class that is raised."""


def said_in_our_language(error: Any) -> str:
    """A click usage error's message in the terminal's language."""
    format_message = getattr(error, "format_message", None)
    message = format_message() if callable(format_message) else str(error)
    return CLICK_READ_BACK.say(str(message), gettext)


def _raise_speaking(error: Any) -> NoReturn:
    """Raise `error` again as a usage error of the same context and exit code, its message in
    the terminal's language (the framework prints it: the usage line, the hint, the panel)."""
    again: Any = USAGE_ERROR(said_in_our_language(error), getattr(error, "ctx", None))
    again.exit_code = getattr(error, "exit_code", 2)
    raise again from None


def _write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    pieces = command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=gettext("Usage:") + " ")


def _translated_help_option(option: Any) -> Any:
    if option is not None:
        option.help = gettext("Show this message and exit.")
    return option


class _Speaking:
    """What a command and a group share: the usage line, the help option and the usage errors
    in the terminal's language (put before click's class, so `super()` reaches it)."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)  # type: ignore[misc]
        except USAGE_ERROR as error:
            if type(error).__name__ == "NoArgsIsHelpError":
                raise
            _raise_speaking(error)

    def get_help_option(self, ctx: Any) -> Any:
        return _translated_help_option(super().get_help_option(ctx))  # type: ignore[misc]


class SpeakingCommand(_Speaking, TyperCommand):
    """A command whose usage line, help option and usage errors speak the terminal's language."""


class SpeakingGroup(_Speaking, TyperGroup):
    """The `roost` command itself (a group of commands), speaking the terminal's language."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except USAGE_ERROR as error:
            _raise_speaking(error)
