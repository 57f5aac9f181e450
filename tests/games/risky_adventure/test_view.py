"""The view is a frozen snapshot: read-only, and it hides what the seat may not see."""
import pytest

from simulate.games.risky_adventure import GAME, Rules
from simulate.games.risky_adventure.actions import Phase
from simulate.play import play_game
from strategies import build_strategy

from .helpers import table


def test_the_view_is_read_only_and_hides_what_the_seat_may_not_see():
    state = table(3)
    view = state.view(1)
    for value in view:
        assert not isinstance(value, (list, dict, set)), value
        if isinstance(value, tuple):
            assert all(not isinstance(v, (list, dict, set)) for v in value)
    assert not hasattr(view, "rng") and not hasattr(view, "equipment_deck_order")
    assert view.equipment_deck == len(state.equipment_deck)
    state.maps[2].append(state.map_deck.pop())
    assert state.view(1).maps == () and state.view(2).maps == (state.maps[2][0],)
    assert state.view(1).maps_held == (0, 0, 1)
    with pytest.raises(AttributeError):
        view.fame = (9, 9, 9)


def test_a_seats_view_does_not_depend_on_views_taken_earlier():
    asked, fresh = table(3, seed=4), table(3, seed=4)
    for seat in range(3):                              # every seat looks while seat 0 places
        asked.view(seat)
    action = asked.legal_actions()[0]
    asked.apply(action)
    fresh.apply(action)
    assert asked.phase == Phase.CLAIM
    for seat in (2, 1, 0):
        assert asked.view(seat) == fresh.view(seat)
    assert asked.view(2).placed == () and asked.view(2).roll == ()
    assert asked.view(0).placed == action.spots


def test_the_log_begins_with_the_first_expedition_board():
    log: list[str] = []                                # "reveals the first expedition" (set-up)
    state, _, _ = play_game(GAME, Rules(), [build_strategy("risky_adventure", "fame_now")] * 2,
                            3, log=log)
    first = table(2, seed=3)                           # the same set-up as that game's
    board = first.comp.expeditions[first.expedition].name
    assert log[0] == f"    the {board} expedition starts"
    starts = [line for line in log if line.endswith("expedition starts")]
    assert len(starts) == state.expeditions_done + (state.expedition >= 0)
