"""Rules-fidelity audit: set-up, who gets dice back, the 'no dice' loss, the deck's end."""
import random

from simulate.games.roll_for_adventure import enemies, new_game
from simulate.games.roll_for_adventure.actions import AdvanceDie, LoseDie, Place
from simulate.games.roll_for_adventure.rules import Rules

from .helpers import (BLUE, GREEN, RED, YELLOW, ScriptedDice, bonus, card, die, put, reveal,
                     start, table)

DESERT = 0


# ---- set-up ----------------------------------------------------------------------------------
def test_set_up_dice_cards_barriers_boundary_and_skulls():
    """Set-up: five hero dice each; ally dice of unused colours (2 players: two each, 3: one
    each, 4: none) held by the player they are dealt to; four bonus dice on the ice cave; the
    fortress's three barriers; the forest boundary after space 6; every skull at the start;
    24 enemies plus the Master of Shadows in the deck."""
    for n, allies in ((2, 2), (3, 1), (4, 0)):
        st = new_game(Rules(), n, random.Random(5))
        k = st.k
        for seat in range(n):
            dice = k.boards[seat] + (k.hand if seat == k.active else [])
            own = sorted(d for d in dice if d // 5 == seat)
            ally = [d for d in dice if d // 5 != seat]
            assert own == [die(seat, i) for i in range(5)]
            assert len(ally) == allies and all(n <= d // 5 < 4 for d in ally)
            assert all(k.holder[d] == seat and k.die_label(d).endswith(f"ally of "
                       f"{('red', 'blue', 'green', 'yellow')[seat]}") for d in ally)
        assert sorted(k.bonus_pool) == [bonus(i) for i in range(4)]
        assert len(k.box) == (4 - n) * 5 - n * allies
        assert k.barriers == [True, True, True] and k.forest_boundary == 6
        assert k.damage == [0, 0, 0, 0] and k.stones_total == 0 and k.enemies == []
        assert sorted(st.deck) == [enemies.SHADOW_MASTER] + list(range(24))
        st.assert_invariants()


# ---- a roll with nowhere to go -----------------------------------------------------------------
def test_a_first_roll_with_no_legal_placement_stays_on_the_board():
    """Digest, a turn: 'if a roll has no legal placement at all, the remaining dice stay on your
    board' (RULES.md: the roll stays on the board and the turn ends). The Vortex of Resurrection
    always takes dice, so only a variant could get here: force it."""
    st = table(4)
    k = st.k
    st._placements = lambda counts=None: []
    k.active = RED
    st.streams = ScriptedDice(3, 3, 3, 3, 3)
    assert not st.start_turn()
    assert sorted(k.boards[RED]) == [die(RED, i) for i in range(5)] and k.hand == []
    k.check(False)                                     # no die lost or doubled


# ---- dice going home ---------------------------------------------------------------------------
def test_resurrection_frees_ally_dice_to_the_active_player_and_bonus_dice_to_the_cave():
    """Vortex of Resurrection: 'If you had any bonus dice, they go back to the ice cave. And if
    you had any ally dice, they go to you, the active player.' Hero dice go to their owners."""
    st = table(3, deck=("desert_1a",))
    k = st.k
    ally_of_blue = next(d for d in k.boards[BLUE] if d // 5 == YELLOW)
    put(st, ally_of_blue, k.oblivion, 2)
    put(st, bonus(0), k.oblivion, 3)
    put(st, die(GREEN), k.resurrection, 4)
    k.resurrection_pips = 4
    start(st, RED, 6, 1, 1, 1, 1, 1, after=(2,) * 5)   # then Blue rolls
    st.apply(Place(6, "resurrection"))
    assert ally_of_blue in k.boards[RED] and k.die_label(ally_of_blue) == "yellow ally of red"
    assert bonus(0) in k.bonus_pool and die(GREEN) in k.boards[GREEN]
    assert k.oblivion == [] and k.resurrection == []
    st.assert_invariants()


def test_ally_dice_from_a_task_go_back_to_the_player_who_placed_them():
    """'if you're playing with two or three players and you retrieve any ally dice from a task,
    all of them go back to the player who placed them.'"""
    st = table(2)
    k = st.k
    blue_allies = [d for d in k.boards[BLUE] if d // 5 >= 2]
    for d in blue_allies:
        put(st, d, k.fortress[2], 4)
    put(st, die(BLUE), k.fortress[2], 4)
    start(st, RED, 4, 1, 1, 1, 1, 1, 1, after=(2,) * 6)
    st.apply(Place(4, "fortress"))
    assert k.barriers == [True, True, False]
    assert all(d in k.boards[BLUE] for d in blue_allies + [die(BLUE)])
    st.assert_invariants()


def test_a_defeated_enemy_sends_its_bonus_dice_to_the_cave():
    """'All the dice that were placed on it go back to their owners' -- a used bonus die goes
    'right back into the ice cave'."""
    st = table(4)
    k = st.k
    devil = reveal(st, "desert_1a")
    put(st, bonus(1), k.boards[RED], 1)
    start(st, RED, 1, 1, 1, 1, 1, 3, after=(2,) * 3 + (2,) * 5)
    st.apply(Place(3, "desert_1a"))
    st.apply(Place(2, "desert_1a", 2))                  # 3 + 4 pips: defeated
    assert devil in k.discard and bonus(1) in k.bonus_pool
    st.assert_invariants()


def test_a_bonus_die_moved_to_desert_section_three_is_lost_for_good():
    """Ruling 6: a bonus die moved to section 3 stays on the skull space for the game."""
    st = table(4)
    k = st.k
    put(st, bonus(0), k.desert_section2, 1)
    put(st, die(BLUE), k.desert_section2, 1)
    put(st, die(GREEN), k.desert, 1)
    put(st, die(GREEN, 1), k.desert, 1)
    start(st, RED, 1, 2, 2, 2, 2, after=(2,) * 4)
    st.apply(Place(1, "desert"))
    st.apply(AdvanceDie("red"))
    st.apply(LoseDie("bonus"))
    assert k.desert_lost == [bonus(0)] and bonus(0) not in k.bonus_pool
    assert k.stones[DESERT] == 1
    st.assert_invariants()


# ---- the 'no dice' loss ----------------------------------------------------------------------
def test_an_ally_die_alone_keeps_the_team_in_the_game():
    """'we'll also lose the game if -- at the start of someone's turn -- no one has any dice
    left': an ally die on a board is a die."""
    st = table(2, deck=("desert_1a",))
    k = st.k
    for seat in (RED, BLUE):
        for d in list(k.boards[seat]):
            if d // 5 == seat or seat == RED:
                put(st, d, k.oblivion, 3)
    assert len(k.boards[BLUE]) == 2                    # Blue's two ally dice
    st.streams = ScriptedDice(2, 2)
    st._end_turn()
    assert not st.is_over and k.active == BLUE and len(k.hand) == 2


def test_bonus_dice_count_against_the_no_dice_loss_only_if_the_rules_say_so():
    """Ruling 9 (bonus dice do not count) and its Rules field no_dice_counts_bonus."""
    for counts, over in ((False, True), (True, False)):
        st = table(2, deck=("desert_1a",), no_dice_counts_bonus=counts)
        k = st.k
        for seat in (RED, BLUE):
            for d in list(k.boards[seat]):
                put(st, d, k.oblivion, 3)
        put(st, bonus(0), k.boards[BLUE], 2)
        st.streams = ScriptedDice(4)
        st._end_turn()
        assert st.is_over == over
        if not over:
            assert k.active == BLUE and k.hand == [bonus(0)]


# ---- the end of the deck ---------------------------------------------------------------------
def test_master_of_shadows_attacks_after_every_turn_once_the_deck_is_empty_even_without_dice():
    """'Once all the enemy cards are out in the open, the Master of Shadows ... keeps attacking
    with all the active enemies and hurts the territories himself after every player takes a
    turn'; 'Even if I don't have any dice left ... I still have to reveal the top card'."""
    st = table(4)
    k = st.k
    st.deck = [enemies.SHADOW_MASTER, card(st, "forest_1a")]     # the top card is last
    k.cards_left = 2
    k.discard = [c for c in range(24) if c != card(st, "forest_1a")]
    for d in list(k.boards[BLUE]):
        put(st, d, k.box, 1)                           # Blue has no dice this game
    start(st, RED, 5, 5, 5, 5, 5, after=(6,) + (6,) * 5 + (1,) + (2,) * 5)
    st.apply(Place(5, "resurrection", 5))
    # Red's turn: forest_1a appears (the bare forest: 1 damage); Blue's turn without dice: the
    # Master appears, forest_1a attacks again, the territory die shows none
    assert k.shadow_master_out and st.deck == [] and k.active == GREEN
    assert k.damage == [0, 0, 2, 0]
    st.apply(Place(6, "resurrection", 5))
    # the deck is empty: after Green's turn he attacks again (forest_1a, then the desert x2)
    assert k.damage == [2, 0, 3, 0] and k.active == YELLOW and k.turn == 4
    assert [k.face[d] for d in k.hand] == [2] * 5
    st.assert_invariants()


def test_ruling_3_ice_cave_attack_dice_is_a_rules_field():
    """Ruling 3: an ice-cave attack removes one die, the highest; a variant may remove more."""
    from simulate.games.roll_for_adventure.territories import attack

    for dice, left in ((1, [0, 1, -1, -1, -1, -1]), (2, [0, -1, -1, -1, -1, -1])):
        st = table(2, ice_cave_attack_dice=dice)
        st.k.ice_cave[:] = [0, 1, 2, -1, -1, -1]     # dice 0, 1, 2 on the 1, 2 and 3
        attack(st, 3, 0)
        assert st.k.ice_cave == left


def test_ruling_8_attack_order_is_a_rules_field():
    """Ruling 8: the commanded lower ranks attack first, then the new enemy; reversible."""
    from simulate.games.roll_for_adventure import enemies

    for order, expected in (("commanded_first", ["desert_1a", "forest_2a"]),
                            ("new_enemy_first", ["forest_2a", "desert_1a"])):
        st = table(4, deck=("forest_2a",), attack_order=order)
        reveal(st, "desert_1a")
        st.events = []
        enemies.reveal(st)
        attacks = [line.split()[0] for line in st.events if " attacks " in line]
        assert attacks == expected
