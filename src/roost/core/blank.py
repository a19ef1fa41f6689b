"""`Blank`: the base of classes that make copies of themselves field by field.

A copy starts as a blank instance, ``cls.__new__(cls)``, with no `__init__` run, and the class
fills in its fields. In pure Python that is what `object.__new__` gives; a class compiled by mypyc
runs `__init__` in its default `__new__` (with no arguments, so it fails), hence this base, whose
`__new__` gives the blank instance in both builds. It is a class of its own because mypyc allows
`object.__new__` only in a class with no Python base (`State` has one: `Generic`).
"""

from __future__ import annotations

from typing import Any, Self

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Blank:
    """``cls.__new__(cls)`` is a blank instance: no `__init__` runs."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        return object.__new__(cls)
