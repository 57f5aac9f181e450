"""`simulate cards --pairs K`: the K most valuable cards removed in pairs, each pair's synergy
(joint effect minus the two single effects, paired per seed) with its interval in the report's
one Holm correction (simulate/adaptive/card_pairs.py, reports/card_pairs.py)."""
import json

import numpy as np
import polars as pl
import pytest

from simulate.adaptive.card_pairs import pair_sums, per_seed
from simulate.games import get_game
from simulate.statistics import holm, within_game
from tests.helpers import one_line_exit_2, simulate_cli

SEEDS = 400


def planted(rng) -> pl.DataFrame:
    """Per seed: A and B do nothing alone and cost 4 points together (they only score
    together); C costs 1 point alone and adds up with A."""
    base = rng.normal(20, 3, SEEDS)
    noise = lambda: rng.normal(0, 1, SEEDS)      # noqa: E731  each variant its own games
    return pl.DataFrame({"players": [3] * SEEDS, "game": range(SEEDS), "baseline": base,
                         "a": base + noise(), "b": base + noise(), "c": base - 1 + noise(),
                         "ab": base - 4 + noise(), "ac": base - 1 + noise()})


def test_a_planted_pair_is_found_and_a_neutral_pair_is_not_claimed():
    singles = {"deck:A": "a", "deck:B": "b", "deck:C": "c"}
    rows = pair_sums(planted(np.random.default_rng(3)), singles,
                     {"ab": ("deck:A", "deck:B"), "ac": ("deck:A", "deck:C")})
    diffs = {r["pair"]: within_game(r["n"], r["total"], r["squares"]) for r in rows}
    adjusted = dict(zip(diffs, holm([d.p for d in diffs.values()])))
    together, neutral = diffs["ab"], diffs["ac"]
    assert together.high < 0 and adjusted["ab"] < 0.05 and abs(together.value + 4) < 0.5
    assert neutral.low < 0 < neutral.high and adjusted["ac"] >= 0.05
    by_pair = {r["pair"]: r for r in rows}
    assert abs(by_pair["ac"]["da"]) < 0.3 and abs(by_pair["ac"]["db"] + 1) < 0.3


def _config(tmp_path, extra=""):
    path = tmp_path / "cards.toml"
    path.write_text(f'[run]\ngame = "adventure_realms"\ngames = 40\nchunk = 20\nseed = 4\n'
                    f'out = "{tmp_path / "o"}"\n[players]\ncount = 3\nstrategies = "balanced"\n'
                    '[cards]\ndecks = ["adventure_cards"]\n'
                    'entries = ["Coin Purse", "Fireball", "Guild Diplomat", "Mana Vial"]\n'
                    'interventions = ["removed"]\n' + extra)
    return path


@pytest.mark.slow
def test_pairs_play_in_their_own_run_on_the_study_seeds_and_reach_the_report(tmp_path):
    config = _config(tmp_path, "pairs = 3\n")
    first = simulate_cli("cards", config)
    assert first.exit_code == 0, first.output
    out = tmp_path / "o"
    study = json.loads((out / "cards.json").read_text())
    assert study["pairs_wanted"] == 3 and len(study["pairs"]["pairs"]) == 3
    assert len(study["pairs"]["singles"]) == 3
    spec = get_game("adventure_realms")
    # the pairs' run replays the study's baseline and single removals game for game
    singles = study["pairs"]["singles"]
    card_variant = {card: v for v, card in study["cards"].items()}
    mine = per_seed(out / "pairs", spec, ["baseline", *singles.values()])
    theirs = per_seed(out, spec, ["baseline", *(card_variant[c] for c in singles)])
    assert mine["baseline"].to_list() == theirs["baseline"].to_list()
    for card, variant in singles.items():
        assert mine[variant].to_list() == theirs[card_variant[card]].to_list()
    page = (out / "report.html").read_text()
    assert "Card pairs at 3 players" in page and "Synergy of card pairs" in page
    again = simulate_cli("cards", config)
    assert again.exit_code == 0 and "resumed: nothing to play" in again.output
    fresh = simulate_cli("cards", config, "--fresh", "--pairs", 2, "--no-report")
    assert fresh.exit_code == 0, fresh.output
    assert len(json.loads((out / "cards.json").read_text())["pairs"]["pairs"]) == 1


@pytest.mark.parametrize("extra, words", [
    ("pairs = 1\n", ("pairs", "2 to 8")), ("pairs = true\n", ("pairs", "whole number")),
    ('pairs = 3\n[cards.x]\n', ("x",))])
def test_a_bad_pairs_value_is_one_line(tmp_path, extra, words):
    one_line_exit_2(simulate_cli("cards", _config(tmp_path, extra)), *words)


def test_pairs_need_the_removals(tmp_path):
    path = _config(tmp_path, "pairs = 3\n")
    path.write_text(path.read_text().replace('["removed"]', '["granted"]'))
    one_line_exit_2(simulate_cli("cards", path), "pairs", "removed")


def _two_piece_set(tmp_path):
    """Roll Player's market with one armour set of two pieces that score together: Chain Helm
    or Chain Leggings alone is 1 star, both 20 (the other Chain pieces moved to Mystic)."""
    folder = tmp_path / "data"
    assert simulate_cli("components", "export", "roll_player", folder).exit_code == 0
    market = json.loads((folder / "market.json").read_text())
    market["armor_sets"]["Chain"] = {"1": 1, "2": 20, "3": 20, "4": 20, "5": 20}
    for card in market["cards"]:
        if card.get("set") == "Chain" and card["name"] not in ("Chain Helm", "Chain Leggings"):
            card["set"] = "Mystic"
    (folder / "market.json").write_text(json.dumps(market))
    return folder


@pytest.mark.slow
def test_two_cards_that_only_score_together_are_found_in_a_real_game(tmp_path):
    folder = _two_piece_set(tmp_path)
    config = tmp_path / "pairs.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 200\nseed = 2\nchunk = 100\n'
                      f'out = "{tmp_path / "o"}"\n[players]\ncount = 3\n'
                      f'[components]\nfolder = "{folder}"\n[cards]\ndecks = ["market"]\n'
                      'entries = ["Chain Helm", "Chain Leggings", "Longbow"]\n'
                      'interventions = ["removed"]\npairs = 3\n')
    from reports.report import structure
    from reports.tables import open_run
    assert simulate_cli("cards", config, "--no-report").exit_code == 0
    report = structure(open_run(tmp_path / "o"))
    findings = [f for s in report.sections for f in s.family.findings]
    pairs = {f.about.split(" removed together")[0]: f for f in findings
             if "removed together" in f.about}
    assert set(pairs) == {"Chain Helm and Chain Leggings", "Chain Helm and Longbow",
                          "Chain Leggings and Longbow"}
    assert pairs["Chain Helm and Chain Leggings"].significant
    assert not pairs["Chain Helm and Longbow"].significant
    assert not pairs["Chain Leggings and Longbow"].significant
