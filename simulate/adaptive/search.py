"""Searches over rule values that spend games where they decide (no runner, no files here).

A *sampler* plays candidates: given ``{point: games}`` it returns, for each point, one array of
per-game values per target (games ``0 .. games-1``, the same seeds for every point: common random
numbers). Candidates grow along a schedule of doubling rounds; each look's interval is taken at
``1 - alpha / looks`` (Bonferroni over the looks a candidate can have), so the interval a search
stops on covers the truth at least at the nominal rate.

* :func:`bisect` — one rule, one target, a metric monotone in the rule: noisy bisection.
* :func:`halve` — several rules or targets: successive halving over the grid, dropping candidates
  whose interval already misses a target.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from simulate.adaptive.metrics import (Estimate, Metric, amount, estimate, estimate_words,
                                       metric_kind, metric_words)

Point = tuple
Sampler = Callable[[dict[Point, int]], dict[Point, list[np.ndarray]]]
BISECTION = "noisy bisection (growing batches, common random numbers)"
HALVING = "successive halving with interval elimination (common random numbers)"
GOALS = ("equals", "at_most", "at_least")


@dataclass(frozen=True)
class Target:
    metric: Metric
    players: int
    goal: str                     # one of GOALS
    value: float
    tolerance: float

    @property
    def label(self) -> str:
        words = {"equals": "=", "at_most": "<=", "at_least": ">="}[self.goal]
        within = f" +- {self.tolerance:g}" if self.goal == "equals" else ""
        return f"{self.metric.label} at {self.players}p {words} {self.value:g}{within}"

    def words(self, spec) -> str:
        """The target in designer words: "team win rate at 3 players = 50 % ± 3 pts"."""
        kind = metric_kind(self.metric)
        sign = {"equals": "=", "at_most": "≤", "at_least": "≥"}[self.goal]
        within = f" ± {amount(self.tolerance, kind, True)}" if self.goal == "equals" else ""
        seats = f"{self.players} player{'s' if self.players > 1 else ''}"
        return (f"{metric_words(self.metric, spec)} at {seats} {sign} "
                f"{amount(self.value, kind)}{within}")

    @property
    def band(self) -> tuple[float, float]:
        if self.goal == "equals":
            return self.value - self.tolerance, self.value + self.tolerance
        return (-math.inf, self.value) if self.goal == "at_most" else (self.value, math.inf)

    def judge(self, est: Estimate) -> str:
        """'meets' if the whole interval is inside the band, 'fails' if none of it is."""
        lo, hi = self.band
        if lo <= est.low and est.high <= hi:
            return "meets"
        return "fails" if est.high < lo or est.low > hi else "open"

    def side(self, est: Estimate) -> int:
        """+1 / -1 when the interval lies above / below the target value; else the estimate's
        side when the interval is already narrower than the tolerance; else 0."""
        if est.low > self.value or est.high < self.value or est.width <= self.tolerance:
            return int(np.sign(est.mean - self.value))
        return 0

    def miss(self, est: Estimate) -> float:
        """How far the estimate lies outside the band, in tolerances (0 inside)."""
        lo, hi = self.band
        return max(lo - est.mean, est.mean - hi, 0.0) / self.tolerance


@dataclass
class Candidate:
    point: Point
    games: int = 0
    estimates: list[Estimate] = field(default_factory=list)
    dropped: bool = False
    values: list[np.ndarray] = field(default_factory=list)   # per game, one array per target


class Search:
    """Candidates, their estimates, the round schedule and the games spent."""

    def __init__(self, sample: Sampler, targets: list[Target], sizes: list[int],
                 confidence: float = 0.95, budget: int | None = None):
        self.sample, self.targets, self.sizes = sample, targets, sizes
        self.level = 1 - (1 - confidence) / len(sizes)     # Bonferroni over the looks
        self.budget = budget
        self.candidates: dict[Point, Candidate] = {}
        self.stopped = ""
        self.seats_played = len({t.players for t in targets})

    def get(self, point: Point) -> Candidate:
        return self.candidates.setdefault(point, Candidate(point))

    @property
    def spent(self) -> int:
        return sum(c.games for c in self.candidates.values()) * self.seats_played

    def status(self, point: Point) -> str:
        c = self.get(point)
        if not c.estimates:
            return "untried"
        verdicts = [t.judge(e) for t, e in zip(self.targets, c.estimates)]
        if "fails" in verdicts:
            return "fails"
        return "meets" if all(v == "meets" for v in verdicts) else "open"

    def settled(self, point: Point) -> bool:
        """Every target judged, or its interval narrower than its tolerance."""
        c = self.get(point)
        return bool(c.estimates) and all(
            t.judge(e) != "open" or e.width <= t.tolerance for t, e in zip(self.targets, c.estimates))

    def advance(self, points: list[Point], done: Callable[[Point], bool]) -> None:
        """Play ``points`` round by round (together, one sampler call a round) until ``done``
        holds for each, the cap is reached or the budget would be overrun."""
        active = [p for p in points if not (self.get(p).estimates and done(p))]
        while active and not self.stopped:
            step = {p: n for p in active if (n := self._next(self.get(p).games))}
            if not step:
                return
            cost = sum(n - self.get(p).games for p, n in step.items()) * self.seats_played
            if self.budget is not None and self.spent + cost > self.budget:
                self.stopped = f"the budget of {self.budget:,} games would be overrun"
                return
            for point, values in self.sample(step).items():
                c = self.get(point)
                c.games = step[point]
                c.values = list(values)
                c.estimates = [estimate(v, self.level, t.metric.binary)
                               for t, v in zip(self.targets, values)]
            active = [p for p in step if not done(p)]

    def _next(self, games: int) -> int | None:
        return next((n for n in self.sizes if n > games), None)

    def summary(self, method: str, answer: list[Point], note: str) -> dict:
        return {"method": method, "answer": [list(p) for p in answer], "note": note,
                "games_spent": self.spent, "stopped": self.stopped or "every search step settled",
                "look_confidence": self.level,
                "candidates": [{"point": list(c.point), "games": c.games,
                                "status": self.verdict(c),
                                "estimates": [e.as_dict() for e in c.estimates]}
                               for c in sorted(self.candidates.values(), key=lambda c: c.point)]}

    def verdict(self, c: Candidate) -> str:
        """The status in one vocabulary: "within the target", "below the target", "above the
        target" (the interval clear of the band on that side), "undecided" (leaning below /
        above when the interval lies on one side of the value), "dropped" (successive halving);
        with several targets the first one missed is named by its number."""
        if c.dropped:
            return "dropped"
        if not c.estimates:
            return "untried"
        words = [_place(t, e) for t, e in zip(self.targets, c.estimates)]
        several = len(self.targets) > 1
        for i, word in enumerate(words):
            if word in ("below", "above"):
                return f"{word} target {i + 1}" if several else f"{word} the target"
        if all(w == "within" for w in words):
            return "within every target" if several else "within the target"
        return "undecided" if several or words[0] == "undecided" else f"undecided, {words[0]}"


def _place(target: Target, est: Estimate) -> str:
    """within / below / above (the interval clear of the band) / leaning below / leaning above
    (inside neither, on one side of the value) / undecided."""
    judged = target.judge(est)
    if judged == "meets":
        return "within"
    if judged == "fails":
        return "below" if est.high < target.band[0] else "above"
    return {1: "leaning above", -1: "leaning below"}.get(target.side(est), "undecided")

def bisect(search: Search, grid: list[Point]) -> dict:
    """Noisy bisection for one target on a metric monotone in one rule. Each candidate plays in
    doubling rounds until its interval lies on one side of the target value or is narrower than
    the tolerance; the bracket's two ends are then played until each is judged."""
    target = search.targets[0]

    def lean(p: Point) -> int:
        est = search.get(p).estimates[0]
        return target.side(est) or int(np.sign(est.mean - target.value))

    def sided(p: Point) -> bool:
        return target.side(search.get(p).estimates[0]) != 0

    a, b = 0, len(grid) - 1
    search.advance([grid[a], grid[b]], sided)
    if search.stopped:
        return _answer(search, BISECTION, "")
    if lean(grid[a]) == lean(grid[b]) != 0:
        search.advance([grid[a], grid[b]], search.settled)
        ends = {search.status(grid[a]), search.status(grid[b])}
        if target.goal != "equals" and ends == {"meets"}:    # a bound every value keeps
            return _answer(search, BISECTION, "the metric meets the bound at both ends of the "
                           "range")
        return search.summary(BISECTION, [], "the target is not crossed within the range: "
                              "the metric lies on one side of it at both ends")
    low_side = lean(grid[a])
    while b - a > 1 and not search.stopped:
        m = (a + b) // 2
        search.advance([grid[m]], sided)
        if search.stopped:
            return _answer(search, BISECTION, f"the target lies between {_show(grid[a])} and "
                           f"{_show(grid[b])}")
        if target.goal == "equals" and search.status(grid[m]) == "meets":
            return _answer(search, BISECTION, "")
        if lean(grid[m]) == low_side:
            a = m
        else:
            b = m
    search.advance([grid[a], grid[b]], search.settled)
    return _answer(search, BISECTION, _bracket(search, grid[a], grid[b], low_side))


def _bracket(search: Search, a: Point, b: Point, low_side: int) -> str:
    """The bracket's note: "crossed between a and b" only when a's interval lies wholly on the
    low end's side of the target and b's wholly on the other; else the crossing is unresolved
    (a mean's side alone can put the bracket one step off)."""
    target = search.targets[0]
    ends = [search.get(p).estimates[0] for p in (a, b)]

    def beyond(est, side: int) -> bool:
        return est.low > target.value if side > 0 else est.high < target.value
    kind = metric_kind(target.metric)
    shown = "; ".join(f"{_show(p)}: {estimate_words(e.as_dict(), kind)}" for p, e in zip((a, b), ends))
    if beyond(ends[0], low_side) and beyond(ends[1], -low_side):
        return f"the target is crossed between {_show(a)} and {_show(b)} ({shown})"
    return (f"the crossing is not resolved: it lies near {_show(a)} and {_show(b)} but their "
            f"intervals do not both clear the target {amount(target.value, kind)} ({shown}); more games "
            f"(a larger max_games) would settle it")


def halve(search: Search, grid: list[Point]) -> dict:
    """Successive halving: every live candidate plays a round; those whose interval misses a
    target are dropped, candidates that meet every target (or are precise) stop, and of the rest
    only the better half (by distance from the targets) goes on to the next, doubled round."""
    live = list(grid)
    for size in search.sizes:
        todo = [p for p in live if not search.settled(p)]
        if not todo or search.stopped:
            break
        search.advance(todo, lambda p, size=size: search.get(p).games >= size)
        live = [p for p in live if search.status(p) != "fails"]
        undecided = sorted((p for p in live if not search.settled(p)), key=
                           lambda p: sum(t.miss(e) for t, e in zip(search.targets,
                                                                   search.get(p).estimates)))
        for p in undecided[max(1, math.ceil(len(undecided) / 2)):]:
            search.get(p).dropped = True
            live.remove(p)
    return _answer(search, HALVING, "")


def _answer(search: Search, method: str, note: str) -> dict:
    meets = [p for p, c in sorted(search.candidates.items())
             if not c.dropped and search.status(p) == "meets"]
    tried = [c for c in search.candidates.values() if c.estimates]
    if not meets and tried:
        best = min(tried, key=lambda c: sum(t.miss(e) for t, e in zip(search.targets,
                                                                       c.estimates)))
        note = (note + "; " if note else "") + (f"no value meets every target; closest: "
                                                f"{_show(best.point)}")
    return search.summary(method, meets, note)


def _show(point: Point) -> str:
    return ", ".join(map(str, point))
