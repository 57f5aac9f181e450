"""A variant's granted card as the kernels read it (simulate/games/grants.py): one small int
array, ``grant[GRANT_KIND]`` the file's place in the game's ``GameSpec.grants``,
``grant[GRANT_ENTRY]`` the entry's index in that file's loaded data, ``grant[GRANT_SEAT]`` the
seat, ``grant[GRANT_PAID]`` 1 when the seat gets it at its price (``pay = true``), else 0;
``NO_GRANT`` (all -1) when the game grants nothing (or the seat is not at the table). A column
more is one more name here and in ``grant_array``.
"""
from __future__ import annotations

import numpy as np

GRANT_KIND, GRANT_ENTRY, GRANT_SEAT, GRANT_PAID = range(4)
GRANT_WIDTH = 4


def grant_array(kind: int = -1, entry: int = -1, seat: int = -1, paid: int = -1) -> np.ndarray:
    """The kernels' grant (all -1: none)."""
    grant = np.full(GRANT_WIDTH, -1, np.int64)
    grant[GRANT_KIND], grant[GRANT_ENTRY], grant[GRANT_SEAT], grant[GRANT_PAID] = \
        kind, entry, seat, paid
    return grant


NO_GRANT = grant_array()
