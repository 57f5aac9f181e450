"""Fuzzing every input a user controls: bad input is exit 2 and one line, never a traceback.

Hypothesis breaks one thing at a time in a valid tiny config (wrong types, unknown keys, games,
strategies and rules, numbers out of range, hostile names and paths), writes malformed TOML and
feeds bad command-line values. The CLI runs in-process (typer's CliRunner) for speed; a few cases
go through the real ``python -m simulate`` entry point. Valid tiny configs must still run, so the
test can fail both ways. Derandomized, no example database: CI sees the same cases every time.
"""
import itertools
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games import get_game
from simulate.cli.common import MAX_LINE
from tests.fuzz_inputs import (COMMAND_OPTIONS, GAMES, HOSTILE_TEXT, adaptive_table, bad_option,
                               base_config, broken_configs, full_config, hostile_files, hostile_paths,
                               mistyped_configs, not_valid_int, printable, toml_text)

REPO = Path(__file__).resolve().parents[1]
FUZZ = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=list(HealthCheck))
runner = CliRunner()
counter = itertools.count()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The module's scratch folder, also the working folder: a relative path a case writes to
    lands there, never in the repository."""
    path = tmp_path_factory.mktemp("fuzz")
    before = os.getcwd()
    os.chdir(path)
    yield path
    os.chdir(before)


def fresh(folder: Path) -> Path:
    """A new empty subfolder per example (runs never share an out folder)."""
    path = folder / f"case{next(counter)}"
    path.mkdir()
    return path


def invoke(args: list[str]):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def games_played():
    """How many games the Python engine has played (the fuzzed configs never pick compiled)."""
    from simulate import chunk as chunk_module
    played = [0]
    play_game = chunk_module.play_game

    def counted(*args, **kwargs):
        played[0] += 1
        return play_game(*args, **kwargs)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chunk_module, "play_game", counted)
        yield played


def assert_one_line_error(result, context=""):
    shown = f"{context}\n{result.output}"
    assert "Traceback" not in result.output, shown
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (shown, result.exception)
    assert result.exit_code == 2, shown
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), shown
    assert len(lines[0]) <= MAX_LINE + 1, shown[:2000]


def assert_ok_or_one_line_error(result, context=""):
    if result.exit_code == 0:
        assert "Traceback" not in result.output and result.exception is None, result.output
    else:
        assert_one_line_error(result, context)


def command(kind: str, config: dict, path: Path, choice: int) -> list[str]:
    """validate, run or replay; an adaptive table also by its own command (never `run` with a
    hostile out: `validate` writes nothing)."""
    if kind == "out":
        return ["validate", path]
    if kind == "adaptive":
        table = adaptive_table(config)
        return [["validate", path], [table, path, "--no-report"]][choice % 2]
    return [["validate", path], ["run", path, "--no-report"],
            ["replay", path, "--game", "0"]][choice]


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 260)), **FUZZ)
@given(data=st.data())
@pytest.mark.slow
def test_broken_configs_are_one_line(folder, data):
    case = fresh(folder)
    config, strict, kind = data.draw(broken_configs(str(case / "out")))
    path = case / "run.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    result = invoke(command(kind, config, path, data.draw(st.integers(0, 2))))
    context = f"{kind}: {path.read_text()}"
    event(f"{kind}: exit {result.exit_code}")        # --hypothesis-show-statistics
    (assert_one_line_error if strict else assert_ok_or_one_line_error)(result, context)


def not_toml(text: str) -> bool:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return True
    return False


VALID = toml_text(base_config("dungeon_roll", "OUT"))
malformed_toml = st.one_of(
    st.text(printable, max_size=80).filter(not_toml),
    st.integers(1, len(VALID) - 1).map(lambda cut: VALID[:cut]).filter(not_toml),
    st.tuples(st.integers(0, len(VALID)), st.sampled_from(["[", "]", "=", '"', "\n[run]\n",
                                                            "\\", "{", "\x00", "\x7f"]))
    .map(lambda p: VALID[:p[0]] + p[1] + VALID[p[0]:]).filter(not_toml))


@settings(max_examples=100, **FUZZ)
@given(text=malformed_toml, raw=st.binary(max_size=40), use_raw=st.booleans(),
       cmd=st.sampled_from(["validate", "run", "replay", "tune", "sensitivity", "train"]))
def test_malformed_files_are_one_line(folder, text, raw, use_raw, cmd):
    path = fresh(folder) / "bad.toml"
    if use_raw:                     # bytes: often not UTF-8, else not TOML
        path.write_bytes(b"\xff" + raw)
    else:
        path.write_text(text.replace("OUT", str(path.parent / "out")), encoding="utf-8")
    args = [cmd, path] + (["--game", "0"] if cmd == "replay" else [])
    assert_one_line_error(invoke(args), repr(text))


INT_OPTIONS = {"--games": (1, 10**9), "--jobs": (1, 512), "--chunk": (1, 100_000),
               "--seed": (0, 2**63 - 1)}
BAD_OUTS = ["", " ", "/", "~", ".", "..", "\0", "a" * 5000, "{config}"]
BAD_CHOICES = {"--engine": ("auto", "python", "compiled"), "--backend": ("loky", "dask")}
ADAPTIVE_OPTIONS = ("--jobs", "--seed", "--backend", "--out")      # tune, sensitivity, train


@st.composite
def bad_options(draw):
    """(command, options): one bad value among valid ones."""
    kind = draw(st.sampled_from(["int", "choice", "until_ci", "out", "unknown", "replay"]))
    if kind == "int":
        option = draw(st.sampled_from(sorted(INT_OPTIONS)))
        options = [f"{option}={draw(not_valid_int(*INT_OPTIONS[option]))}"]
    elif kind == "choice":
        option = draw(st.sampled_from(sorted(BAD_CHOICES)))
        value = draw(st.text(printable, max_size=12).filter(
            lambda v: v not in BAD_CHOICES[option]))
        options = [f"{option}={value}"]
    elif kind == "until_ci":
        value = draw(st.one_of(st.floats(max_value=0), st.floats(min_value=1, exclude_min=True),
                               st.just(float("nan")), st.text(printable, max_size=6).filter(
                                   lambda t: not _float_in(t, 0, 1))))
        options = [f"--until-ci={value}"]
    elif kind == "out":
        options = ["--out=" + draw(st.sampled_from(BAD_OUTS))]
    elif kind == "unknown":
        options = [draw(st.sampled_from(["--gamez=3", "-x", "--games", "--fresh=maybe", "extra"]))]
    else:                                   # the run has games 0..1 and one player count, 1
        option, value = draw(st.sampled_from([
            ("--game", not_valid_int(0, 1)), ("--players", not_valid_int(1, 1)),
            ("--variant", st.text(printable, max_size=20).filter(lambda v: v != "baseline"))]))
        extra = [] if option == "--game" else ["--game", "0"]
        return "replay", extra + [f"{option}={draw(value)}"]
    name = options[0].split("=")[0]
    commands = ["run"] + (["tune", "sensitivity", "train"] if name in ADAPTIVE_OPTIONS else []) + \
        (["replay"] if name == "--seed" else [])
    command = draw(st.sampled_from(commands))
    return command, options + (["--game", "0"] if command == "replay" else [])


def _float_in(text: str, lo: float, hi: float) -> bool:
    try:
        return lo < float(text) <= hi
    except ValueError:
        return False


@settings(max_examples=150, **FUZZ)
@given(command_options=bad_options())
def test_bad_command_line_values_are_one_line(folder, command_options):
    command, options = command_options
    case = fresh(folder)
    config = case / "run.toml"
    config.write_text(toml_text(base_config("dungeon_roll", str(case / "out"))))
    options = [o.replace("{config}", str(config)) for o in options]
    assert_one_line_error(invoke([command, config, *options]), f"{command} {options}")


@settings(max_examples=40, **FUZZ)
@given(game=st.text(printable, max_size=20).filter(lambda g: g not in GAMES),
       where=st.sampled_from(HOSTILE_TEXT + ["no/such/folder", "run.toml"]))
def test_unknown_games_and_results_folders_are_one_line(folder, game, where):
    case = fresh(folder)
    (case / "run.toml").write_text("not a folder")
    assert_one_line_error(invoke(["list", game]), game)
    target = case / where if where not in ("", "\0") and "\0" not in where else where
    assert_one_line_error(invoke(["report", target]), repr(where))


@settings(max_examples=12, **FUZZ)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**63 - 1), games=st.integers(1, 3),
       extra_seat=st.booleans())
def test_valid_tiny_configs_run(folder, game, seed, games, extra_seat):
    case = fresh(folder)
    config = base_config(game, str(case / "out"), games)
    config["run"]["seed"] = seed
    lo, hi = get_game(game).players
    config["players"]["count"] = min(lo + extra_seat, hi)
    path = case / "run.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    result = invoke(["run", path, "--no-report"])
    assert result.exit_code == 0, result.output
    assert f"{games:,} games in" in result.output


@pytest.mark.parametrize("args", [["validate", "{bad}"], ["run", "{good}", "--games=abc"],
                                  ["run", "{good}", "--backend", "dask", "--scheduler", "x"]])
def test_the_real_entry_point_answers_one_line(tmp_path, args):
    (tmp_path / "bad.toml").write_text("[run\ngame = 1\n")
    (tmp_path / "good.toml").write_text(toml_text(base_config("dungeon_roll",
                                                              str(tmp_path / "out"))))
    argv = [a.format(bad=tmp_path / "bad.toml", good=tmp_path / "good.toml") for a in args]
    done = subprocess.run([sys.executable, "-m", "simulate", *argv], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert len((done.stderr + done.stdout).strip().splitlines()) == 1, done.stderr


def assert_no_game_after_error(result, played: list, before: int, context: str):
    assert_ok_or_one_line_error(result, context)
    if result.exit_code == 2:
        assert played[0] == before, f"{played[0] - before} game(s) played, then: {context}"


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), **FUZZ)
@given(data=st.data())
@pytest.mark.slow
def test_any_key_mistyped_is_one_line_and_plays_nothing(folder, games_played, data):
    """Every key of every table (run, players, rules, variants, sweep, tune, tune.targets,
    sensitivity), the tables themselves too, set to a hostile value, removed or given an
    unknown sibling: exit 0 or one line and exit 2, and no game played before the 2."""
    case = fresh(folder)
    config, key, costly = data.draw(mistyped_configs(str(case / "out")))
    path = case / "run.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    table = adaptive_table(config)
    commands = [["validate", path]] if costly else [
        ["validate", path], [table, path, "--no-report"] if table else ["run", path, "--no-report"],
        ["replay", path, "--game", "0"]]
    args = data.draw(st.sampled_from(commands))
    before = games_played[0]
    result = invoke(args)
    event(f"{key[0]}: exit {result.exit_code}")
    assert_no_game_after_error(result, games_played, before,
                               f"{args[0]} {key}: {path.read_text()[:3000]}")


@settings(max_examples=60, **FUZZ)
@given(data=st.data(), cmd=st.sampled_from(["validate", "run", "replay"]))
def test_hostile_files_are_one_line(folder, data, cmd):
    """Nesting thousands deep, keys and strings of hundreds of KB, dotted keys of 20,000 parts,
    integers of 5,000 digits, odd unicode: one line, exit 2, in bounded time and memory."""
    case = fresh(folder)
    path = case / "run.toml"
    path.write_text(data.draw(hostile_files(str(case / "out"))), encoding="utf-8")
    args = [cmd, path] + (["--game", "0"] if cmd == "replay" else [])
    assert_one_line_error(invoke(args), path.read_text()[:500])


@pytest.fixture(scope="module")
def odd_files(folder):
    """A folder, a FIFO, a missing, an unreadable, a binary and a too-large file."""
    base = folder / "odd"
    base.mkdir()
    (base / "dir").mkdir()
    os.mkfifo(base / "fifo")
    (base / "unreadable").write_text("[run\n")             # invalid too: root reads anything
    (base / "unreadable").chmod(0)
    (base / "binary").write_bytes(b"\xff\xfe\x00[run]")
    (base / "big").write_text("# " + "x" * (2 << 20) + "\n")
    return {name: str(base / name) for name in
            ("dir", "fifo", "missing", "unreadable", "binary", "big")}


@settings(max_examples=40, **FUZZ)
@given(where=hostile_paths, cmd=st.sampled_from(["validate", "run", "replay", "tune",
                                                 "sensitivity", "train"]))
def test_config_paths_that_are_no_config_are_one_line(folder, odd_files, where, cmd):
    path = where.format(**odd_files) if where.startswith("{") else where
    args = [cmd, path] + (["--game", "0"] if cmd == "replay" else [])
    assert_one_line_error(invoke(args), repr(where[:200]))


@pytest.fixture(scope="module")
def configs(folder):
    """A valid run config, a tune, a sensitivity and a train config, and a finished run's
    folder."""
    base = folder / "configs"
    base.mkdir()
    paths = {}
    for name, table in (("run", ""), ("tune", "tune"), ("sensitivity", "sensitivity"),
                        ("train", "train")):
        paths[name] = base / f"{name}.toml"
        paths[name].write_text(toml_text(full_config("dungeon_roll", str(base / f"out-{name}"),
                                                     table)), encoding="utf-8")
    assert invoke(["run", paths["run"], "--no-report"]).exit_code == 0
    paths["results"] = base / "out-run"
    return paths


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)), **FUZZ)
@given(data=st.data(), command=st.sampled_from(sorted(COMMAND_OPTIONS)))
def test_every_option_of_every_command_refuses_bad_values(configs, data, command):
    options = data.draw(bad_option(command))
    target = {"tune": configs["tune"], "sensitivity": configs["sensitivity"],
              "train": configs["train"], "report": configs["results"],
              "list": "dungeon_roll"}.get(command, configs["run"])
    extra = ["--game", "0"] if command == "replay" and "--game" not in options[0] else []
    assert_one_line_error(invoke([command, target, *extra, *options]),
                          f"{command} {[o[:100] for o in options]}")
