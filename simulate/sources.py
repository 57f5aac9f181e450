"""The run's fingerprint: everything that can change a game's numbers, file by file.

Every file of the ``simulate`` and ``strategies`` packages (source and data), and for a custom
strategy (``module:Class``) its module and every module it imports, transitively, that lies
outside the standard library and site-packages. Each file is one entry (``source <path>``), so a
refused resume names the file that changed. Imports made at run time by name
(``importlib.import_module(text)``) cannot be seen and are not covered.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import sys
import sysconfig
from pathlib import Path

from simulate.config import RunConfig
from strategies import build_strategy

PACKAGES = ("simulate", "strategies")
NOT_SOURCE = {".pyc", ".md"}
FOLDERS = [Path(sys.modules[name].__file__).resolve().parent for name in PACKAGES]
ROOT = FOLDERS[0].parent


def source_hashes(cfg: RunConfig) -> dict[str, str]:
    """Every source file that can change the run's games, by name, with its hash."""
    found = {}
    for module in custom_modules(cfg):
        found[f"strategy module {module}"] = _hash(_module_file(module))
    for file in package_files() + outside_imports(custom_modules(cfg)):
        found[f"source {_shown(file)}"] = _hash(file)
    return found


def package_files() -> list[Path]:
    """Every file of the tool's packages that can change a game: source and data, not the
    compiled caches, hidden files (editor swap files) or the rule digests (``*.md``)."""
    return sorted(p for folder in FOLDERS for p in folder.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and
                  not p.name.startswith(".") and p.suffix not in NOT_SOURCE)


def custom_modules(cfg: RunConfig) -> list[str]:
    """The modules of the seats' strategies that are not the tool's own."""
    seats = [s for v in cfg.variants for s in (v.strategies or [])] + list(cfg.strategies)
    names = set()
    for form in {json.dumps(s, sort_keys=True): s for s in seats}.values():
        name = type(build_strategy(cfg.game, form)).__module__
        if name.partition(".")[0] not in PACKAGES:
            names.add(name)
        text = form if isinstance(form, str) else form.get("name", "")
        if ":" in text:
            names.add(text.partition(":")[0])
    return sorted(names)


def outside_imports(modules: list[str]) -> list[Path]:
    """The source files ``modules`` import, transitively, that are neither the standard library,
    site-packages nor the tool's packages (those are covered whole). Importing ``a.b.c`` first
    executes ``a/__init__.py`` and ``a/b/__init__.py``: those are imports too."""
    seen: dict[str, Path] = {}
    visited: set[str] = set()
    todo = list(modules)
    while todo:
        name = todo.pop()
        if name in visited:
            continue
        visited.add(name)
        todo += _parents(name)
        file = _module_file(name)
        if file is None or not _is_users(file):
            continue
        seen[name] = file
        if file.suffix == ".py":
            todo += _imported_names(name, file)
    return sorted(set(seen.values()) - {_module_file(m) for m in modules})


def _parents(name: str) -> list[str]:
    """``['a', 'a.b']`` for ``a.b.c``: the packages whose ``__init__`` its import runs."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _imported_names(module: str, file: Path) -> list[str]:
    try:
        tree = ast.parse(file.read_bytes())
    except (SyntaxError, ValueError, OSError):
        return []
    package = module if file.name == "__init__.py" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            try:
                base = importlib.util.resolve_name(base, package) if node.level else base
            except (ImportError, ValueError):
                continue
            names += [base] + [f"{base}.{a.name}" for a in node.names if a.name != "*"]
    return names


def _module_file(name: str) -> Path | None:
    module = sys.modules.get(name)
    file = getattr(module, "__file__", None)
    if file is None and module is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError, AttributeError):
            return None
        file = spec.origin if spec is not None and spec.has_location else None
    return Path(file).resolve() if file else None


def _is_users(file: Path) -> bool:
    paths = sysconfig.get_paths()
    library = [Path(paths[k]).resolve() for k in ("stdlib", "platstdlib", "purelib", "platlib")]
    library += FOLDERS
    return not any(file.is_relative_to(p) for p in library)


def _shown(file: Path) -> str:
    return str(file.relative_to(ROOT)) if file.is_relative_to(ROOT) else str(file)


def _hash(file: Path | None) -> str:
    if file is None:
        return "no file"
    return hashlib.sha256(file.read_bytes()).hexdigest()[:16]
