"""Mechanic use: each game declares its optional mechanics over columns it writes;
the section 'Mechanics in play' counts them per seat (per game in co-op) within each player
count, with intervals; a mechanic used in under 5 % of seats at some player count is warned
about in words, in the section and in the summary, and per strategy."""

import polars as pl
import pytest

from reports import mechanics
from reports.blocks import Details, Note, Paragraph, Rate
from reports.report import structure
from reports.section import Section
from reports.tables import collect, from_frames, open_run
from simulate.config import parse_config
from simulate.games import game_names, get_game
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS
from simulate.runner import run as play

# A tiny run per game (Python engine: no kernel to compile), two player counts.
TINY = {"roll_for_adventure": ([2, 3], "balanced"), "roll_player": ([1, 2], "goal_chaser"),
        "dungeon_roll": ([1, 2], "risk_aware"), "risky_adventure": ([2, 3], "fame_now"),
        "adventure_realms": ([2, 3], "balanced")}


def text_of(blocks) -> str:
    out = []
    for block in blocks:
        if isinstance(block, Details):
            out += [block.summary, text_of(block.blocks)]
        elif isinstance(block, (Note, Paragraph)):
            out.append(block.text)
    return "\n".join(out)


@pytest.mark.parametrize("game", game_names())
def test_every_declared_mechanic_reads_columns_its_game_writes(game):
    spec = get_game(game)
    declared, unmeasured = mechanics.declared(game)
    assert declared, f"{game} declares no mechanics"
    names = [m.name for m in declared]
    assert len(set(names)) == len(names)
    own = {"seat": {**SEAT_COLUMNS, **spec.seat_columns},
           "game": {**GAME_COLUMNS, **spec.game_columns}}
    for m in declared:
        assert m.unit in own, m
        assert m.columns and set(m.columns) <= set(own[m.unit]), (m.name, m.columns)
        assert "_" not in m.name, m.name                            # words, not column names
        if spec.cooperative:
            assert m.unit == "game", m.name                          # the team is the unit


@pytest.fixture(scope="module", params=sorted(TINY))
def tiny(request, tmp_path_factory):
    game = request.param
    counts, strategy = TINY[game]
    out = tmp_path_factory.mktemp(game) / "o"
    play(parse_config({"run": {"game": game, "games": 4, "seed": 3, "chunk": 4, "jobs": 1,
                               "engine": "python", "out": str(out)},
                       "players": {"count": counts, "strategies": strategy}}))
    return game, open_run(out)


def test_section_counts_each_mechanic_within_each_player_count(tiny):
    game, run = tiny
    section = Section(mechanics.TITLE, run)
    mechanics.build(section)
    declared, _ = mechanics.declared(game)
    games = run.games.collect()
    seats = run.seats.collect()
    table = next(b for d in section.blocks if isinstance(d, Details) for b in d.blocks
                 if getattr(b, "columns", None) and b.columns[0] == "mechanic")
    assert table.columns[2:] == [f"{p} player{'s' if p > 1 else ''}" for p in run.player_counts]
    assert [row[0] for row in table.rows] == [m.name for m in declared]
    for row, m in zip(table.rows, declared):
        rows = games if m.unit == "game" else seats
        for p, shown in zip(run.player_counts, row[2:]):
            here = rows.filter(pl.col("players") == p)             # never pooled over counts
            used = here.select(m.used.fill_null(False)).to_series()
            assert isinstance(shown, Rate), (m.name, shown)
            assert (shown.k, shown.n) == (int(used.sum()), here.height), (m.name, p)
            assert shown.n == 4 * (1 if m.unit == "game" else p)
    for row, m in zip(table.rows, declared):
        rare = any(r.n and r.value < mechanics.RARE for r in row[2:])
        assert (m.name in section.rarely) == rare, (m.name, row)    # named for the summary


def planted(trades: list[int], strategies=("fame_now", "fame_now")):
    """Risky Adventure tables, 60 games at 2 players, every count 1 but the clock trade's (by
    seat), and each seat's strategy."""
    spec = get_game("risky_adventure")
    n = 60
    seat_rows = {c: [1] * (2 * n) for c, (t, _) in spec.seat_columns.items() if t == "int"}
    seat_rows.update(trades=[trades[i % 2] for i in range(2 * n)])
    seats = pl.DataFrame({"game": [i // 2 for i in range(2 * n)], "variant": "baseline",
                          "players": 2, "seat": [i % 2 for i in range(2 * n)],
                          "strategy": [strategies[i % 2] for i in range(2 * n)],
                          "score": [float(i % 3) for i in range(2 * n)],
                          "won": [i % 2 == 0 for i in range(2 * n)],
                          "artifacts_claimed": "", "equipment_bought": "", **seat_rows})
    games = pl.DataFrame({"game": range(n), "variant": "baseline", "players": 2,
                          "decisions": 10, "end_reason": "expedition", "rounds": 9,
                          "strategies": "|".join(strategies),
                          "turns": 18, "fame_spread": 1, "winning_fame": 2})
    return from_frames(games, seats, spec)


def warnings_of(run) -> str:
    section = Section(mechanics.TITLE, run)
    mechanics.build(section)
    return text_of([b for b in section.blocks if isinstance(b, Note) or
                    isinstance(b, Details) and b.summary.startswith("…")])


def test_a_mechanic_never_used_is_warned_and_one_used_is_not():
    never = warnings_of(planted([0, 0]))
    assert "the 3-dice clock trade" in never and "say nothing" in never
    used = warnings_of(planted([1, 1]))
    assert "clock trade" not in used
    assert "Discount A" not in used and "buying equipment" not in used   # used by every seat
    rare = warnings_of(planted([1, 0]))           # half the seats: 50 %, no warning
    assert "clock trade" not in rare


def test_a_strategy_that_never_uses_a_mechanic_is_named():
    lines = warnings_of(planted([1, 0], ("engine_builder", "fame_now")))
    assert "The 3-dice clock trade: never by the fame_now strategy (0.0 % [" in lines
    assert "engine_builder strategy" not in lines


def test_the_warning_reaches_the_summary_in_words():
    report = structure(planted([0, 0]))
    line = [b for b in report.summary if isinstance(b, Details) and b.css == "note"]
    assert len(line) == 1 and "the 3-dice clock trade" in line[0].summary
    assert "trades" not in line[0].summary                # never the column's name
    inside = text_of(line[0].blocks)                     # unfolds into the whole of it
    assert mechanics.TITLE in inside and "say nothing about it" in inside
    order = [i for i, b in enumerate(report.summary) if getattr(b, "css", "") == "headline"]
    assert order and order[0] < report.summary.index(line[0])    # the headline stays on top
    assert mechanics.TITLE not in [s.title for s in report.sections]   # no second copy
    quiet = structure(planted([1, 1]))
    said = [b for b in quiet.summary if isinstance(b, Details) and mechanics.TITLE in b.summary]
    assert said and said[0].css == "" and "clock trade" not in said[0].summary


def test_many_warnings_are_folded():
    lines = [f"Mechanic {i}: in only 1.0 % of seats" for i in range(7)]
    blocks = mechanics.warning_blocks(lines, "Rarely used:")
    assert isinstance(blocks[0], Note) and blocks[0].text.count("Mechanic") == mechanics.SHOWN
    assert isinstance(blocks[1], Details) and "4 more" in blocks[1].summary


def test_with_seats_rotated_a_seed_counts_once():
    """A seed's rotations replay its dice: counted as rows they doubled n at 2 players (and
    narrowed every interval as if independent)."""
    base = planted([1, 0])
    games = pl.concat([collect(base.games).with_columns(rotation=pl.lit(r)) for r in (0, 1)])
    seats = pl.concat([collect(base.seats).with_columns(rotation=pl.lit(r)) for r in (0, 1)])
    run = from_frames(games, seats, get_game("risky_adventure"), rotate=True)
    trade = [m for m in mechanics.declared("risky_adventure")[0] if m.unit == "seat"][0]
    assert mechanics.use(run, [trade], 2, "baseline")[(trade.name, None)].n == 120  # 60 seeds


def test_the_upper_end_of_a_mechanic_never_used_is_never_printed_as_zero():
    """Over 8,000 rows the upper end printed as "0.0 %": a zero-width interval in words."""
    spec = get_game("risky_adventure")
    run = planted([0, 0])
    big = pl.concat([collect(run.seats).with_columns(game=pl.col("game") + 60 * k)
                     for k in range(80)])
    games = pl.concat([collect(run.games).with_columns(game=pl.col("game") + 60 * k)
                       for k in range(80)])
    assert "0.0 % at" not in warnings_of(from_frames(games, big, spec))


def test_a_folder_without_a_mechanics_column_reports_the_others():
    """A folder written by an older engine lacks a column a mechanic now reads: the section
    counts the mechanics it can and leaves that one out, never a traceback."""
    run = planted([0, 0])
    run.seats = run.seats.drop("trades")
    section = Section(mechanics.TITLE, run)
    mechanics.build(section)
    table = next(b for d in section.blocks if isinstance(d, Details) for b in d.blocks
                 if getattr(b, "columns", None) and b.columns[0] == "mechanic")
    names = [row[0] for row in table.rows]
    assert "the 3-dice clock trade" not in names
    assert "say nothing" not in text_of(section.blocks)            # no warning about it
    assert len(names) == len(mechanics.declared("risky_adventure")[0]) - 1
    assert "clock trade: not recorded in this results folder" in text_of(section.blocks)
