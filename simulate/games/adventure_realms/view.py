"""What one seat may see: its own hand, adventure cards and discard pile, its deck's size (never
its order), and the public board. Read-only: a NamedTuple of ints and tuples (cheaper to build
than a frozen dataclass, and just as immutable)."""
from __future__ import annotations

from typing import Any, NamedTuple

from simulate.games.adventure_realms.actions import Phase


class View(NamedTuple):
    seat: int
    phase: Phase                     # what the seat is asked (actions.Phase)
    round: int
    first_player: int
    comp: Any                        # the component data (immutable tuples)
    rules: Any
    # own, hidden from the others
    hand: tuple[int, ...]            # hero card ids
    adventures: tuple[int, ...]      # adventure card ids (Quests are secret)
    discard: tuple[int, ...]
    played: tuple[int, ...]
    deck_size: int
    rp: int                          # Recruit Points (Oasis RP before the Reveal)
    banish_left: int
    # public, one item per seat
    gold: tuple[int, ...]
    mana: tuple[int, ...]
    food: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    vp: tuple[int, ...]
    stones: tuple[int, ...]
    dungeon: tuple[int, ...]
    agents_free: tuple[int, ...]
    fort_freed: tuple[bool, ...]
    revealed: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    adventure_counts: tuple[int, ...]
    # the board
    row: tuple[int, ...]             # Guild Row hero ids (-1 = empty slot)
    master_top: int                  # top Guild Master id, -1 when the stack is empty
    monster: Any                     # the revealed Monster, None after the last
    monsters_left: int
    occupied: tuple[int, ...]        # per space: seat or -1
    garden: int
    top_holder: tuple[int, ...]      # per guild: the seat holding the top, or -1
    stones_left: int


def make_view(state, seat: int) -> View:
    s = state
    return View(
        seat, s.phase, s.round, s.first_player, s.comp, s.rules,
        tuple(s.hand[seat]), tuple(s.adventures[seat]), tuple(s.discard[seat]),
        tuple(s.played[seat]), len(s.deck[seat]), s.rp[seat], s.banish_left,
        tuple(s.gold), tuple(s.mana), tuple(s.food), tuple(map(tuple, s.power)),
        tuple(s.vp), tuple(s.stones), tuple(s.dungeon),
        tuple(map(int.__sub__, s.agents, s.placed)), tuple(s.fort_freed),
        tuple(s.revealed), tuple(map(len, s.hand)), tuple(map(len, s.deck)),
        tuple(map(len, s.adventures)),
        tuple(s.row), s.masters[-1] if s.masters else -1,
        s.monsters[-1] if s.monsters else None, len(s.monsters), tuple(s.occupied), s.garden,
        tuple(s.top_holder), s.stones_left)
