"""What a seat cannot see, redrawn for look-ahead (``State.determinize``, base.py).

Hidden from every seat: the order of the hero deck, of the adventure deck, of every player's own
draw pile, and of the monster stack under the revealed monster (with ``monsters_by_level`` each
level keeps its place: set-up stacks level 1 on top, level 3 at the bottom). Hidden from the
others: a player's hand and adventure cards (Quests are secret). Public: the Guild Row, the Guild
Master stack, the box, everything played, and the discard piles (every card reaches them face up:
played, revealed at the Reveal, or discarded to Bastion). So a seat knows each other player's
hand and draw pile together and redraws the split; the other players' adventure cards are redrawn
with the adventure deck (a card a seat lost to the Shadow is forgotten: the copy knows less, never
more). Every pool is sorted before it is shuffled (canonical_shuffle), so the true hidden order
never leaks into the copy.
"""
from __future__ import annotations

import random

from simulate.games.base import canonical_shuffle


def redraw_hidden(state, seat: int, rng: random.Random) -> None:
    """Redraw, in the look-ahead copy ``state``, everything ``seat`` cannot see."""
    canonical_shuffle(state.hero_deck, rng)
    _redraw_monsters(state, rng)
    canonical_shuffle(state.deck[seat], rng)
    for other in range(state.n):
        if other != seat:
            cards = state.hand[other] + state.deck[other]
            canonical_shuffle(cards, rng)
            held = len(state.hand[other])
            state.hand[other], state.deck[other] = cards[:held], cards[held:]
    unseen = list(state.adventure_deck)
    for other in range(state.n):
        if other != seat:
            unseen += state.adventures[other]
    canonical_shuffle(unseen, rng)
    for other in range(state.n):
        if other != seat:
            state.adventures[other] = [unseen.pop() for _ in state.adventures[other]]
    state.adventure_deck = unseen


def _redraw_monsters(state, rng: random.Random) -> None:
    """The monsters under the revealed one (the stack's top is its end)."""
    hidden = state.monsters[:-1]
    order = {id(m): i for i, m in enumerate(state.comp.monsters)}
    if state.rules.monsters_by_level:
        levels = sorted({m.level for m in hidden})
        piles = {lv: sorted((m for m in hidden if m.level == lv), key=lambda m: order[id(m)])
                 for lv in levels}
        for pile in piles.values():
            rng.shuffle(pile)
        state.monsters[:-1] = [piles[m.level].pop() for m in hidden]
    else:
        pile = sorted(hidden, key=lambda m: order[id(m)])
        rng.shuffle(pile)
        state.monsters[:-1] = pile
