"""Dungeon Roll actions: small NamedTuples, precomputed once (the engine never builds one in play).

A *source* says what is spent: a party die (its face), a converted dungeon die (a Goblin turned
Thief, a Skeleton turned Fighter), a treasure token, or the hero's novice ultimate acting as a
companion (Arcane Blade, Holy Strike). ``as_type`` is the companion type the source acts as (hero
specialties let a Fighter act as a Mage, ...).
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.dungeon_roll.components import (DUNGEON_FACES, PARTY_FACES, TREASURE_NAMES,
                                                    TOKEN_FACE)

# Sources: 0..5 party die of that face; 6..11 converted die (6 + face); 12..16 token 0..4; 17 hero.
CONVERTED = 6
TOKEN = 12
HERO = 17
N_SOURCES = 18
SOURCE_NAMES = (PARTY_FACES + tuple("converted " + f for f in PARTY_FACES)
                + TREASURE_NAMES[:5] + ("hero",))
# The party face a source shows (tokens: the face they act as; hero: -1).
SOURCE_FACE = tuple(list(range(6)) + list(range(6)) + [TOKEN_FACE[t] for t in range(5)] + [-1])


def _who(source: int, as_type: int) -> str:
    name = SOURCE_NAMES[source]
    if as_type >= 0 and SOURCE_FACE[source] != as_type:
        name += " as " + PARTY_FACES[as_type]
    return name


class Defeat(NamedTuple):
    """Monster phase: a companion defeats monsters of ``target`` (and one ``extra`` monster for a
    Commander's Fighter or a Bard's Champion; -1 none)."""
    source: int
    as_type: int
    target: int
    extra: int

    def __repr__(self):
        extra = f" +1 {DUNGEON_FACES[self.extra]}" if self.extra >= 0 else ""
        return f"Defeat({_who(self.source, self.as_type)} -> {DUNGEON_FACES[self.target]}{extra})"


class OpenChests(NamedTuple):
    """Loot: a companion opens chests (a Thief, or a Champion, opens all; others one)."""
    source: int
    as_type: int

    def __repr__(self):
        return f"OpenChests({_who(self.source, self.as_type)})"


class Quaff(NamedTuple):
    """Loot: one party die quaffs the potions; then one Revive per die brought back."""
    source: int

    def __repr__(self):
        return f"Quaff({SOURCE_NAMES[self.source]})"


class Revive(NamedTuple):
    """Bring one party die back from the graveyard showing ``face``."""
    face: int

    def __repr__(self):
        return f"Revive({PARTY_FACES[self.face]})"


class ReadScroll(NamedTuple):
    """Re-roll dice: a Scroll die or token, or Battlefield Presence (source 17). Then MarkReroll
    actions pick the dice, and RollNow rolls them."""
    source: int

    def __repr__(self):
        return "ReadScroll(Battlefield Presence)" if self.source == HERO else \
            f"ReadScroll({SOURCE_NAMES[self.source]})"


class MarkReroll(NamedTuple):
    """Set one die aside to be re-rolled: a party die (``dungeon`` False) or a dungeon die."""
    dungeon: bool
    face: int

    def __repr__(self):
        return f"MarkReroll({(DUNGEON_FACES if self.dungeon else PARTY_FACES)[self.face]})"


class RollNow(NamedTuple):
    def __repr__(self):
        return "RollNow()"


class DragonStrike(NamedTuple):
    """Dragon phase: one companion joins the attack; each must be of a different type."""
    source: int
    as_type: int

    def __repr__(self):
        return f"DragonStrike({_who(self.source, self.as_type)})"


class UseTreasure(NamedTuple):
    """Ring of Invisibility, Elixir, Dragon Bait or Town Portal."""
    token: int

    def __repr__(self):
        return f"UseTreasure({TREASURE_NAMES[self.token]})"


class Ultimate(NamedTuple):
    """The hero's ultimate (not the companion ones). ``targets``: dungeon faces it acts on."""
    name: str
    targets: tuple

    def __repr__(self):
        if not self.targets:
            return f"Ultimate({self.name})"
        return f"Ultimate({self.name}: {', '.join(DUNGEON_FACES[t] for t in self.targets)})"


class DiscardTreasure(NamedTuple):
    """Divine Intervention's price: one treasure token back to the box."""
    token: int

    def __repr__(self):
        return f"DiscardTreasure({TREASURE_NAMES[self.token]})"


class Flee(NamedTuple):
    def __repr__(self):
        return "Flee()"


class EndLoot(NamedTuple):
    def __repr__(self):
        return "EndLoot()"


class Retire(NamedTuple):
    def __repr__(self):
        return "Retire()"


class SeekGlory(NamedTuple):
    def __repr__(self):
        return "SeekGlory()"


def _same(a, b) -> bool:
    return type(a) is type(b) and tuple.__eq__(a, b)


def _differ(a, b) -> bool:
    return not _same(a, b)


def _hash(a) -> int:
    return hash((type(a).__name__, *a))


# Actions of different kinds never compare equal, nor equal to a plain tuple (as NamedTuples,
# Flee() == Retire() == () and Quaff(3) == Revive(3): `RETIRE in legal` was true in any phase
# offering another empty action).
ACTION_TYPES = (Defeat, OpenChests, Quaff, Revive, ReadScroll, MarkReroll, RollNow, DragonStrike,
                UseTreasure, Ultimate, DiscardTreasure, Flee, EndLoot, Retire, SeekGlory)
for _kind in ACTION_TYPES:
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same, _differ, _hash

# Precomputed instances, indexed by their fields.
DEFEAT = [[[[Defeat(s, a, t, e) for e in (-1, 0, 1, 2)] for t in range(3)] for a in range(6)]
          for s in range(N_SOURCES)]
OPEN = [[OpenChests(s, a) for a in range(6)] for s in range(N_SOURCES)]
STRIKE = [[DragonStrike(s, a) for a in range(6)] for s in range(N_SOURCES)]
QUAFF = [Quaff(s) for s in range(N_SOURCES)]
REVIVE = [Revive(f) for f in range(6)]
SCROLL_READ = [ReadScroll(s) for s in range(N_SOURCES)]
MARK_PARTY = [MarkReroll(False, f) for f in range(6)]
MARK_DUNGEON = [MarkReroll(True, f) for f in range(6)]
USE = [UseTreasure(t) for t in range(10)]
DISCARD = [DiscardTreasure(t) for t in range(10)]
ROLL_NOW, FLEE, END_LOOT, RETIRE, SEEK_GLORY = RollNow(), Flee(), EndLoot(), Retire(), SeekGlory()
_ULTIMATES: dict = {}


def ultimate(name: str, targets: tuple = ()) -> Ultimate:
    key = (name, targets)
    action = _ULTIMATES.get(key)
    if action is None:
        action = _ULTIMATES[key] = Ultimate(name, targets)
    return action
