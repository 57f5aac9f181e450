"""A card granted to one seat at set-up (RULES.md, "Granted cards"; simulate/games/grants.py).

A hero card (basic, guild hero, King, Guild Master) is taken out of the hero deck (before the
Guild Row is dealt) or the Guild Master stack (a basic card has no supply, so the seat starts
with one more) and joins the seat's starting deck before its keyed shuffle (streams.py), so the
deck's other cards keep the order they have without it. An adventure card starts in the seat's
hand of adventure cards, one copy taken out of the shuffled adventure deck.
"""
from __future__ import annotations

from simulate.games.grants import Grant, take_one, unknown_entry

KINDS = {"basic_heroes.json": "basic", "guild_heroes.json": "guild", "kings.json": "king",
         "guild_masters.json": "master"}
FILES = tuple(f.removesuffix(".json") for f in (*KINDS, "adventure_cards.json"))


def take_granted(state, grant: Grant | None) -> int:
    """The granted card's id, taken out of the supply it would come from (-1: no grant)."""
    if grant is None:
        return -1
    file, entry = grant[:2]
    comp = state.comp
    if file == "adventure_cards.json":
        card = state.adventure_id.get(entry, -1)
        if card < 0:
            raise unknown_entry(grant, [a.name for a in comp.adventures])
        take_one(state.adventure_deck, card)
        return card
    kind = KINDS[file]
    card = state.hero_id.get(entry, -1)
    if card < 0 or comp.heroes[card].kind != kind:
        raise unknown_entry(grant, [h.name for h in comp.heroes if h.kind == kind])
    if kind != "basic":
        take_one(state.hero_deck, card) or take_one(state.masters, card)
    return card


def give_granted(state, grant: Grant | None, card: int) -> None:
    """The seat starts with the card: in its starting deck (shuffled next), or its adventure
    cards."""
    if grant is None:
        return
    file, _, seat = grant[:3]
    if file == "adventure_cards.json":
        state.adventures[seat].append(card)
    else:
        state.deck[seat].append(card)        # shuffled with the others (keyed: theirs unmoved)
