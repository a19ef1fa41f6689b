"""`roost.core.rand` draws exactly what `random.Random` draws, from the same generator state."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from roost.core.rand import randbelow, sample, shuffle


@given(seed=st.integers(0, 2**64), bounds=st.lists(st.integers(1, 2**70), min_size=1, max_size=20))
def test_randbelow_is_randrange(seed: int, bounds: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [randbelow(ours, n) for n in bounds] == [theirs.randrange(n) for n in bounds]
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), size=st.integers(0, 60))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, yours = list(range(size)), list(range(size))
    shuffle(ours, mine)
    theirs.shuffle(yours)
    assert mine == yours and ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), size=st.integers(0, 400), data=st.data())
def test_sample_is_random_sample(seed: int, size: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, size))
    population = [3 * i + 1 for i in range(size)]
    ours, theirs = random.Random(seed), random.Random(seed)
    assert sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()


def test_a_sample_larger_than_the_population_is_refused() -> None:
    try:
        sample(random.Random(1), [1, 2], 3)
    except ValueError as error:
        assert "larger than population" in str(error)
    else:
        raise AssertionError("sample took 3 of 2")


def test_an_empty_range_is_refused_as_randrange_refuses_it() -> None:
    for n in (0, -3):
        try:
            randbelow(random.Random(1), n)
        except ValueError as error:
            assert "empty range" in str(error)
        else:
            raise AssertionError(f"randbelow accepted {n}")


def test_subclasses_of_random_draw_from_their_own_methods() -> None:
    class Fixed(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:
            return 0

    assert randbelow(Fixed(3), 10) == 0
