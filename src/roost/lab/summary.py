"""From records to measures: per setting, every measure with its 95% interval.

Definitions (the report repeats them):

* a seat **wins** a game when the game lists it among the winners (shared wins count for each);
  the **fair rate** is all wins over all seat-games, the rate every seat would have if all won
  alike (1/n in a game with one winner, more when several can win, less when nobody may);
* **seat advantage**: each seat's win rate and mean return; the p-value of a chi-square test
  that all seats win alike; the **first player** is whoever makes the first decision once every
  hand is dealt (seat 0, or in BIG CHICKEN's first Round the Big Red holder);
* **skill**: in a skill line-up one strong bot plays weak ones, its seat rotating; the **Order**
  of the strong bot is (win rate - fair) / (1 - fair);
* **drama** (games that keep a score): the **lead changes** are the times the sole leader (by
  the public score at the start of each turn, and at the end) changed hands; the **half-time
  leader** is the sole leader at the last turn start before half the game's decisions;
* **card impact**: the win rate of seat-games in which the seat held a card type at the start
  (or played it at least once) against those in which it did not. It is an association, not a
  cause: a card played often in long games, or by the winner on the way out, looks good;
* **flags** (`roost.lab.stats`): a seat, a setting's seats, a first player or a card type is
  flagged only where its Holm-adjusted p-value is below 0.05, the family being every seat of the
  line-up's settings, its settings' seat tests, its first-player tests, and one setting's card
  types (held and played); where an interval is wider than 20 percentage points it is "too few
  games" instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from roost.core.params import ParamValue
from roost.lab.hooks import game_measures
from roost.lab.plan import LabPlan, Lineup, Setting
from roost.lab.record import LabRecord
from roost.lab.stats import (
    Estimate,
    equal_rates_p,
    flag,
    holm,
    mean,
    order_estimate,
    proportion,
    proportion_p,
    quantile,
    two_proportions_p,
)

MIN_CARD_GAMES = 30
"""Card impact is shown only for card types with this many seat-games on each side."""


@dataclass(frozen=True)
class Dist:
    """The distribution of a number per game."""

    mean: Estimate
    median: float
    p10: float
    p25: float
    p75: float
    p90: float
    low: float
    high: float
    values: tuple[float, ...] = field(repr=False)

    @staticmethod
    def of(values: Sequence[float]) -> Dist:
        ordered = tuple(sorted(values))
        return Dist(
            mean=mean(values),
            median=quantile(ordered, 0.5),
            p10=quantile(ordered, 0.1),
            p25=quantile(ordered, 0.25),
            p75=quantile(ordered, 0.75),
            p90=quantile(ordered, 0.9),
            low=ordered[0] if ordered else 0.0,
            high=ordered[-1] if ordered else 0.0,
            values=ordered,
        )

    def share_between(self, low: float, high: float) -> Estimate:
        inside = sum(1 for v in self.values if low <= v <= high)
        return proportion(inside, len(self.values))

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": self.mean.to_json(),
            "median": round(self.median, 4),
            "p10": round(self.p10, 4),
            "p25": round(self.p25, 4),
            "p75": round(self.p75, 4),
            "p90": round(self.p90, 4),
            "min": round(self.low, 4),
            "max": round(self.high, 4),
        }


@dataclass(frozen=True)
class CardImpact:
    card: int
    name: str
    held: Estimate
    not_held: Estimate
    played: Estimate
    not_played: Estimate
    held_p: float = 1.0
    """Holm-adjusted p-value that holding it makes no difference (the family: every card type
    of the setting, held and played)."""
    played_p: float = 1.0

    @property
    def held_flag(self) -> str:
        return flag(self.held_p, self.held, self.not_held)

    @property
    def played_flag(self) -> str:
        return flag(self.played_p, self.played, self.not_played)

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "name": self.name,
            "win_rate_held_at_start": self.held.to_json(),
            "win_rate_not_held": self.not_held.to_json(),
            "win_rate_played": self.played.to_json(),
            "win_rate_not_played": self.not_played.to_json(),
            "held_p_holm": round(self.held_p, 6),
            "played_p_holm": round(self.played_p, 6),
            "held_flag": self.held_flag,
            "played_flag": self.played_flag,
        }


@dataclass(frozen=True)
class ExtraSummary:
    name: str
    label: str
    kind: str
    estimate: Estimate

    def text(self) -> str:
        return self.estimate.pct() if self.kind == "rate" else self.estimate.num(2)


@dataclass(frozen=True)
class MainSummary:
    """The main line-up at one setting."""

    setting: Setting
    lineup: Lineup
    games: int
    fair: float
    seat_win: tuple[Estimate, ...]
    seat_return: tuple[Estimate, ...]
    seats_equal_p: float
    first_player_win: Estimate
    first_player_order: Estimate
    no_winner: Estimate
    winners: Estimate
    decisions: Dist
    turns: Dist
    rounds: Dist
    minutes: Dist
    lead_changes: Dist | None
    half_leader_wins: Estimate | None
    half_leader_share: Estimate | None
    extras: tuple[ExtraSummary, ...]
    moves: tuple[tuple[str, Estimate], ...]
    cards: tuple[CardImpact, ...]
    seat_p: tuple[float, ...] = ()
    """Per seat, the p-value of a score test that it wins at the fair rate; Holm-adjusted over
    every seat of every setting of the line-up once `summarise` has seen them all."""
    seats_equal_p_holm: float = 1.0
    """`seats_equal_p` Holm-adjusted over the line-up's settings."""
    first_player_p: float = 1.0
    """The first player's score test against fair, Holm-adjusted over the settings."""
    params: dict[str, ParamValue] = field(default_factory=dict, repr=False)
    """Every parameter of the setting, defaults included."""
    steps: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    """(choices, forced, chance) per game, to price again under another time model."""

    def extra(self, name: str) -> ExtraSummary | None:
        return next((e for e in self.extras if e.name == name), None)

    def seat_flag(self, seat: int) -> str:
        """`FLAGGED`, `WITHIN` or `TOO_FEW` (roost.lab.stats) for one seat's win rate."""
        return flag(self.seat_p[seat], self.seat_win[seat])

    @property
    def seats_flag(self) -> str:
        """Whether the seats differ beyond chance (Holm over the settings)."""
        return flag(self.seats_equal_p_holm, *self.seat_win)

    @property
    def first_player_flag(self) -> str:
        return flag(self.first_player_p, self.first_player_win)

    def to_json(self) -> dict[str, Any]:
        return {
            "setting": self.setting.to_json(),
            "label": self.setting.label,
            "bots": self.lineup.name,
            "games": self.games,
            "fair_rate": round(self.fair, 6),
            "seat_win_rate": [e.to_json() for e in self.seat_win],
            "seat_mean_return": [e.to_json() for e in self.seat_return],
            "seats_equal_p_value": round(self.seats_equal_p, 6),
            "seats_equal_p_holm": round(self.seats_equal_p_holm, 6),
            "seats_flag": self.seats_flag,
            "seat_p_holm": [round(p, 6) for p in self.seat_p],
            "seat_flags": [self.seat_flag(s) for s in range(len(self.seat_p))],
            "first_player_p_holm": round(self.first_player_p, 6),
            "first_player_flag": self.first_player_flag,
            "first_player_win_rate": self.first_player_win.to_json(),
            "first_player_order": self.first_player_order.to_json(),
            "no_winner": self.no_winner.to_json(),
            "winners_per_game": self.winners.to_json(),
            "decisions": self.decisions.to_json(),
            "turns": self.turns.to_json(),
            "rounds": self.rounds.to_json(),
            "table_minutes": self.minutes.to_json(),
            "lead_changes": self.lead_changes.to_json() if self.lead_changes else None,
            "half_time_leader_wins": (
                self.half_leader_wins.to_json() if self.half_leader_wins else None
            ),
            "half_time_sole_leader": (
                self.half_leader_share.to_json() if self.half_leader_share else None
            ),
            "extras": {
                e.name: {"label": e.label, "kind": e.kind, **e.estimate.to_json()}
                for e in self.extras
            },
            "moves_per_game": {kind: e.to_json() for kind, e in self.moves},
            "card_impact": [c.to_json() for c in self.cards],
        }


@dataclass(frozen=True)
class SkillSummary:
    """A skill line-up at one setting."""

    setting: Setting
    lineup: Lineup
    games: int
    fair: float
    strong_win: Estimate
    order: Estimate

    def to_json(self) -> dict[str, Any]:
        return {
            "setting": self.setting.to_json(),
            "label": self.setting.label,
            "lineup": self.lineup.name,
            "strong": self.lineup.strong,
            "weak": self.lineup.weak,
            "games": self.games,
            "fair_rate": round(self.fair, 6),
            "strong_win_rate": self.strong_win.to_json(),
            "order": self.order.to_json(),
        }


@dataclass(frozen=True)
class LabSummary:
    plan: LabPlan
    main: tuple[MainSummary, ...]
    """Every main line-up at every setting, line-up by line-up (the first line-up first)."""
    skill: tuple[SkillSummary, ...]
    ignored: tuple[tuple[str, str], ...] = ()
    """(swept parameter, main line-up) where every game was played move for move alike at
    every value of the parameter: those bots ignore it, so the sweep shows only what it does to
    the scores of the same games (see `ignored_parameters`)."""

    @property
    def primary(self) -> tuple[MainSummary, ...]:
        """The first main line-up's settings: the report's detailed sections."""
        if not self.main:
            return ()
        first = self.main[0].lineup.name
        return tuple(m for m in self.main if m.lineup.name == first)

    def lineup_names(self, role: str = "main") -> list[str]:
        found = self.main if role == "main" else self.skill
        return list(dict.fromkeys(x.lineup.name for x in found))

    def only(self, lineup: str, role: str = "main") -> LabSummary:
        """This summary as if the run had had one main (or one skill) line-up."""
        if role == "main":
            return replace(self, main=tuple(m for m in self.main if m.lineup.name == lineup))
        return replace(self, skill=tuple(s for s in self.skill if s.lineup.name == lineup))

    def mains(self, **values: str) -> list[MainSummary]:
        """The main summaries at these parameter values (``quick="true"``; defaults count)."""
        return [m for m in self.main if _matches(m.params, values)]

    def skills(self, strong: str | None = None, weak: str | None = None) -> list[SkillSummary]:
        return [
            s
            for s in self.skill
            if (strong is None or s.lineup.strong == strong)
            and (weak is None or s.lineup.weak == weak)
        ]


def _matches(params: dict[str, ParamValue], values: dict[str, str]) -> bool:
    return all(k in params and str(params[k]).lower() == v for k, v in values.items())


def _fair(records: Sequence[LabRecord], players: int) -> float:
    seat_games = len(records) * players
    return sum(len(r.winners) for r in records) / seat_games if seat_games else 0.0


def _main(plan: LabPlan, setting: Setting, lineup: Lineup, records: list[LabRecord]) -> MainSummary:
    n = setting.players
    games = len(records)
    game = plan.load(setting)
    lab = game_measures(game)
    fair = _fair(records, n)
    seat_wins = [sum(r.won(s) for r in records) for s in range(n)]
    seat_win = tuple(proportion(w, games) for w in seat_wins)
    seat_return = tuple(mean([r.returns[s] for r in records]) for s in range(n))
    firsts = [r for r in records if r.first_player >= 0]
    first_wins = sum(r.won(r.first_player) for r in firsts)
    time = plan.time
    minutes = [time.minutes(r.choices, r.forced, r.chance) for r in records]
    scored = lab.score is not None
    lead = Dist.of([r.lead_changes for r in records]) if scored else None
    half_led = [r for r in records if r.half_leader >= 0]
    extras: list[ExtraSummary] = []
    for spec in lab.extras:
        values = [v for r in records if (v := r.extra(spec.name)) is not None]
        if spec.kind == "rate":
            estimate = proportion(sum(1 for v in values if v), len(values))
        else:
            estimate = mean(values)
        extras.append(ExtraSummary(spec.name, spec.label, spec.kind, estimate))
    kinds = sorted({kind for r in records for kind, _ in r.moves})
    moves = tuple(
        (kind, mean([float(dict(r.moves).get(kind, 0)) for r in records])) for kind in kinds
    )
    return MainSummary(
        setting=setting,
        lineup=lineup,
        games=games,
        fair=fair,
        seat_win=seat_win,
        seat_return=seat_return,
        seats_equal_p=equal_rates_p(seat_wins, [games] * n),
        first_player_win=proportion(first_wins, len(firsts)),
        first_player_order=order_estimate(first_wins, len(firsts), fair),
        no_winner=proportion(sum(1 for r in records if not r.winners), games),
        winners=mean([float(len(r.winners)) for r in records]),
        decisions=Dist.of([float(r.decisions) for r in records]),
        turns=Dist.of([float(r.turns) for r in records]),
        rounds=Dist.of([float(r.rounds) for r in records]),
        minutes=Dist.of(minutes),
        lead_changes=lead,
        half_leader_wins=(
            proportion(sum(r.won(r.half_leader) for r in half_led), len(half_led))
            if scored
            else None
        ),
        half_leader_share=proportion(len(half_led), games) if scored else None,
        extras=tuple(extras),
        moves=moves,
        cards=_card_impact(records, n, [c.name for c in game.card_types()]),
        seat_p=tuple(proportion_p(w, games, fair) for w in seat_wins),
        first_player_p=proportion_p(first_wins, len(firsts), fair),
        params=game.params,
        steps=tuple((r.choices, r.forced, r.chance) for r in records),
    )


def _card_impact(records: list[LabRecord], n: int, names: list[str]) -> tuple[CardImpact, ...]:
    held_wins: Counter[int] = Counter()
    held_games: Counter[int] = Counter()
    played_wins: Counter[int] = Counter()
    played_games: Counter[int] = Counter()
    total_wins = 0
    for r in records:
        for seat in range(n):
            won = r.won(seat)
            total_wins += won
            for card in set(r.held[seat]):
                held_games[card] += 1
                held_wins[card] += won
            for card in set(r.played[seat]):
                played_games[card] += 1
                played_wins[card] += won
    seat_games = len(records) * n
    out: list[CardImpact] = []
    for card in sorted(set(held_games) | set(played_games)):
        hg, hw = held_games[card], held_wins[card]
        pg, pw = played_games[card], played_wins[card]
        if min(hg, seat_games - hg) < MIN_CARD_GAMES and min(pg, seat_games - pg) < MIN_CARD_GAMES:
            continue
        out.append(
            CardImpact(
                card,
                names[card] if card < len(names) else str(card),
                proportion(hw, hg),
                proportion(total_wins - hw, seat_games - hg),
                proportion(pw, pg),
                proportion(total_wins - pw, seat_games - pg),
                two_proportions_p(hw, hg, total_wins - hw, seat_games - hg),
                two_proportions_p(pw, pg, total_wins - pw, seat_games - pg),
            )
        )
    adjusted = holm([p for c in out for p in (c.held_p, c.played_p)])
    return tuple(
        replace(c, held_p=adjusted[2 * k], played_p=adjusted[2 * k + 1]) for k, c in enumerate(out)
    )


def corrected(mains: Sequence[MainSummary]) -> list[MainSummary]:
    """One line-up's settings with their seat, seats-alike and first-player p-values
    Holm-adjusted, each family over all of them (see the module docstring)."""
    seats = holm([p for m in mains for p in m.seat_p])
    alike = holm([m.seats_equal_p for m in mains])
    first = holm([m.first_player_p for m in mains])
    out: list[MainSummary] = []
    at = 0
    for k, m in enumerate(mains):
        width = len(m.seat_p)
        out.append(
            replace(
                m,
                seat_p=tuple(seats[at : at + width]),
                seats_equal_p_holm=alike[k],
                first_player_p=first[k],
            )
        )
        at += width
    return out


def _skill(setting: Setting, lineup: Lineup, records: list[LabRecord]) -> SkillSummary:
    n = setting.players
    fair = _fair(records, n)
    # the strong bot sits where the rotation put kinds[0]: seat (-index) mod n
    wins = sum(r.won((-r.index) % n) for r in records)
    return SkillSummary(
        setting,
        lineup,
        len(records),
        fair,
        proportion(wins, len(records)),
        order_estimate(wins, len(records), fair),
    )


def summarise(plan: LabPlan, records: Sequence[LabRecord]) -> LabSummary:
    """Every measure of every setting and line-up (records in any order)."""
    groups: dict[tuple[int, int], list[LabRecord]] = {}
    for record in sorted(records, key=lambda r: (r.setting, r.lineup, r.index)):
        groups.setdefault((record.setting, record.lineup), []).append(record)
    main: list[MainSummary] = []
    skill: list[SkillSummary] = []
    for s, setting in enumerate(plan.settings):
        for li, lineup in enumerate(plan.lineups):
            group = groups.get((s, li), [])
            if not group:
                continue
            if lineup.role == "main":
                main.append(_main(plan, setting, lineup, group))
            else:
                skill.append(_skill(setting, lineup, group))
    by_lineup: dict[str, list[MainSummary]] = {}
    for m in main:
        by_lineup.setdefault(m.lineup.name, []).append(m)
    main = [m for group in by_lineup.values() for m in corrected(group)]
    return LabSummary(plan, tuple(main), tuple(skill), ignored_parameters(plan, groups))


def _played(record: LabRecord) -> tuple[Any, ...]:
    """Every decision of a game, but not how it was scored: not its chance steps either, as a
    rule that breaks a tie by lot draws more of them when a scoring makes more ties."""
    return (record.kinds, record.moves, record.choices, record.forced, record.turns,
            record.held, record.played)  # fmt: skip


def ignored_parameters(
    plan: LabPlan, groups: dict[tuple[int, int], list[LabRecord]]
) -> tuple[tuple[str, str], ...]:
    """The swept parameters each main line-up plays the same games under: settings that differ
    only in that parameter share their seeds, so if the bots read it at all, some game would
    be played differently at some value. Where none is, the parameter changes the scoring of
    the very same games and nothing else, as far as these bots are concerned."""
    keys = list(dict.fromkeys(k for s in plan.settings for k, _ in s.swept))
    out: list[tuple[str, str]] = []
    for li, lineup in enumerate(plan.lineups):
        if lineup.role != "main":
            continue
        for key in keys:
            buckets: dict[tuple[Any, ...], list[int]] = {}
            for s, setting in enumerate(plan.settings):
                rest = tuple((k, v) for k, v in setting.swept if k != key)
                buckets.setdefault((setting.players, rest), []).append(s)
            compared = False
            alike = True
            for settings in buckets.values():
                runs = [groups.get((s, li), []) for s in settings]
                if len(runs) < 2 or not all(runs):
                    continue
                compared = True
                first = [_played(r) for r in runs[0]]
                if any([_played(r) for r in other] != first for other in runs[1:]):
                    alike = False
                    break
            if compared and alike:
                out.append((key, lineup.name))
    return tuple(out)
