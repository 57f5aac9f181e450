"""The report's statistics layer on tables with a known truth: Holm, intervals that never have
zero width, 95 % coverage for co-op and competitive tables, and the null test (a variant that is
the printed rules on another seed is called significant in at most about 5 % of reports)."""
from dataclasses import dataclass

import numpy as np
import polars as pl
import pytest

from reports import variants
from reports.section import Section
from simulate.statistics import holm, paired_means, paired_rates, wilson
from reports.tables import from_frames, rates


@dataclass
class FakeSpec:
    """A game as the report sees it: no engine needed."""
    name: str = "synthetic"
    title: str = "Synthetic"
    cooperative: bool = False
    game_columns: dict = None
    placeholders: tuple = ()
    score_bounds: tuple = (float("-inf"), float("inf"))   # as simulate.games.base.GameSpec
    supply_columns: tuple = ()

    def __post_init__(self):
        self.game_columns = {"length": ("int", "turns"), "long": ("bool", "over 10 turns")}


def competitive(rng, variant: str, players: int, games: int, first_edge: float = 0.0):
    """Games whose seats score Poisson(6) (+ first_edge for seat 0); the top score wins (ties
    share the win)."""
    scores = rng.poisson(6.0, size=(games, players)).astype(float)
    scores[:, 0] += first_edge
    won = scores == scores.max(axis=1, keepdims=True)
    length = rng.poisson(10, games)
    index = np.repeat(np.arange(games), players)
    seats = pl.DataFrame({"game": index, "variant": variant, "players": players,
                          "seat": np.tile(np.arange(players), games), "strategy": "s",
                          "score": scores.ravel(), "won": won.ravel()})
    table = pl.DataFrame({"game": np.arange(games), "variant": variant, "players": players,
                          "length": length, "long": length > 10,
                          "decisions": rng.poisson(30, games)})
    return table, seats


def variant_claims(games, seats, unpaired: bool) -> int:
    extra = {"other_seed": {"seed": 1}} if unpaired else {}
    run = from_frames(games, seats, FakeSpec(), extra)
    section = Section("Variants", run)
    variants.build(section)
    return len([f for f in section.family.significant() if f.kind == "variant"])


def test_holm_matches_the_textbook_example():
    # Holm (1979): sorted p 0.01, 0.02, 0.03, 0.04 with m = 4 -> 0.04, 0.06, 0.06, 0.06
    assert holm([0.04, 0.01, 0.03, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.5, float("nan")])[1] != holm([0.5, float("nan")])[1]
    # statsmodels' multipletests(method="holm"): tests/test_statistics.py


def test_no_zero_width_intervals():
    low, high = wilson(1, 1)
    assert high - low > 0.5
    same = paired_rates(n=40, a_only=0, b_only=0, a_total=10)   # no discordant pair
    assert same.high - same.low > 0 and same.p == 1.0
    assert paired_means(1, 0.5, 0.25, float("nan"), float("nan")).low != \
        paired_means(1, 0.5, 0.25, float("nan"), float("nan")).low     # nan: no interval


def test_cohens_d_uses_the_pooled_sd_not_the_sd_of_differences():
    rng = np.random.default_rng(1)
    a = rng.normal(10, 2, 4000)
    b = a + 0.5 + rng.normal(0, 0.5, 4000)          # strongly paired: d_z would be ~1
    d = b - a
    diff = paired_means(len(a), d.sum(), (d ** 2).sum(), a.std(ddof=1), b.std(ddof=1))
    assert diff.d == pytest.approx(0.5 / 2.03, abs=0.03)


@pytest.mark.slow
def test_null_variant_on_another_seed_claims_a_difference_in_at_most_about_5_percent():
    rng = np.random.default_rng(2026)
    claimed = 0
    for _ in range(200):
        parts = [competitive(rng, v, p, 60) for v in ("baseline", "other_seed") for p in (2, 4)]
        games = pl.concat([g for g, _ in parts])
        seats = pl.concat([s for _, s in parts])
        claimed += variant_claims(games, seats, unpaired=True) > 0
    assert claimed / 200 <= 0.08, claimed


def coverage(intervals, truth) -> float:
    return float(np.mean([low <= truth <= high for low, high in intervals]))


def test_coop_win_rate_interval_covers_95_percent_with_one_row_per_game():
    rng = np.random.default_rng(7)
    spec = FakeSpec(cooperative=True)
    intervals = []
    for _ in range(300):
        won = rng.random(50) < 0.3
        seats = pl.DataFrame({"game": np.repeat(np.arange(50), 4), "variant": "baseline",
                              "players": 4, "seat": np.tile(np.arange(4), 50),
                              "won": np.repeat(won, 4), "score": np.repeat(won * 6.0, 4)})
        games = pl.DataFrame({"game": np.arange(50), "variant": "baseline", "players": 4})
        run = from_frames(games, seats, spec)
        rate = rates(run.results_at(4), "won")[0][1]
        assert rate.n == 50                              # one row per game, not per seat
        intervals.append(rate.interval)
    assert 0.92 <= coverage(intervals, 0.3) <= 0.985


def test_competitive_intervals_cover_95_percent_first_seat_and_paired_variant():
    rng = np.random.default_rng(8)
    first, paired = [], []
    for _ in range(300):
        games, seats = competitive(rng, "baseline", 3, 80, first_edge=1.0)
        # the variant: the same games (common random numbers), seat 0 gains 0-4 points (mean 2)
        gain = pl.Series(np.repeat(rng.integers(0, 5, 80), 3).astype(float))
        better = seats.with_columns(pl.lit("plus_two").alias("variant"),
                                    pl.when(pl.col("seat") == 0).then(pl.col("score") + gain)
                                    .otherwise(pl.col("score")).alias("score"))
        run = from_frames(pl.concat([games, games.with_columns(pl.lit("plus_two")
                                                               .alias("variant"))]),
                          pl.concat([seats, better]), FakeSpec())
        section = Section("t", run)
        section.seat_fairness(3)
        gap = section.differences[("first seat", 3, "first seat minus the others")]
        first.append((gap.low, gap.high))
        section.compare_variants(3, [variants.Measure("seat 0 score", "seats", "score",
                                                      "mean", 0)])
        diff = section.differences[("plus_two", 3, "seat 0 score")]
        paired.append((diff.low, diff.high))
    # Truth for the first seat: P(win) of a Poisson(7) against two Poisson(6), ties shared.
    sim = np.random.default_rng(0).poisson(6.0, (400_000, 3)).astype(float)
    sim[:, 0] += 1.0
    won = sim == sim.max(axis=1, keepdims=True)
    truth = float(np.mean(won[:, 0] - won[:, 1:].mean(axis=1)))
    assert 0.92 <= coverage(first, truth) <= 0.985
    assert 0.92 <= coverage(paired, 2.0) <= 0.985
