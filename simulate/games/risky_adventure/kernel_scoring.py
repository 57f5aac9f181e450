"""Risky Adventure's compiled kernel, part 4: a finished game's row (``Scoring.outcome``): the
ranks with the equipment tie-breaker, the game's metrics and each seat's, and the ids of the
artifacts and cards each seat took (joined into strings by the chunk driver)."""
from __future__ import annotations

from numba import njit

from simulate.games.risky_adventure.kernel_layout import (
    ARTS, A_TYPE, CLOCKS, DECK, EQUIP, EXC, EXP_DONE, E_KIND, FAME, MAPS, MAPS_DONE, MAP_FAME, OWED,
    PLAYERS, P_ART, P_BONUS, P_EXP, REACHED_END, REASON, ROUND, R_TIE_NONE, SCARABS, TURN,
    T_FINISHED, T_GAINED, T_NOTHING, T_SPENT, T_SPOTS, T_TRADES, WILDS)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

GAME_NUMBERS = ("seed", "decisions", "rounds", "turns", "fame_spread", "winning_fame",
                "shared_win", "equipment_tie_break_decided", "expeditions_completed",
                "equipment_deck_left", "artifacts_left", "reason")
SEAT_NUMBERS = ("score", "rank", "won", "fame_artifacts", "fame_expeditions", "fame_scarabs",
                "fame_maps", "fame_bonus", "artifacts_gem", "artifacts_statue",
                "artifacts_sarcophagus", "wilds", "equipment", "equipment_scarab_top",
                "equipment_scarab_bottom", "equipment_discount_a", "equipment_discount_b",
                "equipment_bonus_a", "equipment_bonus_b", "maps_held", "maps_completed",
                "clocks_spent", "clocks_gained", "clocks_end", "trades", "rolls_paid_nothing",
                "expedition_spots", "expeditions_finished", "tied_on_fame", "debt")
_TYPES, _KINDS = SEAT_NUMBERS.index("artifacts_gem"), SEAT_NUMBERS.index("equipment_scarab_top")
_TALLY = SEAT_NUMBERS.index("clocks_spent")


@njit(cache=True)
def _taken(L, N, row, IDS, DATA, field, out, at, kinds):
    """The ids in list ``row`` into IDS (count first), and how many of each kind
    (``DATA[x, field]``) into out[at:at + kinds]."""
    out[at:at + kinds] = 0
    IDS[0] = N[row]
    for i in range(N[row]):
        x = L[row, i]
        out[at + DATA[x, field]] += 1
        IDS[1 + i] = x


@njit(cache=True)
def record(L, N, S, SE, R, ART, EQ, G, SEATS, ART_IDS, EQ_IDS, seed, decisions):
    n = S[PLAYERS]
    by_equipment = R[R_TIE_NONE] == 0
    top, low, tied_top, winners = SE[0, FAME], SE[0, FAME], 0, 0
    for s in range(n):
        top, low = max(top, SE[s, FAME]), min(low, SE[s, FAME])
    for s in range(n):
        tied_top += SE[s, FAME] == top
        fame, tied, rank = SE[s, FAME], 0, 1
        eq = N[EQUIP + s] if by_equipment else 0
        for o in range(n):
            other_eq = N[EQUIP + o] if by_equipment else 0
            if SE[o, FAME] > fame or (SE[o, FAME] == fame and other_eq > eq):
                rank += 1
            tied += SE[o, FAME] == fame
        row = SEATS[s]
        row[0], row[1], row[2] = fame, rank, rank == 1
        winners += rank == 1
        row[3], row[4], row[5] = SE[s, P_ART], SE[s, P_EXP], SE[s, SCARABS]
        row[6], row[7] = SE[s, MAP_FAME], SE[s, P_BONUS]
        _taken(L, N, ARTS + s, ART_IDS[s], ART, A_TYPE, row, _TYPES, 3)
        row[_TYPES + 3], row[_TYPES + 4] = SE[s, WILDS], N[EQUIP + s]
        _taken(L, N, EQUIP + s, EQ_IDS[s], EQ, E_KIND, row, _KINDS, 6)
        row[_KINDS + 6], row[_KINDS + 7] = N[MAPS + s], SE[s, MAPS_DONE]
        row[_TALLY], row[_TALLY + 1], row[_TALLY + 2] = SE[s, T_SPENT], SE[s, T_GAINED], \
            SE[s, CLOCKS]
        row[_TALLY + 3], row[_TALLY + 4] = SE[s, T_TRADES], SE[s, T_NOTHING]
        row[_TALLY + 5], row[_TALLY + 6] = SE[s, T_SPOTS], SE[s, T_FINISHED]
        row[_TALLY + 7], row[_TALLY + 8] = tied > 1, SE[s, OWED]
    G[0], G[1], G[2], G[3] = seed, decisions, S[ROUND], S[TURN]
    G[4], G[5], G[6] = top - low, top, winners > 1
    G[7] = tied_top > 1 and winners < tied_top
    G[8], G[9] = S[EXP_DONE] + S[REACHED_END], N[DECK]
    G[10] = N[EXC] + N[EXC + 1] + N[EXC + 2]
    G[11] = S[REASON]
