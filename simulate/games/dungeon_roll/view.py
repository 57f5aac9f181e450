"""What the adventurer may see: everything on the table, its own treasures, others' scores.

The lists are the state's own (no copies, for speed): strategies must treat them as read-only.
"""
from __future__ import annotations

from simulate.games.dungeon_roll.legal import PHASE_NAMES


class DungeonView:
    __slots__ = ("seat", "phase", "hero", "master", "ultimate_used", "level",
                 "party", "graveyard", "converted", "dungeon", "lair", "pool", "treasures",
                 "box_total", "xp", "all_xp", "delve", "delves_per_player", "rules", "n_players",
                 "strikes_left", "strike_mask", "revives", "reroll_dungeon", "resume")

    def __init__(self, state, seat: int):
        self.seat = seat
        self.phase = state.phase
        self.hero = state.hero[seat]
        self.master = state.master[seat]
        self.ultimate_used = state.ultimate_used
        self.level = state.level
        self.party = state.party
        self.graveyard = state.graveyard
        self.converted = state.converted
        self.dungeon = state.dungeon
        self.lair = state.lair
        self.pool = state.pool
        self.treasures = state.hands[seat]
        self.box_total = state.box_total
        self.xp = state.xp[seat]
        self.all_xp = state.xp                    # every seat's XP tokens (public)
        self.delve = len(state.delves[seat])      # delves this seat has finished
        self.delves_per_player = state.rules.delves_per_player
        self.rules = state.rules
        self.n_players = state.n_players
        self.strikes_left = state.strikes_left
        self.strike_mask = state.strike_mask
        self.revives = state.revives
        self.reroll_dungeon = state.reroll_dungeon
        self.resume = state.resume                # the phase a re-roll or revive returns to

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]
