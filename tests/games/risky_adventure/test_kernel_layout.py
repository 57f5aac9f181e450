"""The kernel reads the component data by field name (kernel_layout.components_arrays): every
field of the component tuples must be encoded for the kernel or named as not affecting play, and
changing an encoded field must change the arrays the kernel plays from."""
from typing import NamedTuple

import numpy as np
import pytest

from simulate.games.risky_adventure import Rules, components
from simulate.games.risky_adventure.actions import EXPEDITION_SPOT
from simulate.games.risky_adventure.components import KINDS, REWARDS, load_components
from simulate.games.risky_adventure.kernel_layout import (ENCODED, NOT_PLAYED, buffer_sizes,
                                                          components_arrays)

TUPLES = {name: cls for name, cls in vars(components).items()
          if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")
          and cls is not NamedTuple}
CHOICES = {"kind": KINDS, "reward": REWARDS, "trigger": ("fame", "map_wild"), "back": "AB"}


def test_every_component_field_is_encoded_or_named_as_not_played():
    assert set(ENCODED) == set(TUPLES)
    for name, cls in TUPLES.items():
        unplayed = {k.split(".")[1] for k in NOT_PLAYED if k.split(".")[0] == name}
        assert not unplayed & set(ENCODED[name]), name
        missing = set(cls._fields) - set(ENCODED[name]) - unplayed
        assert not missing, f"{name}: the kernel neither encodes nor names {sorted(missing)}"
        assert unplayed | set(ENCODED[name]) <= set(cls._fields), name


def _changed(field: str, value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return next(c for c in CHOICES[field] if c and c != value)
    return (value[0] + 1, *value[1:]) if value else (1,)


def _leaves():
    """(kind, field) of every encoded field that holds a value (not other tuples)."""
    comp = load_components()
    first = {"Artifact": comp.artifacts[0], "Spot": comp.expeditions[0].spots[0],
             "Equipment": comp.equipment[0], "TreasureMap": comp.maps[0]}
    return [(kind, f) for kind, x in first.items() for f in ENCODED[kind]]


@pytest.mark.parametrize("kind,field", _leaves())
def test_changing_an_encoded_field_changes_what_the_kernel_plays(kind, field):
    comp = load_components()
    if kind == "Spot":
        board = comp.expeditions[0]
        spot = board.spots[0]
        spots = (spot._replace(**{field: _changed(field, getattr(spot, field))}),
                 *board.spots[1:])
        edited = comp._replace(expeditions=(board._replace(spots=spots), *comp.expeditions[1:]))
    else:
        name = {"Artifact": "artifacts", "Equipment": "equipment", "TreasureMap": "maps"}[kind]
        rows = getattr(comp, name)
        row = rows[0]
        edited = comp._replace(**{name: (row._replace(**{field: _changed(field,
                                                                         getattr(row, field))}),
                                         *rows[1:])})
    before, after = components_arrays(comp), components_arrays(edited)
    assert any(not np.array_equal(b, a) for b, a in zip(before, after)), f"{kind}.{field}"


def test_the_buffers_follow_the_data_and_rules():
    """Longer boards and more cards than any hand-kept size had room for (spot ids below 40,
    256 action rows, 8 placed spots): the buffers grow with them."""
    comp = load_components()
    board = comp.expeditions[0]
    boards = tuple(x._replace(spots=x.spots * 4) for x in comp.expeditions)      # 32 spots
    cards = comp.equipment * 6                                                  # 180 cards
    big = comp._replace(expeditions=boards, equipment=cards)
    rules = Rules(adventurers=5, trades_per_turn=4, revealed_artifacts=3, camp_spaces=6)
    width, rows, spots, variants = buffer_sizes(rules, big)
    assert spots > EXPEDITION_SPOT + len(board.spots) * 4 > 40
    assert rows >= max(2 * len(cards) + 1, (1 << 5) * 5) > 256
    assert width > max(len(cards), len(boards[0].spots))
    assert variants == 1 << 12                  # 6 x 2 Discount A cards per excavation
    assert buffer_sizes(Rules(), comp)[3] == 4
