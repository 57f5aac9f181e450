"""Risky Adventure's component data: ``data/*.json``, one file per kind, validated on load.

The digest lists no printed tiles or cards, so the files hold its designed placeholders (marked
by a ``placeholder`` note in each file). A designer replaces them by editing the files; every
mistake is one line naming the file, the entry and the field (``ComponentError``, exit code 2).
Ids are small ints so the engine stays fast: symbols 0..2 (F food, M map, P pick & shovel),
artifact types 0..2 (G gem, S statue, C sarcophagus), excavations 0..2 (jungle, desert, sea).
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from simulate.games.base import ConfigError

DATA = Path(__file__).parent / "data"
SYMBOLS = "FMP"                                   # food, map, pick & shovel
SYMBOL_NAMES = ("food", "map", "pick & shovel")
TYPES = ("gem", "statue", "sarcophagus")
TYPE_LETTERS = "GSC"
EXCAVATIONS = ("jungle", "desert", "sea")
KINDS = ("scarab_top", "scarab_bottom", "discount_a", "discount_b", "bonus_a", "bonus_b")
REWARDS = ("clock", "map_wild", "fame")
MAX_SYMBOLS = 6                                   # longest combination a file may print


class ComponentError(ConfigError):
    """A data file is malformed; the one-line message names the file, the entry and the field."""


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


class Components(NamedTuple):
    artifacts: tuple[Artifact, ...]
    expeditions: tuple[Expedition, ...]
    equipment: tuple[Equipment, ...]
    maps: tuple[TreasureMap, ...]
    placeholders: tuple[str, ...]     # "data/<file>: what in it is a placeholder"


def _fail(where: str, what: str) -> None:
    raise ComponentError(f"risky_adventure {where}: {what}")


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        _fail(where, what)


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def combination(text: Any, where: str, field: str = "cost") -> tuple[int, int, int]:
    """``"FFM"`` -> (2, 1, 0): how many of each symbol a combination needs."""
    _need(isinstance(text, str) and 1 <= len(text) <= MAX_SYMBOLS, where,
          f"{field} must be 1..{MAX_SYMBOLS} symbols from F, M, P, not {text!r}")
    bad = [c for c in text if c not in SYMBOLS]
    _need(not bad, where, f"{field} {text!r} has unknown symbol {bad[0] if bad else ''!r}; "
          "use F (food), M (map), P (pick & shovel)")
    return (text.count("F"), text.count("M"), text.count("P"))


def _read(folder: Path, name: str) -> tuple[dict, str]:
    where = f"data/{name}"
    try:
        doc = json.loads((folder / name).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        _fail(where, f"cannot read: {str(exc).splitlines()[0]}")
    _need(isinstance(doc, dict), where, "must be a JSON object")
    return doc, where


def _entries(doc: dict, key: str, where: str) -> list:
    items = doc.get(key)
    _need(isinstance(items, list) and items, where, f"needs a non-empty list '{key}'")
    _need(all(isinstance(e, dict) for e in items), where, f"every entry of '{key}' is an object")
    return items


def _choice(entry: dict, field: str, allowed: tuple, where: str) -> Any:
    value = entry.get(field)
    _need(field in entry, where, f"missing field '{field}'")
    _need(value in allowed, where, f"{field} {value!r} is unknown; allowed: {', '.join(allowed)}")
    return value


def _artifacts(doc: dict, where: str) -> tuple[Artifact, ...]:
    out = []
    for i, e in enumerate(_entries(doc, "artifacts", where)):
        w = f"{where}: artifacts[{i}] '{e.get('id', '?')}'"
        for field in ("id", "back", "type", "cost", "fame", "clock"):
            _need(field in e, w, f"missing field '{field}'")
        _choice(e, "back", ("A", "B"), w)
        _need(_is_int(e["fame"], 0, 30), w, "fame must be an int 0..30")
        _need(isinstance(e["clock"], bool), w, "clock must be true or false")
        out.append(Artifact(str(e["id"]), e["back"], TYPES.index(_choice(e, "type", TYPES, w)),
                            combination(e["cost"], w), e["fame"], e["clock"]))
    _unique([a.id for a in out], where, "artifact ids")
    return tuple(out)


def _expeditions(doc: dict, where: str) -> tuple[Expedition, ...]:
    out = []
    for i, e in enumerate(_entries(doc, "expeditions", where)):
        w = f"{where}: expeditions[{i}] '{e.get('name', '?')}'"
        _need(isinstance(e.get("name"), str) and e["name"], w, "missing field 'name'")
        spots = e.get("spots")
        _need(isinstance(spots, list) and 2 <= len(spots) <= 12, w, "spots must list 2..12 spots")
        parsed = []
        for k, s in enumerate(spots):
            ws = f"{w} spot {k + 1}"
            _need(isinstance(s, dict), ws, "must be an object")
            _need(s.get("symbol") in tuple(SYMBOLS), ws,
                  f"symbol {s.get('symbol')!r} is unknown; use F, M or P")
            reward = _choice(s, "reward", REWARDS, ws)
            fame = s.get("fame", 0)
            _need(reward != "fame" or _is_int(fame, 1, 30), ws, "a fame spot needs fame 1..30")
            parsed.append(Spot(SYMBOLS.index(s["symbol"]), reward, fame if reward == "fame" else 0))
        out.append(Expedition(e["name"], tuple(parsed)))
    _need(len(out) >= 2, where, "needs at least 2 expeditions (the game ends after the second)")
    _need(len({len(x.spots) for x in out}) == 1, where, "every expedition needs the same number "
          "of spots")
    _unique([x.name for x in out], where, "expedition names")
    return tuple(out)


def _equipment(doc: dict, where: str) -> tuple[Equipment, ...]:
    out = []
    for i, e in enumerate(_entries(doc, "cards", where)):
        w = f"{where}: cards[{i}] '{e.get('id', '?')}'"
        _need(isinstance(e.get("id"), str) and e["id"], w, "missing field 'id'")
        kind = _choice(e, "kind", KINDS, w)
        extra: dict[str, Any] = {}
        if kind in ("discount_a", "discount_b"):
            extra["excavations"] = (EXCAVATIONS.index(_choice(e, "excavation", EXCAVATIONS, w)),)
            field = "shows" if kind == "discount_a" else "gives"
            symbols = combination(e.get(field), w, field)
            _need(sum(symbols) == (2 if kind == "discount_a" else 1) and max(symbols) == 1, w,
                  f"{field} must be {'two different symbols' if kind == 'discount_a' else 'one symbol'}")
            extra["shows"] = tuple(s for s in range(3) if symbols[s])
        if kind == "bonus_b":
            names = e.get("excavations")
            _need(isinstance(names, list) and len(names) == 2 and names[0] != names[1]
                  and all(n in EXCAVATIONS for n in names), w,
                  f"excavations must name two of {', '.join(EXCAVATIONS)}")
            extra["excavations"] = tuple(EXCAVATIONS.index(n) for n in names)
        if kind == "bonus_a":
            extra["trigger"] = _choice(e, "trigger", ("fame", "map_wild"), w)
        if kind in ("discount_b", "bonus_a", "bonus_b"):
            extra["activation"] = TYPES.index(_choice(e, "activation", TYPES, w))
        out.append(Equipment(e["id"], kind, combination(e.get("cost"), w), **extra))
    _unique([c.id for c in out], where, "card ids")
    return tuple(out)


def _maps(doc: dict, where: str) -> tuple[TreasureMap, ...]:
    out = []
    for i, e in enumerate(_entries(doc, "maps", where)):
        w = f"{where}: maps[{i}] '{e.get('id', '?')}'"
        for field in ("id", "needs", "fame"):
            _need(field in e, w, f"missing field '{field}'")
        needs = e["needs"]
        _need(isinstance(needs, str) and 1 <= len(needs) <= 8 and all(c in TYPE_LETTERS
                                                                      for c in needs), w,
              f"needs {needs!r} must be 1..8 letters G (gem), S (statue), C (sarcophagus)")
        _need(_is_int(e["fame"], 0, 50), w, "fame must be an int 0..50")
        out.append(TreasureMap(str(e["id"]), tuple(needs.count(c) for c in TYPE_LETTERS),
                               e["fame"]))
    _unique([m.id for m in out], where, "map ids")
    return tuple(out)


def _unique(ids: list, where: str, what: str) -> None:
    seen = set()
    for x in ids:
        _need(x not in seen, where, f"{what} must be unique; '{x}' appears twice")
        seen.add(x)


@cache
def load_components(folder: Path | None = None) -> Components:
    """All component data from ``folder`` (default ``data/``), validated; cached per folder."""
    loaded = {}
    placeholders = []
    for name, parse in (("artifacts.json", _artifacts), ("expeditions.json", _expeditions),
                        ("equipment.json", _equipment), ("treasure_maps.json", _maps)):
        doc, where = _read(folder or DATA, name)
        loaded[name] = parse(doc, where)
        note = doc.get("placeholder")
        if note:
            placeholders.append(f"data/{name}: {note}")
    return Components(loaded["artifacts.json"], loaded["expeditions.json"],
                      loaded["equipment.json"], loaded["treasure_maps.json"], tuple(placeholders))
