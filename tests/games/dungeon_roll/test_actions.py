"""Actions of different kinds never compare equal, and apply refuses an action not legal now."""
from __future__ import annotations

import pytest

from simulate.games.base import IllegalActionError
from simulate.games.dungeon_roll.actions import (EndLoot, Flee, OpenChests, Quaff, ReadScroll,
                                                 Retire, Revive, RollNow, SeekGlory)
from simulate.games.dungeon_roll.components import THIEF
from simulate.games.dungeon_roll.legal import DRAGON, LOOT

from .helpers import make_state, one_delve, play


def test_empty_actions_of_different_kinds_differ():
    empty = [Flee(), EndLoot(), Retire(), SeekGlory(), RollNow()]
    assert len(set(empty)) == len(empty) and () not in empty
    assert all(a != b for i, a in enumerate(empty) for b in empty[i + 1:])
    assert Quaff(3) != Revive(3) != ReadScroll(3) and Quaff(3) == Quaff(3)
    assert hash(Quaff(3)) == hash(Quaff(3)) and len({Quaff(3), Revive(3), (3,)}) == 3


def test_an_action_of_another_phase_is_refused():
    """Opening the last chest moves on to the dragon: ending the loot phase again is not legal
    (it used to pass as Flee() and count the dragon's attack twice)."""
    state = make_state(party=(1, 0, 0, 1, 0, 0), dungeon=(0, 0, 0, 1, 0), lair=3, phase=LOOT,
                       rules=one_delve(), dice=(0.0,))
    play(state, OpenChests(THIEF, THIEF))
    assert state.phase == DRAGON and EndLoot() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"EndLoot\(\) is not legal in the dragon phase"):
        state.apply(EndLoot())
    assert state.dragons_fought[0] == 1
