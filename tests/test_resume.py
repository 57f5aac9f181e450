"""Resume never mixes or loses results: verified chunks, fingerprints, hostile manifests."""
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.config import parse_config
from simulate.games.base import ConfigError
from simulate.manifest import digest
from simulate.results import read_tables
from simulate.runner import run

runner = CliRunner()


def small(out, **run_keys):
    data = {"run": {"game": "dungeon_roll", "games": 40, "seed": 9, "chunk": 10, "out": str(out),
                    **run_keys},
            "players": {"count": [1, 2], "strategies": "random"}}
    return parse_config(data)


def tables(out):
    games, seats = read_tables(out)
    return (games.collect().sort("players", "game"), seats.collect().sort("players", "game", "seat"))


def chunk_files(out, table="games"):
    return sorted((out / table).glob("*.parquet"))


def test_damaged_and_missing_chunks_are_replayed_and_said(tmp_path):
    reference = tables(run(small(tmp_path / "ref")).out)
    out = tmp_path / "out"
    run(small(out))
    files = chunk_files(out)
    files[0].write_bytes(files[0].read_bytes()[:50])            # truncated
    (out / "seats" / files[3].name).unlink()                    # deleted
    (out / "seats" / files[5].name).write_bytes(b"")            # 0 bytes
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 2 and "3 chunk(s) 1 missing, 2 damaged" in result.output
    assert len(result.output.strip().splitlines()) == 1
    said = []
    manifest = run(small(out), say=said.append)
    assert said == [f"replaying 3 chunk(s) 1 missing, 2 damaged: "
                    f"{files[0].stem}, {files[3].stem}, {files[5].stem}"]
    assert manifest.data["games_done"] == 40 * 2
    for mine, theirs in zip(tables(out), reference):
        assert mine.equals(theirs)


def test_resume_after_a_strategy_source_change_is_refused(tmp_path, monkeypatch):
    module = tmp_path / "my_strategy_mod.py"
    module.write_text("from strategies import RandomStrategy\n\n"
                      "class Mine(RandomStrategy):\n    name = 'mine'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cfg = parse_config({"run": {"game": "dungeon_roll", "games": 10, "chunk": 5,
                                "out": str(tmp_path / "out")},
                        "players": {"strategies": "my_strategy_mod:Mine"}})
    run(cfg)
    module.write_text(module.read_text() + "# a tweak\n")
    with pytest.raises(ConfigError) as error:
        run(cfg)
    assert "strategy module my_strategy_mod changed" in str(error.value)


def test_resume_after_a_version_change_names_it(tmp_path, monkeypatch):
    run(small(tmp_path))
    monkeypatch.setattr("simulate.manifest.__version__", "9.9.9")
    with pytest.raises(ConfigError, match=r"package version changed 0\.1\.0 -> 9\.9\.9"):
        run(small(tmp_path))


def edits():
    """Ways a manifest of this tool may be edited or damaged."""
    def drop(key):
        return lambda m: m.pop(key)

    def chunk_id(m):
        m["chunks"]["../../../escaped"] = m["chunks"].popitem()[1]

    def set_(key, value):
        return lambda m: m.__setitem__(key, value)

    return {"checksum off": set_("checksum", "0" * 64),
            "no checksum": drop("checksum"),
            "identity edited": lambda m: m["identity"].__setitem__("games", 10**12),
            "format version": set_("format_version", 99),
            "format version text": set_("format_version", "2"),
            "chunks a list": set_("chunks", []),
            "path in chunk id": chunk_id,
            "no fingerprint": drop("fingerprint"),
            "games_done text": set_("games_done", "many"),
            "config a string": set_("config", "x")}


@pytest.mark.parametrize("resign", [False, True], ids=["edited", "re-signed"])
@pytest.mark.parametrize("edit", list(edits()))
def test_hostile_manifests_give_one_line(tmp_path, edit, resign):
    out = tmp_path / "out"
    run(small(out, games=10))
    path = out / "manifest.json"
    manifest = json.loads(path.read_text())
    edits()[edit](manifest)
    if resign:                   # a forger who recomputes the checksum
        manifest.pop("checksum", None)
        manifest["checksum"] = digest(manifest)
    path.write_text(json.dumps(manifest))
    outside = sorted(p for p in tmp_path.parent.rglob("*") if out not in p.parents)
    config = tmp_path / "run.toml"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 10\nseed = 9\nchunk = 10\n'
                      f'out = "{out}"\n[players]\ncount = [1, 2]\nstrategies = "random"\n')
    outside.append(config)
    for args in (["run", config, "--no-report"], ["report", out]):
        result = runner.invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output
        if result.exit_code == 0:              # a re-signed edit that changes no result
            assert resign, (edit, result.output)
            break
        assert result.exit_code == 2, (edit, result.output)
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert sorted(p for p in tmp_path.parent.rglob("*") if out not in p.parents) == sorted(outside)


@pytest.mark.slow
def test_killed_again_and_again_with_damage_between_still_matches(tmp_path):
    """Kill at random moments; between kills damage one chunk and delete another. On the
    Python engine (its worker process dies with the run): a kernel plays the 60 chunks faster
    than the test can kill it midway."""
    config = tmp_path / "kill.toml"
    out = tmp_path / "killed"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 1800\nseed = 4\nchunk = 30\n'
                      f'jobs = 1\nengine = "python"\nout = "{out}"\n[players]\ncount = 2\n'
                      'strategies = "random"\n')
    cmd = [sys.executable, "-m", "simulate", "run", str(config), "--no-report"]
    lots = random.Random(14)
    midway = 0
    for kill in range(3):
        process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        _wait_for_chunks(out, lots.randint(1, 5) + 5 * kill, process)
        time.sleep(lots.random() * 0.2)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        midway += len(json.loads((out / "manifest.json").read_text())["chunks"]) < 60
        files = chunk_files(out, lots.choice(["games", "seats"]))
        if len(files) >= 2:
            damaged, deleted = lots.sample(files, 2)
            damaged.write_bytes(damaged.read_bytes()[: lots.randint(0, 200)])
            deleted.unlink()
    assert midway >= 2, "the run should have been killed midway"
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=300)
    reference = tmp_path / "reference"
    run(parse_config({"run": {"game": "dungeon_roll", "games": 1800, "seed": 4, "chunk": 30,
                              "out": str(reference)},
                      "players": {"count": 2, "strategies": "random"}}))
    games, seats = tables(out)
    assert games["game"].to_list() == list(range(1800))
    for mine, theirs in zip((games, seats), tables(reference)):
        assert mine.equals(theirs)


def _wait_for_chunks(out, count, process):
    manifest = out / "manifest.json"
    deadline = time.time() + 120
    while time.time() < deadline and process.poll() is None:
        try:
            if len(json.loads(manifest.read_text())["chunks"]) >= count:
                return
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.02)
