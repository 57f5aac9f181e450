"""Adventure Realms' compiled kernel, part by part: every component field reaches the kernel's
arrays (or is listed as not affecting play), the guild track's drops and reopened tops as the
Python engine moves them (rule cases the differential games never reach), and the compiled
strategy's numbers read from the Python strategy (no copies)."""
import ast
import inspect

import numpy as np
import pytest

from simulate.games.adventure_realms import components as C
from simulate.games.adventure_realms.kernel_layout import (
    BEST, FOOD, GOLD, MANA, NOT_PLAYED, PLAYERS, POWER, TOP_HOLDER, VP, kit_of, legal_room, list_width,
    rules_array)

from .helpers import start

FIGHTERS, WIZARDS = 0, 2
CARDS = {"HeroCard": "heroes", "AdventureCard": "adventures", "Monster": "monsters",
         "Space": "spaces"}


def _same_kit(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def _reaches_the_kit(comp, rules, variants) -> bool:
    base = kit_of(comp, rules)[0]
    for changed in variants:
        try:
            if not _same_kit(base, kit_of(changed, rules)[0]):
                return True
        except (ValueError, IndexError, KeyError, StopIteration):
            return True                              # the kernel read it (and refused it)
    return False


def _card_variants(comp, table: str, field: str):
    """The component with one entry's ``field`` taken from another entry that differs."""
    entries = getattr(comp, table)
    for i, entry in enumerate(entries):
        donor = next((e for e in entries if getattr(e, field) != getattr(entry, field)), None)
        if donor is None:
            continue
        changed = list(entries)
        changed[i] = entry._replace(**{field: getattr(donor, field)})
        yield comp._replace(**{table: tuple(changed)})


def _components_variants(comp, field: str):
    value = getattr(comp, field)
    yield comp._replace(**{field: value + 1 if isinstance(value, int) else value[:-1]})


def test_every_component_field_reaches_the_kernel_or_is_listed_as_not_played():
    comp, rules = C.load_components(), start(2).rules
    for cls, table in list(CARDS.items()) + [("Components", None)]:
        fields = getattr(C, cls)._fields
        unplayed = NOT_PLAYED.get(cls, {})
        assert set(unplayed) <= set(fields), f"{cls}: NOT_PLAYED names no field"
        for field in fields:
            variants = _card_variants(comp, table, field) if table else \
                _components_variants(comp, field)
            read = _reaches_the_kit(comp, rules, variants)
            assert read != (field in unplayed), \
                f"{cls}.{field}: {'listed as not played but read' if read else 'ignored'} " \
                "by kernel_layout.kit_of (encode it or list it in NOT_PLAYED)"


# ---- the guild track: tests/games/adventure_realms/test_audit.py's sequences ---------------
MOVES = [({"top_stays_exclusive": False},
          [(0, FIGHTERS, 6), (0, FIGHTERS, -1), (1, FIGHTERS, 6), (0, FIGHTERS, 1)]),
         ({}, [(0, FIGHTERS, 6), (0, FIGHTERS, -1), (1, FIGHTERS, 6), (0, FIGHTERS, 1)]),
         ({"exclusive_top": False}, [(0, WIZARDS, 6), (1, WIZARDS, 7), (1, WIZARDS, -2)]),
         ({}, [(0, FIGHTERS, 4), (0, FIGHTERS, -3), (0, FIGHTERS, 3)]),
         ({"track_rewards_again": "all"}, [(0, FIGHTERS, 4), (0, FIGHTERS, -3), (0, FIGHTERS, 3)])]


def _python_numbers(s):
    return ([list(p) for p in s.power], [list(b) for b in s.track_best], list(s.vp),
            list(s.gold), list(s.mana), list(s.food), list(s.top_holder))


def _kernel_numbers(G, n):
    SE = G.SE[:n]
    return ([list(r) for r in SE[:, POWER:POWER + 4]], [list(r) for r in SE[:, BEST:BEST + 4]],
            list(SE[:, VP]), list(SE[:, GOLD]), list(SE[:, MANA]), list(SE[:, FOOD]),
            list(G.S[TOP_HOLDER:TOP_HOLDER + 4]))


@pytest.mark.parametrize("overrides, moves", MOVES)
def test_change_power_moves_as_the_python_engine(overrides, moves):
    """Compiles change_power alone (cached): a few seconds."""
    from simulate.games.adventure_realms.kernel_effects import change_power, new_table
    s = start(2, **overrides)
    kit, _ = kit_of(s.comp, s.rules)
    G = new_table(list_width(s.comp, 2), legal_room(s.comp))
    G.SE[:2, GOLD], G.SE[:2, MANA], G.SE[:2, FOOD] = s.gold, s.mana, s.food
    G.S[TOP_HOLDER:TOP_HOLDER + 4], G.S[PLAYERS] = -1, 2
    R = rules_array(s.rules)
    for seat, guild, steps in moves:
        s.change_power(seat, guild, steps)
        change_power(G, kit, R, seat, guild, steps)
        assert _kernel_numbers(G, 2) == _python_numbers(s), (overrides, seat, guild, steps)


# ---- the compiled strategy reads its numbers from strategies/adventure_realms.py ------------
def test_the_compiled_strategy_copies_no_tuning_number_and_no_private_attribute():
    from strategies.compiled import adventure_realms as twin
    tree = ast.parse(inspect.getsource(twin))
    floats = sorted({n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                     and isinstance(n.value, float)} - {0.0, 1.0, 1e9, 0.5})
    private = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                      and n.attr.startswith("_") and not n.attr.startswith("__")})
    assert (floats, private) == ([], [])
