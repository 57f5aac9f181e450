"""``search``: determinized Monte Carlo search that works in every game on the engine contract.

At each decision the strategy asks the game for look-ahead copies of the position
(``State.determinize(seat, rng)``: hidden cards redrawn from what the seat knows, fresh dice)
and plays each candidate action out to the end of the game with the game's default heuristic
at every seat. Challengers to the heuristic's own choice are whittled down by sequential halving
(Karnin et al. 2013); every round plays them and the heuristic's choice in the same sampled
worlds (common random numbers, so comparisons are paired). The best challenger replaces the
heuristic's choice only if its paired gain exceeds ``switch_z`` standard errors (at the
same level by Student's t), so search
departs from the heuristic only on evidence.

The value of a finished game for the seat: 1 if it won, plus ``score_weight`` times a tie-breaker
scaled to the game's score bounds: its score (solo and co-op: it guides play when wins are rare)
or, against rivals, its lead over the best of them (its own score alone would reward helping a
rival to a longer, richer game).
``simulations`` is the budget: look-ahead games per decision.
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from simulate.games.base import ConfigError
from simulate.statistics import mean_interval, normal_cdf
from strategies import Strategy, build_strategy


class SearchStrategy(Strategy):
    """Determinized rollouts with sequential halving; the default heuristic plays them out."""
    name = "search"
    looks_ahead = True
    param_ranges = {"simulations": (1, 100_000), "score_weight": (0.0, 10.0),
                    "switch_z": (0.0, 10.0)}

    def __init__(self, simulations: int = 32, score_weight: float = 0.25, switch_z: float = 1.5,
                 rollout: str = ""):
        self.simulations = simulations
        self.switch_z = switch_z
        self.score_weight = score_weight
        self.rollout = rollout           # "" = the game's default strategy
        # Set by the driver before each decision: the deciding seat, and a function giving
        # look-ahead copies of the position as that seat knows it (State.determinize).
        self.seat = 0
        self.sample: Callable[[random.Random], Any] | None = None
        self._policies: list[Strategy] = []
        self._bounds = (0.0, 1.0)
        self._rivals = False

    def start_game(self, spec, n_players: int) -> None:
        """Called by the driver before each game: the game and the rollout players."""
        name = self.rollout or spec.default_strategy
        if name == self.name:
            raise ConfigError("search: the rollout strategy cannot be search itself")
        self._policies = [build_strategy(spec.name, name, "search rollout")
                          for _ in range(n_players)]
        lo, hi = spec.score_bounds
        self._rivals = n_players > 1 and not spec.cooperative
        self._bounds = (lo, hi) if math.isfinite(lo) and math.isfinite(hi) and hi > lo else None

    def choose(self, view: Any, actions: list) -> Any:
        rng, seat = self.rng, self.seat
        default = self._policy_choice(seat, view, actions, rng)
        candidates = self._candidates(actions, default, rng)
        values: list[dict[int, float]] = [{} for _ in candidates]   # world -> value
        alive = list(range(1, len(candidates)))          # challengers; the default plays all
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        world = 0
        for _ in range(rounds):
            per = max(1, self.simulations // ((len(alive) + 1) * rounds))
            for _ in range(per):
                seed = rng.getrandbits(64)
                for i in [0] + alive:
                    values[i][world] = self._play_out(candidates[i], seat, seed)
                world += 1
            if len(alive) > 1:        # keep the better half of the challengers
                alive.sort(key=lambda i: (-_mean(values[i]), i))
                alive = alive[:(len(alive) + 1) // 2]
        if not alive:
            return default
        best = max(alive, key=lambda i: (_mean(values[i]), -i))
        gains = [v - values[0][w] for w, v in values[best].items()]
        return candidates[best] if _convincing(gains, self.switch_z) else default

    def _candidates(self, actions: list, default: Any, rng: random.Random) -> list:
        """The heuristic's choice first, then as many others as the budget can judge (about
        four look-ahead games each: fewer is no evidence), drawn at random when there are more."""
        room = max(2, self.simulations // 4)
        others = [a for a in actions if a != default]
        if len(others) >= room:
            others = rng.sample(others, room - 1)
        return [default] + others

    def _policy_choice(self, seat: int, view: Any, actions: list, rng: random.Random) -> Any:
        policy = self._policies[seat]
        policy.rng = random.Random(rng.getrandbits(64))
        return policy.choose(view, actions)

    def _play_out(self, action: Any, seat: int, world: int) -> float:
        """One look-ahead game: the sampled world ``world``, ``action``, then the heuristic."""
        rng = random.Random(world)
        state = self.sample(rng)
        policies = self._policies
        for policy in policies:
            policy.rng = rng
        state.apply(action)
        while not state.is_over:
            actions = state.legal_actions()
            who = state.current_seat
            state.apply(actions[0] if len(actions) == 1
                        else policies[who].choose(state.view(who), actions))
        outcome = state.outcome()
        value = 1.0 if outcome.won[seat] else 0.0
        if self._bounds and self.score_weight:
            lo, hi = self._bounds
            scores = outcome.scores
            if self._rivals:           # winning is beating the best rival, not scoring much
                value += self.score_weight * (scores[seat] - max(scores[s] for s in range(
                    len(scores)) if s != seat)) / (hi - lo)
            else:
                value += self.score_weight * (scores[seat] - lo) / (hi - lo)
        return value



def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values)


def _convincing(gains: list[float], z: float) -> bool:
    """The challenger beat the heuristic's choice in the same worlds: the paired gains' mean is
    positive and, judged by Student's t (a handful of worlds is no evidence), beyond the one-sided
    level that ``z`` standard errors give for a normal mean (any gain when they never varied)."""
    n = len(gains)
    mean = sum(gains) / n
    if mean <= 0:
        return False
    if n < 2:
        return z == 0
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    # the two-sided interval at level 2 Phi(z) - 1 has the one-sided Phi(z) lower bound
    return mean_interval(n, mean, sd, 2 * normal_cdf(z) - 1)[0] > 0
