"""The notebook API: a config (dict or path) in, the tables and the report out."""
import pytest

from simulate.api import open_results, run
from simulate.games.base import ConfigError


def small_config(out) -> dict:
    return {"run": {"game": "dungeon_roll", "games": 30, "seed": 5, "chunk": 10, "jobs": 2,
                    "out": str(out)},
            "players": {"count": [1, 2], "strategies": "risk_aware"}}


def test_run_a_dict_gives_the_tables_and_report_and_open_reads_them_back(tmp_path):
    config = small_config(tmp_path / "out")
    results = run(config)
    assert config["run"]["games"] == 30                  # the caller's dict is left alone
    games, seats = results.games(), results.seats()
    assert games.height == 60 and sorted(set(games["players"])) == [1, 2]
    assert seats.height == 30 * 1 + 30 * 2
    assert results.report is not None and results.report.stat().st_size > 1000
    assert results.games().to_pandas().shape[0] == 60   # pandas users: pyarrow is installed

    again = open_results(tmp_path / "out")
    assert again.games().equals(games)
    assert run(config).games().equals(games)              # a finished folder: nothing replayed


def test_a_path_with_overrides_and_no_report(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[run]\ngame = "dungeon_roll"\ngames = 1000\n', encoding="utf-8")
    results = run(path, games=8, chunk=4, out=str(tmp_path / "o"), report=False)
    assert results.games().height == 8 and results.report is None
    assert results.manifest["games_done"] == 8


def test_bad_input_raises_the_tools_error(tmp_path):
    with pytest.raises(ConfigError, match="unknown"):
        run({"run": {"game": "dungeon_roll", "out": str(tmp_path / "o")}, "rulez": {}})
    with pytest.raises(ConfigError, match="not a results folder"):
        open_results(tmp_path)
