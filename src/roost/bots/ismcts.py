"""Information Set Monte Carlo Tree Search for any Roost game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), for any number of players:

* each iteration draws a *determinization*: a full state the searching seat cannot tell apart
  from the real one (`SeatView.determinize`, i.e. `resample_from_infostate`), so the search never
  sees a card its seat may not know; with `worlds=K` it draws K of them per search and cycles
  through copies (like OpenSpiel's `max_world_samples`), for games whose resampling is costly;
* one tree is grown over the decisions of every seat (chance is sampled afresh in each
  iteration and does not branch the tree); each node holds the total reward of the seat that
  moved into it, so every seat plays for itself;
* selection is UCB1 with *availability counts*: an action's exploration term counts the
  iterations in which it was legal, not the visits of its parent, because different
  determinizations allow different actions;
* a game may name the moves worth telling apart (`candidates`): moves that lead to the same
  game as another (Eggo's two decks) then share one node instead of splitting the statistics;
* a decision with a single legal action or candidate (a seat with no Cluck-Off in its reaction
  window, a Fowled seat losing its turn, an Eggo player drawing) is played through without a
  node: it spends no iteration on expanding what nobody chooses;
* with a `bias` (progressive bias, Chaslot et al. 2008), the game's playout policy is asked at
  every decision of the tree, for every seat: the move it names is expanded first and gets
  ``bias / (visits + 1)`` added to its score, so the search first follows the obvious move
  (and expects the opponents to make theirs) and leaves it only when the statistics say so;
* with a `widening` and the game's heuristic order of the moves (`ranking`), the root is widened
  progressively (Chaslot et al. 2008; Coulom 2007): only the ``ceil(widening * sqrt(n + 1))``
  best moves by that order are considered after n iterations, each new one tried once as it
  comes in, and UCB1 at the root counts all n iterations; so a small budget is spent on the
  sensible moves and a larger one reaches the rest;
* a playout from the new node finishes the game with uniformly random moves (or a game's cheap
  playout policy), or stops after `rollout_depth` decisions and asks an evaluator (a game's
  value estimate) for the rest.

Rewards are the game's returns scaled to [0, 1] by its declared bounds. The move played is the
most visited root action. The budget is a number of iterations (reproducible) or seconds.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable
from typing import cast, final

from roost.core.game import CHANCE, TERMINAL, Game
from roost.core.rand import randbelow
from roost.core.state import State
from roost.core.view import SeatView

Evaluator = Callable[[State], list[float]]
"""Estimated final values in [0, 1] per seat for a state that is not over yet."""
PlayoutPolicy = Callable[[State, list[int], random.Random], int]
"""Picks a move in a playout from the legal actions (cheap rules of thumb, not search); the list
is the state's own: read it, never change it."""
PlayoutMove = Callable[[State, random.Random], int]
"""The playout policy's move at the state's own legal actions, found without listing them where
the game can (see `roost.core.search.SearchHooks.playout_move`)."""
Candidates = Callable[[State, list[int]], list[int]]
"""The legal moves worth telling apart (see `roost.core.search.SearchHooks.candidates`)."""
Ranking = Callable[[SeatView], list[int]]
"""The seat's legal moves, best first by a game's rules of thumb (a heuristic's `rank`)."""


@final
class Node:
    """Statistics of one action at one point of the tree."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        """Iterations in which this action was legal (counting the one that added it)."""
        self.total = 0.0


class ISMCTSBot:
    """Searches a tree of determinizations; sees only what its seat may know."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seed: int,
        *,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        evaluator: Evaluator | None = None,
        playout_policy: PlayoutPolicy | None = None,
        playout_move: PlayoutMove | None = None,
        worlds: int | None = None,
        bias: float = 0.0,
        candidates: Candidates | None = None,
        widening: float = 0.0,
        ranking: Ranking | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1; got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive; got {seconds}")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"rollout_depth must be 0 or more; got {rollout_depth}")
        if worlds is not None and worlds < 1:
            raise ValueError(f"worlds must be at least 1; got {worlds}")
        if rollout_depth is not None and evaluator is None:
            raise ValueError("a rollout_depth needs an evaluator for the states it stops at")
        if bias < 0.0:
            raise ValueError(f"bias must be 0 or more; got {bias}")
        if playout_move is not None and playout_policy is None:
            raise ValueError("a playout_move stands for a playout policy, which is missing")
        if bias > 0.0 and playout_policy is None:
            raise ValueError("a bias needs a playout policy to name the moves it favours")
        if widening < 0.0:
            raise ValueError(f"widening must be 0 or more; got {widening}")
        if widening > 0.0 and ranking is None:
            raise ValueError("a widening needs a ranking of the moves to widen along")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluator = evaluator
        self.playout_policy = playout_policy
        self.playout_move = playout_move
        self.worlds = worlds
        self.bias = bias
        self.candidates = candidates
        self.widening = widening
        self.ranking = ranking
        self._clock = clock
        self._rng = random.Random(seed)
        low, high = game.min_return(), game.max_return()
        self._low = low
        self._scale = 1.0 / (high - low) if high > low else 1.0
        self.last_iterations = 0

    def choose(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.candidates is not None:
            # What the seat may know decides it: ask a world the seat cannot tell from this one.
            kept = self.candidates(view.determinize_unrecorded(self._rng), legal)
            if len(kept) == 1:
                return kept[0]
        root = self.search(view)
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1, -a))

    def worth_searching(self, view: SeatView) -> list[int]:
        """The seat's legal moves that the search tells apart (the game's `candidates`, asked
        of a world the seat cannot tell from the real one, as `choose` asks it): a single move
        means there is nothing to choose. For a review or a hint of the seat's decision."""
        legal = view.legal_actions()
        if self.candidates is None or len(legal) < 2:
            return legal
        return self.candidates(view.determinize_unrecorded(self._rng), legal)

    def search(self, view: SeatView) -> Node:
        """Grow a tree from the seat's information set within the budget; return its root."""
        # The tree and the copies searched hold no reference cycles: the cyclic garbage
        # collector has nothing to find in them, and left on it would walk them again and again.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(view)
        finally:
            if collecting:
                gc.enable()

    def search_move(self, view: SeatView, root: Node, action: int, iterations: int) -> None:
        """Grow the tree `search` returned for `view` by `iterations` more iterations, each
        playing `action` (a legal move of the seat) at the root: a firm estimate of a move the
        search itself spent few iterations on. A review needs one for the move a person chose
        as well as for the best."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            rng = self._rng
            worlds = self.worlds
            samples: list[State] = []
            for done in range(iterations):
                if worlds is None or len(samples) < worlds:
                    state = view.determinize_unrecorded(rng)
                    if worlds is not None:
                        samples.append(state.clone())
                else:
                    state = samples[done % worlds].clone()
                self._iterate(root, state, rng, None, action)
        finally:
            if collecting:
                gc.enable()

    def _search(self, view: SeatView) -> Node:
        root = Node()
        rng = self._rng
        clock = self._clock
        deadline = clock() + self.seconds if self.seconds is not None else None
        worlds = self.worlds
        order = self._root_order(view) if self.widening > 0.0 else None
        done = 0
        samples: list[State] = []
        while done < self.iterations or deadline is not None:
            if deadline is not None and clock() >= deadline:
                break
            if worlds is None or len(samples) < worlds:
                state = view.determinize_unrecorded(rng)
                if worlds is not None:
                    samples.append(state.clone())
            else:
                state = samples[done % worlds].clone()
            self._iterate(root, state, rng, order)
            done += 1
            if deadline is None and done >= self.iterations:
                break
        self.last_iterations = done
        return root

    def _root_order(self, view: SeatView) -> list[int]:
        """The root's moves in the order the root is widened along (candidates only)."""
        ranking = self.ranking
        assert ranking is not None
        order = ranking(view)
        if self.candidates is not None:
            kept = set(self.candidates(view.determinize_unrecorded(self._rng), order))
            order = [a for a in order if a in kept]
        return order

    def _widened_root(self, root: Node, order: list[int]) -> tuple[int, Node, bool]:
        """The root move of this iteration among the best moves widening allows so far: the
        first of them not tried yet, else the best by UCB1 over all the root's iterations;
        with its node and whether the node is new."""
        k = math.ceil(self.widening * math.sqrt(root.visits + 1))
        if k > len(order):
            k = len(order)
        children = root.children
        c = self.exploration
        log_parent = math.log(float(root.visits + 1))
        best = order[0]
        best_node: Node | None = None
        best_score = -1.0
        # One pass over the first k moves, no slice: a move not tried yet ends it (the scores
        # of the moves before it are not used); otherwise the best by UCB1, as before.
        for j in range(k):
            a = order[j]
            child = children.get(a)
            if child is None:
                child = children[a] = Node()
                return a, child, True
            visits = child.visits
            score = child.total / visits + c * math.sqrt(log_parent / visits)
            if score > best_score:
                best, best_node, best_score = a, child, score
        assert best_node is not None
        return best, best_node, False

    def _iterate(
        self,
        root: Node,
        state: State,
        rng: random.Random,
        order: list[int] | None = None,
        forced: int = -1,
    ) -> None:
        # The state is a throwaway copy: actions from its own legal list and chance outcomes
        # it drew itself are applied without the checks `apply_action` makes for callers.
        node = root
        path: list[Node] = []
        movers: list[int] = []
        c = self.exploration
        bias = self.bias
        policy = self.playout_policy
        candidates = self.candidates
        selecting = True
        if order is not None:  # the root's move, widened along the heuristic's order
            movers.append(state.current_player())
            action, node, new = self._widened_root(root, order)
            selecting = not new
            state._apply_legal(action)
            path.append(node)
        elif forced >= 0:  # the root's move is given (`search_move`)
            movers.append(state.current_player())
            found = root.children.get(forced)
            if found is None:
                found = root.children[forced] = Node()
                selecting = False
            node = found
            state._apply_legal(forced)
            path.append(node)
        # Selection and expansion (from a new node: straight to the playout).
        while selecting:
            player = state.current_player()
            if player == CHANCE:
                state._play_chance(rng)
                continue
            if player == TERMINAL:
                break
            legal = state._legal_cached()
            if candidates is not None and len(legal) > 1:
                legal = candidates(state, legal)
            if len(legal) == 1:  # nothing to choose: no node
                state._apply_legal(legal[0])
                continue
            hint = -1
            if bias > 0.0 and policy is not None:
                hint = policy(state, legal, rng)
            children = node.children
            hinted = children.get(hint) if hint >= 0 else None
            # The actions as the list's own int objects, and the children looked up by them:
            # compiled, an `int` key is boxed again for each look-up, a new object for every
            # action id above 256 (most of BIG CHICKEN's, Egg Bound's and Manda Huevos!').
            keys = cast("list[object]", legal)
            by_key = cast("dict[object, Node]", children)
            # One pass: count every present child as available, note the untried actions,
            # and score the children by UCB1 while there is no untried action.
            untried: list[object] = []
            best: object = None
            best_node: Node | None = None
            best_score = -1.0
            for a in keys:
                child = by_key.get(a)
                if child is None:
                    untried.append(a)
                    continue
                avail = child.avail + 1
                child.avail = avail
                if not untried:
                    visits = child.visits
                    score = child.total / visits + c * math.sqrt(math.log(float(avail)) / visits)
                    if child is hinted:
                        score += bias / (visits + 1)
                    if score > best_score:
                        best, best_node, best_score = a, child, score
            if untried:
                picked: object
                if hint >= 0 and hinted is None:
                    picked = hint
                elif len(untried) > 1:
                    picked = untried[randbelow(rng, len(untried))]
                else:
                    picked = untried[0]
                child = by_key[picked] = Node()
                state._apply_legal(cast(int, picked))
                path.append(child)
                movers.append(player)
                break
            assert best_node is not None
            state._apply_legal(cast(int, best))
            node = best_node
            path.append(node)
            movers.append(player)
        values = self._playout(state, rng)
        root.visits += 1
        for i in range(len(path)):
            child = path[i]
            child.visits += 1
            child.total += values[movers[i]]

    def _playout(self, state: State, rng: random.Random) -> list[float]:
        depth = -1 if self.rollout_depth is None else self.rollout_depth
        policy = self.playout_policy
        move = self.playout_move
        decisions = 0
        while True:
            player = state.current_player()
            if player == CHANCE:
                state._play_chance(rng)
            elif player == TERMINAL:
                low, scale = self._low, self._scale
                return [(r - low) * scale for r in state.returns()]
            else:
                if decisions == depth:
                    evaluator = self.evaluator
                    assert evaluator is not None
                    return evaluator(state)
                if move is not None:
                    # The policy's move without the listing, legal by its contract (the step
                    # it replaces gives it from the listed actions; tests/test_playout_moves.py
                    # checks every game's): applied unchecked, as a listed move is, since a
                    # check would list the actions again in a game that cannot check one.
                    state._apply_legal(move(state, rng))
                elif policy is not None:
                    legal = state._legal_cached()
                    if len(legal) > 1:
                        state._act(policy(state, legal, rng))
                    else:  # the draw is made all the same: seeded searches stay as they were
                        state._apply_legal(legal[randbelow(rng, 1)])
                else:
                    state._apply_legal(state._random_legal(rng))
                decisions += 1
