"""Roll Player's report section: reputation stars by source, class and race, the tie-breakers,
the Market ranking and the placeholder data in use; every table within one player count."""
from __future__ import annotations


import polars as pl

from reports.blocks import Details, Figure, Heading, Note, Paragraph, Rate, Table
from reports.figures import variant_distributions
from reports.mechanics import Mechanic, counted, positive
from reports.sections import played_components
from reports.tables import BASELINE, collect, means, rates, value_counts

PARTS = ("stars_attributes", "stars_class_dice", "stars_alignment", "stars_backstory",
         "stars_armor", "stars_traits")
KINDS = {"weapon": "a Weapon", "armor": "an Armour card", "skill": "a Skill", "trait": "a Trait"}
UNMEASURED = ["The attribute actions after placing a die (Strength flip, Dexterity swap, "
              "Constitution adjust, Intelligence re-roll, Wisdom alignment step): no column.",
              "Initiative cards' Gold, the Druid's recall and the Bard's second purchase: no "
              "column."]


def MECHANICS(run=None) -> list[Mechanic]:
    """What the seats do of their own choosing, for reports.mechanics; a function:
    which card is of which kind comes from the Market data the run played (a study's
    ``[components] folder``, recorded in its manifest; else the shipped files)."""
    found = [Mechanic("buying a Market card", positive("cards_bought"))]
    cards = played_components("roll_player", run).cards
    for kind, card in KINDS.items():
        names = sorted({c.name for c in cards if c.type == kind})
        if names:
            found.append(Mechanic(f"buying {card}", pl.col("cards_bought_names").fill_null("")
                                  .str.split("|").list.eval(pl.element().is_in(names))
                                  .list.any()))
    return found + counted({
        "using a Skill": "skills_used",
        "discarding a Market card for Gold": "discards_for_gold",
        "spending a Charisma token": "charisma_tokens_used",
        "meeting an attribute goal": "goals_met",
        "stars for class-colour dice": "stars_class_dice",
        "stars from the Backstory": "stars_backstory",
        "stars from the alignment": "stars_alignment",
        "stars for armour sets": "stars_armor",
        "stars from Traits": "stars_traits",
        "dropping a card before scoring": "cards_dropped_at_scoring",
    })




def _placeholder_warning() -> Note:
    from simulate.games.roll_player import GAME
    items = "; ".join(GAME.placeholders)
    return Note("Placeholder component data in use (not printed rules; edit "
                f"simulate/games/roll_player/data/): {items}.")


def _stars_table(section, players: int, variant: str, by: str) -> Table | None:
    run = section.run
    seats = run.seats_at(players, variant)
    names = seats.collect_schema().names()
    if by not in names:
        return None
    parts = [c for c in PARTS if c in names]
    found = means(seats, ["score"] + parts, [by])
    won = dict(rates(seats, "won", [by]))
    fair = section.fair_share(players, variant)
    rows = []
    for key, m in sorted(found, key=lambda r: str(r[0][0])):
        row = [key[0], m["score"].n, m["score"]] + [m[c] for c in parts]
        if players > 1:
            section.track(won[key], f"{by} {key[0]}, {players}p")
            row += [won[key], f"{100 * fair:.1f} %"]
        rows.append(row)
    columns = [by, "seats", "stars"] + [c.removeprefix("stars_") for c in parts]
    if players > 1:
        columns += ["win rate", "fair share"]
    return Table(columns, rows, f"Stars{' and win rate' if players > 1 else ''} by {by} — "
                                f"{players} player{'s' if players > 1 else ''}, {variant}")


def _histogram(run) -> Figure | None:
    counts = value_counts(run.seats, "score", ["variant", "players"])
    return variant_distributions(run, counts, "score", "count", "reputation stars",
                                 "share of seats", "Final stars per seat: one panel per player "
                                 "count, one line per variant.")


def _tie_table(run) -> Table | None:
    flags = [(n, c) for n, c in (("Gold decided the winner", "gold_tie_break_decided"),
                                 ("fewest class dice decided", "class_dice_tie_break_decided"),
                                 ("shared win", "shared_win"))
             if c in run.games.collect_schema().names()]
    if not flags:
        return None
    found = {c: dict(rates(run.games.filter(pl.col("players") > 1), c, ["variant", "players"]))
             for _, c in flags}
    keys = sorted(found[flags[0][1]], key=lambda k: (run.variants.index(k[0]), k[1]))
    rows = [list(k) + [found[c][k] for _, c in flags] for k in keys]
    return Table(["variant", "players"] + [n for n, _ in flags], rows,
                 "How often a tie on stars was broken, and by what (multi-player games).")


def _market_table(section, players: int) -> Table | None:
    seats = section.run.seats_at(players, BASELINE)
    if "cards_bought_names" not in seats.collect_schema().names():
        return None
    owned = (seats.select(pl.col("cards_bought_names").fill_null("").str.split("|")
                          .list.unique().alias("card"), pl.col("won").fill_null(False))
             .explode("card").filter(pl.col("card") != ""))
    ranking = collect(owned.group_by("card").agg(pl.len().alias("owners"),
                                                 pl.col("won").cast(pl.Int64).sum().alias("wins"))
                      ).sort("owners", descending=True)
    if ranking.is_empty():
        return None
    total = collect(seats.select(pl.len())).item()
    fair = section.fair_share(players) if players > 1 else None
    rows = [[r["card"], r["owners"], f"{100 * r['owners'] / total:.1f} %",
             Rate(int(r["wins"]), int(r["owners"]))] for r in ranking.iter_rows(named=True)]
    note = f" vs {100 * fair:.1f} % fair share" if fair else " (solo: win = the threshold)"
    return Table(["card", "seats that bought it", "share of seats", "owners' win rate"], rows,
                 f"Market cards at {players} player{'s' if players > 1 else ''} (printed rules), "
                 f"ranked by how often they are bought, with their owners' win rate{note}. "
                 "Owners' win rates are associations: strong players may buy a card more.")


def build(section) -> None:
    run = section.run
    section.add(_placeholder_warning())
    if not run.player_counts:
        section.add(Paragraph("No games to report."))
        return
    section.add(Paragraph("Mean reputation stars with 95 % intervals, total and by source "
                          "(attributes, class-colour dice, alignment, Backstory, armour, "
                          "traits); solo: win = " + (run.solo_win() or "the solo threshold")
                          + "."), _histogram(run))
    for players in run.player_counts:
        section.add(Heading(f"{players} player{'s' if players > 1 else ''}"))
        for variant in run.variants:
            tables = [_stars_table(section, players, variant, by) for by in ("class", "race")]
            if variant == BASELINE:
                section.add(*tables, _market_table(section, players))
            else:
                section.add(Details(f"Stars by class and race in variant {variant}",
                                    [t for t in tables if t]))
    section.add(_tie_table(run))
