"""What one seat sees: a frozen snapshot of the public table plus its own hidden treasure maps.

Hidden from a seat: the order of the equipment deck, the artifact stacks under the revealed
artifacts, the treasure map deck, the expedition tokens not yet revealed, the other seats' maps
(their count is public) and the random source. Everything is tuples or frozen NamedTuples.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.risky_adventure.actions import Phase
from simulate.games.risky_adventure.components import Components
from simulate.games.risky_adventure.rules import Rules


class View(NamedTuple):
    seat: int                    # the seat this view belongs to
    phase: Phase                 # what the seat is asked (actions.Phase)
    rules: Rules                 # the Rules of the game
    comp: Components             # component data (immutable)
    round: int                   # the round (every seat one turn), from 1
    turn: int                    # turns played so far in the game (all seats)
    players: int                 # seats in the game
    fame: tuple                  # per seat
    clocks: tuple                # per seat (public)
    debt: tuple                  # per seat: clocks a paid grant still owes (public), repaid by
                                 # the next clocks gained (RULES.md, "Granted cards")
    equipment: tuple             # per seat: owned card indices (into comp.equipment)
    active: tuple                # this seat's cards whose effect works this turn
    inactive: tuple              # this seat's cards still needing an artifact attached
    artifacts: tuple             # per seat: claimed artifact indices (into comp.artifacts)
    wilds: tuple                 # per seat
    free_types: tuple            # this seat: unattached artifacts per type (gem, statue, sarc.)
    free_wilds: int              # this seat: unattached wilds
    maps: tuple                  # this seat's treasure map indices (hidden from others)
    maps_held: tuple             # per seat: how many maps (public)
    markers: tuple               # this seat, per excavation: (fixed symbol counts, choices)
    camp: tuple                  # camp equipment spaces: card index or -1
    revealed: tuple              # per excavation: revealed artifact indices, top first
    excavation_left: tuple       # per excavation: artifacts still there (face up and down)
    expedition: int              # current expedition board (index in comp.expeditions), -1 none
    positions: tuple             # per seat: marker on the expedition track (0 = start)
    expeditions_done: int        # expeditions whose end was reached
    maps_face_up: tuple          # map indices face up
    map_deck: int                # maps left in the deck
    equipment_deck: int          # cards left in the equipment deck
    clock_supply: int            # clocks left in the supply (0 when the supply is unlimited)
    wild_supply: int             # wild artifacts left (0 when the supply is unlimited)
    placed: tuple                # this turn's spots (claim phase)
    roll: tuple                  # this turn's roll as symbol counts (food, map, pick)
