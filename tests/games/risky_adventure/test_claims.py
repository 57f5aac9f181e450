"""Forced dice for each kind of claim: artifacts, equipment, the expedition (all or nothing),
clocks, the clock trade, discount markers, bonus cards and activation."""
from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.actions import Phase

from .helpers import (artifact, card, claims, exc, force_rolls, give_card, place, put_in_camp,
                      put_on_top, table)

EXP = A.expedition_spot


def test_an_artifact_pays_its_fame_and_its_clock(monkeypatch):
    force_rolls(monkeypatch, "FFMP")
    state = table(2)
    put_on_top(state, 0, "A1")                       # gem, F F, 1 fame and a clock
    below = state.excavations[0][-2]
    place(state, 0, 1, exc("jungle"))
    assert ((exc("jungle"),), 0, 0) in claims(state)
    supply = state.clock_supply
    state.apply(A.Claim((exc("jungle"),)))
    assert state.fame[0] == 1 and state.clocks[0] == 2 and state.clock_supply == supply - 1
    assert state.artifacts[0] == [artifact(state, "A1")]
    assert state.excavations[0][-1] == below and len(state.excavations[0]) == 6   # revealed
    assert state.current_seat == 1
    state.assert_invariants()


def test_clocks_set_dice_and_go_back_to_the_camp(monkeypatch):
    force_rolls(monkeypatch, "PPPP", "PPPP")
    state = table(2, starting_clocks=1)
    put_on_top(state, 0, "A1")                       # needs F F: two dice to set
    place(state, 0, 1, exc("jungle"))
    assert all(c[0] != (exc("jungle"),) for c in claims(state))   # one clock is not enough
    state = table(2, starting_clocks=2)
    put_on_top(state, 0, "A1")
    supply = state.clock_supply
    place(state, 0, 1, exc("jungle"))
    assert ((exc("jungle"),), 2, 0) in claims(state)
    state.apply(A.Claim((exc("jungle"),), 2))
    assert state.clocks[0] == 0 + 1                  # both spent; A1's clock arrives
    assert state.clock_supply == supply + 2 - 1
    assert state.tally[0]["clocks_spent"] == 2
    state.assert_invariants()


def test_each_die_pays_once_and_claims_combine(monkeypatch):
    force_rolls(monkeypatch, "FFMM")
    state = table(2, starting_clocks=0)
    put_in_camp(state, 0, "scarab_top_1")            # F F
    put_on_top(state, 0, "A2")                       # F M
    place(state, 0, 1, exc("jungle"))
    got = claims(state)
    assert ((0,), 0, 0) in got and ((exc("jungle"),), 0, 0) in got
    assert ((0, exc("jungle")), 0, 0) not in got    # F F + F M needs 3 food
    force_rolls(monkeypatch, "FFMM")
    state = table(2, starting_clocks=0, die_pays_once=False)
    put_in_camp(state, 0, "scarab_top_1")
    put_on_top(state, 0, "A2")
    place(state, 0, 1, exc("jungle"))
    assert ((0, exc("jungle")), 0, 0) in claims(state)   # the variant: a die pays for both


def test_equipment_is_taken_and_the_camp_slides_and_refills(monkeypatch):
    force_rolls(monkeypatch, "FFMM")
    state = table(2)
    put_in_camp(state, 1, "scarab_top_1")            # F F, in the second space
    before = list(state.camp)
    top_of_deck = state.equipment_deck[-1]
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((1,)))
    assert state.equipment[0] == [card(state, "scarab_top_1")]
    assert state.camp == [before[0], before[2], before[3], top_of_deck]
    state.assert_invariants()


def test_the_expedition_is_all_or_nothing_and_only_the_target_pays(monkeypatch):
    # jungle: 1 P clock, 2 F fame 1, 3 F map+wild, 4 M fame 2
    force_rolls(monkeypatch, "PFMM", "PFMM")
    state = table(2, starting_clocks=0)
    state.expedition = next(i for i, x in enumerate(state.comp.expeditions) if x.name == "jungle")
    state._offer_placements()
    place(state, 0, 1, EXP(3))
    got = claims(state)
    assert ((EXP(3),), 0, 0) not in got               # P F F: one food short, no advance
    state.current_seat = 0
    state._offer_placements()
    place(state, 0, 1, EXP(2))
    assert ((EXP(2),), 0, 0) in claims(state)
    state.apply(A.Claim((EXP(2),)))
    assert state.positions[0] == 2 and state.fame[0] == 1   # spot 2's fame, not spot 1's clock
    assert state.clocks[0] == 0
    state.assert_invariants()


def test_a_map_and_wild_spot_asks_which_map(monkeypatch):
    force_rolls(monkeypatch, "PFFM")
    state = table(2, starting_clocks=0)
    state.expedition = next(i for i, x in enumerate(state.comp.expeditions) if x.name == "jungle")
    state._offer_placements()
    place(state, 0, 1, EXP(3))
    state.apply(A.Claim((EXP(3),)))
    assert state.wilds[0] == 1 and state.phase == Phase.MAP
    assert state.legal_actions() == [A.TakeMap(0), A.TakeMap(1), A.TakeMap(2), A.TakeMap(-1)]
    chosen = state.maps_face_up[1]
    state.apply(A.TakeMap(1))
    assert state.maps[0] == [chosen] and len(state.maps_face_up) == 3   # refilled
    assert state.view(1).maps == () and state.view(1).maps_held == (1, 0)  # hidden from others
    state.assert_invariants()


def test_the_clock_trade_takes_any_three_dice_once(monkeypatch):
    force_rolls(monkeypatch, "PPPP")
    state = table(2, starting_clocks=0)
    put_in_camp(state, 0, "scarab_bottom_2")         # F P: unpaid
    put_in_camp(state, 1, "scarab_top_1")            # F F: unpaid
    place(state, 0, 1, exc("jungle"))
    assert claims(state) == {((), 0, 0), ((), 0, 1)}
    state.apply(A.Claim((), 0, 1))
    assert state.clocks[0] == 1
    force_rolls(monkeypatch, "FPPP")
    state = table(2, starting_clocks=0)
    put_in_camp(state, 0, "scarab_bottom_2")
    place(state, 0, 1, exc("jungle"))
    assert ((0,), 0, 0) in claims(state) and ((0,), 0, 1) not in claims(state)  # 2 + 3 > 4


def test_discount_markers_add_symbols_for_their_excavation_only(monkeypatch):
    force_rolls(monkeypatch, "MMFF", "MMFF")
    state = table(2, starting_clocks=0)
    give_card(state, 0, "discount_a_jungle_1")       # F or M, for the jungle
    put_on_top(state, 0, "B11")                      # M M M, 4 fame
    put_on_top(state, 1, "B13")                      # F M M M in the desert: no marker there
    place(state, 0, exc("jungle"), exc("desert"))
    got = claims(state)
    assert ((exc("jungle"),), 0, 0) in got
    assert ((exc("desert"),), 0, 0) not in got
    state.apply(A.Claim((exc("jungle"),)))
    assert state.fame[0] == 4
    state.assert_invariants()


def test_discount_a_gives_one_shown_symbol_per_turn(monkeypatch):
    force_rolls(monkeypatch, "PPPP", "PPPP")
    state = table(2, starting_clocks=0)
    give_card(state, 0, "discount_a_jungle_1")       # shows F and M
    put_on_top(state, 0, "A2")                       # F M
    place(state, 0, 1, exc("jungle"))
    assert all(c[0] != (exc("jungle"),) for c in claims(state))   # one symbol, not both
    state = table(2, starting_clocks=0, discount_a_symbols=2)
    give_card(state, 0, "discount_a_jungle_1")
    put_on_top(state, 0, "A2")
    place(state, 0, 1, exc("jungle"))
    assert ((exc("jungle"),), 0, 0) in claims(state)


def test_equipment_bought_now_works_from_the_next_turn(monkeypatch):
    force_rolls(monkeypatch, "FFMP", "PPPP")
    state = table(2, starting_clocks=0)
    put_in_camp(state, 0, "discount_a_jungle_1")     # cost F F M
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((0,)))
    c = card(state, "discount_a_jungle_1")
    assert state.active_from[0][c] == state.turn     # the next turn (seat 1's) ...
    state.apply(state.legal_actions()[0])            # seat 1 places
    state.apply(A.NOTHING)
    assert state.markers(0)[0] == ((0, 0, 0), ((0, 1),))   # ... and seat 0's next turn


def test_an_artifact_activates_a_card_at_once_and_it_works_next_turn(monkeypatch):
    force_rolls(monkeypatch, "FFMP", "MMMM", "FFMM")
    state = table(2, starting_clocks=0)
    c = give_card(state, 0, "discount_b_jungle_1", active=False)   # gives P once a gem is on it
    put_on_top(state, 1, "A1")                        # a gem (F F) in the desert
    place(state, 0, 1, exc("desert"))
    state.apply(A.Claim((exc("desert"),)))
    assert state.phase == Phase.ACTIVATE
    assert state.legal_actions() == [A.Activate(c, False), A.DONE]
    turn = state.turn
    state.apply(A.Activate(c, False))
    assert state.attached[0] == [(c, 0)] and state.free_types[0] == [0, 0, 0]
    assert state.active_from[0][c] == turn + 1       # not this turn (ruling 5)
    state.apply(state.legal_actions()[0])
    state.apply(A.NOTHING)
    put_on_top(state, 0, "B10")                       # F F P in the jungle
    place(state, 0, 1, exc("jungle"))
    assert ((exc("jungle"),), 0, 0) in claims(state)  # the marker's P pays it
    state.assert_invariants()


def test_an_artifact_gained_now_cannot_activate_under_the_stricter_ruling(monkeypatch):
    force_rolls(monkeypatch, "FFMP")
    state = table(2, starting_clocks=0, artifact_activates_same_turn=False)
    give_card(state, 0, "discount_b_jungle_1", active=False)
    put_on_top(state, 1, "A1")
    place(state, 0, 1, exc("desert"))
    state.apply(A.Claim((exc("desert"),)))
    assert state.current_seat == 1                    # no activation offered


def test_bonus_cards_pay_fame_or_a_clock(monkeypatch):
    force_rolls(monkeypatch, "FFMP", "PPPP", "PFMM")
    state = table(2, starting_clocks=0)
    give_card(state, 0, "bonus_b_jungle_desert_1")   # on an artifact from jungle or desert
    give_card(state, 0, "bonus_a_1")                 # on reaching a fame spot
    state.expedition = next(i for i, x in enumerate(state.comp.expeditions) if x.name == "jungle")
    put_on_top(state, 0, "A1")
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((exc("jungle"),)))
    assert state.phase == Phase.BONUS and state.legal_actions() == [A.FAME, A.CLOCK]
    state.apply(A.FAME)
    assert state.fame[0] == 1 + 1 and state.parts[0]["bonus"] == 1
    state.apply(state.legal_actions()[0])
    state.apply(A.NOTHING)
    place(state, 0, 1, EXP(2))                        # P F: spot 2 pays 1 fame
    state.apply(A.Claim((EXP(2),)))
    state.apply(A.CLOCK)
    assert state.fame[0] == 3 and state.clocks[0] == 1 + 1   # A1's clock, then the bonus
    state.assert_invariants()
