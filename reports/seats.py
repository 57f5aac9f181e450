"""The generic 'Seats and strategies' section: win rates beside the fair share, seat fairness
tests, strategy ranking, and one score histogram per player count with the seats overlaid.
Everything within one player count; co-op games count one row per game."""
from __future__ import annotations

import polars as pl

from reports import entities
from reports.blocks import Details, Heading, Paragraph, Table, percent_interval
from reports.entities import Kind, estimates
from reports.figures import score_histograms
from reports.section import Section
from reports.tables import BASELINE, collect, means, rates


def build(section: Section) -> None:
    run = section.run
    section.add(Paragraph(_unit_text(run)))
    fairness = []
    for variant in run.variants:
        blocks = []
        for players in run.player_counts:
            blocks.append(_seat_table(section, players, variant))
            if variant == BASELINE:
                row = section.seat_fairness(players, variant)
                if row:
                    fairness.append(row)
            blocks.append(_strategy_table(section, players, variant))
        if variant == BASELINE:
            section.add(*blocks)
        else:
            section.add(Details(f"Seats in variant {variant}", [b for b in blocks if b]))
    if fairness:
        section.add(Heading("Seat fairness (printed rules)"),
                    Table(["players", "sole wins by seat", "equal seats: chi-square p",
                           "first seat minus the others' mean"], fairness,
                          "Sole winners by seat (games with a shared win left out) tested "
                          "against equal shares; the first seat's win minus the mean win of the "
                          "other seats, one value per game (per seed with rotate = true), with "
                          "its 95 % t interval."))
        if not run.rotate and len(set(map(str, run.manifest["identity"]["strategies"]))) > 1:
            section.add(Paragraph("Strategies sit in fixed seats, so seat and strategy effects "
                                  "are mixed; [players] rotate = true plays every seed in every "
                                  "rotation of the seats and separates them."))
        if run.rotate:
            section.add(Paragraph("With rotate = true a seed and its rotations are one unit: the "
                                  "first seat's win is averaged over each seed's rotations "
                                  "first, and the chi-square (which assumes independent games) "
                                  "is not run."))
    entities.build(section)
    section.add(score_histograms(run))


def _unit_text(run) -> str:
    if run.rotate and replays_alike(run):
        return ("rotate = true, but every seat plays the same strategy with no hero fixed to "
                "it: each rotation would replay the same game on the same dice, so each seed "
                "was played once." + (" The seats share one result: every rate counts one row "
                                      "per game." if run.cooperative else ""))
    if run.cooperative:
        return ("This game is cooperative: the seats share one result, so every rate counts one "
                "row per game, never one per seat.")
    text = ("Every table is within one player count. Fair share = the win rate every seat would "
            "have if seats were equal (total wins / seats; 1/players without shared wins).")
    if run.rotate:
        text += (" Each game seed was played in every rotation of the seats; a seed counts "
                 "once (its rotations share the dice), so a seat's rate is its mean share of "
                 "rotations won per seed.")
    return text


def replays_alike(run) -> bool:
    """Whether the run's rotations replayed one game (runner.rotations plays it once): one
    strategy in every seat and no hero given to a seat."""
    identity = run.manifest.get("identity", {})
    strategies = {str(s) for s in identity.get("strategies") or []}
    return len(strategies) == 1 and not any(identity.get("heroes") or [])


def _seat_table(section: Section, players: int, variant: str) -> Table:
    run = section.run
    results = run.results_at(players, variant)
    by = [] if run.cooperative else ["seat"]
    wins = dict(run.unit_rates(results, "won", by))       # a seed's rotations count once
    scores = dict(run.unit_means(results, ["score"], by))
    fair = section.fair_share(players, variant)
    rows = []
    for key, won in wins.items():
        label = "team" if run.cooperative else f"seat {key[0]}"
        section.track(won, f"{label}, {players}p, {variant}")
        shown_fair = "–" if players == 1 or run.cooperative else f"{100 * fair:.1f} %"
        rows.append([label, won.n, won, shown_fair,
                     scores[key]["score"]])
    caption = f"{'Team' if run.cooperative else 'By seat'} — {players} player" \
              f"{'s' if players > 1 else ''}, {variant}"
    if players == 1 and run.solo_win(variant):
        caption += f" (a solo game is won at {run.solo_win(variant)})"
    return Table(["", "games", "win rate [95 % CI]", "fair share", "mean score [95 % CI]"],
                 rows, caption)


def _strategy_table(section: Section, players: int, variant: str) -> Table | None:
    run = section.run
    results = run.results_at(players, variant)
    names = collect(results.select(pl.col("strategy").unique()))["strategy"].to_list()
    if len(names) < 2:
        return None
    rows = []
    for name in sorted(names):
        mine = results.filter(pl.col("strategy") == name)
        won = rates(mine, "won")[0][1]
        score = means(mine, ["score"])[0][1]["score"]
        row = [name, won.n, won, score]
        if run.rotate:
            row.append(_rotated_share(section, players, variant, name))
        rows.append(row)
    rows.sort(key=lambda r: -r[2].value)
    columns = ["strategy", "seats", "win rate [95 % CI]", "mean score [95 % CI]"]
    caption = f"Strategies ranked by win rate — {players} players, {variant}"
    if run.rotate:
        columns.append("win rate, seats rotated (per seed) [95 % CI]")
        caption += "; the last column averages each seed over the rotations, so seat effects " \
                   "cancel"
    else:
        caption += " (strategy and seat are confounded: see the note above)"
    return Table(columns, rows, caption)


def _rotated_share(section: Section, players: int, variant: str, name: str) -> str:
    """A strategy's win rate with seats rotated: one value per game seed (its mean win over the
    rotations and its seats), so the interval respects that rotations share dice."""
    kind = Kind("strategy", "strategy", True, "")
    found = {e.name: e for e in estimates(section.run, players, kind, variant)}
    e = found.get(name)
    return percent_interval(e.value, e.low, e.high) if e else "–"
