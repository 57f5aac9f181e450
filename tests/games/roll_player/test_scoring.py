"""The Final Tally: each part, the Backstory table, tie-breaks; stars equal their parts."""
import pytest

from simulate.games.roll_player import Rules
from simulate.games.roll_player.components import COLOURS
from simulate.games.roll_player.scoring import tally

from .helpers import set_sheet, start

# A Cleric (white; goals 14-15, 16-17, 15-16, 14+, 18, 14+) meeting every goal as a Human;
# gold dice: no class colour, no Backstory match (the bag count is irrelevant here)
CLERIC_SHEET = [[("gold", 5), ("gold", 5), ("gold", 4)], [("gold", 6), ("gold", 6), ("gold", 4)],
                [("gold", 5), ("gold", 5), ("gold", 5)], [("gold", 5), ("gold", 5), ("gold", 4)],
                [("gold", 6), ("gold", 6), ("gold", 6)], [("gold", 5), ("gold", 5), ("gold", 4)]]


def finished(heroes=("Cleric", "Wizard"), rules=None):
    state = start(len(heroes), list(heroes), rules)
    t = state.t
    for seat in range(t.n):
        t.race[seat] = 0                           # Human
        t.token[seat] = 4
        t.alignment[seat] = [a.name for a in t.comp.alignments].index("Guardian")  # centre 0
        set_sheet(state, seat, CLERIC_SHEET)
        t.starting_dice[seat] = []
    return state


def test_attribute_goals_after_race_and_weapon_modifiers():
    state = finished()
    t = state.t
    assert tally(t, 0).attributes == 12 and tally(t, 0).goals_met == 6
    t.race[0] = [r.name for r in t.comp.races].index("Dragonkin")   # STR +2, DEX -2
    assert tally(t, 0).totals[:2] == (16, 14) and tally(t, 0).attributes == 12 - 2 - 2
    t.weapons[0] = [t.comp.card_by_name["Heavy Crossbow"].id]       # DEX +2, STR -1
    assert tally(t, 0).totals[:2] == (15, 16) and tally(t, 0).attributes == 12


def test_class_colour_dice_and_alignment():
    state = finished()
    t = state.t
    t.cols[0][0] = t.cols[0][5] = COLOURS.index("white")
    assert tally(t, 0).class_dice == 2
    t.alignment[0] = [a.name for a in t.comp.alignments].index("Protector")
    t.token[0] = 7                                 # Evil / Neutral: -3
    assert tally(t, 0).alignment == -3


@pytest.mark.parametrize("matches, stars", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 3), (5, 3),
                                            (6, 6)])
def test_backstory_table(matches, stars):
    state = finished()
    t = state.t
    cells = t.comp.backstories[t.backstory[0]].cells
    for space, colour in cells[:matches]:
        t.cols[0][space] = colour
    assert tally(t, 0).backstory_matches == matches and tally(t, 0).backstory == stars


def test_gold_die_never_matches_a_backstory_cell_unless_wild():
    for wild, expected in ((False, 0), (True, 6)):
        state = finished(rules=Rules(gold_die_backstory_wild=wild))
        t = state.t
        for space, _ in t.comp.backstories[t.backstory[0]].cells:
            t.cols[0][space] = COLOURS.index("gold")
        assert tally(t, 0).backstory == expected


def test_traits_and_dropping_a_negative_trait():
    state = finished()
    t = state.t
    t.traits[0] = [t.comp.card_by_name[n].id for n in ("Reckless", "Obnoxious", "Cunning")]
    # STR 14 < 17: Reckless 0; Obnoxious -2 is discarded before scoring; INT 14 < 16: 0
    assert tally(t, 0).traits == 0 and tally(t, 0).dropped == ("Obnoxious",)
    t.vals[0][9:12] = [6, 6, 6]                   # INT 18: Cunning 3 (INT 14+ goal still met)
    assert tally(t, 0).traits == 3
    state = finished(rules=Rules(discard_before_scoring=False))
    state.t.traits[0] = [state.t.comp.card_by_name["Obnoxious"].id]
    assert tally(state.t, 0).traits == -2


def test_stars_equal_their_parts():
    state = finished()
    t = state.t
    t.traits[0] = [t.comp.card_by_name["Cunning"].id]
    t.armor[0] = [t.comp.card_by_name["Chain Helm"].id]
    tl = tally(t, 0)
    assert tl.total == (tl.attributes + tl.class_dice + tl.alignment + tl.backstory + tl.armor
                        + tl.traits)


def twins():
    """Two Clerics with identical sheets and cards (the class fixed directly for the test)."""
    state = finished(("Cleric", "Wizard"))
    t = state.t
    t.klass[1] = t.klass[0]
    t.backstory = [0, 0]
    t.gold = [5, 5]
    return state, t


def test_most_gold_breaks_a_star_tie():
    state, t = twins()
    t.gold = [3, 5]
    out = state.outcome()
    assert out.scores[0] == out.scores[1] and out.ranks == [2, 1] and out.won == [False, True]
    assert out.metrics["gold_tie_break_decided"]
    assert not out.metrics["class_dice_tie_break_decided"] and not out.metrics["shared_win"]


def test_fewest_class_dice_breaks_a_star_and_gold_tie():
    state, t = twins()
    t.cols[0][0] = COLOURS.index("white")         # seat 0: +1 star from a class-colour die
    t.armor[1] = [t.comp.card_by_name["Leather Boots"].id]   # seat 1: +1 star, no class die
    out = state.outcome()
    assert out.scores[0] == out.scores[1] and out.ranks == [2, 1]
    assert out.metrics["class_dice_tie_break_decided"]
    assert not out.metrics["gold_tie_break_decided"]
    assert out.seat_metrics[0]["class_dice"] == 1 and out.seat_metrics[1]["class_dice"] == 0


def test_a_full_tie_is_shared():
    state, t = twins()
    out = state.outcome()
    assert out.ranks == [1, 1] and out.won == [True, True] and out.metrics["shared_win"]
    assert out.seat_metrics[0]["tied_on_stars"]
    state_none, t2 = twins()
    t2.gold = [3, 5]
    state_none.rules = Rules(tie_breakers="none")  # without tie-breakers Gold is ignored
    assert state_none.outcome().ranks == [1, 1]
