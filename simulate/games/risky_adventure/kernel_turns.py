"""Risky Adventure's compiled kernel, part 3: the state machine (``state.py``): set-up, the
turn (place, roll, claim, rewards, activations), clean-up, rounds, the end and final scoring
(``scoring.py``), with the same draws in the same order. A placement is not listed: its count
and the ``i``-th one in the engine's order (``placement``) follow from the open spots.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.risky_adventure.kernel_claims import (
    activation_options, apply_activate, apply_bonus, apply_claim, legal_claims)
from simulate.games.risky_adventure.kernel_grant import give_granted
from simulate.games.risky_adventure.kernel_layout import (
    ACTIVATE, ACT_DONE, ARTS, A_B, A_TYPE, BONUS, BOX, CAMP, CLAIM, CLOCKS, CLOCK_SUPPLY,
    CUR, DECK, EQUIP, EXC, EXC_SPOT, EXPEDITION, EXP_DONE, EXP_SPOT, E_KIND, FAME, FLAGS,
    FRESH, F_EQUIPMENT, F_EXCAVATION, F_EXPEDITION, F_ROUND_LIMIT, K_SCARAB_BOTTOM,
    K_SCARAB_TOP, LEGAL_N, MAP, MAPS, MAPS_DONE, MAPS_UP, MAP_DECK, MAP_FAME, M_FAME, M_NEEDS,
    OPEN, OVER, PENDING_BONUS, PENDING_MAPS, PHASE, PLACE, PLACED, PLACE_SIZE, PLAYERS, POS,
    REACHED_END, REASON, ROLL, ROUND, R_A, R_ADVENTURERS, R_B, R_CAMP, R_CLOCKS, R_DICE,
    R_END_EQUIPMENT, R_END_EXCAVATION, R_EXPEDITIONS_TO_END, R_LIMITED, R_MAPS_UP, R_MAX_ROUNDS,
    R_PAIR_FAME, R_PART_FAME, R_REVEALED, R_SAME_TURN, R_STARTING_CLOCKS, R_TURN_END, R_WILDS,
    SCARABS, TOKENS, TRIPS, TURN, T_NOTHING, WILDS, WILD_SUPPLY, next_combination, pop,
    pop_at, push, reach)
from simulate.games.risky_adventure import streams as purpose     # the purposes, as the engine's
from simulate.kernels.chance import keyed_order, seed_stream, shuffle_seed, streams_base
from simulate.kernels.cpython_random import mt_random
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


# ---- chance (streams.py) ----------------------------------------------------------------------
@njit(cache=True)
def seed_streams(streams, mt, n):
    """State.__init__'s ``Streams(rng)``: the base drawn from the game's generator ``mt``, row
    p of ``streams`` the stream of purpose p (the seats' dice rows for the ``n`` seats only)."""
    base = streams_base(mt)
    for row in range(purpose.DICE + n):
        seed_stream(streams, base, row)


@njit(cache=True)
def deal_keyed(L, N, row, stream, ids):
    """State.shuffled into row ``row``: the pile's cards in keyed order (top = last)."""
    for c in keyed_order(shuffle_seed(stream), ids):
        push(L, N, row, c)


# ---- set-up -----------------------------------------------------------------------------------
@njit(cache=True)
def new_game(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, mt, streams, IDS, n, A, W, grant):
    """State.__init__: the table (a granted card: kernel_grant.py), then the flow up to the
    first decision. ``IDS``: components.Identities as uint64 arrays."""
    seed_streams(streams, mt, n)
    N[:] = 0
    S[:] = 0
    SE[:] = 0
    AF[:] = 0
    S[PLAYERS], S[ROUND], S[EXPEDITION] = n, 1, -1
    limited = R[R_LIMITED]
    S[CLOCK_SUPPLY] = R[R_CLOCKS] - n * R[R_STARTING_CLOCKS] if limited else 0
    S[WILD_SUPPLY] = R[R_WILDS] if limited else 0
    for s in range(n):
        SE[s, CLOCKS] = R[R_STARTING_CLOCKS]
    scratch_a, scratch_b = OPEN, TRIPS          # the A and B piles, until the stacks fill
    for a in keyed_order(shuffle_seed(streams[purpose.ARTIFACTS]), IDS[0]):  # both piles
        push(L, N, scratch_b if ART[a, A_B] else scratch_a, a)
    for e in range(3):
        for _k in range(R[R_B]):
            push(L, N, EXC + e, pop(L, N, scratch_b))
        for _k in range(R[R_A]):
            push(L, N, EXC + e, pop(L, N, scratch_a))
    for i in range(N[scratch_a]):               # the rest stay in the box
        push(L, N, BOX, L[scratch_a, i])
    for i in range(N[scratch_b]):
        push(L, N, BOX, L[scratch_b, i])
    deal_keyed(L, N, DECK, streams[purpose.EQUIPMENT], IDS[2])
    give_granted(L, N, S, SE, R, EQ, AF, grant)           # before the camp is dealt
    for _k in range(R[R_CAMP]):
        push(L, N, CAMP, pop(L, N, DECK))
    deal_keyed(L, N, MAP_DECK, streams[purpose.MAPS], IDS[3])
    for _k in range(min(R[R_MAPS_UP], N[MAP_DECK])):
        push(L, N, MAPS_UP, pop(L, N, MAP_DECK))
    deal_keyed(L, N, TOKENS, streams[purpose.EXPEDITIONS], IDS[1])
    start_turn(L, N, S, SE, R, EXP)


@njit(cache=True)
def start_turn(L, N, S, SE, R, EXP):
    seat = S[CUR]
    if seat == 0 and S[EXPEDITION] < 0 and N[TOKENS] and S[EXP_DONE] < EXP.shape[0]:
        S[EXPEDITION] = pop(L, N, TOKENS)       # the start player reveals it
        for s in range(S[PLAYERS]):
            SE[s, POS] = 0
    S[TURN] += 1
    N[PLACED] = 0
    S[ROLL:ROLL + 3] = 0
    S[PENDING_MAPS] = S[PENDING_BONUS] = 0
    S[FRESH:FRESH + 4] = 0
    S[ACT_DONE] = False
    offer_placements(L, N, S, SE, R, EXP)


@njit(cache=True)
def offer_placements(L, N, S, SE, R, EXP):
    """The open spots (row OPEN), the expedition targets (row TRIPS) and the placements' count."""
    seat = S[CUR]
    N[OPEN] = N[TRIPS] = 0
    for i in range(N[CAMP]):
        if L[CAMP, i] >= 0:
            push(L, N, OPEN, i)
    for e in range(3):
        for d in range(min(R[R_REVEALED], N[EXC + e])):
            push(L, N, OPEN, EXC_SPOT + 3 * e + d)
    if S[EXPEDITION] >= 0:
        pos = SE[seat, POS]
        for t in range(pos + 1, min(EXP.shape[1], pos + reach(R)) + 1):
            push(L, N, TRIPS, EXP_SPOT + t)
    n_open, n_trips = N[OPEN], N[TRIPS]
    size = min(R[R_ADVENTURERS], n_open + (1 if n_trips else 0))
    count = choose_count(n_open, size)
    if n_trips and size:
        count += choose_count(n_open, size - 1) * n_trips
    S[PHASE], S[PLACE_SIZE], S[LEGAL_N] = PLACE, size, count


@njit(cache=True)
def choose_count(n, k):
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@njit(cache=True)
def _unrank(L, N, n, k, r):
    """The r-th combination (itertools.combinations' order) of k of the n open spots into
    PLACED."""
    x = 0
    for i in range(k):
        while True:
            here = choose_count(n - x - 1, k - i - 1)
            if r < here:
                break
            r -= here
            x += 1
        push(L, N, PLACED, L[OPEN, x])
        x += 1


@njit(cache=True)
def placement(L, N, S, i):
    """state.placements(...)[i] into PLACED: the combinations of the open spots, then those one
    shorter with each expedition target."""
    N[PLACED] = 0
    n, size = N[OPEN], S[PLACE_SIZE]
    plain = choose_count(n, size)
    if i < plain:
        _unrank(L, N, n, size, i)
    else:
        i -= plain
        _unrank(L, N, n, size - 1, i // N[TRIPS])
        push(L, N, PLACED, L[TRIPS, i % N[TRIPS]])


@njit(cache=True)
def placement_index(L, N, S):
    """The position of the placement in PLACED among state.placements(...) (its open spots in
    OPEN's order, an expedition target last): placement's inverse, for decision traces."""
    n, size, k = N[OPEN], S[PLACE_SIZE], N[PLACED]
    trip = k > 0 and L[PLACED, k - 1] >= EXP_SPOT
    if trip:
        k -= 1
    rank, x = 0, 0
    for i in range(k):
        while L[OPEN, x] != L[PLACED, i]:
            rank += choose_count(n - x - 1, k - i - 1)
            x += 1
        x += 1
    if not trip:
        return rank
    t = 0
    while L[TRIPS, t] != L[PLACED, k]:
        t += 1
    return choose_count(n, size) + rank * N[TRIPS] + t


@njit(cache=True)
def apply_place(L, N, S, SE, AF, R, ART, EQ, EXP, FACES, streams, A, W):
    """State._apply_place with the placement in PLACED: the roll (the seat's own dice stream),
    then the claims (the seat's discount markers this turn are in W[0..2]: the chunk driver
    reckons them once a turn)."""
    sides, dice = FACES.shape[0], streams[purpose.DICE + S[CUR]]
    for _k in range(R[R_DICE]):
        S[ROLL + FACES[int(mt_random(dice) * sides)]] += 1
    S[PHASE] = CLAIM
    count = legal_claims(L, N, S, SE, R, ART, EQ, EXP, A, W)
    S[LEGAL_N] = count
    if not (A[:count, 0] != 0).any():
        SE[S[CUR], T_NOTHING] += 1


@njit(cache=True)
def apply(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, A, a, W):
    """State.apply of row ``a`` of A (any phase but the placement)."""
    phase, seat = S[PHASE], S[CUR]
    if phase == CLAIM:
        apply_claim(L, N, S, SE, R, ART, EQ, EXP, AF, A[a, 0], A[a, 1], A[a, 2], W)
    elif phase == MAP:
        slot = A[a, 0]
        m = pop(L, N, MAP_DECK) if slot < 0 else pop_at(L, N, MAPS_UP, slot)
        push(L, N, MAPS + seat, m)
        S[PENDING_MAPS] -= 1
    elif phase == BONUS:
        apply_bonus(S, SE, R, A[a, 0])
    elif A[a, 0] < 0:
        S[ACT_DONE] = True
    else:
        apply_activate(S, SE, EQ, AF, A[a, 0], A[a, 1])
    proceed(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, A)


@njit(cache=True)
def proceed(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, A):
    """State._continue: what the turn still needs (maps, bonuses, activations), else clean-up."""
    if S[PENDING_MAPS]:
        count = 0
        for i in range(N[MAPS_UP]):
            A[count, 0] = i
            count += 1
        if N[MAP_DECK]:
            A[count, 0] = -1
            count += 1
        if count:
            S[PHASE], S[LEGAL_N] = MAP, count
            return
        S[PENDING_MAPS] = 0                     # ruling 6: no map left, that part is lost
    if S[PENDING_BONUS]:
        S[PHASE] = BONUS
        A[0, 0], A[1, 0] = 0, 1
        S[LEGAL_N] = 2 if S[CLOCK_SUPPLY] > 0 or not R[R_LIMITED] else 1
        return
    if not S[ACT_DONE]:
        count = activation_options(L, N, S, SE, R, EQ, AF, A, R[R_SAME_TURN])
        if count:
            A[count, 0], A[count, 1] = -1, 0
            S[PHASE], S[LEGAL_N] = ACTIVATE, count + 1
            return
    clean_up(L, N, S, SE, R, ART, EQ, EXP, MAPS_DATA)


# ---- clean-up, rounds and the end -------------------------------------------------------------
@njit(cache=True)
def clean_up(L, N, S, SE, R, ART, EQ, EXP, MAPS_DATA):
    camp_spaces = R[R_CAMP]
    kept = 0                                    # slide right to left, refill the right
    for i in range(N[CAMP]):
        if L[CAMP, i] >= 0:
            L[CAMP, kept] = L[CAMP, i]
            kept += 1
    while kept < camp_spaces and N[DECK]:
        L[CAMP, kept] = pop(L, N, DECK)
        kept += 1
    if kept < camp_spaces:
        S[FLAGS] |= F_EQUIPMENT                 # end condition 1
        for i in range(kept, camp_spaces):
            L[CAMP, i] = -1
    N[CAMP] = camp_spaces
    for e in range(3):
        if N[EXC + e] == 0:
            S[FLAGS] |= F_EXCAVATION            # end condition 2
    while N[MAPS_UP] < R[R_MAPS_UP] and N[MAP_DECK]:
        push(L, N, MAPS_UP, pop(L, N, MAP_DECK))
    turn_end = R[R_TURN_END] == 1
    if turn_end and expedition_ends(S, R, False):
        S[FLAGS] |= F_EXPEDITION
    seat = (S[CUR] + 1) % S[PLAYERS]
    if seat == 0:
        end_round(L, N, S, SE, R, ART, EQ, MAPS_DATA)
    elif turn_end:
        maybe_end(L, N, S, SE, R, ART, EQ, MAPS_DATA)
    if not S[OVER]:
        S[CUR] = seat
        start_turn(L, N, S, SE, R, EXP)


@njit(cache=True)
def expedition_ends(S, R, counted):
    target = R[R_EXPEDITIONS_TO_END]
    done = S[EXP_DONE] + (0 if counted else S[REACHED_END])
    return 0 < target <= done


@njit(cache=True)
def end_round(L, N, S, SE, R, ART, EQ, MAPS_DATA):
    if S[REACHED_END]:                          # discard it; the next one comes later
        S[EXP_DONE] += 1
        S[EXPEDITION], S[REACHED_END] = -1, False
        if expedition_ends(S, R, True):
            S[FLAGS] |= F_EXPEDITION            # end condition 3
    if not maybe_end(L, N, S, SE, R, ART, EQ, MAPS_DATA) and S[ROUND] >= R[R_MAX_ROUNDS]:
        S[FLAGS] |= F_ROUND_LIMIT
        maybe_end(L, N, S, SE, R, ART, EQ, MAPS_DATA)
    S[ROUND] += 0 if S[OVER] else 1


@njit(cache=True)
def maybe_end(L, N, S, SE, R, ART, EQ, MAPS_DATA):
    on = F_EXPEDITION | F_ROUND_LIMIT
    if R[R_END_EQUIPMENT]:
        on |= F_EQUIPMENT
    if R[R_END_EXCAVATION]:
        on |= F_EXCAVATION
    reasons = S[FLAGS] & on
    if reasons:
        S[REASON], S[OVER], S[LEGAL_N] = reasons, True, 0
        final_scoring(L, N, S, SE, R, ART, EQ, MAPS_DATA)
    return S[OVER]


# ---- final scoring ----------------------------------------------------------------------------
@njit(cache=True)
def final_scoring(L, N, S, SE, R, ART, EQ, MAPS_DATA):
    for seat in range(S[PLAYERS]):
        tops = bottoms = 0
        for i in range(N[EQUIP + seat]):
            kind = EQ[L[EQUIP + seat, i], E_KIND]
            tops += kind == K_SCARAB_TOP
            bottoms += kind == K_SCARAB_BOTTOM
        pairs = min(tops, bottoms)
        scarabs = pairs * R[R_PAIR_FAME] + (tops + bottoms - 2 * pairs) * R[R_PART_FAME]
        t0 = t1 = t2 = 0
        for i in range(N[ARTS + seat]):
            t = ART[L[ARTS + seat, i], A_TYPE]
            t0, t1, t2 = t0 + (t == 0), t1 + (t == 1), t2 + (t == 2)
        fame, done = best_maps(L[MAPS + seat, :N[MAPS + seat]], MAPS_DATA, t0, t1, t2,
                               SE[seat, WILDS])
        SE[seat, SCARABS], SE[seat, MAP_FAME], SE[seat, MAPS_DONE] = scarabs, fame, done
        SE[seat, FAME] += scarabs + fame


@njit(cache=True)
def best_maps(held, MAPS_DATA, t0, t1, t2, wilds):
    """scoring.best_maps: (fame, maps completed), the subsets by size, largest first, each size
    in itertools.combinations' order, a subset counted only when it beats the best so far."""
    n = held.shape[0]
    best, chosen = 0, 0
    idx = np.empty(n, np.int64)
    for size in range(n, 0, -1):
        for i in range(size):
            idx[i] = i
        while True:
            fame = 0
            for i in range(size):
                fame += MAPS_DATA[held[idx[i]], M_FAME]
            if fame > best:
                n0 = n1 = n2 = 0
                for i in range(size):
                    m = held[idx[i]]
                    n0 += MAPS_DATA[m, M_NEEDS]
                    n1 += MAPS_DATA[m, M_NEEDS + 1]
                    n2 += MAPS_DATA[m, M_NEEDS + 2]
                short = max(0, n0 - t0) + max(0, n1 - t1) + max(0, n2 - t2)
                if short <= wilds:
                    best, chosen = fame, size
            if not next_combination(idx, size, n):
                break
    return best, chosen
