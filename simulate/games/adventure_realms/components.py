"""Adventure Realms' component data: one editable JSON file per deck in ``data/``, validated
on load.

The designer changes these files between studies; every mistake is a one-line ``CardDataError``
(a ``ConfigError``: the CLI prints it and exits with code 2) naming the file, the entry and the
field. Symbols are bits (regions Town..Tundra, then the guilds Fighters..Clerics), so a hero card
fits a space when ``card.symbols & space.symbol``. Effects are tuples of ``(key, amount)`` pairs.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from simulate.games.base import ConfigError

DATA = Path(__file__).parent / "data"
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


class CardDataError(ConfigError):
    """A data file is malformed: the message names the file, the entry and the field."""


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


def _fail(where: str, what: str) -> None:
    raise CardDataError(f"adventure_realms {where}: {what}")


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        _fail(where, what)


def _int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _load(folder: Path, name: str) -> dict:
    try:
        doc = json.loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        _fail(f"data/{name}", f"cannot read: {str(exc).splitlines()[0]}")
    _need(isinstance(doc, dict), f"data/{name}", "must hold a JSON object")
    return doc


def effect(value: Any, allowed: set, where: str, field: str) -> tuple:
    """``{"gold": 3}`` -> ``(("gold", 3),)``, every key allowed and every amount 0..20."""
    if value is None:
        return ()
    _need(isinstance(value, dict), where, f"{field} must be an object like {{\"gold\": 2}}")
    for key, n in value.items():
        _need(key in allowed, where,
              f"{field}.{key} is unknown; allowed: {', '.join(sorted(allowed))}")
        _need(_int(n, 0, 20), where, f"{field}.{key} = {n!r} must be an int 0..20")
    return tuple((k, n) for k, n in value.items() if n)


def _symbols(value: Any, where: str) -> int:
    _need(isinstance(value, list) and value and all(s in SYMBOLS for s in value), where,
          f"symbols must list some of {', '.join(SYMBOLS)}")
    return sum(1 << SYMBOLS.index(s) for s in set(value))


def _entries(doc: dict, key: str, name: str) -> list:
    items = doc.get(key)
    _need(isinstance(items, list) and items, f"data/{name}", f"needs a non-empty '{key}' list")
    return items


def _heroes(doc: dict, name: str, kind: str, heroes: list, pile: list) -> None:
    for i, entry in enumerate(_entries(doc, "cards", name)):
        w = f"data/{name}: cards[{i}] '{entry.get('name')}'" if isinstance(entry, dict) \
            else f"data/{name}: cards[{i}]"
        _need(isinstance(entry, dict), w, "must be an object")
        _need(isinstance(entry.get("name"), str) and entry["name"], w, "name must be a text")
        count = entry.get("count", 1)
        _need(_int(count, 1, 20), w, f"count = {count!r} must be an int 1..20")
        guild = -1
        if kind in ("guild", "master"):
            _need(entry.get("guild") in GUILDS, w, f"guild must be one of {', '.join(GUILDS)}")
            guild = GUILDS.index(entry["guild"])
        cost = entry.get("cost", 0)
        _need(_int(cost, 0 if kind == "basic" else 1, 20), w,
              f"cost = {cost!r} must be an int 1..20")
        reveal = dict(entry.get("reveal") or {})
        pay = effect(reveal.pop("pay", None), set(RESOURCES), w, "reveal.pay")
        card = HeroCard(len(heroes), entry["name"], kind, guild, cost,
                        _symbols(entry.get("symbols"), w),
                        effect(reveal, REVEAL, w, "reveal"), pay,
                        effect(entry.get("agent"), AGENT, w, "agent"),
                        effect(entry.get("recruit"), RECRUIT, w, "recruit"))
        heroes.append(card)
        pile.extend([card.id] * count)


def _adventures(doc: dict) -> tuple[list, list]:
    name, cards, deck = "adventure_cards.json", [], []
    for i, entry in enumerate(_entries(doc, "cards", name)):
        w = f"data/{name}: cards[{i}] '{entry.get('name')}'"
        _need(isinstance(entry.get("name"), str) and entry["name"], w, "name must be a text")
        kind = entry.get("type")
        _need(kind in ADVENTURE_TYPES, w, f"type must be one of {', '.join(ADVENTURE_TYPES)}")
        count = entry.get("count", 1)
        _need(_int(count, 1, 60), w, f"count = {count!r} must be an int 1..60")
        quest, vp = (), 0
        if kind == "quest":
            q = entry.get("quest")
            _need(isinstance(q, dict) and q.get("kind") in QUESTS, w,
                  f"quest.kind must be one of {', '.join(QUESTS)}")
            for key in QUESTS[q["kind"]]:
                _need(_int(q.get(key), 1, 20), w, f"quest.{key} must be an int 1..20")
            quest = (q["kind"],) + tuple(q[k] for k in QUESTS[q["kind"]])
            vp = entry.get("vp")
            _need(_int(vp, 0, 20), w, f"vp = {vp!r} must be an int 0..20")
        gains = effect(entry.get("effect"), ITEM if kind == "item" else MAGIC, w, "effect") \
            if kind != "quest" else ()
        _need(kind == "quest" or gains, w, "effect must give something")
        card = AdventureCard(len(cards), entry["name"], kind, gains,
                             effect(entry.get("pay"), set(RESOURCES), w, "pay"), quest, vp)
        cards.append(card)
        deck.extend([card.id] * count)
    return cards, deck


def _monsters(doc: dict) -> list:
    name, out = "monsters.json", []
    for i, entry in enumerate(_entries(doc, "monsters", name)):
        w = f"data/{name}: monsters[{i}] '{entry.get('name')}'"
        _need(isinstance(entry.get("name"), str), w, "name must be a text")
        _need(_int(entry.get("level"), 1, 9), w, "level must be an int 1..9")
        rewards = entry.get("rewards")
        _need(isinstance(rewards, list) and 1 <= len(rewards) <= 4, w,
              "rewards must list 1..4 rewards (1st, 2nd, ...)")
        out.append(Monster(entry["name"], entry["level"],
                           tuple(effect(r, REWARD, w, f"rewards[{k}]")
                                 for k, r in enumerate(rewards))))
    return out


def _tracks(doc: dict) -> tuple[int, tuple]:
    w = "data/guild_tracks.json"
    top = doc.get("top")
    _need(_int(top, 2, 12), w, f"top = {top!r} must be an int 2..12")
    guilds = doc.get("guilds")
    _need(isinstance(guilds, dict) and set(guilds) == set(GUILDS), w,
          f"guilds must have exactly {', '.join(GUILDS)}")
    table = []
    for g in GUILDS:
        levels = [()] * (top + 1)
        for level, reward in guilds[g].items():
            _need(level.isdigit() and 1 <= int(level) <= top, f"{w}: {g}",
                  f"level '{level}' must be 1..{top}")
            levels[int(level)] = effect(reward, REWARD, f"{w}: {g} level {level}", "reward")
        table.append(tuple(levels))
    return top, tuple(table)


def _spaces(doc: dict) -> list:
    name, out = "board.json", []
    for i, entry in enumerate(_entries(doc, "spaces", name)):
        w = f"data/{name}: spaces[{i}] '{entry.get('name')}'"
        _need(isinstance(entry.get("name"), str), w, "name must be a text")
        _need(entry.get("region") in SYMBOLS, w, f"region must be one of {', '.join(SYMBOLS)}")
        bit = SYMBOLS.index(entry["region"])
        guild = bit - len(REGIONS) if bit >= len(REGIONS) else -1
        out.append(Space(i, entry["name"], 1 << bit, guild,
                         effect(entry.get("cost"), set(RESOURCES), w, "cost"),
                         effect(entry.get("gain"), SPACE, w, "gain")))
    return out


def space_gains(comp: Components, rules) -> tuple:
    """Each space's gain, the Oasis's Recruit Points set by ``Rules.oasis_rp`` (ruling 6)."""
    return tuple(tuple((k, rules.oasis_rp if k == "rp" else n) for k, n in sp.gain)
                 if sp.name == "Oasis" else sp.gain for sp in comp.spaces)


def load_components() -> Components:
    """Every deck from ``DATA``, validated (cached: loaded once per process and folder)."""
    return _load_folder(DATA)


load_components.cache_clear = lambda: _load_folder.cache_clear()


@cache
def _load_folder(folder: Path) -> Components:
    docs = {name: _load(folder, name) for name in FILES}
    heroes: list[HeroCard] = []
    basic, deck, masters = [], [], []
    _heroes(docs["basic_heroes.json"], "basic_heroes.json", "basic", heroes, basic)
    _heroes(docs["guild_heroes.json"], "guild_heroes.json", "guild", heroes, deck)
    _heroes(docs["kings.json"], "kings.json", "king", heroes, deck)
    _heroes(docs["guild_masters.json"], "guild_masters.json", "master", heroes, masters)
    names = [h.name for h in heroes]
    dup = next((n for n in names if names.count(n) > 1), None)
    _need(dup is None, "data", f"hero card name '{dup}' is used twice; names must be unique")
    adventures, adventure_deck = _adventures(docs["adventure_cards.json"])
    top, rewards = _tracks(docs["guild_tracks.json"])
    spaces = _spaces(docs["board.json"])
    _need(sum(s.name == "Fort" for s in spaces) <= 1, "data/board.json", "one Fort at most")
    placeholders = tuple(str(p) for name in FILES for p in docs[name].get("placeholders", []))
    return Components(tuple(heroes), tuple(basic), tuple(deck), tuple(masters), tuple(adventures),
                      tuple(adventure_deck), tuple(_monsters(docs["monsters.json"])), top, rewards,
                      tuple(spaces), placeholders)
