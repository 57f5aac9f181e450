"""Small things tests share: a strategy that cheats, a config writer, a run killed midway."""
import json
import os
import signal
import subprocess
import time
from pathlib import Path

from strategies import Strategy


class IllegalStrategy(Strategy):
    """Always answers with something that is never legal."""

    def choose(self, view, actions):
        return "cheat"


def write_config(folder: Path, text: str, name: str = "run.toml") -> Path:
    path = Path(folder) / name
    path.write_text(text)
    return path


def kill_after_chunks(cmd: list[str], out: Path, chunks: int) -> list[str]:
    """Start ``cmd``, kill it (and its workers) once ``out``'s manifest records ``chunks``
    finished chunks; return the chunks it finished."""
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    manifest = Path(out) / "manifest.json"
    deadline = time.time() + 120
    while time.time() < deadline:
        if manifest.exists() and len(json.loads(manifest.read_text())["chunks_done"]) >= chunks:
            break
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    return json.loads(manifest.read_text())["chunks_done"]


SMALL_RUN = """
[run]
game = "dungeon_roll"
games = 60
seed = 11
chunk = 25
jobs = 1
out = "{out}"

[players]
count = [1, 3]
strategies = "{strategy}"

[[variants]]
name = "one_chest"
champion_opens_all_chests = false
"""

# A [tune] table for a solo Dungeon Roll run: the solo_win_score that wins half the games.
TUNE = """
[tune]
rules = { solo_win_score = [5, 35] }
tolerance = 0.05
first_games = 50
[[tune.targets]]
metric = "win_rate"
equals = 0.5
"""


class EqualToEverything:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class HostileStrategy(Strategy):
    """Answers with something equal to a legal action but not one of the engine's: ``trick``
    chooses how (tests of the legality check)."""

    def __init__(self, trick: str = "tuple"):
        self.trick = trick

    def choose(self, view, actions):
        if self.trick == "tuple":
            return tuple(actions[0])
        if self.trick == "equal":
            return EqualToEverything()
        if self.trick == "append":
            actions.append("cheat")
            return actions[-1]
        if self.trick == "raise":
            raise ZeroDivisionError("oops")
        import time
        time.sleep(5)
        return actions[0]


class SlowStrategy(Strategy):
    """Sleeps ``seconds`` per decision (CPU-light, so a run stays alive long enough to be
    killed or timed out); with ``mark`` a folder, writes a file named after its process there
    on its first decision, so a test knows the workers are playing."""

    def __init__(self, seconds: float = 0.05, mark: str = ""):
        self.seconds = seconds
        self.mark = mark

    def choose(self, view, actions):
        if self.mark:
            Path(self.mark, str(os.getpid())).touch()
        time.sleep(self.seconds)
        return actions[0]


def kernel_task(rules: dict, strategies: list, players: int, games: int,
                heroes: list | None = None, *, game: str, seed: int, rotate: bool = False,
                start: int = 0, edits: tuple = ()) -> dict:
    """A chunk task for the differential tests (``heroes = ["all"] * n``: heroes = "all";
    ``edits``: a variant's component changes, as simulate/games/component_edits.py parses)."""
    return {"game": game, "rules": rules, "seed": seed, "strategies": strategies[:players],
            "heroes": (heroes or [None] * 4)[:players], "variant": "v", "players": players,
            "start": start, "stop": start + games, "rotate": rotate,
            "edits": edits}


def engine_tables(tmp_path: Path, engine: str, task: dict):
    """The ``games`` and ``seats`` Parquet tables one engine writes for a chunk task."""
    import polars as pl

    from simulate.games import get_game
    from simulate.runner import Chunk, write_chunk
    from simulate.chunk import play_chunk
    out = tmp_path / engine
    chunk = Chunk("v", task["players"], task["start"], task["stop"])
    write_chunk(out, get_game(task["game"]), chunk, *play_chunk({**task, "engine": engine}))
    return (pl.read_parquet(out / "games" / "*.parquet"),
            pl.read_parquet(out / "seats" / "*.parquet"))


def where_engines_part(task: dict) -> str:
    """The first game and decision where the Python engine and the kernel choose differently
    for this chunk task (both traced: simulate/kernels/trace.py), for a failing differential."""
    from simulate.kernels.trace import first_parting
    from simulate.play import TRACE_COLUMN
    from simulate.chunk import play_chunk
    python, kernel = (play_chunk({**task, "engine": e, "trace": True})[0]
                      for e in ("python", "compiled"))
    rotations = python.get("rotation", [None] * len(python["game"]))
    labels = [f"{g}" + ("" if r is None else f" (rotation {r})")
              for g, r in zip(python["game"], rotations)]
    parted = first_parting(labels, python[TRACE_COLUMN], kernel[TRACE_COLUMN])
    return f"run seed {task['seed']}, " + (parted or "every game took the same decisions (so "
                                             "scoring or a column differs)")


def assert_same_frames(python, compiled, task: dict) -> None:
    """Equal tables, or an error naming the first decision where the engines part."""
    for a, b in zip(python, compiled):
        if a.schema != b.schema or not a.equals(b):
            raise AssertionError(f"the engines differ: {where_engines_part(task)}; rows only in "
                                 f"python: {a.join(b, on=a.columns, how='anti').head(3)}")


def assert_same_tables(tmp_path: Path, rules: dict, strategies: list, players: int, games: int,
                       heroes: list | None = None, *, game: str, seed: int,
                       rotate: bool = False, edits: tuple = ()) -> None:
    """The compiled kernel and the Python engine write identical Parquet tables."""
    task = kernel_task(rules, strategies, players, games, heroes, game=game, seed=seed,
                       rotate=rotate, edits=edits)
    assert_same_frames(engine_tables(tmp_path, "python", task),
                       engine_tables(tmp_path, "compiled", task), task)


def few_fixed(examples: int = 3):
    """hypothesis settings for the kernels' drawn combinations: a few examples, the same ones on
    every run (derandomized, no database), no deadline (a differential takes seconds)."""
    from hypothesis import HealthCheck, settings
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def drawn_rules(cases: list[dict], rules_class) -> dict:
    """Several rule cases at once (later ones win); hypothesis rejects a combination the Rules
    refuse (a cross-field check)."""
    from hypothesis import assume

    from simulate.games.base import ConfigError, make_rules
    rules = {k: v for case in cases for k, v in case.items()}
    try:
        make_rules(rules_class, rules)
    except ConfigError:
        assume(False)
    return rules


def drawn_differential(check, cases: list[dict], rules_class, seats: list, games: int,
                       min_seats: int = 2):
    """The kernels' test of drawn combinations: hypothesis merges 2-3 rule ``cases`` and draws
    ``min_seats``-4 ``seats``; ``check(folder, rules, seats, players, games=...)`` compares the
    engines (the module names the returned test ``test_drawn_combinations_...``)."""
    from hypothesis import given, strategies as st

    @few_fixed()
    @given(drawn=st.lists(st.sampled_from(cases), min_size=2, max_size=3),
           lineup=st.lists(st.sampled_from(seats), min_size=min_seats, max_size=4))
    def test(tmp_path_factory, drawn, lineup):
        rules = drawn_rules(drawn, rules_class)
        check(tmp_path_factory.mktemp("drawn"), rules, lineup, len(lineup), games=games)
    return test


def assert_every_rule_varied(cases: list[dict], rules_class) -> None:
    """Every Rules field is set to a non-default value by some differential case (a new field
    without a case fails here), and every case changes something."""
    from dataclasses import fields
    printed = rules_class()

    def changed(key, value):
        return getattr(printed, key) != (tuple(value) if isinstance(value, list) else value)
    varied = {k for case in cases for k, v in case.items() if changed(k, v)}
    missing = {f.name for f in fields(rules_class)} - varied
    assert not missing, f"no differential case varies the rule(s) {sorted(missing)}"
    assert all(any(changed(k, v) for k, v in case.items()) for case in cases)


def assert_every_parameter_varied(game: str, seat_cases: list) -> None:
    """Every parameter of every strategy with a compiled twin is set to a non-default value by
    some seat of the differential cases (a new parameter without a case fails here)."""
    import inspect

    from simulate.engines import kernel_module
    from strategies import build_strategy, strategies_for
    kernel = kernel_module(game)
    for name in strategies_for(game):
        seat = build_strategy(game, name)
        if kernel.compiled_seats([seat]) is None:
            continue
        varied = {k for case in seat_cases if isinstance(case, dict) and case["name"] == name
                  for k, v in case.items() if k != "name" and v != getattr(seat, k)}
        missing = set(inspect.signature(type(seat)).parameters) - varied
        assert not missing, f"{game} {name}: no differential case varies {sorted(missing)}"


def simulate_cli(*args):
    """``simulate ARGS`` in this process (typer's runner), stdout and stderr apart."""
    from typer.testing import CliRunner

    from simulate.cli import app
    return CliRunner().invoke(app, [str(a) for a in args])


def one_line_exit_2(result, *words):
    """The command failed as bad input does: exit 2, one ``error:`` line holding ``words``."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert all(w in lines[0] for w in words), lines[0]
