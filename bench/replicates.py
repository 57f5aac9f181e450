"""Replicate coverage studies of the report's intervals (``python bench/bench.py coverage``; the quick subsets
are tests/test_report_coverage.py and tests/test_report_power.py):

1. a headline under rotate = true: co-op runs of 300 seeds x 4 rotations, each rotation its own
   draw at the seed's chance; share of team win rate intervals covering the true rate;
2. a hero's win rate under heroes = "all" (Dungeon Roll's 8 heroes at 2 players, 1,600 games,
   strengths and pairing edges drawn per replicate) against its rate with heroes dealt at random;
3. a rare rate's interval at 2,000 games, 2 to 40 expected events: exact coverage;
4. the power line: the change the summary states, planted beside 4 null variants, is claimed in
   about 80 % of reports.
Target for 1 and 2: 93-97 %.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from simulate.statistics import clopper_pearson                    # noqa: E402
from tests.test_report_coverage import (hero_coverage, rare_rate_coverage,  # noqa: E402
                                        rotation_coverage)
from tests.test_report_power import claimed_share                  # noqa: E402


def _share(k: int, n: int) -> dict:
    low, high = clopper_pearson(k, n)
    return {"share": round(k / n, 4), "interval_95": [round(low, 4), round(high, 4)], "n": n}


def main(quick: bool = False) -> dict:
    rotations, heroes, planted = (300, 30, 200) if quick else (2000, 200, 1000)
    rotated = round(rotation_coverage(rotations, seed=7) * rotations)
    print(f"rotated headline coverage: {100 * rotated / rotations:.1f} % of {rotations}",
          flush=True)
    hero = hero_coverage(heroes, seed=7)
    cells = heroes * 8
    print(f"hero (heroes = all) coverage of the random-deal rate: {100 * hero:.1f} % of "
          f"{cells} intervals", flush=True)
    low, mean = rare_rate_coverage()
    print(f"rare rate at 2,000 games (2-40 events): coverage min {100 * low:.1f} %, "
          f"mean {100 * mean:.1f} %", flush=True)
    share, stated = claimed_share(planted, seed=7)
    print(f"power line: {100 * stated:.1f} points planted, claimed in {100 * share:.1f} % of "
          f"{planted} reports", flush=True)
    return {"rotated_headline": _share(rotated, rotations),
            "hero_all": _share(round(hero * cells), cells),
            "rare_rate_2000": {"min": round(low, 4), "mean": round(mean, 4)},
            "power_line": {"planted_points": round(100 * stated, 2),
                           **_share(round(share * planted), planted)},
            "target": [0.93, 0.97]}


if __name__ == "__main__":
    main()
