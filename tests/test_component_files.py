"""The data files of Roll Player, Adventure Realms and Risky Adventure: the shipped
sets validate, and every broken copy in the games' ``broken_files.py`` is refused with one line
naming the file (a ``ComponentError``: given as a study's ``[components] folder``, ``simulate
validate`` and ``simulate run`` print it and exit with code 2)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games.adventure_realms import components as adventure_realms
from simulate.games.base import ConfigError
from simulate.games.component_files import LINE, ComponentError
from simulate.games.risky_adventure import components as risky_adventure
from simulate.games.roll_player import components as roll_player
from tests.component_cases import MISSING, Whole
from tests.games.adventure_realms import broken_files as adventure_realms_files
from tests.games.risky_adventure import broken_files as risky_adventure_files
from tests.games.roll_player import broken_files as roll_player_files

GAMES = {"roll_player": (roll_player, roll_player_files),
         "adventure_realms": (adventure_realms, adventure_realms_files),
         "risky_adventure": (risky_adventure, risky_adventure_files)}
SHIPPED_SIZES = {"roll_player": ("cards", 53), "adventure_realms": ("heroes", 97),
                 "risky_adventure": ("artifacts", 27)}


def _cases(through_cli: bool = False) -> list:
    return [pytest.param(game, *case.values, id=f"{game} {case.id}")
            for game, (_, files) in GAMES.items() for case in files.CASES
            if not through_cli or case.id in files.THROUGH_CLI]


def broken_copy(tmp_path: Path, shipped: Path, file: str, edit) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(shipped, folder)
    path = folder / file
    if edit is MISSING:
        path.unlink()
    elif isinstance(edit, bytes):
        path.write_bytes(edit)
    else:
        doc = edit.value if isinstance(edit, Whole) else json.loads(path.read_text("utf-8"))
        if callable(edit):
            edit(doc)
        path.write_text(json.dumps(doc), encoding="utf-8")
    return folder


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_data_files_validate(game):
    components, files = GAMES[game]
    field, size = SHIPPED_SIZES[game]
    shipped = components.load_components(components.SHIPPED)
    assert len(getattr(shipped, field)) == size
    assert shipped == components.load_components()
    assert len(files.CASES) >= 40
    assert set(files.THROUGH_CLI) <= {case.id for case in files.CASES}   # no misspelt label


@pytest.mark.parametrize("game, file, edit, words", _cases())
def test_a_broken_data_file_is_one_line_naming_the_file(tmp_path, game, file, edit, words):
    components = GAMES[game][0]
    folder = broken_copy(tmp_path, components.SHIPPED, file, edit)
    with pytest.raises(ComponentError) as caught:
        components.load_components(folder)
    message = str(caught.value)
    assert isinstance(caught.value, ConfigError)
    assert "\n" not in message and len(message) <= LINE, message
    assert message.startswith(f"{game} {folder / file}: ") and words in message, message


@pytest.mark.parametrize("game, file, edit, words", _cases(through_cli=True))
@pytest.mark.parametrize("command", ["validate", "run"])
def test_the_cli_refuses_a_broken_data_folder_in_one_line_with_exit_2(tmp_path, command, game,
                                                                      file, edit, words):
    components = GAMES[game][0]
    folder = broken_copy(tmp_path, components.SHIPPED, file, edit)
    config = tmp_path / "run.toml"
    config.write_text(f'[run]\ngame = "{game}"\ngames = 2\nout = "{tmp_path / "out"}"\n'
                      '[components]\nfolder = "data"\n')
    result = CliRunner().invoke(app, [command, str(config)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {game} {folder / file}: "), lines
    assert words in lines[0] and "Traceback" not in result.output, lines[0]
    assert not (tmp_path / "out").exists()
