"""What Egg Bound tells each seat: observations, action descriptions and the reasons an action
is not legal. A mixin of `EggBoundState`, kept apart so the state machine stays readable; it
only reads the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roost.core.game import OMNISCIENT
from roost.games.egg_bound.actions import (
    ALLOW,
    CLUCK,
    DECLINE,
    DEFEND,
    DEFEND_NONE,
    DISCARD,
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
    decode_star,
)
from roost.games.egg_bound.cards import (
    CARD_NAMES,
    CHICKENS,
    EGG,
    EGG_BOUND_CARD,
    EGG_CAP,
    EGG_LAYING_SONG,
    EGG_SPLOSION,
    EGGY_SOLDIER,
    GOOD_EGG_CARD,
    HATCH_IT,
    MAX_PLAYERS,
    NUM_TYPES,
    RED_ACTIONS,
    STARS,
    UN_BOUND,
)
from roost.games.egg_bound.phases import (
    CHANCE_PHASES,
    DEALING,
    DEFENDING,
    EXPLODING,
    KEEPING,
    OVER,
    PHASE_NAMES,
    REACT,
    SWAP_DISCARD,
)

if TYPE_CHECKING:
    from roost.games.egg_bound.game import EggBoundGame


class Explained:
    """Observations, descriptions and reasons for `EggBoundState` (which sets every field)."""

    __slots__ = ()

    _bad: list[int]
    _bound: list[bool]
    _card: int
    _chicken: int
    _discard: list[int]
    _egg_pile: int
    _epochs: list[tuple[int, ...]]
    _fowl: list[bool]
    _fresh: bool
    _game: EggBoundGame
    _good: list[int]
    _hands: list[list[int]]
    _mover: int
    _phase: int
    _player: int
    _pool: list[int]
    _result: str
    _star: int
    _target: int
    _turn: int
    _winner: int

    def winners(self) -> list[int]:
        """The winner (once the game is over), or nobody when the turn cap ended it."""
        return [self._winner] if self._winner >= 0 else []

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        game = self._game
        game.check_seat(seat)
        n = game.num_players
        phase = self._phase
        deciding = phase not in CHANCE_PHASES and phase != OVER
        obs: dict[str, Any] = {
            "game": game.name,
            "players": n,
            "seat": seat if seat != OMNISCIENT else None,
            "phase": PHASE_NAMES[phase],
            "current_player": self._player if deciding else None,
            "turn_of": self._mover if phase != DEALING else None,
            "turn": self._turn if phase == OVER and self._winner < 0 else self._turn + 1,
            "max_turns": game.max_turns,
            "good_eggs": list(self._good),
            "bad_eggs": list(self._bad),
            "egg_pile": self._egg_pile,
            "egg_bound": list(self._bound),
            "fowl": list(self._fowl),
            "hand_sizes": [len(hand) for hand in self._hands],
            "draw_pile": len(self._pool),
            "discard_pile": [CARD_NAMES[card] for card in self._discard],
            "reshuffles": len(self._epochs),
            "challenge": self._challenge_view(seat),
            "last_result": self._result,
        }
        if seat is not None and seat >= 0:
            obs["hand"] = sorted_names(self._hands[seat])
        if seat == OMNISCIENT:
            obs["hands"] = [sorted_names(hand) for hand in self._hands]
            obs["draw_pile_cards"] = sorted_names(self._pool)
        if phase == OVER:
            obs["winners"] = self.winners()
        return obs

    def _challenge_view(self, seat: int | None) -> dict[str, Any] | None:
        """The card being resolved, with the face-down Chicken hidden from all but its owner."""
        if self._phase not in (REACT, DEFENDING, KEEPING, EXPLODING):
            return None
        chicken: str | None = None
        if self._chicken >= 0:
            face_down = self._star >= 0
            if face_down and seat not in (self._mover, OMNISCIENT):
                chicken = "face down"
            else:
                chicken = CARD_NAMES[self._chicken]
        return {
            "attacker": self._mover,
            "card": CARD_NAMES[self._card],
            "target": self._target,
            "chicken": chicken,
        }

    # --- descriptions --------------------------------------------------------------------------

    def action_to_string(self, action: int, viewer: int | None = None) -> str:
        self._game.check_seat(viewer)
        phase = self._phase
        if phase in CHANCE_PHASES:
            if not 0 <= action < NUM_TYPES:
                raise ValueError(f"chance outcome {action} is not a card type (0-{NUM_TYPES - 1})")
            seat = self._player
            shown = CARD_NAMES[action] if viewer in (seat, OMNISCIENT) else "a card"
            if phase == DEALING:
                return f"P{seat} is dealt {shown}"
            prefix = "the Discard Pile becomes the new Draw Pile; " if self._fresh else ""
            return f"{prefix}P{seat} draws {shown}"
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"action {action} is not an Egg Bound action (0-{NUM_ACTIONS - 1})")
        if STAR <= action < SONG:
            star, c, victim = decode_star(action)
            sees = viewer in (self._mover, OMNISCIENT)
            chicken = CARD_NAMES[CHICKENS[c]] if sees else "a Chicken"
            return f"challenge P{victim}: {CARD_NAMES[STARS[star]]}, {chicken} face down"
        return self._decision_string(action)

    def _decision_string(self, action: int) -> str:
        if action == SWAP:
            return "swap: draw a card, then discard one"
        if action < STAR:
            return f"discard {CARD_NAMES[action - DISCARD + 1]}"
        if action < HATCH:
            chicken = CARD_NAMES[CHICKENS[action - SONG]]
            return f"sing the Egg Laying Song with {chicken}: take a Good Egg from the Egg Pile"
        if action < RED:
            c, victim = divmod(action - HATCH, MAX_PLAYERS)
            return f"Hatch It on P{victim} with {CARD_NAMES[CHICKENS[c]]}"
        if action < GOOD_EGG:
            r, victim = divmod(action - RED, MAX_PLAYERS)
            return f"play {CARD_NAMES[RED_ACTIONS[r]]} on P{victim}"
        if action == GOOD_EGG:
            return "play green Good Egg: turn one of your Bad Eggs good"
        if action == UNBIND:
            return "play Un-Bound: remove the Egg Bound card in front of you"
        if action == LOSE_TURN:
            return "lose this turn to the Fowl"
        pending = CARD_NAMES[self._card] if self._card >= 0 else "the card"
        attacker = f"P{self._mover}"
        if action == ALLOW:
            return f"let {attacker}'s {pending} happen"
        if action == CLUCK:
            return f"play Cluck-Off against {attacker}'s {pending}"
        if action < DEFEND_NONE:
            return f"defend with {CARD_NAMES[CHICKENS[action - DEFEND]]}"
        if action == DEFEND_NONE:
            return "place no Chicken (you hold none)"
        kept = CARD_NAMES[self._chicken] if self._chicken >= 0 else "the Chicken"
        if action == DECLINE:
            return f"do not keep the {kept}"
        if action < EXPLODE_GOOD:
            return f"keep the {kept}, discard {CARD_NAMES[action - KEEP + 1]}"
        whose = f"P{self._target}" if self._target >= 0 else "the victim"
        side = "Good" if action == EXPLODE_GOOD else "Bad"
        return f"explode one of {whose}'s {side} Eggs"

    def _why_illegal(self, action: object) -> str:
        phase = self._phase
        if type(action) is not int:
            return f"an action is an int, not {type(action).__name__}"
        if phase == OVER:
            return "the game is over"
        if phase in CHANCE_PHASES:
            if not 0 <= action < NUM_TYPES:
                return f"chance outcomes are card types 0-{NUM_TYPES - 1}"
            if action == EGG:
                return "Egg cards are never in the Draw Pile"
            return f"no {CARD_NAMES[action]} is left in the Draw Pile"
        if not 0 <= action < NUM_ACTIONS:
            return f"actions are 0-{NUM_ACTIONS - 1}"
        who = self._player
        if phase == REACT:
            if action == CLUCK:
                return f"P{who} holds no Cluck-Off"
            return f"P{who} may only let {CARD_NAMES[self._card]} happen or play Cluck-Off"
        if phase == DEFENDING:
            if DEFEND <= action < DEFEND_NONE:
                return f"P{who} holds no {CARD_NAMES[CHICKENS[action - DEFEND]]}"
            if action == DEFEND_NONE:
                return f"P{who} holds a Chicken and must place one"
            return f"P{who} must place a Chicken (or none, holding none) for the Star challenge"
        if phase == KEEPING:
            if KEEP <= action < EXPLODE_GOOD:
                card = action - KEEP + 1
                if card == self._chicken:
                    return "discarding the kept Chicken's twin is the same as not keeping it"
                return f"P{who} holds no {CARD_NAMES[card]} to discard"
            return f"P{who} decides whether to keep the {CARD_NAMES[self._chicken]}"
        if phase == EXPLODING:
            return "choose which of the victim's eggs to explode: a Good or a Bad one"
        if phase == SWAP_DISCARD:
            if DISCARD <= action < STAR:
                return f"you do not hold {CARD_NAMES[action - DISCARD + 1]}"
            return "after a swap you must discard a card"
        return self._why_illegal_play(action)

    def _why_illegal_play(self, action: int) -> str:
        """Why a play on your own turn is not legal."""
        p = self._mover
        hand = self._hands[p]
        n = self._game.num_players
        if self._fowl[p]:
            return "you are Fowled: you lose this turn"
        if action == LOSE_TURN:
            return "you have no Fowl in front of you"
        if action > LOSE_TURN:
            return (
                "that action answers or finishes a card already played; "
                "now it is your turn to swap or play"
            )
        if action == SWAP:
            return "the Draw Pile and the Discard Pile are both empty"
        if action < STAR:
            return "swap first: you discard after drawing"
        eggs = self._good[p] + self._bad[p]
        if action < SONG:
            star, c, victim = decode_star(action)
            card, chicken = STARS[star], CHICKENS[c]
            return (
                self._missing(hand, card, chicken)
                or self._bad_victim(victim, p, n, need_good=True)
                or "not legal"
            )
        if action < HATCH:
            chicken = CHICKENS[action - SONG]
            missing = self._missing(hand, EGG_LAYING_SONG, chicken)
            if missing:
                return missing
            if eggs >= EGG_CAP:
                return f"you already have {EGG_CAP} eggs"
            if self._bound[p]:
                return "you are Egg Bound: no Egg Laying Song until you are Un-Bound"
            return "the Egg Pile is empty"
        if action < RED:
            c, victim = divmod(action - HATCH, MAX_PLAYERS)
            missing = self._missing(hand, HATCH_IT, CHICKENS[c])
            if missing:
                return missing
            if eggs >= EGG_CAP:
                return f"you already have {EGG_CAP} eggs"
            return self._bad_victim(victim, p, n, need_good=True) or "not legal"
        if action < GOOD_EGG:
            r, victim = divmod(action - RED, MAX_PLAYERS)
            card = RED_ACTIONS[r]
            if card not in hand:
                return f"you do not hold {CARD_NAMES[card]}"
            if card == EGGY_SOLDIER and eggs >= EGG_CAP:
                return f"you already have {EGG_CAP} eggs"
            reason = self._bad_victim(victim, p, n, need_good=card != EGG_SPLOSION)
            if reason:
                return reason
            if card == EGG_SPLOSION:
                return f"P{victim} has no egg to explode"
            if card == EGG_BOUND_CARD:
                return f"P{victim} is already Egg Bound"
            return f"P{victim} already has a Fowl in front of them"
        if action == GOOD_EGG:
            if GOOD_EGG_CARD not in hand:
                return "you do not hold green Good Egg"
            return "you have no Bad Egg to turn good"
        if UN_BOUND not in hand:
            return "you do not hold Un-Bound"
        return "you are not Egg Bound"

    @staticmethod
    def _missing(hand: list[int], card: int, chicken: int) -> str:
        if card not in hand:
            return f"you do not hold {CARD_NAMES[card]}"
        if chicken not in hand:
            return f"you do not hold {CARD_NAMES[chicken]} to play with it"
        return ""

    def _bad_victim(self, victim: int, p: int, n: int, *, need_good: bool) -> str:
        if victim >= n:
            return f"there is no P{victim} at this table"
        if victim == p:
            return "you cannot play it against yourself"
        if need_good and not self._good[victim]:
            return f"P{victim} is not a legal target because they have no Good Egg"
        return ""


def sorted_names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[card] for card in sorted(cards)]
