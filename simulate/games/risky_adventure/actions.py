"""Risky Adventure's actions: small immutable values that print in the game's own words.

Spots are small ints: camp equipment space ``i`` is ``i`` (0 = leftmost), the ``k``-th revealed
artifact of excavation ``e`` is ``EXCAVATION_SPOT + 3 * e + k``, expedition spot ``t`` (1 = the
first after the start) is ``EXPEDITION_SPOT + t``.
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from simulate.games.risky_adventure.components import EXCAVATIONS



class Phase(IntEnum):
    """What the deciding seat is asked now (``State.phase``, ``View.phase``)."""
    PLACE = 0           # place the 3 adventurers
    CLAIM = 1           # after the roll: set dice with clocks, claim spots
    MAP = 2             # choose a treasure map
    BONUS = 3           # a bonus card's reward: fame or a clock
    ACTIVATE = 4        # activate equipment


EXCAVATION_SPOT = 10
EXPEDITION_SPOT = 20


def camp_spot(space: int) -> int:
    return space


def excavation_spot(excavation: int, depth: int = 0) -> int:
    return EXCAVATION_SPOT + 3 * excavation + depth


def expedition_spot(target: int) -> int:
    return EXPEDITION_SPOT + target


def spot_name(spot: int) -> str:
    if spot >= EXPEDITION_SPOT:
        return f"expedition {spot - EXPEDITION_SPOT}"
    if spot >= EXCAVATION_SPOT:
        e, k = divmod(spot - EXCAVATION_SPOT, 3)
        return EXCAVATIONS[e] + (f" {k + 1}" if k else "")
    return f"camp {spot + 1}"


def _spots(spots: tuple) -> str:
    return " + ".join(spot_name(s) for s in spots) or "nothing"


class Place(NamedTuple):
    """Place the adventurers on these spots (sorted; at most one on the expedition track)."""
    spots: tuple

    def __repr__(self):
        return f"Place({_spots(self.spots)})"


class Claim(NamedTuple):
    """Claim what the roll pays for on these placed spots, spending ``clocks`` clocks first
    (the fewest that make the dice pay), and ``trades`` times the 3-dice clock trade."""
    spots: tuple
    clocks: int = 0
    trades: int = 0

    def __repr__(self):
        extra = f", {self.clocks} clock{'s' if self.clocks != 1 else ''}" if self.clocks else ""
        if self.trades:
            extra += ", trade" if self.trades == 1 else f", {self.trades} trades"
        return f"Claim({_spots(self.spots)}{extra})"


class TakeMap(NamedTuple):
    """Take a treasure map with a map+wild reward: face-up slot 0.., or -1 = top of the deck."""
    slot: int

    def __repr__(self):
        return "TakeMap(deck)" if self.slot < 0 else f"TakeMap(face-up {self.slot + 1})"


class TakeBonus(NamedTuple):
    """A triggered bonus card pays this: "fame" or "clock"."""
    reward: str

    def __repr__(self):
        return f"TakeBonus({self.reward})"


class Activate(NamedTuple):
    """Attach an artifact of the card's type (or a wild, ``wild``) to equipment card ``card``
    (index in the equipment data): its effect works from the next turn."""
    card: int
    wild: bool

    def __repr__(self):
        return f"Activate(card {self.card}{', wild' if self.wild else ''})"


class Done(NamedTuple):
    """Activate nothing more this turn."""

    def __repr__(self):
        return "Done()"


def _same_kind(self, other) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _other_kind(self, other) -> bool:
    return not _same_kind(self, other)


def _kind_hash(self) -> int:
    return hash((type(self).__name__, tuple(self)))


# Actions of different kinds never compare equal, nor equal a plain tuple (``Done() == ()`` and
# ``TakeMap(0) == (0,)`` were true): each kind compares and hashes with its type.
for _kind in (Place, Claim, TakeMap, TakeBonus, Activate, Done):
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same_kind, _other_kind, _kind_hash

DONE = Done()
NOTHING = Claim(())
FAME, CLOCK = TakeBonus("fame"), TakeBonus("clock")
