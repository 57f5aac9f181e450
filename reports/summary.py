"""The summary at the top of the report: only findings that survive Holm's correction within
their section's family, each within one player count, in plain sentences with their numbers."""
from __future__ import annotations

from reports.blocks import Heading, Note, Paragraph
from reports.findings import p_text

KIND_ORDER = {"seat": 0, "strategy": 1, "variant": 2, "game": 3}
SHOWN = 15                 # findings quoted at the top; the rest are in their sections


def build(sections: list, run) -> list:
    families = [s.family for s in sections if s.family.findings]
    tests = sum(len(f.findings) for f in families)
    significant = [(s.title, f) for s in sections for f in s.family.significant()]
    found = sorted(((t, f) for t, f in significant if f.kind != "screen"),
                   key=lambda t: (KIND_ORDER.get(t[1].kind, 9), t[1].order, t[1].players or 0))
    screens = [(t, f) for t, f in significant if f.kind == "screen"]
    blocks: list = []
    if run.spec.placeholders:
        blocks.append(Note("Placeholder data in use (not the printed components; treat results "
                           "that depend on it with care): " + "; ".join(run.spec.placeholders)))
    games = sum(run.count(p) for p in run.player_counts)
    blocks.append(Paragraph(
        f"{games:,} games: {len(run.variants)} rules variant(s) x player counts "
        f"{', '.join(map(str, run.player_counts))}. {tests} tests in {len(families)} "
        f"famil{'y' if len(families) == 1 else 'ies'} (one per section, Holm-corrected); "
        f"{len(found)} survive the correction."))
    if found:
        blocks.append(Heading("What the run shows"))
        shown = found[:SHOWN]
        more = f"\n… and {len(found) - SHOWN} more in the sections below." \
            if len(found) > SHOWN else ""
        blocks.append(Paragraph("\n".join(f"• {f.claim} (Holm p {_p(f.p_adjusted)}; "
                                          f"{title})" for title, f in shown) + more))
    else:
        blocks.append(Paragraph("No test in this report finds a difference that survives "
                                "Holm's correction: no seat, strategy or variant effect can be "
                                "told apart from chance at this number of games."))
    if screens:
        where = ", ".join(dict.fromkeys(t for t, _ in screens))
        blocks.append(Paragraph(
            f"{len(screens)} screening association{'s' if len(screens) > 1 else ''} (owners "
            "against non-owners, seats as units) pass Holm's correction in their section "
            f"({where}). They are not claimed here: the seats of one game are not independent "
            "and owning is chosen, not assigned."))
    blocks += _unchanged(sections, run)
    blocks += _precision(sections)
    if run.unpaired:
        blocks.append(Paragraph(f"Compared unpaired (own seed): {', '.join(sorted(run.unpaired))}."))
    return blocks


def _unchanged(sections: list, run) -> list:
    """Variants under which no game differed on any measure at any player count: the rule
    never came into play (worth knowing before reading their rows as 'no effect')."""
    seen: dict[str, bool] = {}
    for s in sections:
        for (variant, _, _), diff in s.differences.items():
            if variant in run.compared and variant not in run.unpaired:
                seen[variant] = seen.get(variant, True) and diff.identical
    idle = [v for v, same in seen.items() if same]
    if not idle:
        return []
    return [Note(f"No game changed under {', '.join(idle)}: every paired game ended exactly as "
                 "in the baseline at every player count, so the rule never came into play "
                 "with these strategies (this is not evidence that it is harmless).")]


def _precision(sections: list) -> list:
    lines = []
    for s in sections:
        for players, change in sorted(s.detectable.items()):
            lines.append((players, change, s.needed.get(players)))
    if not lines:
        return []
    worst = {}
    for players, change, needed in lines:
        old = worst.get(players, (0.0, None))
        worst[players] = (max(old[0], change), max(filter(None, (old[1], needed)), default=None))
    text = "; ".join(f"{p} player{'s' if p > 1 else ''}: {100 * c:.1f} points"
                     + (f" ({n:,.0f} games for 1 point)" if n else "")
                     for p, (c, n) in sorted(worst.items()))
    run = sections[0].run
    unpaired = [v for v in run.compared if v in run.unpaired]
    basis = ("the observed discordant games" if not unpaired else
             "the observed win rates (unpaired comparisons)" if len(unpaired) == len(run.compared)
             else "the discordant games of the paired comparisons and the win rates of the "
                  "unpaired ones")
    return [Paragraph("Smallest win-rate change a variant comparison could detect (80 % power, "
                      f"from {basis}): {text}.")]


def _p(p: float) -> str:
    text = p_text(p)
    return text if text.startswith("<") else f"= {text}"
