"""The section "What each card is worth" of a `simulate cards` study, two interventions on the
baseline's seeds (paired): each card taken out of the game (its effect on the game's headline
measure), and each card granted to one seat, rotated over the seats (that seat's win rate and
score minus the same seat's in the baseline game of the seed). One test per card, intervention
and player count, every one in the report's one Holm correction."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import polars as pl

from reports import entities
from reports.card_pairs import pair_blocks, pair_rows
from reports.blocks import Details, Note, Paragraph, Table, percent_interval
from reports.findings import Finding, p_text
from reports.forest import forest_plot
from reports.section import Measure, Section, points, units
from reports.tables import BASELINE, collect, open_run
from reports import reaction
from reports import variants as generic
from simulate.adaptive.card_pairs import headline_column
from simulate.adaptive.metrics import uplift_per_seed
from simulate.folder_io import write_inside
from simulate.results_folder import CARDS_CSV
from simulate.statistics import Difference, within_game

TITLE = "What each card is worth"
# The headline measure's words, by the column card_pairs.headline_column ranks cards by.
HEADLINE_WORDS = {"winner_vp": "winning VP", "won": "team win rate",
                  "score": "mean score (all seats)"}


def applies(run) -> bool:
    return bool(run.cards or run.granted or run.restricted)


def headline(run) -> Measure:
    """What a card moves that the game is about: the measure the pairs are chosen by too."""
    table, column = headline_column(run.spec)
    label = HEADLINE_WORDS[column]
    if table == "games":
        return Measure(label, "games", column, rank=1)
    rate = column == "won"                            # co-op: the team's result per game
    return Measure(label, "results", column, "rate" if rate else "mean", rank=0 if rate else 1)


def build(section: Section) -> None:
    run = section.run
    section.add(Paragraph(study_line(run)))
    if run.cards:
        _removal_intro(section)
    if run.granted:
        price = " at its price (pay = true: its value net of its cost)" if run.granted_paid \
            else ""
        section.add(Paragraph(
            f"Granted: each of {len({c for c, _ in run.granted.values()})} cards was given to "
            f"one seat at set-up{price} (what starting with a card means is the game's ruling, "
            "in its RULES.md), the granted seat rotated over every seat of a seed, so a seed with its "
            "rotations is one unit. A card's value is the granted seat's win rate and score "
            "minus the same seat's in the baseline game of the same seed (paired t per seed); "
            "the win-rate uplift is tested, in the same Holm correction as the removals. "
            "Both are interventions: the owners-against-non-owners table of the game's own "
            "section is an association (who takes a card is chosen in play) and answers a "
            "different question."))
    skipped = run.cards_skipped
    if skipped:
        section.add(Note(f"{len(skipped)} card intervention(s) the game refused were skipped: "
                         + listed([f"{c}: {why}" for c, why in skipped], "; ")))
    section.card_rows = []                        # the CSV beside the report (write_csv)
    pairs = pair_rows(run)
    for players in run.player_counts:
        removed = _at(section, players, run.cards, headline(run)) if run.cards else ({}, [])
        granted = _granted_at(section, players) if run.granted else ({}, [])
        section.add(*_card_table(section, players, removed[0], granted[0]),
                    *removed[1], *granted[1], *pair_blocks(section, players, pairs,
                                                           headline(run)),
                    *(_restricted_at(section, players) if run.restricted else []))


def study_line(run) -> str:
    """'A card study of 48 interventions (24 cards removed, 24 granted to each seat in turn)
    on the components folder X; out folder Y.': what the section measured, in one line."""
    return f"A {study_name(run)}, each on the baseline's seeds; out folder {run.folder}."


def study_name(run) -> str:
    """'card study of 48 interventions (24 cards removed, 12 granted to each seat in turn: 24
    variants) on the components folder X' (the report's first screen names it so)."""
    cards = len(run.cards)
    granted = len({c for c, _ in run.granted.values()})
    parts = [f"{cards} card{'s' if cards != 1 else ''} removed"] if cards else []
    if granted:
        parts.append(f"{granted} granted to each seat in turn: {len(run.granted)} variants")
    forbidden = len({c for c, _ in run.restricted.values()})
    if forbidden:
        parts.append(f"{forbidden} forbidden to each seat in turn: {len(run.restricted)} "
                     "variants")
    count = cards + len(run.granted) + len(run.restricted)
    return (f"card study of {count} intervention{'s' if count != 1 else ''} "
            f"({', '.join(parts)}) on {components_words(run)}")


def components_words(run) -> str:
    """The baseline's set: its components folder (or the shipped one) and its own changes."""
    folder = run.manifest.get("components_folder")
    where = f"the components folder {folder}" if folder else "the shipped components"
    base = next((v for v in run.manifest.get("identity", {}).get("variants", [])
                 if v.get("name") == BASELINE), {})
    changes = base.get("components") or []
    return where + (f" with {len(changes)} change{'s' if len(changes) > 1 else ''} "
                    f"({listed(list(map(str, changes)), ', ', 3)})" if changes else "")


def listed(items: list[str], sep: str, most: int = 10) -> str:
    """Every item, or the first ``most`` and '... and N more'."""
    shown = sep.join(items[:most])
    return shown + (f"{sep}... and {len(items) - most} more" if len(items) > most else "")


def _removal_intro(section: Section) -> None:
    run, cards = section.run, section.run.cards
    measure = headline(run)
    section.add(Paragraph(
        f"Each of {len(cards)} cards was taken out of the game (every copy), one variant per "
        "card, on the baseline's game seeds, so each card's effect is a paired difference game "
        f"by game. The headline measure is the {measure.label} (without the card minus with "
        "it: a negative effect means the card raises it). Every card's test joins the report's "
        "one Holm correction; cards are ranked by their effect. This is an intervention: the "
        "owners-against-non-owners table of the game's own section is an association (who "
        "takes a card is chosen in play) and answers a different question."))


def _at(section: Section, players: int, cards: dict[str, str],
        measure: Measure) -> tuple[dict, list]:
    """Each card removed: {card: (difference, its finding)} and the figures."""
    run = section.run
    rows, forest, others = {}, [], []
    extra = [m for m in generic.measures(run, players) if m.column != measure.column
             or m.table != measure.table]
    for variant, card in cards.items():
        entry = card.split(":", 1)[1]           # the card's name, not its data-file address
        found = section._compare(players, variant, [measure] + extra)
        if measure in found:
            diff = found[measure][0]
            section.differences[(variant, players, measure.label)] = diff
            finding = None if diff.identical else section.test(Finding(
                players, f"{variant} vs baseline: {measure.label}", units(diff), diff.test,
                diff.p, f"At {players} player{'s' if players > 1 else ''}, removing {entry} "
                f"changes the {measure.label} by {units(diff)}", "variant", order=1, size=diff.d))
            rows[card] = (diff, finding)
            forest.append((entry, diff.value, diff.low, diff.high))
        others += [[card, m.label, units(d)] for m, (d, _, _) in found.items() if m != measure]
    plural = "s" if players > 1 else ""
    if not rows:
        return {}, []
    blocks = [forest_plot(forest, 0.0, f"Removing each card, {players} player{plural}",
                          "no effect", f"Paired effect of removing each card on the "
                          f"{measure.label} at {players} player{plural}, 95 % intervals.",
                          scale=1.0, axis=f"{measure.label}: without the card minus with it",
                          unit="")]
    if others:
        blocks.append(Details(f"Every other measure without each card, {players} player{plural} "
                              "(estimates, not tested)",
                              [Table(["card", "measure", "without minus with [95 % CI]"], others,
                                     "Paired differences; not in the correction")]))
    return rows, blocks


# --------------------------------------------------------------------------------------------
# Granted: the granted seat against the same seat of the baseline game


def granted_uplift(run, players: int, seats: dict[int, str]) -> dict[str, Difference]:
    """{"won": .., "score": ..}: the granted seat minus the same seat of the baseline game of
    the same seed, averaged over the seats granted at this table per seed (one unit:
    metrics.uplift_per_seed), with a paired t interval over seeds; {} when no game was played."""
    per_seed = uplift_per_seed(run.seats, BASELINE, seats, players, ("won", "score"))
    if per_seed is None:
        return {}
    sums = collect(per_seed.select(pl.len().alias("n"), *(
        agg for c in ("won", "score") for agg in (pl.col(c).sum().alias(f"{c}_s"),
                                                    (pl.col(c) ** 2).sum().alias(f"{c}_q")))))
    row = sums.row(0, named=True)
    if not row["n"]:
        return {}
    return {"won": within_game(row["n"], row["won_s"], row["won_q"], "paired t per seed",
                               (-1.0, 1.0)),
            "score": within_game(row["n"], row["score_s"], row["score_q"], "paired t per seed")}


def seat_effects(run, players: int, variants: dict) -> list[tuple]:
    """(card, entry, win-rate change, score change) per card of ``variants`` (variant ->
    (card, seat)): the seat the variant changes against the same seat of the baseline game
    (granted_uplift), cards with no game at this table left out."""
    by_card: dict[str, dict[int, str]] = {}
    for variant, (card, seat) in variants.items():
        by_card.setdefault(card, {})[seat] = variant
    found = []
    for card, seats in by_card.items():
        effect = granted_uplift(run, players, seats)
        if effect:
            found.append((card, card.split(":", 1)[1], effect["won"], effect["score"]))
    return found


def _granted_at(section: Section, players: int) -> tuple[dict, list]:
    """Each card granted: {card: (win uplift, score uplift, its finding)} and the figure."""
    run = section.run
    rows, forest = {}, []
    plural = "s" if players > 1 else ""
    for card, entry, won, score in seat_effects(run, players, run.granted):
        section.differences[(f"granted {entry}", players, "win rate")] = won
        section.differences[(f"granted {entry}", players, "score")] = score
        finding = None if won.identical else section.test(Finding(
            players, f"granted {entry}: the granted seat's win rate", points(won), won.test,
            won.p, f"At {players} player{plural}, a seat starting with {entry} wins "
            f"{'more' if won.value > 0 else 'less'} often than the same seat without it "
            f"({points(won)})", "variant", order=0, size=won.d))
        rows[card] = (won, score, finding)
        forest.append((entry, won.value, won.low, won.high))
    if not rows:
        return {}, []
    return rows, [forest_plot(forest, 0.0, f"Granting each card, {players} player{plural}",
                              "no effect", f"Paired win-rate uplift of the seat granted each "
                              f"card at {players} player{plural}, 95 % intervals (the dashed "
                              "line at 0: no effect).",
                              axis="granted seat's win rate minus the same seat's without (pts)",
                              unit=" pts", from_zero=False)]


def _restricted_at(section: Section, players: int) -> list:
    """Each card forbidden to one seat in turn (restricted play): that seat's win rate and score
    minus the same seat's in the baseline game of the seed, over the seats forbidden it at this
    table per seed (paired t per seed); the win-rate change tested in the report's
    correction."""
    run, plural = section.run, "s" if players > 1 else ""
    rows = []
    for card, entry, won, score in seat_effects(run, players, run.restricted):
        finding = None if won.identical else section.test(Finding(
            players, f"never taking {entry}: that seat's win rate", points(won), won.test,
            won.p, f"At {players} player{plural}, a seat that may never take {entry} wins "
            f"{'more' if won.value > 0 else 'less'} often than the same seat that may "
            f"({points(won)})", "variant", order=0, size=won.d))
        rows.append((won.value, [entry, points(won), units(score), finding or "–"]))
    if not rows:
        return []
    rows.sort(key=lambda r: r[0] if r[0] == r[0] else 0.0)        # the costliest loss first
    return [Paragraph(f"Restricted, {players} player{plural}: each card forbidden to one seat "
                      "in turn (never offered an action that takes it, unless nothing else is "
                      "legal), that seat against the same seat of the baseline game of the same "
                      "seed: what the card is worth to a player who may take it."),
            Table(["card", "that seat's win-rate change [95 % CI]", "score change [95 % CI]",
                   "p (Holm)"], [r for _, r in rows],
                  f"Every card forbidden in turn at {players} player{plural}, the costliest "
                  "first")]


# --------------------------------------------------------------------------------------------
# One card table: removed and granted side by side, and how often the bots took the card

REMOVED_MEANS = "without it: its copies skipped, the rest of the deck as printed"
GRANTED_MEANS = "granted: one seat starts with a copy"
ASSOCIATION = "association, not effect: the seats chose it"
# Per deck: the seats column naming the deck's cards a seat took in play ("A|B"), and the word
# for taking one (a deck without one, e.g. Adventure Realms' adventure cards, shows none).
USE = {"guild_heroes": ("cards_recruited", "recruited"),
       "equipment": ("equipment_bought", "bought"), "market": ("cards_bought_names", "bought")}


def _card_table(section: Section, players: int, removed: dict, granted: dict) -> list:
    run = section.run
    cards = list(dict.fromkeys([*removed, *granted]))
    if not cards:
        return []
    measure = headline(run)
    decks = {c.split(":", 1)[0] for c in cards}
    use = next((USE[d] for d in sorted(decks) if d in USE
                and USE[d][0] in run.spec.seat_columns), None)
    shares, seats = used(run, players, use[0]) if use else ({}, 0)
    columns = ["card"]
    if removed:
        columns += [f"removed ({REMOVED_MEANS}): change in the {measure.label} [95 % CI]",
                    "removed: p (Holm)", "removed: games it changed"]
    if granted:
        columns += [f"{GRANTED_MEANS}: that seat's win-rate uplift [95 % CI]",
                    "granted: score uplift [95 % CI]", "granted: p (Holm)"]
    owners = _owners(run, players, use[0]) if use else {}
    if use:
        columns.append(f"seats that {use[1]} it (baseline)")
    if owners:
        columns.append(f"their win rate vs a fair share ({ASSOCIATION}) [95 % CI]")
    rows, found = [], []
    for card in sorted(cards, key=lambda c: _rank(c, removed, granted)):   # most valuable first
        row, line = [card], {"players": players, "card": card}
        if removed:
            diff, finding = removed.get(card, (None, None))
            n, changed = _changed(run, players, [v for v, c in run.cards.items() if c == card])
            row += [units(diff) if diff else "–", finding or "–",
                    f"{changed / n:.1%} of {n:,}" if n else "–"]
            line.update(_csv_diff("removed", diff, finding))
            line["removed_games_changed_share"] = changed / n if n else None
        if granted:
            won, score, finding = granted.get(card, (None, None, None))
            row += [points(won) if won else "–", units(score) if score else "–", finding or "–"]
            line.update(_csv_diff("granted_win", won, finding))
            line.update(_csv_diff("granted_score", score, None))
        if use:
            taken = card.split(":", 1)[0] in USE and USE[card.split(":", 1)[0]] == use
            k, n = shares.get(card.split(":", 1)[1], 0), seats
            row.append(f"{k / n:.1%} of {n:,}" if n and taken else "–")
            line[f"share_{use[1]}"] = k / n if n and taken else None
            if granted and taken and n and card in granted and granted[card][2] is not None:
                section.untaken.append((card, players, granted[card], k / n, use[1]))
        if owners:
            e = owners.get(card.split(":", 1)[1])
            row.append(f"{percent_interval(e.value, e.low, e.high)} vs {e.fair:.1%}" if e else "–")
            line.update({f"owners_win_rate{s}": getattr(e, a) if e else None
                         for s, a in (("", "value"), ("_low", "low"), ("_high", "high"),
                                      ("_fair_share", "fair"))})
        rows.append(row)
        found.append(line)
    section.card_rows += found
    plural = "s" if players > 1 else ""
    table = Table(columns, rows, f"Every card at {players} player{plural}, removed and granted "
                  "side by side, the most valuable first (cards.csv beside the report holds the "
                  "same rows to sort as you like)")
    return [table, _sorted_by(table, removed, granted, found)]


UNTAKEN = 0.05        # a card worth a claimed uplift granted but taken by fewer seats is flagged


def untaken_notes(sections: list) -> list:
    """A first-screen line: cards that are worth a claimed win-rate uplift when granted but that
    the bots took in fewer than UNTAKEN of the baseline's seats. Their removal value measures
    play that does not use them (the strategies do not want them)."""
    found = [(card, players, won, share, verb)
             for s in sections for card, players, (won, _, finding), share, verb in s.untaken
             if finding.significant and won.value > 0 and share < UNTAKEN]
    if not found:
        return []
    shown = [f"{card.split(':', 1)[1]} ({points(won)} granted, {verb} by {share:.1%} of seats "
             f"at {players} players)" for card, players, won, share, verb in found]
    return [Note(f"The bots rarely take {len(found)} card{'s' if len(found) > 1 else ''} worth "
                 f"a clear uplift when granted: {listed(shown, '; ', 5)}. Their removal values "
                 "measure play that does not use them: a strategy that wants them may judge "
                 "them differently.")]


def _sorted_by(table: Table, removed: dict, granted: dict, found: list[dict]) -> Details | None:
    """The card table in its other orders (the report is a page without scripts: each order is
    one more table, folded)."""
    orders = []
    if removed and granted:
        orders.append(("the removal effect, most negative first",
                       lambda i: _value(found[i].get("removed"))))
    use = next((k for k in found[0] if k.startswith("share_")), None) if found else None
    if use:
        orders.append((f"the share of seats that {use.removeprefix('share_')} it, most first",
                       lambda i: -_value(found[i].get(use))))
    orders.append(("the card's name", lambda i: found[i]["card"]))
    return Details("The same table sorted by " + ", by ".join(o for o, _ in orders), [
        Table(table.columns, [table.rows[i] for i in sorted(range(len(found)), key=key)],
              f"Sorted by {order}") for order, key in orders])


def _value(x) -> float:
    return x if isinstance(x, (int, float)) and x == x else float("inf")


def _changed(run, players: int, chosen: list[str]) -> tuple[int, int]:
    """(paired games, games that ended differently) over the card's variants at one table."""
    found = [reaction.games_that_differ(run, v, players) for v in chosen]
    return sum(n for n, _ in found), sum(d for _, d in found)


def _rank(card: str, removed: dict, granted: dict) -> float:
    """The most valuable first: the largest granted uplift, else the most negative removal."""
    if granted:
        return -granted[card][0].value if card in granted else 0.0
    return removed[card][0].value if card in removed else 0.0


def _owners(run, players: int, column: str) -> dict:
    """{entry name: Estimate} of the seats that took it in play at the baseline, against the
    fair share (reports.entities): who chose it, not what it does (the bots chose it)."""
    kind = next((k for k in entities.kinds(run, players) if k.column == column), None)
    return {e.name: e for e in entities.estimates(run, players, kind)} if kind else {}


def used(run, players: int, column: str) -> tuple[dict[str, int], int]:
    """({entry name: baseline seats that took it in play}, baseline seats) at one table."""
    seats = run.seats_at(players, BASELINE).select(pl.col(column).fill_null(""))
    total = collect(seats.select(pl.len()))["len"][0]
    names = collect(seats.select(pl.col(column).str.split("|").list.unique().explode()
                                 .alias("name")).group_by("name").agg(pl.len().alias("k")))
    return {name: k for name, k in names.iter_rows() if name}, total


def _csv_diff(prefix: str, diff: Difference | None, finding: Finding | None) -> dict:
    found = {f"{prefix}": diff.value if diff else None,
             f"{prefix}_low": diff.low if diff else None,
             f"{prefix}_high": diff.high if diff else None,
             f"{prefix}_no_game_differed": diff.identical if diff else None}
    if finding is not None or prefix != "granted_score":
        found[f"{prefix}_p_holm"] = finding        # a Finding: its adjusted p once corrected
    return found


def write_csv(report, out: Path) -> Path | None:
    """cards.csv beside the report: the card table's rows, p-values after the report's one
    correction; None for a run that is not a card study."""
    rows = [r for s in report.sections for r in getattr(s, "card_rows", [])]
    if not rows:
        return None
    columns = list(dict.fromkeys(k for r in rows for k in r))
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow([_csv_cell(r.get(c)) for c in columns])
    return write_inside(out, CARDS_CSV, text.getvalue().encode("utf-8"))


def card_rows(out: str | Path) -> list[dict]:
    """The card table's rows of the study in ``out`` (most valuable first per player count),
    p-values after the report's correction: what `simulate cards` prints."""
    from reports.report import structure
    report = structure(open_run(Path(out)))
    return [r for s in report.sections for r in getattr(s, "card_rows", [])]


def row_text(row: dict) -> str:
    """'Fireball: granted +5.1 pts [+1.0, +9.2] (Holm p 0.01); removed -0.31 [-0.8, +0.2]'."""
    parts = []
    if row.get("granted_win") is not None:
        parts.append(f"granted {_shown(row, 'granted_win', 100, ' pts')}")
    if row.get("removed") is not None:
        parts.append(f"removed {_shown(row, 'removed', 1, '')}")
    use = next((k for k in row if k.startswith("share_")), None)
    if use and row[use] is not None:
        parts.append(f"{use.removeprefix('share_')} by {row[use]:.0%} of seats")
    return f"{row['card'].split(':', 1)[1]}: " + "; ".join(parts or ["not measured"])


def _shown(row: dict, key: str, scale: float, unit: str) -> str:
    if row.get(f"{key}_no_game_differed"):
        return "0 (no game differed)"
    value, low, high = (scale * row[k] for k in (key, f"{key}_low", f"{key}_high"))
    finding = row.get(f"{key}_p_holm")
    p = f" (Holm p {p_text(finding.p_adjusted)})" if isinstance(finding, Finding) else ""
    return f"{value:+.3g}{unit} [{low:+.3g}, {high:+.3g}]{p}"


def _csv_cell(value) -> str:
    if isinstance(value, Finding):
        value = value.p_adjusted
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return f"{value:.6g}" if isinstance(value, float) else str(value)
