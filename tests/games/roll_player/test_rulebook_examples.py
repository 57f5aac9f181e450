"""The rulebook's worked examples, replayed with forced dice."""
from simulate.games.roll_player import actions as A
from simulate.games.roll_player.phases import P_INITIATIVE, P_MARKET, P_TIE
from simulate.games.roll_player.scoring import armor_stars, tally

from .helpers import C, force_dice, place_starting, put_in_market, start

HEROES = ["Cleric", "Wizard", "Warrior"]          # white, blue, red
SEAT0_START = [("blue", 1), ("white", 3), ("green", 2), ("green", 2), ("red", 2), ("red", 2),
               ("black", 2)]
SEAT0_ROWS = ["CON", "STR", "DEX", "INT", "WIS", "CHA", "DEX"]
OTHER_START = [("black", 3)] * 7 + [("blue", 4)] * 7
OTHER_ROWS = ["STR", "DEX", "CON", "INT", "WIS", "CHA", "STR"]
ROLL = [("green", 6), ("red", 1), ("gold", 4), ("purple", 6)]   # the Roll Phase example


def three_player_round(monkeypatch):
    force_dice(monkeypatch, SEAT0_START + OTHER_START + ROLL)
    state = start(3, HEROES)
    for name in ("Reckless", "Leather Gloves", "Quarterstaff"):
        put_in_market(state, name)
    place_starting(state, [SEAT0_ROWS, OTHER_ROWS, OTHER_ROWS])
    return state


def test_initiative_placement_with_a_gold_die_and_a_tie(monkeypatch):
    state = three_player_round(monkeypatch)
    t = state.t
    assert t.init_gold == [0, 1, 1, 0]           # Gold on the middle cards "2" and "3"
    # red 1 on "1", gold 4 on "2"; the two 6s are tied: the Start Player decides
    assert t.init_dice[:2] == [(C["red"], 1), (C["gold"], 4)]
    assert t.phase == P_TIE and state.current_seat == t.start_player == 0
    assert state.legal_actions() == [A.BreakTie(C["green"]), A.BreakTie(C["purple"])]
    state.apply(A.BreakTie(C["purple"]))
    assert t.init_dice == [(C["red"], 1), (C["gold"], 4), (C["purple"], 6), (C["green"], 6)]
    assert t.phase == P_INITIATIVE and state.current_seat == 0
    state.assert_invariants()


def test_erics_2_card_gold_die_into_strength_and_flip(monkeypatch):
    state = three_player_round(monkeypatch)
    t = state.t
    state.apply(A.BreakTie(C["purple"]))
    assert t.gold[0] == 5
    state.apply(A.TakeInitiative(2))              # +1 Gold from the card
    assert t.gold[0] == 6 and t.init_gold[1] == 0
    state.apply(A.PlaceDie(0))                    # gold die into Strength: second space
    assert (t.cols[0][1], t.vals[0][1]) == (C["gold"], 4)
    assert t.gold[0] == 8                         # +2 Gold for the gold die
    assert A.Flip(6) in state.legal_actions()     # the blue 1 in Constitution
    state.apply(A.Flip(6))
    assert (t.cols[0][6], t.vals[0][6]) == (C["blue"], 6)
    assert state.current_seat == 1                # one attribute action only, then Isaac
    state.assert_invariants()


def test_isaac_buys_reckless_with_5_gold_and_a_charisma_token(monkeypatch):
    state = three_player_round(monkeypatch)
    t = state.t
    state.apply(A.BreakTie(C["purple"]))
    state.apply(A.TakeInitiative(2))              # Eric ("I")
    state.apply(A.PlaceDie(0))
    state.apply(A.Pass())
    state.apply(A.TakeInitiative(1))              # Isaac
    state.apply(A.PlaceDie(5))                    # Charisma: a token
    assert t.charisma[1] == 1
    state.apply(A.TakeInitiative(3))              # Claire
    state.apply(A.PlaceDie(3))
    state.apply(A.Pass())
    # Market Phase in Initiative order: Isaac ("1"), Eric ("2"), Claire ("3")
    assert t.phase == P_MARKET and state.current_seat == 1
    assert len(t.market) == 4                     # three players: four cards
    t.gold[1] = 5
    assert t.comp.card_by_name["Reckless"].cost == 6
    state.apply(A.Buy("Reckless"))
    assert t.gold[1] == 0 and t.charisma[1] == 0
    assert t.comp.card_by_name["Reckless"].id in t.traits[1]
    assert t.token[1] == 5                        # moved along Reckless's arrow (right)
    assert state.current_seat == 0
    gold = t.gold[0]
    state.apply(A.DiscardForGold("Leather Gloves"))
    assert t.gold[0] == gold + 2 and t.comp.card_by_name["Leather Gloves"].id in t.discard
    assert state.current_seat == 2
    state.apply(A.Buy("Quarterstaff"))
    assert t.comp.card_by_name["Quarterstaff"].id in t.weapons[2]
    state.assert_invariants()


def test_four_chain_armour_for_a_cleric_scores_7_plus_1(monkeypatch):
    state = start(2, ["Cleric", "Wizard"])
    t = state.t
    chain = [c.id for c in t.comp.cards if c.armor_set == "Chain"][:4]
    for cid in chain:
        state.deck.remove(cid) if cid in state.deck else t.discard.remove(cid)
    t.armor[0] = list(chain)
    t.armor[1] = []
    assert armor_stars(t, 0) == 8
    assert tally(t, 0).armor == 8
    t.armor[1], t.armor[0] = t.armor[0], []      # a Wizard (blue) gets no colour bonus
    assert armor_stars(t, 1) == 7
