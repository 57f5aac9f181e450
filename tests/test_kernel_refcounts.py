"""The kernels' reference-count helpers (simulate/kernels/refcounts.py): a borrowed tuple is
the caller's arrays and numbers, and a function compiled without reference counts may not
allocate."""
import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from simulate.kernels.refcounts import borrowed, no_refcounts


@njit
def _fill(held):
    grid, n, row = borrowed(held)
    for i in range(n):
        grid[i, i] = row[i] + n
    return grid.sum(), n


def test_a_borrowed_tuple_is_the_callers_arrays_and_numbers():
    grid, row = np.zeros((3, 3), np.int64), np.array([5, 6, 7], np.int64)
    assert _fill((grid, 2, row)) == (5 + 2 + 6 + 2, 2)
    assert grid.tolist() == [[7, 0, 0], [0, 8, 0], [0, 0, 0]]
    assert row.tolist() == [5, 6, 7]


def test_a_function_without_reference_counts_may_not_allocate():
    @no_refcounts
    def allocates(n):
        return np.zeros(n).sum()

    with pytest.raises(TypingError):
        allocates(3)
