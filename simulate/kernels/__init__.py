"""Pieces shared by the games' compiled kernels (ARCHITECTURE.md, "Which way imports go").

numba's on-disk cache (``cache=True``) checks only the stamp of the file a function lives in, so
a kernel whose helper or constant changed in another file would load stale machine code. So the
cache lives in a folder named by a hash of the sources a kernel is built from: each game's
``kernel_layout.py`` calls :func:`use_cache_for` before it compiles anything (its game's engine
files, its Python and compiled strategy files, its chunk driver in simulate/compiled/, and this
package); any change there compiles afresh, and a change in one
game leaves the other games' kernels cached. (``NUMBA_CACHE_DIR`` set by the user wins.)
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


def use_cache_for(game: str) -> None:
    """Compile what is decorated next into the cache folder of ``game``'s sources."""
    if not _USER_DIR:
        numba.config.CACHE_DIR = _cache_dir(f"simulate/games/{game}/**/*.py",
                                            f"strategies/{game}*.py", "strategies/__init__.py",
                                            f"strategies/compiled/{game}*.py",
                                            f"simulate/compiled/{game}.py",
                                            "simulate/compiled/__init__.py")


if not _USER_DIR:
    numba.config.CACHE_DIR = _cache_dir()
