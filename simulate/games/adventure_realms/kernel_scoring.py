"""Adventure Realms' compiled kernel, part 5: the end check's VP, final scoring (stones,
Quests), the tie-breaks and the result numbers of a game, as ``scoring.py``."""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.adventure_realms.kernel_layout import (
    ADVENTURES, AGENTS, A_Q1, A_Q2, A_QUEST, A_TYPE, A_VP, BANISHED, BY_GUILD, CHECK_ALL, DECK,
    DISCARD, FOOD, FREED, GOLD, HAND, H_GUILD, H_KIND, H_SYMBOLS, KING, MANA, PLAYED, PLAYERS, POWER,
    RANKS, RECRUITED, ROUND, R_GUILD_CARDS_COUNT, R_STONE_VP, R_TIE_BREAKERS, R_VP_CHECK,
    STONES, TIE_NONE, TIE_STONES, TOP_HOLDER, VP, VP_DUNGEON, VP_GUILD, VP_MASTERS, VP_ROUNDS)
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

OWNED = (DECK, HAND, DISCARD, PLAYED)
# the numbers of a game and of a seat, in these orders (compiled/adventure_realms.py names them)
GAME_NUMBERS = ("seed", "decisions", "rounds", "winner_vp", "runner_up_vp", "tie_break",
                "lead_changes", "stones_taken", "tops_taken", "end_reason")
SEAT_NUMBERS = ("score", "rank", "won", "vp_guild", "vp_dungeon", "vp_masters", "vp_stones",
                "vp_quests", "vp_track", "stones", "kings", "quests_held", "quests_fulfilled",
                "dominant_guild", "recruited_fighters", "recruited_thieves", "recruited_wizards",
                "recruited_clerics", "recruited_kings", "recruited_masters", "final_deck_size",
                "banished", "agents", "power_fighters", "power_thieves", "power_wizards",
                "power_clerics", "gold", "mana", "food", "agent_freed")
TIE_BREAKS = ("none", "stones", "kings", "shared")
DOMINANT = ("none", "mixed", "fighters", "thieves", "wizards", "clerics")
SEAT_LISTS = (RECRUITED, RANKS, VP_ROUNDS)      # cards_recruited, dungeon_ranks, vp_by_round


@no_refcounts
def kings(G, K, seat):
    n = 0
    for row in OWNED:
        for i in range(G.N[row + seat]):
            n += K.hero[G.L[row + seat, i], H_KIND] == KING
    return n


@no_refcounts
def most_guild_cards(G, K, R, seat):
    """The highest count of owned cards "of" one guild (ruling 14, ``guild_cards_count``)."""
    most = 0
    for g in range(4):
        count = 0
        for row in OWNED:
            for i in range(G.N[row + seat]):
                c = G.L[row + seat, i]
                if R[R_GUILD_CARDS_COUNT] == BY_GUILD:
                    count += K.hero[c, H_GUILD] == g
                else:
                    count += (K.hero[c, H_SYMBOLS] >> (4 + g)) & 1
        most = max(most, count)
    return most


@no_refcounts
def quest_vp(G, K, R, seat):
    """(VP, quests held, quests fulfilled) from the seat's Quest cards."""
    vp = held = done = 0
    for i in range(G.N[ADVENTURES + seat]):
        a = G.L[ADVENTURES + seat, i]
        if K.adventure[a, A_TYPE] != 2:
            continue
        held += 1
        kind, q1, worth = K.adventure[a, A_QUEST], K.adventure[a, A_Q1], K.adventure[a, A_VP]
        got = 0
        if kind == 0:                               # power_in_guilds
            guilds = 0
            for g in range(4):
                guilds += G.SE[seat, POWER + g] >= q1
            got = worth if guilds >= K.adventure[a, A_Q2] else 0
        elif kind == 1:                             # stones
            got = worth if G.SE[seat, STONES] >= q1 else 0
        elif kind == 2:                             # per_king
            got = worth * kings(G, K, seat)
        else:                                       # guild_cards
            got = worth if most_guild_cards(G, K, R, seat) >= q1 else 0
        vp += got
        done += got > 0
    return vp, held, done


@no_refcounts
def vp_for_target(G, K, R, seat):
    """Ruling 9: the VP target counts the VP track only, or everything ('all')."""
    if R[R_VP_CHECK] != CHECK_ALL:
        return G.SE[seat, VP]
    return G.SE[seat, VP] + G.SE[seat, STONES] * R[R_STONE_VP] + quest_vp(G, K, R, seat)[0]


@njit(cache=True)
def lead_changes(G, n):
    leader, changes = -1, 0
    for r in range(G.N[VP_ROUNDS]):
        top, count, now = -1 << 40, 0, -1
        for s in range(n):
            v = G.L[VP_ROUNDS + s, r]
            if v > top:
                top, count, now = v, 1, s
            elif v == top:
                count += 1
        if count == 1 and now != leader:
            changes += leader >= 0
            leader = now
    return changes


@njit(cache=True)
def record(G, K, R, out_game, out_seats, out_lists, seed, decisions):
    """The game's numbers (GAME_NUMBERS), each seat's (SEAT_NUMBERS) and each seat's lists
    (SEAT_LISTS: length, then the items)."""
    L, N, S, SE, n = G.L, G.N, G.S, G.SE, G.S[PLAYERS]
    scores = np.zeros(n, np.int64)
    keys = np.zeros((n, 3), np.int64)
    breakers = R[R_TIE_BREAKERS]
    for s in range(n):
        q = quest_vp(G, K, R, s)
        scores[s] = SE[s, VP] + SE[s, STONES] * R[R_STONE_VP] + q[0]
        keys[s, 0] = scores[s]
        keys[s, 1] = SE[s, STONES] if breakers != TIE_NONE else 0
        keys[s, 2] = kings(G, K, s) if breakers != TIE_NONE and breakers != TIE_STONES else 0
        out = out_seats[s]
        out[0] = scores[s]
        out[3], out[4], out[5] = SE[s, VP_GUILD], SE[s, VP_DUNGEON], SE[s, VP_MASTERS]
        out[6], out[7], out[8] = SE[s, STONES] * R[R_STONE_VP], q[0], SE[s, VP]
        out[9], out[10], out[11], out[12] = SE[s, STONES], kings(G, K, s), q[1], q[2]
        by_guild = np.zeros(4, np.int64)
        for i in range(N[RECRUITED + s]):
            c = L[RECRUITED + s, i]
            kind = K.hero[c, H_KIND]
            if kind == 1:
                by_guild[K.hero[c, H_GUILD]] += 1
            out[18] += kind == KING
            out[19] += kind == 3
        best = by_guild.max()
        out[13] = 0 if best == 0 else (2 + by_guild.argmax() if (by_guild == best).sum() == 1
                                       else 1)
        out[14:18] = by_guild
        for row in (DECK, HAND, DISCARD, PLAYED):
            out[20] += N[row + s]
        out[21], out[22] = SE[s, BANISHED], SE[s, AGENTS]
        out[23:27] = SE[s, POWER:POWER + 4]
        out[27], out[28], out[29] = SE[s, GOLD], SE[s, MANA], SE[s, FOOD]
        out[30] = SE[s, FREED]
        for j in range(3):
            row = SEAT_LISTS[j] + s
            out_lists[s, j, 0] = N[row]
            out_lists[s, j, 1:1 + N[row]] = L[row, :N[row]]
    # ranks: 1 + the seats whose key is greater (tuples compared item by item)
    winners, tied, best = 0, 0, scores.max()
    for s in range(n):
        rank = 1
        for o in range(n):
            rank += (keys[o, 0] > keys[s, 0]) or (keys[o, 0] == keys[s, 0] and (
                keys[o, 1] > keys[s, 1] or (keys[o, 1] == keys[s, 1] and keys[o, 2] > keys[s, 2])))
        out_seats[s, 1], out_seats[s, 2] = rank, rank == 1
        winners += rank == 1
        tied += scores[s] == best
    decided = 0                                     # none
    if tied > 1:
        if winners > 1:
            decided = 3                             # shared
        else:
            w = np.argmax(out_seats[:, 2])
            other_stones, distinct = -1 << 40, False
            for s in range(n):
                if scores[s] == best and s != w:
                    other_stones = max(other_stones, keys[s, 1])
                    distinct |= keys[s, 1] != keys[w, 1]
            decided = 1 if distinct and keys[w, 1] > other_stones else 2
    ordered = np.sort(scores)[::-1]
    tops = 0
    for g in range(4):
        tops += S[TOP_HOLDER + g] >= 0
    out_game[0], out_game[1], out_game[2] = seed, decisions, S[ROUND]
    out_game[3], out_game[4], out_game[5] = ordered[0], ordered[1], decided
    out_game[6], out_game[7], out_game[8] = lead_changes(G, n), SE[:n, STONES].sum(), tops
