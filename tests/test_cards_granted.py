"""Granted cards: one seat starts with a card (simulate/games/grants.py), the second intervention
of `simulate cards`, measured as that seat's uplift over the same seat of the baseline game."""
import random
from pathlib import Path

import pytest

from reports.cards import granted_uplift
from reports.tables import open_run
from simulate.engines import choose_engine
from simulate.games import get_game
from tests.helpers import one_line_exit_2, simulate_cli

CONFIG = """
[run]
game = "{game}"
games = {games}
chunk = {games}
out = "{out}"
[players]
count = 2
{extra}
[cards]
decks = ["{deck}"]
entries = {entries}
interventions = ["granted"]
"""

# Per game: a card made free and strong, and one made useless, on the same seeds (one study
# where the two changes touch different cards, so the baseline is played once).
PLANTED = {
    "adventure_realms": ("adventure_cards", 20, [
        ({"strong": "Guild Loyalist", "useless": "Guild Diplomat"},
         '[components]\n"adventure_cards:Guild Loyalist.quest.cards" = 1\n'
         '"adventure_cards:Guild Loyalist.vp" = 20\n"adventure_cards:Guild Diplomat.vp" = 0')]),
    "risky_adventure": ("equipment", 40, [
        ({"strong": "scarab_top_1"}, "[rules]\nscarab_part_fame = 10\nscarab_pair_fame = 20"),
        ({"useless": "scarab_top_1"}, "[rules]\nscarab_part_fame = 0\nscarab_pair_fame = 0")]),
    "roll_player": ("market", 40, [
        ({"strong": "Weak", "useless": "Foolish"},
         '[components]\n"market:Weak.stars" = 10\n"market:Weak.condition.value" = 30\n'
         '"market:Foolish.stars" = 0')]),
}


def _uplifts(tmp_path: Path, game: str) -> dict:
    """{"strong" / "useless": the granted seat's uplift on win rate and score}."""
    deck, games, studies = PLANTED[game]
    found = {}
    for i, (entries, extra) in enumerate(studies):
        out, config = tmp_path / f"out{i}", tmp_path / f"cards{i}.toml"
        config.write_text(CONFIG.format(game=game, games=games, out=out, extra=extra,
                                        deck=deck, entries=str(list(entries.values()))
                                        .replace("'", '"')))
        result = simulate_cli("cards", config, "--no-report")
        assert result.exit_code == 0, result.output
        run = open_run(out)
        for kind, entry in entries.items():
            seats = {seat: variant for variant, (card, seat) in run.granted.items()
                     if card == f"{deck}:{entry}"}
            assert sorted(seats) == [0, 1]                # the grant rotated over both seats
            found[kind] = granted_uplift(run, 2, seats)
    return found


@pytest.mark.parametrize("game", sorted(PLANTED))
def test_a_strong_free_card_lifts_the_granted_seat_and_a_useless_one_does_nothing(tmp_path,
                                                                                  game):
    found = _uplifts(tmp_path, game)
    strong, useless = found["strong"], found["useless"]
    assert strong["won"].low > 0 and strong["score"].low > 0, strong
    assert useless["won"].low <= 0 <= useless["won"].high, useless
    assert useless["won"].value < strong["won"].low


GRANTS = {"adventure_realms": [("adventure_cards.json", "Fireball"),
                               ("guild_heroes.json", "Squire"), ("kings.json", None)],
          "risky_adventure": [("equipment.json", "discount_a_jungle_1")],
          "roll_player": [("market.json", "Longsword"), ("market.json", "Weak")]}


@pytest.mark.parametrize("game", sorted(GRANTS))
def test_a_grant_changes_the_set_up_only_and_draws_nothing_from_the_dice(game):
    spec = get_game(game)
    for file, entry in GRANTS[game]:
        if entry is None:                                       # the file's first entry
            from simulate.games.component_edits import entry_names
            from simulate.games.component_files import DataFolder, game_components
            module = game_components(game)
            entry = entry_names(DataFolder(game, module.SHIPPED, module.SHIPPED).json(file))[0]
        for seed in range(5):
            base_rng, granted_rng = random.Random(seed), random.Random(seed)
            spec.new_game(spec.rules_class(), 3, base_rng)
            state = spec.new_game(spec.rules_class(), 3, granted_rng, grant=(file, entry, 1))
            assert base_rng.getstate() == granted_rng.getstate(), (file, entry, seed)
            state.assert_invariants()


def test_a_grant_is_fingerprinted_a_resume_with_another_names_it(tmp_path):
    config = tmp_path / "v.toml"
    text = (f'[run]\ngame = "risky_adventure"\ngames = 4\nout = "{tmp_path / "out"}"\n'
            '[[variants]]\nname = "given"\n'
            'grant = {{ card = "equipment:scarab_top_1", seat = {seat} }}\n')
    config.write_text(text.format(seat=0))
    assert simulate_cli("run", config, "--no-report").exit_code == 0
    config.write_text(text.format(seat=1))
    one_line_exit_2(simulate_cli("run", config, "--no-report"), "grant of given changed",
                    "to seat 1")


@pytest.mark.parametrize("grant, words", [
    ('{ card = "equipment:scarab_top_9", seat = 0 }', "did you mean"),
    ('{ card = "artifacts:a1", seat = 0 }', "grants no card of 'artifacts'"),
    ('{ card = "equipment:scarab_top_1", seat = 5 }', "allowed: 0..1"),
    ('{ card = "equipment:scarab_top_1" }', "write grant = "),
    ('{ card = "equipment:scarab_top_1", seat = 0, seats = 1 }', "unknown key 'seats'"),
    ('"equipment:scarab_top_1"', "write grant = "),
    ('{ card = 3, seat = 0 }', "is invalid"),
])
def test_bad_grant_input_is_one_line_exit_2(tmp_path, grant, words):
    config = tmp_path / "v.toml"
    config.write_text(f'[run]\ngame = "risky_adventure"\ngames = 4\nout = "{tmp_path / "o"}"\n'
                      f'[[variants]]\nname = "given"\ngrant = {grant}\n')
    one_line_exit_2(simulate_cli("validate", config), words)


def test_a_game_that_cannot_grant_says_so(tmp_path):
    config = tmp_path / "v.toml"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 4\nout = "{tmp_path / "o"}"\n'
                      '[[variants]]\nname = "given"\ngrant = { card = "x:y", seat = 0 }\n')
    one_line_exit_2(simulate_cli("validate", config), "cannot grant a card")


def test_a_kernel_that_cannot_grant_falls_back_to_python_and_says_why():
    engine, why = choose_engine("dungeon_roll", ["risk_aware"], grants=True)
    assert engine == "python" and "grants a card" in why
    assert choose_engine("dungeon_roll", ["risk_aware"])[0] == "compiled"
    with pytest.raises(Exception, match="grants a card"):
        choose_engine("dungeon_roll", ["risk_aware"], "compiled", grants=True)


TUNE = """
[run]
game = "roll_player"
games = 20
chunk = 20
out = "{out}"
[players]
count = 2
[components]
"market:Weak.condition.value" = 30
[tune]
rules = {{ "market:Weak.stars" = [0, 10] }}
step = {{ "market:Weak.stars" = 10 }}
first_games = 20
method = "halving"
[[tune.targets]]
{target}
"""


def test_tune_prices_a_card_by_its_granted_uplift(tmp_path):
    import json
    config = tmp_path / "tune.toml"
    config.write_text(TUNE.format(out=tmp_path / "out", target='metric = "granted_uplift"\n'
                                  'card = "market:Weak"\nequals = 0.0\ntolerance = 0.05'))
    result = simulate_cli("tune", config, "--no-report")
    assert result.exit_code == 0, result.output
    found = {c["point"][0]: c["estimates"][0]
             for c in json.loads((tmp_path / "out" / "tune.json").read_text())["candidates"]}
    assert found[0]["low"] <= 0 <= found[0]["high"]        # worth nothing: no uplift
    assert found[10]["low"] > 0                             # 10 stars held from the start


@pytest.mark.parametrize("target, words", [
    ('metric = "granted_uplift"\nequals = 0.0', 'needs the card granted, card = "deck:Entry"'),
    ('metric = "win_rate"\ncard = "market:Weak"\nequals = 0.5', "card = applies only to"),
    ('metric = "granted_uplift"\ncard = "market:Weakk"\nequals = 0.0', "did you mean"),
])
def test_bad_granted_target_is_one_line_exit_2(tmp_path, target, words):
    config = tmp_path / "tune.toml"
    config.write_text(TUNE.format(out=tmp_path / "out", target=target))
    one_line_exit_2(simulate_cli("validate", config), words)


def test_roll_player_removes_a_market_card_out_of_the_game_on_the_compiled_kernel(tmp_path):
    config = tmp_path / "rp.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 6\nchunk = 6\n'
                      f'out = "{tmp_path / "out"}"\n[players]\ncount = 2\n'
                      '[cards]\ndecks = ["market"]\nentries = ["Longsword"]\n'
                      'interventions = ["removed"]\n')
    result = simulate_cli("cards", config, "--no-report")
    assert result.exit_code == 0 and "1 cards removed" in result.output, result.output
    run = open_run(tmp_path / "out")
    assert run.manifest["engine"] == "compiled", run.manifest.get("engine_note")
    import polars as pl
    bought = run.seats.filter(pl.col("variant") == "without Longsword") \
        .select("cards_bought_names").collect()["cards_bought_names"].to_list()
    assert not any("Longsword" in b.split("|") for b in bought if b)
    assert choose_engine("roll_player", ["goal_chaser"],
                         edits=(("remove", "market.json", "Longsword", None),))[0] == "compiled"


def test_a_cost_change_changes_only_games_where_the_card_showed_up():
    """Paired on the seed: a game in which Longsword never came to the Market (never named in
    its log) plays exactly the same at another price; one where it showed up may differ."""
    from simulate.games.component_files import using_folder
    from simulate.play import play_game
    from strategies import build_strategy
    spec = get_game("roll_player")
    seats = [build_strategy(spec.name, "goal_chaser") for _ in range(2)]
    shown = differed = 0
    for seed in range(12):
        log: list[str] = []
        base = play_game(spec, spec.rules_class(), seats, seed, log=log)[1:]
        with using_folder("roll_player", None, (("set", "market.json", "Longsword.cost", 0),)):
            other = play_game(spec, spec.rules_class(), seats, seed)[1:]
        same = (list(base[0].scores), base[1]) == (list(other[0].scores), other[1])
        if any("Longsword" in line for line in log):
            shown += 1
            differed += not same
        else:
            assert same, seed
    assert shown and differed          # the change reached the games where the card was seen


def test_where_a_granted_card_lies_is_independent_of_the_games_next_draw():
    """The grant's own dice are seeded from a copy of the game's, not the copy itself: with the
    copy, the card's place (randrange(11)) and the game's next d6 read the same bits, and the
    card in the top five places always met a 4-6 (9,127 of 20,000 seeds, no other cell)."""
    from simulate.games.grants import side_stream
    cells = {(a, b): 0 for a in (False, True) for b in (False, True)}
    for seed in range(2000):
        rng = random.Random(seed)
        place = side_stream(rng).randrange(11)
        cells[(place >= 6, rng.randint(1, 6) >= 4)] += 1
    assert min(cells.values()) > 300, cells        # about 500 each when independent


def test_cards_at_their_price_in_a_game_that_cannot_price_them_is_one_line(tmp_path):
    """One refusal for the study, not one per card with the removals played regardless."""
    config = tmp_path / "c.toml"
    config.write_text(CONFIG.format(game="adventure_realms", games=4, out=tmp_path / "o",
                                    extra="", deck="adventure_cards", entries='["Coin Purse"]')
                      .replace('interventions = ["granted"]', 'pay = true'))
    one_line_exit_2(simulate_cli("cards", config, "--no-report"), "at its price")
    assert not (tmp_path / "o").exists()
