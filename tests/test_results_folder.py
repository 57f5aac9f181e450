"""The out folder: the tool touches only its own files; variant names never become paths."""
import os

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.config import parse_config
from simulate.games.base import ConfigError
from simulate.results_folder import claim_folder
from tests.helpers import SMALL_RUN, write_config

runner = CliRunner()
TINY = SMALL_RUN.replace("games = 60", "games = 6").replace("count = [1, 3]", "count = 1")


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def one_line_error(result, message):
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_fresh_deletes_only_the_tools_own_files(tmp_path):
    out = tmp_path / "out"
    config = write_config(tmp_path, TINY.format(out=out, strategy="random"))
    assert invoke("run", config).exit_code == 0
    (out / "notes.txt").write_text("mine")
    (out / "mine").mkdir()
    (out / "mine" / "table.parquet").write_text("mine too")
    result = invoke("run", config, "--fresh")
    assert result.exit_code == 0, result.output
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "mine" / "table.parquet").read_text() == "mine too"
    assert (out / "manifest.json").exists() and (out / "report.html").exists()


@pytest.mark.parametrize("out, message", [
    (".", "is the working folder or one of its parents"),
    ("..", "is the working folder or one of its parents"),
    ("project", "is not empty and holds no results of this tool"),
    ("project/src", "is not empty and holds no results of this tool"),
    ("/", "results need a folder of their own"),
    ("~", "results need a folder of their own"),
    ("project/src/main.py", "is a file, not a folder"),
])
def test_fresh_refuses_folders_that_are_not_the_tools(tmp_path, monkeypatch, out, message):
    work = tmp_path / "work"
    (work / "project" / "src").mkdir(parents=True)
    (work / "project" / "src" / "main.py").write_text("print('keep me')")
    monkeypatch.chdir(work)
    config = write_config(work, TINY.format(out="runs/x", strategy="random"))
    for command in (("run", config, "--fresh", "--out", out), ("validate", config)):
        if command[0] == "validate":
            write_config(work, TINY.format(out=out, strategy="random"))
        one_line_error(invoke(*command), message)
    assert (work / "project" / "src" / "main.py").read_text() == "print('keep me')"
    assert (work / "run.toml").exists()


def test_tilde_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    cfg = parse_config({"run": {"game": "dungeon_roll", "out": "~/results"}})
    assert cfg.out == str(tmp_path.resolve() / "results")


@pytest.mark.parametrize("name", ["./../../escaped", "a/b", "<script>", "x\0y", "n" * 300,
                                  "a\\b", " padded", "", 'say "hi"', "tab\there"])
def test_variant_names_are_labels_not_paths(name):
    data = {"run": {"game": "dungeon_roll"}, "variants": [{"name": name}]}
    with pytest.raises(ConfigError) as error:
        parse_config(data)
    assert "\n" not in str(error.value) and "variant" in str(error.value)


def test_every_variant_lands_in_out_whatever_its_name(tmp_path):
    out = tmp_path / "out"
    text = TINY.format(out=out, strategy="random").replace('"one_chest"', '"Chest rule: one (v2.1)"')
    result = invoke("run", write_config(tmp_path, text))
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.parquet"))
    assert [str(p) for p in files] == [f"out/{t}/v{v}-p1-0000000000.parquet"
                                       for t in ("games", "seats") for v in (0, 1)]


def test_a_second_run_into_the_same_folder_is_refused(tmp_path):
    out = tmp_path / "out"
    config = write_config(tmp_path, TINY.format(out=out, strategy="random"))
    with claim_folder(out):
        one_line_error(invoke("run", config), "another simulate run is writing into")
    assert invoke("run", config).exit_code == 0


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "something-else"}', "\xff\xfe",
                                  '{"identity_hash": 1}', "null", "[" * 100_000])
def test_a_foreign_manifest_marks_no_folder_of_ours(tmp_path, text):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_text(text, encoding="latin-1")
    config = write_config(tmp_path, TINY.format(out=out, strategy="random"))
    for command in (("run", config, "--fresh"), ("report", out)):
        one_line_error(invoke(*command), "is not a manifest of this tool")
    assert (out / "manifest.json").read_text(encoding="latin-1") == text
    assert os.listdir(out) == ["manifest.json"]


@pytest.mark.parametrize("name, message", [
    ("os:system", "is not a Strategy class"),
    ("builtins:print", "is not a Strategy class"),
    ("tests.helpers:write_config", "is not a Strategy class"),
    ("strategies:Strategy.choose", "is not of the form 'package.module:Class'"),
    ("../evil:X", "is not of the form"),
    ("no_such_module_here:X", "cannot import strategy"),
])
def test_module_names_that_are_not_strategy_classes_are_never_called(name, message):
    with pytest.raises(ConfigError) as error:
        parse_config({"run": {"game": "dungeon_roll"}, "players": {"strategies": name}})
    assert message in str(error.value) and "\n" not in str(error.value)
