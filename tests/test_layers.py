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
    """(line, module) for every import in the file, lazy ones included."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
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
