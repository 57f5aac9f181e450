"""Dungeon Roll heuristics: one shared way to fight, loot and face the dragon, three ways to decide
when to stop delving (cautious, bold, risk_aware).

Shared play: monsters are beaten along the best plan of the exact party solver (``odds.plan``:
e.g. a Fighter on all Goblins, a Champion on the largest group, keeping the companions worth most
for later); when no plan exists the hero's ultimate, a Scroll, an Elixir, Dragon Bait or a Town
Portal is tried before fleeing. Chests are opened with companions that are spare (their loss
barely changes the odds of the next level) or with anything when about to retire; potions revive
Champions (or a type missing for a dragon); dragons are fought with the cheapest companions.
"""
from __future__ import annotations

from simulate.games.dungeon_roll.actions import (CONVERTED, DEFEAT, END_LOOT, FLEE, HERO,
                                                 MARK_DUNGEON, MARK_PARTY, REVIVE, RETIRE,
                                                 ROLL_NOW, SCROLL_READ, SEEK_GLORY, TOKEN, USE,
                                                 Defeat, DragonStrike, OpenChests, Quaff, Ultimate)
from simulate.games.dungeon_roll.components import (
    CHAMPION, CLERIC, DRAGON_BAIT, DRAGON_SCALES, ELIXIR, ENCHANTRESS, FIGHTER, KNIGHT, MAGE,
    RING_OF_INVISIBILITY, SCROLL, SCROLL_TOKEN, SWEEPS, THIEF, TOWN_PORTAL)
from simulate.games.dungeon_roll.legal import (DISCARD_PHASE, DRAGON, DRAGON_FIGHT, LOOT,
                                               MONSTER, REGROUP, REROLL, REVIVE_PHASE)
from simulate.games.dungeon_roll.odds import IMPOSSIBLE, clear_chance, plan
from strategies import Strategy

# The solver slot (Fighter, Cleric, Mage, Thief, Champion, wild) each source fills, and the
# sources that fill a slot, cheapest first (a converted die is discarded at regroup anyway).
SLOT_OF = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, CONVERTED + FIGHTER: 0, CONVERTED + THIEF: 3,
           TOKEN: 0, TOKEN + 1: 1, TOKEN + 2: 2, TOKEN + 3: 3, TOKEN + SCROLL_TOKEN: 5}
SLOT_SOURCES = ((CONVERTED + FIGHTER, FIGHTER, TOKEN), (CLERIC, TOKEN + 1), (MAGE, TOKEN + 2),
                (CONVERTED + THIEF, THIEF, TOKEN + 3), (CHAMPION,), (SCROLL, TOKEN + SCROLL_TOKEN))
# What spending a source costs, in XP-like units (tokens are worth 1 XP at the end).
DIE_COST = (1.0, 1.0, 1.0, 0.9, 1.5, 0.8)          # Fighter .. Champion, Scroll
SOURCE_COST = {CONVERTED + FIGHTER: 0.05, CONVERTED + THIEF: 0.05, HERO: 0.6}
# Treasure to give up first for Divine Intervention.
DISCARD_ORDER = (RING_OF_INVISIBILITY, ELIXIR, DRAGON_BAIT, SCROLL_TOKEN, 3, 2, 1, 0,
                 DRAGON_SCALES, TOWN_PORTAL)
RESCUE = 0.35           # chance a re-roll or an ultimate saves a level the party alone cannot


def _cost(source: int) -> float:
    if source in SOURCE_COST:
        return SOURCE_COST[source]
    if source >= TOKEN:
        return 2.0
    return DIE_COST[source] if source < 6 else 0.05


class DelveHeuristic(Strategy):
    """Shared play; subclasses say when to retire (``should_retire``). ``chest_risk``: how much
    chance of clearing the next level a chest is worth spending."""
    name = "delve_heuristic"

    param_ranges = {"chest_risk": (0.0, 1.0), "retire_level": (1, 20), "push_level": (1, 20),
                    "min_party": (0, 10), "risk_tolerance": (-10.0, 10.0)}

    def __init__(self, chest_risk: float = 0.5):
        self.chest_risk = chest_risk

    # -------------------------------------------------------------- what the party is worth
    @staticmethod
    def party(view, converted: bool = True) -> tuple:
        p, t = view.party, view.treasures
        c = view.converted if converted else (0, 0, 0, 0, 0, 0)
        wild = p[SCROLL] + t[SCROLL_TOKEN] if view.hero == ENCHANTRESS else 0
        return (p[0] + c[0] + t[0], p[1] + t[1], p[2] + t[2], p[3] + c[3] + t[3], p[4], wild)

    @staticmethod
    def need(view) -> int:
        rules = view.rules
        if view.hero == KNIGHT and view.master:
            return rules.dragon_slayer_types_needed
        return rules.dragon_types_needed

    def next_level_chance(self, view, party: tuple | None = None) -> float:
        """Chance of clearing the next level (monsters and any dragon) with ``party``, a little
        raised for each Scroll or rescuing ultimate in hand."""
        rules = view.rules
        if party is None:
            party = self.party(view, converted=False)
        k = min(view.level + 1, rules.dungeon_dice - view.lair)
        p = clear_chance(view.hero, view.master, party, k, view.lair, rules.lair_threshold,
                         self.need(view))
        rescues = view.treasures[SCROLL_TOKEN] + (view.party[SCROLL] if view.hero != ENCHANTRESS
                                                  else 0) + (not view.ultimate_used)
        return 1 - (1 - p) * (1 - RESCUE) ** rescues

    def should_retire(self, view, p: float) -> bool:
        """Retire now rather than seek glory; ``p`` is the chance of clearing the next level."""
        raise NotImplementedError

    # -------------------------------------------------------------- decisions
    def choose(self, view, actions):
        phase = view.phase
        if phase == MONSTER:
            return self._monster(view, actions)
        if phase == REGROUP:
            return RETIRE if self.should_retire(view, self.next_level_chance(view)) else SEEK_GLORY
        if phase == LOOT:
            return self._loot(view, actions)
        if phase == DRAGON or phase == DRAGON_FIGHT:
            return self._dragon(view, actions)
        if phase == REROLL:
            return self._mark(view, actions)
        if phase == REVIVE_PHASE:
            return self._revive(view)
        if phase == DISCARD_PHASE:
            return next(a for t in DISCARD_ORDER for a in actions if a.token == t)
        return actions[0]

    def _plan(self, view, party, monsters, lair):
        need = self.need(view) if lair >= view.rules.lair_threshold else 0
        value, move = plan(view.hero, view.master, party, monsters, need)
        if move is None and need:
            value, move = plan(view.hero, view.master, party, monsters, 0)
        return value, move

    def _monster(self, view, actions):
        party, d = self.party(view), view.dungeon
        value, move = self._plan(view, party, (d[0], d[1], d[2]), view.lair)
        if move is not None:
            slot, a, t, e = move
            for source in SLOT_SOURCES[slot]:
                action = DEFEAT[source][a][t][e + 1]
                if action in actions:
                    return action
        return self._stuck(view, actions, party)

    def _stuck(self, view, actions, party):
        """No plan beats these monsters: ultimate, Elixir, Scroll, Dragon Bait, Town Portal."""
        d = view.dungeon
        monsters = (d[0], d[1], d[2])
        best, best_value = None, IMPOSSIBLE
        for action in actions:
            kind = type(action)
            if kind is Ultimate:
                after = self._after_ultimate(view, action, party, monsters)
            elif kind is Defeat and action.source == HERO:     # Arcane Blade, Holy Strike
                sweep, t = SWEEPS[action.as_type], action.target
                left = list(monsters)
                left[t] -= d[t] if sweep == t or sweep == -2 else 1
                after = (party, tuple(left), view.lair)
            else:
                continue
            if after is not None:
                value = self._plan(view, *after)[0]
                if value > best_value:
                    best, best_value = action, value
        if best is not None:
            return best
        if USE[ELIXIR] in actions:
            boosted = party[:4] + (party[4] + 1, party[5])
            if self._plan(view, boosted, monsters, view.lair)[0] > IMPOSSIBLE:
                return USE[ELIXIR]
        for source in (SCROLL, HERO, TOKEN + SCROLL_TOKEN):
            if SCROLL_READ[source] in actions:
                return SCROLL_READ[source]
        quaffs = [a for a in actions if type(a) is Quaff]
        if quaffs and view.graveyard:
            return min(quaffs, key=lambda a: _cost(a.source))
        if USE[DRAGON_BAIT] in actions:
            lair = view.lair + sum(monsters)
            if lair < view.rules.lair_threshold or \
                    self._plan(view, party, (0, 0, 0), lair)[0] > IMPOSSIBLE:
                return USE[DRAGON_BAIT]
        if USE[TOWN_PORTAL] in actions and view.level > view.rules.town_portal_value:
            return USE[TOWN_PORTAL]
        return FLEE if FLEE in actions else actions[0]

    @staticmethod
    def _after_ultimate(view, action, party, monsters):
        """(party, monsters, lair) after a monster-phase ultimate, or None if it is no help."""
        name, targets = action.name, action.targets
        left = list(monsters)
        for t in targets:
            left[t] -= 1
        left = tuple(left)
        if name in ("Calculated Strike", "Charm Monster", "Mesmerize"):
            return party, left, view.lair
        if name in ("Plea for Help", "Pull Rank"):
            return party[:3] + (party[3] + len(targets),) + party[4:], left, view.lair
        if name in ("Animate Dead", "Command Dead"):
            return (party[0] + len(targets),) + party[1:], left, view.lair
        if name == "Battlecry":
            return party, (0, 0, 0), view.lair + sum(monsters)
        if name in ("Arcane Fury", "Divine Intervention"):
            return party, (0, 0, 0), 0
        return None

    def _loot(self, view, actions):
        d, rules = view.dungeon, view.rules
        quaff = None
        for a in actions:
            if type(a) is Quaff and (quaff is None or _cost(a.source) < _cost(quaff.source)):
                quaff = a
        if quaff is not None:
            gain = min(d[4], view.graveyard + 1) - 1
            if gain > 0 or quaff.source in (SCROLL, THIEF, CONVERTED + FIGHTER, CONVERTED + THIEF):
                return quaff
        if not d[3]:
            return END_LOOT if END_LOOT in actions else actions[-1]
        many = d[3] > 1
        options = []
        for a in actions:
            if type(a) is OpenChests:
                opens_all = many and a.as_type in (THIEF, CHAMPION)
                if a.source >= TOKEN and not opens_all:
                    continue                    # a token for one treasure gains nothing
                options.append((_cost(a.source) - (0.5 if opens_all else 0.0), a))
        if not options:
            return END_LOOT if END_LOOT in actions else actions[-1]
        options.sort(key=lambda o: o[0])
        party = self.party(view, converted=False)
        need = self.need(view) if view.lair >= rules.lair_threshold else 0
        p = self.next_level_chance(view, party)
        retiring = view.level >= rules.max_level or self.should_retire(view, p)
        for _, a in options:
            slot = SLOT_OF.get(a.source)
            if a.source in (CONVERTED + FIGHTER, CONVERTED + THIEF):
                return a                        # free: discarded at the regroup anyway
            if slot is None:                    # the hero's ultimate: keep it unless retiring
                if retiring:
                    return a
                continue
            after = party[:slot] + (party[slot] - 1,) + party[slot + 1:]
            if need and plan(view.hero, view.master, after, (0, 0, 0), need)[0] == IMPOSSIBLE:
                continue                        # keep what the dragon fight needs
            if retiring or self.next_level_chance(view, after) >= p - self.chest_risk:
                return a
        return END_LOOT if END_LOOT in actions else actions[-1]

    def _dragon(self, view, actions):
        strikes = [a for a in actions if type(a) is DragonStrike]
        if strikes:
            party = view.party
            return min(strikes, key=lambda a: _cost(a.source) - 0.1 * (
                party[a.source] if a.source < 6 else 0))
        for action in actions:
            if type(action) is Ultimate:       # Bard's Song, Arcane Fury, Divine Intervention
                return action
        if USE[ELIXIR] in actions:
            return USE[ELIXIR]
        if USE[RING_OF_INVISIBILITY] in actions:
            return USE[RING_OF_INVISIBILITY]
        for source in (HERO, TOKEN + SCROLL_TOKEN):
            if SCROLL_READ[source] in actions:
                return SCROLL_READ[source]
        if USE[TOWN_PORTAL] in actions and view.level > view.rules.town_portal_value:
            return USE[TOWN_PORTAL]
        return FLEE if FLEE in actions else actions[0]

    @staticmethod
    def _mark(view, actions):
        p = view.party
        if view.reroll_dungeon:                # stuck in the monster phase: re-roll monsters
            for f in (0, 1, 2):
                if MARK_DUNGEON[f] in actions:
                    return MARK_DUNGEON[f]
        elif view.resume == REROLL:            # Mercenary forming the party: keep one Scroll
            if p[SCROLL] > 1:
                return MARK_PARTY[SCROLL]
        else:                                  # before a dragon: re-roll duplicates
            for f in (SCROLL, FIGHTER, CLERIC, MAGE, THIEF):
                if p[f] > (0 if f == SCROLL and view.hero != ENCHANTRESS else 1):
                    return MARK_PARTY[f]
        return ROLL_NOW

    def _revive(self, view):
        if view.lair >= view.rules.lair_threshold or view.resume == DRAGON:
            have = self.party(view)
            for f in (MAGE, CLERIC, FIGHTER, THIEF):
                if not have[f]:
                    return REVIVE[f]
        return REVIVE[CHAMPION]


class CautiousStrategy(DelveHeuristic):
    """Banks XP early: retires at ``retire_level`` or once fewer than ``min_party`` companions
    remain."""
    name = "cautious"

    def __init__(self, retire_level: int = 4, min_party: int = 3, chest_risk: float = 0.2):
        super().__init__(chest_risk)
        self.retire_level, self.min_party = retire_level, min_party

    def should_retire(self, view, p: float) -> bool:
        return view.level >= self.retire_level or sum(self.party(view, False)) < self.min_party


class BoldStrategy(DelveHeuristic):
    """Pushes to ``push_level`` whatever the odds, unless fewer than ``min_party`` companions are
    left."""
    name = "bold"

    def __init__(self, push_level: int = 8, min_party: int = 1, chest_risk: float = 0.2):
        super().__init__(chest_risk)
        self.push_level, self.min_party = push_level, min_party

    def should_retire(self, view, p: float) -> bool:
        return view.level >= self.push_level or sum(self.party(view, False)) < self.min_party


class RiskAwareStrategy(DelveHeuristic):
    """Descends when the expected XP of the next level beats banking the current one: the exact
    chance p of clearing min(level + 1, 7 - lair) dungeon dice with the party (plus a rescue
    chance per Scroll or unused ultimate) gives p * (level + 1) + (1 - p) * (what a Town Portal
    would still bank); descend if that plus ``risk_tolerance`` (the value of going deeper still)
    is at least the level."""
    name = "risk_aware"

    def __init__(self, risk_tolerance: float = 0.25, chest_risk: float = 0.5):
        super().__init__(chest_risk)
        self.risk_tolerance = risk_tolerance

    def should_retire(self, view, p: float) -> bool:
        level = view.level
        fallback = 0
        if view.treasures[TOWN_PORTAL]:
            fallback = max(0, level + 1 - view.rules.town_portal_value)
        return p * (level + 1) + (1 - p) * fallback + self.risk_tolerance < level


STRATEGIES = {"cautious": CautiousStrategy, "bold": BoldStrategy, "risk_aware": RiskAwareStrategy}
