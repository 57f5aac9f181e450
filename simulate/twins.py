"""Re-trained twins of a run's variants (``retrain = true``; simulate/adaptive/retrain.py
trains them): which variants ask for one, and the twins' rules and names."""
from __future__ import annotations

import dataclasses
import json
from typing import Any

from simulate.games.base import ConfigError

RETRAINED = " (re-trained)"     # a re-trained twin's name: the variant's name and this


def retrained_twins(variants: list, everywhere: Any, tables: list) -> list:
    """``retrain = true`` (or a table of [train] settings) on a variant, or in [run] for every
    variant: a twin of the variant played by strategies re-trained for its rules, and one of
    the baseline (the re-trained effect compares re-trained with re-trained)."""
    run_level = _retrain(everywhere, "[run] retrain")
    asked = {t["name"]: _retrain(t["retrain"], f"variant '{t['name']}': retrain")
             for t in tables if "retrain" in t}             # a variant's own word wins
    chosen = [(v, asked[v.name] if v.name in asked else run_level) for v in variants[1:]]
    chosen = [(v, table) for v, table in chosen if table is not None]
    if not chosen:
        return []
    if len({json.dumps(t, sort_keys=True) for _, t in chosen}) > 1:   # [run]'s and a variant's too
        raise ConfigError("retrain: every re-trained variant needs the same settings (the "
                          "baseline is re-trained once with them); put them in [run] retrain")
    for v, _ in chosen:
        if v.grant:
            raise ConfigError(f"variant '{v.name}': retrain cannot be combined with grant")
    settings = chosen[0][1]
    taken = {v.name for v in variants}
    for v in [variants[0], *(v for v, _ in chosen)]:
        if v.name + RETRAINED in taken:
            raise ConfigError(f"variant name '{v.name + RETRAINED}' is the re-trained twin of "
                              f"'{v.name}'; rename it")
    return [dataclasses.replace(v, name=v.name + RETRAINED, retrain=settings, of=v.name,
                                grant=None) for v in [variants[0], *(v for v, _ in chosen)]]


def _retrain(value: Any, where: str) -> dict | None:
    """``retrain``: false (None), true ({}) or a table of [train] settings (checked when the
    run trains)."""
    if value is False:
        return None
    if value is True:
        return {}
    if isinstance(value, dict):
        return dict(value)
    raise ConfigError(f"{where} = {value!r} is invalid; allowed: true, false or a table of "
                      "[train] settings, e.g. { candidates = 4, max_games = 400 }")
