"""Pieces shared by the games' compiled kernels (DESIGN.md, "Compiled kernels").

numba's on-disk cache (``cache=True``) checks only the stamp of the file a function lives in, so
a kernel whose helper or constant changed in another file would load stale machine code. Every
kernel module imports this package before it compiles anything, which points numba's cache at a
folder named by a hash of the engine and strategy sources: any change there compiles afresh.
(``NUMBA_CACHE_DIR`` set by the user wins.)
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba

_ROOT = Path(__file__).resolve().parents[2]


def _sources_hash() -> str:
    digest = hashlib.sha256()
    for folder, pattern in (("simulate/kernels", "*.py"), ("simulate/games", "**/*.py"),
                            ("strategies", "*.py")):
        for path in sorted((_ROOT / folder).glob(pattern)):
            digest.update(path.relative_to(_ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()[:16]


if not os.environ.get("NUMBA_CACHE_DIR"):
    _home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    numba.config.CACHE_DIR = str(_home / "dice-balance" / "numba" / _sources_hash())
