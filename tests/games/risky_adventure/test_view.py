"""The view is a frozen snapshot: read-only, and it hides what the seat may not see."""
import pytest

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
