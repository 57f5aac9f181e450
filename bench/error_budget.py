"""The report's error budget and --until-ci's stopping rule at a larger scale than the tests
(``python bench/error_budget.py [reports] [replicates]``, from the repository root).

1. Null reports (tests/test_report_null.py, ``reports`` of them, default 1,000, split between
   Dungeon Roll and Roll for Adventure): identical strategies, seats rotated, an identical variant
   on its own seed; prints the share of reports claiming anything with its exact 95 % interval.
2. The stopping rule's bias (tests/adaptive/test_until_ci.py, ``replicates`` per cell, default
   4,000): the relative bias of k / n at the size --until-ci stops at, for rare and common rates,
   with the event floor and without it.
Figures measured are in bench/README.md ("Error budget").
"""
from __future__ import annotations

import math
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "adaptive")]

from simulate.statistics import clopper_pearson             # noqa: E402
from tests.test_report_null import no_figures, null_reports  # noqa: E402
from test_until_ci import replicate_stops                   # noqa: E402


def null_share(reports: int) -> dict:
    games = [("dungeon_roll", "cautious", reports // 2, 12),
             ("roll_for_adventure", "balanced", reports - reports // 2, 12)]
    with tempfile.TemporaryDirectory() as tmp, no_figures():
        claims = [c for g in games for c in null_reports(Path(tmp), *g)]
    k, n = sum(bool(c) for c in claims), len(claims)
    low, high = clopper_pearson(k, n)
    print(f"null reports claiming anything: {k} of {n} = {100 * k / n:.1f} % "
          f"[{100 * low:.1f}, {100 * high:.1f}]", flush=True)
    return {"reports": n, "claiming_anything": k, "share": round(k / n, 4),
            "interval_95": [round(low, 4), round(high, 4)], "target": 0.05}


def stopping_bias(replicates: int) -> list[dict]:
    found = []
    for p, width in [(0.0035, 0.01), (0.0035, 0.004), (0.02, 0.02), (0.1, 0.04)]:
        for floor in (True, False):
            x = replicate_stops(p, width, floor, replicates)
            se = x.std(ddof=1) / math.sqrt(len(x)) / p
            bias = x.mean() / p - 1
            print(f"rate {p:g}, width {width:g}, event floor {'on ' if floor else 'off'}: "
                  f"relative bias {100 * bias:+.1f} % +- {100 * se:.1f}", flush=True)
            found.append({"rate": p, "width": width, "event_floor": floor,
                          "replicates": replicates, "relative_bias": round(bias, 4),
                          "standard_error": round(se, 4)})
    return found


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    null_share(args[0] if args else 1000)
    stopping_bias(args[1] if len(args) > 1 else 4000)
