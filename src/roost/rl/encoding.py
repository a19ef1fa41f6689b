"""Observation tensors: a fixed-size numeric encoding of what one seat sees.

Every game has a companion module ``roost.rl.encoders.<folder>`` (found by convention, like the
heuristic bots and the terminal renderers) that exports ``ENCODER = ObservationEncoder(...)``:
its fields, in order, and a writer that fills them from ``state.observation(seat)``. Nothing
else is read, so the tensor is a function of the observation alone: a seat cannot learn from
it anything it could not see.

Conventions shared by every game:

* one flat ``float32`` vector, every entry in ``[0, 1]``; the size depends on the player count
  ``n`` only (`Encoding.size`);
* per-seat fields are **seat-relative**: entry ``k`` of such a field is the seat ``k`` places
  after the viewer in seat order (``k = 0`` is the viewer), so one policy serves every seat;
* an enum is a one-hot block (all zeros for ``None``), a card multiset is one count per card type
  divided by the most copies of a type, a number is divided by a stated scale and capped at 1.

Each encoder's module docstring holds its table (field, size, meaning), kept equal to
`ObservationEncoder.table` by the tests.

For speed, an encoder may also give a writer that reads the state itself (``make_state_writer``):
it must write exactly what the observation writer writes from ``state.observation(seat)``, reading
only what that observation shows (the tests check both on random games, for every seat).
`Encoding.encode_state` uses it when there is one; the RL environments call that. A state writer
writes into a `Row`, a ``librt.vecs.vec[float]`` (mypyc's native vector: a compiled write is a
store, not a boxed ``PyObject_SetItem`` as into an ``array``), at an offset, so the batched
engine writes every game's row into one vector and casts it to float32 with one numpy call. Its
entries are float64 and become the float32 tensor then: a value is rounded once, as a write
into an ``array("f")`` rounds it, so a count of copies written with ``+=`` into the float32
buffer of the observation writer is written from a table of those float32 sums (`sums`,
`count_into`) to give the same bits.

>>> import roost
>>> from roost.rl.encoding import encoding_for
>>> game = roost.load_game("eggo", players=4)
>>> encoding = encoding_for(game)
>>> state = game.new_initial_state()
>>> encoding.encode(state.observation(0)).shape == (encoding.size,)
True
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt
from librt.vecs import vec
from mypy_extensions import i64

from roost.core.companions import companion
from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.state import State

Tensor = npt.NDArray[np.float32]
Buffer: TypeAlias = "array[float]"
"""An ``array("f")``: written entry by entry, then viewed as a numpy array (no copy)."""
Write = Callable[[Mapping[str, Any], Buffer], None]
"""Fills a zeroed buffer from one seat's observation."""
MakeWriter = Callable[[Game, Mapping[str, int]], Write]
"""Builds the writer for a game (its parameters fixed) from the offset of each field."""
Row: TypeAlias = "vec[float]"
"""A native float64 vector that state writers fill (numpy reads it as a buffer, read-only)."""
StateWrite = Callable[[State, int, Row, int], None]
"""``write(state, seat, row, at)`` fills ``row[at : at + size]`` (zeros there) as `Write`
would fill a buffer from ``state.observation(seat)``, from the state."""
MakeStateWriter = Callable[[Game, Mapping[str, int]], StateWrite]

TEMPLATE = "roost.rl.encoders.{folder}"


@dataclass(frozen=True)
class Field:
    """One named block of the tensor: ``fixed + per_seat * n`` entries."""

    name: str
    fixed: int
    per_seat: int
    text: str
    """What the entries mean and how they are scaled (one line of the docstring table)."""

    def size(self, players: int) -> int:
        return self.fixed + self.per_seat * players

    def size_text(self) -> str:
        """The size as written in the tables: ``46``, ``n``, ``7n``, ``n+1``."""
        seats = "" if not self.per_seat else ("n" if self.per_seat == 1 else f"{self.per_seat}n")
        if not self.fixed:
            return seats
        return f"{seats}+{self.fixed}" if seats else str(self.fixed)


def seats(name: str, text: str, width: int = 1) -> Field:
    """A per-seat field (`width` entries per seat, seat-relative)."""
    return Field(name, 0, width, text)


def block(name: str, size: int, text: str) -> Field:
    """A field of `size` entries whatever the player count."""
    return Field(name, size, 0, text)


class ObservationEncoder:
    """A game's tensor layout (`fields`) and how to fill it (`make_writer`)."""

    def __init__(
        self,
        game: str,
        fields: Sequence[Field],
        make_writer: MakeWriter,
        make_state_writer: MakeStateWriter | None = None,
    ) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"{game}: field names repeat: {names}")
        self.game = game
        self.fields = tuple(fields)
        self.make_writer = make_writer
        self.make_state_writer = make_state_writer

    def offsets(self, players: int) -> dict[str, int]:
        """Where each field starts for `players` seats."""
        at: dict[str, int] = {}
        start = 0
        for f in self.fields:
            at[f.name] = start
            start += f.size(players)
        return at

    def size(self, players: int) -> int:
        return sum(f.size(players) for f in self.fields)

    def table(self) -> str:
        """The field table for the encoder's docstring (reStructuredText grid-less table)."""
        rows = [("field", "size", "meaning")]
        rows += [(f.name, f.size_text(), f.text) for f in self.fields]
        widths = [max(len(row[i]) for row in rows) for i in range(2)]
        rule = f"{'=' * widths[0]}  {'=' * widths[1]}  {'=' * 60}"
        lines = [rule]
        for index, (name, size, text) in enumerate(rows):
            lines.append(f"{name:<{widths[0]}}  {size:<{widths[1]}}  {text}".rstrip())
            if index == 0:
                lines.append(rule)
        lines.append(rule)
        return "\n".join(lines)

    def bind(self, game: Game) -> Encoding:
        """The encoding for `game` (its player count and parameters)."""
        if game.name != self.game:
            raise RoostError(f"the {self.game} encoder cannot encode {game.name}")
        return Encoding(self, game)


class Encoding:
    """An encoder bound to one game: `size` and `encode(observation)`."""

    __slots__ = (
        "_float32",
        "_float64",
        "_write",
        "_write_state",
        "_zero_row",
        "_zeros",
        "encoder",
        "game",
        "offsets",
        "size",
    )

    def __init__(self, encoder: ObservationEncoder, game: Game) -> None:
        n = game.num_players
        self.encoder = encoder
        self.game = game
        self.offsets = encoder.offsets(n)
        self.size = encoder.size(n)
        self._zeros = array("f", bytes(4 * self.size))
        self._float32: Any = np.dtype(np.float32)
        """The dtype object: `np.frombuffer` takes it (positionally) twice as fast as a type."""
        self._float64: Any = np.dtype(np.float64)
        self._zero_row: Row = zero_row(self.size)
        self._write = encoder.make_writer(game, self.offsets)
        make_state_writer = encoder.make_state_writer
        self._write_state = (
            None if make_state_writer is None else make_state_writer(game, self.offsets)
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game, bound again when loaded: its writers are compiled methods,
        which do not pickle (an env that holds an encoding pickles through this)."""
        return (encoding_for, (self.game,))

    def encode(self, observation: Mapping[str, Any]) -> Tensor:
        """The tensor of a seat's observation (``state.observation(seat)``, or its JSON)."""
        if observation.get("seat") is None:
            raise RoostError("observation tensors are made from a seat's observation")
        buf = array("f", self._zeros)
        self._write(observation, buf)
        return np.frombuffer(buf, self._float32)

    def encode_state(self, state: State, seat: int) -> Tensor:
        """``encode(state.observation(seat))`` for a seat (not None), the same tensor, made
        from the state directly when the encoder has a state writer."""
        write = self._write_state
        if write is None:
            return self.encode(state.observation(seat))
        row = self._zero_row[0 : self.size]  # a new vector (a copy of the zeros)
        write(state, seat, row, 0)
        tensor: Tensor = viewed(row, self._float64).astype(self._float32)
        return tensor

    def field(self, tensor: Tensor, name: str) -> Tensor:
        """The entries of field `name` in `tensor`."""
        start = self.offsets[name]
        spec = next(f for f in self.encoder.fields if f.name == name)
        return tensor[start : start + spec.size(self.game.num_players)]


def encoder_for(game: Game | type[Game]) -> ObservationEncoder:
    """The game's `ObservationEncoder` (``roost.rl.encoders.<folder>``)."""
    found = companion(game, TEMPLATE, "ENCODER", ObservationEncoder)
    if found is None:
        name = game.name
        raise RoostError(f"{name} has no observation encoder (roost/rl/encoders/<folder>.py)")
    return found


@lru_cache(maxsize=64)
def encoding_for(game: Game) -> Encoding:
    """The game's encoding, bound to its parameters (cached per game)."""
    return encoder_for(game).bind(game)


# --- helpers for writers -------------------------------------------------------------------


def index_of(values: Sequence[Any]) -> dict[str, int]:
    """Position of each enum value (or string), for one-hot blocks: StrEnum members hash as
    their values, so the dict answers members and plain strings (from JSON) alike."""
    return {str(value): i for i, value in enumerate(values)}


def relative(players: int) -> list[list[int]]:
    """``relative(n)[viewer][seat]``: the seat's place after the viewer (0 = the viewer)."""
    return [[(seat - viewer) % players for seat in range(players)] for viewer in range(players)]


def add_counts(buf: Buffer, start: int, width: int, cards: Sequence[int], scale: float) -> None:
    """Write ``copies of each card id * scale`` into ``buf[start:start + width]`` (zeros
    there): one step per card for short lists, counted first for long ones (a discard pile of
    a hundred cards), so each entry is written once."""
    if len(cards) < 16:
        for card in cards:
            buf[start + card] += scale
        return
    counts = [0] * width
    for card in cards:
        counts[card] += 1
    for i in range(width):
        count = counts[i]
        if count:
            buf[start + i] = count * scale


def sums(most: int, share: float) -> list[float]:
    """``sums(most, share)[k]``: a float32 entry after ``+= share`` k times (k up to `most`),
    what an observation writer leaves for k copies of a card; a state writer that counts
    first writes it at once and gets the same bits."""
    entry = array("f", [0.0])
    values = [0.0]
    for _ in range(most):
        entry[0] += share
        values.append(entry[0])
    return values


def viewed(native: Any, dtype: Any) -> npt.NDArray[Any]:
    """A read-only numpy view of a ``librt.vecs`` vector's items (no copy): numpy's stubs do
    not know that a vector exports its buffer, so it goes through ``Any``."""
    return np.frombuffer(native, dtype)


def zero_row(size: int) -> Row:
    """A `Row` of `size` zeros."""
    return vec[float]([0.0] * size)


def clear(row: Row, start: i64, stop: i64) -> None:
    """Zeros into ``row[start:stop]`` (a compiled loop of stores: machine integers, no tagged
    int arithmetic per entry)."""
    for i in range(start, stop):
        row[i] = 0.0


def _tally(row: Row, start: i64, cards: Sequence[int]) -> tuple[i64, i64]:
    """``row[start + card] += 1.0`` for each card; the entries touched lie in ``[low, high)``
    (``(0, 0)`` for no card), so the caller rewrites only those."""
    low: i64 = -1
    high: i64 = 0
    for card in cards:
        i: i64 = start + card
        row[i] += 1.0
        if low < 0 or i < low:
            low = i
        if i >= high:
            high = i + 1
    return (low if low >= 0 else 0), high


def count_into(row: Row, start: i64, cards: Sequence[int], copies: Sequence[float]) -> None:
    """``row[start + card]`` = what ``+= share`` once per copy of the card in `cards` leaves in
    a float32 entry (zero there): the copies are counted in the row, then each count becomes
    its float32 sum (``copies = sums(most, share)``)."""
    low, high = _tally(row, start, cards)
    for i in range(low, high):  # (only entries of this block: the cards' own; none if no card)
        count = row[i]
        if count:
            row[i] = copies[int(count)]


def counts_to_sums(row: Row, start: i64, width: i64, copies: Sequence[float]) -> None:
    """Each count in ``row[start:start + width]`` (``+= 1.0`` per copy) becomes its float32 sum
    ``copies[count]``, as `count_into` leaves it, for a block counted in place."""
    for i in range(start, start + width):
        count = row[i]
        if count:
            row[i] = copies[int(count)]


def add_counts_row(
    row: Row, start: i64, cards: Sequence[int], copies: Sequence[float], share: float
) -> None:
    """`add_counts` into a `Row`: the float32 sums of `share` for fewer than 16 cards (as its
    ``+=`` leaves them), ``count * share`` for more (as it writes them)."""
    if len(cards) < 16:
        count_into(row, start, cards, copies)
        return
    low, high = _tally(row, start, cards)
    for i in range(low, high):  # (never empty: 16 cards or more)
        count = row[i]
        if count:
            row[i] = count * share


def scaled(value: float, scale: float) -> float:
    """``value / scale`` capped at 1."""
    x = value / scale
    return x if x < 1.0 else 1.0
