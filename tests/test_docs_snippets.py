"""Every snippet in README.md and docs/ works as written: TOML parses (a whole config validates),
Python runs, and every `simulate` command line names a command the CLI has."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.config import parse_config

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def snippets(language: str) -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for i, match in enumerate(FENCE.finditer(page.read_text(encoding="utf-8"))):
            if match.group(1) == language:
                found.append((f"{page.relative_to(ROOT)}#{i}", match.group(2)))
    return found


def test_pages_are_there_and_the_readme_is_a_guide():
    assert len(PAGES) >= 6
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300
    for page in PAGES:     # every page a link points to exists
        for target in re.findall(r"\]\(([^)#]+)\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to a missing {target}"


@pytest.mark.parametrize("where,text", snippets("toml"), ids=[w for w, _ in snippets("toml")])
def test_toml_snippets_parse_and_whole_configs_validate(where, text):
    data = tomllib.loads(text)
    if "game" in data.get("run", {}) and "players" in data:
        parse_config(data)


@pytest.mark.parametrize("where,text", snippets("python"), ids=[w for w, _ in snippets("python")])
def test_python_snippets_run(where, text, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = text.replace('"runs/notebook"', repr(str(tmp_path / "notebook")))
    exec(compile(text, where, "exec"), {"__name__": "snippet"})


def test_every_command_line_names_a_command():
    commands = set()
    for where, text in snippets("sh") + snippets("text"):
        for line in text.splitlines():
            words = line.split("#", 1)[0].split()
            if words[:1] == ["simulate"] and len(words) > 1 and not words[1].startswith("-"):
                commands.add(tuple(w for w in words[1:3] if not w.isupper() and w.isidentifier()))
    assert commands
    runner = CliRunner()
    for words in sorted(commands):
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0, f"simulate {' '.join(words)}: {result.output[-300:]}"
