"""Scroll re-rolls, treasure tokens and heroes' ultimates: a mixin of the Dungeon Roll state.

Timing windows (rules digest): Scroll re-rolls party and dungeon dice in the monster phase and
party dice elsewhere; Town Portal in the monster and dragon phases; Dragon Bait in the monster
phase; Ring in the dragon phase; Elixir and the Scroll token in any of the three.
"""
from __future__ import annotations

from simulate.games.dungeon_roll.components import (
    CHEST, DRAGON_BAIT, ELIXIR, FIGHTER, GOBLIN, POTION, RING_OF_INVISIBILITY, SKELETON, THIEF,
    TOWN_PORTAL, TREASURE_NAMES)
from simulate.games.dungeon_roll.legal import DISCARD_PHASE, MONSTER, REROLL


class Powers:
    def _read_scroll(self, a) -> None:
        self._spend(a.source)
        self.reroll_dungeon = self.phase == MONSTER   # elsewhere only party dice are re-rolled
        self.resume, self.phase = self.phase, REROLL

    def _mark(self, a) -> None:
        if a.dungeon:
            self.dungeon[a.face] -= 1
            self.marked_dungeon += 1
        else:
            self.party[a.face] -= 1
            self.marked_party += 1

    def _roll_now(self, a) -> None:
        n_party, n_dungeon = self.marked_party, self.marked_dungeon
        self.marked_party = self.marked_dungeon = 0
        if n_party:                             # re-rolls: the delve's own run of slots
            self._roll_party(n_party, self._reroll_slot(n_party))
        if n_dungeon:
            self._roll_dungeon(n_dungeon, self._reroll_slot(n_dungeon))
        self.phase = self.resume
        if self.phase == REROLL:                # the Mercenary formed the party: now the dungeon
            self._roll_level()
        else:
            self._advance()

    def _use_treasure(self, a) -> None:
        token = a.token
        self._spend_token(token)
        if self._events is not None:
            self._log(f"uses {TREASURE_NAMES[token]}")
        if token == TOWN_PORTAL:
            self._end_delve("town_portal")
        elif token == RING_OF_INVISIBILITY:
            self.pool += self.lair
            self.lair = 0
            self._advance()
        elif token == DRAGON_BAIT:
            self._monsters_to_lair()
        elif token == ELIXIR:
            self._begin_revive(1)

    def _monsters_to_lair(self) -> None:
        d = self.dungeon
        self.lair += d[0] + d[1] + d[2]
        d[0] = d[1] = d[2] = 0
        self._advance()

    def _ultimate(self, a) -> None:
        self.ultimate_used = True
        d, name = self.dungeon, a.name
        if self._events is not None:
            self._log(f"ultimate: {a!r}")
        if name == "Calculated Strike":
            for t in a.targets:
                d[t] -= 1
                self.pool += 1
        elif name == "Battlecry":
            return self._monsters_to_lair()
        elif name in ("Plea for Help", "Pull Rank"):
            d[GOBLIN] -= len(a.targets)
            self.converted[THIEF] += len(a.targets)
        elif name in ("Animate Dead", "Command Dead"):
            d[SKELETON] -= len(a.targets)
            self.converted[FIGHTER] += len(a.targets)
        elif name in ("Charm Monster", "Mesmerize"):
            for t in a.targets:
                d[t] -= 1
            d[POTION] += 1
            self.pool += len(a.targets) - 1
        elif name == "Bard's Song":
            self.pool += self.lair
            self.lair = 0
        elif name == "Arcane Fury":
            self.pool += d[0] + d[1] + d[2] + d[CHEST] + d[POTION] + self.lair
            d[0] = d[1] = d[2] = d[CHEST] = d[POTION] = self.lair = 0
        elif name == "Divine Intervention":
            self.resume, self.phase = self.phase, DISCARD_PHASE
            return
        self._advance()

    def _discard(self, a) -> None:
        """Divine Intervention: pay one treasure; defeat all monsters, open all chests, quaff all
        potions (no die spent), discard the Lair."""
        self._spend_token(a.token)
        self.phase = self.resume
        d = self.dungeon
        chests, potions = d[CHEST], d[POTION]
        self.pool += d[0] + d[1] + d[2] + chests + potions + self.lair
        d[0] = d[1] = d[2] = d[CHEST] = d[POTION] = self.lair = 0
        for _ in range(chests):
            self._draw_treasure()
        self._begin_revive(min(potions, self.graveyard))

