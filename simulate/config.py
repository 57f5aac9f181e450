"""TOML -> a validated run configuration, or a one-line ConfigError naming the problem.

```toml
[run]       game, games (per variant and player count), seed, jobs, out, chunk, until_ci,
            engine, decision_seconds (time limit of one strategy decision, Python engine;
            default 60, 0 = none)
[players]   count (int or list), strategies (one for all, or one per seat), heroes,
            rotate (true: every game seed is played in every rotation of the seats)
[rules]     overrides of the game's printed rules (the baseline)
[[variants]] name = "...", optional seed = N (its own seed: compared unpaired), then rule
            overrides for that variant, and components = { "file:Entry.field" = value,
            remove = [...], copies = {...} } (simulate/games/component_edits.py)
[sweep]     rule = [values, ...] for one or more rules or "file:Entry.field" addresses: one
            variant per point of the grid (a point equal to the baseline is the baseline)
[tune], [sensitivity], [cards]  read by `simulate tune` / `sensitivity` / `cards`
            (simulate/adaptive/)
[components] folder = "..." (beside the config): the game's data files for this study; and
            changes to single entries for every variant, as a variant's components table
```
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from simulate.config_file import load_toml
from simulate.games import get_game
from simulate.games.base import ConfigError, GameSpec, did_you_mean, make_rules, rules_dict
from simulate.games.component_edits import is_address, shown
from simulate.games.component_files import Changes, data_folder, study_folder
from simulate.games.grants import parse_grant, shown_grant
from simulate.leads import check_report
from simulate.results_folder import resolve_out
from simulate.twins import retrained_twins
from strategies import build_strategy

RUN_KEYS = {"game", "games", "seed", "jobs", "out", "chunk", "until_ci", "engine",
            "decision_seconds", "retrain"}
PLAYER_KEYS = {"count", "strategies", "heroes", "rotate"}
TOP_KEYS = {"run", "players", "rules", "variants", "sweep", "tune", "sensitivity", "components",
            "report", "cards", "train"}
BASELINE = "baseline"
# Variant names are labels (never file names): printable, no quotes, slashes or angle brackets.
NAME_CHARS = re.compile(r"[\w .,:;=+\-\[\]()#%@!~^]+")
MAX_NAME = 80
VARIANT_KEYS = ("name", "seed", "strategies", "components", "grant", "retrain")  # not rules
MAX_SWEEP_NAME = 300      # a sweep point's name lists every swept rule and its value
# Bounds checked before anything is allocated (a typo like games = 10**12 fails at once).
MAX_GAMES = 10**9         # per variant and player count
MAX_CHUNK = 100_000       # games per chunk (a chunk's rows are held in memory)
MAX_JOBS = 512
ENGINES = ("auto", "python", "compiled")   # who plays a run: simulate/engines.py
MAX_VARIANTS = 1000       # variants plus sweep points
MAX_CHUNKS = 200_000      # chunks in one run
MAX_DECISION_SECONDS = 3600.0
# The default time limit of one strategy decision. Built-in heuristics decide in microseconds and
# `search` at its default budget in milliseconds, so a minute only ever stops a strategy that
# hangs (a sleep, an endless loop, a runaway regex), at a cost of one minute; a deep search on the
# slow engines may need more: raise it, or set 0 (no limit).
DEFAULT_DECISION_SECONDS = 60.0


@dataclass(frozen=True)
class Variant:
    name: str
    overrides: dict[str, Any]      # rule values that differ from the printed rules
    rules: Any                     # the game's Rules instance
    seed: int | None = None        # its own run seed (then compared unpaired), else the run's
    strategies: list[Any] | None = None   # the variant's own seat strategies (a skill ladder)
    components: tuple = ()         # changes to single component entries (component_edits)
    grant: tuple | None = None     # (file, entry, seat): a card that seat starts with (grants)
    folder: str | None = None      # its own components folder (else the run's), edits on top
    # A re-trained twin (simulate/adaptive/retrain.py): the variant it re-plays (``of``) and
    # the [train] settings; ``trained`` (per player count, the seats' strategies) is filled in
    # by training before its games, and is a function of the rest (not part of the identity).
    retrain: dict | None = None
    of: str | None = None
    trained: dict[int, list[Any]] | None = None

    def seat_strategies(self, cfg: "RunConfig", players: int | None = None) -> list[Any]:
        if self.retrain is not None:
            if self.trained is None or players not in self.trained:
                raise RuntimeError(f"variant '{self.name}': its strategies are not trained yet")
            return self.trained[players]
        return self.strategies if self.strategies is not None else cfg.strategies


@dataclass
class RunConfig:
    game: str
    games: int
    seed: int
    jobs: int
    out: str
    chunk: int
    player_counts: list[int]
    strategies: list[Any]          # config form, one per seat (max seats)
    heroes: list[str | None]       # one per seat; None = dealt at random
    variants: list[Variant]
    raw: dict[str, Any] = field(default_factory=dict)
    rotate: bool = False           # play every seed in every rotation of the seats
    until_ci: float | None = None  # play in rounds until every headline interval is this narrow
    engine: str = "auto"           # one of ENGINES (simulate/engines.py)
    decision_seconds: float | None = DEFAULT_DECISION_SECONDS   # None: no limit (Python engine)
    components: str | None = None  # [components] folder: the study's data files (None: shipped)

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game)

    @property
    def data(self) -> str | None:
        """The game's data folder: ``[components] folder``, else what this process reads."""
        return self.components or data_folder(self.game)

    def data_of(self, variant: Variant) -> str | None:
        """The data folder ``variant`` plays: its own ``components = {folder = ...}``, else the
        run's."""
        return variant.folder or self.data

    def study_folders(self) -> list[str]:
        """Every folder of the study's own data files: ``[components]``'s, then the variants'."""
        found = [self.components] + [v.folder for v in self.variants]
        return list(dict.fromkeys(f for f in found if f))

    def identity(self) -> dict[str, Any]:
        """What decides the numbers: a resumed run must match it exactly."""
        return {"game": self.game, "games": self.games, "seed": self.seed, "chunk": self.chunk,
                "player_counts": self.player_counts, "strategies": self.strategies,
                "heroes": self.heroes,
                "variants": [_variant_identity(v) for v in self.variants],
                "engine_version": self.spec.version, **({"rotate": True} if self.rotate else {})}

    def identity_hash(self) -> str:
        return identity_digest(self.identity())


def identity_digest(identity: dict[str, Any]) -> str:
    text = json.dumps(identity, sort_keys=True, default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _variant_identity(variant: Variant) -> dict[str, Any]:
    named = {"name": variant.name, "rules": rules_dict(variant.rules)}
    if variant.strategies:
        named["strategies"] = variant.strategies
    if variant.folder:
        named["components folder"] = variant.folder
    if variant.components:
        named["components"] = [shown(e) for e in variant.components]
    if variant.grant:
        named["grant"] = shown_grant(variant.grant)
    if variant.retrain is not None:
        named.update(retrained_of=variant.of, retrain=variant.retrain)
    return named if variant.seed is None else {**named, "seed": variant.seed}


def load_config(path: str | Path, **overrides: Any) -> RunConfig:
    """Read and validate a config file; keyword overrides (games, seed, jobs, out) win."""
    return parse_config(load_toml(path), **overrides)


def parse_config(data: dict[str, Any], **overrides: Any) -> RunConfig:
    _only(data, TOP_KEYS, "top level")
    run = _table(data, "run")
    _only(run, RUN_KEYS, "[run]")
    if "game" not in run:
        raise ConfigError("[run]: 'game' is missing")
    spec = get_game(_typed(run["game"], str, "[run] game"))
    check_report(data.get("report", {}), spec)
    for key, value in overrides.items():
        if value is not None:
            run[key] = value
    games = _positive(run.get("games", 1000), "[run] games", MAX_GAMES)
    seed = _typed(run.get("seed", 0), int, "[run] seed")
    if not 0 <= seed < 2**63:
        raise ConfigError(f"[run] seed = {seed} is invalid; allowed: an integer 0..2**63-1")
    jobs = _positive(run.get("jobs", 1), "[run] jobs", MAX_JOBS)
    chunk = _positive(run.get("chunk", 2000), "[run] chunk", MAX_CHUNK)
    out = str(resolve_out(run.get("out", f"runs/{spec.name}")))
    until_ci = _width(run.get("until_ci"), "[run] until_ci")
    decision_seconds = _seconds(run.get("decision_seconds", DEFAULT_DECISION_SECONDS),
                                "[run] decision_seconds")
    engine = _typed(run.get("engine", "auto"), str, "[run] engine")
    if engine not in ENGINES:
        raise ConfigError(f"[run] engine = {engine!r} is invalid; allowed: {', '.join(ENGINES)}")

    players = _table(data, "players")
    _only(players, PLAYER_KEYS, "[players]")
    counts = _player_counts(players.get("count", spec.players[0]), spec)
    seats = max(counts)
    strategies = _per_seat(players.get("strategies", spec.default_strategy), seats,
                           "[players] strategies")
    for i, strategy in enumerate(strategies):
        build_strategy(spec.name, strategy, f"[players] strategies (seat {i})")
    heroes = _heroes(players.get("heroes", "random"), seats, spec)
    rotate = players.get("rotate", False)
    if not isinstance(rotate, bool):
        raise ConfigError(f"[players] rotate = {rotate!r} is invalid; allowed: true, false")

    baseline_overrides = _table(data, "rules")
    folder = _components(data, spec.name)
    common = {k: v for k, v in _table(data, "components").items() if k != "folder"}
    baseline_rules = make_rules(spec.rules_class, baseline_overrides, "[rules]")
    changes = Changes(spec.name, folder)
    if common:
        changes = Changes(spec.name, folder,
                          changes.checked(common, "[components]", spec, baseline_rules, seats))
    variants = [Variant(BASELINE, baseline_overrides, baseline_rules, components=changes.common)]
    raw_variants = data.get("variants", [])
    if not isinstance(raw_variants, list):
        raise ConfigError("variants must be an array of tables: [[variants]] name = ...")
    if len(raw_variants) > MAX_VARIANTS:
        raise ConfigError(f"[[variants]]: {len(raw_variants):,} given; the most is "
                          f"{MAX_VARIANTS:,}")
    for i, table in enumerate(raw_variants):
        variants.append(_variant(table, i, spec, baseline_overrides, variants, changes,
                                 seats=seats))
    for table in sweep_points(_table(data, "sweep")):
        variant = _variant(table, len(variants) - 1, spec, baseline_overrides, variants, changes,
                           "[sweep]", seats=seats)
        base = variants[0]
        if rules_dict(variant.rules) != rules_dict(base.rules) or (   # else: the baseline
                variant.components != base.components and
                changes.loaded(variant.components) != changes.loaded(base.components)):
            variants.append(variant)
    _check_look_ahead(spec, strategies + [s for v in variants for s in v.strategies or []])
    _check_rules_at(spec, variants, counts)
    variants += retrained_twins(variants, run.get("retrain", False), raw_variants)
    _check_size(len(variants), len(counts), games, chunk)
    return RunConfig(spec.name, games, seed, jobs, out, chunk, counts, strategies, heroes,
                     variants, raw=data, rotate=rotate, until_ci=until_ci, engine=engine,
                     decision_seconds=decision_seconds, components=folder)


def _components(data: dict, game: str) -> str | None:
    table = _table(data, "components")
    _only({k: v for k, v in table.items() if not is_address(k)},
          {"folder", "remove", "copies"}, "[components]")
    return study_folder(_typed(table["folder"], str, "[components] folder"), game) \
        if "folder" in table else None


def _check_rules_at(spec: GameSpec, variants: list, counts: list[int]) -> None:
    """Rules that depend on the table's size (GameSpec.check_players), checked against each
    player count the config asks for."""
    if spec.check_players is None:
        return
    for variant in variants:
        for n in counts:
            spec.check_players(variant.rules, n, f"variant '{variant.name}'")


def _check_size(variants: int, counts: int, games: int, chunk: int) -> None:
    """The run's chunk list must stay small enough to plan (checked before it is built)."""
    chunks = variants * counts * -(-games // chunk)
    if chunks > MAX_CHUNKS:
        raise ConfigError(f"{variants} variant(s) x {counts} player count(s) x {games:,} games "
                          f"in chunks of {chunk:,} make {chunks:,} chunks; the most is "
                          f"{MAX_CHUNKS:,}: raise [run] chunk or lower [run] games")


def _variant(table: Any, i: int, spec: GameSpec, baseline: dict, seen: list[Variant],
             changes: Changes, where: str = "", seats: int = 0) -> Variant:
    where = where or f"[[variants]] #{i + 1}"
    if not isinstance(table, dict) or not isinstance(table.get("name"), str) or not table["name"]:
        raise ConfigError(f"{where}: each variant needs a name = \"...\"")
    name = variant_name(table["name"], where)
    if any(v.name == name for v in seen):
        raise ConfigError(f"{where}: variant name '{name}' is used twice (or is 'baseline')")
    own_seed = table.get("seed")
    if own_seed is not None and (isinstance(own_seed, bool) or not isinstance(own_seed, int)
                                 or own_seed < 0):
        raise ConfigError(f"{where}: seed = {own_seed!r} is invalid; allowed: an integer >= 0")
    strategies = None
    if "strategies" in table and seats:        # a variant may change who plays, not the rules
        strategies = _per_seat(table["strategies"], seats, f"variant '{name}': strategies")
        for s, strategy in enumerate(strategies):
            build_strategy(spec.name, strategy, f"variant '{name}': strategies (seat {s})")
    own = table.get("components", {})
    point = {k: v for k, v in table.items() if is_address(k)}          # a sweep's point
    own = {**own, **point} if isinstance(own, dict) else own
    folder = None
    if isinstance(own, dict) and "folder" in own:          # a whole folder as the variant
        own = dict(own)
        folder = _variant_folder(own.pop("folder"), spec.name, f"variant '{name}'")
        changes = Changes(spec.name, folder, changes.common)
    overrides = {**baseline, **{k: v for k, v in table.items()
                                if k not in VARIANT_KEYS and not is_address(k)}}
    rules = make_rules(spec.rules_class, overrides, f"variant '{name}'")
    grant = parse_grant(table["grant"], spec, seats, f"variant '{name}'") \
        if "grant" in table else None
    edits = changes.checked(own, f"variant '{name}'", spec, rules, seats, grant) \
        if own != {} or grant or folder else changes.common
    return Variant(name, overrides, rules, own_seed, strategies, edits, grant, folder)


def _variant_folder(value: Any, game: str, where: str) -> str:
    """A variant's ``components = { folder = "..." }`` (resolved beside the config), checked as
    ``[components] folder`` is."""
    folder = _typed(value, str, f"{where}: components folder")
    try:
        return study_folder(folder, game)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {str(exc).removeprefix('[components] folder: ')}") from None


def variant_name(name: str, where: str) -> str:
    """A variant's name: a label shown in tables and the report, 1..80 plain characters."""
    limit = MAX_SWEEP_NAME if where == "[sweep]" else MAX_NAME
    if len(name) > limit or not NAME_CHARS.fullmatch(name) or name != name.strip():
        shown = name if len(name) <= 60 else name[:60] + "..."
        raise ConfigError(f"{where}: variant name {shown!r} is invalid; allowed: 1..{limit} "
                          "letters, digits, spaces and . , : ; = + - [ ] ( ) # % @ ! ~ ^ _ "
                          "(no leading or trailing space)")
    return name


def sweep_points(sweep: dict[str, Any]) -> list[dict[str, Any]]:
    """``{a = [1, 2], b = [x, y]}`` -> one variant table per point of the grid, named
    ``"a=1 b=x"`` (rule values are checked when each variant is built)."""
    for key, values in sweep.items():
        if not isinstance(values, list) or not values:
            raise ConfigError(f"[sweep]: {key} needs a non-empty list of values, e.g. "
                              f"{key} = [4, 5, 6]")
    size = 1
    for values in sweep.values():
        size *= len(values)
    if size > MAX_VARIANTS:
        raise ConfigError(f"[sweep]: the grid has {size:,} points; the most is {MAX_VARIANTS:,}")
    points = [{}] if sweep else []
    for key, values in sweep.items():
        points = [{**p, key: v} for p in points for v in values]
    return [{"name": " ".join(f"{k}={show_value(v)}" for k, v in p.items()), **p}
            for p in points]


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ",".join(map(show_value, value)) + "]"
    return str(value)


def _player_counts(value: Any, spec: GameSpec) -> list[int]:
    values = value if isinstance(value, list) else [value]
    lo, hi = spec.players
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ConfigError(f"[players] count = {value!r} is invalid for {spec.name}; "
                              f"allowed: {lo}..{hi} (or a list of them)")
    if not values or len(set(values)) != len(values):
        raise ConfigError(f"[players] count = {value!r}: give distinct player counts")
    return sorted(values)


def _per_seat(value: Any, seats: int, where: str) -> list[Any]:
    if isinstance(value, list):
        if len(value) != seats:
            raise ConfigError(f"{where}: {len(value)} given for {seats} seats; "
                              "give one for all seats or exactly one per seat")
        return list(value)
    return [value] * seats


ALL_HEROES = "all"


def _heroes(value: Any, seats: int, spec: GameSpec) -> list[str | None]:
    if value == ALL_HEROES:
        if len(spec.heroes) < seats:
            raise ConfigError(f'[players] heroes = "all" needs at least {seats} heroes; '
                              f"{spec.name} has {len(spec.heroes)}")
        for n in range(spec.players[0], seats + 1):
            all_heroes_stride(spec.name, n)
        return [ALL_HEROES] * seats
    chosen = _per_seat(value, seats, "[players] heroes")
    result = []
    by_lower = {h.lower(): h for h in spec.heroes}
    for hero in chosen:
        if isinstance(hero, str) and hero.lower() == "random":
            result.append(None)
        elif isinstance(hero, str) and hero.lower() in by_lower:      # "thief" = "Thief"
            result.append(by_lower[hero.lower()])
        else:
            allowed = ", ".join(("random", ALL_HEROES) + spec.heroes)
            raise ConfigError(f"[players] heroes: unknown hero {hero!r} for {spec.name}"
                              f"{did_you_mean(hero, spec.heroes)}; allowed: {allowed}")
    fixed = [h for h in result if h]
    if len(fixed) != len(set(fixed)):
        raise ConfigError("[players] heroes: a hero can be fixed for one seat only")
    return result


def can_look_ahead(spec: GameSpec) -> bool:
    """Whether the game's State has ``determinize`` (base.py), which ``search`` needs."""
    players = max(spec.players[0], min(2, spec.players[1]))
    return hasattr(spec.new_game(spec.rules_class(), players, random.Random(0), None),
                   "determinize")


def _check_look_ahead(spec: GameSpec, strategies: list[Any]) -> None:
    """A look-ahead strategy (search) needs the game's State.determinize: say so now."""
    if not any(build_strategy(spec.name, s).looks_ahead for s in strategies):
        return
    if not can_look_ahead(spec):
        raise ConfigError(f"[players] strategies: search needs {spec.title}'s "
                          "State.determinize(seat, rng), which this game does not have yet")


def heroes_for_game(spec: GameSpec, heroes: list[str | None], index: int
                    ) -> list[str | None] | None:
    """The seats' heroes in game ``index``: with ``heroes = "all"`` every seat plays every hero
    once in each block of H games and who meets whom is balanced and seeded (simulate.hero_deal;
    the same in every variant); otherwise the fixed ones (None = dealt)."""
    if heroes and heroes[0] == ALL_HEROES:
        from simulate.hero_deal import dealt
        return dealt(spec.name, len(heroes), all_heroes_stride(spec.name, len(heroes)), index)
    return list(heroes) if any(heroes) else None


@cache
def all_heroes_stride(game: str, seats: int) -> int:
    """The smallest stride between seats' heroes that the game accepts at every table (Roll
    Player: two classes of one colour never meet, so its stride is 2)."""
    spec = get_game(game)
    h = len(spec.heroes)
    for stride in range(1, h):
        tables = [[spec.heroes[(i + s * stride) % h] for s in range(seats)] for i in range(h)]
        if all(len(set(t)) == seats and _accepted(spec, t) for t in tables):
            return stride
    raise ConfigError(f'[players] heroes = "all": no balanced assignment of {spec.name}\'s '
                      f"heroes to {seats} seats")


def _accepted(spec: GameSpec, heroes: list[str]) -> bool:
    try:
        spec.new_game(spec.rules_class(), len(heroes), random.Random(0), heroes)
    except (ConfigError, ValueError):
        return False
    return True


def _table(data: dict, key: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"[{key}] must be a table")
    return dict(value)


def _only(table: dict, allowed: set[str], where: str) -> None:
    for key in table:
        if key not in allowed:
            raise ConfigError(f"{where}: unknown key '{key}'{did_you_mean(key, allowed)}; "
                              f"allowed: {', '.join(sorted(allowed))}")


def _typed(value: Any, kind: type, where: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, kind):
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: {kind.__name__}")
    return value


def _width(value: Any, where: str) -> float | None:
    """An interval width for ``until_ci``: a number in (0, 1] (win rates are fractions)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 1e-6 <= value <= 1:
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: a width in [1e-6, 1], "
                          "e.g. 0.04 for +-2 points")
    return float(value)


def _seconds(value: Any, where: str) -> float | None:
    """A time limit in seconds: a number in (0, MAX_DECISION_SECONDS], or 0 for none (None)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not 0 <= value <= MAX_DECISION_SECONDS:
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: a number of seconds in "
                          f"(0, {MAX_DECISION_SECONDS:g}], e.g. 2.0, or 0 for no limit")
    return float(value) or None


def is_number(value: Any) -> bool:
    """A finite int or float that a float can hold (not a bool, nan, inf or 10**400)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return abs(value) <= sys.float_info.max and (isinstance(value, int) or math.isfinite(value))


def _positive(value: Any, where: str, maximum: int = MAX_GAMES) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= maximum:
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: an integer 1..{maximum:,}")
    return value
