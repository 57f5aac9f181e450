"""Pieces shared by the games' compiled kernels (ARCHITECTURE.md, "Which way imports go").

numba's on-disk cache (``cache=True``) checks only the stamp of the file a function lives in, so
a kernel whose helper or constant changed in another file would load stale machine code. So the
cache lives in a folder named by a hash of the sources a kernel is built from (its game's engine
files, its Python and compiled strategy files, its chunk driver in simulate/compiled/, and this
package); any change there compiles afresh, and a change in one game leaves the other games'
kernels cached. numba fixes a function's cache folder when it is decorated, from a global
setting: so every module with compiled functions calls :func:`use_cache_for` with its own name
after its imports and before its first decorator. A folder set once per game, as it was, put a
module imported later into whichever game's folder was set last: a test process compiled a kernel
the install had cached (``NUMBA_CACHE_DIR`` set by the user wins.)
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba

_ROOT = Path(__file__).resolve().parents[2]
_USER_DIR = os.environ.get("NUMBA_CACHE_DIR")


def _cache_dir(*patterns: str) -> str:
    digest = hashlib.sha256()
    for pattern in ("simulate/kernels/*.py",) + patterns:
        for path in sorted(_ROOT.glob(pattern)):
            digest.update(path.relative_to(_ROOT).as_posix().encode() + path.read_bytes())
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return str(home / "dice-balance" / "numba" / digest.hexdigest()[:16])


def use_cache_for(module: str) -> None:
    """Compile what module ``module`` (its ``__name__``) decorates next into the cache folder of
    its game's sources; this package's own functions into the folder of this package."""
    if _USER_DIR:
        return
    game = _game_of(module)
    numba.config.CACHE_DIR = _cache_dir() if game is None else \
        _cache_dir(f"simulate/games/{game}/**/*.py", f"strategies/{game}*.py",
                   "strategies/__init__.py", f"strategies/compiled/{game}*.py",
                   f"simulate/compiled/{game}.py", "simulate/compiled/__init__.py")


def _game_of(module: str) -> str | None:
    """The game a kernel module belongs to: simulate.games.<game>.*, simulate.compiled.<game>,
    strategies.compiled.<game>[_part]; None for this package."""
    if module.startswith("simulate.kernels"):
        return None
    games = sorted((p.name for p in (_ROOT / "simulate" / "games").iterdir()
                    if (p / "__init__.py").is_file()), key=len, reverse=True)
    name = module.split(".")[2] if module.count(".") >= 2 else module.split(".")[-1]
    found = next((g for g in games if name == g or name.startswith(g + "_")), None)
    if found is None:
        raise RuntimeError(f"{module} is not a game's kernel module (simulate/kernels)")
    return found


use_cache_for(__name__)
