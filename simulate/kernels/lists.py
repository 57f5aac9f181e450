"""Ordered lists for the kernels: row ``row`` of the int matrix ``L`` holds a list of the engine,
in the engine's order, its length in ``N[row]`` (Roll for Adventure's and Roll Player's decks,
boards, hands...). Each function does what the Python list method named does, and
``next_combination`` steps ``itertools.combinations`` (shuffles are keyed: kernels/chance.py)."""
from __future__ import annotations

from numba import njit

from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


@njit(cache=True)
def push(L, N, row, x):
    """``list.append(x)``."""
    L[row, N[row]] = x
    N[row] += 1


@njit(cache=True)
def pop_at(L, N, row, i):
    """``list.pop(i)``: the later items close the gap."""
    x = L[row, i]
    for j in range(i, N[row] - 1):
        L[row, j] = L[row, j + 1]
    N[row] -= 1
    return x


@njit(cache=True)
def pop(L, N, row):
    """``list.pop()``: the last item."""
    N[row] -= 1
    return L[row, N[row]]


@njit(cache=True)
def next_combination(idx, k, n):
    """Step ``idx[:k]`` (increasing indices below ``n``) to the next k-combination in
    ``itertools.combinations``' order; False when it was the last."""
    j = k - 1
    while j >= 0 and idx[j] == n - k + j:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for i in range(j + 1, k):
        idx[i] = idx[i - 1] + 1
    return True


@njit(cache=True)
def index_of(L, N, row, x):
    """``list.index(x)``, or -1 when x is not there."""
    for i in range(N[row]):
        if L[row, i] == x:
            return i
    return -1


@njit(cache=True)
def remove(L, N, row, x):
    """``list.remove(x)``: the first x goes (nothing happens when there is none)."""
    i = index_of(L, N, row, x)
    if i >= 0:
        pop_at(L, N, row, i)


@njit(cache=True)
def insert(L, N, row, i, x):
    """``list.insert(i, x)`` for 0 <= i <= the length."""
    for j in range(N[row], i, -1):
        L[row, j] = L[row, j - 1]
    L[row, i] = x
    N[row] += 1


@njit(cache=True)
def insert_front(L, N, row, x):
    """``list.insert(0, x)``."""
    insert(L, N, row, 0, x)


@njit(cache=True)
def extend(L, N, row, source):
    """``list.extend`` by the list in row ``source``."""
    for i in range(N[source]):
        push(L, N, row, L[source, i])
