"""The section "What each card is worth" of a `simulate cards` study, two interventions on the
baseline's seeds (paired): each card taken out of the game (its effect on the game's headline
measure), and each card granted to one seat, rotated over the seats (that seat's win rate and
score minus the same seat's in the baseline game of the seed). One test per card, intervention
and player count, every one in the report's one Holm correction."""
from __future__ import annotations

import polars as pl

from reports.blocks import Details, Note, Paragraph, Table
from reports.findings import Finding
from reports.forest import forest_plot
from reports.section import Measure, Section, points, units
from reports.tables import BASELINE, collect
from reports import variants as generic
from simulate.adaptive.metrics import uplift_per_seed
from simulate.statistics import Difference, within_game

TITLE = "What each card is worth"
# The headline measure per game: what a card moves that the game is about.
HEADLINE = {"adventure_realms": Measure("winning VP", "games", "winner_vp", rank=1)}


def applies(run) -> bool:
    return bool(run.cards or run.granted)


def headline(run) -> Measure:
    if run.spec.name in HEADLINE:
        return HEADLINE[run.spec.name]
    if run.cooperative:
        return Measure("team win rate", "results", "won", "rate", rank=0)
    return Measure("mean score (all seats)", "results", "score", rank=1)


def build(section: Section) -> None:
    run = section.run
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
                         + "; ".join(f"{c}: {why}" for c, why in skipped[:5])
                         + (" ..." if len(skipped) > 5 else "")))
    for players in run.player_counts:
        if run.cards:
            _at(section, players, run.cards, headline(run))
        if run.granted:
            _granted_at(section, players)


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


def _at(section: Section, players: int, cards: dict[str, str], measure: Measure) -> None:
    run = section.run
    rows, forest, others = [], [], []
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
            rows.append((diff.value, [card, units(diff), diff.n, diff.test, finding or "–"]))
            forest.append((entry, diff.value, diff.low, diff.high))
        others += [[card, m.label, units(d)] for m, (d, _, _) in found.items() if m != measure]
    if not rows:
        return
    plural = "s" if players > 1 else ""
    ranked = [[i + 1] + row for i, (_, row) in enumerate(sorted(rows, key=lambda r: r[0]))]
    section.add(Table(["rank", "card", f"removal effect on the {measure.label} [95 % CI]",
                       "paired games", "test", "p (Holm)"], ranked,
                      f"Cards at {players} player{plural}, the most valuable first (removing "
                      "it lowers the measure most)"))
    section.add(forest_plot(forest, 0.0, f"Removing each card, {players} player{plural}",
                            "no effect", f"Paired effect of removing each card on the "
                            f"{measure.label} at {players} player{plural}, 95 % intervals.",
                            scale=1.0, axis=f"{measure.label}: without the card minus with it",
                            unit=""))
    if others:
        section.add(Details(f"Every other measure without each card, {players} player{plural} "
                            "(estimates, not tested)",
                            [Table(["card", "measure", "without minus with [95 % CI]"], others,
                                   "Paired differences; not in the correction")]))


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


def _granted_at(section: Section, players: int) -> None:
    run = section.run
    by_card: dict[str, dict[int, str]] = {}
    for variant, (card, seat) in run.granted.items():
        by_card.setdefault(card, {})[seat] = variant
    rows, forest = [], []
    plural = "s" if players > 1 else ""
    for card, seats in by_card.items():
        entry = card.split(":", 1)[1]
        found = granted_uplift(run, players, seats)
        if not found:
            continue
        won, score = found["won"], found["score"]
        section.differences[(f"granted {entry}", players, "win rate")] = won
        section.differences[(f"granted {entry}", players, "score")] = score
        finding = None if won.identical else section.test(Finding(
            players, f"granted {entry}: the granted seat's win rate", points(won), won.test,
            won.p, f"At {players} player{plural}, a seat starting with {entry} wins "
            f"{'more' if won.value > 0 else 'less'} often than the same seat without it "
            f"({points(won)})", "variant", order=0, size=won.d))
        rows.append((won.value, [card, points(won), units(score), won.n, won.test,
                                 finding or "–"]))
        forest.append((entry, won.value, won.low, won.high))
    if not rows:
        return
    ranked = [[i + 1] + row for i, (_, row) in
              enumerate(sorted(rows, key=lambda r: r[0], reverse=True))]
    section.add(Table(["rank", "card", "granted seat's win-rate uplift [95 % CI]",
                       "score uplift [95 % CI]", "seeds", "test", "p (Holm)"], ranked,
                      f"Cards granted at {players} player{plural}, the most valuable first "
                      "(the granted seat minus the same seat without it, per seed over the "
                      "rotations of the granted seat)"))
    section.add(forest_plot(forest, 0.0, f"Granting each card, {players} player{plural}",
                            "no effect", f"Paired win-rate uplift of the seat granted each card "
                            f"at {players} player{plural}, 95 % intervals.",
                            axis="granted seat's win rate minus the same seat's without (pts)",
                            unit=" pts"))
