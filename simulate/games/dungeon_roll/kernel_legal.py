"""Compiled legal actions: legal.py's lists, in the same order (the random strategy's lot and
the heuristics' first-best choices depend on it). ``legal`` writes action ints into ``acts``,
using the scratch arrays of ``buffers()`` (allocated once per chunk, not per decision)."""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.dungeon_roll.kernel_apply import (
    ANIMATE_DEAD, ARCANE_FURY, BARDS_SONG, BATTLECRY, CALCULATED_STRIKE, CHARM_MONSTER, COMMAND_DEAD,
    DEFEAT, DISCARD, DIVINE_INTERVENTION, DRAGON_BAIT, ELIXIR, END_LOOT, FLEE, MARK, MESMERIZE,
    OPEN, PLEA_FOR_HELP, PULL_RANK, QUAFF, READ, RETIRE, REVIVE, RING, ROLL_NOW, SEEK_GLORY, STRIKE,
    TOWN_PORTAL, ULTIMATE, USE, act)
from simulate.games.dungeon_roll.kernel_solver import can_complete
from simulate.games.dungeon_roll.kernel_state import (
    CONV, DRAGON, DRAGON_FIGHT, DUNGEON, GRAVE, HAND, HERO, LAIR, LOOT, MASTER, MONSTER, PARTY,
    PHASE, R_CHAMPION_ALL, R_QUAFF_COUNTS, R_VOLUNTARY_FLEE, REGROUP, REROLL, REROLL_DUNGEON,
    REVIVE_PHASE, DISCARD_PHASE, STRIKE_MASK, STRIKES_LEFT, ULT_USED, dragon_need, here)
from simulate.games.dungeon_roll.kernel_tables import AS_LEN, AS_LIST, HERO_AS, HERO_AS_LEN
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

MAX_ACTIONS = 512
MAX_SOURCES = 20
SPELLSWORD, MERCENARY, KNIGHT, HALF_GOBLIN, MINSTREL, ENCHANTRESS, OCCULTIST, CRUSADER = range(8)


@njit(cache=True)
def buffers():
    """Scratch for ``legal``: sources, their types and type counts, type masks, unit counts."""
    return (np.empty(MAX_SOURCES, dtype=np.int64), np.empty((MAX_SOURCES, 5), dtype=np.int64),
            np.empty(MAX_SOURCES, dtype=np.int64), np.empty(MAX_SOURCES, dtype=np.int64),
            np.empty(MAX_SOURCES, dtype=np.int64))


@no_refcounts
def sources(st, src, types, ntypes):
    """legal._sources: (source, the companion types it may act as) of everything usable as a
    companion now; returns how many."""
    me = here(st)
    hero = st[me + HERO]
    n = 0
    for f in range(6):                          # party faces that are companions for this hero
        if AS_LEN[hero, f] and st[PARTY + f]:
            n = _add(src, types, ntypes, n, f, hero, f)
    if st[CONV]:
        n = _add(src, types, ntypes, n, 6, hero, 0)
    if st[CONV + 3]:
        n = _add(src, types, ntypes, n, 9, hero, 3)
    for t in range(4):                          # Vorpal Sword .. Thieves' Tools
        if st[me + HAND + t]:
            n = _add(src, types, ntypes, n, 12 + t, hero, t)
    if st[me + HAND + 4] and hero == ENCHANTRESS:
        n = _add(src, types, ntypes, n, 16, hero, 5)
    if not st[ULT_USED] and not st[me + MASTER] and HERO_AS_LEN[hero]:
        src[n] = 17
        ntypes[n] = HERO_AS_LEN[hero]
        for j in range(HERO_AS_LEN[hero]):
            types[n, j] = HERO_AS[hero, j]
        n += 1
    return n


@no_refcounts
def _add(src, types, ntypes, n, source, hero, face):
    src[n] = source
    ntypes[n] = AS_LEN[hero, face]
    for j in range(AS_LEN[hero, face]):
        types[n, j] = AS_LIST[hero, face, j]
    return n + 1


@no_refcounts
def source_count(st, source):
    if source < 6:
        return st[PARTY + source]
    if source < 12:
        return st[CONV + source - 6]
    if source < 17:
        return st[here(st) + HAND + source - 12]
    return 1


@no_refcounts
def legal(st, R, acts, buf):
    """legal.LegalActions.legal_actions into ``acts``; returns how many."""
    phase = st[PHASE]
    if phase == MONSTER:
        return _monster(st, R, acts, buf)
    if phase == REGROUP:
        acts[0] = act(RETIRE, 0, 0, 0, 0)
        acts[1] = act(SEEK_GLORY, 0, 0, 0, 0)
        return 2
    if phase == LOOT:
        return _loot(st, R, acts, buf)
    if phase == DRAGON or phase == DRAGON_FIGHT:
        return _dragon(st, R, acts, buf)
    n = 0
    if phase == REROLL:
        for f in range(6):
            if st[PARTY + f]:
                acts[n] = act(MARK, 0, f, 0, 0)
                n += 1
        if st[REROLL_DUNGEON]:
            for f in range(5):
                if st[DUNGEON + f]:
                    acts[n] = act(MARK, 1, f, 0, 0)
                    n += 1
        acts[n] = act(ROLL_NOW, 0, 0, 0, 0)
        return n + 1
    if phase == REVIVE_PHASE:
        for f in range(6):
            acts[f] = act(REVIVE, f, 0, 0, 0)
        return 6
    if phase == DISCARD_PHASE:
        me = here(st)
        for t in range(10):
            if st[me + HAND + t]:
                acts[n] = act(DISCARD, t, 0, 0, 0)
                n += 1
    return n


@no_refcounts
def _monster(st, R, acts, buf):
    me = here(st)
    hero, master = st[me + HERO], st[me + MASTER]
    bonus = -1                                  # legal.BONUS: Commander's Fighter, Bard's Champion
    if master and hero == MERCENARY:
        bonus = 0
    elif master and hero == MINSTREL:
        bonus = 4
    src, types, ntypes = buf[0], buf[1], buf[2]
    n_src = sources(st, src, types, ntypes)
    n = 0
    for i in range(n_src):
        for j in range(ntypes[i]):
            a = types[i, j]
            for t in range(3):
                if not st[DUNGEON + t]:
                    continue
                if a != bonus:
                    acts[n] = act(DEFEAT, src[i], a, t, 0)
                    n += 1
                    continue
                killed = st[DUNGEON + t] if (a == 4 or a == t) else 1
                extras = 0
                for e in range(3):
                    if st[DUNGEON + e] - (killed if e == t else 0) > 0:
                        acts[n] = act(DEFEAT, src[i], a, t, e + 1)
                        n += 1
                        extras += 1
                if not extras:
                    acts[n] = act(DEFEAT, src[i], a, t, 0)
                    n += 1
    if st[PARTY + 5]:
        acts[n] = act(READ, 5, 0, 0, 0)
        n += 1
    if st[me + HAND + 4]:
        acts[n] = act(READ, 16, 0, 0, 0)
        n += 1
    if hero == HALF_GOBLIN:                     # specialty: loot during the monster phase
        n = _loot_into(st, R, acts, n, src, types, ntypes, n_src)
    if st[me + HAND + ELIXIR] and st[GRAVE]:
        acts[n] = act(USE, ELIXIR, 0, 0, 0)
        n += 1
    if st[me + HAND + DRAGON_BAIT]:
        acts[n] = act(USE, DRAGON_BAIT, 0, 0, 0)
        n += 1
    if st[me + HAND + TOWN_PORTAL]:
        acts[n] = act(USE, TOWN_PORTAL, 0, 0, 0)
        n += 1
    if not st[ULT_USED]:
        n = _ultimates_into(st, acts, n, MONSTER)
    if R[R_VOLUNTARY_FLEE] or n == 0:
        acts[n] = act(FLEE, 0, 0, 0, 0)
        n += 1
    return n


@no_refcounts
def _loot_into(st, R, acts, n, src, types, ntypes, n_src):
    chests = st[DUNGEON + 3]
    if chests:
        for i in range(n_src):
            seen = 0                            # bit 1: opens one, bit 2: opens all
            for j in range(ntypes[i]):
                a = types[i, j]
                opens_all = chests > 1 and (a == 3 or (a == 4 and R[R_CHAMPION_ALL]))
                bit = 2 if opens_all else 1
                if not seen & bit:
                    seen |= bit
                    acts[n] = act(OPEN, src[i], a, 0, 0)
                    n += 1
    if st[DUNGEON + 4]:
        grave = st[GRAVE]
        for f in range(6):
            if st[PARTY + f] and (grave or R[R_QUAFF_COUNTS]):
                acts[n] = act(QUAFF, f, 0, 0, 0)
                n += 1
        if grave:
            for f in (0, 3):
                if st[CONV + f]:
                    acts[n] = act(QUAFF, 6 + f, 0, 0, 0)
                    n += 1
    return n


@no_refcounts
def _loot(st, R, acts, buf):
    src, types, ntypes = buf[0], buf[1], buf[2]
    n_src = sources(st, src, types, ntypes)
    n = _loot_into(st, R, acts, 0, src, types, ntypes, n_src)
    n = _elixir_scroll_ultimate_into(st, acts, n, LOOT)
    acts[n] = act(END_LOOT, 0, 0, 0, 0)
    return n + 1


@no_refcounts
def _dragon(st, R, acts, buf):
    src, types, ntypes = buf[0], buf[1], buf[2]
    n_src = sources(st, src, types, ntypes)
    fight = st[PHASE] == DRAGON_FIGHT
    if fight:
        need, used = st[STRIKES_LEFT], st[STRIKE_MASK]
    else:
        need, used = dragon_need(st, R), 0
    masks, counts = buf[3], buf[4]
    for i in range(n_src):
        mask = 0
        for j in range(ntypes[i]):
            mask |= 1 << types[i, j]
        masks[i] = mask
        counts[i] = min(source_count(st, src[i]), need)
    n = 0
    if can_complete(masks, counts, n_src, need, used):
        for i in range(n_src):                  # strikes that can still complete the set
            counts[i] -= 1
            for j in range(ntypes[i]):
                a = types[i, j]
                if not (used >> a) & 1 and can_complete(masks, counts, n_src, need - 1,
                                                        used | 1 << a):
                    acts[n] = act(STRIKE, src[i], a, 0, 0)
                    n += 1
            counts[i] += 1
    if fight:
        return n
    me = here(st)
    if st[me + HAND + RING]:
        acts[n] = act(USE, RING, 0, 0, 0)
        n += 1
    if st[me + HAND + TOWN_PORTAL]:
        acts[n] = act(USE, TOWN_PORTAL, 0, 0, 0)
        n += 1
    n = _elixir_scroll_ultimate_into(st, acts, n, DRAGON)
    if R[R_VOLUNTARY_FLEE] or n == 0:
        acts[n] = act(FLEE, 0, 0, 0, 0)
        n += 1
    return n


@no_refcounts
def _party_dice(st):
    total = 0
    for f in range(6):
        total += st[PARTY + f]
    return total


@no_refcounts
def _elixir_scroll_ultimate_into(st, acts, n, phase):
    me = here(st)
    if st[me + HAND + ELIXIR] and st[GRAVE]:
        acts[n] = act(USE, ELIXIR, 0, 0, 0)
        n += 1
    if st[me + HAND + 4] and _party_dice(st):
        acts[n] = act(READ, 16, 0, 0, 0)
        n += 1
    if not st[ULT_USED]:
        n = _ultimates_into(st, acts, n, phase)
    return n


@no_refcounts
def _pairs_into(st, acts, n, name):
    """legal._pairs: up to two monsters to act on, every pair present or the single one."""
    d = DUNGEON
    if st[d] + st[d + 1] + st[d + 2] < 2:
        for t in range(3):
            if st[d + t]:
                acts[n] = act(ULTIMATE, name, 0, t + 1, 0)
                n += 1
        return n
    for x in range(3):
        if not st[d + x]:
            continue
        for y in range(x, 3):
            if st[d + y] and (x != y or st[d + x] >= 2):
                acts[n] = act(ULTIMATE, name, 0, x + 1, y + 1)
                n += 1
    return n


@no_refcounts
def _ultimates_into(st, acts, n, phase):
    """legal._ultimates_into: the hero's ultimate where it has an effect."""
    me = here(st)
    hero, master = st[me + HERO], st[me + MASTER]
    d = DUNGEON
    monsters = st[d] + st[d + 1] + st[d + 2]
    anything = monsters or st[d + 3] or st[d + 4] or st[LAIR]
    if hero == SPELLSWORD:
        if master and anything:
            acts[n] = act(ULTIMATE, ARCANE_FURY, 0, 0, 0)
            n += 1
    elif hero == MERCENARY:
        if master:
            if phase == MONSTER or _party_dice(st):
                acts[n] = act(READ, 17, 0, 0, 0)
                n += 1
        elif monsters:
            n = _pairs_into(st, acts, n, CALCULATED_STRIKE)
    elif hero == KNIGHT:
        if monsters:
            acts[n] = act(ULTIMATE, BATTLECRY, 0, 0, 0)
            n += 1
    elif hero == HALF_GOBLIN:
        if st[d]:
            two = master and st[d] >= 2
            acts[n] = act(ULTIMATE, PULL_RANK if master else PLEA_FOR_HELP, 0, 1, 1 if two else 0)
            n += 1
    elif hero == MINSTREL:
        if st[LAIR]:
            acts[n] = act(ULTIMATE, BARDS_SONG, 0, 0, 0)
            n += 1
    elif hero == ENCHANTRESS:
        if monsters:
            if master:
                n = _pairs_into(st, acts, n, MESMERIZE)
            else:
                for t in range(3):
                    if st[d + t]:
                        acts[n] = act(ULTIMATE, CHARM_MONSTER, 0, t + 1, 0)
                        n += 1
    elif hero == OCCULTIST:
        if st[d + 1]:
            two = master and st[d + 1] >= 2
            acts[n] = act(ULTIMATE, COMMAND_DEAD if master else ANIMATE_DEAD, 0, 2,
                          2 if two else 0)
            n += 1
    elif hero == CRUSADER:
        held = 0
        for t in range(10):
            held += st[me + HAND + t]
        if master and held and anything:
            acts[n] = act(ULTIMATE, DIVINE_INTERVENTION, 0, 0, 0)
            n += 1
    return n
