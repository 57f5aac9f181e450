"""`simulate train`: better parameters for a built-in strategy, by racing on common seeds.

```toml
[train]
strategy = "cautious"        # a built-in strategy of the game, or { name = "cautious",
                             # retire_level = 2 }: its parameters are "the defaults" (the start)
parameters = ["retire_level", "chest_risk"]   # or { retire_level = [2, 12] } (inside the
                             # declared range); default: every numeric parameter with a range
candidates = 8               # parameter sets tried besides the defaults (at most 64)
seed = 1                     # of the candidate sample (default: [run] seed)
first_games = 100            # seeds in the first round; rounds then double
max_games = 1600             # seeds per candidate and player count at most (default: [run] games)
confidence = 0.95
```

Who sits where (simulate/adaptive/lineups.py): in a competitive game one seat plays the
candidate and the others play the defaults; the candidate takes every seat in turn on the same
dice (a variant per seat), and a seed with all its seats is one unit. The defaults' line-up has
the starting form in every seat, every seat counting. In a co-op game every seat plays the
candidate (the team is trained). Every candidate pairs seed by seed with the defaults (common
random numbers). The measure is the trained seat's share of the seats it won (the team's win
in co-op games); where no line-up's win ever varies in the first round (a solo game always won
or lost), its mean score instead.

Method: racing (Maron & Moore's Hoeffding races, with t intervals; successive halving's idea of
spending seeds on what is still in contention). Candidates are a Latin-hypercube sample inside
the ranges (the whole grid when it is small) plus the defaults. Each round plays the live
candidates and the defaults on the first ``n`` seeds (``n`` doubling up to ``max_games``); a
candidate is dropped when its paired interval against the best so far (the defaults count, at
gain 0) lies below 0. The race stops when every candidate is dropped (none beats the defaults),
when one is left and its gain over the defaults is decided above 0, or at the cap. Every
interval, at every look, is taken at ``1 - alpha / (candidates * looks)``: Bonferroni over the
candidates and the looks, so the final claim "the best beats the defaults" is wrong with
probability at most ``alpha`` whatever the stopping time; Holm-adjusted p-values over the
candidates, each p first multiplied by the number of looks (as the intervals are), are shown
beside it. Racing rather than a fixed design because most candidates of a
heuristic are clearly worse after a few hundred seeds, and the seeds go to the close ones; a
confirmation on fresh seeds would be tighter (the winner's estimate is biased upward) but costs
a second run. Player counts are raced one after another and never pooled.

The results folder is a normal run: the Parquet tables of every line-up, ``manifest.json`` (with
why each race stopped), ``train.json`` and ``report.html``; a killed train resumes: the race is a
function of the games' results, so a rerun replays its finished rounds from disk.
"""
from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any, Callable

import numpy as np

from simulate.adaptive.candidates import MAX_CANDIDATES, ranges, sample, starting_form
from simulate.adaptive.lineups import Lineup, lineup_run, per_seed, tested_rows, upto
from simulate.adaptive.metrics import Estimate, estimate_text, paired
from simulate.adaptive.study_files import write_study
from simulate.adaptive.rounds import base_run, games_cap, record_stopping, schedule
from simulate.adaptive.tune import _number, _toml
from simulate.config import RunConfig, _positive, _typed, show_value
from simulate.games.base import ConfigError
from simulate.runner import run
from simulate.statistics import UNBOUNDED, holm
from strategies import build_strategy, strategy_params

KEYS = {"strategy", "parameters", "candidates", "seed", "first_games", "max_games",
        "confidence"}
DEFAULTS = "defaults"
METHOD = ("racing on common seeds: paired intervals against the best so far, Bonferroni over "
          "candidates and looks")


@dataclasses.dataclass
class TrainPlan:
    cfg: RunConfig                       # the defaults' line-up and every candidate's
    start: dict[str, Any]                # the starting form ("the defaults")
    spans: dict[str, tuple[float, float]]
    candidates: list[dict[str, Any]]     # index 0: the defaults' values
    sizes: list[int]
    confidence: float
    cooperative: bool

    def form(self, index: int) -> dict[str, Any]:
        return {**self.start, **self.candidates[index]}

    def label(self, index: int) -> str:
        if index == 0:
            return DEFAULTS
        return " ".join(f"{k}={show_value(v)}" for k, v in self.candidates[index].items())

    def lineup(self, index: int) -> Lineup:
        return Lineup(self.label(index), self.form(index), alike=index == 0)

    def lineups(self, indices: list[int]) -> dict[int, Lineup]:
        return {i: self.lineup(i) for i in indices}


def plan_train(data: dict[str, Any], **overrides: Any) -> TrainPlan:
    """Validate ``[train]`` (one-line ConfigErrors) and build the run of every line-up."""
    if "strategies" in data.get("players", {}):
        raise ConfigError("[players] strategies: simulate train seats the trained strategy "
                          "against its own defaults; name it in [train] strategy instead")
    table, base = base_run(data, "train", KEYS, True, overrides)
    return plan_for(table, base, overrides)


def plan_for(table: dict[str, Any], base: RunConfig, overrides: dict[str, Any]) -> TrainPlan:
    """The race of ``table``'s settings on ``base``'s rules (its first variant's), checked."""
    spec = base.spec
    if "strategy" not in table:
        raise ConfigError('[train]: give the strategy to train, e.g. strategy = '
                          f'"{spec.default_strategy}"')
    cls, start = starting_form(spec.name, table["strategy"])
    spans = ranges(cls, table.get("parameters"))
    count = table.get("candidates", 8)
    _positive(count, "[train] candidates", MAX_CANDIDATES)
    seed = _typed(table.get("seed", base.seed), int, "[train] seed")
    if not 0 <= seed < 2**63:
        raise ConfigError(f"[train] seed = {seed} is invalid; allowed: an integer 0..2**63-1")
    confidence = _number(table.get("confidence", 0.95), "[train] confidence", 0.5, 0.999)
    cap = games_cap(table, "train", base, overrides)
    first = _positive(table.get("first_games", min(100, cap)), "[train] first_games")
    tried = sample(cls, start, spans, count, seed)
    if not tried:
        raise ConfigError("[train] parameters: the ranges hold no value but the defaults'")
    own = {k: v for k, v in start.items() if k != "name"}
    plan = TrainPlan(base, start, spans, [{k: own.get(k, _default(cls, k)) for k in spans},
                                          *tried],
                     schedule(first, cap, base.chunk), confidence, spec.cooperative)
    for i in range(1, len(plan.candidates)):
        build_strategy(spec.name, plan.form(i), f"[train] candidate {plan.label(i)}")
    plan.cfg = lineup_run(base, [plan.lineup(i) for i in range(len(plan.candidates))], start,
                          games=cap)
    return plan


def _default(cls: type, name: str) -> Any:
    return strategy_params(cls)[name]


def train(plan: TrainPlan, backend: str = "loky", scheduler: str | None = None,
          progress=None, fresh: bool = False) -> dict:
    """Race at every player count; write ``train.json`` and the manifest's stopping note."""
    cfg = plan.cfg
    run(cfg, backend, scheduler, fresh=fresh, upto=0)      # claim (and clear) the folder

    def play(players: int, live: list[int], size: int) -> None:
        lineups = list(plan.lineups([0, *live]).values())
        run(cfg, backend, scheduler, progress, upto=upto(lineups, players, size,
                                                         plan.cooperative))

    races = {str(n): race(plan, n, play) for n in cfg.player_counts}
    result = {"strategy": plan.start["name"], "start": plan.start,
              "parameters": {k: list(v) for k, v in plan.spans.items()},
              "candidates": plan.candidates, "labels": [plan.label(i) for i in
                                                        range(len(plan.candidates))],
              "confidence": plan.confidence, "rounds": plan.sizes, "method": METHOD,
              "cooperative": plan.cooperative, "players": races,
              "games_spent": sum(r["games_spent"] for r in races.values())}
    result["final_toml"] = final_toml(result)
    write_study(Path(cfg.out) / "train.json", result)
    record_stopping(cfg.out, {"rule": "train", "method": METHOD,
                              "reason": "; ".join(f"{n} players: {r['stopped']}"
                                                  for n, r in races.items()),
                              "games_spent": result["games_spent"]})
    return result


def race(plan: TrainPlan, players: int, play: Callable[[int, list[int], int], None]) -> dict:
    """One player count's race (see the module docstring); the candidates' final gains."""
    tried = len(plan.candidates) - 1
    level = 1 - (1 - plan.confidence) / (tried * len(plan.sizes))
    live, games, dropped = list(range(1, tried + 1)), {}, {}
    gains: dict[int, tuple[Estimate, float]] = {}
    measure, stopped = None, "the cap of games per candidate"
    for size in plan.sizes:
        play(players, live, size)
        if measure is None:
            measure = _measure(plan, players, size, [0, *live])
        values = _values(plan, players, size, [0, *live], measure)
        for i in live:
            games[i] = size
            gains[i] = paired(values[0], values[i], level, measure == "won", _bounds(measure))
        best = max([0, *live], key=lambda i: gains[i][0].mean if i else 0.0)
        for i in [i for i in live if i != best]:
            behind = paired(values[best], values[i], level, measure == "won", _bounds(measure))[0]
            if behind.high < 0:
                live.remove(i)
                dropped[i] = size
        if not live:
            stopped = "every candidate fell clearly behind the defaults or a better candidate"
            break
        rivals = [i for i in live if i != best and not np.array_equal(values[i], values[best])]
        if best and not rivals and gains[best][0].low > 0:
            stopped = ("one candidate left (or ties that played every seed alike), clearly "
                       "better than the defaults")
            break
    rows = [_row(plan, i, games[i], gains[i], dropped.get(i)) for i in range(1, tried + 1)]
    looked = [min(1.0, r["p"] * len(plan.sizes)) for r in rows]   # the looks, as the intervals
    for row, adjusted in zip(rows, holm(looked)):
        row["p_holm"] = float(adjusted)
    return _verdict(plan, players, rows, measure, level, stopped, live)


def _bounds(measure: str | None) -> tuple[float, float]:
    """What a paired gain can take: a seed's win share differs by at most 1 either way."""
    return (-1.0, 1.0) if measure == "won" else UNBOUNDED


def _row(plan: TrainPlan, i: int, games: int, gain: tuple[Estimate, float],
         dropped: int | None) -> dict:
    return {"candidate": i, "label": plan.label(i), "values": plan.candidates[i],
            "seeds": games, "gain": gain[0].as_dict(), "p": float(gain[1]),
            "status": f"dropped after {dropped} seeds" if dropped else "in the race at the end"}


def _verdict(plan: TrainPlan, players: int, rows: list[dict], measure: str, level: float,
             stopped: str, live: list[int]) -> dict:
    finalists = [r for r in rows if r["candidate"] in live] or rows
    best = max(finalists, key=lambda r: r["gain"]["mean"])
    beats = best["candidate"] in live and best["gain"]["low"] > 0
    if beats:
        best["status"] = "trained: beats the defaults"
    tried = len(rows)
    lineups = 1 if plan.cooperative else players       # per candidate; the defaults have one
    spent = sum(r["seeds"] * lineups for r in rows) + max(r["seeds"] for r in rows)
    found = {"measure": measure, "look_confidence": level, "stopped": stopped,
             "candidates": rows, "trained": best["values"] if beats else None,
             "best": best["candidate"], "games_spent": spent}
    gain = gain_text(best["gain"], measure)
    at = f"at {players} player{'s' if players > 1 else ''}"
    found["claim"] = (f"trained parameters beat the defaults by {gain} {at}" if beats else
                      f"none of the {tried} tried beats the defaults (best {gain}) {at}")
    return found


def gain_text(e: dict, measure: str) -> str:
    """A gain with its interval: win-rate points (one decimal), or score (decimals enough for
    the interval's width)."""
    if measure == "won":
        return estimate_text(e, True, 100, " points", 1)
    width = e["high"] - e["low"]
    places = max(0, 1 - math.floor(math.log10(width))) if width > 0 else 2
    return estimate_text(e, True, 1, " score", places)


def _measure(plan: TrainPlan, players: int, size: int, indices: list[int]) -> str:
    """``won`` unless no trained seat's win varied in the first round, else ``score``."""
    rows = tested_rows(plan.cfg.out, plan.lineups(indices), players, size, plan.cooperative)
    return "won" if rows["won"].n_unique() > 1 else "score"


def _values(plan: TrainPlan, players: int, size: int, indices: list[int],
            measure: str) -> dict[int, np.ndarray]:
    """Per candidate, one value per seed (in seed order): the trained seats' mean."""
    lineups = plan.lineups(indices)
    rows = tested_rows(plan.cfg.out, lineups, players, size, plan.cooperative)
    return per_seed(rows, lineups, measure)


def final_toml(result: dict) -> str:
    """Per player count, the strategy's table to paste into a config (or why there is none)."""
    lines = []
    for found in result["players"].values():
        form = {**result["start"], **(found["trained"] or {})}
        table = ", ".join(f"{k} = {_toml(v)}" for k, v in form.items())
        lines += [f"# {found['claim']}",
                  f"strategies = {{ {table} }}" + ("" if found["trained"] else
                                                   "   # the defaults: keep them")]
    return "\n".join(lines)
