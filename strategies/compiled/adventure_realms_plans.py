"""The compiled twin of ``ExpectedVP``'s plans for the optional mechanics: the third
agent at the Fort (``agent_value`` per round it will be placed) and the Elemental Stone
(``stone_chase``: each advance priced as a share of the stone while one is left) and the Quest
cards (``quest_weight`` x each unfulfilled quest's VP, ``ExpectedVP._quest_plan``), float for
float as ``strategies/adventure_realms.py`` prices them: the quests are read from the seat's
adventure cards at each price, in the order the Python plan sums them. Called from
``strategies/compiled/adventure_realms.py``; kept apart so that module's hooks stay one line.
"""
from __future__ import annotations

from numba import njit

from simulate.games.adventure_realms.kernel_layout import (
    ADVENTURES, ADVENTURE_TYPES, A_Q1, A_Q2, A_QUEST, A_TYPE, A_VP, BY_GUILD, DECK, DISCARD, HAND,
    H_GUILD, H_KIND, H_SYMBOLS, KING, MONSTERS, PLAYED, POWER, QUEST_KINDS, ROUND, R_FORT_AGENT_COST,
    R_FORT_AGENT_NOW, R_GUILD_CARDS_COUNT, R_MAX_ROUNDS, R_STONE_VP, STONES)
from strategies.adventure_realms import STONE_EXTRA, ExpectedVP
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

PARAMS = tuple(ExpectedVP.param_ranges)        # the tuned numbers, P.par[seat, PARAMS.index]
# the columns these plans read (adventure_realms.py imports PARAMS from here, derives its own)
GOLD_VALUE, AGENT_VALUE, STONE_CHASE, QUEST_WEIGHT = (
    PARAMS.index(p) for p in ("gold_value", "agent_value", "stone_chase", "quest_weight"))
QUEST = ADVENTURE_TYPES.index("quest")
POWER_IN_GUILDS, STONES_QUEST, PER_KING, GUILD_CARDS = (
    QUEST_KINDS.index(k) for k in ("power_in_guilds", "stones", "per_king", "guild_cards"))
OWNED = (DECK, HAND, DISCARD, PLAYED)
QUEST_MEMO = 5                 # P.memo's last slots: the per-King price, one share per guild


@njit(cache=True, inline="always")
def agent_rounds(G, R):
    """``ExpectedVP._agent_rounds``: the rounds a third agent freed now would be placed in."""
    rounds = min(G.N[MONSTERS], R[R_MAX_ROUNDS] - G.S[ROUND] + 1)
    return max(0, rounds - (0 if R[R_FORT_AGENT_NOW] else 1))


@njit(cache=True, inline="always")
def fort_agent_value(G, R, P, me):
    """The Fort's 'agent' option: its rounds of use less the gold it costs."""
    return P.par[me, AGENT_VALUE] * agent_rounds(G, R) - \
        P.par[me, GOLD_VALUE] * R[R_FORT_AGENT_COST]


@njit(cache=True, inline="always")
def stone_gain(G, K, R, P, me, now, new, last, gain):
    """``gain`` plus the stone's part of advancing from ``now`` to ``new`` (a stone is left and
    no other seat is on the last space): the stone (its VP, and a stones quest's) when reached,
    and the chase."""
    stone = R[R_STONE_VP] + quest_stone(G, K, P, me)
    if new == last and now < last:
        gain += stone + STONE_EXTRA
    gain += P.par[me, STONE_CHASE] * stone * (new - now) / last
    return gain


# ---- the Quest cards (QuestPlan) --------------------------------------------------------------
@njit(cache=True, inline="always")
def quest_stone(G, K, P, me):
    """``QuestPlan.stone``: each stones quest not fulfilled, its VP / the stones it misses."""
    stone, have = 0.0, G.SE[me, STONES]
    for i in range(G.N[ADVENTURES + me]):
        a = G.L[ADVENTURES + me, i]
        if K.adventure[a, A_TYPE] == QUEST and K.adventure[a, A_QUEST] == STONES_QUEST and \
                have < K.adventure[a, A_Q1]:
            stone += P.par[me, QUEST_WEIGHT] * K.adventure[a, A_VP] / (K.adventure[a, A_Q1] - have)
    return stone


@njit(cache=True, inline="always")
def quest_power(G, K, P, me, now, new, v):
    """``v`` plus the steps from ``now`` to ``new`` toward each power_in_guilds quest not
    fulfilled (``QuestPlan.power``)."""
    for i in range(G.N[ADVENTURES + me]):
        a = G.L[ADVENTURES + me, i]
        if K.adventure[a, A_TYPE] != QUEST or K.adventure[a, A_QUEST] != POWER_IN_GUILDS:
            continue
        least = K.adventure[a, A_Q1]
        missing = K.adventure[a, A_Q2]
        for g in range(4):
            missing -= G.SE[me, POWER + g] >= least
        if missing > 0:
            share = P.par[me, QUEST_WEIGHT] * K.adventure[a, A_VP] / (missing * least)
            v += share * (min(new, least) - min(now, least))
    return v


@njit(cache=True, inline="always")
def counts_for(K, R, card, g):
    """Whether ``card`` is "of" guild ``g`` (ruling 14, ``guild_cards_count``)."""
    if R[R_GUILD_CARDS_COUNT] == BY_GUILD:
        return K.hero[card, H_GUILD] == g
    return (K.hero[card, H_SYMBOLS] >> (4 + g)) & 1 == 1


@njit(cache=True, inline="always")
def guild_count(G, K, R, me, g):
    n = 0
    for row in OWNED:
        for i in range(G.N[row + me]):
            n += counts_for(K, R, G.L[row + me, i], g)
    return n


@njit(cache=True, inline="always")
def quest_shares(G, K, R, P, me):
    """``QuestPlan.king`` and ``.cards``, priced once per decision into the last QUEST_MEMO slots
    of ``P.memo`` (king, then one per guild)."""
    at = len(P.memo) - QUEST_MEMO
    decision = P.memo_at[len(P.memo_at) - 1]
    if P.memo_at[at] == decision:
        return at
    king, most = 0.0, 0
    for g in range(4):
        most = max(most, guild_count(G, K, R, me, g))
        P.memo[at + 1 + g] = 0.0
    for i in range(G.N[ADVENTURES + me]):
        a = G.L[ADVENTURES + me, i]
        if K.adventure[a, A_TYPE] != QUEST:
            continue
        vp = P.par[me, QUEST_WEIGHT] * K.adventure[a, A_VP]
        if K.adventure[a, A_QUEST] == PER_KING:
            king += vp
        elif K.adventure[a, A_QUEST] == GUILD_CARDS and most < K.adventure[a, A_Q1]:
            for g in range(4):
                P.memo[at + 1 + g] += vp / (K.adventure[a, A_Q1] - guild_count(G, K, R, me, g))
    P.memo[at] = king
    P.memo_at[at] = decision
    return at


@njit(cache=True, inline="always")
def quest_card_value(G, K, R, P, me, card):
    """``ExpectedVP._quest_card_value``: a King for the per_king quests, plus the guild (of those
    ``card`` counts for) whose guild_cards quests a card more is worth most to."""
    held = False
    for i in range(G.N[ADVENTURES + me]):
        held |= K.adventure[G.L[ADVENTURES + me, i], A_TYPE] == QUEST
    if not held:
        return 0.0
    at = quest_shares(G, K, R, P, me)
    v = P.memo[at] if K.hero[card, H_KIND] == KING else 0.0
    best = 0.0
    for g in range(4):
        if counts_for(K, R, card, g):
            best = max(best, P.memo[at + 1 + g])
    return v + best
