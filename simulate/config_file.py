"""A config file read within bounds: a regular file of at most 1 MiB of UTF-8 TOML, nested at
most MAX_DEPTH deep, with short keys and strings, or a one-line ConfigError.

A config is hand-written, so the bounds are far above any real one and far below what could
exhaust the parser: tomllib recurses once per nested array or inline table (RecursionError) and
is quadratic in the parts of one dotted key (a 200 KB key of 100,000 parts takes many GB).
The text is scanned for both before it is parsed.
"""
from __future__ import annotations

import os
import re
import stat
import tomllib
from itertools import accumulate
from pathlib import Path
from typing import Any

from simulate.games.base import ConfigError

MAX_BYTES = 1 << 20        # 1 MiB
MAX_DEPTH = 16             # nested arrays / inline tables, and parts of one dotted key
MAX_KEY = 100              # characters of one key
MAX_STRING = 4096          # characters of one string value (a path is the longest)

# Strings and comments, which may hold any bracket or dot; what is left is the config's shape.
# Possessive, and an unclosed string runs to its end: linear in the text whatever it holds.
_OPAQUE = re.compile(r'"""(?:[^"\\]|\\[\s\S]?|"{1,2}(?!"))*+(?:"{3,5}|\Z)'
                     r"|'''(?:[^']|'{1,2}(?!'))*+(?:'{3,5}|\Z)"
                     r'|"(?:[^"\\\n]|\\[^\n]?)*+(?:"|$)'
                     r"|'[^'\n]*+(?:'|$)"
                     r"|#[^\n]*+", re.M)
_DOTTED = re.compile(r'(?<![\w-])(?:[\w-]++|"")(?:[ \t]*+\.[ \t]*+(?:[\w-]++|""))++')
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def load_toml(path: str | Path) -> dict[str, Any]:
    """The config at ``path`` as a dict, within the bounds above."""
    path = Path(path)
    text = _read_text(path)
    _check_shape(text, path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: malformed TOML: {exc}") from None
    except ValueError:              # int() refuses over 4300 digits
        raise ConfigError(f"{path}: a number of over 4300 digits") from None
    _check_sizes(data, path)
    tables = [data.get("components")] + [v.get("components") for v in data.get("variants", [])
                                         if isinstance(v, dict)] \
        if isinstance(data.get("variants", []), list) else [data.get("components")]
    for table in tables:
        if isinstance(table, dict) and isinstance(table.get("folder"), str):   # beside the file
            table["folder"] = str((path.parent / table["folder"]).resolve())
    return data


def _read_text(path: Path) -> str:
    """The file's text; only a regular file is opened (a FIFO or a device would block)."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise ConfigError(f"{path} is a folder, not a config file")
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{path} is not a regular file")
        _check_bytes(info.st_size, path)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))   # never waits
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):   # swapped since the stat
                raise ConfigError(f"{path} is not a regular file")
            raw = file.read(MAX_BYTES + 1)
    except ConfigError:
        raise
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except PermissionError:
        raise ConfigError(f"{path}: permission denied") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except ValueError:              # a NUL byte in the path
        raise ConfigError(f"config file not found: {path}") from None
    _check_bytes(len(raw), path)
    try:
        return raw.decode("utf-8-sig")                       # a BOM is accepted
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a UTF-8 text file") from None


def _check_bytes(size: int, path: Path) -> None:
    if size > MAX_BYTES:
        raise ConfigError(f"{path}: {size:,} bytes; a config is at most {MAX_BYTES:,} bytes")


def _check_shape(text: str, path: Path) -> None:
    """Nesting depth and dotted-key length, from the text without its strings and comments."""
    shape = _OPAQUE.sub(lambda m: '""' if m.group().startswith(('"', "'")) else "", text)
    depth = max(accumulate(_NESTING[c] for c in re.findall(r"[\[\]{}]", shape)), default=0)
    if depth > MAX_DEPTH:
        raise ConfigError(f"{path}: arrays or tables nested {depth} deep; the most is "
                          f"{MAX_DEPTH}")
    parts = max((m.group().count(".") + 1 for m in _DOTTED.finditer(shape)), default=0)
    if parts > MAX_DEPTH:
        raise ConfigError(f"{path}: a dotted key of {parts} parts; the most is {MAX_DEPTH}")


def _check_sizes(data: Any, path: Path) -> None:
    """Every key at most MAX_KEY and every string at most MAX_STRING characters, and the tables
    (headers plus dotted keys) at most 2 * MAX_DEPTH deep."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > 2 * MAX_DEPTH:
            raise ConfigError(f"{path}: tables nested over {2 * MAX_DEPTH} deep")
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise ConfigError(f"{path}: a string of {len(value):,} characters; the most is "
                              f"{MAX_STRING:,}")
        if isinstance(value, dict):
            for key in value:
                if len(key) > MAX_KEY:
                    raise ConfigError(f"{path}: a key of {len(key):,} characters; the most is "
                                      f"{MAX_KEY}")
            stack += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]
