"""Component values as knobs: a study's changes to single entries of a game's data files.

A change is addressed ``file:Entry.field`` (the file without ``.json``, the entry by its name or
id, the field by its key; a dotted path goes deeper, a number picks a list item), e.g.
``"market:Longsword.cost"``, ``"monsters:Troll.rewards.0.gold"``, ``"classes:goal_stars.18"``
(a file's top-level field). In a config (``[components]`` for every variant, a variant's
``components`` table for it alone)::

    components = { "market:Longsword.cost" = 2, remove = ["treasure_maps:GG"],
                   copies = { "adventure_cards:Coin Purse" = 6 } }

A field the entry lacks but its model allows is added (``"adventure_cards:Fireball.pay.mana" =
1`` gives Fireball a price); a table sets a whole field (``"adventure_cards:Fireball.pay" =
{ mana = 1 }``); the file's model refuses a field it does not know, by name.
``remove`` takes entries out; ``copies`` sets how many of an entry the game holds (its ``count``
where it has one, else the entry is listed that many times, the copies named ``X #2``, ...).
The changes are applied to the files' JSON before the game's own models validate it, so a change
that makes the set invalid is refused exactly like a broken file. An edit is a small tuple (kept
in a variant, sent to every worker, hashed into the manifest)::

    ("set", "market.json", "Longsword.cost", 2) | ("remove", file, "Longsword", None)
    | ("copies", file, entry, 3)
"""
from __future__ import annotations

import copy
from typing import Any

from simulate.games.base import ConfigError, did_you_mean

ACTIONS = ("remove", "copies")
MAX_COPIES = 60
MAX_EDITS = 200
Edit = tuple


def is_address(key: Any) -> bool:
    """A component address (``file:Entry.field``) rather than a rule name."""
    return isinstance(key, str) and ":" in key


def parse_changes(table: Any, files: list[str], where: str) -> tuple[Edit, ...]:
    """``{address = value, remove = [...], copies = {...}}`` -> edits; the file names are
    checked here, entries and fields when the edits are applied (``apply``)."""
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: components must be a table, e.g. components = "
                          '{ "market:Longsword.cost" = 2 }')
    edits = []
    for key, value in table.items():
        if key == "remove":
            if not isinstance(value, list):
                raise ConfigError(f"{where}: remove must be a list of entries, e.g. remove = "
                                  '["treasure_maps:GG"]')
            edits += [_edit("remove", entry, None, files, where) for entry in value]
        elif key == "copies":
            if not isinstance(value, dict):
                raise ConfigError(f"{where}: copies must be a table, e.g. copies = "
                                  '{ "adventure_cards:Coin Purse" = 6 }')
            edits += [_edit("copies", entry, n, files, where) for entry, n in value.items()]
        elif is_address(key):
            edits.append(_edit("set", key, value, files, where))
        else:
            raise ConfigError(f"{where}: components: '{key}' is no component address; write "
                              '"file:Entry.field" (e.g. "market:Longsword.cost"), remove or '
                              "copies")
    if len(edits) > MAX_EDITS:
        raise ConfigError(f"{where}: {len(edits)} component changes; the most is {MAX_EDITS}")
    return tuple(edits)


def _edit(action: str, address: Any, value: Any, files: list[str], where: str) -> Edit:
    if not is_address(address):
        raise ConfigError(f"{where}: {action}: {address!r} is no entry address; write "
                          '"file:Entry" (e.g. "market:Longsword")')
    stem, _, rest = address.partition(":")
    stem = stem.strip().removesuffix(".json")
    stems = [f.removesuffix(".json") for f in files]
    if stem not in stems:
        raise ConfigError(f"{where}: {address!r}: unknown file '{stem}'"
                          f"{did_you_mean(stem, stems)}; the files: {', '.join(stems)}")
    if not rest:
        raise ConfigError(f"{where}: {address!r}: name an entry after the colon")
    if action == "set":
        if not _plain(value):
            raise ConfigError(f"{where}: {address} = {value!r} is invalid; allowed: a number, "
                              "true/false, a text, a list of them or a table of them")
        value = frozen(value)
    if action == "copies" and (isinstance(value, bool) or not isinstance(value, int)
                               or not 0 <= value <= MAX_COPIES):
        raise ConfigError(f"{where}: copies {address!r} = {value!r} is invalid; allowed: an "
                          f"integer 0..{MAX_COPIES} (how many the game holds)")
    # the entry and the field stay one text: an entry's name may hold dots (split on apply)
    return (action, stem + ".json", rest, value)


def _plain(value: Any, depth: int = 0) -> bool:
    """A value a field may be set to: a number, true/false, a text, a list of them, or a table
    (``{ mana = 1 }``) of such values (a few levels deep)."""
    if isinstance(value, dict):
        return depth < 4 and all(isinstance(k, str) and _plain(v, depth + 1)
                                 for k, v in value.items())
    if isinstance(value, list):
        return all(isinstance(v, (int, float, str)) for v in value)
    return isinstance(value, (int, float, str))


class Table(tuple):
    """A table value, frozen: its (key, value) pairs, so an edit stays a hashable tuple (its
    digest in the manifest reads it as a list of pairs)."""


def frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return Table((k, frozen(v)) for k, v in value.items())
    return tuple(value) if isinstance(value, list) else value


def thawed(value: Any) -> Any:
    """The JSON value of an edit's value (``frozen`` undone)."""
    if isinstance(value, Table):
        return {k: thawed(v) for k, v in value}
    return list(value) if isinstance(value, tuple) else value


def shown(edit: Edit) -> str:
    """One edit in the config's words: ``market:Longsword.cost = 2``."""
    action, file, rest, value = edit
    address = f"{file.removesuffix('.json')}:{rest}"
    if action == "remove":
        return f"remove {address}"
    if action == "copies":
        return f"{address} x{value}"
    if isinstance(value, Table):
        return f"{address} = {_toml_table(value)}"
    shown_value = list(value) if isinstance(value, tuple) else value
    return f"{address} = {str(shown_value).lower() if isinstance(value, bool) else shown_value}"


def _toml_table(value: Any) -> str:
    if isinstance(value, Table):
        return "{ " + ", ".join(f"{k} = {_toml_table(v)}" for k, v in value) + " }"
    if isinstance(value, bool):
        return str(value).lower()
    return repr(list(value)) if isinstance(value, tuple) else repr(value)


# --------------------------------------------------------------------------------------------
# Applied to one file's JSON (DataFolder.read, before validation)


class EditError(ValueError):
    """An address names no entry or field of the file: the message says what is there."""


def apply(raw: Any, edits: list[Edit], entries: tuple[str, ...]) -> Any:
    """The file's JSON with ``edits`` applied (sets first, then copies, then removes)."""
    raw = copy.deepcopy(raw)
    order = {"set": 0, "copies": 1, "remove": 2}
    for action, file, rest, value in sorted(edits, key=lambda e: order[e[0]]):
        stem = file.removesuffix(".json")
        holder, key, path = _locate(raw, rest, entries, stem, action != "set")
        if action == "set":
            _set(holder[key], path, value, f"{stem}:{rest}")
        elif action == "remove":
            del holder[key]
        else:
            _copies(holder, key, value)
    return raw


def entry_names(raw: Any, entries: tuple[str, ...] | None = None) -> list[str]:
    """The names (or ids) of a file's entries, in file order; ``entries`` the top-level keys
    that hold them (a model's ``ENTRIES``; by default every top-level list)."""
    if not isinstance(raw, dict):
        return []
    if entries is None:
        entries = tuple(k for k, v in raw.items() if isinstance(v, list) and not k.startswith("_"))
    return list(dict.fromkeys(n for _, names in _collections(raw, entries) for n in names))


def _collections(raw: dict, entries: tuple[str, ...]) -> list[tuple[Any, dict]]:
    """(holder, {entry name: key in holder}) per collection of entries in the file."""
    found = []
    for name in entries:
        holder = raw.get(name)
        if isinstance(holder, dict):
            found.append((holder, {k: k for k in holder}))
        elif isinstance(holder, list):
            names = {}
            for i, item in enumerate(holder):
                label = item.get("name", item.get("id")) if isinstance(item, dict) else None
                if isinstance(label, str):
                    names.setdefault(label, i)
            found.append((holder, names))
    return found


def _locate(raw: dict, rest: str, entries: tuple[str, ...], stem: str, whole: bool
            ) -> tuple[Any, Any, list[str]]:
    """(holder, key, field path) of ``Entry.field...``: the longest entry name that the text
    starts with; else a top-level field of the file (never for remove / copies)."""
    parts = rest.split(".")
    collections = _collections(raw, entries)
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        for holder, names in collections:
            if name in names and (not whole or cut == len(parts)):
                return holder, names[name], parts[cut:]
    known = [n for _, names in collections for n in names]
    if not whole and parts[0] in raw and parts[0] not in entries and \
            not parts[0].startswith("_") and len(parts) > 1:
        return raw, parts[0], parts[1:]
    word = rest if whole else parts[0]
    raise EditError(f"{stem}:{rest}: unknown entry '{word}'{did_you_mean(word, known)}; the "
                    f"file's entries: {few(known)}")


def _set(node: Any, path: list[str], value: Any, address: str) -> None:
    if not path:
        raise EditError(f"{address}: name a field of the entry, e.g. {address}."
                        f"{next(iter(node), 'cost') if isinstance(node, dict) else 'cost'}")
    for depth, seg in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(node, list):
            if not seg.isdigit() or int(seg) >= len(node):
                raise EditError(f"{address}: '{seg}' is no item of a list of {len(node)}; "
                                f"allowed: 0..{len(node) - 1}")
            key: Any = int(seg)
        elif isinstance(node, dict):
            key = seg         # a field the entry lacks: added, and the file's model decides
            if not last and seg not in node:                # (an unknown one is refused)
                node[seg] = {}
        else:
            raise EditError(f"{address}: '{path[depth - 1]}' is a value, not a table")
        if last:
            if isinstance(node[key] if _has(node, key) else None, (dict, list)) and \
                    not _flat_list(node[key]) and not isinstance(value, Table):
                raise EditError(f"{address} is a table of fields; name one of them "
                                f"({few(_keys(node[key]))}) or give a table")
            node[key] = thawed(value)
        else:
            node = node[key]


def unknown_hint(error: dict, raw: Any) -> str:
    """For a field the model does not know (pydantic's ``extra_forbidden``, e.g. one an edit
    added): ' (did you mean 'cost'?)' when the entry has a field spelled close to it."""
    if error.get("type") != "extra_forbidden" or not error.get("loc"):
        return ""
    node = raw
    for seg in error["loc"][:-1]:          # a union's tag in the path is not in the JSON
        if isinstance(node, list) and isinstance(seg, int) and seg < len(node):
            node = node[seg]
        elif isinstance(node, dict) and seg in node:
            node = node[seg]
    field = error["loc"][-1]
    return did_you_mean(str(field), [k for k in node if k != field]) \
        if isinstance(node, dict) else ""


def _has(node: Any, key: Any) -> bool:
    return key in node if isinstance(node, dict) else key < len(node)


def _flat_list(value: Any) -> bool:
    return isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value)


def _keys(node: Any) -> list[str]:
    return list(node) if isinstance(node, dict) else [str(i) for i in range(len(node))]


def _copies(holder: Any, key: Any, n: int) -> None:
    entry = holder[key]
    if isinstance(entry, dict) and "count" in entry:
        if n == 0:
            del holder[key]
        else:
            entry["count"] = n
        return
    if isinstance(holder, dict):
        for i in range(2, n + 1):
            holder[f"{key} #{i}"] = copy.deepcopy(entry)
        if n == 0:
            del holder[key]
        return
    label = "name" if isinstance(entry, dict) and "name" in entry else "id"
    extra = []
    for i in range(2, n + 1):
        twin = copy.deepcopy(entry)
        twin[label] = f"{entry[label]} #{i}"
        extra.append(twin)
    holder[key + 1:key + 1] = extra
    if n == 0:
        del holder[key]


def few(names: list[str], most: int = 12) -> str:
    shown_names = ", ".join(map(str, names[:most]))
    return shown_names + (f", ... ({len(names)} in all)" if len(names) > most else "")
