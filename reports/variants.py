"""The generic 'Variants' section: every variant against the baseline, within each player count,
paired on the game seed, in one Holm-corrected family; a sweep plots the paired differences."""
from __future__ import annotations

from dataclasses import replace

from reports import reaction
from reports.blocks import FOLD_ROWS, Details, Paragraph, Table
from reports.figures import sweep_figure
from reports.findings import Finding
from reports.headlines import score_word
from reports.section import Measure, Section
from reports.tables import BASELINE


def measures(run, players: int) -> list[Measure]:
    """What variants are compared on: win rate and mean score (per seat and overall, or the
    team's), then the game's own numeric metrics and the decisions made."""
    score = score_word(run.spec)           # "XP" in Dungeon Roll: the game's word
    if run.cooperative:
        chosen = [Measure("team win rate", "results", "won", "rate", rank=0),
                  Measure(f"team {score}", "results", "score", rank=1)]
    elif players == 1:
        chosen = [Measure("solo win rate", "results", "won", "rate", rank=0),
                  Measure(score, "results", "score", rank=1)]
    else:
        chosen = [Measure(f"mean {score} (all seats)", "results", "score", rank=1)]
        for seat in range(players):
            chosen += [Measure(f"seat {seat} win rate", "seats", "won", "rate", seat, rank=0),
                       Measure(f"seat {seat} mean {score}", "seats", "score", "mean", seat,
                               rank=1)]
    own = [c for c, (kind, _) in run.spec.game_columns.items() if kind in ("int", "float", "bool")
           and not (players == 1 and c.startswith("winning_"))]   # solo: the seat's own score
    chosen += [Measure(c, "games", c, "rate" if run.spec.game_columns[c][0] == "bool" else "mean")
               for c in own if not (run.cooperative and c in ("won", "score"))]
    return chosen + [Measure("decisions", "games", "decisions")]


def build(section: Section) -> None:
    run = section.run
    paired = [v for v in run.compared if v not in run.unpaired]
    text = ("Each variant is compared with the baseline within one player count. ")
    if paired:
        text += ("Variants on the run's seed played the same game seeds as the baseline, so "
                 "each difference is paired game by game (exact McNemar for win rates, paired t "
                 "for means). ")
    if run.unpaired:
        text += (f"{', '.join(sorted(run.unpaired))} played on a seed of its own: compared "
                 "unpaired (two-proportion score test, Welch's t), which needs more games for "
                 "the same precision. ")
    if run.rotate:
        text += ("Seats were rotated: a seed with its rotations is one unit (they share the "
                 "dice), so each seed's mean over its rotations is compared (t tests per seed, "
                 "win rates as shares of rotations won). ")
    text += ("Win-rate differences are in percentage points; Cohen's d divides by the pooled SD "
             "of the two conditions. 'Significant' means Holm-adjusted p < 0.05, Holm over "
             "every claim of the whole report.")
    section.add(Paragraph(text))
    for players in run.player_counts:
        section.add(section.compare_variants(players, measures(run, players)))
    section.changed_games = reaction.changed_shares(run)
    section.add(reaction.table(section.changed_games))
    sweep = run.manifest.get("config", {}).get("sweep", {})
    if len(sweep) == 1:
        section.add(_sweep(section, *next(iter(sweep.items()))))
    elif sweep:
        section.add(Paragraph("Several rules were swept together: each grid point is a variant "
                              "in the tables above."))


def _sweep(section: Section, rule: str, values: list):
    from simulate.config import show_value
    run = section.run
    base_value = run.rules(BASELINE).get(rule)
    win = "team win rate" if run.cooperative else "seat 0 win rate"
    score = "team score" if run.cooperative else "mean score (all seats)"
    diffs = {}
    for value in values:
        name = f"{rule}={show_value(value)}"
        for players in run.player_counts:
            for label in (win, score):
                shown = "solo win rate" if players == 1 and label == win and \
                    not run.cooperative else label
                shown = "score" if players == 1 and label == score and \
                    not run.cooperative else shown
                if value == base_value and name not in run.variants:
                    from simulate.statistics import Difference
                    diffs[(value, players, label)] = Difference(0.0, 0.0, 0.0, 1.0, 0, "")
                elif (name, players, shown) in section.differences:
                    diffs[(value, players, label)] = section.differences[(name, players, shown)]
    return sweep_figure(rule, values, diffs, run.player_counts, (win, score))


COMPARED = ["variant", "measure", "baseline", "variant's value", "difference [95 % CI]",
            "Cohen's d", "test", "p (Holm)"]          # the columns of Section.compare_variants


def moved_first(blocks: list, keep=lambda label: False, named=lambda label: label) -> list:
    """Each variant comparison table as the rows that moved (significant after the correction,
    largest |d| first) plus any row ``keep`` names, the other rows folded under the caption;
    each measure shown as ``named`` words it (a column name in the designer's words).
    Run after the summary, when the correction is final."""
    return [_in_words(part, named) for block in blocks for part in (
        _split(block, keep) if isinstance(block, Table) and block.columns == COMPARED
        else [block])]


def _in_words(block, named):
    """A comparison table (or a folded one) with its measure column in words."""
    if isinstance(block, Details):
        return replace(block, blocks=[_in_words(b, named) for b in block.blocks])
    if isinstance(block, Table) and block.columns == COMPARED:
        return replace(block, rows=[[r[0], named(r[1]), *r[2:]] for r in block.rows])
    return block


def _moved(row: list) -> bool:
    return isinstance(row[-1], Finding) and row[-1].significant


def _split(table: Table, keep) -> list:
    moved = sorted((r for r in table.rows if _moved(r)), key=lambda r: -abs(_d(r)))
    kept = [r for r in table.rows if not _moved(r) and keep(r[1])][:FOLD_ROWS // 2]
    shown = moved[:FOLD_ROWS - len(kept)] + kept             # short enough to stay in view
    rest = [r for r in table.rows if not any(r is s for s in shown)]
    if not rest:
        return [table]
    if not shown:
        return [Details(f"{table.caption}: no measure moved (all {len(rest)} rows)",
                        [Table(COMPARED, rest, table.caption)])]
    said = "what moved (Holm p < 0.05), largest effect first" if moved else \
        "no measure moved after the correction; the question's measure"
    return [Table(COMPARED, shown, f"{table.caption}: {said}"),
            Details(f"{table.caption}: the other {len(rest)} rows",
                    [Table(COMPARED, rest, table.caption)])]


def _d(row: list) -> float:
    try:
        d = float(row[5])
    except (TypeError, ValueError):
        return 0.0
    return d if d == d else 0.0
