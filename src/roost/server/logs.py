"""The logs of `roost serve`: plain lines for a terminal, or JSON lines for a log collector.

``roost serve --log-format json`` writes one JSON object per line on standard error:
``{"time": "2026-12-02T07:00:00.123+00:00", "level": "warning", "logger": "roost.server.db",
"message": "...", "error": "Traceback ..."}`` (``error`` only with an exception), which
journald, Loki, Elasticsearch and the like read without a parsing rule. Both formats carry the
same records: the server's own (``roost.*``, from INFO up) and uvicorn's (warnings and errors;
no access lines). No record carries a seat token, a table's seed or a password: the server never
logs them, the engine hides SQL parameters (`roost.server.db.make_engine`), and
tests/server/test_metrics.py reads every JSON line of a game full of refused requests for them.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any, Final

FORMATS: Final = ("text", "json")


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON (the message formatted, the traceback as one string)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["error"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def log_config(log_format: str = "text") -> dict[str, Any]:
    """The `logging.config.dictConfig` of a `roost serve` process (given to uvicorn, which
    applies it before the app starts)."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {log_format!r}")
    formatter: dict[str, Any] = (
        {"()": "roost.server.logs.JsonFormatter"}
        if log_format == "json"
        else {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    )
    handler = ["stderr"]
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"roost": formatter},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "roost",
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            "roost": {"level": "INFO", "handlers": handler, "propagate": False},
            "uvicorn": {"level": "WARNING", "handlers": handler, "propagate": False},
            "uvicorn.error": {"level": "WARNING", "handlers": handler, "propagate": False},
            "uvicorn.access": {"level": "WARNING", "handlers": handler, "propagate": False},
        },
        "root": {"level": "WARNING", "handlers": handler},
    }
