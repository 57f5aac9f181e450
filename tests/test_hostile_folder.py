"""A hostile results folder : planted links, pipes, wrong kinds, forged
manifests. The tool writes and deletes nothing outside its folder, never hangs, never loses a
user's file, and says what is wrong in one line (exit 2) or replays with a notice.

Every case snapshots a "victim" tree beside the folder (names, sizes, mtimes, hashes; files
named like the tool's among them) and checks it afterwards, and that nothing new appeared
beside the folder.
"""
import hashlib
import json
import os
import signal
from contextlib import contextmanager
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.manifest import digest
from simulate.results import read_tables

runner = CliRunner()
CONFIG = """
[run]
game = "dungeon_roll"
games = 20
seed = 5
chunk = 10
jobs = 1
engine = "python"
out = "{out}"

[players]
count = [1, 2]
strategies = "{strategy}"
"""
FIRST = "v0-p1-0000000000"                 # the first chunk's id


class TooSlow(Exception):
    pass


@contextmanager
def deadline(seconds: int):
    """Fail a case that hangs (a FIFO read, /dev/zero) instead of hanging the suite."""
    def expire(signum, frame):
        raise TooSlow(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under ``root``: kind, size, mtime and content hash."""
    found = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        if path.is_symlink():
            found[str(path)] = ("link", os.readlink(path))
        elif path.is_file():
            found[str(path)] = (info.st_size, info.st_mtime_ns,
                                hashlib.sha256(path.read_bytes()).hexdigest())
        else:
            found[str(path)] = ("folder", info.st_mtime_ns)
    return found


@pytest.fixture
def place(tmp_path):
    """(out, config, victim): a results folder, its config and a victim tree beside it, holding
    files that look like the tool's."""
    victim = tmp_path / "victim"
    (victim / "games").mkdir(parents=True)
    (victim / "victim.txt").write_text("precious\n")
    (victim / "games" / f"{FIRST}.parquet").write_bytes(b"not yours")
    (victim / "games" / ".x.tmp").write_text("mine")
    out = tmp_path / "out"
    config = tmp_path / "run.toml"
    config.write_text(CONFIG.format(out=out, strategy="random"))
    before = snapshot(victim)
    yield out, config, victim
    assert snapshot(victim) == before, "something outside the folder changed"
    assert {p.name for p in tmp_path.iterdir()} <= {"victim", "out", "run.toml", "code"}


def invoke(*args):
    with deadline(60):
        return runner.invoke(app, [str(a) for a in args])


def one_line(result, *words):
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    for word in words:
        assert word in result.output, result.output


def ok(result):
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def finished(out, config):
    ok(invoke("run", config))
    return json.loads((out / "manifest.json").read_text())


def resign(out, manifest):
    manifest.pop("checksum", None)
    manifest["checksum"] = digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))


# --- the lock -------------------------------------------------------------------------------

def test_a_lock_that_is_a_link_is_refused_in_a_new_folder(place):
    out, config, victim = place
    out.mkdir()
    (out / ".simulate.lock").symlink_to(victim / "victim.txt")
    one_line(invoke("run", config), ".simulate.lock")
    assert os.listdir(out) == [".simulate.lock"]


def test_a_lock_that_is_a_link_is_refused_in_a_run_folder(place):
    out, config, victim = place
    finished(out, config)
    (out / ".simulate.lock").unlink()
    (out / ".simulate.lock").symlink_to(victim / "victim.txt")
    for args in (("run", config), ("run", config, "--fresh")):
        one_line(invoke(*args), ".simulate.lock")


TUNE = """
[tune]
rules = { solo_win_score = [5, 35] }
tolerance = 0.2
first_games = 10
max_games = 20
[[tune.targets]]
metric = "win_rate"
equals = 0.5
"""


@pytest.mark.parametrize("command", ["run", "tune", "fresh"])
def test_a_hard_linked_lock_is_refused_and_its_file_never_written(place, command):
    out, config, victim = place
    if command == "tune":
        config.write_text(config.read_text().replace("count = [1, 2]", "count = 1") + TUNE)
    if command == "fresh":
        finished(out, config)
        (out / ".simulate.lock").unlink()
    else:
        out.mkdir()
    os.link(victim / "victim.txt", out / ".simulate.lock")      # the fixture checks the victim
    args = {"run": ("run", config), "tune": ("tune", config),
            "fresh": ("run", config, "--fresh")}[command]
    one_line(invoke(*args), ".simulate.lock", "hard link")
    assert (victim / "victim.txt").read_text() == "precious\n"


def test_a_users_own_lock_named_file_is_never_overwritten(place):
    out, config, _ = place
    out.mkdir()
    (out / ".simulate.lock").write_text("my notes\n")
    ok(invoke("run", config))
    assert (out / ".simulate.lock").read_text() == "my notes\n"
    ok(invoke("run", config, "--fresh"))
    assert (out / ".simulate.lock").read_text() == "my notes\n"


# --- planted temp files ----------------------------------------------------------------------

def test_planted_temp_links_are_never_written_through(place):
    out, config, victim = place
    finished(out, config)
    (out / "games" / f"{FIRST}.parquet").unlink()          # resume replays this chunk
    names = [".report.html.tmp", f".simulate-manifest-{os.getpid()}.tmp",
             f".simulate-tune-{os.getpid()}.tmp", f"games/.{FIRST}.tmp",
             f"seats/.{FIRST}.tmp"]
    for name in names:
        (out / name).symlink_to(victim / "victim.txt")
    result = ok(invoke("run", config))
    assert "replaying 1 chunk(s) 1 missing" in result.output
    ok(invoke("report", out))
    for name in names:                                    # not the tool's: left alone
        assert (out / name).is_symlink()


def test_tune_json_and_its_temp_file_never_follow_links(place, tmp_path):
    out, config, victim = place
    config.write_text(config.read_text().replace("count = [1, 2]", "count = 1") + """
[tune]
rules = { solo_win_score = [5, 35] }
tolerance = 0.2
first_games = 10
max_games = 20
[[tune.targets]]
metric = "win_rate"
equals = 0.5
""")
    ok(invoke("tune", config))
    for name in (f".simulate-tune-{os.getpid()}.tmp", ".report.html.tmp"):
        (out / name).symlink_to(victim / "victim.txt")
    ok(invoke("tune", config))                            # the resume writes them again
    assert json.loads((out / "tune.json").read_text())["candidates"]
    (out / "tune.json").unlink()
    (out / "tune.json").symlink_to(victim / "victim.txt")
    one_line(invoke("tune", config), "tune.json", "link")


# --- table folders and chunks of the wrong kind -------------------------------------------------

def test_a_table_folder_that_is_a_link_is_refused(place):
    out, config, victim = place
    finished(out, config)
    for name in os.listdir(out / "games"):
        (out / "games" / name).unlink()
    (out / "games").rmdir()
    (out / "games").symlink_to(victim / "games")
    for args in (("run", config, "--fresh"), ("run", config), ("report", out)):
        one_line(invoke(*args), str(out / "games"), "link")


@pytest.mark.parametrize("planted", ["fifo", "dev zero", "folder"])
def test_a_chunk_that_is_no_file_never_hangs_and_is_one_line(place, planted):
    out, config, _ = place
    finished(out, config)
    chunk = out / "games" / f"{FIRST}.parquet"
    chunk.unlink()
    {"fifo": lambda: os.mkfifo(chunk), "dev zero": lambda: chunk.symlink_to("/dev/zero"),
     "folder": chunk.mkdir}[planted]()
    one_line(invoke("report", out), "1 chunk(s) 0 missing, 1 damaged")
    one_line(invoke("run", config), str(chunk))            # replaying it would replace it


@pytest.mark.parametrize("entry, make", [
    ("games", lambda p: p.write_text("a file")),
    ("report.html", lambda p: p.mkdir()),
    ("manifest.json", lambda p: p.mkdir()),
])
def test_entries_of_the_wrong_kind_are_one_line(place, entry, make):
    out, config, _ = place
    finished(out, config)
    path = out / entry
    if path.is_dir():
        for child in path.iterdir():
            child.unlink()
        path.rmdir()
    else:
        path.unlink()
    make(path)
    for args in (("run", config), ("run", config, "--fresh"), ("report", out)):
        one_line(invoke(*args), entry)
    assert path.exists()


@pytest.mark.parametrize("forged", ["manifest and footer", "footer only"])
def test_a_chunk_declaring_millions_of_rows_is_damaged_not_loaded(place, forged):
    out, config, _ = place
    manifest = finished(out, config)
    chunk = out / "games" / f"{FIRST}.parquet"
    rows = 2_000_000
    pl.DataFrame({"game": [0] * rows}).write_parquet(chunk)     # tiny: one repeated value
    data = chunk.read_bytes()
    assert len(data) < rows / 10
    manifest["chunks"][FIRST]["games"] = {"rows": rows if forged != "footer only" else 10,
                                          "bytes": len(data),
                                          "sha256": hashlib.sha256(data).hexdigest()}
    resign(out, manifest)
    one_line(invoke("report", out), "1 damaged")
    result = ok(invoke("run", config))
    assert f"replaying 1 chunk(s) 0 missing, 1 damaged: {FIRST}" in result.output
    assert read_tables(out)[0].collect().height == 40


def test_a_chunk_record_without_its_size_is_replayed(place):
    out, config, _ = place
    manifest = finished(out, config)
    del manifest["chunks"][FIRST]["seats"]["bytes"]          # as manifests before the size
    resign(out, manifest)
    one_line(invoke("report", out), "1 damaged")
    assert f"replaying 1 chunk(s) 0 missing, 1 damaged: {FIRST}" in ok(invoke("run", config)).output


def test_a_resigned_manifest_dropping_a_chunk_is_said(place):
    out, config, _ = place
    manifest = finished(out, config)
    manifest["chunks"].pop(FIRST)
    manifest["games_done"] -= 10
    resign(out, manifest)
    result = ok(invoke("report", out))
    assert "records 3 of the 4 chunks its config plans" in result.output
    assert "records" not in ok(invoke("run", config)).output     # the resume plays it again
    assert "records" not in ok(invoke("report", out)).output


# --- stale temp files and --fresh --------------------------------------------------------------

def test_stale_temp_files_of_a_killed_write_are_ignored(place):
    out, config, _ = place
    finished(out, config)
    (out / "games" / f"{FIRST}.parquet").unlink()
    stale = [out / f".simulate-manifest.json-{'a' * 8}.tmp", out / ".report.html.tmp",
             out / "games" / f".simulate-{FIRST}.parquet-{'b' * 8}.tmp",
             out / "games" / f".{FIRST}.tmp", out / "seats" / f".{FIRST}.tmp"]
    for path in stale[:3]:
        path.write_bytes(b"half a file")
    for path in stale[3:]:
        path.mkdir()                      # the old fixed temp name, now a folder
    ok(invoke("run", config))
    ok(invoke("report", out))
    assert all(p.exists() for p in stale)


USER_FILES = ["games/.backup.tmp", "games/keep__p1__0000000001.parquet", ".simulate-mine.tmp",
              "tune.json", "sensitivity.json", "games/v9-p1-0000000000.parquet",
              "seats/notes.txt", ".report.html.tmp", "mine/v0-p1-0000000000.parquet"]


def test_fresh_deletes_only_what_the_manifest_lists(place):
    out, config, _ = place
    finished(out, config)
    for name in USER_FILES:
        (out / name).parent.mkdir(exist_ok=True)
        (out / name).write_text(f"user file {name}")
    ok(invoke("run", config, "--fresh"))
    for name in USER_FILES:
        assert (out / name).read_text() == f"user file {name}"
    assert len(list((out / "games").glob("v0-*.parquet"))) == 4


def test_a_fresh_killed_midway_can_run_again(place, monkeypatch):
    out, config, _ = place
    reference = finished(out, config)
    real_unlink = Path.unlink
    deleted = []

    def killed_after_three(path, missing_ok=False):
        if len(deleted) == 3:
            raise KeyboardInterrupt            # what a kill mid-delete leaves
        deleted.append(path)
        real_unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", killed_after_three)
    assert invoke("run", config, "--fresh").exit_code == 130
    monkeypatch.setattr(Path, "unlink", real_unlink)
    assert (out / "manifest.json").exists()               # deleted last: still there
    assert len(list(out.rglob("*.parquet"))) == 8 - 3
    ok(invoke("run", config))                            # a plain resume replays them
    ok(invoke("run", config, "--fresh"))                 # and --fresh works too
    again = json.loads((out / "manifest.json").read_text())
    assert {k: v["games"]["sha256"] for k, v in again["chunks"].items()} == \
        {k: v["games"]["sha256"] for k, v in reference["chunks"].items()}


class Killed(KeyboardInterrupt):
    """What a SIGKILL at one step leaves: that step and every later one never happen."""


def kill_at(monkeypatch, out: Path, step: int) -> list[int]:
    """Make the ``step``-th change to ``out`` (an unlink, rmdir or rename in it) and every one
    after it raise :class:`Killed` instead of happening; return the count of changes seen."""
    seen = [0]
    for name in ("unlink", "rmdir", "replace"):
        real = getattr(os, name)

        def killable(*args, _real=real, **kwargs):
            if not str(args[0]).startswith(str(out)) or "dir_fd" in kwargs:
                return _real(*args, **kwargs)          # not the results folder's
            seen[0] += 1
            if seen[0] >= step:
                raise Killed
            return _real(*args, **kwargs)
        monkeypatch.setattr(os, name, killable)
    return seen


def tables(out):
    games, seats = read_tables(out)
    return games.collect().sort("variant", "players", "game"), \
        seats.collect().sort("variant", "players", "game", "seat")


def test_a_fresh_killed_at_every_step_is_never_refused(place, monkeypatch):
    out, config, _ = place
    finished(out, config)
    reference = tables(out)
    for name in USER_FILES:
        (out / name).parent.mkdir(exist_ok=True)
        (out / name).write_text(f"user file {name}")
    step = 1
    while True:
        with monkeypatch.context() as patch:
            seen = kill_at(patch, out, step)
            result = invoke("run", config, "--fresh")
        if seen[0] < step:                       # the whole --fresh ran before the kill
            ok(result)
            break
        assert result.exit_code == 130, (step, result.output)
        for name in USER_FILES:
            assert (out / name).read_text() == f"user file {name}", (step, name)
        again = invoke("run", config)
        assert again.exit_code == 0, (step, sorted(os.listdir(out)), again.output)
        assert all(a.equals(b) for a, b in zip(tables(out), reference)), step
        step += 1
        assert step < 60
    assert step > 20                             # every unlink, rmdir and rename was a kill


@pytest.mark.parametrize("left", ["first manifest temp", "empty tables", "claim and tables"])
def test_what_a_killed_first_write_leaves_is_not_refused(place, left):
    out, config, _ = place
    out.mkdir()
    (out / ".simulate.lock").write_text("")
    if left == "first manifest temp":
        (out / ".simulate-manifest.json-k3j_9x0a.tmp").write_text('{"format": "dice-b')
    else:
        (out / "games").mkdir()
        (out / "seats").mkdir()
    if left == "claim and tables":
        (out / "seats" / "notes.txt").write_text("mine")       # a user's, kept
        (out / ".simulate-claim").write_bytes(b'{"format": "dice-balance-run", "claim": true}\n')
    ok(invoke("run", config))
    assert not (out / ".simulate-claim").exists()
    assert read_tables(out)[0].collect().height == 40
    if left == "claim and tables":
        assert (out / "seats" / "notes.txt").read_text() == "mine"


def test_a_non_empty_folder_without_any_marker_is_still_refused(place):
    out, config, _ = place
    (out / "seats").mkdir(parents=True)
    (out / "seats" / "notes.txt").write_text("mine")
    one_line(invoke("run", config), "not empty")


# --- the fingerprint --------------------------------------------------------------------------

def test_every_package_file_is_fingerprinted(place):
    out, config, _ = place
    keys = finished(out, config)["fingerprint"]
    root = Path(__file__).resolve().parent.parent
    files = {str(p.relative_to(root)) for folder in ("simulate", "strategies")
             for p in (root / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and p.suffix != ".md"}
    assert {f"source {f}" for f in files} <= keys.keys()
    for name in ("simulate/config.py", "strategies/search.py", "strategies/presets.py",
                 "simulate/kernels/lists.py", "simulate/games/read_only.py", "simulate/engines.py"):
        assert f"source {name}" in keys


def test_a_change_in_a_custom_strategys_helper_refuses_the_resume(place, tmp_path, monkeypatch):
    out, config, _ = place
    code = tmp_path / "code"
    code.mkdir()
    (code / "dr_helpers.py").write_text("BIAS = 0\n")
    (code / "dr_mine.py").write_text("from strategies import RandomStrategy\nimport dr_helpers\n\n"
                                     "class Mine(RandomStrategy):\n    name = 'mine'\n")
    monkeypatch.syspath_prepend(str(code))
    config.write_text(CONFIG.format(out=out, strategy="dr_mine:Mine"))
    ok(invoke("run", config))
    keys = json.loads((out / "manifest.json").read_text())["fingerprint"]
    assert f"source {code / 'dr_helpers.py'}" in keys
    (code / "dr_helpers.py").write_text("BIAS = 1\n")
    one_line(invoke("run", config), "dr_helpers.py changed")


def test_a_change_in_the_package_init_of_a_custom_strategy_refuses_the_resume(place, tmp_path,
                                                                              monkeypatch):
    out, config, _ = place
    package = tmp_path / "code" / "drpkg" / "bots"
    package.mkdir(parents=True)
    (package.parent / "__init__.py").write_text("BIAS = 0\n")
    (package / "__init__.py").write_text("")
    (package / "mine.py").write_text("from strategies import RandomStrategy\n\n"
                                     "class Mine(RandomStrategy):\n    name = 'mine'\n")
    monkeypatch.syspath_prepend(str(tmp_path / "code"))
    config.write_text(CONFIG.format(out=out, strategy="drpkg.bots.mine:Mine"))
    ok(invoke("run", config))
    keys = json.loads((out / "manifest.json").read_text())["fingerprint"]
    for init in (package.parent / "__init__.py", package / "__init__.py"):
        assert f"source {init}" in keys
    (package.parent / "__init__.py").write_text("BIAS = 1\n")
    one_line(invoke("run", config), "drpkg/__init__.py changed")
