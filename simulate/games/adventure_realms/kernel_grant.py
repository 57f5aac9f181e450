"""Adventure Realms' compiled kernel: a variant's granted card (grant.py; RULES.md, "Granted
cards"). A hero card comes out of the hero deck (before the Guild Row is dealt) or the Guild
Master stack, a basic card out of no supply, and joins the seat's starting deck before its keyed
shuffle; an adventure card comes out of the shuffled adventure deck into the seat's hand of
adventure cards. The grant's layout: simulate/kernels/grants.py; its kind is the file's place
in ``grant.FILES``.
"""
from __future__ import annotations

from simulate.games.adventure_realms.grant import FILES
from simulate.games.adventure_realms.kernel_layout import (
    ADVENTURES, ADV_DECK, DECK, HERO_DECK, MASTERS, index_of, push, remove)
from simulate.kernels.grants import GRANT_ENTRY, GRANT_KIND, GRANT_SEAT
from simulate.kernels.refcounts import no_refcounts
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

BASIC, ADVENTURE = FILES.index("basic_heroes"), FILES.index("adventure_cards")


@no_refcounts
def take_granted(G, grant):
    """grant.take_granted: the granted card out of the supply it would come from."""
    if grant[GRANT_SEAT] < 0 or grant[GRANT_KIND] == BASIC:
        return
    L, N, card = G.L, G.N, grant[GRANT_ENTRY]
    if grant[GRANT_KIND] == ADVENTURE:
        remove(L, N, ADV_DECK, card)
    elif index_of(L, N, HERO_DECK, card) >= 0:
        remove(L, N, HERO_DECK, card)
    else:
        remove(L, N, MASTERS, card)


@no_refcounts
def give_granted(G, grant):
    """grant.give_granted: in the seat's starting deck (shuffled next), or its adventure
    cards."""
    seat, card = grant[GRANT_SEAT], grant[GRANT_ENTRY]
    if seat < 0:
        return
    L, N = G.L, G.N
    if grant[GRANT_KIND] == ADVENTURE:
        push(L, N, ADVENTURES + seat, card)
        return
    push(L, N, DECK + seat, card)
