"""`roost backup` and `roost restore`: a server's database to one file and back, while it runs
(`roost.server.backup` says how, for SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

DB_HELP = "database URL (default: $ROOST_DATABASE_URL, else the SQLite file of roost serve)"


def _summary(report_rows: dict[str, int]) -> str:
    return ", ".join(f"{name} {count:,}" for name, count in report_rows.items())


def register(app: typer.Typer, console: Console) -> None:
    """Add the two commands to `app` (the `roost` command)."""
    from roost.cli.main import guarded

    @app.command("backup")
    @guarded
    def backup_command(
        file: Annotated[Path, typer.Argument(help="the backup file to write (must not exist)")],
        db: Annotated[str | None, typer.Option(help=DB_HELP)] = None,
    ) -> None:
        """Back up a server's database (it may be serving) into one new SQLite file."""
        from roost.server.backup import backup
        from roost.server.config import default_database_url

        url = db or default_database_url()
        report = backup(url, file)
        console.print(
            Text(
                f"Backed up {report.tables:,} tables (schema {report.revision}) to {file}, "
                f"{report.size / 1e6:.1f} MB: {_summary(report.rows)}"
            ),
            soft_wrap=True,
        )

    @app.command("restore")
    @guarded
    def restore_command(
        file: Annotated[Path, typer.Argument(help="a file written by roost backup")],
        db: Annotated[
            str | None,
            typer.Option(help=DB_HELP + "; a new SQLite file or an empty PostgreSQL database"),
        ] = None,
    ) -> None:
        """Restore a backup into a new database (a new SQLite file or an empty PostgreSQL
        database); then start roost serve on it."""
        from roost.server.backup import restore
        from roost.server.config import default_database_url

        url = db or default_database_url()
        report = restore(file, url)
        console.print(
            Text(
                f"Restored {report.tables:,} tables (schema {report.revision}) from {file}: "
                f"{_summary(report.rows)}"
            ),
            soft_wrap=True,
        )
