"""The kernels' shared list steps (simulate/kernels/lists.py) do what the engines do: a list's
append and pop, and itertools.combinations' order. (Shuffles are keyed: tests/test_chance.py.)"""
from itertools import combinations

import numpy as np
import pytest

from simulate.kernels.lists import next_combination, pop, push


def test_push_and_pop_match_a_list():
    L, N = np.zeros((2, 40), np.int64), np.zeros(2, np.int64)
    for size in (0, 1, 2, 9, 30):
        items = list(range(size))
        N[1] = 0
        for x in items:
            push(L, N, 1, x)
        assert L[1, :size].tolist() == items
        if size:
            assert pop(L, N, 1) == items.pop() and N[1] == size - 1


@pytest.mark.parametrize("n,k", [(1, 1), (4, 2), (6, 3), (5, 5), (7, 1)])
def test_next_combination_follows_itertools(n, k):
    idx = np.arange(n, dtype=np.int64)
    seen = [tuple(idx[:k])]
    while next_combination(idx, k, n):
        seen.append(tuple(int(i) for i in idx[:k]))
    assert seen == list(combinations(range(n), k))
