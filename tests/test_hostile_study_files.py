"""A study's results files damaged or edited by hand: `simulate
report`, `simulate compare` and the tune / train / cards reports check every file they read
back against the model it was written with (simulate/adaptive/study_files.py, the manifest's
ManifestBody) and refuse a file that no longer fits in one line naming it, exit 2, never a
traceback.
"""
import json
import shutil
from pathlib import Path

import pytest

from simulate.config import identity_digest
from simulate.manifest import save
from tests.helpers import one_line_exit_2, simulate_cli

RUN = """
[run]
game = "{game}"
games = {games}
seed = 7
chunk = {games}
jobs = 1
out = "{out}"

[players]
count = {players}
{strategy}
"""
STUDIES = {
    "tune": ("dungeon_roll", 50, 1, 'strategies = "risk_aware"', """
[tune]
rules = { solo_win_score = [5, 35] }
tolerance = 0.2
first_games = 25
[[tune.targets]]
metric = "win_rate"
equals = 0.5
"""),
    "train": ("dungeon_roll", 50, 2, "", """
[train]
strategy = "risk_aware"
parameters = { risk_tolerance = [-1.0, 2.0] }
candidates = 2
first_games = 25
"""),
    "cards": ("adventure_realms", 10, 3, 'strategies = "balanced"', """
[cards]
decks = ["adventure_cards"]
entries = ["Coin Purse"]
"""),
    "sensitivity": ("dungeon_roll", 20, 1, 'strategies = "risk_aware"', """
[sensitivity]
metric = "mean_score"
rules = ["party_dice"]
first_games = 20
"""),
}


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    """{command: its finished results folder}, each study played once for the module."""
    root = tmp_path_factory.mktemp("studies")
    found = {}
    for command, (game, games, players, strategy, table) in STUDIES.items():
        config = root / f"{command}.toml"
        config.write_text(RUN.format(game=game, games=games, players=players,
                                     strategy=strategy, out=root / command) + table)
        result = simulate_cli(command, config, "--no-report")
        assert result.exit_code == 0, result.output
        found[command] = root / command
    return found


def copy_of(studies, command: str, tmp_path: Path) -> Path:
    out = tmp_path / command
    shutil.copytree(studies[command], out)
    return out


def edited(path: Path, change) -> None:
    data = json.loads(path.read_text())
    path.write_text(json.dumps(change(data)))


def put(key, value):
    def change(data):
        data[key] = value
        return data
    return change


DAMAGE = {   # (command, file, change, a word the one line holds)
    "tune.json as {}": ("tune", "tune.json", lambda d: {}, "method"),
    "tune.json as []": ("tune", "tune.json", lambda d: [], "object"),
    "tune.json candidates a number": ("tune", "tune.json", put("candidates", 5), "candidates"),
    "tune.json a text where a count is": ("tune", "tune.json", put("games_spent", "800"),
                                          "games_spent"),
    "tune.json without rules": ("tune", "tune.json", put("rules", []), "rules"),
    "tune.json an answer never tried": ("tune", "tune.json", put("answer", [[999]]), "answer"),
    "tune.json targets without values": ("tune", "tune.json", put("target_values", []),
                                         "target_values"),
    "train.json as {}": ("train", "train.json", lambda d: {}, "strategy"),
    "train.json labels a text": ("train", "train.json", put("labels", "x"), "labels"),
    "train.json players a list": ("train", "train.json", put("players", []), "players"),
    "cards.json granted = 5": ("cards", "cards.json", put("granted", 5), "granted"),
    "cards.json cards a list": ("cards", "cards.json", put("cards", ["Coin Purse"]), "cards"),
    "cards.json as []": ("cards", "cards.json", lambda d: [], "object"),
    "sensitivity.json effects of texts": ("sensitivity", "sensitivity.json",
                                          put("effects", ["x"]), "effects"),
    "sensitivity.json baseline null": ("sensitivity", "sensitivity.json",
                                       put("baseline", None), "baseline"),
}


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_study_file_is_one_line_naming_it(studies, tmp_path, case):
    command, name, change, word = DAMAGE[case]
    out = copy_of(studies, command, tmp_path)
    edited(out / name, change)
    one_line_exit_2(simulate_cli("report", out), name, word)


def test_a_missing_cards_file_of_a_card_study_is_one_line(studies, tmp_path):
    out = copy_of(studies, "cards", tmp_path)
    (out / "cards.json").unlink()
    one_line_exit_2(simulate_cli("report", out), "cards.json")


def re_signed(out: Path, change) -> None:
    """Edit the manifest and sign it again as the tool does (identity hash, fingerprint,
    checksum), so only the content checks stand between the edit and the report."""
    data = json.loads((out / "manifest.json").read_text())
    change(data)
    data["identity_hash"] = identity_digest(data["identity"])
    data["fingerprint"]["config"] = data["identity_hash"]
    save(out, data)


def unnamed(data):
    del data["identity"]["variants"][-1]["name"]


def renamed(data):
    data["identity"]["variants"][-1]["name"] = data["identity"]["variants"][0]["name"]


def rules_a_list(data):
    data["identity"]["variants"][0]["rules"] = []


SIGNED = {"a variant without its name": (unnamed, "name"),
          "two variants of one name": (renamed, "name"),
          "a variant's rules a list": (rules_a_list, "rules")}


@pytest.mark.parametrize("case", SIGNED)
@pytest.mark.parametrize("command", ["cards", "tune"])
def test_a_re_signed_manifest_with_a_bad_variant_is_one_line(studies, tmp_path, case, command):
    change, word = SIGNED[case]
    out = copy_of(studies, command, tmp_path)
    re_signed(out, change)
    one_line_exit_2(simulate_cli("report", out), "manifest.json", word)


def test_compare_with_a_damaged_study_is_one_line(studies, tmp_path):
    before, after = copy_of(studies, "cards", tmp_path / "a"), copy_of(studies, "cards",
                                                                       tmp_path / "b")
    edited(after / "cards.json", put("granted", 5))
    one_line_exit_2(simulate_cli("compare", before, after), "cards.json", "granted")
    re_signed(before, unnamed)
    one_line_exit_2(simulate_cli("compare", before, studies["cards"]), "manifest.json", "name")


def test_the_studies_as_written_still_report(studies):
    for out in studies.values():
        result = simulate_cli("report", out)
        assert result.exit_code == 0, result.output
