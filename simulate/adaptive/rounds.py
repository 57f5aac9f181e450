"""Rounds of growing size on the runner, and the manifest note saying why an adaptive run stopped.

Every round plays the first ``n`` games of some variants (``runner.run(..., upto=...)``). A game's
seed depends only on its index, so a run that grew in rounds to ``n`` games holds exactly the
tables of a fixed run of ``n`` games, and a killed run resumes by replaying its rounds: the
finished chunks are on disk and play again for free.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from simulate.config import RunConfig, _only, _positive, parse_config
from simulate.games.base import ConfigError
from simulate.manifest import save
from simulate.results_folder import read_marker


def on_chunk_edge(games: int, chunk: int, cap: int) -> int:
    """``games`` rounded up to whole chunks (rounds must end on chunk edges), at most ``cap``."""
    return min(cap, max(chunk, math.ceil(games / chunk) * chunk))


def schedule(first: int, cap: int, chunk: int) -> list[int]:
    """Round sizes: ``first`` games, then doubling, each on a chunk edge, ending at ``cap``."""
    sizes = [on_chunk_edge(first, chunk, cap)]
    while sizes[-1] < cap:
        sizes.append(on_chunk_edge(2 * sizes[-1], chunk, cap))
    return sizes


def base_run(data: dict[str, Any], key: str, keys: set[str], required: bool,
             overrides: dict[str, Any]) -> tuple[dict[str, Any], RunConfig]:
    """The ``[key]`` table of an adaptive command (checked against ``keys``) and the config's
    baseline run. Such a command makes its own variants, so [[variants]] and [sweep] are refused."""
    table = data.get(key, None if required else {})
    if not isinstance(table, dict):
        raise ConfigError(f"[{key}] must be a table" if key in data else
                          f"simulate {key} needs a [{key}] table")
    if data.get("variants") or data.get("sweep"):
        raise ConfigError(f"[{key}] cannot be combined with [[variants]] or [sweep]: it makes "
                          "one variant per rule value it tries")
    _only(table, keys, f"[{key}]")
    if isinstance(data.get("run"), dict) and "retrain" in data["run"]:
        raise ConfigError(f"[run] retrain applies to simulate run; simulate {key} plays the "
                          "strategies it is given")
    return table, parse_config(data, **overrides)


def games_cap(table: dict[str, Any], key: str, base: RunConfig,
              overrides: dict[str, Any]) -> int:
    """Games per candidate and player count at most: --games, else the table's max_games,
    else [run] games."""
    if overrides.get("games") is not None:
        return base.games                      # parse_config took --games as [run] games
    return _positive(table.get("max_games", base.games), f"[{key}] max_games")


def record_stopping(out: str | Path, stopping: dict[str, Any]) -> None:
    """Write why the run stopped into its ``manifest.json`` (the runner rewrites the manifest
    each round without it; an adaptive command writes it again when it finishes)."""
    data = read_marker(Path(out))
    data["stopping"] = stopping
    save(Path(out), data)

