"""Review of train's first version: one helper for each thing (per-seed values, a range,
an estimate with its interval, the variant a run's headlines read), and the summary's
mechanic line worded for a mechanic only one strategy hardly uses."""
from types import SimpleNamespace

from reports import headlines, mechanics, training, tuning
from simulate.adaptive import candidates, lineups, metrics, train, tune


def test_train_reuses_the_adaptive_helpers():
    assert lineups.seed_means is metrics.seed_means
    assert candidates._span is tune._span
    assert tuning.estimate_text is metrics.estimate_text
    assert train.gain_text({"mean": 0, "low": 0, "high": 0, "games": 40,
                            "no_game_differed": True}, "won") == "0 (no game of 40 differed)"
    assert training.p_text is tuning.p_text


def test_one_baseline_for_headlines_and_mechanics():
    assert not hasattr(mechanics, "_baseline") and not hasattr(headlines, "_baseline")
    assert mechanics.baseline_or_first is headlines.baseline_or_first


def line(names):
    return mechanics.summary_block(SimpleNamespace(rarely=names, blocks=[]))[0].summary


def test_a_mechanic_one_strategy_hardly_uses_is_not_one_the_results_say_nothing_about():
    only = line(["equipment bought (never by fame_now)"])
    assert "say nothing about it" not in only
    assert "the other seats use it" in only and "how that strategy would fare" in only
    assert "say nothing about it" in line(["third agent freed"])
    both = line(["third agent freed", "equipment bought (never by fame_now)"])
    assert "no seat uses" in both and "a strategy that hardly uses one" in both
