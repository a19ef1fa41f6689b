"""A claim's findings and notes kept as a catalogue msgid and its named parts until they are read.

A finding is worked out once (`roost.lab.run_lab`) and read twice: in English in
``summary.json`` (byte for byte what the lab always wrote: a machine-readable file, the same
whatever the reader's language) and in the reader's language in the report and the terminal's
claims table. So a `Sentence` keeps the English template (the msgid, extracted by ``make
catalogues`` through the keyword ``sentence``) and its parts, and says itself either way.

Why not the engine's `roost.core.message.Message`: its fields are whole numbers and words, and
it is compiled by mypyc (closed to subclasses). A finding says measured figures ("16.7%",
"p = 0.031") that each language writes with its own decimal sign, and setting labels that the
plan says in words (`roost.lab.plan.say_label`). Those are the parts here:

- `Figure`: a number formatted as the English text formats it (a format spec), its decimal point
  then swapped for the reader's (Babel's CLDR symbol, as `roost.i18n.format_fixed` does);
- `SettingLabel`: a setting's label as the CSV and JSON files keep it ("4 players, quick=true"),
  said by `say_label` ("4 jugadores, quick=true");
- `Words`: English words the catalogue holds already (a measure's label), said by ``gettext``;
- `Sentence`: a nested clause (a figure's interval, a line-up's finding);
- plain strings: said as they are (line-up names, parameter values, as typed).

A sentence with no words of its own (``"{setting}: {rate}"``) is in the catalogue too, so a
language may order or punctuate it its own way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from roost.i18n import SOURCE_LANGUAGE, current_language, gettext
from roost.lab.plan import say_label
from roost.lab.stats import Estimate


@dataclass(frozen=True)
class Figure:
    """A measured number: `value` as ``format(value, spec)`` writes it, then `unit` (``"%"``)."""

    value: float
    spec: str = ".1f"
    unit: str = ""

    def written(self, decimal: str) -> str:
        return format(self.value, self.spec).replace(".", decimal) + self.unit


@dataclass(frozen=True)
class SettingLabel:
    """A setting's label as the files keep it (`roost.lab.plan.Setting.label`)."""

    label: str


@dataclass(frozen=True)
class Words:
    """English words that are a catalogue msgid of their own (marked where they are declared)."""

    text: str


Part: TypeAlias = "str | Figure | SettingLabel | Words | Sentence"


@dataclass(frozen=True)
class Sentence:
    """An English template with ``{name}`` parts (`str.format` names, no format specs)."""

    template: str
    parts: tuple[tuple[str, Part], ...] = ()

    def english(self) -> str:
        """The English text, as ``summary.json`` keeps it."""
        return self._render(english=True, decimal=".")

    def said(self) -> str:
        """The text in the reader's language (`roost.i18n.set_language`'s)."""
        language = current_language()
        if language == SOURCE_LANGUAGE:
            return self._render(english=False, decimal=".")
        from babel.numbers import get_decimal_symbol

        return self._render(english=False, decimal=get_decimal_symbol(language))

    def _render(self, english: bool, decimal: str) -> str:
        template = self.template if english else gettext(self.template)
        values = {name: _part(value, english, decimal) for name, value in self.parts}
        return template.format_map(values)


def _part(value: Part, english: bool, decimal: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Figure):
        return value.written(decimal)
    if isinstance(value, SettingLabel):
        return value.label if english else say_label(value.label)
    if isinstance(value, Words):
        return value.text if english else gettext(value.text)
    return value._render(english, decimal)


def sentence(template: str, **parts: Part) -> Sentence:
    """A finding's sentence (the catalogue's extractor keyword)."""
    return Sentence(template, tuple(parts.items()))


def percent(e: Estimate, digits: int = 1) -> Sentence:
    """`Estimate.pct` as a sentence: ``"42.0% (39.8-44.2)"``, ``"n/a"`` without games."""
    if e.n == 0:
        return sentence("n/a")
    spec = f".{digits}f"
    return sentence(
        "{value} ({low}-{high})",
        value=Figure(100 * e.value, spec, "%"),
        low=Figure(100 * e.low, spec),
        high=Figure(100 * e.high, spec),
    )


def number(e: Estimate, digits: int = 1) -> Sentence:
    """`Estimate.num` as a sentence: ``"12.3 (11.9-12.7)"``, ``"n/a"`` without games."""
    if e.n == 0:
        return sentence("n/a")
    spec = f".{digits}f"
    return sentence(
        "{value} ({low}-{high})",
        value=Figure(e.value, spec),
        low=Figure(e.low, spec),
        high=Figure(e.high, spec),
    )
