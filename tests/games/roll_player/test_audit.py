"""Rules-fidelity audit: rulings the engine once got wrong, pinned with forced dice."""
from simulate.games.roll_player import actions as A
from simulate.games.roll_player.phases import P_SKILL, P_START_DIE

from .helpers import C, force_dice, place_starting, start

ROWS = ["STR", "DEX", "CON", "INT", "WIS", "CHA"]
START = [("white", 1), ("green", 6), ("blue", 3), ("red", 2), ("black", 4), ("purple", 5)]
ROLL = [("white", 2), ("red", 3), ("gold", 5)]


def test_starting_dice_are_placed_in_any_order(monkeypatch):
    # Rulebook, set-up: "Once we have our dice, we roll them and place them on our Character
    # Sheet" (leftmost empty space of a row). All are rolled together, so the player picks
    # which die goes first: here the blue 3 (drawn third) takes STR-1, the white 1 STR-2.
    force_dice(monkeypatch, START + START + ROLL)
    state = start(2, ["Cleric", "Wizard"])
    t = state.t
    assert t.phase == P_START_DIE and state.current_seat == 0
    legal = state.legal_actions()
    assert A.ChooseStartingDie(C["blue"], 3) in legal and len(legal) == 6
    state.apply(A.ChooseStartingDie(C["blue"], 3))
    assert state.legal_actions() == [A.PlaceStartingDie(r) for r in range(6)]
    state.apply(A.PlaceStartingDie(0))
    state.apply(A.ChooseStartingDie(C["white"], 1))
    state.apply(A.PlaceStartingDie(0))
    assert (t.cols[0][0], t.vals[0][0]) == (C["blue"], 3)
    assert (t.cols[0][1], t.vals[0][1]) == (C["white"], 1)
    assert A.ChooseStartingDie(C["blue"], 3) not in state.legal_actions()   # placed already
    state.assert_invariants()


def test_identical_starting_dice_need_no_choice(monkeypatch):
    force_dice(monkeypatch, [("red", 2)] * 6 + START + ROLL)
    state = start(2, ["Cleric", "Wizard"])
    assert state.legal_actions() == [A.PlaceStartingDie(r) for r in range(6)]


def test_a_skill_may_be_used_only_to_move_the_alignment_token(monkeypatch):
    # Rulebook, Skill cards: "Once you've moved the token, you can activate the special ability
    # of the card if you want to" -- the ability is optional, so a Skill whose ability has
    # nothing to do now (Climb after placing a die) may still be used for its arrow.
    force_dice(monkeypatch, START + START + ROLL)
    state = start(2, ["Cleric", "Wizard"])
    t = state.t
    climb = t.comp.card_by_name["Climb"]          # placeholder: reroll an Initiative die, right
    (state.deck if climb.id in state.deck else t.discard).remove(climb.id)
    t.skills[0].append(climb.id)
    place_starting(state, [ROWS, ROWS])
    assert t.phase == P_SKILL                     # before choosing a card: its ability works
    state.apply(A.PASS)
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(5))                    # Charisma: a token, no decision
    assert t.phase == P_SKILL and state.current_seat == 0
    assert state.legal_actions() == [A.UseSkill("Climb"), A.PASS]
    state.apply(A.UseSkill("Climb"))
    assert t.token[0] == 5 and t.exhausted[0] == [climb.id]
    assert state.current_seat == 1                # nothing else to decide: the turn passes
    state.assert_invariants()
