"""The exact party solver of odds.py, compiled: plan, clear_chance, can_complete.

Same answers as the Python solver (it is the reference): ``plan`` explores the moves in the
same order and keeps the first strictly better one, so the same move comes out on a tie; a plan's
value is the same float sum, added in the same order. odds.py works on bit sets of monster
triples; here ``_feasible`` answers one triple at a time (the same set, by the same recursion).

A party is packed in one int: 6 bits per slot (Fighter, Cleric, Mage, Thief, Champion, wild).
Results are memoised in a lossy two-way table (``new_memo``): a key has two slots in one cache
line; a new result goes in the first, pushing the older one to the second, so the positions in
play stay remembered and nothing is ever emptied wholesale. Every result is pure, so whether it
is remembered or worked out again, the answer is the same.
"""
from __future__ import annotations

import numpy as np

from simulate.games.dungeon_roll.kernel_tables import (KEEP, KIND_BONUS, KIND_MASK, KIND_NTYPES,
                                                       KIND_TYPES, ROLL_D, ROLL_G, ROLL_N, ROLL_O,
                                                       ROLL_P, ROLL_S)
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

IMPOSSIBLE = -1.0
NO_MOVE = -1
MEMO_BITS = 20                          # 2**20 slots of 32 bytes: 32 MB per process
_EMPTY = -1
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_TAG_PLAN, _TAG_FEASIBLE, _TAG_CHANCE = 0, 1, 2
DEPTH = 64                              # each move defeats a monster: at most 30 moves deep
KEY, VALUE, MOVE = 0, 1, 2              # a slot's columns (VALUE read through the float view)


def new_memo(bits: int = MEMO_BITS):
    """The solver's memo and its scratch (numba allocates nothing per call): (table, the same
    table viewed as floats, _feasible's stack, plan's stack and best values, party_completes'
    units). A slot is (key, value, move, unused)."""
    assert bits <= 24
    table = np.zeros((1 << bits, 4), dtype=np.int64)
    table[:, KEY] = _EMPTY
    return (table, table.view(np.float64), np.zeros((DEPTH, 5), dtype=np.int64),
            np.zeros((DEPTH, 7), dtype=np.int64), np.zeros(DEPTH, dtype=np.float64),
            np.zeros(6, dtype=np.int64), np.zeros(6, dtype=np.int64))


@no_refcounts
def _pair(table, key):
    """The first of the two slots ``key`` may live in (multiplicative hashing)."""
    h = np.uint64(key) * _GOLDEN
    return np.int64(h >> np.uint64(40)) & (len(table) - 2)


@no_refcounts
def _find(table, key):
    """The slot holding ``key`` in the memo's ``table``, or -1."""
    i = _pair(table, key)
    if table[i, KEY] == key:
        return i
    if table[i + 1, KEY] == key:
        return i + 1
    return -1


@no_refcounts
def _store(table, values, key, value, move):
    """Remember (value, move) for ``key``: ``values`` is ``table`` viewed as floats."""
    i = _pair(table, key)
    if table[i, KEY] != key:
        if table[i + 1, KEY] == key:
            i += 1
        else:                                   # the first slot's result moves to the second
            table[i + 1, KEY] = table[i, KEY]
            table[i + 1, VALUE] = table[i, VALUE]
            table[i + 1, MOVE] = table[i, MOVE]
    table[i, KEY] = key
    values[i, VALUE] = value
    table[i, MOVE] = move


@no_refcounts
def count(party, slot):
    return (party >> (6 * slot)) & 63


@no_refcounts
def pack(c0, c1, c2, c3, c4, c5):
    return c0 | c1 << 6 | c2 << 12 | c3 << 18 | c4 << 24 | c5 << 30


@no_refcounts
def keep_value(party):
    """``sum(c * v for c, v in zip(party, KEEP_VALUE))``, added in the same order."""
    total = 0.0
    for slot in range(6):
        total += count(party, slot) * KEEP[slot]
    return total


@no_refcounts
def _popcount(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


@no_refcounts
def can_complete(masks, counts, n, need, used):
    """legal.can_complete: can ``need`` companions of new, different types be matched from the
    ``n`` units (type mask, count)? Hall's condition over every choice of types."""
    if need <= 0:
        return True
    for combo in range(32):
        if combo & used or _popcount(combo) != need:
            continue
        ok = True
        sub = combo
        while sub and ok:                      # every non-empty subset of the chosen types
            total = 0
            for i in range(n):
                if masks[i] & sub:
                    total += counts[i]
            if total < _popcount(sub):
                ok = False
            sub = (sub - 1) & combo
        if ok:
            return True
    return False


@no_refcounts
def party_completes(kind, party, need, masks, counts):
    n = 0
    for slot in range(6):
        c = count(party, slot)
        if c:
            masks[n] = KIND_MASK[kind, slot]
            counts[n] = c
            n += 1
    return can_complete(masks, counts, n, need, 0)


@no_refcounts
def _key(tag, kind, need, g, s, o, party):
    return (((((party * 16 + kind) * 8 + need) * 16 + g) * 16 + s) * 16 + o) * 4 + tag


@no_refcounts
def _kill(g, s, o, t, a):
    """Monsters left after a companion acting as type ``a`` attacks type ``t`` (components.SWEEPS:
    Fighter all Goblins, Cleric all Skeletons, Mage all Oozes, Champion any whole group)."""
    sweeps = a == 4 or a == t
    if t == 0:
        return (0 if sweeps else g - 1), s, o
    if t == 1:
        return g, (0 if sweeps else s - 1), o
    return g, s, (0 if sweeps else o - 1)


@no_refcounts
def _next_move(kind, party, g, s, o, cursor, best):
    """The next move from position ``cursor`` of odds._search's order (slot, its types, extra
    monsters), skipping slots whose party left is worth no more than ``best``. Returns (cursor
    after it, move, party, goblins, skeletons, oozes left), cursor -1 when there is none."""
    t = 0 if g else 1 if s else 2
    bonus = KIND_BONUS[kind]
    for c in range(cursor, 120):
        slot, j, e = c // 20, c // 4 % 5, c % 4 - 1
        if count(party, slot) == 0 or j >= KIND_NTYPES[kind, slot]:
            continue
        rest = party - (1 << (6 * slot))
        if keep_value(rest) <= best:
            continue
        a = KIND_TYPES[kind, slot, j]
        left_g, left_s, left_o = _kill(g, s, o, t, a)
        if a == bonus and left_g + left_s + left_o > 0:     # must take one more monster
            if e == -1 or (e == 0 and not left_g) or (e == 1 and not left_s) \
                    or (e == 2 and not left_o):
                continue
        elif e != -1:
            continue
        return (c + 1, encode_move(slot, a, t, e), rest, left_g - (e == 0), left_s - (e == 1),
                left_o - (e == 2))
    return -1, NO_MOVE, party, g, s, o


@no_refcounts
def _feasible(kind, party, g, s, o, need, table, values, stack, masks, counts):
    """Can ``party`` defeat goblins g, skeletons s, oozes o (the first type present attacked
    first, as odds._search does) and then still have ``need`` types for the dragon? The memo's
    arrays come one by one (they cost reference counts where a caller still counts them:
    simulate/kernels/refcounts.py). A depth-first search with its own stack (numba cannot
    cache recursive functions)."""
    if g == 0 and s == 0 and o == 0:
        return need == 0 or party_completes(kind, party, need, masks, counts)
    i = _find(table, _key(_TAG_FEASIBLE, kind, need, g, s, o, party))
    if i >= 0:
        return values[i, VALUE] > 0.0
    stack[0, 0], stack[0, 1], stack[0, 2], stack[0, 3], stack[0, 4] = party, g, s, o, 0
    depth, found = 0, False
    cursor, rest, cg, cs, co = 0, party, g, s, o
    while depth >= 0:
        p, fg, fs, fo, cursor = stack[depth, 0], stack[depth, 1], stack[depth, 2], \
            stack[depth, 3], stack[depth, 4]
        if not found:
            cursor, _, rest, cg, cs, co = _next_move(kind, p, fg, fs, fo, cursor, IMPOSSIBLE)
        if found or cursor < 0:                 # this position is decided
            _store(table, values, _key(_TAG_FEASIBLE, kind, need, fg, fs, fo, p),
                   1.0 if found else 0.0, NO_MOVE)
            depth -= 1
            continue
        stack[depth, 4] = cursor
        if cg == 0 and cs == 0 and co == 0:
            found = need == 0 or party_completes(kind, rest, need, masks, counts)
            continue
        j = _find(table, _key(_TAG_FEASIBLE, kind, need, cg, cs, co, rest))
        if j >= 0:
            found = values[j, VALUE] > 0.0
            continue
        depth += 1
        stack[depth, 0], stack[depth, 1], stack[depth, 2], stack[depth, 3], stack[depth, 4] = \
            rest, cg, cs, co, 0
    return found


@no_refcounts
def encode_move(slot, a, t, e):
    return ((slot * 8 + a) * 4 + t) * 4 + e + 1


@no_refcounts
def _known_value(kind, party, g, s, o, need, table, values, stack, masks, counts):
    """A position's plan value if it needs no search (no plan, no monsters, memoised), else NaN."""
    if not _feasible(kind, party, g, s, o, need, table, values, stack, masks, counts):
        return IMPOSSIBLE
    if g == 0 and s == 0 and o == 0:
        return keep_value(party)
    i = _find(table, _key(_TAG_PLAN, kind, need, g, s, o, party))
    if i >= 0:
        return values[i, VALUE]
    return np.nan


@no_refcounts
def plan_value(kind, party, g, s, o, need, memo):
    """odds._plan's value (IMPOSSIBLE if no plan); its first move is memoised (``plan``). The
    moves are tried in odds._search's order and only a strictly better one is kept."""
    table, values, searched, masks, counts = memo[0], memo[1], memo[2], memo[5], memo[6]
    value = _known_value(kind, party, g, s, o, need, table, values, searched, masks, counts)
    if not np.isnan(value):
        return value
    stack, best = memo[3], memo[4]                      # party, g, s, o, cursor, move, pending
    _push(stack, best, 0, party, g, s, o)
    depth, returned = 0, np.nan
    while True:
        if not np.isnan(returned):              # a child's value came back
            if returned > best[depth]:
                best[depth], stack[depth, 5] = returned, stack[depth, 6]
            returned = np.nan
        p, fg, fs, fo = stack[depth, 0], stack[depth, 1], stack[depth, 2], stack[depth, 3]
        cursor, move, rest, cg, cs, co = _next_move(kind, p, fg, fs, fo, stack[depth, 4],
                                                    best[depth])
        if cursor < 0:                          # every move tried
            _store(table, values, _key(_TAG_PLAN, kind, need, fg, fs, fo, p), best[depth],
                   stack[depth, 5])
            returned = best[depth]
            depth -= 1
            if depth < 0:
                return returned
            continue
        stack[depth, 4], stack[depth, 6] = cursor, move
        returned = _known_value(kind, rest, cg, cs, co, need, table, values, searched, masks,
                                counts)
        if np.isnan(returned):
            depth += 1
            _push(stack, best, depth, rest, cg, cs, co)


@no_refcounts
def _push(stack, best, depth, party, g, s, o):
    stack[depth, 0], stack[depth, 1], stack[depth, 2], stack[depth, 3] = party, g, s, o
    stack[depth, 4], stack[depth, 5], best[depth] = 0, NO_MOVE, IMPOSSIBLE


@no_refcounts
def plan(kind, party, g, s, o, need, memo):
    """odds.plan: (value, first move or NO_MOVE). A move decodes with ``decode_move``."""
    value = plan_value(kind, party, g, s, o, need, memo)
    if value == IMPOSSIBLE or (g == 0 and s == 0 and o == 0):
        return value, NO_MOVE
    table = memo[0]
    i = _find(table, _key(_TAG_PLAN, kind, need, g, s, o, party))
    return value, table[i, MOVE]      # stored last by plan_value, or just found there


@no_refcounts
def decode_move(move):
    """(slot, as_type, target, extra) of an encoded move."""
    e = move % 4 - 1
    move //= 4
    t = move % 4
    move //= 4
    return move // 8, move % 8, t, e


@no_refcounts
def clear_chance(kind, party, k, lair, threshold, need, memo):
    """odds.clear_chance: the chance a roll of k dungeon dice is cleared by ``party``, the dragon
    too if the Lair then holds ``threshold`` dice."""
    short = threshold - lair
    short = 0 if short < 0 else k + 1 if short > k else short
    key = _key(_TAG_CHANCE, kind, need, k, short, 0, party)
    table, values = memo[0], memo[1]
    i = _find(table, key)
    if i >= 0:
        return values[i, VALUE]
    stack, masks, counts = memo[2], memo[5], memo[6]
    p = 0.0
    for r in range(ROLL_N[k]):
        if _feasible(kind, party, ROLL_G[k, r], ROLL_S[k, r], ROLL_O[k, r],
                     need if ROLL_D[k, r] >= short else 0, table, values, stack, masks, counts):
            p += ROLL_P[k, r]
    _store(table, values, key, p, NO_MOVE)
    return p
