"""The Dungeon Roll state machine: delves, phases and every action's effect.

Dice are counts: ``party[face]`` (active party dice), ``graveyard`` (used party dice), ``dungeon
[face]`` (this level's dungeon dice; a Dragon never stays there: it goes to ``lair`` at once),
``converted[face]`` (dungeon dice turned companions by an ultimate), ``pool`` (dungeon dice not in
play). Chance comes only from ``self.chance`` (streams.py: the current seat's dice at fixed
slots, the treasure draws; tests swap in scripted dice).
"""
from __future__ import annotations

from simulate.games.base import IllegalActionError, look_ahead_copy
from simulate.games.dungeon_roll import actions as A
from simulate.games.dungeon_roll.actions import CONVERTED, HERO, TOKEN
from simulate.games.dungeon_roll.components import (
    CHAMPION, CHEST, DUNGEON_FACES, KNIGHT, MASTER_NAMES, MERCENARY, NOVICE_NAMES, PARTY_FACES,
    POTION, SCROLL, SWEEPS, THIEF, TREASURE_NAMES)
from simulate.games.dungeon_roll.legal import (DRAGON, DRAGON_FIGHT, LOOT, MONSTER, OVER,
                                               PHASE_NAMES, REGROUP, REROLL, REVIVE_PHASE,
                                               LegalActions, Phase)
from simulate.games.dungeon_roll.powers import Powers
from simulate.games.dungeon_roll.scoring import Scoring
from simulate.games.dungeon_roll.streams import (Chance, draw_slot, level_slot, party_slot,
                                                 reroll_slot)
from simulate.games.dungeon_roll.view import DungeonView, make_view


class State(LegalActions, Powers, Scoring):
    def __init__(self, rules, n_players: int, chance: Chance, heroes: list[int]):
        self.rules = rules
        self.n_players = n_players
        self.chance = chance
        self._events = None
        self._legal = None                      # legal_actions() until the next apply
        self.hero = heroes
        n = n_players
        self.master = [False] * n
        self.xp = [0] * n                       # XP tokens: levels + dragons + empty box
        self.xp_levels, self.xp_dragons, self.xp_empty_box = [0] * n, [0] * n, [0] * n
        self.hands = [[0] * 10 for _ in range(n)]   # treasure tokens held, by kind
        self.box = list(rules.treasure_counts)
        self.box_total = sum(self.box)
        self.tokens_gone = 0                    # used tokens out of the game (used_treasures_to_box)
        self.delves = [[] for _ in range(n)]    # per seat: (level, xp gained, end) per delve
        self.dragons_fought, self.dragons_defeated, self.flees = [0] * n, [0] * n, [0] * n
        self.achievements = [set() for _ in range(n)]
        self.delves_played = 0
        self.current_seat = 0
        self.is_over = False
        self._start_delve()

    # ---------------------------------------------------------------- logging and chance
    @property
    def rng(self) -> Chance:
        """The game's random streams (streams.Chance); a look-ahead copy with an rng has its own."""
        return self.chance

    @property
    def events(self):
        """None, or the list readable log lines go to (the driver sets it after new_game: the
        opening delve's rolls are written out then)."""
        return self._events

    @events.setter
    def events(self, value) -> None:
        self._events = value
        if value is not None and not self.delves_played and self.level == 1:
            seat = self.current_seat
            value.append(f"seat {seat} ({self.hero_name(seat)}) delve 1: party "
                         f"{self._show(self.party, PARTY_FACES)}; level 1: "
                         f"{self._show(self.dungeon, DUNGEON_FACES)}, lair {self.lair}")

    def _log(self, text: str) -> None:
        self._events.append(text)

    def _delve_number(self) -> int:
        """Which of the current seat's delves this is (0 first): its block of dice slots."""
        return len(self.delves[self.current_seat])

    def _reroll_slot(self, n: int) -> int:
        """The first slot of the next ``n`` re-rolled dice of this delve (their own run)."""
        first = reroll_slot(self._delve_number(), self.delve_rerolls)
        self.delve_rerolls += n
        return first

    def _roll_party(self, n: int, first: int) -> None:
        """Roll n party dice, the current seat's dice in slots first, first + 1, ..."""
        die, seat, p = self.chance.die, self.current_seat, self.party
        for i in range(n):
            p[die(seat, first + i)] += 1
        if self._events is not None:
            self._log(f"party {self._show(p, PARTY_FACES)}")

    def _roll_dungeon(self, n: int, first: int) -> None:
        """Roll n dungeon dice (already out of the pool; the delving seat's dice in slots first,
        first + 1, ...); Dragons go to the Lair at once."""
        die, seat, d = self.chance.die, self.current_seat, self.dungeon
        dragons = 0
        for i in range(n):
            face = die(seat, first + i)
            if face == 5:
                dragons += 1
            else:
                d[face] += 1
        self.lair += dragons
        if dragons >= 3:
            self.achievements[self.current_seat].add("dragon_bait")
        if self._events is not None:
            self._log(f"level {self.level}: rolled {n} -> {self._show(d, DUNGEON_FACES)}, "
                      f"lair {self.lair}")

    @staticmethod
    def _show(counts, names) -> str:
        return ", ".join(f"{c} {names[f]}" for f, c in enumerate(counts) if c) or "nothing"

    # ---------------------------------------------------------------- delves
    def _start_delve(self) -> None:
        rules, seat = self.rules, self.current_seat
        self.level = 1
        self.party = [0] * 6
        self.graveyard = 0
        self.converted = [0] * 6
        self.dungeon = [0] * 6
        self.lair = 0
        self.pool = rules.dungeon_dice
        self.ultimate_used = False
        self.marked_party = self.marked_dungeon = 0
        self.reroll_dungeon = False
        self.revives = 0
        self.strikes_left = self.strike_mask = 0
        self.resume = MONSTER
        self.delve_start_xp = self.xp[seat]
        self.delve_loot = [0] * 10
        self.delve_dragons = self.delve_dragon_xp = self.delve_box_xp = 0
        self.delve_rerolls = self.delve_draws = 0
        if self._events is not None:
            self._log(f"seat {seat} ({self.hero_name(seat)}) delve {len(self.delves[seat]) + 1}")
        self._roll_party(rules.party_dice, party_slot(self._delve_number(), 0))
        hero = self.hero[seat]
        if hero == KNIGHT:                      # forming the party: Scrolls become Champions
            self.party[CHAMPION] += self.party[SCROLL]
            self.party[SCROLL] = 0
        if hero == MERCENARY and not self.master[seat]:
            self.phase, self.resume, self.reroll_dungeon = REROLL, REROLL, False
            return                              # re-roll any party dice, then the dungeon
        self._roll_level()

    def _roll_level(self) -> None:
        n = min(self.level, self.pool)
        self.pool -= n
        self._roll_dungeon(n, level_slot(self._delve_number(), self.level, 0))
        self.phase: Phase = MONSTER
        self._advance()

    def _advance(self) -> None:
        """Leave phases with nothing left to do: no monsters, no loot, no dragon attack."""
        d = self.dungeon
        if self.phase == MONSTER:
            if d[0] or d[1] or d[2]:
                return
            self.phase = LOOT
        if self.phase == LOOT:
            if d[CHEST] or d[POTION]:
                return
            self._enter_dragon()
        if self.phase == DRAGON:
            if self.lair >= self.rules.lair_threshold:
                return
            self.phase = REGROUP
            self.pool += sum(self.converted)    # converted companions are discarded
            self.converted = [0] * 6
        if self.phase == REGROUP and self.level >= self.rules.max_level:
            self._end_delve("level_10")         # must retire at level 10

    def _enter_dragon(self) -> None:
        d = self.dungeon
        self.pool += d[CHEST] + d[POTION]       # unused chests and potions go back
        d[CHEST] = d[POTION] = 0
        self.phase = DRAGON
        if self.lair >= self.rules.lair_threshold:
            self.dragons_fought[self.current_seat] += 1
            if self._events is not None:
                self._log(f"the dragon attacks ({self.lair} dice in the Lair)")

    def _end_delve(self, end: str) -> None:
        seat, rules = self.current_seat, self.rules
        if end in ("retired", "level_10", "town_portal"):
            self._gain_xp(seat, self.level, "level")
            if self.level >= 10:
                self.achievements[seat].add("dungeon_master")
        else:
            self.flees[seat] += 1
            if not rules.keep_loot_after_fleeing:
                self._give_back_loot(seat)
        if not rules.level_up_immediate:
            self._check_level_up(seat)
        if self.delve_dragons >= 2:
            self.achievements[seat].add("dragon_slayer")
        if self.delve_dragons >= 3:
            self.achievements[seat].add("dragon_master")
        self.delves[seat].append((self.level, self.xp[seat] - self.delve_start_xp, end))
        if self._events is not None:
            self._log(f"delve ends: {end} at level {self.level}, XP {self.xp[seat]}")
        self.delves_played += 1
        self.party = [0] * 6                    # all dice set aside
        self.graveyard = self.lair = self.marked_party = self.marked_dungeon = 0
        self.dungeon, self.converted = [0] * 6, [0] * 6
        self.pool = rules.dungeon_dice
        if self.delves_played >= self.n_players * rules.delves_per_player:
            self.is_over, self.phase = True, OVER
            return
        self.current_seat = (seat + 1) % self.n_players
        self._start_delve()

    def _give_back_loot(self, seat: int) -> None:
        hand = self.hands[seat]
        for t, won in enumerate(self.delve_loot):
            back = min(won, hand[t])
            hand[t] -= back
            self.box[t] += back
            self.box_total += back
        for part, amount in ((self.xp_dragons, self.delve_dragon_xp),
                             (self.xp_empty_box, self.delve_box_xp)):
            part[seat] -= amount
            self.xp[seat] -= amount

    # ---------------------------------------------------------------- XP and treasures
    def _gain_xp(self, seat: int, n: int, kind: str) -> None:
        if not n:
            return
        self.xp[seat] += n
        if kind == "level":
            self.xp_levels[seat] += n
        elif kind == "dragon":
            self.xp_dragons[seat] += n
            self.delve_dragon_xp += n
        else:
            self.xp_empty_box[seat] += n
            self.delve_box_xp += n
        if self._events is not None:
            self._log(f"seat {seat} +{n} XP ({kind}) -> {self.xp[seat]}")
        if self.rules.level_up_immediate:
            self._check_level_up(seat)

    def _check_level_up(self, seat: int) -> None:
        if not self.master[seat] and self.xp[seat] >= self.rules.level_up_xp:
            self.master[seat] = True
            if not self.rules.ultimate_shared_on_level_up:
                self.ultimate_used = False
            if self._events is not None:
                self._log(f"seat {seat} levels up: {MASTER_NAMES[self.hero[seat]]}")

    def _draw_treasure(self) -> None:
        seat = self.current_seat
        if not self.box_total:
            self._gain_xp(seat, self.rules.empty_box_xp, "box")
            return
        slot = draw_slot(self._delve_number(), seat, self.delve_draws)
        self.delve_draws += 1
        t = self.chance.token(slot, self.box)
        self.box[t] -= 1
        self.box_total -= 1
        self.hands[seat][t] += 1
        self.delve_loot[t] += 1
        if self._events is not None:
            self._log(f"treasure: {TREASURE_NAMES[t]}")

    def _spend_token(self, token: int) -> None:
        self.hands[self.current_seat][token] -= 1
        if self.rules.used_treasures_to_box:
            self.box[token] += 1
            self.box_total += 1
        else:
            self.tokens_gone += 1

    def _spend(self, source: int) -> None:
        """A used party die goes to the graveyard (before its effect); a converted die back to the
        pool; a token back to the box; the hero's ultimate is spent."""
        if source < CONVERTED:
            self.party[source] -= 1
            self.graveyard += 1
        elif source < TOKEN:
            self.converted[source - CONVERTED] -= 1
            self.pool += 1
        elif source < HERO:
            self._spend_token(source - TOKEN)
        else:
            self.ultimate_used = True

    # ---------------------------------------------------------------- actions
    def legal_actions(self) -> list:
        """The legal actions now (legal.py), computed once until the next ``apply``."""
        if self._legal is None:
            self._legal = LegalActions.legal_actions(self)
        return self._legal

    def apply(self, action) -> None:
        """Play ``action``; one that is not legal now is refused (IllegalActionError)."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal in the {self.phase_name} phase")
        self._legal = None
        _HANDLERS[type(action)](self, action)

    def _defeat(self, a) -> None:
        self._spend(a.source)
        d, t = self.dungeon, a.target
        sweep = SWEEPS[a.as_type]
        n = d[t] if sweep == t or sweep == -2 else 1
        d[t] -= n
        self.pool += n
        if a.extra >= 0:                        # Commander's Fighter, Bard's Champion
            d[a.extra] -= 1
            self.pool += 1
        self._advance()

    def _open_chests(self, a) -> None:
        self._spend(a.source)
        d = self.dungeon
        opens_all = a.as_type == THIEF or (a.as_type == CHAMPION and
                                           self.rules.champion_opens_all_chests)
        n = d[CHEST] if opens_all else 1
        d[CHEST] -= n
        self.pool += n
        for _ in range(n):
            self._draw_treasure()
        self._advance()

    def _quaff(self, a) -> None:
        before = self.graveyard
        self._spend(a.source)
        cap = self.graveyard if self.rules.quaffing_die_counts else before
        potions = self.dungeon[POTION]
        self.dungeon[POTION] = 0                # one die quaffs them all; extras are lost
        self.pool += potions
        self._begin_revive(min(potions, cap))

    def _begin_revive(self, n: int) -> None:
        if n:
            self.revives = n
            if self.phase != REVIVE_PHASE:
                self.resume, self.phase = self.phase, REVIVE_PHASE
        else:
            self._advance()

    def _revive(self, a) -> None:
        self.graveyard -= 1
        self.party[a.face] += 1
        self.revives -= 1
        if not self.revives:
            self.phase = self.resume
            self._advance()

    def _strike(self, a) -> None:
        if self.phase == DRAGON:
            self.phase, self.strikes_left, self.strike_mask = DRAGON_FIGHT, self.dragon_need(), 0
        self._spend(a.source)
        self.strike_mask |= 1 << a.as_type
        self.strikes_left -= 1
        if self.strikes_left > 0:
            return
        seat = self.current_seat                # the dragon is defeated
        self.pool += self.lair
        self.lair = 0
        self.dragons_defeated[seat] += 1
        self.delve_dragons += 1
        if self._events is not None:
            self._log("the dragon is defeated")
        for _ in range(self.rules.dragon_treasures):
            self._draw_treasure()
        self._gain_xp(seat, self.rules.dragon_xp, "dragon")
        self.phase = DRAGON
        self._advance()

    def _flee(self, a) -> None:
        self._end_delve("fled_monsters" if self.phase == MONSTER else "fled_dragon")

    def _end_loot(self, a) -> None:
        self._enter_dragon()
        self._advance()

    def _retire(self, a) -> None:
        self._end_delve("retired")

    def _seek_glory(self, a) -> None:
        self.level += 1
        self._roll_level()

    # ---------------------------------------------------------------- queries
    def hero_name(self, seat: int) -> str:
        names = MASTER_NAMES if self.master[seat] else NOVICE_NAMES
        return names[self.hero[seat]]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def view(self, seat: int) -> DungeonView:
        """A frozen snapshot of what ``seat`` may see (view.py)."""
        return make_view(self, seat)

    def clone(self, rng=None):
        """A copy for look-ahead (base.look_ahead_copy); with ``rng`` its streams are fresh
        (``Chance(rng)``), without it the copy rolls what this game will (same streams, same
        slots)."""
        twin = look_ahead_copy(self, None, (self.rules,))
        if rng is not None:
            twin.chance = Chance(rng)
        return twin

    def determinize(self, seat: int, rng) -> "State":
        """A look-ahead copy (base.py): the other seats' treasure tokens, which ``seat`` does not
        see, are redealt from those tokens and the box (same numbers per seat), fresh dice."""
        twin = self.clone(rng)
        unseen = list(twin.box)
        for other in range(self.n_players):
            if other != seat:
                unseen = [a + b for a, b in zip(unseen, twin.hands[other])]
        for other in range(self.n_players):
            if other != seat:
                twin.hands[other] = _draw_tokens(unseen, sum(self.hands[other]), rng)
        twin.box = unseen
        return twin

    def assert_invariants(self) -> None:
        rules = self.rules
        party = sum(self.party) + self.graveyard + self.marked_party
        assert self.is_over or party == rules.party_dice, f"party dice: {party}"
        assert min(self.party) >= 0 and min(self.dungeon) >= 0 and min(self.converted) >= 0
        assert self.graveyard >= 0 and self.lair >= 0 and self.pool >= 0
        assert self.dungeon[5] == 0, "a Dragon outside the Lair"
        dungeon = self.pool + sum(self.dungeon) + self.lair + sum(self.converted) + \
            self.marked_dungeon
        assert dungeon == rules.dungeon_dice, f"dungeon dice: {dungeon}"
        held = sum(sum(h) for h in self.hands)
        assert self.box_total == sum(self.box) and min(self.box) >= 0
        assert held + self.box_total + self.tokens_gone == sum(rules.treasure_counts)
        for seat in range(self.n_players):
            assert min(self.hands[seat]) >= 0
            parts = self.xp_levels[seat] + self.xp_dragons[seat] + self.xp_empty_box[seat]
            assert parts == self.xp[seat], "XP parts do not sum"
        if not self.is_over:
            d = self.dungeon
            if self.phase == MONSTER:
                assert d[0] + d[1] + d[2] > 0
            if self.phase in (DRAGON, DRAGON_FIGHT, REGROUP):
                assert sum(d) == 0
            if self.phase == REGROUP:
                assert self.lair < rules.lair_threshold and not sum(self.converted)
            assert 1 <= self.level <= rules.max_level


def _draw_tokens(counts: list[int], n: int, rng) -> list[int]:
    """``n`` tokens drawn without replacement from ``counts`` (tokens per kind, reduced)."""
    hand = [0] * len(counts)
    for _ in range(n):
        k = int(rng.random() * sum(counts))
        for kind, c in enumerate(counts):
            k -= c
            if k < 0:
                counts[kind] -= 1
                hand[kind] += 1
                break
    return hand


_HANDLERS = {A.Defeat: State._defeat, A.OpenChests: State._open_chests,
             A.Quaff: State._quaff, A.Revive: State._revive,
             A.ReadScroll: State._read_scroll, A.MarkReroll: State._mark,
             A.RollNow: State._roll_now, A.DragonStrike: State._strike,
             A.UseTreasure: State._use_treasure,
             A.Ultimate: State._ultimate, A.DiscardTreasure: State._discard,
             A.Flee: State._flee, A.EndLoot: State._end_loot,
             A.Retire: State._retire, A.SeekGlory: State._seek_glory}
