"""How the Roll for Adventure heuristics score a placement on each territory's task.

A mixin of ``CooperativeHeuristic`` (``strategies/roll_for_adventure.py``): it reads that class's
weights and its per-turn threat model (``_hits``, ``_shield``, ``_harm``).
"""
from __future__ import annotations

DESERT, FORTRESS, FOREST, ICE_CAVE = range(4)


class TaskScores:
    # ---- scoring ------------------------------------------------------------------------
    # A task's terms, cached in ``_tasks`` until a placement there, a new turn or new threats
    # (only the active player changes the table during a turn): dice that complete it, the
    # worth of completing it, dice it hands back (added to ``base``, the dice left on the boards
    # if the turn stopped now), progress per die, the next attacks on it, the worth of covering
    # one, dice of this value on it, the most dice of another value or subtask, a penalty.
    def _ice_cave(self, view) -> tuple:
        rules, t = view.rules, ICE_CAVE
        h = self._hits[t]
        count = 6 - view.ice_cave.count(-1)
        locked = 1 if count + 1 < self.ice_claim_at else -count
        score = self._shield[t] * (min(h, count + 1) - min(h, count)) \
            + self.ice_weight / max(1, self.ice_claim_at - count) - self.lock_cost
        if count + 1 >= rules.ice_cave_rewards[1] and view.enemies:
            score += self.ice_weight
        if count + 1 >= rules.ice_cave_rewards[2] and any(view.damage):
            score += self.ice_weight * max(self._harm)
        return 1, score, -locked, 0.0, 0.0, 0.0, 0, 0, 0.0

    def _desert(self, view, v: int) -> tuple:
        need1, need2 = view.rules.desert_section_dice
        own, second = len(view.desert), len(view.desert_section2)
        fit = need1 - own
        remaining = fit + need1 * (need2 - 1 - second)
        h, shield = self._hits[DESERT], self._shield[DESERT]
        done = self.return_weight * (need1 - 1) - shield * (h if h < own else own)
        if second + 1 < need2:                   # one die moves on to section 2
            done += self.task_weight * fit / remaining ** self.closeness \
                - self.lock_cost * (1 - own)
            back = own - 1
        else:                                    # a stone; one die is lost for good
            done += self.stone_weight - self.desert_loss_cost + self.return_weight * second \
                + self.lock_cost * (own + second)
            back = own + second - 1
        return fit, done, back, self._gain(remaining), h, shield, own, 0, 0.0

    def _fortress(self, view, v: int) -> tuple:
        spaces, subtasks, barriers = view.rules.fortress_spaces, view.fortress, view.barriers
        s = view.fortress_subtask[v]
        own = len(subtasks[s])
        fit = spaces - own
        floor = remaining = 0
        for i, f in enumerate(subtasks):
            if i != s and len(f) > floor:
                floor = len(f)                   # the fullest other subtask
            if barriers[i]:
                remaining += spaces - len(f)
        h, shield = self._hits[FORTRESS], self._shield[FORTRESS]
        ahead = own if own > floor else floor
        done = shield * ((h if h < floor else floor) - (h if h < ahead else ahead)) \
            + self.return_weight * spaces + self.lock_cost * own
        done += self.stone_weight if remaining == fit \
            else self.task_weight * fit / remaining ** self.closeness
        extra = self.spread_cost if not own and floor else 0.0   # a second subtask with dice
        return fit, done, own, self._gain(remaining), h, shield, own, floor, extra

    def _forest(self, view, v: int) -> tuple:
        path, face = view.forest, view.face
        own = 0                                  # one attack takes one die of each value
        for d in path:
            if face[d] == v:
                own += 1
        held = len(path)
        floor, fit = held - own, view.forest_boundary - held
        h, shield = self._hits[FOREST], self._shield[FOREST]
        ahead = own if own > floor else floor
        done = self.stone_weight + self.return_weight * view.forest_boundary \
            + self.lock_cost * held - shield * (h if h < ahead else ahead)
        return fit, done, held, self._gain(fit), h, shield, own, floor, 0.0

    def _gain(self, remaining: int) -> float:
        """Progress per die toward a task needing ``remaining`` more dice."""
        return self.task_weight / remaining ** self.closeness - self.lock_cost

