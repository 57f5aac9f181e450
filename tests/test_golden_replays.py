"""Golden replays: a few seeded games per engine written out as text.

A change to a rule, a strategy or the RNG's use shows up here as a readable diff. After an
intended change, regenerate with ``REGENERATE_GOLDEN=1 python -m pytest tests/test_golden_replays.py``
and review the diff of ``tests/golden/`` before committing it.
"""
import os
from pathlib import Path

import pytest

from simulate.games import game_names, get_game
from simulate.play import play_game
from strategies import build_strategy

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2)


def replay_text(name: str) -> str:
    spec = get_game(name)
    players = sorted({spec.players[0], min(spec.players[1], 3)})
    lines: list[str] = []
    for n in players:
        for seed in SEEDS:
            seats = [build_strategy(name, spec.default_strategy) for _ in range(n)]
            log: list[str] = []
            _, outcome, decisions = play_game(spec, spec.rules_class(), seats, seed, log=log)
            lines.append(f"=== {n} player(s), seed {seed}, {spec.default_strategy} ===")
            lines.extend(log)
            lines.append(f"end: {outcome.end_reason}, scores {outcome.scores}, "
                         f"ranks {outcome.ranks}, {decisions} decisions")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", game_names())
def test_golden_replay(name):
    path = GOLDEN / f"{name}.txt"
    text = replay_text(name)
    if os.environ.get("REGENERATE_GOLDEN") or not path.exists():
        path.write_text(text)
        if not os.environ.get("REGENERATE_GOLDEN"):
            pytest.fail(f"{path} was missing and has been written; review and commit it")
    assert text == path.read_text(), f"{name} plays differently from {path}; see the module doc"
