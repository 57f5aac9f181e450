"""`simulate cards`: each card removed from the game on the baseline's seeds, ranked in the report."""
import json
from pathlib import Path

import pytest

from reports.report import structure
from reports.tables import open_run
from tests.helpers import simulate_cli

CONFIG = """
[run]
game = "adventure_realms"
games = {games}
chunk = {games}
out = "{out}"
[players]
count = 2
[components]
{components}
[cards]
decks = ["adventure_cards"]
entries = {entries}
interventions = ["removed"]
"""


def _config(tmp_path: Path, games=60, entries='["Coin Purse", "Fireball"]', components="",
            cards=None) -> Path:
    text = CONFIG.format(games=games, out=tmp_path / "out", entries=entries,
                         components=components)
    if cards is not None:
        text = text.split("[cards]")[0] + cards
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def _section(out: Path):
    report = structure(open_run(out))
    return next(s for s in report.sections if s.title == "What each card is worth")


def test_cards_writes_the_section_with_a_forest_plot_and_resumes_for_free(tmp_path):
    config = _config(tmp_path)
    result = simulate_cli("cards", config)
    assert result.exit_code == 0, result.output
    assert "2 cards removed" in result.output
    html = (tmp_path / "out" / "report.html").read_text()
    assert "What each card is worth" in html and "<svg" in html
    assert "Removing each card" in html                # the forest plot's title
    assert json.loads((tmp_path / "out" / "cards.json").read_text())["cards"] == {
        "without Coin Purse": "adventure_cards:Coin Purse",
        "without Fireball": "adventure_cards:Fireball"}
    again = simulate_cli("cards", config)
    assert again.exit_code == 0, again.output
    assert "resumed: nothing to play" in again.output
    report = structure(open_run(tmp_path / "out"))
    elsewhere = [f.about for s in report.sections if s.title != "What each card is worth"
                 for f in s.family.findings if "without " in f.about]
    assert not elsewhere          # a card is tested once: in its section, not per game section
    ours = [f for s in report.sections for f in s.family.findings if f.about.startswith("without")]
    assert {s.family.budget for s in report.sections} == {
        sum(1 for s in report.sections for f in s.family.findings if f.kind != "screen")}
    assert len(ours) == 2                                         # one per card, 2 players


def test_a_useless_card_is_worth_nothing_and_a_strong_one_is_significant(tmp_path):
    # Guild Loyalist (five cards of one guild: often fulfilled) made worth 20 VP; Royal Court
    # (VP per King) made worth 0 VP, a quest for nothing. (Royal Court at 20 VP a King is no
    # strong card here: the strategies seldom recruit a King.)
    config = _config(tmp_path, games=300, entries='["Royal Court", "Guild Loyalist"]',
                     components='"adventure_cards:Royal Court.vp" = 0\n'
                                '"adventure_cards:Guild Loyalist.vp" = 20')
    result = simulate_cli("cards", config, "--no-report")
    assert result.exit_code == 0, result.output
    section = _section(tmp_path / "out")
    useless = section.differences[("without Royal Court", 2, "winning VP")]
    strong = section.differences[("without Guild Loyalist", 2, "winning VP")]
    # Removing a card worth nothing never costs VP; it may even add some, since its draw goes
    # to a useful card instead (dilution: +1.1 [0.2, 2.1] at 300 games with unlimited tokens).
    assert useless.high > 0
    assert strong.high < 0 and strong.value < min(0.0, useless.low)   # the winner scores less
    found = {f.about: f for f in section.family.findings}
    assert found["without Guild Loyalist vs baseline: winning VP"].significant   # after Holm
    claim = found["without Guild Loyalist vs baseline: winning VP"].claim
    assert "removing Guild Loyalist changes" in claim and "adventure_cards:" not in claim


@pytest.mark.parametrize("cards, words", [
    ('decks = ["adventure_card"]', "did you mean"),
    ('decks = "adventure_cards"', "a list of data files"),
    ('decks = ["adventure_cards"]\nentries = ["Coin Purs"]', "did you mean"),
    ('decks = ["adventure_cards"]\nentrys = ["Coin Purse"]', "did you mean"),
    ('decks = ["adventure_cards"]\ninterventions = ["given"]', "allowed: a list of removed"),
])
@pytest.mark.parametrize("command", ["cards", "validate"])
def test_bad_cards_input_is_one_line_exit_2(tmp_path, cards, words, command):
    result = simulate_cli(command, _config(tmp_path, cards="[cards]\n" + cards))
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.output
    assert not (tmp_path / "out").exists()


def test_validate_checks_a_card_study(tmp_path):
    result = simulate_cli("validate", _config(tmp_path))
    assert result.exit_code == 0 and "ok: cards, 2 cards removed" in result.output, \
        result.output


@pytest.mark.parametrize("command", ["cards", "validate"])
def test_a_game_that_refuses_every_removal_says_why_in_one_line(tmp_path, command):
    config = tmp_path / "ra.toml"      # every A-back artifact is needed to set a game up
    config.write_text(f'[run]\ngame = "risky_adventure"\ngames = 2\nout = "{tmp_path / "out"}"\n'
                      '[cards]\ndecks = ["artifacts"]\nentries = ["A1"]\n'
                      'interventions = ["removed"]\n')
    result = simulate_cli(command, config)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "no card can be removed" in lines[0], result.output


def test_card_variant_names_stay_unique_after_spaces_are_collapsed():
    from simulate.adaptive.cards import variant_label
    taken: dict[str, str] = {}
    for entry in ("A  B", "A B", "A   B "):
        taken[variant_label(entry, taken)] = entry
    assert sorted(taken) == ["without A B", "without A B #2", "without A B #3"]


def test_both_interventions_share_the_section_and_the_owner_table_stays_an_association(tmp_path):
    config = _config(tmp_path, games=12, entries='["Fireball"]')
    config.write_text(config.read_text().replace('interventions = ["removed"]\n', ""))
    result = simulate_cli("cards", config)
    assert result.exit_code == 0, result.output
    assert "1 cards removed one at a time, 1 granted to each of 2 seats" in result.output
    html = (tmp_path / "out" / "report.html").read_text()
    assert "Removing each card" in html and "Granting each card" in html   # a forest plot each
    assert "Every card at 2 players" in html and "an association" in html
    section = _section(tmp_path / "out")
    assert ("granted Fireball", 2, "win rate") in section.differences
    assert section.differences[("granted Fireball", 2, "win rate")].n == 12    # seeds, not games


def test_one_card_table_holds_both_interventions_side_by_side_and_a_csv_beside_it(tmp_path):
    import csv
    config = _config(tmp_path, games=12, entries='["Fireball", "Coin Purse"]')
    config.write_text(config.read_text().replace('interventions = ["removed"]\n', ""))
    result = simulate_cli("cards", config)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "out" / "report.html").read_text()
    table = html.split("Every card at 2 players")[1].split("</table>")[0]
    assert "without it: its copies skipped, the rest of the deck as printed" in table
    assert "granted: one seat starts with a copy" in table
    assert "seats that" not in table          # no table says who took an adventure card
    assert "The same table sorted by the removal effect, most negative first, by the card" \
        in html                                  # its other orders (the page has no scripts)
    rows = list(csv.DictReader((tmp_path / "out" / "cards.csv").open()))
    assert {r["card"] for r in rows} == {"adventure_cards:Fireball", "adventure_cards:Coin Purse"}
    for r in rows:
        assert float(r["removed_low"]) <= float(r["removed"]) <= float(r["removed_high"])
        assert float(r["granted_win_low"]) <= float(r["granted_win"]) \
            <= float(r["granted_win_high"])
        assert 0 <= float(r["removed_games_changed_share"]) <= 1
    assert "removed: games it changed" in table       # did the play react to the removal?
    # the terminal says the result: each card with its intervals
    assert "top cards at 2 players (2 cards" in result.output
    assert "Fireball: granted " in result.output and "; removed " in result.output


def test_the_report_names_the_card_study_not_the_printed_rules(tmp_path):
    config = _config(tmp_path, games=12, entries='["Fireball"]',
                     components='"adventure_cards:Coin Purse.effect.gold" = 2')
    result = simulate_cli("cards", config)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "out" / "report.html").read_text()
    summary = html.split('id="summary"')[1].split("</section>")[0]
    assert "card study of 1 intervention (1 card removed)" in summary
    assert "printed rules only" not in summary and "Headline at the printed rules" not in summary
    assert "the shipped components with 1 change (adventure_cards:Coin Purse.effect.gold = 2)" in summary


def test_refusals_are_listed_up_to_ten_then_counted():
    from reports.cards import listed
    items = [f"card {i}" for i in range(33)]
    shown = listed(items, "; ")
    assert shown.count("card ") == 10 and shown.endswith("... and 23 more")
    assert listed(items[:4], "; ") == "card 0; card 1; card 2; card 3"


def test_the_granted_figure_draws_negative_values_and_the_zero_line_inside_the_axis():
    from reports.forest import forest_plot
    rows = [("Royal Court", -0.05, -0.09, -0.01), ("Fireball", 0.04, 0.01, 0.07)]
    figure = forest_plot(rows, 0.0, "t", "no effect", "c", unit=" pts", from_zero=False)
    assert "\u22128" in figure.svg or "\u221210" in figure.svg      # a tick below zero
    assert "Royal Court" in figure.svg


def test_the_command_lists_ten_refusals_and_counts_the_rest(tmp_path):
    config = tmp_path / "ra.toml"      # artifacts: not removable, not grantable (33 refusals)
    config.write_text(f'[run]\ngame = "risky_adventure"\ngames = 2\nchunk = 2\n'
                      f'out = "{tmp_path / "out"}"\n[players]\ncount = 2\n'
                      '[cards]\ndecks = ["artifacts", "equipment"]\n')
    result = simulate_cli("cards", config, "--no-report")
    assert result.exit_code == 0, result.output
    refused = len(json.loads((tmp_path / "out" / "cards.json").read_text())["skipped"])
    assert refused > 10
    assert result.output.count("  skipped ") == 10
    assert f"... and {refused - 10} more" in result.output


def test_the_card_table_says_how_often_the_bots_bought_a_card_where_the_tables_say_so(tmp_path):
    import csv
    config = tmp_path / "rp.toml"
    config.write_text(f'[run]\ngame = "roll_player"\ngames = 12\nchunk = 12\n'
                      f'out = "{tmp_path / "out"}"\n[players]\ncount = 2\n'
                      '[cards]\ndecks = ["market"]\nentries = ["Weak", "Tower Shield"]\n'
                      'interventions = ["granted"]\n')
    result = simulate_cli("cards", config)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "out" / "report.html").read_text()
    assert "seats that bought it (baseline)" in html.split("Every card at 2 players")[1]
    rows = list(csv.DictReader((tmp_path / "out" / "cards.csv").open()))
    shares = [float(r["share_bought"]) for r in rows]
    assert len(shares) == 2 and all(0 <= x <= 1 for x in shares)
    assert "bought by " in result.output
    # beside the interventions: the owners' win rate, labelled as what it is (they chose it)
    assert "association, not effect" in html.split("Every card at 2 players")[1]
    owned = [r for r in rows if r["owners_win_rate"]]
    assert owned
    assert all(float(r["owners_win_rate_low"]) <= float(r["owners_win_rate"])
               <= float(r["owners_win_rate_high"]) for r in owned)


def test_a_card_worth_much_granted_but_never_taken_is_said_on_the_first_screen():
    from types import SimpleNamespace

    from reports.cards import untaken_notes
    from reports.findings import Finding
    from simulate.statistics import Difference

    def granted(value, p_adjusted):
        finding = Finding(3, "card", "", "paired t", p_adjusted, "", p_adjusted=p_adjusted)
        return (Difference(value, value - 0.02, value + 0.02, p_adjusted, 300, "paired t"), None,
                finding)
    section = SimpleNamespace(untaken=[
        ("equipment:discount_a_sea_1", 3, granted(0.30, 1e-9), 0.0, "bought"),
        ("equipment:scarab_top_1", 3, granted(0.30, 1e-9), 0.40, "bought"),      # taken
        ("equipment:bonus_a_1", 3, granted(0.01, 0.6), 0.0, "bought")])           # worth little
    [note] = untaken_notes([section])
    assert "rarely take 1 card" in note.text and "discount_a_sea_1" in note.text
    assert "scarab_top_1" not in note.text and "bonus_a_1" not in note.text
    assert untaken_notes([SimpleNamespace(untaken=[])]) == []
