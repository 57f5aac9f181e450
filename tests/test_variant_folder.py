"""A whole components folder as a variant: ``[[variants]] components = { folder = "v2" }``,
beside the config, validated on load, fingerprinted per file, paired with the baseline on
common seeds, with the variant's own edits on top of it."""
import json
import shutil

import polars as pl

from simulate.games.risky_adventure import components as risky_adventure
from tests.helpers import one_line_exit_2, simulate_cli


def _study(tmp_path, name="v2", fame=None):
    """A copy of the shipped Risky Adventure files, with map GG's fame set to ``fame``."""
    folder = tmp_path / name
    shutil.copytree(risky_adventure.SHIPPED, folder)
    if fame is not None:
        path = folder / "treasure_maps.json"
        doc = json.loads(path.read_text())
        next(m for m in doc["maps"] if m["id"] == "GG")["fame"] = fame
        path.write_text(json.dumps(doc))
    return folder


def _config(tmp_path, variant: str, jobs=2, games=60):
    config = tmp_path / "study.toml"
    config.write_text('[run]\ngame = "risky_adventure"\n'
                      f'games = {games}\nchunk = 20\njobs = {jobs}\nout = "{tmp_path / "out"}"\n'
                      '[players]\ncount = 2\n[[variants]]\nname = "v2"\n' + variant + "\n")
    return config


def _scores(out, variant):
    games = pl.read_parquet(out / "seats" / "*.parquet").filter(pl.col("variant") == variant)
    return games.sort("game", "seat")["score"].to_list()


def test_a_copy_of_the_shipped_folder_plays_the_baseline_games_exactly(tmp_path):
    """A no-op change leaves games identical: the variant's folder is the shipped data."""
    _study(tmp_path)
    result = simulate_cli("run", _config(tmp_path, 'components = { folder = "v2" }'))
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    assert _scores(out, "v2") == _scores(out, "baseline") and len(_scores(out, "v2")) == 120
    manifest = json.loads((out / "manifest.json").read_text())
    assert any(k.endswith("v2/treasure_maps.json") for k in manifest["fingerprint"])


def test_an_edited_folder_changes_games_and_the_report_names_it(tmp_path):
    _study(tmp_path, fame=30)
    result = simulate_cli("run", _config(tmp_path, 'components = { folder = "v2" }'))
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    assert _scores(out, "v2") != _scores(out, "baseline")
    report = (out / "report.html").read_text()       # the Variants table names what differs
    assert "components folder" in report and "treasure_maps:maps.GG.fame: 3 → 30" in report


def test_edits_on_top_of_the_folder(tmp_path):
    """The variant's own address is applied to its folder's files: GG at 30 fame, edited back
    to the printed 3, plays the baseline's games."""
    _study(tmp_path, fame=30)
    config = _config(tmp_path, 'components = { folder = "v2", "treasure_maps:GG.fame" = 3 }')
    assert simulate_cli("run", config).exit_code == 0
    assert _scores(tmp_path / "out", "v2") == _scores(tmp_path / "out", "baseline")


def test_a_missing_or_broken_folder_is_one_line(tmp_path):
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, 'components = { folder = "no" }')),
                    "variant 'v2'", "is not a folder")
    _study(tmp_path, fame=-1)
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, 'components = { folder = "v2" }')),
                    "treasure_maps.json", "fame")


def test_a_resume_after_editing_the_variants_folder_names_the_file(tmp_path):
    study = _study(tmp_path)
    config = _config(tmp_path, 'components = { folder = "v2" }', jobs=1)
    assert simulate_cli("run", config, "--games", "20").exit_code == 0
    path = study / "artifacts.json"
    path.write_text(path.read_text().replace('"fame": 1', '"fame": 2', 1))
    one_line_exit_2(simulate_cli("run", config), "artifacts.json", "holds a different run")


def test_a_folder_variant_plays_what_a_second_run_on_that_folder_plays(tmp_path):
    """Before and after two ways: a run on the shipped files and a run on the edited folder
    (`simulate compare`), or one run with the folder as a variant. The games are the same
    game for game, so the difference each gives is the same."""
    from reports.compare import compare_runs
    study = _study(tmp_path, fame=30)
    for name, extra in (("before", ""), ("after", f'[components]\nfolder = "{study}"\n')):
        config = tmp_path / f"{name}.toml"
        config.write_text('[run]\ngame = "risky_adventure"\ngames = 60\nchunk = 20\n'
                          f'out = "{tmp_path / name}"\n[players]\ncount = 2\n' + extra)
        assert simulate_cli("run", config).exit_code == 0
    assert simulate_cli("run", _config(tmp_path, 'components = { folder = "v2" }')).exit_code == 0
    both = tmp_path / "out"
    assert _scores(both, "baseline") == _scores(tmp_path / "before", "baseline")
    assert _scores(both, "v2") == _scores(tmp_path / "after", "baseline")
    assert compare_runs(tmp_path / "before", tmp_path / "after").paired
