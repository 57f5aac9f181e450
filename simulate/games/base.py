"""The engine contract every game follows (ARCHITECTURE.md, "The engine/strategy contract").

A game package under ``simulate/games/<name>/`` exposes ``GAME: GameSpec``. Its engine is an explicit
state machine:

* ``Rules`` — a frozen dataclass; defaults are the printed rules, every field declared with
  :func:`knob` (doc citing the rule, allowed range or choices).
* ``new_game(rules, n_players, rng, heroes) -> State``; all chance comes from ``rng`` (a
  ``random.Random``) inside ``new_game`` and ``State.apply``.
* ``State``: ``current_seat``, ``legal_actions()``, ``apply(action)``, ``is_over``, ``outcome()``,
  ``view(seat)`` (read-only: tuples and frozen types, or a ``read_only.Window``; no RNG, no
  hidden information of other seats), ``assert_invariants()`` and
  ``events`` (``None``, or a list the engine appends readable log lines to: rolls, score changes;
  lines written while the game is set up, before a log can be on, go in ``set_up_events``).
* Actions are small immutable values (NamedTuples) that print readably.
* ``State.determinize(seat, rng)`` (optional, needed by the generic ``search`` strategy): a copy
  of the state in which everything ``seat`` may not see (deck order, other seats' hidden cards)
  is redrawn from what that seat knows, from ``rng`` alone, and whose future dice come from a
  fresh ``random.Random`` seeded from ``rng`` (never the game's own RNG). ``State.clone(rng)``
  (:func:`look_ahead_copy`) does the copying part.

The folder ``simulate/games/<name>/`` holds the same file for the same role in every game
(tests/test_conformance.py checks it): ``rules.py`` (``Rules``), ``state.py`` (``State``, and
``Phase``: an ``IntEnum`` of what the deciding seat is asked, ``State.phase`` one of its members;
compiled kernels use the same numbers as plain ints), ``actions.py``, ``view.py`` (what a seat may
see; every field documented), ``scoring.py`` (the outcome and the game's own results columns,
``GAME_COLUMNS`` and ``SEAT_COLUMNS``), ``components.py`` (``load_components(folder=None)``; a
game without data files refuses a folder with a ``ConfigError``) and ``RULES.md``. ``GameSpec``
versions read ``N.N``. Its tests live in ``tests/games/<name>/`` under the same names by role.

Nothing here knows any particular game: the runner and the CLI reach a game only through this
module and the registry (``simulate.games``); a game's own report section may also read its
game's component facts.
"""
from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence


class ConfigError(ValueError):
    """Bad user input. The CLI prints the one-line message and exits with code 2."""


class IllegalActionError(RuntimeError):
    """A strategy chose an action that is not in the legal list."""


# --------------------------------------------------------------------------------------------
# Rules fields


def knob(default: Any, doc: str, *, range: tuple[float, float] | None = None,
         choices: Sequence[Any] | None = None, item_range: tuple[float, float] | None = None,
         length: tuple[int, int] | None = None, safety_limit: bool = False) -> Any:
    """Declare a ``Rules`` field: the printed default, what it means (cite the rule) and what a
    designer may set it to. ``range`` bounds a number (inclusive); ``choices`` lists allowed
    values; for tuple fields ``item_range`` bounds every item and ``length`` the item count.
    ``safety_limit`` marks a guard that is no printed rule (e.g. a turn cap): `simulate
    sensitivity` and `simulate tune` leave it alone."""
    meta = {"doc": doc, "range": range, "choices": tuple(choices) if choices else None,
            "item_range": item_range, "length": length, "safety_limit": safety_limit}
    return field(default=default, metadata=meta)


def rule_fields(rules_class: type) -> list[dataclasses.Field]:
    return list(dataclasses.fields(rules_class))


def allowed_text(f: dataclasses.Field) -> str:
    """Human text of what a field accepts, for error messages and `simulate list`."""
    meta = f.metadata
    if meta.get("choices"):
        return "one of " + ", ".join(_show(c) for c in meta["choices"])
    if isinstance(f.default, bool):
        return "true or false"
    if meta.get("range"):
        lo, hi = meta["range"]
        return f"{_show(lo)}..{_show(hi)}"
    if isinstance(f.default, tuple):
        parts = ["a list"]
        if meta.get("length"):
            parts.append("of %d..%d items" % meta["length"])
        if meta.get("item_range"):
            parts.append("each %s..%s" % tuple(_show(x) for x in meta["item_range"]))
        return " ".join(parts)
    return type(f.default).__name__


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _coerce(f: dataclasses.Field, value: Any, where: str) -> Any:
    default = f.default
    bad = ConfigError(f"{where}: {f.name} = {value!r} is invalid; allowed: {allowed_text(f)}")
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise bad
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
    elif isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise bad
        value = float(value)
    elif isinstance(default, str):
        if not isinstance(value, str):
            raise bad
    elif isinstance(default, tuple):
        if not isinstance(value, (list, tuple)):
            raise bad
        value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        meta = f.metadata
        if meta.get("length") and not meta["length"][0] <= len(value) <= meta["length"][1]:
            raise bad
        if meta.get("item_range"):
            lo, hi = meta["item_range"]
            for item in value:
                if isinstance(item, bool) or not isinstance(item, (int, float)) or not lo <= item <= hi:
                    raise bad
    meta = f.metadata
    if meta.get("choices") and value not in meta["choices"]:
        raise bad
    if meta.get("range") and not meta["range"][0] <= value <= meta["range"][1]:
        raise bad
    return value


def make_rules(rules_class: type, overrides: dict[str, Any], where: str = "[rules]") -> Any:
    """Build a Rules instance from TOML overrides, rejecting unknown keys and bad values."""
    known = {f.name: f for f in rule_fields(rules_class)}
    values = {}
    for key, value in overrides.items():
        if key not in known:
            raise ConfigError(f"{where}: unknown rule '{key}'{did_you_mean(key, known)}; "
                              f"known rules: {', '.join(known)}")
        values[key] = _coerce(known[key], value, where)
    try:
        return rules_class(**values)
    except (ValueError, TypeError) as exc:  # cross-field checks in Rules.__post_init__
        raise ConfigError(f"{where}: {exc}") from None


def did_you_mean(word: str, choices) -> str:
    """' (did you mean 'x'?)' for the closest known name, or ''."""
    import difflib
    if len(str(word)) > 100:          # no name is that long (and difflib is quadratic)
        return ""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def rules_dict(rules: Any) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def rules_hash(rules: Any) -> str:
    """A short stable hash of every rule value: each results row says which rules produced it."""
    text = json.dumps(rules_dict(rules), sort_keys=True, default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# --------------------------------------------------------------------------------------------
# States, outcomes and games


@dataclass
class Outcome:
    """The end of one game. ``metrics`` fills the game's own ``games`` columns and
    ``seat_metrics[i]`` seat i's own ``seats`` columns (score breakdown and more); both must have
    exactly the keys the GameSpec declares."""
    scores: list[float]
    won: list[bool]
    ranks: list[int]              # 1 = best; ties share a rank
    end_reason: str
    metrics: dict[str, Any]
    seat_metrics: list[dict[str, Any]]


def ranks_by(keys: Sequence[Any]) -> list[int]:
    """Competition ranks from comparable keys, higher is better: 1 = best, ties share a rank.

    >>> ranks_by([(30, 2), (30, 5), (12, 0)])
    [2, 1, 3]
    """
    return [1 + sum(1 for other in keys if other > key) for key in keys]


class State(Protocol):
    current_seat: int
    is_over: bool
    events: list[str] | None

    def legal_actions(self) -> list: ...
    def apply(self, action: Any) -> None: ...
    def outcome(self) -> Outcome: ...
    def view(self, seat: int) -> Any: ...
    def assert_invariants(self) -> None: ...


def look_ahead_copy(state: Any, rng: random.Random | None, shared: Sequence[Any] = ()) -> Any:
    """A deep copy of ``state`` (``State.clone``): ``shared`` objects (rules, component data,
    caches; never modified) are kept and the log is dropped. With ``rng`` the copy's dice come
    from a new ``random.Random`` seeded from it, so a look-ahead cannot foresee the real game's
    rolls; without, the copy's RNG is a copy of the game's (a faithful twin)."""
    memo = {id(obj): obj for obj in shared}
    if rng is not None:
        memo[id(state.rng)] = state.rng
    twin = copy.deepcopy(state, memo)
    twin.events = None
    if rng is not None:
        twin.rng = random.Random(rng.getrandbits(64))
    return twin


def canonical_shuffle(items: list, rng: random.Random) -> None:
    """Shuffle ``items`` in place from ``rng`` after sorting them, so that the result does not
    depend on their hidden order (determinization must not leak the true order)."""
    items.sort()
    rng.shuffle(items)


# Column dtypes a game may declare: "int", "float", "bool", "str" (all nullable).
COLUMN_TYPES = ("int", "float", "bool", "str")


@dataclass(frozen=True)
class Reading:
    """A ruling of ours (not the rulebook's) that the engine plays. ``text`` is a passage of the
    game's RULES.md, word for word (tests/test_readings.py checks it is there), ``topic`` where
    it applies, ``when`` which runs depend on it: "" every run, "grant" a run that grants a seat
    a card, "paid" one granted at its price, "players=N" a run at N players, "rule=value" a run
    where some variant plays that value of the rule."""
    topic: str
    text: str
    when: str = ""

    def applies(self, rules: Sequence[dict], players: Sequence[int], granted: bool,
                paid: bool) -> bool:
        if not self.when:
            return True
        if self.when in ("grant", "paid"):
            return paid if self.when == "paid" else granted
        key, _, value = self.when.partition("=")
        if key == "players":
            return int(value) in players
        return any(_plain_value(r.get(key)) == value for r in rules)


@dataclass(frozen=True)
class GameSpec:
    name: str                                   # registry key, e.g. "dungeon_roll"
    title: str                                  # e.g. "Dungeon Roll"
    version: str                                # bump when a rule's implementation changes
    rules_class: type
    new_game: Callable[[Any, int, random.Random, Sequence[str | None] | None], Any]
    players: tuple[int, int]                    # fewest and most seats
    heroes: tuple[str, ...]                     # names `[players] heroes` may fix per seat
    game_columns: dict[str, tuple[str, str]]    # column -> (dtype, what it means)
    seat_columns: dict[str, tuple[str, str]]
    default_strategy: str
    score_bounds: tuple[float, float] = (float("-inf"), float("inf"))
    placeholders: tuple[str, ...] = ()          # component data that is a placeholder, for reports
    cooperative: bool = False                   # all seats win or lose together
    # (placeholder, boolean rule): a placeholder the game uses only while that rule is on
    placeholder_rules: tuple[tuple[str, str], ...] = ()
    # the data files whose entries a seat can be granted at set-up (simulate/games/grants.py)
    grants: tuple[str, ...] = ()
    # of those, the files whose cards a seat can be granted at their price (``pay = true``)
    paid_grants: tuple[str, ...] = ()
    # (rules, players, where) -> None or a ConfigError: a rule that depends on the table's size
    # (the config checks every variant at every player count it asks for)
    check_players: Callable[[Any, int, str], None] | None = None
    # columns that count what is left of a deck or supply when the game ends: taking a card
    # out (or adding copies) changes them in every game, play or no play, so "games it
    # changed" (reports/reaction.py) leaves them out
    supply_columns: tuple[str, ...] = ()
    # the rulings of ours the engine plays, as RULES.md records them (the report lists those a
    # run depends on)
    readings: tuple[Reading, ...] = ()
    # restricted play (strategies/restricted.py): (view, action) -> the names of the cards the
    # action takes, and () -> every card name a seat may be forbidden; None: no cards to take
    cards_taken: Callable[[Any, Any], tuple[str, ...]] | None = None
    card_names: Callable[[], tuple[str, ...]] | None = None
    # the optional mechanics a seat may be forbidden: (name, what using it is, in words,
    # (view, action) -> the action uses it)
    mechanics: tuple[tuple[str, str, Callable[[Any, Any], bool]], ...] = ()

    def placeholders_in_force(self, rules: Sequence[dict]) -> tuple[str, ...]:
        """The placeholders the run under these variants' rules uses: one tied to a boolean
        rule only when some variant turns the rule on (a missing rule: its default). A
        placeholder naming a rule in braces ("damage_to_lose = {damage_to_lose}") says the
        value(s) the variants played."""
        needs = dict(self.placeholder_rules)
        printed = self.rules_class()
        played = [{**rules_dict(printed), **r} for r in rules] or [rules_dict(printed)]
        return tuple(_with_values(p, played) for p in self.placeholders if p not in needs or any(
            r[needs[p]] for r in played))


    def readings_in_force(self, rules: Sequence[dict], players: Sequence[int], granted: bool,
                          paid: bool) -> tuple[Reading, ...]:
        """The readings a run of these variants' rules (missing: the printed value) at these
        player counts depends on."""
        printed = rules_dict(self.rules_class())
        played = [{**printed, **r} for r in rules] or [printed]
        return tuple(r for r in self.readings if r.applies(played, players, granted, paid))


def _with_values(text: str, played: Sequence[dict]) -> str:
    """``text`` with each ``{rule}`` (a rule's name in braces) replaced by the values the
    variants played, in order; other braces are left as they are."""
    def values(match: re.Match) -> str:
        name = match.group(1)
        if name not in played[0]:
            return match.group(0)
        return ", ".join(dict.fromkeys(_plain_value(r[name]) for r in played))
    return re.sub(r"\{(\w+)\}", values, text)


def _plain_value(value: Any) -> str:
    """A rule's value as a designer writes it: true / false, 0.5, capped."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)
