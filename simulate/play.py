"""Play one game: the engine, the seats' strategies, and the rows it leaves in the results."""
from __future__ import annotations

import random
from contextlib import contextmanager
from functools import partial
from typing import Any, Iterator, Sequence

from simulate.worker_posts import Post
from simulate.games.base import ConfigError, GameSpec, IllegalActionError
from simulate.interrupts import genuine, exception_text, time_limit

# Strategies draw from their own stream, so a strategy's lots never shift the game's dice.
STRATEGY_STREAM = 0x9E3779B97F4A7C15
# Test mode (a task's "trace"): the games table gains each game's decisions, (legal actions,
# index chosen) per decision, from either engine (simulate/kernels/trace.py).
TRACE_COLUMN = "decision_trace"


def play_game(spec: GameSpec, rules: Any, seats: Sequence[Any], seed: int,
              heroes: Sequence[str | None] | None = None, index: int = 0,
              log: list[str] | None = None, check: bool = False,
              decision_seconds: float | None = None, post: Post | None = None,
              trace: list | None = None, grant: tuple | None = None):
    """Play one game to the end; return ``(state, outcome, decisions)``.

    ``seed`` fixes every die and every strategy lot. With ``log`` a list, each decision and what
    followed it (rolls, score changes) is appended as readable lines. ``check`` asserts the
    engine's invariants after every action (tests); ``trace`` (a list) gets (legal actions,
    index chosen) per decision. ``decision_seconds`` limits each strategy
    decision's time in this process (an error naming the decision when exceeded; the runner's
    workers are timed from outside instead, through ``post``: see simulate.worker_posts). ``grant``
    (file, entry, seat): a card that seat starts with (simulate/games/grants.py)."""
    rng = random.Random(seed)
    strategy_rng = random.Random(seed ^ STRATEGY_STREAM)
    state = spec.new_game(rules, len(seats), rng, heroes, grant=grant) if grant else \
        spec.new_game(rules, len(seats), rng, heroes)
    for seat, strategy in enumerate(seats):
        if post is not None:
            post.starting(index, seat)
        with strategy_hook(strategy, seat, index, "the start of the game"):
            strategy.rng = strategy_rng
            if strategy.looks_ahead:
                if not hasattr(state, "determinize"):
                    raise ConfigError(f"strategy '{strategy.name}' looks ahead, but {spec.title} "
                                      "has no State.determinize(seat, rng) to hide what a seat "
                                      "cannot see")
                strategy.start_game(spec, len(seats))
    if post is not None:
        post.idle()
    if log is not None:         # the lines set-up wrote (a board revealed, round 1's monster)
        state.events = list(getattr(state, "set_up_events", ()))
        _flush(state, log)
    decisions = 0
    while not state.is_over:
        seat = state.current_seat
        actions = state.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        else:
            strategy = seats[seat]
            if post is not None:
                post.deciding(index, seat, decisions)
            action = _decide(strategy, state, actions, seat, index, decisions,
                             decision_seconds)
            if post is not None:
                post.idle()
        decisions += 1
        if trace is not None:
            trace.append((len(actions), next(i for i, a in enumerate(actions) if a is action)))
        if log is not None:
            log.append(f"seat {seat} ({seats[seat].name}): {action}")
        state.apply(action)
        if log is not None:
            _flush(state, log)
        if check:
            state.assert_invariants()
    return state, state.outcome(), decisions


def _decide(strategy: Any, state: Any, actions: list, seat: int, index: int, decision: int,
            limit: float | None) -> Any:
    """The strategy's choice, as the engine's own action object. The strategy gets a copy of the
    legal list, so it cannot change the engine's; its answer must be one of them (by identity, or
    equal and of exactly the same type: a plain tuple or an object equal to everything is not).
    This runs at every decision: the messages are only written when something goes wrong."""
    view = state.view(seat)
    try:                            # inline, not strategy_hook: no context manager per decision
        if strategy.looks_ahead:
            strategy.seat, strategy.sample = seat, partial(state.determinize, seat)
        if limit:
            with _time_limit(limit, _where(strategy, seat, index, decision)):
                action = strategy.choose(view, actions.copy())
        else:
            action = strategy.choose(view, actions.copy())
    except (IllegalActionError, ConfigError):
        raise
    except BaseException as exc:
        _raised(strategy, seat, index, f"decision {decision}", exc)
    for legal in actions:
        if legal is action:
            return legal
    kind = type(action)
    for legal in actions:           # an equal action built afresh, of exactly the same type
        if type(legal) is kind and legal == action:
            return legal
    _illegal(_where(strategy, seat, index, decision), action, actions)


def _where(strategy: Any, seat: int, index: int, decision: int) -> str:
    return f"strategy '{strategy.name}' at seat {seat} in game {index}, decision {decision}"


@contextmanager
def strategy_hook(strategy: Any, seat: int, index: int | None, when: str) -> Iterator[None]:
    """Anything a strategy's own code raises, ``BaseException`` too (``SystemExit`` from a
    ``sys.exit``, a ``KeyboardInterrupt`` it raised itself), becomes one error naming the
    strategy, seat and game: only a genuine Ctrl-C or SIGTERM (simulate.interrupts) passes
    through as the interrupt it is."""
    try:
        yield
    except (IllegalActionError, ConfigError):
        raise
    except BaseException as exc:
        _raised(strategy, seat, index, when, exc)


def _raised(strategy: Any, seat: int, index: int | None, when: str, exc: BaseException) -> None:
    """Re-raise a genuine interrupt; anything else the strategy raised as one named error."""
    if genuine(exc):
        raise exc
    game = "" if index is None else f" in game {index}"   # None: before any game
    raise IllegalActionError(f"strategy '{strategy.name}' at seat {seat}{game}, "
                             f"{when}: raised {type(exc).__name__}: {exception_text(exc)} "
                             "(--debug shows the traceback)") from exc


def _illegal(where: str, action: Any, actions: list) -> None:
    try:
        shown = repr(action)[:200]
    except Exception:
        shown = f"an unprintable {type(action).__name__}"
    raise IllegalActionError(f"{where} chose the illegal action {shown} "
                             f"({type(action).__name__}); legal: {_few(actions)}")


def _time_limit(seconds: float | None, where: str):
    """Stop a decision that runs over ``seconds`` (interrupts.time_limit)."""
    message = f"{where} took longer than the decision time limit of {seconds:g} s" \
        if seconds else ""
    return time_limit(seconds, lambda: IllegalActionError(message))


def _flush(state: Any, log: list[str]) -> None:
    log.extend("    " + line for line in state.events)
    state.events.clear()


def _few(actions: list) -> str:
    shown = ", ".join(map(repr, actions[:8]))
    return shown + (f" and {len(actions) - 8} more" if len(actions) > 8 else "")
