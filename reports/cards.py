"""The section "What each card is worth" of a `simulate cards` study: each card taken out of the
game, compared with the baseline on the same seeds (paired), one estimate per card and player
count on the game's headline measure, every card in the report's one Holm correction."""
from __future__ import annotations

from reports.blocks import Details, Note, Paragraph, Table
from reports.findings import Finding
from reports.forest import forest_plot
from reports.section import Measure, Section, units
from reports import variants as generic

TITLE = "What each card is worth"
# The headline measure per game: what a card moves that the game is about.
HEADLINE = {"adventure_realms": Measure("winning VP", "games", "winner_vp", rank=1)}


def applies(run) -> bool:
    return bool(run.cards)


def headline(run) -> Measure:
    if run.spec.name in HEADLINE:
        return HEADLINE[run.spec.name]
    if run.cooperative:
        return Measure("team win rate", "results", "won", "rate", rank=0)
    return Measure("mean score (all seats)", "results", "score", rank=1)


def build(section: Section) -> None:
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
    skipped = run.cards_skipped
    if skipped:
        section.add(Note(f"{len(skipped)} card(s) could not be removed and were skipped: "
                         + "; ".join(f"{c}: {why}" for c, why in skipped[:5])
                         + (" ..." if len(skipped) > 5 else "")))
    for players in run.player_counts:
        _at(section, players, cards, measure)


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
