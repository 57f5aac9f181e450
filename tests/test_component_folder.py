"""A study's own component data: `simulate components export/check` and
``[components] folder`` in a config, validated on load and fingerprinted by the manifest."""
import json

import polars as pl

from simulate.games.risky_adventure import components as risky_adventure
from simulate.games.roll_player import components as roll_player
from tests.helpers import one_line_exit_2, simulate_cli


def _edit(path, change):
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def _config(tmp_path, name, game="risky_adventure", folder="study", jobs=1, extra=""):
    config = tmp_path / f"{name}.toml"
    config.write_text(f'[run]\ngame = "{game}"\ngames = 40\nchunk = 20\njobs = {jobs}\n'
                      f'engine = "python"\nout = "{tmp_path / name}"\n[players]\ncount = 2\n'
                      + (f'[components]\nfolder = "{folder}"\n' if folder else "") + extra)
    return config


def test_export_writes_the_shipped_set_and_never_overwrites(tmp_path):
    study = tmp_path / "study"
    assert simulate_cli("components", "export", "roll_player", study).exit_code == 0
    for shipped in roll_player.SHIPPED.glob("*.json"):
        assert (study / shipped.name).read_bytes() == shipped.read_bytes()
    (study / "races.json").write_text("mine")
    one_line_exit_2(simulate_cli("components", "export", "roll_player", study),
                     "alignments.json exists", "never overwrites")
    assert (study / "races.json").read_text() == "mine"
    one_line_exit_2(simulate_cli("components", "export", "dungeon_roll", tmp_path / "dr"),
                     "dungeon_roll keeps no component data files")
    assert not (tmp_path / "dr").exists()


def test_check_validates_a_folder_in_one_line(tmp_path):
    study = tmp_path / "study"
    simulate_cli("components", "export", "risky_adventure", study)
    result = simulate_cli("components", "check", "risky_adventure", study)
    assert result.exit_code == 0 and result.stdout.startswith("ok: risky_adventure")
    (study / "artifact.json").write_text("{}")            # a misspelt file would be ignored
    one_line_exit_2(simulate_cli("components", "check", "risky_adventure", study),
                     "artifact.json: risky_adventure reads no file of this name")
    (study / "artifact.json").unlink()
    (study / "equipment.json").write_bytes(b'{"cards": "\xff"}')
    one_line_exit_2(simulate_cli("components", "check", "risky_adventure", study),
                     f"{study / 'equipment.json'}: is not UTF-8 text")
    one_line_exit_2(simulate_cli("components", "check", "risky_adventure", tmp_path / "none"),
                     "is not a folder")


def test_a_config_folder_is_resolved_beside_the_config_and_validated_on_load(tmp_path):
    study = tmp_path / "study"
    simulate_cli("components", "export", "risky_adventure", study)
    assert simulate_cli("validate", _config(tmp_path, "ok")).exit_code == 0
    _edit(study / "treasure_maps.json", lambda d: d["maps"][0].update(fame=-1))
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, "broken")),
                     f"{study / 'treasure_maps.json'}: maps[0] 'GG': fame -1 must be at least 0")
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, "absent", folder="nowhere")),
                     "[components] folder:", "is not a folder")
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, "dr", game="dungeon_roll")),
                     "dungeon_roll keeps no component data files")
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, "key", extra='files = "x"\n')),
                     "[components]", "files")


def test_a_run_plays_the_study_folder_in_every_worker_and_resumes_only_with_the_same_data(
        tmp_path):
    study = tmp_path / "study"
    simulate_cli("components", "export", "risky_adventure", study)
    _edit(study / "treasure_maps.json", lambda d: [m.update(fame=3 * m["fame"]) for m in d["maps"]])
    for name, folder in (("study_run", "study"), ("shipped_run", None)):
        result = simulate_cli("run", _config(tmp_path, name, folder=folder, jobs=2), "--no-report")
        assert result.exit_code == 0, result.output
    scores = {name: pl.read_parquet(tmp_path / name / "seats" / "*.parquet")["score"].mean()
              for name in ("study_run", "shipped_run")}
    assert scores["study_run"] > 1.3 * scores["shipped_run"]          # maps are worth 3x
    manifest = json.loads((tmp_path / "study_run" / "manifest.json").read_text())
    assert f"components file {study / 'treasure_maps.json'}" in manifest["fingerprint"]
    assert risky_adventure.DATA == risky_adventure.SHIPPED
    _edit(study / "treasure_maps.json", lambda d: d["maps"][0].update(fame=1))
    one_line_exit_2(simulate_cli("run", _config(tmp_path, "study_run", jobs=2), "--no-report"),
                     "treasure_maps.json changed")


def test_a_roll_player_study_keeps_the_card_names_the_engine_acts_with(tmp_path):
    study = tmp_path / "study"
    simulate_cli("components", "export", "roll_player", study)
    _edit(study / "market.json", lambda d: d["cards"][0].update(name="Broadsword", cost=2))
    one_line_exit_2(simulate_cli("validate", _config(tmp_path, "rp", game="roll_player")),
                     "market.json: cards: entry 1 is ['Broadsword']", "change numbers only")
    _edit(study / "market.json", lambda d: d["cards"][0].update(name="Longsword"))
    result = simulate_cli("run", _config(tmp_path, "rp", game="roll_player"), "--no-report")
    assert result.exit_code == 0, result.output
    assert roll_player.DATA == roll_player.SHIPPED


def test_replay_plays_the_study_folder_as_the_run_does(tmp_path):
    study = tmp_path / "study"
    simulate_cli("components", "export", "risky_adventure", study)
    _edit(study / "treasure_maps.json", lambda d: [m.update(fame=3 * m["fame"]) for m in d["maps"]])
    shipped, mine = (simulate_cli("replay", _config(tmp_path, name, folder=folder), "--game", 0)
                     for name, folder in (("shipped", None), ("mine", "study")))
    assert shipped.exit_code == mine.exit_code == 0, shipped.output + mine.output
    scores = [[line for line in r.stdout.splitlines() if line.startswith("seat ")]
              for r in (shipped, mine)]
    assert scores[0] and scores[0] != scores[1]
    assert risky_adventure.DATA == risky_adventure.SHIPPED
