"""The compiled Dungeon Roll state: state.py's delves, phases and chance on one int64 array.

``st`` holds the table (offsets below, names as in state.py); ``R`` the rules (``R_*`` offsets,
filled by simulate/compiled/dungeon_roll.py from a Rules instance); ``chance`` (uint64) the
game's stream seeds by purpose, then the treasure tokens' identities (``CH_IDS``): streams.py's
``Chance``, whose counter-based numbers these functions twin, slot for slot, so a seed rolls
the same dice in both engines.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.dungeon_roll.legal import Phase
from simulate.games.dungeon_roll.components import MAX_PLAYERS, MAX_TOKEN_COPIES, TREASURE_IDS
from simulate.games.dungeon_roll.streams import (DELVE_SLOTS, DRAW_SLOTS, HEROES, LEVEL_SLOTS,
                                                 N_PURPOSES, REROLL_SLOTS, SEAT_DICE, TREASURES,
                                                 UNIT)
from simulate.kernels.chance import GOLDEN, splitmix64, stream_seed, streams_base
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels.rules import at
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

# Phases (legal.py's Phase, as plain ints for numba) and delve ends (scoring.py's strings, by index).
MONSTER, LOOT, DRAGON, DRAGON_FIGHT, REGROUP, REROLL, REVIVE_PHASE, DISCARD_PHASE, OVER = map(int, Phase)
# Between two delves: the driver starts the next one (state.py calls _start_delve from
# _end_delve; numba cannot cache that cycle, and nothing happens in between).
NEXT_DELVE = 9
RETIRED, LEVEL_10, TOWN_PORTAL_END, FLED_MONSTERS, FLED_DRAGON = range(5)
END_NAMES = ("retired", "level_10", "town_portal", "fled_monsters", "fled_dragon")
# Achievements (scoring.ACHIEVEMENTS order), as bits.
ACH_DRAGON_SLAYER, ACH_DRAGON_MASTER, ACH_DUNGEON_MASTER, ACH_DRAGON_BAIT = 1, 2, 4, 8

# Rules: R[offset].
(R_DELVES, R_PARTY_DICE, R_DUNGEON_DICE, R_MAX_LEVEL, R_LAIR, R_DRAGON_TYPES, R_SLAYER_TYPES,
 R_DRAGON_XP, R_DRAGON_TREASURES, R_LEVEL_UP_XP, R_LEVEL_UP_NOW, R_ULT_SHARED, R_CHAMPION_ALL,
 R_VOLUNTARY_FLEE, R_QUAFF_COUNTS, R_KEEP_LOOT, R_EMPTY_BOX_XP, R_USED_TO_BOX, R_TREASURE_VALUE,
 R_PORTAL_VALUE, R_SCALE_BONUS, R_SOLO_WIN) = range(22)
R_COUNTS = 22                   # treasure_counts[10]
R_SOLO_RANKS = 32               # solo_rank_scores[4]
R_SIZE = 36
# How each Rules field is written into R (simulate/kernels/rules.py walks the Rules fields).
RULES_ENCODERS = {
    "delves_per_player": at(R_DELVES), "party_dice": at(R_PARTY_DICE),
    "dungeon_dice": at(R_DUNGEON_DICE), "max_level": at(R_MAX_LEVEL),
    "lair_threshold": at(R_LAIR), "dragon_types_needed": at(R_DRAGON_TYPES),
    "dragon_slayer_types_needed": at(R_SLAYER_TYPES), "dragon_xp": at(R_DRAGON_XP),
    "dragon_treasures": at(R_DRAGON_TREASURES), "level_up_xp": at(R_LEVEL_UP_XP),
    "level_up_immediate": at(R_LEVEL_UP_NOW), "ultimate_shared_on_level_up": at(R_ULT_SHARED),
    "champion_opens_all_chests": at(R_CHAMPION_ALL), "voluntary_flee": at(R_VOLUNTARY_FLEE),
    "quaffing_die_counts": at(R_QUAFF_COUNTS), "keep_loot_after_fleeing": at(R_KEEP_LOOT),
    "empty_box_xp": at(R_EMPTY_BOX_XP), "used_treasures_to_box": at(R_USED_TO_BOX),
    "treasure_value": at(R_TREASURE_VALUE), "town_portal_value": at(R_PORTAL_VALUE),
    "scale_pair_bonus": at(R_SCALE_BONUS), "solo_win_score": at(R_SOLO_WIN),
    "treasure_counts": at(R_COUNTS), "solo_rank_scores": at(R_SOLO_RANKS)}

# The table: st[offset].
(N_PLAYERS, CUR, PHASE, RESUME, LEVEL, GRAVE, LAIR, POOL, ULT_USED, MARKED_P, MARKED_D,
 REROLL_DUNGEON, REVIVES, STRIKES_LEFT, STRIKE_MASK, DELVE_START_XP, DELVE_DRAGONS,
 DELVE_DRAGON_XP, DELVE_BOX_XP, DELVES_PLAYED, IS_OVER, BOX_TOTAL, TOKENS_GONE,
 DELVE_REROLLS) = range(24)     # DELVE_REROLLS, DELVE_DRAWS: state.py's delve_rerolls, delve_draws
PARTY = 24                      # party[6]: active party dice by face
CONV = 30                       # converted[6]: dungeon dice turned companions
DUNGEON = 36                    # dungeon[6]: this level's dungeon dice (never a Dragon)
BOX = 42                        # box[10]: treasure tokens in the box
DELVE_LOOT = 52                 # delve_loot[10]: tokens won this delve
SEATS = 62
# Per seat, at SEATS + seat * SEAT_SIZE + field:
(HERO, MASTER, XP, XP_LEVELS, XP_DRAGONS, XP_BOX, FOUGHT, DEFEATED, FLEES, ACH, N_DELVES) = range(11)
HAND = 11                       # hand[10]: treasure tokens held
DELVE_LEVEL, DELVE_XP, DELVE_END = 21, 26, 31     # per delve (at most 5)
SEAT_SIZE = 36
DELVE_DRAWS = SEATS + MAX_PLAYERS * SEAT_SIZE
ST_SIZE = DELVE_DRAWS + 1


@no_refcounts
def seat_at(st, seat):
    return SEATS + seat * SEAT_SIZE


@no_refcounts
def here(st):
    """Offset of the current seat's block."""
    return SEATS + st[CUR] * SEAT_SIZE


# ---------------------------------------------------------------- chance
CH_IDS = N_PURPOSES             # chance[CH_IDS + kind * MAX_TOKEN_COPIES + copy]: a token's id
CHANCE_SIZE = CH_IDS + len(TREASURE_IDS) * MAX_TOKEN_COPIES


def new_chance() -> np.ndarray:
    """A game's chance array: seeds to fill per game (:func:`seed_chance`), the tokens' ids."""
    chance = np.zeros(CHANCE_SIZE, dtype=np.uint64)
    chance[CH_IDS:] = np.array(TREASURE_IDS, dtype=np.uint64).ravel()
    return chance


@njit(cache=True)
def seed_chance(chance, mt) -> None:
    """``streams.Chance(rng)``: the streams' base from the game's generator, a seed per purpose."""
    base = streams_base(mt)
    for purpose in range(N_PURPOSES):
        chance[purpose] = stream_seed(base, purpose)


@no_refcounts
def counter_draw(seed, slot):
    """``streams.counter_draw``: the 64-bit number in ``slot`` of the stream seeded ``seed``."""
    return splitmix64(seed + np.uint64(slot) * GOLDEN)


@no_refcounts
def chance_value(chance, purpose, slot):
    """``Chance.value``: a number in [0, 1)."""
    return float(counter_draw(chance[purpose], slot) >> np.uint64(11)) * UNIT


@no_refcounts
def delve_base(st):
    """The first dice slot of the current seat's current delve (streams.party_slot)."""
    return st[here(st) + N_DELVES] * DELVE_SLOTS


@no_refcounts
def reroll_first(st, n):
    """``State._reroll_slot``: the first slot of the next n re-rolled dice of this delve."""
    first = delve_base(st) + REROLL_SLOTS + st[DELVE_REROLLS]
    st[DELVE_REROLLS] += n
    return first


@no_refcounts
def roll_party(st, chance, n, first):
    purpose = SEAT_DICE + st[CUR]
    for i in range(n):
        st[PARTY + int(chance_value(chance, purpose, first + i) * 6)] += 1


@no_refcounts
def roll_dungeon(st, chance, n, first):
    """Roll n dungeon dice (already out of the pool; the delving seat's slots first, first + 1,
    ...); Dragons go to the Lair at once."""
    dragons = 0
    purpose = SEAT_DICE + st[CUR]
    for i in range(n):
        face = int(chance_value(chance, purpose, first + i) * 6)
        if face == 5:
            dragons += 1
        else:
            st[DUNGEON + face] += 1
    st[LAIR] += dragons
    if dragons >= 3:
        st[here(st) + ACH] |= ACH_DRAGON_BAIT


# ---------------------------------------------------------------- delves
@njit(cache=True)
def new_game(st, R, chance, n_players, heroes):
    """state.State.__init__ with deal_heroes: ``heroes[seat]`` fixed or -1 (dealt)."""
    st[:] = 0
    st[N_PLAYERS] = n_players
    for t in range(10):
        st[BOX + t] = R[R_COUNTS + t]
        st[BOX_TOTAL] += R[R_COUNTS + t]
    free = np.empty(8, dtype=np.int64)
    n_free = 0
    for h in range(8):
        fixed = False
        for seat in range(n_players):
            fixed |= heroes[seat] == h
        if not fixed:
            free[n_free] = h
            n_free += 1
    picks = 0
    for seat in range(n_players):
        hero = heroes[seat]
        if hero < 0:                            # free.pop(chance.deal(picks, len(free)))
            i = int(chance_value(chance, HEROES, picks) * n_free)
            picks += 1
            hero = free[i]
            for j in range(i, n_free - 1):
                free[j] = free[j + 1]
            n_free -= 1
        st[seat_at(st, seat) + HERO] = hero
    start_delve(st, R, chance)


@no_refcounts
def start_delve(st, R, chance):
    me = here(st)
    st[LEVEL] = 1
    for f in range(6):
        st[PARTY + f] = st[CONV + f] = st[DUNGEON + f] = 0
    for t in range(10):
        st[DELVE_LOOT + t] = 0
    st[GRAVE] = st[LAIR] = st[ULT_USED] = st[MARKED_P] = st[MARKED_D] = 0
    st[REROLL_DUNGEON] = st[REVIVES] = st[STRIKES_LEFT] = st[STRIKE_MASK] = 0
    st[DELVE_DRAGONS] = st[DELVE_DRAGON_XP] = st[DELVE_BOX_XP] = 0
    st[DELVE_REROLLS] = st[DELVE_DRAWS] = 0
    st[POOL] = R[R_DUNGEON_DICE]
    st[RESUME] = MONSTER
    st[DELVE_START_XP] = st[me + XP]
    roll_party(st, chance, R[R_PARTY_DICE], delve_base(st))
    hero = st[me + HERO]
    if hero == 2:                               # Knight: Scrolls become Champions
        st[PARTY + 4] += st[PARTY + 5]
        st[PARTY + 5] = 0
    if hero == 1 and not st[me + MASTER]:       # Mercenary: re-roll party dice, then the dungeon
        st[PHASE] = st[RESUME] = REROLL
        st[REROLL_DUNGEON] = 0
        return
    roll_level(st, R, chance)


@no_refcounts
def roll_level(st, R, chance):
    n = min(st[LEVEL], st[POOL])
    st[POOL] -= n
    roll_dungeon(st, chance, n, delve_base(st) + st[LEVEL] * LEVEL_SLOTS)
    st[PHASE] = MONSTER
    advance(st, R, chance)


@no_refcounts
def advance(st, R, chance):
    """Leave phases with nothing left to do: no monsters, no loot, no dragon attack."""
    d = DUNGEON
    if st[PHASE] == MONSTER:
        if st[d] or st[d + 1] or st[d + 2]:
            return
        st[PHASE] = LOOT
    if st[PHASE] == LOOT:
        if st[d + 3] or st[d + 4]:
            return
        enter_dragon(st, R)
    if st[PHASE] == DRAGON:
        if st[LAIR] >= R[R_LAIR]:
            return
        st[PHASE] = REGROUP
        for f in range(6):                      # converted companions are discarded
            st[POOL] += st[CONV + f]
            st[CONV + f] = 0
    if st[PHASE] == REGROUP and st[LEVEL] >= R[R_MAX_LEVEL]:
        end_delve(st, R, chance, LEVEL_10)


@no_refcounts
def enter_dragon(st, R):
    st[POOL] += st[DUNGEON + 3] + st[DUNGEON + 4]      # unused chests and potions go back
    st[DUNGEON + 3] = st[DUNGEON + 4] = 0
    st[PHASE] = DRAGON
    if st[LAIR] >= R[R_LAIR]:
        st[here(st) + FOUGHT] += 1


@no_refcounts
def end_delve(st, R, chance, end):
    me = here(st)
    if end <= TOWN_PORTAL_END:
        gain_xp(st, R, st[CUR], st[LEVEL], 0)
        if st[LEVEL] >= 10:
            st[me + ACH] |= ACH_DUNGEON_MASTER
    else:
        st[me + FLEES] += 1
        if not R[R_KEEP_LOOT]:
            give_back_loot(st, me)
    if not R[R_LEVEL_UP_NOW]:
        check_level_up(st, R, me)
    if st[DELVE_DRAGONS] >= 2:
        st[me + ACH] |= ACH_DRAGON_SLAYER
    if st[DELVE_DRAGONS] >= 3:
        st[me + ACH] |= ACH_DRAGON_MASTER
    k = st[me + N_DELVES]
    st[me + DELVE_LEVEL + k] = st[LEVEL]
    st[me + DELVE_XP + k] = st[me + XP] - st[DELVE_START_XP]
    st[me + DELVE_END + k] = end
    st[me + N_DELVES] = k + 1
    st[DELVES_PLAYED] += 1
    for f in range(6):                          # all dice set aside
        st[PARTY + f] = st[DUNGEON + f] = st[CONV + f] = 0
    st[GRAVE] = st[LAIR] = st[MARKED_P] = st[MARKED_D] = 0
    st[POOL] = R[R_DUNGEON_DICE]
    if st[DELVES_PLAYED] >= st[N_PLAYERS] * R[R_DELVES]:
        st[IS_OVER] = 1
        st[PHASE] = OVER
        return
    st[CUR] = (st[CUR] + 1) % st[N_PLAYERS]
    st[PHASE] = NEXT_DELVE


@no_refcounts
def give_back_loot(st, me):
    for t in range(10):
        back = min(st[DELVE_LOOT + t], st[me + HAND + t])
        st[me + HAND + t] -= back
        st[BOX + t] += back
        st[BOX_TOTAL] += back
    st[me + XP_DRAGONS] -= st[DELVE_DRAGON_XP]
    st[me + XP] -= st[DELVE_DRAGON_XP]
    st[me + XP_BOX] -= st[DELVE_BOX_XP]
    st[me + XP] -= st[DELVE_BOX_XP]


# ---------------------------------------------------------------- XP and treasures
@no_refcounts
def gain_xp(st, R, seat, n, kind):
    """kind: 0 level, 1 dragon, 2 empty box."""
    if not n:
        return
    me = seat_at(st, seat)
    st[me + XP] += n
    if kind == 0:
        st[me + XP_LEVELS] += n
    elif kind == 1:
        st[me + XP_DRAGONS] += n
        st[DELVE_DRAGON_XP] += n
    else:
        st[me + XP_BOX] += n
        st[DELVE_BOX_XP] += n
    if R[R_LEVEL_UP_NOW]:
        check_level_up(st, R, me)


@no_refcounts
def check_level_up(st, R, me):
    if not st[me + MASTER] and st[me + XP] >= R[R_LEVEL_UP_XP]:
        st[me + MASTER] = 1
        if not R[R_ULT_SHARED]:
            st[ULT_USED] = 0


@no_refcounts
def draw_treasure(st, R, chance):
    if not st[BOX_TOTAL]:
        gain_xp(st, R, st[CUR], R[R_EMPTY_BOX_XP], 2)
        return
    me = here(st)                               # Chance.token: first in the keyed order
    slot = (st[me + N_DELVES] * MAX_PLAYERS + st[CUR]) * DRAW_SLOTS + st[DELVE_DRAWS]
    st[DELVE_DRAWS] += 1
    seed = counter_draw(chance[TREASURES], slot)
    t, best = -1, np.uint64(0)
    for kind in range(10):
        for copy in range(st[BOX + kind]):
            key = splitmix64(seed ^ chance[CH_IDS + kind * MAX_TOKEN_COPIES + copy])
            if t < 0 or key < best:
                t, best = kind, key
    st[BOX + t] -= 1
    st[BOX_TOTAL] -= 1
    st[me + HAND + t] += 1
    st[DELVE_LOOT + t] += 1


@no_refcounts
def spend_token(st, R, token):
    st[here(st) + HAND + token] -= 1
    if R[R_USED_TO_BOX]:
        st[BOX + token] += 1
        st[BOX_TOTAL] += 1
    else:
        st[TOKENS_GONE] += 1


@no_refcounts
def spend(st, R, source):
    """A party die to the graveyard, a converted die to the pool, a token to the box, or the
    hero's ultimate (sources as in actions.py: 0-5 dice, 6-11 converted, 12-16 tokens, 17 hero)."""
    if source < 6:
        st[PARTY + source] -= 1
        st[GRAVE] += 1
    elif source < 12:
        st[CONV + source - 6] -= 1
        st[POOL] += 1
    elif source < 17:
        spend_token(st, R, source - 12)
    else:
        st[ULT_USED] = 1


@no_refcounts
def begin_revive(st, R, chance, n):
    if n:
        st[REVIVES] = n
        if st[PHASE] != REVIVE_PHASE:
            st[RESUME] = st[PHASE]
            st[PHASE] = REVIVE_PHASE
    else:
        advance(st, R, chance)


@no_refcounts
def dragon_need(st, R):
    me = here(st)
    if st[me + HERO] == 2 and st[me + MASTER]:
        return R[R_SLAYER_TYPES]
    return R[R_DRAGON_TYPES]
