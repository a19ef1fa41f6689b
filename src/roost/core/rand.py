"""Random draws for the hot paths, equal to `random.Random`'s own.

`randbelow(rng, n)` returns exactly what ``rng.randrange(n)`` returns and consumes exactly the same
draws from `rng` (CPython's ``_randbelow_with_getrandbits``), so seeded games and searches are the
same with either; compiled by mypyc it costs a fraction of ``randrange``, whose argument handling
runs as Python even in the compiled build. `shuffle` is ``rng.shuffle`` the same way. Generators of
a subclass of `random.Random` go to their own methods.
"""

from __future__ import annotations

import random
from typing import Any, Final

_Random: Final = random.Random
_getrandbits: Final = random.Random.getrandbits  # called unbound: no method look-up on each draw


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: a uniform int in [0, n), the same value from the same draws."""
    if type(rng) is not _Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError(f"empty range in randrange({n})")
    k = n.bit_length()
    r: int = _getrandbits(rng, k)
    while r >= n:
        r = _getrandbits(rng, k)
    return r


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order from the same draws."""
    if type(rng) is not _Random:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]
