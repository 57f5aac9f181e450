"""`simulate sensitivity`: which rules move a metric most?

```toml
[sensitivity]
metric = "mean_score"     # see simulate.adaptive.metrics.METRICS, or a game column
players = 1               # one player count (default: the run's first)
seat = 0                  # for win_rate / mean_score of one seat
negligible = 0.5          # effects smaller than this do not matter (default: 0.01 for rates,
                          # else a tenth of the baseline's standard deviation)
rules = ["..."]           # optional: only these rules (default: every rule with a range/choices)
components = { "market:Longsword.cost" = [2, 6] }   # optional: component fields by their
                          # address (file:Entry.field) and the values to try
first_games = 200         # first round; rounds then double up to max_games
max_games = 3200          # cap per rule value (default: [run] games)
confidence = 0.95
```

Every ``Rules`` field with a declared range or choices is set to its low and high value (a
boolean flipped, each other choice tried) and compared with the baseline game by game on the
same seeds. Each value plays in doubling rounds until its paired difference's interval lies
inside +-negligible (the rule does not matter there) or outside it (it does), or the cap. The
results are ranked by the size of the effect with Holm-adjusted p-values. Safety limits
(``knob(..., safety_limit=True)``) and list-valued rules are skipped.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from simulate.adaptive.metrics import (Estimate, Metric, estimate, metric_kind, metric_words,
                                       paired, parse_metric, read_values)
from simulate.adaptive.study_files import write_study
from simulate.adaptive.rounds import base_run, games_cap, record_stopping, schedule
from simulate.config import BASELINE, RunConfig, Variant, _positive, is_number, show_value
from simulate.games.base import ConfigError, did_you_mean, make_rules, rule_fields, rules_dict
from simulate.games.component_edits import is_address
from simulate.games.component_files import Changes
from simulate.runner import run
from simulate.statistics import ALPHA, holm

KEYS = {"metric", "seat", "players", "negligible", "rules", "first_games", "max_games",
        "confidence", "components"}


@dataclasses.dataclass
class SensitivityPlan:
    cfg: RunConfig                       # the baseline and one variant per rule value
    metric: Metric
    players: int
    negligible: float | None
    sizes: list[int]
    confidence: float
    changes: dict[str, tuple[str, Any]]  # variant name -> (rule, value)
    skipped: list[tuple[str, str]]       # (rule, why)


def plan_sensitivity(data: dict[str, Any], **overrides: Any) -> SensitivityPlan:
    table, base = base_run(data, "sensitivity", KEYS, False, overrides)
    spec = base.spec
    players = table.get("players", base.player_counts[0])
    if players not in base.player_counts:
        raise ConfigError(f"[sensitivity] players = {players!r} is invalid; allowed: one of "
                          f"the run's player counts {base.player_counts}")
    metric = parse_metric({"metric": "mean_score", **table}, spec, [players], "[sensitivity]",
                          granted=False)
    negligible = table.get("negligible")
    if negligible is not None and (not is_number(negligible) or negligible <= 0):
        raise ConfigError(f"[sensitivity] negligible = {negligible!r} is invalid; allowed: "
                          "a number > 0")
    confidence = table.get("confidence", 0.95)
    if isinstance(confidence, bool) or not isinstance(confidence, float) or not (
            0.5 < confidence < 1):
        raise ConfigError(f"[sensitivity] confidence = {confidence!r} is invalid; allowed: "
                          "a number in (0.5, 1)")
    cap = games_cap(table, "sensitivity", base, overrides)
    first = _positive(table.get("first_games", min(200, cap)), "[sensitivity] first_games")
    baseline = base.variants[0]
    variants, changes, skipped = [baseline], {}, []
    for rule, value, why in alternatives(spec.rules_class, baseline.rules, table.get("rules")):
        if why:
            skipped.append((rule, why))
            continue
        name = f"{rule}={show_value(value)}"
        overrides = {**baseline.overrides, rule: value}
        try:
            variants.append(Variant(name, overrides, make_rules(spec.rules_class, overrides)))
            changes[name] = (rule, value)
        except ConfigError as exc:        # a value the other rules forbid (cross-field check)
            skipped.append((name, str(exc).removeprefix("[rules]: ")))
    for name, (field, value, edits) in _component_values(table, base, players).items():
        variants.append(Variant(name, baseline.overrides, baseline.rules, components=edits))
        changes[name] = (field, value)
    cfg = dataclasses.replace(base, games=cap, variants=variants, player_counts=[players])
    return SensitivityPlan(cfg, metric, players, negligible and float(negligible),
                           schedule(first, cap, base.chunk), confidence, changes, skipped)


def _component_values(table: dict, base: RunConfig,
                      players: int) -> dict[str, tuple[str, Any, tuple]]:
    """Variant name -> (address, value, edits) for every value of ``components`` to try."""
    given = table.get("components", {})
    if not isinstance(given, dict) or not all(is_address(k) and isinstance(v, list) and v
                                              for k, v in given.items()):
        raise ConfigError('[sensitivity] components: give addresses and the values to try, '
                          'e.g. components = { "market:Longsword.cost" = [2, 6] }')
    changes = Changes(base.game, base.components, base.variants[0].components)
    rules = base.variants[0].rules
    return {f"{field}={show_value(v)}": (field, v, changes.checked(
        {field: v}, f"[sensitivity] {field}={show_value(v)}", base.spec, rules, players))
        for field, values in given.items() for v in values}


def verdict(settled: str | None, diff: Estimate, p_holm: float) -> str:
    """'does not matter' only for an interval inside +-negligible that covers 0 with a test
    that is not significant (Holm p >= ALPHA, 0.05); inside the band but clear of 0 (or
    significant) the effect is real but small."""
    if settled == "inside":
        if diff.low <= 0 <= diff.high and p_holm >= ALPHA:
            return "does not matter"
        return "small but real (inside +-negligible, not 0)"
    return settled or "undecided at the cap"


def alternatives(rules_class: type, rules: Any, only: Any) -> list[tuple[str, Any, str]]:
    """(rule, value, '') for every value to try, (rule, None, why) for every rule skipped."""
    fields = {f.name: f for f in rule_fields(rules_class)}
    if only is not None:
        unknown = [r for r in only if not isinstance(r, str) or r not in fields] \
            if isinstance(only, list) else [only]
        if unknown:
            raise ConfigError(f"[sensitivity] rules = {only!r}: give a list of known rules"
                              f"{did_you_mean(unknown[0], fields)}: {', '.join(fields)}")
        fields = {r: fields[r] for r in only}
    current = rules_dict(rules)
    found = []
    for name, f in fields.items():
        meta, now = f.metadata, current[name]
        if meta.get("safety_limit"):
            found.append((name, None, "a safety limit, not a rule"))
        elif isinstance(f.default, bool):
            found.append((name, not now, ""))
        elif meta.get("choices"):
            found += [(name, c, "") for c in meta["choices"] if c != now]
        elif meta.get("range"):
            found += [(name, v, "") for v in sorted(set(meta["range"])) if v != now]
        else:
            found.append((name, None, "no declared range or choices"))
    return found


def sensitivity(plan: SensitivityPlan, backend: str = "loky", scheduler: str | None = None,
                progress=None, fresh: bool = False) -> dict:
    """Play the rounds, stop values that are settled, rank by effect; write sensitivity.json.
    ``fresh`` first deletes the tool's earlier results in the out folder."""
    cfg, level = plan.cfg, 1 - (1 - plan.confidence) / len(plan.sizes)
    run(cfg, backend, scheduler, fresh=fresh, upto=0)      # claim (and clear) the folder
    games = {name: 0 for name in plan.changes}
    effects: dict[str, tuple[Estimate, float]] = {}
    negligible, verdicts = plan.negligible, {}
    if not plan.changes:
        raise ConfigError("[sensitivity]: no rule value to try (every rule was skipped)")
    for size in plan.sizes:
        live = [n for n in plan.changes if n not in verdicts]
        if not live:
            break
        run(cfg, backend, scheduler, progress, upto={BASELINE: size, **{n: size for n in live}})
        base = read_values(cfg.out, plan.metric, BASELINE, plan.players, size)
        if negligible is None:
            negligible = 0.01 if plan.metric.binary else max(0.1 * float(base.std()), 1e-9)
        for name in live:
            games[name] = size
            other = read_values(cfg.out, plan.metric, name, plan.players, size)
            effects[name] = paired(base, other, level, plan.metric.binary)
            diff = effects[name][0]
            if -negligible < diff.low and diff.high < negligible:
                verdicts[name] = "inside"               # settled; worded after Holm below
            elif diff.low >= negligible or diff.high <= -negligible:
                verdicts[name] = "matters"
    baseline = estimate(base, plan.confidence, plan.metric.binary)
    names = sorted(effects, key=lambda n: -abs(effects[n][0].mean))
    adjusted = holm([effects[n][1] for n in names])
    rows = [{"variant": n, "rule": plan.changes[n][0], "value": plan.changes[n][1],
             "games": games[n], "difference": effects[n][0].as_dict(), "p": effects[n][1],
             "p_holm": float(h), "verdict": verdict(verdicts.get(n), effects[n][0], float(h))}
            for n, h in zip(names, adjusted)]
    result = {"metric": plan.metric.label, "players": plan.players, "negligible": negligible,
              "metric_words": metric_words(plan.metric, cfg.spec),
              "kind": metric_kind(plan.metric),
              "confidence": plan.confidence, "look_confidence": level, "rounds": plan.sizes,
              "baseline": baseline.as_dict(), "effects": rows,
              "skipped": [list(s) for s in plan.skipped],
              "games_spent": sum(games.values()) + max(games.values(), default=0),
              "method": "paired differences on common random numbers, doubling rounds with "
                        "early stopping (Bonferroni over looks), Holm-adjusted p-values"}
    write_study(Path(cfg.out) / "sensitivity.json", result)
    record_stopping(cfg.out, {"rule": "sensitivity", "reason": "every rule value settled or "
                              "at the cap", "games_spent": result["games_spent"]})
    return result
