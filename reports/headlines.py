"""Each game's headline at the printed rules, per player count, with its interval: what the
first screen of the report answers before any table, and the words the summary names
measures in (never a column name or an internal count such as decisions).

One function per game name returns {measure in words: Rate | Mean | text} for one player
count of the baseline; the words are the keys of simulate.leads.HEADLINES, which a config's
``[report] lead`` may name.
"""
from __future__ import annotations

from typing import Any

import polars as pl

from reports.blocks import Mean, Rate, Table
from reports.tables import BASELINE, COUNT, baseline_or_first, collect, value_counts
from simulate.leads import check_report, columns, headlines, lead_column
from simulate.statistics import UNBOUNDED

# Columns the report never names as a finding's measure: bookkeeping, not play.
INTERNAL = {"decisions", "game", "seed", "players", "variant", "strategies", "strategy",
            "engine_version", "rules_hash", "game_name", "end_reason", "rotation", "seat",
            "rank"}
# Column -> words where the column's description does not start with them.
WORDS = {"won": "win rate", "score": "score", "winning_stars": "winning stars",
         "winning_score": "winning XP", "winning_fame": "winning fame",
         "winner_vp": "winner's VP", "runner_up_vp": "runner-up's VP",
         "shadow_master_turn": "turn the Master of Shadows appears in",
         "turns_after_shadow_master": "turns played after the Master of Shadows appears",
         "stones": "power stones won", "fame_spread": "fame gap between first and last",
         "shared_win": "share of shared wins"}
# What a seat's score is in each game's own words (the seats table's "score").
SCORES = {"dungeon_roll": "XP", "roll_player": "stars", "risky_adventure": "fame",
          "adventure_realms": "VP"}


def score_word(spec: Any) -> str:
    """The seat score in the game's words ("XP" in Dungeon Roll), "score" where it has none."""
    return SCORES.get(spec.name, "score")


def words(spec: Any, column: str) -> str | None:
    """A column in the designer's words (None: an internal measure, never in the summary)."""
    if column in INTERNAL:
        return None
    if column in WORDS:
        return WORDS[column]
    described = columns(spec).get(column)
    if not described or not described[1]:
        return column.replace("_", " ")
    text = described[1]
    for stop in ",;(:.":
        text = text.split(stop)[0]
    text = text.strip()
    text = text[4:] if text.lower().startswith("the ") else text
    if len(text) > 1 and text[1].islower():
        text = text[0].lower() + text[1:]
    return text or column.replace("_", " ")


def _mean(run, query: pl.LazyFrame, column: str, bounds=COUNT) -> Mean:
    """A column's mean with the game seed as the unit (a seed's rotations count once)."""
    return run.unit_means(query, [column], bounds=bounds)[0][1][column]


def _rate(run, query: pl.LazyFrame, column: str):
    """A boolean column's rate with the game seed as the unit (a seed's rotations once)."""
    return run.unit_rates(query, column)[0][1]


def _per_game(run, players: int, column: str, bounds=COUNT) -> Mean:
    """A seat measure with the game as the unit: each game's mean over its seats (kept within
    ``bounds``: XP and fame are counts; a score passes its game's score_bounds (Roll Player
    stars can be negative), a led column of any sign UNBOUNDED)."""
    seats = run.seats_at(players, baseline_or_first(run))
    per_game = seats.group_by(run.keys).agg(pl.col(column).cast(pl.Float64).mean())
    return _mean(run, per_game, column, bounds)


def _games(run, players: int) -> pl.LazyFrame:
    return run.games_at(players, baseline_or_first(run))


def roll_for_adventure(run, players: int) -> dict:
    games = _games(run, players)
    turn = games.filter(pl.col("shadow_master_turn").is_not_null())
    median = collect(turn.select(pl.col("shadow_master_turn").median())).item()
    return {"team win rate": _rate(run, games, "won"),
            "Master of Shadows appears": _rate(run, games.with_columns(
                pl.col("shadow_master_turn").is_not_null().alias("appears")), "appears"),
            "Master of Shadows' turn": _mean(run, games, "shadow_master_turn"),
            "Master of Shadows' median turn": "–" if median is None else f"{median:g}"}


def roll_player(run, players: int) -> dict:
    return {"winning stars": _mean(run, _games(run, players), "winning_stars", UNBOUNDED),
            "stars per seat": _per_game(run, players, "score", run.spec.score_bounds)}


def dungeon_roll(run, players: int) -> dict:
    if players > 1:
        return {"winning XP": _mean(run, _games(run, players), "winning_score"),
                "mean XP": _per_game(run, players, "score")}
    seats = run.seats_at(1, baseline_or_first(run))
    found = {"mean XP": _mean(run, seats, "score"), "solo win rate": _rate(run, seats, "won")}
    titles = value_counts(seats, "solo_rank") if "solo_rank" in _names(run.seats) else None
    if titles is not None and titles.height:
        top = titles.sort("count", descending=True).row(0, named=True)
        found["solo title"] = f"{top['solo_rank']}: " \
                              f"{Rate(int(top['count']), int(titles['count'].sum()))}"
    return found


def risky_adventure(run, players: int) -> dict:
    games = _games(run, players)
    return {"winning fame": _mean(run, games, "winning_fame"),
            "rounds per game": _mean(run, games, "rounds")}


def adventure_realms(run, players: int) -> dict:
    games = _games(run, players)
    by_vp = games.with_columns((pl.col("end_reason") == "vp").alias("by_vp"))
    return {"winner's VP": _mean(run, games, "winner_vp"),
            "ended by VP": _rate(run, by_vp, "by_vp"),
            "rounds per game": _mean(run, games, "rounds")}


def generic(run, players: int) -> dict:
    """A game without a headline function: the win rate (solo or co-op) and the mean score."""
    found = {}
    if players == 1 or run.cooperative:
        found["win rate"] = _rate(run, run.results_at(players, baseline_or_first(run)), "won")
    found["mean score"] = _per_game(run, players, "score", run.spec.score_bounds)
    return found


GAMES = {f.__name__: f for f in (roll_for_adventure, roll_player, dungeon_roll, risky_adventure,
                                  adventure_realms)}


def column_value(run, players: int, column: str):
    """A led column that is no headline: its rate (a boolean of games) or its mean."""
    if column in _names(run.games):
        games = _games(run, players)
        if _kind(run.spec, column) == "bool":
            return _rate(run, games, column)
        return _mean(run, games, column, UNBOUNDED)
    return _per_game(run, players, column, UNBOUNDED)


def _kind(spec, column: str) -> str:
    return columns(spec).get(column, ("float", ""))[0]


def _names(table: pl.LazyFrame) -> list[str]:
    return table.collect_schema().names()


def lead_of(run) -> str | None:
    """The config's ``[report] lead`` (validated again: the folder may be older than the rule)."""
    config = run.manifest.get("config") if isinstance(run.manifest, dict) else None
    table = config.get("report", {}) if isinstance(config, dict) else {}
    return check_report(table, run.spec).get("lead")


def headline_rows(run, lead: str | None = None) -> list[tuple[str, str, dict]]:
    """(measure in words, its column, {players: value}) at the baseline, the led one first."""
    measure = GAMES.get(run.spec.name, generic)
    found: dict[str, dict] = {}
    for players in run.player_counts:
        for name, value in measure(run, players).items():
            found.setdefault(name, {})[players] = value
    behind = headlines(run.spec.name)             # words -> the column behind them
    order = list(behind)
    rows = sorted(((name, behind.get(name, name), values) for name, values in found.items()),
                  key=lambda row: order.index(row[0]) if row[0] in order else len(order))
    led = lead_column(lead, run.spec.name)
    if led is not None and not any(column == led for _, column, _ in rows):
        rows.append((words(run.spec, led) or led, led,
                     {p: column_value(run, p, led) for p in run.player_counts}))
    rows.sort(key=lambda row: (row[0] != lead, row[1] != led))   # the name, then its column
    return rows


def headline_table(run, lead: str | None = None) -> Table:
    """The first screen's answer: one row per headline, one column per player count."""
    counts = run.player_counts
    rows = [[name] + [values.get(p, "–") for p in counts]
            for name, _, values in headline_rows(run, lead)]
    sizes = [run.seeds(p, baseline_or_first(run)) for p in counts]
    unit = "game seeds" if run.rotate else "games"
    games = f"{sizes[0]:,} {unit} per player count" if len(set(sizes)) == 1 else \
        "; ".join(f"{n:,} {unit} at {p}" for n, p in zip(sizes, counts))
    if run.rotate:
        games += ", each counted once over its rotations of the seats"
    which = "the printed rules" if baseline_or_first(run) == BASELINE else baseline_or_first(run)
    if run.cards or run.granted:                 # a card study: its baseline is its own set
        from reports.cards import components_words
        which = f"the card study's baseline ({components_words(run)})"
    return Table(["at " + which] + [f"{p} player{'s' if p > 1 else ''}" for p in counts], rows,
                 f"Headline at {which} ({games}); 95 % intervals",
                 css="headline")
