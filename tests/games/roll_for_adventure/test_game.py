"""The Master of Shadows, the two losses, the win, the deck, and whole games."""
import collections
import random

import pytest

from simulate.games import get_game
from simulate.games.base import ConfigError, make_rules
from simulate.games.chance import Streams
from simulate.games.roll_for_adventure import enemies, new_game
from simulate.games.roll_for_adventure.actions import Place
from simulate.games.roll_for_adventure.rules import Rules
from simulate.play import play_game
from strategies import build_strategy

from .helpers import BLUE, GREEN, RED, YELLOW, ScriptedDice, card, die, put, reveal, start, table

SPEC = get_game("roll_for_adventure")
DESERT, FORTRESS, FOREST, ICE_CAVE = range(4)


# ---- the Master of Shadows -------------------------------------------------------------------
@pytest.mark.parametrize("face, damage", [(1, [2, 0, 0, 0]), (4, [0, 0, 0, 2]),
                                          (5, [1, 1, 1, 1]), (6, [0, 0, 0, 0])])
def test_shadow_master_territory_die(face, damage):
    st = table(4, deck=("shadow_master",))
    st.streams = ScriptedDice(face)
    enemies.reveal(st)
    assert st.k.damage == damage and st.k.shadow_master_out
    assert st.shadow_master_turn == 1 and st.stones_at_shadow_master == 0


def test_the_all_face_damages_every_territory_and_two_fall_at_once():
    """Rulebook: "All Territories: The Shadow Master deals one damage to every territory"; a
    skull in the last hole loses the game, so both territories at 4 of 5 fall together."""
    st = table(4, deck=("shadow_master",))
    st.k.damage = [4, 0, 4, 3]
    st.streams = ScriptedDice(5)                           # territory die: all
    enemies.reveal(st)
    assert st.k.damage == [5, 1, 5, 4] and st.end_reason == "several_fell"
    assert st.outcome().metrics["fallen_territories"] == "desert+forest"


def test_two_damage_on_a_territory_one_hole_from_the_end_stops_at_the_end_of_the_track():
    st = table(4, deck=("shadow_master",))
    st.k.damage = [0, 0, 4, 0]
    st.streams = ScriptedDice(3)                           # territory die: the forest, x2
    enemies.reveal(st)
    assert st.k.damage == [0, 0, 5, 0] and st.end_reason == "forest_fell"
    assert st.outcome().metrics["fallen_territories"] == "forest"


def test_shadow_master_makes_every_enemy_attack_whatever_its_rank_and_removes_no_dice():
    st = table(4, deck=("shadow_master",))
    k = st.k
    for name in ("desert_3a", "forest_1a", "ice_cave_2a"):
        reveal(st, name)
    put(st, die(RED), k.desert_section2, 1)           # out of reach of attacks and of him
    st.streams = ScriptedDice(5)                           # territory die: all
    enemies.reveal(st)
    assert k.damage == [2, 1, 2, 2] and k.desert_section2 == [die(RED)]


def test_shadow_master_attacks_after_every_turn_once_the_deck_is_empty():
    st = table(4)
    k = st.k
    st.deck, k.cards_left = [enemies.SHADOW_MASTER], 1       # only he is left
    k.enemies = [card(st, "forest_1a")]
    k.discard = [c for c in range(24) if c not in k.enemies]
    st.streams = ScriptedDice(6)
    enemies.reveal(st)                                 # he appears; the die shows none
    assert k.damage == [0, 0, 1, 0] and not st.deck and k.cards_left == 0
    st.streams = ScriptedDice(1)                           # after the next turn: the desert, x2
    enemies.reveal(st)
    assert k.damage == [2, 0, 2, 0]
    st.streams = ScriptedDice(6)
    enemies.reveal(st)
    assert k.damage == [2, 0, 3, 0]
    st.assert_invariants()


def test_revealed_enemy_attacks_its_own_territory():
    st = table(4, deck=("ice_cave_1a",))
    enemies.reveal(st)
    assert st.k.damage == [0, 0, 0, 1] and card(st, "ice_cave_1a") in st.k.enemies


# ---- the end ---------------------------------------------------------------------------------
def test_a_territory_falls_at_five_damage():
    st = table(4, deck=("forest_1a",))
    st.k.damage[FOREST] = 4
    enemies.reveal(st)
    assert st.is_over and not st.won and st.end_reason == "forest_fell"
    outcome = st.outcome()
    assert outcome.won == [False] * 4 and outcome.ranks == [1] * 4
    assert outcome.metrics["damage_forest"] == 5


def test_no_dice_at_the_start_of_a_turn_loses():
    st = table(2, deck=("desert_1a",))
    k = st.k
    for seat in (RED, BLUE):
        for d in list(k.boards[seat]):
            put(st, d, k.oblivion, 3)
    put(st, 20, k.boards[BLUE], 2)                     # a bonus die does not count (ruling 9)
    st.streams = ScriptedDice()
    st._end_turn()
    assert st.is_over and st.end_reason == "no_dice" and not st.won


def test_a_player_without_dice_still_reveals_a_card():
    st = table(4, deck=("desert_1a", "desert_1b"))
    k = st.k
    for d in list(k.boards[BLUE]):
        put(st, d, k.oblivion, 3)
    start(st, RED, 6, 6, 6, 6, 6, after=(2, 2, 2, 2, 2))
    st.apply(Place(6, "resurrection"))                 # one die: the vortex ends the turn
    assert len(k.boards[RED]) == 4                     # the unplaced dice stay on the board
    # Blue had nothing to roll: two cards were revealed, and Green rolls
    assert k.active == GREEN and k.turn == 3 and k.damage[DESERT] == 2
    assert [k.face[d] for d in k.hand] == [2] * 5


def test_win_when_the_adventure_board_is_full():
    st = table(4, stones_to_win=5)
    k = st.k
    k.stones[:] = [2, 1, 1, 0]
    k.stones_total = 4
    st.seat_stones[YELLOW] = 4
    for i in range(5):
        put(st, die(GREEN, i), k.forest, 5)
    start(st, RED, 6, 1, 1, 1, 1)
    st.apply(Place(6, "forest"))
    outcome = st.outcome()
    assert st.is_over and outcome.won == [True] * 4 and outcome.end_reason == "stones"
    assert outcome.scores == [5.0] * 4 and outcome.metrics["board"] == "book_of_magic"
    assert outcome.metrics["stones_forest"] == 2


# ---- the deck --------------------------------------------------------------------------------
def test_deck_has_six_enemies_per_territory_ranked_1_1_1_2_2_3():
    names, lands, ranks = enemies.enemy_cards(Rules().enemy_ranks)
    assert len(names) == 24 and len(set(names)) == 24
    for t in range(4):
        assert sorted(r for r, land in zip(ranks, lands) if land == t) == [1, 1, 1, 2, 2, 3]


def test_shadow_master_is_the_ninth_to_seventeenth_card():
    where = collections.Counter()
    for seed in range(900):
        deck = enemies.build_deck(Rules(), Streams(random.Random(seed)))
        assert sorted(c for c in deck if c >= 0) == list(range(24))
        where[deck.index(enemies.SHADOW_MASTER) + 1] += 1
    assert set(where) == set(range(9, 18))
    assert min(where.values()) > 50                    # about 100 each


def test_shadow_master_fixed_position_and_other_stacks():
    deck = enemies.build_deck(Rules(shadow_master_position=3), Streams(random.Random(1)))
    assert deck.index(enemies.SHADOW_MASTER) == 2
    for seed in range(50):
        deck = enemies.build_deck(Rules(deck_stacks=4, shadow_master_stack=4),
                                  Streams(random.Random(seed)))
        assert deck.index(enemies.SHADOW_MASTER) >= 18


@pytest.mark.parametrize("overrides", [{"ally_dice": [2, 2, 0]}, {"ally_dice": [0, 0, 1]},
                                       {"shadow_master_stack": 4}, {"fortress_values": [2, 2]},
                                       {"ice_cave_rewards": [5, 4, 6]},
                                       {"territory_die": ["desert", "swamp"]},
                                       {"stones_to_win": 9}, {"no_such_rule": 1}])
def test_bad_rules_are_refused(overrides):
    with pytest.raises(ConfigError):
        make_rules(Rules, overrides)


def test_ally_dice_by_player_count():
    for n, held in ((2, 7), (3, 6), (4, 5)):
        st = new_game(Rules(), n, random.Random(3))
        assert [st.k.dice_held(s) for s in range(n)] == [held] * n
        st.assert_invariants()


# ---- whole games -----------------------------------------------------------------------------
@pytest.mark.parametrize("strategy", ["random", "balanced", "defender", "builder"])
def test_games_keep_every_invariant(strategy):
    for n in (2, 3, 4):
        for seed in range(12):
            seats = [build_strategy(SPEC.name, strategy) for _ in range(n)]
            state, outcome, _ = play_game(SPEC, Rules(), seats, seed, check=True)
            assert state.is_over and outcome.end_reason in (
                "stones", "no_dice", "turn_limit", "desert_fell", "fortress_fell",
                "forest_fell", "ice_cave_fell", "several_fell")
            fallen = outcome.metrics["fallen_territories"]
            assert (fallen is None) == (not outcome.end_reason.endswith("_fell"))
            assert all(outcome.metrics[f"damage_{t}"] <= Rules().damage_to_lose
                       for t in ("desert", "fortress", "forest", "ice_cave"))
            sm = outcome.metrics["shadow_master_turn"]
            assert (sm is None) == (outcome.metrics["turns_after_shadow_master"] is None)


def test_variants_and_hero_powers_keep_every_invariant():
    variants = [dict(hero_powers=True), dict(stones_to_win=5, shadow_master_position=25),
                dict(territory_die=("none",), deck_stacks=1, shadow_master_stack=1),
                dict(ice_cave_dice_per_turn=2, forest_boundaries=(3,), vortex_threshold=4)]
    for overrides in variants:
        rules = Rules(**overrides)
        for seed in range(12):
            n = 2 + seed % 3
            seats = [build_strategy(SPEC.name, ("random", "balanced")[seed % 2])
                     for _ in range(n)]
            _, outcome, _ = play_game(SPEC, rules, seats, seed, check=True)
            assert outcome.metrics["hero_powers"] == rules.hero_powers


def test_same_seed_same_game_and_heroes_as_dealt():
    seats = [build_strategy(SPEC.name, "balanced") for _ in range(3)]
    rules = Rules(hero_powers=True)
    logs = []
    for _ in range(2):
        log = []
        _, outcome, _ = play_game(SPEC, rules, seats, 99, heroes=["healer", None, None], log=log)
        logs.append((outcome, log))
    assert logs[0] == logs[1]
    heroes = [m["hero"] for m in logs[0][0].seat_metrics]
    assert heroes[0] == "healer" and len(set(heroes)) == 3
