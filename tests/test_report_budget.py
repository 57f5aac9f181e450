"""One error budget for the whole report and rotated seeds as one unit: every claim
of the summary is Holm-corrected over all sections together, and a variant comparison of a run
with rotated seats takes each seed with its rotations as one unit."""
import math

import numpy as np
import polars as pl

from reports.findings import Family, Finding, report_wide
from reports.section import Measure, Section
from reports.tables import from_frames
from simulate.statistics import paired_means, unpaired_means
from tests.test_report_statistics import FakeSpec


def finding(p: float, kind: str = "variant") -> Finding:
    return Finding(2, f"test at p {p}", "", "paired t", p, "a claim", kind)


def test_two_sections_just_under_five_percent_are_no_longer_both_claimed():
    seats, variants = Family("Seats", [finding(0.03, "seat"), finding(0.03, "screen")]), \
        Family("Variants", [finding(0.03)])
    assert all(f.significant for fam in (seats, variants) for f in fam.significant())  # alone
    assert report_wide([seats, variants]) == 2          # the screen is not a claim
    assert [f.p_adjusted for f in seats.findings + variants.findings] == [0.06, 0.03, 0.06]
    assert not seats.significant()[1:] and not variants.significant()
    assert seats.significant() == [seats.findings[1]]   # the screen: within its section's screens
    assert "Holm over the whole report, 2 tests" in seats.caption
    assert seats.rows[0][5] == "0.060"                  # the table shows the report-wide p


def test_the_report_wide_correction_is_holm_over_the_union():
    families = [Family(str(i), [finding(p) for p in ps])
                for i, ps in enumerate([[0.001, 0.2], [0.004], [0.04, 0.5]])]
    report_wide(families)
    got = [f.p_adjusted for fam in families for f in fam.findings]
    assert np.allclose(got, [0.005, 0.4, 0.016, 0.12, 0.5])


def rotated(seeds: int, players: int, rng, variants=("baseline", "other")):
    """Games on shared seeds, every seed in every rotation; a seat's result in one seed agrees
    across rotations more often than not (shared dice)."""
    games, seats = [], []
    for variant in variants:
        luck = rng.random((seeds, players)) < 0.5
        for rotation in range(players):
            won = luck ^ (rng.random((seeds, players)) < 0.15)
            score = won * 3.0 + rng.poisson(2.0, (seeds, players))
            games.append(pl.DataFrame({"game": np.arange(seeds), "variant": variant,
                                       "players": players, "rotation": rotation,
                                       "length": rng.poisson(10, seeds), "long": False,
                                       "decisions": 30}))
            seats.append(pl.DataFrame({
                "game": np.repeat(np.arange(seeds), players), "variant": variant,
                "players": players, "rotation": rotation,
                "seat": np.tile(np.arange(players), seeds), "strategy": "s",
                "score": score.ravel(), "won": won.ravel()}))
    return pl.concat(games), pl.concat(seats)


def shares(seats: pl.DataFrame, variant: str) -> np.ndarray:
    return (seats.filter((pl.col("variant") == variant) & (pl.col("seat") == 0))
            .group_by("game").agg(pl.col("won").cast(pl.Float64).mean()).sort("game")["won"]
            .to_numpy())


def test_a_rotated_seed_is_one_unit_in_variant_comparisons():
    games, seats = rotated(200, 3, np.random.default_rng(2))
    section = Section("Variants", from_frames(games, seats, FakeSpec(), rotate=True))
    measure = Measure("seat 0 win rate", "seats", "won", "rate", seat=0)
    section.compare_variants(3, [measure])
    diff = section.differences[("other", 3, measure.label)]
    a, b = shares(seats, "baseline"), shares(seats, "other")
    d = b - a
    want = paired_means(200, d.sum(), (d ** 2).sum(), a.std(ddof=1), b.std(ddof=1))
    assert diff.n == 200 and diff.test == "paired t per seed"
    assert math.isclose(diff.high - diff.low, want.high - want.low, rel_tol=1e-9)


def test_a_rotated_seed_is_one_unit_unpaired_too():
    games, seats = rotated(200, 2, np.random.default_rng(3), ("baseline", "own_seed"))
    run = from_frames(games, seats, FakeSpec(), {"own_seed": {"seed": 9}}, rotate=True)
    section = Section("Variants", run)
    measure = Measure("seat 0 win rate", "seats", "won", "rate", seat=0)
    section.compare_variants(2, [measure])
    diff = section.differences[("own_seed", 2, measure.label)]
    a, b = shares(seats, "baseline"), shares(seats, "own_seed")
    want = unpaired_means(200, a.mean(), a.std(ddof=1), 200, b.mean(), b.std(ddof=1))
    assert math.isclose(diff.high - diff.low, want.high - want.low, rel_tol=1e-9)
