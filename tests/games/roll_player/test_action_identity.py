"""Python API safety: actions of different kinds never compare equal (nor to a plain tuple),
and ``State.apply`` refuses an action that is not legal now, in one line naming it."""
import random

import pytest

from simulate.games.base import IllegalActionError
from simulate.games.roll_player import Rules, new_game
from simulate.games.roll_player import actions as A


def test_actions_of_different_kinds_differ_and_hash_apart():
    assert A.PlaceStartingDie(0) != A.PlaceDie(0) != A.BreakTie(0) != (0,)
    assert A.PASS != () and A.Flip(3) != A.Reroll(3)
    assert A.Buy("Weak") == A.Buy("Weak", "") and len({A.PlaceDie(2), A.PlaceDie(2)}) == 1
    assert len({A.PlaceStartingDie(0), A.PlaceDie(0), A.TakeInitiative(0)}) == 3


def test_an_action_of_another_phase_is_refused_and_changes_nothing():
    state = new_game(Rules(), 2, random.Random(1), ["Thief", "Bard"])
    while type(state.legal_actions()[0]) is not A.PlaceStartingDie:
        state.apply(state.legal_actions()[0])
    gold = list(state.t.gold)
    assert A.PlaceDie(0) not in state.legal_actions()     # equal to PlaceStartingDie(0) before
    with pytest.raises(IllegalActionError) as caught:
        state.apply(A.PlaceDie(0))
    assert "PlaceDie(STR) is not legal now (phase start_die" in str(caught.value)
    with pytest.raises(IllegalActionError):
        state.apply(A.PASS)
    assert state.t.gold == gold
    state.apply(A.PlaceStartingDie(state.legal_actions()[0].row))   # an equal one, built afresh
