"""The summary at the top of the report, its first screen: each game's headline at the printed
rules per player count with its interval, then only the findings that survive the one Holm
correction over every section's claims (reports.findings.report_wide), each within one player
count, in the designer's words (never a column name or an internal count), largest effect first;
the config's ``[report] lead`` first."""
from __future__ import annotations

import math
import re

from reports import reaction
from reports.blocks import Details, Heading, Note, Paragraph
from reports.findings import claimable, p_said
from reports.headlines import INTERNAL, headline_table, lead_of, score_word, words
from reports.mechanics import summary_block
from reports.skill import RESTRICTION, SKILL_GAP, restriction_lines, skill_lines
from simulate.leads import columns, headlines, lead_column
from simulate.statistics import claimed_change

KIND_ORDER = {"seat": 0, "strategy": 1, "variant": 2, "game": 3, "entity": 3}
SKILL_HEADING = "Does the game reward skill?"
RESTRICTION_HEADING = "What a seat loses without a card or a mechanic"
SHOWN = 15                 # findings quoted at the top; the rest are folded below them


def build(sections: list, run) -> list:
    lead = lead_of(run)
    families = [s.family for s in sections if s.family.findings]
    tests = sum(1 for f in families for t in f.findings if claimable(t))
    significant = _claims(sections)
    said = [(t, f, _plain(f, run)) for t, f in significant if f.kind != "screen"
            and not f.about.startswith((SKILL_GAP, RESTRICTION))]   # said in their own lines
    found = _ranked([(t, f, text) for t, f, text in said if text], run, lead)
    screens = [(t, f) for t, f in significant if f.kind == "screen"]
    blocks: list = [headline_table(run, lead)]                      # the answer first
    restricted = restriction_lines(sections)
    if restricted:
        blocks += [Heading(RESTRICTION_HEADING),
                   Paragraph("\n".join(f"• {line}" for line in restricted))]
    skill = skill_lines(sections)
    if skill:
        blocks += [Heading(SKILL_HEADING),
                   Paragraph("\n".join(f"• {line}" for line in skill))]
    blocks += _findings(found)
    games = sum(run.count(p) for p in run.player_counts)
    blocks.append(Paragraph(
        f"{games:,} games: {_rules(run)} x player counts "
        f"{', '.join(map(str, run.player_counts))}. {tests} tests in {len(families)} "
        f"section{'' if len(families) == 1 else 's'}, Holm-corrected together over the whole "
        f"report (one 5 % error budget for every claim); {len(found)} survive the correction."))
    blocks += _placeholders(run) + _readings(run) + _rarely(sections)  # one line each, folded
    from reports.cards import untaken_notes
    blocks += untaken_notes(sections)                    # cards the bots hardly take
    changed = [line for s in sections for line in s.retrained_lines]
    if changed:
        blocks.append(Heading("Verdicts that change once the strategies adapt"))
        blocks.append(Paragraph("\n".join(f"• {line}" for line in changed)))
    if screens:
        where = ", ".join(dict.fromkeys(t for t, _ in screens))
        blocks.append(Paragraph(
            f"{len(screens)} screening association{'s' if len(screens) > 1 else ''} (what a "
            "seat chose in play, such as cards owned or its main guild, against the rest) pass "
            f"Holm's correction among the associations of their section ({where}). They are not "
            "claimed here: owning is chosen, not assigned, so an association is not an effect."))
    blocks += _unchanged(sections, run)
    blocks += reaction.notes({v: found for s in sections for v, found in s.changed_games.items()})
    blocks += _precision(sections)
    if run.unpaired:
        blocks.append(Paragraph(f"Compared unpaired (own seed): {', '.join(sorted(run.unpaired))}."))
    return blocks


def _findings(found: list) -> list:
    """What the run shows: the claims surviving the correction, one line each."""
    if not found:
        return [Paragraph("No test in this report finds a difference that survives Holm's "
                          "correction: no seat, strategy or variant effect can be told apart "
                          "from chance at this number of games.")]
    lines = [f"• {text} ({p_said(f.p_adjusted, 'Holm p')}; {title}{_also(alike)})"
             for (title, f, text), alike in _grouped(found)]
    blocks: list = [Heading("What the run shows, largest effect first"),
                    Paragraph("\n".join(lines[:SHOWN]))]
    if len(lines) > SHOWN:
        blocks.append(Details(f"… and {len(lines) - SHOWN} more",
                              [Paragraph("\n".join(lines[SHOWN:]))]))
    return blocks


def _grouped(found: list) -> list:
    """One line per finding: the same finding at another player count, seat or variant (the
    same comparison, the same direction) joins the first (largest) one's line."""
    groups: dict[tuple, list] = {}
    for item in found:
        groups.setdefault(_alike(item[1]), []).append(item)
    return [(items[0], [f for _, f, _ in items[1:]]) for items in groups.values()]


def _alike(finding) -> tuple:
    """A finding's comparison without its player count, seat or variant label, and its sign."""
    about = re.sub(r"\bseat \d+", "seat", finding.about)
    about = re.sub(r" \([^()]*\)$", "", about)                 # a seat test's variant label
    sign = finding.size > 0 if finding.size == finding.size else \
        not finding.estimate.lstrip().startswith("-")
    return (finding.kind, about, sign)


def _also(alike: list) -> str:
    """"; also at 3 and 4 players" or "; also: 3p seat 1, 2p (fast)"."""
    if not alike:
        return ""
    where = [f"{f.players}p" + "".join(f" {m}" for m in re.findall(r"\bseat \d+", f.about))
             + "".join(f" {m}" for m in re.findall(r" (\([^()]*\))$", f.about))
             for f in alike]
    return "; the same also at " + ", ".join(dict.fromkeys(where))


def _claims(sections: list) -> list:
    """(section title, finding) for every finding the summary may claim: the one place that
    decides which findings survive the correction."""
    return [(s.title, f) for s in sections for f in s.family.significant()]


def _rarely(sections: list) -> list:
    """Mechanic use (reports.mechanics): one line naming what is hardly used in play."""
    return [block for s in sections if s.in_summary for block in summary_block(s)]


def _placeholders(run) -> list:
    """One warning line; which components are placeholders is folded under it."""
    held = list(run.spec.placeholders)
    if not held:
        return []
    return [Note(f"Placeholder data in use ({len(held)} part{'s' if len(held) > 1 else ''} not "
                 "the printed components): treat results that depend on them with care."),
            Details("Which parts are placeholders", [Paragraph("\n".join(held))])]


def _readings(run) -> list:
    """One folded line: the rulings of ours (the game's READINGS, as its RULES.md records them)
    that this run's rules, player counts and granted cards depend on."""
    found = readings_of(run)
    if not found:
        return []
    lines = [f"• {r.topic}: {r.text.replace('`', '')}" for r in found]
    return [Details(f"Rulings of ours this run depends on ({len(found)}: the rulebook does not "
                    "settle them; see the game's RULES.md)", [Paragraph("\n".join(lines))])]


def readings_of(run) -> tuple:
    """The game's readings in force: for the variants' rules, the run's player counts, and
    whether a seat is granted a card (at its price)."""
    from simulate.games.grants import AT_ITS_PRICE
    if not hasattr(run.spec, "readings_in_force"):       # a test's stand-in spec
        return ()
    variants = run.manifest["identity"]["variants"]
    grants = [v["grant"] for v in variants if v.get("grant")]
    granted = bool(grants or run.granted)
    paid = run.granted_paid or any(g.endswith(AT_ITS_PRICE) for g in grants)
    return run.spec.readings_in_force([v.get("rules", {}) for v in variants],
                                      run.player_counts, granted, paid)


def _rules(run) -> str:
    """The rule variants played (a re-trained twin plays its variant's rules: not another)."""
    compared = len({run.retrained.get(v, v) for v in run.compared})
    if run.cards or run.granted:
        from reports.cards import study_name
        besides = f"; {compared} rule variant{'s' if compared > 1 else ''}" if compared else ""
        return f"a {study_name(run)}{besides}"
    if not compared:
        return "printed rules only"
    return f"{compared} variant{'s' if compared > 1 else ''} besides the printed rules"


def _measure(finding) -> str | None:
    """A variant finding's measure label ("five_stones vs baseline: turns" -> "turns")."""
    if finding.kind != "variant" or ": " not in finding.about:
        return None
    return finding.about.split(": ", 1)[1]


def column_of(label: str | None, run) -> str | None:
    """The column behind a Variants measure label ("seat 0 win rate" -> "won")."""
    if label is None or label in columns(run.spec):
        return label
    named = (("won", "win rate"), ("score", "score"), ("score", score_word(run.spec)))
    return next((c for c, word in named if word in label), None)


def _plain(finding, run) -> str | None:
    """The finding's sentence with its measure in words; None for an internal measure."""
    label = _measure(finding)
    if label is None or not (label in columns(run.spec) or label in INTERNAL):
        return finding.claim
    named = words(run.spec, label)
    if named is None:
        return None
    rate = "pts" in finding.estimate
    if rate and label != "won" and not named.startswith("share"):
        named = f"share of games in which {named}"      # a yes/no column of the game
    head, _, amount = finding.claim.rpartition(" by ")
    old = f"the {label}" if rate or " " in label else f"the mean {label}"
    if not head.endswith(old):
        return finding.claim
    return f"{head[: -len(old)]}the {'' if rate else 'mean '}{named} by {amount}"


def _size(finding) -> float:
    """The effect's size (|Cohen's d|), set where the test was made; nan if unknown."""
    return abs(finding.size) if finding.size == finding.size else math.nan


def _ranked(found: list, run, lead: str | None) -> list:
    """Led measure first, then the game's headline measures and balance findings (win rates,
    scores, the headline columns; seats, strategies, entities), then the rest; by size within
    each (largest first; unknown sizes last, headline order)."""
    led = lead_column(lead, run.spec.name)
    headline = set(headlines(run.spec.name).values())

    def tier(f) -> int:
        column = column_of(_measure(f), run)
        if led is not None and column == led:
            return 0
        if f.kind != "variant" or f.order in (0, 1) or column in headline:
            return 1
        return 2

    def key(item):
        _, f, _ = item
        size = _size(f)
        return (tier(f), size != size, -size if size == size else 0.0,
                KIND_ORDER.get(f.kind, 9), f.order, f.players or 0)
    return sorted(found, key=key)


def _unchanged(sections: list, run) -> list:
    """Variants under which no game differed on any measure at any player count: the rule
    never came into play (worth knowing before reading their rows as 'no effect')."""
    seen: dict[str, bool] = {}
    for s in sections:
        for (variant, _, _), diff in s.differences.items():
            if variant in run.compared and variant not in run.unpaired:
                seen[variant] = seen.get(variant, True) and diff.identical
    idle = [v for v, same in seen.items() if same]
    by_reference: dict[str, list[str]] = {}
    for variant in idle:      # a re-trained twin is compared with the baseline's twin
        by_reference.setdefault(run.reference(variant), []).append(variant)
    return [Note(f"No game changed under {', '.join(variants)}: every paired game ended exactly "
                 f"as in the {reference} at every player count, so the rule never came into "
                 "play with these strategies (this is not evidence that it is harmless).")
            for reference, variants in by_reference.items()]


def claimed_changes(sections: list) -> tuple[int, dict]:
    """(tests in the report's correction, {players: (smallest win-rate change the summary
    claims with 80 % power, games a 1-point change needs or None)}): each comparison's
    detectable change (80 % power at an uncorrected 5 %) taken to Holm's level over the
    report's tests, the least precise comparison per player count."""
    tests = sections[0].family.budget or sum(len(s.family.findings) for s in sections) \
        if sections else 1
    scale = claimed_change(1.0, tests)
    worst: dict = {}
    for s in sections:
        for players, change in s.detectable.items():
            needed = s.needed.get(players)
            old = worst.get(players, (0.0, None))
            worst[players] = (max(old[0], change * scale),
                              max(filter(None, (old[1], needed and needed * scale ** 2)),
                                  default=None))
    return tests, worst


def _precision(sections: list) -> list:
    tests, worst = claimed_changes(sections)
    if not worst:
        return []
    text = "; ".join(f"{p} player{'s' if p > 1 else ''}: {100 * c:.1f} points"
                     + (f" ({n:,.0f} games for 1 point)" if n else "")
                     for p, (c, n) in sorted(worst.items()))
    run = sections[0].run
    unpaired = [v for v in run.compared if v in run.unpaired]
    basis = ("the observed discordant games" if not unpaired else
             "the observed win rates (unpaired comparisons)" if len(unpaired) == len(run.compared)
             else "the discordant games of the paired comparisons and the win rates of the "
                  "unpaired ones")
    return [Paragraph("Smallest win-rate change this summary would claim 4 times in 5 (80 % "
                      f"power at the level a claim passes: Holm over the report's {tests} tests, "
                      f"5 % / {tests} two-sided; from {basis}): {text}.")]

