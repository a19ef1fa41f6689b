"""The ``learned`` bot: shipped weights load and play legal, reproducible games; a tiny training
run gives weights that load and play; bad input is a clear error. No win rates here: those
are measured in docs/measured/learned.md."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import numpy as np

import roost
import roost.rl.learned
from roost.bots import bot_names, make_bot
from roost.core.errors import ParameterError
from roost.core.runner import play_game
from roost.rl.encoding import encoding_for
from roost.rl.learned import install, network_for, shipped_games, weights_path
from roost.rl.mlp import load_network
from roost.rl.moves import features_for

SHIPPED = {"big_chicken": "big-chicken", "manda_huevos": "manda-huevos"}


def history(game_name: str, kinds: list[str], seed: int) -> list[int]:
    game = roost.load_game(game_name, players=len(kinds))
    bots = [make_bot(kind, game, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    state = play_game(game, bots, random.Random(seed))  # an illegal move would raise
    assert state.is_terminal()
    return list(state.history())


def test_the_kind_is_listed() -> None:
    assert "learned" in bot_names()


def test_weights_ship_small_for_the_trained_games() -> None:
    assert set(shipped_games()) == set(SHIPPED)
    total = 0
    for folder, name in SHIPPED.items():
        game = roost.load_game(name, players=4)
        path = weights_path(game)
        total += path.stat().st_size
        network = load_network(path)
        assert (network.game, network.players) == (game.name, 4)
        assert network.actions == game.num_distinct_actions()
        assert path.stem == folder
    assert total < 5_000_000


@pytest.mark.parametrize("name", sorted(SHIPPED.values()))
def test_plays_legal_reproducible_games(name: str) -> None:
    kinds = ["learned", "medium", "learned", "medium"]
    first = history(name, kinds, 3)
    assert first == history(name, kinds, 3)


@pytest.mark.parametrize("name", sorted(SHIPPED.values()))
def test_search_with_the_network_as_prior_plays_legal_games(name: str) -> None:
    history(name, ["learned:search=20/value", "learned:search=20", "medium", "learned"], 5)


@pytest.mark.parametrize("name", ["eggo", "egg-bound"])
def test_a_game_without_weights_is_a_clear_error(name: str) -> None:
    game = roost.load_game(name, players=4)
    with pytest.raises(ParameterError, match="no learned weights for"):
        make_bot("learned", game, 1)


def test_weights_of_another_game_or_count_are_refused() -> None:
    manda = str(weights_path(roost.load_game("manda-huevos", players=4)))
    with pytest.raises(ParameterError, match="trained for"):
        make_bot(f"learned:{manda}", roost.load_game("big-chicken", players=4), 1)
    with pytest.raises(ParameterError, match="trained for"):
        make_bot("learned", roost.load_game("big-chicken", players=3), 1)


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("learned:nowhere.npz", "no weights at"),
        ("learned:model.zip", "weights file"),
        ("learned:searchy", "learned:search takes"),
        ("learned:search=0", "positive number"),
        ("learned:search/policy", "/value or nothing"),
    ],
)
def test_bad_options_are_clear_errors(kind: str, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        make_bot(kind, roost.load_game("big-chicken", players=4), 1)


def test_install_copies_over_the_weights_a_learned_bot_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The trainers' ``--install``: the file lands where ``learned`` bots read the game's
    weights (a stand-in for the package's folder here, so the shipped file is never touched)."""
    game = roost.load_game("manda-huevos", players=4)
    trained = tmp_path / "weights.npz"
    trained.write_bytes(weights_path(game).read_bytes())
    folder = tmp_path / "package"
    folder.mkdir()
    monkeypatch.setattr(roost.rl.learned, "WEIGHTS", folder)
    assert shipped_games() == []
    target = install(trained, game)
    assert target == folder / "manda_huevos.npz" == weights_path(game)
    assert target.read_bytes() == trained.read_bytes()
    assert f"installed as {target}" in capsys.readouterr().out
    assert shipped_games() == ["manda_huevos"]
    assert network_for(game).game == "manda-huevos"


def test_a_file_that_is_not_weights_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_text("not numpy")
    with pytest.raises(ParameterError, match="not a weights file"):
        make_bot(f"learned:{bad}", roost.load_game("big-chicken", players=4), 1)


@pytest.mark.parametrize("hint", [True, False])
def test_a_tiny_training_run_gives_weights_that_play(tmp_path: Path, hint: bool) -> None:
    pytest.importorskip("torch")
    from roost.rl.learn import main

    out = tmp_path / "run"
    args = ["big-chicken", "--games", "2", "--iterations", "8", "--epochs", "2", "--hidden", "16"]
    assert main([*args, "--out", str(out), *([] if hint else ["--no-hint"])]) == 0
    weights = out / "weights.npz"
    network = load_network(weights)
    assert network.hint is hint
    game = roost.load_game("big-chicken", players=4)
    assert network_for(game, str(weights)).inputs == network.inputs
    history("big-chicken", [f"learned:{weights}", "medium", "random", "medium"], 2)
    # the data is kept and reused: a second run with the same arguments plays no game again
    stamp = sorted(p.stat().st_mtime_ns for p in (out / "data").iterdir())
    assert main([*args, "--out", str(out)]) == 0
    assert stamp == sorted(p.stat().st_mtime_ns for p in (out / "data").iterdir())


def test_training_refuses_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    from roost.rl.learn import main

    assert main(["no-such-game", "--out", str(tmp_path)]) == 2
    assert main(["big-chicken", "--games", "0", "--out", str(tmp_path)]) == 2
    assert "error:" in capsys.readouterr().err


def test_move_features_read_the_hand_each_move_leaves() -> None:
    from roost.games.big_chicken.actions import CARDS, CLUCK, LAY_BASE

    game = roost.load_game("big-chicken", players=4)
    moves = features_for(game)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance(rng))
    player = state.current_player()
    x = encoding_for(game).encode_state(state, player)
    legal = state.legal_actions()
    rows = moves.of(x, legal)
    assert rows.shape == (len(legal), moves.size)
    hand = x[moves.hand_at : moves.hand_at + moves.spends.shape[1]]
    width = moves.spends.shape[1]
    after_at = moves.static.shape[1]
    for action, row in zip(legal, rows, strict=True):
        expected = hand.copy()
        for card in CARDS[action] if action >= LAY_BASE else ():
            expected[card] -= 1.0 / moves.hand_scale
        assert np.allclose(row[after_at : after_at + width], expected)
        assert row[-2] == pytest.approx(expected.sum() * moves.hand_scale / 10.0)
    if CLUCK in legal:
        assert np.allclose(rows[legal.index(CLUCK)][after_at : after_at + width], hand)
    with pytest.raises(ParameterError, match="no move features"):
        features_for(roost.load_game("eggo", players=4))


def test_the_moves_head_trains_from_search_and_plays(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from roost.rl.learn import main

    out = tmp_path / "run"
    args = ["big-chicken", "--games", "2", "--iterations", "8", "--epochs", "2", "--hidden", "16"]
    assert main([*args, "--head", "moves", "--scorer", "8", "--out", str(out)]) == 0
    network = load_network(out / "weights.npz")
    game = roost.load_game("big-chicken", players=4)
    assert (network.head, network.features) == ("moves", features_for(game).size)
    history("big-chicken", [f"learned:{out / 'weights.npz'}", "medium", "random", "medium"], 4)
    # weights whose move features are not this version's are refused, not misread
    stale = tmp_path / "stale.npz"
    replace(network, features=network.features + 1).save(stale)
    with pytest.raises(ParameterError, match="other move features"):
        make_bot(f"learned:{stale}", game, 1)
    # a game without move features cannot train a moves head
    assert main(["eggo", "--head", "moves", "--games", "1", "--out", str(tmp_path / "e")]) == 2


@pytest.mark.parametrize("name", sorted(SHIPPED.values()))
def test_batched_logits_equal_the_networks_own(name: str) -> None:
    from roost.rl.league import batch_logits

    game = roost.load_game(name, players=4)
    network = network_for(game)
    moves = features_for(game) if network.head == "moves" else None
    encoding = encoding_for(game)
    state = game.new_initial_state()
    rng = random.Random(8)
    rows: list[np.ndarray] = []
    legals: list[list[int]] = []
    hints: list[int] = []
    feats: list[np.ndarray] = []
    while len(rows) < 6 and not state.is_terminal():
        player = state.current_player()
        if player >= 0 and len(state.legal_actions()) > 1:
            x = encoding.encode_state(state, player)
            legal = state.legal_actions()
            rows.append(x)
            legals.append(legal)
            hints.append(legal[len(rows) % len(legal)])
            feats.append(
                np.zeros((len(legal), 0), np.float32) if moves is None else moves.of(x, legal)
            )
        state.apply_action(state.sample_chance(rng) if player < 0 else state.random_action(rng))
    together = batch_logits(network, np.stack(rows), legals, hints, feats)
    for x, legal, hint, f, z in zip(rows, legals, hints, feats, together, strict=True):
        one = network.logits(x, legal, hint, None if moves is None else f)
        assert np.allclose(z, one, atol=1e-4)


def test_league_games_are_reproducible_and_scored() -> None:
    from roost.rl.league import play_batch

    game = roost.load_game("big-chicken", players=4)
    network = network_for(game)
    first = play_batch(game, network, [0, 1, 2], 5, concurrent=2)
    again = play_batch(game, network, [0, 1, 2], 5, concurrent=3)
    assert [[s.action for s in o.steps] for o in first] == [
        [s.action for s in o.steps] for o in again
    ]
    for outcome in first:
        assert len(outcome.margins) == 5
        assert outcome.won in (0.0, 1.0)
        assert all(s.action in s.legal and 1 <= s.round <= 5 for s in outcome.steps)
    other = play_batch(game, network, [0, 1, 2], 6, concurrent=2)
    assert [o.margins for o in other] != [o.margins for o in first]
    # past selves in the other seats: the same deals, other opponents, so other games
    selves = play_batch(game, network, [0, 1, 2], 5, concurrent=2, past=network, past_share=1.0)
    assert [o.margins for o in selves] != [o.margins for o in first]


@pytest.mark.parametrize("name", sorted(SHIPPED.values()))
def test_a_tiny_reinforcement_run_gives_weights_that_play(tmp_path: Path, name: str) -> None:
    pytest.importorskip("torch")
    from roost.rl.reinforce import main

    out = tmp_path / "rl"
    args = [name, "--games", "4", "--batch", "2", "--concurrent", "2", "--out", str(out)]
    assert main(args) == 0
    weights = out / "weights.npz"
    game = roost.load_game(name, players=4)
    network = network_for(game, str(weights))
    assert network.head == network_for(game).head
    assert network.weights["w1"].shape == network_for(game).weights["w1"].shape
    assert any(
        not np.array_equal(network.weights[k], network_for(game).weights[k])
        for k in network.weights
    )
    history(name, [f"learned:{weights}", "medium", "random", "medium"], 2)
    again = tmp_path / "again"
    assert main([*args[:-1], str(again)]) == 0
    assert (again / "weights.npz").read_bytes() == weights.read_bytes()


def test_reinforcement_refuses_a_game_without_weights_to_start_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("torch")
    from roost.rl.reinforce import main

    assert main(["eggo", "--games", "2", "--out", str(tmp_path)]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_tiny_recipe_runs_its_chain_once_and_again_the_same(tmp_path: Path) -> None:
    """The recipe's shape in miniature: imitation, then two reinforcement runs each starting
    from the one before; a second call runs nothing; another folder gets the same bytes."""
    pytest.importorskip("torch")
    from roost.rl.recipe import RECIPES, Stage, main, run

    stages = (
        Stage("imitate", "learn", "--games 2 --iterations 8 --epochs 2 --hidden 16 --head moves"),
        Stage("ppo-1", "reinforce", "--seed 1 --games 4 --batch 2 --concurrent 2 --bonus 1.5"),
        Stage("ppo-2", "reinforce", "--seed 2 --games 2 --batch 2 --concurrent 2"),
    )
    said: list[str] = []
    last = run(stages, tmp_path / "a", game="big-chicken", say=said.append)
    assert last == tmp_path / "a" / "ppo-2" / "weights.npz"
    assert any(line.startswith("ppo-2: python") and "--start" in line for line in said)
    history("big-chicken", [f"learned:{last}", "medium", "random", "medium"], 2)
    stamps = {p: p.stat().st_mtime_ns for p in (tmp_path / "a").rglob("weights.npz")}
    said.clear()
    assert run(stages, tmp_path / "a", game="big-chicken", say=said.append) == last
    assert all("done before" in line for line in said)
    assert stamps == {p: p.stat().st_mtime_ns for p in (tmp_path / "a").rglob("weights.npz")}
    again = run(stages, tmp_path / "b", game="big-chicken", say=lambda _: None)
    assert again.read_bytes() == last.read_bytes()
    # the real recipes start from imitation, and the command refuses what it cannot run
    assert {stages_[0].trainer for stages_ in RECIPES.values()} == {"learn"}
    assert main(["eggo", "--out", str(tmp_path / "c")]) == 2
    assert not (tmp_path / "c").exists()


def test_self_play_seats_past_selves_and_stays_reproducible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("torch")
    from roost.rl.reinforce import main

    base = ["big-chicken", "--games", "6", "--batch", "2", "--concurrent", "2", "--seed", "3"]
    assert main([*base, "--out", str(tmp_path / "heuristic")]) == 0
    selves = [*base, "--past", "1", "--snapshot", "1"]
    assert main([*selves, "--out", str(tmp_path / "self")]) == 0
    assert main([*selves, "--out", str(tmp_path / "again")]) == 0
    alone = (tmp_path / "heuristic" / "weights.npz").read_bytes()
    played = (tmp_path / "self" / "weights.npz").read_bytes()
    assert played != alone  # other opponents, other games, other steps
    assert (tmp_path / "again" / "weights.npz").read_bytes() == played
    capsys.readouterr()
    for bad in (["--past", "1.5"], ["--past", "-0.1"], ["--snapshot", "0"]):
        assert main([*base, *bad, "--out", str(tmp_path / "bad")]) == 2
        assert "--past is a share" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()
