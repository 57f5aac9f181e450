"""Random streams (RULES.md, "Random streams"): each source of chance draws from its own stream,
so a change disturbs only what it touches, on the same seed."""
import random

import numpy as np

from simulate.games import get_game
from simulate.games.chance import Streams
from simulate.games.roll_for_adventure import enemies, new_game
from simulate.games.roll_for_adventure.rules import Rules
from simulate.kernels.chance import seed_rows_with
from simulate.kernels.cpython_random import mt_seed, new_mt
from simulate.play import play_game
from strategies import build_strategy

from .helpers import bonus

SPEC = get_game("roll_for_adventure")
WITHOUT_RANK_3 = (1, 1, 1, 2, 2)          # the deck without its four rank-3 enemies


def seat_1_first_roll(seed: int, extra_die: bool) -> list[int]:
    """Seat 0 rolls its first roll again (with a bonus die more if ``extra_die``), ends its turn;
    the faces seat 1 then rolls."""
    st = new_game(Rules(), 3, random.Random(seed))
    k = st.k
    if extra_die:
        k.bonus_pool.remove(bonus(0))
        k.hand.append(bonus(0))
    st.roll_hand()
    st._end_turn()
    assert k.active == 1 and not st.is_over
    return [k.face[d] for d in k.hand]


def test_a_no_op_leaves_games_identical_and_one_seats_extra_die_moves_no_other_dice():
    seats = [build_strategy("roll_for_adventure", "balanced") for _ in range(3)]
    for seed in range(20):
        logs = []
        for rules in (Rules(), Rules(max_turns=301)):          # a limit no game reaches
            logs.append([])
            play_game(SPEC, rules, seats, seed, log=logs[-1])
        assert logs[0] == logs[1]
        assert seat_1_first_roll(seed, True) == seat_1_first_roll(seed, False)


def until_a_removed_card(log: list[str], removed: set[str]) -> list[str]:
    """The game's log up to the first reveal of a card the variant's deck lacks."""
    for i, line in enumerate(log):
        if line.strip().startswith("revealed ") and line.split()[1] in removed:
            return log[:i]
    return log


def test_a_deck_without_some_enemies_plays_the_same_game_until_one_of_them_would_show():
    """Random seats (their lots do not read the deck); the Master of Shadows at the same place
    by rule (the stacks of a shorter deck would move him)."""
    base, short = (Rules(shadow_master_position=12, enemy_ranks=ranks)
                   for ranks in ((1, 1, 1, 2, 2, 3), WITHOUT_RANK_3))
    removed = set(enemies.enemy_cards(base.enemy_ranks)[0]) - set(
        enemies.enemy_cards(short.enemy_ranks)[0])
    seats = [build_strategy("roll_for_adventure", "random") for _ in range(2)]
    paired = 0
    for seed in range(200):
        full, cut = [], []
        play_game(SPEC, base, seats, seed, log=full)
        play_game(SPEC, short, seats, seed, log=cut)
        same = until_a_removed_card(full, removed)
        assert same[0].startswith("seat 0")           # at least the first decision
        paired += cut[:len(same)] == same
    assert paired >= 0.95 * 200


def names_in_order(rules: Rules, seed: int) -> list[str]:
    names = enemies.enemy_cards(rules.enemy_ranks)[0]
    return [names[c] for c in enemies.shuffled_enemies(rules, Streams(random.Random(seed)))]


def test_a_deck_edit_keeps_the_other_cards_order():
    for seed in range(30):
        full = names_in_order(Rules(), seed)
        short = names_in_order(Rules(enemy_ranks=WITHOUT_RANK_3), seed)
        assert short == [n for n in full if "_3" not in n]           # skipped, nothing moved
        longer = names_in_order(Rules(enemy_ranks=(1, 1, 1, 2, 2, 3, 3)), seed)
        assert [n for n in longer if not n.endswith("3b")] == full   # added, nothing moved


def test_a_clone_goes_on_alike_and_a_clone_with_a_generator_rolls_afresh():
    st = new_game(Rules(), 2, random.Random(4))
    twin, fresh = st.clone(), st.clone(random.Random(9))
    rolls = []
    for game in (st, twin, fresh):
        rolls.append([])
        for _ in range(5):
            game.roll_hand()
            rolls[-1] += [game.k.face[d] for d in game.k.hand]
    assert rolls[0] == rolls[1] != rolls[2]


def test_seeding_rows_side_by_side_is_seeding_each():
    seeds = np.array([3, 2**32 - 1, 2**32, 2**64 - 1, 12345678901234567], np.uint64)
    rows = np.array([4, 0, 2, 1, 3], np.int64)
    side_by_side = np.zeros((5, 625), np.uint32)
    seed_rows_with(side_by_side, rows, seeds)
    for row, seed in zip(rows, seeds):
        one = new_mt()
        mt_seed(one, seed)
        assert (side_by_side[row] == one).all()
