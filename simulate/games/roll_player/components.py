"""Roll Player's component data: loaded from ``data/*.json`` and validated on load.

The files are meant to be edited by a designer; each is declared below as a pydantic model
(``simulate.games.component_files``) and every mistake is one ``ComponentError`` line naming the
file, the entry and the field. Ids are small ints so the engine stays fast:
attributes 0..5 (STR DEX CON INT WIS CHA), colours 0..5 (class colours) and 6 (gold), spaces
0..17 (``row * 3 + position``), alignment cells 0..8 (``row * 3 + column``; rows Good / Neutral /
Evil, columns Lawful / Neutral / Chaotic).
"""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal, Mapping, NamedTuple, Union

from pydantic import AfterValidator, Field, model_validator

from simulate.games.base import did_you_mean
from simulate.games.chance import card_ids
from simulate.games.component_files import (DataFile, DataFolder, Strict,
                                            arguments_of_kind, cached_loader, short)

SHIPPED = DATA = Path(__file__).parent / "data"
EDITS: tuple = ()                        # a variant's changes (component_edits), while it plays
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


class Keys(NamedTuple):
    """Each component's identity for the keyed shuffle (chance.card_ids: from its name), by
    index: a deck dealt without an entry, or with one more, keeps the others' order."""
    cards: tuple[int, ...]
    races: tuple[int, ...]
    backstories: tuple[int, ...]
    alignments: tuple[int, ...]


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
    shuffle_keys: Keys
    removed: tuple[int, ...] = ()     # Market cards a study took out of the game (not dealt)


def _goal(text: str, stars_by_form: dict[str, int]) -> tuple[int, int, int]:
    try:
        if text.endswith("+"):
            low, high = int(text[:-1]), NO_LIMIT
        elif "-" in text:
            low, high = (int(x) for x in text.split("-"))
        else:
            low = high = int(text)
    except ValueError:
        raise ValueError(f"goal {short(text)} is not N, N-M or N+") from None
    if not 1 <= low <= high <= NO_LIMIT:
        raise ValueError(f"goal {short(text)} must have 1 <= low <= high")
    form = "range" if "-" in text else text
    if form not in stars_by_form:
        raise ValueError(f"goal {short(text)} has no star value; add '{form}' to goal_stars")
    return low, high, stars_by_form[form]


# --------------------------------------------------------------------------------------------
# The files, as declared models

Attribute = Literal[ATTRIBUTES]
ClassColour = Literal[COLOURS[:6]]
Modifiers = dict[Attribute, Annotated[int, Field(ge=-6, le=6)]]
Stars = Annotated[int, Field(ge=-10, le=10)]
Name = Annotated[str, Field(min_length=1, max_length=60)]


class ClassEntry(Strict):
    colour: ClassColour
    goals: Annotated[list[str], Field(min_length=6, max_length=6)]    # STR..CHA


class ClassesFile(DataFile):
    ENTRIES = ("classes",)
    attributes: list[str]
    colours: list[str]
    goal_stars: dict[str, Annotated[int, Field(ge=0, le=20)]]
    classes: Annotated[dict[Name, ClassEntry], Field(min_length=1)]

    @model_validator(mode="after")
    def _fixed_order(self):
        for key, order in (("attributes", ATTRIBUTES), ("colours", COLOURS[:6])):
            if getattr(self, key) != list(order):
                raise ValueError(f"{key} must be {list(order)}")
        return self


class RacesFile(DataFile):
    ENTRIES = ("races",)
    races: Annotated[dict[Name, Modifiers], Field(min_length=1)]


def _cell(text: str) -> str:
    colour, _, space = text.partition("@")
    if colour not in COLOURS[:6] or space not in ("1", "2", "3"):
        raise ValueError(f"{short(text)} must be colour@1..3 with a class colour")
    return text


Cell = Annotated[str, AfterValidator(_cell)]


class BackstoriesFile(DataFile):
    ENTRIES = ("backstories",)
    backstories: Annotated[dict[Name, Annotated[list[Cell], Field(min_length=6, max_length=6)]],
                           Field(min_length=4)]


Row = Annotated[list[Stars], Field(min_length=3, max_length=3)]


class AlignmentsFile(DataFile):
    ENTRIES = ("alignments",)
    alignments: Annotated[dict[Name, Annotated[list[Row], Field(min_length=3, max_length=3)]],
                          Field(min_length=4)]


class MarketEntry(Strict):
    name: Name
    dots: Literal[1, 2]
    cost: Annotated[int, Field(ge=0, le=20)]


class OnBuy(Strict):
    kind: Literal["raise"]
    row: Attribute


class Weapon(MarketEntry):
    type: Literal["weapon"]
    hands: Literal[1, 2]
    modifiers: Modifiers = {}
    on_buy: OnBuy | None = None


class Armor(MarketEntry):
    type: Literal["armor"]
    set: str
    colours: list[ClassColour] = []


class SkillEffect(Strict):
    kind: Literal[SKILL_EFFECTS]
    amount: Annotated[int, Field(ge=0, le=10)] = 0


class Skill(MarketEntry):
    type: Literal["skill"]
    arrow: Literal[DIRECTIONS]
    effect: SkillEffect


class Condition(Strict):
    kind: Literal[tuple(CONDITIONS)]
    attribute: Attribute | None = None
    row: Literal[ALIGN_ROWS] | None = None
    column: Literal[ALIGN_COLUMNS] | None = None
    colour: Literal[COLOURS] | None = None
    value: Annotated[int, Field(ge=0, le=99)] | None = None

    @model_validator(mode="after")
    def _arguments_of_its_kind(self):
        arguments_of_kind(self, CONDITIONS[self.kind], ("attribute", "row", "column", "colour",
                                                        "value"))
        return self

    def ids(self) -> tuple:
        tables = {"attribute": ATTRIBUTES, "row": ALIGN_ROWS, "column": ALIGN_COLUMNS,
                  "colour": COLOURS}
        return (self.kind, *(tables[k].index(getattr(self, k)) if k in tables
                             else getattr(self, k) for k in CONDITIONS[self.kind]))


class Trait(MarketEntry):
    type: Literal["trait"]
    arrow: Literal[DIRECTIONS]
    stars: Stars
    condition: Condition


MarketCard = Annotated[Union[Weapon, Armor, Skill, Trait], Field(discriminator="type")]


class MarketFile(DataFile):
    ENTRIES = ("cards",)
    placeholders: list[str] = []
    armor_sets: dict[Name, dict[str, Annotated[int, Field(ge=0, le=50)]]]
    cards: Annotated[list[MarketCard], Field(min_length=1)]


# --------------------------------------------------------------------------------------------
# Files -> the engine's components


def _build(path: Path, edits: tuple = ()) -> Components:
    removes = tuple(e for e in edits if e[0] == "remove" and e[1] == "market.json")
    data = DataFolder("roll_player", path, SHIPPED, tuple(e for e in edits if e not in removes))
    for action, file, name, _ in edits:
        if file == "classes.json" and action in ("remove", "copies"):
            data.fail(file, f"classes:{name}: a class cannot be removed or copied (the classes "
                            "are the engine's actions and the heroes; change their numbers)")
    classes, pairs = _classes(data, data.read("classes.json", ClassesFile))
    races = tuple(Race(name, tuple(mods.get(a, 0) for a in ATTRIBUTES))
                  for name, mods in data.read("races.json", RacesFile).races.items())
    backstories = tuple(Backstory(name, tuple(_space(c, row) for row, c in enumerate(cells)))
                        for name, cells in
                        data.read("backstories.json", BackstoriesFile).backstories.items())
    alignments = tuple(AlignmentCard(name, tuple(v for row in grid for v in row))
                       for name, grid in data.read("alignments.json", AlignmentsFile)
                       .alignments.items())
    market = data.read("market.json", MarketFile)
    tables = _armor_tables(data, market)
    cards = tuple(_card(data, i, entry, tables) for i, entry in enumerate(market.cards))
    names = [c.name for c in cards]
    for i, name in enumerate(names):
        if name in names[:i]:
            data.fail("market.json", f"cards[{i}] {short(name)}: the name is used twice; "
                                     "card names must be unique")
    if path != SHIPPED or edits:
        _same_names(data, classes, cards)
    # read-only mappings: strategies see this shared data through their view
    return Components(classes, MappingProxyType({c.name: c for c in classes}), pairs,
                      races, backstories, alignments, cards,
                      MappingProxyType({c.name: c for c in cards}), MappingProxyType(tables),
                      tuple(market.placeholders), _keys(cards, races, backstories, alignments),
                      _removed(data, cards, removes))


def _keys(*decks: tuple) -> Keys:
    return Keys(*(tuple(card_ids([x.name for x in deck])) for deck in decks))


def _removed(data: DataFolder, cards: tuple, removes: tuple) -> tuple[int, ...]:
    """The ids of the Market cards a study removes. The entry stays in the set (its name is an
    action of the engine), out of the game: the Market deck is dealt without it (market.py)."""
    by_name = {c.name: c.id for c in cards}
    for _, _, name, _ in removes:
        if name not in by_name:
            names = list(by_name)
            data.fail("market.json", f"market:{name}: unknown entry '{name}'"
                                     f"{did_you_mean(name, names)}; the file's entries: "
                                     + ", ".join(names[:12]) + " ...")
    return tuple(sorted({by_name[name] for _, _, name, _ in removes}))


load_components = cached_loader(_build, lambda: (DATA, EDITS))


def _same_names(data: DataFolder, classes: tuple, cards: tuple) -> None:
    """Another folder keeps the shipped class and market card names, in order: they are the
    engines' action vocabulary and the config's heroes (numbers may change freely)."""
    shipped = load_components(SHIPPED)
    for name, key, mine, theirs in (("classes.json", "classes", classes, shipped.classes),
                                    ("market.json", "cards", cards, shipped.cards)):
        names, wanted = [x.name for x in mine], [x.name for x in theirs]
        if names != wanted:
            i = next((i for i, (a, b) in enumerate(zip(names, wanted)) if a != b),
                     min(len(names), len(wanted)))
            data.fail(name, f"{key}: entry {i + 1} is {short(names[i:i + 1])}, the shipped set "
                            f"has {short(wanted[i:i + 1])}; a study keeps the shipped names in "
                            "their order (they are the engine's actions); change numbers only")


def _classes(data: DataFolder, doc: ClassesFile) -> tuple:
    classes = []
    for name, entry in doc.classes.items():
        try:
            goals = tuple(_goal(g, doc.goal_stars) for g in entry.goals)
        except ValueError as exc:
            data.fail("classes.json", f"classes {short(name)}: {exc}")
        classes.append(ClassCard(name, COLOURS.index(entry.colour), goals, tuple(entry.goals)))
    pairs = tuple(tuple(c.name for c in classes if c.colour == col) for col in range(6))
    if not all(pairs):
        missing = COLOURS[pairs.index(())]
        data.fail("classes.json", f"every class colour needs a class; none is {missing}")
    return tuple(classes), pairs


def _space(text: str, row: int) -> tuple[int, int]:
    colour, _, space = text.partition("@")
    return row * 3 + int(space) - 1, COLOURS.index(colour)


def _armor_tables(data: DataFolder, market: MarketFile) -> dict[str, tuple[int, ...]]:
    tables = {}
    for set_name, table in market.armor_sets.items():
        counts = [str(n) for n in range(1, len(table) + 1)]
        if sorted(table, key=lambda k: (len(k), k)) != counts:
            data.fail("market.json", f"armor_sets {short(set_name)}: counts must be "
                                     f"\"1\", \"2\", ... \"{len(table)}\", not {short(list(table))}")
        tables[set_name] = (0,) + tuple(table[k] for k in counts)
    return tables


def _card(data: DataFolder, i: int, entry, tables: dict) -> Card:
    fields: dict = {}
    if isinstance(entry, Weapon):
        fields.update(hands=entry.hands,
                      modifiers=tuple(entry.modifiers.get(a, 0) for a in ATTRIBUTES))
        if entry.on_buy:
            fields["on_buy"] = ("raise", ATTRIBUTES.index(entry.on_buy.row))
    elif isinstance(entry, Armor):
        if entry.set not in tables:
            data.fail("market.json", f"cards[{i}] {short(entry.name)}: set {short(entry.set)} "
                                     f"is unknown; allowed: {', '.join(tables)}")
        fields.update(armor_set=entry.set,
                      colours=frozenset(COLOURS.index(c) for c in entry.colours))
    else:
        fields["arrow"] = DIRECTIONS.index(entry.arrow)
    if isinstance(entry, Skill):
        fields["effect"] = (entry.effect.kind, entry.effect.amount)
    if isinstance(entry, Trait):
        fields.update(stars=entry.stars, condition=entry.condition.ids())
    return Card(i, entry.name, entry.type, entry.dots, entry.cost, **fields)
