"""Each attribute action, Gold sources, class abilities, the Market limits and Skills."""
import pytest

from simulate.games.roll_player import Rules
from simulate.games.roll_player import actions as A
from simulate.games.roll_player.phases import P_EFFECT, P_MARKET, P_RECALL, P_SKILL

from .helpers import C, force_dice, place_starting, put_in_market, start

ROWS = ["STR", "DEX", "CON", "INT", "WIS", "CHA"]
START = [("white", 1), ("green", 6), ("blue", 3), ("red", 2), ("black", 4), ("purple", 5)]
ROLL = [("white", 2), ("red", 3), ("gold", 5)]


def dice_phase(monkeypatch, heroes=("Cleric", "Wizard"), rules=None, extra=()):
    values = force_dice(monkeypatch, START + START + ROLL + list(extra))
    state = start(2, list(heroes), rules)
    place_starting(state, [ROWS, ROWS])
    return state, values


def test_strength_flips_any_die(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    state.apply(A.TakeInitiative(1))              # white 2
    state.apply(A.PlaceDie(0))
    legal = state.legal_actions()
    assert A.Flip(1) in legal and A.Flip(3) in legal and A.Pass() in legal
    state.apply(A.Flip(1))
    assert state.t.vals[0][1] == 5
    state.assert_invariants()


def test_dexterity_swaps_two_dice_without_gold(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    t = state.t
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(1))                    # DEX-2: white 2
    gold = t.gold[0]
    state.apply(A.SwapFirst(0))                   # STR-1 white 1
    assert A.SwapWith(0) not in state.legal_actions()
    state.apply(A.SwapWith(15))                   # CHA-1 purple 5
    assert (t.vals[0][0], t.cols[0][0]) == (5, C["purple"])
    assert (t.vals[0][15], t.cols[0][15]) == (1, C["white"])
    assert t.gold[0] == gold and t.fill[0] == [1, 2, 1, 1, 1, 1]
    state.assert_invariants()


def test_constitution_moves_one_pip_without_looping(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(2))
    legal = state.legal_actions()
    assert A.Adjust(3, 1) not in legal and A.Adjust(3, -1) in legal      # the green 6
    assert A.Adjust(0, -1) not in legal and A.Adjust(0, 1) in legal      # the white 1
    state.apply(A.Adjust(6, 1))
    assert state.t.vals[0][6] == 4


@pytest.mark.parametrize("keep_new", [True, False])
def test_intelligence_reroll_keeps_either_value(monkeypatch, keep_new):
    state, values = dice_phase(monkeypatch)
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(3))
    values.append(4)                              # the reroll
    state.apply(A.Reroll(0))                      # the white 1
    assert state.t.phase == P_EFFECT
    assert state.legal_actions() == [A.KeepReroll(True), A.KeepReroll(False)]
    state.apply(A.KeepReroll(keep_new))
    assert state.t.vals[0][0] == (4 if keep_new else 1)


def test_intelligence_reroll_new_value_stands_variant(monkeypatch):
    state, values = dice_phase(monkeypatch, rules=Rules(intelligence_reroll="new_stands"))
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(3))
    values.append(4)
    state.apply(A.Reroll(0))
    assert state.t.vals[0][0] == 4 and state.current_seat == 1


@pytest.mark.parametrize("rule, moves", [("orthogonal", 4), ("king", 8)])
def test_wisdom_steps_the_alignment_token(monkeypatch, rule, moves):
    state, _ = dice_phase(monkeypatch, rules=Rules(wisdom_step=rule))
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(4))
    legal = state.legal_actions()
    assert len(legal) == moves + 1                # + Pass
    state.apply(A.StepAlignment(0))               # up: toward Good
    assert state.t.token[0] == 1


def test_charisma_gives_a_token_that_expires_at_cleanup(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    t = state.t
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(5))
    assert t.charisma[0] == 1 and state.current_seat == 1   # no decision: the token is it
    state.apply(A.TakeInitiative(2))
    state.apply(A.PlaceDie(5))
    while t.round == 1:                            # discard through the Market
        state.apply([a for a in state.legal_actions() if type(a) is A.DiscardForGold][0])
    assert t.charisma == [0, 0]


def test_gold_for_a_third_die_and_a_gold_die(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    t = state.t
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(0))
    state.apply(A.Pass())
    gold = t.gold[1]
    state.apply(A.TakeInitiative(3))              # gold 5, no Gold on card "3"
    state.apply(A.PlaceDie(0))
    assert t.gold[1] == gold + 2


def test_thief_gets_4_gold_per_gold_die_in_setup_and_play(monkeypatch):
    force_dice(monkeypatch, [("gold", 3)] + START[1:] + START + ROLL)
    state = start(2, ["Thief", "Wizard"])
    assert state.t.gold[0] == 5
    place_starting(state, [ROWS, ROWS])
    assert state.t.gold[0] == 9
    state.apply(A.TakeInitiative(3))              # the gold 5
    state.apply(A.PlaceDie(1))
    assert state.t.gold[0] == 13


def _to_market(state):
    for seat in range(state.t.n):
        state.apply(state.legal_actions()[0])     # TakeInitiative
        state.apply(A.PlaceDie(5))                # Charisma: no effect decision
    assert state.t.phase == P_MARKET


def test_weapon_hands_limit_forces_a_replacement(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    t = state.t
    put_in_market(state, "Longbow")
    for name in ("Blessed Mace", "Ancient Spear"):
        cid = t.comp.card_by_name[name].id
        (state.deck if cid in state.deck else t.discard).remove(cid)
        t.weapons[0].append(cid)
    _to_market(state)
    t.gold[0] = 20
    longbow = [a for a in state.legal_actions() if type(a) is A.Buy and a.name == "Longbow"]
    assert longbow == []                          # two one-handed weapons: no room for 2 hands
    t.weapons[0].pop()                            # one hand free is still not enough
    t.discard.append(t.comp.card_by_name["Ancient Spear"].id)
    state._legal = state.buy_actions(0)
    assert A.Buy("Longbow", "Blessed Mace") in state._legal
    state.apply(A.Buy("Longbow", "Blessed Mace"))
    assert [t.comp.cards[w].name for w in t.weapons[0]] == ["Longbow"]
    state.assert_invariants()


def test_bard_buys_twice_but_never_discards_second(monkeypatch):
    state, _ = dice_phase(monkeypatch, heroes=("Bard", "Wizard"))
    t = state.t
    _to_market(state)
    t.gold[0] = 30
    assert state.current_seat == 0
    state.apply([a for a in state.legal_actions() if type(a) is A.Buy][0])
    assert state.current_seat == 0                # a second purchase (or Pass)
    legal = state.legal_actions()
    assert A.Pass() in legal and not any(type(a) is A.DiscardForGold for a in legal)
    state.apply([a for a in legal if type(a) is A.Buy][0])
    assert len(t.cards_bought[0]) == 2 and state.current_seat == 1


def test_druid_recalls_a_card_from_the_discard_pile(monkeypatch):
    state, _ = dice_phase(monkeypatch, heroes=("Druid", "Wizard"))
    t = state.t
    for seat in range(2):
        state.apply(state.legal_actions()[0])
        state.apply(A.PlaceDie(5))
    assert t.phase == P_RECALL and state.current_seat == 0
    name = state.legal_actions()[0].name
    state.apply(A.Recall(name))
    assert t.comp.card_by_name[name].id in t.market and len(t.market) == 4


def test_skill_needs_an_arrow_move_is_exhausted_and_refreshed(monkeypatch):
    state, _ = dice_phase(monkeypatch)
    t = state.t
    pick = t.comp.card_by_name["Pickpocket"]      # arrow down, 2 Gold
    (state.deck if pick.id in state.deck else t.discard).remove(pick.id)
    t.skills[1].append(pick.id)
    state.apply(A.TakeInitiative(1))
    state.apply(A.PlaceDie(5))
    assert t.phase == P_SKILL and state.current_seat == 1
    gold = t.gold[1]
    state.apply(A.UseSkill("Pickpocket"))
    assert t.gold[1] == gold + 2 and t.token[1] == 7 and t.exhausted[1] == [pick.id]
    assert state.legal_actions()[0] == A.TakeInitiative(2)     # exhausted: no more windows
    state.apply(A.TakeInitiative(2))
    state.apply(A.PlaceDie(5))
    while t.round == 1:
        state.apply([a for a in state.legal_actions() if type(a) is A.DiscardForGold][0])
    assert t.exhausted[1] == []                   # refreshed in Cleanup
    t.token[1] = 7                                # bottom row: the arrow (down) is blocked
    assert state._usable_skills(1) == []
