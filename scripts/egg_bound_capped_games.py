"""What Egg Bound games that reach the turn cap look like, against games that end.

    python scripts/egg_bound_capped_games.py [--bots heuristic] [--games 300] [--players 4,6]
        [--param composition=classic-2025 ...]

Plays games with the public API (`roost.load_game`, the bots, `state.action_info`) and prints,
for capped games and for won games separately, per 100 turns: the Good Eggs gained and lost by
each kind of play, Cluck-Offs, the positions that stall a game (players with no egg at all,
players whose three eggs include a Bad one and so can gain nothing, a table where nobody has an
egg), how often someone stands one Good Egg from winning ("a threat") and what undoes it. The
findings are written up in the game's RULES.md (The composition).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence

import roost
from roost.bots import make_bot
from roost.core.game import CHANCE
from roost.core.runner import play_game
from roost.core.state import State
from roost.games.egg_bound.cards import EGG_CAP, EGGS_TO_WIN

PLAYS = {
    "song": "Egg Laying Song",
    "star": "a Star challenge",
    "hatch_it": "Hatch It",
    "good_egg": "green Good Egg",
    "cluck_off": "Cluck-Off",
}
"""The plays that change eggs (with the red cards, named by card), by `action_info` kind."""


class Watch:
    """Counts one game as it is played (the runner's observer)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.counts: Counter[str] = Counter()
        self.eggs: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.play = "none"
        self.turn = -1
        self.threat = [False] * players

    def __call__(self, state: State, player: int, action: int) -> None:
        obs = state.observation(None)
        good, bad = tuple(obs["good_eggs"]), tuple(obs["bad_eggs"])
        self._changes(good, bad)
        c = self.counts
        if obs["turn"] != self.turn:
            self.turn = obs["turn"]
            c["turns"] += 1
            held = [good[p] + bad[p] for p in range(self.players)]
            c["players with no egg"] += sum(1 for h in held if h == 0)
            c["players jammed (three eggs, a Bad one among them)"] += sum(
                1 for p in range(self.players) if held[p] == EGG_CAP and bad[p]
            )
            c["turns nobody has an egg"] += all(h == 0 for h in held)
        if player == CHANCE:
            return
        info = state.action_info(action, player)
        if info.kind == "cluck_off":
            c["Cluck-Offs"] += 1
        if info.kind in PLAYS:
            self.play = PLAYS[info.kind]
        elif info.kind == "red":
            self.play = state.game.card_name(info.cards[0])

    def _changes(self, good: tuple[int, ...], bad: tuple[int, ...]) -> None:
        c = self.counts
        if self.eggs is not None and (good, bad) != self.eggs:
            old_good, old_bad = self.eggs
            for p in range(self.players):
                if good[p] > old_good[p]:
                    c[f"Good Eggs gained by {self.play}"] += good[p] - old_good[p]
                if good[p] < old_good[p]:
                    c[f"Good Eggs lost to {self.play}"] += old_good[p] - good[p]
                if bad[p] > old_bad[p]:
                    c[f"Bad Eggs made by {self.play}"] += bad[p] - old_bad[p]
        for p in range(self.players):
            threat = good[p] == EGGS_TO_WIN - 1
            if threat and not self.threat[p]:
                c["threats (a player one Good Egg from winning)"] += 1
            if self.threat[p] and not threat and good[p] < EGGS_TO_WIN:
                c[f"threats undone by {self.play}"] += 1
            self.threat[p] = threat
        self.eggs = (good, bad)


def run(players: int, bots: str, games: int, seed: int, params: dict[str, str]) -> None:
    game = roost.load_game("egg-bound", players=players, **params)
    kinds = bots.split(",")
    totals = {True: Counter[str](), False: Counter[str]()}
    played = {True: 0, False: 0}
    for index in range(games):
        seats = [
            make_bot(kinds[(s + index) % len(kinds)], game, seed * 100_003 + index * 10 + s)
            for s in range(players)
        ]
        watch = Watch(players)
        state = play_game(game, seats, random.Random(seed * 7919 + index), observer=watch)
        won = bool(state.winners())
        totals[won].update(watch.counts)
        played[won] += 1
    print(
        f"\n## {players} players, {bots}, {params or 'defaults'}: {played[False]} of {games} capped"
    )
    for won in (False, True):
        counts = totals[won]
        turns = counts.pop("turns", 0)
        if not turns:
            continue
        print(
            f"\n{'won' if won else 'capped'} games ({played[won]}, {turns} turns), per 100 turns:"
        )
        for key, value in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"  {100 * value / turns:7.2f}  {key}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", default="4,6")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--param", action="append", default=[], help="key=value")
    args = parser.parse_args(argv)
    params = dict(p.split("=", 1) for p in args.param)
    for players in (int(n) for n in args.players.split(",")):
        run(players, args.bots, args.games, args.seed, params)


if __name__ == "__main__":
    main()
