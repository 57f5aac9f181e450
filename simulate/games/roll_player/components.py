"""Roll Player's component data: loaded from ``data/*.json`` and validated on load.

The files are meant to be edited by a designer; every mistake is reported with the file, the entry
and what is allowed (``ComponentError``). Ids are small ints so the engine stays fast:
attributes 0..5 (STR DEX CON INT WIS CHA), colours 0..5 (class colours) and 6 (gold), spaces
0..17 (``row * 3 + position``), alignment cells 0..8 (``row * 3 + column``; rows Good / Neutral /
Evil, columns Lawful / Neutral / Chaotic).
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

DATA = Path(__file__).parent / "data"
ATTRIBUTES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
COLOURS = ("white", "green", "purple", "black", "blue", "red", "gold")
GOLD = 6                                          # the gold dice: no class colour
NO_LIMIT = 99                                     # the open end of a "14+" goal
DIRECTIONS = ("up", "down", "left", "right")      # up = toward Good, left = toward Lawful
ALIGN_ROWS = ("good", "neutral", "evil")
ALIGN_COLUMNS = ("lawful", "neutral", "chaotic")
CARD_TYPES = ("weapon", "armor", "skill", "trait")
SKILL_EFFECTS = ("gold", "flip", "adjust", "reroll", "swap", "reroll_initiative",
                 "flip_initiative", "diplomacy")
CONDITIONS = {  # kind -> required keys
    "always": (), "attribute_at_least": ("attribute", "value"),
    "attribute_at_most": ("attribute", "value"), "alignment_row": ("row",),
    "alignment_column": ("column",), "alignment_cell": ("row", "column"),
    "class_dice_at_least": ("value",), "colour_at_least": ("colour", "value"),
    "gold_at_least": ("value",), "armor_at_least": ("value",),
    "goals_met_at_least": ("value",), "backstory_matches_at_least": ("value",),
}


def _step(cell: int, direction: int) -> int:
    r, c = divmod(cell, 3)
    dr, dc = STEP_DELTAS[direction]
    r, c = r + dr, c + dc
    return r * 3 + c if 0 <= r < 3 and 0 <= c < 3 else -1


# Directions 0..3 orthogonal (the arrows), 4..7 diagonals (rule wisdom_step = "king").
STEP_DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
# ALIGNMENT_STEP[cell][direction] -> new cell, or -1 when the token cannot move that way.
ALIGNMENT_STEP = tuple(tuple(_step(cell, d) for d in range(8)) for cell in range(9))


class ComponentError(ValueError):
    """A data file is malformed; the message names the file, the entry and the fix."""


class ClassCard(NamedTuple):
    name: str
    colour: int
    goals: tuple[tuple[int, int, int], ...]    # per attribute: (low, high, stars)
    goal_text: tuple[str, ...]


class Race(NamedTuple):
    name: str
    modifiers: tuple[int, ...]                 # per attribute, applied at final scoring


class Backstory(NamedTuple):
    name: str
    cells: tuple[tuple[int, int], ...]         # per attribute: (space 0..17, colour)


class AlignmentCard(NamedTuple):
    name: str
    stars: tuple[int, ...]                     # per cell 0..8


class Card(NamedTuple):
    id: int
    name: str
    type: str
    dots: int
    cost: int
    hands: int = 0                             # weapons
    modifiers: tuple[int, ...] = (0,) * 6      # weapons: per attribute at scoring
    on_buy: tuple[str, int] | None = None      # weapons: ("raise", row)
    armor_set: str = ""                        # armour
    colours: frozenset = frozenset()           # armour: class colours printed on the card
    arrow: int = -1                            # skills and traits: direction index
    effect: tuple[str, int] = ("", 0)          # skills: (kind, amount)
    stars: int = 0                             # traits
    condition: tuple = ("always",)             # traits: (kind, *arguments as ids)


class Components(NamedTuple):
    classes: tuple[ClassCard, ...]
    class_by_name: Mapping[str, ClassCard]
    colour_classes: tuple[tuple[str, ...], ...]  # colour -> its class names
    races: tuple[Race, ...]
    backstories: tuple[Backstory, ...]
    alignments: tuple[AlignmentCard, ...]
    cards: tuple[Card, ...]
    card_by_name: Mapping[str, Card]
    armor_tables: Mapping[str, tuple[int, ...]]    # set -> stars by count (index 0 = 0 cards)
    placeholders: tuple[str, ...]


def _load(name: str) -> dict:
    path = DATA / name
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ComponentError(f"roll_player data/{name}: cannot read: {exc}") from None


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise ComponentError(f"roll_player {where}: {what}")


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def parse_goal(text: str, stars_by_form: dict[str, int], where: str) -> tuple[int, int, int]:
    """``"14-15"`` -> (14, 15, stars of "range"); ``"18"`` -> (18, 18, 4);
    ``"14+"`` -> (14, 99, 1)."""
    try:
        if text.endswith("+"):
            low, high = int(text[:-1]), NO_LIMIT
        elif "-" in text:
            low, high = (int(x) for x in text.split("-"))
        else:
            low = high = int(text)
    except ValueError:
        raise ComponentError(f"roll_player {where}: goal '{text}' is not N, N-M or N+") from None
    _need(low <= high, where, f"goal '{text}' has its bounds reversed")
    form = "range" if "-" in text else text
    _need(form in stars_by_form, where,
          f"goal '{text}' has no star value; add '{form}' to goal_stars")
    return low, high, stars_by_form[form]


def _classes(doc: dict) -> tuple:
    where = "data/classes.json"
    _need(list(doc.get("attributes", [])) == list(ATTRIBUTES), where,
          f"attributes must be {list(ATTRIBUTES)}")
    _need(list(doc.get("colours", [])) == list(COLOURS[:6]), where,
          f"colours must be {list(COLOURS[:6])}")
    stars = doc.get("goal_stars", {})
    _need(isinstance(stars, dict) and all(_is_int(v, 0, 20) for v in stars.values()), where,
          "goal_stars must map goal forms to star counts 0..20")
    classes = []
    for name, entry in doc.get("classes", {}).items():
        w = f"{where}: class '{name}'"
        _need(entry.get("colour") in COLOURS[:6], w, f"colour must be one of {COLOURS[:6]}")
        goals = entry.get("goals")
        _need(isinstance(goals, list) and len(goals) == 6, w, "goals must list 6 goals STR..CHA")
        classes.append(ClassCard(name, COLOURS.index(entry["colour"]),
                                 tuple(parse_goal(str(g), stars, w) for g in goals),
                                 tuple(str(g) for g in goals)))
    pairs = tuple(tuple(c.name for c in classes if c.colour == col) for col in range(6))
    _need(all(pairs), where, "every class colour needs at least one class")
    return tuple(classes), pairs


def _cell(text: str, row: int, where: str) -> tuple[int, int]:
    colour, _, space = str(text).partition("@")
    _need(colour in COLOURS[:6] and space in ("1", "2", "3"), where,
          f"cell '{text}' must be colour@1..3 with a class colour")
    return row * 3 + int(space) - 1, COLOURS.index(colour)


def _market(doc: dict) -> tuple:
    where = "data/market.json"
    tables = {}
    for set_name, table in doc.get("armor_sets", {}).items():
        w = f"{where}: armor_sets.{set_name}"
        counts = sorted(int(k) for k in table)
        _need(counts == list(range(1, len(counts) + 1)), w, "counts must be 1, 2, ... N")
        _need(all(_is_int(v, 0, 50) for v in table.values()), w, "stars must be ints 0..50")
        tables[set_name] = (0,) + tuple(table[str(k)] for k in counts)
    cards = []
    for i, entry in enumerate(doc.get("cards", [])):
        name = entry.get("name")
        w = f"{where}: cards[{i}] '{name}'"
        _need(isinstance(name, str) and name, w, "needs a name")
        kind = entry.get("type")
        _need(kind in CARD_TYPES, w, f"type must be one of {CARD_TYPES}")
        _need(entry.get("dots") in (1, 2), w, "dots must be 1 or 2")
        _need(_is_int(entry.get("cost"), 0, 20), w, "cost must be an int 0..20")
        fields: dict[str, Any] = {}
        if kind == "weapon":
            _need(entry.get("hands") in (1, 2), w, "hands must be 1 or 2")
            mods = entry.get("modifiers", {})
            _need(all(k in ATTRIBUTES and _is_int(v, -6, 6) for k, v in mods.items()), w,
                  f"modifiers must map {ATTRIBUTES} to ints -6..6")
            fields.update(hands=entry["hands"],
                          modifiers=tuple(mods.get(a, 0) for a in ATTRIBUTES))
            if entry.get("on_buy"):
                on_buy = entry["on_buy"]
                _need(on_buy.get("kind") == "raise" and on_buy.get("row") in ATTRIBUTES, w,
                      'on_buy must be {"kind": "raise", "row": <attribute>}')
                fields["on_buy"] = ("raise", ATTRIBUTES.index(on_buy["row"]))
        elif kind == "armor":
            _need(entry.get("set") in tables, w, f"set must be one of {sorted(tables)}")
            cols = entry.get("colours", [])
            _need(all(c in COLOURS[:6] for c in cols), w, f"colours must be among {COLOURS[:6]}")
            fields.update(armor_set=entry["set"],
                          colours=frozenset(COLOURS.index(c) for c in cols))
        else:
            _need(entry.get("arrow") in DIRECTIONS, w, f"arrow must be one of {DIRECTIONS}")
            fields["arrow"] = DIRECTIONS.index(entry["arrow"])
        if kind == "skill":
            effect = entry.get("effect", {})
            _need(effect.get("kind") in SKILL_EFFECTS, w,
                  f"effect.kind must be one of {SKILL_EFFECTS}")
            amount = effect.get("amount", 0)
            _need(_is_int(amount, 0, 10), w, "effect.amount must be an int 0..10")
            fields["effect"] = (effect["kind"], amount)
        if kind == "trait":
            _need(_is_int(entry.get("stars"), -10, 10), w, "stars must be an int -10..10")
            fields.update(stars=entry["stars"],
                          condition=_condition(entry.get("condition", {}), w))
        cards.append(Card(i, name, kind, entry["dots"], entry["cost"], **fields))
    names = [c.name for c in cards]
    _need(len(set(names)) == len(names), where, "card names must be unique")
    placeholders = tuple(str(p) for p in doc.get("placeholders", []))
    return tuple(cards), tables, placeholders


def _condition(cond: dict, where: str) -> tuple:
    kind = cond.get("kind")
    _need(kind in CONDITIONS, where, f"condition.kind must be one of {sorted(CONDITIONS)}")
    for key in CONDITIONS[kind]:
        _need(key in cond, where, f"condition '{kind}' needs '{key}'")
    args = []
    for key in CONDITIONS[kind]:
        value = cond[key]
        table = {"attribute": ATTRIBUTES, "row": ALIGN_ROWS, "column": ALIGN_COLUMNS,
                 "colour": COLOURS}.get(key)
        if table:
            _need(value in table, where, f"condition {key} must be one of {table}")
            value = table.index(value)
        else:
            _need(_is_int(value, 0, 99), where, f"condition {key} must be an int 0..99")
        args.append(value)
    return (kind, *args)


@cache
def load_components() -> Components:
    """All component data, validated (cached: loaded once per process)."""
    classes, pairs = _classes(_load("classes.json"))
    races = []
    for name, mods in _load("races.json").get("races", {}).items():
        _need(all(k in ATTRIBUTES and _is_int(v, -6, 6) for k, v in mods.items()),
              f"data/races.json: race '{name}'", f"modifiers must map {ATTRIBUTES} to -6..6")
        races.append(Race(name, tuple(mods.get(a, 0) for a in ATTRIBUTES)))
    backstories = []
    for name, cells in _load("backstories.json").get("backstories", {}).items():
        w = f"data/backstories.json: '{name}'"
        _need(isinstance(cells, list) and len(cells) == 6, w, "needs 6 cells STR..CHA")
        backstories.append(Backstory(name, tuple(_cell(c, r, w) for r, c in enumerate(cells))))
    alignments = []
    for name, grid in _load("alignments.json").get("alignments", {}).items():
        w = f"data/alignments.json: '{name}'"
        _need(isinstance(grid, list) and len(grid) == 3
              and all(isinstance(r, list) and len(r) == 3 for r in grid), w, "needs a 3x3 grid")
        flat = tuple(v for r in grid for v in r)
        _need(all(_is_int(v, -10, 10) for v in flat), w, "stars must be ints -10..10")
        alignments.append(AlignmentCard(name, flat))
    cards, tables, placeholders = _market(_load("market.json"))
    for what, items, least in (("races", races, 1), ("backstories", backstories, 4),
                               ("alignments", alignments, 4), ("market cards", cards, 1)):
        _need(len(items) >= least, "data", f"need at least {least} {what}")
    # read-only mappings: strategies see this shared data through their view (issue 14)
    return Components(classes, MappingProxyType({c.name: c for c in classes}), pairs,
                      tuple(races), tuple(backstories), tuple(alignments), cards,
                      MappingProxyType({c.name: c for c in cards}), MappingProxyType(tables),
                      placeholders)
