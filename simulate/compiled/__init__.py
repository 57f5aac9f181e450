"""The compiled chunk drivers: ``simulate/compiled/<game>.py`` plays a whole chunk with a game's
kernel (its engine part in ``simulate/games/<game>/kernel_*.py``, its strategy part in
``strategies/compiled/<game>*.py``) and hands back the runner's ``games`` and ``seats`` columns
(ARCHITECTURE.md, "Which way imports go"). They sit in the runner layer: they join the two parts and write
the runner's tables. ``simulate.engines.kernel_module`` finds a game's driver by its name.
"""
from __future__ import annotations

import numpy as np

from simulate.config import heroes_for_game
from simulate.games import get_game
from simulate.games.base import ConfigError, make_rules, rules_hash
from simulate.games.grants import grant_at, is_paid
from simulate.kernels.grants import NO_GRANT, grant_array
from simulate.kernels.rules import unplayed_reason
from simulate.play import TRACE_COLUMN
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.seating import described_seats as seated_names, rotations
from strategies import build_strategy


def game_indices(task: dict) -> np.ndarray:
    """The game indices a kernel plays: the task's ``indices`` (a group of the chunk, see
    :func:`seatings`), else ``start`` .. ``stop - 1``."""
    if "indices" in task:
        return np.asarray(task["indices"], dtype=np.int64)
    return np.arange(task["start"], task["stop"], dtype=np.int64)


def seatings(spec, task: dict) -> list[tuple[int, list, list | None, np.ndarray]]:
    """The chunk's games in groups a kernel plays with fixed seats: (rotation, strategies,
    heroes, game indices). One group, unless ``rotate`` (every seed once per rotation of the
    seats, seating.rotations) or ``heroes = "all"`` (heroes changing with the game index,
    config.heroes_for_game) split the chunk; either way each game gets the seats and heroes
    the Python runner gives it."""
    indices = game_indices(task)
    turns = rotations(task)
    groups: dict[tuple, list[int]] = {}
    for index in indices.tolist():      # heroes = "all" deals each game its own table
        dealt = heroes_for_game(spec, task["heroes"], index)
        for rotation, _, order in turns:
            heroes = tuple(dealt[s] for s in order) if dealt else None
            groups.setdefault((rotation, heroes), []).append(index)
    return [(rotation, turns[rotation][1], list(heroes) if heroes else None,
             np.asarray(games, dtype=np.int64)) for (rotation, heroes), games in groups.items()]


def play_chunk_with(columns_of, task: dict) -> tuple[dict, dict]:
    """``chunk.play_chunk`` for a game whose kernel function ``columns_of(task, rules, seats,
    heroes)`` returns the columns that vary by game for the games ``game_indices(task)`` (or
    None when a seat has no compiled twin): the runner's constant columns are added here, so
    both engines write the same tables. With ``rotate`` or ``heroes = "all"`` the kernel plays
    each group of :func:`seatings` and the rows are put back in the runner's order."""
    spec = get_game(task["game"])
    rules = make_rules(spec.rules_class, task["rules"])
    parts = [_group_columns(columns_of, spec, rules, task, *group)
             for group in seatings(spec, task)]
    if len(parts) == 1 and not task.get("rotate"):
        return parts[0]
    return _in_runner_order(spec, parts, task)


def _group_columns(columns_of, spec, rules, task: dict, rotation: int, strategies: list,
                   heroes: list | None, indices: np.ndarray) -> tuple[dict, dict]:
    seats = [build_strategy(spec.name, s) for s in strategies]
    described = described_seats(seats, int(indices[0]) if len(indices) else None)
    played = columns_of({**task, "strategies": strategies, "indices": indices}, rules, seats,
                        heroes)
    if played is None:
        raise ConfigError(f"--engine compiled: {spec.title} has no compiled twin for the "
                          f"strategies {'|'.join(described)}; use --engine auto or python")
    own_games, own_seats = played
    n, count = task["players"], len(indices)
    rotated = ["rotation"] if task.get("rotate") else []
    traced = [TRACE_COLUMN] if task.get("trace") else []
    constant = {"variant": task["variant"], "players": n, "game_name": spec.name,
                "engine_version": spec.version, "rules_hash": rules_hash(rules),
                "strategies": "|".join(described), "rotation": rotation}
    games = {c: own_games[c] if c in own_games else [constant[c]] * count
             for c in list(GAME_COLUMNS) + list(spec.game_columns) + rotated + traced}
    generic = {"game": np.repeat(indices, n), "variant": [task["variant"]] * (count * n),
               "players": np.full(count * n, n), "seat": np.tile(np.arange(n), count),
               "strategy": described * count, "rotation": np.full(count * n, rotation)}
    seat_rows = {c: generic[c] if c in generic else own_seats[c]
                 for c in list(SEAT_COLUMNS) + list(spec.seat_columns) + rotated}
    return games, seat_rows


def described_seats(seats: list, first: int | None = None) -> list[str]:
    """Each seat's ``describe()`` as the Python runner keeps it, a describe() that raises named
    in one line (``first``: the chunk's first game; None before any game)."""
    return seated_names(seats, first, None)


def _in_runner_order(spec, parts: list, task: dict) -> tuple[dict, dict]:
    """The groups' columns as one chunk, rows in the runner's order: by game, then rotation
    (then seat)."""
    n, turns = task["players"], task["players"] if task.get("rotate") else 1
    keys = [np.asarray(g["game"]) * turns + np.asarray(g.get("rotation", 0)) for g, _ in parts]
    by_game = np.argsort(np.concatenate(keys), kind="stable")
    seat_keys = np.concatenate([np.repeat(k, n) * n + np.tile(np.arange(n), len(k))
                                for k in keys])
    by_seat = np.argsort(seat_keys, kind="stable")
    traces = [t for g, _ in parts for t in g.pop(TRACE_COLUMN, ())]
    games = frame(_joined([g for g, _ in parts]), GAME_COLUMNS, spec.game_columns)[by_game]
    seats = frame(_joined([s for _, s in parts]), SEAT_COLUMNS, spec.seat_columns)[by_seat]
    game_columns = {c: games[c] for c in games.columns}
    if task.get("trace"):
        game_columns[TRACE_COLUMN] = [traces[i] for i in by_game]
    return game_columns, {c: seats[c] for c in seats.columns}


def _joined(parts: list[dict]) -> dict[str, list]:
    """The groups' columns end to end, one list per column (one frame for the chunk, not one
    per group: heroes = "all" plays up to H(H - 1) groups)."""
    return {c: [x for part in parts for x in _listed(part[c])] for c in parts[0]}


def _listed(values) -> list:
    return values.tolist() if hasattr(values, "tolist") else list(values)


def unsupported_seats(game: str, strategies: list, compiled_seats) -> str | None:
    """Why a kernel cannot play these configured seats (None: it can), by building them and
    asking the kernel's ``compiled_seats``."""
    try:
        seats = [build_strategy(game, s) for s in strategies]
    except Exception as exc:            # the config check names the problem; here: no twin
        return f"the seats cannot be built, so no compiled twin plays them ({exc})"
    if compiled_seats(seats) is None:
        names = described_seats(seats)
        lacking = [name for s, name in zip(seats, names)
                   if compiled_seats([s] * len(seats)) is None]
        named = ", ".join(dict.fromkeys(lacking)) or "|".join(names)
        return (f"{named} has no compiled twin (only the built-in strategies at their "
                "parameters have one)")
    return None


def grant_reason(game: str, grants: bool, plays_grants: bool, paid: bool = False,
                 plays_paid: bool = False) -> str | None:
    """Why a kernel cannot play a run in which a variant grants a card (``paid``: at its price,
    which a kernel plays when it says ``plays_paid``); None: it can."""
    if grants and not plays_grants:
        return f"a variant grants a card (grant = ...), which the {game} kernel does not play"
    if paid and not plays_paid:
        return (f"a variant grants a card at its price (pay = true), which the {game} kernel "
                "does not play")
    return None


def kernel_grant(task: dict, entry_of) -> np.ndarray:
    """The task's grant at its table (grants.grant_at: none when the seat is not at it) as the
    kernel's array (simulate/kernels/grants.py); ``entry_of(file, entry)``: the entry's index
    in the loaded data (the Python set-up, asked first, has refused an unknown entry)."""
    grant = grant_at(task.get("grant"), task["players"])
    if grant is None:
        return NO_GRANT
    if len(grant) > 4:                  # a field the kernels' array has no column for
        raise RuntimeError(f"the kernels cannot play the grant {grant!r} (simulate/kernels/"
                           "grants.py reads (file, entry, seat, paid))")
    file, entry, seat = grant[:3]
    kind = get_game(task["game"]).grants.index(file.removesuffix(".json"))
    return grant_array(kind, entry_of(file, entry), seat, int(is_paid(grant)))


def entry_points(columns_of, compiled_seats, warm_task: dict, rules_encoders: dict, *,
                 grants: bool = False, paid_grants: bool = False, unsupported_edits=None):
    """A kernel module's ``unsupported``, ``play_chunk`` and ``warm`` (what simulate/engines.py
    calls), from its ``columns_of`` (see :func:`play_chunk_with`), its ``compiled_seats(seats)``
    (kinds and parameters, or None), a tiny task that compiles (or loads) the kernel, its
    ``rules_encoders`` (simulate/kernels/rules.py: a Rules field it has none for is a reason),
    whether it plays a variant's granted card (``grants``, the task's ``grant``: see
    :func:`kernel_grant`; ``paid_grants``: at its price too) and its
    ``unsupported_edits(edits)`` (why it cannot play a variant's component changes, or None)."""
    def unsupported(game: str, strategies: list, rules: list = (), edits: tuple = (),
                    granted: bool = False, paid: bool = False) -> str | None:
        """Why the kernel cannot play these seats under these Rules (one per variant), these
        component ``edits`` and (``granted``) a variant's granted card (``paid``: at its
        price); None: it can."""
        return (grant_reason(game, granted, grants, paid, paid_grants)
                or (unsupported_edits(edits) if unsupported_edits else None)
                or unsupported_seats(game, strategies, compiled_seats)
                or unplayed_reason(list(rules), rules_encoders))

    def play_chunk(task: dict) -> tuple[dict, dict]:
        """chunk.play_chunk, compiled: the same ``games`` and ``seats`` columns."""
        return play_chunk_with(columns_of, task)

    def warm() -> None:
        """Compile (or load) the kernel once, so runs and their workers find it cached."""
        play_chunk(warm_task)

    return unsupported, play_chunk, warm
