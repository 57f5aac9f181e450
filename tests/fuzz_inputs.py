"""Hypothesis generators of what a hostile or careless user types: configs and CLI values.

``toml_text`` writes a config dict back as TOML (strings escaped the TOML way), so a generator
can break one value of a valid config at a time and still hand the tool a file that parses.
Each broken config comes with ``strict``: True when it is invalid by construction (the tool must
answer exit 2), False when it may happen to be valid (exit 0 is fine then, a traceback never).
"""
import json
import math
import re

from hypothesis import strategies as st

from simulate.config import MAX_CHUNK, MAX_GAMES, MAX_JOBS
from simulate.games import game_names, get_game
from simulate.games.base import rule_fields
from strategies import strategies_for

GAMES = sorted(game_names())
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

# ---------------------------------------------------------------------------------------------
# TOML out of a dict


def toml_key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else toml_string(key)


def toml_string(text: str) -> str:
    escaped = json.dumps(text, ensure_ascii=False)
    return escaped.replace("\x7f", "\\u007f")            # DEL must be escaped in TOML too


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"


def toml_text(data: dict) -> str:
    """Top-level values, then [tables], then [[arrays of tables]]."""
    def is_table_array(v):
        return isinstance(v, list) and v and all(isinstance(t, dict) for t in v)
    lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not is_table_array(v)]
    for key, table in data.items():
        if isinstance(table, dict):
            lines.append(f"[{toml_key(key)}]")
            lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in table.items()]
    for key, tables in data.items():
        if is_table_array(tables):
            for table in tables:
                lines.append(f"[[{toml_key(key)}]]")
                lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Values

printable = st.characters(blacklist_categories=("Cs",))       # no lone surrogates (not UTF-8)
texts = st.text(printable, max_size=30)
HOSTILE_TEXT = ["", " ", "../../escaped", "./../x", "a/b", "<script>alert(1)</script>", "\0",
                "x" * 300, "C:\\Windows", "~", "/", "..", ".", "\n", "baseline", "nul\0byte",
                "%s%n", "${HOME}", "$(rm -rf /)", "🎲" * 50, "\u202eevil", "con", "a\tb"]
hostile_texts = st.one_of(st.sampled_from(HOSTILE_TEXT), texts)
floats = st.floats(allow_nan=True, allow_infinity=True)
ints = st.one_of(st.integers(-10, 10), st.integers(-2**63, 2**63 - 1))
scalars = st.one_of(hostile_texts, floats, st.booleans(), ints)
edge_ints = st.one_of(st.integers(-3, 40), st.sampled_from([2**31, 2**63 - 1, -2**63]))
any_value = st.recursive(st.one_of(scalars, edge_ints),
                         lambda inner: st.one_of(st.lists(inner, max_size=7),
                                                 st.dictionaries(texts, inner, max_size=3)),
                         max_leaves=8)
containers = st.one_of(st.lists(ints, max_size=3), st.dictionaries(texts, ints, max_size=2))
not_int = st.one_of(hostile_texts, floats, st.booleans(), containers)
not_str = st.one_of(floats, st.booleans(), ints, containers)
not_bool = st.one_of(hostile_texts, floats, ints, containers)
not_number = st.one_of(hostile_texts, st.booleans(), st.lists(ints, max_size=3))
unknown_names = texts.filter(lambda s: s not in GAMES and s.lower() != "random")
HOSTILE_MODULES = ["os:system", "subprocess:Popen", "builtins:eval", "tests.helpers:write_config",
                   "tests.helpers:SMALL_RUN", "no_such_module_xyz:Thing", "../evil:Thing",
                   "strategies:build_strategy", "a:b:c", ":", "os.path:", "json:loads",
                   "tests.helpers:EqualToEverything", "simulate.config:RunConfig"]


# Valid adaptive tables of a solo Dungeon Roll base config, and the keys each may hold.
ADAPTIVE = {"tune": {"rules": {"solo_win_score": [5, 35]}, "first_games": 2,
                     "targets": [{"metric": "win_rate", "equals": 0.5}]},
            "sensitivity": {"metric": "mean_score", "players": 1, "first_games": 2,
                            "rules": ["delves_per_player"]}}
ADAPTIVE_KEYS = {"tune": {"rules", "step", "tolerance", "confidence", "first_games", "max_games",
                          "budget", "method", "targets"},
                 "sensitivity": {"metric", "players", "seat", "negligible", "rules",
                                 "first_games", "max_games", "confidence"}}


def counts_out_of_range(game: str):
    lo, hi = get_game(game).players
    return st.one_of(st.integers(max_value=lo - 1), st.integers(min_value=hi + 1),
                     st.just([]), st.just([lo, lo]),
                     hostile_texts, floats, st.booleans())


def base_config(game: str, out: str, games: int = 2) -> dict:
    """A valid tiny config of ``game``: the Python engine, random play."""
    return {"run": {"game": game, "games": games, "chunk": 2, "seed": 1, "jobs": 1, "out": out,
                    "engine": "python"},
            "players": {"count": get_game(game).players[0], "strategies": "random"}}


# ---------------------------------------------------------------------------------------------
# One broken config: (config dict, strict)


@st.composite
def broken_configs(draw, out: str):
    game = draw(st.sampled_from(GAMES))
    data = base_config(game, out)
    run, players = data["run"], data["players"]
    fields = {f.name: f for f in rule_fields(get_game(game).rules_class)}
    unknown_key = texts.filter(lambda k: k not in fields and k not in ("name", "seed",
                                                                      "strategies"))
    kind = draw(st.sampled_from([
        "top key", "run key", "players key", "game", "games", "jobs", "chunk", "seed",
        "until_ci", "decision_seconds", "engine", "count", "strategies", "strategy module",
        "strategy params", "heroes", "rotate", "rule key", "rule value", "table type",
        "variant", "variant name", "variant seed", "variants type", "sweep", "adaptive",
        "variant strategies", "out", "several counts", "rule extreme"]))
    strict = True
    if kind == "top key":
        data[draw(texts.filter(lambda k: k not in data and k not in (
            "rules", "variants", "sweep", "tune", "sensitivity")))] = draw(any_value)
    elif kind == "run key":
        run[draw(texts.filter(lambda k: k not in run and k not in ("until_ci",
                                                                     "decision_seconds")))] = 1
    elif kind == "players key":
        players[draw(texts.filter(lambda k: k not in ("heroes", "rotate", "count",
                                                      "strategies")))] = 1
    elif kind == "game":
        run["game"] = draw(st.one_of(unknown_names, not_str))
    elif kind in ("games", "jobs", "chunk"):
        top = {"games": MAX_GAMES, "jobs": MAX_JOBS, "chunk": MAX_CHUNK}[kind]
        run[kind] = draw(st.one_of(not_int, st.integers(max_value=0),
                                   st.integers(min_value=top + 1, max_value=2**63 - 1)))
    elif kind == "seed":
        run["seed"] = draw(st.one_of(not_int, st.integers(min_value=-2**63, max_value=-1)))
    elif kind in ("until_ci", "decision_seconds"):
        top = 1 if kind == "until_ci" else 3600
        zero_ok = kind == "decision_seconds"          # 0 = no time limit
        run[kind] = draw(st.one_of(not_number, st.floats(max_value=0, exclude_max=zero_ok),
                                   st.just(math.nan),
                                   st.floats(min_value=top, exclude_min=True),
                                   st.integers(max_value=-1 if zero_ok else 0)))
    elif kind == "engine":
        run["engine"] = draw(st.one_of(texts.filter(lambda s: s not in ("auto", "python",
                                                                           "compiled")),
                                       not_str))
    elif kind == "count":
        players["count"] = draw(counts_out_of_range(game))
    elif kind == "strategies":
        known, seats = strategies_for(game), get_game(game).players[0]
        players["strategies"] = draw(st.one_of(      # no ':' here: that would import modules
            texts.filter(lambda s: s not in known and ":" not in s), st.integers(),
            st.booleans(), st.dictionaries(texts.filter(lambda k: k != "name"), scalars,
                                           max_size=2),
            st.lists(st.just("random"), min_size=seats + 1, max_size=6)))
    elif kind == "strategy module":
        players["strategies"] = draw(st.sampled_from(HOSTILE_MODULES))
    elif kind == "strategy params":
        name = draw(st.sampled_from([s for s in strategies_for(game) if s != "search"]))
        players["strategies"] = {"name": name,
                                 draw(texts.filter(lambda k: k != "name")): draw(any_value)}
        strict = False
    elif kind == "heroes":
        heroes = draw(st.one_of(texts, st.integers(), st.lists(texts, min_size=2)))
        players["heroes"] = heroes
        known = {h.lower() for h in get_game(game).heroes} | {"random", "all"}
        strict = not (isinstance(heroes, str) and heroes.lower() in known)
    elif kind == "rotate":
        players["rotate"] = draw(not_bool)
    elif kind == "rule key":
        data["rules"] = {draw(unknown_key): draw(any_value)}
    elif kind == "rule value":
        data["rules"] = {draw(st.sampled_from(sorted(fields))): draw(any_value)}
        strict = False
    elif kind == "table type":
        data[draw(st.sampled_from(["run", "players", "rules", "sweep"]))] = draw(scalars)
    elif kind == "variant":
        data["variants"] = [{"name": "v", draw(unknown_key): draw(any_value)}]
    elif kind == "variant name":
        name = draw(hostile_texts)
        data["variants"] = [{"name": name}]
        strict = not re.fullmatch(r"[\w .,:;=+\-\[\]()#%@!~^]{1,80}", name) \
            or name != name.strip() or name == "baseline"
    elif kind == "variant seed":
        data["variants"] = [{"name": "v", "seed": draw(st.one_of(
            not_int, st.integers(min_value=-2**63, max_value=-1)))}]
    elif kind == "variants type":
        data["variants"] = draw(st.one_of(scalars, st.lists(scalars, min_size=1, max_size=3)))
    elif kind == "sweep":
        data["sweep"] = {draw(st.one_of(unknown_key, st.sampled_from(sorted(fields)))):
                         draw(st.one_of(scalars, st.just([]), st.lists(scalars, max_size=3)))}
        strict = False
    elif kind == "variant strategies":
        data["variants"] = [{"name": "v", "strategies": draw(st.one_of(
            not_str, st.sampled_from(HOSTILE_MODULES + ["random", "nope"])))}]
        strict = False
    elif kind == "rule extreme":           # a declared bound: the engine must cope (or say no)
        name = draw(st.sampled_from(sorted(fields)))
        meta = fields[name].metadata
        ends = list(meta.get("range") or meta.get("choices") or [True, False])
        data["rules"] = {name: draw(st.sampled_from(ends))}
        strict = False
    elif kind == "out":                    # checked by `validate` only: nothing is written
        run["out"] = draw(st.one_of(hostile_texts, not_str))
        strict = not isinstance(run["out"], str)
    elif kind == "several counts":         # per-seat lists against several player counts
        lo, hi = get_game(game).players
        players["count"] = list(range(lo, hi + 1))
        players[draw(st.sampled_from(["strategies", "heroes"]))] = draw(st.lists(
            st.sampled_from(["random", "Random", "all", "knight", "x"]), max_size=5))
        strict = False
    else:                                  # [tune] / [sensitivity]: one key broken
        run["game"], players["count"] = "dungeon_roll", 1
        table, valid = draw(st.sampled_from(sorted(ADAPTIVE.items())))
        broken = dict(valid)
        key = draw(st.sampled_from(sorted(ADAPTIVE_KEYS[table]) + ["no_such_key"]))
        broken[key] = draw(any_value.filter(lambda v: ":" not in str(v)))
        if draw(st.booleans()) and key in ("rules", "targets"):     # break one level deeper
            inner = valid[key][0] if key == "targets" else valid[key]
            inner = {**inner, draw(st.sampled_from(sorted(inner) + ["x"])): broken[key]}
            broken[key] = [inner] if key == "targets" else inner
        data[table] = broken
        strict = False
    return data, strict, kind


def not_valid_int(lo: int, hi: int):
    """CLI text that is not an integer in lo..hi (click parses with int(): '+5', '5_0', '٥')."""
    def valid(text: str) -> bool:
        try:
            return lo <= int(text) <= hi
        except ValueError:
            return False
    return st.one_of(st.text(printable, max_size=12), st.integers(max_value=lo - 1).map(str),
                     st.integers(min_value=hi + 1).map(str)).filter(lambda t: not valid(t))
