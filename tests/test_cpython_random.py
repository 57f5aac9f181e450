"""The compiled random stream is CPython's, draw for draw (simulate/kernels/cpython_random.py)."""
import random

import numpy as np
import pytest

from simulate.kernels import cpython_random as cr
from simulate.kernels.refcounts import no_refcounts
from simulate.play import STRATEGY_STREAM
from simulate.seating import game_seed

SEEDS = [0, 1, 2**32 - 1, 2**32, 123456789, 2**63 - 1, 2**63 + 5, 2**64 - 1,
         game_seed(2026, 0), game_seed(7, 999) ^ STRATEGY_STREAM]


def seeded(seed):
    state = cr.new_mt()
    cr.mt_seed(state, np.uint64(seed))     # numba types a Python int as int64: pass uint64
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_cpython_over_a_refill(seed):
    ours, theirs = seeded(seed), random.Random(seed)
    for _ in range(700):                         # > 624 words: crosses a refill of the state
        assert cr.mt_random(ours) == theirs.random()


@pytest.mark.parametrize("seed", SEEDS[:5])
def test_getrandbits_randbelow_and_shuffle_match_cpython(seed):
    ours, theirs = seeded(seed), random.Random(seed)
    for k in (1, 5, 31, 32, 33, 63, 64):
        assert int(cr.mt_getrandbits(ours, k)) == theirs.getrandbits(k)
    for n in (1, 2, 3, 6, 7, 36, 73, 1000, 2**31 + 3):
        assert cr.mt_randbelow(ours, n) == theirs._randbelow(n)
        assert cr.mt_randbelow(ours, n) == theirs.randrange(n)
    for size in (0, 1, 2, 10, 73):
        items = list(range(size))
        array = np.arange(size, dtype=np.int64)
        theirs.shuffle(items)
        cr.mt_shuffle_int64(ours, array)
        assert array.tolist() == items
    assert cr.mt_random(ours) == theirs.random()   # still in step afterwards


def test_game_seed_and_strategy_stream_match_the_runner():
    for run_seed in (0, 1, 2026, 2**63 + 11, 2**64 - 1):
        for index in (0, 1, 17, 10**6, 2**40):
            assert cr.game_seed(np.uint64(run_seed), index) == game_seed(run_seed, index)
    seed = game_seed(3, 4)
    assert int(cr.strategy_seed(seed)) == seed ^ STRATEGY_STREAM == seed ^ cr.STRATEGY_STREAM


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32 + 7, 2**64 + 3, 2**96 - 1, 2**128 - 1])
def test_seeding_from_a_key_of_words_is_random_random_of_the_int(seed):
    words = tuple(np.uint64(seed >> (32 * i) & 0xFFFFFFFF) for i in range(4))
    ours = cr.new_mt()
    cr.mt_seed_words(ours, words, max(1, (seed.bit_length() + 31) // 32))
    theirs = random.Random(seed)
    assert [cr.mt_random(ours) for _ in range(5)] == [theirs.random() for _ in range(5)]


@pytest.mark.parametrize("seed", SEEDS[:5])
def test_a_side_stream_is_the_grants_and_draws_nothing_from_the_game(seed):
    from simulate.games.grants import side_stream
    ours, theirs = seeded(seed), random.Random(seed)
    for _ in range(630):                         # the copy refills the state partway
        cr.mt_random(ours), theirs.random()
    side, their_side = cr.new_mt(), side_stream(theirs)
    cr.mt_side_stream(ours, side)
    for n in (1, 2, 11, 40):
        assert cr.mt_randbelow(side, n) == their_side.randrange(n)
    assert cr.mt_random(ours) == theirs.random()   # the game's own dice did not move


@no_refcounts               # numba refuses to compile a function that allocates
def _side_stream_allocating_nothing(state, out):
    cr.mt_side_stream(state, out)


@pytest.mark.parametrize("drawn", [0, 622])      # 622: the copy refills the state partway
def test_a_side_stream_allocates_nothing(drawn):
    from simulate.games.grants import side_stream
    ours, theirs = seeded(5), random.Random(5)
    for _ in range(drawn):
        cr.mt_random(ours), theirs.random()
    side, their_side = cr.new_mt(), side_stream(theirs)
    _side_stream_allocating_nothing(ours, side)
    assert [cr.mt_randbelow(side, 40) for _ in range(5)] == \
        [their_side.randrange(40) for _ in range(5)]
    assert cr.mt_random(ours) == theirs.random()
