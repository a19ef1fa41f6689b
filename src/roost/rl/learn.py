"""Train the learned bot from one command: search-labelled games, then a network that imitates
the search (one round of expert iteration whose first expert is ISMCTS with the heuristic as its
prior; see `roost.rl.expert`).

    python -m roost.rl.learn big-chicken --games 1200 --head moves --out runs/learned/big-chicken

plays the games into ``OUT/data`` (resumable: finished chunks are kept), fits the network of
`roost.rl.mlp` with torch on one thread (policy: cross-entropy against the move the search
played, or its visit shares, over the legal moves; value: whether the seat won) and writes
``OUT/weights.npz``;
``--install`` also copies it to the package's weights (``src/roost/rl/weights/<game>.npz``),
the file the ``learned`` bot kind plays. Same arguments, same data and, on one thread, the same
weights up to torch's own floating-point nondeterminism. Needs the ``rl`` extra (torch).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from roost.core.errors import RoostError
from roost.core.registry import load_game
from roost.rl.expert import Dataset, collect, load_folder
from roost.rl.learned import install
from roost.rl.mlp import GATE, HEADS, LAYERS, SCORER, Network
from roost.rl.moves import MoveFeatures, features_for

TARGETS = ("visits", "move", "confident")


def train(
    data: Dataset,
    *,
    game: str,
    players: int,
    actions: int,
    hint: bool = True,
    hidden: int = 256,
    epochs: int = 30,
    seed: int = 1,
    value_weight: float = 0.5,
    target: str = "visits",
    moves: MoveFeatures | None = None,
    scorer: int = 64,
    log: bool = True,
) -> Network:
    """Fit the network to `data`: nine tenths trained on, one tenth held out to report the fit.

    The policy's `target` is the search's visit shares (``visits``), or the move the search
    played (``move``: its most visited, the lowest action of equals): where the visits are
    spread thin over many moves their shares say little, while the move played is what made
    the search strong; or that move only where the search was sure of it (``confident``: at
    least twice the visits of the heuristic's move, else the heuristic's move), so the network
    does not learn to leave the rule of thumb where the search found the moves about equal.

    With `moves` (the game's `roost.rl.moves.MoveFeatures`) the policy head is the shared move
    scorer (`scorer` hidden units) instead of one logit per action."""
    import torch
    from torch import nn

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    generator = np.random.default_rng(seed)
    inputs = data.tensors.shape[1]
    trunk = nn.Sequential(
        nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
    )
    value = nn.Linear(hidden, 1)
    gate = nn.Linear(hidden, 1)
    nn.init.zeros_(gate.weight)
    nn.init.constant_(gate.bias, 2.0)  # start by following the heuristic
    if moves is None:
        policy: nn.Module = nn.Linear(hidden, actions)
        heads = [policy]
    else:
        score_h = nn.Linear(hidden, scorer)
        score_f = nn.Linear(moves.size, scorer, bias=False)
        score_t = nn.Linear(1, scorer, bias=False)
        score_o = nn.Linear(scorer, 1)
        heads = [score_h, score_f, score_t, score_o]
        static = torch.as_tensor(moves.static)
        spends = torch.as_tensor(moves.spends)
        spent = spends.sum(1)
        hand_at, width = moves.hand_at, moves.spends.shape[1]
    modules = nn.ModuleList([trunk, value, gate, *heads])
    optimizer = torch.optim.Adam(modules.parameters(), lr=1e-3, weight_decay=1e-5)

    x = torch.as_tensor(data.tensors)
    legal = torch.as_tensor(data.legal)
    hints = torch.as_tensor(data.hints)
    valid = legal >= 0
    safe = legal.clamp(min=0)
    if target not in TARGETS:
        raise RoostError(f"unknown target {target!r}; the targets are {', '.join(TARGETS)}")
    shares = torch.as_tensor(data.target)
    best = shares.argmax(1)
    if target == "confident":
        at_hint = (legal == hints[:, None]) & valid
        hint_share = (shares * at_hint).sum(1)
        keep = (shares.max(1).values >= 2 * hint_share) | ~at_hint.any(1)
        best = torch.where(keep, best, at_hint.float().argmax(1))
    one_hot = nn.functional.one_hot(best, shares.shape[1]).float()
    goal = shares if target == "visits" else one_hot
    won = torch.as_tensor(data.won)
    shuffled = generator.permutation(len(data))
    held = torch.as_tensor(shuffled[: len(data) // 10])
    kept = shuffled[len(data) // 10 :]

    widths = valid.sum(1)
    batch = 256

    def losses(rows: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        cols = int(widths[rows].max())  # legal moves come first: the rest is padding
        lg, ok, target = legal[rows, :cols], valid[rows, :cols], goal[rows, :cols]
        index = safe[rows, :cols]
        at_hint = (lg == hints[rows, None]) & ok
        h = trunk(x[rows])
        if moves is None:
            logits = policy(h).gather(1, index)
        else:
            # score_f(features) without building them: the features are linear in the
            # static table and the hand (`MoveFeatures.of`), so a table per action id and a
            # term per position add up to the same, at a fraction of the cost
            hand = x[rows][:, hand_at : hand_at + width]
            w = score_f.weight  # (scorer, features): static, hand after, cards left, out
            w_static, w_after = w[:, : static.shape[1]], w[:, static.shape[1] : -2]
            per_action = static @ w_static.T - spends @ w_after.T
            left = (hand.sum(1, keepdim=True) - spent[index]) * (moves.hand_scale / 10.0)
            extra = left[:, :, None] * w[:, -2] + (left <= 0).float()[:, :, None] * w[:, -1]
            inner = (
                score_h(h)[:, None, :]
                + (hand @ w_after.T)[:, None, :]
                + per_action[index]
                + extra
                + score_t(at_hint.float()[:, :, None])
            )
            logits = score_o(torch.relu(inner))[:, :, 0]
        if hint:
            logits = logits + gate(h) * at_hint
        logits = logits.masked_fill(~ok, -1e9)
        logp = torch.log_softmax(logits, dim=1)
        policy_loss = -(target * logp).sum(1).mean()
        agree = (logits.argmax(1) == target.argmax(1)).float().mean()
        value_loss = nn.functional.binary_cross_entropy_with_logits(value(h)[:, 0], won[rows])
        return policy_loss, value_loss, agree

    def batches() -> list[np.ndarray]:
        """Batches of rows of about one width (little padding), in a random order."""
        order = generator.permutation(kept)
        order = order[np.argsort(widths.numpy()[order], kind="stable")]
        chunks = [order[i : i + batch] for i in range(0, len(order), batch)]
        return [chunks[i] for i in generator.permutation(len(chunks))]

    for epoch in range(epochs):
        modules.train()
        for chunk in batches():
            rows = torch.as_tensor(chunk)
            policy_loss, value_loss, _ = losses(rows)
            optimizer.zero_grad()
            (policy_loss + value_weight * value_loss).backward()  # type: ignore[no-untyped-call]
            optimizer.step()
        if log and (epoch % 5 == 4 or epoch == epochs - 1):
            modules.eval()
            with torch.no_grad():
                p, v, agree = losses(held)
            print(
                f"epoch {epoch + 1}: policy loss {float(p):.3f}, value loss {float(v):.3f}, "
                f"agrees with search on {float(agree):.1%} (held out)",
                flush=True,
            )

    def weight(layer: nn.Linear) -> np.ndarray:
        return layer.weight.detach().numpy().T.copy()

    def bias(layer: nn.Linear) -> np.ndarray:
        return layer.bias.detach().numpy().copy()

    first, second = trunk[0], trunk[2]
    assert isinstance(first, nn.Linear) and isinstance(second, nn.Linear)
    found = {
        "w1": weight(first),
        "b1": bias(first),
        "w2": weight(second),
        "b2": bias(second),
        "wv": weight(value),
        "bv": bias(value),
    }
    if moves is None:
        assert isinstance(policy, nn.Linear)
        found |= {"wp": weight(policy), "bp": bias(policy)}
    else:
        found |= {
            "sh": weight(score_h),
            "sb": bias(score_h),
            "sf": weight(score_f),
            "st": weight(score_t),
            "so": weight(score_o),
            "sob": bias(score_o),
        }
    if hint:
        found |= {"wg": weight(gate), "bg": bias(gate)}
    head = "actions" if moves is None else "moves"
    assert set(found) == set((LAYERS if moves is None else SCORER) + (GATE if hint else ()))
    size = 0 if moves is None else moves.size
    return Network(game, players, inputs, actions, hint, found, head, size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m roost.rl.learn", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1200, help="search-labelled games to play")
    parser.add_argument("--iterations", type=int, default=500, help="search iterations a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--no-hint", action="store_true", help="no heuristic move as input")
    parser.add_argument(
        "--head",
        choices=HEADS,
        default="actions",
        help="one logit per action id, or one scorer shared by all moves (their features)",
    )
    parser.add_argument("--scorer", type=int, default=64, help="hidden units of a moves head")
    parser.add_argument(
        "--target",
        choices=TARGETS,
        default="move",
        help="imitate the search's visit shares, the move it played, or that move where sure",
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--install", action="store_true", help="copy to the package's weights")
    args = parser.parse_args(argv)
    try:
        game = load_game(args.game, players=args.players)
        if args.games < 1 or args.iterations < 1 or args.epochs < 1:
            raise RoostError("--games, --iterations and --epochs must be positive")
        moves = features_for(game) if args.head == "moves" else None
        start = time.perf_counter()
        folder = args.out / "data"
        collect(game.name, args.players, args.games, args.seed, folder,
                iterations=args.iterations, jobs=args.jobs)  # fmt: skip
        data = load_folder(folder, args.games)
        played = time.perf_counter()
        print(f"{len(data)} samples from {args.games} games in {played - start:.0f} s", flush=True)
        network = train(
            data,
            game=game.name,
            players=args.players,
            actions=game.num_distinct_actions(),
            hint=not args.no_hint,
            hidden=args.hidden,
            epochs=args.epochs,
            seed=args.seed,
            target=args.target,
            moves=moves,
            scorer=args.scorer,
        )
        out = args.out / "weights.npz"
        network.save(out)
        print(f"trained in {time.perf_counter() - played:.0f} s; wrote {out}", flush=True)
        if args.install:
            install(out, game)
    except RoostError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
