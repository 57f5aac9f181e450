"""The price search on planted values whose truth is known (no games): a card's per-seed value
at price p is truth(p) plus a noise shared by every price of a seed (common random numbers) and a
small one of its own."""
import numpy as np

from simulate.adaptive.metrics import Metric
from simulate.adaptive.prices import find_price, first_crossing
from simulate.adaptive.rounds import schedule
from simulate.adaptive.search import Search, Target

UPLIFT = Metric("granted_uplift", card="deck:Card")
NEUTRAL = Target(UPLIFT, 2, "equals", 0.0, 0.02)
GRID = [(0,), (4,), (8,)]


def inner(a, b):
    return [(v,) for v in range(a[0] + 1, b[0])]


def planted(truth, seed=1, cap=3200):
    rng = np.random.default_rng(seed)
    common, own = rng.normal(0, 0.3, cap), rng.normal(0, 0.1, (cap, 9))
    played = []

    def sample(step):
        played.append(sorted(step))
        return {p: [truth(p[0]) + common[:n] + own[:n, p[0]]] for p, n in step.items()}
    return sample, played


def search_for(truth, seed=1, cap=3200):
    sample, played = planted(truth, seed, cap)
    return Search(sample, [NEUTRAL], schedule(100, cap, 100)), played


def test_a_crossing_between_two_tried_prices_is_found_inside_the_bracket():
    """Truth 0.03 * (2.5 - p): the value crosses 0 at 2.5, between the tried prices 0 .. 4
    (and between 2 and 3 of the prices played inside that bracket)."""
    for seed in range(1, 6):
        search, played = search_for(lambda p: 0.03 * (2.5 - p), seed)
        result = find_price(search, GRID, inner, lambda p: False, 0.95)
        crossing = result["crossing"]
        assert crossing["between"] == [2, 3], result
        assert crossing["low"] <= 2.5 <= crossing["high"], crossing
        assert 1.5 <= crossing["low"] and crossing["high"] <= 3.5
        assert result["answer"] == [] and "meets" not in result["note"]
        assert {(1,), (2,), (3,)} <= set(search.candidates)        # inside the bracket
        assert "crosses the target 0 pts between 2 and 3" in result["note"]


def test_a_value_above_the_target_at_both_ends_is_not_crossed_and_never_meets():
    search, _ = search_for(lambda p: 0.2 - 0.01 * p)
    result = find_price(search, GRID, inner, lambda p: False, 0.95)
    assert result["crossing"] is None and result["answer"] == []
    assert result["note"].startswith("not crossed within the range: the value lies above")
    assert "meets" not in result["note"]
    assert set(search.candidates) == {(0,), (8,)}


def test_a_card_that_changes_no_game_says_so_before_a_second_price():
    search, played = search_for(lambda p: 0.0)
    result = find_price(search, GRID, inner, lambda p: True, 0.95)
    assert played == [[(0,)]]                      # one round of the low end, nothing else
    assert result["changes_no_game"] and "changes no game" in result["note"]


def test_the_crossing_interpolates_between_the_prices_around_it():
    prices = np.array([0.0, 1.0, 2.0])
    assert first_crossing(np.array([0.3, 0.1, -0.1]), prices, 0.0, 1) == 1.5
    assert first_crossing(np.array([-0.3, -0.1, 0.1]), prices, 0.0, -1) == 1.5
    assert first_crossing(np.array([0.3, 0.2, 0.1]), prices, 0.0, 1) == 2.0   # never: the end
