"""Actions of different kinds never compare equal, and ``State.apply`` refuses an action that is
not legal now, in one line (issue "Rules gaps", item 4)."""
from __future__ import annotations

import pytest

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase
from simulate.games.base import IllegalActionError

from .helpers import give_hand, start


def test_empty_actions_of_different_kinds_differ():
    empty = [A.Reveal(), A.EndReveal(), A.EndPaying(), A.StopBanishing(), A.EndMagic()]
    assert len(set(empty)) == len(empty) and all(a != () for a in empty)
    assert A.Recruit("Squire") != A.PayReveal("Squire") != ("Squire",)
    assert A.Recruit("Squire") == A.Recruit("Squire")
    assert hash(A.Recruit("Squire")) == hash(A.Recruit("Squire"))
    assert A.REVEAL == A.Reveal() and A.REVEAL != A.END_REVEAL


def test_an_action_not_legal_now_is_refused_naming_it_and_the_phase():
    s = start(2, seed=1)
    give_hand(s, 0, "Villager", "Villager", "Thief")
    s.apply(A.REVEAL)
    while s.phase == Phase.PAY:
        s.apply(A.END_PAYING)
    assert s.phase == Phase.RECRUIT and s.current_seat == 0
    assert A.REVEAL not in s.legal_actions()
    gold, rp = s.gold[0], s.rp[0]
    with pytest.raises(IllegalActionError, match=r"^Reveal\(\) is not a legal action now "
                                                 r"\(phase RECRUIT\)$"):
        s.apply(A.Reveal())                  # was: the reveal effects gained again
    assert (s.gold[0], s.rp[0]) == (gold, rp)
    with pytest.raises(IllegalActionError, match="Place"):
        s.apply(A.Place("Thief", "Oasis"))
    s.apply(s.legal_actions()[-1])            # the legal list still plays
