"""Whole games: invariants over many random games, score breakdown, determinism, strategies."""
import statistics

import pytest

from simulate.games import get_game
from simulate.games.dungeon_roll import Rules
from simulate.games.dungeon_roll.components import HERO_KEYS
from simulate.play import play_game
from strategies import build_strategy

SPEC = get_game("dungeon_roll")
XP_PARTS = ("xp_levels", "xp_dragons", "xp_empty_box", "xp_treasures", "xp_scale_pairs")
VARIANTS = [Rules(), Rules(keep_loot_after_fleeing=False, used_treasures_to_box=False),
            Rules(voluntary_flee=False, champion_opens_all_chests=False,
                  quaffing_die_counts=False),
            Rules(level_up_immediate=False, ultimate_shared_on_level_up=False, level_up_xp=2),
            Rules(treasure_counts=(1, 0, 1, 0, 1, 1, 0, 1, 1, 0), delves_per_player=5),
            Rules(party_dice=5, dungeon_dice=9, lair_threshold=2, max_level=12,
                  dragon_types_needed=2)]


def _play(n, strategy, seed, rules=None, heroes=None, log=None, check=True):
    seats = [build_strategy("dungeon_roll", strategy) for _ in range(n)]
    return play_game(SPEC, rules or Rules(), seats, seed, heroes=heroes, log=log, check=check)


def _check(state, outcome, rules):
    for seat, row in enumerate(outcome.seat_metrics):
        assert outcome.scores[seat] == sum(row[p] for p in XP_PARTS)
        played = [row[f"delve{k}_end"] for k in range(1, 6) if row[f"delve{k}_end"]]
        assert len(played) == rules.delves_per_player
        assert sum(row[f"delve{k}_xp"] or 0 for k in range(1, 6)) == \
            row["xp_levels"] + row["xp_dragons"] + row["xp_empty_box"]
        assert row["flees"] == sum(e.startswith("fled") for e in played)
        assert row["dragons_defeated"] <= row["dragons_fought"]
    assert outcome.metrics["delves"] == rules.delves_per_player * len(outcome.scores)


@pytest.mark.parametrize("rules", VARIANTS, ids=range(len(VARIANTS)))
def test_invariants_over_many_random_games(rules):
    for seed in range(120):
        n = 1 + seed % 4
        strategy = ("random", "risk_aware", "cautious", "bold")[seed // 4 % 4]
        state, outcome, _ = _play(n, strategy, seed, rules)
        _check(state, outcome, rules)


@pytest.mark.parametrize("hero", HERO_KEYS)
def test_every_hero_plays_random_games(hero):
    for seed in range(40):
        state, outcome, _ = _play(2, "random", seed, heroes=[hero, hero])
        assert outcome.seat_metrics[0]["hero"] == hero
        _check(state, outcome, Rules())


def test_same_seed_same_game_and_seeds_differ():
    logs = []
    for seed in (7, 7, 8):
        log = []
        _, outcome, _ = _play(3, "risk_aware", seed, log=log)
        logs.append((log, outcome))
    assert logs[0] == logs[1] and logs[0][0] != logs[2][0]
    assert any("party" in line for line in logs[0][0][:3])   # the opening roll is logged


def _mean(strategy, n_games=300, column=None):
    values = []
    for seed in range(n_games):
        _, outcome, _ = _play(1, strategy, 10_000 + seed, check=False)
        values.append(outcome.seat_metrics[0][column] if column else outcome.scores[0])
    return statistics.mean(values)


def test_heuristics_beat_random_and_differ_in_depth():
    assert _mean("risk_aware") > _mean("random") + 5
    assert _mean("cautious", column="deepest_level") < _mean("bold", column="deepest_level")
