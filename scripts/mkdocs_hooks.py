"""MkDocs hooks of the documentation site (mkdocs.yml, ``hooks:``).

Some pages are files of the repository included whole (the games' RULES.md, CHANGELOG.md) so
that they are written once, next to the code they describe. Those files, and the pages kept in
``docs/`` that link to them (the rules traces link each game's RULES.md by its path in the
repository), still point at each other by repository paths, which lie outside the site. This hook
makes a page that includes a file stand for it: a link whose target is an included file becomes a
link to the page that includes it (anchor kept), so MkDocs' strict validation then checks it as
any other internal link.

A link to any other file or folder of the repository outside the site (``examples/variants/``)
has no page to go to: it is shown as that path, in code, for the reader to find in the source,
and if the path does not exist it is a warning (an error under ``--strict``), as a broken link
between pages is.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path
from typing import Any

INCLUDE = re.compile(r"""include-markdown\s+["']([^"']+)["']""")
LINK = re.compile(r"(?<!!)\[([^\]\n]*)\]\(([^)\s]+)\)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:|^#|^/")
"""A URL with a scheme, an anchor on the same page, or a site-absolute path."""

log = logging.getLogger("mkdocs.hooks.roost")
_stands_for: dict[Path, Path] = {}
"""Included file (absolute) -> the page (absolute source path) that includes it."""


def on_files(files: Any, config: Any) -> Any:
    """Finds which page includes which file: every include-markdown directive of every page."""
    _stands_for.clear()
    for file in files.documentation_pages():
        source = Path(file.abs_src_path)
        for included in INCLUDE.findall(source.read_text(encoding="utf-8")):
            _stands_for[(source.parent / included).resolve()] = source
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Rewrites links to included files into links to the pages that include them, and links
    to other repository paths outside the site into those paths as code."""
    here = Path(page.file.abs_src_path).parent
    docs = Path(config["docs_dir"]).resolve()
    repository = Path(config["config_file_path"]).resolve().parent

    def rewrite(match: re.Match[str]) -> str:
        text, target = match.group(1), match.group(2)
        if EXTERNAL.match(target):
            return match.group(0)
        path, _, anchor = target.partition("#")
        resolved = (here / path).resolve()
        page_path = _stands_for.get(resolved)
        if page_path is not None:
            relative = os.path.relpath(page_path, here)
            return f"[{text}]({relative}{'#' + anchor if anchor else ''})"
        if resolved.is_relative_to(docs) or not resolved.is_relative_to(repository):
            return match.group(0)  # a page of the site (MkDocs checks it), or nothing of ours
        shown = resolved.relative_to(repository).as_posix() + ("/" if path.endswith("/") else "")
        if not resolved.exists():
            log.warning(
                "Doc file '%s' links to '%s', which is not in the repository",
                page.file.src_uri,
                shown,
            )
        plain = text.strip("`")
        return f"`{shown}`" if plain in (shown, shown.rstrip("/")) else f"{text} (`{shown}`)"

    return LINK.sub(rewrite, markdown)
