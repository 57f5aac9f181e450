"""Where the report and the adaptive commands print intervals: no zero-width interval
("0.0 % [0.0, 0.0]", "+0 [+0, +0]"), no bound past what a measure can take ("scarabs 0.04
[-0.04, 0.12]", "0.3 % [-0.1, 0.8]")."""
import math

import numpy as np
import polars as pl

from reports.blocks import Mean, Rate, mean_ci
from reports.section import Section
from reports.sections import risky_adventure
from reports.tables import COUNT, from_frames
from simulate.adaptive.metrics import paired
from reports.tuning import estimate_text


def test_a_rare_rate_after_many_games_is_never_printed_as_zero_width():
    assert str(Rate(0, 10_000)) == "0.00 % [0.00, 0.04]"
    assert str(Rate(3, 40)) == "7.5 % [1.6, 20.4]"          # exact below 10 successes
    assert str(Rate(50, 100)) == "50.0 % [40.4, 59.6]"       # Wilson


def test_a_counts_mean_never_has_a_negative_lower_bound():
    counts = np.array([1.0, 1.0] + [0.0] * 48)              # 2 of 50 games scored one
    assert mean_ci(counts).low < 0
    assert mean_ci(counts, bounds=COUNT).low == 0.0
    assert Mean.from_sums(50, 2.0, 2.0, COUNT).low == 0.0
    assert str(mean_ci([0.0] * 30, bounds=COUNT)) == "0.00 (in every game)"


class _Spec:
    name, title, cooperative, placeholders = "risky_adventure", "Risky Adventure", False, ()
    game_columns: dict = {}


def test_risky_adventures_fame_table_keeps_rare_parts_at_or_above_zero():
    rng = np.random.default_rng(5)
    games, players = 50, 2
    seats = pl.DataFrame({
        "game": np.repeat(np.arange(games), players), "variant": "baseline",
        "players": players, "seat": np.tile(np.arange(players), games), "strategy": "s",
        "score": rng.integers(5, 30, games * players).astype(float),
        "won": np.tile([True, False], games),
        **{p: rng.integers(0, 6, games * players) for p in risky_adventure.PARTS}})
    seats = seats.with_columns(fame_scarabs=pl.Series((np.arange(games * players) < 4)
                                                      .astype(np.int64)))
    run = from_frames(pl.DataFrame({"game": np.arange(games), "variant": "baseline",
                                    "players": players}), seats, _Spec())
    table = risky_adventure._fame_by_seat(Section("t", run), players, "baseline")
    scarabs = [row[3 + risky_adventure.PARTS.index("fame_scarabs")] for row in table.rows]
    assert all(m.value > 0 and m.low == 0.0 < m.high for m in scarabs)


def test_a_paired_rate_where_no_game_differed_has_an_interval_and_says_so():
    won = np.array([1.0, 0.0] * 100)
    diff, p = paired(won, won.copy(), 0.95, binary=True)
    assert diff.identical and p == 1.0
    assert diff.low < 0 < diff.high < 0.02                     # Agresti-Min: +-1.96 / (n + 2)
    score = np.arange(200, dtype=float)
    diff, p = paired(score, score.copy(), 0.95)
    assert diff.identical and diff.as_dict()["no_game_differed"]
    assert estimate_text(diff.as_dict(), signed=True) == "0 (no game of 200 differed)"


def test_a_share_of_wins_stays_within_zero_and_one():
    share = mean_ci([0.0] * 299 + [1.0], bounds=(0.0, 1.0))  # "0.3 % [-0.1, 0.8]"
    assert share.low == 0.0 and 0.003 < share.high < 0.01
    never = mean_ci([0.0] * 300, bounds=(0.0, 1.0))           # rule of three, not [0.0, 0.0]
    assert never.low == 0.0 and math.isclose(never.high, 1 - 0.025 ** (1 / 300))


def test_no_game_differed_is_said_of_paired_comparisons_only():
    from reports.section import points, units
    from simulate.statistics import paired_rates, unpaired_means, unpaired_rates
    assert points(paired_rates(200, 0, 0, 50)) == "0.0 pts (no game differed)"
    never = unpaired_rates(0, 200, 0, 200)                  # no win in either sample
    assert not never.identical and never.p == 1.0
    assert points(never) == "+0.0 pts [-1.9, +1.9]"          # Newcombe: a real interval
    assert "differed" not in units(unpaired_means(50, 3.0, 0.0, 50, 3.0, 0.0))


def test_a_small_rate_difference_keeps_the_decimals_that_show_its_width():
    from reports.section import points
    from simulate.statistics import paired_rates
    assert points(paired_rates(100_000, 3, 5, 50_000)) == "+0.002 pts [-0.004, +0.008]"


def test_until_ci_never_calls_a_variant_that_changed_nothing_settled_by_zero_width(tmp_path,
                                                                                 monkeypatch):
    from simulate.adaptive import until_ci
    from simulate.adaptive.until_ci import headline_intervals
    won = np.arange(400) % 3 == 0
    seats = pl.DataFrame({"variant": ["baseline"] * 400 + ["same"] * 400, "players": 1,
                          "game": np.tile(np.arange(400), 2), "seat": 0, "won": np.tile(won, 2)})
    monkeypatch.setattr(until_ci, "read_tables", lambda out: (None, seats.lazy()))  # no manifest
    widths = headline_intervals(tmp_path, 400, cooperative=False)
    assert math.isclose(widths["same - baseline, 1p, seat 0: win rate"], 2 * 1.96 / 402,
                        rel_tol=1e-3)                      # Agresti-Min, as the report prints


def test_no_interval_prints_with_zero_width_and_one_precision_throughout():
    """The report printed "0.19 [0.19, 0.19]" (Dungeon Roll), "0.01 [0.01, 0.01]" (Roll for Adventure)
    and "1.26 [1.12, 1.4]"."""
    from reports.section import units
    from simulate.statistics import Difference
    assert str(Mean(0.19, 0.1885, 0.1915, 10_000)) == "0.190 [0.189, 0.192]"
    assert str(Mean(0.01, 0.0097, 0.0104, 10_000)) == "0.0100 [0.0097, 0.0104]"
    assert units(Difference(1.26, 1.12, 1.4, 0.01, 100, "t")) == "+1.26 [+1.12, +1.40]"
    assert units(Difference(125.0, 110.0, 140.2, 0.01, 100, "t")) == "+125 [+110, +140]"


def test_a_skill_ladder_score_stays_within_what_a_score_can_take():
    """The report printed "random play 0.02 [-0.02, 0.05]" for a score that cannot go below 0."""
    import dataclasses

    from reports.skill import _ladder
    from tests.test_report_statistics import FakeSpec
    games = 200
    score = np.zeros(games * 2)
    score[:2] = 1.0
    seats = pl.DataFrame({"game": np.repeat(np.arange(games), 2), "variant": "baseline",
                          "players": 2, "seat": np.tile([0, 1], games), "strategy": "random",
                          "score": score, "won": np.tile([True, False], games)})
    spec = dataclasses.replace(FakeSpec(), score_bounds=(0.0, 8.0))
    run = from_frames(seats.filter(pl.col("seat") == 0).select("game", "variant", "players"),
                      seats, spec)
    table = _ladder(Section("Skill", run), 2, {"baseline": "random|bold"})
    assert table.rows[0][3].low >= 0.0


def test_counts_print_as_counts_and_a_small_p_once():
    """The report printed "sole wins by seat [360, 357, 192]" read like an interval; "p = < 0.001"."""
    from reports.findings import p_said
    from tests.test_report_statistics import FakeSpec, competitive
    rng = np.random.default_rng(2)
    games, seats = competitive(rng, "baseline", 3, 300)
    section = Section("Seats", from_frames(games, seats, FakeSpec()))
    row = section.seat_fairness(3)
    assert row[1].startswith("seat 0: ") and "[" not in row[1]
    chi = next(f for f in section.family.findings if f.test == "chi-square")
    assert "[" not in chi.estimate and "[" not in chi.claim
    assert p_said(0.0001) == "p < 0.001" and p_said(0.0123, "Holm p") == "Holm p = 0.012"
