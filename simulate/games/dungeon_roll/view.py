"""What the adventurer may see: everything on the table, its own treasures, others' scores.

A frozen snapshot made per decision (a NamedTuple of ints and tuples): writing into it raises,
and the engine never reads it back. Hidden: the other seats' treasure tokens, the box's contents
(``box_total`` counts them) and the dice to come.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.dungeon_roll.legal import PHASE_NAMES, Phase
from simulate.games.dungeon_roll.rules import Rules


class DungeonView(NamedTuple):
    seat: int                    # the seat this view belongs to
    phase: Phase                 # where the delve is (legal.Phase)
    hero: int                    # the delving seat's hero (index into HERO_KEYS)
    master: bool                 # the hero has levelled up to its master side
    ultimate_used: bool          # the hero's ultimate is spent (exhausted) this delve
    level: int                   # the dungeon level of the delve (1-10)
    party: tuple                 # active party dice per face
    graveyard: int               # party dice in the graveyard
    converted: tuple             # dungeon dice turned companions, per face
    dungeon: tuple               # this level's dungeon dice per face
    lair: int                    # dragon dice in the Dragon's Lair
    pool: int                    # dungeon dice left to roll for the next level
    treasures: tuple             # own treasure tokens, by kind
    box_total: int               # treasure tokens left in the box (never which)
    xp: int                      # this seat's XP tokens
    all_xp: tuple                # every seat's XP tokens (public)
    delve: int                   # delves this seat has finished
    delves_per_player: int       # delves each seat makes (the rule)
    rules: Rules                 # the Rules of the game
    n_players: int               # seats in the game
    strikes_left: int            # companions of distinct types the dragon still needs
    strike_mask: int             # bit per companion type already used on the dragon
    revives: int                 # party dice still to revive from quaffed potions
    reroll_dungeon: bool         # the pending re-roll may mark dungeon dice, not only party dice
    resume: int                  # the phase a re-roll or revive returns to

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]


def make_view(state, seat: int) -> DungeonView:
    s = state
    return _new(DungeonView, (
        seat, s.phase, s.hero[seat], s.master[seat], s.ultimate_used, s.level, tuple(s.party),
        s.graveyard, tuple(s.converted), tuple(s.dungeon), s.lair, s.pool, tuple(s.hands[seat]),
        s.box_total, s.xp[seat], tuple(s.xp), len(s.delves[seat]), s.rules.delves_per_player,
        s.rules, s.n_players, s.strikes_left, s.strike_mask, s.revives, s.reroll_dungeon,
        s.resume))


_new = tuple.__new__
