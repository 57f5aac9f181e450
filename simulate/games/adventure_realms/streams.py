"""Adventure Realms' sources of chance, one random stream each (``simulate/games/chance.py``;
RULES.md, "Random streams").

Every stream is derived from the game's seed (``Streams(rng)``), so a variant, a removed or
added card, a grant or an edited value disturbs only what it touches. Every deck is shuffled by
sorting its cards on keys hashed from the shuffle's seed and each card's name and copy number
(``chance.keyed_order``): a deck without a card is the same deck with that card skipped. The
kernel reads these same purposes (``kernel_streams.py``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from simulate.games.chance import GOLDEN, MASK64, keyed_shuffle, shuffle_seed

# ---- the purposes: one stream each ------------------------------------------------------------
# The set-up's shuffles draw one seed each, always as many in the same order (the hero deck, the
# adventure deck, the monster stack, then each seat's starting deck), so they share a stream;
# a source drawing a varying number of times has its own.
SETUP_STREAM = 0
ADVENTURE_STREAM = 1        # every reshuffle of the adventure deck's discard pile
SHADOW_STREAM = 2           # the Shadow's random adventure card taken from each other player
BASTION_STREAM = 3          # Bastion's random deck card lost by a player with an empty hand
SEAT_DECK_STREAM = 4        # + seat: every reshuffle of that seat's discard pile
MAX_SEATS = 4
PURPOSES = SEAT_DECK_STREAM + MAX_SEATS


def pile_ids(pile: Sequence[int], keys: Sequence[int]) -> list[int]:
    """The identities of a pile of card ids (``keys[card]``: the name's ``chance.card_id``), the
    copies of a card numbered in pile order, as ``chance.card_ids`` numbers them: copies are
    alike, so which one gets which number never shows."""
    seen: dict[int, int] = {}
    ids = []
    for card in pile:
        copy = seen.get(card, 0)
        seen[card] = copy + 1
        ids.append((keys[card] + copy * GOLDEN) & MASK64)
    return ids


def shuffle_pile(pile: list, keys: Sequence[int], stream: random.Random) -> None:
    """Shuffle ``pile`` (card ids) in place on the next seed of the deck's own ``stream``."""
    keyed_shuffle(pile, pile_ids(pile, keys), shuffle_seed(stream))


def monster_stack(comp, by_level: bool, stream: random.Random) -> list:
    """Top = end. By level: level 1 on top, 3 at the bottom, each level in the order of one
    keyed shuffle of all the monsters (so each level is shuffled apart, and a level's monsters
    keep their order when another level changes); else that one shuffle."""
    order = list(range(len(comp.monsters)))
    keyed_shuffle(order, comp.monster_keys, shuffle_seed(stream))
    monsters = [comp.monsters[i] for i in order]
    if not by_level:
        return monsters
    return [m for level in sorted({m.level for m in monsters}, reverse=True)
            for m in monsters if m.level == level]
