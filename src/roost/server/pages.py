"""The web client's pages: one ``index.html`` for the lobby, a table, a replay, a tutorial, a
profile, "My games" and a leaderboard (the client reads the path), and its static files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

router = APIRouter(include_in_schema=False)


def web_static_dir() -> Path:
    """The web client's files (``roost/web/static``), whether or not they exist yet."""
    return Path(str(resources.files("roost"))) / "web" / "static"


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=web_static_dir(), check_dir=False), name="static")


PAGES = (
    "/",
    "/t/{table_id}",
    "/learn/{game}",
    "/replay/{table_id}",
    "/u/{name}",
    "/me/games",
    "/leaderboard/{game}",
)
"""The client's pages: each answer is the same ``index.html``, which reads the path."""


async def page() -> Response:
    return _page()


for _path in PAGES:
    router.add_api_route(_path, page, methods=["GET"], response_class=HTMLResponse)


def _page() -> Response:
    index = web_static_dir() / "index.html"
    if index.is_file():
        return FileResponse(index)
    return HTMLResponse(FALLBACK_PAGE)


FALLBACK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Roost</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Roost server</h1>
<p>The web client is not installed in this copy, but the server is running.</p>
<ul>
<li><a href="/api/games">/api/games</a>: the games and their parameters</li>
<li><a href="/api/tables">/api/tables</a>: open and running tables</li>
<li><a href="/docs">/docs</a>: the API, interactive (<a href="/openapi.json">/openapi.json</a>)</li>
<li>Play over the WebSocket <code>/api/tables/{id}/ws</code> (see docs/protocol.md)</li>
</ul>
</body></html>
"""
