"""Roll for Adventure's compiled kernel, part 2: the territories and the enemies, line for line
as ``territories.py`` and ``enemies.py`` (same orders: which die an attack takes, where a die goes
back, which card attacks first). State layout: ``kernel_layout.py``.
"""
from __future__ import annotations

from numba import njit

from simulate.games.roll_for_adventure.kernel_layout import (
    ACTIVE, ADVANCE, BARRIERS, BOARD, BONUS_GIVEN, BOUNDARY, CARDS_LEFT, CLAIM, CLAIMS, COMMANDED,
    DAMAGE, DECK, DEFEAT, DEFEATED, DESERT, DISCARD, ELIGIBLE, END, END_STONES, ENEMIES, GIVE, TAKEN,
    FALLEN, SEVERAL_FELL,
    ENEMY_DICE, FACE, FACE_ALL, FACE_NONE, FELL, FOREST, FOREST_STONES, FORT, GAME_OVER, HOLDER,
    ICE, ICE_PLACED, MASTER, MASTER_OUT, MASTER_TURN, MAX_OBLIVION, OBLIVION, OVER, PENDING,
    PHASE, PIPS, POOL, R_BOUNDS, R_DEFEAT_PIPS, R_DESERT_DICE, R_FACES, R_FORT_SPACES,
    R_FOREST_VALUES, R_ICE_ATTACK, R_ICE_REWARDS, R_LOSE, R_MASTER_DAMAGE, R_MASTER_DAMAGE_ALL,
    R_NBOUNDS, R_NEW_ENEMY_FIRST, R_NFACES, R_NFORT, R_NFOREST, R_STONES, RESET, SEAT_BONUS,
    SEAT_DEFEATED, SEAT_STONES, STONES, STONES_AT_MASTER, STONES_TOTAL, TURN, WON, card_land,
    card_rank, insert_front, pop_at, push, remove)
from simulate.games.roll_for_adventure.rules import TERRITORY_DIE
from simulate.kernels.cpython_random import mt_random
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


@njit(cache=True)
def finish(S, won, reason):
    S[OVER], S[WON], S[END], S[PHASE] = 1, won, reason, GAME_OVER


@njit(cache=True)
def give_back(L, N, S, die):
    """To its holder's board; a used bonus die back to the ice cave's big space."""
    if die >= 20:
        push(L, N, POOL, die)
    else:
        push(L, N, BOARD + S[HOLDER + die], die)


@njit(cache=True)
def give_all_back(L, N, S, row):
    for i in range(N[row]):
        give_back(L, N, S, L[row, i])
    N[row] = 0


@njit(cache=True)
def gain_stone(S, R, territory):
    S[STONES + territory] += 1
    S[STONES_TOTAL] += 1
    S[SEAT_STONES + S[ACTIVE]] += 1
    if S[STONES_TOTAL] >= R[R_STONES]:
        finish(S, 1, END_STONES)


@njit(cache=True)
def damage(S, R, territory, amount):
    if hurt(S, R, territory, amount):
        fall(S, R)


@njit(cache=True)
def hurt(S, R, territory, amount):
    """territories.hurt: the skull moves on, no further than the last hole; True there."""
    if amount <= 0:
        return False
    S[DAMAGE + territory] = min(R[R_LOSE], S[DAMAGE + territory] + amount)
    return S[DAMAGE + territory] >= R[R_LOSE]


@njit(cache=True)
def fall(S, R):
    """territories.fall: every territory at the end of its track falls, all at once."""
    fallen, count, first = 0, 0, -1
    for t in range(4):
        if S[DAMAGE + t] >= R[R_LOSE]:
            fallen |= 1 << t
            count += 1
            first = t if first < 0 else first
    S[FALLEN] = fallen
    finish(S, 0, FELL + first if count == 1 else SEVERAL_FELL)


# ---- placing the dice of one Place (row TAKEN) ------------------------------------------------
@njit(cache=True)
def place_desert(L, N, S, R):
    for i in range(N[TAKEN]):
        push(L, N, DESERT, L[TAKEN, i])
    if N[DESERT] >= R[R_DESERT_DICE]:
        push(L, N, PENDING, ADVANCE)


@njit(cache=True)
def place_fortress(L, N, S, R, subtask):
    row = FORT + subtask
    for i in range(N[TAKEN]):
        push(L, N, row, L[TAKEN, i])
    if N[row] < R[R_FORT_SPACES]:
        return
    S[BARRIERS + subtask] = 0
    give_all_back(L, N, S, row)
    for s in range(R[R_NFORT]):
        if S[BARRIERS + s]:
            return
    for s in range(R[R_NFORT]):
        S[BARRIERS + s] = 1
    gain_stone(S, R, 1)


@njit(cache=True)
def place_forest(L, N, S, R):
    for i in range(N[TAKEN]):
        push(L, N, FOREST, L[TAKEN, i])
    if N[FOREST] < S[BOUNDARY]:
        return
    give_all_back(L, N, S, FOREST)
    S[FOREST_STONES] += 1
    S[BOUNDARY] = R[R_BOUNDS + min(S[FOREST_STONES], R[R_NBOUNDS] - 1)]     # ruling 7
    gain_stone(S, R, 2)


@njit(cache=True)
def ice_count(S):
    n = 0
    for v in range(6):
        n += S[ICE + v] >= 0
    return n


@njit(cache=True)
def place_ice_cave(L, N, S, R, die, value):
    S[ICE + value - 1] = die
    S[ICE_PLACED] += 1
    if ice_count(S) >= R[R_ICE_REWARDS]:
        push(L, N, PENDING, CLAIM)


@njit(cache=True)
def place_on_enemy(L, N, S, R, card, pips):
    row = ENEMY_DICE + card
    for i in range(N[TAKEN]):
        push(L, N, row, L[TAKEN, i])
    S[PIPS + card] += pips
    if S[PIPS + card] >= R[R_DEFEAT_PIPS]:
        defeat(L, N, S, card)


@njit(cache=True)
def defeat(L, N, S, card):
    remove(L, N, ENEMIES, card)
    push(L, N, DISCARD, card)
    give_all_back(L, N, S, ENEMY_DICE + card)
    S[PIPS + card] = 0
    S[DEFEATED] += 1
    S[SEAT_DEFEATED + S[ACTIVE]] += 1


# ---- follow-ups ------------------------------------------------------------------------------
@njit(cache=True)
def label_key(S, die):
    """A die's label as a number: 100 'bonus', else colour * 4 + holder ('red', 'x ally of y')."""
    return 100 if die >= 20 else (die // 5) * 4 + S[HOLDER + die]


@njit(cache=True)
def desert_move(L, N, S, section, onward, key):
    """The last die of the section with this label moves on; the others go back."""
    for i in range(N[section] - 1, -1, -1):
        if label_key(S, L[section, i]) == key:
            push(L, N, onward, pop_at(L, N, section, i))
            break
    give_all_back(L, N, S, section)


@njit(cache=True)
def give_bonus(L, N, S, seat):
    push(L, N, BOARD + seat, pop_at(L, N, POOL, N[POOL] - 1))
    remove(L, N, ELIGIBLE, seat)
    S[SEAT_BONUS + seat] += 1
    S[BONUS_GIVEN] += 1


@njit(cache=True)
def claim_ice_cave(L, N, S, R):
    size, seen = 0, 0                     # seen: a bit per seat with a hero die in the cave
    for v in range(6):
        d = S[ICE + v]
        if d >= 0:
            size += 1
            if d < 20:
                seen |= 1 << S[HOLDER + d]
            give_back(L, N, S, d)
            S[ICE + v] = -1
    S[CLAIMS] += 1
    eligible = 0
    for s in range(4):
        eligible += (seen >> s) & 1
    if N[POOL] >= eligible:
        for s in range(4):
            if (seen >> s) & 1:
                give_bonus(L, N, S, s)
    elif N[POOL]:
        N[ELIGIBLE] = 0
        for s in range(4):
            if (seen >> s) & 1:
                push(L, N, ELIGIBLE, s)
        push(L, N, PENDING, GIVE)
    if size >= R[R_ICE_REWARDS + 1] and N[ENEMIES]:
        push(L, N, PENDING, DEFEAT)
    if size >= R[R_ICE_REWARDS + 2] and (S[DAMAGE] or S[DAMAGE + 1] or S[DAMAGE + 2]
                                         or S[DAMAGE + 3]):
        push(L, N, PENDING, RESET)


# ---- attacks and reveals -----------------------------------------------------------------------
@njit(cache=True)
def attack(L, N, S, R, territory):
    """Removed dice go to the Vortex of Oblivion; nothing to remove = 1 damage."""
    before = N[OBLIVION]
    if territory == 0:
        if N[DESERT]:
            push(L, N, OBLIVION, pop_at(L, N, DESERT, N[DESERT] - 1))
    elif territory == 1:
        for s in range(R[R_NFORT]):
            if N[FORT + s]:
                push(L, N, OBLIVION, pop_at(L, N, FORT + s, N[FORT + s] - 1))
    elif territory == 2:
        for j in range(R[R_NFOREST]):
            value = R[R_FOREST_VALUES + j]
            for i in range(N[FOREST] - 1, -1, -1):
                if S[FACE + L[FOREST, i]] == value:
                    push(L, N, OBLIVION, pop_at(L, N, FOREST, i))
                    break
    else:
        left = R[R_ICE_ATTACK]
        for v in range(5, -1, -1):
            if S[ICE + v] >= 0:
                push(L, N, OBLIVION, S[ICE + v])
                S[ICE + v] = -1
                left -= 1
                if not left:
                    break
    if N[OBLIVION] > before:
        if N[OBLIVION] > S[MAX_OBLIVION]:
            S[MAX_OBLIVION] = N[OBLIVION]
    else:
        damage(S, R, territory, 1)


@njit(cache=True)
def reveal(L, N, S, R, streams):
    """Step 2 of a turn: the top card; with the deck empty the Master of Shadows again."""
    if not N[DECK]:
        if S[MASTER_OUT]:
            master_attacks(L, N, S, R, streams)
        return
    card = pop_at(L, N, DECK, N[DECK] - 1)
    S[CARDS_LEFT] -= 1
    if card == MASTER:
        S[MASTER_OUT] = 1
        S[MASTER_TURN] = S[TURN]
        S[STONES_AT_MASTER] = S[STONES_TOTAL]
        master_attacks(L, N, S, R, streams)
        return
    rank = card_rank(R, card)
    N[COMMANDED] = 0
    for i in range(N[ENEMIES]):
        if card_rank(R, L[ENEMIES, i]) < rank:
            push(L, N, COMMANDED, L[ENEMIES, i])
    push(L, N, ENEMIES, card)
    if R[R_NEW_ENEMY_FIRST]:
        insert_front(L, N, COMMANDED, card)
    else:                                    # ruling 8: the commanded attack first
        push(L, N, COMMANDED, card)
    for i in range(N[COMMANDED]):
        attack(L, N, S, R, card_land(R, L[COMMANDED, i]))
        if S[OVER]:
            return


@njit(cache=True)
def master_attacks(L, N, S, R, streams):
    """Every face-up enemy attacks again, then the territory die (its own stream)."""
    for i in range(N[ENEMIES]):
        attack(L, N, S, R, card_land(R, L[ENEMIES, i]))
        if S[OVER]:
            return
    face = R[R_FACES + int(mt_random(streams[TERRITORY_DIE]) * R[R_NFACES])]
    if face == FACE_ALL:                         # every territory its damage, then falls
        fell = False
        for t in range(4):
            fell |= hurt(S, R, t, R[R_MASTER_DAMAGE_ALL])
        if fell:
            fall(S, R)
    elif face != FACE_NONE:
        damage(S, R, face, R[R_MASTER_DAMAGE])
