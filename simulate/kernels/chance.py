"""The compiled twins of ``simulate/games/chance.py``: a game's streams by purpose and the keyed
shuffle, the same numbers for the same seed (``tests/test_chance.py``).

A kernel keeps its streams as rows of one ``uint32[purposes, 625]`` array of MT19937 states
(``simulate/kernels/cpython_random.py``): :func:`streams_base` draws the base from the game's
generator exactly as ``Streams(rng)`` does, :func:`seed_stream` seeds one row as
``Streams.get(purpose)`` would (seeding draws nothing, so a kernel may seed every row at set-up
while the Python engine makes a stream on first use).
"""
from __future__ import annotations

import numpy as np
from numba import njit
from simulate.kernels import use_cache_for
# N, MASK32 and the words every seeding starts from, for seed_rows_with
from simulate.kernels.cpython_random import MASK32, N, _GENRAND_19650218, mt_getrandbits, mt_seed

use_cache_for(__name__)      # numba's cache folder for what this module compiles

GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def splitmix64(z):
    """``chance.splitmix64`` on a uint64."""
    z = np.uint64(z) + GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_seed(base, purpose):
    """``chance.stream_seed``: the seed of stream ``purpose`` for a streams' ``base``."""
    return splitmix64(np.uint64(base) + np.uint64(purpose + 1) * GOLDEN)


@njit(cache=True)
def streams_base(mt):
    """``Streams(rng).base``: one 64-bit draw of the game's generator."""
    return mt_getrandbits(mt, 64)


@njit(cache=True)
def seed_stream(streams, base, purpose) -> None:
    """Seed row ``purpose`` of ``streams`` as ``Streams.get(purpose)`` starts."""
    mt_seed(streams[purpose], stream_seed(base, purpose))


@njit(cache=True)
def seed_streams(streams, base) -> None:
    """Seed every row of ``streams``: row p is the stream of purpose p."""
    for purpose in range(streams.shape[0]):
        seed_stream(streams, base, purpose)


@njit(cache=True)
def shuffle_seed(stream):
    """``chance.shuffle_seed``: the seed of a deck's next shuffle, from the deck's own stream."""
    return mt_getrandbits(stream, 64)


@njit(cache=True)
def keyed_order(seed, ids):
    """``chance.keyed_order``: the positions of ``ids`` (uint64) in shuffled order (stable)."""
    keys = np.empty(len(ids), dtype=np.uint64)
    for i in range(len(ids)):
        keys[i] = splitmix64(np.uint64(seed) ^ ids[i])
    return np.argsort(keys, kind="mergesort")


@njit(cache=True)
def keyed_shuffle(items, ids, seed) -> None:
    """``chance.keyed_shuffle`` in place: ``items`` and ``ids`` (one per item) reordered together."""
    order = keyed_order(seed, ids)
    items[:] = items[order].copy()
    ids[:] = ids[order].copy()


@njit(cache=True)
def seed_rows_with(streams, rows, seeds) -> None:
    """``mt_seed(streams[rows[r]], seeds[r])`` for every r, in one pass over the words: seeding
    is one long chain of multiplications per row, so rows seeded side by side take a fraction
    of the time one after another would (a game seeding 5 streams: about 2.3 times faster)."""
    n = len(rows)
    low, high = np.empty(n, np.uint64), np.empty(n, np.uint64)
    for r in range(n):
        low[r], high[r] = seeds[r] & MASK32, seeds[r] >> np.uint64(32)
        streams[rows[r], :N] = _GENRAND_19650218
    i = 1
    for k in range(N):                    # init_by_array over the seed's words (low, high)
        for r in range(n):
            p = rows[r]
            prev = np.uint64(streams[p, i - 1])
            mixed = (prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)
            key = high[r] + np.uint64(1) if (k & 1 and high[r] != 0) else low[r]   # word j, + j
            streams[p, i] = ((np.uint64(streams[p, i]) ^ mixed) + key) & MASK32
        i += 1
        if i >= N:
            for r in range(n):
                streams[rows[r], 0] = streams[rows[r], N - 1]
            i = 1
    for _ in range(N - 1):
        for r in range(n):
            p = rows[r]
            prev = np.uint64(streams[p, i - 1])
            mixed = (prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)
            streams[p, i] = ((np.uint64(streams[p, i]) ^ mixed) - np.uint64(i)) & MASK32
        i += 1
        if i >= N:
            for r in range(n):
                streams[rows[r], 0] = streams[rows[r], N - 1]
            i = 1
    for r in range(n):
        streams[rows[r], 0] = 0x80000000
        streams[rows[r], N] = N


@njit(cache=True)
def seed_rows(streams, base, purposes) -> None:
    """:func:`seed_stream` for each of ``purposes`` (int64), side by side (:func:`seed_rows_with`)."""
    seeds = np.empty(len(purposes), np.uint64)
    for r in range(len(purposes)):
        seeds[r] = stream_seed(base, purposes[r])
    seed_rows_with(streams, purposes, seeds)
