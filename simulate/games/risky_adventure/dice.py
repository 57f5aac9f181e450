"""The dice and what they pay: rolling, the fewest clocks that make a roll pay, and exact odds.

A roll is kept as symbol counts ``(food, map, pick)``: dice showing the same symbol are
interchangeable, so a set of claims pays iff its summed need (after discount markers) fits in the
dice (ruling 2: each die pays once) and the missing symbols are at most the clocks spent, each
clock setting one spare die to the missing face.
"""
from __future__ import annotations

from functools import cache
from math import factorial

IMPOSSIBLE = 99


def face_symbols(die_faces: tuple) -> tuple[int, ...]:
    """Face index -> symbol: (3, 2, 1) -> (0, 0, 0, 1, 1, 2)."""
    return tuple(s for s, count in enumerate(die_faces) for _ in range(count))


def roll_counts(rng, dice: int, faces: tuple[int, ...]) -> list[int]:
    """Roll ``dice`` dice: symbol counts [food, map, pick]."""
    counts = [0, 0, 0]
    rnd, sides = rng.random, len(faces)
    for _ in range(dice):
        counts[faces[int(rnd() * sides)]] += 1
    return counts


def deficit(counts, need) -> int:
    """Symbols the roll lacks for ``need`` (each must be bought with a clock)."""
    d = 0
    for s in range(3):
        if need[s] > counts[s]:
            d += need[s] - counts[s]
    return d


def marker_variants(need: tuple, fixed: tuple, choices: tuple) -> set[tuple]:
    """The needs left after discount markers: ``fixed`` symbols per type always apply; each of
    ``choices`` (a tuple of symbols) takes one symbol of the player's choosing."""
    reduced = tuple(max(0, need[s] - fixed[s]) for s in range(3))
    variants = {reduced}
    for options in choices:
        variants = {tuple(v[s] - (s == o and v[s] > 0) for s in range(3))
                    for v in variants for o in options}
    return variants


def fewest_clocks(counts, parts: list, pools: list, dice: int, trade: int,
                  once: bool = True) -> int:
    """The fewest clocks that make a roll pay every claim: ``parts`` are needs without markers,
    ``pools`` are (summed artifact need, fixed markers, choice markers) per excavation; ``trade``
    dice go to the camp for a clock. IMPOSSIBLE when no number of clocks does it."""
    options = [(0, 0, 0)]
    for need, fixed, choices in pools:
        variants = marker_variants(need, fixed, choices) if (choices or any(fixed)) else (need,)
        parts_options = []
        for o in options:
            for v in variants:
                parts_options.append(tuple(o[s] + v[s] for s in range(3)) if once else
                                     tuple(max(o[s], v[s]) for s in range(3)))
        options = parts_options
    best = IMPOSSIBLE
    for base in options:
        need = list(base)
        for p in parts:
            for s in range(3):
                need[s] = need[s] + p[s] if once else max(need[s], p[s])
        total = need[0] + need[1] + need[2]
        if (total + trade if once else max(total, trade)) > dice:
            continue
        d = deficit(counts, need)
        if d < best:
            best = d
    return best


@cache
def outcomes(dice: int, die_faces: tuple) -> tuple[tuple[tuple[int, int, int], float], ...]:
    """Every roll as symbol counts with its exact probability (15 outcomes for 4 dice)."""
    sides = sum(die_faces)
    p = [c / sides for c in die_faces]
    out = []
    for f in range(dice + 1):
        for m in range(dice + 1 - f):
            k = dice - f - m
            ways = factorial(dice) // (factorial(f) * factorial(m) * factorial(k))
            out.append(((f, m, k), ways * p[0] ** f * p[1] ** m * p[2] ** k))
    return tuple(out)


@cache
def pay_chance(need: tuple, clocks: int, dice: int, die_faces: tuple,
               fixed: tuple = (0, 0, 0), choices: tuple = ()) -> float:
    """Exact chance that one roll pays ``need`` with up to ``clocks`` clocks and the markers."""
    pools = [(need, fixed, choices)]
    return sum(p for counts, p in outcomes(dice, die_faces)
               if fewest_clocks(counts, [], pools, dice, 0) <= clocks)

