"""Compiled actions: actions.py's NamedTuples as ints, and state.py/powers.py's handlers.

An action is ``kind << 14 | a << 9 | b << 6 | c << 3 | d``: Defeat(source a, as type b, target
c, extra d - 1), OpenChests/DragonStrike(source a, as type b), Quaff/ReadScroll(source a),
Revive(face a), MarkReroll(dungeon a, face b), UseTreasure/DiscardTreasure(token a),
Ultimate(name a, targets c - 1, d - 1; 0 = none).
"""
from __future__ import annotations


from simulate.games.dungeon_roll.kernel_state import (
    CONV, DISCARD_PHASE, DRAGON, DRAGON_FIGHT, DUNGEON, FLED_DRAGON, FLED_MONSTERS, GRAVE, LAIR,
    LEVEL, MARKED_D, MARKED_P, MONSTER, PARTY, PHASE, POOL, R_CHAMPION_ALL, R_DRAGON_TREASURES,
    R_DRAGON_XP, R_QUAFF_COUNTS, RESUME, RETIRED, REROLL, REROLL_DUNGEON, REVIVES, STRIKE_MASK,
    STRIKES_LEFT, TOWN_PORTAL_END, ULT_USED, CUR, DEFEATED, DELVE_DRAGONS, advance, begin_revive,
    dragon_need, draw_treasure, end_delve, enter_dragon, gain_xp, here, roll_dungeon, roll_level,
    reroll_first, roll_party, spend, spend_token)
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

(DEFEAT, OPEN, QUAFF, REVIVE, READ, MARK, ROLL_NOW, STRIKE, USE, ULTIMATE, DISCARD, FLEE,
 END_LOOT, RETIRE, SEEK_GLORY) = range(15)
# Ultimates by name (actions.Ultimate.name).
ULTIMATE_NAMES = ("Arcane Fury", "Calculated Strike", "Battlecry", "Plea for Help", "Pull Rank",
                  "Bard's Song", "Charm Monster", "Mesmerize", "Animate Dead", "Command Dead",
                  "Divine Intervention")
(ARCANE_FURY, CALCULATED_STRIKE, BATTLECRY, PLEA_FOR_HELP, PULL_RANK, BARDS_SONG, CHARM_MONSTER,
 MESMERIZE, ANIMATE_DEAD, COMMAND_DEAD, DIVINE_INTERVENTION) = range(11)
# Token indices (components.py).
RING, ELIXIR, DRAGON_BAIT, TOWN_PORTAL = 5, 7, 8, 9


@no_refcounts
def act(kind, a=0, b=0, c=0, d=0):
    return kind << 14 | a << 9 | b << 6 | c << 3 | d


@no_refcounts
def kind_of(action):
    return action >> 14


@no_refcounts
def field_a(action):
    return (action >> 9) & 31


@no_refcounts
def field_b(action):
    return (action >> 6) & 7


@no_refcounts
def field_c(action):
    return (action >> 3) & 7


@no_refcounts
def field_d(action):
    return action & 7


@no_refcounts
def apply(st, R, chance, action):
    kind = kind_of(action)
    a = field_a(action)
    if kind == DEFEAT:
        _defeat(st, R, chance, a, field_b(action), field_c(action), field_d(action) - 1)
    elif kind == OPEN:
        _open_chests(st, R, chance, a, field_b(action))
    elif kind == QUAFF:
        _quaff(st, R, chance, a)
    elif kind == REVIVE:
        st[GRAVE] -= 1
        st[PARTY + a] += 1
        st[REVIVES] -= 1
        if not st[REVIVES]:
            st[PHASE] = st[RESUME]
            advance(st, R, chance)
    elif kind == READ:
        spend(st, R, a)
        st[REROLL_DUNGEON] = st[PHASE] == MONSTER   # elsewhere only party dice are re-rolled
        st[RESUME] = st[PHASE]
        st[PHASE] = REROLL
    elif kind == MARK:
        if a:
            st[DUNGEON + field_b(action)] -= 1
            st[MARKED_D] += 1
        else:
            st[PARTY + field_b(action)] -= 1
            st[MARKED_P] += 1
    elif kind == ROLL_NOW:
        _roll_now(st, R, chance)
    elif kind == STRIKE:
        _strike(st, R, chance, a, field_b(action))
    elif kind == USE:
        _use_treasure(st, R, chance, a)
    elif kind == ULTIMATE:
        _ultimate(st, R, chance, a, field_c(action) - 1, field_d(action) - 1)
    elif kind == DISCARD:
        _discard(st, R, chance, a)
    elif kind == FLEE:
        end_delve(st, R, chance, FLED_MONSTERS if st[PHASE] == MONSTER else FLED_DRAGON)
    elif kind == END_LOOT:
        enter_dragon(st, R)
        advance(st, R, chance)
    elif kind == RETIRE:
        end_delve(st, R, chance, RETIRED)
    else:                                       # SEEK_GLORY
        st[LEVEL] += 1
        roll_level(st, R, chance)


@no_refcounts
def _defeat(st, R, chance, source, as_type, t, extra):
    spend(st, R, source)
    sweeps = as_type == 4 or as_type == t       # components.SWEEPS
    n = st[DUNGEON + t] if sweeps else 1
    st[DUNGEON + t] -= n
    st[POOL] += n
    if extra >= 0:                              # Commander's Fighter, Bard's Champion
        st[DUNGEON + extra] -= 1
        st[POOL] += 1
    advance(st, R, chance)


@no_refcounts
def _open_chests(st, R, chance, source, as_type):
    spend(st, R, source)
    opens_all = as_type == 3 or (as_type == 4 and R[R_CHAMPION_ALL])
    n = st[DUNGEON + 3] if opens_all else 1
    st[DUNGEON + 3] -= n
    st[POOL] += n
    for _ in range(n):
        draw_treasure(st, R, chance)
    advance(st, R, chance)


@no_refcounts
def _quaff(st, R, chance, source):
    before = st[GRAVE]
    spend(st, R, source)
    cap = st[GRAVE] if R[R_QUAFF_COUNTS] else before
    potions = st[DUNGEON + 4]
    st[DUNGEON + 4] = 0                         # one die quaffs them all; extras are lost
    st[POOL] += potions
    begin_revive(st, R, chance, min(potions, cap))


@no_refcounts
def _roll_now(st, R, chance):
    n_party, n_dungeon = st[MARKED_P], st[MARKED_D]
    st[MARKED_P] = st[MARKED_D] = 0
    if n_party:                                 # re-rolls: the delve's own run of slots
        roll_party(st, chance, n_party, reroll_first(st, n_party))
    if n_dungeon:
        roll_dungeon(st, chance, n_dungeon, reroll_first(st, n_dungeon))
    st[PHASE] = st[RESUME]
    if st[PHASE] == REROLL:                     # the Mercenary formed the party: now the dungeon
        roll_level(st, R, chance)
    else:
        advance(st, R, chance)


@no_refcounts
def _strike(st, R, chance, source, as_type):
    if st[PHASE] == DRAGON:
        st[PHASE] = DRAGON_FIGHT
        st[STRIKES_LEFT] = dragon_need(st, R)
        st[STRIKE_MASK] = 0
    spend(st, R, source)
    st[STRIKE_MASK] |= 1 << as_type
    st[STRIKES_LEFT] -= 1
    if st[STRIKES_LEFT] > 0:
        return
    st[POOL] += st[LAIR]                        # the dragon is defeated
    st[LAIR] = 0
    st[here(st) + DEFEATED] += 1
    st[DELVE_DRAGONS] += 1
    for _ in range(R[R_DRAGON_TREASURES]):
        draw_treasure(st, R, chance)
    gain_xp(st, R, st[CUR], R[R_DRAGON_XP], 1)
    st[PHASE] = DRAGON
    advance(st, R, chance)


@no_refcounts
def _use_treasure(st, R, chance, token):
    spend_token(st, R, token)
    if token == TOWN_PORTAL:
        end_delve(st, R, chance, TOWN_PORTAL_END)
    elif token == RING:
        st[POOL] += st[LAIR]
        st[LAIR] = 0
        advance(st, R, chance)
    elif token == DRAGON_BAIT:
        _monsters_to_lair(st, R, chance)
    elif token == ELIXIR:
        begin_revive(st, R, chance, 1)


@no_refcounts
def _monsters_to_lair(st, R, chance):
    for t in range(3):
        st[LAIR] += st[DUNGEON + t]
        st[DUNGEON + t] = 0
    advance(st, R, chance)


@no_refcounts
def _ultimate(st, R, chance, name, t1, t2):
    st[ULT_USED] = 1
    n = (t1 >= 0) + (t2 >= 0)
    if name == CALCULATED_STRIKE:
        for t in (t1, t2):
            if t >= 0:
                st[DUNGEON + t] -= 1
                st[POOL] += 1
    elif name == BATTLECRY:
        _monsters_to_lair(st, R, chance)
        return
    elif name == PLEA_FOR_HELP or name == PULL_RANK:
        st[DUNGEON] -= n
        st[CONV + 3] += n
    elif name == ANIMATE_DEAD or name == COMMAND_DEAD:
        st[DUNGEON + 1] -= n
        st[CONV] += n
    elif name == CHARM_MONSTER or name == MESMERIZE:
        for t in (t1, t2):
            if t >= 0:
                st[DUNGEON + t] -= 1
        st[DUNGEON + 4] += 1
        st[POOL] += n - 1
    elif name == BARDS_SONG:
        st[POOL] += st[LAIR]
        st[LAIR] = 0
    elif name == ARCANE_FURY:
        for f in range(5):
            st[POOL] += st[DUNGEON + f]
            st[DUNGEON + f] = 0
        st[POOL] += st[LAIR]
        st[LAIR] = 0
    elif name == DIVINE_INTERVENTION:
        st[RESUME] = st[PHASE]
        st[PHASE] = DISCARD_PHASE
        return
    advance(st, R, chance)


@no_refcounts
def _discard(st, R, chance, token):
    """Divine Intervention: pay one treasure; defeat all monsters, open all chests, quaff all
    potions (no die spent), discard the Lair."""
    spend_token(st, R, token)
    st[PHASE] = st[RESUME]
    chests, potions = st[DUNGEON + 3], st[DUNGEON + 4]
    for f in range(5):
        st[POOL] += st[DUNGEON + f]
        st[DUNGEON + f] = 0
    st[POOL] += st[LAIR]
    st[LAIR] = 0
    for _ in range(chests):
        draw_treasure(st, R, chance)
    begin_revive(st, R, chance, min(potions, st[GRAVE]))
