"""`simulate cards`: what each card is worth, by two interventions on the baseline's seeds.

```toml
[cards]
decks = ["adventure_cards"]     # data files whose entries are cards (simulate/games/<game>/data/)
entries = ["Coin Purse"]        # optional: only these entries (default: every entry of the decks)
interventions = ["removed", "granted"]   # optional: the default; also "restricted"
pay = true                      # optional: each card granted at its price (default false: free)
pairs = 4                       # optional: the 4 most valuable cards' pairs removed together
```

*Removed*: each entry of the decks becomes one variant without it (``remove = ["deck:Entry"]``;
an entry with a ``count`` loses every copy). *Granted*: one seat starts the game with one copy
(simulate/games/grants.py; what that means is the game's ruling in its RULES.md), one variant per
seat, so the granted seat is rotated over every seat of a seed: a seed with its rotations is one
unit, and the card's value is the granted seat's win rate and score minus the same seat's in the
baseline game of the same seed (paired). With ``pay = true`` the seat gets the card at its price
(grants.py; each game's ruling in its RULES.md), so a card's value is net of its cost.
Where the game refuses a removal or a grant (a set that
cannot be set up without it, a file whose cards cannot be removed, a deck it cannot grant from)
that intervention is skipped and the reason kept. The plan is written to ``cards.json`` in the
out folder; the report's section "What each card is worth" reads it (reports/cards.py).
With ``pairs = K`` the K cards whose removal moved the headline most are then removed in pairs
(card_pairs.py): whether two cards' effects add up or work together.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any, Callable

from simulate.adaptive.rounds import base_run
from simulate.adaptive.study_files import write_study
from simulate.config import NAME_CHARS, MAX_NAME, RunConfig, Variant
from simulate.games.base import ConfigError, did_you_mean
from simulate.games.component_edits import entry_names, few
from simulate.games.component_files import (Changes, DataFile, DataFolder, game_components,
                                             shipped_files)
from simulate.games.grants import paid_stem, parse_grant, to_seat

KEYS = {"decks", "entries", "interventions", "pay", "pairs"}
RESULTS = "cards.json"
PREFIX = "without "
GRANTED = "granted "
INTERVENTIONS = ("removed", "granted", "restricted")
DEFAULT_INTERVENTIONS = ("removed", "granted")     # restricted seats play on Python: asked for
RESTRICTED = "never "


@dataclasses.dataclass
class CardsPlan:
    cfg: RunConfig                      # the baseline, one variant per card removed, and
    cards: dict[str, str]               # variant name -> "deck:Entry" removed
    skipped: list[tuple[str, str]]      # ("deck:Entry", why the game refused its removal)
    granted: dict[str, list] = dataclasses.field(default_factory=dict)  # one per card and seat:
    # variant name -> ["deck:Entry", seat]
    pay: bool = False                   # each card granted at its price
    pairs: int = 0                      # the top cards whose pairs are removed together (0: none)
    restricted: dict[str, list] = dataclasses.field(default_factory=dict)  # one per card and
    # seat: variant name -> ["deck:Entry", seat], that seat never taking the card
    pairs_record: dict | None = None    # card_pairs.PairsPlan.record(), once they are played


def plan_cards(data: dict[str, Any], pairs: int | None = None, **overrides: Any) -> CardsPlan:
    """The study of ``data``'s [cards] table; ``pairs`` (--pairs) overrides its ``pairs``."""
    from simulate.adaptive.card_pairs import pairs_wanted
    table, base = base_run(data, "cards", KEYS, True, overrides)
    decks = _decks(table.get("decks"), base)
    wanted = _entries(table.get("entries"), decks)
    chosen = _interventions(table.get("interventions", list(DEFAULT_INTERVENTIONS)))
    pay = table.get("pay", False)
    if not isinstance(pay, bool):
        raise ConfigError(f"[cards] pay = {pay!r} is invalid; allowed: true (each card granted "
                          "at its price) or false (free, the default)")
    if pay and "granted" in chosen:               # a game that cannot grant at a price: once
        for deck in decks:
            paid_stem(deck.removesuffix(".json"), base.spec, "[cards] pay = true")
    top = pairs_wanted(table.get("pairs") if pairs is None else pairs, chosen,
                       "--pairs" if pairs is not None else "[cards] pairs")
    baseline = base.variants[0]
    changes = Changes(base.game, base.components, baseline.components)
    plan = CardsPlan(base, {}, [], pay=pay, pairs=top)
    variants, taken = [baseline], {}
    for deck, names in decks.items():
        for entry in names:
            if wanted is not None and entry not in wanted:
                continue
            card = f"{deck}:{entry}"
            if "removed" in chosen:
                variants += _removed(plan, card, changes, base, taken)
            if "granted" in chosen:
                variants += _granted(plan, card, changes, base, taken)
            if "restricted" in chosen:
                variants += _restricted(plan, card, base, taken)
    if not plan.cards and not plan.granted and not plan.restricted:
        raise ConfigError(f"[cards]: no card can be {' or '.join(chosen)} in this game"
                          + (f" ({plan.skipped[0][1]})" if plan.skipped else ""))
    plan.cfg = dataclasses.replace(base, variants=variants)
    return plan


def _removed(plan: CardsPlan, card: str, changes: Changes, base: RunConfig,
             taken: dict) -> list[Variant]:
    baseline = base.variants[0]
    try:
        edits = changes.checked({"remove": [card]}, f"[cards] {card}", base.spec,
                                baseline.rules, max(base.player_counts))
    except ConfigError as exc:
        plan.skipped.append((card, str(exc)))
        return []
    name = variant_label(card.split(":", 1)[1], taken)
    taken[name] = card
    plan.cards[name] = card
    return [Variant(name, baseline.overrides, baseline.rules, components=edits)]


def _granted(plan: CardsPlan, card: str, changes: Changes, base: RunConfig,
             taken: dict) -> list[Variant]:
    """One variant per seat of the largest table, each granting that seat the card (a seat
    beyond a smaller table plays the baseline there: grants.grant_at)."""
    baseline, seats = base.variants[0], max(base.player_counts)
    names = [variant_label(f"{card.split(':', 1)[1]}, seat {seat}", taken, GRANTED)
             for seat in range(seats)]
    try:
        variants = granted_twins(baseline, card, plan.pay, changes, base.spec, seats, {},
                                 f"[cards] {card} (granted)", names.__getitem__)
    except ConfigError as exc:
        plan.skipped.append((card, f"granted: {exc}"))
        return []
    for seat, name in enumerate(names):
        taken[name] = card
        plan.granted[name] = [card, seat]
    return variants


def _restricted(plan: CardsPlan, card: str, base: RunConfig, taken: dict) -> list[Variant]:
    """One variant per seat of the largest table, that seat never taking the card (restricted
    play, strategies/restricted.py), on the Python engine beside the rest on the kernel."""
    entry = card.split(":", 1)[1]
    names = base.spec.card_names() if base.spec.card_names else ()
    if entry not in names:
        plan.skipped.append((card, f"restricted: {entry} is not a card a seat takes in "
                                   f"{base.spec.title} (simulate list {base.game})"))
        return []
    baseline, seats = base.variants[0], max(base.player_counts)
    lineup = list(baseline.strategies or base.strategies)
    variants = []
    for seat in range(seats):
        form = lineup[seat]
        form = {"name": form} if isinstance(form, str) else dict(form)
        form["restrict"] = sorted(set(form.get("restrict", [])) | {f"card:{entry}"})
        name = variant_label(f"{entry}, seat {seat}", taken, RESTRICTED)
        taken[name] = card
        plan.restricted[name] = [card, seat]
        variants.append(dataclasses.replace(baseline, name=name, strategies=[
            form if s == seat else lineup[s] for s in range(len(lineup))]))
    return variants


def granted_twins(point: Variant, card: str, pay: bool, changes: Changes, spec: Any,
                  seats: int, fields: dict, where: str,
                  name: Callable[[int], str]) -> list[Variant]:
    """``point``'s twins, one per seat of a ``seats`` table, that seat granted ``card`` (at its
    price with ``pay``): the same rules and components (``fields``: the point's own changes over
    the common ones, so the grant is checked on the set its twins play). A seat beyond a smaller
    table is not played there (runner.seat_absent). `simulate cards` and tune's granted targets
    both build their twins here."""
    grant = parse_grant({"card": card, "seat": 0, "pay": pay}, spec, seats, where)
    changes.checked(fields, where, spec, point.rules, seats, grant)
    return [dataclasses.replace(point, name=name(seat), grant=to_seat(grant, seat))
            for seat in range(seats)]


def _interventions(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not set(value) <= set(INTERVENTIONS) or \
            len(set(value)) != len(value):
        raise ConfigError(f"[cards] interventions = {value!r} is invalid; allowed: a list of "
                          f"{', '.join(INTERVENTIONS)} (default removed and granted)")
    return tuple(value)


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
        raw = _raw(base, stem)
        names = entry_names(raw, _declared_entries(base.game, raw))
        if not names:
            raise ConfigError(f"[cards] decks: {stem} holds no named entries (no cards to "
                              "remove)")
        decks[stem] = names
    return decks


def _declared_entries(game: str, raw: Any) -> tuple[str, ...] | None:
    """The keys holding the file's entries as its model declares them (``DataFile.ENTRIES``:
    objects too, such as Roll Player's ``classes``), the model being the game's file model whose
    entries and fields fit the file's keys; None (every top-level list) when none fits."""
    keys = {k for k in raw if not k.startswith("_")} if isinstance(raw, dict) else set()
    for model in vars(game_components(game)).values():
        if isinstance(model, type) and issubclass(model, DataFile) and model.ENTRIES and \
                set(model.ENTRIES) <= keys <= set(model.model_fields):
            return model.ENTRIES
    return None


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


def variant_label(entry: str, taken: dict[str, str], prefix: str = PREFIX) -> str:
    """'without Coin Purse': a variant name (characters a name may not hold become '_')."""
    plain = "".join(c if NAME_CHARS.fullmatch(c) else "_" for c in entry)
    plain = re.sub(r"\s+", " ", plain).strip() or "card"      # before the uniqueness check
    name = (prefix + plain)[:MAX_NAME - 4].rstrip()
    label, i = name, 2
    while label in taken or label == "baseline":
        label, i = f"{name} #{i}", i + 1
    return label


def plan_summary(plan: CardsPlan) -> str:
    """'51 cards removed one at a time, 51 granted to each of 3 seats, 0 refused by the game'."""
    seats = max(plan.cfg.player_counts)
    granted = len({card for card, _ in plan.granted.values()})
    price = " at its price" if plan.pay and granted else ""
    restricted = len({card for card, _ in plan.restricted.values()})
    forbidden = f", {restricted} forbidden to each seat in turn" if restricted else ""
    return (f"{len(plan.cards)} cards removed one at a time, {granted} granted{price} to each "
            f"of {seats} seat{'s' if seats > 1 else ''}{forbidden}, {len(plan.skipped)} refused "
            "by the game")


def save_plan(plan: CardsPlan) -> None:
    write_study(Path(plan.cfg.out) / RESULTS,
               {"cards": plan.cards, "granted": plan.granted, "pay": plan.pay,
                "skipped": [list(s) for s in plan.skipped], "pairs_wanted": plan.pairs,
                **({"restricted": plan.restricted} if plan.restricted else {}),
                **({"pairs": plan.pairs_record} if plan.pairs_record else {}),
                "method": "removed: one variant per card, taken out of the game; granted: one "
                          "variant per card and seat, that seat starting with the card; both on "
                          "the baseline's seeds (paired game by game)"})
