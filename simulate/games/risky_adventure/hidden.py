"""What a seat cannot see, redrawn for look-ahead (``State.determinize``, base.py).

Hidden from every seat (view.py): the order of the equipment deck, of the treasure map deck and of
the expedition tokens not yet revealed; the face-down artifacts under each excavation's revealed
ones (their A or B back shows, so each keeps its back: set-up puts the B artifacts under the A
ones) and which 6 B artifacts stayed in the box; the treasure maps the other seats drew from the
deck. Maps taken from the face-up display were seen by all (``maps_seen``) and stay where they are.
Every pool is sorted before it is shuffled (canonical_shuffle), so the true hidden order never
leaks into the copy.
"""
from __future__ import annotations

import random

from simulate.games.base import canonical_shuffle


def redraw_hidden(state, seat: int, rng: random.Random) -> None:
    """Redraw, in the look-ahead copy ``state``, everything ``seat`` cannot see."""
    canonical_shuffle(state.equipment_deck, rng)
    canonical_shuffle(state.expedition_tokens, rng)
    _redraw_artifacts(state, rng)
    _redraw_maps(state, seat, rng)


def _redraw_artifacts(state, rng: random.Random) -> None:
    """Face-down artifacts and the box, shuffled together back by back."""
    back = [a.back for a in state.comp.artifacts]
    shown = [len(top) for top in map(state.revealed, range(len(state.excavations)))]
    pools: dict[str, list[int]] = {}
    for stack, k in zip(state.excavations, shown):
        for a in stack[:len(stack) - k]:
            pools.setdefault(back[a], []).append(a)
    for a in state.artifact_box:
        pools.setdefault(back[a], []).append(a)
    for pile in pools.values():
        canonical_shuffle(pile, rng)
    for e, (stack, k) in enumerate(zip(state.excavations, shown)):
        hidden = [pools[back[a]].pop() for a in stack[:len(stack) - k]]
        state.excavations[e] = hidden + stack[len(stack) - k:]
    state.artifact_box = sorted(a for pile in pools.values() for a in pile)


def _redraw_maps(state, seat: int, rng: random.Random) -> None:
    """The map deck and the other seats' maps drawn from it, dealt again (same counts)."""
    unseen = list(state.map_deck)
    secret = []
    for other, held in enumerate(state.maps):
        if other != seat:
            drawn = [m for m in held if m not in state.maps_seen[other]]
            unseen += drawn
            secret.append((other, len(drawn)))
    canonical_shuffle(unseen, rng)
    for other, count in secret:
        state.maps[other] = list(state.maps_seen[other]) + [unseen.pop() for _ in range(count)]
    state.map_deck = unseen
