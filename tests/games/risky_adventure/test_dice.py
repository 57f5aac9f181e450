"""The digest's dice odds, reproduced exactly by the engine's own dice and payment code."""
import itertools

import pytest

from simulate.games.risky_adventure import Rules
from simulate.games.risky_adventure.components import combination
from simulate.games.risky_adventure.dice import (face_symbols, fewest_clocks,
                                                 pay_chance, roll_counts)

from .helpers import claims, exc, force_rolls, place, put_on_top, table

# Digest, "Dice odds": P(a roll of 4 dice contains at least the combination), no clocks.
DIGEST = {"F": .94, "M": .80, "P": .52, "FF": .69, "FM": .74, "MM": .41, "FP": .47, "MP": .38,
          "PP": .13, "FFF": .31, "FFM": .50, "FMP": .33, "MMM": .11, "FFFF": .06, "MMMM": .01}


def all_rolls(dice: int, die_faces: tuple):
    """Every ordered roll of the dice (6^4 for the printed dice), as symbol counts."""
    for roll in itertools.product(face_symbols(die_faces), repeat=dice):
        yield [roll.count(0), roll.count(1), roll.count(2)]


def test_exact_enumeration_of_all_6_to_the_4_rolls_gives_the_digest_odds():
    rules = Rules()
    rolls = list(all_rolls(rules.dice, rules.die_faces))
    assert len(rolls) == 6 ** 4
    for combo, odds in DIGEST.items():
        need = combination(combo, "test")
        paid = sum(1 for r in rolls if fewest_clocks(r, [need], [], rules.dice, 0) == 0)
        assert round(paid / len(rolls), 2) == odds, combo
        # the strategies' exact chance (15 symbol-count outcomes) agrees with the enumeration
        assert pay_chance(need, 0, rules.dice, rules.die_faces) == pytest.approx(paid / 6 ** 4)


def test_clocks_raise_the_odds_exactly():
    rules = Rules()
    rolls = list(all_rolls(rules.dice, rules.die_faces))
    need = combination("MMMM", "test")
    for clocks in range(5):
        paid = sum(1 for r in rolls if fewest_clocks(r, [need], [], 4, 0) <= clocks)
        assert pay_chance(need, clocks, 4, (3, 2, 1)) == pytest.approx(paid / len(rolls))
    assert pay_chance(need, 4, 4, (3, 2, 1)) == pytest.approx(1.0)   # four clocks set every die


def test_the_engine_offers_a_claim_exactly_when_the_roll_pays_it(monkeypatch):
    # every distinct roll of the printed dice against B7 (F M M P, 5 fame), no clocks held
    rules = Rules()
    distinct = {tuple(r) for r in all_rolls(rules.dice, rules.die_faces)}
    assert len(distinct) == 15
    for counts in distinct:
        roll = "F" * counts[0] + "M" * counts[1] + "P" * counts[2]
        force_rolls(monkeypatch, roll)
        state = table(starting_clocks=0)
        put_on_top(state, 0, "B7")
        place(state, 0, 1, exc("jungle"))
        paid = ((exc("jungle"),), 0, 0) in claims(state)
        assert paid == (counts == (1, 2, 1))


def test_faces_and_rolls_follow_the_rule():
    assert face_symbols((3, 2, 1)) == (0, 0, 0, 1, 1, 2)
    assert face_symbols((0, 0, 6)) == (2,) * 6

    class Always:
        def random(self):
            return 0.99
    assert roll_counts(Always(), 4, face_symbols((3, 2, 1))) == [0, 0, 4]
