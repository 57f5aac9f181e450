"""The rulings of ours each game plays (its READINGS) are the ones its RULES.md records, and the
report lists those a run depends on."""
import re
from pathlib import Path

import polars as pl
import pytest

from reports.summary import _readings, readings_of
from reports.tables import from_frames
from simulate.games import get_game

GAMES = ["dungeon_roll", "roll_for_adventure", "adventure_realms", "risky_adventure",
         "roll_player"]
ROOT = Path(__file__).resolve().parent.parent
# How RULES.md marks a ruling of ours (the rulebook's own rulings are numbered).
MARKS = re.compile(r"ruling of ours|our ruling|our reading|our own readings", re.IGNORECASE)


def plain(text: str) -> str:
    """Markdown emphasis dropped, line breaks as spaces: RULES.md wraps its lines."""
    return re.sub(r"\s+", " ", text.replace("*", ""))


def rules_md(game: str) -> str:
    return plain((ROOT / "simulate" / "games" / game / "RULES.md").read_text())


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_reading_is_a_passage_of_the_games_rules(game):
    text = rules_md(game)
    assert get_game(game).readings
    for reading in get_game(game).readings:
        assert plain(reading.text) in text, (game, reading.topic)


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_of_ours_that_rules_md_marks_is_listed(game):
    """Each place RULES.md says "ruling of ours" / "our reading" lies in (or beside) a listed
    reading, so a new reading written there and not listed fails here."""
    text = rules_md(game)
    spans = [(text.index(plain(r.text)), text.index(plain(r.text)) + len(plain(r.text)))
             for r in get_game(game).readings]
    for mark in MARKS.finditer(text):
        near = [a for a, b in spans if a - 300 <= mark.start() <= b + 10]
        assert near, (game, text[max(0, mark.start() - 120):mark.end() + 40])


def test_dungeon_roll_lists_every_reading_of_its_section():
    section = (ROOT / "simulate/games/dungeon_roll/RULES.md").read_text().split(
        "## Our readings")[1].split("\n## ")[0]
    bullets = [plain(b).strip() for b in section.split("\n- ")[1:]]
    listed = {plain(r.text) for r in get_game("dungeon_roll").readings}
    assert bullets and set(bullets) <= listed


def _run(game, variants, players=2):
    games = pl.DataFrame({"game": [0] * len(variants), "variant": list(variants),
                          "players": [players] * len(variants)})
    return from_frames(games, games.head(0), get_game(game), variants)


def test_the_report_folds_the_readings_the_run_depends_on():
    run = _run("roll_for_adventure", {"baseline": {"rules": {}}})
    (details,) = _readings(run)
    shown = details.blocks[0].text
    assert "Rulings of ours this run depends on (4" in details.summary
    assert all(r.text.replace("`", "") in shown for r in get_game("roll_for_adventure").readings)


def test_readings_follow_the_rules_players_and_grants_of_the_run():
    topics = lambda run: {r.topic for r in readings_of(run)}  # noqa: E731
    printed = topics(_run("adventure_realms", {"baseline": {"rules": {}}}))
    assert "Banish" in printed and "Capped supply" not in printed and "Granted cards" not in printed
    capped = _run("adventure_realms", {"baseline": {"rules": {}},
                                       "capped": {"rules": {"token_supply": "capped"},
                                                  "grant": "basic_heroes:Squire to seat 0"}})
    assert {"Capped supply", "Granted cards"} <= topics(capped)
    assert "Solo win" in topics(_run("dungeon_roll", {"baseline": {"rules": {}}}, players=1))
    assert "Solo win" not in topics(_run("dungeon_roll", {"baseline": {"rules": {}}}))
    paid = _run("roll_player", {"baseline": {"rules": {}},
                                "g": {"rules": {}, "grant": "market:X to seat 0 at its price"}})
    assert {"Granted cards", "Granted at its price"} <= topics(paid)
