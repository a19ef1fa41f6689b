"""Reaction windows that do not nag and tell nothing (roost.server.reactions).

A person whose only answer to a Cluck-Off window is "let it happen" is answered for by the
server after a pause drawn from the stated distribution; a bot answering any reaction window
waits a pause drawn the same way; what the other seats receive is the same, frame for frame,
whether or not the target held a Cluck-Off.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import replace

from roost.core.game import CHANCE
from roost.core.registry import load_game
from roost.games.egg_bound.actions import Phase
from roost.server.db import Store
from roost.server.tables.bots import BotRunner
from roost.server.tables.reactions import HIGH, LOW, pause_cdf, reaction_pause
from roost.server.tables.rows import ActionRecord, SeatRecord, TableRecord, insert_table
from roost.server.tables.table import Table, hash_token
from tests.server.helpers import FAST, FakeConnection, run, until
from tests.test_egg_bound_rules import Table as Deal

KS_ALPHA = 0.001
"""The Kolmogorov-Smirnov test's level: a correct sampler fails it once in a thousand runs."""


def ks_statistic(samples: Sequence[float], cdf: object) -> float:
    """The largest gap between the samples' empirical distribution and `cdf`."""
    ordered = sorted(samples)
    n = len(ordered)
    gap = 0.0
    for i, x in enumerate(ordered):
        expected = cdf(x)  # type: ignore[operator]
        gap = max(gap, (i + 1) / n - expected, expected - i / n)
    return gap


def ks_critical(n: int, alpha: float = KS_ALPHA) -> float:
    """The asymptotic critical value of the one-sample test at level `alpha`."""
    return math.sqrt(-math.log(alpha / 2) / 2) / math.sqrt(n)


def test_the_pauses_follow_the_stated_distribution() -> None:
    rng = random.Random(20261202)
    samples = [reaction_pause(rng, 1.0) for _ in range(4000)]
    assert LOW <= min(samples) and max(samples) <= HIGH
    assert ks_statistic(samples, lambda x: pause_cdf(x, 1.0)) < ks_critical(len(samples))
    # the test can fail: pauses drawn uniformly over the same range are told apart
    uniform = [rng.uniform(LOW, HIGH) for _ in range(4000)]
    assert ks_statistic(uniform, lambda x: pause_cdf(x, 1.0)) > ks_critical(len(uniform))
    assert reaction_pause(rng, 0.0) == 0.0


# --- tables whose deal is chosen -----------------------------------------------------------------


def stored_table(
    store: Store, deal: Deal, kinds: Sequence[str]
) -> tuple[TableRecord, dict[int, str]]:
    """A playing table in the store whose actions are `deal`'s history."""
    game = deal.game
    state = game.new_initial_state()
    actions: list[ActionRecord] = []
    for action in deal.state.history():
        player = state.current_player()
        by = "chance" if player == CHANCE else "person"
        actions.append(ActionRecord(action, None if player == CHANCE else player, by))
        state.apply_action(action)
    tokens = {
        seat: secrets.token_urlsafe(32) for seat, kind in enumerate(kinds) if kind == "person"
    }
    seats = [
        SeatRecord(seat, "person", f"P{seat}", None, hash_token(tokens[seat]), arrived=True)
        if kind == "person"
        else SeatRecord(seat, "bot", None, kind)
        for seat, kind in enumerate(kinds)
    ]
    record = TableRecord(
        id=secrets.token_urlsafe(6),
        game=game.name,
        params=game.params,
        seed=4242,
        status="waiting",
        seats=seats,
        creator="test",
        created_at=time.time(),
    )
    store.run(lambda session: insert_table(session, record))
    record.status = "playing"
    from roost.server.tables.rows import append_actions, save_status

    store.run(lambda session: append_actions(session, record.id, 0, actions))
    store.run(lambda session: save_status(session, record.id, "playing"))
    record.actions = actions
    return record, tokens


def attack_deal(cluck_off: bool) -> Deal:
    """Three seats; seat 0 holds a red Bad Egg; seat 1 holds a Cluck-Off or, in its place, a
    Star Egg Head (the Cluck-Off then lies in the Draw Pile): nothing else differs."""
    answer = "Cluck-Off" if cluck_off else "Star Egg Head"
    return Deal(
        [
            ["red Bad Egg", "Egg Laying Song", "Hatch It", "Un-Bound", "Star Chicken Run"],
            [answer, "Star Pecking Order", "Star Pecking Order", "Star Chicken Run", "Hatch It"],
            ["Star Egg Head", "Star Egg Head", "Egg Laying Song", "Egg Laying Song", "Un-Bound"],
        ]
    )


def window_frames(store: Store, cluck_off: bool) -> dict[str, list[str]]:
    """Seat 0 plays Bad Egg on seat 1; seat 1 lets it happen (by hand when it could answer,
    by the server when it could not). The frames seats 0 and 2 and a spectator receive."""
    record, tokens = stored_table(store, attack_deal(cluck_off), ["person"] * 3)
    settings = replace(FAST, reaction_pause=0.01)

    async def scenario() -> dict[str, list[str]]:
        table = Table.restore(record, store=store, bots=BotRunner(0), settings=settings)
        seen = {name: FakeConnection() for name in ("seat0", "seat1", "seat2", "spectator")}
        for name, connection in seen.items():
            token = None if name == "spectator" else tokens[int(name[-1])]
            await table.attach(connection, token)
        await table.resume()
        view = seen["seat0"].last_view()
        attack = next(a for a in view["actions"] if a["text"] == "play red Bad Egg on P1")
        await table.move(tokens[0], view["version"], attack["action"])
        window = table.version
        assert table.state.observation(None)["phase"] == Phase.CLUCK_OFF_WINDOW
        if cluck_off:
            options = seen["seat1"].last_view()["actions"]
            assert len(options) == 2
            allow = next(a for a in options if a["text"].startswith("let "))
            await table.move(tokens[1], window, allow["action"])
        else:
            assert [a["text"][:4] for a in seen["seat1"].last_view()["actions"]] == ["let "]
            await until(lambda: table.version > window)
            assert table.record.actions[window].by == "auto"
        table.close()
        return {
            name: [comparable(text) for text in connection.texts[2:]]
            for name, connection in seen.items()
            if name != "seat1"
        }

    return run(scenario())


def comparable(text: str) -> str:
    """A frame without what differs between two tables by construction (id, time made)."""
    frame = json.loads(text)
    table = frame.get("table")
    if isinstance(table, dict):
        for key in ("id", "invite_url", "created_at"):
            table.pop(key, None)
    return json.dumps(frame, sort_keys=True)


def test_what_the_others_receive_does_not_tell_whether_a_cluck_off_was_held(store: Store) -> None:
    held = window_frames(store, cluck_off=True)
    not_held = window_frames(store, cluck_off=False)
    assert held["seat2"] and held["spectator"]
    assert held["seat2"] == not_held["seat2"]
    assert held["spectator"] == not_held["spectator"]
    # seat 0 draws its refill, whose card may differ with the Draw Pile: up to the answer
    assert held["seat0"][:-1] == not_held["seat0"][:-1]


def test_a_person_with_no_answer_is_answered_for_after_a_drawn_pause(store: Store) -> None:
    record, tokens = stored_table(store, attack_deal(cluck_off=False), ["person", "person", "easy"])
    drawn: list[float] = []

    async def scenario() -> Table:
        table = Table.restore(record, store=store, bots=BotRunner(0), settings=FAST)
        table.pause = lambda: drawn.append(0.02) or 0.02  # type: ignore[func-returns-value]
        target = FakeConnection()
        await table.attach(target, tokens[1])
        await table.resume()
        view = table.view(0, full=True)
        attack = next(a for a in view.actions if a["text"] == "play red Bad Egg on P1")
        await table.move(tokens[0], table.version, attack["action"])
        window = table.version
        await until(lambda: table.version > window)
        assert table.record.actions[window].by == "auto" and table.record.actions[window].seat == 1
        return table

    table = run(scenario())
    assert drawn  # the answer waited a pause drawn by the table's sampler
    table.close()


def test_a_person_who_wants_to_be_asked_is_asked(store: Store) -> None:
    record, tokens = stored_table(store, attack_deal(cluck_off=False), ["person", "person", "easy"])

    async def scenario() -> None:
        table = Table.restore(record, store=store, bots=BotRunner(0), settings=FAST)
        await table.set_prefs(1, always_ask=True)
        await table.resume()
        view = table.view(0, full=True)
        attack = next(a for a in view.actions if a["text"] == "play red Bad Egg on P1")
        await table.move(tokens[0], table.version, attack["action"])
        window = table.version
        await asyncio.sleep(0.2)
        assert table.version == window and table.to_move() == 1  # still waiting for them
        await table.set_prefs(1, always_ask=False)  # changed their mind: answered now
        await until(lambda: table.version > window)
        table.close()

    run(scenario())


def bot_answers_window(store: Store, cluck_off: bool) -> list[float]:
    """Seat 0 (a person) attacks seat 1 (an easy bot): the pauses the table drew meanwhile."""
    record, tokens = stored_table(store, attack_deal(cluck_off), ["person", "easy", "easy"])
    drawn: list[float] = []

    async def scenario() -> None:
        table = Table.restore(record, store=store, bots=BotRunner(0), settings=FAST)
        table.pause = lambda: drawn.append(0.01) or 0.01  # type: ignore[func-returns-value]
        await table.resume()
        view = table.view(0, full=True)
        attack = next(a for a in view.actions if a["text"] == "play red Bad Egg on P1")
        await table.move(tokens[0], table.version, attack["action"])
        window = table.version
        await until(lambda: table.version > window)
        assert table.record.actions[window].by == "bot"
        table.close()

    run(scenario())
    return drawn


def test_bots_answer_every_reaction_window_after_a_drawn_pause(store: Store) -> None:
    """A bot with a Cluck-Off and a bot without both wait a drawn pause."""
    assert bot_answers_window(store, cluck_off=True)
    assert bot_answers_window(store, cluck_off=False)


def test_only_egg_bound_reaction_windows_are_windows() -> None:
    """Every game says which decisions are reaction windows; a passive reply is the only legal
    answer there."""
    rng = random.Random(5)
    for name in ("eggo", "manda-huevos", "big-chicken", "egg-bound"):
        game = load_game(name)
        for _ in range(5):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(state.sample_chance(rng))
                    continue
                reply = state.passive_reply()
                if reply is not None:
                    assert state.reaction_window() and state.legal_actions() == [reply]
                if state.reaction_window():
                    assert name == "egg-bound"
                state.apply_action(rng.choice(state.legal_actions()))
