"""The three end conditions, checked at the end of the round (ruling 7), and expeditions
ending and starting again."""
from simulate.games.risky_adventure import actions as A

from .helpers import exc, force_rolls, place, put_on_top, table


def _only_a1_in_the_jungle(state):
    put_on_top(state, 0, "A1")
    stack = state.excavations[0]
    state.artifact_box += stack[:-1]
    del stack[:-1]
    state._offer_placements()


def _finish_round(state):
    while not state.is_over and state.current_seat != 0:
        state.apply(state.legal_actions()[0])
        state.apply(A.NOTHING)


def test_an_empty_excavation_ends_the_game_after_the_round(monkeypatch):
    force_rolls(monkeypatch, "FFMP", "PPPP", "PPPP")
    state = table(3)
    _only_a1_in_the_jungle(state)
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((exc("jungle"),)))
    assert not state.is_over and state.current_seat == 1        # the round goes on
    assert all(exc("jungle") not in a.spots for a in state.legal_actions())
    _finish_round(state)
    assert state.is_over and state.end_reason == "excavation" and state.round == 1
    state.assert_invariants()
    assert state.outcome().end_reason == "excavation"


def test_turn_end_checking_ends_at_once(monkeypatch):
    force_rolls(monkeypatch, "FFMP")
    state = table(3, end_check="turn_end")
    _only_a1_in_the_jungle(state)
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((exc("jungle"),)))
    assert state.is_over and state.end_reason == "excavation"


def test_an_empty_equipment_deck_ends_the_game_after_the_round(monkeypatch):
    state = table(2)
    state.equipment[1] += state.equipment_deck      # out of the deck, still somewhere
    state.active_from[1].update(dict.fromkeys(state.equipment_deck, 0))
    state.equipment_deck = []
    cost = state.comp.equipment[state.camp[0]].need
    force_rolls(monkeypatch, "F" * cost[0] + "M" * cost[1] + "P" * cost[2] + "F" * (4 - sum(cost)),
                "PPPP")
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((0,)))
    assert not state.is_over and state.camp[-1] == -1
    assert len(state.legal_actions()[0].spots) == 3  # three camp cards and the excavations
    _finish_round(state)
    assert state.is_over and state.end_reason == "equipment"
    state.assert_invariants()


def _jungle_at(state, seat, position):
    state.expedition = next(i for i, x in enumerate(state.comp.expeditions) if x.name == "jungle")
    state.expedition_tokens = [t for t in range(3) if t != state.expedition]
    state.positions[seat] = position
    state._offer_placements()


def test_the_first_expedition_ends_with_the_round_and_the_next_starts(monkeypatch):
    force_rolls(monkeypatch, "PFFM", "PPPP", "FFFF")
    state = table(2)
    _jungle_at(state, 0, 7)                          # spot 8: P, 5 fame
    state.positions[1] = 3
    state._offer_placements()
    place(state, 0, 1, A.expedition_spot(8))
    state.apply(A.Claim((A.expedition_spot(8),)))
    assert state.fame[0] == 5 and state.reached_end and state.current_seat == 1
    targets = {s for a in state.legal_actions() for s in a.spots if s >= A.EXPEDITION_SPOT}
    assert targets == {A.expedition_spot(t) for t in (4, 5, 6, 7)}   # still on the jungle
    _finish_round(state)
    assert not state.is_over and state.expeditions_done == 1
    assert state.comp.expeditions[state.expedition].name != "jungle"
    assert state.positions == [0, 0] and state.round == 2   # everyone starts again


def test_the_second_expedition_ends_the_game(monkeypatch):
    force_rolls(monkeypatch, "PFFM", "PPPP")
    state = table(2)
    state.expeditions_done = 1
    _jungle_at(state, 0, 7)
    place(state, 0, 1, A.expedition_spot(8))
    state.apply(A.Claim((A.expedition_spot(8),)))
    _finish_round(state)
    assert state.is_over and state.end_reason == "expedition"
    assert state.outcome().metrics["expeditions_completed"] == 2


def test_the_round_limit_is_a_safety_stop(monkeypatch):
    force_rolls(monkeypatch, "PPPP", "PPPP")
    state = table(2, max_rounds=5)
    state.round = 5
    state.apply(state.legal_actions()[0])
    state.apply(A.NOTHING)
    _finish_round(state)
    assert state.is_over and state.end_reason == "round_limit"
