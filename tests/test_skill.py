"""heroes = "all", variants that change the strategies, and the skill ladder section."""
import polars as pl
import pytest

from reports.report import build_report
from simulate.config import heroes_for_game, parse_config
from simulate.games import get_game
from simulate.games.base import ConfigError
from simulate.runner import run


@pytest.mark.parametrize("game,players", [("roll_player", 4), ("dungeon_roll", 3),
                                          ("roll_for_adventure", 4)])
def test_all_heroes_equal_counts_per_hero_and_seat(game, players):
    spec = get_game(game)
    cfg = parse_config({"run": {"game": game, "games": 10},
                        "players": {"count": players, "heroes": "all"}})
    h = len(spec.heroes)
    counts = {}
    for index in range(3 * h):
        dealt = heroes_for_game(spec, cfg.heroes, index)
        assert len(set(dealt)) == players                 # one hero per seat in a game
        for seat, hero in enumerate(dealt):
            counts[seat, hero] = counts.get((seat, hero), 0) + 1
    assert set(counts.values()) == {3} and len(counts) == players * h


def test_all_heroes_played_in_a_run(tmp_path):
    """Roll Player with heroes = "all": every class at every seat, the same in every variant."""
    spec = get_game("roll_player")
    n = len(spec.heroes)
    cfg = parse_config({"run": {"game": "roll_player", "games": n, "seed": 2, "chunk": n,
                                "out": str(tmp_path)},
                        "players": {"count": 2, "strategies": "random", "heroes": "all"},
                        "variants": [{"name": "no_skills", "skills_usable": False}]})
    run(cfg)
    seats = pl.read_parquet(tmp_path / "seats" / "*.parquet")
    per = seats.group_by("variant", "seat", "class").len()
    assert per["len"].to_list() == [1] * (2 * 2 * n)
    base, other = (seats.filter(pl.col("variant") == v).sort("game", "seat")["class"]
                   for v in ("baseline", "no_skills"))
    assert base.to_list() == other.to_list()


def test_too_many_seats_for_all_heroes():
    with pytest.raises(ConfigError, match='heroes = "all" needs at least'):
        from simulate.config import _heroes
        from dataclasses import replace
        _heroes("all", 4, replace(get_game("dungeon_roll"), heroes=("a", "b")))


def test_variant_strategies_and_skill_ladder(tmp_path):
    """A variant may change only who plays; the report ranks the line-ups and, for co-op, plots
    the team result against the search budget."""
    cfg = parse_config({"run": {"game": "roll_for_adventure", "games": 3, "seed": 5, "chunk": 3,
                                "out": str(tmp_path)},
                        "players": {"count": 2, "strategies": "balanced"},
                        "variants": [{"name": "random", "strategies": "random"},
                                     {"name": "search 2", "strategies": {
                                         "name": "search", "simulations": 1}}]})
    assert cfg.variants[1].strategies == ["random", "random"]
    assert cfg.variants[1].rules == cfg.variants[0].rules
    run(cfg)
    games = pl.read_parquet(tmp_path / "games" / "*.parquet")
    lineup = dict(games.select("variant", "strategies").unique().iter_rows())
    assert lineup == {"baseline": "balanced|balanced", "random": "random|random",
                      "search 2": "search(simulations=1)|search(simulations=1)"}
    report = build_report(tmp_path).read_text()
    for text in ("Skill ladder", "strongest first", "against the search budget"):
        assert text in report, text


def test_free_class_choice_table(tmp_path):
    cfg = parse_config({"run": {"game": "roll_player", "games": 4, "seed": 5, "chunk": 4,
                                "out": str(tmp_path)},
                        "players": {"count": 2, "strategies": "random"}})
    run(cfg)
    report = build_report(tmp_path).read_text()
    assert "How often each class is played" in report


def test_bad_variant_strategy():
    with pytest.raises(ConfigError, match="variant 'v': strategies"):
        parse_config({"run": {"game": "dungeon_roll"},
                      "variants": [{"name": "v", "strategies": "psychic"}]})
