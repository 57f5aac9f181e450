"""Risky Adventure's report section: is the race for fame fair between seats, which equipment
kinds and artifacts pay, and how long does a game run? Everything within one player count.

Fame by seat with intervals and the first seat's fame minus the others' (one value per game);
the win-rate tests of seat fairness (chi-square, first seat minus the others) are in "Seats and
strategies". Owners vs non-owners of each equipment kind and each artifact, as win rates within
a player count, join this section's Holm-corrected family; game length and end reasons; the
placeholder warning naming every data file that holds placeholder values.
"""
from __future__ import annotations

import polars as pl

from reports.blocks import Details, Heading, Note, Paragraph, Rate, Table
from reports.findings import Finding
from reports.mechanics import Mechanic, counted, positive
from reports.section import Section, points
from reports.sections import played_components
from reports.tables import BASELINE, COUNT, collect, means, rates, value_counts
from simulate.statistics import unpaired_rates, within_game

PARTS = ("fame_artifacts", "fame_expeditions", "fame_scarabs", "fame_maps", "fame_bonus")
KINDS = ("scarab_top", "scarab_bottom", "discount_a", "discount_b", "bonus_a", "bonus_b")

# What the seats do of their own choosing, for reports.mechanics.
MECHANICS = [
    Mechanic("buying equipment", positive("equipment")),
    *(Mechanic(f"buying {card}", positive(f"equipment_{k}")) for k, card in zip(
        KINDS, ("a scarab top", "a scarab bottom", "a Discount A card", "a Discount B card",
                "a Bonus A card", "a Bonus B card"))),
    *counted({
        "bonus card fame": "fame_bonus",
        "the 3-dice clock trade": "trades",
        "spending a clock to set a die": "clocks_spent",
        "reaching an expedition's end": "expeditions_finished",
        "gaining a wild artifact": "wilds",
        "taking a treasure map": "maps_held",
        "completing a treasure map": "maps_completed",
    }),
]
UNMEASURED = ["Discount B and bonus cards activated with an artifact: no column counts "
              "activations, only bonus fame.",
              "Discount A markers used on a claim: no column."]


def _placeholder_note(run) -> Note:
    files = list(run.spec.placeholders) or ["(none marked)"]
    return Note("PLACEHOLDER component data (the digest's designed values, not the printed "
                "game; edit simulate/games/risky_adventure/data/): " + "; ".join(files) + ".")


def _fame_by_seat(section: Section, players: int, variant: str) -> Table:
    seats = section.run.seats_at(players, variant)
    fame = means(seats, ["score", *PARTS], ["seat"], COUNT)
    wins = dict(rates(seats, "won", ["seat"]))
    rows = []
    for (seat,), m in fame:
        won = wins.get((seat,), Rate(0, 0))
        section.track(won, f"{players} players, {variant}, seat {seat} win rate")
        rows.append([seat, m["score"], won] + [m[p] for p in PARTS])
    return Table(["seat", "fame [95 % CI]", "win rate [95 % CI]", "artifacts", "expeditions",
                  "scarabs", "maps", "bonus"], rows,
                 f"Fame by seat at {players} players ({variant}; seat 0 starts), total and by "
                 "source, with 95 % intervals.")


def _first_seat_fame(section: Section, players: int) -> list:
    """First seat's fame minus the mean of the others', one value per game (paired t); with
    seats rotated, one value per seed (its rotations' mean: they share the seed's dice). When
    different strategies sit in fixed seats, the gap is the seat-0 strategy's, not the seat's."""
    run = section.run
    seats = run.seats_at(players, BASELINE)
    per_game = seats.group_by(run.keys).agg(
        (pl.col("score").filter(pl.col("seat") == 0).first()
         - pl.col("score").filter(pl.col("seat") != 0).mean()).alias("gap"))
    if run.rotate:
        per_game = per_game.group_by("game").agg(pl.col("gap").mean())
    sums = collect(per_game.select(pl.len().alias("n"), pl.col("gap").sum().alias("s"),
                                   (pl.col("gap") ** 2).sum().alias("q")))
    n, s, q = sums.row(0)
    gap = within_game(int(n), float(s or 0), float(q or 0))
    shown = _units(gap)
    strategy = section.fixed_strategy(players, BASELINE)
    who = f"the {strategy} strategy in seat 0" if strategy else "the first seat"
    about = f"{strategy} strategy in seat 0: fame minus the others'" if strategy \
        else "first seat's fame minus the others'"
    section.test(Finding(players, about, shown,
                         gap.test, gap.p,
                         f"At {players} players {who} scores {shown} per game against the "
                         "other seats" + (" (strategy and seat together: strategies sit in "
                                          "fixed seats)" if strategy else "") + ".",
                         "strategy" if strategy else "seat", size=gap.d))
    return [players, shown]


def _units(diff) -> str:
    if diff.value != diff.value:
        return "–"
    if diff.low != diff.low:
        return f"{diff.value:+.2f} [n = {diff.n}: no interval]"
    return f"{diff.value:+.2f} [{diff.low:+.2f}, {diff.high:+.2f}] fame"


def _owners_table(section: Section, players: int, owned: pl.LazyFrame, labels: dict,
                  what: str, test: bool) -> Table | Paragraph | None:
    """Owners vs non-owners of each thing (one row per seat and thing owned); a line saying
    so when no seat owned any (never an empty table)."""
    seats = section.run.seats_at(players, BASELINE)
    total = collect(seats.select(pl.len().alias("n"), pl.col("won").cast(pl.Int64).sum()
                                 .alias("w"), pl.col("score").sum().alias("f")))
    n_all, w_all, f_all = total.row(0)
    if not n_all:
        return None
    table = collect(owned.group_by("thing").agg(
        pl.len().alias("owners"), pl.col("won").cast(pl.Int64).sum().alias("wins"),
        pl.col("score").sum().alias("fame"), pl.col("count").sum().alias("bought")))
    if table.is_empty():
        return Paragraph(f"{what.capitalize()} at {players} players: none of the {n_all:,} "
                         f"seats owned one, so there are no owners to compare with the others.")
    rows = []
    for r in table.sort("owners", descending=True).iter_rows(named=True):
        owners, wins = int(r["owners"]), int(r["wins"])
        others, other_wins = n_all - owners, w_all - wins
        diff = unpaired_rates(other_wins, others, wins, owners)
        shown = points(diff)
        cell = "–"
        if test and owners and others:
            cell = section.test(Finding(
                players, f"{labels.get(r['thing'], r['thing'])}: owners vs non-owners",
                shown, diff.test, diff.p,
                f"At {players} players seats owning {labels.get(r['thing'], r['thing'])} win "
                f"{shown} more often than seats without.", "screen"))
        rows.append([labels.get(r["thing"], r["thing"]), owners,
                     f"{r['bought'] / owners:.2f}", f"{r['fame'] / owners:.1f}",
                     f"{(f_all - r['fame']) / others:.1f}" if others else "–",
                     Rate(wins, owners), Rate(other_wins, others), shown, cell])
    return Table([what, "seats owning", "per owner", "owners' fame", "others' fame",
                  "owners' win rate", "others' win rate", "difference", "Holm p"], rows,
                 f"{what.capitalize()} at {players} players: seats that own it against seats "
                 "that do not (same player count; seats as units, so the seats of one game are "
                 "not independent: read the tests as a screen).")



def _equipment(section: Section, players: int) -> Table | None:
    seats = section.run.seats_at(players, BASELINE)
    parts = [seats.filter(pl.col(f"equipment_{k}") > 0).select(
        pl.lit(k).alias("thing"), pl.col(f"equipment_{k}").alias("count"), "won", "score")
        for k in KINDS]
    return _owners_table(section, players, pl.concat(parts), {}, "equipment kind", True)


def _artifacts(section: Section, players: int) -> Table | None:
    from simulate.games.risky_adventure.components import SYMBOLS, TYPES
    labels = {}
    for a in played_components("risky_adventure", section.run).artifacts:     # as the run played them
        combo = "".join(s * k for s, k in zip(SYMBOLS, a.need))
        labels[a.id] = f"{a.id} {combo} ({TYPES[a.type]}, {a.fame} fame" \
                       f"{' + clock' if a.clock else ''})"
    seats = section.run.seats_at(players, BASELINE)
    owned = (seats.select(pl.col("artifacts_claimed").fill_null("").str.split("|")
                          .alias("thing"), "won", "score")
             .explode("thing").filter(pl.col("thing") != "")
             .with_columns(pl.lit(1).alias("count")))
    return _owners_table(section, players, owned, labels, "artifact", True)


def _length(section: Section, players: int, variant: str) -> list:
    games = section.run.games_at(players, variant)
    m = means(games, ["rounds", "turns", "fame_spread", "winning_fame"], (), COUNT)[0][1]
    n = m["rounds"].n
    reasons = value_counts(games, "end_reason")
    ends = ", ".join(f"{r['end_reason']} {Rate(int(r['count']), n)}"
                     for r in reasons.sort("count", descending=True).iter_rows(named=True))
    return [variant, players, n, m["rounds"], m["fame_spread"], m["winning_fame"], ends]


def build(section: Section) -> None:
    run = section.run
    section.add(_placeholder_note(run))
    if not run.player_counts:
        section.add(Paragraph("No games to report."))
        return
    section.add(Paragraph(
        "Every table is within one player count. Fame = artifacts + expedition fame spots + "
        "bonus cards + scarabs + treasure maps. The win-rate tests of seat fairness (chi-square "
        "over seats, first seat minus the others) are in 'Seats and strategies'; here the "
        "first seat's fame minus the others' mean, one value per game."))
    gaps = []
    for players in run.player_counts:
        section.add(Heading(f"{players} players"), _fame_by_seat(section, players, BASELINE))
        gaps.append(_first_seat_fame(section, players))
        section.add(_equipment(section, players))
        artifacts = _artifacts(section, players)
        if isinstance(artifacts, Paragraph):
            section.add(artifacts)
        elif artifacts:
            section.add(Details(f"Artifacts at {players} players: owners vs non-owners",
                                [artifacts]))
        for variant in run.compared:
            section.add(Details(f"Fame by seat at {players} players in variant {variant}",
                                [_fame_by_seat(section, players, variant)]))
    section.add(Table(["players", "first seat's fame minus the others' [95 % CI]"], gaps,
                      "Does the first seat gain fame? (paired t over games)"))
    length = [_length(section, players, v) for v in run.variants for players in run.player_counts]
    section.add(Heading("Game length"),
                Table(["variant", "players", "games", "rounds [95 % CI]",
                       "fame spread first - last", "winning fame", "end reasons"], length,
                      "Rounds per game and why games end (equipment deck, an empty excavation, "
                      "the second expedition; '+' when several held in the same round)."))
