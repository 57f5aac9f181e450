"""Dungeon Roll's sources of chance, each on its own stream (RULES.md, "Random streams").

The game's generator gives one 64-bit base (``chance.Streams(rng).base``); each purpose below
has the stream seed ``chance.stream_seed(base, purpose)``. A purpose's numbers are
counter-based: the number in slot ``k`` is ``splitmix64(seed + k * GOLDEN)`` (SplitMix64 seeded
with the stream seed), so every die has a fixed slot and nothing rolled elsewhere moves it. (Not
one ``random.Random`` per purpose: a compiled game lasts ~50 us and seeding one MT19937 costs
~5 us; the kernel twins these functions in kernel_state.py.)

- ``HEROES``: the hero deal, slot = the pick.
- ``TREASURES``: each treasure draw has a slot per (delve, seat, draw in the delve); its number
  is the seed of a keyed order (``chance.keyed_order``) of the tokens in the box, and the first
  token in that order is drawn. So a box without a token draws the same token unless it would
  have been that one.
- ``SEAT_DICE + seat``: every die the seat's delves roll: the party, each level's dungeon dice
  and the re-rolls, each at a fixed slot of (delve, level, die), so a seat that rolls more does
  not move another seat's dice, nor its own next level's or next delve's.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from simulate.games.chance import GOLDEN, MASK64, Streams, keyed_order, splitmix64, stream_seed
from simulate.games.dungeon_roll.components import MAX_PLAYERS, TREASURE_IDS

HEROES, TREASURES, SEAT_DICE = 0, 1, 2
N_PURPOSES = SEAT_DICE + MAX_PLAYERS
# Slots of a seat's dice: one block per delve; in it the party roll, level L's dice at
# L * LEVEL_SLOTS + die (levels <= 20, dice <= 10), re-rolls in turn from REROLL_SLOTS.
DELVE_SLOTS, LEVEL_SLOTS, REROLL_SLOTS = 1 << 16, 16, 1024
DRAW_SLOTS = 1 << 16                # treasure draws per (delve, seat)
UNIT = 1.0 / (1 << 53)


def counter_draw(seed: int, slot: int) -> int:
    """The 64-bit number in ``slot`` of the stream seeded ``seed``."""
    return splitmix64((seed + slot * GOLDEN) & MASK64)


def party_slot(delve: int, die: int) -> int:
    return delve * DELVE_SLOTS + die


def level_slot(delve: int, level: int, die: int) -> int:
    return delve * DELVE_SLOTS + level * LEVEL_SLOTS + die


def reroll_slot(delve: int, reroll: int) -> int:
    return delve * DELVE_SLOTS + REROLL_SLOTS + reroll


def draw_slot(delve: int, seat: int, draw: int) -> int:
    return (delve * MAX_PLAYERS + seat) * DRAW_SLOTS + draw


class Chance:
    """A game's streams: the seed of each purpose, from one draw of the game's generator. It
    holds no position (the slots come from the state), so a copy goes on exactly alike."""

    __slots__ = ("seeds",)

    def __init__(self, rng: random.Random):
        base = Streams(rng).base
        self.seeds = tuple(stream_seed(base, p) for p in range(N_PURPOSES))

    def __deepcopy__(self, memo) -> "Chance":
        return self                     # immutable

    def value(self, purpose: int, slot: int) -> float:
        """A number in [0, 1) (53 bits, as ``random()``)."""
        return (counter_draw(self.seeds[purpose], slot) >> 11) * UNIT

    def die(self, seat: int, slot: int) -> int:
        """A d6 face (0-5) of ``seat``'s dice."""
        return int(self.value(SEAT_DICE + seat, slot) * 6)

    def deal(self, pick: int, n: int) -> int:
        """Which of ``n`` heroes left the hero deal's ``pick`` takes."""
        return int(self.value(HEROES, pick) * n)

    def order(self, slot: int, box: Sequence[int]) -> list[tuple[int, int]]:
        """The tokens in ``box`` (tokens per kind: copies ``0 .. box[kind] - 1`` of each kind)
        as (kind, copy), in the keyed order of treasure draw ``slot``."""
        tokens = [(t, c) for t, n in enumerate(box) for c in range(n)]
        ids = [TREASURE_IDS[t][c] for t, c in tokens]
        return [tokens[i] for i in keyed_order(counter_draw(self.seeds[TREASURES], slot), ids)]

    def pick(self, slot: int, box: Sequence[int]) -> tuple[int, int]:
        """The token (kind, copy) treasure draw ``slot`` takes: the first in its keyed order."""
        return self.order(slot, box)[0]

    def token(self, slot: int, box: Sequence[int]) -> int:
        """The kind of token treasure draw ``slot`` takes from ``box`` (not empty)."""
        return self.pick(slot, box)[0]
