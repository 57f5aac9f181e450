"""Compiled twins of strategies/dungeon_roll.py (cautious, bold, risk_aware) and ``random``.

Each function mirrors the method of the same name in DelveHeuristic, reading the table where the
Python strategy reads its view; where Python picks the first best of a list (``min``, a stable
sort, ``in actions``) this scans the legal actions in the same order.
"""
from __future__ import annotations

import numpy as np

from simulate.games.dungeon_roll.kernel_apply import (
    DEFEAT, DISCARD, DRAGON_BAIT, ELIXIR, END_LOOT, FLEE, MARK, OPEN, QUAFF, READ, RETIRE, REVIVE,
    RING, ROLL_NOW, SEEK_GLORY, STRIKE, TOWN_PORTAL, ULTIMATE, USE, act, field_a, field_b, field_c,
    field_d, kind_of, ANIMATE_DEAD, ARCANE_FURY, BATTLECRY, CALCULATED_STRIKE, CHARM_MONSTER,
    COMMAND_DEAD, DIVINE_INTERVENTION, MESMERIZE, PLEA_FOR_HELP, PULL_RANK)
from simulate.games.dungeon_roll.kernel_solver import (IMPOSSIBLE, NO_MOVE, clear_chance, count,
                                                       decode_move, plan)
from simulate.games.dungeon_roll.kernel_state import (
    CONV, DISCARD_PHASE, DRAGON, DRAGON_FIGHT, DUNGEON, GRAVE, HAND, HERO, LAIR, LEVEL, LOOT, MASTER,
    MONSTER, PARTY, PHASE, R_DUNGEON_DICE, R_LAIR, R_MAX_LEVEL, R_PORTAL_VALUE, REGROUP, RESUME,
    REROLL, REROLL_DUNGEON, REVIVE_PHASE, ULT_USED, dragon_need, here)
from simulate.games.dungeon_roll.kernel_tables import KIND_OF
from simulate.kernels.cpython_random import mt_random
from simulate.kernels.refcounts import no_refcounts
from strategies.dungeon_roll import DIE_COST, RESCUE
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

# (1 - RESCUE) ** r exactly as Python computes it (numba's integer powers may round otherwise).
RESCUE_POW = np.array([(1 - RESCUE) ** r for r in range(64)], dtype=np.float64)
DIE_COSTS = np.array(DIE_COST, dtype=np.float64)

RANDOM, CAUTIOUS, BOLD, RISK_AWARE = range(4)
KINDS = ("random", "cautious", "bold", "risk_aware")
# Strategy parameters, one float row per seat: P[seat, P_*].
P_CHEST_RISK, P_RISK_TOLERANCE, P_RETIRE_LEVEL, P_PUSH_LEVEL, P_MIN_PARTY = range(5)
PARAM_NAMES = ("chest_risk", "risk_tolerance", "retire_level", "push_level", "min_party")
# DelveHeuristic.SLOT_SOURCES (-1 pads) and SLOT_OF (-1: the hero, no slot).
SLOT_SOURCES = np.array([[6, 0, 12], [1, 13, -1], [2, 14, -1], [9, 3, 15], [4, -1, -1],
                         [5, 16, -1]], dtype=np.int64)
SLOT_OF = np.array([0, 1, 2, 3, 4, 5, 0, -1, -1, 3, -1, -1, 0, 1, 2, 3, 5, -1], dtype=np.int64)
DISCARD_ORDER = np.array([5, 7, 8, 4, 3, 2, 1, 0, 6, 9], dtype=np.int64)


def chest_scratch(size: int) -> tuple[np.ndarray, np.ndarray]:
    """``choose``'s scratch for the chests it may open (cost, action), ``size`` legal actions
    long: held by the caller, so no decision allocates."""
    return np.empty(size, dtype=np.float64), np.empty(size, dtype=np.int64)


@no_refcounts
def contains(acts, n, action):
    for i in range(n):
        if acts[i] == action:
            return True
    return False


@no_refcounts
def cost(source):
    if source == 6 or source == 9:
        return 0.05
    if source == 17:
        return 0.6
    if source >= 12:
        return 2.0
    return DIE_COSTS[source] if source < 6 else 0.05


@no_refcounts
def party_of(st, converted):
    """DelveHeuristic.party, packed (kernel_solver.pack)."""
    me = here(st)
    c0 = st[CONV] if converted else 0
    c3 = st[CONV + 3] if converted else 0
    wild = st[PARTY + 5] + st[me + HAND + 4] if st[me + HERO] == 5 else 0
    return (st[PARTY] + c0 + st[me + HAND] | (st[PARTY + 1] + st[me + HAND + 1]) << 6
            | (st[PARTY + 2] + st[me + HAND + 2]) << 12
            | (st[PARTY + 3] + c3 + st[me + HAND + 3]) << 18 | st[PARTY + 4] << 24 | wild << 30)


@no_refcounts
def party_size(party):
    total = 0
    for slot in range(6):
        total += count(party, slot)
    return total


@no_refcounts
def kind_here(st):
    me = here(st)
    return KIND_OF[st[me + HERO], st[me + MASTER]]


@no_refcounts
def next_level_chance(st, R, party, memo):
    me = here(st)
    k = min(st[LEVEL] + 1, R[R_DUNGEON_DICE] - st[LAIR])
    p = clear_chance(kind_here(st), party, k, st[LAIR], R[R_LAIR], dragon_need(st, R), memo)
    rescues = st[me + HAND + 4] + (st[PARTY + 5] if st[me + HERO] != 5 else 0) \
        + (0 if st[ULT_USED] else 1)
    return 1 - (1 - p) * RESCUE_POW[rescues]


@no_refcounts
def should_retire(st, R, kind, P, p):
    level = st[LEVEL]
    if kind == CAUTIOUS:
        return level >= P[P_RETIRE_LEVEL] or party_size(party_of(st, False)) < P[P_MIN_PARTY]
    if kind == BOLD:
        return level >= P[P_PUSH_LEVEL] or party_size(party_of(st, False)) < P[P_MIN_PARTY]
    fallback = 0
    if st[here(st) + HAND + TOWN_PORTAL]:
        fallback = max(0, level + 1 - R[R_PORTAL_VALUE])
    return p * (level + 1) + (1 - p) * fallback + P[P_RISK_TOLERANCE] < level


@no_refcounts
def choose(st, R, acts, n, kind, P, memo, srng, chests):
    if kind == RANDOM:
        return acts[int(mt_random(srng) * n)]
    phase = st[PHASE]
    if phase == MONSTER:
        return _monster(st, R, acts, n, memo)
    if phase == REGROUP:
        p = next_level_chance(st, R, party_of(st, False), memo) if kind == RISK_AWARE else 0.0
        return act(RETIRE, 0, 0, 0, 0) if should_retire(st, R, kind, P, p) \
            else act(SEEK_GLORY, 0, 0, 0, 0)
    if phase == LOOT:
        return _loot(st, R, acts, n, kind, P, memo, chests)
    if phase == DRAGON or phase == DRAGON_FIGHT:
        return _dragon(st, R, acts, n)
    if phase == REROLL:
        return _mark(st, acts, n)
    if phase == REVIVE_PHASE:
        return _revive(st, R)
    if phase == DISCARD_PHASE:
        for t in DISCARD_ORDER:
            if contains(acts, n, act(DISCARD, t, 0, 0, 0)):
                return act(DISCARD, t, 0, 0, 0)
    return acts[0]


@no_refcounts
def _plan(st, R, party, g, s, o, lair, memo):
    need = dragon_need(st, R) if lair >= R[R_LAIR] else 0
    kind = kind_here(st)
    value, move = plan(kind, party, g, s, o, need, memo)
    if move == NO_MOVE and need:
        value, move = plan(kind, party, g, s, o, 0, memo)
    return value, move


@no_refcounts
def _monster(st, R, acts, n, memo):
    party = party_of(st, True)
    g, s, o = st[DUNGEON], st[DUNGEON + 1], st[DUNGEON + 2]
    value, move = _plan(st, R, party, g, s, o, st[LAIR], memo)
    if move != NO_MOVE:
        slot, a, t, e = decode_move(move)
        for source in SLOT_SOURCES[slot]:
            if source >= 0 and contains(acts, n, act(DEFEAT, source, a, t, e + 1)):
                return act(DEFEAT, source, a, t, e + 1)
    return _stuck(st, R, acts, n, party, memo)


@no_refcounts
def _stuck(st, R, acts, n, party, memo):
    """No plan beats these monsters: ultimate, Elixir, Scroll, Dragon Bait, Town Portal."""
    g, s, o, lair = st[DUNGEON], st[DUNGEON + 1], st[DUNGEON + 2], st[LAIR]
    best, best_value = -1, IMPOSSIBLE
    for i in range(n):
        action = acts[i]
        kind = kind_of(action)
        if kind == ULTIMATE:
            ok, p2, g2, s2, o2, lair2 = _after_ultimate(action, party, g, s, o, lair)
        elif kind == DEFEAT and field_a(action) == 17:     # Arcane Blade, Holy Strike
            a, t = field_b(action), field_c(action)
            sweeps = a == 4 or a == t
            killed = st[DUNGEON + t] if sweeps else 1
            ok, p2, lair2 = True, party, lair
            g2 = g - killed if t == 0 else g
            s2 = s - killed if t == 1 else s
            o2 = o - killed if t == 2 else o
        else:
            continue
        if ok:
            value = _plan(st, R, p2, g2, s2, o2, lair2, memo)[0]
            if value > best_value:
                best, best_value = action, value
    if best >= 0:
        return best
    if contains(acts, n, act(USE, ELIXIR, 0, 0, 0)):
        if _plan(st, R, party + (1 << 24), g, s, o, lair, memo)[0] > IMPOSSIBLE:
            return act(USE, ELIXIR, 0, 0, 0)
    for source in (5, 17, 16):
        if contains(acts, n, act(READ, source, 0, 0, 0)):
            return act(READ, source, 0, 0, 0)
    quaff = -1
    for i in range(n):
        if kind_of(acts[i]) == QUAFF and (quaff < 0 or cost(field_a(acts[i])) < cost(field_a(quaff))):
            quaff = acts[i]
    if quaff >= 0 and st[GRAVE]:
        return quaff
    if contains(acts, n, act(USE, DRAGON_BAIT, 0, 0, 0)):
        lair2 = lair + g + s + o
        if lair2 < R[R_LAIR] or _plan(st, R, party, 0, 0, 0, lair2, memo)[0] > IMPOSSIBLE:
            return act(USE, DRAGON_BAIT, 0, 0, 0)
    if contains(acts, n, act(USE, TOWN_PORTAL, 0, 0, 0)) and st[LEVEL] > R[R_PORTAL_VALUE]:
        return act(USE, TOWN_PORTAL, 0, 0, 0)
    flee = act(FLEE, 0, 0, 0, 0)
    return flee if contains(acts, n, flee) else acts[0]


@no_refcounts
def _after_ultimate(action, party, g, s, o, lair):
    """(helps, party, goblins, skeletons, oozes, lair) after a monster-phase ultimate."""
    name = field_a(action)
    t1, t2 = field_c(action) - 1, field_d(action) - 1
    n_targets = (t1 >= 0) + (t2 >= 0)
    left_g = g - (t1 == 0) - (t2 == 0)
    left_s = s - (t1 == 1) - (t2 == 1)
    left_o = o - (t1 == 2) - (t2 == 2)
    if name == CALCULATED_STRIKE or name == CHARM_MONSTER or name == MESMERIZE:
        return True, party, left_g, left_s, left_o, lair
    if name == PLEA_FOR_HELP or name == PULL_RANK:
        return True, party + (n_targets << 18), left_g, left_s, left_o, lair
    if name == ANIMATE_DEAD or name == COMMAND_DEAD:
        return True, party + n_targets, left_g, left_s, left_o, lair
    if name == BATTLECRY:
        return True, party, 0, 0, 0, lair + g + s + o
    if name == ARCANE_FURY or name == DIVINE_INTERVENTION:
        return True, party, 0, 0, 0, 0
    return False, party, g, s, o, lair


@no_refcounts
def _loot(st, R, acts, n, kind, P, memo, chests):
    d3, d4 = st[DUNGEON + 3], st[DUNGEON + 4]
    end_loot = act(END_LOOT, 0, 0, 0, 0)
    nothing = end_loot if contains(acts, n, end_loot) else acts[n - 1]
    quaff = -1
    for i in range(n):
        if kind_of(acts[i]) == QUAFF and (quaff < 0 or cost(field_a(acts[i])) < cost(field_a(quaff))):
            quaff = acts[i]
    if quaff >= 0:
        gain = min(d4, st[GRAVE] + 1) - 1
        source = field_a(quaff)
        if gain > 0 or source == 5 or source == 3 or source == 6 or source == 9:
            return quaff
    if not d3:
        return nothing
    many = d3 > 1
    opt_cost, opt_act = chests
    m = 0
    for i in range(n):
        if kind_of(acts[i]) != OPEN:
            continue
        a = field_b(acts[i])
        opens_all = many and (a == 3 or a == 4)
        if field_a(acts[i]) >= 12 and not opens_all:
            continue                            # a token for one treasure gains nothing
        j = m                                   # insertion keeps equal costs in order (stable)
        c = cost(field_a(acts[i])) - (0.5 if opens_all else 0.0)
        while j > 0 and opt_cost[j - 1] > c:
            opt_cost[j] = opt_cost[j - 1]
            opt_act[j] = opt_act[j - 1]
            j -= 1
        opt_cost[j] = c
        opt_act[j] = acts[i]
        m += 1
    if m == 0:
        return nothing
    party = party_of(st, False)
    need = dragon_need(st, R) if st[LAIR] >= R[R_LAIR] else 0
    p = next_level_chance(st, R, party, memo)
    retiring = st[LEVEL] >= R[R_MAX_LEVEL] or should_retire(st, R, kind, P, p)
    for i in range(m):
        a = opt_act[i]
        source = field_a(a)
        if source == 6 or source == 9:
            return a                            # free: discarded at the regroup anyway
        slot = SLOT_OF[source]
        if slot < 0:                            # the hero's ultimate: keep it unless retiring
            if retiring:
                return a
            continue
        after = party - (1 << (6 * slot))
        if need and plan(kind_here(st), after, 0, 0, 0, need, memo)[0] == IMPOSSIBLE:
            continue                            # keep what the dragon fight needs
        if retiring or next_level_chance(st, R, after, memo) >= p - P[P_CHEST_RISK]:
            return a
    return nothing


@no_refcounts
def _dragon(st, R, acts, n):
    best, best_key = -1, 0.0
    for i in range(n):
        if kind_of(acts[i]) == STRIKE:
            source = field_a(acts[i])
            key = cost(source) - 0.1 * (st[PARTY + source] if source < 6 else 0)
            if best < 0 or key < best_key:
                best, best_key = acts[i], key
    if best >= 0:
        return best
    for i in range(n):
        if kind_of(acts[i]) == ULTIMATE:       # Bard's Song, Arcane Fury, Divine Intervention
            return acts[i]
    for token in (ELIXIR, RING):
        if contains(acts, n, act(USE, token, 0, 0, 0)):
            return act(USE, token, 0, 0, 0)
    for source in (17, 16):
        if contains(acts, n, act(READ, source, 0, 0, 0)):
            return act(READ, source, 0, 0, 0)
    if contains(acts, n, act(USE, TOWN_PORTAL, 0, 0, 0)) and st[LEVEL] > R[R_PORTAL_VALUE]:
        return act(USE, TOWN_PORTAL, 0, 0, 0)
    flee = act(FLEE, 0, 0, 0, 0)
    return flee if contains(acts, n, flee) else acts[0]


@no_refcounts
def _mark(st, acts, n):
    if st[REROLL_DUNGEON]:                     # stuck in the monster phase: re-roll monsters
        for f in range(3):
            if contains(acts, n, act(MARK, 1, f, 0, 0)):
                return act(MARK, 1, f, 0, 0)
    elif st[RESUME] == REROLL:                  # Mercenary forming the party: keep one Scroll
        if st[PARTY + 5] > 1:
            return act(MARK, 0, 5, 0, 0)
    else:                                       # before a dragon: re-roll duplicates
        for f in (5, 0, 1, 2, 3):
            if st[PARTY + f] > (0 if f == 5 and st[here(st) + HERO] != 5 else 1):
                return act(MARK, 0, f, 0, 0)
    return act(ROLL_NOW, 0, 0, 0, 0)


@no_refcounts
def _revive(st, R):
    if st[LAIR] >= R[R_LAIR] or st[RESUME] == DRAGON:
        have = party_of(st, True)
        for f in (2, 1, 0, 3):
            if not count(have, f):
                return act(REVIVE, f, 0, 0, 0)
    return act(REVIVE, 4, 0, 0, 0)
