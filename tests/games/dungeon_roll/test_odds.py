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


def _reference_plan(kind, party, monsters, need, memo):
    """The plain search odds.py started from (no bit sets, no pruning): the oracle."""
    from simulate.games.dungeon_roll.components import SWEEPS
    from simulate.games.dungeon_roll.legal import can_complete
    from simulate.games.dungeon_roll.odds import KEEP_VALUE, KINDS
    key = (kind, party, monsters, need)
    if key in memo:
        return memo[key]
    types, bonus = KINDS[kind]
    if not any(monsters):
        units = [(sum(1 << a for a in types[i]), party[i]) for i in range(6) if party[i]]
        if need and not can_complete(units, need, 0):
            memo[key] = IMPOSSIBLE, None
        else:
            memo[key] = sum(c * v for c, v in zip(party, KEEP_VALUE)), None
        return memo[key]
    t = 0 if monsters[0] else 1 if monsters[1] else 2
    best, best_move = IMPOSSIBLE, None
    for slot in range(6):
        if not party[slot]:
            continue
        rest = party[:slot] + (party[slot] - 1,) + party[slot + 1:]
        done = set()
        for a in types[slot]:
            sweep = SWEEPS[a]
            left = list(monsters)
            left[t] -= monsters[t] if sweep == t or sweep == -2 else 1
            for e in ([e for e in range(3) if left[e]] if a == bonus else []) or [-1]:
                after = list(left)
                if e >= 0:
                    after[e] -= 1
                after = tuple(after)
                if after in done:
                    continue
                done.add(after)
                value = _reference_plan(kind, rest, after, need, memo)[0]
                if value > best:
                    best, best_move = value, (slot, a, t, e)
    memo[key] = best, best_move
    return memo[key]


@pytest.mark.slow
def test_bit_set_solver_matches_the_plain_search_everywhere():
    """Every solver kind, small parties, every monster triple up to 5: same plans, same sets."""
    import itertools

    from simulate.games.dungeon_roll import odds
    triples = [m for m in itertools.product(range(6), repeat=3) if sum(m) <= 5]
    parties = [p for p in itertools.product(range(3), repeat=5) if sum(p) <= 4]
    for kind in range(len(odds.KINDS)):
        for need in (0, 3):
            memo = {}
            for party in parties:
                party += (kind % 2,)                 # a wild slot on every other kind
                bits = odds.feasible(kind, party, need)
                for m in triples:
                    expected = _reference_plan(kind, party, m, need, memo)
                    assert odds._plan(kind, party, m, need) == expected, (kind, party, m, need)
                    assert (bits >> (m[0] * 121 + m[1] * 11 + m[2]) & 1) == \
                        (expected[0] > IMPOSSIBLE)
