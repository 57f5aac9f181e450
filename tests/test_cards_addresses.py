"""Component addresses a card study or a price tune writes: a field the entry's model allows
but the entry lacks, and a whole table as the value (simulate/games/component_edits.py)."""
import json

import pytest

from simulate.games.component_edits import apply, parse_changes, shown
from tests.helpers import one_line_exit_2, simulate_cli

CARDS = json.load(open("simulate/games/adventure_realms/data/adventure_cards.json"))


def fireball(edits):
    raw = apply(CARDS, list(edits), ("cards",))
    return next(c for c in raw["cards"] if c["name"] == "Fireball")


def test_a_field_the_entry_lacks_is_added_and_a_table_sets_a_whole_field():
    assert "pay" not in fireball(())
    one = parse_changes({"adventure_cards:Fireball.pay.mana": 1}, ["adventure_cards.json"], "t")
    assert fireball(one)["pay"] == {"mana": 1}
    table = parse_changes({"adventure_cards:Fireball.effect": {"dungeon": 3, "mana": 1}},
                          ["adventure_cards.json"], "t")
    assert fireball(table)["effect"] == {"dungeon": 3, "mana": 1}
    assert shown(table[0]) == "adventure_cards:Fireball.effect = { dungeon = 3, mana = 1 }"
    hash(table)                                    # an edit stays a hashable tuple


CONFIG = '[run]\ngame = "adventure_realms"\ngames = 2\nout = "{out}"\n[components]\n{line}\n'


@pytest.mark.parametrize("line", ['"adventure_cards:Fireball.pay.mana" = 1',
                                  '"adventure_cards:Fireball.pay" = { mana = 1 }'])
def test_a_study_may_give_a_card_a_price_it_lacks(tmp_path, line):
    config = tmp_path / "c.toml"
    config.write_text(CONFIG.format(out=tmp_path / "out", line=line))
    result = simulate_cli("validate", config)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("line, words", [
    ('"adventure_cards:Fireball.pya.mana" = 1', ["Fireball", "field 'pya' is unknown"]),
    ('"adventure_cards:Fireball.efect.dungeon" = 1', ["field 'efect' is unknown",
                                                      "did you mean 'effect'"]),
    ('"adventure_cards:Fireball.pay" = { mana = "x" }', ["Fireball", "mana"]),
])
def test_a_field_the_model_does_not_allow_is_one_line_naming_it(tmp_path, line, words):
    config = tmp_path / "c.toml"
    config.write_text(CONFIG.format(out=tmp_path / "out", line=line))
    one_line_exit_2(simulate_cli("validate", config), *words)
