"""Replicate coverage of the report's intervals where a replicate study found them short: a headline
under rotate = true (seeds played in every rotation count once), a hero's win rate under
heroes = "all" (against the truth of heroes dealt at random), and a rare rate's exact interval.
Quick subsets here; bench/replicates.py runs the full studies (`python bench/bench.py coverage`).
"""
import numpy as np
import polars as pl
from scipy import stats

from reports import headlines
from reports.entities import Kind, estimates
from reports.tables import from_frames
from simulate.config import heroes_for_game
from simulate.games import get_game
from simulate.statistics import rate_interval
from tests.test_report_statistics import FakeSpec
from tests.test_rotation import rotated_coop


def rotation_coverage(replicates: int, seeds: int = 300, seed: int = 0) -> float:
    """Share of rotated co-op runs (4 rotations per seed, each its own draw at the seed's
    chance, Beta(2, 8): mean 20 %) whose team win rate interval covers 20 %."""
    rng = np.random.default_rng(seed)
    covered = 0
    for _ in range(replicates):
        rate = headlines.roll_for_adventure(rotated_coop(seeds, 4, rng, alike=False), 4)
        found = rate["team win rate"]
        covered += found.low <= 0.2 <= found.high
    return covered / replicates


HERO = Kind("hero", "hero", True, "")


def hero_coverage(replicates: int, games: int = 1600, seed: int = 0) -> float:
    """Share of per-hero win-rate intervals (2 players, Dungeon Roll's 8 heroes dealt by
    heroes = "all") covering the hero's win rate when heroes are dealt at random: a game's
    first seat wins with chance sigmoid(strength a - strength b + a pairing's own edge)."""
    rng = np.random.default_rng(seed)
    heroes = get_game("dungeon_roll").heroes
    h = len(heroes)
    tables = np.array([[heroes.index(x) for x in heroes_for_game(
        get_game("dungeon_roll"), ["all", "all"], i)] for i in range(games)])
    covered = total = 0
    for _ in range(replicates):
        strength = rng.normal(0, 0.3, h)
        edge = rng.normal(0, 0.5, (h, h))
        edge = edge - edge.T                        # a pairing's edge, one way and back
        chance = 1 / (1 + np.exp(-(strength[:, None] - strength[None, :] + edge)))
        apart = ~np.eye(h, dtype=bool)
        truth = ((chance * apart).sum(axis=1) + ((1 - chance) * apart).sum(axis=0)) \
            / (2 * (h - 1))                         # half in each seat, any other hero
        first = rng.random(games) < chance[tables[:, 0], tables[:, 1]]
        seats = pl.DataFrame({"game": np.repeat(np.arange(games), 2), "variant": "baseline",
                              "players": 2, "seat": np.tile([0, 1], games), "strategy": "s",
                              "score": 0.0, "hero": [heroes[x] for x in tables.ravel()],
                              "won": np.column_stack([first, ~first]).ravel()})
        run = from_frames(seats.filter(pl.col("seat") == 0).select("game", "variant",
                                                                   "players"),
                          seats, FakeSpec())
        for e in estimates(run, 2, HERO):
            covered += e.low <= truth[heroes.index(e.name)] <= e.high
            total += 1
    return covered / total


def rare_rate_coverage(n: int = 2000, events: tuple = (2, 40)) -> tuple[float, float]:
    """(minimum, mean) exact coverage of rate_interval over rates whose expected count in n
    games runs from ``events[0]`` to ``events[1]`` (binomial sums, no sampling)."""
    ks = np.arange(0, 4 * events[1] + 50)
    bounds = np.array([rate_interval(int(k), n) for k in ks])
    found = []
    for p in np.linspace(events[0] / n, events[1] / n, 400):
        inside = (bounds[:, 0] <= p) & (p <= bounds[:, 1])
        found.append(float(stats.binom.pmf(ks, n, p)[inside].sum()))
    return min(found), float(np.mean(found))


def test_a_rotated_headline_covers_the_rate():
    assert 0.91 <= rotation_coverage(150) <= 0.99


def test_a_hero_dealt_by_heroes_all_covers_its_random_deal_rate():
    assert 0.91 <= hero_coverage(12) <= 0.99


def test_a_rare_rate_is_covered_near_its_nominal_level():
    low, mean = rare_rate_coverage()
    assert low >= 0.937 and 0.955 <= mean <= 0.975     # threshold 10: 93.5 %, 95.3 %
