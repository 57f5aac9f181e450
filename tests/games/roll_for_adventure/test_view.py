"""The view is a read-only window on the kingdom: writing into it raises or changes nothing;
it shows the whole table as it is now (co-op: nothing on it is hidden), never the
enemy deck's order."""
import random

import pytest

from simulate.games.roll_for_adventure import new_game
from simulate.games.roll_for_adventure.kingdom import Kingdom
from simulate.games.roll_for_adventure.rules import Rules
from simulate.games.roll_for_adventure.view import KingdomView
from tests.vandal import assert_vandals_change_nothing, writing_error


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5)])
def test_no_write_into_the_view_works_and_play_is_unchanged(players, seed):
    assert_vandals_change_nothing("roll_for_adventure", players, seed)


@pytest.mark.parametrize("write", [lambda v: v.hand.append(0),
                                   lambda v: v.boards[0].clear(),
                                   lambda v: v.fortress_subtask.__setitem__(1, 0),
                                   lambda v: setattr(v, "damage", [0, 0, 0, 0])])
def test_a_strategy_writing_into_its_view_gets_the_one_line_error(write):
    text = writing_error("roll_for_adventure", 2, write)
    assert "strategy 'writer' at seat 0 in game 3, decision" in text and " raised " in text
    assert "\n" not in text


def test_the_view_shows_every_kingdom_field_and_nothing_hidden():
    state = new_game(Rules(), 3, random.Random(2))
    view = state.view(0)
    assert set(KingdomView.FIELDS) == set(vars(state.k))     # a new field must be classified
    assert not hasattr(view, "deck") and not hasattr(view, "rng")
    assert view.cards_left == len(state.deck)
    for name in KingdomView.FIELDS:
        value = getattr(state.k, name)
        shown = getattr(view, name)
        if isinstance(value, list):
            assert shown == tuple(map(tuple, value) if value and isinstance(value[0], list)
                                  else value), name
        else:
            assert shown == value, name
    assert view.roll_counts() == state.k.roll_counts()
    assert [view.dice_held(s) for s in range(3)] == [state.k.dice_held(s) for s in range(3)]
    assert [view.die_label(d) for d in range(24)] == [state.k.die_label(d) for d in range(24)]


def test_the_view_follows_the_game_and_keeps_its_identity():
    state = new_game(Rules(), 2, random.Random(3))
    view = state.view(0)
    before = view.hand
    while tuple(state.k.hand) == before:
        state.apply(state.legal_actions()[0])
    again = state.view(state.current_seat)
    assert again is view and again.hand == tuple(state.k.hand) != before
    twin = state.clone(random.Random(1))
    assert twin.view(0) is not view and twin.view(0).hand == view.hand


def test_the_kingdom_and_its_view_share_their_queries():
    assert not [name for name in dir(Kingdom) if not name.startswith("_")
                and callable(getattr(Kingdom, name)) and name != "check"
                and not hasattr(KingdomView, name)]
