"""Risky Adventure's component data: ``data/*.json``, one file per kind, validated on load.

The digest lists no printed tiles or cards, so the files hold its designed placeholders (marked
by a ``placeholder`` note in each file). A designer replaces them by editing the files; each is
declared below as a pydantic model (``simulate.games.component_files``) and every mistake is one
line naming the file, the entry and the field (``ComponentError``, exit code 2).
Ids are small ints so the engine stays fast: symbols 0..2 (F food, M map, P pick & shovel),
artifact types 0..2 (G gem, S statue, C sarcophagus), excavations 0..2 (jungle, desert, sea).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple, Union

from pydantic import AfterValidator, Field, model_validator

from simulate.games.chance import card_ids
from simulate.games.component_files import (ComponentError, DataFile, DataFolder, Strict,
                                            cached_loader, short)

SHIPPED = DATA = Path(__file__).parent / "data"
EDITS: tuple = ()                        # a variant's changes (component_edits), while it plays
SYMBOLS = "FMP"                                   # food, map, pick & shovel
SYMBOL_NAMES = ("food", "map", "pick & shovel")
TYPES = ("gem", "statue", "sarcophagus")
TYPE_LETTERS = "GSC"
EXCAVATIONS = ("jungle", "desert", "sea")
KINDS = ("scarab_top", "scarab_bottom", "discount_a", "discount_b", "bonus_a", "bonus_b")
REWARDS = ("clock", "map_wild", "fame")
MAX_SYMBOLS = 6                                   # longest combination a file may print


class Artifact(NamedTuple):
    id: str
    back: str                  # "A" (on top at set-up) or "B"
    type: int                  # index in TYPES
    need: tuple[int, int, int]  # symbols needed: (food, map, pick)
    fame: int
    clock: bool                # the artifact also gives a clock


class Spot(NamedTuple):
    symbol: int
    reward: str                # "clock", "map_wild" or "fame"
    fame: int


class Expedition(NamedTuple):
    name: str
    spots: tuple[Spot, ...]


class Equipment(NamedTuple):
    id: str
    kind: str                  # one of KINDS
    need: tuple[int, int, int]
    excavations: tuple[int, ...] = ()   # discount: its excavation; bonus_b: the two named
    shows: tuple[int, ...] = ()         # discount_a: either symbol; discount_b: the one it gives
    activation: int = -1                # artifact type that activates it (-1: none needed)
    trigger: str = ""                   # bonus_a: "fame" or "map_wild"


class TreasureMap(NamedTuple):
    id: str
    needs: tuple[int, int, int]   # artifacts per type (gem, statue, sarcophagus)
    fame: int


class Identities(NamedTuple):
    """Each pile's cards' identities for the keyed shuffle (``simulate.games.chance``), from their
    ids (a copy is named ``X #2``...: its own identity), in the order of the components."""
    artifacts: tuple[int, ...]
    expeditions: tuple[int, ...]
    equipment: tuple[int, ...]
    maps: tuple[int, ...]


class Components(NamedTuple):
    artifacts: tuple[Artifact, ...]
    expeditions: tuple[Expedition, ...]
    equipment: tuple[Equipment, ...]
    maps: tuple[TreasureMap, ...]
    placeholders: tuple[str, ...]     # "data/<file>: what in it is a placeholder"
    ids: Identities


def combination(text: Any, where: str, field: str = "cost") -> tuple[int, int, int]:
    """``"FFM"`` -> (2, 1, 0): how many of each symbol a combination needs."""
    try:
        return _count(_symbols(text))
    except ValueError as exc:
        raise ComponentError(f"risky_adventure {where}: {field} {exc}") from None


def _symbols(text: Any) -> str:
    if not (isinstance(text, str) and 1 <= len(text) <= MAX_SYMBOLS):
        raise ValueError(f"must be 1..{MAX_SYMBOLS} symbols from F, M, P, not {short(text)}")
    bad = [c for c in text if c not in SYMBOLS]
    if bad:
        raise ValueError(f"{short(text)} has unknown symbol {short(bad[0])}; "
                         "use F (food), M (map), P (pick & shovel)")
    return text


def _count(text: str, letters: str = SYMBOLS) -> tuple[int, ...]:
    return tuple(text.count(c) for c in letters)


def _letters(text: str) -> str:
    if not (1 <= len(text) <= 8 and all(c in TYPE_LETTERS for c in text)):
        raise ValueError(f"{short(text)} must be 1..8 letters G (gem), S (statue), "
                         "C (sarcophagus)")
    return text


Combination = Annotated[str, AfterValidator(_symbols)]
Id = Annotated[str, Field(min_length=1, max_length=60)]
Type = Literal[TYPES]
Excavation = Literal[EXCAVATIONS]


class Notes(DataFile):
    """Every file's notes: what in it is a placeholder, and how to read its letters."""
    placeholder: str = ""


class ArtifactEntry(Strict):
    id: Id
    back: Literal["A", "B"]
    type: Type
    cost: Combination
    fame: Annotated[int, Field(ge=0, le=30)]
    clock: bool


class ArtifactsFile(Notes):
    ENTRIES = ("artifacts",)
    symbols: str = ""
    artifacts: Annotated[list[ArtifactEntry], Field(min_length=1)]


class SpotEntry(Strict):
    symbol: Literal[tuple(SYMBOLS)]
    reward: Literal[REWARDS]
    fame: Annotated[int, Field(ge=1, le=30)] | None = None

    @model_validator(mode="after")
    def _fame_on_fame_spots(self):
        if (self.fame is not None) != (self.reward == "fame"):
            raise ValueError("a fame spot needs fame 1..30, and only a fame spot has fame")
        return self


class ExpeditionEntry(Strict):
    name: Id
    spots: Annotated[list[SpotEntry], Field(min_length=2, max_length=12)]


class ExpeditionsFile(Notes):
    ENTRIES = ("expeditions",)
    rewards: str = ""
    expeditions: Annotated[list[ExpeditionEntry], Field(min_length=2)]

    @model_validator(mode="after")
    def _same_length(self):
        if len({len(x.spots) for x in self.expeditions}) != 1:
            raise ValueError("every expedition needs the same number of spots")
        return self


def _one_symbol(text: str) -> str:
    if len(text) != 1:
        raise ValueError(f"{short(text)} must be one symbol")
    return text


def _two_symbols(text: str) -> str:
    if len(text) != 2 or text[0] == text[1]:
        raise ValueError(f"{short(text)} must be two different symbols")
    return text


class Card(Strict):
    id: Id
    cost: Combination


class Scarab(Card):
    kind: Literal["scarab_top", "scarab_bottom"]


class DiscountA(Card):
    kind: Literal["discount_a"]
    excavation: Excavation
    shows: Annotated[Combination, AfterValidator(_two_symbols)]


class DiscountB(Card):
    kind: Literal["discount_b"]
    excavation: Excavation
    gives: Annotated[Combination, AfterValidator(_one_symbol)]
    activation: Type


class BonusA(Card):
    kind: Literal["bonus_a"]
    trigger: Literal["fame", "map_wild"]
    activation: Type


class BonusB(Card):
    kind: Literal["bonus_b"]
    excavations: Annotated[list[Excavation], Field(min_length=2, max_length=2)]
    activation: Type

    @model_validator(mode="after")
    def _two_different(self):
        if self.excavations[0] == self.excavations[1]:
            raise ValueError(f"excavations must name two different ones of "
                             f"{', '.join(EXCAVATIONS)}")
        return self


class EquipmentFile(Notes):
    ENTRIES = ("cards",)
    kinds: str = ""
    cards: Annotated[list[Annotated[Union[Scarab, DiscountA, DiscountB, BonusA, BonusB],
                                    Field(discriminator="kind")]], Field(min_length=1)]


class MapEntry(Strict):
    id: Id
    needs: Annotated[str, AfterValidator(_letters)]
    fame: Annotated[int, Field(ge=0, le=50)]


class MapsFile(Notes):
    ENTRIES = ("maps",)
    letters: str = ""
    maps: Annotated[list[MapEntry], Field(min_length=1)]


# --------------------------------------------------------------------------------------------
# Files -> the engine's components


def _equipment(card) -> Equipment:
    extra: dict[str, Any] = {}
    if card.kind in ("discount_a", "discount_b"):
        extra["excavations"] = (EXCAVATIONS.index(card.excavation),)
        symbols = card.shows if card.kind == "discount_a" else card.gives
        extra["shows"] = tuple(s for s in range(3) if SYMBOLS[s] in symbols)
    if card.kind == "bonus_b":
        extra["excavations"] = tuple(EXCAVATIONS.index(n) for n in card.excavations)
    if card.kind == "bonus_a":
        extra["trigger"] = card.trigger
    if card.kind in ("discount_b", "bonus_a", "bonus_b"):
        extra["activation"] = TYPES.index(card.activation)
    return Equipment(card.id, card.kind, _count(card.cost), **extra)


def _unique(data: DataFolder, name: str, key: str, ids: list[str], what: str) -> None:
    for i, x in enumerate(ids):
        if x in ids[:i]:
            data.fail(name, f"{key}[{i}] {short(x)}: {what} must be unique; {short(x)} "
                            "appears twice")


def _build(path: Path, edits: tuple = ()) -> Components:
    data = DataFolder("risky_adventure", path, SHIPPED, edits)
    docs = {"artifacts.json": data.read("artifacts.json", ArtifactsFile),
            "expeditions.json": data.read("expeditions.json", ExpeditionsFile),
            "equipment.json": data.read("equipment.json", EquipmentFile),
            "treasure_maps.json": data.read("treasure_maps.json", MapsFile)}
    artifacts = docs["artifacts.json"].artifacts
    _unique(data, "artifacts.json", "artifacts", [a.id for a in artifacts], "artifact ids")
    expeditions = docs["expeditions.json"].expeditions
    _unique(data, "expeditions.json", "expeditions", [x.name for x in expeditions],
            "expedition names")
    cards = docs["equipment.json"].cards
    _unique(data, "equipment.json", "cards", [c.id for c in cards], "card ids")
    maps = docs["treasure_maps.json"].maps
    _unique(data, "treasure_maps.json", "maps", [m.id for m in maps], "map ids")
    return Components(
        tuple(Artifact(a.id, a.back, TYPES.index(a.type), _count(a.cost), a.fame, a.clock)
              for a in artifacts),
        tuple(Expedition(x.name, tuple(Spot(SYMBOLS.index(s.symbol), s.reward, s.fame or 0)
                                       for s in x.spots)) for x in expeditions),
        tuple(_equipment(c) for c in cards),
        tuple(TreasureMap(m.id, _count(m.needs, TYPE_LETTERS), m.fame) for m in maps),
        tuple(f"data/{name}: {doc.placeholder}" for name, doc in docs.items() if doc.placeholder),
        Identities(*(tuple(card_ids(names)) for names in (
            [a.id for a in artifacts], [x.name for x in expeditions], [c.id for c in cards],
            [m.id for m in maps]))))


load_components = cached_loader(_build, lambda: (DATA, EDITS))
