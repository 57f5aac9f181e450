"""Rules audit: forced-dice scenarios pinning the rules most at risk (rulebook "2nd phase",
"Bonuses", "Discounts", "The treasure map", "Sequence of play")."""
from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.actions import Phase

from .helpers import claims, exc, force_rolls, give_card, place, put_in_camp, put_on_top, table

EXP = A.expedition_spot


def _jungle(state):
    state.expedition = next(i for i, x in enumerate(state.comp.expeditions) if x.name == "jungle")
    state._offer_placements()


def _pass_turn(state):
    state.apply(state.legal_actions()[0])
    state.apply(A.NOTHING)


def test_no_more_than_one_adventurer_on_the_expedition_track():
    state = table(2)
    _jungle(state)
    placements = state.legal_actions()
    assert all(sum(s >= A.EXPEDITION_SPOT for s in p.spots) <= 1 for p in placements)
    assert all(len(p.spots) == 3 and len(set(p.spots)) == 3 for p in placements)
    trips = {s for p in placements for s in p.spots if s >= A.EXPEDITION_SPOT}
    assert trips == {EXP(t) for t in (1, 2, 3, 4)}    # up to 4 ahead: 4 dice pay at most 4
    wider = table(2, dice=5)                          # audit fix: the reach follows the dice
    _jungle(wider)
    assert max(s for p in wider.legal_actions() for s in p.spots) == EXP(5)


def test_a_clock_gained_this_turn_cannot_set_a_die_this_turn(monkeypatch):
    force_rolls(monkeypatch, "FFMM")
    state = table(2, starting_clocks=0)
    put_on_top(state, 0, "A1")                        # F F, gives a clock
    put_in_camp(state, 0, "scarab_bottom_2")          # F P: the P is missing
    place(state, 0, 1, exc("jungle"))
    got = claims(state)
    assert ((exc("jungle"),), 0, 0) in got
    assert not any(0 in spots and exc("jungle") in spots for spots, _, _ in got)
    state.apply(A.Claim((exc("jungle"),)))
    assert state.clocks[0] == 1                       # the clock arrives, for the next turn


def test_an_attached_artifact_cannot_activate_a_second_card(monkeypatch):
    force_rolls(monkeypatch, "FFMP")
    state = table(2, starting_clocks=0)
    first = give_card(state, 0, "discount_b_jungle_1", active=False)   # needs a gem
    second = give_card(state, 0, "bonus_a_1", active=False)            # needs a gem too
    put_on_top(state, 1, "A1")                        # one gem (F F) in the desert
    place(state, 0, 1, exc("desert"))
    state.apply(A.Claim((exc("desert"),)))
    assert set(state.legal_actions()) == {A.Activate(first, False), A.Activate(second, False),
                                          A.DONE}
    state.apply(A.Activate(second, False))
    assert state.current_seat == 1                    # the gem is attached: nothing left to offer
    assert state.active_from[0][first] == 1 << 30
    state.assert_invariants()


def test_a_bonus_activated_this_turn_pays_from_the_next_and_only_for_its_excavations(monkeypatch):
    force_rolls(monkeypatch, "FFMP", "PPPP", "FFMP", "PPPP", "FFMP")
    state = table(2, starting_clocks=0)
    c = give_card(state, 0, "bonus_b_jungle_desert_1", active=False)   # gem, jungle or desert
    put_on_top(state, 0, "A1")                        # a gem (F F) in the jungle
    place(state, 0, 1, exc("jungle"))
    state.apply(A.Claim((exc("jungle"),)))
    assert state.phase == Phase.ACTIVATE                  # no bonus: the card is not active yet
    state.apply(A.Activate(c, False))
    _pass_turn(state)
    put_on_top(state, 2, "A6")                        # F F in the sea: not its excavation
    place(state, 0, 1, exc("sea"))
    state.apply(A.Claim((exc("sea"),)))
    assert state.current_seat == 1 and state.parts[0]["bonus"] == 0
    _pass_turn(state)
    put_on_top(state, 1, "A2")                        # F M in the desert: it pays
    place(state, 0, 1, exc("desert"))
    state.apply(A.Claim((exc("desert"),)))
    assert state.phase == Phase.BONUS
    state.apply(A.FAME)
    assert state.parts[0]["bonus"] == 1
    state.assert_invariants()


def test_a_map_from_the_top_of_the_deck_leaves_the_display(monkeypatch):
    force_rolls(monkeypatch, "PFFM")
    state = table(2, starting_clocks=0)
    _jungle(state)
    display, top = list(state.maps_face_up), state.map_deck[-1]
    place(state, 0, 1, EXP(3))                        # P F F: spot 3, map + wild
    state.apply(A.Claim((EXP(3),)))
    state.apply(A.TakeMap(-1))
    assert state.maps[0] == [top] and state.maps_face_up == display
    assert state.view(0).maps == (top,) and state.view(1).maps == ()
    state.assert_invariants()


def test_discount_markers_come_back_every_turn(monkeypatch):
    force_rolls(monkeypatch, "FFMM", "PPPP", "FFMM")
    state = table(2, starting_clocks=0)
    give_card(state, 0, "discount_b_jungle_1")        # active: a P for the jungle
    for turn in range(2):                             # B10 (F F P) paid by the marker each turn
        put_on_top(state, 0, "B10")
        place(state, 0, 1, exc("jungle"))
        assert ((exc("jungle"),), 0, 0) in claims(state)
        state.apply(A.NOTHING)
        if turn == 0:
            _pass_turn(state)


def test_a_clock_spent_goes_back_to_the_camp_before_the_trade_takes_one(monkeypatch):
    force_rolls(monkeypatch, "FFFF")
    state = table(2)
    state.clocks[0] += state.clock_supply            # the camp's clock supply is empty
    state.clock_supply = 0
    _jungle(state)
    place(state, 0, 1, EXP(1))                        # spot 1 needs a P: one clock sets it
    got = claims(state)
    assert ((), 0, 1) not in got                      # nothing in the camp to trade for
    assert ((EXP(1),), 1, 1) in got                   # the spent clock can be traded back
    before = state.clocks[0]
    state.apply(A.Claim((EXP(1),), 1, 1))
    assert state.clocks[0] == before - 1 + 1 and state.clock_supply == 0   # spot 1's clock lost
    state.assert_invariants()
