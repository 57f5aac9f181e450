"""The rulebook's worked examples, with forced dice."""
from simulate.games.roll_for_adventure.actions import AdvanceDie, Place
from simulate.games.roll_for_adventure.kingdom import ADVANCE, PLACE

from simulate.games.roll_for_adventure import enemies

from .helpers import BLUE, GREEN, RED, YELLOW, card, die, faces, put, put_ice, reveal, start, table


def test_red_two_ones_complete_the_desert_subtask_with_blue_die():
    """'I found two dice with a value of one ... There's already one die from Player Blue in that
    section ... I take one of my dice and move it to the second section ... roll my remaining
    three dice again.'"""
    st = table(4)
    k = st.k
    put(st, die(BLUE), k.desert, 1)
    start(st, RED, 1, 1, 3, 4, 6, after=(2, 2, 2))
    legal = st.legal_actions()
    assert Place(1, "desert", 1) in legal and Place(1, "desert", 2) in legal
    assert Place(1, "desert", 3) not in legal                 # Red rolled two 1s
    assert [a for a in legal if a.target == "desert"] == [Place(1, "desert", 1),
                                                           Place(1, "desert", 2)]
    st.apply(Place(1, "desert", 2))
    assert k.phase == ADVANCE
    assert set(st.legal_actions()) == {AdvanceDie("red"), AdvanceDie("blue")}
    st.apply(AdvanceDie("red"))
    assert k.desert == [] and len(k.desert_section2) == 1 and k.desert_section2[0] // 5 == RED
    assert len(k.boards[RED]) == 1                  # the other red die waits, unrolled
    assert die(BLUE) in k.boards[BLUE]
    assert len(k.hand) == 3 and [k.face[d] for d in k.hand] == [2, 2, 2]   # rolled again
    assert k.phase == PLACE
    st.assert_invariants()


def test_blue_four_threes_fill_the_fortress_and_the_four_may_not_join():
    """'Player Blue has just rolled four 3's and one 4 ... adds three of his 3's ... the barrier
    tile is removed ... he's not allowed to use the 4 in addition to the 3 from the same roll.'"""
    st = table(4)
    k = st.k
    put(st, die(RED), k.fortress[1], 3)
    start(st, BLUE, 3, 3, 3, 3, 4, after=(3, 4))
    legal = st.legal_actions()
    fortress = [a for a in legal if a.target == "fortress"]
    # three 3s fit (not the fourth); a 4 is another value: never in the same placement
    assert fortress == [Place(3, "fortress", c) for c in (1, 2, 3)] + [Place(4, "fortress", 1)]
    assert Place(3, "fortress", 4) not in legal
    st.apply(Place(3, "fortress", 3))
    assert k.barriers == [True, False, True] and k.fortress[1] == []
    assert die(RED) in k.boards[RED] and len(k.boards[BLUE]) == 3          # dice back home
    assert k.phase == PLACE and len(k.hand) == 2                            # the 3 and the 4 rolled
    legal = st.legal_actions()
    assert Place(3, "fortress") not in legal                                # barrier gone: closed
    assert Place(4, "fortress") in legal
    assert k.stones_total == 0
    st.assert_invariants()


def test_forest_two_sixes_then_a_one_that_does_not_fit_the_forest():
    """'I roll two 6's and a 5 ... I take my two 6's and put them on the forest path. Then, I roll
    the remaining die again ... It's a 1! ... it just doesn't belong there.'"""
    st = table(4)
    k = st.k
    for i, face in enumerate((5, 6, 5)):
        put(st, die(BLUE, i), k.forest, face)
    for i in range(3, 5):
        put(st, die(RED, i), k.box, 1)             # Red has three dice on the board
    start(st, RED, 6, 6, 5, after=(1,))
    legal = st.legal_actions()
    forest = [a for a in legal if a.target == "forest"]
    # the two 6s together or the 5, never the 5 with the 6s (one value per placement)
    assert forest == [Place(5, "forest", 1), Place(6, "forest", 1), Place(6, "forest", 2)]
    st.apply(Place(6, "forest", 2))
    assert len(k.forest) == 5 and k.stones_total == 0
    assert [k.face[d] for d in k.hand] == [1]
    legal = st.legal_actions()
    assert not any(a.target == "forest" for a in legal)
    assert Place(1, "desert") in legal and Place(1, "resurrection") in legal
    st.assert_invariants()


def test_tree_shrike_beaten_by_red_two_and_blue_five():
    """'I place a 2 on a Tree Shrike ... not enough ... Player Blue places a 5 ... seven ...
    we have successfully defeated the Tree Shrike ... the dice go back to their owners.'"""
    st = table(4, deck=("desert_3a", "desert_1a"))
    k = st.k
    shrike = reveal(st, "forest_1a")
    start(st, RED, 2, 3, 3, 3, 3, after=(3, 3, 3, 3) + (5, 1, 1, 1, 1) + (1, 1, 1, 1))
    st.apply(Place(2, "forest_1a"))
    assert k.enemy_pips[shrike] == 2 and shrike in k.enemies
    st.apply(Place(3, "fortress", 4))          # Red's other dice fill the fortress's 3s
    assert k.barriers == [True, False, True]
    assert k.turn == 2 and k.active == BLUE
    # the rank-3 reveal made the shrike attack the bare forest although a die lies on it
    assert k.damage[:3] == [1, 0, 1]
    st.apply(Place(5, "forest_1a"))
    assert shrike not in k.enemies and shrike in k.discard
    assert die(RED) in k.boards[RED] and die(BLUE) in k.boards[BLUE]
    assert st.enemies_defeated == 1
    st.assert_invariants()


def test_crypt_spirit_commands_the_rank_one_enemies_only():
    """'a Crypt Spirit shows up at Rank 2 ... the Sand Devil and the two Tree Shrikes, who are
    all Rank 1, ... attack again ... the Cave Troll at Rank 2 and the Black Knight at Rank 3 ...
    don't bother attacking.' Then the Crypt Spirit attacks too."""
    st = table(4, deck=("fortress_2a",))
    k = st.k
    for name in ("desert_1a", "forest_1a", "forest_1b", "ice_cave_2a", "fortress_3a"):
        reveal(st, name)
    for i, face in enumerate((5, 6, 5)):
        put(st, die(GREEN, i), k.forest, face)
    put_ice(st, die(YELLOW), 3)
    st.events = []
    enemies.reveal(st)
    attacks = [line for line in st.events if " attacks " in line]
    assert [a.split()[0] for a in attacks] == ["desert_1a", "forest_1a", "forest_1b",
                                               "fortress_2a"]
    assert k.damage == [1, 1, 0, 0]            # desert and fortress bare; forest lost 5, 6, 5
    assert k.ice_cave[2] == die(YELLOW)        # the Cave Troll did not attack
    assert faces(st, k.oblivion) == [5, 5, 6] and k.forest == []
    assert card(st, "fortress_2a") in k.enemies
    st.assert_invariants()


def test_vortex_reaches_eleven_with_five_three_three_and_ends_the_turn():
    """'I've already put a die with a value of five on the Vortex of Resurrection ... I get three
    3s and one 4 ... put two of my 3's ... 11 ... we can all take back our dice ... my turn is
    over. The two dice I haven't used cannot be rolled or placed again.'"""
    st = table(4, deck=("desert_1a",))
    k = st.k
    put(st, die(BLUE), k.resurrection, 5)
    k.resurrection_pips = 5
    put(st, die(GREEN), k.oblivion, 2)
    put(st, die(RED, 4), k.oblivion, 6)
    start(st, RED, 3, 3, 3, 4, after=(2, 2, 2, 2, 2))    # then Blue's roll
    legal = st.legal_actions()
    assert [a for a in legal if a.value == 3 and a.target == "resurrection"] == [
        Place(3, "resurrection", c) for c in (1, 2, 3)]      # the vortex takes any number
    st.apply(Place(3, "resurrection", 2))
    assert k.oblivion == [] and k.resurrection == [] and k.resurrection_pips == 0
    assert st.resurrections == 1
    assert k.active == BLUE and k.turn == 2     # the turn ended; the enemy was revealed
    assert card(st, "desert_1a") in k.enemies
    assert sorted(k.boards[RED]) == list(range(5))   # 2 unplaced + 2 freed + the one in oblivion
    assert die(GREEN) in k.boards[GREEN]
    st.assert_invariants()
