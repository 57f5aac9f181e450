"""Common random numbers: one seeded stream for each source of chance in a game.

A variant, a removed card, a granted card or an edited value must disturb only what it touches
(paired comparisons on common seeds). With one random stream for shuffles, deals and dice, a
deck one card shorter shifts every later die: the whole game is re-dealt. So each game gives every
source of chance its own stream, derived from the game's seed:

- :class:`Streams` draws one 64-bit base from the game's generator (``random.Random(seed)``) and
  hands out a ``random.Random`` per *purpose*, a small int each game names (set-up deal, each
  deck or bag, each seat's dice, a boss's die...). Purposes are independent: a seat that rolls
  one die more leaves every other seat's dice and every deck as they were.
- :func:`keyed_order` shuffles a deck by sorting its cards on keys hashed from the shuffle's seed
  and each card's identity (:func:`card_id`: its name and copy number), not on their positions.
  A deck without a card is the same deck with that card skipped; a deck with one card more has
  it inserted somewhere, the others in the same order; a card whose value changed keeps its
  place. Each shuffle draws one seed from the deck's stream (:func:`shuffle_seed`), so a deck
  reshuffled later draws the next one, whatever the deck holds.

The compiled twins are in ``simulate/kernels/chance.py`` (same numbers for the same seed);
``tests/test_chance.py`` checks them against these.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Hashable, Sequence

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(z: int) -> int:
    """One step of splitmix64 (Steele, Lea and Flood 2014): a well-mixed 64-bit value of ``z``."""
    z = (z + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def stream_seed(base: int, purpose: int) -> int:
    """The seed of stream ``purpose`` of a game whose streams' base is ``base``."""
    return splitmix64((base + (purpose + 1) * GOLDEN) & MASK64)


class Streams:
    """A game's random streams, one per purpose, all derived from one draw of its generator.

    >>> s = Streams(random.Random(7))
    >>> s.get(2) is s.get(2)
    True
    """

    __slots__ = ("base", "_made")

    def __init__(self, rng: random.Random):
        self.base = rng.getrandbits(64)
        self._made: dict[int, random.Random] = {}

    def get(self, purpose: int) -> random.Random:
        """The stream of ``purpose`` (made on first use; the same object afterwards)."""
        made = self._made.get(purpose)
        if made is None:
            made = self._made[purpose] = random.Random(stream_seed(self.base, purpose))
        return made

    def clone(self) -> "Streams":
        """An independent copy whose streams go on exactly as these would."""
        other = Streams.__new__(Streams)
        other.base = self.base
        other._made = {}
        for purpose, made in self._made.items():
            copy = random.Random()
            copy.setstate(made.getstate())
            other._made[purpose] = copy
        return other


def name_hash(name: str) -> int:
    """A stable 64-bit hash of a card's name (blake2b; the same in every process and version)."""
    return int.from_bytes(hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest(), "little")


def card_id(name: str, copy: int = 0) -> int:
    """A card's identity for :func:`keyed_order`: its name and which copy of that name it is."""
    return (name_hash(name) + copy * GOLDEN) & MASK64


def card_ids(names: Sequence[str]) -> list[int]:
    """The identity of each card of a deck listed by name, copies numbered in list order."""
    seen: dict[str, int] = {}
    ids = []
    for name in names:
        copy = seen.get(name, 0)
        seen[name] = copy + 1
        ids.append(card_id(name, copy))
    return ids


def shuffle_seed(stream: random.Random) -> int:
    """The seed of a deck's next shuffle, drawn from the deck's own stream."""
    return stream.getrandbits(64)


def keyed_order(seed: int, ids: Sequence[int]) -> list[int]:
    """The positions of ``ids`` in shuffled order: sorted by ``splitmix64(seed ^ id)``, ties (never
    seen in practice) in list order.

    >>> ids = card_ids(["Sword", "Shield", "Sword", "Bow"])
    >>> order = keyed_order(42, ids)
    >>> sorted(order) == [0, 1, 2, 3]
    True
    >>> [ids[i] for i in keyed_order(42, ids[:3])] == [ids[i] for i in order if i < 3]
    True
    """
    keys = [splitmix64(seed ^ i) for i in ids]
    return sorted(range(len(ids)), key=keys.__getitem__)


def keyed_shuffle(items: list[Hashable], ids: Sequence[int], seed: int) -> None:
    """Put ``items`` (one per id) in place in the order :func:`keyed_order` gives."""
    items[:] = [items[i] for i in keyed_order(seed, ids)]
