"""The compiled kernel's constant tables, built once from the reference engine's own data.

Nothing here is typed twice: hero specialties (``AS_TYPES``), the solver's kinds (``odds.KINDS``)
and the probability of every roll (``odds.ROLLS``) are read from the Python modules and laid out as
numpy arrays the numba kernel indexes (kernel_*.py, simulate/compiled/dungeon_roll.py). The
strategies' costs are laid out beside their compiled twin (strategies/compiled/dungeon_roll.py).
Every kernel module imports this one first: it picks numba's cache folder for these sources.
"""
from __future__ import annotations

import numpy as np

from simulate.games.dungeon_roll.components import AS_TYPES, HERO_COMPANION
from simulate.games.dungeon_roll.odds import KEEP_VALUE, KIND, KINDS, ROLLS

# AS_LIST[hero, face, i] (i < AS_LEN[hero, face]): companion types a party face may act as, in the
# engine's order (the order legal actions list them in).
AS_LIST = np.zeros((8, 6, 5), dtype=np.int64)
AS_LEN = np.zeros((8, 6), dtype=np.int64)
for _h in range(8):
    for _f in range(6):
        AS_LEN[_h, _f] = len(AS_TYPES[_h][_f])
        AS_LIST[_h, _f, :AS_LEN[_h, _f]] = AS_TYPES[_h][_f]

# The novice ultimate acting as a companion (Arcane Blade, Holy Strike): types, or length 0.
HERO_AS = np.zeros((8, 2), dtype=np.int64)
HERO_AS_LEN = np.zeros(8, dtype=np.int64)
for _h, _types in HERO_COMPANION.items():
    HERO_AS_LEN[_h] = len(_types)
    HERO_AS[_h, :len(_types)] = _types

# The solver's kinds (heroes whose companions work alike): KIND_OF[hero, master]; per kind and
# party slot the types it may act as (KIND_TYPES, KIND_NTYPES), their mask, and the bonus type.
N_KINDS = len(KINDS)
KIND_OF = np.array(KIND, dtype=np.int64)
KIND_TYPES = np.zeros((N_KINDS, 6, 5), dtype=np.int64)
KIND_NTYPES = np.zeros((N_KINDS, 6), dtype=np.int64)
KIND_MASK = np.zeros((N_KINDS, 6), dtype=np.int64)
KIND_BONUS = np.zeros(N_KINDS, dtype=np.int64)
for _k, (_types, _bonus) in enumerate(KINDS):
    KIND_BONUS[_k] = _bonus
    for _slot in range(6):
        KIND_NTYPES[_k, _slot] = len(_types[_slot])
        KIND_TYPES[_k, _slot, :len(_types[_slot])] = _types[_slot]
        KIND_MASK[_k, _slot] = sum(1 << a for a in _types[_slot])

KEEP = np.array(KEEP_VALUE, dtype=np.float64)

# Every roll of k dungeon dice, in odds.ROLLS order (so sums of probabilities stay identical).
_WIDEST = max(len(r) for r in ROLLS)
ROLL_N = np.array([len(r) for r in ROLLS], dtype=np.int64)
ROLL_P = np.zeros((len(ROLLS), _WIDEST), dtype=np.float64)
ROLL_G = np.zeros((len(ROLLS), _WIDEST), dtype=np.int64)
ROLL_S = np.zeros((len(ROLLS), _WIDEST), dtype=np.int64)
ROLL_O = np.zeros((len(ROLLS), _WIDEST), dtype=np.int64)
ROLL_D = np.zeros((len(ROLLS), _WIDEST), dtype=np.int64)
for _k, _rolls in enumerate(ROLLS):
    for _i, (_p, _bit, _d) in enumerate(_rolls):
        ROLL_P[_k, _i] = _p
        ROLL_G[_k, _i], _rest = divmod(_bit, 121)
        ROLL_S[_k, _i], ROLL_O[_k, _i] = divmod(_rest, 11)
        ROLL_D[_k, _i] = _d
