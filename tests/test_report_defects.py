"""Regression tests of the report review's defects: each failed before its fix."""
import polars as pl

from reports.blocks import Table
from reports.facts import speed, what_was_run
from reports.section import Section
from reports.sections import dungeon_roll
from reports.tables import from_frames
from simulate.cli.progress import RunProgress
from tests.games.dungeon_roll.test_report_section import SPEC, tables


def _hero_caption(heroes):
    games, seats = tables(players=2, games=10)
    run = from_frames(games, seats, SPEC)
    run.manifest["identity"]["heroes"] = heroes
    section = Section("Dungeon Roll", run)
    dungeon_roll.build(section)
    table = next(b for b in section.blocks if isinstance(b, Table)
                 and b.caption.startswith("Hero balance"))
    return table.caption, dict(what_was_run(run)[0].rows)["heroes (per seat)"]


def test_heroes_all_is_not_said_to_be_dealt_at_random():
    caption, fact = _hero_caption(["all", "all"])
    assert "dealt at random" not in caption and 'heroes = "all"' in caption
    assert fact == caption.split("heroes per seat: ")[1].rstrip(").")
    assert "dealt at random" in _hero_caption([None, None])[0]
    assert "Knight | dealt at random" in _hero_caption(["Knight", None])[0]


def test_speed_is_never_zero_games_per_second():
    assert speed(0, 12.0) == "" and speed(100, 0.0) == ""
    assert speed(3, 10.0) == "0.3 games/s"
    assert speed(12_345, 2.0) == "6,172 games/s"


def test_progress_counts_only_the_games_this_run_played():
    progress = RunProgress(enabled=False)
    progress.games(900, 900)                 # a finished run resumed: nothing to play
    assert progress.played == 0
    progress.games(900, 1200)                # the next round of --until-ci
    progress.games(1000, 1200)
    progress.games(1200, 1200)
    assert progress.played == 300


def test_time_left_counts_down_between_chunks_and_says_estimating_when_overdue():
    """On a slow run the time left kept the figure of the last chunk for
    minutes; it must move with the clock, and say "estimating" when there is no pace to go by."""
    now = [0.0]
    with RunProgress(enabled=True, clock=lambda: now[0]) as progress:
        progress.games(0, 1000)
        column, = [c for c in progress.bar.columns if type(c).__name__ == "TimeLeft"]
        shown = lambda: str(column.render(progress.bar.tasks[progress.task]))  # noqa: E731
        assert shown() == "estimating"          # no chunk finished yet
        now[0] = 10.0
        progress.games(100, 1000)               # 10 games/s: 90 s to go
        assert shown() == "0:01:30"
        now[0] = 40.0                           # no chunk for 30 s
        assert shown() == "0:01:00"
        now[0] = 120.0                          # past the projected finish, not done
        assert shown() == "estimating"
        progress.games(1000, 1000)
        assert shown() == "0:00:00"


def _rfa_run(variants):
    from simulate.games import get_game
    games = pl.DataFrame({"game": [0] * len(variants), "variant": list(variants),
                          "players": [2] * len(variants)})
    return from_frames(games, games.head(0), get_game("roll_for_adventure"), variants)


def test_placeholder_list_holds_only_what_the_rules_in_force_use():
    off = _rfa_run({"baseline": {"rules": {"hero_powers": False}}})
    assert off.spec.placeholders and not any("hero power" in p for p in off.spec.placeholders)
    assert any("damage track" in p for p in off.spec.placeholders)
    default = _rfa_run({"baseline": {"rules": {}}})          # the printed rule: off
    assert not any("hero power" in p for p in default.spec.placeholders)
    on = _rfa_run({"baseline": {"rules": {}}, "powers": {"rules": {"hero_powers": True}}})
    assert sum("hero power" in p for p in on.spec.placeholders) == 5


def test_placeholder_line_names_the_damage_track_the_run_played():
    """A run that played damage_to_lose = 20 must not read "= 5"."""
    long = _rfa_run({"baseline": {"rules": {"damage_to_lose": 20}}})
    track = [p for p in long.spec.placeholders if "damage track" in p]
    assert track == ["damage track length (damage_to_lose = 20) is unknown in the sources"]
    both = _rfa_run({"baseline": {"rules": {}}, "long": {"rules": {"damage_to_lose": 20}}})
    assert any("(damage_to_lose = 5, 20)" in p for p in both.spec.placeholders)


def _capture(monkeypatch, *modules):
    """Keep the figures the report draws (figure_svg would close them)."""
    figures = []
    for module in modules:
        monkeypatch.setattr(module, "figure_svg", lambda fig: figures.append(fig) or "<svg/>")
    return figures


def _run_with_variants(players=(2,)):
    rows = [(v, p) for v in ("baseline", "a", "b") for p in players]
    games = pl.DataFrame({"game": list(range(len(rows))), "variant": [r[0] for r in rows],
                          "players": [r[1] for r in rows]})
    return from_frames(games, games.head(0), SPEC)


def test_baseline_line_is_drawn_last_dark_and_on_top(monkeypatch):
    import reports.figures as figures_module
    figures = _capture(monkeypatch, figures_module)
    table = pl.DataFrame({"variant": ["baseline", "a", "b"] * 3, "players": [2] * 9,
                          "turn": [1] * 3 + [2] * 3 + [3] * 3, "len": [5, 5, 5] * 3})
    figures_module.variant_panels(_run_with_variants(), table, lambda ax, p, v: ax.plot(
        p["turn"], p["len"], label=v), "share", "turn", "caption")
    lines = figures[0].axes[0].lines
    assert [line.get_label() for line in lines] == ["a", "b", "baseline"]
    base, others = lines[-1], lines[:-1]
    assert all(base.get_zorder() > o.get_zorder() and base.get_linewidth() > o.get_linewidth()
               for o in others)


def test_rate_axes_are_percent_from_0_to_100_even_with_no_win(monkeypatch):
    import reports.figures as figures_module
    figures = _capture(monkeypatch, figures_module)
    table = pl.DataFrame({"variant": ["baseline"] * 3, "players": [2] * 3, "turn": [1, 2, 3],
                          "k": [0, 0, 0], "n": [40, 40, 40]})
    figures_module.variant_panels(
        _run_with_variants(), table,
        lambda ax, p, v: figures_module.rate_lines(ax, p, "turn", v),
        "team win rate (%)", "turn", "caption")
    ax = figures[0].axes[0]
    assert ax.get_ylim() == (0, 100) and ax.get_ylabel() == "team win rate (%)"
    top = max(max(p.vertices[:, 1]) for p in ax.collections[0].get_paths())
    assert 1 < top < 100                       # the band is in percent too (0 of 40: ~9 %)


def _integer(ticks):
    return all(float(t).is_integer() for t in ticks)


def test_integer_rules_get_integer_ticks_on_sweep_and_tune_plots(monkeypatch):
    import reports.figures as figures_module
    import reports.tuning as tuning
    from simulate.statistics import Difference
    figures = _capture(monkeypatch, figures_module, tuning)
    diffs = {(v, 2, m): Difference(0.01 * v, 0.0, 0.02 * v, 0.5, 100, "t")
             for v in (3, 4) for m in ("team win rate", "team score")}
    figures_module.sweep_figure("level_up_xp", [3, 4], diffs, [2],
                                ("team win rate", "team score"))
    assert _integer(figures[0].axes[0].get_xticks())
    est = {"mean": 0.5, "low": 0.4, "high": 0.6, "games": 100}
    result = {"rules": ["damage_to_lose"], "targets": ["team_win_rate at 2p = 0.5"],
              "target_values": [0.5], "target_bands": [[0.47, 0.53]],
              "candidates": [{"point": [x], "estimates": [est]} for x in (4, 5)]}
    tuning._plots(result)
    ax = figures[1].axes[0]
    ax.figure.canvas.draw()
    assert _integer([t for t in ax.get_xticks() if 4 <= t <= 5])


def test_power_sentence_speaks_of_discordant_games_only_for_paired_comparisons():
    import numpy as np

    from reports import summary, variants
    from tests.test_report_statistics import FakeSpec, competitive
    rng = np.random.default_rng(4)
    parts = [competitive(rng, v, 2, 80) for v in ("baseline", "other_seed")]
    games, seats = (pl.concat([p[i] for p in parts]) for i in (0, 1))

    def precision(extra):
        section = Section("Variants", from_frames(games, seats, FakeSpec(), extra))
        variants.build(section)
        return " ".join(p.text for p in summary._precision([section]))
    assert "discordant" not in precision({"other_seed": {"seed": 1}})
    assert "unpaired" in precision({"other_seed": {"seed": 1}})
    assert "discordant games" in precision({})


def test_a_grant_only_variant_is_not_shown_as_the_printed_rules():
    """The Variants table showed a grant-only variant's row as "printed rules"."""
    from reports.facts import _differs
    from simulate.games import get_game
    spec = get_game("adventure_realms")
    assert _differs({"name": "b", "rules": {}}, spec) == "printed rules"
    granted = _differs({"name": "g", "rules": {}, "grant": "adventure:Sword to seat 0"}, spec)
    assert granted == "grant = adventure:Sword to seat 0"
    assert "strategies = bold | random" in _differs({"name": "s", "rules": {},
                                                     "strategies": ["bold", "random"]}, spec)
