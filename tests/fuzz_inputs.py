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
                            "rules": ["delves_per_player"]},
            "train": {"strategy": {"name": "cautious", "retire_level": 1},
                      "parameters": {"retire_level": [1, 6]}, "candidates": 2,
                      "first_games": 2}}
ADAPTIVE_KEYS = {"tune": {"rules", "step", "tolerance", "confidence", "first_games", "max_games",
                          "budget", "method", "targets"},
                 "sensitivity": {"metric", "players", "seat", "negligible", "rules",
                                 "first_games", "max_games", "confidence"},
                 "train": {"strategy", "parameters", "candidates", "seed", "first_games",
                           "max_games", "confidence"}}


def adaptive_table(config: dict) -> str | None:
    """The adaptive command a config is written for (its table), or None."""
    return next((table for table in ADAPTIVE if table in config), None)


def with_table(data: dict, table: str, body: dict) -> dict:
    """``data`` with an adaptive table; train names its strategy there, not in [players]."""
    data[table] = body
    if table == "train":
        data["players"].pop("strategies", None)
    return data


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
            "rules", "variants", "sweep", "tune", "sensitivity", "train")))] = draw(any_value)
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
        inner = (valid[key][0] if key == "targets" else valid[key]) \
            if key in ("rules", "targets") else None
        if draw(st.booleans()) and isinstance(inner, dict):        # break one level deeper
            inner = {**inner, draw(st.sampled_from(sorted(inner) + ["x"])): broken[key]}
            broken[key] = [inner] if key == "targets" else inner
        with_table(data, table, broken)
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


# ---------------------------------------------------------------------------------------------
# Any key of a full config given a hostile value, and hostile text spliced into a config file

BIG_NUMBERS = [2**63, -2**63 - 1, 2**64, 10**30, -10**30, 10**4000, math.nan, math.inf, -math.inf,
               -0.0, 5e-324, 1.7976931348623157e308]
ODD_TEXT = ["\u200b", "e\u0301", "\u202e", "\U0010ffff", "\ufeff", "\x00", "\x7f", "Ω≈ç√",
            "ﬃ", "İ", "\u0663", "🎲" * 2000, "x" * 5000, "k " * 3000]
hostile_values = st.one_of(any_value, st.sampled_from(BIG_NUMBERS + ODD_TEXT),
                           st.integers(min_value=2**63), st.integers(max_value=-2**63),
                           st.integers(1, 30).map(lambda d: _nested([], d)),
                           st.integers(1, 30).map(lambda d: _nested({}, d)),
                           st.just({"k" * 500: 1}), st.just(list(range(5000))))


def _nested(empty, depth: int):
    value = 1
    for _ in range(depth):
        value = [value] if isinstance(empty, list) else {"a": value}
    return value


def full_config(game: str, out: str, table: str = "") -> dict:
    """A valid config using every table: rules, variants (own seed and strategies), sweep and
    heroes; or, with ``table`` = tune or sensitivity, a valid adaptive config of Dungeon Roll."""
    if table:
        return with_table(base_config("dungeon_roll", out), table,
                          json.loads(json.dumps(ADAPTIVE[table]))
                          | ({"targets": [{"metric": "win_rate", "equals": 0.5, "players": 1,
                                           "tolerance": 0.2}]} if table == "tune" else {}))
    spec = get_game(game)
    fields = rule_fields(spec.rules_class)
    first, last = fields[0], fields[-1]
    data = base_config(game, out)
    data["players"].update(rotate=False, heroes=spec.heroes[0] if spec.heroes else "random")
    data["rules"] = {first.name: first.default}
    data["variants"] = [{"name": "v", "seed": 3, "strategies": "random",
                         last.name: last.default}]
    data["sweep"] = {first.name: [first.default]}
    return data


def key_paths(data, prefix=()) -> list[tuple]:
    """Every key and list index of a config, tables included (a table can be mistyped too)."""
    paths = []
    items = data.items() if isinstance(data, dict) else enumerate(data) \
        if isinstance(data, list) else []
    for key, value in items:
        paths.append(prefix + (key,))
        paths += key_paths(value, prefix + (key,))
    return paths


# Keys whose valid values (or defaults) can make a run long or wide, or compile a kernel: broken
# configs with these only validate; any other key is also run, replayed, tuned.
COSTLY = {"games", "chunk", "jobs", "until_ci", "max_games", "first_games", "budget", "engine",
          "step"}


@st.composite
def mistyped_configs(draw, out: str):
    """(config, path, costly): a full config with one key (or table) set to a hostile value,
    removed, or given an unknown sibling."""
    table = draw(st.sampled_from(["", "", "tune", "sensitivity", "train"]))
    data = full_config(draw(st.sampled_from(GAMES)), out, table)
    path = draw(st.sampled_from(key_paths(data)))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    how = draw(st.sampled_from(["value", "value", "value", "remove", "sibling"]))
    if how == "remove":
        del parent[path[-1]]
    elif how == "sibling" and isinstance(parent, dict):
        parent[draw(hostile_texts.filter(lambda k: k not in parent))] = draw(hostile_values)
    else:
        parent[path[-1]] = draw(hostile_values)
    costly = bool(COSTLY & {str(k) for k in path}) or table == "tune" and "rules" in path
    return data, path, costly


def _splice(text: str, at: int, piece: str) -> str:
    lines = text.splitlines(keepends=True)
    at %= len(lines) + 1
    return "".join(lines[:at]) + piece + "\n" + "".join(lines[at:])


hostile_pieces = st.one_of(
    st.integers(17, 3000).map(lambda d: "deep = " + "[" * d + "]" * d),
    st.integers(17, 3000).map(lambda d: "deep = " + "{a = " * d + "1" + "}" * d),
    st.integers(17, 20000).map(lambda d: ".".join(["a"] * d) + " = 1"),
    st.integers(17, 3000).map(lambda d: "[" + ".".join(["t"] * d) + "]"),
    st.integers(101, 400_000).map(lambda n: "k" * n + " = 1"),
    st.integers(4097, 400_000).map(lambda n: f'v = "{"v" * n}"'),
    st.integers(4301, 6000).map(lambda n: "n = " + "9" * n),
    st.integers(20, 200).map(lambda n: "games = " + "9" * n),
    st.sampled_from(['s = "\\u0000"', 's = "\\uD800"', "f = nan", "f = -inf", "f = 1e999",
                     'deep = "[[[[[[[[[[[[[[[[[[[[[["', "# [[[[[[[[[[[[[[[[[[[[[[[[[[\nzz = 1",
                     "k = '''" + "[" * 40 + "'''", 'x = """' + "{" * 40 + '"""',
                     "a.b.c = 1\na.b = 2", "\u202e = 1", '"\U0010ffff" = 1', "games = 0x7fffffffffffffffff",
                     "seed = 1979-05-27T07:32:00Z", "[[run]]", "[run.game]"]))


@st.composite
def hostile_files(draw, out: str):
    """Text of a valid config with one hostile piece spliced in (often at a table's end)."""
    text = toml_text(full_config(draw(st.sampled_from(GAMES)), out))
    return _splice(text, draw(st.integers(0, 40)), draw(hostile_pieces))


# ---------------------------------------------------------------------------------------------
# Every option of every command given a bad value

HUGE = "9" * 1_000_000
INT_RANGES = {"--games": (1, MAX_GAMES), "--jobs": (1, MAX_JOBS), "--chunk": (1, MAX_CHUNK),
              "--seed": (0, 2**63 - 1), "--game": (0, 1), "--players": (1, 1)}
TEXT_OPTIONS = {"--engine": ("auto", "python", "compiled"), "--backend": ("loky", "dask"),
                "--variant": ("baseline", "v")}
FLAGS = ["--fresh", "--debug", "--report", "--no-report"]
COMMAND_OPTIONS = {
    "run": ["--out", "--jobs", "--games", "--seed", "--chunk", "--backend", "--scheduler",
            "--engine", "--until-ci", *FLAGS],
    "tune": ["--out", "--jobs", "--games", "--seed", "--chunk", "--backend", "--scheduler",
             *FLAGS],
    "sensitivity": ["--out", "--jobs", "--games", "--seed", "--chunk", "--backend",
                    "--scheduler", *FLAGS],
    "train": ["--out", "--jobs", "--games", "--seed", "--chunk", "--backend", "--scheduler",
              *FLAGS],
    "replay": ["--game", "--variant", "--players", "--seed", "--debug"],
    "validate": ["--debug"], "report": ["--debug"], "list": ["--debug"]}
odd_text = st.one_of(st.text(printable, max_size=12), st.sampled_from(ODD_TEXT + [HUGE, ""]))


@st.composite
def bad_option(draw, command: str):
    """One option of ``command`` with a value it must refuse."""
    option = draw(st.sampled_from(COMMAND_OPTIONS[command] + ["--no-such-option"]))
    if option in INT_RANGES:
        value = draw(st.one_of(not_valid_int(*INT_RANGES[option]),
                               st.sampled_from(["nan", "inf", "1e3", "0x10", HUGE, "٥"])))
        return [f"{option}={value}"]
    if option in TEXT_OPTIONS:
        return [f"{option}={draw(odd_text.filter(lambda v: v not in TEXT_OPTIONS[option]))}"]
    if option == "--until-ci":
        return [f"--until-ci={draw(st.sampled_from(['nan', 'inf', '-inf', '0', '1.5', HUGE]))}"]
    if option == "--scheduler":
        address = draw(odd_text.filter(lambda v: not re.search(r":[0-9]+$", v)))   # no port
        return ["--backend=dask", f"--scheduler={address}"]
    if option == "--out":
        return ["--out=" + draw(st.sampled_from(["", " ", "/", "~", ".", "..", "\0", "a" * 5000]))]
    if option in FLAGS:
        return [f"{option}={draw(st.sampled_from(['maybe', '1', HUGE]))}"]
    return [option]                           # unknown


hostile_paths = st.one_of(odd_text, st.sampled_from(
    ["{dir}", "{fifo}", "{missing}", "{unreadable}", "{binary}", "{big}", "/dev/zero",
     "/dev/null", "/proc/self/mem", "a\0b", "x" * 5000]))
