"""Adventure Realms' compiled kernel: the random streams of ``streams.py`` (one per purpose, the
same purposes) as rows of ``G.streams`` (``simulate/kernels/chance.py``), and the keyed shuffle
of a pile in place, allocating nothing: each card's key hashed from the shuffle's seed and its
identity (``Kit.hero_key`` / ``adventure_key`` / ``monster_key`` plus its copy number), the cards
sorted on their keys by a stable insertion sort (``chance.keyed_order`` sorts stably too). The
streams' base and which are seeded live in ``S``, the scratch in rows of ``L``.
"""
from __future__ import annotations

import numpy as np

from simulate.games.adventure_realms.kernel_layout import (COPIES, M_LEVEL, MONSTERS, SCRATCH,
                                                           SEEDED, SORT_KEYS, STREAM_BASE, push)
from simulate.games.adventure_realms.streams import PURPOSES, SETUP_STREAM
from simulate.kernels.chance import GOLDEN, seed_stream, shuffle_seed, splitmix64, streams_base
from simulate.kernels.cpython_random import mt_random
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

SIGN = np.uint64(1 << 63)


def new_streams() -> np.ndarray:
    """A game's streams: one MT19937 state per purpose (``streams.PURPOSES``)."""
    return np.zeros((PURPOSES, 625), np.uint32)


@no_refcounts
def start_streams(G):
    """``Streams(rng)``: the base drawn from the game's generator (kept in ``S``, which set-up
    has zeroed: no stream seeded yet)."""
    G.S[STREAM_BASE] = np.int64(streams_base(G.mt))


@no_refcounts
def ready(G, purpose):
    """``Streams.get(purpose)`` makes the stream on first use; so does this, in its row of
    ``G.streams`` (seeding a stream costs as much as a few reshuffles; some a game never uses)."""
    if not G.S[SEEDED + purpose]:
        seed_stream(G.streams, np.uint64(G.S[STREAM_BASE]), purpose)
        G.S[SEEDED + purpose] = 1


@no_refcounts
def pick(G, purpose, n):
    """``int(streams.get(purpose).random() * n)``: a card at random from a pile of ``n``."""
    ready(G, purpose)
    return int(mt_random(G.streams[purpose]) * n)


@no_refcounts
def shuffle_row(G, row, start, stop, keys, purpose):
    """``streams.shuffle_pile`` on ``L[row, start:stop]``: the copies of a card numbered in pile
    order (in row COPIES, by card: ``list_width`` bounds the card types, each having a copy in
    some starting pile), the pile sorted on the keys of the next seed of stream ``purpose`` (in
    row SORT_KEYS, their sign bit flipped: int64 order is then the keys' uint64 order)."""
    L = G.L
    ready(G, purpose)
    seed = shuffle_seed(G.streams[purpose])
    for i in range(start, stop):
        card = L[row, i]
        key = splitmix64(seed ^ (keys[card] + np.uint64(L[COPIES, card]) * GOLDEN))
        L[SORT_KEYS, i - start] = np.int64(key ^ SIGN)
        L[COPIES, card] += 1
    for i in range(start, stop):
        L[COPIES, L[row, i]] = 0
    for i in range(1, stop - start):
        key, card = L[SORT_KEYS, i], L[row, start + i]
        j = i - 1
        while j >= 0 and L[SORT_KEYS, j] > key:
            L[SORT_KEYS, j + 1] = L[SORT_KEYS, j]
            L[row, start + j + 1] = L[row, start + j]
            j -= 1
        L[SORT_KEYS, j + 1] = key
        L[row, start + j + 1] = card


@no_refcounts
def monster_stack(G, K, by_level):
    """``streams.monster_stack``: one keyed shuffle of every monster; by level, level 1 on top
    (the end), 3 at the bottom, each level in that shuffle's order."""
    L, N = G.L, G.N
    count = len(K.monster_key)
    for m in range(count):
        push(L, N, MONSTERS, m)
    shuffle_row(G, MONSTERS, 0, count, K.monster_key, SETUP_STREAM)
    if not by_level:
        return
    top = 0
    for i in range(count):
        L[SCRATCH, i] = L[MONSTERS, i]
        top = max(top, K.monster[L[MONSTERS, i], M_LEVEL])
    N[MONSTERS] = 0
    for level in range(top, 0, -1):
        for i in range(count):
            if K.monster[L[SCRATCH, i], M_LEVEL] == level:
                push(L, N, MONSTERS, L[SCRATCH, i])
