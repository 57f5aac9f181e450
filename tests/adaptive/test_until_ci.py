"""`--until-ci`'s stopping rule: a seed with its rotations is one unit, and a rare
rate is not underestimated by stopping after a lucky run of zeros (replicates of the rule)."""
import math

import numpy as np
import polars as pl
import pytest

from simulate.adaptive import until_ci
from simulate.adaptive.until_ci import MIN_EVENTS, intervals, rounds_until
from simulate.statistics import paired_means, rate_interval


def rotated_seats(seeds: int, players: int, rng) -> pl.DataFrame:
    """Two variants on the same seeds, every seed in every rotation; a seat's results within
    a seed agree across rotations more often than not (they share the dice)."""
    rows = []
    for variant in ("baseline", "other"):
        luck = rng.random((seeds, players)) < 1 / players           # the seed's dice
        for rotation in range(players):
            flip = rng.random((seeds, players)) < 0.2
            won = luck ^ flip
            for seat in range(players):
                rows.append(pl.DataFrame({"variant": variant, "players": players,
                                          "game": np.arange(seeds), "seat": seat,
                                          "rotation": rotation, "won": won[:, seat]}))
    return pl.concat(rows)


def test_with_rotation_the_interval_width_is_the_per_seed_one(tmp_path, monkeypatch):
    seats = rotated_seats(300, 2, np.random.default_rng(3))
    monkeypatch.setattr(until_ci, "read_tables", lambda out: (None, seats.lazy()))
    found = intervals(tmp_path, 300, cooperative=False, rotate=True)
    shares = seats.group_by("variant", "game", "seat").agg(pl.col("won").cast(pl.Float64).mean())
    base = shares.filter((pl.col("variant") == "baseline") & (pl.col("seat") == 0)).sort("game")
    other = shares.filter((pl.col("variant") == "other") & (pl.col("seat") == 0)).sort("game")
    a, b = base["won"].to_numpy(), other["won"].to_numpy()
    d = b - a
    want = paired_means(300, d.sum(), (d ** 2).sum(), a.std(ddof=1), b.std(ddof=1))
    width, _ = found["other - baseline, 2p, seat 0: win rate"]
    assert math.isclose(width, want.high - want.low, rel_tol=1e-9)
    one = found["baseline, 2p, seat 0: win rate"][0]
    k = int(seats.filter((pl.col("variant") == "baseline") & (pl.col("seat") == 0))["won"].sum())
    low, high = rate_interval(k, 600)           # every rotation counted as its own game
    assert one > 1.1 * (high - low)             # the per-seed width is the wider, honest one


def test_with_rotation_until_ci_stops_at_the_per_seed_width(tmp_path, monkeypatch):
    seats = rotated_seats(3200, 2, np.random.default_rng(4))
    monkeypatch.setattr(until_ci, "read_tables", lambda out: (None, seats.lazy()))
    look = lambda n: intervals(tmp_path, n, False, rotate=True)         # noqa: E731
    games, rounds, found = rounds_until(look, 0.1, 100, 3200)
    assert max(w for w, _ in found.values()) <= 0.1
    before = intervals(tmp_path, rounds[-2], False, rotate=True)
    assert max(w for w, _ in before.values()) > 0.1        # it did not stop a round early


def replicate_stops(p: float, width: float, floor: bool, reps: int, seed: int = 1):
    """Estimates k / n of a rate p at the size the stopping rule stops at, one per replicate."""
    rng = np.random.default_rng(seed)
    cap, chunk, found = 40_000, 100, []
    for _ in range(reps):
        wins = np.concatenate([[0], np.cumsum(rng.random(cap) < p)])

        def look(n):
            k = int(wins[n])
            low, high = rate_interval(k, n)
            return {"rate": (high - low, min(k, n - k) if floor else MIN_EVENTS)}
        n = rounds_until(look, width, chunk, cap)[0]
        found.append(wins[n] / n)
    return np.array(found)


@pytest.mark.parametrize("p, width", [(0.0035, 0.01), (0.02, 0.02)])
def test_a_rare_rate_is_not_underestimated_by_where_until_ci_stops(p, width):
    estimates = replicate_stops(p, width, floor=True, reps=600)
    bias = estimates.mean() / p - 1
    se = estimates.std(ddof=1) / math.sqrt(len(estimates)) / p
    assert abs(bias) < 0.08 + 2 * se, (bias, se)        # measured: +6.3 % / +1.1 %
    if p < 0.01:                                # the rule without the event floor: -21 %
        old = replicate_stops(p, width, floor=False, reps=600)
        assert old.mean() / p - 1 < -0.12


def test_tune_and_sensitivity_take_a_rotated_seed_as_one_unit():
    from simulate.adaptive.metrics import Metric, paired, per_game
    seats = rotated_seats(300, 2, np.random.default_rng(5))
    win = Metric("win_rate", 0, binary=True)
    a, b = (per_game(win, None, seats.filter(pl.col("variant") == v)) for v in ("baseline", "other"))
    assert len(a) == 300 and set(np.unique(a)) <= {0.0, 0.5, 1.0}     # a share of 2 rotations
    found, _ = paired(a, b, 0.95, binary=True)
    d = b - a
    want = paired_means(300, d.sum(), (d ** 2).sum(), a.std(ddof=1), b.std(ddof=1))
    assert math.isclose(found.width, want.high - want.low, rel_tol=1e-9)


def test_a_variant_on_its_own_seed_is_compared_unpaired(tmp_path, monkeypatch):
    """A variant with a seed of its own shares no game with the baseline: game i of each is a
    different game, so pairing them by index would be wrong (Newcombe's interval instead)."""
    from simulate.statistics import paired_rates, unpaired_rates
    rng = np.random.default_rng(4)
    luck = rng.random(400) < 0.5
    rows = [pl.DataFrame({"variant": v, "players": 2, "game": np.arange(400), "seat": 0,
                          "won": won}) for v, won in
            (("baseline", luck), ("own", luck ^ (rng.random(400) < 0.1)))]
    seats = pl.concat(rows)
    monkeypatch.setattr(until_ci, "read_tables", lambda out: (None, seats.lazy()))
    name = "own - baseline, 2p, seat 0: win rate"
    a, b = rows[0]["won"].to_numpy(), rows[1]["won"].to_numpy()
    unpaired = unpaired_rates(int(a.sum()), 400, int(b.sum()), 400)
    paired = paired_rates(400, int((a & ~b).sum()), int((b & ~a).sum()), int(a.sum()))
    width, _ = intervals(tmp_path, 400, False, unpaired=frozenset({"own"}))[name]
    assert math.isclose(width, unpaired.high - unpaired.low)
    assert width > 2 * (paired.high - paired.low)       # pairing would stop far too early


def test_with_rotation_the_wins_a_rate_has_seen_are_counted_not_rebuilt_from_shares(
        tmp_path, monkeypatch):
    """Shares x players rebuilt in floats were truncated: 14 wins, each a share of 1/3 of its
    seed's rotations, summed to 13.999... and read as 13 (at 7 seats 10 read as 9, one round
    more than the floor asks)."""
    rows = [pl.DataFrame({"variant": "baseline", "players": 3, "game": np.arange(30), "seat": s,
                          "rotation": r, "won": (np.arange(30) < 14) & (r == 0) & (s == 0)})
            for s in range(3) for r in range(3)]
    seats = pl.concat(rows)
    monkeypatch.setattr(until_ci, "read_tables", lambda out: (None, seats.lazy()))
    _, events = intervals(tmp_path, 30, False, rotate=True)["baseline, 3p, seat 0: win rate"]
    assert events == 14
