"""Risky Adventure's compiled kernel, part 2: paying and gaining (``claims.py``, ``dice.py``):
the claims a roll allows, in the engine's order, what each claim gives, the rewards that ask a
choice and attaching artifacts to cards. The legal actions of a decision are rows of ``A``:
claims ``(mask of the placed spots, clocks, trades)``, maps ``(slot, 0, 0)``, bonuses
``(0 fame | 1 clock)``, activations ``(card, wild)`` then Done ``(-1, 0)``.
"""
from __future__ import annotations

from numba import njit

from simulate.games.risky_adventure.kernel_layout import (
    ARTS, A_CLOCK, A_FAME, A_NEED, A_TYPE, CAMP, CLOCKS, CLOCK_SUPPLY, CUR, EQUIP, EXC,
    EXC_SPOT, EXPEDITION, EXP_SPOT, E_ACT, E_EXC, E_KIND, E_NEED, E_NEXC, E_TRIGGER, FAME,
    FREE_T, FREE_W, FRESH, K_BONUS_A, K_BONUS_B, K_DISCOUNT_B, NOT_YET, NO_WAY, PENDING_BONUS,
    OWED, PENDING_MAPS, PLACED, POS, P_ART, P_BONUS, P_EXP, REACHED_END, ROLL, RW_CLOCK, RW_FAME,
    R_BONUS_CLOCKS, R_BONUS_FAME, R_DICE, R_LIMITED, R_MAX_CLOCKS, R_ONCE, R_TRADES,
    R_TRADE_DICE, TURN, T_FINISHED, T_GAINED, T_SPENT, T_SPOTS, T_TRADES, WILDS, WILD_SUPPLY,
    X_FAME, X_REWARD, X_SYMBOL, push, remove, spot_artifact)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

@njit(cache=True)
def _variant(need0, need1, need2, MKF, MKC, MKN, e, bits):
    """One need left after excavation ``e``'s markers: the fixed ones, then each choice marker
    taking the symbol its bit picks (dice.marker_variants, one member)."""
    v0, v1, v2 = max(0, need0 - MKF[e, 0]), max(0, need1 - MKF[e, 1]), max(0, need2 - MKF[e, 2])
    for j in range(MKN[e]):
        o = MKC[e, j, (bits >> j) & 1]
        if o == 0 and v0 > 0:
            v0 -= 1
        elif o == 1 and v1 > 0:
            v1 -= 1
        elif o == 2 and v2 > 0:
            v2 -= 1
    return v0, v1, v2


@njit(cache=True)
def fewest_clocks(f, m, p, PARTS, n_parts, POOL, in_pool, MKF, MKC, MKN, dice, trade, once):
    """dice.fewest_clocks: ``PARTS[:n_parts]`` are needs without markers, ``POOL[e]`` the summed
    artifact need of excavation ``e`` where ``in_pool[e]``; NO_WAY when nothing pays."""
    bits = 0
    for e in range(3):
        if in_pool[e]:
            bits += MKN[e]
    best = NO_WAY
    for combo in range(1 << bits):
        n0 = n1 = n2 = 0
        shift = 0
        for e in range(3):
            if not in_pool[e]:
                continue
            v0, v1, v2 = _variant(POOL[e, 0], POOL[e, 1], POOL[e, 2], MKF, MKC, MKN, e,
                                  combo >> shift)
            shift += MKN[e]
            if once:
                n0, n1, n2 = n0 + v0, n1 + v1, n2 + v2
            else:
                n0, n1, n2 = max(n0, v0), max(n1, v1), max(n2, v2)
        for i in range(n_parts):
            if once:
                n0, n1, n2 = n0 + PARTS[i, 0], n1 + PARTS[i, 1], n2 + PARTS[i, 2]
            else:
                n0, n1, n2 = max(n0, PARTS[i, 0]), max(n1, PARTS[i, 1]), max(n2, PARTS[i, 2])
        total = n0 + n1 + n2
        if (total + trade if once else max(total, trade)) > dice:
            continue
        d = max(0, n0 - f) + max(0, n1 - m) + max(0, n2 - p)
        if d < best:
            best = d
    return best


@njit(cache=True)
def path_need(S, SE, EXP, seat, target, NEED, row):
    """Claims.path_need into NEED[row]: the symbols from the seat's marker to ``target``."""
    NEED[row, 0] = NEED[row, 1] = NEED[row, 2] = 0
    for t in range(SE[seat, POS], target):
        NEED[row, EXP[S[EXPEDITION], t, X_SYMBOL]] += 1


@njit(cache=True)
def spot_need(L, N, S, SE, ART, EQ, EXP, seat, spot, NEED, row):
    if spot >= EXP_SPOT:
        path_need(S, SE, EXP, seat, spot - EXP_SPOT, NEED, row)
    elif spot >= EXC_SPOT:
        a = spot_artifact(L, N, spot)
        NEED[row, 0], NEED[row, 1], NEED[row, 2] = ART[a, A_NEED], ART[a, A_NEED + 1], \
            ART[a, A_NEED + 2]
    else:
        c = L[CAMP, spot]
        NEED[row, 0], NEED[row, 1], NEED[row, 2] = EQ[c, E_NEED], EQ[c, E_NEED + 1], \
            EQ[c, E_NEED + 2]


@njit(cache=True)
def legal_claims(L, N, S, SE, R, ART, EQ, EXP, A, W):
    """Claims.legal_claims into A (in the engine's order); returns how many."""
    MKF, MKC, MKN, NEED, PARTS, POOL, in_pool = W[0], W[1], W[2], W[3], W[4], W[5], W[6]
    seat = S[CUR]
    clocks = min(SE[seat, CLOCKS], R[R_MAX_CLOCKS])
    k = N[PLACED]
    for i in range(k):
        spot_need(L, N, S, SE, ART, EQ, EXP, seat, L[PLACED, i], NEED, i)
    dice, once, trade_dice = R[R_DICE], R[R_ONCE], R[R_TRADE_DICE]
    supply = S[CLOCK_SUPPLY] if R[R_LIMITED] else dice
    max_trades = R[R_TRADES] if supply + clocks > 0 else 0
    f, m, p = S[ROLL], S[ROLL + 1], S[ROLL + 2]
    out = 0
    for mask in range(1 << k):
        n_parts = 0
        POOL[:] = 0
        in_pool[:] = False
        for i in range(k):
            if mask >> i & 1:
                s = L[PLACED, i]
                if EXC_SPOT <= s < EXP_SPOT:
                    e = (s - EXC_SPOT) // 3
                    in_pool[e] = True
                    for x in range(3):
                        POOL[e, x] += NEED[i, x]
                else:
                    PARTS[n_parts, :] = NEED[i, :]
                    n_parts += 1
        for trades in range(max_trades + 1):
            cost = fewest_clocks(f, m, p, PARTS, n_parts, POOL, in_pool, MKF, MKC, MKN, dice,
                                 trades * trade_dice, once)
            if cost > clocks or (trades and supply + cost == 0):
                break
            A[out, 0], A[out, 1], A[out, 2] = mask, cost, trades
            out += 1
    return out


# ---- gaining ----------------------------------------------------------------------------------
@njit(cache=True)
def gain_clocks(S, SE, R, seat, k):
    if R[R_LIMITED]:                            # ruling 6: what is not there is lost
        k = min(k, S[CLOCK_SUPPLY])
        S[CLOCK_SUPPLY] -= k
    repaid = min(k, SE[seat, OWED])             # a paid grant's debt is paid first
    SE[seat, OWED] -= repaid
    k -= repaid
    if R[R_LIMITED]:
        S[CLOCK_SUPPLY] += repaid
    SE[seat, T_GAINED] += k                     # what the seat keeps
    SE[seat, CLOCKS] += k


@njit(cache=True)
def _triggers(L, N, S, EQ, AF, seat, kind, e, reward):
    """Working bonus cards of ``kind``: bonus_b naming excavation ``e``, bonus_a whose trigger
    is ``reward``."""
    count = 0
    for i in range(N[EQUIP + seat]):
        c = L[EQUIP + seat, i]
        if EQ[c, E_KIND] != kind or AF[seat, c] > S[TURN]:
            continue
        if kind == K_BONUS_A:
            count += EQ[c, E_TRIGGER] == reward
        else:
            for j in range(EQ[c, E_NEXC]):
                if EQ[c, E_EXC + j] == e:
                    count += 1
                    break
    return count


@njit(cache=True)
def take_card(L, N, S, EQ, AF, seat, space):
    c = L[CAMP, space]
    L[CAMP, space] = -1
    push(L, N, EQUIP + seat, c)
    kind = EQ[c, E_KIND]
    needs_artifact = kind == K_DISCOUNT_B or kind == K_BONUS_A or kind == K_BONUS_B
    AF[seat, c] = NOT_YET if needs_artifact else S[TURN] + 1


@njit(cache=True)
def take_artifact(L, N, S, SE, R, ART, EQ, AF, seat, a):
    e = 0
    while e < 3:
        found = False
        for i in range(N[EXC + e]):
            if L[EXC + e, i] == a:
                found = True
                break
        if found:
            break
        e += 1
    remove(L, N, EXC + e, a)
    push(L, N, ARTS + seat, a)
    SE[seat, FAME] += ART[a, A_FAME]
    SE[seat, P_ART] += ART[a, A_FAME]
    SE[seat, FREE_T + ART[a, A_TYPE]] += 1
    S[FRESH + ART[a, A_TYPE]] += 1
    if ART[a, A_CLOCK]:
        gain_clocks(S, SE, R, seat, 1)
    S[PENDING_BONUS] += _triggers(L, N, S, EQ, AF, seat, K_BONUS_B, e, -1)


@njit(cache=True)
def advance(L, N, S, SE, R, EQ, EXP, AF, seat, target):
    board = S[EXPEDITION]
    SE[seat, T_SPOTS] += target - SE[seat, POS]
    SE[seat, POS] = target
    reward = EXP[board, target - 1, X_REWARD]    # only the target spot pays
    if reward == RW_CLOCK:
        gain_clocks(S, SE, R, seat, 1)
    elif reward == RW_FAME:
        SE[seat, FAME] += EXP[board, target - 1, X_FAME]
        SE[seat, P_EXP] += EXP[board, target - 1, X_FAME]
    else:
        if S[WILD_SUPPLY] > 0 or not R[R_LIMITED]:
            S[WILD_SUPPLY] -= R[R_LIMITED]
            SE[seat, WILDS] += 1
            SE[seat, FREE_W] += 1
            S[FRESH + 3] += 1
        S[PENDING_MAPS] += 1
    S[PENDING_BONUS] += _triggers(L, N, S, EQ, AF, seat, K_BONUS_A, -1, reward)
    if target == EXP.shape[1]:
        S[REACHED_END] = True
        SE[seat, T_FINISHED] += 1


@njit(cache=True)
def apply_claim(L, N, S, SE, R, ART, EQ, EXP, AF, mask, clocks, trades, W):
    """Claims._apply_claim (without the _continue that follows)."""
    seat = S[CUR]
    if clocks:                                  # clocks go back to the camp
        SE[seat, CLOCKS] -= clocks
        SE[seat, T_SPENT] += clocks
        if R[R_LIMITED]:
            S[CLOCK_SUPPLY] += clocks
    arts = W[7]                                 # the artifacts, found before any is taken
    n_found = 0
    for i in range(N[PLACED]):
        s = L[PLACED, i]
        if mask >> i & 1 and EXC_SPOT <= s < EXP_SPOT:
            arts[n_found] = spot_artifact(L, N, s)
            n_found += 1
    for i in range(N[PLACED]):
        s = L[PLACED, i]
        if mask >> i & 1:
            if s < EXC_SPOT:
                take_card(L, N, S, EQ, AF, seat, s)
            elif s >= EXP_SPOT:
                advance(L, N, S, SE, R, EQ, EXP, AF, seat, s - EXP_SPOT)
    for i in range(n_found):
        take_artifact(L, N, S, SE, R, ART, EQ, AF, seat, arts[i])
    for _ in range(trades):
        SE[seat, T_TRADES] += 1
        gain_clocks(S, SE, R, seat, 1)


@njit(cache=True)
def apply_bonus(S, SE, R, clock):
    seat = S[CUR]
    if clock:
        gain_clocks(S, SE, R, seat, R[R_BONUS_CLOCKS])
    else:
        SE[seat, FAME] += R[R_BONUS_FAME]
        SE[seat, P_BONUS] += R[R_BONUS_FAME]
    S[PENDING_BONUS] -= 1


@njit(cache=True)
def activation_options(L, N, S, SE, R, EQ, AF, A, same_turn):
    """Claims.activation_options into A; returns how many (Done not counted)."""
    seat, out = S[CUR], 0
    for i in range(N[EQUIP + seat]):
        c = L[EQUIP + seat, i]
        if AF[seat, c] != NOT_YET:
            continue
        t = EQ[c, E_ACT]
        typed = SE[seat, FREE_T + t] - (0 if same_turn else S[FRESH + t])
        wild = SE[seat, FREE_W] - (0 if same_turn else S[FRESH + 3])
        if typed > 0:
            A[out, 0], A[out, 1] = c, 0
            out += 1
        if wild > 0:
            A[out, 0], A[out, 1] = c, 1
            out += 1
    return out


@njit(cache=True)
def apply_activate(S, SE, EQ, AF, card, wild):
    seat = S[CUR]
    if wild:
        SE[seat, FREE_W] -= 1
    else:
        SE[seat, FREE_T + EQ[card, E_ACT]] -= 1
    AF[seat, card] = S[TURN] + 1                # ruling 5: from the next turn
