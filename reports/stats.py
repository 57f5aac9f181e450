"""The report's statistics, numbers in and numbers out (no polars, no HTML).

Everything works from sufficient statistics (counts, sums, sums of squares) so that the report can
aggregate in polars without holding a run's rows in memory. Conventions (DESIGN.md, "Reports"):
95 % intervals; Wilson intervals for rates; paired comparisons where variants share game seeds
(exact McNemar / paired t), unpaired ones (Newcombe / Welch) where a variant has its own seed;
Cohen's d on the pooled standard deviation of the two conditions (not d_z, which pairing inflates);
Holm's correction within a family of tests; no interval of zero width.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

Z95 = 1.959963984540054
Z80 = 0.8416212335729143          # one-sided z for 80 % power
ALPHA = 0.05


def wilson(k: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of k successes in n; never zero width for n >= 1."""
    if n == 0:
        return (math.nan, math.nan)
    low, high = proportion_confint(k, n, alpha=ALPHA, method="wilson")
    return (max(0.0, float(low)), min(1.0, float(high)))


def t_interval(n: int, mean: float, sd: float) -> tuple[float, float]:
    """95 % t interval of a mean; (nan, nan) when it cannot be estimated (n < 2)."""
    if n < 2 or sd != sd:
        return (math.nan, math.nan)
    half = float(stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return (mean - half, mean + half)


def sd_from_sums(n: int, total: float, squares: float) -> float:
    """Sample standard deviation (ddof = 1) from n, sum and sum of squares."""
    if n < 2:
        return math.nan
    var = (squares - total * total / n) / (n - 1)
    return math.sqrt(max(var, 0.0))


def holm(pvalues: list[float]) -> list[float]:
    """Holm-adjusted p-values (family-wise error 5 %); nan stays nan and is left out.
    (The same numbers as statsmodels' multipletests(method="holm"), which a test checks; that
    function runs gc.collect() on every call, 0.6 s in a busy process.)"""
    present = sorted((p, i) for i, p in enumerate(pvalues) if p == p)
    adjusted = [math.nan] * len(pvalues)
    m, running = len(present), 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class Difference:
    """A difference (variant - baseline, or one seat - the others) with its 95 % interval."""
    value: float
    low: float
    high: float
    p: float
    n: int
    test: str                      # the test's name, e.g. "exact McNemar"
    d: float = math.nan            # Cohen's d (pooled SD of the two conditions)
    detectable: float = math.nan   # smallest difference this n detects with 80 % power
    needed: float = math.nan       # games needed to detect a change of `unit`
    identical: bool = False        # every pair was equal: no interval to give


def paired_rates(n: int, a_only: int, b_only: int, a_total: int) -> Difference:
    """Win rate b - a over n paired games; a_only / b_only are the discordant pairs.

    Exact McNemar test (binomial on the discordant pairs); interval: Agresti-Min (add 1/2 to each
    cell), which never has zero width; power from the observed discordant share.
    """
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, "exact McNemar")
    discordant = a_only + b_only
    p = float(stats.binomtest(b_only, discordant).pvalue) if discordant else 1.0
    value = (b_only - a_only) / n
    both = a_total - a_only
    neither = n - both - discordant
    cells = [c + 0.5 for c in (both, a_only, b_only, neither)]
    m = sum(cells)
    p12, p21 = cells[1] / m, cells[2] / m
    shift = p21 - p12
    half = Z95 * math.sqrt(((p12 + p21) - shift ** 2) / m)
    psi = max(discordant, 1) / n
    b_total = a_total - a_only + b_only
    d = cohen_d_rates(a_total / n, b_total / n, value)
    return Difference(value, shift - half, shift + half, p, n, "exact McNemar", d,
                      detectable=(Z95 + Z80) * math.sqrt(psi / n),
                      needed=(Z95 + Z80) ** 2 * psi / 0.01 ** 2, identical=discordant == 0)


def cohen_d_rates(pa: float, pb: float, diff: float) -> float:
    pooled = math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / 2)
    return diff / pooled if pooled > 0 else 0.0


def paired_means(n: int, diff_sum: float, diff_squares: float, sd_a: float,
                 sd_b: float) -> Difference:
    """Mean of b - a over n paired games: paired t-test and t interval; Cohen's d uses the
    pooled SD of a and b (the SD of the differences would inflate it when pairs correlate)."""
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, "paired t")
    mean = diff_sum / n
    sd = sd_from_sums(n, diff_sum, diff_squares)
    pooled = math.sqrt((sd_a ** 2 + sd_b ** 2) / 2) if sd_a == sd_a and sd_b == sd_b else math.nan
    d = mean / pooled if pooled and pooled == pooled else 0.0
    if n < 2:
        return Difference(mean, math.nan, math.nan, math.nan, n, "paired t", d)
    if sd == 0:
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, n, "paired t", d,
                          identical=mean == 0)
    low, high = t_interval(n, mean, sd)
    p = float(2 * stats.t.sf(abs(mean) / (sd / math.sqrt(n)), n - 1))
    return Difference(mean, low, high, p, n, "paired t", d,
                      detectable=(Z95 + Z80) * sd / math.sqrt(n))


def unpaired_rates(k_a: int, n_a: int, k_b: int, n_b: int) -> Difference:
    """Win rate b - a from independent games (a variant with its own seed): Newcombe's interval,
    two-sided score test (Agresti-Caffo style via statsmodels)."""
    if not n_a or not n_b:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, "two-proportion")
    import warnings
    from statsmodels.stats.proportion import test_proportions_2indep
    with warnings.catch_warnings():      # statsmodels also computes an odds ratio we don't use
        warnings.simplefilter("ignore", RuntimeWarning)
        return _unpaired_rates(k_a, n_a, k_b, n_b, test_proportions_2indep)


def _unpaired_rates(k_a: int, n_a: int, k_b: int, n_b: int, score_test) -> Difference:
    low, high = confint_proportions_2indep(k_b, n_b, k_a, n_a, method="newcomb")
    pa, pb = k_a / n_a, k_b / n_b
    varies = 0 < k_a + k_b < n_a + n_b
    p = float(score_test(k_b, n_b, k_a, n_a, method="score").pvalue) if varies else 1.0
    pbar = (k_a + k_b) / (n_a + n_b)
    var = max(pbar * (1 - pbar), 0.25 / max(n_a + n_b, 1))
    n = min(n_a, n_b)
    return Difference(pb - pa, float(low), float(high), p, n, "two-proportion score",
                      cohen_d_rates(pa, pb, pb - pa), identical=not varies,
                      detectable=(Z95 + Z80) * math.sqrt(2 * var / n),
                      needed=games_for_rate_change(pbar))


def unpaired_means(n_a: int, mean_a: float, sd_a: float, n_b: int, mean_b: float,
                   sd_b: float) -> Difference:
    """Welch's t-test and interval for mean b - mean a from independent games."""
    if n_a < 2 or n_b < 2:
        return Difference(mean_b - mean_a if n_a and n_b else math.nan, math.nan, math.nan,
                          math.nan, min(n_a, n_b), "Welch t")
    va, vb = sd_a ** 2 / n_a, sd_b ** 2 / n_b
    diff = mean_b - mean_a
    pooled = math.sqrt((sd_a ** 2 + sd_b ** 2) / 2)
    if va + vb == 0:
        return Difference(diff, diff, diff, 1.0 if diff == 0 else 0.0, min(n_a, n_b), "Welch t",
                          0.0, identical=diff == 0)
    se = math.sqrt(va + vb)
    dof = (va + vb) ** 2 / (va ** 2 / (n_a - 1) + vb ** 2 / (n_b - 1))
    half = float(stats.t.ppf(0.975, dof)) * se
    p = float(2 * stats.t.sf(abs(diff) / se, dof))
    return Difference(diff, diff - half, diff + half, p, min(n_a, n_b), "Welch t",
                      diff / pooled if pooled else 0.0, detectable=(Z95 + Z80) * se)


def within_game(n: int, total: float, squares: float, test: str = "paired t",
                bounds: tuple[float, float] = (-math.inf, math.inf)) -> Difference:
    """The mean of a per-game difference (e.g. first seat's win minus the others' mean win):
    one value per game, so seats of one game are never treated as independent. The interval is
    kept within ``bounds``, the values the difference can take."""
    if n < 2:
        return Difference(total / n if n else math.nan, math.nan, math.nan, math.nan, n, test)
    mean = total / n
    sd = sd_from_sums(n, total, squares)
    if sd == 0:
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, n, test,
                          identical=mean == 0)
    low, high = t_interval(n, mean, sd)
    p = float(2 * stats.t.sf(abs(mean) / (sd / math.sqrt(n)), n - 1))
    return Difference(mean, max(low, bounds[0]), min(high, bounds[1]), p, n, test,
                      detectable=(Z95 + Z80) * sd / math.sqrt(n),
                      needed=(Z95 + Z80) ** 2 * sd ** 2 / 0.01 ** 2)


def equal_seats(wins_by_seat: list[int]) -> tuple[float, float]:
    """Chi-square goodness of fit: do sole winners come equally from every seat?
    Returns (statistic, p); games with a shared win are left out by the caller."""
    total = sum(wins_by_seat)
    if total == 0 or len(wins_by_seat) < 2:
        return (math.nan, math.nan)
    result = stats.chisquare(wins_by_seat)
    return (float(result.statistic), float(result.pvalue))


def games_for_rate_change(p: float, change: float = 0.01) -> float:
    """Games per condition to detect a win-rate change of `change` (two-sided 5 %, power 80 %)
    between independent samples at rate p (statsmodels' normal power for proportions)."""
    from statsmodels.stats.power import NormalIndPower
    from statsmodels.stats.proportion import proportion_effectsize
    p = min(max(p, 0.005), 0.995 - change)
    effect = abs(proportion_effectsize(p + change, p))
    return float(NormalIndPower().solve_power(effect, alpha=ALPHA, power=0.8, ratio=1.0))
