"""OpenSpiel's ISMCTS as an outside yardstick: its Python `ISMCTSBot` against Roost's hard bot.

OpenSpiel's bot plays through the OpenSpiel registration (`roost.rl.openspiel.register`), with
its defaults: random rollouts to the end of the game (`RandomRolloutEvaluator`, one rollout), a
fresh determinization every simulation, the most visited action played, and ``uct_c=2.0`` (the
value OpenSpiel's examples use; the constructor has no default). (OpenSpiel's C++
``pyspiel.ISMCTSBot`` crashes on any Python game, so its Python bot is the one measured.)

One table per game: one seat played by OpenSpiel's ISMCTS, the others by Roost's bot (``hard``
by default), the seats rotated from game to game; every game's chance and bot seeds derive from
``--seed`` and its index, as in ``roost arena``. Two budgets:

* **same iterations**: both search ``--iterations`` simulations a move;
* **same time** (``--same-time``): Roost's bot keeps its iterations, and OpenSpiel's bot gets
  as many simulations as it completes in the Roost bot's mean think time a move (both measured
  on this machine just before, on the same game), so both think about as long.

Prints, per game, each side's win rate with its 95% Wilson interval and the fair rate (all wins
over all seat-games), plus the mean seconds a move each side thought.

    python scripts/vs_openspiel.py --game big-chicken --games 200 --iterations 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

ROOST = "roost"
SPIEL = "openspiel"


@dataclass(frozen=True)
class Outcome:
    index: int
    kinds: tuple[str, ...]
    winners: tuple[int, ...]
    think: dict[str, tuple[float, int]]
    """Per side: seconds thought and moves made."""
    failed: str = ""


def _derive(seed: int, index: int, salt: int) -> int:
    return random.Random(f"{seed}/{index}/{salt}").randrange(2**62)


def _spiel_bot(spiel_game: Any, simulations: int, seed: int) -> Any:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    return ismcts.ISMCTSBot(
        game=spiel_game,
        evaluator=evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=random_state,
    )


def play(args: tuple[str, int, str, int, int, int]) -> Outcome:
    """One game: OpenSpiel's bot in one seat (rotated), Roost's `kind` in the others."""
    name, players, kind, simulations, seed, index = args
    import pyspiel

    from roost.bots import make_bot
    from roost.core.game import CHANCE
    from roost.core.registry import load_game
    from roost.core.view import SeatView
    from roost.rl.openspiel import register, short_name

    register()
    game = load_game(name, players=players)
    spiel_game = pyspiel.load_game(short_name(name), {"players": players})
    spiel_seat = index % players
    kinds = tuple(SPIEL if seat == spiel_seat else ROOST for seat in range(players))
    bots: list[Any] = [
        _spiel_bot(spiel_game, simulations, _derive(seed, index, 1 + seat))
        if seat == spiel_seat
        else make_bot(kind, game, _derive(seed, index, 1 + seat))
        for seat in range(players)
    ]
    chance = random.Random(_derive(seed, index, 0))
    state = spiel_game.new_initial_state()
    think = {ROOST: [0.0, 0], SPIEL: [0.0, 0]}
    while not state.is_terminal():
        roost_state = state.roost_state
        player = roost_state.current_player()
        if player == CHANCE:
            state.apply_action(roost_state.sample_chance(chance))
            continue
        legal = roost_state.legal_actions()
        side = kinds[player]
        start = time.perf_counter()
        if len(legal) == 1:
            action = legal[0]
        elif side == SPIEL:
            try:
                action = int(bots[player].step(state))
            except Exception as error:  # OpenSpiel's bot failing is a result to report
                return Outcome(index, kinds, (), {}, f"{type(error).__name__}: {error}")
        else:
            action = bots[player].choose(SeatView(roost_state, player))
        if len(legal) > 1:
            think[side][0] += time.perf_counter() - start
            think[side][1] += 1
        state.apply_action(action)
    winners = tuple(state.roost_state.winners())
    return Outcome(index, kinds, winners, {k: (v[0], int(v[1])) for k, v in think.items()})


def run(
    name: str,
    players: int,
    kind: str,
    simulations: int,
    games: int,
    seed: int,
    jobs: int,
    records: str | None = None,
    last_first: bool = False,
) -> list[Outcome]:
    """Play the games; with `records`, append each game's outcome to that file as a JSON line
    as soon as it ends, and skip the games it already holds (so a long run can be stopped
    and started again with the same command)."""
    outcomes: list[Outcome] = []
    if records and os.path.exists(records):  # resume: keep the games already played
        done = load_records(records).get((name, kind, simulations), [])
        outcomes = [o for o in done if o.index < games]
    played = {o.index for o in outcomes}
    work = [
        (name, players, kind, simulations, seed, index)
        for index in range(games)
        if index not in played
    ]
    if last_first:
        work.reverse()

    def keep(outcome: Outcome) -> None:
        outcomes.append(outcome)
        if records:
            line = {"game": name, "simulations": simulations, "kind": kind, **asdict(outcome)}
            with open(records, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(line) + "\n")

    if jobs == 1:
        for item in work:
            keep(play(item))
    else:
        with multiprocessing.get_context().Pool(jobs) as pool:
            for outcome in pool.imap_unordered(play, work, chunksize=1):
                keep(outcome)
    return sorted(outcomes, key=lambda o: o.index)


def load_records(path: str) -> dict[tuple[str, str, int], list[Outcome]]:
    """Outcomes from a records file, by (game, Roost kind, OpenSpiel simulations)."""
    found: dict[tuple[str, str, int], list[Outcome]] = {}
    with open(path, encoding="utf-8") as handle:
        for text in handle:
            line = json.loads(text)
            outcome = Outcome(
                line["index"],
                tuple(line["kinds"]),
                tuple(line["winners"]),
                {side: (float(v[0]), int(v[1])) for side, v in line["think"].items()},
                line["failed"],
            )
            games = found.setdefault((line["game"], line["kind"], line["simulations"]), [])
            if all(o.index != outcome.index for o in games):  # two processes may meet
                games.append(outcome)
    return found


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * (p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5 / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(title: str, outcomes: list[Outcome]) -> str:
    played = [o for o in outcomes if not o.failed]
    failed = len(outcomes) - len(played)
    seats = wins = 0
    won_by = {ROOST: 0, SPIEL: 0}
    seated = {ROOST: 0, SPIEL: 0}
    thought = {ROOST: 0.0, SPIEL: 0.0}
    moved = {ROOST: 0, SPIEL: 0}
    for outcome in played:
        for seat, side in enumerate(outcome.kinds):
            won_by[side] += seat in outcome.winners
            seated[side] += 1
        seats += len(outcome.kinds)
        wins += len(outcome.winners)
        for side, (seconds, moves) in outcome.think.items():
            thought[side] += seconds
            moved[side] += moves
    fair = wins / seats if seats else 0.0
    lines = [f"{title}: {len(played)} games" + (f" ({failed} failed, left out)" if failed else "")]
    lines.append("| side | seat-games | win % | 95% CI | fair % | s/move |")
    lines.append("|---|---|---|---|---|---|")
    for side, label in ((SPIEL, "OpenSpiel ISMCTS"), (ROOST, "Roost")):
        won, total, seconds, moves = won_by[side], seated[side], thought[side], moved[side]
        low, high = wilson(won, total)
        rate = 100 * won / total if total else 0.0
        per_move = seconds / moves if moves else 0.0
        lines.append(
            f"| {label} | {total} | {rate:.1f} | {100 * low:.1f}-{100 * high:.1f} | "
            f"{100 * fair:.1f} | {per_move:.3f} |"
        )
    if failed:
        lines.append(f"first failure: {next(o.failed for o in outcomes if o.failed)}")
    return "\n".join(lines)


def mean_think(outcomes: list[Outcome], side: str) -> float:
    seconds = sum(o.think.get(side, (0.0, 0))[0] for o in outcomes)
    moves = sum(o.think.get(side, (0.0, 0))[1] for o in outcomes)
    return seconds / moves if moves else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per game and budget")
    parser.add_argument("--iterations", type=int, default=1000, help="simulations a move")
    parser.add_argument(
        "--bot",
        default="hard",
        help="Roost's bot kind, its iterations set by --iterations (settings may follow: "
        "hard/bias=1)",
    )
    parser.add_argument(
        "--spiel-simulations",
        type=int,
        help="OpenSpiel's simulations a move, if not --iterations (e.g. as many as it makes in "
        "the Roost bot's think time)",
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--same-time", action="store_true", help="also play at the same think time a move"
    )
    parser.add_argument("--records", help="append every game's outcome to this JSONL file")
    parser.add_argument("--summarize", help="only print the tables of a records file")
    parser.add_argument(
        "--last-first",
        action="store_true",
        help="play the games still missing from the records from the last one down (a second "
        "process on the same records file then meets the first halfway)",
    )
    args = parser.parse_args(argv)
    if args.summarize:
        if not os.path.isfile(args.summarize):
            parser.error(f"no records file {args.summarize!r}")
        try:
            found = load_records(args.summarize)
        except (ValueError, KeyError, TypeError, IndexError) as error:
            parser.error(f"{args.summarize!r} is not a records file of this script ({error!r})")
        for (name, kind, simulations), outcomes in found.items():
            title = f"{name}, Roost {kind} against OpenSpiel ISMCTS at {simulations} simulations"
            print(report(title, sorted(outcomes, key=lambda o: o.index)))
        return 0
    if args.games < 1 or args.iterations < 1 or not 1 <= args.jobs <= 64:
        parser.error("--games and --iterations take a positive number, --jobs 1 to 64")
    from roost.core.registry import registered_games

    names = args.game or list(registered_games())
    unknown = [name for name in names if name not in registered_games()]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the games are {', '.join(registered_games())}")
    bot, _, settings = args.bot.partition("/")
    kind = f"{bot.partition(':')[0]}:{args.iterations}" + (f"/{settings}" if settings else "")
    spiel = args.spiel_simulations or args.iterations
    for name in names:
        outcomes = run(
            name,
            args.players,
            kind,
            spiel,
            args.games,
            args.seed,
            args.jobs,
            args.records,
            args.last_first,
        )
        title = f"{name}, {args.players}p, Roost {kind}, OpenSpiel {spiel} simulations a move"
        print(report(title, outcomes), flush=True)
        if args.same_time:
            ours, theirs = mean_think(outcomes, ROOST), mean_think(outcomes, SPIEL)
            simulations = max(1, round(spiel * ours / theirs)) if theirs else 1
            outcomes = run(
                name,
                args.players,
                kind,
                simulations,
                args.games,
                args.seed,
                args.jobs,
                args.records,
            )
            title = (
                f"{name}, {args.players}p, same time a move: Roost {args.iterations} iterations "
                f"({1000 * ours:.1f} ms), OpenSpiel {simulations} simulations"
            )
            print(report(title, outcomes), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
