"""Cooperative heuristics for Roll for Adventure.

Everything is public; the active player's strategy decides for the active player. The deck ORDER
is hidden, but which cards are still unseen is public (all cards minus face-up and defeated ones),
and so is where the Master of Shadows was shuffled in: the strategies read the next reveal's
odds from that, never from the deck or the RNG.

Each Place(value, target) is scored as the whole group of this roll's dice of that value the
target would take (all parameters are settable from TOML):

* **Tasks.** A stone is worth ``stone_weight``; progress toward one is worth ``task_weight *
  dice / remaining ** closeness`` (``remaining`` = dice still needed for the stone), so dice
  concentrate on the task nearest completion. Every die left lying on a task costs ``lock_cost``
  (it waits, exposed to attacks, until the task completes); dice a completion hands back earn
  ``return_weight``. Starting a second fortress subtask while another holds dice costs
  ``spread_cost`` (a fortress attack takes a die from every subtask holding dice).
* **Shields.** The next reveal's expected attacks on each territory (``hits``) come from the
  unseen cards and the face-up enemies it would command; a die on a territory absorbs one attack
  (the die goes to the Vortex of Oblivion instead of a damage). Each attack newly covered is worth
  ``shield_weight * harm``, ``harm`` rising steeply with the territory's damage
  (``danger_weight``).
* **Enemies.** Defeating one is almost free (its dice come straight back) and removes every
  attack it would make: ``threat_weight * harm * (enemy_base + its attacks at the next
  reveal)``. Dice that cannot defeat it this roll score ``partial_weight`` of that share.
* **The Vortex of Resurrection** ("a crucial part of the game"): placing there ends the turn and
  keeps the rest of the roll on the board. It is the way to STOP: when no placement scores
  ``stop_threshold`` or more, one die (the highest) goes there. Reaching the threshold frees both
  vortexes: worth ``resurrect_weight`` per die freed; ending the turn costs ``tempo_cost`` per
  die left unplayed this turn.
* **Reserve** (the "no dice" loss): a placement that would leave fewer than ``reserve_target``
  dice on the boards once the turn is stopped costs ``reserve_weight`` per missing die (dice a
  placement hands back count; bonus dice count too, a cheap approximation).
* **The ice cave** (one die per turn): ``ice_weight`` toward the claim, claimed at
  ``ice_claim_at`` dice (earlier when its dice are about to be attacked).
"""
from __future__ import annotations

from simulate.games.roll_for_adventure.actions import (RESURRECTION, AdvanceDie, ClaimIceCave,
                                                       EndPlacement, GiveBonusDie, LoseDie,
                                                       Place, UsePower)
from simulate.games.roll_for_adventure.rules import COLOURS, TERRITORIES
from strategies import Strategy

LAND = {name: t for t, name in enumerate(TERRITORIES)}
DESERT, FORTRESS, FOREST, ICE_CAVE = range(4)


def master_odds(view) -> float:
    """Chance that the next card revealed is the Master of Shadows (public set-up knowledge)."""
    if view.shadow_master_out or not view.cards_left:
        return 0.0
    rules = view.rules
    drawn = rules.deck_size + 1 - view.cards_left
    if rules.shadow_master_position:
        return 1.0 if drawn + 1 == rules.shadow_master_position else 0.0
    size, extra = divmod(rules.deck_size, rules.deck_stacks)
    sizes = [size + (i < extra) for i in range(rules.deck_stacks)]
    s = rules.shadow_master_stack - 1
    start = sum(sizes[:s])
    if drawn < start:
        return 0.0
    return 1.0 / max(1, start + sizes[s] + 1 - drawn)


def _params(args: dict) -> dict:
    """A subclass's keyword arguments, to hand on to CooperativeHeuristic."""
    return {k: v for k, v in args.items() if k not in ("self", "__class__")}


class CooperativeHeuristic(Strategy):
    """Balanced weights: defeat enemies, shield bare territories, push the task nearest a stone,
    and stop on the Vortex of Resurrection once nothing useful is left in the roll."""
    name = "balanced"

    def __init__(self, stone_weight: float = 8.0, task_weight: float = 3.0,
                 closeness: float = 1.0, lock_cost: float = 0.1, return_weight: float = 0.2,
                 spread_cost: float = 1.0, shield_weight: float = 2.0,
                 danger_weight: float = 1.0, threat_weight: float = 2.0,
                 enemy_base: float = 0.5, partial_weight: float = 0.5,
                 resurrect_weight: float = 0.5, tempo_cost: float = 0.5,
                 stop_threshold: float = 0.0,
                 reserve_target: int = 4, reserve_weight: float = 1.0,
                 ice_weight: float = 1.0, ice_claim_at: int = 4,
                 desert_loss_cost: float = 0.5):
        self.tempo_cost = tempo_cost
        self.stone_weight, self.task_weight, self.closeness = stone_weight, task_weight, closeness
        self.lock_cost, self.return_weight, self.spread_cost = lock_cost, return_weight, spread_cost
        self.shield_weight, self.danger_weight = shield_weight, danger_weight
        self.threat_weight, self.enemy_base = threat_weight, enemy_base
        self.partial_weight, self.resurrect_weight = partial_weight, resurrect_weight
        self.stop_threshold = stop_threshold
        self.reserve_target, self.reserve_weight = reserve_target, reserve_weight
        self.ice_weight, self.ice_claim_at = ice_weight, ice_claim_at
        self.desert_loss_cost = desert_loss_cost
        self._cards: dict[str, int] = {}
        self._names: tuple = ()
        self._key = None

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
            return max(actions, key=lambda a: self._threat(view, self._card(view, a.enemy)))
        return max(actions, key=lambda a: view.damage[LAND[a.territory]])   # ResetDamage

    def _card(self, view, name: str) -> int:
        if self._names is not view.card_name:
            self._names = view.card_name
            self._cards = {n: i for i, n in enumerate(view.card_name)}
        return self._cards[name]

    def _best_placement(self, view, actions):
        self._threats(view)
        counts = view.roll_counts()
        # dice that would wait on the boards (bonus dice counted too: a cheap approximation)
        have = sum(map(len, view.boards)) + len(view.hand)
        lock, short, score_of = self.lock_cost, self._short, self._score
        if type(actions[-1]) is EndPlacement:    # continuing a placement: the whole group?
            batch = actions[0]
            if batch.target == RESURRECTION:
                need = view.rules.vortex_threshold - view.resurrection_pips
                return batch if counts[batch.value] * batch.value >= need else actions[-1]
            score = score_of(view, batch, counts, lock) - short(have - self._locked - 1)
            return batch if score >= self.stop_threshold else actions[-1]
        best, best_score, stop, stop_score = None, -1e9, None, -1e9
        for action in actions:
            score = score_of(view, action, counts, lock)
            if self._stops:
                score -= short(have - self._locked)
                if score > stop_score:
                    stop, stop_score = action, score
            else:
                score -= short(have - self._locked - 1)
                if score > best_score:
                    best, best_score = action, score
        if best is None or (stop is not None and (best_score < self.stop_threshold
                                                  or stop_score > best_score)):
            return stop if stop is not None else actions[0]
        return best

    def _short(self, kept: int) -> float:
        """The reserve: dice left on the boards after this turn, below ``reserve_target``."""
        return self.reserve_weight * (self.reserve_target - kept) \
            if kept < self.reserve_target else 0.0

    def _score(self, view, action, counts, lock) -> float:
        """The worth of a placement; sets ``_locked`` (dice it takes off the boards for good,
        negative when it hands dice back) and ``_stops`` (it ends the turn)."""
        self._locked = 0
        self._stops = False
        if type(action) is not Place:
            return self._power_score(view, action)
        v, target = action
        t = LAND.get(target)
        if t is not None:
            return self._territory_score(view, t, v, counts[v], lock)
        if target == RESURRECTION:
            self._stops = True
            return self._resurrection_score(view, v, counts[v], lock)
        c = self._cards[target]
        need = view.rules.enemy_defeat_pips - view.enemy_pips[c]
        threat = self._threat(view, c)
        n = counts[v]
        if n * v >= need:
            self._locked = -len(view.enemy_dice[c])
            # the fewer dice it takes, the more are left to roll again this turn
            return threat - self.return_weight * self._locked - 0.05 * (-(-need // v))
        self._locked = n
        return self.partial_weight * threat * n * v / need - lock * n

    # ---- the next reveal -------------------------------------------------------------------
    def _threats(self, view) -> None:
        """Per turn and table: ``_harm`` and ``_hits`` per territory, ``_next`` per enemy."""
        key = (view.turn, len(view.enemies), sum(view.damage))
        if key == self._key:
            return
        self._key = key
        self._card(view, view.card_name[0])
        rules = view.rules
        lose = rules.damage_to_lose
        self._harm = [1.0 + self.danger_weight * d / max(0.25, lose - 1 - d)
                      for d in view.damage]
        lands, ranks = view.card_territory, view.card_rank
        seen = set(view.enemies)
        seen.update(view.discard)
        unseen = [c for c in range(len(lands)) if c not in seen]
        pm = master_odds(view)
        hits = [0.0, 0.0, 0.0, 0.0]
        nxt = {}
        if not view.cards_left or not unseen:     # only the Master of Shadows acts
            every = 1.0 if (view.shadow_master_out or view.cards_left) else 0.0
            for c in view.enemies:
                nxt[c] = every
                hits[lands[c]] += every
        else:
            share = (1 - pm) / len(unseen)
            for c in unseen:
                hits[lands[c]] += share
            for c in view.enemies:
                r = ranks[c]
                nxt[c] = p = pm + share * sum(1 for u in unseen if ranks[u] > r)
                hits[lands[c]] += p
        self._hits, self._next = hits, nxt

    def _threat(self, view, c: int) -> float:
        return self.threat_weight * self._harm[view.card_territory[c]] \
            * (self.enemy_base + self._next.get(c, 0.0))

    def _shield(self, t: int, before: int, after: int) -> float:
        """Worth of covering the next reveal's attacks on t with ``after`` dice, not ``before``."""
        h = self._hits[t]
        return self.shield_weight * self._harm[t] * (min(h, after) - min(h, before))

    # ---- territories -------------------------------------------------------------------------
    def _territory_score(self, view, t: int, v: int, n: int, lock: float) -> float:
        rules = view.rules
        if t == ICE_CAVE:
            count = view.ice_cave_count()
            self._locked = 1 if count + 1 < self.ice_claim_at else -count
            score = self._shield(t, count, count + 1) + self.ice_weight \
                / max(1, self.ice_claim_at - count) - lock
            if count + 1 >= rules.ice_cave_rewards[1] and view.enemies:
                score += self.ice_weight
            if count + 1 >= rules.ice_cave_rewards[2] and any(view.damage):
                score += self.ice_weight * max(self._harm)
            return score
        if t == DESERT:
            need1, need2 = rules.desert_section_dice
            held, second = len(view.desert), len(view.desert_section2)
            k = min(n, need1 - held)
            remaining = need1 - held + need1 * (need2 - 1 - second)
            if held + k < need1:
                self._locked = k
                return self._progress(k, remaining, lock) + self._shield(t, held, held + k)
            self._locked = 1 - held if second + 1 < need2 else 1 - held - second
            score = self._shield(t, held, 0) + self.return_weight * (need1 - 1)
            if second + 1 < need2:                 # one die moves on to section 2
                return score + self._progress(k, remaining, 0) - lock * (1 - held)
            return score + self.stone_weight - self.desert_loss_cost \
                + self.return_weight * second + lock * (held + second)
        if t == FORTRESS:
            spaces = rules.fortress_spaces
            s = view.fortress_subtask[v]
            subtasks = view.fortress
            held = len(subtasks[s])
            k = min(n, spaces - held)
            others = max((len(f) for i, f in enumerate(subtasks) if i != s), default=0)
            remaining = sum(spaces - len(f) for f, up in zip(subtasks, view.barriers) if up)
            if held + k < spaces:
                self._locked = k
                score = self._progress(k, remaining, lock) \
                    + self._shield(t, max(held, others), max(held + k, others))
                return score - self.spread_cost if not held and others else score
            self._locked = -held
            score = self._shield(t, max(held, others), others) + self.return_weight * spaces \
                + lock * held
            if remaining == k:
                return score + self.stone_weight
            return score + self._progress(k, remaining, 0)
        path = view.forest                         # the forest
        face = view.face
        same = sum(1 for d in path if face[d] == v)
        other = len(path) - same
        needed = view.forest_boundary - len(path)
        k = min(n, needed)
        if k < needed:
            self._locked = k
            return self._progress(k, needed, lock) \
                + self._shield(t, max(same, other), max(same + k, other))
        self._locked = -len(path)
        return self._shield(t, max(same, other), 0) + self.stone_weight \
            + self.return_weight * view.forest_boundary + lock * len(path)

    def _progress(self, k: int, remaining: int, lock: float) -> float:
        return self.task_weight * k / remaining ** self.closeness - lock * k

    def _resurrection_score(self, view, v: int, n: int, lock: float) -> float:
        """Reaching the threshold frees both vortexes; otherwise one die stops the turn."""
        need = view.rules.vortex_threshold - view.resurrection_pips
        kept = len(view.hand) - 1                  # dice that wait for the next turn
        self._locked = 1
        if n * v >= need:                          # its own dice come back as well
            freed = len(view.oblivion) + len(view.resurrection)
            self._locked = -freed
            return self.resurrect_weight * freed - self.tempo_cost * kept \
                - 0.01 * (-(-need // v))
        return self.resurrect_weight * len(view.oblivion) * 0.5 * v / need - lock \
            - self.tempo_cost * kept

    def _power_score(self, view, action) -> float:
        # PLACEHOLDER powers: use them when they plainly help.
        if action.hero == "healer":
            t = LAND[action.target]
            return self.shield_weight * (self._harm[t] - 1)
        if action.hero == "fighter":
            return self._threat(view, self._card(view, action.target)) * 1.1
        return self.stop_threshold + 0.1

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


class Defender(CooperativeHeuristic):
    """Removes threats first: defeats enemies and shields territories with heavy weights, builds
    with light ones."""
    name = "defender"

    def __init__(self, stone_weight: float = 6.0, task_weight: float = 2.0,
                 closeness: float = 1.0, lock_cost: float = 0.4, return_weight: float = 0.2,
                 spread_cost: float = 1.0, shield_weight: float = 3.0,
                 danger_weight: float = 2.0, threat_weight: float = 3.0,
                 enemy_base: float = 0.7, partial_weight: float = 0.6,
                 resurrect_weight: float = 0.5, tempo_cost: float = 0.5,
                 stop_threshold: float = 0.0,
                 reserve_target: int = 4, reserve_weight: float = 1.0,
                 ice_weight: float = 1.0, ice_claim_at: int = 4,
                 desert_loss_cost: float = 0.5):
        super().__init__(**_params(locals()))


class Builder(CooperativeHeuristic):
    """Pushes the task closest to a stone; fights only what threatens a damaged territory."""
    name = "builder"

    def __init__(self, stone_weight: float = 10.0, task_weight: float = 5.0,
                 closeness: float = 1.5, lock_cost: float = 0.3, return_weight: float = 0.2,
                 spread_cost: float = 0.5, shield_weight: float = 1.5,
                 danger_weight: float = 1.0, threat_weight: float = 1.5,
                 enemy_base: float = 0.3, partial_weight: float = 0.4,
                 resurrect_weight: float = 0.4, tempo_cost: float = 0.5,
                 stop_threshold: float = 0.0,
                 reserve_target: int = 4, reserve_weight: float = 1.0,
                 ice_weight: float = 0.6, ice_claim_at: int = 4,
                 desert_loss_cost: float = 0.5):
        super().__init__(**_params(locals()))


STRATEGIES = {"balanced": CooperativeHeuristic, "defender": Defender, "builder": Builder}
