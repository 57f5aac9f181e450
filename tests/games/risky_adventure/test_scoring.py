"""Final scoring: scarab parts and pairs, treasure maps served by distinct artifacts or wilds
(attached ones too), ties by equipment."""
from simulate.games.risky_adventure.scoring import best_maps, scarab_fame

from .helpers import artifact, give_card, table


def _map(state, map_id):
    return next(i for i, m in enumerate(state.comp.maps) if m.id == map_id)


def test_scarabs_one_per_part_and_four_per_pair():
    assert scarab_fame(0, 0, 1, 4) == 0
    assert scarab_fame(1, 0, 1, 4) == 1
    assert scarab_fame(1, 1, 1, 4) == 4
    assert scarab_fame(3, 1, 1, 4) == 6
    assert scarab_fame(2, 2, 2, 5) == 10


def test_each_artifact_serves_one_map():
    state = table(2)
    maps = [state.comp.maps[_map(state, i)] for i in ("GG", "GS", "GGG")]
    assert best_maps(maps[:2], [2, 1, 0], 0) == (3, (0,))     # GG or GS, not both: 3 beats 2
    assert best_maps(maps[:2], [2, 1, 0], 1) == (5, (0, 1))   # a wild serves the second G
    assert best_maps(maps, [3, 0, 0], 0) == (6, (2,))         # GGG alone beats GG
    assert best_maps(maps, [3, 1, 0], 2) == (9, (0, 2))      # all three need 3 wilds
    assert best_maps([], [5, 5, 5], 3) == (0, ())


def test_final_scoring_counts_attached_artifacts_and_breaks_ties_by_equipment():
    state = table(2)
    gem, statue = artifact(state, "A1"), artifact(state, "A2")
    for a in (gem, statue):
        for stack in state.excavations + [state.artifact_box]:
            if a in stack:
                stack.remove(a)
        state.artifacts[0].append(a)
    c = give_card(state, 0, "discount_b_jungle_1")
    state.attached[0].append((c, 0))                 # the gem activates a card: still counts
    state.free_types[0] = [0, 1, 0]
    gs = _map(state, "GS")
    for pile in (state.map_deck, state.maps_face_up):
        if gs in pile:
            pile.remove(gs)
    state.maps[0].append(gs)
    give_card(state, 0, "scarab_top_1")
    give_card(state, 0, "bonus_a_1", active=False)
    give_card(state, 1, "scarab_top_2")
    give_card(state, 1, "scarab_bottom_1")
    state.fame = [4, 0]
    state.parts[0]["artifacts"] = 4
    state.final_scoring()
    assert state.map_fame == [2, 0] and state.scarabs == [1, 4]
    assert state.fame == [4 + 2 + 1, 4]
    state.fame[1] = 7                                # tied: seat 0 has 3 cards, seat 1 two
    out = state.outcome()
    assert out.ranks == [1, 2] and out.won == [True, False]
    assert out.metrics["equipment_tie_break_decided"]
    state2 = table(2, tie_break="none")
    state2.fame, state2.scarabs, state2.map_fame, state2.maps_completed = [5, 5], [0, 0], [0, 0], [0, 0]
    assert state2.outcome().won == [True, True]
