"""Cooperative heuristics for Roll for Adventure.

Everything is public; the active player's strategy decides for the active player. The deck ORDER
is hidden, but which cards are unseen is public (all minus face-up and defeated ones), and so is
where the Master of Shadows was shuffled in: the next reveal's odds come from that alone.

A roll is placed as ``Place(value, target, count)``: each (value, target) group is scored once
with its best count (a few arithmetic steps per count). Parameters (all settable from TOML):

* **Tasks.** A stone is worth ``stone_weight``; progress is worth ``task_weight * dice /
  remaining ** closeness`` (``remaining`` = dice still needed for the stone), so dice go to the
  task nearest completion. A die left lying on a task costs ``lock_cost``; dice a completion hands
  back earn ``return_weight``; a second fortress subtask holding dice costs ``spread_cost`` (an
  attack takes a die from every subtask holding dice).
* **Shields.** The next reveal's expected attacks per territory (``hits``: unseen cards, and the
  face-up enemies a reveal would command); a die absorbs one attack. Each attack newly covered is
  worth ``shield_weight * harm``, ``harm`` rising steeply with the damage (``danger_weight``).
* **Enemies.** Defeating one (with just the dice that do it: they come straight back) removes its
  attacks: ``threat_weight * harm * (enemy_base + its attacks at the next reveal)``. Dice that
  cannot defeat it this roll score ``partial_weight`` of that share.
* **The Vortex of Resurrection** ends the turn, the rest of the roll staying on the board: the way
  to STOP when no placement scores ``stop_threshold`` or more (one die). Reaching the threshold
  (with as few dice as do it) frees both vortexes: ``resurrect_weight`` per die freed; ending the
  turn costs ``tempo_cost`` per die left unplayed.
* **Reserve** (the "no dice" loss): leaving fewer than ``reserve_target`` dice on the boards once
  the turn stops costs ``reserve_weight`` per missing die (bonus dice counted: an approximation).
* **The ice cave** (one die per turn): ``ice_weight`` toward the claim, claimed at
  ``ice_claim_at`` dice (earlier when its dice are about to be attacked).
"""
from __future__ import annotations

from functools import cache

from simulate.games.roll_for_adventure.actions import (RESURRECTION, AdvanceDie, ClaimIceCave,
                                                       GiveBonusDie, LoseDie, Place, UsePower)
from simulate.games.roll_for_adventure.enemies import shadow_master_odds as master_odds_at
from simulate.games.roll_for_adventure.rules import COLOURS, TERRITORIES
from strategies import Strategy
from strategies.roll_for_adventure_tasks import ICE_CAVE, TaskScores

LAND = {name: t for t, name in enumerate(TERRITORIES)}


def master_odds(view) -> float:
    """Chance that the next card revealed is the Master of Shadows."""
    return 0.0 if view.shadow_master_out else master_odds_at(view.rules, view.cards_left)


@cache
def _tables(names: tuple, lands: tuple, ranks: tuple, rules) -> tuple:
    """Per deck and rules: target codes (0-3 territories, 4 the vortex, 5+ cards), cards per
    territory and per rank, the Master of Shadows' odds by cards left."""
    codes = {t: i for i, t in enumerate(TERRITORIES + (RESURRECTION,) + names)}
    return (codes, [lands.count(t) for t in range(4)],
            [ranks.count(r) for r in range(max(ranks) + 1)],
            [master_odds_at(rules, left) for left in range(rules.deck_size + 2)])


def _params(args: dict) -> dict:
    """A subclass's keyword arguments, to hand on to CooperativeHeuristic."""
    return {k: v for k, v in args.items() if k not in ("self", "__class__")}


WEIGHTS = ("stone_weight", "task_weight", "closeness", "lock_cost", "return_weight",
           "spread_cost", "shield_weight", "danger_weight", "threat_weight", "enemy_base",
           "partial_weight", "resurrect_weight", "tempo_cost", "reserve_weight", "ice_weight",
           "desert_loss_cost")


class CooperativeHeuristic(TaskScores, Strategy):
    """Balanced weights: defeat enemies, shield bare territories, push the task nearest a stone,
    and stop on the Vortex of Resurrection once nothing useful is left in the roll."""
    name = "balanced"
    param_ranges = {**{w: (0.0, 100.0) for w in WEIGHTS}, "stop_threshold": (-100.0, 100.0),
                    "reserve_target": (0, 30), "ice_claim_at": (1, 6)}

    def __init__(self, stone_weight: float = 8.0, task_weight: float = 4.5,
                 closeness: float = 1.0, lock_cost: float = 0.1, return_weight: float = 0.2,
                 spread_cost: float = 1.0, shield_weight: float = 1.0, danger_weight: float = 1.0,
                 threat_weight: float = 2.0, enemy_base: float = 0.5, partial_weight: float = 0.5,
                 resurrect_weight: float = 0.5, tempo_cost: float = 0.5,
                 stop_threshold: float = 0.0, reserve_target: int = 4,
                 reserve_weight: float = 1.0, ice_weight: float = 1.0, ice_claim_at: int = 4,
                 desert_loss_cost: float = 0.5):
        vars(self).update(_params(locals()))    # each parameter as the attribute of its name
        self._view = self._rules = self._turn = None
        self._tasks: list[dict] = [{}, {}, {}, {}]
        self._task = (self._desert, self._fortress, self._forest)

    # ---- choosing ------------------------------------------------------------------------
    def choose(self, view, actions):
        first = actions[0]
        kind = type(first)
        if kind is Place or kind is UsePower:
            return self._best_placement(view, actions)
        if kind is AdvanceDie or kind is LoseDie:
            return self._die_to_give_up(view, actions)
        if kind is ClaimIceCave:
            self._threats(view)
            count = view.ice_cave_count()
            ready = count >= self.ice_claim_at or self._hits[ICE_CAVE] > 0.5 \
                or (count >= 6 and any(view.damage))
            return first if ready == first.claim else actions[1]
        if kind is GiveBonusDie:
            return min(actions, key=lambda a: view.dice_held(a.seat))
        self._threats(view)
        if hasattr(first, "enemy"):              # DefeatEnemy: the most dangerous enemy
            return max(actions, key=lambda a: self._threat_of[self._codes[a.enemy] - 5])
        return max(actions, key=lambda a: view.damage[LAND[a.territory]])   # ResetDamage

    def _best_placement(self, view, actions):
        """Score each (value, target) group once, with its best count, then pick. The legal
        list holds, per group, Place of 1, 2, ..., m dice: only the first of each is read."""
        self._threats(view)
        counts, codes, threat_of = view.counts, self._codes, self._threat_of
        # dice that would wait on the boards (bonus dice counted too: a cheap approximation)
        have = len(view.hand) + sum(map(len, view.boards))
        base = have - 1                          # stopping puts a die on the vortex
        short, lock, ret = self._short, self.lock_cost, self.return_weight
        reserve, reserve_weight = self.reserve_target, self.reserve_weight
        defeat, pips, on_card = view.rules.enemy_defeat_pips, view.enemy_pips, view.enemy_dice
        best, best_score, best_count = -1, -1e9, 1
        stop, stop_score, stop_count = -1, -1e9, 1
        vortex = None
        if view.turn != self._turn:
            self._turn = view.turn
            self._tasks = [{}, {}, {}, {}]
        tasks = self._tasks
        i, end = 0, len(actions)
        if type(actions[-1]) is UsePower:        # hero powers come last
            end = next(j for j, a in enumerate(actions) if type(a) is UsePower)
        ice = None
        while i < end:
            head, start = actions[i], i
            v, target, one = head
            if one != 1:
                raise RuntimeError(f"legal list out of step with the strategy at {head}")
            code = codes[target]
            n = counts[v]
            count = 1
            if code >= 4:
                if code == 4:                    # the Vortex of Resurrection: stopping
                    if vortex is None:
                        vortex = self._vortex(view, have)
                    need, reach, part, unit = vortex
                    if n * v >= need:            # as few dice as reach the threshold
                        count = -(-need // v)
                        score = reach - 0.01 * count
                    else:
                        score = part + unit * v
                    if score > stop_score:
                        stop, stop_score, stop_count = start, score, count
                    i += n
                    continue
                card = code - 5                  # an enemy: just the dice that defeat it
                need = defeat - pips[card]
                if n * v >= need:                # they come straight back; the fewer the
                    count = -(-need // v)        # more are left to roll again this turn
                    back = len(on_card[card])
                    score = threat_of[card] + ret * back - 0.05 * count
                    if base + back < reserve:
                        score -= reserve_weight * (reserve - base - back)
                else:                            # a partial attack: each die is worth
                    unit = self.partial_weight * threat_of[card] * v / need - lock   # unit;
                    if unit <= 0:                # past the reserve each costs the weight
                        count = 1
                    elif unit > reserve_weight:
                        count = n
                    else:
                        count = base - reserve
                        count = 1 if count < 1 else n if count > n else count
                    score = unit * count
                    if base - count < reserve:
                        score -= reserve_weight * (reserve - base + count)
                i += n
            elif code == 3:                      # one die, the same worth for every value
                if ice is None:
                    ice = tasks[3].get(0)
                    if ice is None:
                        ice = tasks[3][0] = self._ice_cave(view)
                    ice = ice[1] - (reserve_weight * (reserve - base - ice[2])
                                    if base + ice[2] < reserve else 0.0)
                score = ice
                i += 1
            else:                                # a task: 1..m dice, m completes it or not
                task = tasks[code].get(v)
                if task is None:
                    task = tasks[code][v] = self._task[code](view, v)
                fit, done, back, gain, h, shield, own, floor, extra = task
                if base + back < reserve:
                    done -= reserve_weight * (reserve - base - back)
                m = n if n < fit else fit
                i += m
                if m == fit:
                    score, count = done, m
                else:
                    score = -1e9
                if m > 1 or m < fit:             # fewer dice: progress, and cover more of
                    before = own if own > floor else floor     # the next attacks
                    before = h if h < before else before
                    for c in range(1, m + 1 if m < fit else m):
                        after = own + c if own + c > floor else floor
                        partial = gain * c + shield * ((h if h < after else after) - before) \
                            - extra
                        if base - c < reserve:
                            partial -= reserve_weight * (reserve - base + c)
                        if partial > score or (partial == score and c < count):
                            score, count = partial, c
            if score > best_score:
                best, best_score, best_count = start, score, count
        for j in range(end, len(actions)):       # PLACEHOLDER hero powers
            score = self._power_score(view, actions[j]) - short(base)
            if score > best_score:
                best, best_score, best_count = j, score, 1
        if best < 0 or (stop >= 0 and (best_score < self.stop_threshold
                                      or stop_score > best_score)):
            if stop < 0:
                return actions[0]
            best, best_count = stop, stop_count
        choice = actions[best + best_count - 1]
        if type(choice) is Place:
            code = codes[choice[1]]
            if code < 4:
                tasks[code].clear()              # its dice change that task
        return choice

    def _short(self, kept: int) -> float:
        """The reserve: dice left on the boards after this turn, below ``reserve_target``."""
        return self.reserve_weight * (self.reserve_target - kept) \
            if kept < self.reserve_target else 0.0

    # ---- the next reveal -------------------------------------------------------------------
    def _threats(self, view) -> None:
        """``_harm`` and ``_hits`` per territory, ``_threat_of`` per enemy: the unseen cards
        change only with a reveal, the enemies in play with a defeat, the harm with damage."""
        enemies, damage, left = view.enemies, view.damage, view.cards_left
        if view is not self._view:               # a new game
            self._view, self._left, self._damage = view, -1, None
            if view.rules is not self._rules:    # usually the same rules game after game
                self._rules = rules = view.rules
                self._codes, self._land_cards, self._rank_cards, self._odds = _tables(
                    view.card_name, view.card_territory, view.card_rank, rules)
                lose, dw = rules.damage_to_lose, self.danger_weight
                self._harm_of = [1.0 + dw * d / max(0.25, lose - 1 - d)
                                 for d in range(lose + 21)]
                self._shield_of = [self.shield_weight * x for x in self._harm_of]
        lands, ranks = view.card_territory, view.card_rank
        if left != self._left:
            self._left = left
            self._enemies = -1
            unseen_land, unseen_rank = self._land_cards[:], self._rank_cards[:]
            for seen in (enemies, view.discard):
                for c in seen:
                    unseen_land[lands[c]] -= 1
                    unseen_rank[ranks[c]] -= 1
            unseen = unseen_land[0] + unseen_land[1] + unseen_land[2] + unseen_land[3]
            if not left or not unseen:           # only the Master of Shadows acts
                every = 1.0 if (view.shadow_master_out or left) else 0.0
                self._unseen_hits = [0.0] * 4
                self._by_rank = [every] * len(unseen_rank)
            else:
                pm = 0.0 if view.shadow_master_out else self._odds[left]
                share = (1 - pm) / unseen
                self._unseen_hits = [unseen_land[0] * share, unseen_land[1] * share,
                                     unseen_land[2] * share, unseen_land[3] * share]
                # an enemy attacks again when a higher rank (or the Master) is revealed
                above, by_rank = 0, [0.0] * len(unseen_rank)
                for r in range(len(unseen_rank) - 1, -1, -1):
                    by_rank[r] = pm + share * above
                    above += unseen_rank[r]
                self._by_rank = by_rank
        if len(enemies) != self._enemies:
            self._enemies = len(enemies)
            self._hits = hits = self._unseen_hits[:]
            by_rank = self._by_rank
            for c in enemies:
                hits[lands[c]] += by_rank[ranks[c]]
        elif damage == self._damage:
            return
        self._tasks = [{}, {}, {}, {}]           # new threats: every task's worth changes
        if damage != self._damage:
            self._damage = damage[:]
            harm, shield = self._harm_of, self._shield_of      # by damage
            self._harm = [harm[damage[0]], harm[damage[1]], harm[damage[2]], harm[damage[3]]]
            self._shield = [shield[damage[0]], shield[damage[1]], shield[damage[2]],
                            shield[damage[3]]]
        harm, by_rank, tw, eb = self._harm, self._by_rank, self.threat_weight, self.enemy_base
        self._threat_of = threat = [0.0] * len(lands)      # the worth of defeating it
        for c in enemies:
            threat[c] = tw * harm[lands[c]] * (eb + by_rank[ranks[c]])

    def _vortex(self, view, have: int) -> tuple:
        """Per decision: pips still needed; the worth of reaching them (both vortexes freed,
        the placed dice too); the worth of one die that only stops, plus per pip."""
        need = view.rules.vortex_threshold - view.resurrection_pips
        tempo = self.tempo_cost * (len(view.hand) - 1)    # dice that wait for the next turn
        freed = len(view.oblivion) + len(view.resurrection)
        return (need, self.resurrect_weight * freed - tempo - self._short(have + freed),
                -self.lock_cost - tempo - self._short(have - 1),
                self.resurrect_weight * len(view.oblivion) * 0.5 / need)

    def _power_score(self, view, action) -> float:
        # PLACEHOLDER powers: use them when they plainly help.
        if action.hero == "healer":
            t = LAND[action.target]
            return self.shield_weight * (self._harm[t] - 1)
        if action.hero == "fighter":
            return self._threat_of[self._codes[action.target] - 5] * 1.1
        return self.stop_threshold + 0.1

    # ---- follow-ups ------------------------------------------------------------------------
    def _die_to_give_up(self, view, actions):
        """Advance or lose a bonus die first, then an ally die, then the richest seat's die."""
        return min(actions, key=lambda a: -100 if a.die == "bonus" else -50 if " ally of " in a.die
                   else -view.dice_held(COLOURS.index(a.die)))


class Defender(CooperativeHeuristic):
    """Removes threats first: defeats enemies and shields territories with heavy weights, builds
    with light ones."""
    name = "defender"

    def __init__(self, stone_weight: float = 6.0, task_weight: float = 2.0,
                 closeness: float = 1.0, lock_cost: float = 0.4, return_weight: float = 0.2,
                 spread_cost: float = 1.0, shield_weight: float = 3.0, danger_weight: float = 2.0,
                 threat_weight: float = 3.0, enemy_base: float = 0.7, partial_weight: float = 0.6,
                 resurrect_weight: float = 0.5, tempo_cost: float = 0.5,
                 stop_threshold: float = 0.0, reserve_target: int = 4,
                 reserve_weight: float = 1.0, ice_weight: float = 1.0, ice_claim_at: int = 4,
                 desert_loss_cost: float = 0.5):
        super().__init__(**_params(locals()))


class Builder(CooperativeHeuristic):
    """Pushes the task closest to a stone; fights only what threatens a damaged territory."""
    name = "builder"

    def __init__(self, stone_weight: float = 10.0, task_weight: float = 5.0,
                 closeness: float = 1.5, lock_cost: float = 0.3, return_weight: float = 0.2,
                 spread_cost: float = 0.5, shield_weight: float = 1.5, danger_weight: float = 1.0,
                 threat_weight: float = 1.5, enemy_base: float = 0.3, partial_weight: float = 0.4,
                 resurrect_weight: float = 0.4, tempo_cost: float = 0.5,
                 stop_threshold: float = 0.0, reserve_target: int = 4,
                 reserve_weight: float = 1.0, ice_weight: float = 0.6, ice_claim_at: int = 4,
                 desert_loss_cost: float = 0.5):
        super().__init__(**_params(locals()))


STRATEGIES = {"balanced": CooperativeHeuristic, "defender": Defender, "builder": Builder}
