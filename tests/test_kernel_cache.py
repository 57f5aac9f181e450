"""numba's cache: every compiled function of a game's kernel is cached in the folder of that
game's sources (simulate/kernels), whatever order a process imports the kernels in. numba fixes a
function's folder when it is decorated; a folder set once per game put modules imported later
into another game's folder, so a test process compiled for minutes what `make install` had
cached."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KERNEL_MODULES = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts)
    for folder in ("simulate", "strategies") for p in (ROOT / folder).rglob("*.py")
    if "@njit" in p.read_text() or "@no_refcounts" in p.read_text())

CHECK = """
import importlib, os, sys
import numba
from numba.core.dispatcher import Dispatcher
from simulate.kernels import use_cache_for
modules = sys.argv[1:]
for name in modules:
    importlib.import_module(name)
wrong = []
for name in modules:
    use_cache_for(name)
    folder = numba.config.CACHE_DIR + os.sep
    for value in vars(sys.modules[name]).values():
        if isinstance(value, Dispatcher) and value.py_func.__module__ == name \\
                and not value._cache._cache_path.startswith(folder):
            wrong.append(f"{name}.{value.py_func.__name__}")
print(len(wrong), wrong[:5])
"""


def test_every_kernel_function_is_cached_in_its_games_folder_in_any_import_order():
    assert len(KERNEL_MODULES) > 30
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(Path.home())}
    for order in (KERNEL_MODULES, KERNEL_MODULES[::-1]):
        done = subprocess.run([sys.executable, "-c", CHECK, *order], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.startswith("0 "), done.stdout
