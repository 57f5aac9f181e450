"""Roll Player heuristics: each scores the legal actions with a cheap estimate of final stars.

The estimate of a sheet row: the class goal's stars times the chance that the row's empty
spaces, filled with fair dice, bring the total (after race and weapon modifiers) into the goal,
the goal widened by ``slack`` per empty space (players pick dice and fix them with actions).
Seats see only their view (the public table); nothing here touches the game's random source.
Speed: row estimates come from tables computed once per goal (``row_table``); what depends on
the seat's sheet is kept in a ``SeatNotes`` and refreshed only when its dice or weapons change.
"""
from __future__ import annotations

from simulate.games.roll_player import actions as A
from simulate.games.roll_player.components import ALIGNMENT_STEP, GOLD
from simulate.games.roll_player.phases import (P_CLASS, P_EFFECT, P_INITIATIVE, P_MARKET,
                                               P_PLACE, P_RECALL, P_SKILL, P_START_DIE,
                                               S_POST_PLACE)
from strategies import Strategy
from strategies.roll_player_estimates import SeatNotes, hit_chance, reroll_gain, row_table

SPACE_EFFECTS = (A.Flip, A.Adjust, A.Raise, A.Reroll)
_CLASS_FIT: dict = {}                          # (goals, race modifiers) -> fit


class GoalChaser(Strategy):
    """Chases the class's attribute goals: picks the Initiative card and row where the die
    moves a row's total most toward its goal (plus class-colour dice, Backstory cells and Gold),
    uses attribute actions to fix totals, and buys the Market card worth most stars per Gold."""
    name = "goal_chaser"

    param_ranges = {"slack": (0.0, 6.0), "near_miss": (0.0, 1.0), "class_die_weight": (0.0, 10.0),
                    "backstory_weight": (0.0, 10.0), "gold_value": (0.0, 10.0),
                    "market_first_weight": (0.0, 10.0), "skill_value": (0.0, 10.0),
                    "min_gain": (0.0, 10.0), "gold_reserve": (0, 50),
                    "min_card_value": (-10.0, 10.0)}

    # tuned by paired comparisons (now `simulate train`; bench/README.md):
    # gold_value 0.4 -> 0.2, then skill_value 1.0 -> 0.5
    def __init__(self, slack: float = 1.0, near_miss: float = 0.3, class_die_weight: float = 1.0,
                 backstory_weight: float = 0.6, gold_value: float = 0.2,
                 market_first_weight: float = 0.3, skill_value: float = 0.5,
                 min_gain: float = 0.05):
        self.slack, self.near_miss = slack, near_miss
        self.class_die_weight, self.backstory_weight = class_die_weight, backstory_weight
        self.gold_value, self.market_first_weight = gold_value, market_first_weight
        self.skill_value, self.min_gain = skill_value, min_gain
        self._swap_partner = -1
        self._table, self._notes = None, {}

    # --- estimates --------------------------------------------------------------------------
    def _sheet(self, t, seat) -> SeatNotes:
        """The notes on ``seat``, refreshed (new notes for a new game)."""
        if t is not self._table:
            self._table, self._notes = t, {}
        notes = self._notes.get(seat)
        if notes is None:
            notes = self._notes[seat] = SeatNotes(self, t, seat)
        if t.vals[seat] != notes.vals or t.weapons[seat] != notes.weapons:
            notes.refresh(self, t, seat)
        return notes

    def _gold_weight(self, t, seat: int) -> float:
        """Gold matters less as the own sheet fills (18 spaces)."""
        left = max(0, 18 - sum(t.fill[seat]))
        return self.gold_value * min(1.0, left / 6.0) + 0.01

    def _placements(self, n: SeatNotes, gold_weight: float, die) -> list:
        """The value of placing ``die`` in each open row (in ``n.open_rows()`` order)."""
        key = (die, gold_weight)
        out = n.memo.get(key)
        if out is not None:
            return out
        colour, value = die
        cell, value4, class_die = n.cell, 4 * value, self.class_die_weight
        die_gold = n.die_gold if colour == GOLD else 0
        class_bonus = colour != GOLD and colour == n.colour
        out = n.memo[key] = []
        for _, tab, at, base, cb, gold in n.open_rows():
            gain = tab[at + value4] - base
            gain += cell[cb + colour]
            if die_gold:
                gold += die_gold
            elif class_bonus:
                gain += class_die
            out.append(gain + gold * gold_weight if gold else gain)
        return out

    def _best_place(self, t, seat, die, actions):
        n = self._sheet(t, seat)
        values = [-1e9] * 6
        for (row, *_), v in zip(n.open_rows(), self._placements(n, self._gold_weight(t, seat), die)):
            values[row] = v
        best, choice = -1e9, actions[0]
        for a in actions:
            v = values[a.row]
            if v > best:
                best, choice = v, a
        return choice

    # --- effects ------------------------------------------------------------------------------
    def _best_swap(self, t, seat, n: SeatNotes, first: int = -1):
        """The best (gain, a, b) Dexterity swap (with ``a == first`` when given): the first
        pair in sheet order with the highest gain."""
        vals, cols, cell, wanted = t.vals[seat], t.cols[seat], n.cell, n.wanted
        tabs, at, base = n.tabs, n.at, n.base
        # per die: space, value, colour, row, cell index, row table, its index for value 0
        dice = [(s, vals[s], cols[s], s // 3, s * 7, tabs[s // 3], at[s // 3] - 4 * vals[s],
                 base[s // 3]) for s in range(18) if vals[s]]
        best, best_a, best_b = -1e9, -1, -1
        for i, (a, va, ca, ra, ka, ta, ia, ba) in enumerate(dice):
            if first >= 0 and a != first:
                continue
            wa, va4 = wanted[a], 4 * va
            # a swap is symmetric: without a fixed first die, look at each pair once
            for b, vb, cb, rb, kb, tb, ib, bb in (dice if first >= 0 else dice[i + 1:]):
                if va == vb and ca == cb:
                    continue
                g = 0.0 if rb == ra else (ta[ia + 4 * vb] - ba) + (tb[ib + va4] - bb)
                if wa or wanted[b]:
                    g += (cell[ka + cb] + cell[kb + ca] - cell[ka + ca] - cell[kb + cb])
                if g > best:
                    best, best_a, best_b = g, a, b
        return best, best_a, best_b

    def _effect_gain(self, t, seat, n: SeatNotes, action) -> float:
        kind = type(action)
        if kind is A.StepAlignment:
            cell = t.token[seat]
            return n.align[ALIGNMENT_STEP[cell][action.direction]] - n.align[cell]
        if kind is A.KeepReroll:
            space, old, new = t.effect_data               # the die shows the new value now
            if action.keep_new:
                return 0.0
            row = space // 3
            return n.tabs[row][n.at[row] + 4 * (old - new)] - n.base[row]
        if kind not in SPACE_EFFECTS:
            return -1.0                            # initiative targets, Diplomacy: not used
        space = action.space
        row, v = space // 3, t.vals[seat][space]
        if kind is A.Reroll:
            return reroll_gain(t.rules.intelligence_reroll == "keep_either", n.tabs[row],
                               n.at[row], v)
        delta = 7 - 2 * v if kind is A.Flip else 1 if kind is A.Raise else action.delta
        return n.tabs[row][n.at[row] + 4 * delta] - n.base[row]

    def _choose_effect(self, t, seat, actions):
        n = self._sheet(t, seat)
        first = type(actions[0])
        if first is A.SwapFirst:
            g, a, b = self._best_swap(t, seat, n)
            self._swap_partner = b
            return A.SwapFirst(a) if g > self.min_gain else A.PASS
        if first is A.SwapWith:
            partner = self._swap_partner
            self._swap_partner = -1
            if partner < 0 or A.SwapWith(partner) not in actions:
                partner = self._best_swap(t, seat, n, t.effect_data[0])[2]
            return A.SwapWith(partner)
        best, choice = self.min_gain, A.PASS
        if A.PASS not in actions:
            best, choice = -1e9, actions[0]
        if first is A.Flip or first is A.Adjust:    # the long lists: inlined
            vals, tabs, at, base = t.vals[seat], n.tabs, n.at, n.base
            flip = first is A.Flip
            for a in actions:
                if type(a) is not A.Pass:
                    s = a.space
                    r = s // 3
                    g = tabs[r][at[r] + 4 * (7 - 2 * vals[s] if flip else a.delta)] - base[r]
                    if g > best:
                        best, choice = g, a
            return choice
        gain = self._effect_gain
        for a in actions:
            if type(a) is not A.Pass:
                g = gain(t, seat, n, a)
                if g > best:
                    best, choice = g, a
        return choice

    def _skill_gain(self, t, seat, n: SeatNotes, card) -> float:
        cell = t.token[seat]
        gain = n.align[ALIGNMENT_STEP[cell][card.arrow]] - n.align[cell]
        kind, amount = card.effect
        if kind == "gold":
            return gain + amount * self._gold_weight(t, seat)
        if kind == "swap":
            return gain + self._best_swap(t, seat, n)[0]
        if kind not in ("adjust", "flip", "reroll"):
            return -1.0
        vals, tabs, at, base = t.vals[seat], n.tabs, n.at, n.base
        keep, best = t.rules.intelligence_reroll == "keep_either", None
        for s in range(18):
            v = vals[s]
            if not v or (v > 6 and (kind != "adjust" or v > 7)):
                continue
            r = s // 3
            if kind == "adjust":                   # +1 up to 6, -1 down to 1
                g = tabs[r][at[r] + 4] - base[r] if v < 6 else None
                if v > 1:
                    down = tabs[r][at[r] - 4] - base[r]
                    g = down if g is None or down > g else g
            elif kind == "flip":
                g = tabs[r][at[r] + 4 * (7 - 2 * v)] - base[r]
            else:
                g = reroll_gain(keep, tabs[r], at[r], v)
            if best is None or g > best:
                best = g
        return gain + (0 if best is None else best)

    # --- market ---------------------------------------------------------------------------
    def card_value(self, t, seat, card, n: SeatNotes | None = None) -> float:
        """Estimated stars the card adds for this seat (before its cost)."""
        if card.type == "armor":
            return self._armor_gain(t, seat, card)
        n = n or self._sheet(t, seat)
        if card.type == "weapon":
            gain = n.memo.get(card.id)
            if gain is not None:
                return gain
            gain = 0.5 if card.on_buy else 0.0
            for r, m in enumerate(card.modifiers):
                if m:
                    low, high, stars = n.goals[r]
                    tab = row_table(self.slack, self.near_miss, (low - m, high - m, stars))
                    gain += tab[n.at[r]] - n.base[r]
            n.memo[card.id] = gain
            return gain
        cell = t.token[seat]
        step = ALIGNMENT_STEP[cell][card.arrow]
        if card.type == "skill":
            kind, amount = card.effect
            left = max(0, 18 - sum(t.fill[seat]))
            per_use = amount * self._gold_weight(t, seat) if kind == "gold" else self.skill_value
            return per_use * min(3, left / 3.0) * (0.5 if kind.endswith("initiative") else 1.0)
        arrow = n.align[step] - n.align[cell] if step >= 0 else 0.0
        if card.stars <= 0:
            return arrow
        return arrow + card.stars * self._trait_chance(t, seat, n, card.condition)

    def _armor_gain(self, t, seat, card) -> float:
        colour = t.klass[seat].colour
        cards = t.comp.cards
        same = [cards[c] for c in t.armor[seat] if cards[c].armor_set == card.armor_set]
        table = t.comp.armor_tables[card.armor_set]
        k = len(same)
        gain = table[min(k + 1, len(table) - 1)] - table[min(k, len(table) - 1)]
        bonus = t.rules.armor_set_bonus
        if colour in card.colours:
            if k == 0:
                gain += bonus
        elif k and all(colour in c.colours for c in same) and t.rules.armor_bonus_needs_all:
            gain -= bonus
        return gain

    def _trait_chance(self, t, seat, n: SeatNotes, cond) -> float:
        kind = cond[0]
        if kind.startswith("attribute"):
            r = cond[1]
            total, empty = n.totals[r], 3 - n.fill[r]
            guess = total + n.mods[r] + 3.5 * empty
            ok = guess >= cond[2] if kind.endswith("least") else guess <= cond[2]
            return (0.8 if ok else 0.15) if empty else (1.0 if ok else 0.0)
        if kind.startswith("alignment"):
            cell = t.token[seat]
            row_ok = cell // 3 == cond[1] if kind != "alignment_column" else cell % 3 == cond[1]
            return 0.7 if row_ok else 0.2
        return 0.35

    def _market_choice(self, t, seat, actions):
        weight, n, value = self._gold_weight(t, seat), self._sheet(t, seat), self.card_value
        cards = t.comp.card_by_name
        token = t.rules.charisma_token_value if t.charisma[seat] else 0
        best, choice = -1e9, actions[0]
        for a in actions:
            kind = type(a)
            if kind is A.Buy:
                card = cards[a.name]
                v = value(t, seat, card, n) - max(0, card.cost - token) * weight
                if a.replacing:
                    v -= value(t, seat, cards[a.replacing], n) * 0.5
            elif kind is A.DiscardForGold:
                v = t.rules.discard_gold * weight + 0.01 * cards[a.name].cost
            else:                                  # Pass (a Bard's second buy)
                v = 0.0
            if v > best:
                best, choice = v, a
        return choice

    # --- the decision -----------------------------------------------------------------------
    def choose(self, view, actions):
        t, seat = view.table, view.seat
        phase = t.phase
        if phase == P_PLACE:
            return self._best_place(t, seat, t.init_dice[t.init_owner.index(seat)], actions)
        if phase == P_INITIATIVE:
            n, weight = self._sheet(t, seat), self._gold_weight(t, seat)
            placements, n_cards = self._placements, t.n_cards
            best, choice = -1e9, actions[0]
            for a in actions:
                c = a.card - 1
                value = max(placements(n, weight, t.init_dice[c]))
                value += t.init_gold[c] * weight
                value += self.market_first_weight * (n_cards - c) / n_cards
                if value > best:
                    best, choice = value, a
            return choice
        if phase == P_EFFECT:
            return self._choose_effect(t, seat, actions)
        if phase == P_START_DIE:
            if type(actions[0]) is A.ChooseStartingDie:   # the die whose best row gains most
                n, weight = self._sheet(t, seat), self._gold_weight(t, seat)
                return max(actions, key=lambda a: max(
                    self._placements(n, weight, (a.colour, a.value))))
            return self._best_place(t, seat, t.starting_dice[seat][0], actions)
        if phase == P_MARKET:
            return self._market_choice(t, seat, actions)
        if phase == P_SKILL:
            # sheet-changing Skills are weighed after placing a die (the sheet is most settled
            # then); Gold Skills at any window
            after_place, cards = t.stage == S_POST_PLACE, t.comp.card_by_name
            best, choice, n = self.min_gain, A.PASS, None
            for a in actions:
                if type(a) is A.UseSkill:
                    card = cards[a.name]
                    if after_place or card.effect[0] == "gold":
                        g = self._skill_gain(t, seat, n or self._sheet(t, seat), card)
                        if g > best:
                            best, choice = g, a
            return choice
        if phase == P_CLASS:
            return max(actions, key=lambda a: self._class_fit(t, seat, a.name))
        if phase == P_RECALL:
            best, choice = 0.0, A.PASS
            n, weight = self._sheet(t, seat), self._gold_weight(t, seat)
            for a in actions:
                if type(a) is A.Recall:
                    card = t.comp.card_by_name[a.name]
                    v = self.card_value(t, seat, card, n) - card.cost * weight
                    if v > best:
                        best, choice = v, a
            return choice
        return actions[0]                           # races, tie orders

    @staticmethod
    def _class_fit(t, seat, name: str) -> float:
        goals, race = t.comp.class_by_name[name].goals, t.comp.races[t.race[seat]].modifiers
        fit = _CLASS_FIT.get((goals, race))
        if fit is None:
            fit = _CLASS_FIT[goals, race] = sum(
                stars * hit_chance(3, low - race[r] - 3, high - race[r] + 3)
                for r, (low, high, stars) in enumerate(goals))
        return fit


class Balancer(GoalChaser):
    """Balances Gold, Market cards and Backstory matches: values Backstory cells and Gold
    more, keeps a Gold reserve (discarding for Gold below it) and buys only cards worth at
    least ``min_card_value`` stars net of their price."""
    name = "balancer"

    def __init__(self, slack: float = 1.0, near_miss: float = 0.3, class_die_weight: float = 0.8,
                 backstory_weight: float = 1.2, gold_value: float = 0.5,
                 market_first_weight: float = 0.6, skill_value: float = 0.8,
                 min_gain: float = 0.05, gold_reserve: int = 3, min_card_value: float = 0.3):
        super().__init__(slack, near_miss, class_die_weight, backstory_weight, gold_value,
                         market_first_weight, skill_value, min_gain)
        self.gold_reserve, self.min_card_value = gold_reserve, min_card_value

    def _market_choice(self, t, seat, actions):
        choice = super()._market_choice(t, seat, actions)
        if type(choice) is A.Buy:
            card = t.comp.card_by_name[choice.name]
            net = self.card_value(t, seat, card) - card.cost * self._gold_weight(t, seat)
            if net < self.min_card_value or t.gold[seat] - card.cost < self.gold_reserve:
                fallback = [a for a in actions if type(a) is not A.Buy]
                if fallback:
                    return max(fallback, key=lambda a: t.comp.card_by_name[a.name].cost
                               if type(a) is A.DiscardForGold else -1)
        return choice


STRATEGIES = {"goal_chaser": GoalChaser, "balancer": Balancer}
