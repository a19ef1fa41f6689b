"""Move features: what the learned bot's shared move scorer reads about each legal move.

A policy head with one logit per action id must learn every Lay on its own, from the few
samples where it was legal; most of what makes a Lay good (its size, its number, whether it
spends the Duck, what it leaves in the hand) is shared with its neighbours. So the ``moves``
head of `roost.rl.mlp` scores each legal move with one small network over the position's
features and the move's features, built here:

* a **static** part per action id (a table, the same for every position): the kind of
  decision, a Lay's size, number, Duck, cards and rank among Lays of its size, the card given;
* a **dynamic** part from the seat's own tensor: the hand the move leaves (the hand field of
  the observation minus the cards the move spends), the cards it leaves, whether it goes out;
* whether the move is the heuristic's (the ``hint``), added by the network itself.

Only what the seat's observation tensor holds is read, so nothing hidden enters. Games with
move features: BIG CHICKEN (`features_for` raises a clear error for the others).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.rl.encoding import encoding_for

Array = npt.NDArray[np.float32]


@dataclass(frozen=True)
class MoveFeatures:
    """``static[a]`` per action id; ``spends[a]`` the hand entries action `a` takes away (in
    the tensor's units), read against the tensor's ``hand`` field at ``hand_at``."""

    static: Array
    spends: Array
    hand_at: int
    hand_scale: float
    """Cards per unit of the hand field (the tensor stores copies / C)."""

    @property
    def size(self) -> int:
        """Features per move (without the hint, which the network adds)."""
        return int(self.static.shape[1] + self.spends.shape[1] + 2)

    def of(self, x: Array, legal: list[int] | npt.NDArray[np.intp]) -> Array:
        """The features of the `legal` moves (rows) for one tensor `x`."""
        index = np.asarray(legal, dtype=np.intp)
        width = self.spends.shape[1]
        hand = x[self.hand_at : self.hand_at + width]
        after = hand[None, :] - self.spends[index]
        left = after.sum(1, keepdims=True) * np.float32(self.hand_scale / 10.0)
        out = np.concatenate([self.static[index], after, left, (left <= 0.0).astype(np.float32)], 1)
        return out.astype(np.float32, copy=False)


def _big_chicken(game: Game) -> MoveFeatures:
    from roost.games.big_chicken import actions as bc
    from roost.games.big_chicken.cards import CHICKEN_NUMBER, NUM_TYPES

    encoding = encoding_for(game)
    hand_at = encoding.offsets["hand"]
    most = float(max(3, getattr(game, "most_copies", 3)))
    count = game.num_distinct_actions()
    kinds = (bc.CLUCK, bc.FLIP, bc.SKIP, bc.DECLARE, bc.FORGET, bc.CATCH, bc.LET_GO)
    # kind (7 specials + lay, give best, give back), size 1-5, number 1-11, Duck, Big Red
    # alone, rank among Lays of the size (or among Coops), cards laid or given
    columns = len(kinds) + 3 + 5 + CHICKEN_NUMBER + 3 + NUM_TYPES
    static = np.zeros((count, columns), np.float32)
    spends = np.zeros((count, NUM_TYPES), np.float32)
    lay_kind, give_best, give_back = len(kinds), len(kinds) + 1, len(kinds) + 2
    size_at = len(kinds) + 3
    number_at = size_at + 5
    duck_at = number_at + CHICKEN_NUMBER
    cards_at = duck_at + 3
    lays = range(bc.LAY_BASE, bc.FLIP)
    groups: dict[int, list[int]] = {}
    for a in lays:
        groups.setdefault(min(bc.SIZE[a], bc.COOP_SIZE), []).append(a)
    rank = {}
    for members in groups.values():
        ordered = sorted(members, key=lambda a: bc.KEY[a])
        for place, a in enumerate(ordered):
            rank[a] = place / max(1, len(ordered) - 1)
    for position, special in enumerate(kinds):
        static[special, position] = 1.0
    for a in lays:
        static[a, lay_kind] = 1.0
        static[a, size_at + bc.SIZE[a] - 1] = 1.0
        static[a, number_at + bc.NUMBER[a] - 1] = 1.0
        static[a, duck_at] = float(bc.USES_DUCK[a])
        static[a, duck_at + 1] = float(a == bc.BIG_RED_LAY)
        static[a, duck_at + 2] = rank[a]
        for card in bc.CARDS[a]:
            static[a, cards_at + card] += 1.0 / most
            spends[a, card] += 1.0 / most
    for card in range(NUM_TYPES):
        for base, column in ((bc.GIVE_BEST, give_best), (bc.GIVE_BACK, give_back)):
            if base + card < count:
                static[base + card, column] = 1.0
                static[base + card, cards_at + card] = 1.0 / most
                spends[base + card, card] = 1.0 / most
    return MoveFeatures(static, spends, hand_at, most)


BUILDERS = {"big-chicken": _big_chicken}


@lru_cache(maxsize=8)
def _cached(name: str, players: int, game: Game) -> MoveFeatures:
    return BUILDERS[name](game)


def has_move_features(game: Game) -> bool:
    return game.name in BUILDERS


def features_for(game: Game) -> MoveFeatures:
    """The move features of `game`; a clear error for a game that has none."""
    if game.name not in BUILDERS:
        raise ParameterError(
            f"no move features for {game.name!r}; the games with them: {', '.join(BUILDERS)}"
        )
    return _cached(game.name, game.num_players, game)
