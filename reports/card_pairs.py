"""Pairs of cards in the section "What each card is worth" (`simulate cards --pairs K`): per pair
of the study's top cards and player count, the synergy (the pair's joint removal effect minus
the sum of its two single effects, paired per seed: simulate/adaptive/card_pairs.py) with its
interval, tested in the report's one Holm correction; a heat map of the synergies."""
from __future__ import annotations

from pathlib import Path

from reports.blocks import Figure, Paragraph, Table, figure_svg, plot_style
from reports.findings import Finding
from reports.section import Section, units
from simulate.adaptive.card_pairs import synergies
from simulate.statistics import Difference, within_game

MEANING = ("synergy = (without both − baseline) − (without A − baseline) − (without B − "
           "baseline), per seed: 0 when the two removals add up; it differs from 0 when the "
           "cards work together (or stand in for each other)")


def pair_rows(run) -> list[dict]:
    """synergies() of the study's pairs' run ([] when it holds none)."""
    record = run.card_pairs
    if not record:
        return []
    return synergies(Path(run.folder) / record["folder"], run.spec, record)


def pair_blocks(section: Section, players: int, rows: list[dict], measure) -> list:
    """The pairs' table at ``players`` (each synergy tested) and the heat map."""
    here = [r for r in rows if r["players"] == players]
    if not here:
        return []
    plural = "s" if players > 1 else ""
    table, found = [], {}
    for r in here:
        a, b = (c.split(":", 1)[1] for c in (r["a"], r["b"]))
        diff = within_game(r["n"], r["total"], r["squares"], "paired t over seeds")
        finding = None if diff.identical else section.test(Finding(
            players, f"{a} and {b} removed together: synergy in the {measure.label}",
            units(diff), diff.test, diff.p,
            f"At {players} player{plural}, {a} and {b} work together: removing both changes "
            f"the {measure.label} by {r['joint']:+.3g}, not the {r['da'] + r['db']:+.3g} their "
            f"single removals add up to (synergy {units(diff)})", "variant", order=2,
            size=diff.d))
        found[(a, b)] = diff
        table.append([f"{a} + {b}", f"{r['joint']:+.3g}", f"{r['da']:+.3g}",
                      f"{r['db']:+.3g}", units(diff), finding or "–"])
    blocks = [Paragraph(f"Pairs at {players} player{plural}: the {len(here)} pairs of the "
                        f"cards whose removal moved the {measure.label} most, each pair "
                        f"removed together on the same seeds ({MEANING})."),
              Table(["pair", "removing both", "removing the first", "removing the second",
                     "synergy [95 % CI]", "synergy: p (Holm)"], table,
                    f"Card pairs at {players} player{plural}: mean paired effects on the "
                    f"{measure.label}")]
    heat = heat_map(found, f"Synergy of card pairs, {players} player{plural}", measure.label)
    return blocks + ([heat] if heat else [])


def heat_map(found: dict[tuple[str, str], Difference], title: str, label: str) -> Figure | None:
    """A symmetric grid of the pairs' synergies (blank diagonal), each cell written with its
    value; the colour scale centred on 0."""
    cards = list(dict.fromkeys(c for pair in found for c in pair))
    if len(cards) < 2:
        return None
    import numpy as np
    grid = np.full((len(cards), len(cards)), np.nan)
    for (a, b), diff in found.items():
        i, j = cards.index(a), cards.index(b)
        grid[i, j] = grid[j, i] = diff.value
    top = float(np.nanmax(np.abs(grid))) or 1.0
    with plot_style() as plt:
        size = 1.6 + 0.6 * len(cards)
        fig, ax = plt.subplots(figsize=(size + 1.2, size))
        shown = ax.imshow(grid, cmap="RdBu_r", vmin=-top, vmax=top)
        ax.set_xticks(range(len(cards)), cards, rotation=40, ha="right", fontsize=7)
        ax.set_yticks(range(len(cards)), cards, fontsize=7)
        for (i, j), value in np.ndenumerate(grid):
            if value == value:
                ax.text(j, i, f"{value:+.2g}", ha="center", va="center", fontsize=7)
        ax.grid(visible=False)
        fig.colorbar(shown, ax=ax, label=f"synergy ({label})", shrink=0.8)
        ax.set_title(title)
        return Figure(figure_svg(fig), f"{title}: each cell the pair's synergy on the {label} "
                      "(0: the two removals add up); the table above gives its interval.")
