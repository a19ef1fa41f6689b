"""The place a profile shows for a finished game (roost.server.profiles.routes.place)."""

from __future__ import annotations

from roost.server.profiles.routes import place


def test_a_win_or_lose_game_ranks_no_loser() -> None:
    returns = [0.0, 1.0, 0.0, 0.0]  # BIG CHICKEN's default: the winner 1, every other 0
    assert place(returns, [1], 1) == 1
    assert [place(returns, [1], seat) for seat in (0, 2, 3)] == [None, None, None]


def test_returns_that_order_the_losers_give_their_places() -> None:
    returns = [3.0, 10.0, 7.0, 7.0]  # scores as returns (returns=score)
    assert [place(returns, [1], seat) for seat in range(4)] == [4, 1, 2, 2]


def test_several_winners_share_the_first_place() -> None:
    returns = [1.0, 1.0, 0.0]  # Eggo: everyone who escaped wins
    assert [place(returns, [0, 1], seat) for seat in range(3)] == [1, 1, None]


def test_a_seat_without_a_return_has_no_place() -> None:
    assert place([], [], 0) is None
