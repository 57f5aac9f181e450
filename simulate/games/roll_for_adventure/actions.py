"""The decisions of Roll for Adventure, each a small immutable value that prints readably.

A roll is placed in one decision: ``Place(value, target, count)`` puts ``count`` dice of that
value on a territory, the Vortex of Resurrection or an enemy (by card name) — the rulebook's "one
value shown, one or more dice of it, one target"; the rest of the roll is then rolled again.
Everything else is a follow-up choice of the active player.
"""
from __future__ import annotations

from typing import NamedTuple

RESURRECTION = "resurrection"   # the Vortex of Resurrection as a Place target


class Place(NamedTuple):
    """Put ``count`` dice showing ``value`` on ``target``: 1 to as many as the roll shows and,
    on a territory, as many as its free spaces take (an enemy or the vortex takes any number)."""
    value: int
    target: str       # a territory, "resurrection", or an enemy card's name
    count: int = 1


class AdvanceDie(NamedTuple):
    """Desert section 1 is full: this die moves to section 2, the others go home."""
    die: str          # a die label: "red", "yellow ally of blue", "bonus"


class LoseDie(NamedTuple):
    """Desert section 2 is full: this die is lost for good, the others go home (a stone)."""
    die: str


class ClaimIceCave(NamedTuple):
    """With enough dice in the ice cave: claim the reward now (True) or keep filling (False)."""
    claim: bool


class GiveBonusDie(NamedTuple):
    """Too few bonus dice for every player in the cave: this seat gets the next one."""
    seat: int


class DefeatEnemy(NamedTuple):
    """The five-dice ice cave reward defeats this enemy."""
    enemy: str


class ResetDamage(NamedTuple):
    """The six-dice ice cave reward resets this territory's damage."""
    territory: str


class UsePower(NamedTuple):
    """A hero power (PLACEHOLDER powers, see heroes.py)."""
    hero: str
    value: int = 0    # the die value the power uses, 0 if none
    target: str = ""  # territory or enemy, "" if none




def _same_kind(self, other) -> bool:
    """Equal only to an action of the same kind with the same fields: as plain tuples
    ``AdvanceDie("red") == LoseDie("red") == ("red",)`` and ``ClaimIceCave(True) ==
    GiveBonusDie(1)``, so an action of another phase would pass for a legal one."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _other_kind(self, other) -> bool:
    return not _same_kind(self, other)


def _kind_hash(self) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


for _kind in (Place, AdvanceDie, LoseDie, ClaimIceCave, GiveBonusDie, DefeatEnemy, ResetDamage,
              UsePower):
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same_kind, _other_kind, _kind_hash

CLAIM, KEEP = ClaimIceCave(True), ClaimIceCave(False)
