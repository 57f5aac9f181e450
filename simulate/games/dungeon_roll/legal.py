"""Which actions are legal now: a mixin of the Dungeon Roll state (phases in state.py).

Each phase lists spends in the game's own terms: a source (die, converted die, token, hero) acting
as a companion type against a target. Lists stay short; lists are built from precomputed actions.
"""
from __future__ import annotations

from enum import IntEnum
from itertools import combinations, islice

from simulate.games.dungeon_roll.actions import (CONVERTED, DEFEAT, END_LOOT, FLEE, HERO, MARK_DUNGEON,
                                                 MARK_PARTY, OPEN, QUAFF, RETIRE, REVIVE, ROLL_NOW,
                                                 SCROLL_READ, SEEK_GLORY, STRIKE, TOKEN, USE, DISCARD,
                                                 ultimate)
from simulate.games.dungeon_roll.components import (AS_TYPES, CHAMPION, CHEST, CRUSADER, DRAGON_BAIT,
                                                    ELIXIR, ENCHANTRESS, FIGHTER, GOBLIN, HALF_GOBLIN,
                                                    HERO_COMPANION, KNIGHT, MERCENARY, MINSTREL,
                                                    OCCULTIST, POTION, RING_OF_INVISIBILITY, SCROLL,
                                                    SCROLL_TOKEN, SKELETON, SPELLSWORD, SWEEPS, THIEF,
                                                    TOWN_PORTAL)



class Phase(IntEnum):
    """Where a delve is (the kernels use the same numbers as plain ints: kernel_state.py)."""
    MONSTER = 0
    LOOT = 1
    DRAGON = 2
    DRAGON_FIGHT = 3
    REGROUP = 4
    REROLL = 5
    REVIVE = 6
    DISCARD = 7
    OVER = 8


MONSTER, LOOT, DRAGON, DRAGON_FIGHT, REGROUP, REROLL, REVIVE_PHASE, DISCARD_PHASE, OVER = Phase
PHASE_NAMES = ("monster", "loot", "dragon", "dragon_fight", "regroup", "reroll", "revive",
               "discard", "over")


def _hall_checks() -> dict:
    """(used types mask, types still needed) -> for each choice of that many new types, the
    (subset mask, subset size) pairs of Hall's condition for matching companions to types."""
    table = {}
    for used in range(32):
        free = [t for t in range(5) if not used >> t & 1]
        for need in range(1, 6):
            options = []
            for combo in combinations(free, need):
                checks = []
                for size in range(1, need + 1):
                    for sub in combinations(combo, size):
                        checks.append((sum(1 << t for t in sub), size))
                options.append(checks)
            table[used, need] = options
    return table


HALL = _hall_checks()
# The monster types present, by bit mask (Goblin 1, Skeleton 2, Ooze 4).
TARGETS = tuple(tuple(t for t in (0, 1, 2) if mask >> t & 1) for mask in range(8))
# DEFEAT_PLAIN[source][as_type][mask]: the plain defeats (no extra monster) of every target.
DEFEAT_PLAIN = [[[tuple(DEFEAT[s][a][t][0] for t in TARGETS[mask]) for mask in range(8)]
                 for a in range(6)] for s in range(len(DEFEAT))]
# Party faces that are companions, per hero (a Scroll only for the Enchantress).
PARTY_SOURCES = tuple(tuple(f for f in range(6) if AS_TYPES[h][f]) for h in range(8))
# (face, companion types it may act as) per hero, for the faces above.
PARTY_PAIRS = tuple(tuple((f, AS_TYPES[h][f]) for f in PARTY_SOURCES[h]) for h in range(8))
REGROUP_ACTIONS = (RETIRE, SEEK_GLORY)
# The companion type that defeats one extra monster: [hero][master] (Commander, Bard).
BONUS = tuple((-1, FIGHTER if h == MERCENARY else CHAMPION if h == MINSTREL else -1)
              for h in range(8))


def make_room(memo: dict, limit: int) -> None:
    """Bound a memo: when it holds ``limit`` entries, forget the older half (dicts keep
    insertion order), not all of it, so the positions in play stay remembered."""
    if len(memo) >= limit:
        for key in list(islice(memo, limit // 2)):
            del memo[key]


# Memo sizes (entries): ~0.3 kB each, ~45 MB for the five memos of legal.py and odds.py.
COMPLETE_LIMIT, STRIKES_LIMIT = 40_000, 10_000


def can_complete(units, need: int, used: int) -> bool:
    """Can ``need`` more companions of new, pairwise different types be found among ``units``
    (pairs of type mask and count)? Hall's theorem over every choice of types (memoised)."""
    if need <= 0:
        return True
    key = (used, need, tuple(units))
    found = _COMPLETE.get(key)
    if found is None:
        make_room(_COMPLETE, COMPLETE_LIMIT)
        found = _COMPLETE[key] = _hall(units, need, used)
    return found


def _hall(units, need: int, used: int) -> bool:
    for checks in HALL.get((used, need), ()):
        for mask, size in checks:
            if sum(c for m, c in units if m & mask) < size:
                break
        else:
            return True
    return False


_COMPLETE: dict = {}


# The type mask of each companion-types tuple a source may have (AS_TYPES rows, hero ultimates).
TYPE_MASK = {types: sum(1 << a for a in types) for row in AS_TYPES for types in row}
TYPE_MASK.update({types: sum(1 << a for a in types) for types in HERO_COMPANION.values()})
_STRIKES: dict = {}


def _strikes(sources: tuple, need: int, used: int) -> tuple:
    """(source index, as type) of every dragon strike that can still complete the set, for
    ``sources`` given as (companion types, count) pairs."""
    out = []
    units = [(TYPE_MASK[as_types], count) for as_types, count in sources]
    if can_complete(units, need, used):
        for i, (as_types, count) in enumerate(sources):
            mask = units[i][0]
            rest = units[:i] + [(mask, count - 1)] + units[i + 1:]
            for a in as_types:
                if not used >> a & 1 and can_complete(rest, need - 1, used | 1 << a):
                    out.append((i, a))
    return tuple(out)


def _pairs(d) -> list:
    """Up to two monsters to act on: every pair present, or the single one there is."""
    present = [t for t in (0, 1, 2) if d[t]]
    if d[0] + d[1] + d[2] < 2:
        return [(t,) for t in present]
    return [(a, b) for i, a in enumerate(present) for b in present[i:] if a != b or d[a] >= 2]


class LegalActions:
    """Mixin: ``legal_actions()`` and its per-phase helpers."""

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == MONSTER:
            return self._monster_actions()
        if phase == REGROUP:
            return list(REGROUP_ACTIONS)
        if phase == LOOT:
            return self._loot_actions()
        if phase == DRAGON or phase == DRAGON_FIGHT:
            return self._dragon_actions()
        if phase == REROLL:
            acts = [MARK_PARTY[f] for f in range(6) if self.party[f]]
            if self.reroll_dungeon:
                d = self.dungeon
                acts += [MARK_DUNGEON[f] for f in range(5) if d[f]]
            acts.append(ROLL_NOW)
            return acts
        if phase == REVIVE_PHASE:
            return REVIVE
        if phase == DISCARD_PHASE:
            hand = self.hands[self.current_seat]
            return [DISCARD[t] for t in range(10) if hand[t]]
        return []

    def _sources(self) -> list:
        """(source, companion types it may act as) for everything usable as a companion now."""
        seat = self.current_seat
        hero = self.hero[seat]
        as_types = AS_TYPES[hero]
        p = self.party
        out = [pair for pair in PARTY_PAIRS[hero] if p[pair[0]]]
        c = self.converted
        if c[FIGHTER]:
            out.append((CONVERTED + FIGHTER, as_types[FIGHTER]))
        if c[THIEF]:
            out.append((CONVERTED + THIEF, as_types[THIEF]))
        hand = self.hands[seat]
        if hand[0] or hand[1] or hand[2] or hand[3]:    # Vorpal Sword .. Thieves' Tools
            out.extend((TOKEN + t, as_types[t]) for t in range(4) if hand[t])
        if hand[SCROLL_TOKEN] and hero == ENCHANTRESS:
            out.append((TOKEN + SCROLL_TOKEN, as_types[SCROLL]))
        if not self.ultimate_used and not self.master[seat] and hero in HERO_COMPANION:
            out.append((HERO, HERO_COMPANION[hero]))
        return out

    def _source_count(self, source: int) -> int:
        if source < CONVERTED:
            return self.party[source]
        if source < TOKEN:
            return self.converted[source - CONVERTED]
        if source < HERO:
            return self.hands[self.current_seat][source - TOKEN]
        return 1

    def _monster_actions(self) -> list:
        seat = self.current_seat
        hero, master = self.hero[seat], self.master[seat]
        d = self.dungeon
        present = (d[0] > 0) | (d[1] > 0) << 1 | (d[2] > 0) << 2
        targets = TARGETS[present]
        bonus = BONUS[hero][master]
        acts = []
        append = acts.append
        extend = acts.extend
        sources = self._sources()
        for source, as_types in sources:
            table = DEFEAT[source]
            plain = DEFEAT_PLAIN[source]
            for a in as_types:
                if a != bonus:
                    extend(plain[a][present])
                    continue
                row = table[a]
                sweep = SWEEPS[a]
                for t in targets:
                    killed = d[t] if sweep == t or sweep == -2 else 1
                    extras = [e for e in targets if d[e] - (killed if e == t else 0) > 0]
                    if extras:
                        acts.extend(row[t][e + 1] for e in extras)
                    else:
                        append(row[t][0])
        if self.party[SCROLL]:
            append(SCROLL_READ[SCROLL])
        hand = self.hands[seat]
        if hand[SCROLL_TOKEN]:
            append(SCROLL_READ[TOKEN + SCROLL_TOKEN])
        if hero == HALF_GOBLIN:                     # specialty: loot during the monster phase
            self._loot_into(acts, sources)
        if hand[ELIXIR] and self.graveyard:
            append(USE[ELIXIR])
        if hand[DRAGON_BAIT]:
            append(USE[DRAGON_BAIT])
        if hand[TOWN_PORTAL]:
            append(USE[TOWN_PORTAL])
        if not self.ultimate_used:
            self._ultimates_into(acts, MONSTER)
        if self.rules.voluntary_flee or not acts:
            append(FLEE)
        return acts

    def _loot_into(self, acts: list, sources: list) -> None:
        d = self.dungeon
        chests = d[CHEST]
        if chests:
            champion_all = self.rules.champion_opens_all_chests
            for source, as_types in sources:
                seen = 0                            # bit 1: opens one, bit 2: opens all
                for a in as_types:
                    opens_all = chests > 1 and (a == THIEF or (a == CHAMPION and champion_all))
                    bit = 2 if opens_all else 1
                    if not seen & bit:
                        seen |= bit
                        acts.append(OPEN[source][a])
        if d[POTION]:
            grave = self.graveyard
            counts = self.rules.quaffing_die_counts
            p = self.party
            for f in range(6):
                if p[f] and (grave or counts):
                    acts.append(QUAFF[f])
            if grave:
                c = self.converted
                for f in (FIGHTER, THIEF):
                    if c[f]:
                        acts.append(QUAFF[CONVERTED + f])

    def _loot_actions(self) -> list:
        acts = []
        self._loot_into(acts, self._sources())
        self._elixir_scroll_ultimate_into(acts, self.hands[self.current_seat], LOOT)
        acts.append(END_LOOT)
        return acts

    def dragon_need(self) -> int:
        seat = self.current_seat
        if self.hero[seat] == KNIGHT and self.master[seat]:
            return self.rules.dragon_slayer_types_needed
        return self.rules.dragon_types_needed

    def _dragon_actions(self) -> list:
        sources = self._sources()
        if self.phase == DRAGON_FIGHT:
            need, used = self.strikes_left, self.strike_mask
        else:
            need, used = self.dragon_need(), 0
        # Counts above ``need`` never change Hall's checks: capped, positions share entries.
        units = tuple([(as_types, min(self._source_count(s), need)) for s, as_types in sources])
        key = (need, used, units)
        strikes = _STRIKES.get(key)
        if strikes is None:
            make_room(_STRIKES, STRIKES_LIMIT)
            strikes = _STRIKES[key] = _strikes(units, need, used)
        acts = [STRIKE[sources[i][0]][a] for i, a in strikes]
        if self.phase == DRAGON_FIGHT:
            return acts
        seat = self.current_seat
        hand = self.hands[seat]
        if hand[RING_OF_INVISIBILITY]:
            acts.append(USE[RING_OF_INVISIBILITY])
        if hand[TOWN_PORTAL]:
            acts.append(USE[TOWN_PORTAL])
        self._elixir_scroll_ultimate_into(acts, hand, DRAGON)
        if self.rules.voluntary_flee or not acts:
            acts.append(FLEE)
        return acts

    def _elixir_scroll_ultimate_into(self, acts: list, hand: list, phase: int) -> None:
        """What the loot and dragon phases share: an Elixir, the Scroll token, the ultimate."""
        if hand[ELIXIR] and self.graveyard:
            acts.append(USE[ELIXIR])
        if hand[SCROLL_TOKEN] and sum(self.party):
            acts.append(SCROLL_READ[TOKEN + SCROLL_TOKEN])
        if not self.ultimate_used:
            self._ultimates_into(acts, phase)

    def _ultimates_into(self, acts: list, phase: int) -> None:
        """The hero's ultimate where it has an effect (monster, loot and dragon phases)."""
        seat = self.current_seat
        hero, master = self.hero[seat], self.master[seat]
        d = self.dungeon
        monsters = d[0] + d[1] + d[2]
        if hero == SPELLSWORD:
            if master and (monsters or d[CHEST] or d[POTION] or self.lair):
                acts.append(ultimate("Arcane Fury"))
        elif hero == MERCENARY:
            if master:
                if phase == MONSTER or sum(self.party):
                    acts.append(SCROLL_READ[HERO])
            elif monsters:
                acts.extend(ultimate("Calculated Strike", ts) for ts in _pairs(d))
        elif hero == KNIGHT:
            if monsters:
                acts.append(ultimate("Battlecry"))
        elif hero == HALF_GOBLIN:
            if d[GOBLIN]:
                n = min(2, d[GOBLIN]) if master else 1
                acts.append(ultimate("Pull Rank" if master else "Plea for Help", (GOBLIN,) * n))
        elif hero == MINSTREL:
            if self.lair:
                acts.append(ultimate("Bard's Song"))
        elif hero == ENCHANTRESS:
            if monsters:
                if master:
                    acts.extend(ultimate("Mesmerize", ts) for ts in _pairs(d))
                else:
                    acts.extend(ultimate("Charm Monster", (t,)) for t in (0, 1, 2) if d[t])
        elif hero == OCCULTIST:
            if d[SKELETON]:
                n = min(2, d[SKELETON]) if master else 1
                acts.append(ultimate("Command Dead" if master else "Animate Dead", (SKELETON,) * n))
        elif hero == CRUSADER:
            if master and sum(self.hands[seat]) and (monsters or d[CHEST] or d[POTION] or self.lair):
                acts.append(ultimate("Divine Intervention"))
