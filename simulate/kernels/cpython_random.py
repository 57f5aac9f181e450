"""CPython's ``random.Random`` and the runner's game seed, compiled with numba.

A compiled kernel must draw the very dice the Python engine draws for the same seed, so this
module reimplements, bit for bit, what the engines use of CPython's generator: MT19937 seeded
from an int (``init_by_array`` over the int's 32-bit words, as ``random.Random(seed)`` does),
``random()`` (53-bit float from two words), ``getrandbits``, ``_randbelow`` (rejection sampling
on ``n.bit_length()`` bits), ``shuffle`` and a grant's side stream (simulate/games/grants.py); plus
:func:`simulate.seating.game_seed` (splitmix64).
``tests/test_cpython_random.py`` checks every function against CPython itself.

State: one ``uint32[625]`` array, the 624 MT words and, in the last slot, the next word's index.
Every function works on plain numpy values, so Python code and other kernels can call it; from
Python, pass a seed of 2**63 or more as ``np.uint64`` (numba reads a Python int as int64).
"""
from __future__ import annotations

import numpy as np
from numba import njit
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

N = 624
M = 397
MATRIX_A = np.uint64(0x9908B0DF)
UPPER_MASK = np.uint64(0x80000000)
LOWER_MASK = np.uint64(0x7FFFFFFF)
MASK32 = np.uint64(0xFFFFFFFF)
STRATEGY_STREAM = 0x9E3779B97F4A7C15      # simulate/play.py: the strategies' own stream
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def new_mt() -> np.ndarray:
    """An unseeded generator state; seed it with :func:`mt_seed`."""
    return np.zeros(N + 1, dtype=np.uint32)


def _init_genrand(s: int) -> np.ndarray:
    """CPython's ``init_genrand(s)``: the words every ``init_by_array`` starts from."""
    words = [s]
    for i in range(1, N):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return np.array(words, dtype=np.uint32)


# ``random.Random(seed)`` always starts from init_genrand(19650218): computed once, copied.
_GENRAND_19650218 = _init_genrand(19650218)


@njit(cache=True)
def mt_seed(state, seed) -> None:
    """Seed ``state`` exactly as ``random.Random(seed)`` does, for an int 0 <= seed < 2**64."""
    seed = np.uint64(seed)
    low, high = seed & MASK32, seed >> np.uint64(32)
    mt_seed_words(state, (low, high, np.uint64(0), np.uint64(0)), 2 if high != 0 else 1)


@njit(cache=True)
def mt_seed_words(state, key, key_length) -> None:
    """``random.Random(seed)`` for the int whose 32-bit words (low first) are the first
    ``key_length`` (1 to 4) of ``key`` (CPython's ``init_by_array`` over the int's words, at
    least one). Each step reads the word the previous one wrote: it is kept in ``prev`` rather
    than read back, and the first pass reads init_genrand's words directly (twice as fast)."""
    prev, j = np.uint64(_GENRAND_19650218[0]), 0
    for i in range(1, N):                       # the first pass: N steps, from word 1 ...
        prev = _mix_in(np.uint64(_GENRAND_19650218[i]), prev, key[j] + np.uint64(j))
        state[i] = prev
        j = j + 1 if j + 1 < key_length else 0
    state[0] = prev
    state[1] = prev = _mix_in(np.uint64(state[1]), prev, key[j] + np.uint64(j))   # ... to 1
    for i in range(2, N):                       # the second pass: N - 1 steps, from word 2 ...
        prev = _mix_out(np.uint64(state[i]), prev, i)
        state[i] = prev
    state[0] = prev
    state[1] = _mix_out(np.uint64(state[1]), prev, 1)                          # ... to 1
    state[0] = 0x80000000
    state[N] = N


@njit(cache=True)
def _mix_in(word, prev, add):
    """A step of init_by_array's first pass: ``word`` mixed with the previous word and a key's."""
    return ((word ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525))) + add) & MASK32


@njit(cache=True)
def _mix_out(word, prev, i):
    """A step of init_by_array's second pass, at word ``i``."""
    return ((word ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)))
            - np.uint64(i)) & MASK32


@njit(cache=True)
def mt_side_stream(state, out) -> None:
    """Seed ``out`` (another array than ``state``) as ``grants.side_stream`` does:
    ``random.Random(copy.getrandbits(128))`` for a copy of ``state`` (``state`` itself draws
    nothing). The copy is ``out`` itself, so nothing is allocated (a loop: numba's slice
    assignment may allocate a copy of its source in case the arrays overlap)."""
    for i in range(N + 1):
        out[i] = state[i]
    words = (mt_next_u32(out), mt_next_u32(out), mt_next_u32(out), mt_next_u32(out))
    length = 4
    while length > 1 and words[length - 1] == 0:      # the int's words: no leading zero word
        length -= 1
    mt_seed_words(out, words, length)


@njit(cache=True)
def _twist(y):
    return (y >> np.uint64(1)) ^ (MATRIX_A if y & np.uint64(1) else np.uint64(0))


@njit(cache=True)
def _refill(state) -> None:
    """CPython's twist of all 624 words, in three runs so no index needs a modulo."""
    for k in range(N - M):
        y = (np.uint64(state[k]) & UPPER_MASK) | (np.uint64(state[k + 1]) & LOWER_MASK)
        state[k] = np.uint64(state[k + M]) ^ _twist(y)
    for k in range(N - M, N - 1):
        y = (np.uint64(state[k]) & UPPER_MASK) | (np.uint64(state[k + 1]) & LOWER_MASK)
        state[k] = np.uint64(state[k + M - N]) ^ _twist(y)
    y = (np.uint64(state[N - 1]) & UPPER_MASK) | (np.uint64(state[0]) & LOWER_MASK)
    state[N - 1] = np.uint64(state[M - 1]) ^ _twist(y)
    state[N] = 0


@njit(cache=True)
def mt_next_u32(state) -> np.uint64:
    """The next 32-bit word (CPython's ``genrand_uint32``)."""
    if state[N] >= N:
        _refill(state)
    y = np.uint64(state[state[N]])
    state[N] += 1
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & MASK32


@njit(cache=True)
def mt_random(state) -> float:
    """``Random.random()``: 27 + 26 bits of two words as a float in [0, 1)."""
    a = mt_next_u32(state) >> np.uint64(5)
    b = mt_next_u32(state) >> np.uint64(6)
    return (float(a) * 67108864.0 + float(b)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def mt_getrandbits(state, k) -> np.uint64:
    """``Random.getrandbits(k)`` for 1 <= k <= 64 (low word first, as CPython fills them)."""
    if k <= 32:
        return mt_next_u32(state) >> np.uint64(32 - k)
    low = mt_next_u32(state)
    high = mt_next_u32(state) >> np.uint64(64 - k)
    return low | (high << np.uint64(32))


@njit(cache=True)
def mt_randbelow(state, n) -> int:
    """``Random._randbelow(n)`` for n >= 1: what ``randrange``, ``choice`` and ``shuffle`` use."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = mt_getrandbits(state, k)
    while r >= np.uint64(n):
        r = mt_getrandbits(state, k)
    return np.int64(r)


@njit(cache=True)
def mt_shuffle_int64(state, items) -> None:
    """``Random.shuffle``, in place, on a 1-d array holding the list's items."""
    for i in range(len(items) - 1, 0, -1):
        j = mt_randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


@njit(cache=True)
def _splitmix(z):
    z = z + GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def game_seed(run_seed, index) -> int:
    """:func:`simulate.seating.game_seed`: the 63-bit seed of game ``index`` (0 <= run_seed < 2**64)."""
    z = _splitmix(np.uint64(run_seed)) + np.uint64(index + 1) * GOLDEN
    return np.int64(_splitmix(z) >> np.uint64(1))


@njit(cache=True)
def strategy_seed(seed) -> np.uint64:
    """The strategies' stream for a game seed: ``seed ^ STRATEGY_STREAM`` (simulate/play.py)."""
    return np.uint64(seed) ^ np.uint64(STRATEGY_STREAM)


@njit(cache=True)
def seed_game(mt, lots, run_seed, index, draws) -> int:
    """Seed the dice ``mt`` for game ``index`` of the run, and the strategies' ``lots`` when some
    seat draws lots (simulate/play.py: ``random.Random(seed)`` and ``seed ^ STRATEGY_STREAM``);
    returns the game's seed."""
    seed = game_seed(run_seed, index)
    mt_seed(mt, seed)
    if draws:
        mt_seed(lots, strategy_seed(seed))
    return seed
