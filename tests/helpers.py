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


def engine_tables(tmp_path: Path, engine: str, rules: dict, strategies: list, players: int,
                  games: int, heroes: list | None = None, *, game: str, seed: int,
                  edits: tuple = ()):
    """The ``games`` and ``seats`` Parquet tables one engine writes for a chunk of ``game``
    (``edits``: a variant's component changes, as simulate/games/component_edits.py parses)."""
    import polars as pl

    from simulate.games import get_game
    from simulate.runner import Chunk, play_chunk, write_chunk
    task = {"game": game, "rules": rules, "seed": seed, "strategies": strategies[:players],
            "heroes": (heroes or [None] * 4)[:players], "variant": "v", "players": players,
            "start": 0, "stop": games, "engine": engine, "edits": edits}
    out = tmp_path / engine
    write_chunk(out, get_game(game), Chunk("v", players, 0, games), *play_chunk(task))
    return (pl.read_parquet(out / "games" / "*.parquet"),
            pl.read_parquet(out / "seats" / "*.parquet"))


def assert_same_tables(tmp_path: Path, rules: dict, strategies: list, players: int, games: int,
                       heroes: list | None = None, *, game: str, seed: int,
                       edits: tuple = ()) -> None:
    """The compiled kernel and the Python engine write identical Parquet tables."""
    python = engine_tables(tmp_path, "python", rules, strategies, players, games, heroes,
                           game=game, seed=seed, edits=edits)
    compiled = engine_tables(tmp_path, "compiled", rules, strategies, players, games, heroes,
                             game=game, seed=seed, edits=edits)
    for a, b in zip(python, compiled):
        assert a.schema == b.schema
        assert a.equals(b), a.join(b, on=a.columns, how="anti").head(3)


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
