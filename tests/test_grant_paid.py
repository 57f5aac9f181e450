"""Paid grants (``pay = true``: the seat gets the card at its price, simulate/games/grants.py) and
the review of the granted machinery: tune's twins checked on the grid point's own set, granted
metrics refused where they cannot run, twins not played where their seat is not at the table,
and Roll Player's card kinds read from the study's own data files."""
import json
import random
import shutil
import tomllib

import numpy as np
import polars as pl
import pytest

from simulate.adaptive.metrics import paired
from simulate.games import get_game
from simulate.games.component_files import game_components, using_folder
from simulate.games.grants import parse_grant, shown_grant, shown_seat
from simulate.play import play_game
from strategies import build_strategy
from tests.helpers import one_line_exit_2, simulate_cli

# Per paid game: the card, the field holding its price, its cheapest price and a dear one.
PRICES = {"roll_player": ("market.json", "Longsword", "cost", 0, 15),
          "risky_adventure": ("equipment.json", "scarab_top_1", "cost", "F", "MMMMMM")}
# The seats: the game's default, Risky Adventure's with its flat card values (card_payoff 0):
# the price's effect on the granted seat is what is tested, not the bots' taste for equipment
# (with card_payoff 0.5 the same 32 games leave -1.5 fame [-3.9, +0.9]).
SEATS = {"risky_adventure": {"name": "fame_now", "card_payoff": 0.0}}
SEEDS = 16


def _scores(game: str, price, grant_pay: bool | None) -> np.ndarray:
    """The granted seat's score per (seed, seat granted), the card at ``price`` (None: the
    baseline game, nobody granted: the same seat's score)."""
    file, card, field, _, _ = PRICES[game]
    spec = get_game(game)
    seats = [build_strategy(game, SEATS.get(game, spec.default_strategy)) for _ in range(2)]
    found = []
    with using_folder(game, None, (("set", file, f"{card}.{field}", price),)):
        for seed in range(SEEDS):
            for seat in range(2):
                grant = None if grant_pay is None else (file, card, seat, grant_pay)
                found.append(play_game(spec, spec.rules_class(), seats, seed,
                                       grant=grant)[1].scores[seat])
    return np.array(found, dtype=float)


@pytest.mark.parametrize("game", sorted(PRICES))
def test_a_dear_card_granted_at_its_price_lifts_its_seat_less_than_a_cheap_one(game):
    """Paired on the seeds: the granted seat's score uplift over the same seat of the baseline
    game, at the cheapest price and at a dear one. Paid, the dear card lifts it less; free, the
    price cannot matter (the granted copy is never bought): the same games to the point."""
    _, _, _, cheap, dear = PRICES[game]
    base = _scores(game, cheap, None)
    uplift = {price: _scores(game, price, True) - base for price in (cheap, dear)}
    change, _ = paired(uplift[cheap], uplift[dear], 0.95)
    assert change.high < 0, change                       # dearer: a lower paid uplift
    assert (_scores(game, cheap, False) == _scores(game, dear, False)).all()


def test_roll_player_takes_the_price_off_the_starting_gold_and_a_shortfall_is_owed():
    spec = get_game("roll_player")
    file, card, _, _, _ = PRICES["roll_player"]
    for price, gold in ((4, 1), (12, -7)):
        with using_folder("roll_player", None, (("set", file, f"{card}.cost", price),)):
            state = spec.new_game(spec.rules_class(), 2, random.Random(3),
                                  grant=(file, card, 1, True))
            while state.t.gold[1] == 0 and not state.is_over:      # until the Gold is dealt
                state.apply(state.legal_actions()[0])
            assert state.t.gold[1] - state.t.gold[0] == gold - 5, price
            state.assert_invariants()                   # a paid grant's debt is allowed


def test_risky_adventure_pays_a_clock_per_symbol_and_repays_the_rest_from_the_next_clocks():
    spec = get_game("risky_adventure")
    with using_folder("risky_adventure", None,
                      (("set", "equipment.json", "scarab_top_1.cost", "FFM"),)):
        state = spec.new_game(spec.rules_class(), 2, random.Random(0),
                              grant=("equipment.json", "scarab_top_1", 1, True))
    assert state.clocks == [1, 0] and state.owed == [0, 2]
    supply = state.clock_supply
    state.gain_clocks(1, 3)                              # two repay the debt, one is kept
    assert state.clocks[1] == 1 and state.owed[1] == 0 and state.clock_supply == supply - 1
    state.assert_invariants()


def test_a_free_grant_keeps_its_words_and_a_paid_one_says_so():
    spec = get_game("roll_player")
    free = parse_grant({"card": "market:Weak", "seat": 1}, spec, 2, "v")
    also_free = parse_grant({"card": "market:Weak", "seat": 1, "pay": False}, spec, 2, "v")
    paid = parse_grant({"card": "market:Weak", "seat": 1, "pay": True}, spec, 2, "v")
    assert free == also_free == ("market.json", "Weak", 1)        # old fingerprints stay valid
    assert shown_grant(free) == "market:Weak to seat 1"
    assert paid == ("market.json", "Weak", 1, True)
    assert shown_grant(paid) == "market:Weak to seat 1 at its price"


@pytest.mark.parametrize("grant", [("market.json", "Weak", 2), ("market.json", "Weak", 3, True),
                                   ("equipment.json", "to seat 1", 0, True)])
def test_a_grants_seat_is_read_back_from_its_words(grant):
    """The manifest keeps a grant in shown_grant's words (the fingerprint); shown_seat reads
    them back beside where they are written, so the manifest's plan cannot miss a seat."""
    from simulate.manifest import planned_chunks
    assert shown_seat(shown_grant(grant)) == grant[2]
    assert shown_seat("no grant") is None
    identity = {"games": 4, "chunk": 4, "player_counts": [2, 3, 4],
                "variants": [{"name": "v", "grant": shown_grant(grant)}]}
    assert planned_chunks(identity) == sum(n > grant[2] for n in (2, 3, 4))


@pytest.mark.parametrize("game, grant, words", [
    ("roll_player", '{ card = "market:Weak", seat = 0, pay = "yes" }', "allowed: true or false"),
    ("roll_player", '{ card = "market:Weak", seat = 0, pays = true }', "did you mean"),
    ("adventure_realms", '{ card = "adventure_cards:Fireball", seat = 0, pay = true }',
     "cannot grant a card of 'adventure_cards' at its price"),
])
def test_bad_paid_grant_input_is_one_line_exit_2(tmp_path, game, grant, words):
    config = tmp_path / "v.toml"
    config.write_text(f'[run]\ngame = "{game}"\ngames = 4\nout = "{tmp_path / "o"}"\n'
                      f'[[variants]]\nname = "given"\ngrant = {grant}\n')
    one_line_exit_2(simulate_cli("validate", config), words)


def test_cards_pay_is_checked_and_said(tmp_path):
    from simulate.adaptive.cards import plan_cards, plan_summary
    text = (f'[run]\ngame = "roll_player"\ngames = 4\nout = "{tmp_path / "o"}"\n'
            '[players]\ncount = 2\n[cards]\ndecks = ["market"]\nentries = ["Weak"]\n'
            'interventions = ["granted"]\npay = {pay}\n')
    plan = plan_cards(tomllib.loads(text.format(pay="true")))
    assert [v.grant[3:] for v in plan.cfg.variants if v.grant] == [(True,), (True,)]
    assert "granted at its price" in plan_summary(plan)
    config = tmp_path / "c.toml"
    config.write_text(text.format(pay=1))
    one_line_exit_2(simulate_cli("cards", config, "--no-report"), "[cards] pay = 1 is invalid")


TUNE = """
[run]
game = "roll_player"
games = 20
chunk = 10
out = "{out}"
[players]
count = 2
[tune]
rules = {{ "market:Longsword.cost" = [2, 3] }}
first_games = 10
[[tune.targets]]
metric = "granted_uplift"
card = "market:Longsword"
equals = 0.0
"""


def test_tune_checks_each_twin_on_its_own_grid_points_set(tmp_path, monkeypatch):
    """The grant is set up (at plan time) on the component set its twins play: the grid
    point's, not only the common one (a price the game refuses would name its point)."""
    from simulate.adaptive.tune import plan_tune
    from simulate.games.roll_player.market import MarketFlow
    module, seen, real = game_components("roll_player"), [], MarketFlow._give_granted

    def spy(self, grant):
        seen.append(next((e[3] for e in module.EDITS if e[2] == "Longsword.cost"), None))
        return real(self, grant)
    monkeypatch.setattr(MarketFlow, "_give_granted", spy)
    plan = plan_tune(tomllib.loads(TUNE.format(out=tmp_path / "o")))
    assert sorted(set(seen)) == [2, 3], seen             # each point's own price, granted
    assert [v.grant for v in plan.cfg.variants if v.grant][:2] == [
        ("market.json", "Longsword", 0), ("market.json", "Longsword", 1)]


def test_twins_are_not_played_where_their_seat_is_not_at_the_table(tmp_path):
    from simulate.adaptive.cards import plan_cards
    from simulate.manifest import planned_chunks
    from simulate.runner import plan_chunks
    data = tomllib.loads(f'[run]\ngame = "risky_adventure"\ngames = 4\nchunk = 4\n'
                         f'out = "{tmp_path / "o"}"\n[players]\ncount = [2, 3]\n'
                         '[cards]\ndecks = ["equipment"]\nentries = ["scarab_top_1"]\n'
                         'interventions = ["granted"]\n')
    cfg = plan_cards(data).cfg
    chunks = plan_chunks(cfg)
    twin = next(v.name for v in cfg.variants if v.grant and v.grant[2] == 2)
    assert {c.players for c in chunks if c.variant == twin} == {3}
    assert len(chunks) == 1 * 2 + 2 * 2 + 1             # baseline, seats 0-1, seat 2 at 3 only
    assert planned_chunks(cfg.identity()) == len(chunks)   # a whole run gets no coverage note
    from simulate.runner import absent_note
    assert absent_note(cfg) == ("1 granted variant is not played at 2 players (the granted "
                                "seat is not at the table)")


def test_sensitivity_refuses_a_granted_metric_in_one_line(tmp_path):
    config = tmp_path / "s.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 20\nout = "{tmp_path / "o"}"\n'
                      '[sensitivity]\nmetric = "granted_uplift"\nrules = ["discard_gold"]\n')
    one_line_exit_2(simulate_cli("validate", config), "metric 'granted_uplift' is not offered")


def test_tune_pay_applies_only_to_a_granted_metric(tmp_path):
    config = tmp_path / "t.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 20\nout = "{tmp_path / "o"}"\n'
                      '[tune]\nrules = { discard_gold = [1, 3] }\n[[tune.targets]]\n'
                      'metric = "win_rate"\npay = true\nequals = 0.5\n')
    one_line_exit_2(simulate_cli("validate", config), "pay = applies only to")


def test_roll_player_card_kinds_come_from_the_runs_own_folder(tmp_path):
    """A study whose folder makes the Longsword an armour card: the report's 'buying an
    Armour card' counts it, 'buying a Weapon' does not."""
    from reports.sections.roll_player import MECHANICS
    from simulate.config import parse_config
    from simulate.manifest import Manifest
    folder = tmp_path / "data"
    shutil.copytree(game_components("roll_player").SHIPPED, folder)
    market = json.loads((folder / "market.json").read_text())
    cards = market["cards"]
    cards[[c["name"] for c in cards].index("Longsword")] = {
        **next(c for c in cards if c["name"] == "Chain Helm"), "name": "Longsword"}
    (folder / "market.json").write_text(json.dumps(market))
    config = tmp_path / "r.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 4\nout = "{tmp_path / "o"}"\n'
                      f'[components]\nfolder = "{folder}"\n')
    from simulate.config import load_toml
    cfg = parse_config(load_toml(config))
    manifest = Manifest(tmp_path, cfg).data
    assert manifest["components_folder"] == cfg.components

    class Run:
        pass
    run = Run()
    run.manifest = manifest
    found = {m.name: m.used for m in MECHANICS(run)}
    bought = pl.DataFrame({"cards_bought_names": ["Longsword"]})
    assert bought.select(found["buying an Armour card"]).item() is True
    assert bought.select(found["buying a Weapon"]).item() is False


@pytest.mark.parametrize("damage", ["gone", "bad json", "not a path"])
def test_a_damaged_components_folder_in_the_manifest_is_one_line(tmp_path, damage):
    """The report's Market card kinds come from the manifest's components_folder: a folder
    gone, damaged or hand-edited is one clear line (it was silently the shipped cards' absence)."""
    from reports.sections.roll_player import MECHANICS
    from simulate.games.base import ConfigError
    folder = tmp_path / "data"
    shutil.copytree(game_components("roll_player").SHIPPED, folder)
    if damage == "bad json":
        (folder / "market.json").write_text("{")

    class Run:
        manifest = {"components_folder": 7 if damage == "not a path" else
                    str(folder if damage == "bad json" else tmp_path / "gone")}
    with pytest.raises(ConfigError) as caught:
        MECHANICS(Run())
    assert "components_folder" in str(caught.value) and "\n" not in str(caught.value)
