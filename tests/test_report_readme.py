"""The README's Python snippet runs as written (issue 33: it used ``pl`` without importing it
and opened a folder it never made)."""
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_python_snippet_runs(tmp_path):
    text = (ROOT / "README.md").read_text()
    snippet = next(block for block in re.findall(r"```python\n(.*?)```", text, re.S)
                   if "open_results" in block)
    snippet = snippet.replace("configs/demo.toml", str(ROOT / "configs" / "demo.toml")) \
        .replace("games=200", "games=10")
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(snippet, "README.md", "exec"), {})
    finally:
        os.chdir(here)
