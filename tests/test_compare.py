"""`simulate compare RUN_A RUN_B`: before and after, paired when the runs share their seeds."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reports.compare import compare_runs, differences_between, write_page
from reports.tables import open_run
from simulate.api import run
from simulate.cli import app
from simulate.games.base import ConfigError
from simulate.games.component_files import shipped_files


def config(out: Path, seed: int = 1, rules: dict | None = None, folder: str | None = None,
           game: str = "risky_adventure") -> dict:
    cfg = {"run": {"game": game, "games": 150, "seed": seed, "jobs": 1, "chunk": 150,
                   "out": str(out)},
           "players": {"count": 2, "strategies": "fame_now" if game == "risky_adventure"
                       else "risk_aware"},
           "rules": rules or {}}
    if folder:
        cfg["components"] = {"folder": folder}
    return cfg


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("compare")
    run(config(root / "before"), report=False)
    run(config(root / "again"), report=False)
    run(config(root / "more_dice", rules={"dice": 5}), report=False)
    run(config(root / "other_seed", seed=9, rules={"dice": 5}), report=False)
    return root


def test_a_rule_change_is_paired_and_its_difference_claimed(runs):
    found = compare_runs(runs / "before", runs / "more_dice")
    assert found.paired
    assert "rule dice: 4 → 5" in differences_between(open_run(runs / "before"),
                                                     open_run(runs / "more_dice"))
    text = "\n".join(found.lines)
    assert "paired: same seeds" in text and "150 of 150 games ended differently" in text
    assert any("winning fame" in line and "lowers" in line for line in found.lines), text
    assert all("winning_fame" not in line for line in found.lines)     # words, not columns
    page = write_page(found, runs / "page.html")
    html = page.read_text(encoding="utf-8")
    assert "Paired: both runs played the same game seeds" in html and "before (before)" in html


def test_the_same_run_twice_is_identical_game_by_game(runs):
    found = compare_runs(runs / "before", runs / "again")
    assert found.paired and "0 of 150 games ended differently" in "\n".join(found.lines)
    summary = " ".join(getattr(block, "text", "") for block in found.summary)
    assert "Every paired game ended exactly as before" in summary


def test_other_seeds_are_compared_unpaired_and_said_so(runs):
    found = compare_runs(runs / "before", runs / "other_seed")
    assert not found.paired
    assert found.lines[0].startswith("unpaired")
    assert any(line.startswith("  seed: 1 → 9") for line in found.lines)


def test_a_changed_component_is_named_by_file_entry_and_field(runs, tmp_path):
    folder = tmp_path / "cards_v2"
    folder.mkdir()
    for path in shipped_files("risky_adventure"):
        shutil.copy(path, folder / path.name)
    data = json.loads((folder / "expeditions.json").read_text())
    data["expeditions"][0]["spots"][1]["fame"] = 4
    (folder / "expeditions.json").write_text(json.dumps(data))
    run(config(tmp_path / "edited", folder=str(folder)), report=False)
    found = differences_between(open_run(runs / "before"), open_run(tmp_path / "edited"))
    assert "expeditions:expeditions.jungle.spots.1.fame: 1 → 4" in found, found


def test_refusals_are_one_line_and_exit_2(runs, tmp_path):
    run(config(tmp_path / "dungeon", game="dungeon_roll"), report=False)
    with pytest.raises(ConfigError, match="same game"):
        compare_runs(runs / "before", tmp_path / "dungeon")
    cli = CliRunner()
    result = cli.invoke(app, ["compare", str(runs / "before"), str(tmp_path)])
    assert result.exit_code == 2 and "is not a results folder" in result.output
    mine = tmp_path / "notes.html"
    mine.write_text("my own notes")
    result = cli.invoke(app, ["compare", str(runs / "before"), str(runs / "again"),
                              "--out", str(mine)])
    assert result.exit_code == 2 and "not a comparison page" in result.output
    assert mine.read_text() == "my own notes"          # never touched
    result = cli.invoke(app, ["compare", str(runs / "before"), str(runs / "again"),
                              "--out", str(tmp_path / "page.html")])
    assert result.exit_code == 0 and "page:" in result.output
    again = cli.invoke(app, ["compare", str(runs / "before"), str(runs / "again"),
                             "--out", str(tmp_path / "page.html")])
    assert again.exit_code == 0                          # its own page it may rewrite


def test_entities_are_compared_before_and_after_in_the_pages_correction(runs):
    """Risky Adventure's equipment cards owned: each card's win rate before and after, the
    change against the fair share with its interval, an association never claimed."""
    found = compare_runs(runs / "before", runs / "more_dice")
    title, blocks = found.sections[-1]
    assert title.startswith("Cards, heroes, classes and guilds")
    [table] = [blk for blk in blocks if "equipment card" in blk.caption]
    assert "association, not effect" in table.caption
    assert table.rows and all(len(row) == 5 for row in table.rows)
    same = compare_runs(runs / "before", runs / "again").sections[-1][1]
    for blk in same:                       # the same games twice: no change anywhere
        assert all(row[3] in ("–", "+0.0 pts [+0.0, +0.0]") or row[3].startswith(("+0.0", "0.0"))
                   for row in blk.rows), blk.rows
