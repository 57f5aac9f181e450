"""Re-trained variants (simulate/adaptive/retrain.py) in the Variants section and the summary:
each variant's effect with the baseline's strategies and with strategies re-trained for its
rules, and a plain sentence wherever the verdict (direction or significance) differs.

Both effects are rows of the Variants tables, tested in the report's one Holm family; this
reads their findings once the correction is final.
"""
from __future__ import annotations

from reports.blocks import Paragraph
from reports.tables import BASELINE
from reports.variants import measures


def applies(run) -> bool:
    return any(of != BASELINE for of in run.retrained.values())


def verdict_changes(section) -> list[str]:
    """One sentence per variant, player count and headline measure (win rates, scores) whose
    verdict re-training changes."""
    run = section.run
    said = []
    for twin, of in run.retrained.items():
        if of == BASELINE:
            continue
        for players in run.player_counts:
            for measure in measures(run, players):
                if measure.rank is None or measure.rank > 1:
                    continue
                before = _verdict(section, of, players, measure.label)
                after = _verdict(section, twin, players, measure.label)
                if before and after and before[0] != after[0]:
                    at = f"at {players} player{'s' if players > 1 else ''}"
                    said.append(f"{of}: with strategies re-trained for this rule, it "
                                f"{after[1]} {at}; with the baseline's strategies it "
                                f"{before[1]}.")
    return said


def _verdict(section, variant: str, players: int, label: str) -> tuple[int, str] | None:
    """(-1, 0 or +1: the direction if significant after the correction, else 0; in words)."""
    key = (variant, players, label)
    if key not in section.differences:
        return None
    finding = section.verdicts.get(key)
    if finding is None:
        return 0, f"changes nothing in the {label} (no game differed)"
    if finding.significant:
        verb = "raises" if section.differences[key].value > 0 else "lowers"
        return (1 if verb == "raises" else -1), f"{verb} the {label} ({finding.estimate})"
    return 0, f"changes the {label} by no more than chance ({finding.estimate})"


def explain(section) -> list:
    """The paragraph opening the section's re-training part, with the verdict changes."""
    run = section.run
    twins = [t for t, of in run.retrained.items() if of != BASELINE]
    text = (f"Re-trained: {', '.join(twins)} play the same rules and game seeds as their "
            "namesakes, with strategies trained for those rules at each player count (simulate "
            "train's race, kept in this folder's retrain/); they are compared with the baseline "
            "played by strategies re-trained the same way (their rows' baseline column is that "
            "re-trained baseline), so each variant's effect is shown twice: with the baseline's "
            "strategies and re-trained, both in the report's one Holm correction. ")
    changed = section.retrained_lines
    text += "The verdict changes after re-training:" if changed else \
        "No verdict on a win rate or score changes after re-training."
    return [Paragraph(text + ("\n" + "\n".join(f"• {line}" for line in changed)
                              if changed else ""))]
