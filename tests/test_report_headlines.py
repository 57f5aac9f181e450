"""The report's first screen: each game's headline at the printed rules per player
count (values from a direct polars computation), the config's ``[report] lead`` (valid names
lead, unknown ones are one line and exit 2), and measures named in words, never as columns or
internal counts."""
import re

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from reports import headlines, summary, variants
from reports.blocks import FOLD_ROWS, Details, Heading, Note, Paragraph, Table
from reports.findings import Finding
from reports.section import Section
from reports.tables import from_frames
from simulate.cli import app
from simulate.config import parse_config
from simulate.games import get_game
from simulate.games.base import ConfigError
from tests.test_report_statistics import FakeSpec


def tables(game: str, players: int, games: int = 40, seed: int = 0, variant="baseline",
           **columns):
    """Seats with scores and wins, games with the given columns (arrays or callables of rng)."""
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 30, size=(games, players)).astype(float)
    won = scores == scores.max(axis=1, keepdims=True)
    seats = pl.DataFrame({"game": np.repeat(np.arange(games), players), "variant": variant,
                          "players": players, "seat": np.tile(np.arange(players), games),
                          "strategy": "s", "score": scores.ravel(), "won": won.ravel()})
    table = pl.DataFrame({"game": np.arange(games), "variant": variant, "players": players,
                          "decisions": rng.integers(10, 50, games),
                          **{k: v(rng, games) for k, v in columns.items()}})
    return table, seats


def run_of(game: str, parts, **spec):
    games = pl.concat([g for g, _ in parts], how="diagonal")
    seats = pl.concat([s for _, s in parts], how="diagonal")
    return from_frames(games, seats, FakeSpec(name=game, **spec) if spec else get_game(game)), \
        games, seats


def per_game_mean(seats: pl.DataFrame, players: int) -> float:
    return seats.filter(pl.col("players") == players).group_by("game").agg(
        pl.col("score").mean())["score"].mean()


def check_mean(mean, expected: float, n: int):
    assert mean.value == pytest.approx(expected) and mean.n == n
    assert mean.low < mean.value < mean.high


def test_roll_for_adventure_team_win_rate_and_master_of_shadows():
    def turn(rng, n):
        return pl.Series(np.where(rng.random(n) < 0.8, rng.integers(5, 20, n), None).tolist(),
                         dtype=pl.Int64)

    def won(rng, n):
        return rng.random(n) < 0.3
    run, games, _ = run_of("roll_for_adventure", [
        tables("roll_for_adventure", p, seed=p, won=won, shadow_master_turn=turn)
        for p in (2, 3)])
    for p in (2, 3):
        g = games.filter(pl.col("players") == p)
        found = headlines.roll_for_adventure(run, p)
        assert (found["team win rate"].k, found["team win rate"].n) == (g["won"].sum(), 40)
        assert found["Master of Shadows appears"].k == g["shadow_master_turn"].is_not_null().sum()
        check_mean(found["Master of Shadows' turn"], g["shadow_master_turn"].mean(),
                   g["shadow_master_turn"].is_not_null().sum())
        assert found["Master of Shadows' median turn"] == f"{g['shadow_master_turn'].median():g}"
    rows = headlines.headline_rows(run, "Master of Shadows' turn")
    assert [row[0] for row in rows] == ["Master of Shadows' turn", "Master of Shadows appears",
                                        "Master of Shadows' median turn", "team win rate"]
    assert headlines.headline_rows(run)[0][0] == "team win rate"


def test_roll_player_winning_stars_and_stars_per_seat_one_value_per_game():
    def stars(rng, n):
        return rng.integers(20, 40, n)
    run, games, seats = run_of("roll_player", [tables("roll_player", p, seed=p,
                                                      winning_stars=stars) for p in (1, 4)])
    for p in (1, 4):
        found = headlines.roll_player(run, p)
        check_mean(found["winning stars"],
                   games.filter(pl.col("players") == p)["winning_stars"].mean(), 40)
        check_mean(found["stars per seat"], per_game_mean(seats, p), 40)   # games, not seats


def test_dungeon_roll_xp_solo_win_rate_and_title():
    def best(rng, n):
        return rng.integers(10, 40, n)
    parts = [tables("dungeon_roll", p, seed=p, winning_score=best) for p in (1, 2)]
    solo = parts[0][1].with_columns(pl.when(pl.col("score") > 15).then(pl.lit("Hero"))
                                    .otherwise(pl.lit("Fodder")).alias("solo_rank"))
    parts[0] = (parts[0][0], solo)
    run, games, seats = run_of("dungeon_roll", parts)
    one = headlines.dungeon_roll(run, 1)
    check_mean(one["mean XP"], solo["score"].mean(), 40)
    assert one["solo win rate"].k == solo["won"].sum()
    top = solo["solo_rank"].value_counts(sort=True).row(0)
    assert one["solo title"].startswith(f"{top[0]}: {100 * top[1] / 40:.1f} %")
    two = headlines.dungeon_roll(run, 2)
    check_mean(two["winning XP"], games.filter(pl.col("players") == 2)["winning_score"].mean(),
               40)
    check_mean(two["mean XP"], per_game_mean(seats, 2), 40)


def test_risky_adventure_winning_fame_and_game_length():
    run, games, _ = run_of("risky_adventure", [tables(
        "risky_adventure", 3, winning_fame=lambda rng, n: rng.integers(20, 60, n),
        rounds=lambda rng, n: rng.integers(8, 14, n))])
    found = headlines.risky_adventure(run, 3)
    check_mean(found["winning fame"], games["winning_fame"].mean(), 40)
    check_mean(found["rounds per game"], games["rounds"].mean(), 40)


def test_adventure_realms_vp_and_how_games_end():
    def reason(rng, n):
        return np.where(rng.random(n) < 0.6, "vp", "monsters")
    run, games, _ = run_of("adventure_realms", [tables(
        "adventure_realms", 2, winner_vp=lambda rng, n: rng.integers(8, 14, n),
        rounds=lambda rng, n: rng.integers(6, 11, n), end_reason=reason)])
    found = headlines.adventure_realms(run, 2)
    check_mean(found["winner's VP"], games["winner_vp"].mean(), 40)
    assert found["ended by VP"].k == (games["end_reason"] == "vp").sum()
    check_mean(found["rounds per game"], games["rounds"].mean(), 40)


def test_every_headline_is_a_lead_name_and_every_player_count_has_a_column():
    from simulate.leads import HEADLINES
    assert set(HEADLINES) == set(headlines.GAMES)
    run, _, _ = run_of("risky_adventure", [tables(
        "risky_adventure", p, seed=p, winning_fame=lambda rng, n: rng.integers(20, 60, n),
        rounds=lambda rng, n: rng.integers(8, 14, n)) for p in (2, 4)])
    table = headlines.headline_table(run)
    assert table.columns[1:] == ["2 players", "4 players"] and table.css == "headline"
    assert [row[0] for row in table.rows] == list(HEADLINES["risky_adventure"])
    assert all(str(cell).count("[") == 1 for row in table.rows for cell in row[1:])


# ---- [report] lead ------------------------------------------------------------------------

def config(game: str, lead) -> dict:
    return {"run": {"game": game, "games": 4}, "report": {"lead": lead}}


@pytest.mark.parametrize("game, lead", [("roll_for_adventure", "team win rate"),
                                        ("risky_adventure", "rounds"),
                                        ("roll_player", "gold")])
def test_a_lead_names_a_headline_or_a_column(game, lead):
    assert parse_config(config(game, lead)).raw["report"] == {"lead": lead}


@pytest.mark.parametrize("lead, message", [
    ("team win rte", "(did you mean 'team win rate'?)"),
    ("strategies", "is not a measure of Roll for Adventure"),      # a text column
    (3, "is not a measure")])
def test_an_unknown_lead_is_refused(lead, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        parse_config(config("roll_for_adventure", lead))
    with pytest.raises(ConfigError, match="unknown key 'leed'"):
        parse_config({"run": {"game": "roll_player"}, "report": {"leed": "gold"}})


def test_an_unknown_lead_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "run.toml"
    path.write_text('[run]\ngame = "roll_for_adventure"\ngames = 2\nout = "%s"\n'
                    '[report]\nlead = "team win rte"\n' % (tmp_path / "out"), encoding="utf-8")
    result = CliRunner().invoke(app, ["run", str(path)])
    assert result.exit_code == 2, result.output
    assert result.output.strip().count("\n") == 0 and "did you mean 'team win rate'" in \
        result.output and "Traceback" not in result.output


def competitive_run(lead=None, placeholders=()):
    """Synthetic 2-player games: 'wide' lengthens every game by 6 turns (d ~ 4), 'narrow'
    makes 30 of 80 games long (d ~ 1) and adds 40 decisions; the lead may name a measure."""
    rng = np.random.default_rng(11)
    noise = pl.Series(rng.integers(0, 3, 80))
    parts = []
    for variant, extra, long, decisions in (("baseline", 0, 0, 0), ("wide", 6, 0, 0),
                                            ("narrow", 0, 30, 40)):
        g, s = tables("synthetic", 2, games=80, seed=3, variant=variant)
        g = g.with_columns((10 + extra + noise).alias("length"),
                           (pl.col("game") < long).alias("long"),
                           (pl.col("decisions") + decisions).alias("decisions"))
        parts.append((g, s))
    run, _, _ = run_of("synthetic", parts, cooperative=False, placeholders=placeholders)
    if lead:
        run.manifest["config"] = {"report": {"lead": lead}}
    return run


def summary_text(run) -> tuple[str, list]:
    section = Section("Variants", run)
    variants.build(section)
    blocks = summary.build([section], run)
    return "\n".join(getattr(b, "text", "") for b in blocks), blocks


def claims(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("•")]


def test_findings_rank_by_size_and_the_lead_ranks_first():
    found = claims(summary_text(competitive_run())[0])
    assert "wide raises the mean turns" in found[0]              # d ~ 4: the largest effect
    assert "narrow raises the share of games in which over 10 turns" in found[1]
    led = claims(summary_text(competitive_run(lead="long"))[0])
    assert led == [found[1], found[0]]                           # the question's measure first
    run = competitive_run()
    rows = headlines.headline_rows(run, "length")
    assert rows[0][:2] == ("turns", "length")                    # a led column gets a row


def test_a_headline_measure_ranks_before_a_larger_effect_on_a_side_measure(monkeypatch):
    """Roll for Adventure: a variant's team win rate change must not sink below a dozen
    damage-track means with larger d; the game's headline columns lead, then by size."""
    monkeypatch.setattr(summary, "headlines", lambda game: {"share of long games": "long"})
    found = claims(summary_text(competitive_run())[0])
    assert "narrow raises the share of games in which over 10 turns" in found[0]
    assert "wide raises the mean turns" in found[1]


def test_summary_names_measures_in_words_never_columns_or_internal_counts():
    """Roll Player's only summary finding was 'no_skills lowers the mean decisions'."""
    text, blocks = summary_text(competitive_run())
    assert claims(text) and "decisions" not in text
    assert "the mean turns" in text and "the mean length" not in text
    assert isinstance(blocks[0], Table) and blocks[0].css == "headline"
    assert "2 variants besides the printed rules" in text


def test_printed_rules_only_and_one_line_placeholder_warning():
    g, s = tables("synthetic", 2)
    run = from_frames(g, s, FakeSpec(placeholders=("hero powers: invented", "cards: guessed")))
    blocks = summary.build([Section("S", run)], run)
    notes = [b for b in blocks if isinstance(b, Note)]
    assert len(notes) == 1 and "invented" not in notes[0].text
    folded = blocks[blocks.index(notes[0]) + 1]
    assert isinstance(folded, Details) and "invented" in folded.blocks[0].text
    assert any("printed rules only" in getattr(b, "text", "") for b in blocks)


def test_variant_tables_show_what_moved_first_and_fold_the_rest():
    run = competitive_run()
    section = Section("Variants", run)
    variants.build(section)
    section.family.adjust()
    blocks = variants.moved_first(section.blocks)
    shown = [b for b in blocks if isinstance(b, Table)]
    assert shown and all(row[-1].significant for t in shown for row in t.rows)
    assert abs(float(shown[0].rows[0][5])) >= abs(float(shown[0].rows[-1][5]))
    folded = [b for b in blocks if isinstance(b, Details)]
    many = [list(r) for r in shown[0].rows * 9 + folded[0].blocks[0].rows * 3]
    again = variants.moved_first([Table(variants.COMPARED, many, "c")], keep=lambda label: True)
    assert len(again[0].rows) == FOLD_ROWS and not _moved_rows(again[0].rows[-1:])
    assert folded and all(isinstance(b.blocks[0], Table) for b in folded)
    assert not any(isinstance(b, Paragraph) and "decisions" in b.text for b in blocks)


def test_long_tables_and_later_headed_parts_fold_under_their_captions():
    from reports.blocks import Heading, fold_groups, fold_long
    long, short = Table(["a"], [[i] for i in range(11)], "By class"), Table(["a"], [[1]], "x")
    folded = fold_long([long, short])
    assert isinstance(folded[0], Details) and folded[0].summary == "By class (11 rows)"
    assert folded[0].blocks == [long] and folded[1] is short
    parts = [Paragraph("intro"), Heading("2 players"), short, Heading("3 players"), short,
             Heading("4 players"), short]
    grouped = fold_groups(parts)
    assert grouped[:3] == parts[:3]
    assert [(d.summary, d.blocks) for d in grouped[3:]] == [("3 players", [short]),
                                                            ("4 players", [short])]
    assert fold_groups(parts[:5]) == parts[:5]             # two parts: nothing folded


def _moved_rows(rows: list) -> bool:
    return all(isinstance(r[-1], Finding) and r[-1].significant for r in rows)


def test_variant_tables_name_measures_in_words_not_columns(tmp_path):
    """The Variants tables of a real report: no measure cell is a raw column name."""
    from reports.report import structure
    from reports.tables import open_run
    from simulate.config import parse_config
    from simulate.games import get_game
    from simulate.runner import run as play
    cfg = parse_config({"run": {"game": "risky_adventure", "games": 12, "seed": 2, "chunk": 12,
                                "out": str(tmp_path / "o")},
                        "players": {"count": 2, "strategies": "fame_now"},
                        "variants": [{"name": "cheap", "discount_a_symbols": 2}]})
    play(cfg)
    report = structure(open_run(tmp_path / "o"))
    variants_section = next(s for s in report.sections if s.title == "Variants")

    def tables_in(blocks):
        for b in blocks:
            if isinstance(b, Details):
                yield from tables_in(b.blocks)
            elif isinstance(b, Table) and b.columns == variants.COMPARED:
                yield b
    cells = {row[1] for t in tables_in(variants_section.blocks) for row in t.rows}
    spec = get_game("risky_adventure")
    raw = set(spec.game_columns) | {"decisions"}
    assert cells and not cells & raw, sorted(cells & raw)
    assert "winning fame" in cells and "decisions (internal count)" in cells


def test_mean_xp_per_seat_is_kept_within_what_a_score_can_take():
    """Dungeon Roll's mean XP (one value per game) of a run where almost no one scores: its
    interval is a count's, never below 0 XP."""
    g, s = tables("dungeon_roll", 2, games=12, winning_score=lambda rng, n: np.zeros(n, int))
    s = s.with_columns(score=pl.when(pl.col("game") == 0).then(30.0).otherwise(0.0))
    run, _, _ = run_of("dungeon_roll", [(g, s)])
    xp = headlines.dungeon_roll(run, 2)["mean XP"]
    assert xp.low >= 0 and xp.low < xp.high


def test_roll_player_stars_per_seat_may_go_below_zero():
    """Alignment can cost stars (score_bounds -40..200): a mean near 0 stars is not clamped at
    0 as if stars were a count."""
    g, s = tables("roll_player", 2, games=12, winning_stars=lambda rng, n: np.zeros(n, int))
    s = s.with_columns(score=pl.when(pl.col("game") % 2 == 0).then(-3.0).otherwise(3.0))
    run, _, _ = run_of("roll_player", [(g, s)])
    stars = headlines.roll_player(run, 2)["stars per seat"]
    assert stars.low < 0 < stars.high


def test_a_seat_finding_carries_its_effect_size_for_ranking():
    """The first-seat gap ranked as 'size unknown' behind every variant finding: within_game
    gave no d, and the summary looked it up under a key the variants' seat tests overwrote."""
    from simulate.statistics import within_game
    import math
    assert math.isclose(within_game(50, 10.0, 20.0).d, 0.2 / math.sqrt(18 / 49))  # mean / sd
    run = competitive_run()
    section = Section("Seats", run)
    section.seat_fairness(2)
    gap = next(f for f in section.family.findings if "minus the others" in f.about)
    assert gap.size == gap.size and gap.size == section.differences[
        ("first seat", 2, "first seat minus the others")].d


def test_the_findings_come_before_the_warnings_and_the_folded_tables():
    """A Roll Player class study's findings started ~3,400 characters in, after the
    placeholder list and the mechanic-use table."""
    run = competitive_run(placeholders=("hero powers: invented",))
    _, blocks = summary_text(run)
    shows = next(i for i, b in enumerate(blocks) if isinstance(b, Heading)
                 and b.text.startswith("What the run shows"))
    assert isinstance(blocks[0], Table) and shows == 1
    assert all(not isinstance(b, (Note, Details)) for b in blocks[:shows + 2])
    assert any(isinstance(b, Note) and "Placeholder" in b.text for b in blocks[shows:])


def test_variant_findings_name_the_score_in_the_game_s_words_and_solo_tests_it_once():
    """Lead = "mean XP" findings said "mean score"; solo Dungeon Roll's score and
    winning score were two claims of one number."""
    g, s = tables("dungeon_roll", 1, winning_score=lambda rng, n: rng.integers(0, 30, n))
    run = from_frames(g, s, FakeSpec(name="dungeon_roll"))
    run.spec.game_columns = {"winning_score": ("int", "XP of the winner")}
    labels = [m.label for m in variants.measures(run, 1)]
    assert "XP" in labels and "winning_score" not in labels and "score" not in labels
    two = [m.label for m in variants.measures(run, 2)]
    assert "seat 0 mean XP" in two and "mean XP (all seats)" in two
    assert summary.column_of("seat 0 mean XP", run) == "score"


def test_a_finding_at_every_player_count_seat_and_variant_is_one_line():
    """Each finding repeated per seat and per player count, the first-seat finding
    repeated per variant."""
    def seat(players, label="", gap="+5.0 pts [3.0, 7.0]", size=0.2):
        return Finding(players, f"first seat minus the others{label}", gap, "paired t", 1e-5,
                       f"At {players} players the first seat wins more{label}.", "seat",
                       p_adjusted=1e-4, size=size)

    def variant(players, seat_no, size):
        return Finding(players, f"fast vs baseline: seat {seat_no} win rate", "+3.0 pts", "t",
                       1e-5, f"At {players} players, fast raises the seat {seat_no} win rate.",
                       "variant", p_adjusted=1e-4, size=size)
    found = [seat(2), seat(3), seat(2, " (fast)"), variant(2, 0, 0.3), variant(3, 1, 0.2),
             seat(4, gap="-2.0 pts [-3.0, -1.0]", size=-0.1)]
    text = summary._findings([("Seats", f, f.claim) for f in found])[1].text
    lines = text.splitlines()
    assert len(lines) == 3, text
    assert "the same also at 3p, 2p (fast)" in lines[0]
    assert "the same also at 3p seat 1" in lines[1]
    assert lines[2].startswith("• At 4 players")          # the other direction: its own line
