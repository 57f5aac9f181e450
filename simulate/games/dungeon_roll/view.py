"""What the adventurer may see: everything on the table, its own treasures, others' scores.

A frozen snapshot made per decision (a NamedTuple of ints and tuples): writing into it raises,
and the engine never reads it back. Hidden: the other seats' treasure tokens, the box's contents
(``box_total`` counts them) and the dice to come.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.dungeon_roll.legal import PHASE_NAMES
from simulate.games.dungeon_roll.rules import Rules


class DungeonView(NamedTuple):
    seat: int
    phase: int
    hero: int
    master: bool
    ultimate_used: bool
    level: int
    party: tuple                 # active party dice per face
    graveyard: int
    converted: tuple             # dungeon dice turned companions, per face
    dungeon: tuple               # this level's dungeon dice per face
    lair: int
    pool: int
    treasures: tuple             # own treasure tokens, by kind
    box_total: int
    xp: int
    all_xp: tuple                # every seat's XP tokens (public)
    delve: int                   # delves this seat has finished
    delves_per_player: int
    rules: Rules
    n_players: int
    strikes_left: int
    strike_mask: int
    revives: int
    reroll_dungeon: bool
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
