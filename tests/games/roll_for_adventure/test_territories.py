"""Each task, each attack, the ice cave rewards: forced dice and hand-set tables."""
import pytest

from simulate.games.base import IllegalActionError
from simulate.games.roll_for_adventure import territories
from simulate.games.roll_for_adventure.actions import (AdvanceDie, ClaimIceCave, DefeatEnemy,
                                                       GiveBonusDie, LoseDie, Place, ResetDamage)
from simulate.games.roll_for_adventure.kingdom import CLAIM, DEFEAT, GIVE, LOSE, PLACE, RESET

from .helpers import (BLUE, GREEN, RED, YELLOW, bonus, card, die, faces, put, put_ice, reveal,
                     start, table)

DESERT, FORTRESS, FOREST, ICE_CAVE = range(4)


# ---- tasks ------------------------------------------------------------------------------------
def test_desert_second_section_loses_a_die_for_good_and_gains_a_stone():
    st = table(4)
    k = st.k
    put(st, die(BLUE), k.desert_section2, 1)
    put(st, die(GREEN), k.desert_section2, 1)
    put(st, die(YELLOW), k.desert, 1)
    put(st, die(YELLOW, 1), k.desert, 1)
    start(st, RED, 1, 2, 2, 2, 2, after=(2, 2, 2, 2))
    st.apply(Place(1, "desert"))
    st.apply(AdvanceDie("yellow"))
    assert k.phase == LOSE
    assert set(st.legal_actions()) == {LoseDie("blue"), LoseDie("green"), LoseDie("yellow")}
    st.apply(LoseDie("green"))
    assert k.desert_lost == [die(GREEN)] and k.desert_section2 == []
    assert die(BLUE) in k.boards[BLUE] and die(YELLOW) in k.boards[YELLOW]
    assert k.stones == [1, 0, 0, 0] and st.seat_stones[RED] == 1
    assert k.phase == PLACE
    st.assert_invariants()
    outcome = st.outcome()
    assert outcome.metrics["dice_lost_in_desert"] == 1
    assert outcome.seat_metrics[GREEN]["own_dice_in_play"] == 4


def test_fortress_stone_after_all_three_barriers_and_the_barriers_return():
    st = table(4)
    k = st.k
    k.barriers[:] = [False, True, False]
    for i in range(3):
        put(st, die(BLUE, i), k.fortress[1], 3)
    assert not territories.accepts(k, FORTRESS, 2)       # a cleared subtask takes no dice
    start(st, RED, 3, 2, 2, 2, 2, after=(2, 2, 2, 2))
    assert Place(2, "fortress") not in st.legal_actions()
    st.apply(Place(3, "fortress"))
    assert k.stones == [0, 1, 0, 0] and k.barriers == [True, True, True]
    assert all(not f for f in k.fortress) and len(k.boards[BLUE]) == 5
    assert Place(2, "fortress") in st.legal_actions()
    st.assert_invariants()


@pytest.mark.parametrize("stones, boundary, next_boundary", [(0, 6, 7), (1, 7, 8), (2, 8, 9),
                                                              (3, 9, 9), (5, 9, 9)])
def test_forest_boundary_moves_six_seven_eight_nine_then_stays(stones, boundary, next_boundary):
    st = table(4)
    k = st.k
    k.forest_stones, k.forest_boundary = stones, boundary
    others = [die(colour, i) for colour in (BLUE, GREEN) for i in range(5)]
    for d in others[:boundary - 1]:
        put(st, d, k.forest, 5)
    start(st, RED, 6, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(Place(6, "forest"))
    assert k.forest == [] and k.stones[FOREST] == 1 and k.forest_boundary == next_boundary
    assert len(k.boards[BLUE]) == 5 and die(RED) in k.boards[RED]
    st.assert_invariants()


def test_place_takes_bonus_dice_first_and_regained_dice_wait_unrolled():
    st = table(4)
    k = st.k
    put(st, bonus(0), k.boards[RED], 1)
    for i in range(3):
        put(st, die(BLUE, i), k.fortress[2], 4)
    start(st, RED, 4, 1, 1, 1, 1, 4, after=(2, 2, 2, 2, 2))
    st.apply(Place(4, "fortress"))                     # the bonus die (a 4) completes it
    assert bonus(0) in k.bonus_pool                    # used bonus dice stay in the cave
    assert len(k.boards[BLUE]) == 5 and k.boards[RED] == []
    assert len(k.hand) == 5                            # Red's 5 dice rolled again
    st.assert_invariants()


# ---- attacks ---------------------------------------------------------------------------------
def attack(st, territory):
    territories.attack(st, territory, card(st, "desert_1a"))


def test_desert_attack_takes_from_section_one_only():
    st = table(4)
    k = st.k
    put(st, die(BLUE), k.desert_section2, 1)
    attack(st, DESERT)
    assert k.damage[DESERT] == 1 and k.desert_section2 == [die(BLUE)] and k.oblivion == []
    put(st, die(RED), k.desert, 1)
    attack(st, DESERT)
    assert k.damage[DESERT] == 1 and k.oblivion == [die(RED)] and k.desert == []


def test_fortress_attack_takes_one_die_from_every_subtask_with_dice():
    st = table(4)
    k = st.k
    put(st, die(RED, 0), k.fortress[0], 2)
    put(st, die(RED, 1), k.fortress[0], 2)
    put(st, die(BLUE, 0), k.fortress[2], 4)
    attack(st, FORTRESS)
    assert sorted(k.oblivion) == [die(RED, 1), die(BLUE, 0)] and k.fortress[0] == [die(RED, 0)]
    attack(st, FORTRESS)                               # one die in one subtask is enough
    assert k.damage[FORTRESS] == 0 and not any(k.fortress)
    attack(st, FORTRESS)
    assert k.damage[FORTRESS] == 1
    assert st.max_oblivion == 3


def test_forest_attack_takes_a_five_and_a_six_and_closes_the_gap():
    st = table(4)
    k = st.k
    for i, face in enumerate((5, 6, 5, 5)):
        put(st, die(BLUE, i), k.forest, face)
    attack(st, FOREST)
    assert faces(st, k.oblivion) == [5, 6] and faces(st, k.forest) == [5, 5]
    attack(st, FOREST)                                 # a 5 alone is enough to avoid damage
    attack(st, FOREST)
    assert k.damage[FOREST] == 0 and k.forest == []
    attack(st, FOREST)
    assert k.damage[FOREST] == 1


def test_ice_cave_attack_takes_the_highest_die():
    st = table(4)
    k = st.k
    put_ice(st, die(RED), 2)
    put_ice(st, die(BLUE), 5)
    attack(st, ICE_CAVE)
    assert k.oblivion == [die(BLUE)] and k.ice_cave[1] == die(RED) and k.ice_cave[4] == -1
    attack(st, ICE_CAVE)
    attack(st, ICE_CAVE)
    assert k.damage[ICE_CAVE] == 1


# ---- the ice cave ---------------------------------------------------------------------------
def cave_with(st, owners):
    for space, owner in enumerate(owners, start=1):
        put_ice(st, die(owner, space % 5), space)


def test_ice_cave_one_die_per_turn():
    st = table(4)
    start(st, RED, 3, 4, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(Place(3, "ice_cave"))
    assert not any(a.target == "ice_cave" for a in st.legal_actions())


def test_four_dice_claim_gives_each_player_in_the_cave_a_bonus_die():
    st = table(4)
    k = st.k
    cave_with(st, (BLUE, BLUE, GREEN))
    start(st, RED, 4, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(Place(4, "ice_cave"))
    assert k.phase == CLAIM
    st.apply(ClaimIceCave(False))                      # keep filling: nothing happens
    assert k.ice_cave_count() == 4 and k.phase == PLACE
    st2 = table(4)
    cave_with(st2, (BLUE, BLUE, GREEN))
    start(st2, RED, 4, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st2.apply(Place(4, "ice_cave"))
    st2.apply(ClaimIceCave(True))
    k = st2.k
    assert k.ice_cave == [-1] * 6 and len(k.bonus_pool) == 1
    for seat in (RED, BLUE, GREEN):
        assert sum(d >= 20 for d in k.boards[seat]) == 1
    assert not any(d >= 20 for d in k.boards[YELLOW]) and k.phase == PLACE
    assert not any(d >= 20 for d in k.hand)            # the bonus die waits for next turn
    st2.assert_invariants()


def test_too_few_bonus_dice_the_active_player_picks_who_goes_without():
    st = table(4)
    k = st.k
    for i in (1, 2, 3):
        put(st, bonus(i), k.box, 1)
    cave_with(st, (BLUE, GREEN, YELLOW))
    start(st, RED, 4, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(Place(4, "ice_cave"))
    st.apply(ClaimIceCave(True))
    assert k.phase == GIVE
    assert st.legal_actions() == [GiveBonusDie(s) for s in (RED, BLUE, GREEN, YELLOW)]
    st.apply(GiveBonusDie(GREEN))
    assert k.boards[GREEN][-1] == bonus(0) and k.phase == PLACE
    st.assert_invariants()


def test_five_dice_also_defeat_an_enemy_and_six_also_reset_damage():
    st = table(4)
    k = st.k
    knight = reveal(st, "fortress_3a")
    reveal(st, "desert_1a")
    put(st, die(BLUE, 4), k.enemy_dice[knight], 3)
    k.enemy_pips[knight] = 3
    k.damage[:] = [3, 0, 4, 0]
    cave_with(st, (BLUE, BLUE, GREEN, GREEN, YELLOW))
    start(st, RED, 6, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(Place(6, "ice_cave"))
    st.apply(ClaimIceCave(True))
    assert k.phase == DEFEAT
    st.apply(DefeatEnemy("fortress_3a"))
    assert knight in k.discard and die(BLUE, 4) in k.boards[BLUE]
    assert k.phase == RESET
    assert st.legal_actions() == [ResetDamage("desert"), ResetDamage("forest")]
    st.apply(ResetDamage("forest"))
    assert k.damage == [3, 0, 0, 0] and k.phase == PLACE
    assert st.enemies_defeated == 1 and st.ice_claims == 1
    st.assert_invariants()


def test_five_dice_claim_without_enemies_skips_the_defeat():
    st = table(4)
    cave_with(st, (BLUE, BLUE, GREEN, GREEN))
    start(st, RED, 5, 1, 1, 1, 1, after=(1, 1, 1, 1))
    st.apply(Place(5, "ice_cave"))
    st.apply(ClaimIceCave(True))
    assert st.k.phase == PLACE


def test_a_placement_of_fewer_dice_than_shown_rolls_the_rest():
    st = table(4)
    k = st.k
    start(st, RED, 2, 2, 6, 6, 6, after=(3, 3, 3, 3))
    st.apply(Place(2, "fortress", 1))
    assert len(k.fortress[0]) == 1 and [k.face[d] for d in k.hand] == [3, 3, 3, 3]


# ---- group placements: Place(value, target, count) --------------------------------------------
def test_counts_fit_the_free_spaces_and_the_ice_cave_takes_one():
    st = table(4)
    k = st.k
    for i in range(4):
        put(st, die(BLUE, i), k.forest, 5)            # boundary 6: two spaces left
    start(st, RED, 6, 6, 6, 3, 3)
    legal = st.legal_actions()
    assert [a for a in legal if a.target == "forest"] == [Place(6, "forest", 1),
                                                           Place(6, "forest", 2)]
    assert [a for a in legal if a.target == "ice_cave"] == [Place(3, "ice_cave", 1),
                                                             Place(6, "ice_cave", 1)]
    assert [a.count for a in legal if a.target == "resurrection" and a.value == 6] == [1, 2, 3]
    with pytest.raises(IllegalActionError, match="phase place"):
        st.apply(Place(3, "fortress", 3))              # only two 3s in the roll


def test_an_enemy_takes_any_number_and_they_all_go_home():
    st = table(4)
    k = st.k
    troll = reveal(st, "ice_cave_2a")
    start(st, RED, 3, 3, 3, 1, 1, after=(2, 2))
    assert [a.count for a in st.legal_actions() if a.target == "ice_cave_2a" and a.value == 3] \
        == [1, 2, 3]
    st.apply(Place(3, "ice_cave_2a", 3))               # 9 pips: one die more than needed
    assert troll in k.discard and st.seat_placed[RED] == 3
    assert len(k.boards[RED]) == 3 and len(k.hand) == 2   # the three wait; the 1s rolled again
    st.assert_invariants()


def test_an_action_of_another_phase_is_neither_legal_nor_applied():
    st = table(4)
    k = st.k
    put(st, die(BLUE), k.desert_section2, 1)
    put(st, die(GREEN), k.desert_section2, 1)
    put(st, die(YELLOW), k.desert, 1)
    put(st, die(YELLOW, 1), k.desert, 1)
    start(st, RED, 1, 2, 2, 2, 2, after=(2, 2, 2, 2))
    st.apply(Place(1, "desert"))
    st.apply(AdvanceDie("yellow"))
    assert k.phase == LOSE and LoseDie("blue") in st.legal_actions()
    assert AdvanceDie("blue") not in st.legal_actions()       # as tuples both are ("blue",)
    section2 = list(k.desert_section2)
    with pytest.raises(IllegalActionError, match=r"AdvanceDie\(die='blue'\).*phase lose"):
        st.apply(AdvanceDie("blue"))
    assert k.desert_section2 == section2 and len(section2) == 3 and k.phase == LOSE
    assert ClaimIceCave(True) != GiveBonusDie(1) and Place(1, "desert", 1) != (1, "desert", 1)
    assert len({ClaimIceCave(True), GiveBonusDie(1), (True,)}) == 3
    assert hash(Place(1, "desert", 1)) == hash(Place(1, "desert", 1))
