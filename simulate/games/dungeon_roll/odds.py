"""Exact party arithmetic for strategies: can these companions clear these monsters (and still
face the dragon), which companion to use first, and the chance of clearing the next level.

A *party* here is a 6-tuple of companion counts ``(Fighter, Cleric, Mage, Thief, Champion, wild)``
(dice, converted dice and companion tokens together; *wild* = an Enchantress' Scrolls, usable as
any companion). Scroll re-rolls, ultimates and other treasures are left out: the odds are a
slightly pessimistic floor. Everything is memoised, so a long run pays each position once.
"""
from __future__ import annotations

from math import factorial

from simulate.games.dungeon_roll.components import (AS_TYPES, CHAMPION, COMPANIONS, ENCHANTRESS,
                                                    FIGHTER, MERCENARY, MINSTREL, SWEEPS)
from simulate.games.dungeon_roll.legal import can_complete

WILD = 5
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
MEMO_LIMIT = 600_000            # entries per memo before it is cleared (~200 MB at most)
_PLANS: dict = {}


def plan(hero: int, master: bool, party: tuple, monsters: tuple, need: int):
    """(value kept, first move) of the best way to defeat ``monsters`` (goblins, skeletons,
    oozes) with ``party`` and then still have ``need`` companions of different types for the
    dragon; value IMPOSSIBLE if there is none. A move is (slot, as_type, target, extra)."""
    return _plan(KIND[hero][master], party, monsters, need)


def _plan(kind: int, party: tuple, monsters: tuple, need: int):
    key = (kind, party, monsters, need)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > MEMO_LIMIT:
            _PLANS.clear()
        found = _PLANS[key] = _search(kind, party, monsters, need)
    return found


def _search(kind, party, monsters, need):
    types, bonus = KINDS[kind]
    if not (monsters[0] or monsters[1] or monsters[2]):
        if need:
            units = [(sum(1 << a for a in types[i]), party[i]) for i in range(6) if party[i]]
            if not can_complete(units, need, 0):
                return IMPOSSIBLE, None
        return sum(c * v for c, v in zip(party, KEEP_VALUE)), None
    t = 0 if monsters[0] else 1 if monsters[1] else 2     # canonical: clear types in order
    best, best_move = IMPOSSIBLE, None
    for slot in range(6):
        if not party[slot]:
            continue
        rest = party[:slot] + (party[slot] - 1,) + party[slot + 1:]
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
                value = _plan(kind, rest, after, need)[0]
                if value > best:
                    best, best_move = value, (slot, a, t, e)
    return best, best_move


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


OUTCOMES = [_outcomes(k) for k in range(11)]
_CLEAR: dict = {}


def clear_chance(hero: int, master: bool, party: tuple, k: int, lair: int, threshold: int,
                 need: int) -> float:
    """Chance that a roll of k dungeon dice can be cleared by ``party``: all monsters defeated
    and, if the Lair then holds ``threshold`` dice, the dragon too."""
    kind = KIND[hero][master]
    key = (kind, party, k, lair, threshold, need)
    p = _CLEAR.get(key)
    if p is None:
        if len(_CLEAR) > MEMO_LIMIT:
            _CLEAR.clear()
        p = 0.0
        for prob, g, s, o, d in OUTCOMES[k]:
            dragon = need if lair + d >= threshold else 0
            if _plan(kind, party, (g, s, o), dragon)[0] > IMPOSSIBLE:
                p += prob
        _CLEAR[key] = p
    return p


def wild_slot(hero: int) -> bool:
    return hero == ENCHANTRESS
