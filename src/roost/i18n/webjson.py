"""The web client's catalogue: a ``.po`` compiled to the JSON the browser loads
(``roost/web/static/i18n/<lang>.json``; docs/contributors/i18n.md says why JSON).

Plural forms are keyed by CLDR category (``one``, ``many``, ``other``...), not by the
gettext index: the browser picks the category with ``Intl.PluralRules``, which carries the
same CLDR rules Babel uses, so the client needs no plural formula (and no ``eval``, which the
page's Content-Security-Policy forbids). Which gettext form serves which category is worked
out here from the catalogue's own ``Plural-Forms`` and Babel's CLDR rule, and a disagreement
between them is an error, not a silent wrong form.
"""

from __future__ import annotations

import gettext
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog

SAMPLES = [*range(1001), 10**6, 2 * 10**6, 10**9]
"""Integers enough to meet every CLDR category a gettext plural expression can tell apart."""


class PluralMismatchError(ValueError):
    """One CLDR plural category would need two different gettext forms."""


def category_forms(catalog: Catalog, language: str) -> dict[str, int]:
    """Which gettext plural form (its index) each CLDR category of `language` takes."""
    chooser = gettext.c2py(catalog.plural_expr)
    rule = Locale.parse(language.replace("-", "_")).plural_form
    found: dict[str, int] = {}
    for n in SAMPLES:
        category = rule(Decimal(n))
        index = chooser(n)
        if found.setdefault(category, index) != index:
            raise PluralMismatchError(
                f"{language}: CLDR category {category!r} takes form {found[category]} "
                f"and form {index} (at n={n}): fix the catalogue's Plural-Forms"
            )
    for category in rule.tags | {"other"}:
        found.setdefault(category, catalog.num_plurals - 1)
    return dict(sorted(found.items()))


CONTEXT_SEPARATOR = "\x04"
"""Between a message's context and its msgid in the JSON's keys, as in a compiled .mo."""


def context_key(context: str | None, msgid: str) -> str:
    return msgid if context is None else f"{context}{CONTEXT_SEPARATOR}{msgid}"


def web_catalogue(catalog: Catalog, language: str) -> dict[str, Any]:
    """The JSON document of one language: singular messages by msgid (with a context, by
    context, U+0004 and msgid, as a .mo keys them), plural ones by their singular msgid, each
    with its forms in gettext order; untranslated and fuzzy entries are left out, so the client
    shows the English of those."""
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, (list, tuple)):
            forms = [str(form) for form in message.string or ()]
            if all(forms):
                plurals[message.id[0]] = forms
        elif message.string:
            messages[context_key(message.context, message.id)] = str(message.string)
    return {
        "language": language,
        "plural_forms": category_forms(catalog, language),
        "messages": dict(sorted(messages.items())),
        "plurals": dict(sorted(plurals.items())),
    }


def write_web_catalogue(catalog: Catalog, language: str, path: Path) -> None:
    data = web_catalogue(catalog, language)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    path.write_text(text, encoding="utf-8")
