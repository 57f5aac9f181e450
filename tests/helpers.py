"""Small things tests share: a strategy that cheats, a config writer."""
from pathlib import Path

from strategies import Strategy


class IllegalStrategy(Strategy):
    """Always answers with something that is never legal."""

    def choose(self, view, actions):
        return "cheat"


def write_config(folder: Path, text: str, name: str = "run.toml") -> Path:
    path = Path(folder) / name
    path.write_text(text)
    return path


SMALL_RUN = """
[run]
game = "dungeon_roll"
games = 60
seed = 11
chunk = 25
jobs = 1
out = "{out}"

[players]
count = [1, 3]
strategies = "{strategy}"

[[variants]]
name = "one_chest"
champion_opens_all_chests = false
"""
