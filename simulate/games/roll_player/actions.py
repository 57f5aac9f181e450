"""Roll Player's actions: small immutable values that print in the game's own words.

Spaces are 0..17 (``row * 3 + position``) and print as ``STR-1``..``CHA-3``; rows 0..5 print as
the attribute. Combinatorial choices are split: a Dexterity swap is ``SwapFirst`` then
``SwapWith``; an Intelligence reroll is ``Reroll`` then (if kept either way) ``KeepReroll``.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.roll_player.components import ATTRIBUTES, COLOURS, DIRECTIONS


def space_name(space: int) -> str:
    return f"{ATTRIBUTES[space // 3]}-{space % 3 + 1}"


class ChooseRace(NamedTuple):
    race: str

    def __repr__(self):
        return f"ChooseRace({self.race})"


class ChooseClass(NamedTuple):
    name: str

    def __repr__(self):
        return f"ChooseClass({self.name})"


class ChooseStartingDie(NamedTuple):
    """Pick which of the seat's rolled starting dice to place next (any order: set-up)."""
    colour: int
    value: int

    def __repr__(self):
        return f"ChooseStartingDie({COLOURS[self.colour]} {self.value})"


class PlaceStartingDie(NamedTuple):
    """Put the chosen starting die (view: ``starting_dice[seat][0]``) leftmost in ``row``."""
    row: int

    def __repr__(self):
        return f"PlaceStartingDie({ATTRIBUTES[self.row]})"


class BreakTie(NamedTuple):
    """Start Player: the tied die of this colour goes on the lowest open Initiative card."""
    colour: int

    def __repr__(self):
        return f"BreakTie({COLOURS[self.colour]})"


class TakeInitiative(NamedTuple):
    card: int                    # Initiative card number 1..players+1

    def __repr__(self):
        return f"TakeInitiative({self.card})"


class PlaceDie(NamedTuple):
    row: int

    def __repr__(self):
        return f"PlaceDie({ATTRIBUTES[self.row]})"


class Flip(NamedTuple):          # Strength action (and Open Lock)
    space: int

    def __repr__(self):
        return f"Flip({space_name(self.space)})"


class SwapFirst(NamedTuple):     # Dexterity action, first die
    space: int

    def __repr__(self):
        return f"SwapFirst({space_name(self.space)})"


class SwapWith(NamedTuple):      # Dexterity action, second die
    space: int

    def __repr__(self):
        return f"SwapWith({space_name(self.space)})"


class Adjust(NamedTuple):        # Constitution action: +1 or -1, never looping
    space: int
    delta: int

    def __repr__(self):
        return f"Adjust({space_name(self.space)}, {self.delta:+d})"


class Reroll(NamedTuple):        # Intelligence action
    space: int

    def __repr__(self):
        return f"Reroll({space_name(self.space)})"


class KeepReroll(NamedTuple):
    keep_new: bool

    def __repr__(self):
        return f"KeepReroll({'new' if self.keep_new else 'old'})"


class StepAlignment(NamedTuple):  # Wisdom action
    direction: int               # index in DIRECTIONS; 4.. = diagonals (rule wisdom_step)

    def __repr__(self):
        names = DIRECTIONS + ("up-left", "up-right", "down-left", "down-right")
        return f"StepAlignment({names[self.direction]})"


class Raise(NamedTuple):         # weapon on-buy effect: +1, may exceed 6
    space: int

    def __repr__(self):
        return f"Raise({space_name(self.space)})"


class TargetInitiative(NamedTuple):  # Climb / Intimidate: a die on an unchosen Initiative card
    card: int

    def __repr__(self):
        return f"TargetInitiative({self.card})"


class UseSkill(NamedTuple):
    name: str

    def __repr__(self):
        return f"UseSkill({self.name})"


class TargetSkill(NamedTuple):   # Diplomacy: another player's Skill
    seat: int
    name: str

    def __repr__(self):
        return f"TargetSkill(seat {self.seat}, {self.name})"


class Buy(NamedTuple):
    """Buy a Market card (a Charisma token, if held, pays 1 Gold of it); ``replacing`` names an
    owned weapon discarded to make hands free."""
    name: str
    replacing: str = ""

    def __repr__(self):
        return f"Buy({self.name}" + (f", replacing {self.replacing})" if self.replacing else ")")


class DiscardForGold(NamedTuple):
    name: str

    def __repr__(self):
        return f"DiscardForGold({self.name})"


class Recall(NamedTuple):        # Druid: a card from the Market discard pile to the Market
    name: str

    def __repr__(self):
        return f"Recall({self.name})"


class Pass(NamedTuple):
    """Decline the optional thing on offer (an attribute action, a Skill window, a second buy)."""

    def __repr__(self):
        return "Pass()"


PASS = Pass()


# An action equals only an action of its own kind: ``PlaceStartingDie(0)`` is not ``PlaceDie(0)``
# nor ``(0,)``, and ``Pass()`` is not ``()`` (a NamedTuple alone compares as its plain tuple).
def _eq(self, other) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self, other) -> bool:
    return not _eq(self, other)


def _hash(self) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


KINDS = tuple(v for v in tuple(globals().values())
              if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, "_fields"))
for _kind in KINDS:
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _eq, _ne, _hash
