"""Whole games: invariants, variants, determinism, clones, strategies and malformed data files
(the view: test_view.py)."""
import json
import random
import shutil

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games.base import make_rules
from simulate.games.risky_adventure import GAME, Rules
from simulate.games.risky_adventure import components
from simulate.play import play_game
from strategies import build_strategy

from .helpers import table


def seats(n, name="fame_now"):
    return [build_strategy("risky_adventure", name) for _ in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("strategy", ["random", "fame_now", "engine_builder", "map_planner"])
def test_invariants_hold_in_whole_games(n, strategy):
    for seed in range(4):
        state, out, _ = play_game(GAME, Rules(), seats(n, strategy), seed, check=True)
        # 30 clocks, 27 artifacts, 12 wilds, 16 maps and 30 cards, each somewhere
        assert state.clock_supply + sum(state.clocks) == 30
        assert len(state.artifact_box) + sum(map(len, state.excavations)) \
            + sum(map(len, state.artifacts)) == 27
        assert state.wild_supply + sum(state.wilds) == 12
        assert len(state.map_deck) + len(state.maps_face_up) + sum(map(len, state.maps)) == 16
        assert len(state.artifact_box) == 6                    # 6 B stay in the box
        for m, score in zip(out.seat_metrics, out.scores):
            assert score == sum(m[k] for k in ("fame_artifacts", "fame_expeditions",
                                               "fame_scarabs", "fame_maps", "fame_bonus"))
        assert out.end_reason.split("+")[0] in ("equipment", "excavation", "expedition")


VARIANTS = [{"revealed_artifacts": 2}, {"die_pays_once": False}, {"discount_a_symbols": 2},
            {"artifact_activates_same_turn": False}, {"supply_limited": False},
            {"end_check": "turn_end"}, {"expeditions_to_end": 0}, {"trades_per_turn": 0},
            {"die_faces": [2, 2, 2], "dice": 5, "trade_dice": 2, "trades_per_turn": 2},
            {"expedition_reach": 2, "camp_spaces": 3, "adventurers": 4, "tie_break": "none"}]


@pytest.mark.parametrize("overrides", VARIANTS)
def test_variants_play_to_the_end(overrides):
    rules = make_rules(Rules, overrides)
    for n, seed, name in ((4, 1, "random"), (2, 2, "fame_now"), (3, 3, "map_planner")):
        state, out, _ = play_game(GAME, rules, seats(n, name), seed, check=True)
        assert state.is_over


def test_clone_is_independent_and_plays_on():
    state = table(2, seed=3)
    twin = state.clone()
    strategy = build_strategy("risky_adventure", "random")
    strategy.rng = random.Random(1)
    while not twin.is_over:
        twin.apply(strategy.choose(twin.view(twin.current_seat), twin.legal_actions()))
        twin.assert_invariants()
    assert state.turn == 1 and not state.is_over and state.fame == [0, 0]
    state.assert_invariants()
    again = state.clone(rng=random.Random(5))
    assert again.rng is not state.rng and again.legal_actions() == state.legal_actions()


def test_heuristics_beat_random():
    wins = {"fame_now": 0, "random": 0}
    for seed in range(20):
        pair = ["fame_now", "random"] if seed % 2 else ["random", "fame_now"]
        _, out, _ = play_game(GAME, Rules(), [build_strategy("risky_adventure", s) for s in pair],
                              seed)
        for s, won in zip(pair, out.won):
            wins[s] += won
    assert wins["fame_now"] >= 18


def _broken(tmp_path, name, change):
    folder = tmp_path / "data"
    shutil.copytree(components.DATA, folder)
    doc = json.loads((folder / name).read_text())
    change(doc)
    (folder / name).write_text(json.dumps(doc))
    return folder


@pytest.mark.parametrize("name, change, message", [
    ("artifacts.json", lambda d: d["artifacts"][3].pop("fame"), "artifacts[3] 'A4': missing field 'fame'"),
    ("artifacts.json", lambda d: d["artifacts"][7].update(cost="FFX"),
     "artifacts[7] 'B2': cost 'FFX' has unknown symbol 'X'"),
    ("equipment.json", lambda d: d["cards"][9].update(kind="discount_c"),
     "cards[9] 'discount_a_jungle_2': kind 'discount_c' is unknown"),
    ("expeditions.json", lambda d: d["expeditions"][1]["spots"].pop(),
     "every expedition needs the same number of spots"),
    ("treasure_maps.json", lambda d: d["maps"][0].update(needs="GX"), "maps[0] 'GG': needs 'GX'"),
])
def test_a_malformed_data_file_is_one_line_naming_file_and_entry(tmp_path, name, change, message):
    folder = _broken(tmp_path, name, change)
    with pytest.raises(components.ComponentError) as caught:
        components.load_components(folder)
    text = str(caught.value)
    assert f"data/{name}" in text and message in text and "\n" not in text


def test_too_few_artifacts_for_set_up_is_a_config_error(tmp_path, monkeypatch):
    folder = _broken(tmp_path, "artifacts.json", lambda d: d["artifacts"].pop(0))
    monkeypatch.setattr(components, "DATA", folder)
    components.load_components.cache_clear()
    config = tmp_path / "run.toml"
    config.write_text(f'[run]\ngame = "risky_adventure"\ngames = 2\njobs = 1\n'
                      f'out = "{tmp_path / "out"}"\n[players]\ncount = 2\n')
    try:
        result = CliRunner().invoke(app, ["run", str(config), "--no-report"])
    finally:
        monkeypatch.undo()
        components.load_components.cache_clear()
    assert result.exit_code == 2, result.output
    assert result.output.strip() == ("error: risky_adventure data/artifacts.json: 5 A-artifacts, "
                                     "set-up needs 6 (a_per_excavation = 2)")
    assert len(components.load_components().artifacts) == 27


def test_placeholders_name_every_file_with_placeholder_data():
    files = {p.split(":")[0] for p in GAME.placeholders}
    assert files == {"data/artifacts.json", "data/equipment.json", "data/expeditions.json",
                     "data/treasure_maps.json"}


def test_the_three_heuristics_are_presets_of_one_spot_valuer():
    """Each keeps its own defaults (shown by `simulate list`), takes overrides by keyword or
    position, and pickles (parallel runs send strategies to worker processes)."""
    import pickle

    from strategies import strategy_params
    from strategies.risky_adventure import STRATEGIES, SpotValuer

    assert strategy_params(STRATEGIES["engine_builder"])["discount_value"] == 4.0
    assert strategy_params(STRATEGIES["map_planner"])["progress_value"] == 0.4
    planner = STRATEGIES["map_planner"](2.0, map_weight=3.0)
    assert (planner.clock_value, planner.map_weight, planner.map_wild_value) == (2.0, 3.0, 4.0)
    assert planner.describe() == "map_planner(clock_value=2.0, map_weight=3.0)"
    for name, cls in STRATEGIES.items():
        copy = pickle.loads(pickle.dumps(cls()))
        assert isinstance(copy, SpotValuer) and copy.name == name
        assert vars(copy) == vars(cls())


def test_game_left_reads_the_board_length_from_the_components():
    """The heuristic's sense of how far the expedition has come follows the loaded boards
    (a designer's 12-spot board), not the shipped set's 8 spots."""
    from strategies.risky_adventure import game_left
    view = table(n=2).view(0)
    twelve = tuple(e._replace(spots=e.spots + e.spots[:4]) for e in view.comp.expeditions)
    at_six = view._replace(positions=(6, 0), comp=view.comp._replace(expeditions=twelve))
    on_eight = view._replace(positions=(6, 0))
    assert game_left(at_six) > game_left(on_eight)


def test_a_claim_after_a_forced_placement_ignores_the_previous_games_values():
    """A seat plays a whole chunk and is not asked for a forced placement: the claim of that
    turn must value the spots of its own game, not those remembered from the same turn number
    of the previous game (a new game is the rng simulate/play.py hands each seat)."""
    seat = build_strategy("risky_adventure", "fame_now")
    seat.rng = random.Random(1)
    first = GAME.new_game(Rules(), 2, random.Random(1), None)
    seat.choose(first.view(0), first.legal_actions())         # game 1, turn 0: it places
    seat.rng = random.Random(2)
    second = GAME.new_game(Rules(), 2, random.Random(2), None)
    second.apply(second.legal_actions()[-1])                  # game 2, turn 0: not asked
    fresh = build_strategy("risky_adventure", "fame_now")
    fresh.rng = seat.rng
    claims = second.legal_actions()
    assert seat.choose(second.view(0), claims) == fresh.choose(second.view(0), claims)
