"""Findings and families of tests: what the summary may claim.

A section collects its tests in one ``Family``. The report has one error budget: once
every section is built, ``report_wide`` runs one Holm correction over every claimable finding of
the report (kinds seat, strategy, variant, game, entity), so the chance that the summary claims
anything false is at most 5 % however many sections there are. Screening associations (kind
"screen": owners against non-owners, seats as units) are never claimed; they stay corrected
within their section, among the section's screens. A family that was never put in a report
(a section built on its own) is corrected within itself, as before.
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
    kind: str = "game"             # "variant", "seat", "strategy", "game", "entity" or "screen"
    #                                (an association over seats as units: shown, never claimed)
    p_adjusted: float = math.nan
    order: int = 0                 # within its kind, lower first in the summary (headline first)
    size: float = math.nan         # the effect in SDs (Cohen's d), for ranking; nan: unknown

    @property
    def significant(self) -> bool:
        return self.p_adjusted == self.p_adjusted and self.p_adjusted < ALPHA


@dataclass
class Family:
    """One family of tests (one report section); a block that renders as a table."""
    name: str
    findings: list[Finding] = field(default_factory=list)
    budget: int | None = None      # tests in the report-wide correction (None: not applied)

    def add(self, finding: Finding) -> Finding:
        self.findings.append(finding)
        return finding

    def adjust(self) -> "Family":
        """Holm within the family, unless the report-wide correction already set the p's."""
        if self.budget is None:
            _holm(self.findings)
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

    @property
    def caption(self) -> str:
        if self.budget is None:
            return "Raw p beside Holm's adjusted p (within this section); 'significant' means " \
                   "adjusted p < 0.05."
        screens = " (screening associations: Holm among this section's screens)" \
            if any(f.kind == "screen" for f in self.findings) else ""
        return f"Raw p beside Holm's adjusted p: Holm over the whole report, {self.budget} " \
               f"test{'s' if self.budget != 1 else ''}{screens}; 'significant' means adjusted " \
               "p < 0.05."


def claimable(finding: Finding) -> bool:
    return finding.kind != "screen"


def report_wide(families: list[Family]) -> int:
    """One error budget for the whole report: Holm over every claimable finding of every family
    (the summary's claims, family-wise 5 %); screens within their own family. Sets each
    finding's ``p_adjusted`` and returns the number of claimable tests."""
    claims = [f for family in families for f in family.findings if claimable(f)]
    _holm(claims)
    for family in families:
        _holm([f for f in family.findings if not claimable(f)])
        family.budget = len(claims)
    return len(claims)


def _holm(findings: list[Finding]) -> None:
    for finding, p in zip(findings, holm([f.p for f in findings])):
        finding.p_adjusted = p


def p_text(p: float) -> str:
    if p != p:
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def p_said(p: float, name: str = "p") -> str:
    """"p = 0.012", "p < 0.001" (never "p = < 0.001"), "Holm p < 0.001" with ``name``."""
    text = p_text(p)
    return f"{name} {text}" if text.startswith("<") else f"{name} = {text}"
