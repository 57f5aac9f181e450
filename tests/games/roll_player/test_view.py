"""The view is ``View(seat, table)`` with a read-only window on the public table: writing into
it raises or changes nothing; it shows the table as it is now, never the Market
deck's order or the random source. Component data (shared by every game) is read-only too."""
import random

import pytest

from simulate.games.roll_player import Rules, new_game
from simulate.games.roll_player.view import Table, TableView
from tests.vandal import assert_vandals_change_nothing, writing_error


@pytest.mark.parametrize("players, seed", [(1, 4), (2, 5)])
def test_no_write_into_the_view_works_and_play_is_unchanged(players, seed):
    assert_vandals_change_nothing("roll_player", players, seed)


@pytest.mark.parametrize("write", [lambda v: v.table.gold.__setitem__(0, 99),
                                   lambda v: v.table.vals[0].append(6),
                                   lambda v: v.table.market.pop(),
                                   lambda v: setattr(v.table, "round", 0),
                                   lambda v: v.table.comp.card_by_name.clear()])
def test_a_strategy_writing_into_its_view_gets_the_one_line_error(write):
    text = writing_error("roll_player", 2, write)
    assert "strategy 'writer' at seat 0 in game 3, decision" in text and " raised " in text
    assert "\n" not in text


def test_the_view_shows_every_table_field_and_nothing_hidden():
    state = new_game(Rules(), 2, random.Random(2))
    view = state.view(1)
    assert view.seat == 1
    assert set(TableView.FIELDS) == set(vars(state.t))       # a new field must be classified
    assert not hasattr(view.table, "deck") and not hasattr(view.table, "rng")
    assert view.table.deck_size == len(state.deck)
    for name in TableView.FIELDS:
        value = getattr(state.t, name)
        shown = getattr(view.table, name)
        if isinstance(value, list):
            nested = value and isinstance(value[0], list)
            assert shown == tuple(map(tuple, value) if nested else value), name
        else:
            assert shown is value, name
    assert [view.table.is_class(s, "Thief") for s in range(2)] == \
        [state.t.is_class(s, "Thief") for s in range(2)]


def test_the_view_follows_the_game_and_keeps_its_identity():
    state = new_game(Rules(), 2, random.Random(3), ["Cleric", "Wizard"])
    table = state.view(0).table
    before = table.vals
    while tuple(map(tuple, state.t.vals)) == before:
        state.apply(state.legal_actions()[0])
    seat = state.current_seat
    assert state.view(seat).table is table and table.vals == tuple(map(tuple, state.t.vals))
    twin = state.clone(random.Random(1))
    assert twin.view(seat).table is not table and twin.view(seat).table.vals == table.vals


def test_the_table_and_its_view_share_their_queries():
    assert not [name for name in dir(Table) if not name.startswith("_")
                and callable(getattr(Table, name)) and not hasattr(TableView, name)]
