"""Restricted play: a seat forbidden a card (``restrict = ["card:Name"]`` in its strategy table)
is never offered an action that takes it (strategies/restricted.py). A planted strong card costs
the forbidden seat its wins; a card nobody takes changes no game."""
import json

import numpy as np
import polars as pl
import pytest

from simulate.api import run
from simulate.games import get_game
from simulate.play import play_game
from strategies import build_strategy
from tests.helpers import one_line_exit_2, simulate_cli

pytestmark = pytest.mark.slow
CLOAK = "Mystic Cloak"


def _strong_cloak(tmp_path):
    """Roll Player's Market with one card worth 15 stars to whoever buys it: Mystic Cloak, the
    only piece of the Mystic set, whose table gives 15 for one piece."""
    folder = tmp_path / "data"
    assert simulate_cli("components", "export", "roll_player", folder).exit_code == 0
    market = json.loads((folder / "market.json").read_text())
    market["armor_sets"]["Mystic"] = {str(k): 15 for k in range(1, 6)}
    for card in market["cards"]:
        if card.get("set") == "Mystic" and card["name"] != CLOAK:
            card["set"] = "Leather"
    (folder / "market.json").write_text(json.dumps(market))
    return folder


def _seat_zero(tmp_path, folder, card: str) -> pl.DataFrame:
    config = {"run": {"game": "roll_player", "games": 200, "seed": 3, "chunk": 100, "jobs": 1,
                      "out": str(tmp_path / card.replace(" ", "_"))},
              "players": {"count": 2, "strategies": "goal_chaser"},
              "components": {"folder": str(folder)},
              "variants": [{"name": "forbidden", "strategies": [
                  {"name": "goal_chaser", "restrict": [f"card:{card}"]}, "goal_chaser"]}]}
    seats = run(config, report=False).seats()
    return seats.filter(pl.col("seat") == 0).sort("game")


def test_a_seat_forbidden_a_strong_card_never_takes_it_and_loses_its_wins(tmp_path):
    seat = _seat_zero(tmp_path, _strong_cloak(tmp_path), CLOAK)
    base, forbidden = (seat.filter(pl.col("variant") == v) for v in ("baseline", "forbidden"))
    assert base["cards_bought_names"].str.contains(CLOAK).mean() > 0.3    # wanted, and taken
    assert not forbidden["cards_bought_names"].str.contains(CLOAK).any()
    assert forbidden["strategy"][0] == f"goal_chaser never taking {CLOAK}"
    lost = forbidden["won"].cast(float).to_numpy() - base["won"].cast(float).to_numpy()
    assert lost.mean() + 1.96 * lost.std(ddof=1) / np.sqrt(len(lost)) < 0   # paired, per seed


def test_a_seat_forbidden_a_card_nobody_takes_plays_the_same_games(tmp_path):
    seat = _seat_zero(tmp_path, _strong_cloak(tmp_path), "Quarterstaff")
    base, forbidden = (seat.filter(pl.col("variant") == v) for v in ("baseline", "forbidden"))
    assert not base["cards_bought_names"].str.contains("Quarterstaff").any()
    assert base["score"].to_list() == forbidden["score"].to_list()


@pytest.mark.parametrize("game, card", [("risky_adventure", "discount_a_jungle_1"),
                                        ("adventure_realms", "Prince of Thieves")])
def test_every_card_game_filters_what_a_forbidden_seat_is_offered(game, card):
    spec = get_game(game)
    seen = []

    class Watch:           # records what the restricted seat was offered, then plays on
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, key):
            return getattr(self.inner, key)

        def choose(self, view, actions):
            seen.extend(a for a in actions if card in spec.cards_taken(view, a))
            return self.inner.choose(view, actions)

    restricted = build_strategy(game, {"name": spec.default_strategy, "restrict": [f"card:{card}"]})
    object.__setattr__(restricted, "inner", Watch(restricted.inner))
    seats = [restricted] + [build_strategy(game, spec.default_strategy) for _ in range(2)]
    for seed in range(20):
        play_game(spec, spec.rules_class(), seats, seed)
    assert not seen


@pytest.mark.parametrize("restrict, words", [
    ('["card:Longswrd"]', ("unknown card 'Longswrd'", "did you mean 'Longsword'")),
    ('"card:Longsword"', ("restrict", "a list")), ('["Longsword"]', ('"card:<name>"',))])
def test_a_bad_restriction_is_one_line(tmp_path, restrict, words):
    config = tmp_path / "c.toml"
    config.write_text('[run]\ngame = "roll_player"\ngames = 4\n[players]\ncount = 2\n'
                      f'strategies = [{{ name = "goal_chaser", restrict = {restrict} }}, '
                      '"goal_chaser"]\n')
    one_line_exit_2(simulate_cli("run", config, "--out", tmp_path / "o"), *words)


def test_a_game_without_cards_refuses_a_restriction(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('[run]\ngame = "dungeon_roll"\ngames = 4\n[players]\ncount = 1\n'
                      'strategies = { name = "risk_aware", restrict = ["card:x"] }\n')
    one_line_exit_2(simulate_cli("run", config, "--out", tmp_path / "o"), "no cards",
                    "its mechanics: flee")


def test_the_first_screen_says_what_a_seat_loses_without_a_card(tmp_path):
    from reports.report import structure
    from reports.summary import RESTRICTION_HEADING
    from reports.tables import open_run
    config = {"run": {"game": "roll_player", "games": 120, "seed": 3, "chunk": 60, "jobs": 1,
                      "out": str(tmp_path / "o")},
              "players": {"count": 2, "strategies": "goal_chaser"},
              "components": {"folder": str(_strong_cloak(tmp_path))},
              "variants": [{"name": f"no {card}", "strategies": [
                  {"name": "goal_chaser", "restrict": [f"card:{card}"]}, "goal_chaser"]}
                  for card in (CLOAK, "Quarterstaff")]}
    run(config, report=False)
    tables = open_run(tmp_path / "o")
    report = structure(tables)
    texts = [getattr(b, "text", "") for b in report.summary]
    lines = texts[texts.index(RESTRICTION_HEADING) + 1].split("\n")
    cloak, staff = (next(x for x in lines if f"never taking {c}" in x)
                    for c in (CLOAK, "Quarterstaff"))
    assert "the card matters to a player who may use it" in cloak and "pts [" in cloak
    assert "no game differed: the seat never wanted it" in staff
    assert next(s for s in report.sections if s.title == "Restricted play")


@pytest.mark.parametrize("game, seats, mechanic, column", [("risky_adventure", 2, "trade",
                                                             "trades")])
def test_a_seat_forbidden_a_mechanic_never_uses_it(tmp_path, game, seats, mechanic, column):
    default = get_game(game).default_strategy
    config = {"run": {"game": game, "games": 60, "seed": 2, "chunk": 30, "jobs": 1,
                      "out": str(tmp_path / "o")},
              "players": {"count": seats, "strategies": default},
              "variants": [{"name": "without", "strategies": [
                  {"name": default, "restrict": [f"mechanic:{mechanic}"]}]
                  + [default] * (seats - 1)}]}
    table = run(config, report=False).seats().filter(pl.col("seat") == 0)
    used = {v: int(table.filter(pl.col("variant") == v)[column].sum())
            for v in ("baseline", "without")}
    assert used["baseline"] > 0 and used["without"] == 0, used


def test_an_unknown_mechanic_is_one_line_with_the_games_vocabulary(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text('[run]\ngame = "dungeon_roll"\ngames = 4\n[players]\ncount = 1\n'
                      'strategies = { name = "risk_aware", restrict = ["mechanic:fle"] }\n')
    one_line_exit_2(simulate_cli("run", config, "--out", tmp_path / "o"),
                    "unknown mechanic 'fle'", "did you mean 'flee'", "scroll")


@pytest.mark.parametrize("game, mechanic", [("dungeon_roll", "scroll"), ("dungeon_roll", "flee"),
                                            ("roll_player", "skills"),
                                            ("adventure_realms", "fort_agent")])
def test_a_forbidden_mechanic_is_offered_only_when_nothing_else_is_legal(game, mechanic):
    spec = get_game(game)
    test = next(t for name, _, t in spec.mechanics if name == mechanic)
    forced = []

    class Watch:
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, key):
            return getattr(self.inner, key)

        def choose(self, view, actions):
            using = [test(view, a) for a in actions]
            assert all(using) or not any(using), "a forbidden action beside a permitted one"
            forced.append(all(using))
            return self.inner.choose(view, actions)

    seat = build_strategy(game, {"name": spec.default_strategy,
                                 "restrict": [f"mechanic:{mechanic}"]})
    object.__setattr__(seat, "inner", Watch(seat.inner))
    count = max(spec.players[0], 2) if game != "dungeon_roll" else 1
    seats = [seat] + [build_strategy(game, spec.default_strategy) for _ in range(count - 1)]
    for seed in range(12):
        play_game(spec, spec.rules_class(), seats, seed)
    assert forced                                      # the seat was asked something


def test_a_restricted_variant_plays_on_python_beside_a_baseline_on_the_kernel(tmp_path):
    """The engine is chosen per variant: the same games as a run all on Python."""
    from simulate.results_folder import read_marker
    tables = {}
    for engine in ("auto", "python"):
        config = {"run": {"game": "roll_player", "games": 40, "seed": 3, "chunk": 20, "jobs": 2,
                          "out": str(tmp_path / engine), "engine": engine},
                  "players": {"count": 2, "strategies": "goal_chaser"},
                  "variants": [{"name": "no skills", "strategies": [
                      {"name": "goal_chaser", "restrict": ["mechanic:skills"]}, "goal_chaser"]}]}
        tables[engine] = run(config, report=False).seats().sort("variant", "game", "seat")
    assert read_marker(tmp_path / "auto")["engine"] == "mixed"
    assert "no skills on Python" in read_marker(tmp_path / "auto")["engine_note"]
    columns = [c for c in tables["python"].columns if c != "engine"]
    assert tables["auto"].select(columns).equals(tables["python"].select(columns))


def test_simulate_cards_forbids_each_card_to_each_seat_in_turn(tmp_path):
    """[cards] interventions = ["restricted"]: per card and seat a variant whose seat never
    takes the card, the report's card section ranking what each card is worth to a seat."""
    from reports.report import structure
    from reports.tables import open_run
    folder = _strong_cloak(tmp_path)
    config = tmp_path / "cards.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 100\nseed = 3\nchunk = 50\n'
                      f'out = "{tmp_path / "o"}"\n[players]\ncount = 2\n'
                      f'[components]\nfolder = "{folder}"\n[cards]\ndecks = ["market"]\n'
                      f'entries = ["{CLOAK}", "Quarterstaff"]\ninterventions = ["restricted"]\n')
    played = simulate_cli("cards", config, "--no-report")
    assert played.exit_code == 0, played.output
    assert "2 forbidden to each seat in turn" in played.output
    report = structure(open_run(tmp_path / "o"))
    findings = {f.about: f for s in report.sections for f in s.family.findings}
    assert findings[f"never taking {CLOAK}: that seat's win rate"].significant
    assert "never taking Quarterstaff: that seat's win rate" not in findings   # no game differed
