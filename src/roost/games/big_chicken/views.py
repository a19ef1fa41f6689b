"""What each seat sees of a BIG CHICKEN state: the one door of `observation(seat)`.

Everything here is public except a seat's own hand (and, for `OMNISCIENT`, every hand and the
contents of the face-down piles). The discard pile is shown by size only: after a penalty draw
its contents are known only to the player who drew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roost.core.game import OMNISCIENT
from roost.games.big_chicken.cards import CARD_NAMES
from roost.games.big_chicken.lays import LAY_TEXT
from roost.games.big_chicken.table import (
    CATCHING,
    DEAL,
    OVER,
    PHASE_NAMES,
    QUIET,
    SAID,
    TIE_DRAW,
)

if TYPE_CHECKING:
    from roost.games.big_chicken.state import BigChickenState


def names(cards: list[int] | tuple[int, ...]) -> list[str]:
    """Readable names of card types, in pecking order (lowest first)."""
    return [CARD_NAMES[card] for card in sorted(cards)]


def observation(state: BigChickenState, seat: int | None) -> dict[str, Any]:

    game = state.game
    n = game.num_players
    phase = state._phase
    player = state.current_player()
    run = [
        {"seat": p, "lay": LAY_TEXT[action]}
        for p, action in zip(state._run_seats, state._run_actions, strict=True)
    ]
    last_egg_words = {SAID: "said", QUIET: "quiet"}
    obs: dict[str, Any] = {
        "game": game.name,
        "players": n,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASE_NAMES[phase],
        "current_player": player if player >= 0 else None,
        "round": min(state._round + 1, game.rounds),
        "rounds": game.rounds,
        "direction": "cluckwise" if state._direction == 1 else "counter-cluckwise",
        "hand_sizes": list(state._sizes),
        "dealer": state._dealer,
        "leader": state._leader if state._leader >= 0 and phase != DEAL else None,
        "shown": (
            {"seat": state._leader, "card": CARD_NAMES[state._shown]}
            if state._shown >= 0 and state._leader >= 0
            else None
        ),
        "run": run,
        "to_beat": LAY_TEXT[state._top] if state._top > 0 else None,
        "clucked": [p for p in range(n) if state._clucks >> p & 1],
        "last_egg": [last_egg_words.get(value) for value in state._last_egg],
        "catches": list(state._catches),
        "penalties": list(state._penalties),
        "scores": list(state._totals),
        "round_scores": [list(scores) for scores in state._round_scores],
        "good_egg": state._good if state._good >= 0 else None,
        "bad_egg": state._bad if state._bad >= 0 else None,
        "exchange": {
            "given": CARD_NAMES[state._given] if state._given >= 0 else None,
            "returned": CARD_NAMES[state._returned] if state._returned >= 0 else None,
        },
        "discard_size": len(state._discard),
        "deck_size": len(state._pool),
        "last_round_hands": (
            [names(hand) for hand in state._last_hands] if state._last_hands is not None else None
        ),
        "last_egg_rule": "strict" if game.strict else "auto",
    }
    if phase == CATCHING:
        obs["quiet_player"] = state._caught
    if seat is not None and seat >= 0:
        obs["hand"] = names(state.hand(seat))
    if seat == OMNISCIENT:
        obs["hands"] = [names(state.hand(p)) for p in range(n)]
        obs["deck_pool"] = names(state._pool)
        obs["discard"] = names(state._discard)
    if phase in (TIE_DRAW, OVER) and state._round >= game.rounds:
        obs["tie_draws"] = [{"seat": p, "card": CARD_NAMES[c]} for p, c in state._tie_draws]
        obs["rotten_eggs"] = state.rotten_eggs()
    if phase == OVER:
        obs["winners"] = state.winners()
        obs["golden_egg"] = state.winners()
    return obs
