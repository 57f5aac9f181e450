"""Golden outcomes: speed work must not change a single game.

For fixed seeds and strategies, a short digest of each game's outcome (scores, won, ranks, end
reason, every game and seat metric, decisions) is pinned in ``golden_outcomes.json``; a few games
also pin a digest of their full log (every action and roll). An optimisation that changes the RNG's
use or any decision shows up here. After an intended rules or strategy change, regenerate with
``REGENERATE_GOLDEN=1 python -m pytest tests/games/dungeon_roll/test_golden_outcomes.py`` and say
why in the commit.
"""
import hashlib
import json
import os
from pathlib import Path

import pytest

from simulate.games import get_game
from simulate.games.dungeon_roll import Rules
from simulate.play import play_game
from strategies import build_strategy

SPEC = get_game("dungeon_roll")
GOLDEN = Path(__file__).parent / "golden_outcomes.json"
# (strategy, players, seeds): outcome digests; logged: (strategy, players, seeds) with log digests.
CASES = [("risk_aware", 1, 500), ("risk_aware", 4, 500)] + [
    (s, n, 200) for s in ("cautious", "bold", "random") for n in (1, 4)]
LOGGED = [("risk_aware", 1, 40), ("risk_aware", 4, 15), ("random", 2, 20)]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def outcome_digest(outcome, decisions: int) -> str:
    data = [outcome.scores, outcome.won, outcome.ranks, outcome.end_reason,
            sorted(outcome.metrics.items()), [sorted(m.items()) for m in outcome.seat_metrics],
            decisions]
    return _digest(repr(data))


def case_digests(strategy: str, n: int, seeds: int, logged: bool = False) -> list[str]:
    seats = [build_strategy("dungeon_roll", strategy) for _ in range(n)]
    rules = Rules()
    out = []
    for seed in range(seeds):
        log = [] if logged else None
        _, outcome, decisions = play_game(SPEC, rules, seats, seed, log=log)
        text = outcome_digest(outcome, decisions)
        out.append(_digest("\n".join(log) + text) if logged else text)
    return out


def compute() -> dict:
    data = {f"{s}/{n}": case_digests(s, n, k) for s, n, k in CASES}
    data.update({f"log:{s}/{n}": case_digests(s, n, k, True) for s, n, k in LOGGED})
    return data


@pytest.mark.slow
def test_outcomes_match_golden():
    if os.environ.get("REGENERATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(compute(), indent=0) + "\n")
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing; run with REGENERATE_GOLDEN=1")
    golden = json.loads(GOLDEN.read_text())
    now = compute()
    assert set(now) == set(golden)
    for key, digests in golden.items():
        diff = [seed for seed, (a, b) in enumerate(zip(now[key], digests)) if a != b]
        assert not diff and len(now[key]) == len(digests), \
            f"{key}: seeds {diff[:10]} play differently from {GOLDEN.name}"
