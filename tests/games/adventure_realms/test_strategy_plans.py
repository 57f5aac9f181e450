"""The heuristics' decision points for the optional mechanics: the Fort's agent priced
per round it will be placed (``agent_value``), advances toward the stone (``stone_chase``), and
the report's count of seats that freed the Fort's agent at any number of starting agents."""
import polars as pl

from reports.sections.adventure_realms import MECHANICS
from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase
from strategies import build_strategy
from tests.games.adventure_realms.helpers import give_hand, resources, start

FREED = next(m for m in MECHANICS if "Fort's agent" in m.name)


def _at_the_fort(**rules):
    s = start(2, **rules)
    give_hand(s, 0, "Thief", "Fighter", "Villager")
    resources(s, 0, gold=8)
    s.apply(A.Place("Thief", "Fort"))
    assert s.phase == Phase.FORT
    return s


def _fort_choice(state, **params):
    seat = build_strategy("adventure_realms", {"name": "balanced", **params})
    return seat.choose(state.view(0), state.legal_actions()).option


def test_the_fort_frees_the_agent_when_its_rounds_are_worth_more_than_the_gold():
    s = _at_the_fort()
    assert _fort_choice(s) == "agent"                    # the shipped defaults free it
    assert _fort_choice(s, agent_value=0.0) != "agent"   # priced at nothing: guild steps
    assert _fort_choice(_at_the_fort(fort_agent_now=False), agent_value=2.0) == "agent"
    late = _at_the_fort(fort_agent_now=False)
    late.round = late.rules.max_rounds
    assert _fort_choice(late, agent_value=2.0) != "agent"     # no round left to place it


def test_stone_chase_prices_each_advance_while_a_stone_is_left():
    s = start(2)
    view = s.view(0)
    plain, chased = (build_strategy("adventure_realms", {"name": "balanced", "stone_chase": c})
                     for c in (0.0, 1.5))
    for seat in (plain, chased):
        seat._setup(view)
    gain = chased._dungeon_gain(view, 3) - plain._dungeon_gain(view, 3)
    track = s.rules.dungeon_track_length
    assert abs(gain - 1.5 * s.rules.stone_vp * 3 / track) < 1e-12
    s.stones_left, s._view = 0, None
    none_left = s.view(0)
    assert chased._dungeon_gain(none_left, 3) == plain._dungeon_gain(none_left, 3)


def test_freeing_the_forts_agent_counts_at_any_number_of_starting_agents():
    s = _at_the_fort(starting_agents=3)
    s.apply(A.FortChoice("agent"))
    m = s.seat_metrics(0)
    assert (m["agents"], m["agent_freed"]) == (4, 1)
    assert s.seat_metrics(1)["agent_freed"] == 0
    seats = pl.DataFrame({"agents": [3, 4, 3, 2], "agent_freed": [0, 1, 1, 0]})
    # starting 3 and not freed; starting 3 and freed; starting 2 and freed; starting 2
    assert seats.select(FREED.used)["agent_freed"].to_list() == [False, True, True, False]
