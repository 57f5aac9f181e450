"""Balance of every entity: heroes, classes, races, guilds, cards and strategies are
tested against the fair share with the game as unit and drawn as forest plots; a planted
imbalance reaches the summary, identical entities claim nothing, a fixed strategy's seat is
named as the strategy's, and rotations of one seed are one unit."""
import math
from dataclasses import dataclass

import numpy as np
import polars as pl
import pytest

from reports import entities, seats, summary
from reports.blocks import Details, Figure, Paragraph
from reports.section import Section
from reports.tables import from_frames

HEROES = ("knight", "minstrel", "mercenary", "spellsword", "chieftain", "occultist")


@dataclass
class FakeSpec:
    name: str = "synthetic"
    title: str = "Synthetic"
    cooperative: bool = False
    placeholders: tuple = ()
    score_bounds: tuple = (float("-inf"), float("inf"))   # as simulate.games.base.GameSpec
    supply_columns: tuple = ()


def dealt(rng, games: int, players: int, column: str = "hero", edge: dict | None = None,
          strategies=("s",), rotations: int = 1, ties: bool = False):
    """Games whose seats are dealt distinct entities at random; a seat scores Poisson(6) plus
    its entity's ``edge`` (plus a little noise unless ``ties``); the top score wins (ties
    share). With ``rotations`` > 1 every seed is
    played that many times with the same outcome (identical strategies on the same dice)."""
    edge = edge or {}
    names = np.array(HEROES)
    held = np.array([rng.permutation(len(names))[:players] for _ in range(games)])
    scores = rng.poisson(6.0, (games, players)) + np.vectorize(
        lambda i: edge.get(names[i], 0.0))(held) + (0 if ties else rng.random((games, players)))
    won = scores == scores.max(axis=1, keepdims=True)
    seat_rows, game_rows = [], []
    for r in range(rotations):
        seat_rows.append(pl.DataFrame({
            "game": np.repeat(np.arange(games), players), "rotation": r, "variant": "baseline",
            "players": players, "seat": np.tile(np.arange(players), games),
            "strategy": [strategies[(s + r) % len(strategies)] for _ in range(games)
                         for s in range(players)],
            column: names[held].ravel(), "score": scores.ravel().astype(float),
            "won": won.ravel()}))
        game_rows.append(pl.DataFrame({"game": np.arange(games), "rotation": r,
                                       "variant": "baseline", "players": players}))
    return pl.concat(game_rows), pl.concat(seat_rows)


def built(games, seats_table, spec=None, rotate=False, **identity) -> tuple[Section, str]:
    run = from_frames(games, seats_table, spec or FakeSpec(), rotate=rotate)
    run.manifest["identity"].update(identity)
    section = Section("Seats and strategies", run)
    seats.build(section)
    text = "\n".join(b.text for b in summary.build([section], run) if isinstance(b, Paragraph))
    return section, text


@pytest.mark.parametrize("column, label, identity", [
    ("hero", "hero", {}),                                   # Dungeon Roll: dealt at random
    ("class", "class", {"heroes": ["all"] * 4}),            # Roll Player, heroes = "all"
    ("race", "race", {}),                                   # Roll Player: races dealt
])
def test_a_planted_assigned_imbalance_is_an_entity_finding_in_the_summary(column, label,
                                                                           identity):
    games, table = dealt(np.random.default_rng(1), 1200, 4, column, {"minstrel": 1.5})
    section, text = built(games, table, **identity)
    found = [f for f in section.family.significant() if "minstrel" in f.about]
    assert [f.kind for f in found] == ["entity"]
    assert f"At 4 players the minstrel ({label}) wins" in text
    assert "vs 25.0 % fair share" in found[0].claim and found[0].test == "exact binomial"
    figures = [b for b in section.blocks if isinstance(b, Figure)
               and b.caption.startswith(f"Win rate by {label} at 4 players")]
    assert len(figures) == 1 and "<svg" in figures[0].svg


@pytest.mark.parametrize("column, label", [("dominant_guild", "guild"),
                                           ("cards_bought_names", "card"),
                                           ("equipment_bought", "equipment card")])
def test_a_chosen_entity_is_an_association_shown_never_claimed(column, label):
    games, table = dealt(np.random.default_rng(2), 1200, 4, column, {"minstrel": 1.5})
    section, text = built(games, table)
    found = [f for f in section.family.significant() if "minstrel" in f.about]
    assert [f.kind for f in found] == ["screen"] and "association:" in found[0].about
    assert "minstrel" not in text and "screening association" in text
    folded = [b for d in section.blocks if isinstance(d, Details) for b in d.blocks]
    assert any(isinstance(b, Figure) and b.caption.startswith(f"Win rate by {label} ")
               for b in folded)                  # an association's plot is folded away
    assert not any(isinstance(b, Figure) and b.caption.startswith(f"Win rate by {label} ")
                   for b in section.blocks)


def test_a_class_chosen_not_rotated_is_an_association():
    games, table = dealt(np.random.default_rng(1), 1200, 4, "class", {"minstrel": 1.5})
    section, _ = built(games, table)                        # heroes dealt: class chosen
    assert {f.kind for f in section.family.findings if f.about.startswith("class")} == \
        {"screen"}


def test_identical_entities_claim_nothing():
    """Shared wins make each game's fair share its own (wins / seats): a t over games."""
    games, table = dealt(np.random.default_rng(3), 1200, 4, ties=True)
    section, text = built(games, table)
    tests = [f for f in section.family.findings if f.kind == "entity"]
    assert len(tests) == len(HEROES) and {f.test for f in tests} == {"t over games"}
    assert not [f for f in section.family.significant() if f.kind == "entity"]
    assert "No test in this report" in text


def test_a_hero_in_a_cooperative_game_is_tested_with_against_without(monkeypatch):
    """Roll for Adventure with hero powers: the team wins or loses together, so a hero is
    judged by the team's win rate in games with it against games without it."""
    rng = np.random.default_rng(4)
    games, table = dealt(rng, 1500, 2)
    lucky = table.group_by("game").agg((pl.col("hero") == "minstrel").any().alias("m"))
    win = lucky.with_columns((pl.Series(rng.random(lucky.height)) < pl.when(pl.col("m"))
                              .then(0.6).otherwise(0.3)).alias("won")).select("game", "won")
    table = table.drop("won").join(win, on="game")
    lines = []
    monkeypatch.setattr(entities, "forest_plot",
                        lambda rows, line, *rest: lines.append(line) or Paragraph(""))
    section, text = built(games, table, FakeSpec(cooperative=True))
    assert "At 2 players the team wins" in text and "with the minstrel (hero) vs" in text
    overall = table.group_by("game").agg(pl.col("won").first())["won"].mean()
    assert lines and all(abs(x - overall) < 1e-9 for x in lines)   # the line: the team's rate


def test_a_fixed_strategy_in_the_first_seat_is_named_as_a_strategy_effect():
    """configs/risky_adventure_equipment.toml: seat 0 is always engine_builder, so 'the first
    seat wins 33.3 % vs 50.3 %' was a strategy effect reported as a seat effect."""
    games, table = dealt(np.random.default_rng(5), 800, 2, strategies=("engine_builder",
                                                                       "fame_now"))
    table = table.with_columns(pl.when(pl.col("seat") == 0).then(pl.col("score") - 1.5)
                               .otherwise(pl.col("score")).alias("score"))
    table = table.with_columns((pl.col("score") == pl.col("score").max().over("game"))
                               .alias("won"))
    section, text = built(games, table, strategies=["engine_builder", "fame_now"])
    found = section.family.significant()
    assert found and all(f.kind != "seat" and "seat" != f.about.split()[0] for f in found)
    first = [f for f in found if "minus the others" in f.about]
    assert first and first[0].kind == "strategy"
    assert "the engine_builder strategy in seat 0 wins" in text
    assert "the first seat wins" not in text


def test_identical_strategies_rotated_do_not_claim_a_seat_effect_at_a_false_rate():
    """Rotations of one seed share its dice: with identical strategies they are the same game
    replayed, and counted as independent games they claimed seat effects far above 5 %."""
    rng = np.random.default_rng(6)
    claims, rows = 0, []
    for _ in range(50):
        games, table = dealt(rng, 60, 3, rotations=3)
        run = from_frames(games, table, FakeSpec(), rotate=True)
        section = Section("Seats and strategies", run)
        rows.append(section.seat_fairness(3))
        claims += bool(section.family.significant())
    assert claims <= 5                    # the old count of rotations as games: 16 of 50
    assert all(row[2].startswith("– (not run") for row in rows)     # no chi-square on copies
    assert {f.test for f in section.family.findings} == {"paired t over seeds"}


def test_rotated_strategies_are_tested_per_seed():
    games, table = dealt(np.random.default_rng(7), 300, 3, strategies=("bold", "cautious",
                                                                       "random"), rotations=3)
    table = table.with_columns(pl.when(pl.col("strategy") == "bold").then(pl.col("score") + 2)
                               .otherwise(pl.col("score")).alias("score"))
    table = table.with_columns((pl.col("score") == pl.col("score").max()
                                .over("game", "rotation")).alias("won"))
    section, text = built(games, table, rotate=True)
    bold = [f for f in section.family.findings if f.about == "strategy bold vs fair share"]
    assert len(bold) == 1 and bold[0].test == "t over seeds" and bold[0].significant
    assert "the bold strategy with seats rotated wins" in text
    drawn = [b.caption for b in section.blocks if isinstance(b, Figure)]
    folded = [b.caption for d in section.blocks if isinstance(d, Details) for b in d.blocks
              if isinstance(b, Figure)]
    assert any(c.startswith("Win rate by strategy at 3 players") for c in drawn)
    assert any(c.startswith("Win rate by seat at 3 players") for c in folded)


def test_a_strategy_in_several_fixed_seats_is_tested_and_its_seats_named():
    games, table = dealt(np.random.default_rng(8), 800, 4, strategies=("engine_builder",
                                                                       "fame_now"))
    table = table.with_columns(pl.when(pl.col("strategy") == "engine_builder")
                               .then(pl.col("score") - 1.5).otherwise(pl.col("score"))
                               .alias("score"))
    table = table.with_columns((pl.col("score") == pl.col("score").max().over("game"))
                               .alias("won"))
    section, text = built(games, table, strategies=["engine_builder", "fame_now"] * 2)
    assert "the engine_builder strategy (in seats 0, 2: strategy and seat together) wins" in text
    assert not [f for f in section.family.significant() if f.kind == "seat"]


def test_rate_against_share_is_the_exact_binomial_test_and_the_rate_interval():
    from scipy import stats
    from simulate.statistics import rate_against_share, rate_interval
    diff = rate_against_share(138, 400, 0.25)
    low, high = rate_interval(138, 400)
    assert diff.p == pytest.approx(stats.binomtest(138, 400, 0.25).pvalue)
    assert (diff.value, diff.low, diff.high) == pytest.approx((0.345 - 0.25, low - 0.25,
                                                               high - 0.25))
    assert diff.test == "exact binomial" and diff.p < 1e-4


def test_the_with_and_without_join_in_blocks_of_games_sums_to_the_whole(monkeypatch):
    """The join runs a block of game indices at a time (memory flat at a million games): the
    blocks' sums are the whole join's, whatever the block size."""
    import polars as pl
    from reports import entities
    seats = pl.LazyFrame({"game": [0, 0, 1, 2, 3, 3, 4], "hero": ["a", "b", "a", "a", "b", "b", "c"]})
    won = pl.LazyFrame({"game": [0, 1, 2, 3, 4], "x": [1.0, 0.0, 1.0, 1.0, 0.0]})
    stats = [pl.len().alias("n"), pl.col("x").sum().alias("s"), (pl.col("x") ** 2).sum().alias("q")]
    present = seats.unique()
    whole = present.join(won, on=["game"]).group_by("hero").agg(stats).collect().sort("hero")
    for block in (1, 2, 3, 100):
        monkeypatch.setattr(entities, "BLOCK", block)
        found = entities._joined_in_blocks(present, won, ["game"], "hero", stats).sort("hero")
        assert found.equals(whole.cast(found.schema)), block


def test_entity_findings_rank_by_the_effect_they_print():
    """Thief -6.1, Bard +7.2, then Sorcerer -7.8 (its exact binomial test had no
    Cohen's d, so it ranked last)."""
    from reports.entities import Estimate, Kind, _test
    from reports.findings import report_wide
    from simulate.statistics import Difference
    g, s = dealt(np.random.default_rng(0), 40, 4)
    section = Section("Heroes", from_frames(g, s, FakeSpec()))
    kind = Kind("class", "class", True, "")
    for name, value, d in (("Thief", 0.189, -0.40), ("Bard", 0.322, 0.10),
                           ("Sorcerer", 0.172, math.nan)):
        diff = Difference(value - 0.25, value - 0.29, value - 0.21, 1e-6, 500, "t", d)
        _test(section, 4, kind, Estimate(name, 500, value, value - 0.04, value + 0.04, 0.25,
                                         diff))
    report_wide([section.family])
    found = summary._ranked([("Heroes", f, f.claim) for f in section.family.findings],
                            section.run, None)
    assert [f.about.split()[1] for _, f, _ in found] == ["Sorcerer", "Bard", "Thief"]
