"""Dungeon Roll's report section: XP per game and its sources, how delves end and how deep they
go, hero balance, dragons, ties and solo titles; every row within one player count."""
from __future__ import annotations

import polars as pl

from reports.blocks import Figure, Heading, Paragraph, Rate, Table
from reports.facts import hero_assignment
from reports.figures import variant_distributions
from reports.mechanics import Mechanic, counted, positive
from reports.tables import COUNT, collect, means, rates

PARTS = ("xp_levels", "xp_dragons", "xp_empty_box", "xp_treasures", "xp_scale_pairs")
ENDS = ("retired", "level_10", "town_portal", "fled_monsters", "fled_dragon")
RANKS = ("Dragon Fodder", "Village Hero", "Seasoned Explorer", "Champion", "Hero of Ages")
BY = ["variant", "players"]


def _a_delve_ended(how: str) -> pl.Expr:
    return pl.any_horizontal(*(pl.col(f"delve{k}_end") == how for k in range(1, 6)))


# What the seats do of their own choosing, for reports.mechanics.
MECHANICS = [
    Mechanic("retiring from a delve before level 10", _a_delve_ended("retired")),
    Mechanic("retiring by Town Portal", _a_delve_ended("town_portal")),
    Mechanic("fleeing a delve", positive("flees")),
    Mechanic("ending a delve at level 10", pl.col("ach_dungeon_master")),
    *counted({
        "fighting a dragon": "dragons_fought",
        "defeating a dragon": "dragons_defeated",
    }),
    Mechanic("defeating 2 dragons in one delve (Dragon Slayer)", pl.col("ach_dragon_slayer")),
    Mechanic("reaching the hero's master side", pl.col("master")),
    Mechanic("scoring a pair of Dragon Scales", positive("xp_scale_pairs")),
]
UNMEASURED = ["Treasure tokens used in a delve (only those left at the end are counted).",
              "The hero's specialty and ultimate used: no column."]


def _present(lf: pl.LazyFrame, columns) -> list[str]:
    names = lf.collect_schema().names()
    return [c for c in columns if c in names]


def _order(run, key: tuple) -> tuple:
    """Rows in config order: variant as in the config, then player count, then the rest, each
    by its value (level 2 before level 10), a missing value last."""
    return (run.variants.index(key[0]) if key[0] in run.variants else 99,) + tuple(
        (k is None, 0 if k is None else k) for k in key[1:])


def _score_table(run) -> Table:
    columns = _present(run.seats, ("score",) + PARTS + ("deepest_level",))
    found = means(run.seats, columns, BY, COUNT)
    rows = [list(key) + [m["score"].n] + [m[c] for c in columns]
            for key, m in sorted(found, key=lambda r: _order(run, r[0]))]
    return Table(BY + ["seats", "final XP"] + [c.removeprefix("xp_").replace("_", " ")
                                               for c in columns[1:]], rows,
                 "Final XP per seat and where it comes from (mean, 95 % interval); the five "
                 "sources sum to the final XP.")


def _delves(run) -> pl.LazyFrame | None:
    """One row per delve played: variant, players, delve number, level, XP, how it ended."""
    names = run.seats.collect_schema().names()
    frames = []
    for k in range(1, 6):
        cols = [f"delve{k}_level", f"delve{k}_xp", f"delve{k}_end"]
        if all(c in names for c in cols):
            frames.append(run.seats.select(
                "variant", "players", pl.lit(k).alias("delve"),
                pl.col(cols[0]).cast(pl.Int64).alias("level"),
                pl.col(cols[1]).cast(pl.Int64).alias("xp"),
                pl.col(cols[2]).cast(pl.Utf8).alias("end")))
    return pl.concat(frames).filter(pl.col("end").is_not_null()) if frames else None


def _ends_table(run, delves: pl.LazyFrame) -> Table:
    by = BY + ["delve"]
    counts = collect(delves.group_by(by + ["end"]).len())
    rows = []
    by_delve = means(delves, ["xp", "level"], by, COUNT)
    for key, m in sorted(by_delve, key=lambda r: _order(run, r[0])):
        part = counts.filter(*(pl.col(c) == v for c, v in zip(by, key)))
        found = dict(zip(part["end"].to_list(), part["len"].to_list()))
        n = m["xp"].n
        rows.append(list(key) + [n, m["xp"], m["level"]] + [Rate(int(found.get(e, 0)), n)
                                                             for e in ENDS])
    return Table(by + ["delves", "XP", "level reached"] + list(ENDS), rows,
                 "How delves end, by delve number: XP gained in the delve, level reached, and the "
                 "share of each ending (fleeing scores no level XP).")


def _depth_table(run, delves: pl.LazyFrame) -> Table:
    by = BY + ["level"]
    fled = delves.with_columns(pl.col("end").str.starts_with("fled").alias("fled"))
    xp = dict(means(fled, ["xp"], by, COUNT))
    rows = [list(key) + [r.n, xp[key]["xp"], r]
            for key, r in sorted(rates(fled, "fled", by), key=lambda r: _order(run, r[0]))
            if key[2] is not None]
    return Table(by + ["delves", "XP", "fled"], rows,
                 "XP by delve depth within each player count: delves ending at each level, their "
                 "mean XP and the share that ended by fleeing.")


def _depth_figure(run, delves: pl.LazyFrame) -> Figure | None:
    counts = collect(delves.filter(pl.col("level").is_not_null())
                     .group_by(BY + ["level"]).len()).sort(BY + ["level"])
    return variant_distributions(run, counts, "level", "len", "level when the delve ended",
                                 "share of delves", "Where delves end: one panel per player "
                                 "count, one line per variant.")


def _hero_table(run) -> Table | None:
    if "hero" not in run.seats.collect_schema().names():
        return None
    by = BY + ["hero"]
    score = dict(means(run.seats, ["score"], by, COUNT))
    master = dict(rates(run.seats, "master", by)) if _present(run.seats, ["master"]) else {}
    won = dict(rates(run.seats, "won", by))
    rows = [list(key) + [score[key]["score"].n, score[key]["score"], master.get(key),
                         won[key] if key[1] > 1 else "–"]
            for key in sorted(score, key=lambda k: _order(run, k))]
    dealt = hero_assignment(run.manifest.get("identity", {}).get("heroes") or [])
    return Table(by + ["seats", "final XP", "reached master", "win rate"], rows,
                 "Hero balance within each player count: final XP, how often the hero levels up, "
                 f"and win rate (heroes per seat: {dealt}).")


def _dragon_table(run) -> Table:
    columns = _present(run.seats, ("dragons_fought", "dragons_defeated", "flees"))
    per_seat = dict(means(run.seats, columns, BY, COUNT))
    flags = [c for c in ("tie_break_decided", "shared_win") if c in _present(run.games, [c])]
    per_game = {c: dict(rates(run.games, c, BY)) for c in flags}
    rows = [list(key) + [per_seat[key][c] for c in columns] +
            [per_game[c].get(key) if key[1] > 1 else "–" for c in flags]
            for key in sorted(per_seat, key=lambda k: _order(run, k))]
    return Table(BY + [c.replace("_", " ") for c in columns + flags], rows,
                 "Dragons and flights per seat; how often a tie on XP was broken by treasures, "
                 "or shared, per game (multi-player only).")


def _solo_table(run) -> Table | None:
    if not _present(run.seats, ["solo_rank"]):
        return None
    solo = run.seats.filter(pl.col("solo_rank").is_not_null())
    counts = collect(solo.group_by("variant", "solo_rank").len())
    if counts.is_empty():
        return None
    rows = []
    for variant in run.variants:
        part = counts.filter(pl.col("variant") == variant)
        found = dict(zip(part["solo_rank"].to_list(), part["len"].to_list()))
        n = sum(found.values())
        if n:
            rows.append([variant, n] + [Rate(int(found.get(r, 0)), n) for r in RANKS])
    return Table(["variant", "games"] + list(RANKS), rows,
                 f"Solo titles (0-15 Dragon Fodder ... 35+ Hero of Ages); a solo win counts at "
                 f"{run.solo_win() or 'the rules threshold'}.")


def build(section) -> None:
    run = section.run
    section.add(Heading("Experience per game and per delve"),
                Paragraph("A delve scores its level when the adventurer retires (or uses a Town "
                          "Portal) and nothing when the party flees; dragons, an empty treasure "
                          "box and unused treasures add the rest."))
    if not run.player_counts:
        section.add(Paragraph("No games in this run."))
        return
    section.add(_score_table(run))
    delves = _delves(run)
    if delves is not None:
        section.add(_ends_table(run, delves), _depth_table(run, delves), _depth_figure(run, delves))
    section.add(_hero_table(run), _dragon_table(run), _solo_table(run))
