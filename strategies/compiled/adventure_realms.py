"""Adventure Realms' compiled strategies: ``ExpectedVP`` (``balanced``, and its presets
``guild_specialist`` and ``dungeon_racer``: the same evaluator with other parameters) scoring the
legal list exactly as ``strategies/adventure_realms.py`` does, float for float.

The prices that do not depend on the board (every effect's ``static_value``, each card's worth
and agent part, each space's net gain, the sums of a guild track's level rewards) are computed
per chunk by the Python strategy object itself (:func:`prices`), so they are the same floats;
the kernel adds the board's parts (dungeon ranks, guild power, the Fort, the Reveal) in the same
order of operations. The first best action wins, as in ``choose``.

The helpers are inlined into ``choose`` (``inline="always"``), which runs without numba's
reference counting (``simulate.kernels.refcounts.no_refcounts``): with it, every inlined helper
given the tuples G, K and P incremented and decremented each of their ~30 arrays, a function
call apiece (measured: ~300 ns a helper, most of the kernel's time).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from simulate.games.adventure_realms.components import space_gains
from simulate.games.adventure_realms.kernel_layout import (
    AGENTS, A_EFFECT, A_PAY, BANISH, DECK, DISCARD, DISCARD_CARD, DUNGEON, FORT_AGENT,
    FORT_CHOICE_OPTION, FORT_STEPS, FREED, GARDEN, GOLD, HAND, H_AGENT, H_COST, H_KIND, H_PAY,
    H_RECRUIT, H_REVEAL, H_REVEAL_PAID, K_MANA, K_STONE_BONUS, LEGAL_N, MANA, MONSTERS, M_RANKS,
    M_REWARD, PAY_REVEAL, PILE_HAND, PLACE, PLACED, PLAYED, PLAYERS, PLAY_ITEM, PLAY_MAGIC,
    POWER, RECRUIT, REVEAL, REVEALED, ROUND, R_DUNGEON_TRACK_LENGTH, R_FORT_AGENT_COST,
    R_FORT_GUILD_STEPS, R_GUILD_SPACE_POWER, R_HAND_SIZE, R_MAX_ROUNDS, SP_GUILD,
    STONES, STONES_LEFT, TOP_HOLDER)
from simulate.kernels.refcounts import no_refcounts
from strategies.adventure_realms import (ADVANCE_VP, BANISH_ROOT, BANISH_VP, BELOW_TOP, ITEM_NOW,
                                         MAGIC_KEPT, RECRUIT_PER_COST, UNUSED_AGENT, ExpectedVP)
from strategies.compiled import adventure_realms_plans as plans
from strategies.compiled.adventure_realms_plans import PARAMS
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

MANA_VALUE, CARD_VALUE, DUNGEON_WEIGHT, POWER_VALUE, RECRUIT_MIN, FOCUS_WEIGHT = (
    PARAMS.index(p) for p in ("mana_value", "card_value", "dungeon_weight", "power_value",
                              "recruit_min", "focus_weight"))
FOCUS = len(PARAMS)
RANDOM, EXPECTED_VP = 0, 1
SPACE_STEPS, SPACE_GARDEN, SPACE_BANISH, SPACE_FORT = range(4)
MEMO_STEPS = 64                # advances priced once per decision up to this many


class Prices(NamedTuple):
    """Per seat, the prices that hold for the whole game (computed by the Python strategy)."""
    par: np.ndarray            # [seat, PARAMS..., FOCUS]
    static: np.ndarray         # [seat, effect] static_value
    steps: np.ndarray          # [effect] dungeon advances (_dungeon_of)
    worth: np.ndarray          # [seat, hero] _card_worth
    card: np.ndarray           # [seat, hero] the agent part of a Place (static)
    space: np.ndarray          # [seat, space] the space's net static gain
    space_kind: np.ndarray     # [space, SPACE_*]: advances, garden, banish, fort
    levels: np.ndarray         # [seat, guild, a, b] sum(levels[a:b])
    banish_root: np.ndarray    # [k] BANISH_ROOT * k ** 0.5
    memo: np.ndarray           # this decision's prices: per space, card, advances; the quests
    memo_at: np.ndarray        # the decision each memo entry was priced at; [-1]: this one


def prices(seats: list, comp, rules, kit, effects) -> Prices:
    """The static prices of each ExpectedVP seat (zeros for a random seat); seats with the
    same parameters are priced once."""
    rows = sorted(effects.rows, key=effects.rows.get)
    n, top = 4, comp.track_top
    par = np.zeros((n, len(PARAMS) + 1))
    static = np.zeros((n, len(rows)))
    worth, card = np.zeros((n, len(comp.heroes))), np.zeros((n, len(comp.heroes)))
    space = np.zeros((n, len(comp.spaces)))
    levels = np.zeros((n, 4, top + 2, top + 2))
    priced: dict[tuple, int] = {}
    for s, seat in enumerate(seats):
        if not isinstance(seat, ExpectedVP):
            continue
        key = (type(seat), seat.focus, *(getattr(seat, p) for p in PARAMS))
        if key in priced:
            for table in (par, static, worth, card, space, levels):
                table[s] = table[priced[key]]
            continue
        priced[key] = s
        fixed = seat.fixed_prices(comp, rules)
        par[s, :len(PARAMS)] = [getattr(seat, p) for p in PARAMS]
        par[s, FOCUS] = fixed.focus
        static[s] = [seat.static_value(e) for e in rows]
        worth[s], card[s], space[s] = fixed.worth, fixed.card, fixed.space
        for g in range(4):
            for a in range(top + 2):
                for b in range(top + 2):
                    levels[s, g, a, b] = sum(fixed.levels[g][a:b])
    steps = np.array([sum(k for key, k in e if key == "dungeon") for e in rows], np.int64)
    kinds = np.array([[sum(k for key, k in gain if key == "dungeon"),
                       *(x in {key for key, _ in gain} for x in ("garden", "banish", "fort"))]
                      for gain in space_gains(comp, rules)], np.int64)
    root = np.array([BANISH_ROOT * k ** 0.5 for k in range(len(comp.basic_deck) + 1)])
    memo = len(comp.spaces) + len(comp.heroes) + MEMO_STEPS + plans.QUEST_MEMO
    return Prices(par, static, steps, worth, card, space, kinds, levels, root, np.zeros(memo),
                  np.full(memo + 1, -1, np.int64))


# ---- the board's parts -------------------------------------------------------------------------
@njit(cache=True, inline="always")
def rank_value(G, K, P, me, p):
    rank = 1
    for s in range(G.S[PLAYERS]):
        rank += s != me and G.SE[s, DUNGEON] > p
    monster = G.L[MONSTERS, G.N[MONSTERS] - 1]
    if rank <= K.monster[monster, M_RANKS]:
        return P.static[me, K.monster[monster, M_REWARD + rank - 1]]
    return 0.0


@njit(cache=True, inline="always")
def remembered(P, key):
    """Whether ``P.memo[key]`` was priced in this decision (the Python strategy's caches)."""
    return P.memo_at[key] == P.memo_at[len(P.memo_at) - 1]


@njit(cache=True, inline="always")
def remember(P, key, v):
    P.memo[key] = v
    P.memo_at[key] = P.memo_at[len(P.memo_at) - 1]
    return v


@njit(cache=True, inline="always")
def dungeon_value(G, K, R, P, me, steps):
    """``_dungeon_value``: priced once per decision and number of advances."""
    if steps <= 0 or G.N[MONSTERS] == 0:
        return 0.0
    key = len(K.space) + len(K.hero) + steps
    if steps < MEMO_STEPS and remembered(P, key):
        return P.memo[key]
    v = dungeon_gain(G, K, R, P, me, steps)
    return remember(P, key, v) if steps < MEMO_STEPS else v


@njit(cache=True, inline="always")
def dungeon_gain(G, K, R, P, me, steps):
    """The rank won on the current monster by ``steps`` advances, the stone, the race."""
    last = R[R_DUNGEON_TRACK_LENGTH]
    now = G.SE[me, DUNGEON]
    new = min(last, now + steps)
    v = rank_value(G, K, P, me, now) if now else 0.0
    gain = rank_value(G, K, P, me, new) - v
    others_at_end = False
    for s in range(G.S[PLAYERS]):
        others_at_end |= s != me and G.SE[s, DUNGEON] >= last
    if G.S[STONES_LEFT] and not others_at_end:
        gain = plans.stone_gain(G, K, R, P, me, now, new, last, gain)
    gain += ADVANCE_VP * (new - now)
    return P.par[me, DUNGEON_WEIGHT] * gain


@njit(cache=True, inline="always")
def power_value(G, K, P, me, guild, steps):
    top = K.top
    now = G.SE[me, POWER + guild]
    holder = G.S[TOP_HOLDER + guild]
    cap = top - 1 if holder != -1 and holder != me else top
    new = min(cap, now + steps)
    v = P.levels[me, guild, now + 1, new + 1]          # sum(levels[now + 1:new + 1])
    v += P.par[me, POWER_VALUE] * (new - now) * (BELOW_TOP if new < top else 1.0)
    if guild == P.par[me, FOCUS]:
        v *= 1.0 + P.par[me, FOCUS_WEIGHT]
    return plans.quest_power(G, K, P, me, now, new, v)


@njit(cache=True, inline="always")
def fort_value(G, K, R, P, me, option):
    if option == FORT_AGENT:
        return plans.fort_agent_value(G, R, P, me)
    g1, g2 = FORT_STEPS[option - 1, 0], FORT_STEPS[option - 1, 1]
    steps = R[R_FORT_GUILD_STEPS]
    if g1 == g2:
        return power_value(G, K, P, me, g1, steps)
    return power_value(G, K, P, me, g1, steps - steps // 2) + \
        power_value(G, K, P, me, g2, steps // 2)


@njit(cache=True, inline="always")
def best_fort_value(G, K, R, P, me):
    """max(_fort_value(o) for o in fort_options(view)): 'agent' when nothing else is open."""
    best, found = 0.0, False
    if not G.SE[me, FREED] and G.SE[me, GOLD] >= R[R_FORT_AGENT_COST]:
        best, found = fort_value(G, K, R, P, me, FORT_AGENT), True
    if R[R_FORT_GUILD_STEPS]:
        for k in range(len(FORT_STEPS)):
            if G.SE[me, POWER + FORT_STEPS[k, 0]] < K.top or \
                    G.SE[me, POWER + FORT_STEPS[k, 1]] < K.top:
                v = fort_value(G, K, R, P, me, 1 + k)
                if not found or v > best:
                    best, found = v, True
    return best if found else fort_value(G, K, R, P, me, FORT_AGENT)


@njit(cache=True, inline="always")
def space_value(G, K, R, P, me, sp):
    v = P.space[me, sp]
    steps = P.space_kind[sp, SPACE_STEPS]
    if steps:
        v += dungeon_value(G, K, R, P, me, steps)
    if K.space[sp, SP_GUILD] >= 0:
        v += power_value(G, K, P, me, K.space[sp, SP_GUILD], R[R_GUILD_SPACE_POWER])
    if P.space_kind[sp, SPACE_FORT]:
        v += best_fort_value(G, K, R, P, me)
    if P.space_kind[sp, SPACE_GARDEN]:
        v += G.S[GARDEN] * P.par[me, MANA_VALUE]
    if P.space_kind[sp, SPACE_BANISH]:
        basics = 0
        for row in (HAND + me, DISCARD + me):
            for i in range(G.N[row]):
                basics += K.hero[G.L[row, i], H_KIND] == 0
        v += P.banish_root[basics]
    return v


@njit(cache=True, inline="always")
def plays_left(G, R, me):
    owned = G.N[DECK + me] + G.N[HAND + me] + G.N[DISCARD + me] + G.N[PLAYED + me] + 1
    rounds = max(0, min(G.N[MONSTERS], R[R_MAX_ROUNDS] - G.S[ROUND] + 1) - 1)
    return rounds * min(1.0, R[R_HAND_SIZE] / owned)


@njit(cache=True, inline="always")
def reveal_value(G, K, R, P, me):
    """The priced reveal effects the mana covers (hand order), less the agents left unused."""
    v = -UNUSED_AGENT * (G.SE[me, AGENTS] - G.SE[me, PLACED])
    steps, price = 0, 0.0
    mana = G.SE[me, MANA]
    for i in range(G.N[HAND + me]):
        c = G.L[HAND + me, i]
        pay = K.hero[c, H_PAY]
        need = 0
        for j in range(K.elen[pay]):
            if K.eff[pay, j, 0] == K_MANA:
                need += K.eff[pay, j, 1]
        if K.elen[pay] and need <= mana:
            mana -= need
            steps += P.steps[K.hero[c, H_REVEAL]]
            price += P.static[me, pay]
    return v + max(0.0, dungeon_value(G, K, R, P, me, steps) - price)


@njit(cache=True, inline="always")
def value(G, K, R, P, me, a):
    """``ExpectedVP._value`` (and the placements of ``_choose_agent``)."""
    kind, x, y = G.A[a, 0], G.A[a, 1], G.A[a, 2]
    if kind == PLACE:                        # a space's part and a card's part priced once
        at, card_at = y, len(K.space) + x
        v = P.memo[at] if remembered(P, at) else remember(P, at, space_value(G, K, R, P, me, y))
        if remembered(P, card_at):
            return v + P.memo[card_at]
        steps = P.steps[K.hero[x, H_AGENT]]
        c = P.card[me, x] + (dungeon_value(G, K, R, P, me, steps) if steps else 0.0)
        return v + remember(P, card_at, c)
    if kind == PLAY_ITEM:
        effect, pay = K.adventure[x, A_EFFECT], K.adventure[x, A_PAY]
        v = P.static[me, effect] - P.static[me, pay]
        return v + dungeon_value(G, K, R, P, me, P.steps[effect]) - ITEM_NOW
    if kind == REVEAL:
        return reveal_value(G, K, R, P, me)
    if kind == PAY_REVEAL:
        paid = K.hero[x, H_REVEAL_PAID]
        return P.static[me, paid] + dungeon_value(G, K, R, P, me, P.steps[paid]) - \
            P.static[me, K.hero[x, H_PAY]]
    if kind == RECRUIT:
        return P.worth[me, x] * plays_left(G, R, me) + P.static[me, K.hero[x, H_RECRUIT]] - \
            P.par[me, RECRUIT_MIN] + RECRUIT_PER_COST * K.hero[x, H_COST] + \
            plans.quest_card_value(G, K, R, P, me, x)
    if kind == FORT_CHOICE_OPTION:
        return fort_value(G, K, R, P, me, x)
    if kind == BANISH:
        in_hand = y == PILE_HAND and not G.SE[me, REVEALED]
        lost = P.static[me, K.hero[x, H_REVEAL]] if in_hand else 0.0
        return BANISH_VP - P.worth[me, x] - lost - plans.quest_card_value(G, K, R, P, me, x)
    if kind == DISCARD_CARD:
        return -P.worth[me, x]
    if kind == PLAY_MAGIC:
        effect = K.adventure[x, A_EFFECT]
        steps = P.steps[effect]
        if G.SE[me, STONES]:
            for j in range(K.elen[effect]):
                if K.eff[effect, j, 0] == K_STONE_BONUS:
                    steps += K.eff[effect, j, 1]
        keep = 0.0 if G.N[MONSTERS] <= 1 else MAGIC_KEPT * P.par[me, CARD_VALUE]
        return dungeon_value(G, K, R, P, me, steps) - P.static[me, K.adventure[x, A_PAY]] - keep
    return 0.0                               # EndReveal, StopBanishing, EndPaying, EndMagic


@no_refcounts
def choose(G, K, R, P, me):
    """The first legal action of the highest value (``ExpectedVP.choose``)."""
    best, choice = -1e9, 0
    P.memo_at[len(P.memo_at) - 1] += 1        # a new decision: forget the last one's prices
    for a in range(G.S[LEGAL_N]):
        v = value(G, K, R, P, me, a)
        if v > best:
            best, choice = v, a
    return choice
