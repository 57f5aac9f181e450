"""Exact party arithmetic for strategies: can these companions clear these monsters (and still
face the dragon), which companion to use first, and the chance of clearing the next level.

A *party* here is a 6-tuple of companion counts ``(Fighter, Cleric, Mage, Thief, Champion, wild)``
(dice, converted dice and companion tokens together; *wild* = an Enchantress' Scrolls, usable as
any companion). Scroll re-rolls, ultimates and other treasures are left out: the odds are a
slightly pessimistic floor.

The search (``_search``) always attacks the first monster type present and tries every companion
on it. Whether it succeeds at all is computed for every monster triple at once: ``feasible``
gives a bit set over triples (bit ``g*121 + s*11 + o``; counts up to 10, the most dungeon dice the
rules allow), built from the sub-parties' sets with shifts and masks. ``clear_chance`` only needs
those bits; ``plan`` prunes its search with them. Everything is memoised in bounded caches.
"""
from __future__ import annotations

from math import factorial

from simulate.games.dungeon_roll.components import (AS_TYPES, CHAMPION, COMPANIONS, FIGHTER,
                                                    MERCENARY, MINSTREL, SWEEPS)
from simulate.games.dungeon_roll.legal import can_complete, make_room

# Value of keeping a companion for later levels (a Champion defeats any whole group).
KEEP_VALUE = (1.0, 1.0, 1.0, 0.9, 1.5, 1.3)
IMPOSSIBLE = -1.0


def party_types(hero: int) -> tuple:
    """Companion types each party slot may act as, for this hero."""
    as_types = AS_TYPES[hero]
    return tuple(as_types[f] for f in COMPANIONS) + (COMPANIONS,)


def bonus_type(hero: int, master: bool) -> int:
    """The companion type that defeats one extra monster (Commander: Fighter, Bard: Champion)."""
    if master and hero == MERCENARY:
        return FIGHTER
    if master and hero == MINSTREL:
        return CHAMPION
    return -1


def _solver_kinds() -> tuple:
    """Heroes whose companions work alike share memo entries: (hero, master) -> kind."""
    kinds: list = []
    table = []
    for hero in range(8):
        row = []
        for master in (False, True):
            rule = (party_types(hero), bonus_type(hero, master))
            if rule not in kinds:
                kinds.append(rule)
            row.append(kinds.index(rule))
        table.append(tuple(row))
    return tuple(table), tuple(kinds)


KIND, KINDS = _solver_kinds()
# Per kind, per slot: (type mask, ((as_type, sweeps, extra), ...)) for the dragon check and moves.
SLOT_RULES = tuple(tuple((sum(1 << a for a in types[slot]),
                          tuple((a, SWEEPS[a], a == bonus) for a in types[slot]))
                         for slot in range(6)) for types, bonus in KINDS)

# ---------------------------------------------------------------- monster triples as bits
B = 11                                   # counts 0..10 per monster type
TRIPLES = [(g, s, o) for g in range(B) for s in range(B) for o in range(B)]


def _bits(test) -> int:
    return sum(1 << (g * B * B + s * B + o) for g, s, o in TRIPLES if test(g, s, o))


# Triples whose first monster type present is t (the search attacks it).
FIRST = (_bits(lambda g, s, o: g > 0), _bits(lambda g, s, o: not g and s > 0),
         _bits(lambda g, s, o: not g and not s and o > 0))
HAS = (FIRST[0], _bits(lambda g, s, o: s > 0), _bits(lambda g, s, o: o > 0))
# A sweep of all Goblins (Skeletons) leaves a triple of NO_GOBLINS (NO_SKELETONS) ...
NO_GOBLINS, NO_SKELETONS = _bits(lambda g, s, o: not g), _bits(lambda g, s, o: not g and not s)
# ... reached from each copy of it with 1..10 more of that type.
MORE_GOBLINS = sum(1 << (B * B * g) for g in range(1, B))
MORE_SKELETONS = sum(1 << (B * s) for s in range(1, B))


def _before(x: int, sweep: int, extra: bool) -> int:
    """The triples from which one companion (sweeping ``sweep``: a type, -1 none, -2 any; with
    ``extra``, one more monster of any type left) reaches a triple of the set ``x``."""
    if extra:       # an extra monster must be taken whenever one is left
        x = ((x << 121) & HAS[0]) | ((x << 11) & HAS[1]) | ((x << 1) & HAS[2]) | (x & 1)
    if sweep == 0 or sweep == -2:
        out = (x & NO_GOBLINS) * MORE_GOBLINS
    else:
        out = (x << 121) & FIRST[0]
    if sweep == 1 or sweep == -2:
        out |= (x & NO_SKELETONS) * MORE_SKELETONS
    else:
        out |= (x << 11) & FIRST[1]
    if sweep == 2 or sweep == -2:
        if x & 1:
            out |= FIRST[2]
    else:
        out |= (x << 1) & FIRST[2]
    return out


# Entries per memo (legal.make_room forgets the older half when full); measured ~0.3 kB a plan,
# ~0.25 kB a chance, ~0.35 kB a bit set: ~90 MB together with legal.py's two memos.
PLANS_LIMIT, CLEAR_LIMIT, FEASIBLE_LIMIT = 120_000, 60_000, 40_000
_FEASIBLE: dict = {}


def feasible(kind: int, party: tuple, need: int) -> int:
    """Bit set of the monster triples ``party`` can defeat and then still have ``need``
    companions of different types for the dragon (exactly where ``_search`` finds a plan)."""
    key = (kind, need, party)
    x = _FEASIBLE.get(key)
    if x is None:
        make_room(_FEASIBLE, FEASIBLE_LIMIT)
        rules = SLOT_RULES[kind]
        x = 1
        if need and not can_complete([(rules[i][0], party[i]) for i in range(6) if party[i]],
                                     need, 0):
            x = 0
        for slot in range(6):
            if party[slot]:
                below = feasible(kind, party[:slot] + (party[slot] - 1,) + party[slot + 1:], need)
                if below:
                    for _, sweep, extra in rules[slot][1]:
                        x |= _before(below, sweep, extra)
        _FEASIBLE[key] = x
    return x


# ---------------------------------------------------------------- the best plan
_PLANS: dict = {}
MOVES: dict = {}


def plan(hero: int, master: bool, party: tuple, monsters: tuple, need: int):
    """(value kept, first move) of the best way to defeat ``monsters`` (goblins, skeletons,
    oozes) with ``party`` and then still have ``need`` companions of different types for the
    dragon; value IMPOSSIBLE if there is none. A move is (slot, as_type, target, extra)."""
    return _plan(KIND[hero][master], party, monsters, need)


def _plan(kind: int, party: tuple, monsters: tuple, need: int):
    key = (kind, need, *monsters, *party)                  # flat: half the memory of nested
    found = _PLANS.get(key)
    if found is None:
        make_room(_PLANS, PLANS_LIMIT)
        g, s, o = monsters
        if feasible(kind, party, need) >> (g * 121 + s * 11 + o) & 1:
            found = _search(kind, party, monsters, need)
        else:
            found = IMPOSSIBLE, None
        _PLANS[key] = found
    return found


def _search(kind, party, monsters, need):
    """Best plan of a position known to have one. Children that cannot beat the best so far are
    skipped: those without a plan (IMPOSSIBLE, where the best starts) and those whose party left
    is worth no more than the best."""
    types, bonus = KINDS[kind]
    if not (monsters[0] or monsters[1] or monsters[2]):
        return sum(c * v for c, v in zip(party, KEEP_VALUE)), None
    t = 0 if monsters[0] else 1 if monsters[1] else 2     # canonical: clear types in order
    best, best_move = IMPOSSIBLE, None
    for slot in range(6):
        if not party[slot]:
            continue
        rest = party[:slot] + (party[slot] - 1,) + party[slot + 1:]
        # A plan after this move keeps at most ``rest`` (float sums of non-negative terms are
        # monotone): when that cannot beat the best, no move of this slot can.
        if sum(c * v for c, v in zip(rest, KEEP_VALUE)) <= best:
            continue
        ok = feasible(kind, rest, need)
        if not ok:
            continue
        done = set()
        for a in types[slot]:
            sweep = SWEEPS[a]
            killed = monsters[t] if sweep == t or sweep == -2 else 1
            left = list(monsters)
            left[t] -= killed
            extras = [e for e in range(3) if left[e]] if a == bonus else []
            for e in extras or [-1]:
                after = list(left)
                if e >= 0:
                    after[e] -= 1
                after = tuple(after)
                if after in done:
                    continue
                done.add(after)
                if not ok >> (after[0] * 121 + after[1] * 11 + after[2]) & 1:
                    continue
                value = _plan(kind, rest, after, need)[0]
                if value > best:
                    best, best_move = value, (slot, a, t, e)
    return best, MOVES.setdefault(best_move, best_move)   # one copy of each move


# ---------------------------------------------------------------- the next level
def _outcomes(k: int) -> list:
    """Every roll of k dungeon dice as (probability, goblins, skeletons, oozes, dragons); chests
    and potions are merged (they never stop a party)."""
    out = []
    for g in range(k + 1):
        for s in range(k + 1 - g):
            for o in range(k + 1 - g - s):
                for d in range(k + 1 - g - s - o):
                    rest = k - g - s - o - d
                    ways = factorial(k) // (factorial(g) * factorial(s) * factorial(o)
                                            * factorial(d) * factorial(rest))
                    out.append((ways * (1 / 6) ** (k - rest) * (2 / 6) ** rest, g, s, o, d))
    return out


OUTCOMES = [_outcomes(k) for k in range(B)]
# The same as (probability, triple's bit, dragons), in the same order (sums stay bit-identical).
ROLLS = [[(p, g * 121 + s * 11 + o, d) for p, g, s, o, d in rolls] for rolls in OUTCOMES]
_CLEAR: dict = {}


def clear_chance(hero: int, master: bool, party: tuple, k: int, lair: int, threshold: int,
                 need: int) -> float:
    """Chance that a roll of k dungeon dice can be cleared by ``party``: all monsters defeated
    and, if the Lair then holds ``threshold`` dice, the dragon too."""
    kind = KIND[hero][master]
    short = threshold - lair                # dragons rolled that wake the dragon
    short = 0 if short < 0 else k + 1 if short > k else short
    key = (kind, party, k, short, need)
    p = _CLEAR.get(key)
    if p is None:
        make_room(_CLEAR, CLEAR_LIMIT)
        free = feasible(kind, party, 0)
        fight = feasible(kind, party, need) if need else free
        p = 0.0
        for prob, bit, d in ROLLS[k]:
            if (fight if d >= short else free) >> bit & 1:
                p += prob
        _CLEAR[key] = p
    return p
