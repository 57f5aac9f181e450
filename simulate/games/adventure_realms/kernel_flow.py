"""Adventure Realms' compiled kernel, part 4: set-up, the actions and the flow between the
decisions, as ``state.py``, ``reveal.py`` and ``dungeon.py`` (``ask`` is ``State._ask``: it plays
the stretches without a choice and leaves the next decision's legal list in ``G.A``)."""
from __future__ import annotations

from numba import njit

from simulate.games.adventure_realms.kernel_effects import (available, change_power,
                                                            draw, gain, pay)
from simulate.games.adventure_realms.kernel_grant import give_granted, take_granted
from simulate.games.adventure_realms.kernel_layout import (
    ADVENTURES, ADV_DECK, ADV_DISCARD, AGENTS, A_EFFECT, A_PAY, BANISH, BANISHED, BANISH_LEFT,
    BOX, CUR, DECK, DENSE, DISCARD, DISCARD_CARD, DRAW_AFTER, DUNGEON, END_MAGIC, END_PAYING,
    END_REVEAL, FIRST, FORT_AGENT, FORT_CHOICE, FORT_CHOICE_OPTION, FORT_STEPS, FREED, GARDEN,
    GOLD, HAND, HERO_DECK, H_AGENT, H_COST, H_PAY, H_RECRUIT, H_REVEAL, H_REVEAL_PAID,
    H_REVEAL_RP, LEGAL_N, MAGIC_TURN, MANA, MASTERS, MAY_OCCUPIED, MONSTERS, MONSTERS_DONE,
    M_RANKS, M_REWARD, OCCUPIED, OVER, PAY_REVEAL, PENDING, PHASE, PILE_HAND, PLACE,
    PLACED, PLAYED, PLAYERS, PLAY_ITEM, PLAY_MAGIC, P_AGENT, P_BANISH, P_DISCARD, P_FORT,
    P_MAGIC, P_OVER, P_PAY, P_RECRUIT, RANKS, RECRUIT, RECRUITED, REVEAL, REVEALED, ROUND, ROW, SCRATCH,
    RP, R_BASTION_SKIPS_EMPTY_HANDS, R_DRAWS_PER_ROUND, R_DUNGEON_TRACK_LENGTH, R_FORT_AGENT_COST, R_FORT_AGENT_NOW,
    R_FORT_GUILD_STEPS, R_GARDEN_MANA_PER_ROUND, R_GARDEN_MANA_SETUP, R_GUILD_ROW_SIZE,
    R_GUILD_SPACE_POWER, R_HAND_SIZE, R_MAX_ROUNDS, R_MONSTERS_BY_LEVEL, R_STARTING_AGENTS,
    R_STARTING_GOLD, R_STONES, R_STONE_ON_TIE, R_TIED_RANKS, R_VP_TARGET, SP_COST, SP_GAIN,
    SP_GUILD, STONES, STONES_LEFT, STONE_ALL, STOP_BANISHING, END_REASON, THEN,
    THEN_NEXT_AGENT, THEN_NONE, THEN_RECRUIT, TOP_HOLDER, TURN, TWICE, UNPAID,
    VP, VP_DUNGEON, VP_MASTERS, VP_ROUNDS, index_of, pop_at, push, remove)
from simulate.kernels.refcounts import no_refcounts
from simulate.games.adventure_realms.kernel_options import (
    add, agent_options, banish_options, fort_options, magic_options, pay_options,
    recruit_options, sorted_distinct)
from simulate.games.adventure_realms.kernel_scoring import vp_for_target
from simulate.games.adventure_realms.kernel_streams import (monster_stack, pick, shuffle_row,
                                                            start_streams)
from simulate.games.adventure_realms.streams import BASTION_STREAM, SETUP_STREAM
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


# ---- set-up ----------------------------------------------------------------------------------
@no_refcounts
def new_game(G, K, R, n, grant):
    """State.__init__: the table and the players (a granted card: kernel_grant.py), round 1,
    the first decision."""
    L, N, S, SE = G.L, G.N, G.S, G.SE
    N[:] = 0
    S[:] = 0
    SE[:] = 0
    S[PLAYERS] = n
    start_streams(G)
    for c in K.hero_deck:
        push(L, N, HERO_DECK, c)
    shuffle_row(G, HERO_DECK, 0, N[HERO_DECK], K.hero_key, SETUP_STREAM)
    for c in K.masters:
        push(L, N, MASTERS, c)
    for c in K.adventure_deck:
        push(L, N, ADV_DECK, c)
    shuffle_row(G, ADV_DECK, 0, N[ADV_DECK], K.adventure_key, SETUP_STREAM)
    take_granted(G, grant)                      # before the row is dealt
    for _ in range(R[R_GUILD_ROW_SIZE]):
        if N[HERO_DECK]:
            N[HERO_DECK] -= 1
            push(L, N, ROW, L[HERO_DECK, N[HERO_DECK]])
        else:
            push(L, N, ROW, -1)
    monster_stack(G, K, R[R_MONSTERS_BY_LEVEL])
    S[STONES_LEFT] = R[R_STONES]
    S[GARDEN] = R[R_GARDEN_MANA_SETUP]
    S[OCCUPIED:OCCUPIED + len(K.space)] = -1
    S[TOP_HOLDER:TOP_HOLDER + 4] = -1
    for seat in range(n):
        for c in K.basic_deck:
            push(L, N, DECK + seat, c)
        SE[seat, GOLD] = R[R_STARTING_GOLD]
        SE[seat, AGENTS] = R[R_STARTING_AGENTS]
    give_granted(G, grant)                      # before the decks' shuffles
    for seat in range(n):
        shuffle_row(G, DECK + seat, 0, N[DECK + seat], K.hero_key, SETUP_STREAM)
    start_round(G, K, R)
    ask(G, K, R)


@no_refcounts
def start_round(G, K, R):
    """Draw Phase: mana onto the Fairy Garden, 5 cards each; then the Agent Phase."""
    S, SE = G.S, G.SE
    S[ROUND] += 1
    S[GARDEN] += available(G, R, MANA, R[R_GARDEN_MANA_PER_ROUND])
    for seat in range(S[PLAYERS]):
        draw(G, K, seat, R[R_HAND_SIZE])
        SE[seat, RP] = 0
        SE[seat, REVEALED] = 0
    S[PHASE] = P_AGENT
    S[CUR] = S[TURN] = S[FIRST]


# ---- the next decision -----------------------------------------------------------------------
@no_refcounts
def ask(G, K, R):
    L, N, S = G.L, G.N, G.S
    while True:
        if S[OVER]:
            S[LEGAL_N] = 0
            return
        if N[PENDING]:
            seat = L[PENDING, 0]
            if N[HAND + seat] == 0:
                pop_at(L, N, PENDING, 0)
                if not R[R_BASTION_SKIPS_EMPTY_HANDS] and N[DECK + seat]:
                    card = pop_at(L, N, DECK + seat, pick(G, BASTION_STREAM, N[DECK + seat]))
                    push(L, N, DISCARD + seat, card)
                continue
            kinds = sorted_distinct(G, HAND + seat)
            if kinds == 1:
                discard_card(G, L[SCRATCH, 0])
                continue
            S[PHASE], S[CUR] = P_DISCARD, seat
            for i in range(kinds):
                add(G, i, DISCARD_CARD, L[SCRATCH, i], 0)
            S[LEGAL_N] = kinds
            return
        S[CUR] = S[TURN]
        if S[FORT_CHOICE]:
            count = fort_options(G, K, R, S[TURN], 0)
            if count > 1:
                S[PHASE], S[LEGAL_N] = P_FORT, count
                return
            if count == 0:
                raise RuntimeError("the Fort has no option left")
            fort_choice(G, K, R, G.A[0, 1])
            continue
        if S[BANISH_LEFT]:
            count = banish_options(G, R, S[TURN])
            if count > 1:
                S[PHASE], S[LEGAL_N] = P_BANISH, count
                return
            if count == 1 and G.A[0, 0] == BANISH:
                banish(G, G.A[0, 1], G.A[0, 2])
                continue
            S[BANISH_LEFT] = 0
        if S[DRAW_AFTER]:
            n, S[DRAW_AFTER] = S[DRAW_AFTER], 0
            draw(G, K, S[TURN], n)
        if N[UNPAID]:
            count = pay_options(G, K, S[TURN])
            if count:
                S[PHASE], S[LEGAL_N] = P_PAY, count
                return
            N[UNPAID] = 0
        if S[THEN] != THEN_NONE:
            then, S[THEN] = S[THEN], THEN_NONE
            if then == THEN_NEXT_AGENT:
                next_agent_turn(G, K, R, S[TURN])
            else:
                S[PHASE] = P_RECRUIT
            continue
        if S[PHASE] == P_AGENT:
            S[LEGAL_N] = agent_options(G, K, R, S[CUR])
            return
        if S[PHASE] == P_RECRUIT:
            count = recruit_options(G, K, S[CUR])
            if count > 1:
                S[LEGAL_N] = count
                return
            end_reveal(G, K, R, S[CUR])
            continue
        if S[PHASE] == P_MAGIC:
            count = magic_options(G, K, S[CUR])
            if count > 1:
                S[LEGAL_N] = count
                return
            next_magic_turn(G, K, R)
            continue
        raise RuntimeError("no decision in this phase")


@njit(cache=True, inline="always")
def next_agent_turn(G, K, R, seat):
    """The next seat clockwise that has not revealed; when all have, the Dungeon Phase."""
    S, n = G.S, G.S[PLAYERS]
    S[MAY_OCCUPIED] = 0
    for k in range(1, n + 1):
        other = (seat + k) % n
        if not G.SE[other, REVEALED]:
            S[PHASE], S[CUR], S[TURN] = P_AGENT, other, other
            return
    S[PHASE], S[MAGIC_TURN] = P_MAGIC, 0
    S[CUR] = S[TURN] = S[FIRST]


# ---- the actions -----------------------------------------------------------------------------
@no_refcounts
def apply(G, K, R, a):
    """Apply legal action ``a`` (a row of ``G.A``), then find the next decision."""
    kind, x, y = G.A[a, 0], G.A[a, 1], G.A[a, 2]
    seat = G.S[CUR]
    if kind == PLACE:
        place(G, K, R, seat, x, y)
    elif kind == PLAY_ITEM or kind == PLAY_MAGIC:
        play_adventure(G, K, R, seat, x)
    elif kind == REVEAL:
        reveal(G, K, R, seat)
    elif kind == PAY_REVEAL:
        remove(G.L, G.N, UNPAID, x)
        pay(G, K, seat, K.hero[x, H_PAY])
        gain(G, K, R, seat, K.hero[x, H_REVEAL_PAID], VP_MASTERS)
    elif kind == END_PAYING:
        G.N[UNPAID] = 0
    elif kind == RECRUIT:
        recruit(G, K, R, seat, x)
    elif kind == END_REVEAL:
        end_reveal(G, K, R, seat)
    elif kind == BANISH:
        banish(G, x, y)
    elif kind == STOP_BANISHING:
        G.S[BANISH_LEFT] = 0
    elif kind == DISCARD_CARD:
        discard_card(G, x)
    elif kind == FORT_CHOICE_OPTION:
        fort_choice(G, K, R, x)
    elif kind == END_MAGIC:
        next_magic_turn(G, K, R)
    ask(G, K, R)


@njit(cache=True, inline="always")
def place(G, K, R, seat, card, space):
    L, N, S, SE = G.L, G.N, G.S, G.SE
    remove(L, N, HAND + seat, card)
    push(L, N, PLAYED + seat, card)
    SE[seat, PLACED] += 1
    S[OCCUPIED + space] = seat
    S[MAY_OCCUPIED] = 0
    pay(G, K, seat, K.space[space, SP_COST])
    S[FORT_CHOICE] = space == K.fort
    gain(G, K, R, seat, K.space[space, SP_GAIN], VP_MASTERS)
    if K.space[space, SP_GUILD] >= 0 and R[R_GUILD_SPACE_POWER]:
        change_power(G, K, R, seat, K.space[space, SP_GUILD], R[R_GUILD_SPACE_POWER])
    gain(G, K, R, seat, K.hero[card, H_AGENT], VP_MASTERS)
    S[THEN] = THEN_NEXT_AGENT


@njit(cache=True, inline="always")
def fort_choice(G, K, R, option):
    S, SE = G.S, G.SE
    seat = S[TURN]
    S[FORT_CHOICE] = 0
    if option == FORT_AGENT:
        SE[seat, GOLD] -= R[R_FORT_AGENT_COST]
        SE[seat, FREED] = 1
        SE[seat, AGENTS] += 1
        if not R[R_FORT_AGENT_NOW]:
            SE[seat, PLACED] += 1            # the freed agent waits for the next round
        return
    a, b = FORT_STEPS[option - 1, 0], FORT_STEPS[option - 1, 1]
    steps = R[R_FORT_GUILD_STEPS]
    if a == b:
        change_power(G, K, R, seat, a, steps)
    else:
        change_power(G, K, R, seat, a, steps - steps // 2)
        change_power(G, K, R, seat, b, steps // 2)


@njit(cache=True, inline="always")
def play_adventure(G, K, R, seat, card):
    remove(G.L, G.N, ADVENTURES + seat, card)
    push(G.L, G.N, ADV_DISCARD, card)
    pay(G, K, seat, K.adventure[card, A_PAY])
    gain(G, K, R, seat, K.adventure[card, A_EFFECT], VP_MASTERS)


@njit(cache=True, inline="always")
def reveal(G, K, R, seat):
    """The cards left in hand: free effects gained, priced ones give their RP and wait."""
    L, N = G.L, G.N
    held = N[HAND + seat]
    for i in range(held):                   # cards drawn now were not revealed
        c = L[HAND + seat, i]
        if K.elen[K.hero[c, H_PAY]]:
            gain(G, K, R, seat, K.hero[c, H_REVEAL_RP], VP_MASTERS)
            push(L, N, UNPAID, c)
        else:
            gain(G, K, R, seat, K.hero[c, H_REVEAL], VP_MASTERS)
    G.S[PHASE], G.S[THEN] = P_RECRUIT, THEN_RECRUIT


@njit(cache=True, inline="always")
def recruit(G, K, R, seat, card):
    L, N = G.L, G.N
    G.SE[seat, RP] -= K.hero[card, H_COST]
    if N[MASTERS] and L[MASTERS, N[MASTERS] - 1] == card:
        N[MASTERS] -= 1
    else:
        slot = index_of(L, N, ROW, card)
        if N[HERO_DECK]:
            N[HERO_DECK] -= 1
            L[ROW, slot] = L[HERO_DECK, N[HERO_DECK]]
        else:
            L[ROW, slot] = -1
    push(L, N, DISCARD + seat, card)
    push(L, N, RECRUITED + seat, card)
    gain(G, K, R, seat, K.hero[card, H_RECRUIT], VP_MASTERS)
    G.S[THEN] = THEN_RECRUIT


@njit(cache=True, inline="always")
def end_reveal(G, K, R, seat):
    L, N = G.L, G.N
    for row in (HAND + seat, PLAYED + seat):
        for i in range(N[row]):
            push(L, N, DISCARD + seat, L[row, i])
        N[row] = 0
    G.SE[seat, RP] = 0
    G.SE[seat, REVEALED] = 1
    next_agent_turn(G, K, R, seat)


@njit(cache=True, inline="always")
def banish(G, card, pile):
    seat = G.S[CUR]
    remove(G.L, G.N, (HAND if pile == PILE_HAND else DISCARD) + seat, card)
    push(G.L, G.N, BOX, card)
    G.SE[seat, BANISHED] += 1
    G.S[BANISH_LEFT] -= 1


@njit(cache=True, inline="always")
def discard_card(G, card):
    seat = pop_at(G.L, G.N, PENDING, 0)
    remove(G.L, G.N, HAND + seat, card)
    push(G.L, G.N, DISCARD + seat, card)
    G.S[CUR] = G.S[TURN]


# ---- the Dungeon and End Phases --------------------------------------------------------------
@no_refcounts
def next_magic_turn(G, K, R):
    S = G.S
    S[MAGIC_TURN] += 1
    if S[MAGIC_TURN] < S[PLAYERS]:
        S[CUR] = S[TURN] = (S[FIRST] + S[MAGIC_TURN]) % S[PLAYERS]
        return
    score_dungeon(G, K, R)
    end_phase(G, K, R)


@njit(cache=True, inline="always")
def rank_of(G, R, seat):
    """Dungeon.dungeon_ranks_now for one seat (0 = not on the track)."""
    SE, n = G.SE, G.S[PLAYERS]
    p = SE[seat, DUNGEON]
    if p <= 0:
        return 0
    rank = 1
    for s in range(n):
        q = SE[s, DUNGEON]
        if q > p:
            if R[R_TIED_RANKS] == DENSE:        # count each higher position once
                first = True
                for t in range(s):
                    if SE[t, DUNGEON] == q:
                        first = False
                rank += first
            else:
                rank += 1
    return rank


@no_refcounts
def score_dungeon(G, K, R):
    """The stone for the last space, then each rank's reward from the monster card."""
    L, N, S, SE, n = G.L, G.N, G.S, G.SE, G.S[PLAYERS]
    monster = L[MONSTERS, N[MONSTERS] - 1]
    ranks = G.ranks
    for s in range(n):
        ranks[s] = rank_of(G, R, s)
    at_end = 0
    for s in range(n):
        at_end += SE[s, DUNGEON] >= R[R_DUNGEON_TRACK_LENGTH]
    if at_end == 1 or (at_end and R[R_STONE_ON_TIE] == STONE_ALL):
        for k in range(n):
            seat = (S[FIRST] + k) % n
            if SE[seat, DUNGEON] >= R[R_DUNGEON_TRACK_LENGTH] and S[STONES_LEFT]:
                S[STONES_LEFT] -= 1
                SE[seat, STONES] += 1
    for k in range(n):
        seat = (S[FIRST] + k) % n
        rank = ranks[seat]
        push(L, N, RANKS + seat, rank)
        if rank and rank <= K.monster[monster, M_RANKS]:
            gain(G, K, R, seat, K.monster[monster, M_REWARD + rank - 1], VP_DUNGEON)


@no_refcounts
def end_phase(G, K, R):
    """The end check, else the board reset, the first player marker passed, the next round."""
    L, N, S, SE, n = G.L, G.N, G.S, G.SE, G.S[PLAYERS]
    N[MONSTERS] -= 1
    S[MONSTERS_DONE] += 1
    best = -1 << 40
    for seat in range(n):
        push(L, N, VP_ROUNDS + seat, SE[seat, VP])
        best = max(best, vp_for_target(G, K, R, seat))
    reason = 1 if best >= R[R_VP_TARGET] else 2 if N[MONSTERS] == 0 else \
        3 if S[ROUND] >= R[R_MAX_ROUNDS] else 0
    if reason:
        S[OVER], S[PHASE], S[END_REASON], S[CUR] = 1, P_OVER, reason, 0
        S[LEGAL_N] = 0
        return
    for seat in range(n):
        SE[seat, DUNGEON] = 0
        SE[seat, PLACED] = 0
    S[OCCUPIED:OCCUPIED + len(K.space)] = -1
    S[FIRST] = (S[FIRST] + 1) % n
    if R[R_DRAWS_PER_ROUND] == TWICE:
        for seat in range(n):
            draw(G, K, seat, R[R_HAND_SIZE])
    start_round(G, K, R)
