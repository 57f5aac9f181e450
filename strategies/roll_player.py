"""Roll Player heuristics: each scores the legal actions with a cheap estimate of final stars.

The estimate of a sheet row: the class goal's stars times the chance that the row's empty
spaces, filled with fair dice, bring the total (after race and weapon modifiers) into the goal,
the goal widened by ``slack`` per empty space (players pick dice and fix them with actions).
Seats see only their view (the public table); nothing here touches the game's random source.
"""
from __future__ import annotations

from simulate.games.roll_player import actions as A
from simulate.games.roll_player.components import ALIGNMENT_STEP, GOLD
from simulate.games.roll_player.phases import (P_CLASS, P_EFFECT, P_INITIATIVE, P_MARKET,
                                               P_PLACE, P_RECALL, P_SKILL, P_START_DIE,
                                               S_POST_PLACE)
from strategies import Strategy

# CUM[r][x + 1] = ways r fair dice sum to at most x (x = -1..36)
CUM = []
for _r in range(4):
    _ways = [1]
    for _ in range(_r):
        _ways = [sum(_ways[s - f] for f in range(1, 7) if 0 <= s - f < len(_ways))
                 for s in range(len(_ways) + 6)]
    _acc, _cum = 0, [0]
    for _x in range(37):
        _acc += _ways[_x] if _x < len(_ways) else 0
        _cum.append(_acc)
    CUM.append((tuple(_cum), 6 ** _r))


def hit_chance(empty: int, low: int, high: int) -> float:
    """Chance that ``empty`` fair dice sum within [low, high]."""
    cum, total = CUM[empty]
    low, high = max(low, 0), min(high, 36)
    if low > high:
        return 0.0
    return (cum[high + 1] - cum[low]) / total


class GoalChaser(Strategy):
    """Chases the class's attribute goals: picks the Initiative card and row where the die
    moves a row's total most toward its goal (plus class-colour dice, Backstory cells and Gold),
    uses attribute actions to fix totals, and buys the Market card worth most stars per Gold."""
    name = "goal_chaser"

    def __init__(self, slack: float = 1.0, near_miss: float = 0.3, class_die_weight: float = 1.0,
                 backstory_weight: float = 0.6, gold_value: float = 0.4,
                 market_first_weight: float = 0.3, skill_value: float = 1.0,
                 min_gain: float = 0.05):
        self.slack, self.near_miss = slack, near_miss
        self.class_die_weight, self.backstory_weight = class_die_weight, backstory_weight
        self.gold_value, self.market_first_weight = gold_value, market_first_weight
        self.skill_value, self.min_gain = skill_value, min_gain
        self._swap_partner = -1

    # --- estimates --------------------------------------------------------------------------
    def _targets(self, t, seat):
        """Per row: (low, high, stars) of the goal for the raw dice sum."""
        klass = t.klass[seat]
        race = t.comp.races[t.race[seat]].modifiers
        mods = list(race)
        for w in t.weapons[seat]:
            for r, m in enumerate(t.comp.cards[w].modifiers):
                mods[r] += m
        return [(low - mods[r], high - mods[r], stars)
                for r, (low, high, stars) in enumerate(klass.goals)]

    def _row_value(self, goal, total: int, empty: int) -> float:
        low, high, stars = goal
        if empty == 0:
            if low <= total <= high:
                return stars
            miss = low - total if total < low else total - high
            return stars * self.near_miss if miss == 1 else 0.0
        widen = int(self.slack * empty)
        return stars * hit_chance(empty, low - total - widen, high - total + widen)

    def _rows(self, t, seat):
        vals, fill = t.vals[seat], t.fill[seat]
        return [(vals[3 * r] + vals[3 * r + 1] + vals[3 * r + 2], 3 - fill[r]) for r in range(6)]

    def _gold_weight(self, t) -> float:
        left = max(0, 18 - sum(t.fill[0]))
        return self.gold_value * min(1.0, left / 6.0) + 0.01

    def _cells(self, t, seat) -> list:
        """Per space: the Backstory colour wanted there, or -1."""
        wanted = [-1] * 18
        for space, colour in t.comp.backstories[t.backstory[seat]].cells:
            wanted[space] = colour
        return wanted

    def _cell_value(self, t, wanted: list, space: int, colour: int) -> float:
        """Backstory value of a die of ``colour`` in ``space``."""
        want = wanted[space]
        if want < 0:
            return 0.0
        if want == colour or (colour == GOLD and t.rules.gold_die_backstory_wild):
            return self.backstory_weight
        return -0.3 * self.backstory_weight

    def _placement(self, t, seat, goals, rows, wanted, die, row) -> float:
        colour, value = die
        total, empty = rows[row]
        gain = (self._row_value(goals[row], total + value, empty - 1)
                - self._row_value(goals[row], total, empty))
        gain += self._cell_value(t, wanted, row * 3 + 3 - empty, colour)
        gold = t.rules.row_complete_gold if empty == 1 else 0
        if colour == GOLD:
            gold += (t.rules.thief_gold_die_gold if t.is_class(seat, "Thief")
                     else t.rules.gold_die_gold)
        elif colour == t.klass[seat].colour:
            gain += self.class_die_weight
        return gain + gold * self._gold_weight(t) if gold else gain

    def _best_place(self, t, seat, die, actions):
        goals, rows, wanted = self._targets(t, seat), self._rows(t, seat), self._cells(t, seat)
        best, choice = -1e9, actions[0]
        for a in actions:
            v = self._placement(t, seat, goals, rows, wanted, die, a.row)
            if v > best:
                best, choice = v, a
        return choice

    def _alignment_score(self, t, seat, cell: int) -> float:
        grid = t.comp.alignments[t.alignment[seat]].stars
        ahead = max((grid[c] for c in ALIGNMENT_STEP[cell][:4] if c >= 0), default=0)
        return grid[cell] + 0.3 * max(0, ahead - grid[cell])

    # --- effects ------------------------------------------------------------------------------
    def _gains(self, t, seat):
        """``gain(row, delta)``: the change of a row's estimate when its total moves by delta
        (memoised for one decision)."""
        goals, rows = self._targets(t, seat), self._rows(t, seat)
        base = [self._row_value(goals[r], *rows[r]) for r in range(6)]
        memo: dict = {}

        def gain(row: int, delta: int) -> float:
            key = row * 64 + delta
            g = memo.get(key)
            if g is None:
                total, empty = rows[row]
                g = memo[key] = self._row_value(goals[row], total + delta, empty) - base[row]
            return g
        return gain

    def _best_swap(self, t, seat, gain, first: int = -1):
        """The best (gain, a, b) Dexterity swap (with ``a == first`` when given)."""
        vals, cols = t.vals[seat], t.cols[seat]
        wanted = self._cells(t, seat)
        cell = self._cell_value
        occupied = [s for s in range(18) if vals[s]]
        best = (-1e9, -1, -1)
        for i, a in enumerate([first] if first >= 0 else occupied):
            va, ca, ra = vals[a], cols[a], a // 3
            here_a = cell(t, wanted, a, ca)
            # a swap is symmetric: without a fixed first die, look at each pair once
            for b in (occupied if first >= 0 else occupied[i + 1:]):
                vb, cb = vals[b], cols[b]
                if b == a or (va == vb and ca == cb):
                    continue
                g = 0.0
                if b // 3 != ra:
                    g = gain(ra, vb - va) + gain(b // 3, va - vb)
                if wanted[a] >= 0 or wanted[b] >= 0:
                    g += (cell(t, wanted, a, cb) + cell(t, wanted, b, ca) - here_a
                          - cell(t, wanted, b, cb))
                if g > best[0]:
                    best = (g, a, b)
        return best

    def _effect_gain(self, t, seat, action, gain) -> float:
        kind = type(action)
        vals = t.vals[seat]
        if kind is A.Flip:
            v = vals[action.space]
            return gain(action.space // 3, 7 - 2 * v)
        if kind is A.Adjust:
            return gain(action.space // 3, action.delta)
        if kind is A.Raise:
            return gain(action.space // 3, 1)
        if kind is A.Reroll:
            row, v = action.space // 3, vals[action.space]
            keep = t.rules.intelligence_reroll == "keep_either"
            gains = [gain(row, new - v) for new in range(1, 7)]
            return sum(max(g, 0.0) if keep else g for g in gains) / 6.0
        if kind is A.KeepReroll:
            space, old, new = t.effect_data               # the die shows the new value now
            return 0.0 if action.keep_new else gain(space // 3, old - new)
        if kind is A.StepAlignment:
            cell = t.token[seat]
            return (self._alignment_score(t, seat, ALIGNMENT_STEP[cell][action.direction])
                    - self._alignment_score(t, seat, cell))
        return -1.0                                # initiative targets, Diplomacy: not used

    def _choose_effect(self, t, seat, actions):
        gain = self._gains(t, seat)
        first = type(actions[0])
        if first is A.SwapFirst:
            g, a, b = self._best_swap(t, seat, gain)
            self._swap_partner = b
            return A.SwapFirst(a) if g > self.min_gain else A.PASS
        if first is A.SwapWith:
            partner = self._swap_partner
            self._swap_partner = -1
            if partner < 0 or A.SwapWith(partner) not in actions:
                partner = self._best_swap(t, seat, gain, t.effect_data[0])[2]
            return A.SwapWith(partner)
        best, choice = self.min_gain, A.PASS
        if A.PASS not in actions:
            best, choice = -1e9, actions[0]
        for a in actions:
            if type(a) is A.Pass:
                continue
            g = self._effect_gain(t, seat, a, gain)
            if g > best:
                best, choice = g, a
        return choice

    def _skill_gain(self, t, seat, name: str) -> float:
        card = t.comp.card_by_name[name]
        cell = t.token[seat]
        gain = (self._alignment_score(t, seat, ALIGNMENT_STEP[cell][card.arrow])
                - self._alignment_score(t, seat, cell))
        kind, amount = card.effect
        if kind == "gold":
            return gain + amount * self._gold_weight(t)
        row_gain = self._gains(t, seat)
        vals = t.vals[seat]
        occupied = [s for s in range(18) if vals[s]]
        if kind == "swap":
            return gain + self._best_swap(t, seat, row_gain)[0]
        sample = {"flip": A.Flip, "reroll": A.Reroll}.get(kind)
        if kind == "adjust":
            options = [A.Adjust(s, d) for s in occupied for d in (1, -1)
                       if 1 <= vals[s] + d <= 6]
        elif sample is not None:
            options = [sample(s) for s in occupied if vals[s] <= 6]
        else:
            return -1.0
        return gain + max((self._effect_gain(t, seat, a, row_gain) for a in options), default=0)

    # --- market ---------------------------------------------------------------------------
    def card_value(self, t, seat, card) -> float:
        """Estimated stars the card adds for this seat (before its cost)."""
        if card.type == "armor":
            return self._armor_gain(t, seat, card)
        if card.type == "weapon":
            goals, rows = self._targets(t, seat), self._rows(t, seat)
            gain = 0.5 if card.on_buy else 0.0
            for r, m in enumerate(card.modifiers):
                if m:
                    low, high, stars = goals[r]
                    gain += (self._row_value((low - m, high - m, stars), *rows[r])
                             - self._row_value(goals[r], *rows[r]))
            return gain
        cell = t.token[seat]
        step = ALIGNMENT_STEP[cell][card.arrow]
        if card.type == "skill":
            kind, amount = card.effect
            left = max(0, 18 - sum(t.fill[seat]))
            per_use = amount * self._gold_weight(t) if kind == "gold" else self.skill_value
            return per_use * min(3, left / 3.0) * (0.5 if kind.endswith("initiative") else 1.0)
        arrow = (self._alignment_score(t, seat, step) - self._alignment_score(t, seat, cell)
                 if step >= 0 else 0.0)
        if card.stars <= 0:
            return arrow
        return arrow + card.stars * self._trait_chance(t, seat, card.condition)

    def _armor_gain(self, t, seat, card) -> float:
        colour = t.klass[seat].colour
        same = [t.comp.cards[c] for c in t.armor[seat]
                if t.comp.cards[c].armor_set == card.armor_set]
        table = t.comp.armor_tables[card.armor_set]
        n = len(same)
        gain = table[min(n + 1, len(table) - 1)] - table[min(n, len(table) - 1)]
        bonus = t.rules.armor_set_bonus
        if colour in card.colours:
            if n == 0 or all(colour in c.colours for c in same):
                gain += bonus if n == 0 else 0
        elif n and all(colour in c.colours for c in same) and t.rules.armor_bonus_needs_all:
            gain -= bonus
        return gain

    def _trait_chance(self, t, seat, cond) -> float:
        kind = cond[0]
        if kind.startswith("attribute"):
            goals, rows = self._targets(t, seat), self._rows(t, seat)
            r = cond[1]
            mod = t.klass[seat].goals[r][0] - goals[r][0]
            total, empty = rows[r]
            guess = total + mod + 3.5 * empty
            ok = guess >= cond[2] if kind.endswith("least") else guess <= cond[2]
            return (0.8 if ok else 0.15) if empty else (1.0 if ok else 0.0)
        if kind.startswith("alignment"):
            cell = t.token[seat]
            row_ok = cell // 3 == cond[1] if kind != "alignment_column" else cell % 3 == cond[1]
            return 0.7 if row_ok else 0.2
        return 0.35

    def _market_choice(self, t, seat, actions):
        weight = self._gold_weight(t)
        cards = t.comp.card_by_name
        best, choice = -1e9, actions[0]
        for a in actions:
            kind = type(a)
            if kind is A.Buy:
                card = cards[a.name]
                cost = max(0, card.cost - (t.rules.charisma_token_value if t.charisma[seat]
                                           else 0))
                v = self.card_value(t, seat, card) - cost * weight
                if a.replacing:
                    v -= self.card_value(t, seat, cards[a.replacing]) * 0.5
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
            goals, rows, wanted = (self._targets(t, seat), self._rows(t, seat),
                                   self._cells(t, seat))
            open_rows = [r for r in range(6) if rows[r][1]]
            weight = self._gold_weight(t)
            best, choice = -1e9, actions[0]
            for a in actions:
                c = a.card - 1
                die = t.init_dice[c]
                value = max(self._placement(t, seat, goals, rows, wanted, die, r)
                            for r in open_rows)
                value += t.init_gold[c] * weight
                value += self.market_first_weight * (t.n_cards - c) / t.n_cards
                if value > best:
                    best, choice = value, a
            return choice
        if phase == P_EFFECT:
            return self._choose_effect(t, seat, actions)
        if phase == P_START_DIE:
            return self._best_place(t, seat, t.starting_dice[seat][0], actions)
        if phase == P_MARKET:
            return self._market_choice(t, seat, actions)
        if phase == P_SKILL:
            # sheet-changing Skills are weighed after placing a die (the sheet is most settled
            # then); Gold Skills at any window
            after_place = t.stage == S_POST_PLACE
            best, choice = self.min_gain, A.PASS
            for a in actions:
                if type(a) is A.UseSkill and (after_place or t.comp.card_by_name[a.name].effect[0]
                                              == "gold"):
                    g = self._skill_gain(t, seat, a.name)
                    if g > best:
                        best, choice = g, a
            return choice
        if phase == P_CLASS:
            return max(actions, key=lambda a: self._class_fit(t, seat, a.name))
        if phase == P_RECALL:
            best, choice = 0.0, A.PASS
            for a in actions:
                if type(a) is A.Recall:
                    card = t.comp.card_by_name[a.name]
                    v = self.card_value(t, seat, card) - card.cost * self._gold_weight(t)
                    if v > best:
                        best, choice = v, a
            return choice
        return actions[0]                           # races, tie orders

    def _class_fit(self, t, seat, name: str) -> float:
        klass = t.comp.class_by_name[name]
        race = t.comp.races[t.race[seat]].modifiers
        return sum(stars * hit_chance(3, low - race[r] - 3, high - race[r] + 3)
                   for r, (low, high, stars) in enumerate(klass.goals))


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
            net = self.card_value(t, seat, card) - card.cost * self._gold_weight(t)
            if net < self.min_card_value or t.gold[seat] - card.cost < self.gold_reserve:
                fallback = [a for a in actions if type(a) is not A.Buy]
                if fallback:
                    return max(fallback, key=lambda a: t.comp.card_by_name[a.name].cost
                               if type(a) is A.DiscardForGold else -1)
        return choice


STRATEGIES = {"goal_chaser": GoalChaser, "balancer": Balancer}
