"""A report section under construction, and the tests every section may call.

A game's section (``reports/sections/<game>.py``) defines ``build(section: Section) -> None``: it
reads ``section.run`` (``RunTables``: lazy tables, one player count at a time), adds blocks with
``section.add(...)``, and calls the shared tests, which put their findings into the section's
family (the report then corrects every family's claims together: reports.findings.report_wide):

    def build(section):
        run = section.run
        for players in run.player_counts:
            section.add(Table(...))                         # aggregates from reports.tables
            section.seat_fairness(players)                  # chi-square + first seat vs others
            section.compare_variants(players, [Measure("fame", "games", "fame")])
            section.test(Finding(...))                      # any other test of the family

The report adds the family's table and a precision statement at the end of the section (after the
report-wide correction), and the summary at the top quotes only the findings that survive it.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import polars as pl

from reports.blocks import Details, Mean, Note, Paragraph, Rate, Table, decimals, \
    number_interval, percent_interval
from reports.findings import Family, Finding
from reports.tables import BASELINE, RunTables, collect, moments, paired_moments, rate_of
from simulate.statistics import (Difference, claimed_change, equal_seats, paired_means,
                                 paired_rates, sd_from_sums, unpaired_means, unpaired_rates,
                                 within_game)

WIDE_RATE = 0.10          # a rate interval wider than 10 points gets a warning
TINY = 30                 # fewer games than this in a cell gets a warning


@dataclass(frozen=True)
class Measure:
    """Something a variant is compared on: a column of the ``games`` table, of the ``seats``
    table for one seat (``seat``), or of ``results`` (seats as units: one row per game in co-op
    games). ``kind`` "rate" for booleans (shown in percentage points), "mean" otherwise."""
    label: str
    table: str
    column: str
    kind: str = "mean"
    seat: int | None = None
    rank: int | None = None        # summary order: 0 win rates, 1 scores; None: after them


class Section:
    def __init__(self, title: str, run: RunTables):
        self.title = title
        self.run = run
        self.blocks: list = []
        self.family = Family(title)
        self.widest: tuple[float, str] = (0.0, "")
        self.detectable: dict[int, float] = {}      # players -> smallest detectable change
        self.needed: dict[int, float] = {}          # players -> games for a 1-point change
        self.warnings: list[str] = []
        self.rarely: list[str] = []       # mechanics hardly used, in words (reports.mechanics)
        self.in_summary = False           # shown folded in the summary, not as a section
        self.differences: dict[tuple[str, int, str], Difference] = {}   # (variant, players, label)
        self.verdicts: dict[tuple[str, int, str], Finding] = {}         # the tested ones
        self.retrained_lines: list[str] = []   # verdicts re-training changes (reports.retraining)
        self.skill_gaps: list = []             # a skill ladder's strongest vs weakest (skill.py)
        self.restrictions: list = []           # restricted seats vs unrestricted (skill.py)
        self.changed_games: dict = {}     # variant -> {players: (paired, changed)}: reports.reaction
        self.untaken: list = []           # (card, players, granted Finding, share taken): cards

    def add(self, *blocks) -> None:
        self.blocks.extend(b for b in blocks if b is not None)

    def test(self, finding: Finding) -> Finding:
        return self.family.add(finding)

    # ---- precision bookkeeping -------------------------------------------------------------
    def track(self, value, where: str) -> None:
        """Remember the widest rate interval shown and warn about imprecise cells."""
        if isinstance(value, Rate) and value.n:
            if value.width > self.widest[0]:
                self.widest = (value.width, where)
            if value.n < TINY:
                self.warnings.append(f"{where}: only {value.n} games")
            elif value.width > WIDE_RATE:
                self.warnings.append(f"{where}: interval {100 * value.width:.0f} points wide")

    def _power(self, players: int, diff: Difference) -> None:
        if diff.detectable == diff.detectable:
            self.detectable[players] = max(self.detectable.get(players, 0.0), diff.detectable)
        if diff.needed == diff.needed:
            self.needed[players] = max(self.needed.get(players, 0.0), diff.needed)

    def closing(self) -> list:
        """The family's table and what the section could detect, folded away."""
        blocks: list = []
        lines = []
        if self.widest[0]:
            lines.append(f"The widest rate interval is {100 * self.widest[0]:.1f} points "
                         f"({self.widest[1]}).")
        tests = self.family.budget or len(self.family.findings)
        scale = claimed_change(1.0, tests)         # to Holm's level
        for players in sorted(self.detectable):
            text = f"At {players} player{'s' if players > 1 else ''}, the smallest win-rate " \
                   f"change the summary claims with 80 % power (Holm over {tests} test" \
                   f"{'s' if tests != 1 else ''}) is about " \
                   f"{100 * self.detectable[players] * scale:.1f} points"
            if players in self.needed:
                text += f"; a 1-point change would need about " \
                        f"{self.needed[players] * scale ** 2:,.0f} games"
            lines.append(text + ".")
        if lines:
            blocks.append(Paragraph("Precision: " + " ".join(lines)))
        if self.warnings:
            shown = self.warnings[:3]
            more = f" (and {len(self.warnings) - 3} more)" if len(self.warnings) > 3 else ""
            blocks.append(Note(f"Imprecise numbers (fewer than {TINY} games, or a rate interval "
                               f"wider than {100 * WIDE_RATE:.0f} points): " + "; ".join(shown)
                               + more + ". More games narrow them (width ~ 1/sqrt(games))."))
        if self.family.findings:
            n = len(self.family.findings)
            corrected = "Holm-corrected over the whole report" if self.family.budget is not None \
                else "one family, Holm-corrected"
            blocks.append(Details(
                f"All {n} test{'s' if n > 1 else ''} of this section ({corrected})",
                [Table(Family.columns, self.family.rows, self.family.caption)]))
        return blocks

    # ---- shared tests ----------------------------------------------------------------------
    def seat_fairness(self, players: int, variant: str = BASELINE, test: bool = True) -> list:
        """Equal seat win rates (chi-square over sole winners) and the first seat minus the
        others' mean (one value per game, t interval). Adds both to the family (unless
        ``test`` is False: already tested in another section); returns a table row list for
        the caller to show (empty for solo or co-op games).

        With ``rotate = true`` a seed and its rotations are one unit: the first seat's gap is
        averaged over the seed's rotations first, and the chi-square, which assumes independent
        games, is not run. When different strategies sit in fixed seats, a seat's difference
        is the strategy's as much as the seat's: the findings are kind "strategy" and name
        seat 0's strategy."""
        add = self.test if test else (lambda finding: finding)
        run = self.run
        if players < 2 or run.cooperative:
            return []
        seats = run.seats_at(players, variant)
        per_game = seats.group_by(run.keys).agg(
            pl.col("won").cast(pl.Int64).sum().alias("winners"),
            pl.col("won").filter(pl.col("seat") == 0).first().cast(pl.Float64).alias("first"),
            pl.col("won").filter(pl.col("seat") != 0).cast(pl.Float64).mean().alias("others"),
            pl.col("seat").filter(pl.col("won")).first().alias("winner"))
        units = per_game
        if run.rotate:                 # one unit per seed: its rotations averaged first
            units = per_game.group_by("game").agg(
                pl.col("first", "others").mean(), (pl.col("winners") > 1).sum().alias("shared"))
        else:
            units = units.with_columns((pl.col("winners") > 1).cast(pl.Int64).alias("shared"))
        gap = pl.col("first") - pl.col("others")
        sums = collect(units.select(pl.len().alias("n"), gap.sum().alias("s"),
                                    (gap ** 2).sum().alias("q"),
                                    pl.col("first").sum().alias("first_wins"),
                                    (pl.col("first") ** 2).sum().alias("first_q"),
                                    pl.col("shared").sum().alias("shared")))
        n, s, q, first_wins, first_q, shared = sums.row(0)
        sole = collect(per_game.filter(pl.col("winners") == 1).group_by("winner").len())
        counts = dict(sole.iter_rows())
        wins = [int(counts.get(seat, 0)) for seat in range(players)]
        label = "" if variant == BASELINE else f" ({variant})"
        strategy = self.fixed_strategy(players, variant)
        kind = "strategy" if strategy else "seat"
        mixed = "strategy and seat together: strategies sit in fixed seats" if strategy else ""
        together = f" ({mixed})" if mixed else ""
        p_chi = math.nan
        if not run.rotate:
            chi2, p_chi = equal_seats(wins)
            what = "the seats, each with its fixed strategy," if strategy else "the seats"
            add(Finding(players, f"equal {'seat-and-strategy' if strategy else 'seat'} win "
                                 f"rates{label}",
                        f"sole wins {_counts(wins)}, chi2 = {chi2:.1f}", "chi-square",
                        p_chi,
                        f"At {players} players {what} do not win equally often "
                        f"(sole wins {_counts(wins)}{'; ' + mixed if mixed else ''})"
                        f"{label}.", kind))
        test_name = "paired t over seeds" if run.rotate else "paired t"
        gap_diff = within_game(int(n), float(s or 0), float(q or 0), test_name,
                               bounds=(-1.0, 1.0))
        if variant == BASELINE:         # the variants' own seat tests must not overwrite it
            self.differences[("first seat", players, "first seat minus the others")] = gap_diff
        if run.rotate:
            mean = Mean.from_sums(int(n), float(first_wins or 0), float(first_q or 0),
                                  bounds=(0.0, 1.0))
            first = percent_interval(mean.value, mean.low, mean.high) if n > 1 else "–"
        else:
            first = Rate(int(first_wins or 0), int(n))
        fair = self.fair_share(players, variant)
        who = f"the {strategy} strategy in seat 0" if strategy else "the first seat"
        about = f"{who} minus the others" if strategy else "first seat minus the others"
        add(Finding(players, f"{about}{label}",
                    f"{points(gap_diff)} ({who} {first}, fair share {100 * fair:.1f} %)",
                    test_name, gap_diff.p,
                    f"At {players} players {who} wins {first} vs {100 * fair:.1f} % fair "
                    f"share, {points(gap_diff)} against the other seats{label}{together}.",
                    kind, size=gap_diff.d))
        note = f"; {shared:,} game{'s' if shared != 1 else ''} with a shared win" if shared else ""
        shown_p = "– (not run: rotations of a seed are not independent)" if run.rotate \
            else _p(p_chi)
        return [players, _counts(wins), shown_p, points(gap_diff) + note]

    def fixed_strategy(self, players: int, variant: str) -> str:
        """Seat 0's strategy when different strategies sit in fixed seats (no rotation), so a
        seat difference is a strategy-and-seat difference; "" otherwise."""
        run = self.run
        seats = run.seats_at(players, variant)
        if run.rotate or "strategy" not in seats.collect_schema().names():
            return ""
        listed = [str(x) for x in run.manifest["identity"].get("strategies") or []][:players]
        names = collect(seats.group_by("seat").agg(pl.col("strategy").first())).sort("seat")
        found = names["strategy"].to_list()
        if len(set(found)) < 2 and len(set(listed)) < 2:
            return ""
        return str(found[0]) if found else listed[0]

    def fair_share(self, players: int, variant: str = BASELINE) -> float:
        """A seat's win rate if seats were equal: total wins / seats (1/players without ties;
        higher when wins are shared)."""
        won = rate_of(self.run.seats_at(players, variant), "won")
        return won.value if players > 1 else math.nan

    def compare_variants(self, players: int, measures: list[Measure],
                         variants: list[str] | None = None) -> Table | None:
        """Each variant against the baseline on every measure at one player count: paired on the
        game seed (unpaired, and said so, for a variant with its own seed). Adds findings."""
        rows = []
        for variant in variants or self.run.compared:
            compared = self._compare(players, variant, measures)
            for order, measure in enumerate(measures):
                found = compared.get(measure)
                if found is None:
                    continue
                diff, base, other = found
                self.differences[(variant, players, measure.label)] = diff
                shown = points(diff) if measure.kind == "rate" else units(diff)
                if diff.identical:            # nothing differed: no test to count in the family,
                    rows.append([variant, measure.label, base, other, shown, "–", "–", "–"])
                    continue                  # and no discordant games to say its power from
                if measure.kind == "rate":
                    self._power(players, diff)
                finding = self.test(Finding(
                    players, f"{variant} vs {self.run.reference(variant)}: {measure.label}",
                    shown, diff.test, diff.p,
                    _claim(players, variant, measure, diff), "variant",
                    order=measure.rank if measure.rank is not None else 2 + order, size=diff.d))
                self.verdicts[(variant, players, measure.label)] = finding
                rows.append([variant, measure.label, base, other, shown, f"{diff.d:+.2f}",
                             diff.test, finding])
        if not rows:
            return None
        return Table(["variant", "measure", "baseline", "variant's value",
                      "difference [95 % CI]", "Cohen's d", "test", "p (Holm)"],
                     rows, f"Variants vs the baseline at {players} player"
                           f"{'s' if players > 1 else ''}")

    def _compare(self, players: int, variant: str, measures: list[Measure]) -> dict:
        """{measure: (Difference, baseline level, variant level)}: one join per table."""
        run = self.run
        pick = {"games": run.games_at, "seats": run.seats_at, "results": run.results_at}
        found: dict = {}
        groups: dict = {}
        for m in measures:
            groups.setdefault((m.table, m.seat is not None), []).append(m)
        for (table, by_seat), chosen in groups.items():
            base = pick[table](players, run.reference(variant))
            other = pick[table](players, variant)
            columns = list(dict.fromkeys(m.column for m in chosen))
            keys = list(run.keys)
            if table != "games" and not by_seat and not run.cooperative:
                # all seats together: the seats of one game share its dice and interact, so
                # the unit is the game (its seats' mean), never each seat as if independent
                base, other = (_per_game(q, keys, columns) for q in (base, other))
            by = ["seat"] if by_seat else []
            if run.rotate:
                # a seed with its rotations is one unit: they share the dice, so each seed's
                # mean over its rotations is one value (a win becomes a share of rotations)
                base, other = (_per_game(q, ["game"] + by, columns) for q in (base, other))
                keys = ["game"]
            if variant in run.unpaired:
                sums = _unpaired_sums(base, other, columns, by)
            else:
                sums = paired_moments(base, other, keys, columns, by)
            for m in chosen:
                stats = sums.get((m.seat,) if by_seat else (), {}).get(m.column)
                if stats:
                    found[m] = _difference(m, stats, variant in run.unpaired, run.rotate)
        return {m: v for m, v in found.items() if v is not None}


def _counts(wins: list[int]) -> str:
    """Counts by seat as counts, never like an interval: "seat 0: 360 · seat 1: 357"."""
    return " · ".join(f"seat {seat}: {count:,}" for seat, count in enumerate(wins))


def _per_game(query, keys: list[str], columns: list[str]):
    """One row per ``keys`` (a game, or a seed over its rotations): the mean of each column."""
    return query.group_by(keys).agg(pl.col(c).cast(pl.Float64).mean() for c in columns)


def _unpaired_sums(base, other, columns: list[str], by: list[str]) -> dict:
    """Per group and column: n, sum and squares of each side (sa, qa, na / sb, qb, nb)."""
    result: dict = {}
    for side, query in (("a", base), ("b", other)):
        table = moments(query, columns, by)
        for row in table.iter_rows(named=True):
            group = result.setdefault(tuple(row[k] for k in by), {c: {} for c in columns})
            for c in columns:
                group[c].update({f"n{side}": row[f"{c}__n"], f"s{side}": row[f"{c}__sum"] or 0.0,
                                 f"q{side}": row[f"{c}__sq"] or 0.0})
    return result


def _difference(measure: Measure, m: dict, unpaired: bool, shares: bool = False):
    """(Difference, baseline level, variant level) from sums, or None if nothing to compare.
    ``shares``: the units are seeds over their rotations, so a rate's values are shares of
    rotations won, not 0/1: compared as means (t), shown in points, "per seed" in the test."""
    counted = measure.kind == "rate" and not shares          # 0/1 values: rate tests
    if unpaired:
        na, nb = int(m.get("na", 0)), int(m.get("nb", 0))
        if not na or not nb:
            return None
        levels = (_levels(measure, na, m["sa"], m["qa"], shares),
                  _levels(measure, nb, m["sb"], m["qb"], shares))
        if counted:
            return unpaired_rates(int(m["sa"]), na, int(m["sb"]), nb), *levels
        diff = unpaired_means(na, m["sa"] / na, sd_from_sums(na, m["sa"], m["qa"]), nb,
                              m["sb"] / nb, sd_from_sums(nb, m["sb"], m["qb"]))
        return _per_seed(diff, shares), *levels
    n = int(m["n"])
    if n == 0 or (measure.kind == "mean" and m["qd"] == 0 and m["qa"] * n == m["sa"] ** 2):
        return None                      # the same constant in both: nothing to compare
    levels = (_levels(measure, n, m["sa"], m["qa"], shares),
              _levels(measure, n, m["sb"], m["qb"], shares))
    if counted:
        return paired_rates(n, int(m["a_only"]), int(m["b_only"]), int(m["sa"])), *levels
    diff = paired_means(n, m["sd"], m["qd"], sd_from_sums(n, m["sa"], m["qa"]),
                        sd_from_sums(n, m["sb"], m["qb"]))
    return _per_seed(diff, shares), *levels


def _per_seed(diff: Difference, shares: bool) -> Difference:
    return dataclasses.replace(diff, test=f"{diff.test} per seed") if shares else diff


def _levels(measure: Measure, n: int, total: float, squares: float, shares: bool = False):
    if measure.kind == "rate" and shares:              # a share of rotations won, per seed
        level = Mean.from_sums(n, total, squares, (0.0, 1.0))
        return percent_interval(level.value, level.low, level.high) if n > 1 else str(level)
    if measure.kind == "rate":
        return Rate(int(total), n)
    return Mean.from_sums(n, total, squares)


def _claim(players: int, variant: str, measure: Measure, diff: Difference) -> str:
    """"At 4 players, five_stones lowers the team win rate by 3.1 pts [2.2, 4.0]"."""
    size = diff if diff.value >= 0 else dataclasses.replace(
        diff, value=-diff.value, low=-diff.high, high=-diff.low)
    shown = (points(size) if measure.kind == "rate" else units(size)).replace("+", "")
    verb = "raises" if diff.value > 0 else "lowers"
    return f"At {players} player{'s' if players > 1 else ''}, {variant} {verb} " \
           f"{_what(measure)} by {shown}"


def _what(measure: Measure) -> str:
    return f"the {measure.label}" if measure.kind == "rate" or " " in measure.label \
        else f"the mean {measure.label}"


def points(diff: Difference) -> str:
    """A rate difference in percentage points with its interval."""
    if diff.value != diff.value:
        return "–"
    if diff.identical:
        return "0.0 pts (no game differed)"
    if diff.low != diff.low:
        return f"{100 * diff.value:+.1f} pts [n = {diff.n}: no interval]"
    return percent_interval(diff.value, diff.low, diff.high, " pts", "+")


def units(diff: Difference) -> str:
    """A difference on the measure's own scale with its interval."""
    if diff.value != diff.value:
        return "–"
    if diff.identical:
        return "0 (no game differed)"
    if diff.low != diff.low:
        return f"{diff.value:+.3g} [n = {diff.n}: no interval]"
    if diff.low == diff.high:
        return f"{diff.value:+.3g} in every game"
    return number_interval(diff.value, diff.low, diff.high, "+",
                           decimals(diff.value, diff.low, diff.high))


def _p(p: float) -> str:
    from reports.findings import p_text
    return p_text(p)
