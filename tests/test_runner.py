"""The runner: same numbers for any jobs, chunk size or backend; resume after a kill."""
import json
import subprocess
import sys

import polars as pl
import pytest

from simulate.config import parse_config
from simulate.results import read_tables
from simulate.runner import plan_chunks, run
from simulate.seating import game_seed
from tests.helpers import kill_after_chunks

GAMES = 48


def small_config(out, jobs=1, chunk=16, variants=True):
    data = {"run": {"game": "dungeon_roll", "games": GAMES, "seed": 5, "jobs": jobs,
                    "chunk": chunk, "out": str(out)},
            "players": {"count": [1, 2], "strategies": "random"}}
    if variants:
        data["variants"] = [{"name": "same_as_printed"},
                            {"name": "one_chest", "champion_opens_all_chests": False}]
    return parse_config(data)


def tables(out):
    games, seats = read_tables(out)
    return (games.collect().sort("variant", "players", "game"),
            seats.collect().sort("variant", "players", "game", "seat"))


def test_seeds_differ_per_game_and_run():
    seeds = {game_seed(5, i) for i in range(10_000)}
    assert len(seeds) == 10_000
    assert game_seed(5, 0) != game_seed(6, 0)
    assert all(0 <= s < 2**63 for s in seeds)


def test_same_tables_for_any_jobs_and_chunk(tmp_path):
    run(small_config(tmp_path / "a", jobs=1, chunk=16))
    run(small_config(tmp_path / "b", jobs=2, chunk=7))
    a_games, a_seats = tables(tmp_path / "a")
    b_games, b_seats = tables(tmp_path / "b")
    assert a_games.equals(b_games)
    assert a_seats.equals(b_seats)
    assert a_games.height == GAMES * 2 * 3
    assert a_seats.height == GAMES * (1 + 2) * 3


def test_variants_play_common_random_numbers(tmp_path):
    run(small_config(tmp_path))
    games, seats = tables(tmp_path)
    base = seats.filter(pl.col("variant") == "baseline").drop("variant")
    same = seats.filter(pl.col("variant") == "same_as_printed").drop("variant")
    assert base.equals(same)


def test_rerun_of_a_finished_run_plays_nothing(tmp_path):
    cfg = small_config(tmp_path)
    run(cfg)
    before = json.loads((tmp_path / "manifest.json").read_text())
    run(cfg)
    after = json.loads((tmp_path / "manifest.json").read_text())
    assert after["chunks_done"] == before["chunks_done"]
    assert after["games_done"] == GAMES * 2 * 3
    assert len(plan_chunks(cfg)) == len(after["chunks_done"])


def test_other_config_in_same_folder_is_refused(tmp_path):
    from simulate.games.base import ConfigError
    run(small_config(tmp_path, variants=False))
    with pytest.raises(ConfigError, match="holds a different run"):
        run(small_config(tmp_path))


@pytest.mark.slow
def test_killed_run_resumes_without_losing_or_repeating_games(tmp_path):
    config = tmp_path / "kill.toml"
    out = tmp_path / "killed"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 6000\nseed = 3\nchunk = 250\n'
                      f'jobs = 2\nout = "{out}"\n[players]\ncount = 2\nstrategies = "random"\n')
    cmd = [sys.executable, "-m", "simulate", "run", str(config), "--no-report"]
    done = kill_after_chunks(cmd, out, 3)
    assert 3 <= len(done) < 24, "the run should have been killed midway"
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=300)
    games, seats = tables(out)
    assert games["game"].to_list() == list(range(6000))
    reference = tmp_path / "reference"
    config.write_text(config.read_text().replace(str(out), str(reference)))
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=300)
    ref_games, ref_seats = tables(reference)
    assert games.equals(ref_games)
    assert seats.equals(ref_seats)


@pytest.mark.slow
def test_dask_cluster_gives_the_same_tables(tmp_path):
    distributed = pytest.importorskip("distributed")
    run(small_config(tmp_path / "local", jobs=2, variants=False))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster:
        run(small_config(tmp_path / "dask", variants=False), backend="dask",
            scheduler=cluster.scheduler_address)
    local = tables(tmp_path / "local")
    remote = tables(tmp_path / "dask")
    assert local[0].equals(remote[0])
    assert local[1].equals(remote[1])


KERNEL_GAMES = ["dungeon_roll", "roll_for_adventure", "roll_player", "risky_adventure",
                "adventure_realms"]


def compiled_config(out, game, jobs, variants=()):
    from simulate.games import get_game
    fewest = get_game(game).players[0]
    return parse_config({"run": {"game": game, "games": 12, "seed": 4, "jobs": jobs, "chunk": 3,
                                 "out": str(out), "engine": "compiled"},
                         "players": {"count": [fewest, fewest + 1]},
                         "variants": list(variants)})


@pytest.mark.parametrize("game", KERNEL_GAMES)
def test_compiled_chunks_on_threads_give_the_tables_of_one_job(tmp_path, game, monkeypatch):
    """jobs = 2 on a kernel plays on two threads of this process (no worker process: the
    watched pool would fail here), with the tables of jobs = 1."""
    run(compiled_config(tmp_path / "one", game, 1))

    def no_workers(*args, **kwargs):
        raise AssertionError("a kernel run started worker processes")
    monkeypatch.setattr("simulate.runner.play_watched", no_workers)
    manifest = run(compiled_config(tmp_path / "two", game, 2))
    assert manifest.data["engine"] == "compiled"
    for one, two in zip(tables(tmp_path / "one"), tables(tmp_path / "two")):
        assert one.equals(two)


def test_compiled_variants_that_edit_cards_play_in_worker_processes(tmp_path, monkeypatch):
    """A variant's card edits are the process's data while its chunk plays, so variants with
    different edits do not share threads: they take worker processes, with the same tables."""
    from simulate import runner
    edited = [{"name": "cheap", "components": {"market:Longsword.cost": 0}}]
    run(compiled_config(tmp_path / "one", "roll_player", 1, edited))
    used = []
    monkeypatch.setattr(runner, "play_threaded", lambda *a: used.append(a) or iter(()))
    run(compiled_config(tmp_path / "two", "roll_player", 2, edited))
    assert not used
    for one, two in zip(tables(tmp_path / "one"), tables(tmp_path / "two")):
        assert one.equals(two)
    assert runner.in_process(compiled_config(tmp_path / "three", "roll_player", 2), "compiled")
