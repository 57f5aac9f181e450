"""`retrain = true`: a variant's effect with the baseline's strategies and with strategies
re-trained for its rules, and the line that says when the verdict changes.

Planted: solo Dungeon Roll, `cautious` retiring at level 1. It never meets the dragon (the
Lair fills from level 3 on), so a rule paying 5 XP per dragon changes none of its games; once
retire_level may move, the re-trained strategy delves deeper and the rule pays. The control
re-trains min_party only, which a seat retiring at level 1 never reads: nothing adapts, and
no verdict changes.
"""
import json

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from tests.helpers import write_config

runner = CliRunner()

PLANTED = """
[run]
game = "dungeon_roll"
games = {games}
seed = 5
chunk = 40
jobs = 1
engine = "python"
out = "{out}"

[run.retrain]
parameters = {parameters}
candidates = 3
first_games = 40

[players]
count = 1
strategies = {{ name = "cautious", retire_level = 1 }}

[[variants]]
name = "dragon pays"
dragon_xp = 5
"""
CHANGES = "Verdicts that change once the strategies adapt"


def play(tmp_path, parameters, name="o", games=80, *args):
    path = write_config(tmp_path, PLANTED.format(games=games, out=tmp_path / name,
                                                 parameters=parameters), f"{name}.toml")
    result = runner.invoke(app, ["run", str(path), *args])
    assert result.exit_code == 0, result.output
    return (tmp_path / name / "report.html").read_text(), result.output


def test_a_rule_that_pays_once_the_strategy_adapts_changes_the_verdict(tmp_path):
    report, said = play(tmp_path, '["retire_level"]')
    assert "dragon pays (re-trained): trained parameters beat the defaults" in said
    assert CHANGES in report
    assert ("dragon pays: with strategies re-trained for this rule, it raises the XP" in
            report)
    assert "with the baseline&#39;s strategies it changes nothing in the XP" in report
    assert "dragon pays (re-trained) vs baseline (re-trained): XP" in report
    assert "1 variant besides the printed rules" in report          # the twin is no rule
    manifest = json.loads((tmp_path / "o" / "manifest.json").read_text())
    names = [v["name"] for v in manifest["identity"]["variants"]]
    assert names == ["baseline", "dragon pays", "baseline (re-trained)",
                     "dragon pays (re-trained)"]
    for race in ("v2", "v3"):
        assert json.loads((tmp_path / "o" / "retrain" / race / "train.json").read_text())[
            "players"]["1"]["trained"]["retire_level"] > 1


def test_control_nothing_adapts_and_no_verdict_changes(tmp_path):
    report, said = play(tmp_path, '["min_party"]', games=40)
    assert "none of the 3 tried beats the defaults" in said
    assert CHANGES not in report
    assert "No verdict on a win rate or score changes after re-training." in report
    # each variant against its own reference: a re-trained twin against the baseline's twin
    assert ("No game changed under dragon pays: every paired game ended exactly as in the "
            "baseline at every") in report
    assert ("No game changed under dragon pays (re-trained): every paired game ended exactly "
            "as in the baseline (re-trained) at every") in report


def test_fresh_clears_the_races_and_a_rerun_resumes(tmp_path):
    play(tmp_path, '["min_party"]', games=40)
    race = tmp_path / "o" / "retrain" / "v2" / "train.json"
    first = race.read_text()
    _, again = play(tmp_path, '["min_party"]', "o", 40)
    assert race.read_text() == first and "resumed: nothing to play" in again
    (tmp_path / "o" / "retrain" / "mine.txt").write_text("a user's file")
    play(tmp_path, '["min_party"]', "o", 40, "--fresh")
    assert race.is_file() and (tmp_path / "o" / "retrain" / "mine.txt").is_file()


def test_fresh_with_a_damaged_race_deletes_nothing(tmp_path):
    """--fresh checks every race's manifest before it deletes a file: a damaged one is one line
    and exit 2, with the run's own files all still there (not a half-cleared run)."""
    play(tmp_path, '["min_party"]', games=40)
    out = tmp_path / "o"
    before = sorted(p for p in out.rglob("*") if p.is_file())
    (out / "retrain" / "v2" / "manifest.json").write_text("{ not json")
    path = tmp_path / "o.toml"
    result = runner.invoke(app, ["run", str(path), "--fresh"])
    assert result.exit_code == 2 and "not a manifest of this tool" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert sorted(p for p in out.rglob("*") if p.is_file()) == before


@pytest.mark.parametrize("change, message", [
    ('retrain = "yes"', "[run] retrain = 'yes' is invalid"),
    ('[run.retrain]\nbudget = 3', "[run] retrain: unknown key 'budget'"),
    ('[run.retrain]\nstrategy = "bold"', "[run] retrain: unknown key 'strategy'"),
    ('[players]\ncount = 2\nstrategies = ["cautious", "bold"]\n[run.retrain]',
     "every seat must play the same strategy"),
])
def test_bad_retrain_input_is_one_line_and_exit_2(tmp_path, change, message):
    text = PLANTED.format(games=40, out=tmp_path / "o", parameters="[]")
    text = text[:text.index("[run.retrain]")]
    if change.startswith("retrain"):
        text = text.replace('engine = "python"', 'engine = "python"\n' + change)
        change = ""
    text += change + "\n"
    if "[players]" not in change:
        text += '[players]\ncount = 1\n'
    text += '[[variants]]\nname = "dragon pays"\ndragon_xp = 5\n'
    for command in ("run", "validate"):
        result = runner.invoke(app, [command, str(write_config(tmp_path, text))])
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_a_re_trained_twin_is_not_replayed_from_the_config(tmp_path):
    text = PLANTED.format(games=40, out=tmp_path / "o", parameters='["retire_level"]')
    result = runner.invoke(app, ["replay", str(write_config(tmp_path, text)), "--variant",
                                 "dragon pays (re-trained)", "--game", "0"])
    assert result.exit_code == 2 and "re-trained in its run" in result.output


def test_a_variant_s_own_retrain_wins_over_the_run_s(tmp_path):
    import tomllib

    from simulate.config import parse_config
    text = PLANTED.format(games=40, out=tmp_path / "o", parameters="[]")
    text = text[:text.index("[run.retrain]")] + "[run.retrain]\ncandidates = 3\n"
    text += '[players]\ncount = 1\n[[variants]]\nname = "dragon pays"\ndragon_xp = 5\n'
    text += "retrain = { candidates = 8 }\n"
    cfg = parse_config(tomllib.loads(text))
    twins = {v.name: v.retrain for v in cfg.variants if v.name.endswith("(re-trained)")}
    assert twins and all(t["candidates"] == 8 for t in twins.values()), twins
    two = text + '[[variants]]\nname = "four delves"\ndelves_per_player = 4\n'
    result = runner.invoke(app, ["validate", str(write_config(tmp_path, two))])
    assert result.exit_code == 2 and "needs the same settings" in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1
