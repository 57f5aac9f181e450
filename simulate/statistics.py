"""The project's statistics, one function per quantity: numbers in, numbers out.

Every layer uses this module (strategies' search, the adaptive commands, the reports, the
benchmarks), so it imports nothing of the project and nothing but scipy. It works from
sufficient statistics (counts, sums, sums of squares) so that callers can aggregate in polars
without holding a run's rows in memory. Conventions (README.md, "The report"): 95 % intervals;
paired comparisons where variants share game seeds (exact McNemar / paired t), unpaired ones
(Newcombe + score test / Welch) where a variant has its own seed; Cohen's d on the pooled SD of
the two conditions (not d_z, which pairing inflates); Holm's correction within a family of tests
(Benjamini-Hochberg where a false discovery rate is wanted).

Intervals hold at the edges:
- a rate's interval is Wilson's, except when fewer than ``EXACT_COUNT`` (30) successes or failures
  were seen: then Clopper-Pearson (exact, scipy's binomtest(...).proportion_ci). Brown, Cai &
  DasGupta (2001, Statistical Science 16:101-133) show Wilson's coverage collapses near p = 0
  or 1 and recommend a boundary fix; the Jeffreys interval they also recommend dips too.
  Measured (exact binomial sums, p in [0.0002, 0.05]): minimum coverage at n = 200 / 300 / 500
  is 84.8 / 84.2 / 85.0 % for Wilson, 87.8 / 87.8 / 90.5 % for Jeffreys, 93.8 / 93.7 / 93.5 %
  for Wilson with Clopper-Pearson below 10 (92.9 % with a threshold of 5). The threshold is 30:
  at 11 of 2,000 Wilson's lower bound passed 0.30 % and a replicate study of a rare
  end covered 90.5 %; bench/coverage.py measures the rule's coverage at n = 2,000.
- bounds are clipped to what a measure can take (a rate to [0, 1]; a mean to ``bounds``);
- no interval of zero width: a mean whose games all took one value gets, when the measure is
  bounded, the rule-of-three bound (the share of games that could differ is at most the exact
  upper bound for 0 of n, about 3.7 / n at 95 %), else (mean, mean) for the caller to print as
  "in every game"; a paired difference where no game differed says so (``identical``).

statsmodels is not used: its six calls here (Wilson, Newcombe, the two-proportion score test,
normal power for proportions, Holm) are a few lines of scipy each, and it brought pandas and
patsy. tests/test_statistics.py holds its numbers on a grid of inputs, computed once.
"""
from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from functools import lru_cache


class _Imported:
    """A scipy module imported at its first use: a run that plays without a statistic (the
    kernels, a strategy that imports this module) does not wait ~1 s for scipy to load."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        return getattr(importlib.import_module(self._name), attr)


stats, optimize = _Imported("scipy.stats"), _Imported("scipy.optimize")

Z95 = 1.959963984540054
Z80 = 0.8416212335729143          # one-sided z for 80 % power
ALPHA = 0.05
EXACT_COUNT = 30                  # fewer successes or failures: Clopper-Pearson, not Wilson
SMALL_COUNT = 10                  # --until-ci's event floor (simulate/adaptive/until_ci.py)
UNBOUNDED = (-math.inf, math.inf)


@lru_cache(maxsize=4096)
def t_quantile(q: float, df: float) -> float:
    """Student t quantile (cached: search asks for the same few thousands of times)."""
    return float(stats.t.ppf(q, df))


@lru_cache(maxsize=256)
def normal_quantile(q: float) -> float:
    return float(stats.norm.ppf(q))


@lru_cache(maxsize=256)
def normal_cdf(z: float) -> float:
    return float(stats.norm.cdf(z))


def _z(confidence: float) -> float:
    return Z95 if confidence == 0.95 else normal_quantile(0.5 + confidence / 2)


# --- one rate -------------------------------------------------------------------------------

def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of k successes in n, within [0, 1]; (nan, nan) when n = 0."""
    if n == 0:
        return (math.nan, math.nan)
    found = stats.binomtest(k, n).proportion_ci(confidence, method="wilson")
    return (max(0.0, float(found.low)), min(1.0, float(found.high)))


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval, scipy's: never covers less than ``confidence``."""
    if n == 0:
        return (math.nan, math.nan)
    found = stats.binomtest(k, n).proportion_ci(confidence, method="exact")
    return (float(found.low), float(found.high))


def rate_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The interval of a rate: Wilson, or Clopper-Pearson when successes or failures are fewer
    than EXACT_COUNT (see the module's docstring). Never of zero width for n >= 1."""
    if min(k, n - k) < EXACT_COUNT:
        return clopper_pearson(k, n, confidence)
    return wilson(k, n, confidence)


# --- one mean -------------------------------------------------------------------------------

def sd_from_sums(n: int, total: float, squares: float) -> float:
    """Sample standard deviation (ddof = 1) from n, sum and sum of squares."""
    if n < 2:
        return math.nan
    var = (squares - total * total / n) / (n - 1)
    return math.sqrt(max(var, 0.0))


def mean_interval(n: int, mean: float, sd: float, confidence: float = 0.95,
                  bounds: tuple[float, float] = UNBOUNDED) -> tuple[float, float]:
    """t interval of a mean, kept within ``bounds`` (what the measure can take: (0, inf) for a
    count, (0, 1) for a share). (nan, nan) when it cannot be estimated (n < 2). When every game
    took one value: the rule-of-three bound if the measure is bounded, else (mean, mean)."""
    if n < 2 or sd != sd:
        return (math.nan, math.nan)
    lo, hi = bounds
    if sd == 0:
        if math.isinf(lo) or math.isinf(hi):
            return (mean, mean)
        share = 1 - ((1 - confidence) / 2) ** (1 / n)      # exact upper bound for 0 of n
        return (mean - share * (mean - lo), mean + share * (hi - mean))
    half = t_quantile(0.5 + confidence / 2, n - 1) * sd / math.sqrt(n)
    return (max(mean - half, lo), min(mean + half, hi))


def t_test_p(n: int, mean: float, sd: float) -> float:
    """Two-sided one-sample t-test of mean = 0."""
    return float(2 * stats.t.sf(abs(mean) / (sd / math.sqrt(n)), n - 1))


# --- differences ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Difference:
    """A difference (variant - baseline, or one seat - the others) with its interval."""
    value: float
    low: float
    high: float
    p: float
    n: int
    test: str                      # the test's name, e.g. "exact McNemar"
    d: float = math.nan            # Cohen's d (pooled SD of the two conditions)
    detectable: float = math.nan   # smallest difference this n detects with 80 % power
    needed: float = math.nan       # games needed to detect a change of `unit`
    identical: bool = False        # paired only: every pair was equal, no game differed


def cohen_d_rates(pa: float, pb: float, diff: float) -> float:
    pooled = math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / 2)
    return diff / pooled if pooled > 0 else 0.0


def paired_rates(n: int, a_only: int, b_only: int, a_total: int,
                 confidence: float = 0.95) -> Difference:
    """Rate b - a over n paired games; a_only / b_only are the discordant pairs.

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
    half = _z(confidence) * math.sqrt(((p12 + p21) - shift ** 2) / m)
    psi = max(discordant, 1) / n
    b_total = a_total - a_only + b_only
    d = cohen_d_rates(a_total / n, b_total / n, value)
    return Difference(value, max(shift - half, -1.0), min(shift + half, 1.0), p, n,
                      "exact McNemar", d, detectable=(Z95 + Z80) * math.sqrt(psi / n),
                      needed=(Z95 + Z80) ** 2 * psi / 0.01 ** 2, identical=discordant == 0)


def paired_means(n: int, diff_sum: float, diff_squares: float, sd_a: float,
                 sd_b: float, confidence: float = 0.95,
                 bounds: tuple[float, float] = UNBOUNDED) -> Difference:
    """Mean of b - a over n paired games: paired t-test and t interval kept within ``bounds``
    (what the difference can take); Cohen's d uses the pooled SD of a and b (the SD of the
    differences would inflate it when pairs correlate). A bounded difference that is the same
    nonzero gap in every game gets the rule-of-three interval and an exact sign test."""
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, "paired t")
    mean = diff_sum / n
    sd = sd_from_sums(n, diff_sum, diff_squares)
    pooled = math.sqrt((sd_a ** 2 + sd_b ** 2) / 2) if sd_a == sd_a and sd_b == sd_b else math.nan
    d = mean / pooled if pooled and pooled == pooled else 0.0
    if n < 2:
        return Difference(mean, math.nan, math.nan, math.nan, n, "paired t", d)
    if sd == 0 and mean != 0 and not any(map(math.isinf, bounds)):
        low, high = mean_interval(n, mean, 0.0, confidence, bounds)
        return Difference(mean, low, high, min(1.0, 2 * 0.5 ** n), n, "paired t", d)
    if sd == 0:
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, n, "paired t", d,
                          identical=mean == 0)
    low, high = mean_interval(n, mean, sd, confidence, bounds)
    return Difference(mean, low, high, t_test_p(n, mean, sd), n, "paired t", d,
                      detectable=(Z95 + Z80) * sd / math.sqrt(n))


def within_game(n: int, total: float, squares: float, test: str = "paired t",
                bounds: tuple[float, float] = UNBOUNDED) -> Difference:
    """The mean of a per-game difference (e.g. first seat's win minus the others' mean win):
    one value per game, so seats of one game are never treated as independent. The interval is
    kept within ``bounds``, the values the difference can take."""
    if n < 2:
        return Difference(total / n if n else math.nan, math.nan, math.nan, math.nan, n, test)
    mean = total / n
    sd = sd_from_sums(n, total, squares)
    if sd == 0 and mean == 0:
        return Difference(mean, mean, mean, 1.0, n, test, identical=True)
    if sd == 0:       # every game the same gap: the bounded rule of three, an exact sign test
        low, high = mean_interval(n, mean, 0.0, bounds=bounds)
        return Difference(mean, low, high, min(1.0, 2 * 0.5 ** n), n, test)
    low, high = mean_interval(n, mean, sd, bounds=bounds)
    return Difference(mean, low, high, t_test_p(n, mean, sd), n, test, mean / sd,
                      detectable=(Z95 + Z80) * sd / math.sqrt(n),
                      needed=(Z95 + Z80) ** 2 * sd ** 2 / 0.01 ** 2)


def rate_against_share(k: int, n: int, share: float) -> Difference:
    """k wins in n independent games (one seat each) against a fixed fair share: the exact
    binomial test; value and interval (the rate's, from ``rate_interval``) minus the share."""
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, "exact binomial")
    low, high = rate_interval(k, n)
    p = float(stats.binomtest(k, n, share).pvalue) if 0 < share < 1 else math.nan
    return Difference(k / n - share, low - share, high - share, p, n, "exact binomial",
                      detectable=(Z95 + Z80) * math.sqrt(share * (1 - share) / n))


def newcombe(k_a: int, n_a: int, k_b: int, n_b: int,
             confidence: float = 0.95) -> tuple[float, float]:
    """Newcombe's hybrid score interval of rate b - rate a (independent samples), from the two
    Wilson intervals (method 10 of Newcombe 1998)."""
    pa, pb = k_a / n_a, k_b / n_b
    low_a, high_a = wilson(k_a, n_a, confidence)
    low_b, high_b = wilson(k_b, n_b, confidence)
    diff = pb - pa
    return (diff - math.sqrt((pb - low_b) ** 2 + (high_a - pa) ** 2),
            diff + math.sqrt((pa - low_a) ** 2 + (high_b - pb) ** 2))


def score_test_rates(k_a: int, n_a: int, k_b: int, n_b: int) -> float:
    """Two-sided score test of rate b = rate a (pooled variance with Miettinen-Nurminen's
    n / (n - 1) correction)."""
    total, wins = n_a + n_b, k_a + k_b
    pooled = wins / total
    var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b) * total / (total - 1)
    if var <= 0:
        return 1.0
    return float(2 * stats.norm.sf(abs(k_b / n_b - k_a / n_a) / math.sqrt(var)))


def unpaired_rates(k_a: int, n_a: int, k_b: int, n_b: int) -> Difference:
    """Rate b - a from independent samples (a variant with its own seed, owners vs non-owners):
    Newcombe's interval, two-sided score test."""
    if not n_a or not n_b:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, "two-proportion")
    low, high = newcombe(k_a, n_a, k_b, n_b)
    pa, pb = k_a / n_a, k_b / n_b
    varies = 0 < k_a + k_b < n_a + n_b
    p = score_test_rates(k_a, n_a, k_b, n_b) if varies else 1.0
    pbar = (k_a + k_b) / (n_a + n_b)
    var = max(pbar * (1 - pbar), 0.25 / max(n_a + n_b, 1))
    n = min(n_a, n_b)
    return Difference(pb - pa, low, high, p, n, "two-proportion score",
                      cohen_d_rates(pa, pb, pb - pa),
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
                          0.0)      # unpaired: "in every game", never "no game differed"
    se = math.sqrt(va + vb)
    dof = (va + vb) ** 2 / (va ** 2 / (n_a - 1) + vb ** 2 / (n_b - 1))
    half = t_quantile(0.975, dof) * se
    p = float(2 * stats.t.sf(abs(diff) / se, dof))
    return Difference(diff, diff - half, diff + half, p, min(n_a, n_b), "Welch t",
                      diff / pooled if pooled else 0.0, detectable=(Z95 + Z80) * se)


def between_estimates(a: Difference, b: Difference) -> Difference:
    """b - a for two estimates from separate samples (an entity's excess over its fair share in
    two runs): normal, each standard error read from its 95 % interval."""
    se = math.hypot(*((d.high - d.low) / (2 * Z95) for d in (a, b)))
    diff = b.value - a.value
    if not se == se or se == 0:
        return Difference(diff, math.nan, math.nan, math.nan, min(a.n, b.n), "normal, two runs")
    p = 2 * (1 - normal_cdf(abs(diff) / se))
    return Difference(diff, diff - Z95 * se, diff + Z95 * se, p, min(a.n, b.n),
                      "normal, two runs", detectable=(Z95 + Z80) * se)


# --- families of tests, seats, power --------------------------------------------------------

def holm(pvalues: list[float]) -> list[float]:
    """Holm-adjusted p-values (family-wise error); nan stays nan and is left out."""
    present = sorted((p, i) for i, p in enumerate(pvalues) if p == p)
    adjusted = [math.nan] * len(pvalues)
    m, running = len(present), 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return adjusted



def equal_seats(wins_by_seat: list[int]) -> tuple[float, float]:
    """Chi-square goodness of fit: do sole winners come equally from every seat?
    Returns (statistic, p); games with a shared win are left out by the caller."""
    total = sum(wins_by_seat)
    if total == 0 or len(wins_by_seat) < 2:
        return (math.nan, math.nan)
    result = stats.chisquare(wins_by_seat)
    return (float(result.statistic), float(result.pvalue))


def rates_differ(wins_and_losses: list[list[float]]) -> tuple[float, float]:
    """Chi-square test of independence: does the rate differ between groups (rows of
    [wins, losses])? Returns (statistic, p)."""
    result = stats.chi2_contingency(wins_and_losses)
    return (float(result.statistic), float(result.pvalue))


def holm_first_z(tests: int, alpha: float = ALPHA) -> float:
    """Two-sided z a test must pass to be claimed by Holm over ``tests`` tests when it is the
    smallest p: alpha / tests (Holm's first step; a report's only real effect meets exactly
    this)."""
    if tests <= 1 and alpha == ALPHA:
        return Z95
    return normal_quantile(1 - alpha / (2 * max(tests, 1)))


def claimed_change(detectable: float, tests: int, alpha: float = ALPHA) -> float:
    """A ``detectable`` change (80 % power at an uncorrected two-sided 5 %, as every Difference
    holds it) at the level a report's claims pass instead, Holm over ``tests`` tests: the
    smallest change the report claims 80 % of the time (1.8 points at 5 % was
    claimed in 70 % of reports)."""
    return detectable * (holm_first_z(tests, alpha) + Z80) / (Z95 + Z80)


def games_for_rate_change(p: float, change: float = 0.01) -> float:
    """Games per condition to detect a rate change of `change` (two-sided 5 %, power 80 %)
    between independent samples at rate p: normal power on Cohen's h (arcsine) effect size."""
    p = min(max(p, 0.005), 0.995 - change)
    h = abs(2 * math.asin(math.sqrt(p + change)) - 2 * math.asin(math.sqrt(p)))
    crit = Z95

    def shortfall(n: float) -> float:
        shift = h * math.sqrt(n / 2)
        return float(stats.norm.sf(crit - shift) + stats.norm.cdf(-crit - shift)) - 0.8

    return float(optimize.brentq(shortfall, 2.0, 1e10, xtol=1e-9, rtol=1e-14))
