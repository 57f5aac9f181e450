"""Set-up: races, classes (drawn colour or reverse-order pick), Backstory and Alignment cards,
starting Gold and starting dice; and the class ability hooks.

Known abilities are built into the flow (Thief: Gold per gold die in ``State._place``; Bard:
second purchase in ``market.py``; Druid: recall in ``market.py``). The other nine classes'
texts are unknown (digest, U): each has a named hook here, ``None`` = no effect. A hook is
called as ``hook(state, seat, moment)`` with moment "after_place" (a die placed in the Dice
Phase), "before_buy" (a Market turn begins) or "cleanup" (each Cleanup, per seat).
"""
from __future__ import annotations

from simulate.games.base import ConfigError
from simulate.games.roll_player import actions as A
from simulate.games.roll_player.components import COLOURS, GOLD
from simulate.games.roll_player.phases import (P_CLASS, P_RACE, P_START_DIE, S_CLASS, S_ROLL,
                                               S_START_DICE)
from simulate.games.roll_player.streams import (ALIGNMENTS, BACKSTORIES, CLASS_DICE, RACES,
                                                SEAT_DICE)

PLACE_START = tuple(A.PlaceStartingDie(r) for r in range(6))
_OPEN: dict = {}


def open_rows(actions: tuple, fill: list[int]) -> list:
    """``actions[row]`` (a constant tuple) for the rows with an empty space (cached per fill)."""
    key = (id(actions), *fill)
    found = _OPEN.get(key)
    if found is None:
        found = _OPEN[key] = tuple(actions[r] for r in range(6) if fill[r] < 3)
    return list(found)


# Class ability hooks of the classes whose ability text is unknown: fill one in to model it.
CLASS_ABILITY_HOOKS = {name: None for name in (
    "Cleric", "Paladin", "Ranger", "Monk", "Rogue", "Sorcerer", "Wizard", "Warrior",
    "Barbarian")}


class SetUp:
    """Mixin of ``State``: the set-up stages."""

    def _check_heroes(self, heroes, n: int) -> dict[int, str]:
        fixed = {}
        comp = self.t.comp
        for seat, name in enumerate(heroes or []):
            if name is None or seat >= n:
                continue
            if name not in comp.class_by_name:
                raise ConfigError(f"roll_player: unknown class '{name}'; classes: "
                                  f"{', '.join(comp.class_by_name)}")
            fixed[seat] = name
        colours = [comp.class_by_name[h].colour for h in fixed.values()]
        if len(set(colours)) < len(colours):
            raise ConfigError("roll_player: two fixed classes share a class card (colour); "
                              "each colour's card holds one class per game")
        return fixed

    def _stage_race(self) -> bool:
        t = self.t
        taken = [r for r in t.race if r >= 0]
        if self.rules.race_assignment == "dealt":
            order = list(range(len(t.comp.races)))
            self.shuffle(order, t.comp.shuffle_keys.races, self.deal_seed(RACES))
            t.race = order[:t.n] if t.n <= len(order) else [order[s % len(order)]
                                                              for s in range(t.n)]
        elif len(taken) < t.n:
            seat = len(taken)
            free = [A.ChooseRace(r.name) for i, r in enumerate(t.comp.races) if i not in taken]
            return self._ask(P_RACE, seat, free or [A.ChooseRace(t.comp.races[0].name)])
        for seat, name in self._fixed.items():
            t.klass[seat] = t.comp.class_by_name[name]
            self._hooks[seat] = CLASS_ABILITY_HOOKS.get(name)
        t.stage = S_CLASS
        return False

    def _stage_class(self) -> bool:
        t, comp = self.t, self.t.comp
        order = list(range(t.n))
        if self.rules.class_selection == "reverse_pick":
            order.reverse()
        taken = {k.colour for k in t.klass if k is not None}
        for seat in order:
            if t.klass[seat] is not None:
                continue
            if self.rules.class_selection == "reverse_pick":
                t.class_options = [c.name for c in comp.classes if c.colour not in taken]
            else:
                while True:                          # redraw gold and taken colours, no Gold
                    colour = self.draw_die(CLASS_DICE)
                    t.class_draws.append(colour)
                    if colour != GOLD and colour not in taken:
                        break
                t.class_options = list(comp.colour_classes[colour])
                if self.events is not None:
                    self._log(f"seat {seat} draws a {COLOURS[colour]} die for the class")
            return self._ask(P_CLASS, seat, [A.ChooseClass(name) for name in t.class_options])
        for colour in t.class_draws:                 # all dice go back into the bag
            t.bag[colour] += 1
        t.class_draws = []
        self._deal_starting_hands()
        t.stage = S_START_DICE
        return False

    def _deal_starting_hands(self) -> None:
        t, rules = self.t, self.rules
        keys = t.comp.shuffle_keys
        for attr, deck, purpose in (("backstory", keys.backstories, BACKSTORIES),
                                    ("alignment", keys.alignments, ALIGNMENTS)):
            order = list(range(len(deck)))
            self.shuffle(order, deck, self.deal_seed(purpose))
            setattr(t, attr, [order[s % len(deck)] for s in range(t.n)])
        per_seat = (2 if t.solo else t.n) + rules.starting_dice_extra
        for seat in range(t.n):
            # a paid grant's price (market.py): what Gold cannot pay is owed (RULES.md)
            t.gold[seat] = rules.starting_gold[seat] - self.grant_price[seat]
            own = SEAT_DICE + seat                   # the seat draws and rolls its own dice
            t.starting_dice[seat] = [(self.draw_die(own), self.roll(own))
                                     for _ in range(per_seat)]
            if self.events is not None:
                dice = ", ".join(f"{COLOURS[c]} {v}" for c, v in t.starting_dice[seat])
                self._log(f"seat {seat} ({t.klass[seat].name}, "
                          f"{t.comp.races[t.race[seat]].name}) rolls starting dice: {dice}")

    def _stage_start_dice(self) -> bool:
        """Set-up: all starting dice are rolled together, so the seat picks which one to place
        next (``ChooseStartingDie``, skipped when the rest are identical), then its row."""
        t = self.t
        for seat in range(t.n):
            dice = t.starting_dice[seat]
            if dice:
                distinct = sorted(set(dice))
                if len(distinct) > 1 and not t.start_die_chosen:
                    return self._ask(P_START_DIE, seat,
                                     [A.ChooseStartingDie(c, v) for c, v in distinct])
                return self._ask(P_START_DIE, seat, open_rows(PLACE_START, t.fill[seat]))
        for c in range(1, t.n_cards - 1):
            t.init_gold[c] = self.rules.initiative_gold
        t.stage = S_ROLL
        return False

