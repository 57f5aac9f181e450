"""The kernels' shared list steps (simulate/kernels/lists.py) do what the engines do: the
engines' State.shuffle, list.pop() and itertools.combinations' order."""
import random
from itertools import combinations

import numpy as np
import pytest

from simulate.games.risky_adventure.state import State
from simulate.kernels import cpython_random as cr
from simulate.kernels.lists import next_combination, pop, push, shuffle


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
def test_shuffle_and_pop_match_the_engines(seed):
    ours = cr.new_mt()
    cr.mt_seed(ours, np.uint64(seed))
    engine = State.__new__(State)
    engine.rng = random.Random(seed)
    L, N = np.zeros((2, 40), np.int64), np.zeros(2, np.int64)
    for size in (0, 1, 2, 9, 30):
        items = list(range(size))
        N[1] = 0
        for x in items:
            push(L, N, 1, x)
        engine.shuffle(items)
        shuffle(L, 1, size, ours)
        assert L[1, :size].tolist() == items
        if size:
            assert pop(L, N, 1) == items.pop() and N[1] == size - 1
    assert cr.mt_random(ours) == engine.rng.random()   # still in step afterwards


@pytest.mark.parametrize("n,k", [(1, 1), (4, 2), (6, 3), (5, 5), (7, 1)])
def test_next_combination_follows_itertools(n, k):
    idx = np.arange(n, dtype=np.int64)
    seen = [tuple(idx[:k])]
    while next_combination(idx, k, n):
        seen.append(tuple(int(i) for i in idx[:k]))
    assert seen == list(combinations(range(n), k))
