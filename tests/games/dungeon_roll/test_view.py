"""The view is a frozen snapshot: writing into it raises or changes nothing, and it
shows what it showed before: the table, the seat's own treasures, every seat's XP."""
import random

import pytest

from simulate.games.dungeon_roll import GAME
from simulate.games.dungeon_roll.view import DungeonView
from tests.vandal import assert_vandals_change_nothing, writing_error


@pytest.mark.parametrize("players, seed", [(1, 4), (2, 5)])
def test_no_write_into_the_view_works_and_play_is_unchanged(players, seed):
    assert_vandals_change_nothing("dungeon_roll", players, seed)


@pytest.mark.parametrize("write", [lambda v: v.party.__setitem__(0, 6),
                                   lambda v: setattr(v, "xp", 99),
                                   lambda v: v.treasures.append(1)])
def test_a_strategy_writing_into_its_view_gets_the_one_line_error(write):
    text = writing_error("dungeon_roll", 2, write)
    assert "strategy 'writer' at seat 0 in game 3, decision" in text and " raised " in text
    assert "\n" not in text


def test_the_view_holds_what_it_held_before_and_nothing_hidden():
    assert DungeonView._fields == (
        "seat", "phase", "hero", "master", "ultimate_used", "level", "party", "graveyard",
        "converted", "dungeon", "lair", "pool", "treasures", "box_total", "xp", "all_xp", "delve",
        "delves_per_player", "rules", "n_players", "strikes_left", "strike_mask", "revives",
        "reroll_dungeon", "resume")
    state = GAME.new_game(GAME.rules_class(), 3, random.Random(2), None)
    state.hands[0][1], state.hands[2][4] = 2, 1            # treasures only their owners see
    view = state.view(0)
    assert view.treasures == tuple(state.hands[0]) and view.all_xp == tuple(state.xp)
    assert view.party == tuple(state.party) and view.dungeon == tuple(state.dungeon)
    assert tuple(state.hands[2]) not in view and tuple(state.box) not in view
    assert state.view(2).treasures == tuple(state.hands[2])
