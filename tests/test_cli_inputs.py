"""The command line's own inputs: --version, --games and --chunk of the adaptive commands,
"did you mean" for every name a user types, and the bounded reading of a config file."""
import json
import os
from importlib import metadata

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.config_file import MAX_DEPTH, load_toml
from simulate.games.base import ConfigError
from tests.fuzz_inputs import base_config, toml_text

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_version_prints_the_package_version():
    result = invoke("--version")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"simulate {metadata.version('dice-balance')}"


@pytest.mark.parametrize("command", ["run", "tune", "sensitivity", "train"])
def test_games_help_says_per_variant_and_player_count(command):
    result = invoke(command, "--help")
    assert "per variant and player count" in " ".join(result.output.split())
    assert "--chunk" in result.output


ADAPTIVE = {"tune": {"rules": {"solo_win_score": [10, 11]}, "first_games": 2, "max_games": 16,
                     "targets": [{"metric": "win_rate", "equals": 0.5, "players": 1}]},
            "sensitivity": {"metric": "mean_score", "players": 1, "first_games": 2,
                            "max_games": 16, "rules": ["delves_per_player"]},
            "train": {"strategy": {"name": "cautious", "retire_level": 1}, "candidates": 2,
                      "parameters": {"retire_level": [1, 6]}, "first_games": 2,
                      "max_games": 16}}


def adaptive_config(tmp_path, command: str, table: dict) -> dict:
    config = base_config("dungeon_roll", str(tmp_path / "out"))
    config[command] = table
    if command == "train":                      # train names its strategy in [train]
        del config["players"]["strategies"]
    return config


@pytest.mark.parametrize("command", ["tune", "sensitivity", "train"])
def test_adaptive_commands_take_games_as_the_cap_and_chunk(tmp_path, command):
    """The config says chunks of 4 up to 16 games; --games 4 --chunk 2 make rounds of 2, 4."""
    config = adaptive_config(tmp_path, command, ADAPTIVE[command])
    config["run"]["chunk"] = 4
    path = tmp_path / "run.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    result = invoke(command, path, "--games", 4, "--chunk", 2, "--no-report")
    assert result.exit_code == 0, result.output
    written = json.loads((tmp_path / "out" / f"{command}.json").read_text())
    assert written["rounds"] == [2, 4]
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert {chunk["size"] for chunk in manifest["chunks"].values()} == {2}


@pytest.mark.parametrize("command, key, value", [
    ("tune", "rules", {"solo_win_score": [float("nan"), 35]}),
    ("tune", "rules", {"solo_win_score": [5, 10**400]}),
    ("tune", "targets", [{"metric": "win_rate", "equals": float("inf"), "players": 1}]),
    ("tune", "targets", [{"metric": "win_rate", "equals": 10**400, "players": 1}]),
    ("tune", "tolerance", float("nan")),
    ("sensitivity", "negligible", 10**400),
    ("sensitivity", "negligible", float("inf")),
    ("train", "confidence", float("nan")),
    ("train", "parameters", {"retire_level": [float("nan"), 5]}),
    ("train", "parameters", {"retire_level": [1, 10**400]}),
])
def test_adaptive_numbers_must_be_finite(tmp_path, command, key, value):
    config = adaptive_config(tmp_path, command, {**ADAPTIVE[command], key: value})
    path = tmp_path / "run.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    result = invoke("validate", path)
    assert result.exit_code == 2 and result.output.startswith("error: "), result.output
    assert "is invalid" in result.output, result.output


def _config(tmp_path, **players):
    config = base_config("dungeon_roll", str(tmp_path / "out"))
    config["players"].update(players)
    config["variants"] = [{"name": "long_delves", "delves_per_player": 3}]
    tmp_path.mkdir()
    path = tmp_path / "run.toml"
    path.write_text(toml_text(config), encoding="utf-8")
    return path


@pytest.mark.parametrize("args, suggestion", [
    (["list", "dungeon_rol"], "dungeon_roll"),
    (["validate", "{strategy}"], "random"),
    (["validate", "{hero}"], "knight"),
    (["validate", "{class}"], "Paladin"),
    (["replay", "{config}", "--game", "0", "--variant", "long_delve"], "long_delves"),
    (["validate", "{rule}"], "delves_per_player"),
])
def test_a_misspelt_name_gets_a_did_you_mean(tmp_path, args, suggestion):
    paths = {"strategy": _config(tmp_path / "s", strategies="randon"),
             "hero": _config(tmp_path / "h", heroes="knigt"),
             "config": _config(tmp_path / "c"),
             "rule": tmp_path / "rule.toml"}
    roll_player = base_config("roll_player", str(tmp_path / "rp"))
    roll_player["players"]["heroes"] = "Paladn"
    paths["class"] = tmp_path / "class.toml"
    paths["class"].write_text(toml_text(roll_player), encoding="utf-8")
    rule = base_config("dungeon_roll", str(tmp_path / "r"))
    rule["rules"] = {"delves_per_playr": 3}
    paths["rule"].write_text(toml_text(rule), encoding="utf-8")
    result = invoke(*[a.format(**paths) if a.startswith("{") else a for a in args])
    assert result.exit_code == 2, result.output
    assert f"(did you mean '{suggestion}'?)" in result.output


# ---------------------------------------------------------------------------------------------
# Reading the file


def test_brackets_and_dots_inside_strings_and_comments_are_not_nesting(tmp_path):
    deep = "[" * (MAX_DEPTH + 5)
    path = tmp_path / "ok.toml"
    path.write_text(f'# {deep}\na = "{deep}"\nb = \'{deep}\'\nc = """\n{deep}\n"""\n'
                    f"d = '''{deep}'''\ne = \"{'a.' * 40}\"\nf = [1.5, 2.5, 3.5]\n"
                    "g.h.i = 1\n", encoding="utf-8")
    assert load_toml(path)["a"] == deep


@pytest.mark.parametrize("text, message", [
    ("x = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested"),
    (".".join(["a"] * (MAX_DEPTH + 1)) + " = 1", "dotted key"),
    ("k" * 101 + " = 1", "a key of 101 characters"),
    ('x = "' + "v" * 4097 + '"', "a string of 4,097 characters"),
    ("n = " + "9" * 4301, "4300 digits"),
    ("# " + "x" * (1 << 20), "a config is at most 1,048,576 bytes"),
])
def test_configs_beyond_the_bounds_are_refused_before_parsing(tmp_path, text, message):
    path = tmp_path / "big.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_toml(path)


def test_a_fifo_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "fifo.toml")            # opening it to read would block forever
    with pytest.raises(ConfigError, match="not a regular file"):
        load_toml(tmp_path / "fifo.toml")
    with pytest.raises(ConfigError, match="is a folder"):
        load_toml(tmp_path)


def test_an_error_line_is_bounded_however_long_the_value(tmp_path):
    path = tmp_path / "run.toml"
    config = base_config("dungeon_roll", str(tmp_path / "out"))
    config["players"]["strategies"] = "s" * 4000
    path.write_text(toml_text(config), encoding="utf-8")
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert "s…s" in result.output and "s" * 81 not in result.output, result.output
    result = invoke("run", path, "--games", "9" * 100_000)
    assert result.exit_code == 2 and len(result.output) < 1100, result.output[:300]


def test_control_characters_of_a_value_are_escaped_in_the_error_line():
    result = invoke("list", "\x1b[2Jgone\u202e")
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert "\\x1b[2Jgone\\u202e" in result.output, result.output
