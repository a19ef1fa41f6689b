"""The `roost` command: list games, read their rules, play them, measure them.

It never shows a traceback. Exit codes: 0 done; 1 an internal error (reported in one line; set
``ROOST_DEBUG=1`` for the traceback) or the input ended before a game did; 2 a bad command
line, option, parameter or file (one line saying what is wrong, before any work starts); 130
interrupted (Ctrl-C).
"""

from __future__ import annotations

import functools
import math
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from roost.bots import make_bot
from roost.bots.heuristic import has_heuristic
from roost.cli.language import (
    USAGE_ERROR,
    SpeakingCommand,
    SpeakingGroup,
    said_in_our_language,
    speak_the_environment_language,
)
from roost.cli.names import default_names, parse_names
from roost.cli.play import HUMAN, QuitGame, TerminalTable, load_saved, resume_hint
from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.registry import game_class, load_game, registered_games
from roost.core.state import State
from roost.i18n import (
    LANGUAGES,
    UnknownLanguageError,
    format_fixed,
    format_number,
    gettext_filled,
    language_from_environment,
    parse_language,
    set_language,
)
from roost.i18n import gettext as _
from roost.i18n.refusals import in_our_language

# Every --help below is translated when this module is imported: the language must be chosen
# first (see roost.cli.language: ours, and click's and Typer's own words; `--lang` counts).
speak_the_environment_language(sys.argv[1:])

INTERRUPTED: Final = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells expect."""
MAX_ITERATIONS: Final = 200_000
"""The most ISMCTS iterations a move the command line accepts (about a minute a move)."""

if TYPE_CHECKING:
    from roost.lab.claims import ClaimResult
    from roost.lab.hooks import Compensation

app = typer.Typer(
    name="roost",
    cls=SpeakingGroup,
    help=_("Roost: play, simulate and study four egg card games."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
console = Console()
PLAIN_CONSOLE = Console(markup=False, emoji=False)
"""The console a game is drawn on: seat names (``--names``, and in saved games) are shown as
typed, never read as rich markup (``[/]`` would stop the game, ``[red]`` colour it) or emoji
codes. The game's screens use no markup of their own (Text and styles only)."""
P = ParamSpec("P")
R = TypeVar("R")


def _fail(message: str) -> typer.Exit:
    """One line, however narrow the terminal (soft wrap: the terminal folds it, rich does not
    cut it into lines), and exit code 2 as for any usage error."""
    said = in_our_language(message)
    console.print(Text.assemble((_("error:") + " ", "bold red"), said), soft_wrap=True)
    return typer.Exit(code=2)


LANGUAGE_NAMES: Final = ", ".join(f"{code} ({title})" for code, title in LANGUAGES.items())


def speak(lang: str | None) -> None:
    """Speak the language a command's ``--lang`` names (already chosen before the command line
    was read where it names one Roost speaks); one line naming the languages there are if not."""
    if lang is not None:
        try:
            set_language(parse_language(lang))
        except UnknownLanguageError as error:
            raise _fail(str(error)) from None


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help=_(
            "the language of the command's messages and reports: {languages} (default: from "
            "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"
        ).format(languages=LANGUAGE_NAMES),
    ),
]
"""Every command's ``--lang``."""


class OneLineUsageErrors(SpeakingCommand):
    """A command whose usage errors (``--games abc``, an unknown option, a missing game) are one
    line like its own checks, not the framework's boxed help, so every bad input reads the
    same and a script can match it."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except USAGE_ERROR as error:
            message = said_in_our_language(error)
            if info_name:
                message = _("{error} (see roost {command} --help)").format(
                    error=message, command=info_name
                )
            raise _fail(message) from None


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Run a command so that nothing ends in a traceback: Ctrl-C exits 130, a `RoostError`
    is a one-line error (2), anything unexpected a one-line internal error (1)."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            console.print(Text("\n" + _("Interrupted.")))
            raise typer.Exit(INTERRUPTED) from None
        except RoostError as error:
            raise _fail(str(error)) from None
        except Exception as error:
            if os.environ.get("ROOST_DEBUG"):
                raise
            console.print(
                Text.assemble(
                    (_("internal error:") + " ", "bold red"),
                    _("{error}. Please report it (ROOST_DEBUG=1 shows the traceback).").format(
                        error=f"{type(error).__name__}: {error}"
                    ),
                )
            )
            raise typer.Exit(1) from None

    return run


def _version_text() -> str:
    """``roost <version>, <build>`` and the server's protocol version: what a bug report needs
    (the release, whether the engine runs compiled or as Python) and what a client or a second
    server process must speak to talk to this one (`roost.server.protocol.PROTOCOL_VERSION`)."""
    from roost.build import build_info
    from roost.server.protocol import PROTOCOL_VERSION

    return f"{build_info()}\nprotocol {PROTOCOL_VERSION} (the server's REST and WebSocket protocol)"


def _show_version(value: bool) -> None:
    if value:
        console.print(Text(_version_text()))
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help=(
                _(
                    "show the version, which build runs (compiled or pure Python) and the "
                    "server's protocol version, and exit"
                )
            ),
        ),
    ] = False,
) -> None:
    """Roost: play, simulate and study four egg card games."""
    from roost.build import stale_modules

    # The terminal's own words in the language LANGUAGE / LC_ALL / LC_MESSAGES / LANG ask for
    # (English where they name none Roost speaks); `roost play --lang` overrides it.
    set_language(language_from_environment())

    stale = stale_modules()
    if stale:
        # A compiled module older than its source runs the old code: every result would be
        # about code that is no longer there. Refused before any command (--version, eager,
        # has already answered and says which modules).
        raise _fail(
            _(
                "the compiled engine is older than its source ({n} modules, e.g. {module}): "
                "rebuild it with `make build` (or reinstall), then run roost again"
            ).format(n=len(stale), module=stale[0])
        )


def parse_params(pairs: list[str]) -> dict[str, str]:
    """``key=value`` strings to a mapping (values are checked by the game)."""
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise RoostError(_("--param takes key=value, got {pair!r}").format(pair=pair))
        params[key.strip()] = value.strip()
    return params


def build_game(name: str, players: int | None, pairs: list[str]) -> Game:
    params: dict[str, object] = dict(parse_params(pairs))
    if players is not None:
        params["players"] = players
    return load_game(name, **params)


@app.command(cls=SpeakingCommand, help=_("List the games with their player counts."))
@guarded
def games(lang: LangOption = None) -> None:
    speak(lang)
    table = Table(title=_("Games"))
    for column in (_("name"), _("title"), _("players"), _("default")):
        table.add_column(column)
    for name, cls in registered_games().items():
        table.add_row(
            name, cls.title, f"{cls.min_players}-{cls.max_players}", str(cls.default_players)
        )
    console.print(table)
    console.print(_("Rules: roost rules NAME    Play: roost play NAME"))


@app.command(
    cls=SpeakingCommand,
    help=_(
        "Show a game's rules as implemented (its RULES.md, or its translation) and its parameters."
    ),
)
@guarded
def rules(
    name: Annotated[str, typer.Argument(help=_("game name, e.g. eggo"))],
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=_(
                "the language of the rules page: {languages} (default: from LANGUAGE, "
                "LC_ALL, LC_MESSAGES or LANG)"
            ).format(languages=LANGUAGE_NAMES),
        ),
    ] = None,
) -> None:
    from roost.i18n import current_language
    from roost.i18n.rules import rules_page

    try:
        language = current_language() if lang is None else parse_language(lang)
        cls = game_class(name)
    except (RoostError, UnknownLanguageError) as error:
        raise _fail(str(error)) from None
    set_language(language)
    console.print(Markdown(rules_page(cls, language).text))
    table = Table(title=_("Parameters of {name} (pass with --param key=value)").format(name=name))
    for column in (_("parameter"), _("default"), _("accepts"), _("meaning")):
        table.add_column(column)
    for spec in cls.param_specs():
        said = gettext_filled(spec.help)
        cells = (spec.name, repr(spec.default), in_our_language(spec.accepts()), said)
        table.add_row(*(Text(cell) for cell in cells))
    console.print(table)


@app.command(
    cls=SpeakingCommand,
    help=_(
        "Play a game in the terminal against bots, or hot-seat with friends; watch bots "
        "play.\n\nIn the game: type the number of a choice; ? shows the rules of the moment "
        "and what the screen means, rules the whole rulebook, b goes back a step, save "
        "saves, q saves and stops; with --hints, hint shows the search's best moves."
    ),
)
@guarded
def play(
    name: Annotated[
        str | None, typer.Argument(help=_("game name, e.g. eggo (not with --resume)"))
    ] = None,
    players: Annotated[int | None, typer.Option(help=_("number of players"))] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help=_(
                "comma-separated, one per seat: 'human' or a bot kind "
                "(e.g. human,random,human); default: you in seat 0, bots elsewhere; "
                "bots only: watch them play"
            ),
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help=_(
                "bot for the seats not given: easy, medium (default), hard, or a kind "
                "(random, heuristic, ismcts, ismcts:N)"
            )
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(help=_("comma-separated seat names, one per seat (e.g. Ana,Bo,Cy,Di)")),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help=_("replay a deal: same seed, same cards"))
    ] = None,
    param: Annotated[
        list[str] | None, typer.Option(help=_("game parameter key=value (repeatable)"))
    ] = None,
    pace: Annotated[
        float | None,
        typer.Option(
            help=_("seconds between moves when only bots play (default 1; 0 shows only the end)")
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help=_("where q and 'save' write the game (default roost-GAME-SEED.json)")),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help=_("continue a game saved with q or 'save'"))
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints", help=_("offer 'hint' at the prompt: the hard bot's top moves and chances")
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=_(
                "the language of the prompts, menus and messages: {languages} (default: from "
                "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"
            ).format(languages=LANGUAGE_NAMES),
        ),
    ] = None,
) -> None:
    speak(lang)
    try:
        if pace is not None and not (math.isfinite(pace) and 0 <= pace <= 60):
            raise RoostError(_("--pace takes seconds from 0 to 60; got {pace}").format(pace=pace))
        if resume is not None:
            given = [
                option
                for option, value in (
                    ("GAME", name),
                    ("--players", players),
                    ("--seats", seats),
                    ("--bots", bots),
                    ("--names", names),
                    ("--seed", seed),
                    ("--param", param),
                )
                if value
            ]
            if given:
                raise RoostError(
                    _("--resume continues a saved game as it was: leave out {options}").format(
                        options=", ".join(given)
                    )
                )
            saved = load_saved(resume)
            game = saved.state.game
            seat_kinds, seat_names, chosen_seed = saved.seats, saved.names, saved.seed
            state: State | None = saved.state
            for kind in seat_kinds:
                if kind != HUMAN:
                    _check_bot(kind, game)
        else:
            if name is None:
                raise RoostError(
                    _("name a game to play (roost games lists them), or --resume FILE")
                )
            seat_kinds = _seat_kinds(seats)
            count = _player_count(players, param or [], seat_kinds, names)
            game = build_game(name, count, param or [])
            if bots is None:
                bots = "medium" if has_heuristic(game) else "random"
            if seats is None:
                seat_kinds = [HUMAN] + [bots] * (game.num_players - 1)
            elif len(seat_kinds) != game.num_players:
                raise RoostError(
                    _("--seats names {given} seats but the game has {n}").format(
                        given=len(seat_kinds), n=game.num_players
                    )
                )
            for kind in [*seat_kinds, bots]:
                if kind != HUMAN:
                    _check_bot(kind, game)
            seat_names = parse_names(names, game.num_players) if names else []
            seat_names = default_names(seat_kinds, seat_names)
            chosen_seed = seed if seed is not None else secrets.randbelow(10**9)
            state = None
        humans = seat_kinds.count(HUMAN)
        save_path = save or Path(f"roost-{game.name}-{chosen_seed}.json")
        _check_writable(save_path, "--save")
    except RoostError as error:
        raise _fail(str(error)) from None
    if pace is None:
        pace = 0.0 if humans else 1.0
    facts = {"game": game.title, "n": game.num_players, "seed": chosen_seed}
    if humans:
        opening = (
            (
                _("Resuming {game}, {n} players, seed {seed}.")
                if state is not None
                else _("Playing {game}, {n} players, seed {seed}.")
            ).format(**facts)
            + " "
            + _("Type ? at any prompt for help, q to save and stop.")
        )
    else:
        opening = (
            _("Resuming {game}, {n} bots, seed {seed}.")
            if state is not None
            else _("Playing {game}, {n} bots, seed {seed}.")
        ).format(**facts)
    console.print(Text(opening))
    table = TerminalTable(
        game,
        seat_kinds,
        chosen_seed,
        PLAIN_CONSOLE,
        _ask,
        names=seat_names,
        state=state,
        pace=pace,
        save_path=save_path,
        hints=hints,
    )
    try:
        table.play()
    except QuitGame:
        _stopped(table, _("Game stopped."))
        raise typer.Exit(0) from None
    except EOFError:
        _stopped(table, "\n" + _("Input ended before the game did."))
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        _stopped(table, "\n" + _("Interrupted."))
        raise typer.Exit(INTERRUPTED) from None


@app.command(
    cls=SpeakingCommand,
    help=_(
        "Review a game: for each decision of one seat, its chances with the move chosen "
        "and with the best move, from that seat's information only; inaccuracies, "
        "mistakes and blunders."
    ),
)
@guarded
def review(
    saved: Annotated[
        Path,
        typer.Argument(
            help=_("a game saved by roost play (q or save), a server replay's JSON, or a state")
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(help=_("the seat to review (default: the person's seat the file names)")),
    ] = None,
    iterations: Annotated[
        int, typer.Option(help=_("search iterations a decision (the hard bot's: 1000)"))
    ] = 1000,
    jobs: Annotated[int, typer.Option(help=_("worker processes (the review is the same)"))] = 1,
    seed: Annotated[int, typer.Option(help=_("the review's own seed"))] = 1,
    json_out: Annotated[
        Path | None, typer.Option("--json", help=_("also write the review to this file"))
    ] = None,
    lang: LangOption = None,
) -> None:
    speak(lang)
    from roost.cli.review import run_review

    try:
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise RoostError(
                _("--iterations takes 1 to {most}; got {n}").format(
                    most=format_number(MAX_ITERATIONS), n=format_number(iterations)
                )
            )
        if json_out is not None:
            _check_writable(json_out, "--json")
        run_review(
            console,
            saved,
            seat,
            iterations=iterations,
            seed=seed,
            jobs=jobs,
            json_out=json_out,
            progress=_progress_bar(),
        )
    except RoostError as error:
        raise _fail(str(error)) from None


def _ask(prompt: str) -> str:
    return console.input(Text(prompt, style="bold"))


def _stopped(table: TerminalTable, why: str) -> None:
    """Save a game that stops before its end and say how to go on."""
    state = table.state
    if state is None or state.is_terminal() or not table.humans:
        console.print(Text(why))
        return
    try:
        path = table.save()
    except OSError as error:
        console.print(Text(why + " " + _("It could not be saved: {error}.").format(error=error)))
        return
    console.print(
        Text(
            why
            + " "
            + _("Saved to {path}; continue with: {command}").format(
                path=path, command=resume_hint(path)
            )
        ),
        soft_wrap=True,
    )


def _player_count(
    players: int | None, pairs: list[str], seat_kinds: list[str], names: str | None
) -> int | None:
    """The number of players, the same wherever it is given (or None: the game's default)."""
    given: list[tuple[str, int]] = []
    if players is not None:
        given.append((_("--players {n}").format(n=players), players))
    param_players = parse_params(pairs).get("players")
    if param_players is not None:
        try:
            count = int(param_players)
        except ValueError:
            raise RoostError(
                _("'players' takes an integer; got {value!r}").format(value=param_players)
            ) from None
        given.append((_("--param players={n}").format(n=param_players), count))
    if seat_kinds:
        given.append((_("--seats with {n} seats").format(n=len(seat_kinds)), len(seat_kinds)))
    if names:
        count = len(names.split(","))
        given.append((_("--names with {n} names").format(n=count), count))
    counts = {count for _text, count in given}
    if len(counts) > 1:
        said = _(" but ").join(text for text, _count in given)
        raise RoostError(_("the number of players differs: {said}").format(said=said))
    return counts.pop() if counts else None


def _progress_bar(disable: bool = False) -> Progress:
    """The bar of the long commands (arena, lab, ratings): done of total, elapsed, remaining.
    `disable`: draw nothing (a command that says its own lines where there is no terminal)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=disable,
    )


def _check_writable(path: Path, option: str) -> None:
    """Refuse a path that cannot be written, before any work is done."""
    if path.is_dir():
        raise RoostError(
            _("{option}: {path} is a folder; give a file name").format(
                option=option, path=repr(str(path))
            )
        )
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise RoostError(
            _("{option}: the folder {path} does not exist").format(
                option=option, path=repr(str(folder))
            )
        )
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RoostError(
            _("{option}: {path} cannot be written (permissions)").format(
                option=option, path=repr(str(path))
            )
        )


def _check_bot(kind: str, game: Game) -> None:
    name, _colon, arg = kind.partition(":")
    budget = arg.partition("/")[0]
    digits = budget.isascii() and budget.isdigit()
    if name in ("ismcts", "hard") and digits and int(budget) > MAX_ITERATIONS:
        raise RoostError(
            _(
                "{kind}: ismcts:N takes at most {most} iterations a move (about a minute a "
                "move); got {n}"
            ).format(
                kind=repr(kind), most=format_number(MAX_ITERATIONS), n=format_number(int(budget))
            )
        )
    try:
        make_bot(kind, game, 0)
    except RoostError as error:
        raise RoostError(
            _("{error} (a seat is 'human' or a bot; ismcts:N sets iterations)").format(
                error=in_our_language(str(error))
            )
        ) from None


def _seat_kinds(seats: str | None) -> list[str]:
    if seats is None:
        return []
    kinds = [kind.strip().lower() for kind in seats.split(",") if kind.strip()]
    if not kinds:
        raise RoostError(_("--seats needs at least one seat"))
    return kinds


@app.command(
    cls=SpeakingCommand,
    help=_("Random-playout speed of every game, with ratios to peer engines measured alongside."),
)
@guarded
def bench(
    seconds: Annotated[float, typer.Option(help=_("seconds of play per measurement"))] = 3.0,
    game: Annotated[list[str] | None, typer.Option(help=_("only these games (repeatable)"))] = None,
    peers: Annotated[
        bool, typer.Option(help=_("also measure RLCard and OpenSpiel if installed"))
    ] = True,
    seed: Annotated[int, typer.Option(help=_("seed of the random games"))] = 1,
    search: Annotated[
        bool, typer.Option(help=_("measure ISMCTS iterations/s instead (OpenSpiel on hearts)"))
    ] = False,
    rounds: Annotated[
        int | None,
        typer.Option(
            help=_(
                "interleaved rounds, each measuring every engine in turn (default: 5 for "
                "random playouts, splitting --seconds; 3 for search)"
            )
        ),
    ] = None,
    listed: Annotated[
        bool,
        typer.Option(
            help=_(
                "draw our random moves as the peers' are drawn: list the legal actions, pick "
                "an index with random.randrange (default: State.random_action, the same moves)"
            )
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    speak(lang)
    from roost.sim.bench import run_benchmarks
    from roost.sim.search_bench import run_search_benchmarks

    if search:
        run_search_benchmarks(console, games=game or None, peers=peers, rounds=rounds or 3)
    else:
        run_benchmarks(
            console,
            seconds=seconds,
            games=game or None,
            peers=peers,
            seed=seed,
            rounds=rounds or 5,
            listed=listed,
        )


@app.command(
    cls=SpeakingCommand, help=_("Play bots against each other over many games and report who wins.")
)
@guarded
def arena(
    name: Annotated[str, typer.Argument(help=_("game name, e.g. eggo"))],
    bots: Annotated[
        str, typer.Option(help=_("bot kinds, comma-separated, rotated over the seats"))
    ] = "heuristic,random",
    games: Annotated[int, typer.Option(help=_("number of games"))] = 100,
    seed: Annotated[int, typer.Option(help=_("results are reproducible from the seed"))] = 1,
    jobs: Annotated[int, typer.Option(help=_("worker processes"))] = 1,
    players: Annotated[int | None, typer.Option(help=_("number of players"))] = None,
    param: Annotated[
        list[str] | None, typer.Option(help=_("game parameter key=value (repeatable)"))
    ] = None,
    json_out: Annotated[
        str | None, typer.Option("--json", help=_("also write every game's record to this file"))
    ] = None,
    lang: LangOption = None,
) -> None:
    speak(lang)
    from roost.sim.arena import run_arena
    from roost.sim.report import print_arena, write_records

    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        progress.advance(task, count)

    try:
        game = build_game(name, _player_count(players, param or [], [], None), param or [])
        kinds = [kind.strip() for kind in bots.split(",") if kind.strip()]
        if len(kinds) > game.num_players:
            raise RoostError(
                _(
                    "--bots names {n} kinds but a game of {name} has {seats} seats: give at "
                    "most {seats} (they are rotated over the seats from game to game)"
                ).format(n=len(kinds), name=name, seats=game.num_players)
            )
        for kind in kinds:
            _check_bot(kind, game)
        if json_out:
            _check_writable(Path(json_out), "--json")
        with _progress_bar() as progress:
            task = progress.add_task(f"{name}: {' vs '.join(kinds)}", total=games)
            result = run_arena(game, kinds, games, seed, jobs, advance)
    except RoostError as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        console.print(
            Text(
                "\n"
                + _("Interrupted after {done} of {games} games; nothing was written.").format(
                    done=done, games=games
                )
            )
        )
        raise typer.Exit(INTERRUPTED) from None
    print_arena(console, result, seed)
    if json_out:
        try:
            write_records(result, json_out)
        except OSError as error:
            raise _fail(
                _("--json: the records could not be written: {error}").format(error=error)
            ) from None
        console.print(Text(_("Records written to {path}.").format(path=json_out)))


VERDICT_STYLE = {"holds": "green", "fails": "red", "partly": "yellow", "inconclusive": "yellow"}
MARK_SYMBOL = {
    "agrees": "[green]\u2713[/green]",
    "disagrees": "[red]\u2717[/red]",
    "undecided": "[yellow]?[/yellow]",
    "nothing to test": "[dim]-[/dim]",
    "info": "\u2022",
}


def claims_table(title: str, claims: Sequence[ClaimResult]) -> Table:
    """The claims in the terminal as in the report: the verdict in colour, a mark per setting."""
    from roost.lab.report import robustness_word, verdict_word

    table = Table(title=_("{game}: the rulebook's claims").format(game=title), show_lines=True)
    for column in (_("claim"), _("verdict"), _("measured")):
        table.add_column(column, overflow="fold")
    for claim in claims:
        verdict = claim.verdict
        lines = [
            f"{MARK_SYMBOL[str(f.mark)]} {escape(f.sentence.said())}" for f in verdict.findings
        ]
        lines += [escape(verdict.said_note())] if verdict.notes else []
        style = VERDICT_STYLE.get(verdict.verdict, "dim")
        lines.append(f"[bold]{escape(robustness_word(claim.robustness))}[/bold]")
        said = escape(verdict_word(verdict.verdict))
        table.add_row(escape(claim.claim.quote), f"[{style}]{said}[/{style}]", "\n".join(lines))
    return table


def _compensation_ladder(
    name: str,
    players: str | None,
    bots: list[str] | None,
    compare: tuple[str, str] | None,
    until_width: float | None,
    sweep: list[str] | None,
    candidates: list[str] | None,
    params: list[str] | None,
    max_width: float,
) -> list[Compensation]:
    """The candidates `roost lab --compensate` plays, the rulebook's game first, with every
    option that does not go with the search refused before any game."""
    from roost.lab.compensate import check_candidates, parse_candidate
    from roost.lab.hooks import game_measures
    from roost.lab.plan import DEFAULT_BOTS, parse_players

    if compare is not None:
        raise RoostError(
            _("--compensate plays one game's candidates; it does not go with --compare")
        )
    if until_width is not None:
        raise RoostError(_("--compensate plays every candidate at --games; drop --until-width"))
    if sweep:
        raise RoostError(_("--compensate varies the candidates' parameters; drop --sweep"))
    cls = game_class(name)
    if players is None or len(parse_players(players, cls)) != 1:
        raise RoostError(
            _(
                "--compensate searches one player count at a time: give --players N ({low}-{high})"
            ).format(low=cls.min_players, high=cls.max_players)
        )
    if len(dict.fromkeys(bots or DEFAULT_BOTS)) < 2:
        raise RoostError(
            _(
                "--compensate checks each candidate under at least two line-ups (rules, not "
                "bots): give --bots twice (default: heuristic and ismcts:100)"
            )
        )
    if not (math.isfinite(max_width) and 0 < max_width <= 100):
        raise RoostError(
            _("--max-width takes percentage points from 0 to 100; got {value}").format(
                value=f"{max_width:g}"
            )
        )
    own = [parse_candidate(text, k + 1) for k, text in enumerate(candidates or [])]
    ladder = own or list(game_measures(cls).compensations)
    return check_candidates(ladder, params or [], name)


@app.command(
    cls=OneLineUsageErrors,
    help=_(
        "Play many games and report seats, length, skill, drama, cards and the rulebook's claims."
    ),
)
@guarded
def lab(
    name: Annotated[str, typer.Argument(help=_("game name, e.g. big-chicken"))],
    players: Annotated[
        str | None, typer.Option(help=_("player counts: N, A-B or 3,5 (default: all the game has)"))
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            help=_(
                "a main line-up: bot kinds, comma-separated, rotated over the seats; "
                "repeatable, each finding is checked under every line-up (default: heuristic, and "
                "ismcts:100)"
            )
        ),
    ] = None,
    games: Annotated[int, typer.Option(help=_("main games per setting"))] = 1000,
    other_games: Annotated[
        int | None,
        typer.Option(
            help=_(
                "games per setting of every main line-up after the first (default: a fifth "
                "of --games)"
            )
        ),
    ] = None,
    param: Annotated[
        list[str] | None, typer.Option(help=_("fixed game parameter key=value (repeatable)"))
    ] = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            help=_(
                "vary a parameter: key=v1,v2,... (';' between values that hold commas); "
                "repeatable, all combinations are played"
            )
        ),
    ] = None,
    skill: Annotated[
        list[str] | None,
        typer.Option(
            help=_(
                "skill line-ups STRONG/WEAK, one strong bot against weak ones (repeatable; "
                "default heuristic/random and ismcts:100/heuristic; 'none' for none)"
            )
        ),
    ] = None,
    skill_games: Annotated[
        int | None,
        typer.Option(help=_("games per skill line-up and setting (default: a fifth of --games)")),
    ] = None,
    seed: Annotated[int, typer.Option(help=_("results are reproducible from the seed"))] = 1,
    jobs: Annotated[
        int, typer.Option(help=_("worker processes (Ray: CPUs of a local instance)"))
    ] = 1,
    backend: Annotated[str, typer.Option(help=_("local (process pool) or ray"))] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help=_(
                "Ray cluster to join with --backend ray: HOST:6379 on a node of it, "
                "ray://HOST:10001 from elsewhere, auto inside ray job submit (docs/lab.md)"
            )
        ),
    ] = None,
    ship_code: Annotated[
        bool,
        typer.Option(
            help=_(
                "on a Ray cluster, send this roost's source to the workers (off: they use "
                "their own install, which must be the same version)"
            )
        ),
    ] = True,
    out: Annotated[str | None, typer.Option(help=_("output folder (default: lab-GAME)"))] = None,
    seconds_per_decision: Annotated[
        float, typer.Option(help=_("table time of a decision with a choice (s)"))
    ] = 6.0,
    seconds_per_forced: Annotated[
        float, typer.Option(help=_("table time of a forced decision, the only legal move (s)"))
    ] = 2.0,
    seconds_per_card: Annotated[
        float, typer.Option(help=_("table time of a chance step: a card dealt or drawn (s)"))
    ] = 1.0,
    plots: Annotated[
        bool, typer.Option(help=_("draw the report's plots (needs matplotlib)"))
    ] = True,
    until_width: Annotated[
        float | None,
        typer.Option(
            help=_(
                "play on (doubling --games at looks fixed in advance, with an overall error of "
                "5%) until every headline interval is narrower than this many percentage points"
            )
        ),
    ] = None,
    max_games: Annotated[
        int | None,
        typer.Option(
            help=_("with --until-width: the last look's games a setting (default 16 x --games)")
        ),
    ] = None,
    deck: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help=_(
                "play one variant from a file (TOML, docs/lab.md): its params table as --param's, "
                "its players as --players; --param and --players given here override the file's"
            ),
        ),
    ] = None,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(
            metavar="A.toml B.toml",
            help=_(
                "play two variant files (as --deck; --param and --players apply to both) side "
                "by side: every measure in both, B - A with its interval (95%), significance after "
                "Holm's correction over all the differences, and whether each is the rules' or "
                "the bots'; writes compare.html and compare.json, each variant's lab in a/ and b/"
            ),
        ),
    ] = None,
    compensate: Annotated[
        bool,
        typer.Option(
            help=_(
                "search a first-player compensation at one player count (--players N): play "
                "the rulebook's game and each candidate (the game's own ladder, or --candidate) "
                "under every main line-up, and pick the mildest whose first player's interval "
                "(95%) holds the fair rate under all of them; writes compensate.json (docs/lab.md)"
            )
        ),
    ] = False,
    candidate: Annotated[
        list[str] | None,
        typer.Option(
            help=_(
                "with --compensate: a candidate compensation, key=value parameters separated "
                "by ';' (repeatable, mildest first; default: the game's own ladder)"
            )
        ),
    ] = None,
    max_width: Annotated[
        float,
        typer.Option(
            help=_(
                "with --compensate: the widest interval (95%; in percentage points) that may "
                "call a first player fair; wider is 'too few games'"
            )
        ),
    ] = 10.0,
    lang: LangOption = None,
) -> None:
    speak(lang)
    import math
    import shlex
    import sys
    from dataclasses import replace
    from pathlib import Path

    from roost.cli.compare import print_compare, print_compensation
    from roost.lab import LabPlan, LabRun, build_plan, check_writable, run_lab, write_lab
    from roost.lab.backends import make_backend
    from roost.lab.compare import check_pairable
    from roost.lab.compare import compare as compare_runs
    from roost.lab.compare_report import write_compare
    from roost.lab.compensate import search as search_compensation
    from roost.lab.compensate import write_compensation
    from roost.lab.plan import DEFAULT_BOTS
    from roost.lab.plots import require_matplotlib
    from roost.lab.sequential import Widest, run_until, schedule
    from roost.lab.timing import TimeModel
    from roost.lab.variants import Variant, merged_params, read_variant

    try:
        game_class(name)  # an unknown game is said before anything about the files
        if deck is not None and compare is not None:
            raise RoostError(_("--deck plays one variant, --compare two: give one of them"))
        if compare is not None and until_width is not None:
            raise RoostError(_("--until-width sizes one run; with --compare, size both by --games"))
        if candidate and not compensate:
            raise RoostError(_("--candidate is a candidate of --compensate: add --compensate"))
        ladder: list[Compensation] = []
        if compensate:
            ladder = _compensation_ladder(
                name, players, bots, compare, until_width, sweep, candidate, param, max_width
            )
        files = list(compare) if compare is not None else [deck] if deck is not None else []
        variants: list[Variant | None] = [read_variant(file, name) for file in files] or [None]
        for label, value in (
            ("--seconds-per-decision", seconds_per_decision),
            ("--seconds-per-forced", seconds_per_forced),
            ("--seconds-per-card", seconds_per_card),
        ):
            if not (math.isfinite(value) and value >= 0):
                raise RoostError(
                    _("{option} must be a number of seconds, 0 or more; got {value}").format(
                        option=label, value=f"{value:g}"
                    )
                )
        if plots:
            require_matplotlib()

        def make_plan(
            size: int, variant: Variant | None = variants[0], extra: Sequence[str] = ()
        ) -> LabPlan:
            """The run at `size` main games a setting (the other line-ups scaled alike), of
            `variant` where there is one, with the `extra` parameters (a compensation's)."""

            def scaled(n: int | None) -> int | None:
                if n is None or size == games:
                    return n  # as given (a bad value is refused by build_plan)
                return max(1, n * size // games)

            return build_plan(
                name,
                players=players if players is not None or variant is None else variant.players,
                bots=bots or DEFAULT_BOTS,
                games=size,
                other_games=scaled(other_games),
                params=[*merged_params(variant, param or []), *extra],
                sweeps=sweep or [],
                skill=["none"] if compensate else skill,
                skill_games=scaled(skill_games),
                seed=seed,
                time=TimeModel(seconds_per_decision, seconds_per_forced, seconds_per_card),
            )

        plans = [make_plan(games, variant) for variant in variants]
        rungs = [
            make_plan(games, variants[0], [f"{k}={v}" for k, v in rung.params]) for rung in ladder
        ]  # every candidate checked (a bad value refused) before any game is played
        plan = plans[0]
        if len(plans) == 2:
            check_pairable(*plans)
        if until_width is not None:
            schedule(games, max_games if max_games is not None else 16 * games)
        suffix = "-compare" if compare is not None else "-compensate" if compensate else ""
        folder = Path(out or f"lab-{name}{suffix}")
        check_writable(folder)
        runner = make_backend(backend, jobs, address, ship_code if address else None)
        tty = console.is_terminal

        def play(
            size: int,
            variant: Variant | None = variants[0],
            rung: Compensation | None = None,
        ) -> LabRun:
            extra = [f"{k}={v}" for k, v in rung.params] if rung else []
            look = make_plan(size, variant, extra)
            settings_done = 0
            what = f"lab {name}" + (f" ({variant.name})" if variant else "")
            what += f", {rung.key}" if rung else ""

            def finished(setting: int, seconds: float) -> None:
                """One line per finished setting where no bar can be drawn (a log, CI, a
                pipe)."""
                nonlocal settings_done
                settings_done += 1
                if not tty:
                    label = look.settings[setting].said()
                    console.print(
                        _("{what}: {done}/{n} settings done ({label}) after {seconds} s").format(
                            what=what,
                            done=settings_done,
                            n=len(look.settings),
                            label=label,
                            seconds=format_fixed(seconds, 0),
                        ),
                        highlight=False,
                    )

            if not tty:
                console.print(
                    _("{what}: {games} games over {n} settings").format(
                        what=what, games=look.total_games, n=len(look.settings)
                    ),
                    highlight=False,
                )
            with _progress_bar(disable=not tty) as progress:
                task = progress.add_task(what, total=look.total_games)
                return run_lab(look, runner, lambda done: progress.advance(task, done), finished)

        command = "roost " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        if compensate:
            assert len(rungs) == len(ladder)
            played = [play(games, variants[0], rung) for rung in ladder]
            found = search_compensation(ladder, [run.summary for run in played], max_width / 100)
            page = write_compensation(found, played, folder, command)
            print_compensation(console, found)
            console.print(
                _("{games} games in {seconds} s.").format(
                    games=sum(len(run.records) for run in played),
                    seconds=format_fixed(sum(run.seconds for run in played), 0),
                ),
                highlight=False,
            )
            console.print(_("Compensation: {page}").format(page=page), highlight=False)
            return
        if compare is not None:
            first, second = variants
            assert first is not None and second is not None
            runs = (play(games, first), play(games, second))
            compared = compare_runs(runs[0].summary, runs[1].summary, first, second)
            page = write_compare(compared, runs, folder, command, with_plots=plots)
            print_compare(console, compared)
            for letter, run in zip("AB", runs, strict=True):
                console.print(f"{letter}: {run.speed()}.", highlight=False)
            console.print(
                _("Comparison: {page}   (each variant's lab in a/ and b/ beside it)").format(
                    page=page
                ),
                highlight=False,
            )
            return
        if until_width is None:
            result = play(games)
        else:

            def said(size: int, widest: Widest) -> None:
                console.print(
                    _(
                        "lab {name}: {size} games a setting: widest headline interval {width} "
                        "points ({what})"
                    ).format(
                        name=name,
                        size=size,
                        width=format_fixed(100 * widest.width, 1),
                        what=widest.what,
                    ),
                    highlight=False,
                )

            result, how = run_until(
                play,
                lambda run: run.summary,
                until_width / 100,
                games,
                max_games if max_games is not None else 16 * games,
                said,
            )
            result = replace(result, sequential=how)
        report = write_lab(result, folder, command, with_plots=plots)
    except RoostError as error:
        raise _fail(str(error)) from None
    if result.claims:
        console.print(claims_table(plan.title, result.claims))
    console.print(result.speed() + ".", highlight=False)
    console.print(
        _("Report: {report}   (records and summary.json beside it)").format(report=report),
        highlight=False,
    )


@app.command(
    cls=SpeakingCommand,
    help=_(
        "Rate bot kinds: a round robin in every game, multiplayer ratings fitted with openskill."
    ),
)
@guarded
def ratings(
    bots: Annotated[
        str,
        typer.Option(help=_("bot kinds, comma-separated, weakest first (one rated player each)")),
    ] = "random,easy,medium,hard",
    game: Annotated[
        list[str] | None, typer.Option(help=_("only these games (repeatable; default: every game)"))
    ] = None,
    games: Annotated[int, typer.Option(help=_("games per table of the round robin"))] = 200,
    seed: Annotated[int, typer.Option(help=_("results are reproducible from the seed"))] = 1,
    jobs: Annotated[int, typer.Option(help=_("worker processes"))] = 1,
    players: Annotated[int, typer.Option(help=_("number of players"))] = 4,
    lang: LangOption = None,
) -> None:
    speak(lang)
    from roost.sim.ratings import run_round_robin, tables
    from roost.sim.report import print_ratings

    names = game or list(registered_games())
    kinds = [kind.strip() for kind in bots.split(",") if kind.strip()]
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        progress.advance(task, count)

    try:
        built = [build_game(name, players, []) for name in names]
        for each in built:
            for kind in kinds:
                _check_bot(kind, each)
        total = sum(games * len(tables(kinds, each.num_players)) for each in built)
        rated = []
        with _progress_bar() as progress:
            task = progress.add_task("round robin", total=total)
            for each in built:
                progress.update(task, description=f"{each.name}: {' vs '.join(kinds)}")
                rated.append(run_round_robin(each, kinds, games, seed, jobs, advance))
    except RoostError as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        console.print(
            Text("\n" + _("Interrupted after {done} games; nothing was rated.").format(done=done))
        )
        raise typer.Exit(INTERRUPTED) from None
    print_ratings(console, rated, seed)


@app.command(
    cls=SpeakingCommand,
    help=_("Serve online tables: the lobby, the web client and the play WebSocket."),
)
@guarded
def serve(
    host: Annotated[
        str, typer.Option(help=_("address to listen on (0.0.0.0: every network, for a LAN)"))
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_("port to listen on"))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help=_(
                "database URL (default: $ROOST_DATABASE_URL, else a SQLite file in "
                "~/.local/share/roost); e.g. postgresql+psycopg://user:pw@host/roost"
            )
        ),
    ] = None,
    bot_pause: Annotated[float, typer.Option(help=_("seconds a bot waits before moving"))] = 0.8,
    reaction_pause: Annotated[
        float,
        typer.Option(
            help=_(
                "median seconds before an answer to a reaction window (Cluck-Off) given by "
                "the server for a person, or by a bot; 0: at once"
            )
        ),
    ] = 1.0,
    bot_workers: Annotated[int, typer.Option(help=_("processes bots think in (0: threads)"))] = 2,
    grace: Annotated[
        float, typer.Option(help=_("seconds before a disconnected player gets a stand-in bot"))
    ] = 60.0,
    arrival_grace: Annotated[
        float | None,
        typer.Option(
            help=_(
                "seconds someone who took a seat has to come to it: at a waiting table before "
                "it opens again, at a started one before a stand-in plays (default: --grace)"
            )
        ),
    ] = None,
    public_url: Annotated[
        str | None, typer.Option(help=_("the URL people use to reach this server (invite links)"))
    ] = None,
    max_tables_per_client: Annotated[
        int, typer.Option(help=_("unfinished tables one client address may create"))
    ] = 20,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            help=_(
                "mark the session cookie Secure on every answer (behind a proxy that ends "
                "https without passing X-Forwarded-Proto); https requests always get it"
            )
        ),
    ] = False,
    quick_fill: Annotated[
        int, typer.Option(help=_("seconds a quick-play table waits before bots fill its seats"))
    ] = 30,
    durability: Annotated[
        str,
        typer.Option(
            help=_(
                "full: a move is acknowledged once it is on stable storage (survives a power "
                "cut); fast: once committed (survives the server being killed, not a power cut)"
            )
        ),
    ] = "full",
    log_format: Annotated[
        str, typer.Option(help=_("text: plain lines; json: one JSON object per line (collectors)"))
    ] = "text",
    keep_finished: Annotated[
        float,
        typer.Option(
            help=_("seconds a finished table nobody watches stays in memory (then: disk)")
        ),
    ] = 600.0,
    ws_deflate: Annotated[
        bool,
        typer.Option(
            help=_(
                "compress the play WebSocket's frames (per-message deflate) for clients that "
                "offer it: about a ninth of the bytes, for a little of the server's CPU"
            )
        ),
    ] = True,
    lang: LangOption = None,
) -> None:
    speak(lang)
    import logging.config

    import uvicorn

    from roost.server.app import create_app
    from roost.server.collector import FULL_EVERY
    from roost.server.config import AccountSettings, Settings, default_database_url, tune_gc
    from roost.server.db import DURABILITY
    from roost.server.logs import FORMATS, log_config
    from roost.server.transport import PlaySocketProtocol

    if durability not in DURABILITY:
        raise _fail(
            _("--durability is one of {values}, not {value!r}").format(
                values=", ".join(DURABILITY), value=durability
            )
        )
    if not (math.isfinite(keep_finished) and keep_finished >= 0):
        raise _fail(
            _("--keep-finished takes seconds from 0 up; got {value}").format(value=keep_finished)
        )
    for option, seconds in (("--grace", grace), ("--arrival-grace", arrival_grace)):
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise _fail(
                _("{option} takes seconds above 0; got {value}").format(
                    option=option, value=seconds
                )
            )
    if log_format not in FORMATS:
        raise _fail(
            _("--log-format is one of {values}, not {value!r}").format(
                values=", ".join(FORMATS), value=log_format
            )
        )
    url = db or default_database_url()
    settings = Settings(
        database_url=url,
        bot_pause=bot_pause,
        reaction_pause=reaction_pause,
        bot_workers=bot_workers,
        grace=grace,
        arrival_grace=arrival_grace,
        public_url=public_url or _public_url(host, port),
        max_tables_per_client=max_tables_per_client,
        accounts=AccountSettings(secure_cookies=secure_cookies),
        quick_fill=quick_fill,
        durability=durability,
        keep_finished=keep_finished,
        gc_every=FULL_EVERY,
    )
    tune_gc()
    logging.config.dictConfig(log_config(log_format))
    if log_format == "json":  # every line a JSON record: the banner is one too
        logging.getLogger("roost.server").info(
            "serving %s/ (database %s)", settings.public_url, _safe_url(url)
        )
    else:
        console.print(
            Text.assemble(_("Roost server: open") + " ", (f"{settings.public_url}/", "bold"))
        )
        console.print(Text(_("Database: {url}   (stop with Ctrl-C)").format(url=_safe_url(url))))
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws=PlaySocketProtocol,
        ws_max_size=65536,
        ws_per_message_deflate=ws_deflate,
        log_level="warning",
        log_config=None,  # configured above
    )


def _public_url(host: str, port: int) -> str:
    """The address to print and to put in invite links."""
    import socket

    shown = host
    if host in ("0.0.0.0", "::", ""):
        try:
            shown = socket.gethostbyname(socket.gethostname())
        except OSError:
            shown = socket.gethostname()
        if shown.startswith("127."):
            shown = socket.gethostname()
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def _safe_url(url: str) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


from roost.cli import backup as _backup  # noqa: E402  (its commands use guarded, defined above)

_backup.register(app, console)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
