"""Cooperative heuristics for Roll for Adventure.

Everything is visible to everyone; the active player's strategy decides for the active player.
Each heuristic scores the legal actions with the same weighted terms; the strategies differ in
their weights (all parameters, settable from TOML):

* progress on a task, stronger the closer the task is to a stone (``task_weight / remaining **
  closeness``), plus dice a completion hands back (``return_weight``);
* defeating enemies (``threat_weight``, tilted toward high ranks by ``rank_preference``), more
  urgent on damaged territories (``danger_weight``); a die short of defeating counts a fraction;
* shielding: a first die on a territory that an enemy will attack turns damage into a lost die
  (``shield_weight``);
* the Vortex of Resurrection: worth the dice it frees (``resurrect_weight``) minus the dice of the
  roll that would wait a turn (``tempo_cost``); ending a turn there with dice kept is worth
  ``reserve_weight`` while fewer than ``reserve_target`` dice wait on the hero boards (the
  "no dice" loss);
* the ice cave (``ice_weight``), claimed at ``ice_claim_at`` dice;
* ``reroll_value``: what keeping a die to roll again is worth (ends a placement).
"""
from __future__ import annotations

from simulate.games.roll_for_adventure.actions import (RESURRECTION, AdvanceDie, ClaimIceCave,
                                                       EndPlacement, GiveBonusDie, LoseDie,
                                                       Place, UsePower)
from simulate.games.roll_for_adventure.kingdom import PLACE
from simulate.games.roll_for_adventure.rules import COLOURS, TERRITORIES
from strategies import Strategy

LAND = {name: t for t, name in enumerate(TERRITORIES)}


class CooperativeHeuristic(Strategy):
    """Balanced weights: build toward stones, keep enemies and damage in check."""
    name = "balanced"

    def __init__(self, task_weight: float = 3.0, closeness: float = 1.0,
                 threat_weight: float = 2.0, rank_preference: float = 0.0,
                 danger_weight: float = 2.0, shield_weight: float = 1.5,
                 resurrect_weight: float = 0.6, tempo_cost: float = 0.25,
                 ice_weight: float = 0.8, return_weight: float = 0.15,
                 reroll_value: float = 0.3, desert_loss_cost: float = 0.5,
                 ice_claim_at: int = 4, reserve_weight: float = 1.0,
                 reserve_target: int = 3):
        self.reserve_weight, self.reserve_target = reserve_weight, reserve_target
        self.task_weight, self.closeness = task_weight, closeness
        self.threat_weight, self.rank_preference = threat_weight, rank_preference
        self.danger_weight, self.shield_weight = danger_weight, shield_weight
        self.resurrect_weight, self.tempo_cost = resurrect_weight, tempo_cost
        self.ice_weight, self.return_weight = ice_weight, return_weight
        self.reroll_value, self.desert_loss_cost = reroll_value, desert_loss_cost
        self.ice_claim_at = ice_claim_at
        self._cards: dict[str, int] = {}
        self._names: tuple = ()

    # ---- choosing ------------------------------------------------------------------------
    def choose(self, view, actions):
        first = actions[0]
        kind = type(first)
        if kind is Place or kind is UsePower:
            return self._best_placement(view, actions)
        if kind is AdvanceDie or kind is LoseDie:
            return self._die_to_give_up(view, actions)
        if kind is ClaimIceCave:
            ready = view.ice_cave_count() >= self.ice_claim_at or self._cave_under_threat(view)
            return first if ready == first.claim else actions[1]
        if kind is GiveBonusDie:
            return min(actions, key=lambda a: view.dice_held(a.seat))
        if hasattr(first, "enemy"):              # DefeatEnemy: the most dangerous enemy
            return max(actions, key=lambda a: self._enemy_worth(view, self._card(view, a.enemy)))
        return max(actions, key=lambda a: view.damage[LAND[a.territory]])   # ResetDamage

    def _card(self, view, name: str) -> int:
        if self._names is not view.card_name:
            self._names = view.card_name
            self._cards = {n: i for i, n in enumerate(view.card_name)}
        return self._cards[name]

    def _best_placement(self, view, actions):
        ctx = self._context(view)
        if self._names is not view.card_name:
            self._card(view, view.card_name[0])
        cards, worth = self._cards, {}
        need, pips_on, dice_on = view.rules.enemy_defeat_pips, view.enemy_pips, view.enemy_dice
        best, best_score = actions[0], -1e9
        for action in actions:
            kind = type(action)
            if kind is Place:
                target = action.target
                t = LAND.get(target)
                if t is not None:
                    score = self._territory_score(view, t, action.value, ctx)
                elif target == RESURRECTION:
                    score = self._resurrection_score(view, action.value, ctx)
                else:                           # an enemy: its worth once per decision
                    c = cards[target]
                    w = worth.get(c)
                    if w is None:
                        w = worth[c] = self._enemy_worth(view, c)
                    pips = pips_on[c] + action.value
                    if pips >= need:
                        score = w + self.return_weight * len(dice_on[c]) - 0.05 * (pips - need)
                    else:
                        score = w * 0.5 * action.value / need
            elif kind is EndPlacement:
                score = self.reroll_value
            else:
                score = self._power_score(view, action, ctx)
            if score > best_score:
                best, best_score = action, score
        return best

    def _context(self, view):
        """Per-decision facts: each territory's danger, attackers, whether it is bare, and the
        dice each task still needs for a stone."""
        rules = view.rules
        lose = rules.damage_to_lose
        danger = [1.0 + self.danger_weight * (d / lose) ** 2 for d in view.damage]
        attackers = [0, 0, 0, 0]
        for c in view.enemies:
            attackers[view.card_territory[c]] += 1
        if view.shadow_master_out:
            attackers = [a + 1 for a in attackers]
        bare = [not view.desert, not any(view.fortress), not view.forest,
                view.ice_cave.count(-1) == 6]
        need1, need2 = rules.desert_section_dice
        spaces = rules.fortress_spaces
        remaining = (need1 - len(view.desert) + need1 * (need2 - 1 - len(view.desert_section2)),
                     sum(spaces - len(f) for f, up in zip(view.fortress, view.barriers) if up),
                     view.forest_boundary - len(view.forest))
        reserve = sum(len(b) for b in view.boards)
        return danger, attackers, bare, len(view.hand), view.roll_counts(), remaining, reserve

    def _territory_score(self, view, t: int, v: int, ctx) -> float:
        danger, attackers, bare = ctx[0], ctx[1], ctx[2]
        rules = view.rules
        score = 0.0
        if bare[t] and attackers[t]:
            score += self.shield_weight * danger[t] * min(attackers[t], 2)
        if t == 3:                              # ice cave: toward the claim
            count = view.ice_cave_count() + 1
            return score + self.ice_weight * min(count, rules.ice_cave_rewards[2]) \
                / rules.ice_cave_rewards[0] - (0.2 * v / 6 if v >= 5 else 0.0)
        remaining = ctx[5][t]
        if t == 0:
            need1 = rules.desert_section_dice[0]
            if len(view.desert) + 1 >= need1:
                score += self.return_weight * (need1 - 1)
                if remaining == 1:
                    score -= self.desert_loss_cost
        elif t == 1:
            spaces = rules.fortress_spaces
            if len(view.fortress[view.fortress_subtask[v]]) + 1 >= spaces:
                score += self.return_weight * spaces
        elif remaining == 1:
            score += self.return_weight * view.forest_boundary
        return score + self.task_weight / remaining ** self.closeness

    def _enemy_worth(self, view, card: int) -> float:
        rank = view.card_rank[card]
        land = view.card_territory[card]
        lose = view.rules.damage_to_lose
        danger = 1.0 + self.danger_weight * (view.damage[land] / lose) ** 2
        return self.threat_weight * max(0.2, 1.0 + self.rank_preference * (rank - 2)) * danger

    def _resurrection_score(self, view, v: int, ctx) -> float:
        """Worth the dice it frees if this roll's dice of value v reach the threshold, a share
        of that otherwise; the dice left in the roll wait on the board (a reserve)."""
        counts, hand = ctx[4], ctx[3]
        need = view.rules.vortex_threshold - view.resurrection_pips
        used = min(counts[v], -(-need // v))             # dice of this value to put there
        if used * v >= need:
            gain = self.resurrect_weight * (len(view.oblivion) + len(view.resurrection))
        else:
            gain = self.resurrect_weight * len(view.oblivion) * 0.5 * used * v / need
            if view.phase != PLACE:
                gain -= self.tempo_cost          # a die locked in the vortex for nothing yet
        waiting = hand - used
        if waiting > 0:                          # the kept dice guard against 'no dice'
            target = self.reserve_target
            gain += self.reserve_weight * max(0, target - ctx[6]) * min(waiting, target) \
                / max(1, target) - self.tempo_cost * waiting
        return gain - 0.2

    def _power_score(self, view, action, ctx) -> float:
        # PLACEHOLDER powers: use them when they plainly help.
        if action.hero == "healer":
            return self.danger_weight * view.damage[LAND[action.target]] / view.rules.damage_to_lose
        if action.hero == "fighter":
            return self._enemy_worth(view, self._card(view, action.target)) * 1.1
        return self.reroll_value * 0.5

    # ---- follow-ups ------------------------------------------------------------------------
    def _die_to_give_up(self, view, actions):
        """Advance or lose a bonus die first, then an ally die, then the richest seat's die."""
        def cost(action):
            label = action.die
            if label == "bonus":
                return -100
            if " ally of " in label:
                return -50
            return -view.dice_held(COLOURS.index(label))
        return min(actions, key=cost)

    def _cave_under_threat(self, view) -> bool:
        return any(view.card_territory[c] == 3 for c in view.enemies) or view.shadow_master_out


class Defender(CooperativeHeuristic):
    """Removes threats first: defeats enemies (high ranks first), shields damaged territories,
    resurrects lost dice; builds only when nothing threatens."""
    name = "defender"

    def __init__(self, task_weight: float = 1.5, closeness: float = 1.0,
                 threat_weight: float = 3.0, rank_preference: float = 0.5,
                 danger_weight: float = 3.0, shield_weight: float = 2.5,
                 resurrect_weight: float = 1.0, tempo_cost: float = 0.2,
                 ice_weight: float = 1.0, return_weight: float = 0.15,
                 reroll_value: float = 0.3, desert_loss_cost: float = 0.5,
                 ice_claim_at: int = 4):
        super().__init__(task_weight, closeness, threat_weight, rank_preference, danger_weight,
                         shield_weight, resurrect_weight, tempo_cost, ice_weight, return_weight,
                         reroll_value, desert_loss_cost, ice_claim_at)


class Builder(CooperativeHeuristic):
    """Pushes the task closest to a stone; fights only what is about to ruin a territory."""
    name = "builder"

    def __init__(self, task_weight: float = 5.0, closeness: float = 1.5,
                 threat_weight: float = 1.0, rank_preference: float = 0.0,
                 danger_weight: float = 3.0, shield_weight: float = 0.8,
                 resurrect_weight: float = 0.5, tempo_cost: float = 0.3,
                 ice_weight: float = 0.5, return_weight: float = 0.1,
                 reroll_value: float = 0.2, desert_loss_cost: float = 0.3,
                 ice_claim_at: int = 4):
        super().__init__(task_weight, closeness, threat_weight, rank_preference, danger_weight,
                         shield_weight, resurrect_weight, tempo_cost, ice_weight, return_weight,
                         reroll_value, desert_loss_cost, ice_claim_at)


STRATEGIES = {"balanced": CooperativeHeuristic, "defender": Defender, "builder": Builder}
