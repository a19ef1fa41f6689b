"""Egg Bound scenarios, one per rule, built from a chosen deal, chosen draws and the players'
actions (public methods only). Rules as implemented: src/roost/games/egg_bound/RULES.md."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from roost.core.errors import IllegalActionError, ParameterError
from roost.core.game import OMNISCIENT, TERMINAL
from roost.games.egg_bound.actions import (
    ALLOW,
    CLUCK,
    DECLINE,
    DEFEND,
    DEFEND_NONE,
    DISCARD,
    EXPLODE_BAD,
    EXPLODE_GOOD,
    GOOD_EGG,
    HATCH,
    KEEP,
    LOSE_TURN,
    NUM_ACTIONS,
    RED,
    SONG,
    STAR,
    SWAP,
    UNBIND,
    star_action,
)
from roost.games.egg_bound.cards import (
    BABY_HEN,
    BAD_EGG_CARD,
    CARD_NAMES,
    CARD_TYPES,
    CHICKENS,
    CLUCK_OFF,
    DRAW_DECK,
    EGG,
    EGG_BOUND_CARD,
    EGG_COUNT,
    EGG_LAYING_SONG,
    EGG_SPLOSION,
    EGGY_SOLDIER,
    FOWL,
    FULL_DECK,
    GOLDEN_HEN,
    GOOD_EGG_CARD,
    HAND_SIZE,
    HATCH_IT,
    MOTHER_HEN,
    RED_ACTIONS,
    ROOSTER,
    STAR_CHICKEN_RUN,
    STAR_EGG_HEAD,
    STAR_PECKING_ORDER,
    STARS,
    UN_BOUND,
)
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.state import EggBoundState

FILLERS = (GOOD_EGG_CARD, UN_BOUND, STAR_EGG_HEAD, STAR_PECKING_ORDER, STAR_CHICKEN_RUN, CLUCK_OFF)
"""Cards to pad a hand with: no Chicken among them, so none of them can be played while no
player has a Bad Egg or an Egg Bound card; Cluck-Off comes last."""


# --- building positions ---------------------------------------------------------------------


def deal(hands: list[list[int]], **params: Any) -> EggBoundState:
    """A new game whose deal gives seat i the cards `hands[i]`, padded with fillers."""
    used = Counter(card for hand in hands for card in hand)
    full: list[list[int]] = []
    for hand in hands:
        padded = list(hand)
        while len(padded) < HAND_SIZE:
            filler = next(c for c in FILLERS if used[c] < CARD_TYPES[c].copies)
            used[filler] += 1
            padded.append(filler)
        full.append(padded)
    state = EggBoundGame(players=len(hands), **params).new_initial_state()
    for i in range(HAND_SIZE):
        for hand in full:
            state.apply_action(hand[i])
    return state


INERT = (
    GOOD_EGG_CARD,
    UN_BOUND,
    EGG_LAYING_SONG,
    HATCH_IT,
    STAR_EGG_HEAD,
    STAR_PECKING_ORDER,
    STAR_CHICKEN_RUN,
)
"""Cards drawn when a test does not care: none is a Chicken, a Cluck-Off or a red card."""


def pick(state: EggBoundState, wanted: list[int]) -> int:
    """The first of `wanted` still in the Draw Pile, else an inert card, else the lowest."""
    outcomes = [card for card, _ in state.chance_outcomes()]
    for card in (*wanted, *INERT):
        if card in outcomes:
            return card
    return outcomes[0]


def refill(state: EggBoundState, *preferred: int) -> None:
    """Finish the draws in progress: the `preferred` cards first (while some are left in the
    Draw Pile), then inert cards."""
    wanted = list(preferred)
    while state.is_chance_node():
        card = pick(state, wanted)
        if card in wanted:
            wanted.remove(card)
        state.apply_action(card)


def swap(state: EggBoundState, draw: int | None = None, discard: int | None = None) -> None:
    """The mover swaps: draws `draw` (or an inert card) and discards `discard` (or the card
    just drawn)."""
    state.apply_action(SWAP)
    card = draw if draw is not None else pick(state, [])
    state.apply_action(card)
    state.apply_action(DISCARD + (card if discard is None else discard) - 1)
    refill(state)


def chicken(card: int) -> int:
    return CHICKENS.index(card)


def star(card: int) -> int:
    return STARS.index(card)


def red(card: int, victim: int) -> int:
    return RED + RED_ACTIONS.index(card) * 6 + victim


def hatch(card: int, victim: int) -> int:
    return HATCH + chicken(card) * 6 + victim


def song(card: int) -> int:
    return SONG + chicken(card)


def eggs(state: EggBoundState) -> list[tuple[int, int]]:
    view = state.observation(None)
    return list(zip(view["good_eggs"], view["bad_eggs"], strict=True))


def hand(state: EggBoundState, seat: int) -> Counter[str]:
    return Counter(state.observation(seat)["hand"])


def rejects(state: EggBoundState, action: Any, words: str) -> None:
    """`action` is illegal with a reason containing `words`, and nothing changes."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert words in caught.value.reason, caught.value.reason
    assert state == before


# --- set-up and the turn ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_gives_one_good_egg_each_and_the_rest_to_the_egg_pile(players: int) -> None:
    state = EggBoundGame(players=players).new_initial_state()
    view = state.observation(None)
    assert view["good_eggs"] == [1] * players and view["bad_eggs"] == [0] * players
    assert view["egg_pile"] == EGG_COUNT - players
    assert view["draw_pile"] == len(DRAW_DECK) == 67 and view["phase"] == "deal"
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    view = state.observation(None)
    assert view["hand_sizes"] == [HAND_SIZE] * players
    assert view["draw_pile"] == 67 - HAND_SIZE * players
    assert view["current_player"] == 0 and view["phase"] == "turn"


def test_card_table_has_85_cards_and_distinct_ids_for_the_namesakes() -> None:
    assert len(FULL_DECK) == 85 and Counter(FULL_DECK)[EGG] == 18
    names = {CARD_NAMES[c] for c in (EGG, GOOD_EGG_CARD, BAD_EGG_CARD, EGG_BOUND_CARD)}
    assert len(names) == 4 and len({EGG, GOOD_EGG_CARD, BAD_EGG_CARD, EGG_BOUND_CARD}) == 4
    counts = Counter(CARD_TYPES[c].group for c in FULL_DECK)
    assert counts == {
        "egg": 18,
        "chicken": 16,
        "chicken action": 19,
        "regular action": 17,
        "undo": 15,
    }
    # Each star column uses 1-4 once: two different Chickens never tie.
    for column in range(3):
        assert sorted(CARD_TYPES[c].stars[column] for c in CHICKENS) == [1, 2, 3, 4]  # type: ignore[index]


def test_the_deal_goes_one_card_at_a_time_round_the_table_from_seat_0() -> None:
    state = EggBoundGame(players=3).new_initial_state()
    assert state.action_to_string(ROOSTER, 0) == "P0 is dealt Rooster"
    assert state.action_to_string(ROOSTER, 1) == "P0 is dealt a card"
    state.apply_action(ROOSTER)
    assert state.action_to_string(FOWL, None) == "P1 is dealt a card"
    state.apply_action(FOWL)
    assert hand(state, 0) == {"Rooster": 1} and hand(state, 1) == {"Fowl": 1}


def test_first_player_is_seat_0_and_play_passes_to_the_next_seat() -> None:
    state = deal([[], [], []])
    for mover in (0, 1, 2, 0):
        assert state.current_player() == mover
        swap(state)


def test_swap_draws_a_card_then_discards_any_card_even_the_one_drawn() -> None:
    state = deal([[], []])
    state.apply_action(SWAP)
    assert state.observation(None)["phase"] == "swap draw" and state.is_chance_node()
    state.apply_action(FOWL)
    assert hand(state, 0)["Fowl"] == 1 and state.observation(None)["hand_sizes"][0] == 6
    assert state.legal_actions() == sorted(DISCARD + c - 1 for c in set(hand_types(state, 0)))
    state.apply_action(DISCARD + FOWL - 1)
    assert state.observation(None)["discard_pile"] == ["Fowl"]
    assert state.current_player() == 1 and state.observation(None)["hand_sizes"] == [5, 5]


def hand_types(state: EggBoundState, seat: int) -> list[int]:
    return [CARD_NAMES.index(name) for name in state.observation(seat)["hand"]]


def test_hands_refill_to_five_at_the_end_of_the_turn_mover_first() -> None:
    state = deal([[BAD_EGG_CARD], [CLUCK_OFF]])
    state.apply_action(red(BAD_EGG_CARD, 1))
    state.apply_action(CLUCK)
    assert state.observation(None)["hand_sizes"] == [4, 4]
    assert state.observation(None)["phase"] == "refill"
    assert state.action_to_string(FOWL, 1) == "P0 draws a card"
    state.apply_action(FOWL)  # the mover refills first
    assert state.observation(None)["hand_sizes"] == [5, 4]
    assert state.action_to_string(ROOSTER, 1) == "P1 draws Rooster"
    state.apply_action(ROOSTER)
    assert state.observation(None)["hand_sizes"] == [5, 5] and state.current_player() == 1


def test_an_empty_draw_pile_is_rebuilt_from_the_discard_pile() -> None:
    state = deal([[], []])
    while state.observation(None)["draw_pile"]:
        swap(state)
    discards = state.observation(None)["discard_pile"]
    assert len(discards) == 67 - 10 and state.observation(None)["reshuffles"] == 0
    state.apply_action(SWAP)
    view = state.observation(None)
    assert view["reshuffles"] == 1 and view["discard_pile"] == []
    assert view["draw_pile"] == len(discards)
    assert Counter(state.observation(OMNISCIENT)["draw_pile_cards"]) == Counter(discards)
    card = state.chance_outcomes()[0][0]
    mover = view["turn_of"]
    assert state.action_to_string(card, 1 - mover) == (
        f"the Discard Pile becomes the new Draw Pile; P{mover} draws a card"
    )
    state.apply_action(card)
    assert state.observation(None)["draw_pile"] == len(discards) - 1


def test_a_card_discarded_after_a_reshuffle_can_be_drawn_again_later() -> None:
    state = deal([[], []])
    while state.observation(None)["reshuffles"] < 2:
        swap(state)
    assert state.observation(None)["reshuffles"] == 2  # the same cards came round twice


# --- Star challenges -----------------------------------------------------------------------------


def test_star_challenge_higher_stars_win_a_good_egg_for_the_attacker() -> None:
    state = deal([[STAR_PECKING_ORDER, ROOSTER], [MOTHER_HEN]])
    state.apply_action(star_action(star(STAR_PECKING_ORDER), chicken(ROOSTER), 1))
    assert state.current_player() == 1 and state.legal_actions() == [ALLOW]
    state.apply_action(ALLOW)
    assert state.observation(None)["phase"] == "star defence"
    assert state.legal_actions() == [DEFEND + chicken(MOTHER_HEN)]
    state.apply_action(DEFEND + chicken(MOTHER_HEN))
    assert eggs(state) == [(2, 0), (0, 0)]
    result = state.observation(None)["last_result"]
    assert "Rooster (Pecking Order 4)" in result and "Mother Hen (3)" in result
    assert "P0 wins and takes a Good Egg from P1" in result
    discard = state.observation(None)["discard_pile"]
    assert Counter(discard) == {"Star Pecking Order": 1, "Rooster": 1, "Mother Hen": 1}
    refill(state)
    assert state.observation(None)["hand_sizes"] == [5, 5]


def test_star_challenge_a_defender_with_more_stars_takes_the_attackers_good_egg() -> None:
    state = deal([[STAR_EGG_HEAD, ROOSTER], [MOTHER_HEN]])  # IQ: Rooster 1, Mother Hen 4
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(ROOSTER), 1))
    state.apply_action(ALLOW)
    state.apply_action(DEFEND + chicken(MOTHER_HEN))
    assert eggs(state) == [(0, 0), (2, 0)]
    assert "P1 wins and takes a Good Egg from P0" in state.observation(None)["last_result"]


def test_star_challenge_same_stars_nobody_wins() -> None:
    state = deal([[STAR_CHICKEN_RUN, ROOSTER], [ROOSTER]])
    state.apply_action(star_action(star(STAR_CHICKEN_RUN), chicken(ROOSTER), 1))
    state.apply_action(ALLOW)
    state.apply_action(DEFEND + chicken(ROOSTER))
    assert eggs(state) == [(1, 0), (1, 0)]
    assert "same stars, nobody wins" in state.observation(None)["last_result"]


def test_star_challenge_the_defender_chooses_which_chicken_and_must_place_one() -> None:
    state = deal([[STAR_EGG_HEAD, BABY_HEN], [ROOSTER, GOLDEN_HEN]])
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(BABY_HEN), 1))
    state.apply_action(ALLOW)
    assert state.legal_actions() == [DEFEND + chicken(GOLDEN_HEN), DEFEND + chicken(ROOSTER)]
    rejects(state, DEFEND_NONE, "holds a Chicken and must place one")
    rejects(state, DEFEND + chicken(MOTHER_HEN), "holds no Mother Hen")
    state.apply_action(DEFEND + chicken(GOLDEN_HEN))  # IQ 3 beats Baby Hen's 2
    assert eggs(state) == [(0, 0), (2, 0)]
    assert hand(state, 1)["Rooster"] == 1


def test_star_challenge_a_defender_without_a_chicken_loses_and_the_chicken_returns_unseen() -> None:
    state = deal([[STAR_EGG_HEAD, MOTHER_HEN], []])
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(MOTHER_HEN), 1))
    state.apply_action(ALLOW)
    assert state.legal_actions() == [DEFEND_NONE]
    assert state.action_to_string(DEFEND_NONE, 1) == "place no Chicken (you hold none)"
    state.apply_action(DEFEND_NONE)
    assert eggs(state) == [(2, 0), (0, 0)]
    assert hand(state, 0)["Mother Hen"] == 1  # taken back
    assert state.observation(None)["discard_pile"] == ["Star Egg Head"]
    for seat in (None, 1):
        view = state.observation(seat)
        assert "Mother Hen" not in repr(view), "the Chicken was never shown"
    refill(state)
    assert state.observation(None)["hand_sizes"] == [5, 5]


def test_star_challenge_the_face_down_chicken_is_hidden_from_everyone_but_its_owner() -> None:
    state = deal([[STAR_EGG_HEAD, MOTHER_HEN], [ROOSTER], []])
    action = star_action(star(STAR_EGG_HEAD), chicken(MOTHER_HEN), 1)
    assert state.action_to_string(action, 0) == "challenge P1: Star Egg Head, Mother Hen face down"
    for viewer in (1, 2, None):
        assert state.action_to_string(action, viewer) == (
            "challenge P1: Star Egg Head, a Chicken face down"
        )
    state.apply_action(action)
    assert state.observation(0)["challenge"]["chicken"] == "Mother Hen"
    assert state.observation(OMNISCIENT)["challenge"]["chicken"] == "Mother Hen"
    for seat in (1, 2, None):
        assert state.observation(seat)["challenge"] == {
            "attacker": 0,
            "card": "Star Egg Head",
            "target": 1,
            "chicken": "face down",
        }
    state.apply_action(ALLOW)
    strings = [state.action_to_string(a, 1) for a in state.legal_actions()]
    assert strings == ["defend with Rooster"]
    state.apply_action(DEFEND + chicken(ROOSTER))  # both turn over: now everyone sees it
    assert "P0's Mother Hen" in state.observation(2)["last_result"]


def test_star_challenge_needs_a_victim_with_a_good_egg_and_a_chicken_in_hand() -> None:
    state = deal([[STAR_EGG_HEAD, BAD_EGG_CARD], [STAR_PECKING_ORDER, MOTHER_HEN], [ROOSTER]])
    assert not any(STAR <= a < SONG for a in state.legal_actions())  # P0 holds no Chicken
    rejects(state, star_action(0, chicken(ROOSTER), 1), "you do not hold Rooster")
    state.apply_action(red(BAD_EGG_CARD, 2))
    state.apply_action(ALLOW)
    refill(state)
    # P1's turn: P2 has no Good Egg left, so only P0 can be challenged.
    legal = state.legal_actions()
    victims = {a % 6 for a in legal if STAR <= a < SONG}
    assert victims == {0}
    rejects(state, star_action(star(STAR_PECKING_ORDER), chicken(MOTHER_HEN), 2), "no Good Egg")
    rejects(state, star_action(star(STAR_PECKING_ORDER), chicken(MOTHER_HEN), 1), "yourself")
    rejects(state, star_action(star(STAR_PECKING_ORDER), chicken(MOTHER_HEN), 5), "no P5")


def sing_to_two(hands: list[list[int]], *draws: int) -> EggBoundState:
    """P0 sings the Egg Laying Song (with the first Chicken of its hand) on turn 1, then
    draws `draws` (or inert cards)."""
    state = deal(hands)
    first = next(c for c in hands[0] if c in CHICKENS)
    state.apply_action(song(first))
    refill(state, *draws)
    return state


def test_the_game_ends_when_a_defender_wins_a_third_good_egg_on_the_attackers_turn() -> None:
    state = deal([[], [EGG_LAYING_SONG, GOLDEN_HEN, ROOSTER], [], [STAR_PECKING_ORDER]])
    swap(state)
    state.apply_action(song(GOLDEN_HEN))  # P1: two Good Eggs
    refill(state)
    swap(state)
    state.apply_action(SWAP)  # P3 draws the Baby Hen and keeps it
    state.apply_action(BABY_HEN)
    spare = next(c for c in hand_types(state, 3) if c not in (STAR_PECKING_ORDER, BABY_HEN))
    state.apply_action(DISCARD + spare - 1)
    refill(state)
    swap(state)  # P0
    assert eggs(state)[1] == (2, 0)
    swap(state)  # P1
    swap(state)  # P2
    state.apply_action(star_action(star(STAR_PECKING_ORDER), chicken(BABY_HEN), 1))
    state.apply_action(ALLOW)
    state.apply_action(DEFEND + chicken(ROOSTER))
    assert state.current_player() == TERMINAL
    assert state.winners() == [1] and state.returns() == [0.0, 1.0, 0.0, 0.0]
    assert state.observation(None)["winners"] == [1]
    assert state.observation(None)["turn_of"] == 3  # it was the attacker's turn


def test_a_star_winner_with_three_eggs_takes_no_egg() -> None:
    hands = [
        [EGG_LAYING_SONG, EGG_LAYING_SONG, GOLDEN_HEN, BABY_HEN, ROOSTER],
        [BAD_EGG_CARD, MOTHER_HEN],
        [],
    ]
    state = sing_to_two(hands, HATCH_IT, EGGY_SOLDIER)
    state.apply_action(red(BAD_EGG_CARD, 0))  # P1 turns one of P0's Good Eggs bad
    state.apply_action(ALLOW)
    refill(state)
    swap(state)  # P2
    state.apply_action(song(BABY_HEN))  # P0: 2 Good + 1 Bad
    refill(state, STAR_PECKING_ORDER)
    assert eggs(state)[0] == (2, 1)
    swap(state)
    swap(state)
    # The three-egg cap: no Egg Laying Song, Hatch It or Eggy Soldier, but a Star is fine.
    legal = state.legal_actions()
    assert not any(SONG <= a < RED for a in legal)
    assert red(EGGY_SOLDIER, 1) not in legal
    rejects(state, hatch(ROOSTER, 1), "already have 3 eggs")
    rejects(state, red(EGGY_SOLDIER, 1), "already have 3 eggs")
    state.apply_action(star_action(star(STAR_PECKING_ORDER), chicken(ROOSTER), 1))
    state.apply_action(ALLOW)
    state.apply_action(DEFEND + chicken(MOTHER_HEN))
    assert eggs(state)[:2] == [(2, 1), (1, 0)]
    assert "already has 3 eggs" in state.observation(None)["last_result"]


def test_a_star_winner_cannot_take_from_a_loser_without_good_eggs() -> None:
    state = deal([[STAR_EGG_HEAD, ROOSTER], [MOTHER_HEN, BAD_EGG_CARD], []])
    swap(state)
    state.apply_action(red(BAD_EGG_CARD, 0))  # P0 now has no Good Egg
    state.apply_action(ALLOW)
    refill(state)
    swap(state)
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(ROOSTER), 1))
    state.apply_action(ALLOW)
    state.apply_action(DEFEND + chicken(MOTHER_HEN))  # the defender wins, on IQ
    assert eggs(state)[:2] == [(0, 1), (1, 0)]
    assert "P0 has no Good Egg to take" in state.observation(None)["last_result"]


# --- the other Chicken Actions ----------------------------------------------------------------


def test_egg_laying_song_takes_a_good_egg_from_the_egg_pile() -> None:
    state = deal([[EGG_LAYING_SONG, GOLDEN_HEN], []])
    pile = state.observation(None)["egg_pile"]
    state.apply_action(song(GOLDEN_HEN))
    assert state.observation(None)["phase"] == "refill"  # no Cluck-Off window
    assert eggs(state)[0] == (2, 0) and state.observation(None)["egg_pile"] == pile - 1
    assert state.observation(None)["discard_pile"] == ["Egg Laying Song", "Golden Hen"]
    refill(state)
    assert state.observation(None)["hand_sizes"] == [5, 5]


def test_egg_laying_song_needs_a_chicken() -> None:
    state = deal([[EGG_LAYING_SONG], []])
    assert not any(SONG <= a < HATCH for a in state.legal_actions())
    rejects(state, song(ROOSTER), "you do not hold Rooster to play with it")


def drive(
    state: EggBoundState,
    wanted: tuple[int, ...],
    plan: Any,
    done: Any,
    keep: Any = lambda state, mover: set(),
) -> None:
    """Play until `done(state)`: `plan(state, mover, legal)` picks a turn's play (None: swap,
    discarding a card not in `keep(state, mover)` if possible); draws give `wanted` cards
    when the Draw Pile has them; cards played against a player are let happen."""
    for _ in range(5000):
        if done(state):
            return
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(pick(state, list(wanted)))
            continue
        mover = state.current_player()
        legal = state.legal_actions()
        phase = state.observation(None)["phase"]
        if phase != "turn":
            state.apply_action(ALLOW if ALLOW in legal else legal[0])
            continue
        action = plan(state, mover, legal)
        if action is not None:
            state.apply_action(action)
            continue
        state.apply_action(SWAP)
        state.apply_action(pick(state, list(wanted)))
        mine = hand_types(state, mover)
        kept = keep(state, mover)
        spare = min(mine, key=lambda c: (c in kept, c))
        state.apply_action(DISCARD + spare - 1)
    raise AssertionError("the scenario did not get there")


def test_the_egg_pile_empties_only_when_six_players_hold_three_eggs_each() -> None:
    """Eighteen Egg cards, three at most in front of a player: only six players can empty
    the Egg Pile, and then everyone is at the cap, so the Egg Laying Song is illegal twice
    over. An Egg-Splosion puts an egg back, Good side up, and the song is possible again.
    The players here sing up to two Good Eggs, and a red Bad Egg turns one of them bad (the
    fifth and sixth Bad Eggs need a red Bad Egg card to come round after a reshuffle)."""
    wanted = (EGG_LAYING_SONG, BAD_EGG_CARD, ROOSTER, MOTHER_HEN)

    def sing_or_spoil(state: EggBoundState, mover: int, legal: list[int]) -> int | None:
        good = eggs(state)[mover][0]
        sings = [a for a in legal if SONG <= a < HATCH]
        if sings and good < 2:
            return sings[0]
        for victim, (g, b) in enumerate(eggs(state)):
            if g == 2 and b == 0 and red(BAD_EGG_CARD, victim) in legal:
                return red(BAD_EGG_CARD, victim)
        return None

    chickens = (ROOSTER, ROOSTER, MOTHER_HEN, MOTHER_HEN)
    state = deal(
        [[EGG_LAYING_SONG, c, BAD_EGG_CARD] for c in chickens]
        + [[GOLDEN_HEN, BAD_EGG_CARD], [BABY_HEN]],
        max_turns=2000,
    )

    def useful(state: EggBoundState, mover: int) -> set[int]:
        good, bad = eggs(state)[mover]
        can_sing = good < 2 and good + bad < 3
        return {BAD_EGG_CARD, *((EGG_LAYING_SONG, *CHICKENS) if can_sing else ())}

    empty = lambda s: s.observation(None)["egg_pile"] == 0  # noqa: E731
    drive(state, wanted, sing_or_spoil, empty, useful)
    assert eggs(state) == [(2, 1)] * 6
    refill(state)
    assert not any(SONG <= a < HATCH for a in state.legal_actions())

    def explode(state: EggBoundState, mover: int, legal: list[int]) -> int | None:
        action = red(EGG_SPLOSION, (mover + 1) % 6)
        return action if action in legal else None

    exploding = lambda s: s.observation(None)["phase"] == "egg-splosion"  # noqa: E731
    drive(state, (EGG_SPLOSION,), explode, exploding)
    victim = state.observation(None)["challenge"]["target"]
    state.apply_action(EXPLODE_BAD)
    assert state.observation(None)["egg_pile"] == 1
    assert eggs(state)[victim] == (2, 0)  # room again, and an egg to sing for


def test_hatch_it_takes_a_good_egg_and_the_victim_may_keep_the_chicken() -> None:
    state = deal([[HATCH_IT, ROOSTER], [FOWL]])
    state.apply_action(hatch(ROOSTER, 1))
    assert state.observation(1)["challenge"]["chicken"] == "Rooster"  # face up
    state.apply_action(ALLOW)
    assert eggs(state) == [(2, 0), (0, 0)]
    assert state.current_player() == 1 and state.observation(None)["phase"] == "keep the chicken"
    legal = state.legal_actions()
    assert legal[0] == DECLINE and KEEP + FOWL - 1 in legal
    assert state.action_to_string(KEEP + FOWL - 1, 1) == "keep the Rooster, discard Fowl"
    state.apply_action(KEEP + FOWL - 1)
    assert hand(state, 1)["Rooster"] == 1 and hand(state, 1)["Fowl"] == 0
    assert state.observation(None)["hand_sizes"][1] == 5
    assert Counter(state.observation(None)["discard_pile"]) == {"Hatch It": 1, "Fowl": 1}


def test_hatch_it_victim_may_decline_the_chicken() -> None:
    state = deal([[HATCH_IT, ROOSTER], [ROOSTER]])
    state.apply_action(hatch(ROOSTER, 1))
    state.apply_action(ALLOW)
    # Keeping a Rooster by discarding one's own Rooster is the same as declining: not offered.
    assert KEEP + ROOSTER - 1 not in state.legal_actions()
    rejects(state, KEEP + ROOSTER - 1, "same as not keeping it")
    state.apply_action(DECLINE)
    assert hand(state, 1)["Rooster"] == 1
    assert Counter(state.observation(None)["discard_pile"]) == {"Hatch It": 1, "Rooster": 1}
    refill(state)
    assert state.observation(None)["hand_sizes"] == [5, 5]


def test_hatch_it_needs_room_and_a_victim_with_a_good_egg() -> None:
    state = deal([[HATCH_IT, ROOSTER, BAD_EGG_CARD], [], []])
    state.apply_action(red(BAD_EGG_CARD, 2))
    state.apply_action(ALLOW)
    refill(state)
    swap(state)
    swap(state)
    assert hatch(ROOSTER, 1) in state.legal_actions()
    rejects(state, hatch(ROOSTER, 2), "P2 is not a legal target because they have no Good Egg")


def test_a_third_good_egg_from_hatch_it_ends_the_game_before_the_keep_choice() -> None:
    state = sing_to_two([[EGG_LAYING_SONG, GOLDEN_HEN, HATCH_IT, ROOSTER], []])
    swap(state)
    state.apply_action(hatch(ROOSTER, 1))
    state.apply_action(ALLOW)
    assert state.is_terminal() and state.winners() == [0]
    assert state.returns() == [1.0, 0.0]


def test_egg_bound_blocks_the_egg_laying_song_but_not_hatch_it() -> None:
    state = deal([[EGG_BOUND_CARD], [EGG_LAYING_SONG, GOLDEN_HEN, HATCH_IT, UN_BOUND]])
    state.apply_action(red(EGG_BOUND_CARD, 1))
    state.apply_action(ALLOW)
    refill(state)
    assert state.observation(None)["egg_bound"] == [False, True]
    legal = state.legal_actions()
    assert song(GOLDEN_HEN) not in legal
    assert hatch(GOLDEN_HEN, 0) in legal
    rejects(state, song(GOLDEN_HEN), "you are Egg Bound")
    state.apply_action(hatch(GOLDEN_HEN, 0))
    state.apply_action(ALLOW)
    assert eggs(state) == [(0, 0), (2, 0)]


# --- red Regular Actions -------------------------------------------------------------------------


def test_red_bad_egg_turns_one_of_the_victims_good_eggs_bad() -> None:
    state = deal([[BAD_EGG_CARD, BAD_EGG_CARD], [], []])
    state.apply_action(red(BAD_EGG_CARD, 1))
    assert state.observation(None)["phase"] == "cluck-off window"
    state.apply_action(ALLOW)
    assert eggs(state) == [(1, 0), (0, 1), (1, 0)]
    assert state.observation(None)["discard_pile"] == ["red Bad Egg"]
    refill(state)
    swap(state)
    swap(state)
    assert red(BAD_EGG_CARD, 1) not in state.legal_actions()
    rejects(state, red(BAD_EGG_CARD, 1), "no Good Egg")


def test_egg_splosion_returns_the_victims_only_egg_to_the_egg_pile() -> None:
    state = deal([[EGG_SPLOSION], []])
    pile = state.observation(None)["egg_pile"]
    state.apply_action(red(EGG_SPLOSION, 1))
    state.apply_action(ALLOW)
    assert eggs(state) == [(1, 0), (0, 0)]
    assert state.observation(None)["egg_pile"] == pile + 1


def test_egg_splosion_attacker_chooses_a_good_or_a_bad_egg_when_the_victim_has_both() -> None:
    state = sing_to_two([[EGG_LAYING_SONG, GOLDEN_HEN], [BAD_EGG_CARD], [EGG_SPLOSION]])
    state.apply_action(red(BAD_EGG_CARD, 0))
    state.apply_action(ALLOW)
    refill(state)
    assert eggs(state)[0] == (1, 1)
    rejects(state, red(EGG_SPLOSION, 2), "yourself")
    state.apply_action(red(EGG_SPLOSION, 0))
    state.apply_action(ALLOW)
    assert state.current_player() == 2 and state.observation(None)["phase"] == "egg-splosion"
    assert state.legal_actions() == [EXPLODE_GOOD, EXPLODE_BAD]
    assert state.action_to_string(EXPLODE_BAD, 2) == "explode one of P0's Bad Eggs"
    pile = state.observation(None)["egg_pile"]
    state.apply_action(EXPLODE_BAD)
    assert eggs(state)[0] == (1, 0)
    assert state.observation(None)["egg_pile"] == pile + 1


def test_egg_splosion_needs_a_victim_with_an_egg() -> None:
    state = deal([[EGG_SPLOSION, EGG_SPLOSION], []])
    state.apply_action(red(EGG_SPLOSION, 1))
    state.apply_action(ALLOW)
    refill(state)
    swap(state)
    rejects(state, red(EGG_SPLOSION, 1), "P1 has no egg to explode")


def test_eggy_soldier_takes_a_good_egg() -> None:
    state = deal([[EGGY_SOLDIER], []])
    state.apply_action(red(EGGY_SOLDIER, 1))
    state.apply_action(ALLOW)
    assert eggs(state) == [(2, 0), (0, 0)]


def test_egg_bound_goes_in_front_of_the_victim_until_un_bound() -> None:
    state = deal([[EGG_BOUND_CARD, EGG_BOUND_CARD], [UN_BOUND], []])
    state.apply_action(red(EGG_BOUND_CARD, 1))
    state.apply_action(ALLOW)
    assert state.observation(None)["egg_bound"] == [False, True, False]
    assert state.observation(None)["discard_pile"] == []
    assert state.card_places()["front 1"] == [EGG_BOUND_CARD]
    refill(state)
    assert UNBIND in state.legal_actions()
    state.apply_action(UNBIND)
    assert state.observation(None)["egg_bound"] == [False, False, False]
    assert Counter(state.observation(None)["discard_pile"]) == {"Un-Bound": 1, "red Egg Bound": 1}
    refill(state)
    assert state.observation(None)["hand_sizes"] == [5, 5, 5]


def test_egg_bound_is_not_a_legal_target_for_a_player_already_egg_bound() -> None:
    state = deal([[EGG_BOUND_CARD, EGG_BOUND_CARD], [], []])
    state.apply_action(red(EGG_BOUND_CARD, 1))
    state.apply_action(ALLOW)
    refill(state)
    swap(state)
    swap(state)
    assert red(EGG_BOUND_CARD, 1) not in state.legal_actions()
    rejects(state, red(EGG_BOUND_CARD, 1), "P1 is already Egg Bound")
    rejects(state, UNBIND, "you do not hold Un-Bound")


def test_un_bound_needs_an_egg_bound_card_in_front_of_you() -> None:
    state = deal([[UN_BOUND], []])
    assert UNBIND not in state.legal_actions()
    rejects(state, UNBIND, "you are not Egg Bound")


def test_fowl_makes_the_victim_lose_their_next_turn() -> None:
    state = deal([[FOWL], [BAD_EGG_CARD], []])
    state.apply_action(red(FOWL, 1))
    state.apply_action(ALLOW)
    refill(state)
    assert state.observation(None)["fowl"] == [False, True, False]
    assert state.current_player() == 1 and state.legal_actions() == [LOSE_TURN]
    rejects(state, red(BAD_EGG_CARD, 0), "you are Fowled")
    state.apply_action(LOSE_TURN)
    assert state.observation(None)["fowl"] == [False, False, False]
    assert state.observation(None)["discard_pile"].count("Fowl") == 1
    assert state.current_player() == 2 and state.observation(None)["hand_sizes"][1] == 5


def test_fowl_is_not_a_legal_target_for_a_player_already_fowled() -> None:
    state = deal([[], [FOWL], [FOWL]])
    swap(state)
    state.apply_action(red(FOWL, 0))
    state.apply_action(ALLOW)
    refill(state)
    assert red(FOWL, 0) not in state.legal_actions()
    rejects(state, red(FOWL, 0), "P0 already has a Fowl in front of them")


def test_a_fowled_player_may_still_cluck_off_on_another_players_turn() -> None:
    state = deal([[CLUCK_OFF], [FOWL], [BAD_EGG_CARD]])
    swap(state)
    state.apply_action(red(FOWL, 0))
    state.apply_action(ALLOW)
    refill(state)
    state.apply_action(red(BAD_EGG_CARD, 0))
    assert state.current_player() == 0 and state.legal_actions() == [ALLOW, CLUCK]
    state.apply_action(CLUCK)
    assert eggs(state)[0] == (1, 0)


# --- green Undo cards ---------------------------------------------------------------------------


def test_green_good_egg_turns_one_of_your_bad_eggs_good() -> None:
    state = deal([[], [BAD_EGG_CARD]])  # P0's fillers start with green Good Eggs
    assert GOOD_EGG not in state.legal_actions()
    rejects(state, GOOD_EGG, "you have no Bad Egg to turn good")
    swap(state)
    state.apply_action(red(BAD_EGG_CARD, 0))
    state.apply_action(ALLOW)
    refill(state)
    assert eggs(state)[0] == (0, 1)
    state.apply_action(GOOD_EGG)
    assert state.observation(None)["phase"] == "refill"  # nothing to answer
    assert eggs(state)[0] == (1, 0)


@pytest.mark.parametrize(
    "card",
    [STAR_EGG_HEAD, HATCH_IT, BAD_EGG_CARD, EGG_SPLOSION, EGGY_SOLDIER, EGG_BOUND_CARD, FOWL],
)
def test_cluck_off_cancels_every_card_played_against_you(card: int) -> None:
    attacker = [card, ROOSTER] if card in (STAR_EGG_HEAD, HATCH_IT) else [card]
    state = deal([attacker, [CLUCK_OFF, MOTHER_HEN], []])
    if card == STAR_EGG_HEAD:
        action = star_action(star(card), chicken(ROOSTER), 1)
    elif card == HATCH_IT:
        action = hatch(ROOSTER, 1)
    else:
        action = red(card, 1)
    before = eggs(state)
    state.apply_action(action)
    assert state.current_player() == 1 and state.legal_actions() == [ALLOW, CLUCK]
    assert state.action_to_string(CLUCK, 1) == f"play Cluck-Off against P0's {CARD_NAMES[card]}"
    state.apply_action(CLUCK)
    view = state.observation(None)
    assert eggs(state) == before
    assert view["egg_bound"] == [False] * 3 and view["fowl"] == [False] * 3
    expected = Counter(CARD_NAMES[c] for c in [*attacker, CLUCK_OFF])
    assert Counter(view["discard_pile"]) == expected  # the Chicken too, turned over
    assert f"P1 played Cluck-Off against {CARD_NAMES[card]}" in view["last_result"]
    assert view["hand_sizes"] == [5 - len(attacker), 4, 5]
    refill(state)
    assert state.observation(None)["hand_sizes"] == [5, 5, 5]
    assert state.current_player() == 1


def test_the_cluck_off_window_opens_even_for_a_target_without_cluck_off() -> None:
    with_card = deal([[BAD_EGG_CARD], [CLUCK_OFF]])
    without = deal([[BAD_EGG_CARD], []])
    for state in (with_card, without):
        state.apply_action(red(BAD_EGG_CARD, 1))
    assert with_card.observation(0) == without.observation(0)  # the attacker learns nothing
    assert with_card.observation(None) == without.observation(None)
    assert without.current_player() == 1 and without.legal_actions() == [ALLOW]
    rejects(without, CLUCK, "P1 holds no Cluck-Off")
    assert without.action_to_string(ALLOW, 1) == "let P0's red Bad Egg happen"


def test_cards_not_played_against_anyone_open_no_window() -> None:
    state = deal([[EGG_LAYING_SONG, GOLDEN_HEN], [CLUCK_OFF]])
    state.apply_action(song(GOLDEN_HEN))
    assert state.is_chance_node()  # straight to the refill


def test_cluck_off_cannot_be_played_on_your_own_turn() -> None:
    state = deal([[CLUCK_OFF], []])
    assert CLUCK not in state.legal_actions()
    rejects(state, CLUCK, "now it is your turn to swap or play")


# --- the end --------------------------------------------------------------------------------------


def test_three_good_eggs_win_at_once() -> None:
    state = sing_to_two([[EGG_LAYING_SONG, EGG_LAYING_SONG, GOLDEN_HEN, ROOSTER], []])
    swap(state)
    state.apply_action(song(ROOSTER))
    assert state.is_terminal() and state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    rejects(state, SWAP, "the game is over")


def test_the_turn_cap_ends_the_game_with_no_winner() -> None:
    state = deal([[], [], []], max_turns=2)
    swap(state)
    assert not state.is_terminal()
    state.apply_action(SWAP)
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.winners() == []
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.observation(None)["winners"] == []


@pytest.mark.parametrize("players", [2, 6])
def test_game_length_bound_is_five_per_player_plus_six_per_turn(players: int) -> None:
    game = EggBoundGame(players=players, max_turns=50)
    assert game.max_game_length() == 5 * players + 6 * 50


# --- illegal actions and parameters ---------------------------------------------------------


def test_illegal_actions_are_refused_with_a_reason() -> None:
    state = deal([[BAD_EGG_CARD], []])
    rejects(state, True, "an action is an int, not bool")
    rejects(state, 1.0, "an action is an int, not float")
    rejects(state, -1, "actions are 0-177")
    rejects(state, NUM_ACTIONS, "actions are 0-177")
    rejects(state, red(FOWL, 1), "you do not hold Fowl")
    rejects(state, DISCARD, "swap first")
    rejects(state, LOSE_TURN, "you have no Fowl in front of you")
    rejects(state, ALLOW, "answers or finishes a card already played")
    state.apply_action(SWAP)
    rejects(state, EGG, "Egg cards are never in the Draw Pile")
    rejects(state, 18, "chance outcomes are card types 0-17")
    rejects(state, UN_BOUND, "no Un-Bound is left in the Draw Pile")  # all three dealt


def test_illegal_answers_are_refused_with_a_reason() -> None:
    state = deal([[BAD_EGG_CARD, STAR_EGG_HEAD, ROOSTER], [], []])
    state.apply_action(red(BAD_EGG_CARD, 1))
    rejects(state, SWAP, "may only let red Bad Egg happen or play Cluck-Off")
    state.apply_action(ALLOW)
    refill(state)
    state.apply_action(SWAP)
    state.apply_action(FOWL)
    rejects(state, DISCARD + ROOSTER - 1, "you do not hold Rooster")
    rejects(state, SWAP, "after a swap you must discard a card")


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"players": 1}, "players"),
        ({"players": 7}, "players"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": "many"}, "max_turns"),
        ({"max_turns": True}, "max_turns"),
        ({"turns": 3}, "turns"),
    ],
)
def test_bad_parameters_name_the_parameter(params: dict[str, Any], name: str) -> None:
    with pytest.raises(ParameterError, match=repr(name)):
        EggBoundGame(**params)


def test_every_card_is_somewhere_through_a_busy_turn() -> None:
    state = deal([[STAR_EGG_HEAD, ROOSTER], [CLUCK_OFF]])
    expected = Counter(FULL_DECK)
    for action in (star_action(star(STAR_EGG_HEAD), chicken(ROOSTER), 1), ALLOW, DEFEND_NONE):
        state.apply_action(action)
        seen: Counter[int] = Counter()
        for cards in state.card_places().values():
            seen.update(cards)
        assert seen == expected
    assert state.card_places()["play area"] == []
