"""Strategies re-trained for a variant's rules before its games (``retrain = true``).

A rule change judged with strategies tuned for the printed rules may read differently once
players adapt. A variant with ``retrain = true`` (or ``[run] retrain``, every variant) gets a
twin, "NAME (re-trained)", with the same rules and seeds, whose seats play the strategy
`simulate train` finds for those rules at each player count (the race of
simulate/adaptive/train.py: the trained parameters when they beat the seats' own strategy,
else that strategy unchanged). The baseline is re-trained the same way, so the report shows
each variant's effect twice, on common seeds: with the baseline's strategies (variant against
baseline) and re-trained (twin against the baseline's twin).

Each race is a train results folder inside the run's, ``retrain/v<K>`` (K: the twin's place
among the run's variants), claimed and resumed like any run: a killed run replays its
finished rounds from disk. ``--fresh`` clears them with the run's own files.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Callable

from simulate.adaptive.train import KEYS, plan_for, train
from simulate.config import BASELINE, RunConfig, Variant, _only
from simulate.games.base import ConfigError
from simulate.results_folder import RETRAIN, held_for_rounds
from simulate.runner import run

SETTINGS = KEYS - {"strategy"}         # the seats' strategy is the one trained


def needs_training(cfg: RunConfig) -> bool:
    return any(v.retrain is not None for v in cfg.variants)


def check_retrain(cfg: RunConfig) -> None:
    """One line now, before any game, for settings the races would refuse."""
    for index, variant in enumerate(cfg.variants):
        if variant.retrain is not None:
            plan_retrain(cfg, index)


def plan_retrain(cfg: RunConfig, index: int):
    """The race that re-trains the seats' strategy for variant ``index``'s rules."""
    twin = cfg.variants[index]
    where = "[run] retrain" if "retrain" in cfg.raw.get("run", {}) else \
        f"variant '{twin.of}': retrain"
    _only(twin.retrain, SETTINGS, where)
    seats = {json.dumps(s, sort_keys=True): s for s in seat_forms(cfg, twin)}
    if len(seats) > 1:
        raise ConfigError(f"{where}: every seat must play the same strategy to re-train it "
                          f"(the seats play {', '.join(seats)})")
    rules = Variant(BASELINE, twin.overrides, twin.rules, seed=twin.seed,
                    components=twin.components)
    settings = {"strategy": next(iter(seats.values())), **twin.retrain}
    base = dataclasses.replace(cfg, variants=[rules], rotate=False, until_ci=None,
                               raw={**cfg.raw, "train": settings},
                               seed=cfg.seed if twin.seed is None else twin.seed,
                               out=str(Path(cfg.out) / RETRAIN / f"v{index}"))
    return plan_for(settings, base, {})


def seat_forms(cfg: RunConfig, twin: Variant) -> list[Any]:
    """The seats' strategies of the variant the twin re-plays."""
    played = next(v for v in cfg.variants if v.name == twin.of)
    return played.seat_strategies(cfg)


def retrained(cfg: RunConfig, backend: str = "loky", scheduler: str | None = None,
              progress: Callable[[int, int], None] | None = None, fresh: bool = False,
              say: Callable[[str], None] | None = None) -> RunConfig:
    """Claim the run's folder, race every twin's strategy for its rules (in the run's folder),
    and return ``cfg`` with each twin's seats filled in per player count."""
    check_retrain(cfg)
    run(cfg, backend, scheduler, fresh=fresh, upto=0)         # the run's folder and manifest
    seats = max(cfg.player_counts)
    variants = []
    for index, variant in enumerate(cfg.variants):
        if variant.retrain is None:
            variants.append(variant)
            continue
        plan = plan_retrain(cfg, index)
        with held_for_rounds(Path(plan.cfg.out)):
            found = train(plan, backend, scheduler, progress, fresh)
        if say:
            for players, race in found["players"].items():
                say(f"{variant.name}: {race['claim']}")
        forms = {int(n): [{**found["start"], **(race["trained"] or {})}] * seats
                 for n, race in found["players"].items()}
        variants.append(dataclasses.replace(variant, trained=forms))
    return dataclasses.replace(cfg, variants=variants)
