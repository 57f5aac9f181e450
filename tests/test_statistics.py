"""simulate.statistics: the same numbers as statsmodels / scipy where the method is the same
(values computed once with statsmodels 0.14 and scipy on this grid, then hard-coded so the test
needs neither statsmodels nor the old code), and intervals that hold at the edges."""
import math

import numpy as np
import pytest

from simulate import statistics as st

WILSON_AND_EXACT = [[0, 1, 0.0, 0.7934506856227626, 0.0, 0.975],
 [1, 1, 0.20654931437723745, 1.0, 0.025000000000000022, 1.0],
 [0, 20, 0.0, 0.16112515805281938, 0.0, 0.1684334709830853],
 [3, 20, 0.05236874589621662, 0.3604188647407569, 0.032070937185463715, 0.37892682654531396],
 [8, 10, 0.4901624715366418, 0.9433178485456248, 0.4439045376923585, 0.9747892736731666],
 [17, 40, 0.28509392559950375, 0.5780493145800892, 0.27042903126886286, 0.5910994195730367],
 [50, 100, 0.4038315303659956, 0.5961684696340044, 0.398321129503301, 0.601678870496699],
 [999, 1000, 0.9943574414020421, 0.9998234536293739, 0.9944410757201734, 0.9999746825125088],
 [0, 5000, 0.0, 0.0007677019450571243, 0.0, 0.000737503801108105],
 [12, 5000, 0.0013734655564128326, 0.004190551419308018, 0.0012407107696028054,
  0.004188560186045313]]
NEWCOMBE_AND_SCORE = [[0, 50, 3, 50, -0.021496383126532986, 0.1621709168883817, 0.08015008683425454, 5275.333955056539],
 [10, 100, 20, 100, 0.000149025118557633, 0.19947387007806958, 0.04822978725385679,
  20555.214240747977],
 [45, 60, 30, 70, -0.46438275781809024, -0.15240305750484923, 0.0002298134788092078,
  38189.35074279126],
 [1, 300, 0, 200, -0.01863669369453124, 0.015710814599245965, 0.4142161782425252,
  1450.6159181017522],
 [500, 1000, 530, 1000, -0.01378413598438534, 0.07362192654012203, 0.17962539639087216,
  39180.19720314975],
 [0, 40, 0, 40, -0.08762160119728664, 0.08762160119728664, 1.0, 1450.6159181017522],
 [40, 40, 39, 40, -0.12881368963474094, 0.06500444577016966, 0.3173105078629128,
  1450.6159181017983]]
GAMES_FOR_CHANGE = [[0.0, 0.01, 1450.615918106456], [0.0, 0.05, 142.49234216758845], [0.01, 0.01, 2253.6552221125808],
 [0.01, 0.05, 180.87278863415423], [0.1, 0.01, 14744.104836925611], [0.1, 0.05, 680.3526619127882],
 [0.3, 0.01, 33273.23187566265], [0.3, 0.05, 1375.6164890630425], [0.5, 0.01, 39239.06955428343],
 [0.5, 0.05, 1564.5290112626938], [0.9, 0.01, 13487.31397214233], [0.9, 0.05, 423.7318628483532],
 [0.99, 0.01, 1450.6159181065009], [0.99, 0.05, 142.4923421675894]]
P_VALUES = [[0.017129833428724872],
 [0.047362101319219946, 0.16025489304127938, 0.11643240721287357, 0.018825728448079837],
 [0.08662538804729476, 0.0958102596281668, 0.031947782927415715, 0.14691543028184292,
  0.022734403984280685, 0.07824563809913242, 0.10334803652427274, 0.08612560408283557,
  0.11735971428762815, 0.14756755745843206, 0.1912534509672197, 0.056840232749758295,
  0.12970944141596502, 0.1392431993340311, 0.058544149802497426, 0.0002980167017672342,
  0.19469205495328257, 0.059680244603375135, 0.06279720040686736, 0.17834221408903145,
  0.11703258797818161, 0.09426193303636628, 0.1546554019297633, 0.0060692015324942394,
  0.1413930191311247, 0.07484876669569417, 0.018170542700851566, 0.13210001348557895,
  0.1862927709482709, 0.04143823361620025]]
HOLM = [[0.017129833428724872],
 [0.14208630395765984, 0.23286481442574714, 0.23286481442574714, 0.07530291379231935],
 [1.0, 1.0, 0.8306423561128086, 1.0, 0.6138289075755785, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
  1.0, 1.0, 0.008940501053017025, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.17600684444233294, 1.0, 1.0,
  0.5087751956238439, 1.0, 1.0, 1.0]]
T_INTERVALS = [[2, 1.0, 0.5, -3.492321766046876, 5.492321766046876],
 [10, 3.2, 1.1, 2.413107403432269, 3.9868925965677313],
 [400, -0.02, 0.3, -0.049488909438813226, 0.009488909438813226],
 [5, 0.0, 2.0, -2.483327996407528, 2.483327996407528]]


def test_wilson_and_clopper_pearson_match_statsmodels():
    for k, n, low, high, exact_low, exact_high in WILSON_AND_EXACT:
        assert st.wilson(k, n) == pytest.approx((low, high), rel=1e-9, abs=1e-12)
        assert st.clopper_pearson(k, n) == pytest.approx((exact_low, exact_high), rel=1e-9,
                                                         abs=1e-12)


def test_newcombe_and_score_test_match_statsmodels():
    for k_a, n_a, k_b, n_b, low, high, p, needed in NEWCOMBE_AND_SCORE:
        diff = st.unpaired_rates(k_a, n_a, k_b, n_b)
        assert (diff.low, diff.high, diff.p) == pytest.approx((low, high, p), rel=1e-9)
        assert diff.needed == pytest.approx(needed, rel=1e-6)


def test_games_for_a_rate_change_matches_statsmodels_normal_power():
    for p, change, games in GAMES_FOR_CHANGE:
        assert st.games_for_rate_change(p, change) == pytest.approx(games, rel=1e-6)


def test_holm_matches_statsmodels_multipletests():
    for p, holm in zip(P_VALUES, HOLM):
        assert st.holm(p) == pytest.approx(holm, rel=1e-12)
    assert st.holm([0.04, 0.01, 0.03, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])


def test_mean_interval_is_scipys_t_interval():
    for n, mean, sd, low, high in T_INTERVALS:
        assert st.mean_interval(n, mean, sd) == pytest.approx((low, high), rel=1e-12)
    assert all(map(math.isnan, st.mean_interval(1, 2.0, math.nan)))


# --- intervals that hold at the edges  --------------------------------------------

@pytest.mark.parametrize("p, n", [(0.003, 300), (0.0006, 200), (0.0008, 300)])
def test_rate_interval_covers_rare_rates(p, n):
    """Wilson covers 88.7 % at p = 0.0006, n = 200 and 84 % at p = 0.0008, n = 300."""
    found = np.random.default_rng(20).binomial(n, p, size=600)
    bounds = {k: st.rate_interval(int(k), n) for k in set(found.tolist())}
    covered = np.mean([bounds[k][0] <= p <= bounds[k][1] for k in found.tolist()])
    assert covered >= 0.93, covered


def test_rate_interval_is_wilson_away_from_the_edges_and_never_zero_width():
    assert st.rate_interval(50, 100) == st.wilson(50, 100)
    assert st.rate_interval(3, 20) == st.clopper_pearson(3, 20)
    for k, n in [(0, 1), (1, 1), (0, 10_000), (10_000, 10_000)]:
        low, high = st.rate_interval(k, n)
        assert 0.0 <= low < high <= 1.0


def test_mean_interval_stays_within_what_the_measure_can_take():
    # "scarabs 0.04 [-0.04, 0.12]": a count's mean cannot be below 0
    low, high = st.mean_interval(50, 0.04, 0.28, bounds=(0.0, math.inf))
    assert low == 0.0 and high == pytest.approx(0.04 + 2.0096 * 0.28 / math.sqrt(50), rel=1e-4)
    low, high = st.mean_interval(300, 0.003, 0.04, bounds=(0.0, 1.0))   # a share
    assert low == 0.0 < high <= 1.0


def test_a_bounded_mean_that_never_varied_gets_the_rule_of_three_not_zero_width():
    low, high = st.mean_interval(200, 0.0, 0.0, bounds=(-1.0, 1.0))
    assert low == pytest.approx(-3.69 / 200, rel=0.01) and high == -low
    low, high = st.mean_interval(200, 0.0, 0.0, bounds=(0.0, 1.0))
    assert low == 0.0 < high
    assert st.mean_interval(200, 5.0, 0.0) == (5.0, 5.0)   # unbounded: "in every game"


def test_paired_rate_difference_is_within_minus_one_to_one():
    diff = st.paired_rates(n=3, a_only=3, b_only=0, a_total=3)
    assert -1.0 <= diff.low < diff.high <= 1.0


def _loaded(imports: str, roots: tuple) -> list:
    import subprocess
    import sys
    code = (f"import sys, {imports}; print(sorted(m for m in sys.modules "
            f"if m.split('.')[0] in {roots!r}))")
    return eval(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               check=True).stdout)


def test_the_module_imports_nothing_of_the_project():
    assert _loaded("simulate.statistics", ("simulate", "reports", "strategies")) == \
        ["simulate", "simulate.statistics"]


def test_nothing_loads_statsmodels_any_more():
    assert _loaded("reports.report, simulate.adaptive.sensitivity, strategies.search, "
                   "simulate.adaptive.train", ("statsmodels", "patsy", "pandas")) == []


def test_a_per_game_gap_that_is_the_same_in_every_game_still_has_an_interval():
    """A strategy that never wins with seats rotated: every seed's gap is -0.25. The interval
    is the bounded rule of three, never of zero width, and p the exact sign test, never 0."""
    from simulate.statistics import within_game
    diff = within_game(40, -10.0, 2.5, bounds=(-1.0, 1.0))
    assert diff.value == -0.25 and diff.low < -0.25 < diff.high
    assert -1.0 <= diff.low and diff.high <= 1.0
    assert diff.p == 2 * 0.5 ** 40 and not diff.identical
    assert within_game(40, 0.0, 0.0).identical


def test_a_rare_rate_keeps_the_exact_interval_up_to_thirty_events():
    """At 11 of 2,000 Wilson's lower bound passed 0.30 % (a rare end's coverage fell
    to 90.5 %); scipy's exact interval is kept below 30 events, Wilson from 30."""
    from scipy.stats import binomtest
    for k in (11, 29):
        exact = binomtest(k, 2000).proportion_ci(0.95, method="exact")
        assert st.rate_interval(k, 2000) == pytest.approx((exact.low, exact.high), rel=1e-12)
        assert st.rate_interval(2000 - k, 2000) == pytest.approx((1 - exact.high, 1 - exact.low))
    assert st.rate_interval(11, 2000)[0] < 0.0030
    assert st.rate_interval(30, 2000) == st.wilson(30, 2000)


def test_between_estimates_adds_the_two_standard_errors():
    a = st.Difference(0.10, 0.10 - 0.196, 0.10 + 0.196, 0.3, 400, "t")      # se 0.1
    b = st.Difference(0.40, 0.40 - 0.196, 0.40 + 0.196, 0.01, 300, "t")
    found = st.between_estimates(a, b)
    se = math.hypot(0.1, 0.1) * 0.196 / (0.1 * st.Z95)
    assert found.value == pytest.approx(0.30)
    assert (found.high - found.low) / 2 == pytest.approx(st.Z95 * se)
    assert found.p == pytest.approx(2 * (1 - st.normal_cdf(0.30 / se)))
    assert found.n == 300
