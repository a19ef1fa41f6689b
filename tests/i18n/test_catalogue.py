"""The catalogues are complete and in step: every Spanish message translated with its
placeholders, the .pot extracted from today's sources, the .mo and the client's JSON compiled
from today's .po (docs/contributors/i18n.md)."""

from __future__ import annotations

import gettext
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from roost.i18n import DOMAIN, EXTRACT_KEYWORDS, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE
from roost.i18n.pseudo import PLACEHOLDER, PSEUDO_LANGUAGE, pseudo, pseudo_catalog
from roost.i18n.webjson import PluralMismatchError, category_forms, web_catalogue

ROOT = Path(__file__).resolve().parents[2]
WEB_DIR = ROOT / "src" / "roost" / "web" / "static" / "i18n"
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _po(language: str) -> Catalog:
    return _read(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po", language)


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {
        tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id
        for m in catalog
        if m.id and not getattr(m, "obsolete", False)
    }


def _placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text))


def _forms(message: Message) -> list[tuple[str, str]]:
    """(source, translation) pairs to compare: the singular form against the singular msgid,
    every other form against the plural one."""
    if isinstance(message.id, (list, tuple)):
        strings = [str(s) for s in message.string or ()]
        return [(message.id[0], strings[0])] + [(message.id[1], s) for s in strings[1:]]
    return [(message.id, str(message.string))]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    catalog = _po(language)
    assert catalog.num_plurals >= 2
    problems = []
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, f"fuzzy: {message.id!r}"
        if isinstance(message.id, (list, tuple)):
            assert len(message.string or ()) == catalog.num_plurals, message.id
        for source, translated in _forms(message):
            if not translated:
                problems.append(f"untranslated: {source!r}")
            elif _placeholders(source) - _placeholders(translated):
                missing = _placeholders(source) - _placeholders(translated)
                problems.append(f"{source!r} -> {translated!r} loses {sorted(missing)}")
            elif _placeholders(translated) - _placeholders(source):
                problems.append(f"{source!r} -> {translated!r} adds a placeholder")
    assert not problems, "\n".join(problems)


def test_the_check_sees_a_lost_placeholder() -> None:
    """The test above would catch the mistakes it is for."""
    lost = Message("Seat {n}", "Asiento")
    plural = Message(("{n} player", "{n} players"), ("{n} jugador", "jugadores", "{n} jugadores"))
    assert _placeholders(_forms(lost)[0][0]) - _placeholders(_forms(lost)[0][1])
    assert any(_placeholders(s) - _placeholders(t) for s, t in _forms(plural))
    assert _placeholders("%(name)s has %d eggs") == Counter(["%(name)s", "%d"])


def test_the_pot_is_extracted_from_todays_sources(tmp_path: Path) -> None:
    """A string wrapped in _() but not extracted (or an extracted one no longer in the
    sources) fails here: run `make catalogues`."""
    fresh = tmp_path / "roost.pot"
    keywords = [f"--keyword={word}" for word in EXTRACT_KEYWORDS]
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "--quiet", "extract", "-F",
         "babel.cfg", "--omit-header", *keywords, "-o", str(fresh), "."],
        cwd=ROOT, check=True, capture_output=True, text=True, timeout=100,
    )  # fmt: skip
    committed = _ids(_read(LOCALE_DIR / f"{DOMAIN}.pot"))
    extracted = _ids(_read(fresh))
    assert extracted, "nothing extracted: babel.cfg finds no sources?"
    assert extracted - committed == set(), "new messages not in roost.pot: make catalogues"
    assert committed - extracted == set(), "roost.pot holds messages no longer in the sources"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_po_has_exactly_the_pots_messages(language: str) -> None:
    assert _ids(_po(language)) == _ids(_read(LOCALE_DIR / f"{DOMAIN}.pot"))


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_committed_mo_is_compiled_from_the_po(language: str) -> None:
    """The .mo is committed (the wheel and an editable install read it as it is): it must say
    what the .po says."""
    catalog = _po(language)
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            for n in (1, 2, 5, 1_000_000):
                index = gettext.c2py(catalog.plural_expr)(n)
                got = compiled.ngettext(message.id[0], message.id[1], n)
                assert got == _forms(message)[index][1], (message.id, n)
        elif message.context:
            got = compiled.pgettext(message.context, message.id)
            assert got == message.string, (message.context, message.id)
        else:
            assert compiled.gettext(message.id) == message.string, message.id


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_web_json_is_compiled_from_the_po(language: str) -> None:
    shipped = json.loads((WEB_DIR / f"{language}.json").read_text(encoding="utf-8"))
    assert shipped == web_catalogue(_po(language), language), "run make catalogues"


def test_the_pseudo_locale_json_is_made_from_the_pot() -> None:
    shipped = json.loads((WEB_DIR / f"{PSEUDO_LANGUAGE}.json").read_text(encoding="utf-8"))
    template = _read(LOCALE_DIR / f"{DOMAIN}.pot")
    assert shipped == web_catalogue(pseudo_catalog(template), "en"), "run make catalogues"


def test_pseudo_brackets_accents_lengthens_and_keeps_placeholders() -> None:
    for text in ("Seat {n}", "Create table", "%(name)s has %d eggs", "{min}\u2013{max} players"):
        out = pseudo(text)
        assert out.startswith("[") and out.endswith("]")
        assert len(out) >= 1.4 * len(text)
        assert _placeholders(out) == _placeholders(text)
        outside = PLACEHOLDER.sub("", out)
        assert not re.search(r"[A-Za-z]", outside), out
    assert pseudo("") == ""


def test_spanish_plural_forms_follow_cldr() -> None:
    """Babel's Spanish has three gettext forms; CLDR's categories map onto them one to one."""
    catalog = _po("es")
    assert category_forms(catalog, "es") == {"many": 1, "one": 0, "other": 2}
    shipped = json.loads((WEB_DIR / "es.json").read_text(encoding="utf-8"))
    assert shipped["plural_forms"] == {"many": 1, "one": 0, "other": 2}


def test_a_plural_rule_that_disagrees_with_cldr_is_refused() -> None:
    wrong = Catalog(locale="es")
    wrong.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 5);")]  # one: forms 0 and 1
    assert wrong.plural_expr == "(n > 5)"
    with pytest.raises(PluralMismatchError):
        category_forms(wrong, "es")


def test_no_message_is_wrapped_inside_a_template_literal() -> None:
    """Babel's JavaScript extractor does not look inside `${...}`: a `_()` there would be
    translated by nobody, silently. Concatenate instead."""
    hidden = re.compile(r"\$\{\s*(?:_|ngettext)\(")
    found = [
        f"{path.name}:{number}"
        for path in sorted((ROOT / "src" / "roost" / "web" / "static" / "js").glob("*.js"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if hidden.search(line)
    ]
    assert found == []
