"""Issue "Rules gaps": rule checks at each player count the config asks for (item 3); a paid
grant's debt in the view, the strategies and the seats table (item 2)."""
import random

import polars as pl
import pytest

from simulate.config import parse_config
from simulate.games.base import ConfigError, IllegalActionError, make_rules
from simulate.games.risky_adventure import Rules, new_game
from simulate.play import play_game
from simulate.games.risky_adventure import GAME
from strategies import build_strategy
from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.actions import Phase
from tests.helpers import assert_same_frames, assert_same_tables, engine_tables, kernel_task

SCARCE = {"clocks": 4, "starting_clocks": 2}


def config(counts, rules=None, variants=()):
    return {"run": {"game": "risky_adventure", "games": 4, "seed": 1, "jobs": 1, "chunk": 4,
                    "out": "runs/unused"},
            "players": {"count": counts}, "rules": rules or {}, "variants": list(variants)}


def test_clocks_for_two_players_are_checked_for_two_not_four():
    rules = make_rules(Rules, SCARCE)
    state, out, _ = play_game(GAME, rules, [build_strategy("risky_adventure", "fame_now")] * 2, 1)
    assert state.is_over and state.clock_supply + sum(state.clocks) <= 4
    assert parse_config(config(2, SCARCE)).player_counts == [2]
    with pytest.raises(ConfigError, match="cannot give 3 players starting_clocks = 2"):
        parse_config(config([2, 3], SCARCE))
    with pytest.raises(ConfigError, match="variant 'tight'.*cannot give 4 players"):
        parse_config(config([2, 4], variants=[{"name": "tight", **SCARCE}]))
    with pytest.raises(ConfigError, match="cannot give 3 players"):
        new_game(rules, 3, random.Random(0))
    with pytest.raises(ConfigError, match="cannot give 2 players"):
        make_rules(Rules, {"clocks": 4, "starting_clocks": 3})


def test_the_kernel_plays_a_two_player_table_with_few_clocks_alike(tmp_path):
    assert_same_tables(tmp_path, SCARCE, ["fame_now", "random"], 2, 6, game="risky_adventure",
                       seed=3)


# --- item 2: a paid grant's debt is seen, accounted for and reported ---------------------------
PAID = ("equipment.json", "scarab_top_4", 0, True)          # costs 3 clocks: 1 paid, 2 owed


def test_a_seat_sees_its_debt_and_repaid_clocks_are_not_gained():
    state = new_game(Rules(), 2, random.Random(5), grant=PAID)
    view = state.view(0)
    assert view.clocks == (0, 1) and view.debt == (2, 0)
    assert state.view(1).debt == (2, 0)                     # the grant is public
    state.gain_clocks(0, 1)
    assert state.view(0).debt == (1, 0) and state.tally[0]["clocks_gained"] == 0
    state.gain_clocks(0, 2)
    assert state.view(0).debt == (0, 0) and state.view(0).clocks == (1, 1)
    assert state.tally[0]["clocks_gained"] == 1


def test_a_seat_in_debt_values_no_clock_it_would_only_hand_back():
    state = new_game(Rules(), 2, random.Random(5), grant=PAID)
    seat = build_strategy("risky_adventure", {"name": "fame_now", "bonus_clock_weight": 10.0})
    owing = state.view(0)._replace(phase=Phase.BONUS)
    free = owing._replace(debt=(0, 0))
    assert seat.choose(owing, [A.FAME, A.CLOCK]) == A.FAME
    assert seat.choose(free, [A.FAME, A.CLOCK]) == A.CLOCK
    trade, keep = A.Claim((), 0, 1), A.Claim(())
    seat._turn = -1                                          # values afresh for this view
    claim = owing._replace(phase=Phase.CLAIM)
    assert seat.choose(claim, [keep, trade]) == keep
    assert seat.choose(claim._replace(debt=(0, 0)), [keep, trade]) == trade


def test_the_seats_table_has_the_debt_and_both_engines_agree(tmp_path):
    task = kernel_task({}, ["fame_now", "engine_builder"], 2, 8, game="risky_adventure", seed=5)
    task["grant"] = PAID
    python = engine_tables(tmp_path, "python", task)
    assert_same_frames(python, engine_tables(tmp_path, "compiled", task), task)
    seats = python[1]
    assert "debt" in seats.columns and seats.filter(pl.col("seat") == 1)["debt"].sum() == 0


# --- item 4: actions of different kinds differ; apply refuses what is not legal now -------------
def test_actions_of_different_kinds_never_compare_equal():
    assert A.Done() != () and A.TakeMap(0) != (0,) and A.NOTHING != ((), 0, 0)
    assert A.Place((1, 2)) == A.Place((1, 2)) and hash(A.Place((1, 2))) == hash(A.Place((1, 2)))
    assert len({A.Done(), (), A.TakeMap(0), (0,), A.TakeBonus("fame"), ("fame",)}) == 6
    assert A.DONE not in [A.NOTHING, ()] and A.FAME in [A.TakeBonus("fame")]


def test_apply_refuses_an_action_that_is_not_legal_now():
    state = new_game(Rules(), 2, random.Random(5))
    fame = state.fame[:]
    with pytest.raises(IllegalActionError, match=r"Done\(\) is not legal now \(phase place\)"):
        state.apply(A.DONE)
    with pytest.raises(IllegalActionError, match="TakeBonus.*phase place"):
        state.apply(A.FAME)
    assert state.fame == fame and state.phase == Phase.PLACE
    state.apply(A.Place(state.legal_actions()[0].spots))    # an equal one built afresh is fine
    assert state.phase == Phase.CLAIM
