"""`simulate components export GAME DIR` and `simulate components check GAME DIR`: a study's own
component data files (``[components] folder = "DIR"`` in a config)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from simulate.cli.common import Debug, OneLineGroup, user_errors

app = typer.Typer(cls=OneLineGroup, no_args_is_help=True, rich_markup_mode=None,
                  help="A study's own component data files.")
Game = Annotated[str, typer.Argument(help="A game with data files.", show_default=False)]
Folder = Annotated[str, typer.Argument(help="The study's data folder.", show_default=False)]


@app.command("export")
def export(game: Game, folder: Folder, debug: Debug = False) -> None:
    """Write GAME's shipped data files into FOLDER (made if missing; no file is overwritten)."""
    from simulate.games.component_files import shipped_files

    with user_errors(debug):
        files, out = shipped_files(game), Path(folder)
        written = _export(files, out, folder)
        typer.echo(f"wrote {len(written)} files to {out}: {', '.join(written)}; "
                   f'edit them and set [components] folder = "{out}" in a config')


def _export(files: list[Path], out: Path, folder: str) -> list[str]:
    """Copy ``files`` into ``out``: all or none (a file that cannot be written removes the ones
    written before it); a taken name (a link too, even a dangling one) or a folder that cannot be
    made is one line."""
    from simulate.games.base import ConfigError

    shown = repr(folder if len(folder) <= 80 else folder[:80] + "...")
    written: list[Path] = []
    try:
        if out.exists() and not out.is_dir():
            raise ConfigError(f"{shown} is a file, not a folder")
        taken = [p.name for p in files if os.path.lexists(out / p.name)]
        if taken:
            raise ConfigError(f"{out / taken[0]} exists; export never overwrites a file "
                              "(choose an empty folder)")
        out.mkdir(parents=True, exist_ok=True)
        for path in files:
            with open(out / path.name, "xb") as f:          # "x": never an existing file
                written.append(out / path.name)
                f.write(path.read_bytes())
    except OSError as exc:
        for path in written:
            path.unlink(missing_ok=True)
        raise ConfigError(f"cannot export into {shown}: {exc.strerror or exc}") from None
    return [p.name for p in written]


@app.command("check")
def check(game: Game, folder: Folder, debug: Debug = False) -> None:
    """Validate FOLDER as GAME's data files (one line naming file, entry and field if not)."""
    from simulate.games.component_files import check_folder

    with user_errors(debug):
        names = check_folder(game, folder)
        typer.echo(f"ok: {game} {folder}: {', '.join(names)}")
