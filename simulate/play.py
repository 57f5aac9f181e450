"""Play one game: the engine, the seats' strategies, and the rows it leaves in the results."""
from __future__ import annotations

import random
from functools import partial
from typing import Any, Sequence

from simulate.games.base import ConfigError, GameSpec, IllegalActionError

# Strategies draw from their own stream, so a strategy's lots never shift the game's dice.
STRATEGY_STREAM = 0x9E3779B97F4A7C15


def play_game(spec: GameSpec, rules: Any, seats: Sequence[Any], seed: int,
              heroes: Sequence[str | None] | None = None, index: int = 0,
              log: list[str] | None = None, check: bool = False):
    """Play one game to the end; return ``(state, outcome, decisions)``.

    ``seed`` fixes every die and every strategy lot. With ``log`` a list, each decision and what
    followed it (rolls, score changes) is appended as readable lines. ``check`` asserts the
    engine's invariants after every action (tests)."""
    rng = random.Random(seed)
    strategy_rng = random.Random(seed ^ STRATEGY_STREAM)
    for strategy in seats:
        strategy.rng = strategy_rng
    state = spec.new_game(rules, len(seats), rng, heroes)
    searching = [s for s in seats if s.looks_ahead]
    for strategy in searching:
        if not hasattr(state, "determinize"):
            raise ConfigError(f"strategy '{strategy.name}' looks ahead, but {spec.title} has no "
                              "State.determinize(seat, rng) to hide what a seat cannot see")
        strategy.start_game(spec, len(seats))
    if log is not None:
        state.events = []
        _flush(state, log)
    decisions = 0
    while not state.is_over:
        seat = state.current_seat
        actions = state.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        else:
            strategy = seats[seat]
            if strategy.looks_ahead:
                strategy.seat, strategy.sample = seat, partial(state.determinize, seat)
            action = strategy.choose(state.view(seat), actions)
            if action not in actions:
                _illegal(seats[seat], seat, action, actions, index, decisions)
        decisions += 1
        if log is not None:
            log.append(f"seat {seat} ({seats[seat].name}): {action}")
        state.apply(action)
        if log is not None:
            _flush(state, log)
        if check:
            state.assert_invariants()
    return state, state.outcome(), decisions


def _illegal(strategy: Any, seat: int, action: Any, actions: list, index: int,
             decisions: int) -> None:
    raise IllegalActionError(
        f"strategy '{strategy.name}' at seat {seat} chose the illegal action {action!r} in "
        f"game {index}, decision {decisions}; legal: {_few(actions)}")


def _flush(state: Any, log: list[str]) -> None:
    log.extend("    " + line for line in state.events)
    state.events.clear()


def _few(actions: list) -> str:
    shown = ", ".join(map(repr, actions[:8]))
    return shown + (f" and {len(actions) - 8} more" if len(actions) > 8 else "")
