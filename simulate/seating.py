"""Who sits where, and their seeds: the part of a chunk's task every engine shares.

Every game index i of a run has its own seed, ``game_seed(run_seed, i)``, the same in every
variant and player count (common random numbers) and for any ``jobs``, chunk size or backend;
``rotations`` seats the strategies for each seed; ``seated`` builds them and ``described_seats``
names them in the tables. The Python chunk (simulate.chunk) and every compiled driver
(simulate/compiled/) read these, so both engines seat and seed a game alike.
"""
from __future__ import annotations

from typing import Any

from simulate.worker_posts import Post
from simulate.play import strategy_hook
from strategies import build_strategy

MASK64 = (1 << 64) - 1
DESCRIBE_CHARS = 400          # of a strategy's describe() in the tables (a built-in with every
                             # parameter set names itself in ~250)


def game_seed(run_seed: int, index: int) -> int:
    """A 63-bit seed for game ``index`` (splitmix64 of the run seed and the index)."""
    z = (_splitmix(run_seed) + (index + 1) * 0x9E3779B97F4A7C15) & MASK64
    return _splitmix(z) >> 1


def _splitmix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def rotations(task: dict[str, Any]) -> list[tuple[int, list, list]]:
    """(rotation, strategies, seat order) to play each seed with: just the config's seating, or
    with ``rotate`` every rotation (seat s takes what seat (s + r) mod n had), so every strategy
    sits in every seat on the same dice (heroes rotate with their seats). One strategy in every
    seat and no hero given to a seat: every rotation would replay the same game, so it is
    played once (reports.seats says so)."""
    n = task["players"]
    alike = len({repr(s) for s in task["strategies"][:n]}) == 1 and not any(task["heroes"])
    turns = range(n) if task.get("rotate") and not alike else range(1)
    return [(r, [task["strategies"][(s + r) % n] for s in range(n)],
             [(s + r) % n for s in range(n)]) for r in turns]


def build_seats(game: str, strategies: list, first: int, post: Post | None) -> list:
    """The seats' strategies, built (imported, ``__init__``) under the board's eye."""
    seats = []
    for seat, form in enumerate(strategies):
        if post is not None:
            post.seats([_form_name(s) for s in strategies])
            post.starting(first, seat)
        seats.append(build_strategy(game, form, f"[players] strategies (seat {seat})"))
    return seats


def described_seats(seats: list, first: int | None, post: Post | None) -> list[str]:
    """Each seat's ``describe()`` (its name in the tables), a failure named like any other."""
    names = []
    for seat, strategy in enumerate(seats):
        if post is not None:
            post.starting(first, seat)
        with strategy_hook(strategy, seat, first, "describe()"):
            names.append(capped_name(str(strategy.describe())))
    if post is not None:
        post.seats(names)
        post.idle()
    return names


def capped_name(name: str) -> str:
    """A strategy's ``describe()`` as the tables and every line keep it: at most DESCRIBE_CHARS
    characters (a 1 MB name would make a 1 MB summary line), the cut said in the name."""
    if len(name) <= DESCRIBE_CHARS:
        return name
    said = f"... (describe() cut: {len(name):,} characters)"
    return name[:DESCRIBE_CHARS - len(said)] + said


def _form_name(form: Any) -> str:
    return form.get("name", "?") if isinstance(form, dict) else str(form)
