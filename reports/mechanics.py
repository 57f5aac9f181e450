"""Mechanic use: a verdict is only as good as the play behind it, so every report
says how often each optional mechanic of the game was used, per seat (per game in a co-op game)
and per player count, never pooled over player counts, with its 95 % interval, and warns in
plain words, up to the summary, when one is used in under 5 % of seats at some player count.

Each game declares its mechanics once, as ``MECHANICS`` in ``reports/sections/<game>.py``: a
list of :class:`Mechanic` (the name in the designer's words, and a polars expression over the
game's existing result columns that is true for a seat, or a game, that used it). What cannot
be measured from the columns is listed in that module's ``UNMEASURED``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

import polars as pl

from reports.blocks import Details, Note, Paragraph, Rate, Table
from reports.tables import BASELINE, baseline_or_first, collect

TITLE = "Mechanics in play"
RARE = 0.05               # used in fewer than 5 % of seats (or games): the results say nothing
SHOWN = 3                 # warning lines in view; the rest folded
LINE = 30                 # characters of mechanic names on the summary's one line


@dataclass(frozen=True)
class Mechanic:
    """``used`` is true for a row that used the mechanic; ``unit`` "seat" reads the seats
    table (one row per seat), "game" the games table (one row per game)."""
    name: str
    used: pl.Expr
    unit: str = "seat"

    @property
    def columns(self) -> list[str]:
        return self.used.meta.root_names()


def positive(column: str) -> pl.Expr:
    """Used at least once: a count above zero."""
    return pl.col(column) > 0


def counted(names: dict[str, str], unit: str = "seat") -> list[Mechanic]:
    """{mechanic in words: the count column}: each used when its count is above zero."""
    return [Mechanic(name, positive(column), unit) for name, column in names.items()]


def declared(game: str, run=None) -> tuple[list[Mechanic], list[str]]:
    """The game's MECHANICS and UNMEASURED (empty for a game without a section); a callable
    MECHANICS is given the run (its component facts come from the run's own data files)."""
    try:
        module = importlib.import_module(f"reports.sections.{game}")
    except ModuleNotFoundError:
        return [], []
    found = getattr(module, "MECHANICS", [])
    return list(found(run) if callable(found) else found), list(getattr(module, "UNMEASURED",
                                                                        []))


def applies(run) -> bool:
    return bool(declared(run.spec.name, run)[0]) and bool(run.player_counts)


def _rows(run, mechanic: Mechanic, players: int, variant: str) -> pl.LazyFrame:
    """The rows counted: with seats rotated, each seed once (its first rotation; the others
    replay the same dice, and counting them would narrow every interval as if independent)."""
    rows = run.games_at(players, variant) if mechanic.unit == "game" else \
        run.seats_at(players, variant)
    return rows.filter(pl.col("rotation") == 0) if run.rotate else rows


def use(run, mechanics: list[Mechanic], players: int, variant: str,
        by: str | None = None) -> dict:
    """{(mechanic name, group): Rate} at one player count; ``by`` a seats column (strategy)."""
    found = {}
    for unit in ("seat", "game"):
        mine = [m for m in mechanics if m.unit == unit]
        if not mine or (by and unit == "game"):
            continue
        keys = [by] if by else []
        aggs = [m.used.fill_null(False).cast(pl.Int64).sum().alias(m.name) for m in mine]
        query = _rows(run, mine[0], players, variant)
        table = collect(query.group_by(keys).agg(*aggs, pl.len().alias("__n")) if keys
                        else query.select(*aggs, pl.len().alias("__n")))
        for row in table.iter_rows(named=True):
            for m in mine:
                found[(m.name, row[by] if by else None)] = Rate(int(row[m.name] or 0),
                                                                int(row["__n"]))
    return found


def _unit(run, mechanic: Mechanic, players: int) -> str:
    return "games" if mechanic.unit == "game" or players == 1 or run.cooperative else "seats"


def _counts(players: int) -> str:
    return f"{players} player{'s' if players > 1 else ''}"


def rarely(run, mechanics: list[Mechanic], found: dict) -> list[tuple[list[str], str]]:
    """(the mechanics named, a plain line) for those used in under 5 % of seats (games) at
    some player count: one line naming every mechanic never used at all, one for each other."""
    never, lines = [], []
    for m in mechanics:
        low = [(p, found[p][(m.name, None)]) for p in run.player_counts
               if (m.name, None) in found[p] and found[p][(m.name, None)].n
               and found[p][(m.name, None)].value < RARE]
        if low and len(low) == len(run.player_counts) and all(r.k == 0 for _, r in low):
            never.append(m)
        elif low:
            where = ", ".join(f"{rate}" + (f" of {_unit(run, m, p)}" if i == 0 else "")
                              + f" at {_counts(p)}" for i, (p, rate) in enumerate(low))
            lines.append(([m.name], f"{_capital(m.name)}: in only {where}; these results say "
                                    "nothing about it."))
    for unit in ("game", "seat"):              # the same rows, so the same upper ends
        alike = [m for m in never if m.unit == unit]
        if alike:
            upper = ", ".join(f"{found[p][(alike[0].name, None)].interval[1] * 100:.2g} % at "
                              f"{_counts(p)}" for p in run.player_counts)   # never "0.0 %"
            lines.insert(0, ([m.name for m in alike], (
                f"Never used in any of these games: {', '.join(m.name for m in alike)} (the "
                f"95 % interval's upper end: {upper}); these results say nothing about "
                f"{'them' if len(alike) > 1 else 'it'}.")))
    return lines


def rarely_by_strategy(run, mechanics: list[Mechanic], overall: dict,
                       by: dict) -> list[tuple[list[str], str]]:
    """Strategies that (almost) never use a mechanic the other seats do use, one line per
    mechanic and strategy (player counts where the mechanic is rare over all seats are left
    to :func:`rarely`)."""
    found: dict[tuple[str, str], list] = {}
    for m in mechanics:
        for p in sorted(by):
            whole = overall[p].get((m.name, None))
            if whole is None or whole.value < RARE:
                continue
            for (name, strategy), rate in sorted(by[p].items()):
                if name == m.name and rate.n and rate.value < RARE:
                    found.setdefault((m.name, strategy), []).append((p, rate, whole))
    lines = []
    for (name, strategy), low in found.items():
        how = "never" if all(rate.k == 0 for _, rate, _ in low) else "hardly ever"
        where = ", ".join(f"{rate}" + (" of its seats" if i == 0 else "") + f" at {_counts(p)}"
                          for i, (p, rate, _) in enumerate(low))
        others = ", ".join(f"{100 * whole.value:.0f} %" for _, _, whole in low)
        lines.append(([f"{name} ({how} by {strategy})"],
                      f"{_capital(name)}: {how} by the {strategy} strategy ({where}; all "
                      f"seats: {others}; strategy and seat together: the strategies sit in "
                      f"fixed seats)."))
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _strategies(run, players: int, variant: str) -> list[str]:
    seats = run.seats_at(players, variant)
    return sorted(collect(seats.select(pl.col("strategy").unique()))["strategy"].to_list())


def _table(run, mechanics: list[Mechanic], found: dict, variant: str) -> Table:
    rows = [[m.name, "per game" if m.unit == "game" or run.cooperative else "per seat"]
            + [found[p].get((m.name, None), "–") for p in run.player_counts]
            for m in mechanics]
    return Table(["mechanic", "unit"] + [_counts(p) for p in run.player_counts], rows,
                 f"How often each mechanic is used ({variant}): share of seats (games in a "
                 "co-op or solo game) that used it at least once, per player count, with 95 % "
                 "intervals.")


def _strategy_table(run, mechanics: list[Mechanic], by: dict, base: str) -> Table:
    counts = sorted(by)
    names = sorted({s for p in counts for (_, s) in by[p]})
    rows = [[m.name, s] + [by[p].get((m.name, s), "–") for p in counts]
            for m in mechanics if m.unit == "seat" for s in names]
    return Table(["mechanic", "strategy"] + [_counts(p) for p in counts], rows,
                 f"How often each strategy's seats use each mechanic ({_rules_named(base)}), "
                 "per player count, with 95 % intervals (strategy and seat together: the "
                 "strategies sit in fixed seats).")


def _rules_named(base: str) -> str:
    return "the printed rules" if base == BASELINE else base


def warning_blocks(lines: list[str], head: str) -> list:
    """The warning in view, its first lines with it, the rest folded."""
    if not lines:
        return []
    blocks = [Note(head + " " + " ".join(lines[:SHOWN]))]
    if len(lines) > SHOWN:
        blocks.append(Details(f"… and {len(lines) - SHOWN} more rarely used mechanic"
                              f"{'s' if len(lines) - SHOWN > 1 else ''}",
                              [Paragraph("\n".join(lines[SHOWN:]))]))
    return blocks


def summary_block(section) -> list:
    """The summary's one line, which unfolds into the whole of mechanic use: the mechanics
    hardly used named first (as many as fit one line), or that none is."""
    names = section.rarely
    if not names:
        return [Details(f"{TITLE}: every mechanic is used in at least {100 * RARE:.0f} % of "
                        "seats (or games) at every player count", section.blocks)]
    head = f"⚠ Hardly used in play (under {100 * RARE:.0f} % at some player count; " \
        f"{_unsaid(names)}): "
    shown = names[:1]
    while len(shown) < len(names) and len(", ".join(shown + [names[len(shown)]])) < LINE:
        shown.append(names[len(shown)])
    more = f" and {len(names) - len(shown)} more" if len(names) > len(shown) else ""
    return [Details(head + ", ".join(shown) + more, section.blocks, css="note")]


def _recorded(run, mechanics: list[Mechanic]) -> tuple[list[Mechanic], list[Mechanic]]:
    """(the mechanics whose columns the folder's tables hold, those whose it lacks)."""
    held = {"seat": set(run.seats.collect_schema().names()),
            "game": set(run.games.collect_schema().names())}
    ok = [m for m in mechanics if set(m.columns) <= held[m.unit]]
    return ok, [m for m in mechanics if m not in ok]


def _unsaid(names: list[str]) -> str:
    """What the results cannot say: nothing about a mechanic no seat uses; about one that a
    single strategy hardly uses ("... by strategy"), only how that strategy would fare with it."""
    alone = [n for n in names if n.endswith(")") and " by " in n.rpartition("(")[2]]
    if not alone:
        return "the results say nothing about it"
    if len(alone) == len(names):
        return "the other seats use it: the results say nothing about how that strategy " \
               "would fare using it"
    return "the results say nothing about a mechanic no seat uses, and nothing about how a " \
           "strategy that hardly uses one would fare using it"


def build(section) -> None:
    run = section.run
    mechanics, unmeasured = declared(run.spec.name, run)
    mechanics, unrecorded = _recorded(run, mechanics)
    unmeasured += [f"{_capital(m.name)}: not recorded in this results folder (written by an "
                   "older version of the game; a fresh run records it)." for m in unrecorded]
    base = baseline_or_first(run)
    found = {p: use(run, mechanics, p, base) for p in run.player_counts}
    by = {}
    if not run.cooperative:
        by = {p: use(run, mechanics, p, base, "strategy") for p in run.player_counts
              if p > 1 and len(_strategies(run, p, base)) > 1}
    overall, strategies = rarely(run, mechanics, found), rarely_by_strategy(run, mechanics,
                                                                            found, by)
    rare = {name for names, _ in overall for name in names}
    section.rarely = [m.name for m in mechanics if m.name in rare] + \
        [name for names, _ in strategies for name in names]      # in the declared order
    found_rare = overall + strategies
    section.in_summary = True              # one line of the summary unfolds into it
    section.add(Paragraph(
        f"{TITLE}: how often the games exercised each optional mechanic (a verdict says "
        "nothing about one the seats hardly used), counted at least once per seat (per game "
        "in a co-op game), within one player count"
        + (" (seats rotated: each seed once, its first rotation)" if run.rotate else "")
        + f", at {_rules_named(base)}."))
    section.add(*warning_blocks([line for _, line in found_rare],
                                f"Rarely used (under {100 * RARE:.0f} %):"))
    section.add(Details(f"Mechanic use at {base}, by player count ({len(mechanics)} mechanics)",
                        [_table(run, mechanics, found, base)]))
    if by:
        section.add(Details("Mechanic use by strategy", [_strategy_table(run, mechanics, by, base)]))
    for variant in run.compared:
        shown = {p: use(run, mechanics, p, variant) for p in run.player_counts}
        section.add(Details(f"Mechanic use in variant {variant}",
                            [_table(run, mechanics, shown, variant)]))
    if unmeasured:
        section.add(Details("Mechanics the results cannot show (they need a column)",
                            [Paragraph("\n".join(unmeasured))]))
