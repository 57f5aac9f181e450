"""The PLACEHOLDER hero powers: off by default, once per turn when on."""
from simulate.games.roll_for_adventure.actions import Place, UsePower

from .helpers import RED, die, reveal, start, table


def hero_table(hero):
    st = table(4, hero_powers=True)
    st.k.heroes[RED] = hero
    return st


def test_no_powers_by_default():
    st = table(4)
    st.k.heroes[RED] = "adventurer"
    start(st, RED, 1, 2, 3, 4, 5)
    assert not any(isinstance(a, UsePower) for a in st.legal_actions())


def test_adventurer_rolls_the_roll_again_once_per_turn():
    st = hero_table("adventurer")
    start(st, RED, 1, 1, 1, 1, 1, after=(6, 6, 6, 6, 6))
    st.apply(UsePower("adventurer"))
    assert [st.k.face[d] for d in st.k.hand] == [6] * 5
    assert not any(isinstance(a, UsePower) for a in st.legal_actions())
    st.assert_invariants()


def test_warrior_turns_a_die_to_its_opposite_face():
    st = hero_table("warrior")
    start(st, RED, 1, 2, 2, 2, 2)
    st.apply(UsePower("warrior", 1))
    assert sorted(st.k.face[d] for d in st.k.hand) == [2, 2, 2, 2, 6]


def test_healer_spends_the_lowest_die_to_heal():
    st = hero_table("healer")
    st.k.damage[2] = 3
    start(st, RED, 4, 2, 5, 5, 5)
    assert [a for a in st.legal_actions() if isinstance(a, UsePower)] == [
        UsePower("healer", 2, "forest")]
    st.apply(UsePower("healer", 2, "forest"))
    assert st.k.damage[2] == 2 and st.k.oblivion == [die(RED, 1)] and len(st.k.hand) == 4
    st.assert_invariants()


def test_fighter_strikes_with_double_pips():
    st = hero_table("fighter")
    troll = reveal(st, "ice_cave_2a")
    start(st, RED, 3, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(UsePower("fighter", 3, "ice_cave_2a"))
    assert troll in st.k.discard and die(RED) in st.k.boards[RED]
    assert Place(1, "desert") in st.legal_actions()
