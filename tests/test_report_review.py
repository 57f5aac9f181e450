"""Defects found reviewing the shipped reports as an analyst: units of analysis, what the summary
quotes first, and sections that must not appear where they say something untrue."""
import numpy as np
import polars as pl
import pytest
from scipy import stats

from reports import variants
from reports.section import Section
from reports.tables import from_frames
from tests.test_report_statistics import FakeSpec


def shared_dice(rng, variant: str, players: int, games: int, shift: np.ndarray):
    """Seats of one game share a strong game effect (the same dice for everyone): their scores
    are far from independent. ``shift`` adds a per-game amount to every seat."""
    effect = rng.normal(0, 3, games) + shift
    scores = effect[:, None] + rng.normal(0, 0.5, (games, players))
    won = scores == scores.max(axis=1, keepdims=True)
    seats = pl.DataFrame({"game": np.repeat(np.arange(games), players), "variant": variant,
                          "players": players, "seat": np.tile(np.arange(players), games),
                          "strategy": "s", "score": scores.ravel(), "won": won.ravel()})
    table = pl.DataFrame({"game": np.arange(games), "variant": variant, "players": players,
                          "length": 10, "long": False, "decisions": 30})
    return table, seats


def test_mean_score_over_all_seats_is_compared_one_value_per_game():
    rng = np.random.default_rng(5)
    games = 60
    base_g, base_s = shared_dice(np.random.default_rng(1), "baseline", 4, games, np.zeros(games))
    gain = rng.normal(0.3, 1.0, games)
    var_g, var_s = shared_dice(np.random.default_rng(1), "other", 4, games, gain)
    run = from_frames(pl.concat([base_g, var_g]), pl.concat([base_s, var_s]), FakeSpec())
    section = Section("Variants", run)
    section.compare_variants(4, [variants.Measure("mean score (all seats)", "results", "score")])
    diff = section.differences[("other", 4, "mean score (all seats)")]
    per_game = (var_s["score"].to_numpy() - base_s["score"].to_numpy()).reshape(games, 4)
    d = per_game.mean(axis=1)
    assert diff.n == games                       # not games x seats
    half = stats.t.ppf(0.975, games - 1) * d.std(ddof=1) / np.sqrt(games)
    assert (diff.low, diff.high) == pytest.approx((d.mean() - half, d.mean() + half))


def test_no_skill_ladder_when_variants_change_only_rules():
    """Rule variants played by the same strategies are not 'line-ups of strategies': the Skill
    ladder must not rank them (its rows would pool every seat as if independent)."""
    from reports import skill
    parts = [shared_dice(np.random.default_rng(2), v, p, 20, np.zeros(20))
             for v in ("baseline", "longer_game") for p in (1, 2)]
    games = pl.concat([g.with_columns(pl.lit("|".join(["s"] * g["players"][0]))
                                      .alias("strategies")) for g, _ in parts])
    seats = pl.concat([s for _, s in parts])
    run = from_frames(games, seats, FakeSpec())
    assert not skill.applies(run)
    lineup = games.with_columns(pl.when(pl.col("variant") == "longer_game")
                                .then(pl.col("strategies").str.replace_all("s", "r"))
                                .otherwise(pl.col("strategies")).alias("strategies"))
    assert skill.applies(from_frames(lineup, seats, FakeSpec()))


def test_a_variant_that_changed_no_game_claims_no_precision():
    """Zero discordant games is no evidence of power: the 'smallest detectable change' must not
    be computed as if one game had differed (it claimed ~1 point from 240 identical games)."""
    base_g, base_s = shared_dice(np.random.default_rng(3), "baseline", 2, 240, np.zeros(240))
    same_g, same_s = (t.with_columns(pl.lit("no_op").alias("variant")) for t in (base_g, base_s))
    run = from_frames(pl.concat([base_g, same_g]), pl.concat([base_s, same_s]), FakeSpec())
    section = Section("Variants", run)
    variants.build(section)
    assert section.detectable == {} and section.needed == {}
    assert not section.family.findings


def summary_of(section, run) -> str:
    from reports import summary
    return "\n".join(getattr(b, "text", "") for b in summary.build([section], run))


def test_summary_quotes_headline_measures_first_and_never_a_seat_level_screen():
    """Roll for Adventure's summary filled its 15 lines with 2-player damage counts and hid the
    team win rates at 3 and 4 players; Risky Adventure's quoted owners-vs-non-owners screens
    (seats as units) as findings."""
    from reports.findings import Finding
    games, seats = shared_dice(np.random.default_rng(4), "baseline", 2, 10, np.zeros(10))
    run = from_frames(games, seats, FakeSpec())
    section = Section("S", run)
    for players in (2, 3, 4):
        for order in (0, 5):
            section.test(Finding(players, f"m{order}", "", "t", 1e-6,
                                 f"claim {order} at {players}", "variant", order=order))
    section.test(Finding(2, "A1 owners", "", "z", 1e-9, "owners of A1 win more", "screen"))
    text = summary_of(section, run)
    claims = [line for line in text.splitlines() if line.startswith("•")]
    assert claims[0].startswith("• claim 0 at 2") and "the same also at 3p, 4p" in claims[0]
    assert len(claims) == 2                     # one line per finding
    assert "owners of A1" not in text and "1 screening association" in text


def test_summary_says_when_a_variant_changed_no_game():
    base_g, base_s = shared_dice(np.random.default_rng(3), "baseline", 2, 30, np.zeros(30))
    same_g, same_s = (t.with_columns(pl.lit("no_op").alias("variant")) for t in (base_g, base_s))
    run = from_frames(pl.concat([base_g, same_g]), pl.concat([base_s, same_s]), FakeSpec())
    section = Section("Variants", run)
    variants.build(section)
    assert "No game changed under no_op" in summary_of(section, run)


def test_adventure_realms_does_not_test_the_printed_seats_twice():
    """Its own section re-ran the baseline seat-fairness tests ('Seats and strategies' has
    them) into a second family, so the summary quoted 'the seats do not win equally often'
    twice; a variant's seat tests are its own."""
    from reports.sections import adventure_realms
    parts = [shared_dice(np.random.default_rng(6), v, 3, 40, np.zeros(40))
             for v in ("baseline", "race_to_12")]
    run = from_frames(pl.concat([g for g, _ in parts]), pl.concat([s for _, s in parts]),
                      FakeSpec(name="adventure_realms"))
    section = Section("Adventure Realms", run)
    for (_, seats), variant in zip(parts, ("baseline", "race_to_12")):
        blocks = adventure_realms._seat_block(section, seats, 3, variant)
        assert any("sole wins by seat" in getattr(b, "columns", []) for b in blocks)
    assert [f.about for f in section.family.findings] == [
        "equal seat win rates (race_to_12)", "first seat minus the others (race_to_12)"]


def test_coop_score_figure_does_not_claim_a_line_per_seat():
    from reports.figures import score_histograms
    games, seats = shared_dice(np.random.default_rng(7), "baseline", 3, 20, np.zeros(20))
    figure = score_histograms(from_frames(games, seats, FakeSpec(cooperative=True)))
    assert "per seat" not in figure.caption and "one value per game" in figure.caption


def test_risky_adventure_imprecision_warnings_name_their_variant():
    """The warnings read '2 players, seat 0 win rate' twice (baseline and variant)."""
    from reports.sections import risky_adventure
    parts = [shared_dice(np.random.default_rng(8), v, 2, 25, np.zeros(25))
             for v in ("baseline", "discount")]
    seats = pl.concat([s for _, s in parts]).with_columns(
        pl.lit(1).alias(c) for c in risky_adventure.PARTS)
    run = from_frames(pl.concat([g for g, _ in parts]), seats, FakeSpec(name="risky_adventure"))
    section = Section("Risky Adventure", run)
    for variant in ("baseline", "discount"):
        risky_adventure._fame_by_seat(section, 2, variant)
    assert len(set(section.warnings)) == len(section.warnings) == 4


def test_summary_puts_scores_at_every_player_count_before_the_games_own_columns():
    """Solo and multi-player runs list their measures differently: win rates and scores must
    still lead the summary at every player count (Dungeon Roll's quoted 1-player
    'winning_score' before the 4-player seat scores)."""
    measures = {p: variants.measures(from_frames(*shared_dice(np.random.default_rng(9),
                                                              "baseline", p, 5, np.zeros(5)),
                                                 FakeSpec()), p) for p in (1, 4)}
    for chosen in measures.values():
        ranks = [m.rank for m in chosen]
        headline = [m for m in chosen if m.rank is not None]
        assert {m.rank for m in headline if "win rate" in m.label} == {0}
        assert {m.rank for m in headline if "score" in m.label} == {1}
        assert all(m.rank is None for m in chosen[len(headline):]), ranks


def test_competitive_skill_ladder_counts_one_value_per_game():
    """A line-up seating one strategy at every seat ranked on a win rate pooling the seats of
    each game (n = seats, always ~ the fair share, interval as if seats were independent)."""
    from reports import skill
    parts = [shared_dice(np.random.default_rng(10), v, 3, 30, np.zeros(30))
             for v in ("baseline", "bold")]
    games = pl.concat([g.with_columns(pl.lit(s).alias("strategies"))
                       for (g, _), s in zip(parts, ("a|a|a", "b|b|b"))])
    seats = pl.concat([t.with_columns(pl.lit(s).alias("strategy"))
                       for (_, t), s in zip(parts, ("a", "b"))])
    run = from_frames(games, seats, FakeSpec())
    section = Section("Skill ladder", run)
    table = skill._ladder(section, 3, skill._lineups(run))
    assert {row[2] for row in table.rows} == {"= fair share (every seat plays it)"}
    assert {row[3].n for row in table.rows} == {30}           # games, not 90 seats
