"""Balance of every entity a game gives its seats: seats, strategies, heroes, classes, races,
guilds and cards owned, each against the fair share within one player count.

The unit is the game, never the seat: the seats of one game share its dice and only one of them
wins. For an entity present in a game the game gives one value, the mean win of the entity's
seats in it, compared with that game's fair share (its wins / its seats: 1/players without shared
wins). With ``rotate = true`` a seed with its rotations is one unit (its games averaged first).
One seat per game and one fair share throughout: the exact binomial test; otherwise a one-sample
t over games (or seeds) of win minus fair share. Co-op and solo games have no fair share: the
team's (the solo seat's) win rate in games with the entity against games without it.

Assigned entities (dealt at random, rotated by ``heroes = "all"``, or strategies with seats
rotated) are claimable findings (kind "entity"; "strategy" for strategies). Chosen ones (cards
owned, the dominant guild, classes picked) are associations: kind "screen", shown, never
claimed. Tests run at the baseline only, one per entity and player count, on entities seen in at
least ``TINY`` games; seats are tested by ``Section.seat_fairness`` and only drawn here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from reports.blocks import Details, Heading, Mean, Paragraph, Rate, Table, percent_interval
from reports.findings import Finding
from reports.forest import forest_plot
from reports.section import TINY, Section, points
from reports.tables import BASELINE, collect, rate_of
from simulate.config import ALL_HEROES
from simulate.statistics import (Difference, rate_against_share, sd_from_sums, unpaired_means,
                                 unpaired_rates, within_game)


@dataclass(frozen=True)
class Kind:
    label: str                 # "hero", "class", "race", "guild", "card", "strategy", "seat"
    column: str
    assigned: bool             # dealt or rotated: a claimable effect; chosen: an association
    how: str                   # how the game gives it (said under its table)
    split: bool = False        # '|'-joined names per seat (cards owned)
    tested: bool = True        # seats: tested by seat fairness, only drawn here


@dataclass(frozen=True)
class Estimate:
    name: str
    units: int                 # games (seeds with rotate) the entity is in
    value: float               # its win rate
    low: float
    high: float
    fair: float                # the fair share it is compared with (co-op: games without it)
    diff: Difference           # value - fair, with its test
    where: str = ""            # the seats a fixed strategy sits in


def kinds(run, players: int) -> list[Kind]:
    """The entity kinds of this run's game, from its seat columns and how it assigns them."""
    names = run.seats.collect_schema().names()
    identity = run.manifest.get("identity", {})
    heroes = identity.get("heroes") or []
    rules = run.rules(BASELINE)
    found = []
    if not run.cooperative and players > 1:
        found.append(Kind("seat", "seat", True, "every game has every seat", tested=False))
    if "strategy" in names and len(_strategies(run, players)) > 1:
        found.append(Kind("strategy", "strategy", True,
                          "seats rotated: every strategy in every seat on the same dice"
                          if run.rotate else "strategies sit in fixed seats: strategy and seat "
                                             "together"))
    if "hero" in names:
        dealt = all(h in (None, ALL_HEROES) for h in heroes)
        found.append(Kind("hero", "hero", dealt, "dealt at random" if dealt else
                          "some heroes are fixed to seats by the config: hero and seat mixed"))
    if "class" in names:
        rotated = bool(heroes) and heroes[0] == ALL_HEROES
        found.append(Kind("class", "class", rotated,
                          'heroes = "all": every class at every seat equally often' if rotated
                          else "the class is chosen, not assigned"))
    if "race" in names:
        dealt = rules.get("race_assignment", "dealt") == "dealt"
        found.append(Kind("race", "race", dealt,
                          "dealt at random" if dealt else "the race is chosen, not assigned"))
    if "dominant_guild" in names:
        found.append(Kind("guild", "dominant_guild", False,
                          "the dominant guild is chosen by play, not assigned"))
    for column, label in (("cards_bought_names", "card"), ("equipment_bought", "equipment card"),
                          ("cards_recruited", "recruited hero")):
        if column in names:
            found.append(Kind(label, column, False, "owning is chosen, not assigned",
                              split=True))
    return found


def _strategies(run, players: int) -> set[str]:
    """The strategies at this player count: as configured (two settings of one strategy are
    two), else as the seats table names them."""
    listed = run.manifest.get("identity", {}).get("strategies") or []
    if listed:
        return set(map(str, listed[:players]))
    return set(collect(run.seats_at(players).select(pl.col("strategy").unique()))["strategy"])


def estimates(run, players: int, kind: Kind, variant: str = BASELINE) -> list[Estimate]:
    """Each entity of ``kind`` against the fair share at one player count, best first."""
    seats = _rows(run.seats_at(players, variant), kind)
    if run.cooperative or players == 1:
        found = _with_and_without(run, players, variant, kind, seats)
    else:
        found = _against_fair_share(run, players, variant, kind, seats)
    return sorted(found, key=lambda e: -e.value)


def _rows(seats: pl.LazyFrame, kind: Kind) -> pl.LazyFrame:
    """One row per seat and entity it holds (a seat's cards counted once each), as text."""
    entity = pl.col(kind.column)
    if kind.split:
        seats = seats.with_columns(entity.fill_null("").str.split("|").list.unique()) \
            .explode(kind.column)
    seats = seats.with_columns(entity.cast(pl.String))
    return seats.filter(entity.is_not_null() & (entity != ""))


def _against_fair_share(run, players: int, variant: str, kind: Kind,
                        seats: pl.LazyFrame) -> list[Estimate]:
    keys, name = run.keys, kind.column
    won = pl.col("won").fill_null(False).cast(pl.Float64)
    fair = run.seats_at(players, variant).group_by(keys).agg(
        (won.sum() / players).alias("fair"))
    units = seats.group_by(keys + [name]).agg(won.mean().alias("x"), pl.len().alias("seats"))
    units = units.join(fair, on=keys)
    if run.rotate:                      # a seed with its rotations is one unit
        units = units.group_by(["game", name]).agg(pl.col("x", "fair").mean(),
                                                   pl.col("seats").sum())
    d = pl.col("x") - pl.col("fair")
    table = collect(units.group_by(name).agg(
        pl.len().alias("n"), pl.col("x").sum().alias("sx"), (pl.col("x") ** 2).sum().alias("qx"),
        d.sum().alias("sd"), (d ** 2).sum().alias("qd"), pl.col("fair").sum().alias("sf"),
        pl.col("fair").min().alias("fmin"), pl.col("fair").max().alias("fmax"),
        pl.col("seats").max().alias("most")))
    where = _seats_of(seats, name) if kind.label == "strategy" and not run.rotate else {}
    found = []
    for r in table.iter_rows(named=True):
        n, value = int(r["n"]), r["sx"] / r["n"]
        if not run.rotate and r["most"] == 1 and r["fmin"] == r["fmax"]:
            diff = rate_against_share(round(r["sx"]), n, r["fmin"])
            low, high, share = diff.low + r["fmin"], diff.high + r["fmin"], r["fmin"]
        else:
            test = "t over seeds" if run.rotate else "t over games"
            diff = within_game(n, r["sd"], r["qd"], test, bounds=(-1.0, 1.0))
            mean = Mean.from_sums(n, r["sx"], r["qx"], bounds=(0.0, 1.0))
            low, high, share = mean.low, mean.high, r["sf"] / n
        found.append(Estimate(r[name], n, value, low, high, share, diff, where.get(r[name], "")))
    return found


def _seats_of(seats: pl.LazyFrame, name: str) -> dict[str, str]:
    table = collect(seats.group_by(name).agg(pl.col("seat").unique().sort()))
    return {r[name]: ", ".join(map(str, r["seat"])) for r in table.iter_rows(named=True)}


BLOCK = 100_000      # games per pass of a join: its memory stays flat however long the run


def _joined_in_blocks(present: pl.LazyFrame, won: pl.LazyFrame, unit: list, column: str,
                      stats: list) -> pl.DataFrame:
    """``stats`` of ``won`` per value of ``column`` over the games where it is present: joined
    a block of game indices at a time (a game's rows all fall in one block; the Parquet
    statistics on ``game`` skip the other chunk files), the blocks' sums added up."""
    top = collect(won.select(pl.col("game").max())).item() or 0      # None: no games
    parts = []
    for low in range(0, top + 1, BLOCK):
        block = pl.col("game").is_between(low, low + BLOCK, closed="left")
        parts.append(collect(present.filter(block).join(won.filter(block), on=unit)
                             .group_by(column).agg(stats)))
    return pl.concat(parts).group_by(column).agg(pl.col("n", "s", "q").sum())


def _with_and_without(run, players: int, variant: str, kind: Kind,
                      seats: pl.LazyFrame) -> list[Estimate]:
    """Co-op (one result per game) and solo: games with the entity against games without."""
    unit = ["game"] if run.rotate else run.keys
    won = run.results_at(players, variant).select(
        *run.keys, pl.col("won").fill_null(False).cast(pl.Float64).alias("x"))
    if run.rotate:
        won = won.group_by(unit).agg(pl.col("x").mean())
    stats = [pl.len().alias("n"), pl.col("x").sum().alias("s"), (pl.col("x") ** 2).sum()
             .alias("q")]
    n_all, s_all, q_all = collect(won.select(stats)).row(0)
    present = seats.select(*unit, kind.column).unique()
    table = _joined_in_blocks(present, won, unit, kind.column, stats)
    found = []
    for r in table.iter_rows(named=True):
        n, s, q = int(r["n"]), float(r["s"]), float(r["q"])
        rest, rest_s = n_all - n, s_all - s
        if run.rotate:
            mine = Mean.from_sums(n, s, q, bounds=(0.0, 1.0))
            low, high = mine.low, mine.high
            diff = unpaired_means(rest, rest_s / rest, sd_from_sums(rest, rest_s, q_all - q),
                                  n, s / n, sd_from_sums(n, s, q)) if rest else _nothing(n)
        else:
            low, high = Rate(round(s), n).interval
            diff = unpaired_rates(round(rest_s), rest, round(s), n) if rest else _nothing(n)
        fair = rest_s / rest if rest else s_all / n_all
        found.append(Estimate(r[kind.column], n, s / n, low, high, fair, diff))
    return found


def _nothing(n: int) -> Difference:
    """In every game: nothing to compare it with."""
    nan = float("nan")
    return Difference(nan, nan, nan, nan, n, "in every game")


# ---- the section's blocks ------------------------------------------------------------------

def build(section: Section) -> None:
    """A forest plot per entity kind and player count, its table folded beneath, and one test
    per entity (baseline, player counts apart) in the section's family."""
    run = section.run
    blocks = []
    largest = max(run.player_counts, default=0)
    for players in run.player_counts:
        for kind in kinds(run, players):
            found = estimates(run, players, kind)
            if len(found) < 2:
                continue
            made = _blocks(section, players, kind, found)
            if players != largest and len(made) == 2:     # one plot per kind stays in view
                made = [Details(f"Win rate by {kind.label} at {players} players: plot and "
                                "table", made)]
            blocks += made
    if blocks:
        section.add(Heading("Balance of every entity (printed rules)"), Paragraph(
            "Each entity against the fair share within one player count; the unit is the "
            "game (a seed with its rotations). Dealt or rotated entities are tested; chosen "
            "ones (cards, guilds) are associations, never claimed."), *blocks)


def _blocks(section: Section, players: int, kind: Kind, found: list[Estimate]) -> list:
    run = section.run
    contrast = run.cooperative or players == 1
    rows = []
    for e in found:
        # a strategy alone in its fixed seat is that seat: seat fairness tests it
        alone = kind.label == "strategy" and not run.rotate and "," not in e.where
        cell = "seat fairness" if alone or not kind.tested else _test(section, players, kind, e)
        row = [e.name, e.units, percent_interval(e.value, e.low, e.high),
               f"{100 * e.fair:.1f} %", points(e.diff), e.diff.test, cell]
        if kind.label == "strategy" and not run.rotate:
            row.insert(1, e.where)
        rows.append(row)
    unit = "seeds" if run.rotate else "games"
    reference = "games without it" if contrast else "fair share"
    columns = [kind.label, unit, "win rate [95 % CI]", reference, "difference [95 % CI]",
               "test", "p (Holm)"]
    if kind.label == "strategy" and not run.rotate:
        columns.insert(1, "seats")
    where = f"{players} player{'s' if players > 1 else ''}"
    status = "assigned: tested" if kind.assigned else "association: shown, never claimed"
    caption = f"Win rate by {kind.label} at {where} (printed rules; {kind.how}; {status})."
    fair = section.fair_share(players) if not contrast else \
        rate_of(run.results_at(players, BASELINE), "won").value      # the overall rate
    line = "the team's win rate" if run.cooperative else \
        "the solo win rate" if players == 1 else "fair share"
    figure = forest_plot([(e.name, e.value, e.low, e.high) for e in found], fair,
                         f"{kind.label} — {where}", line,
                         f"{caption} Dots: win rate; bars: 95 % intervals; line: {line}.")
    table = Details(f"Table: win rate by {kind.label}, {where}", [Table(columns, rows, caption)])
    if kind.assigned and kind.tested:
        return [figure, table]          # dealt or rotated: its claims may lead the summary
    shown = "association" if not kind.assigned else "drawn; tested by seat fairness"
    return [Details(f"Win rate by {kind.label} at {where} ({shown}): plot and table",
                    [figure, table])]


def _test(section: Section, players: int, kind: Kind, e: Estimate):
    if e.units < TINY or e.diff.p != e.diff.p:
        return "–"
    run = section.run
    rate = percent_interval(e.value, e.low, e.high)
    where = f"At {players} player{'s' if players > 1 else ''}"
    if run.cooperative or players == 1:
        who = "the team wins" if run.cooperative else "the solo seat wins"
        claim = f"{where} {who} {rate} of games with the {e.name} ({kind.label}) vs " \
                f"{100 * e.fair:.1f} % without."
        versus = "games with vs without"
    elif kind.label == "strategy":
        seated = " with seats rotated" if run.rotate else \
            f" (in seat{'s' if ',' in e.where else ''} {e.where}: strategy and seat together)"
        claim = f"{where} the {e.name} strategy{seated} wins {rate} of games vs " \
                f"{100 * e.fair:.1f} % fair share."
        versus = "vs fair share"
    else:
        holder = f"seats owning the {e.name}" if kind.split else f"the {e.name}"
        claim = f"{where} {holder} ({kind.label}) win{'' if kind.split else 's'} {rate} of " \
                f"games vs {100 * e.fair:.1f} % fair share."
        versus = "vs fair share"
    about = f"{kind.label} {e.name} {versus}"
    if not kind.assigned:
        about += f" (association: {kind.how})"
        claim = claim[:-1] + f" (association: {kind.how})."
    finding_kind = "strategy" if kind.label == "strategy" else \
        "entity" if kind.assigned else "screen"
    return section.test(Finding(players, about, f"{rate} vs {100 * e.fair:.1f} %", e.diff.test,
                                e.diff.p, claim, finding_kind, size=_size(e)))


def _size(e: Estimate) -> float:
    """The effect in SDs of one win at the fair share: (rate - fair) / sqrt(fair (1 - fair)),
    the same scale for every entity of a player count whichever test it had (the exact
    binomial test has no Cohen's d), so the summary's "largest effect first" follows the
    points it prints."""
    spread = math.sqrt(e.fair * (1 - e.fair)) if 0 < e.fair < 1 else math.nan
    return (e.value - e.fair) / spread if spread == spread and spread > 0 else e.diff.d
