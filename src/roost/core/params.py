"""Typed, validated game parameters.

A game declares its parameters once as `Param` specs; `resolve_params` turns user input
(Python values, or strings from the command line) into a complete, checked mapping. A bad value
is an error that names the parameter and what it accepts; nothing is silently corrected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from roost.core.errors import ParameterError

ParamValue = int | bool | str | float


@dataclass(frozen=True)
class Param:
    """One game parameter: its name, type, default, allowed values and a line of help."""

    name: str
    kind: type
    default: ParamValue
    help: str
    choices: tuple[ParamValue, ...] | None = None
    minimum: int | float | None = None
    maximum: int | float | None = None

    def accepts(self) -> str:
        """Say in words what values this parameter takes."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        kind = "an integer" if self.kind is int else f"a {self.kind.__name__}"
        if self.minimum is not None and self.maximum is not None:
            return f"{kind} from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"{kind} of at least {self.minimum}"
        if self.maximum is not None:
            return f"{kind} of at most {self.maximum}"
        return kind

    def check(self, game: str, value: Any) -> ParamValue:
        """Return `value` converted to this parameter's type, or raise `ParameterError`."""
        converted = self._convert(game, value)
        if self.choices is not None and converted not in self.choices:
            raise self._error(game, value)
        if isinstance(converted, int | float) and not isinstance(converted, bool):
            if self.minimum is not None and converted < self.minimum:
                raise self._error(game, value)
            if self.maximum is not None and converted > self.maximum:
                raise self._error(game, value)
        return converted

    def _convert(self, game: str, value: Any) -> ParamValue:
        if isinstance(value, str) and self.kind is not str:
            return self._parse(game, value)
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            raise self._error(game, value)
        if self.kind is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            raise self._error(game, value)
        if self.kind is float:
            if isinstance(value, int | float) and not isinstance(value, bool):
                return float(value)
            raise self._error(game, value)
        if isinstance(value, str):
            return value
        raise self._error(game, value)

    def _parse(self, game: str, text: str) -> ParamValue:
        """Read a command-line string as this parameter's type."""
        try:
            if self.kind is bool:
                lowered = text.strip().lower()
                if lowered in ("true", "yes", "1", "on"):
                    return True
                if lowered in ("false", "no", "0", "off"):
                    return False
                raise ValueError(text)
            if self.kind is int:
                return int(text)
            if self.kind is float:
                return float(text)
        except ValueError:
            raise self._error(game, text) from None
        raise self._error(game, text)

    def _error(self, game: str, value: Any) -> ParameterError:
        return ParameterError(
            f"{game}: parameter {self.name!r} takes {self.accepts()}; got {value!r}"
        )


def resolve_params(
    game: str, specs: Sequence[Param], given: Mapping[str, Any]
) -> dict[str, ParamValue]:
    """Fill defaults and check every given value against its spec."""
    known = {p.name: p for p in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        listed = ", ".join(sorted(known)) or "none"
        raise ParameterError(
            f"{game}: unknown parameter {unknown[0]!r}; its parameters are: {listed}"
        )
    resolved: dict[str, ParamValue] = {}
    for spec in specs:
        resolved[spec.name] = (
            spec.check(game, given[spec.name]) if spec.name in given else (spec.default)
        )
    return resolved
