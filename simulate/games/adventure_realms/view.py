"""What one seat may see: its own hand and adventure cards, its deck's size and which cards it
owns (the cards it recruited, never the deck's order),
and everything public: the board, every seat's resources and tracks, every seat's discard pile
and played cards (cards reach them face up), the adventure discard (Items and Magic are discarded
face up next to the Adventure deck), the banished cards in the box and the face-up Guild Master
stack (rulebook: "Set-up", "Adventure cards", "Banish"). Hidden from the seat: the other players'
hands and adventure cards (Quests are secret), the order of every deck (hero, adventure, monster,
draw piles) and the random source; hidden.py redraws exactly these for look-ahead.

Read-only: a NamedTuple of ints and tuples (cheaper to build than a frozen dataclass, and just as
immutable). Every field is documented by its comment below (the conformance test checks it).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from simulate.games.adventure_realms.actions import Phase


class View(NamedTuple):
    seat: int                        # the seat this view belongs to
    phase: Phase                     # what the seat is asked (actions.Phase)
    round: int                       # the round (one monster each)
    first_player: int                # the seat holding the first player marker
    comp: Any                        # the component data (immutable tuples)
    rules: Any                       # the Rules of the game
    # own, hidden from the others
    hand: tuple[int, ...]            # hero card ids
    adventures: tuple[int, ...]      # adventure card ids (Quests are secret)
    # own and public (the same as discard_piles[seat], played_piles[seat])
    discard: tuple[int, ...]         # the seat's discard pile (hero card ids)
    played: tuple[int, ...]          # hero cards the seat played this round
    deck_size: int                   # cards in the seat's draw pile (never their order)
    rp: int                          # Recruit Points (Oasis RP before the Reveal)
    banish_left: int                 # cards the turn seat may still banish now (public)
    unpaid: tuple[int, ...]          # the turn seat's revealed cards (face up, public) whose
    #                                  reveal price may still be paid
    # public, one item per seat
    gold: tuple[int, ...]            # Gold per seat
    mana: tuple[int, ...]            # Mana per seat
    food: tuple[int, ...]            # Food per seat
    power: tuple[tuple[int, ...], ...]   # power per seat and guild (0-6)
    vp: tuple[int, ...]              # VP on the track per seat
    stones: tuple[int, ...]          # Elemental Stones per seat
    dungeon: tuple[int, ...]         # position on the dungeon track per seat
    agents_free: tuple[int, ...]     # agents not yet placed per seat
    fort_freed: tuple[bool, ...]     # whether the Fort's agent was freed, per seat
    revealed: tuple[bool, ...]       # whether the seat has revealed this round
    hand_sizes: tuple[int, ...]      # cards in hand per seat (never which)
    deck_sizes: tuple[int, ...]      # cards in the draw pile per seat (never their order)
    adventure_counts: tuple[int, ...]    # adventure cards held per seat (never which)
    # the board
    row: tuple[int, ...]             # Guild Row hero ids (-1 = empty slot)
    master_top: int                  # top Guild Master id, -1 when the stack is empty
    monster: Any                     # the revealed Monster, None after the last
    monsters_left: int               # Monster cards left, the revealed one included
    occupied: tuple[int, ...]        # per space: seat or -1
    garden: int                      # Mana on the Fairy Garden
    top_holder: tuple[int, ...]      # per guild: the seat holding the top, or -1
    stones_left: int                 # Elemental Stones left at the Dark Castle
    # public cards (no built-in strategy reads these: their decisions stay as they were)
    discard_piles: tuple[tuple[int, ...], ...]   # every seat's discard pile (hero card ids)
    played_piles: tuple[tuple[int, ...], ...]    # every seat's hero cards played this round
    adventure_discard: tuple[int, ...]   # Items and Magic played, face up by the Adventure deck
    box: tuple[int, ...]             # banished hero cards, in the order banished
    masters: tuple[int, ...]         # the face-up Guild Master stack (top = last)
    # own: what the seat's cards are, never the deck's order (the Quests' counts read it)
    owned: tuple[int, ...]           # the seat's hero cards: deck, hand, discard, played (sorted)


def make_view(state, seat: int) -> View:
    s = state
    return View(
        seat, s.phase, s.round, s.first_player, s.comp, s.rules,
        tuple(s.hand[seat]), tuple(s.adventures[seat]), tuple(s.discard[seat]),
        tuple(s.played[seat]), len(s.deck[seat]), s.rp[seat], s.banish_left,
        tuple(s.unpaid),
        tuple(s.gold), tuple(s.mana), tuple(s.food), tuple(map(tuple, s.power)),
        tuple(s.vp), tuple(s.stones), tuple(s.dungeon),
        tuple(map(int.__sub__, s.agents, s.placed)), tuple(s.fort_freed),
        tuple(s.revealed), tuple(map(len, s.hand)), tuple(map(len, s.deck)),
        tuple(map(len, s.adventures)),
        tuple(s.row), s.masters[-1] if s.masters else -1,
        s.monsters[-1] if s.monsters else None, len(s.monsters), tuple(s.occupied), s.garden,
        tuple(s.top_holder), s.stones_left,
        tuple(map(tuple, s.discard)), tuple(map(tuple, s.played)), tuple(s.adventure_discard),
        tuple(s.box), tuple(s.masters), tuple(sorted(s.owned(seat))))
