"""bench/strength.py: the search-strength table's structure, its intervals, and the same numbers
for any number of jobs (2 seeds, budget 2: the real figures come from `make bench`)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
import strength  # noqa: E402

GAMES = ["risky_adventure", "roll_for_adventure"]          # rivals and co-op


@pytest.fixture(scope="module")
def runs():
    return [strength.strength(GAMES, seeds=2, simulations=2, n_jobs=jobs, block=1)
            for jobs in (1, 2)]


def test_structure_and_intervals(runs):
    found = runs[0]
    assert set(found["games"]) == {"risky_adventure/2p", "roll_for_adventure/2p"}
    assert found["cpu_seconds"] > 0 and found["clock"] == "cpu"
    for entry in found["games"].values():
        assert entry["seeds"] == 2 and entry["simulations"] == 2
        for name in ("search", "heuristic", "random"):
            assert 0 <= entry[name]["win_rate"] <= 1
        for versus, base in (("vs_heuristic", "heuristic"), ("vs_random", "random")):
            for measure, key in (("win", "win_rate"), ("score", "mean_score")):
                d = entry[versus][measure]
                assert d["n"] == 2 and d["low"] <= d["mean"] <= d["high"]
                assert d["mean"] == pytest.approx(entry["search"][key] - entry[base][key],
                                                  abs=1e-3)
        assert entry["verdict"].startswith(("matches or beats", "weaker", "inconclusive"))
    assert found["games"]["roll_for_adventure/2p"]["cooperative"]


def test_same_numbers_for_any_jobs(runs):
    one, two = ({k: {f: v for f, v in e.items() if f != "cpu_seconds"}
                 for k, e in run["games"].items()} for run in runs)
    assert one == two
    again = strength.strength(GAMES[:1], seeds=2, simulations=2, n_jobs=1)
    assert again["games"]["risky_adventure/2p"]["vs_heuristic"] == \
        runs[0]["games"]["risky_adventure/2p"]["vs_heuristic"]


def test_verdict_thresholds():
    def entry(low, high, random_low, wins=0.5):
        rates = {"win_rate": wins, "mean_score": 10.0}
        diff = {"mean": (low + high) / 2, "low": low, "high": high}
        versus_random = {"mean": 1.0, "low": random_low, "high": 2.0}
        return {"search": rates, "heuristic": rates, "random": rates,
                "vs_heuristic": {"win": diff, "score": diff},
                "vs_random": {"win": versus_random, "score": versus_random}}
    assert strength._verdict(entry(-0.04, 0.1, 0.2)) == \
        "matches or beats the heuristic; beats random"
    assert strength._verdict(entry(-0.2, -0.01, -0.1)).startswith("weaker")
    assert strength._verdict(entry(-0.06, 0.1, 0.2)).startswith("inconclusive")
    on_score = strength._verdict(entry(-0.4, 0.1, 0.2, wins=0.0))      # tolerance 0.5 points
    assert on_score.startswith("matches") and on_score.endswith("no line-up won a game)")
