"""The conformance suite every Roost game passes: import it to check a game of your own.

Each check raises `AssertionError` with a message naming the game, the seed and the step, so a
failure is reproducible with `game.state_from_history(...)`. The suite plays random games and,
at every step, checks what the protocol promises:

* legal actions are sorted, unique, in range, and only the seat to move has any;
* chance outcomes are sorted, unique, in range and sum to one;
* action strings are unique among the legal actions;
* an illegal action raises `IllegalActionError` and changes nothing;
* a clone equals the original and is independent of it;
* `to_json` survives JSON and loads back to an equal state; replaying the history does too;
* every card is in exactly one place; observations are JSON-ready;
* the game ends within `max_game_length()` with returns inside the declared bounds;
* hidden information: a state resampled for a seat looks the same to that seat, is a genuine
  state (its history replays to it), the seat's log of the game is the same in both, and
  resampling depends only on what the seat knows (the same seed gives the same state from any
  two states the seat cannot tell apart);
* determinism: the same seed gives the same game however the global random state is disturbed;
* shared behaviour: actions given as numpy-like integers are accepted, anything else (``True``
  included) is refused with a clear error by `apply_action`, `action_to_string` and
  `observation`; `sample_chance` off a chance node raises `RoostError`; a state that stopped
  recording refuses `history`, `to_json` and resampling;
* actions as data: every legal action has an `action_info` whose text is its string and whose
  steps obey the contract of `roost.core.actions`;
* fields: `clone` copies every field of ``__slots__`` without sharing anything mutable, and
  `_key` covers every field (except those the class names in `CLONE_SHARES` / `KEY_OMITS`);
* the outcome: `winners()` is empty before the end, and at the end names seats with the best
  return.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from roost.core.actions import check_steps
from roost.core.errors import IllegalActionError, ParameterError, RoostError
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL, Game
from roost.core.registry import load_state
from roost.core.state import State
from roost.core.view import SeatView

try:  # numpy is how research code hands us integers; the check runs where it is installed
    from numpy import int64 as _numpy_int
except ImportError:  # pragma: no cover
    _numpy_int = None  # type: ignore[assignment,misc]


@dataclass(frozen=True)
class Step:
    """A state met along a random playthrough, with where it was met."""

    state: State
    seed: int
    index: int


def random_playthrough(game: Game, seed: int) -> Iterator[Step]:
    """Yield every state of one uniformly random game (chance by its own probabilities)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    index = 0
    while True:
        yield Step(state, seed, index)
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        index += 1


def _where(game: Game, step: Step) -> str:
    return f"{game!r}, seed {step.seed}, step {step.index}"


def check_game(game: Game, seeds: list[int], *, deep_every: int = 7) -> None:
    """Run every check on random games of `game`, one per seed.

    Cheap checks run at every step; the costly ones (serialisation, replay, resampling) at
    every `deep_every`-th step and at the end.
    """
    for seed in seeds:
        last: Step | None = None
        for step in random_playthrough(game, seed):
            check_state(game, step)
            if step.index % deep_every == 0 or step.state.is_terminal():
                check_copies(game, step)
                check_fields(game, step)
                check_inputs(game, step)
                check_resampling(game, step)
            last = step
        assert last is not None
        check_end(game, last)
    check_determinism(game, seeds[0] if seeds else 0)


def check_state(game: Game, step: Step) -> None:
    """The per-step checks: actions, chance, strings, illegal actions, cards, observations."""
    state = step.state
    where = _where(game, step)
    player = state.current_player()
    legal = state.legal_actions()
    if player >= 0:
        assert player < game.num_players, f"{where}: current player {player} out of range"
        assert legal, f"{where}: seat {player} to move has no legal action"
        assert legal == sorted(set(legal)), f"{where}: legal actions not sorted/unique: {legal}"
        assert all(type(a) is int for a in legal), f"{where}: non-int legal action"
        assert 0 <= legal[0] and legal[-1] < game.num_distinct_actions(), (
            f"{where}: legal action out of range(num_distinct_actions()): {legal}"
        )
        assert state.chance_outcomes() == [], f"{where}: chance outcomes at a decision node"
        for viewer in (player, OMNISCIENT):
            strings = [state.action_to_string(a, viewer) for a in legal]
            assert len(set(strings)) == len(strings), (
                f"{where}: action strings not unique for viewer {viewer}: {strings}"
            )
        for seat in range(game.num_players):
            seat_legal = SeatView(state, seat).legal_actions()
            assert (seat_legal == legal) if seat == player else seat_legal == [], (
                f"{where}: seat {seat} has actions while seat {player} is to move"
            )
        candidates = [-1, game.num_distinct_actions(), *_non_members(legal, game)]
        check_action_infos(game, step)
        probe = state.clone()
        for action in [*legal, *candidates[2:]]:
            probe._legal = None  # a replay's view of the node: nothing listed yet
            assert probe._is_legal(action) == (action in legal), (
                f"{where}: _is_legal({action}) disagrees with legal_actions()"
            )
    elif player == CHANCE:
        assert legal == [], f"{where}: legal actions at a chance node"
        outcomes = state.chance_outcomes()
        assert outcomes, f"{where}: chance node without outcomes"
        actions = [a for a, _ in outcomes]
        assert actions == sorted(set(actions)), f"{where}: chance outcomes not sorted/unique"
        assert 0 <= actions[0] and actions[-1] < game.max_chance_outcomes(), (
            f"{where}: chance outcome out of range(max_chance_outcomes())"
        )
        total = sum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"{where}: chance probabilities sum to {total}"
        assert all(p > 0 for _, p in outcomes), f"{where}: a chance outcome has probability 0"
        sampled = state.sample_chance(random.Random(step.index))
        assert sampled in actions, f"{where}: sample_chance gave {sampled}, not an outcome"
        candidates = [-1, game.max_chance_outcomes(), *_non_members(actions, game, chance=True)]
    else:
        assert player == TERMINAL, f"{where}: current_player() returned {player}"
        assert state.is_terminal() and legal == [] and state.chance_outcomes() == []
        candidates = [0, 1]
    if player != TERMINAL:
        assert state.winners() == [], f"{where}: winners() before the end of the game"
    _check_illegal(game, step, candidates)
    _check_cards(game, step)
    for seat in [None, *range(game.num_players)]:
        json.dumps(state.observation(seat))


def _non_members(members: list[int], game: Game, *, chance: bool = False) -> list[int]:
    limit = game.max_chance_outcomes() if chance else game.num_distinct_actions()
    present = set(members)
    others = [a for a in range(limit) if a not in present]
    return others[:: max(1, len(others) // 6)]


def _check_illegal(game: Game, step: Step, candidates: list[int]) -> None:
    state = step.state
    before = state.clone()
    for action in candidates:
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            assert error.reason, f"{_where(game, step)}: illegal action {action} without reason"
        else:
            raise AssertionError(f"{_where(game, step)}: illegal action {action} was accepted")
        assert state == before, f"{_where(game, step)}: illegal action {action} changed the state"


def _check_cards(game: Game, step: Step) -> None:
    places = step.state.card_places()
    seen: Counter[int] = Counter()
    for cards in places.values():
        seen.update(cards)
    expected = Counter(game.all_cards())
    assert seen == expected, (
        f"{_where(game, step)}: cards not conserved; extra {seen - expected}, "
        f"missing {expected - seen}"
    )


def check_copies(game: Game, step: Step) -> None:
    """Clone, JSON round trip and replay all give an equal, independent state."""
    state = step.state
    where = _where(game, step)
    copy = state.clone()
    assert copy == state, f"{where}: clone differs from the original"
    assert copy.history() == state.history()
    if not copy.is_terminal():
        before = state.clone()
        action = (
            copy.sample_chance(random.Random(0))
            if copy.is_chance_node()
            else copy.legal_actions()[0]
        )
        copy.apply_action(action)
        assert state == before, f"{where}: acting on a clone changed the original"
    data = json.loads(json.dumps(state.to_json()))
    assert load_state(data) == state, f"{where}: to_json -> load_state gives a different state"
    assert game.state_from_history(state.history()) == state, (
        f"{where}: replaying the history gives a different state"
    )


def check_resampling(game: Game, step: Step) -> None:
    """A resampled state looks the same to the seat, is genuine, and logs the same."""
    state = step.state
    where = _where(game, step)
    before = state.clone()
    for seat in range(game.num_players):
        for k in range(2):
            rng = random.Random(step.index * 31 + seat * 7 + k)
            resampled = state.resample_from_infostate(seat, rng)
            assert state == before, f"{where}: resampling for seat {seat} changed the state"
            assert resampled.observation(seat) == state.observation(seat), (
                f"{where}: seat {seat} can tell a resampled state from the real one"
            )
            assert resampled.current_player() == state.current_player()
            if resampled.current_player() >= 0:
                assert resampled.legal_actions() == state.legal_actions() or (
                    resampled.current_player() != seat
                ), f"{where}: seat {seat}'s own legal actions changed under resampling"
            replayed = game.state_from_history(resampled.history())
            assert replayed == resampled, (
                f"{where}: a state resampled for seat {seat} is not what its history gives"
            )
            if game.perfect_recall:
                assert seat_log(game, resampled.history(), seat) == seat_log(
                    game, state.history(), seat
                ), f"{where}: seat {seat}'s log differs between a state and its resample"
            # Resampling may depend only on what the seat knows: from two states the seat
            # cannot tell apart, the same seed must give the same state.
            again = resampled.resample_from_infostate(seat, random.Random(k))
            direct = state.resample_from_infostate(seat, random.Random(k))
            assert again == direct, (
                f"{where}: resampling for seat {seat} depends on cards the seat cannot see"
            )


def seat_log(game: Game, history: list[int], seat: int) -> list[str]:
    """The game as `seat` was told it: every action as `seat` may know it."""
    state = game.new_initial_state()
    log = []
    for action in history:
        log.append(state.action_to_string(action, seat))
        state.apply_action(action)
    return log


def check_end(game: Game, step: Step) -> None:
    """The game ended in time, with returns in bounds."""
    state = step.state
    where = _where(game, step)
    assert state.is_terminal(), f"{where}: playthrough stopped before the end"
    length = len(state.history())
    assert length <= game.max_game_length(), (
        f"{where}: length {length} exceeds max_game_length() {game.max_game_length()}"
    )
    returns = state.returns()
    assert len(returns) == game.num_players
    low, high = game.min_return(), game.max_return()
    assert all(low <= r <= high for r in returns), f"{where}: returns {returns} out of bounds"
    winners = state.winners()
    assert winners == sorted(set(winners)), f"{where}: winners() not sorted/unique: {winners}"
    assert all(0 <= seat < game.num_players for seat in winners), f"{where}: winners {winners}"
    assert all(returns[seat] == max(returns) for seat in winners), (
        f"{where}: a winner in {winners} has less than the best return {returns}"
    )
    if "winners" in state.observation(None):
        assert list(state.observation(None)["winners"]) == winners, (
            f"{where}: the final observation and winners() disagree"
        )


_NOT_ACTIONS: tuple[object, ...] = (True, False, 1.0, "3", None, [0])


def check_inputs(game: Game, step: Step) -> None:
    """The shared behaviour of the protocol on odd input, the same in every game."""
    state = step.state
    where = _where(game, step)
    before = state.clone()
    for bad in _NOT_ACTIONS:
        try:
            state.apply_action(bad)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert "integer" in error.reason, f"{where}: unclear refusal of {bad!r}: {error}"
        else:
            raise AssertionError(f"{where}: apply_action accepted {bad!r}")
        assert state == before, f"{where}: refusing {bad!r} changed the state"
        try:
            state.action_to_string(bad)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{where}: action_to_string accepted {bad!r}")
        if bad is not None:
            try:
                state.observation(bad)  # type: ignore[arg-type]
            except ParameterError:
                pass
            else:
                raise AssertionError(f"{where}: observation accepted the seat {bad!r}")
    for seat in (-3, game.num_players):
        try:
            state.observation(seat)
        except ParameterError:
            pass
        else:
            raise AssertionError(f"{where}: observation accepted the seat {seat}")
    player = state.current_player()
    if player != CHANCE:
        try:
            state.sample_chance(random.Random(0))
        except RoostError:
            pass
        else:
            raise AssertionError(f"{where}: sample_chance worked off a chance node")
    if player >= 0 and _numpy_int is not None:
        action = state.legal_actions()[-1]
        as_numpy = _numpy_int(action)
        assert state.action_to_string(as_numpy, _numpy_int(player)) == (  # type: ignore[arg-type]
            state.action_to_string(action, player)
        ), f"{where}: a numpy integer action reads differently"
        assert state.observation(_numpy_int(player)) == state.observation(player)  # type: ignore[arg-type]
        copy_ = state.clone()
        copy_.apply_action(as_numpy)  # type: ignore[arg-type]
        direct = state.clone()
        direct.apply_action(action)
        assert copy_ == direct, f"{where}: an integer that is not an int plays differently"
        assert type(copy_.history()[-1]) is int, f"{where}: the history kept a non-int action"
    if player != TERMINAL:
        quiet = state.clone()
        quiet.stop_recording()
        for name, call in (
            ("history", quiet.history),
            ("to_json", quiet.to_json),
            ("resample_from_infostate", lambda: quiet.resample_from_infostate(0, random.Random())),
        ):
            try:
                call()
            except RoostError:
                pass
            else:
                raise AssertionError(f"{where}: {name} worked after stop_recording()")


def check_action_infos(game: Game, step: Step) -> None:
    """Every legal action described as data: its text, its steps, its cards and target."""
    state = step.state
    where = _where(game, step)
    player = state.current_player()
    legal = state.legal_actions()
    kinds = len(game.card_types())
    for viewer in (player, None):
        infos = state.legal_action_infos(viewer)
        assert [info.action for info in infos] == legal, f"{where}: action_info ids differ"
        for info in infos:
            assert info.text == state.action_to_string(info.action, viewer), (
                f"{where}: action_info text of {info.action} is not its string"
            )
            assert info.kind, f"{where}: action {info.action} has no kind"
            assert all(0 <= card < kinds for card in info.cards), (
                f"{where}: action {info.action} uses unknown card ids {info.cards}"
            )
            assert list(info.cards) == sorted(info.cards), f"{where}: cards not sorted"
            assert info.seat is None or 0 <= info.seat < game.num_players, (
                f"{where}: action {info.action} targets seat {info.seat}"
            )
            json.dumps(info.to_json())
        problem = check_steps(infos)
        assert problem is None, f"{where}: {problem}"
    if legal:
        refused = _non_members(legal, game)[:2]
        for action in refused:
            try:
                state.action_info(action, player)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{where}: action_info described illegal action {action}")


def _slots(state: State) -> list[str]:
    names: list[str] = []
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in names and name != "__weakref__":
                names.append(name)
    return names


def _is_mutable(value: object) -> bool:
    if isinstance(value, list | dict | set | bytearray):
        return True
    if isinstance(value, int | float | str | bytes | tuple | frozenset | type(None)):
        return False
    if hasattr(value, "__dataclass_params__"):
        return not value.__dataclass_params__.frozen
    return hasattr(value, "__dict__") or bool(getattr(type(value), "__slots__", ()))


def _shared(a: object, b: object, path: str) -> str | None:
    """The path of a mutable object that `a` and `b` share, or None."""
    if a is b and _is_mutable(a):
        return path
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _shared(x, y, f"{path}[{i}]")
            if found:
                return found
    elif isinstance(a, dict) and isinstance(b, dict):
        for key, x in a.items():
            if key in b:
                found = _shared(x, b[key], f"{path}[{key!r}]")
                if found:
                    return found
    elif _is_mutable(a) and type(a) is type(b) and not isinstance(a, set | bytearray):
        for name in _object_fields(a):
            found = _shared(getattr(a, name, None), getattr(b, name, None), f"{path}.{name}")
            if found:
                return found
    return None


def _object_fields(value: object) -> list[str]:
    names = list(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        names.extend(n for n in getattr(cls, "__slots__", ()) if n not in names)
    return names


def _structure(value: object) -> object:
    """`value` as nested tuples, so copies of objects without `__eq__` compare by content."""
    if isinstance(value, list | tuple):
        return tuple(_structure(x) for x in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _structure(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(map(repr, value)))
    if _is_mutable(value) and type(value).__eq__ is object.__eq__:
        return (
            type(value).__name__,
            tuple(_structure(getattr(value, n, None)) for n in _object_fields(value)),
        )
    return value


def _perturbed(value: object) -> object:
    """A different value of the same shape (to see whether `_key` notices a field)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 1.0
    if isinstance(value, str):
        return value + "~"
    if value is None:
        return 0
    if isinstance(value, list | tuple):
        items = list(value)
        if items:
            items[0] = _perturbed(items[0])
        else:
            items.append(0)
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        changed = dict(value)
        changed["~"] = 0
        return changed
    if isinstance(value, set | frozenset):
        return type(value)([*value, "~"])
    other = copy.copy(value)
    fields = _object_fields(value)
    if fields:
        setattr(other, fields[0], _perturbed(getattr(value, fields[0], None)))
    return other


def check_fields(game: Game, step: Step) -> None:
    """`clone` copies every field without sharing a mutable one; `_key` covers every field."""
    state = step.state
    where = _where(game, step)
    shares = type(state).CLONE_SHARES
    omits = type(state).KEY_OMITS
    twin = state.clone()
    key = state._key()
    for name in _slots(state):
        assert hasattr(state, name), f"{where}: field {name} is never set"
        assert hasattr(twin, name), f"{where}: clone() does not set field {name}"
        mine, theirs = getattr(state, name), getattr(twin, name)
        assert _structure(mine) == _structure(theirs), f"{where}: clone() changes field {name}"
        if name not in shares:
            found = _shared(mine, theirs, name)
            assert found is None, f"{where}: clone() shares the mutable {found} with the original"
        if name in omits:
            continue
        changed = state.clone()
        object.__setattr__(changed, name, _perturbed(mine))
        try:
            covered = changed._key() != key
        except Exception:  # the perturbed field broke the key: the key reads it
            covered = True
        assert covered, (
            f"{where}: _key() does not cover field {name} (add it, or name it in KEY_OMITS "
            "with the reason)"
        )


def check_determinism(game: Game, seed: int) -> None:
    """The same seed gives the same game whatever is done to the global random state."""
    reference = _final_history(game, seed, disturb=None)
    for disturbance in (1, 2):
        assert _final_history(game, seed, disturb=disturbance) == reference, (
            f"{game!r}, seed {seed}: the game depends on the global random state"
        )


def _final_history(game: Game, seed: int, disturb: int | None) -> list[int]:
    last = None
    for step in random_playthrough(game, seed):
        if disturb is not None:
            random.seed(disturb * 1000 + step.index)
            random.random()
        step.state.observation(None)
        last = step
    assert last is not None
    return last.state.history()
