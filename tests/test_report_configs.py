"""Every shipped config names the command that runs it in its opening comment (8 of
19 did not), so a designer opening one knows what to type."""
import re
from pathlib import Path

import pytest

CONFIGS = sorted((Path(__file__).resolve().parent.parent / "configs").glob("*.toml"))
COMMANDS = {"run", "tune", "sensitivity", "train", "cards"}


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_a_config_names_its_command_in_its_first_lines(path):
    head = path.read_text().split("\n[", 1)[0]
    named = re.findall(rf"`simulate (\w+) configs/{re.escape(path.name)}`", head)
    assert named and set(named) <= COMMANDS, f"{path.name}: no `simulate <command> {path.name}`"
