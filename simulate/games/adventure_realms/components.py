"""Adventure Realms' component data: one editable JSON file per deck in ``data/``, validated
on load.

The designer changes these files between studies; each is declared below as a pydantic model
(``simulate.games.component_files``) and every mistake is a one-line ``CardDataError`` (a
``ConfigError``: the CLI prints it and exits with code 2) naming the file, the entry and the
field. Symbols are bits (regions Town..Tundra, then the guilds Fighters..Clerics), so a hero card
fits a space when ``card.symbols & space.symbol``. Effects are tuples of ``(key, amount)`` pairs.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, NamedTuple, Union

from pydantic import Field, model_validator

from simulate.games.chance import card_id, card_ids
from simulate.games.component_files import (ComponentError, DataFile, DataFolder, Strict,
                                            arguments_of_kind, cached_loader, short)

SHIPPED = DATA = Path(__file__).parent / "data"
EDITS: tuple = ()                        # a variant's changes (component_edits), while it plays
REGIONS = ("Town", "Forest", "Desert", "Tundra")
GUILDS = ("Fighters", "Thieves", "Wizards", "Clerics")
SYMBOLS = REGIONS + GUILDS                       # bit i = SYMBOLS[i]
RESOURCES = ("gold", "mana", "food")
# Which effect keys each kind of entry may use (see data/board.json's _source for the specials).
REVEAL = {"rp", "dungeon", "gold", "mana", "food", "adventure", "vp", "banish"}
AGENT = {"rp", "dungeon", "gold", "mana", "food", "draw", "adventure"}
RECRUIT = {"vp", "gold", "mana", "food", "adventure", "dungeon"}
REWARD = {"vp", "gold", "mana", "food", "adventure"}
ITEM = {"gold", "mana", "food", "draw", "adventure", "dungeon", "rp", "occupied"}
MAGIC = {"dungeon", "stone_bonus"}
SPACE = {"rp", "dungeon", "gold", "mana", "food", "draw", "adventure", "banish", "steal",
         "others_discard", "garden", "fort"}
QUESTS = {"power_in_guilds": ("power", "guilds"), "stones": ("stones",), "per_king": (),
          "guild_cards": ("cards",)}
ADVENTURE_TYPES = ("item", "magic", "quest")
FILES = ("basic_heroes.json", "guild_heroes.json", "kings.json", "guild_masters.json",
         "adventure_cards.json", "monsters.json", "guild_tracks.json", "board.json")


CardDataError = ComponentError


class HeroCard(NamedTuple):
    id: int
    name: str
    kind: str                         # basic, guild, king, master
    guild: int                        # index into GUILDS; -1 for basic cards and Kings
    cost: int
    symbols: int                      # bit mask over SYMBOLS
    reveal: tuple                     # effect while left in hand at the Reveal
    reveal_pay: tuple                 # ((resource, n), ...): the reveal effect's optional price
    agent: tuple                      # effect when played to place an agent
    recruit: tuple                    # one-time effect when recruited


class AdventureCard(NamedTuple):
    id: int
    name: str
    type: str                         # item, magic, quest
    effect: tuple
    pay: tuple
    quest: tuple                      # (kind, *parameters) for quests
    vp: int


class Monster(NamedTuple):
    name: str
    level: int
    rewards: tuple                    # effect by rank: 1st, 2nd, 3rd ...


class Space(NamedTuple):
    id: int
    name: str
    symbol: int                       # bit of the region or guild a card must show
    guild: int                        # guild index, -1 for region spaces
    cost: tuple
    gain: tuple


class Components(NamedTuple):
    heroes: tuple[HeroCard, ...]      # every hero card type; ids index this tuple
    basic_deck: tuple[int, ...]       # one player's starting cards (ids, with repeats)
    hero_deck: tuple[int, ...]        # guild heroes and Kings, shuffled at set-up
    masters: tuple[int, ...]          # the Guild Master stack, top = last
    adventures: tuple[AdventureCard, ...]
    adventure_deck: tuple[int, ...]
    monsters: tuple[Monster, ...]
    track_top: int
    track_rewards: tuple              # [guild][level] -> effect
    spaces: tuple[Space, ...]
    placeholders: tuple[str, ...]
    # shuffle identities from the names (streams.py): chance.card_id of each hero's and each
    # adventure card's name (copies numbered when a pile is shuffled), each monster's with copies
    hero_keys: tuple[int, ...]
    adventure_keys: tuple[int, ...]
    monster_keys: tuple[int, ...]


def _effect(keys: set):
    """``{"gold": 3}``: every key one of ``keys``, every amount 0..20."""
    return dict[Literal[tuple(sorted(keys))], Annotated[int, Field(ge=0, le=20)]]


def gains(value: dict) -> tuple:
    """``{"gold": 3, "food": 0}`` -> ``(("gold", 3),)``, in the file's order."""
    return tuple((k, n) for k, n in value.items() if n)


Name = Annotated[str, Field(min_length=1, max_length=60)]
Price = _effect(set(RESOURCES))
Count = Annotated[int, Field(ge=1, le=20)]


class Reveal(Strict):
    """A hero's reveal effect: its gains, and ``pay``, the optional price of them."""
    gains: _effect(REVEAL) = {}
    pay: Price = {}

    @model_validator(mode="before")
    @classmethod
    def _split(cls, value):
        if isinstance(value, dict):
            return {"gains": {k: v for k, v in value.items() if k != "pay"},
                    **({"pay": value["pay"]} if "pay" in value else {})}
        return value


class Hero(Strict):
    name: Name
    count: Count = 1
    symbols: Annotated[list[Literal[SYMBOLS]], Field(min_length=1)]
    reveal: Reveal = Reveal()
    agent: _effect(AGENT) = {}
    recruit: _effect(RECRUIT) = {}


class BasicHero(Hero):
    cost: Annotated[int, Field(ge=0, le=20)] = 0


class King(Hero):
    cost: Annotated[int, Field(ge=1, le=20)]


class GuildHero(King):
    guild: Literal[GUILDS]


def _heroes_file(hero: type) -> type[DataFile]:
    class HeroesFile(DataFile):
        ENTRIES = ("cards",)
        placeholders: list[str] = []
        cards: Annotated[list[hero], Field(min_length=1)]
    return HeroesFile


HERO_FILES = {"basic_heroes.json": ("basic", _heroes_file(BasicHero)),
              "guild_heroes.json": ("guild", _heroes_file(GuildHero)),
              "kings.json": ("king", _heroes_file(King)),
              "guild_masters.json": ("master", _heroes_file(GuildHero))}


class Quest(Strict):
    kind: Literal[tuple(QUESTS)]
    power: Annotated[int, Field(ge=1, le=20)] | None = None
    guilds: Annotated[int, Field(ge=1, le=len(GUILDS))] | None = None
    stones: Annotated[int, Field(ge=1, le=20)] | None = None
    cards: Annotated[int, Field(ge=1, le=20)] | None = None

    @model_validator(mode="after")
    def _arguments_of_its_kind(self):
        arguments_of_kind(self, QUESTS[self.kind], ("power", "guilds", "stones", "cards"))
        return self


class Adventure(Strict):
    name: Name
    count: Annotated[int, Field(ge=1, le=60)] = 1


class Played(Adventure):
    pay: Price = {}

    @model_validator(mode="after")
    def _gives_something(self):
        if not gains(self.effect):
            raise ValueError("effect must give something")
        return self


class Item(Played):
    type: Literal["item"]
    effect: _effect(ITEM)


class Magic(Played):
    type: Literal["magic"]
    effect: _effect(MAGIC)


class QuestCard(Adventure):
    type: Literal["quest"]
    quest: Quest
    vp: Annotated[int, Field(ge=0, le=20)]


class AdventuresFile(DataFile):
    ENTRIES = ("cards",)
    placeholders: list[str] = []
    cards: Annotated[list[Annotated[Union[Item, Magic, QuestCard], Field(discriminator="type")]],
                     Field(min_length=1)]


class MonsterEntry(Strict):
    name: Name
    level: Annotated[int, Field(ge=1, le=9)]
    rewards: Annotated[list[_effect(REWARD)], Field(min_length=1, max_length=4)]  # by rank


class MonstersFile(DataFile):
    ENTRIES = ("monsters",)
    placeholders: list[str] = []
    monsters: Annotated[list[MonsterEntry], Field(min_length=1)]


class Guilds(Strict):
    Fighters: dict[str, _effect(REWARD)]         # level -> its reward
    Thieves: dict[str, _effect(REWARD)]
    Wizards: dict[str, _effect(REWARD)]
    Clerics: dict[str, _effect(REWARD)]


class TracksFile(DataFile):
    placeholders: list[str] = []
    top: Annotated[int, Field(ge=2, le=12)]
    guilds: Guilds

    @model_validator(mode="after")
    def _levels_on_the_track(self):
        for g in GUILDS:
            for level in getattr(self.guilds, g):
                if not (level.isdigit() and 1 <= int(level) <= self.top):
                    raise ValueError(f"guilds.{g}: level {short(level)} must be 1..{self.top}")
        return self


class SpaceEntry(Strict):
    name: Name
    region: Literal[SYMBOLS]
    cost: Price = {}
    gain: _effect(SPACE) = {}


class BoardFile(DataFile):
    ENTRIES = ("spaces",)
    placeholders: list[str] = []
    spaces: Annotated[list[SpaceEntry], Field(min_length=1)]


def space_gains(comp: Components, rules) -> tuple:
    """Each space's gain, the Oasis's Recruit Points set by ``Rules.oasis_rp`` (ruling 6)."""
    return tuple(tuple((k, rules.oasis_rp if k == "rp" else n) for k, n in sp.gain)
                 if sp.name == "Oasis" else sp.gain for sp in comp.spaces)


# --------------------------------------------------------------------------------------------
# Files -> the engine's components


def _build(path: Path, edits: tuple = ()) -> Components:
    data = DataFolder("adventure_realms", path, SHIPPED, edits)
    docs = {name: data.read(name, model) for name, (_, model) in HERO_FILES.items()}
    heroes: list[HeroCard] = []
    piles: dict[str, list[int]] = {"basic": [], "guild": [], "king": [], "master": []}
    for name, (kind, _) in HERO_FILES.items():
        for i, entry in enumerate(docs[name].cards):
            if any(h.name == entry.name for h in heroes):
                data.fail(name, f"cards[{i}] {short(entry.name)}: another hero card has this "
                                "name; names must be unique")
            heroes.append(_hero(len(heroes), kind, entry))
            piles[kind].extend([len(heroes) - 1] * entry.count)
    docs["adventure_cards.json"] = cards = data.read("adventure_cards.json", AdventuresFile)
    _unique(data, "adventure_cards.json", "cards", [c.name for c in cards.cards])
    adventures = tuple(AdventureCard(i, c.name, c.type, gains(getattr(c, "effect", {})),
                                     gains(getattr(c, "pay", {})), _quest(c), getattr(c, "vp", 0))
                       for i, c in enumerate(cards.cards))
    docs["monsters.json"] = monsters = data.read("monsters.json", MonstersFile)
    docs["guild_tracks.json"] = tracks = data.read("guild_tracks.json", TracksFile)
    docs["board.json"] = board = data.read("board.json", BoardFile)
    spaces = _spaces(data, board)
    placeholders = tuple(p for name in FILES for p in docs[name].placeholders)
    monster_list = tuple(Monster(m.name, m.level, tuple(gains(r) for r in m.rewards))
                         for m in monsters.monsters)
    return Components(tuple(heroes), tuple(piles["basic"]), tuple(piles["guild"] + piles["king"]),
                      tuple(piles["master"]), adventures,
                      tuple(c.id for c, e in zip(adventures, cards.cards) for _ in range(e.count)),
                      monster_list, tracks.top, _track_rewards(tracks), spaces, placeholders,
                      tuple(card_id(h.name) for h in heroes),
                      tuple(card_id(a.name) for a in adventures),
                      tuple(card_ids([m.name for m in monster_list])))


load_components = cached_loader(_build, lambda: (DATA, EDITS))


def _hero(id: int, kind: str, entry: Hero) -> HeroCard:
    return HeroCard(id, entry.name, kind, GUILDS.index(entry.guild) if kind in ("guild", "master")
                    else -1, entry.cost, sum(1 << SYMBOLS.index(s) for s in set(entry.symbols)),
                    gains(entry.reveal.gains), gains(entry.reveal.pay), gains(entry.agent),
                    gains(entry.recruit))


def _quest(card) -> tuple:
    if card.type != "quest":
        return ()
    return (card.quest.kind,) + tuple(getattr(card.quest, k) for k in QUESTS[card.quest.kind])


def _track_rewards(tracks: TracksFile) -> tuple:
    table = []
    for g in GUILDS:
        levels = [()] * (tracks.top + 1)
        for level, reward in getattr(tracks.guilds, g).items():
            levels[int(level)] = gains(reward)
        table.append(tuple(levels))
    return tuple(table)


def _unique(data: DataFolder, name: str, key: str, names: list[str]) -> None:
    for i, n in enumerate(names):
        if n in names[:i]:
            data.fail(name, f"{key}[{i}] {short(n)}: {key}[{names.index(n)}] has this name "
                            "too; names must be unique")


def _spaces(data: DataFolder, board: BoardFile) -> tuple[Space, ...]:
    """The board; the Fort's choice and the Oasis's ``Rules.oasis_rp`` go by the space's name."""
    _unique(data, "board.json", "spaces", [s.name for s in board.spaces])
    out = []
    for i, sp in enumerate(board.spaces):
        where = f"spaces[{i}] {short(sp.name)}"
        if ("fort" in sp.gain) != (sp.name == "Fort"):
            data.fail("board.json", f"{where}: gain.fort is the Fort's own choice; only the "
                                    "space named Fort has it, and it needs it")
        if sp.name == "Oasis" and not sp.gain.get("rp"):
            data.fail("board.json", f"{where}: the Oasis needs gain.rp (Rules.oasis_rp sets it)")
        bit = SYMBOLS.index(sp.region)
        out.append(Space(i, sp.name, 1 << bit, bit - len(REGIONS) if bit >= len(REGIONS) else -1,
                         gains(sp.cost), gains(sp.gain)))
    return tuple(out)
