"""Per-game values of the measures a designer tunes toward, and their intervals.

The unit of analysis is one game within one player count: every metric here gives exactly one
number per game (co-op seats share one result, so a team's win rate reads one seat), so two rule
values played on the same game indices pair game by game (common random numbers). With
``[players] rotate = true`` the unit is the seed with all its rotations (they share the dice):
its value is the mean over the rotations, so a win rate becomes a share of rotations won, and
its intervals and tests are Student t's over seeds, not rate intervals over rotations.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from simulate.games.base import ConfigError, GameSpec, did_you_mean
from simulate.results import read_tables
from simulate.statistics import UNBOUNDED, mean_interval, paired_means, paired_rates, rate_interval

# metric -> what it means (shown in errors and `simulate tune` output)
METRICS = {
    "win_rate": "a seat's win rate (seat = k, default 0); in a co-op game the team's",
    "team_win_rate": "the team's win rate (co-op games)",
    "seat_gap": "first seat's win rate minus the mean of the other seats' (2+ players)",
    "mean_score": "mean score of the seats (with seat = k: that seat's mean score)",
    "decisions": "mean decisions per game",
    "granted_uplift": "the win rate of a seat granted card = \"deck:Entry\" (rotated over the "
                      "seats; pay = true: at its price) minus the same seat's without it, per "
                      "seed (points as a fraction)",
    "granted_score_uplift": "the score of a seat granted card = \"deck:Entry\" (pay = true: at "
                            "its price) minus the same seat's without it, per seed",
}
GRANTED = ("granted_uplift", "granted_score_uplift")


@dataclass(frozen=True)
class Metric:
    name: str
    seat: int | None = None
    binary: bool = False          # a 0/1 value per game: rate intervals, McNemar tests
    card: str | None = None       # granted_*: the card ("deck:Entry") granted to each seat
    pay: bool = False             # granted_*: at its price (grants.py)

    @property
    def label(self) -> str:
        if self.card:
            return f"{self.name} ({self.card}{' at its price' if self.pay else ''})"
        return self.name if self.seat is None else f"{self.name} (seat {self.seat})"


# How a metric's numbers read: a rate as percent, a difference of rates as points, else as is.
RATE, POINTS, NUMBER = "rate", "points", "number"


def metric_kind(metric: Metric) -> str:
    """A 0/1 metric is a rate (percent); seat_gap and granted_uplift are differences of win
    rates (points); everything else is a number in its own unit."""
    if metric.binary:
        return RATE
    return POINTS if metric.name in ("seat_gap", "granted_uplift") else NUMBER


def metric_words(metric: Metric, spec: GameSpec) -> str:
    """The metric in the words the report names measures in ("team win rate", "mean XP"),
    never its column name."""
    from reports.headlines import score_word, words
    score, granted = score_word(spec), f"a seat granted {metric.card}" + (
        " at its price" if metric.pay else "")
    named = {"team_win_rate": "team win rate", "decisions": "decisions per game",
             "seat_gap": "first seat's lead in win rate over the others",
             "granted_uplift": f"win-rate gain of {granted}",
             "granted_score_uplift": f"{score} gain of {granted}",
             "mean_score": f"mean {score}" if metric.seat is None else
             f"seat {metric.seat}'s mean {score}",
             "win_rate": "team win rate" if spec.cooperative else f"seat {metric.seat} win rate"}
    if metric.name in named:
        return named[metric.name]
    return words(spec, metric.name) or metric.name.replace("_", " ")


def parse_metric(table: dict, spec: GameSpec, players: list[int], where: str,
                 granted: bool = True) -> Metric:
    """``metric = "..."`` (and ``seat = k``) from a [tune] target or [sensitivity] table;
    ``granted``: whether the command plays the granted twins a granted_* metric reads."""
    name = table.get("metric")
    own = {c: t for c, (t, _) in spec.game_columns.items() if t in ("int", "float", "bool")}
    known = [m for m in METRICS if granted or m not in GRANTED] + list(own)
    if name in GRANTED and not granted:
        raise ConfigError(f"{where}: metric {name!r} is not offered here (it needs a seat "
                          "granted the card, which only tune and `simulate cards` play); "
                          f"allowed: {', '.join(known)}")
    if not isinstance(name, str) or name not in known:
        raise ConfigError(f"{where}: unknown metric {name!r}{did_you_mean(name, known)}; "
                          f"allowed: {', '.join(known)}")
    seat = table.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < min(players)):
        raise ConfigError(f"{where}: seat = {seat!r} is invalid; allowed: 0..{min(players) - 1}")
    if seat is not None and name not in ("win_rate", "mean_score"):
        raise ConfigError(f"{where}: seat = applies only to win_rate and mean_score")
    if name == "team_win_rate" and not spec.cooperative:
        raise ConfigError(f"{where}: team_win_rate needs a co-op game; {spec.name} is "
                          "competitive (use win_rate with seat = k, or seat_gap)")
    if name == "seat_gap" and min(players) < 2:
        raise ConfigError(f"{where}: seat_gap needs 2 or more players")
    if name == "win_rate" and seat is None:
        seat = 0
    card = table.get("card")
    if card is not None and name not in GRANTED:
        raise ConfigError(f"{where}: card = applies only to {', '.join(GRANTED)}")
    if name in GRANTED and (not isinstance(card, str) or ":" not in card):
        raise ConfigError(f'{where}: {name} needs the card granted, card = "deck:Entry" '
                          f"(got {card!r})")
    pay = table.get("pay", False)
    if "pay" in table and name not in GRANTED:
        raise ConfigError(f"{where}: pay = applies only to {', '.join(GRANTED)}")
    if not isinstance(pay, bool):
        raise ConfigError(f"{where}: pay = {pay!r} is invalid; allowed: true (the card granted "
                          "at its price) or false (free, the default)")
    binary = name in ("win_rate", "team_win_rate") or own.get(name) == "bool"
    return Metric(name, seat, binary, card, pay)


def per_game(metric: Metric, games: pl.DataFrame, seats: pl.DataFrame) -> np.ndarray:
    """One value per game seed, in game-index order, from one variant's rows at one player
    count (with rotated seats, each seed's mean over its rotations)."""
    if metric.name in ("win_rate", "team_win_rate") or (metric.name == "mean_score"
                                                          and metric.seat is not None):
        column = "won" if metric.name != "mean_score" else "score"
        rows = seats.filter(pl.col("seat") == (metric.seat or 0))
        return seed_means(rows, pl.col(column).cast(pl.Float64).mean())
    if metric.name in ("seat_gap", "mean_score"):
        by_game = seats.group_by("game").agg(
            first=pl.col("won").cast(pl.Float64).filter(pl.col("seat") == 0).mean(),
            others=pl.col("won").cast(pl.Float64).filter(pl.col("seat") > 0).mean(),
            score=pl.col("score").mean()).sort("game")
        if metric.name == "mean_score":
            return by_game["score"].to_numpy()
        return (by_game["first"] - by_game["others"]).to_numpy()
    return seed_means(games, pl.col(metric.name).cast(pl.Float64).mean())


def seed_means(rows: pl.DataFrame, value: pl.Expr) -> np.ndarray:
    """``value`` aggregated per game seed, in seed order (tune, sensitivity, train)."""
    return rows.group_by("game").agg(value.alias("value")).sort("game")["value"].to_numpy()


def read_values(out: str | Path, metric: Metric, variant: str, players: int,
                games: int) -> np.ndarray:
    """The metric for games ``0 .. games-1`` of one variant at one player count (a granted
    metric: of the variant's granted twins, one per seat, against it)."""
    games_table, seats_table = read_tables(out)    # only the chunks the manifest records
    if metric.card:
        return granted_seed_means(metric, seats_table, variant, players, games)
    keep = ((pl.col("variant") == variant) & (pl.col("players") == players)
            & (pl.col("game") < games))
    return per_game(metric, games_table.filter(keep).collect(), seats_table.filter(keep).collect())


def granted_variant(variant: str, seat: int) -> str:
    """The name of ``variant``'s twin whose ``seat`` starts with the tuned card."""
    return f"{variant} [granted to seat {seat}]"


def granted_seed_means(metric: Metric, seats: pl.LazyFrame, variant: str, players: int,
                     games: int) -> np.ndarray:
    """Per seed: the granted seat's win (or score) minus the same seat's in ``variant``'s own
    game of the seed, averaged over the seats granted (each seat in turn: one unit per seed)."""
    column = "won" if metric.name == "granted_uplift" else "score"
    twins = {s: granted_variant(variant, s) for s in range(players)}
    found = uplift_per_seed(seats.filter(pl.col("game") < games), variant, twins, players,
                            (column,))
    return np.array([]) if found is None else found.collect()[column].to_numpy()


def uplift_per_seed(seats: pl.LazyFrame, base: str, twins: dict[int, str], players: int,
                    columns: tuple[str, ...]) -> pl.LazyFrame | None:
    """One row per seed (``game``, in order): for each column, the granted seat's value minus
    the same seat's in ``base``'s game of the seed (the same rotation), the mean over the seats
    granted at this table (``twins``: seat -> its twin variant), so a seed is one unit; None
    when no granted seat sits at this table. Tune's granted targets and the report's section
    "What each card is worth" both read it."""
    mine = seats.filter(pl.col("players") == players)
    keys = ["game", "seat"] + (["rotation"] if "rotation" in mine.collect_schema() else [])
    values = [pl.col(c).cast(pl.Float64) for c in columns]
    baseline = mine.filter(pl.col("variant") == base).select(*keys, *values)
    parts = [mine.filter((pl.col("variant") == twin) & (pl.col("seat") == seat))
             .select(*keys, *values).join(baseline, on=keys, suffix="__b")
             .select("game", *((pl.col(c) - pl.col(f"{c}__b")).alias(c) for c in columns))
             for seat, twin in twins.items() if seat < players]
    if not parts:
        return None
    return pl.concat(parts).group_by("game").agg(pl.col(c).mean() for c in columns).sort("game")


@dataclass(frozen=True)
class Estimate:
    """A mean with its interval at ``confidence`` (simulate.statistics: the rate interval for 0/1
    values, else Student t). ``identical``: a paired difference where no game differed."""
    mean: float
    low: float
    high: float
    games: int
    identical: bool = False

    @property
    def width(self) -> float:
        return self.high - self.low

    def as_dict(self) -> dict:
        found = {"mean": self.mean, "low": self.low, "high": self.high, "games": self.games}
        return {**found, "no_game_differed": True} if self.identical else found


def counted(binary: bool, *values: np.ndarray) -> bool:
    """0/1 values (rate intervals, McNemar); a binary metric's per-seed share of rotations won
    is not: it takes the t interval over seeds."""
    return binary and all(bool(np.isin(v, (0.0, 1.0)).all()) for v in values)


def estimate(values: np.ndarray, confidence: float, binary: bool = False) -> Estimate:
    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    n = len(x)
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0)
    mean = float(x.mean())
    if counted(binary, x):
        return Estimate(mean, *rate_interval(int(round(x.sum())), n, confidence), n)
    if n < 2 or float(x.std(ddof=1)) == 0.0:
        return Estimate(mean, mean, mean, n)
    return Estimate(mean, *mean_interval(n, mean, float(x.std(ddof=1)), confidence), n)


def paired(base: np.ndarray, other: np.ndarray, confidence: float,
           binary: bool = False, bounds: tuple[float, float] = UNBOUNDED) -> tuple[Estimate, float]:
    """Mean paired difference ``other - base`` over the games both played (same indices, same
    seeds) with its interval and two-sided p-value: exact McNemar with the Agresti-Min interval
    for 0/1 values, the paired t-test and t interval otherwise (simulate.statistics), kept
    within ``bounds`` (e.g. (-1, 1) for a difference of win shares)."""
    n = min(len(base), len(other))
    a, b = np.asarray(base[:n], dtype=float), np.asarray(other[:n], dtype=float)
    keep = ~(np.isnan(a) | np.isnan(b))
    a, b = a[keep], b[keep]
    if counted(binary, a, b):
        diff = paired_rates(len(a), int((a > b).sum()), int((b > a).sum()), int(a.sum()),
                            confidence)
    else:
        d = b - a
        diff = paired_means(len(d), float(d.sum()), float((d ** 2).sum()),
                            float(a.std(ddof=1)) if len(a) > 1 else float("nan"),
                            float(b.std(ddof=1)) if len(b) > 1 else float("nan"), confidence,
                            bounds)
    if diff.n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0), 1.0
    low, high = (diff.value, diff.value) if diff.low != diff.low else (diff.low, diff.high)
    p = 1.0 if diff.p != diff.p else diff.p
    return Estimate(diff.value, low, high, diff.n, diff.identical), p


def estimate_text(e: dict, signed: bool = False, scale: float = 1.0, unit: str = "",
                  places: int | None = None) -> str:
    """An estimate (``Estimate.as_dict()``) with its interval, or that no game of a paired
    comparison differed: 4 significant digits, or ``places`` decimals of ``scale`` times it
    followed by ``unit`` (tune, sensitivity and train say their numbers through this)."""
    if e.get("no_game_differed"):
        return f"0 (no game of {e['games']:,} differed)"
    form = f"{'+' if signed else ''}.{places}f" if places is not None else \
        f"{'+' if signed else ''}.4g"
    mean, low, high = (format(scale * e[k], form) for k in ("mean", "low", "high"))
    return f"{mean}{unit} [{low}, {high}]"


def amount(value: float, kind: str, width: bool = False) -> str:
    """A target's value in its kind's unit: "50 %" (a rate), "3 pts" (a difference of rates or
    a rate's tolerance), else the number."""
    if kind == POINTS or (kind == RATE and width):
        return f"{100 * value:g} pts"
    return f"{100 * value:g} %" if kind == RATE else f"{value:g}"


def estimate_words(e: dict, kind: str, difference: bool = False) -> str:
    """An estimate as the balance report prints one: a rate "41.8 % [37.2, 46.4]", a difference
    of rates "+3.1 pts [2.2, 4.0]", a number "1.26 [1.12, 1.40]" ("+" on a difference); a
    comparison where no game differed, or a value the same in every game, says so."""
    if e.get("no_game_differed"):
        return estimate_text(e)
    mean, low, high = e["mean"], e["low"], e["high"]
    if mean != mean:
        return "–"
    points = kind == POINTS or (kind == RATE and difference)
    sign = "+" if difference or kind == POINTS else ""
    from reports.blocks import number_interval, percent_interval
    if low == high:                                # no spread: never a zero-width interval
        shown = f"{100 * mean:{sign}.1f}{' pts' if points else ' %'}" if kind != NUMBER \
            else f"{mean:{sign}.2f}"
        return f"{shown} (in every game)"
    if kind == NUMBER:
        return number_interval(mean, low, high, sign)
    return percent_interval(mean, low, high, " pts" if points else " %", sign)
