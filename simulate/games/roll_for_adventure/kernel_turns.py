"""Roll for Adventure's compiled kernel, part 3b: set-up, applying an action and the turns, line
for line as ``__init__.new_game`` and ``state.py`` (the same draws from the same streams: rows
of ``streams``, one per purpose of rules.py, seeded by ``simulate/kernels/chance.py`` as
``State.streams`` is: the deck's keyed shuffle, the Master's place, the heroes, the territory
die, each seat's dice). The actions (rows of ``A``) and the legal list: ``kernel_legal.py``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_for_adventure.kernel_board import (
    claim_ice_cave, defeat, desert_move, finish, gain_stone, give_bonus, place_desert,
    place_forest, place_fortress, place_ice_cave, place_on_enemy, reveal)
from simulate.games.roll_for_adventure.kernel_layout import (
    ACTIVE, ADVANCE, BARRIERS, BOARD, BOUNDARY, CARDS_LEFT, CLAIM, DAMAGE, DECK, DEFEAT, DESERT,
    DESERT2, ELIGIBLE, END_NO_DICE, END_TURN_LIMIT, FACE, GIVE, HAND, HEROES, HOLDER, ICE,
    ICE_PLACED, LEGAL_N, LOSE, LOST, MASTER, MASTER_TURN, MAX_OBLIVION, OBLIVION, OVER, PENDING,
    PHASE, PLACE, PLAYERS, POOL, POWER_USED, POWERS, R_ALLIES, R_BONUS, R_BOUNDS, R_DECK_SIZE,
    R_DESERT_DICE, R_HEAL_ONE, R_HERO_DICE, R_HERO_POWERS, R_MASTER_POS, R_MASTER_STACK,
    R_MAX_TURNS, R_NFORT, R_NO_DICE_BELOW, R_STACKS, R_SUBTASK, R_VORTEX, RES_PIPS, RESURRECTION,
    RESURRECTIONS, SEAT_PLACED, STONES_AT_MASTER, TAKEN, TURN, TURN_OVER, extend, insert_front,
    pop_at, push, remove)
from simulate.games.roll_for_adventure.kernel_legal import (
    POWER, ADVENTURER, HEALER, WARRIOR, placements)
from simulate.games.roll_for_adventure.rules import DEAL, DECK as DECK_STREAM, DICE, TERRITORY_DIE
from simulate.kernels.chance import keyed_shuffle, seed_rows, shuffle_seed, streams_base
from simulate.kernels.cpython_random import mt_random
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


# ---- applying an action ----------------------------------------------------------------------
@njit(cache=True)
def apply(L, N, S, R, A, a, streams):
    S[LEGAL_N] = -1
    kind = A[a, 0]
    if kind == PLACE:
        place(L, N, S, R, A, A[a, 1], A[a, 2], A[a, 3], streams)
    elif kind == POWER:
        use_power(L, N, S, R, A, A[a, 1], A[a, 2], A[a, 3], streams)
    else:
        follow_up(L, N, S, R, A, kind, A[a, 1], streams)


@njit(cache=True)
def place(L, N, S, R, A, v, code, n, streams):
    """Bonus dice first, then ally dice, then own dice (the highest die numbers)."""
    N[TAKEN] = 0
    for i in range(N[HAND]):
        if S[FACE + L[HAND, i]] == v:
            push(L, N, TAKEN, L[HAND, i])
    if N[TAKEN] != n:
        m = N[TAKEN]
        for i in range(1, m):                    # sort descending (insertion sort)
            x, j = L[TAKEN, i], i - 1
            while j >= 0 and L[TAKEN, j] < x:
                L[TAKEN, j + 1] = L[TAKEN, j]
                j -= 1
            L[TAKEN, j + 1] = x
        N[TAKEN] = n
    for i in range(n):
        remove(L, N, HAND, L[TAKEN, i])
    S[SEAT_PLACED + S[ACTIVE]] += n
    if code == 0:
        place_desert(L, N, S, R)
    elif code == 1:
        place_fortress(L, N, S, R, R[R_SUBTASK + v])
    elif code == 2:
        place_forest(L, N, S, R)
    elif code == 3:
        place_ice_cave(L, N, S, R, L[TAKEN, 0], v)
    elif code == 4:
        place_resurrection(L, N, S, R, v * n)
    else:
        place_on_enemy(L, N, S, R, code - 5, v * n)
    if not S[OVER]:
        after_placement(L, N, S, R, A, streams)


@njit(cache=True)
def place_resurrection(L, N, S, R, pips):
    """Ends the turn; at the threshold both vortexes free their dice: hero dice to their owners,
    ally dice to the active player, bonus dice to the ice cave."""
    S[TURN_OVER] = 1
    extend(L, N, RESURRECTION, TAKEN)
    S[RES_PIPS] += pips
    if S[RES_PIPS] < R[R_VORTEX]:
        return
    for row in (OBLIVION, RESURRECTION):
        for i in range(N[row]):
            d = L[row, i]
            if d >= 20:
                push(L, N, POOL, d)
            else:
                holder = d // 5 if d // 5 < S[PLAYERS] else S[ACTIVE]
                S[HOLDER + d] = holder
                push(L, N, BOARD + holder, d)
        N[row] = 0
    S[RES_PIPS] = 0
    S[RESURRECTIONS] += 1


@njit(cache=True)
def roll_hand(L, N, S, streams):
    dice = streams[DICE + S[ACTIVE]]             # the active seat's own dice
    for i in range(N[HAND]):
        S[FACE + L[HAND, i]] = int(mt_random(dice) * 6) + 1


@njit(cache=True)
def after_placement(L, N, S, R, A, streams):
    """Queued follow-ups first; else roll the rest, or end the turn."""
    if N[PENDING]:
        S[PHASE] = L[PENDING, 0]
    elif S[TURN_OVER] or not N[HAND]:
        end_turn(L, N, S, R, A, streams)
    else:
        roll_hand(L, N, S, streams)
        enter_place(L, N, S, R, A, streams)


@njit(cache=True)
def enter_place(L, N, S, R, A, streams):
    S[PHASE] = PLACE
    if not placements(L, N, S, R, A):            # nothing fits: the roll stays on the board
        end_turn(L, N, S, R, A, streams)


@njit(cache=True)
def highest_die(L, N, S, value):
    best = -1
    for i in range(N[HAND]):
        d = L[HAND, i]
        if S[FACE + d] == value and d > best:
            best = d
    return best


@njit(cache=True)
def use_power(L, N, S, R, A, hero, value, target, streams):
    S[POWER_USED] = 1
    if hero == ADVENTURER:                       # roll the whole roll again
        roll_hand(L, N, S, streams)
    elif hero == WARRIOR:                        # one die to its opposite face
        S[FACE + highest_die(L, N, S, value)] = 7 - value
    elif hero == HEALER:                         # the lowest die to oblivion, heal 1
        die = highest_die(L, N, S, value)
        remove(L, N, HAND, die)
        push(L, N, OBLIVION, die)
        S[MAX_OBLIVION] = max(S[MAX_OBLIVION], N[OBLIVION])
        S[DAMAGE + target] -= 1
    else:                                        # the highest die on an enemy, double pips
        die = highest_die(L, N, S, value)
        remove(L, N, HAND, die)
        N[TAKEN] = 1
        L[TAKEN, 0] = die
        place_on_enemy(L, N, S, R, target, 2 * value)
        after_placement(L, N, S, R, A, streams)
        return
    if N[HAND]:
        enter_place(L, N, S, R, A, streams)
    else:
        end_turn(L, N, S, R, A, streams)


@njit(cache=True)
def follow_up(L, N, S, R, A, kind, x, streams):
    pop_at(L, N, PENDING, 0)
    if kind == ADVANCE:
        desert_move(L, N, S, DESERT, DESERT2, x)
        if N[DESERT2] >= R[R_DESERT_DICE + 1]:
            insert_front(L, N, PENDING, LOSE)
    elif kind == LOSE:
        desert_move(L, N, S, DESERT2, LOST, x)
        gain_stone(S, R, 0)
    elif kind == CLAIM:
        if x:
            claim_ice_cave(L, N, S, R)
    elif kind == GIVE:
        give_bonus(L, N, S, x)
        if N[POOL] and N[ELIGIBLE]:
            insert_front(L, N, PENDING, GIVE)
    elif kind == DEFEAT:
        defeat(L, N, S, x)
    else:
        S[DAMAGE + x] = S[DAMAGE + x] - 1 if R[R_HEAL_ONE] else 0
    if not S[OVER]:
        after_placement(L, N, S, R, A, streams)


# ---- turns and set-up ------------------------------------------------------------------------
@njit(cache=True)
def end_turn(L, N, S, R, A, streams):
    """Unplaced dice stay on the board; reveal and attack; next players until one can act."""
    extend(L, N, BOARD + S[ACTIVE], HAND)
    N[HAND] = 0
    while True:
        reveal(L, N, S, R, streams)
        if S[OVER]:
            return
        if S[TURN] >= R[R_MAX_TURNS]:
            finish(S, 0, END_TURN_LIMIT)
            return
        S[ACTIVE] = (S[ACTIVE] + 1) % S[PLAYERS]
        S[TURN] += 1
        if start_turn(L, N, S, R, A, streams):
            return


@njit(cache=True)
def start_turn(L, N, S, R, A, streams):
    """Begin the active player's turn; False if they have nothing to place."""
    S[ICE_PLACED] = S[POWER_USED] = S[TURN_OVER] = 0
    below, alive = R[R_NO_DICE_BELOW], False      # ruling 9: bonus dice do not count
    for seat in range(S[PLAYERS]):
        for i in range(N[BOARD + seat]):
            if L[BOARD + seat, i] < below:
                alive = True
    if not alive:
        finish(S, 0, END_NO_DICE)
        return True
    board = BOARD + S[ACTIVE]
    if not N[board]:
        return False                             # a turn without dice still reveals a card
    extend(L, N, HAND, board)
    N[board] = 0
    roll_hand(L, N, S, streams)
    S[PHASE] = PLACE
    if placements(L, N, S, R, A):
        return True
    extend(L, N, board, HAND)                    # the roll stays on the board
    N[HAND] = 0
    return False


@njit(cache=True)
def seed_streams(streams, mt, R, n_players):
    """``State.streams``: the base from the game's generator ``mt``, then the rows this game
    draws from (seeding draws nothing, so unused purposes may stay unseeded)."""
    purposes = np.empty(3 + n_players, np.int64)    # the deal last: used only with powers
    purposes[0], purposes[1], purposes[2 + n_players] = DECK_STREAM, TERRITORY_DIE, DEAL
    for seat in range(n_players):
        purposes[2 + seat] = DICE + seat
    used = len(purposes) if R[R_HERO_POWERS] else len(purposes) - 1
    seed_rows(streams, streams_base(mt), purposes[:used])


@njit(cache=True)
def new_game(L, N, S, R, A, mt, streams, n_players, heroes, deck_ids, hero_ids):
    """__init__.new_game: the streams, dice, allies, bonus dice, the deck, heroes, the first
    roll. ``deck_ids`` / ``hero_ids``: the keyed shuffles' identities (enemies.deck_ids,
    heroes.HERO_IDS)."""
    seed_streams(streams, mt, R, n_players)
    N[:] = 0
    S[:] = 0
    for d in range(24):
        S[HOLDER + d] = d // 5 if d < 20 else -1
    for v in range(6):
        S[ICE + v] = -1
    for s in range(R[R_NFORT]):
        S[BARRIERS + s] = 1
    S[BOUNDARY] = R[R_BOUNDS]
    S[MASTER_TURN] = S[STONES_AT_MASTER] = S[LEGAL_N] = -1
    S[PLAYERS], S[TURN] = n_players, 1
    spare = n_players * 5                        # dice of the unused colours
    for seat in range(n_players):
        for j in range(R[R_HERO_DICE]):
            push(L, N, BOARD + seat, seat * 5 + j)
        for _ in range(R[R_ALLIES + n_players - 2]):
            S[HOLDER + spare] = seat
            push(L, N, BOARD + seat, spare)
            spare += 1
    for b in range(R[R_BONUS]):
        push(L, N, POOL, 20 + b)
    build_deck(L, N, R, streams, deck_ids)
    S[CARDS_LEFT] = N[DECK]
    for s in range(4):
        S[HEROES + s] = -1
    if R[R_HERO_POWERS]:
        S[POWERS] = 1
        free = np.empty(4, np.int64)
        m = 0
        for h in range(4):
            if not (heroes[:n_players] == h).any():
                free[m] = h
                m += 1
        free = free[:m]
        keyed_shuffle(free, hero_ids[free], shuffle_seed(streams[DEAL]))
        for seat in range(n_players):
            if heroes[seat] >= 0:
                S[HEROES + seat] = heroes[seat]
            else:
                m -= 1
                S[HEROES + seat] = free[m]
    if not start_turn(L, N, S, R, A, streams):
        end_turn(L, N, S, R, A, streams)


@njit(cache=True)
def build_deck(L, N, R, streams, deck_ids):
    """enemies.build_deck: keyed shuffle, cut into stacks, the Master into one; DECK's top =
    last."""
    cards = np.arange(R[R_DECK_SIZE])
    keyed_shuffle(cards, deck_ids.copy(), shuffle_seed(streams[DECK_STREAM]))
    size = cards.size
    if R[R_MASTER_POS]:
        at = min(R[R_MASTER_POS] - 1, size)
    else:
        stacks = R[R_STACKS]
        base, extra = size // stacks, size % stacks
        start = 0
        for i in range(R[R_MASTER_STACK] - 1):   # stacks as equal as possible, larger on top
            start += base + (i < extra)
        height = base + (R[R_MASTER_STACK] - 1 < extra)
        at = start + int(mt_random(streams[DECK_STREAM]) * (height + 1))
    N[DECK] = size + 1
    for i in range(size + 1):                    # drawing order i sits at DECK[size - i]
        card = MASTER if i == at else cards[i - (i > at)]
        L[DECK, size - i] = card
