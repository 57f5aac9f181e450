"""A card's price found inside its range: where its value crosses the target (no runner here).

`simulate tune` with one component field (a card's price) and one target searches the price
this way (tune.plan_tune's method "price"):

1. the range's low end plays one round; a card whose every granted game is the same as its game
   without the card (``changes_nothing``) is said so, and no second price is played;
2. both ends play until each one's interval lies on one side of the target (or the cap): two
   ends on the same side are "not crossed within the range" (never an answer that "meets");
3. otherwise noisy bisection over the range's prices (each played until settled) finds two
   neighbours around the mean value's crossing, from the end whose interval lies wholly on one
   side of the target towards the other;
4. the prices inside that bracket (``inside``) play until each is settled, then every price of
   the bracket plays the same seeds (common random numbers), and the crossing is interpolated
   on the mean values between the two prices around it; its
   interval is the percentile bootstrap over seeds (all prices resampled together, so their
   common noise cancels as it does in the estimate).
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from simulate.adaptive.metrics import amount, metric_kind, estimate_words
from simulate.adaptive.search import Point, Search, Target

PRICE = "price bracketing on common seeds (noisy bisection, then the prices inside the bracket)"
RESAMPLES = 2000
SIDES = {1: "above the target", -1: "below the target", 0: "undecided (covers the target)"}


def find_price(search: Search, grid: list[Point], inside: Callable[[Point, Point], list[Point]],
               changes_nothing: Callable[[Point], bool], confidence: float) -> dict:
    """The price search (module docstring): ``search.summary`` with an empty answer (a price is
    never said to "meet" here), a ``note`` and ``crossing`` (None, or the bracket, the crossing
    price and its interval)."""
    target = search.targets[0]
    lo, hi = grid[0], grid[-1]
    search.advance([lo], lambda p: True)                       # one round at the low end
    if search.stopped:
        return _result(search, "", None)
    if changes_nothing(lo):
        games = search.get(lo).games
        return _result(search, f"the card changes no game: at {_show(lo)} no granted seat's "
                       f"result differed from its own game without the card in {games:,} "
                       "seeds, so no other price was played", None, unchanged=True)
    search.advance([lo, hi], lambda p: _settled(search, target, p))
    ends = {p: clear(target, search.get(p).estimates[0]) for p in (lo, hi)}
    if search.stopped:
        return _result(search, "", None)
    if ends[lo] == ends[hi]:
        return _result(search, _not_crossed(search, target, lo, hi, ends[lo]), None)
    start = ends[lo] or ends[hi]
    a, b = _bracket(search, target, grid, start, 0 if ends[lo] == start else len(grid) - 1)
    if search.stopped:
        return _result(search, f"stopped inside the bracket {_show(a)} .. {_show(b)}", None)
    points = [a] + inside(a, b) + [b]
    search.advance(points[1:-1], lambda p: _settled(search, target, p))
    games = max(search.get(p).games for p in points)
    search.advance(points, lambda p: search.get(p).games >= games)    # the same seeds
    if search.stopped:
        return _result(search, f"stopped inside the bracket {_show(a)} .. {_show(b)}", None)
    crossing = crossed(search, target, points, start, confidence)
    return _result(search, crossing_text(crossing, target), crossing)


def clear(target: Target, est) -> int:
    """+1 / -1 when the interval lies wholly above / below the target value, else 0."""
    return 1 if est.low > target.value else -1 if est.high < target.value else 0


def _settled(search: Search, target: Target, point: Point) -> bool:
    """An end is known once its interval clears the target or is narrower than the tolerance."""
    est = search.get(point).estimates[0]
    return clear(target, est) != 0 or est.width <= target.tolerance


def _bracket(search: Search, target: Target, grid: list[Point], side: int,
             start: int) -> tuple[Point, Point]:
    """Neighbours of the grid (in order) around the mean value's crossing: bisection from the
    grid end ``start``, whose interval lies on the starting ``side`` of the target, towards the
    other end, whose does not; a price between goes with the side its mean lies on."""
    i_on, i_off = start, len(grid) - 1 - start
    while abs(i_on - i_off) > 1 and not search.stopped:
        m = (i_on + i_off) // 2
        search.advance([grid[m]], lambda p: _settled(search, target, p))
        if search.stopped:
            break
        on = np.sign(search.get(grid[m]).estimates[0].mean - target.value) == side
        i_on, i_off = (m, i_off) if on else (i_on, m)
    return grid[min(i_on, i_off)], grid[max(i_on, i_off)]


def crossed(search: Search, target: Target, points: list[Point], start: int,
            confidence: float) -> dict:
    """The crossing over ``points`` (in order, the first on the starting side ``start``):
    interpolated on the mean values at their common games, with its bootstrap interval."""
    games = min(search.get(p).games for p in points)
    values = np.column_stack([search.get(p).values[0][:games] for p in points])
    prices = np.array([float(p[0]) for p in points])
    keep = ~np.isnan(values).any(axis=1)
    values = values[keep]
    at = first_crossing(values.mean(axis=0), prices, target.value, start)
    rng = np.random.default_rng(0)                   # the same interval for the same games
    draws = rng.integers(0, len(values), size=(RESAMPLES, len(values)))
    means = values[draws].mean(axis=1)               # (RESAMPLES, prices)
    found = np.array([first_crossing(m, prices, target.value, start) for m in means])
    tail = (1 - confidence) / 2
    low, high = np.quantile(found, [tail, 1 - tail])
    j = min(max(int(np.searchsorted(prices, at)), 1), len(points) - 1)   # at in its segment
    return {"between": [points[j - 1][0], points[j][0]], "at": float(at),
            "low": float(low), "high": float(high), "seeds": int(len(values)),
            "confidence": confidence, "range": [points[0][0], points[-1][0]],
            "target": target.value, "side": start,
            "end_covers": clear(target, search.get(points[j]).estimates[0]) == 0}


def first_crossing(means: np.ndarray, prices: np.ndarray, value: float, start: int) -> float:
    """Where the mean values first reach ``value`` from the ``start`` side (+1: from above),
    linearly between the two prices around it; a price end when they never do (or at once)."""
    gap = start * (means - value)                     # > 0 on the starting side
    reached = np.flatnonzero(gap <= 0)
    if not len(reached):
        return float(prices[-1])
    j = int(reached[0])
    if j == 0:
        return float(prices[0])
    share = gap[j - 1] / (gap[j - 1] - gap[j])
    return float(prices[j - 1] + share * (prices[j] - prices[j - 1]))


def crossing_text(c: dict, target: Target) -> str:
    """'the value crosses the target 0 between 1 and 2: at 1.8 [1.3, 2] (95 %, 1,600 seeds)'."""
    a, b = (_num(x) for x in c["between"])
    lo, hi = (_num(x) for x in c["range"])
    side = "above" if c["side"] > 0 else "below"
    covers = (f"; the value's interval at {b} still covers the target" if c["end_covers"]
              else "")
    if c["high"] >= c["range"][1] or c["low"] <= c["range"][0]:
        covers += (f"; an interval end at {lo} or {hi}, the bracket's ends, means the crossing "
                   "may lie beyond it")
    return (f"the value crosses the target {amount(target.value, metric_kind(target.metric))} between {a} and {b}: at "
            f"{c['at']:.3g} [{c['low']:.3g}, {c['high']:.3g}] ({c['confidence']:.0%} bootstrap "
            f"interval over {c['seeds']:,} common seeds, the prices {lo} .. {hi} resampled "
            f"together; the mean value {side} the target up to {a}{covers})")


def _not_crossed(search: Search, target: Target, lo: Point, hi: Point, side: int) -> str:
    kind = metric_kind(target.metric)
    shown = "; ".join(f"{_show(p)}: {estimate_words(search.get(p).estimates[0].as_dict(), kind, True)}"
                      for p in (lo, hi))
    if side == 0:
        return (f"not resolved within the range: the value's interval covers the target "
                f"{amount(target.value, kind)} at both ends ({shown}); a larger max_games would narrow them")
    where = "above" if side > 0 else "below"
    return (f"not crossed within the range: the value lies {where} the target "
            f"{amount(target.value, kind)} at both ends ({shown})")


def _result(search: Search, note: str, crossing: dict | None, unchanged: bool = False) -> dict:
    result = search.summary(PRICE, [], note)
    target = search.targets[0]
    for row in result["candidates"]:          # a price's side of the target, never "meets"
        est = search.get(tuple(row["point"])).estimates
        row["status"] = SIDES[clear(target, est[0])] if est else "untried"
    result.update(crossing=crossing, changes_no_game=unchanged)
    return result


def _num(x: float) -> str:
    return f"{x:g}"


def _show(point: Point) -> str:
    return ", ".join(map(str, point))
