"""The packages import one way (ARCHITECTURE.md): each module imports only its own layer and
those before it. Every import counts, at any depth (a lazy import inside a function too)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["base", "games", "strategies", "runner", "adaptive and reports", "CLI and API"]

# Most specific prefix wins; a module of simulate/ not named here is in the runner layer.
PLACES = {
    "simulate.statistics": "base",         # intervals and tests, importing nothing of ours
    "simulate.interrupts": "base",         # Ctrl-C and signals, importing nothing of ours
    "simulate.games": "games",
    "simulate.kernels": "games",
    "strategies": "strategies",
    "simulate.adaptive": "adaptive and reports",
    "reports": "adaptive and reports",
    "simulate.cli": "CLI and API",
    "simulate.api": "CLI and API",
    "simulate.__main__": "CLI and API",
}

# Imports against the layers that are accepted, each with its reason: (importer, imported) -> why.
# None today: the kernels' strategy parts live in strategies/compiled/, their chunk drivers in
# simulate/compiled/ (runner layer), so the games layer imports nothing above it.
ALLOWED: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for top in ("simulate", "strategies", "reports")
           for p in sorted((ROOT / top).rglob("*.py"))}


def layer_of(module: str) -> str | None:
    if module.split(".")[0] not in ("simulate", "strategies", "reports"):
        return None                         # the standard library or a third-party package
    if module == "simulate":
        return "base"                       # the package itself: __version__ only
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in PLACES:
            return PLACES[".".join(parts[:n])]
    return "runner"


def imported(module: str, path: Path):
    """(line, module) for every import in the file, lazy ones included, and each module of ours
    an ``import_module("...")`` or ``import_module(f"prefix.{name}")`` can reach."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        by_name = _import_module_prefix(node)
        if by_name is not None:
            for target in MODULES:
                if target == by_name or target.startswith(by_name.rstrip(".") + "."):
                    yield node.lineno, target
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[:len(parts) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:       # `from simulate import runner` imports simulate.runner
                sub = f"{source}.{alias.name}"
                yield node.lineno, sub if sub in MODULES else source


def _import_module_prefix(node) -> str | None:
    """The module name, or its fixed start, of an ``importlib.import_module`` call."""
    if not (isinstance(node, ast.Call) and node.args and getattr(
            node.func, "attr", getattr(node.func, "id", None)) == "import_module"):
        return None
    text = node.args[0]
    if isinstance(text, ast.Constant) and isinstance(text.value, str):
        return text.value
    if isinstance(text, ast.JoinedStr) and text.values and isinstance(text.values[0], ast.Constant):
        return text.values[0].value
    return None


def cycles(modules: list[str]) -> list[list[str]]:
    """The import circles among ``modules`` (strongly connected sets of two or more, Tarjan)."""
    edges = {m: {t for _, t in imported(m, MODULES[m]) if t in modules and t != m}
             for m in modules}
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(m):
        index[m] = low[m] = counter[0]
        counter[0] += 1
        stack.append(m)
        on.add(m)
        for t in edges[m]:
            if t not in index:
                visit(t)
                low[m] = min(low[m], low[t])
            elif t in on:
                low[m] = min(low[m], index[t])
        if low[m] == index[m]:
            group = []
            while True:
                t = stack.pop()
                on.discard(t)
                group.append(t)
                if t == m:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for m in modules:
        if m not in index:
            visit(m)
    return found


def allowed(module: str, target: str) -> bool:
    return any(module == a and (target == b or target.startswith(b + ".")) for a, b in ALLOWED)


def violations():
    found = []
    for module, path in MODULES.items():
        own = LAYERS.index(layer_of(module))
        for line, target in sorted(set(imported(module, path))):
            theirs = layer_of(target)
            if theirs is None or LAYERS.index(theirs) <= own or allowed(module, target):
                continue
            found.append(f"{path.relative_to(ROOT)}:{line}: {module} ({layer_of(module)}) "
                         f"imports {target} ({theirs})")
    return found


def test_every_module_imports_only_its_own_layer_and_those_before_it():
    assert not violations(), "imports against the layers:\n" + "\n".join(violations())


def test_the_layer_map_places_what_it_should():
    assert layer_of("simulate.games.dungeon_roll.state") == "games"
    assert layer_of("simulate.runner") == layer_of("simulate.results") == "runner"
    assert layer_of("reports.facts") == layer_of("simulate.adaptive.tune") == "adaptive and reports"
    assert layer_of("simulate.cli.common") == "CLI and API"
    assert layer_of("polars") is None


def test_a_lazy_import_of_a_later_layer_is_found(tmp_path):
    path = tmp_path / "kernel.py"
    path.write_text("def play():\n    from simulate.runner import run\n")
    assert list(imported("simulate.games.x.kernel", path)) == [(2, "simulate.runner")]
    assert LAYERS.index(layer_of("simulate.runner")) > LAYERS.index("games")


def test_the_runner_layer_has_no_import_circle():
    """A chunk's task goes down the runner layer and never back up into a module it left: the
    runner plans and schedules, the pool and Dask hand chunks to workers, simulate.chunk plays
    one, the compiled drivers and the engines below it (import_module included)."""
    runner_layer = [m for m in MODULES if layer_of(m) == "runner"]
    assert not cycles(runner_layer), cycles(runner_layer)


def test_import_module_is_read(tmp_path):
    path = tmp_path / "engines.py"
    path.write_text("import importlib\ndef k(g):\n    return importlib.import_module("
                    "f\"simulate.compiled.{g}\")\n")
    found = {t for _, t in imported("simulate.engines", path)}
    assert "simulate.compiled.dungeon_roll" in found and "importlib" in found
