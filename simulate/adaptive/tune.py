"""`simulate tune`: find the rule values that meet a config's ``[tune]`` targets.

```toml
[tune]
rules = { damage_to_lose = [2, 12] }   # rule -> [low, high] inside its declared range
                                       # (or rules = ["damage_to_lose"]: the declared range);
                                       # a component field by its address, with its range:
                                       # rules = { "market:Longsword.cost" = [0, 8] }
step = { }                 # grid step per rule (required for float rules; default 1)
tolerance = 0.03           # default tolerance of every target
confidence = 0.95
first_games = 200          # the first round of every candidate; rounds then double
max_games = 6400           # cap per candidate and player count (default: [run] games)
budget = 100000            # optional cap on all games played
method = "auto"            # auto | bisection | halving | price (auto: price for one
                           # component field and one granted target, bisection for one rule)

[[tune.targets]]
metric = "team_win_rate"   # see simulate.adaptive.metrics.METRICS, or a game column
players = 3
equals = 0.5               # or at_most = ..., or at_least = ...
# a granted target: metric = "granted_uplift", card = "deck:Entry" (pay = true: granted at
# its price, so tuning the card's cost moves it: configs/tune_price_roll_player.toml)
```

The run directory is a normal one: one variant per grid point (named like a sweep point), its
Parquet tables, ``manifest.json`` (with why the search stopped), ``tune.json`` (every candidate
with its interval) and ``report.html``. A killed tune resumes: the search is a function of the
games' results, so a rerun replays its finished rounds from disk and carries on.
"""
from __future__ import annotations

import dataclasses
import json
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np

from simulate.adaptive.cards import granted_twins
from simulate.adaptive.metrics import (METRICS, Metric, granted_variant, metric_kind,
                                       parse_metric, read_values)
from simulate.adaptive.prices import PRICE, find_price
from simulate.adaptive.study_files import write_study
from simulate.adaptive.rounds import base_run, games_cap, record_stopping, schedule
from simulate.adaptive.search import BISECTION, GOALS, HALVING, Point, Search, Target, bisect, halve
from simulate.config import RunConfig, Variant, _only, _positive, is_number, show_value
from simulate.games.base import ConfigError, did_you_mean, make_rules, rule_fields
from simulate.games.component_edits import is_address
from simulate.games.component_files import Changes
from simulate.runner import run

TUNE_KEYS = {"rules", "step", "tolerance", "confidence", "first_games", "max_games", "budget",
             "method", "targets"}
TARGET_KEYS = {"metric", "seat", "players", "tolerance", "card", "pay"} | set(GOALS)
MAX_GRID = 400


@dataclasses.dataclass
class TunePlan:
    cfg: RunConfig                       # one variant per grid point
    rules: list[str]
    grid: list[Point]
    targets: list[Target]
    sizes: list[int]
    confidence: float
    budget: int | None
    method: str
    inside: dict[tuple[Point, Point], list[Point]] = dataclasses.field(default_factory=dict)
    # method "price": the prices played inside each bracket of neighbouring grid prices

    def variant_name(self, point: Point) -> str:
        return " ".join(f"{r}={show_value(v)}" for r, v in zip(self.rules, point))


def plan_tune(data: dict[str, Any], **overrides: Any) -> TunePlan:
    """Validate ``[tune]`` (one-line ConfigErrors) and build the run of every grid point."""
    tune, base = base_run(data, "tune", TUNE_KEYS, True, overrides)
    spec = base.spec
    rules, axes = _axes(tune, spec.rules_class)
    confidence = _number(tune.get("confidence", 0.95), "[tune] confidence", 0.5, 0.999)
    tolerance = _number(tune.get("tolerance", 0.02), "[tune] tolerance", 0, None)
    targets = [_target(t, i, spec, base.player_counts, tolerance)
               for i, t in enumerate(_targets(tune))]
    grid = list(product(*axes))
    if len(grid) > MAX_GRID:
        raise ConfigError(f"[tune]: the grid has {len(grid):,} points (at most {MAX_GRID}); "
                          "narrow the ranges or give a coarser step")
    cap = games_cap(tune, "tune", base, overrides)
    first = _positive(tune.get("first_games", min(200, cap)), "[tune] first_games")
    budget = tune.get("budget")
    budget = None if budget is None else _positive(budget, "[tune] budget")
    method = tune.get("method", "auto")
    method = _method(method, rules, targets)
    plan = TunePlan(base, rules, grid, targets, schedule(first, cap, base.chunk), confidence,
                    budget, method)
    if method == "price":
        plan.inside = {(a, b): [(v,) for v in _inner(a[0], b[0])]
                       for a, b in zip(grid, grid[1:])}
    variants = []
    changes = Changes(spec.name, base.components, base.variants[0].components)
    for point in grid + [p for inner in plan.inside.values() for p in inner]:
        knobs = dict(zip(rules, point))
        overrides = {**base.variants[0].overrides,
                     **{k: v for k, v in knobs.items() if not is_address(k)}}
        fields = {k: v for k, v in knobs.items() if is_address(k)}
        name = plan.variant_name(point)
        made = make_rules(spec.rules_class, overrides, f"[tune] {name}")
        edits = changes.checked(fields, f"[tune] {name}", spec, made,
                                max(t.players for t in targets)) if fields else changes.common
        variants.append(Variant(name, overrides, made, components=edits))
        variants += _granted_twins(variants[-1], targets, changes, spec, fields)
    plan.cfg = dataclasses.replace(base, games=cap, variants=variants,
                                   player_counts=sorted({t.players for t in targets}))
    return plan


def tune(plan: TunePlan, backend: str = "loky", scheduler: str | None = None,
         progress=None, fresh: bool = False) -> dict:
    """Run the search on the runner; write ``tune.json`` and the manifest's stopping note.
    ``fresh`` first deletes the tool's earlier results in the out folder."""
    cfg = plan.cfg
    names = {p: plan.variant_name(p)
             for p in plan.grid + [q for inner in plan.inside.values() for q in inner]}
    run(cfg, backend, scheduler, fresh=fresh, upto=0)      # claim (and clear) the folder

    granted = sorted({t.players for t in plan.targets if t.metric.card})
    seats = max(granted, default=0)

    def sample(step: dict[Point, int]) -> dict[Point, list]:
        upto: dict = {names[p]: n for p, n in step.items()}
        # a granted target: each point's twins play its games too, at the granted targets'
        # player counts only (and never where the granted seat is not at the table)
        upto.update({granted_variant(names[p], s): {k: n for k in granted if s < k}
                     for p, n in step.items() for s in range(seats)})
        run(cfg, backend, scheduler, progress, upto=upto)
        return {p: [read_values(cfg.out, t.metric, names[p], t.players, n)
                    for t in plan.targets] for p, n in step.items()}

    search = Search(sample, plan.targets, plan.sizes, plan.confidence, plan.budget)
    if plan.method == "price":
        result = find_price(search, plan.grid, lambda a, b: plan.inside[(a, b)],
                            lambda p: _changes_nothing(plan, names[p], search.get(p).games),
                            plan.confidence)
    else:
        result = (bisect if plan.method == "bisection" else halve)(search, plan.grid)
    result.update(rules=plan.rules, targets=[t.label for t in plan.targets],
                  target_words=[t.words(cfg.spec) for t in plan.targets],
                  target_kinds=[metric_kind(t.metric) for t in plan.targets],
                  target_values=[t.value for t in plan.targets],
                  target_bands=[[t.value - t.tolerance, t.value + t.tolerance] for t in plan.targets],
                  confidence=plan.confidence,
                  rounds=plan.sizes, final_toml=final_toml(plan, result))
    write_study(Path(cfg.out) / "tune.json", result)
    record_stopping(cfg.out, {"rule": "tune", "method": result["method"],
                              "reason": result["stopped"], "games_spent": result["games_spent"]})
    return result


def _method(method: Any, rules: list[str], targets: list[Target]) -> str:
    """auto: "price" for one component field and one granted target (a card's price), else
    "bisection" for one rule and one target, else "halving"."""
    if method not in ("auto", "bisection", "halving", "price"):
        raise ConfigError(f"[tune] method = {method!r} is invalid; allowed: auto, bisection, "
                          "halving, price")
    if method in ("bisection", "price") and (len(rules) > 1 or len(targets) > 1):
        raise ConfigError(f"[tune] method = {method!r} needs exactly one rule and one target")
    if method == "price" and not is_address(rules[0]):
        raise ConfigError(f"[tune] method = 'price' varies a component field "
                          f"(\"deck:Entry.field\"); {rules[0]} is a rule (use bisection)")
    if method != "auto":
        return method
    if len(rules) == 1 and len(targets) == 1:      # a card's value as its field varies
        return "price" if is_address(rules[0]) and targets[0].metric.card else "bisection"
    return "halving"


def _inner(a: Any, b: Any) -> list:
    """The prices the price search plays inside the bracket ``a .. b``: every whole number
    between them (at most 3, evenly spaced), or for a decimal field its quarters."""
    if isinstance(a, int) and isinstance(b, int):
        between = list(range(a + 1, b))
        if len(between) <= 3:
            return between
        return sorted({round(a + (b - a) * k / 4) for k in (1, 2, 3)} - {a, b})
    return [round(a + (b - a) * k / 4, 12) for k in (1, 2, 3)]


def _changes_nothing(plan: TunePlan, variant: str, games: int) -> bool:
    """A granted target's card changes no game at ``variant``: in none of its first ``games``
    seeds did a granted seat's win or score differ from its own game without the card."""
    target = plan.targets[0]
    card = target.metric.card
    if not card:
        return False
    found = [read_values(plan.cfg.out, Metric(name, card=card, pay=target.metric.pay), variant,
                         target.players, games)
             for name in ("granted_uplift", "granted_score_uplift")]
    return all(len(v) and not np.any(v) for v in found)


def _granted_twins(point: Variant, targets: list[Target], changes: Changes, spec: Any,
                   fields: dict) -> list[Variant]:
    """A granted target's twins of one grid point: the point's rules and components (checked
    with the grant on the point's own set, ``fields``), one seat starting with the card (at its
    price with ``pay = true``), one twin per seat of the largest granted table
    (granted_seed_means)."""
    granted = [t for t in targets if t.metric.card]
    cards = sorted({(t.metric.card, t.metric.pay) for t in granted})
    if not cards:
        return []
    if len(cards) > 1:
        shown = ", ".join(f"{c}{' (paid)' if p else ''}" for c, p in cards)
        raise ConfigError(f"[[tune.targets]]: one granted card per tune (got {shown})")
    card, pay = cards[0]
    where = f"[[tune.targets]] card = {card!r} at {point.name}"
    return granted_twins(point, card, pay, changes, spec, max(t.players for t in granted),
                         fields, where, lambda seat: granted_variant(point.name, seat))


def final_toml(plan: TunePlan, result: dict) -> str:
    """The config's [rules] with the best answer written in, ready to copy (a price search:
    of the two prices around the crossing, the one whose value lies nearer the target)."""
    crossing = result.get("crossing")
    if crossing:
        near = min(crossing["between"], key=lambda v: abs(_mean_at(result, v)
                                                           - plan.targets[0].value))
        lines = [f"# {result['method']}: {plan.targets[0].words(plan.cfg.spec)} is crossed between "
                 f"{crossing['between'][0]} and {crossing['between'][1]}; the price nearer it",
                 "[rules]"]
        best = {plan.rules[0]: near}
    elif not result["answer"]:
        return "# no value met every target: see the candidates tried"
    else:
        lines = [f"# {result['method']}: meets {'; '.join(t.words(plan.cfg.spec) for t in plan.targets)}",
                 "[rules]"]
        best = dict(zip(plan.rules, _closest(plan, result)))
    rules = {**plan.cfg.variants[0].overrides,
             **{k: v for k, v in best.items() if not is_address(k)}}
    lines += [f"{k} = {_toml(v)}" for k, v in rules.items()]
    own = plan.cfg.raw.get("components") or {}          # folder, changes, remove, copies
    components = {**own, **{k: v for k, v in best.items() if is_address(k)}}
    if components:                   # the config's own [components], the tuned values on top
        lines += ["[components]"] + [f"{_toml(k)} = {_toml(v)}" for k, v in components.items()]
    return "\n".join(lines)


def _mean_at(result: dict, value: Any) -> float:
    row = next(c for c in result["candidates"] if c["point"] == [value])
    return row["estimates"][0]["mean"]


def _closest(plan: TunePlan, result: dict) -> list:
    """Of the values that meet every target, the one whose estimates lie nearest the targets."""
    rows = {tuple(c["point"]): c for c in result["candidates"]}

    def distance(point: list) -> float:
        ests = rows[tuple(point)]["estimates"]
        return sum(abs(e["mean"] - t.value) / t.tolerance for e, t in zip(ests, plan.targets))
    return min(result["answer"], key=distance)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)   # a TOML basic string, quotes escaped
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    return repr(value)


def _axes(tune: dict, rules_class: type) -> tuple[list[str], list[list]]:
    given = tune.get("rules")
    if isinstance(given, list) and all(isinstance(r, str) for r in given):
        given = {r: None for r in given}
    if not isinstance(given, dict) or not given:
        raise ConfigError("[tune] rules: give the rules to vary, e.g. rules = { damage_to_lose "
                          "= [3, 12] } or rules = [\"damage_to_lose\"]")
    steps = tune.get("step", {})
    if not isinstance(steps, dict):
        raise ConfigError("[tune] step must be a table: step = { rule = 0.5 }")
    fields = {f.name: f for f in rule_fields(rules_class)}
    axes = []
    for name, span in given.items():
        if is_address(name):
            axes.append(_component_axis(name, span, steps.get(name)))
            continue
        f = fields.get(name)
        if f is None:
            raise ConfigError(f"[tune] rules: unknown rule '{name}'{did_you_mean(name, fields)}; "
                              f"known rules: {', '.join(fields)}")
        declared = f.metadata.get("range")
        if f.metadata.get("safety_limit"):
            raise ConfigError(f"[tune] rules: {name} is a safety limit, not a rule to tune")
        if not declared or isinstance(f.default, bool):
            raise ConfigError(f"[tune] rules: {name} has no declared range; tune varies "
                              "numeric rules with a range (use [sweep] for the others)")
        lo, hi = declared if span is None else _span(span, name, declared)
        axes.append(_values(name, lo, hi, steps.get(name), isinstance(f.default, int)))
    return list(given), axes


def _component_axis(name: str, span: Any, step: Any) -> list:
    """A component field's values: its [low, high] (a data file declares no range a tune could
    read; each value is checked by the game's models when its variant is built)."""
    if span is None:
        raise ConfigError(f"[tune] rules: {name} is a component field; give its range, e.g. "
                          f'rules = {{ "{name}" = [0, 8] }}')
    lo, hi = _span(span, name, (-float("inf"), float("inf")))
    return _values(name, lo, hi, step, all(isinstance(v, int) for v in span))


def _span(span: Any, name: str, declared: tuple, where: str = "[tune] rules") -> tuple:
    """``[low, high]`` inside ``declared`` (tune's rules, train's parameters)."""
    ok = isinstance(span, list) and len(span) == 2 and all(map(is_number, span))
    if not ok or span[0] >= span[1]:
        raise ConfigError(f"{where}: {name} = {span!r} is invalid; allowed: [low, high] "
                          f"with low < high")
    if span[0] < declared[0] or span[1] > declared[1]:
        raise ConfigError(f"{where}: {name} = {span!r} leaves the declared range "
                          f"{declared[0]}..{declared[1]}")
    return tuple(span)


def _values(name: str, lo: float, hi: float, step: Any, integer: bool) -> list:
    if step is None and not integer:
        raise ConfigError(f"[tune] step: {name} is a float rule; give its grid step, "
                          f"e.g. step = {{ {name} = 0.1 }}")
    step = 1 if step is None else step
    if not is_number(step) or step <= 0 or (integer and not isinstance(step, int)):
        raise ConfigError(f"[tune] step: {name} = {step!r} is invalid; allowed: a positive "
                          f"{'integer' if integer else 'number'}")
    count = int((hi - lo) / step + 1e-9) + 1
    if count > MAX_GRID:                        # checked before the values are listed
        raise ConfigError(f"[tune]: {name} has {count:,} values from {lo} to {hi} in steps of "
                          f"{step}; the grid has at most {MAX_GRID}: give a coarser step")
    return [lo + i * step if integer else round(lo + i * step, 12) for i in range(count)]


def _targets(tune: dict) -> list:
    targets = tune.get("targets")
    if not isinstance(targets, list) or not targets or not all(isinstance(t, dict)
                                                               for t in targets):
        raise ConfigError("[tune]: give at least one target: [[tune.targets]] metric = "
                          "\"...\", players = N, equals = X (or at_most / at_least)")
    return targets


def _target(table: dict, i: int, spec, counts: list[int], tolerance: float) -> Target:
    where = f"[[tune.targets]] #{i + 1}"
    _only(table, TARGET_KEYS, where)
    players = table.get("players", counts[0] if len(counts) == 1 else None)
    if players not in counts:
        raise ConfigError(f"{where}: players = {players!r} is invalid; allowed: one of the "
                          f"run's player counts {counts}")
    metric = parse_metric(table, spec, [players], where)
    goals = [g for g in GOALS if g in table]
    if len(goals) != 1:
        raise ConfigError(f"{where}: give exactly one of equals, at_most, at_least")
    value = _number(table[goals[0]], f"{where} {goals[0]}", None, None)
    own = _number(table.get("tolerance", tolerance), f"{where} tolerance", 0, None)
    return Target(metric, players, goals[0], value, own)


def _number(value: Any, where: str, low: float | None, high: float | None) -> float:
    if not is_number(value) or (low is not None and value <= low) or (
            high is not None and value > high):
        span = "" if low is None else f" > {low}" if high is None else f" in ({low}, {high}]"
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: a number{span}")
    return float(value)


__all__ = ["plan_tune", "tune", "METRICS", "BISECTION", "HALVING", "PRICE"]
