"""Compile the web client's catalogues: each language's ``.po`` (and the pseudo-locale, made
from the ``.pot``) to ``src/roost/web/static/i18n/<lang>.json``. Run by ``make catalogues``
after ``pybabel extract``, ``update`` and ``compile``.

    python scripts/catalogues.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po

from roost.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE
from roost.i18n.pseudo import PSEUDO_LANGUAGE, pseudo_catalog
from roost.i18n.webjson import write_web_catalogue

WEB_DIR = Path(__file__).resolve().parent.parent / "src" / "roost" / "web" / "static" / "i18n"


def main(argv: list[str]) -> int:
    del argv
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        out = WEB_DIR / f"{language}.json"
        write_web_catalogue(catalog, language, out)
        print(f"wrote {out}")
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as handle:
        template = read_po(handle)
    out = WEB_DIR / f"{PSEUDO_LANGUAGE}.json"
    write_web_catalogue(pseudo_catalog(template), "en", out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
