"""The strategies' party solver and next-level odds (simulate/games/dungeon_roll/odds.py)."""
import pytest

from simulate.games.dungeon_roll.components import (FIGHTER, GOBLIN, KNIGHT, MAGE,
                                                    MINSTREL, OOZE, SPELLSWORD)
from simulate.games.dungeon_roll.odds import IMPOSSIBLE, clear_chance, plan


def test_plan_uses_a_fighter_on_all_goblins_and_a_champion_on_the_largest_group():
    value, move = plan(KNIGHT, False, (1, 0, 0, 0, 1, 0), (3, 0, 0), 0)
    assert move == (FIGHTER, FIGHTER, GOBLIN, -1)          # the Champion is kept
    value, move = plan(KNIGHT, False, (1, 0, 0, 0, 1, 0), (1, 0, 3), 0)
    assert value > IMPOSSIBLE and move[:3] == (0, FIGHTER, GOBLIN)
    assert plan(KNIGHT, False, (0, 0, 0, 0, 1, 0), (1, 1, 0), 0)[0] == IMPOSSIBLE
    assert plan(SPELLSWORD, False, (1, 0, 0, 0, 0, 0), (0, 0, 3), 0)[1] == (0, MAGE, OOZE, -1)
    assert plan(MINSTREL, True, (0, 0, 0, 0, 1, 0), (2, 1, 0), 0)[0] > IMPOSSIBLE   # Bard


def test_plan_keeps_companions_for_the_dragon():
    assert plan(KNIGHT, False, (1, 1, 1, 0, 0, 0), (1, 0, 0), 3)[0] == IMPOSSIBLE
    assert plan(KNIGHT, True, (1, 1, 1, 0, 0, 0), (1, 0, 0), 2)[0] > IMPOSSIBLE


@pytest.mark.parametrize("party, k, expected", [((0,) * 6, 1, 0.5), ((0, 0, 0, 0, 7, 0), 1, 1.0),
                                                ((0, 0, 0, 0, 1, 0), 1, 1.0)])
def test_clear_chance_exact_values(party, k, expected):
    assert clear_chance(KNIGHT, False, party, k, 0, 3, 3) == pytest.approx(expected)


def test_clear_chance_falls_with_depth_and_rises_with_the_party():
    weak, strong = (1, 1, 0, 0, 0, 0), (1, 1, 1, 1, 1, 0)
    chances = [clear_chance(KNIGHT, False, strong, k, 0, 3, 3) for k in range(1, 8)]
    assert all(a >= b - 1e-12 for a, b in zip(chances, chances[1:])) and chances[6] < chances[2]
    assert clear_chance(KNIGHT, False, weak, 4, 0, 3, 3) < chances[3]
    assert clear_chance(KNIGHT, False, strong, 4, 2, 3, 3) < chances[3]   # a dragon is near
