"""Adventure Realms' compiled kernel, part 2: gains and losses as ``effects.py`` (resources
within a capped supply, hero and adventure draws with their reshuffles, the dungeon track, VP,
guild power and its track rewards).

``G`` is the game (:class:`Game`: ``L``, ``N``, ``S``, ``SE``, the legal list ``A``, the
game's generator ``mt``, its streams by purpose and scratch), ``K`` the component arrays
(``kernel_layout.Kit``), ``R`` the Rules.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from simulate.games.adventure_realms.kernel_layout import (
    ADVENTURES, ADV_DECK, ADV_DISCARD, BANISH_LEFT, BEST, CAPPED, DECK, DISCARD, DRAW_AFTER,
    DUNGEON, GARDEN, HAND, K_ADVENTURE, K_BANISH, K_DRAW, K_DUNGEON, K_FOOD, K_GARDEN,
    K_OCCUPIED, K_OTHERS_DISCARD, K_RP, K_STEAL, K_STONE_BONUS, K_VP, MANA, MAX_SPACES,
    MAY_OCCUPIED, N_ROWS, PENDING, SE_SIZE, S_SIZE, PLAYERS, POWER, RP, R_ADVENTURE_RESHUFFLE,
    R_DUNGEON_TRACK_LENGTH, R_EXCLUSIVE_TOP, R_SHADOW_THRESHOLD, R_SUPPLY_GOLD, R_TOKEN_SUPPLY,
    R_TOP_STAYS_EXCLUSIVE, R_TRACK_REWARDS_AGAIN, STONES, TOP_HOLDER, VP, VP_GUILD, VP_ONLY,
    pop_at, push)
from simulate.kernels.refcounts import no_refcounts
from simulate.games.adventure_realms.kernel_streams import new_streams, pick, shuffle_row
from simulate.games.adventure_realms.streams import (ADVENTURE_STREAM, SEAT_DECK_STREAM,
                                                     SHADOW_STREAM)
from simulate.kernels.cpython_random import new_mt
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


class Game(NamedTuple):
    L: np.ndarray
    N: np.ndarray
    S: np.ndarray
    SE: np.ndarray
    A: np.ndarray
    mt: np.ndarray
    open_spaces: np.ndarray    # scratch: the spaces open to this placement (agent_options)
    ranks: np.ndarray          # scratch: the seats' dungeon ranks (score_dungeon)
    streams: np.ndarray        # one generator per source of chance (kernel_streams.py)


def new_table(width: int, room: int) -> Game:
    """A chunk's game state, allocated once by the caller (the kernel borrows it). A Game is
    passed field by field to every call: few fields keep the calls cheap."""
    return Game(np.zeros((N_ROWS, width), np.int64), np.zeros(N_ROWS, np.int64),
                np.zeros(S_SIZE, np.int64), np.zeros((4, SE_SIZE), np.int64),
                np.zeros((room, 3), np.int64), new_mt(), np.zeros(MAX_SPACES, np.bool_),
                np.zeros(4, np.int64), new_streams())


# ---- resources -------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def available(G, R, resource, n):
    """How many of ``n`` tokens the supply gives: all, unless it is capped and short."""
    if R[R_TOKEN_SUPPLY] != CAPPED:
        return n
    left = R[R_SUPPLY_GOLD + resource]          # supply_gold, supply_mana, supply_food
    for s in range(G.S[PLAYERS]):
        left -= G.SE[s, resource]
    if resource == MANA:
        left -= G.S[GARDEN]
    return min(n, left)


@njit(cache=True, inline="always")
def can_pay(G, K, seat, price):
    for i in range(K.elen[price]):
        if G.SE[seat, K.eff[price, i, 0]] < K.eff[price, i, 1]:
            return False
    return True


@njit(cache=True, inline="always")
def pay(G, K, seat, price):
    for i in range(K.elen[price]):
        G.SE[seat, K.eff[price, i, 0]] -= K.eff[price, i, 1]


# ---- effects ---------------------------------------------------------------------------------
@no_refcounts
def gain(G, K, R, seat, effect, vp_part):
    """Apply an effect's gains in order; a ``vp`` counts to ``vp_part`` (an SE index)."""
    S, SE = G.S, G.SE
    for i in range(K.elen[effect]):
        key, n = K.eff[effect, i, 0], K.eff[effect, i, 1]
        if key <= K_FOOD:                       # gold, mana, food
            SE[seat, key] += available(G, R, key, n)
        elif key == K_DUNGEON:
            advance(G, R, seat, n)
        elif key == K_RP:
            SE[seat, RP] += n
        elif key == K_DRAW:
            if S[BANISH_LEFT]:                  # Merchant: banish first, then draw
                S[DRAW_AFTER] += n
            else:
                draw(G, K, seat, n)
        elif key == K_ADVENTURE:
            for _ in range(n):
                draw_adventure(G, K, R, seat)
        elif key == K_VP:
            SE[seat, VP] += n
            SE[seat, vp_part] += n
        elif key == K_BANISH:
            S[BANISH_LEFT] += n
        elif key == K_GARDEN:
            SE[seat, MANA] += S[GARDEN]
            S[GARDEN] = 0
        elif key == K_STEAL:
            steal_adventures(G, R, seat)
        elif key == K_OTHERS_DISCARD:
            queue_discards(G, seat, n)
        elif key == K_OCCUPIED:
            S[MAY_OCCUPIED] = 1
        elif key == K_STONE_BONUS:
            if SE[seat, STONES]:
                advance(G, R, seat, n)
        # "fort" is the Place action's own choice


@njit(cache=True, inline="always")
def advance(G, R, seat, n):
    G.SE[seat, DUNGEON] = min(R[R_DUNGEON_TRACK_LENGTH], G.SE[seat, DUNGEON] + n)


# ---- hero cards ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def reshuffle(G, deck, discard, keys, purpose):
    """An empty draw pile takes its discard pile (``deck.extend(discard)``), shuffled on the
    next seed of the deck's stream."""
    L, N = G.L, G.N
    for i in range(N[discard]):
        L[deck, i] = L[discard, i]
    N[deck], N[discard] = N[discard], 0
    shuffle_row(G, deck, 0, N[deck], keys, purpose)


@no_refcounts
def draw(G, K, seat, n):
    """Draw from the top (end) of the deck; an empty deck takes the shuffled discard pile."""
    L, N = G.L, G.N
    deck, hand, discard = DECK + seat, HAND + seat, DISCARD + seat
    for _ in range(n):
        if N[deck] == 0:
            if N[discard] == 0:
                return
            reshuffle(G, deck, discard, K.hero_key, SEAT_DECK_STREAM + seat)
        N[deck] -= 1
        push(L, N, hand, L[deck, N[deck]])


@no_refcounts
def queue_discards(G, seat, n):
    """Bastion: every other player, clockwise from ``seat``, discards ``n`` hero cards."""
    players = G.S[PLAYERS]
    for k in range(1, players):
        for _ in range(n):
            push(G.L, G.N, PENDING, (seat + k) % players)


# ---- adventure cards -------------------------------------------------------------------------
@no_refcounts
def draw_adventure(G, K, R, seat):
    L, N = G.L, G.N
    if N[ADV_DECK] == 0:
        if not (R[R_ADVENTURE_RESHUFFLE] and N[ADV_DISCARD]):
            return
        reshuffle(G, ADV_DECK, ADV_DISCARD, K.adventure_key, ADVENTURE_STREAM)
    N[ADV_DECK] -= 1
    push(L, N, ADVENTURES + seat, L[ADV_DECK, N[ADV_DECK]])


@no_refcounts
def steal_adventures(G, R, seat):
    """Shadow: one random adventure card from each other player owning enough."""
    players = G.S[PLAYERS]
    for k in range(1, players):
        other = ADVENTURES + (seat + k) % players
        if G.N[other] >= R[R_SHADOW_THRESHOLD]:
            card = pop_at(G.L, G.N, other, pick(G, SHADOW_STREAM, G.N[other]))
            push(G.L, G.N, ADVENTURES + seat, card)


# ---- guild tracks ----------------------------------------------------------------------------
@no_refcounts
def change_power(G, K, R, seat, guild, steps):
    """Move on a guild track: rewards on the way up, the top the first arrival's alone, a drop
    loses only the levels' VP (``Effects.change_power``)."""
    S, SE, top = G.S, G.SE, K.top
    now = SE[seat, POWER + guild]
    cap = top
    holder = S[TOP_HOLDER + guild]
    if R[R_EXCLUSIVE_TOP] and holder != -1 and holder != seat:
        if R[R_TOP_STAYS_EXCLUSIVE] or SE[holder, POWER + guild] == top:
            cap = top - 1
    new = max(0, min(cap, now + steps))
    if new == now:
        return
    SE[seat, POWER + guild] = new
    if new > now:
        vp_only = R[R_TRACK_REWARDS_AGAIN] == VP_ONLY
        for level in range(now + 1, new + 1):
            again = vp_only and level <= SE[seat, BEST + guild]
            reward = K.track_vp[guild, level] if again else K.track[guild, level]
            gain(G, K, R, seat, reward, VP_GUILD)
        SE[seat, BEST + guild] = max(SE[seat, BEST + guild], new)
        if new == top and (holder < 0 or SE[holder, POWER + guild] < top):
            S[TOP_HOLDER + guild] = seat
    else:
        for level in range(new + 1, now + 1):
            reward, lost = K.track[guild, level], 0
            for i in range(K.elen[reward]):
                if K.eff[reward, i, 0] == K_VP:
                    lost += K.eff[reward, i, 1]
            if lost:
                SE[seat, VP] -= lost
                SE[seat, VP_GUILD] -= lost
