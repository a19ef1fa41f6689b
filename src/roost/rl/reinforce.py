"""Train the learned bot by reinforcement against the league it must beat (PPO).

    python -m roost.rl.reinforce big-chicken --games 20000 --seed 1 --out runs/rl/big-chicken

Imitation copies the heuristic (docs/measured/learned.md); this trainer starts *from* the
heuristic instead and moves only where moving wins. The policy is the network of
`roost.rl.mlp` started from the shipped weights (either head), whose gate on the heuristic's
move (raised by ``--bonus`` at the start) puts most of the probability on that move, so the
first games play much as the heuristic does, with some exploration drawn from the policy
itself. Then, round after round:

1. play `batch` whole games against three ``medium`` players (`roost.rl.league`, all the games
   of a round at once, one forward pass for every waiting decision), the learner's seat
   rotating, its moves drawn from the policy; with ``--past P``, each other seat is instead,
   with chance P, a past self (self-play: the start, and a snapshot of the learner every
   ``--snapshot`` rounds, one drawn for each round, playing its best move);
2. score each decision by the seat's **return**: whether it won the game (``--win``), plus the
   seat's points margin over the others (`roost.rl.league.Outcome`; in BIG CHICKEN, where fewer
   points win, summed over the Rounds from this decision's Round to the end, ``--future``
   weighing the later Rounds) (``--margin``, per 10 points): lower variance than the win
   alone;
3. a PPO step: the clipped ratio of the new policy to the one that played, on the return minus a
   learned baseline (a critic on the trunk, not shipped), plus a KL penalty to the starting
   policy (``--kl``) so that it leaves the heuristic only where the returns say so.

The value head (the chance to win, used by ``learned:search=.../value``) is trained alongside on
whether the seat won. Every game's deal and bots come from (seed, g): the same command gives the
same games and, on one torch thread, the same weights. Needs the ``rl`` extra (torch).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.registry import load_game
from roost.rl.league import Outcome, play_batch
from roost.rl.learned import install, network_for
from roost.rl.mlp import Network, load_network
from roost.rl.moves import features_for


@dataclass(frozen=True)
class Settings:
    games: int = 20000
    batch: int = 256
    seed: int = 1
    win: float = 1.0
    margin: float = 1.0
    lr: float = 1e-4
    epochs: int = 3
    minibatch: int = 1024
    clip: float = 0.2
    kl: float = 0.01
    concurrent: int = 64
    temperature: float = 1.0
    future: float = 1.0
    bonus: float = 0.0
    past: float = 0.0
    snapshot: int = 10


def returns_of(outcome: Outcome, settings: Settings) -> np.ndarray:
    """Each step's return: the win, plus the margin of the Rounds from its own to the last."""
    margins = np.asarray(outcome.margins, np.float64)
    to_go = np.zeros(len(margins) + 1)
    for r in range(len(margins) - 1, -1, -1):
        to_go[r] = margins[r] / 10.0 + settings.future * to_go[r + 1]
    values = [
        settings.win * outcome.won + settings.margin * float(to_go[min(s.round, len(to_go)) - 1])
        for s in outcome.steps
    ]
    return np.asarray(values, np.float32)


@dataclass
class Batch:
    x: Any
    owner: Any
    index: Any
    moves: Any
    hinted: Any
    chosen: Any
    old_logp: Any
    returns: Any
    won: Any
    size: int


def to_batch(outcomes: list[Outcome], settings: Settings) -> Batch:
    import torch

    steps = [s for o in outcomes for s in o.steps]
    returns = np.concatenate([returns_of(o, settings) for o in outcomes])
    won = np.concatenate([np.full(len(o.steps), o.won, np.float32) for o in outcomes])
    sizes = np.asarray([len(s.legal) for s in steps])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    index = np.concatenate([np.asarray(s.legal, np.int64) for s in steps])
    hints = np.repeat(np.asarray([s.hint for s in steps]), sizes)
    chosen = starts + np.asarray([s.legal.index(s.action) for s in steps])
    return Batch(
        torch.as_tensor(np.stack([s.tensor for s in steps])),
        torch.as_tensor(np.repeat(np.arange(len(steps)), sizes)),
        torch.as_tensor(index),
        torch.as_tensor(np.concatenate([s.moves for s in steps])),
        torch.as_tensor((index == hints).astype(np.float32)),
        torch.as_tensor(chosen),
        torch.as_tensor(np.asarray([s.logp for s in steps], np.float32)),
        torch.as_tensor(returns),
        torch.as_tensor(won),
        len(steps),
    )


def subset(batch: Batch, rows: np.ndarray) -> Batch:
    import torch

    keep = np.zeros(batch.size, bool)
    keep[rows] = True
    owner = batch.owner.numpy()
    flat = keep[owner]
    renumber = np.cumsum(keep) - 1
    positions = np.cumsum(flat) - 1
    return Batch(
        batch.x[rows],
        torch.as_tensor(renumber[owner[flat]]),
        batch.index[flat],
        batch.moves[flat],
        batch.hinted[flat],
        torch.as_tensor(positions[batch.chosen.numpy()[rows]]),
        batch.old_logp[rows],
        batch.returns[rows],
        batch.won[rows],
        len(rows),
    )


class Policy:
    """`roost.rl.mlp.Network` (either head) in torch, its weights as parameters, and a
    critic of the return on its trunk."""

    def __init__(self, network: Network) -> None:
        import torch
        from torch import nn

        self.template = network
        weights = network.weights
        self.params = nn.ParameterDict(
            {k: nn.Parameter(torch.tensor(np.asarray(v, np.float32))) for k, v in weights.items()}
        )
        hidden = network.weights["w2"].shape[1]
        self.critic = nn.Linear(hidden, 1)
        nn.init.zeros_(self.critic.weight)
        nn.init.zeros_(self.critic.bias)

    def parameters(self) -> list[Any]:
        return [*self.params.values(), *self.critic.parameters()]

    def forward(self, b: Batch) -> tuple[Any, Any, Any]:
        """(log-probability of every move, by row of `b`'s flat moves; value logit; critic)."""
        import torch

        w = self.params
        h = torch.relu(torch.relu(b.x @ w["w1"] + w["b1"]) @ w["w2"] + w["b2"])
        if "wp" in w:
            z = (h @ w["wp"])[b.owner, b.index] + w["bp"][b.index]
        else:
            inner = (h @ w["sh"])[b.owner] + b.moves @ w["sf"] + b.hinted[:, None] * w["st"][0]
            z = torch.relu(inner + w["sb"]) @ w["so"][:, 0] + w["sob"][0]
        if "wg" in w:
            gate = h @ w["wg"][:, 0] + w["bg"][0]
            z = z + b.hinted * gate[b.owner]
        top = torch.full((b.size,), -1e9).scatter_reduce(0, b.owner, z, "amax")
        total = torch.zeros(b.size).index_add(0, b.owner, torch.exp(z - top[b.owner]))
        logp = z - (torch.log(total) + top)[b.owner]
        value = h @ w["wv"][:, 0] + w["bv"][0]
        return logp, value, self.critic(h)[:, 0]

    def network(self) -> Network:
        weights = {k: v.detach().numpy().astype(np.float32) for k, v in self.params.items()}
        return replace(self.template, weights=weights)


def update(policy: Policy, anchor: Policy, batch: Batch, settings: Settings, optimizer: Any,
           rng: np.random.Generator) -> dict[str, float]:  # fmt: skip
    """One PPO step on `batch`: the clipped surrogate on normalised advantages, the critic's and
    the value head's losses, and the KL to the starting policy."""
    import torch
    from torch.nn import functional

    with torch.no_grad():
        _, _, baseline = policy.forward(batch)
        advantage = batch.returns - baseline
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-6)
        anchor_logp, _, _ = anchor.forward(batch)
    stats: dict[str, float] = {}
    for _ in range(settings.epochs):
        order = rng.permutation(batch.size)
        for first in range(0, batch.size, settings.minibatch):
            rows = np.sort(order[first : first + settings.minibatch])
            part = subset(batch, rows)
            logp, value, critic = policy.forward(part)
            ratio = torch.exp(logp[part.chosen] - part.old_logp)
            adv = advantage[rows]
            surrogate = torch.min(
                ratio * adv, torch.clamp(ratio, 1 - settings.clip, 1 + settings.clip) * adv
            ).mean()
            flat = torch.as_tensor(np.isin(batch.owner.numpy(), rows))
            base = anchor_logp[flat]
            kl = (torch.exp(logp) * (logp - base)).sum() / part.size
            critic_loss = functional.mse_loss(critic, part.returns)
            value_loss = functional.binary_cross_entropy_with_logits(value, part.won)
            loss = -surrogate + settings.kl * kl + 0.5 * critic_loss + 0.1 * value_loss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            optimizer.step()
            stats = {"kl": kl.item(), "critic": critic_loss.item(), "ratio": ratio.mean().item()}
    return stats


def train(
    game: Game, start: Network, settings: Settings, out: Path, *, log: bool = True
) -> Network:
    """Run the rounds of play and PPO steps; checkpoints go to ``out/step-GAMES.npz`` every ten
    rounds, the result to ``out/weights.npz``."""
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(settings.seed)
    if start.head == "moves":
        features_for(game)  # a clear error for a game without move features
    if settings.bonus and start.hint:
        gate = dict(start.weights)
        gate["bg"] = gate["bg"] + np.float32(settings.bonus)
        start = replace(start, weights=gate)
    policy, anchor = Policy(start), Policy(start)
    optimizer = torch.optim.Adam(policy.parameters(), lr=settings.lr)
    rng = np.random.default_rng(settings.seed)
    out.mkdir(parents=True, exist_ok=True)
    began = time.time()
    rounds = max(1, settings.games // settings.batch)
    selves = [start]  # the league's past selves: the start, then a snapshot every few rounds
    draw_self = np.random.default_rng([settings.seed, 1])
    for k in range(rounds):
        games = range(k * settings.batch, (k + 1) * settings.batch)
        past = selves[int(draw_self.integers(len(selves)))] if settings.past > 0 else None
        outcomes = play_batch(
            game, policy.network(), list(games), settings.seed,
            temperature=settings.temperature, concurrent=settings.concurrent,
            past=past, past_share=settings.past,
        )  # fmt: skip
        if settings.past > 0 and (k + 1) % max(1, settings.snapshot) == 0:
            selves.append(policy.network())
        steps = [s for o in outcomes for s in o.steps]
        if not steps:
            continue
        batch = to_batch(outcomes, settings)
        stats = update(policy, anchor, batch, settings, optimizer, rng)
        if log:
            wins = np.mean([o.won for o in outcomes])
            margin = np.mean([sum(o.margins) for o in outcomes])
            off = np.mean([s.action != s.hint for s in steps])
            print(
                f"round {k + 1}/{rounds} games {(k + 1) * settings.batch} "
                f"won {wins:.3f} margin {margin:+.2f} off-heuristic {off:.3f} "
                f"kl {stats['kl']:.4f} critic {stats['critic']:.3f} "
                f"{time.time() - began:.0f}s",
                flush=True,
            )
        if (k + 1) % 10 == 0 or k + 1 == rounds:
            policy.network().save(out / f"step-{(k + 1) * settings.batch:06d}.npz")
    final = policy.network()
    final.save(out / "weights.npz")
    return final


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m roost.rl.reinforce", description=__doc__.split("\n")[0]
    )
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--start", default="", help="weights to start from (default: the shipped ones)"
    )
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--install", action="store_true")
    defaults = Settings()
    for name, value in vars(defaults).items():
        parser.add_argument(f"--{name}", type=type(value), default=value)
    args = parser.parse_args(argv)
    try:
        game = load_game(args.game, players=args.players)
        start = load_network(Path(args.start)) if args.start else network_for(game)
        settings = Settings(**{k: getattr(args, k) for k in vars(defaults)})
        if not 0.0 <= settings.past <= 1.0 or settings.snapshot < 1:
            raise RoostError("--past is a share from 0 to 1 and --snapshot a positive count")
        final = train(game, start, settings, args.out)
    except RoostError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.install:
        install(args.out / "weights.npz", game)
    del final
    return 0


if __name__ == "__main__":
    sys.exit(main())
