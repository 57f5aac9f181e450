"""Every file in configs/ runs with its own command and its own ``jobs``, twice into one folder.

Run as a user would (the ``simulate`` command in a child process), with only the sizes shrunk
(games, chunk, an adaptive command's first round) and the folder moved to a temporary one: the
game, players, strategies, rules, variants, sweep, targets and ``jobs`` stay as shipped. The
second run finds nothing left to play: it must still exit 0 and rebuild the report. A config
added to configs/ is covered without editing this file.
"""
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.fuzz_inputs import toml_text

pytestmark = pytest.mark.slow        # minutes: `make quick` skips it, `make test` runs it
ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "configs").glob("*.toml"))
ADAPTIVE = ("tune", "sensitivity", "train")  # they play in rounds: their first round shrinks
COMMANDS = (*ADAPTIVE, "cards")             # a config with one of these tables is run by it
SLOW_STRATEGIES = ("search",)              # seconds per game: two games per line-up do


def command_of(config: dict) -> str:
    """The command a config is written for: its command's table names it, else ``run``."""
    return next((name for name in COMMANDS if name in config), "run")


def uses_slow_strategy(config: dict) -> bool:
    return any(name in repr(config) for name in SLOW_STRATEGIES)


def shrunk(config: dict, out: Path) -> dict:
    games = 4 if uses_slow_strategy(config) else 10 if "cards" in config else 40
    chunk = games // 2 if uses_slow_strategy(config) else 10      # a card study: ~50 variants
    run = {**config["run"], "games": games, "chunk": chunk, "out": str(out)}
    small = {**config, "run": run}
    for name in ADAPTIVE:
        if name in config:
            small[name] = {**config[name], "first_games": chunk}
    return small


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_config_runs_twice_with_its_own_command_and_jobs(path, tmp_path):
    config = tomllib.loads(path.read_text(encoding="utf-8"))
    command = command_of(config)
    said = re.findall(r"`simulate (\w[\w-]*) configs/" + re.escape(path.name) + "`",
                      path.read_text(encoding="utf-8"))
    assert all(c == command for c in said), f"{path.name} tells users to run {said}"

    out = tmp_path / "out"
    small = tmp_path / path.name
    small.write_text(toml_text(shrunk(config, out)), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CI": "true"}
    for attempt in ("first", "again on the finished folder"):
        done = subprocess.run([sys.executable, "-m", "simulate", command, str(small)],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{command} {path.name} ({attempt}): {done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr
        report = out / "report.html"
        assert report.is_file() and report.stat().st_size > 1000, f"no report ({attempt})"
        assert f"report: {report}" in done.stdout
