"""`roost backup` and `roost restore`: a server's database to one file and back, while it runs
(`roost.server.backup` says how, for SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from roost.i18n import N_, format_number
from roost.i18n import gettext as _

DB_HELP = N_("database URL (default: $ROOST_DATABASE_URL, else the SQLite file of roost serve)")


def _summary(report_rows: dict[str, int]) -> str:
    return ", ".join(f"{name} {count:,}" for name, count in report_rows.items())


def register(app: typer.Typer, console: Console) -> None:
    """Add the two commands to `app` (the `roost` command)."""
    from roost.cli.language import SpeakingCommand
    from roost.cli.main import guarded

    @app.command(
        "backup",
        cls=SpeakingCommand,
        help=_("Back up a server's database (it may be serving) into one new SQLite file."),
    )
    @guarded
    def backup_command(
        file: Annotated[Path, typer.Argument(help=_("the backup file to write (must not exist)"))],
        db: Annotated[str | None, typer.Option(help=_(DB_HELP))] = None,
    ) -> None:
        from roost.server.backup import backup
        from roost.server.config import default_database_url

        url = db or default_database_url()
        report = backup(url, file)
        console.print(
            Text(
                _(
                    "Backed up {tables} tables (schema {revision}) to {file}, {size} MB: {rows}"
                ).format(
                    tables=format_number(report.tables),
                    revision=report.revision,
                    file=file,
                    size=format_number(round(report.size / 1e6, 1)),
                    rows=_summary(report.rows),
                )
            ),
            soft_wrap=True,
        )

    @app.command(
        "restore",
        cls=SpeakingCommand,
        help=_(
            "Restore a backup into a new database (a new SQLite file or an empty PostgreSQL "
            "database); then start roost serve on it."
        ),
    )
    @guarded
    def restore_command(
        file: Annotated[Path, typer.Argument(help=_("a file written by roost backup"))],
        db: Annotated[
            str | None,
            typer.Option(
                help=_(
                    "database URL (default: $ROOST_DATABASE_URL, else the SQLite file of roost "
                    "serve); a new SQLite file or an empty PostgreSQL database"
                )
            ),
        ] = None,
    ) -> None:
        from roost.server.backup import restore
        from roost.server.config import default_database_url

        url = db or default_database_url()
        report = restore(file, url)
        console.print(
            Text(
                _("Restored {tables} tables (schema {revision}) from {file}: {rows}").format(
                    tables=format_number(report.tables),
                    revision=report.revision,
                    file=file,
                    rows=_summary(report.rows),
                )
            ),
            soft_wrap=True,
        )
