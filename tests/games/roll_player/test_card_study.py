"""`simulate cards` on Roll Player's decks whose entries are objects (classes, races...): the
entries are found, and the classes' refusal says why."""
import tomllib

import pytest

from simulate.adaptive.cards import plan_cards
from simulate.games.base import ConfigError


def plan(tmp_path, deck):
    return plan_cards(tomllib.loads(
        f'[run]\ngame = "roll_player"\ngames = 4\nout = "{tmp_path / "o"}"\n[players]\ncount = 2\n'
        f'[cards]\ndecks = ["{deck}"]\ninterventions = ["removed"]\n'))


def test_the_races_are_named_entries_each_removed_in_turn(tmp_path):
    assert len(plan(tmp_path, "races").cards) == 6


def test_the_classes_are_found_and_refused_with_the_reason(tmp_path):
    with pytest.raises(ConfigError) as caught:
        plan(tmp_path, "classes")
    message = str(caught.value)
    assert "holds no named entries" not in message
    assert "classes:Cleric: a class cannot be removed" in message and "\n" not in message
