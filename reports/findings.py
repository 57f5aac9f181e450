"""Findings and families of tests: what the summary may claim.

A section collects its tests in one ``Family``; Holm's correction runs over the family, and only
findings whose adjusted p is below 5 % are called significant and reach the summary at the top.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from simulate.statistics import ALPHA, holm


@dataclass
class Finding:
    players: int | None            # the player count the test is within (never pooled)
    about: str                     # what is compared, e.g. "five_stones vs baseline: team win rate"
    estimate: str                  # the number with its interval, e.g. "-3.1 pts [-4.0, -2.2]"
    test: str                      # e.g. "exact McNemar"
    p: float
    claim: str                     # the summary's sentence if it survives correction
    kind: str = "game"             # "variant", "seat", "strategy", "game" or "screen" (an
    #                                association over seats as units: shown, never claimed)
    p_adjusted: float = math.nan
    order: int = 0                 # within its kind, lower first in the summary (headline first)

    @property
    def significant(self) -> bool:
        return self.p_adjusted == self.p_adjusted and self.p_adjusted < ALPHA


@dataclass
class Family:
    """One family of tests (one report section); a block that renders as a table."""
    name: str
    findings: list[Finding] = field(default_factory=list)

    def add(self, finding: Finding) -> Finding:
        self.findings.append(finding)
        return finding

    def adjust(self) -> "Family":
        for finding, p in zip(self.findings, holm([f.p for f in self.findings])):
            finding.p_adjusted = p
        return self

    def significant(self) -> list[Finding]:
        self.adjust()
        return [f for f in self.findings if f.significant]

    @property
    def rows(self) -> list[list]:
        self.adjust()
        return [[f.players if f.players is not None else "–", f.about, f.estimate, f.test,
                 p_text(f.p), p_text(f.p_adjusted), "yes" if f.significant else "no"]
                for f in self.findings]

    columns = ["players", "comparison", "estimate [95 % CI]", "test", "p", "Holm p",
               "significant"]


def p_text(p: float) -> str:
    if p != p:
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"
