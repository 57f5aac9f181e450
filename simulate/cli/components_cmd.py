"""`simulate components export GAME DIR` and `simulate components check GAME DIR`: a study's own
component data files (``[components] folder = "DIR"`` in a config)."""
from __future__ import annotations

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
    from simulate.games.base import ConfigError
    from simulate.games.component_files import shipped_files

    with user_errors(debug):
        files, out = shipped_files(game), Path(folder)
        if out.exists() and not out.is_dir():
            raise ConfigError(f"{folder!r} is a file, not a folder")
        taken = [p.name for p in files if (out / p.name).exists()]
        if taken:
            raise ConfigError(f"{out / taken[0]} exists; export never overwrites a file "
                              "(choose an empty folder)")
        out.mkdir(parents=True, exist_ok=True)
        for path in files:
            with open(out / path.name, "xb") as f:          # "x": never an existing file
                f.write(path.read_bytes())
        typer.echo(f"wrote {len(files)} files to {out}: {', '.join(p.name for p in files)}; "
                   f'edit them and set [components] folder = "{out}" in a config')


@app.command("check")
def check(game: Game, folder: Folder, debug: Debug = False) -> None:
    """Validate FOLDER as GAME's data files (one line naming file, entry and field if not)."""
    from simulate.games.component_files import check_folder

    with user_errors(debug):
        names = check_folder(game, folder)
        typer.echo(f"ok: {game} {folder}: {', '.join(names)}")
