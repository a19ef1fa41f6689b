"""Random draws for the hot paths, equal to `random.Random`'s own.

`randbelow(rng, n)` returns exactly what ``rng.randrange(n)`` returns and consumes exactly the same
draws from `rng` (CPython's ``_randbelow_with_getrandbits``), so seeded games and searches are the
same with either; compiled by mypyc it costs a fraction of ``randrange``, whose argument handling
runs as Python even in the compiled build. `shuffle` is ``rng.shuffle`` the same way, and `sample`
``rng.sample`` of a list of ints. Generators of a subclass of `random.Random` go to their own
methods.
"""

from __future__ import annotations

import math
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


def sample(rng: random.Random, population: list[int], k: int) -> list[int]:
    """``rng.sample(population, k)``: the same picks in the same order from the same draws
    (CPython's algorithm: a partial shuffle of a copy for a small population, else draws
    redrawn until new)."""
    if type(rng) is not _Random:
        return rng.sample(population, k)
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    setsize = 21  # (CPython: a small set's size less an empty list's)
    if k > 5:
        setsize += 1 << 2 * math.ceil(math.log(k * 3, 4))  # (4 ** ..., a big set's table)
    result: list[int] = []
    if n <= setsize:
        pool = population.copy()
        for i in range(k):
            j = randbelow(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = randbelow(rng, n)
            while j in selected:
                j = randbelow(rng, n)
            selected.add(j)
            result.append(population[j])
    return result
