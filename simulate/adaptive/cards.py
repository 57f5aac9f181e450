"""`simulate cards`: what each card is worth, measured by taking it out of the game.

```toml
[cards]
decks = ["adventure_cards"]     # data files whose entries are cards (simulate/games/<game>/data/)
entries = ["Coin Purse"]        # optional: only these entries (default: every entry of the decks)
```

Each entry of the decks becomes one variant without it (``remove = ["deck:Entry"]``; an entry with
a ``count`` loses every copy), played on the baseline's seeds, so each card's effect is a paired
difference game by game. Where the game refuses a removal (a set that cannot be set up without
it, or a file whose cards cannot be removed) the card is skipped and the reason kept. The plan is
written to ``cards.json`` in the out folder; the report's section "What each card is worth"
reads it (reports/cards.py).
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from simulate.adaptive.rounds import base_run, write_json
from simulate.config import NAME_CHARS, MAX_NAME, RunConfig, Variant
from simulate.games.base import ConfigError, did_you_mean
from simulate.games.component_edits import entry_names, few
from simulate.games.component_files import (Changes, DataFolder, game_components,
                                             shipped_files)

KEYS = {"decks", "entries"}
RESULTS = "cards.json"
PREFIX = "without "


@dataclasses.dataclass
class CardsPlan:
    cfg: RunConfig                      # the baseline and one variant per card removed
    cards: dict[str, str]               # variant name -> "deck:Entry"
    skipped: list[tuple[str, str]]      # ("deck:Entry", why the game refused its removal)


def plan_cards(data: dict[str, Any], **overrides: Any) -> CardsPlan:
    table, base = base_run(data, "cards", KEYS, True, overrides)
    decks = _decks(table.get("decks"), base)
    wanted = _entries(table.get("entries"), decks)
    baseline = base.variants[0]
    changes = Changes(base.game, base.components, baseline.components)
    variants, cards, skipped = [baseline], {}, []
    for deck, names in decks.items():
        for entry in names:
            if wanted is not None and entry not in wanted:
                continue
            card = f"{deck}:{entry}"
            name = variant_label(entry, cards)
            try:
                edits = changes.checked({"remove": [card]}, f"[cards] {card}", base.spec,
                                        baseline.rules, max(base.player_counts))
                variant = Variant(name, baseline.overrides, baseline.rules, components=edits)
            except ConfigError as exc:
                skipped.append((card, str(exc)))
                continue
            variants.append(variant)
            cards[name] = card
    if not cards:
        raise ConfigError("[cards]: no card can be removed from this game"
                          + (f" ({skipped[0][1]})" if skipped else ""))
    cfg = dataclasses.replace(base, variants=variants)
    return CardsPlan(cfg, cards, skipped)


def _decks(value: Any, base: RunConfig) -> dict[str, list[str]]:
    """{deck: its entries' names in file order}; one line naming the decks there are."""
    try:
        files = [p.name.removesuffix(".json") for p in shipped_files(base.game)]
    except ConfigError as exc:
        raise ConfigError(f"[cards] decks: {exc}") from None
    if not isinstance(value, list) or not value or not all(isinstance(d, str) for d in value):
        raise ConfigError(f'[cards] decks = {value!r} is invalid; allowed: a list of data files, '
                          f'e.g. decks = ["{files[0]}"]; the files: {", ".join(files)}')
    decks = {}
    for deck in value:
        stem = deck.removesuffix(".json")
        if stem not in files:
            raise ConfigError(f"[cards] decks: unknown file '{deck}'{did_you_mean(stem, files)}; "
                              f"the files: {', '.join(files)}")
        names = entry_names(_raw(base, stem))
        if not names:
            raise ConfigError(f"[cards] decks: {stem} holds no named entries (no cards to "
                              "remove)")
        decks[stem] = names
    return decks


def _raw(base: RunConfig, stem: str) -> Any:
    """The deck file's JSON, read as every data file is (a BOM allowed, no repeated key)."""
    module = game_components(base.game)
    return DataFolder(base.game, Path(base.data), module.SHIPPED).json(f"{stem}.json")


def _entries(value: Any, decks: dict[str, list[str]]) -> set[str] | None:
    if value is None:
        return None
    known = [n for names in decks.values() for n in names]
    if not isinstance(value, list) or not value:
        raise ConfigError(f"[cards] entries = {value!r} is invalid; allowed: a list of entry "
                          f"names, e.g. entries = [\"{known[0]}\"]")
    for entry in value:
        if not isinstance(entry, str) or entry not in known:
            raise ConfigError(f"[cards] entries: unknown entry {entry!r}"
                              f"{did_you_mean(str(entry), known)}; the decks' entries: "
                              f"{few(known)}")
    return set(value)


def variant_label(entry: str, taken: dict[str, str]) -> str:
    """'without Coin Purse': a variant name (characters a name may not hold become '_')."""
    plain = "".join(c if NAME_CHARS.fullmatch(c) else "_" for c in entry)
    plain = re.sub(r"\s+", " ", plain).strip() or "card"      # before the uniqueness check
    name = (PREFIX + plain)[:MAX_NAME - 4].rstrip()
    label, i = name, 2
    while label in taken or label == "baseline":
        label, i = f"{name} #{i}", i + 1
    return label


def save_plan(plan: CardsPlan) -> None:
    write_json(Path(plan.cfg.out) / RESULTS,
               {"cards": plan.cards, "skipped": [list(s) for s in plan.skipped],
                "method": "one variant per card, removed from the game, on the baseline's seeds "
                          "(paired game by game)"})
