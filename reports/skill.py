"""The 'Skill ladder' section: how well each line-up of strategies plays, within a player count,
when a run compares strategies of different strength (variants that change ``strategies``, or
different strategies at the table). For co-op games also the team win rate against the search
budget, so a designer sees whether the difficulty is the game's or the bots'. And, for runs
where the strategies choose their heroes or classes, how often each one is chosen."""
from __future__ import annotations

import polars as pl

from reports.blocks import Figure, Paragraph, Table, figure_svg, percent_interval, plot_style
from reports.figures import percent_axis
from reports.findings import Finding
from reports.section import Section, points
from reports.tables import collect, means, rates
from simulate.statistics import Difference, within_game

HERO_COLUMNS = ("class", "hero")          # the seats column naming a seat's hero or class
SKILL_GAP = "skill gap: "                 # the strongest line-up vs the weakest (a Finding's about)
RESTRICTED = " never "                     # a restricted seat's name (strategies/restricted.py)
RESTRICTION = "restricted seat: "         # a restricted seat vs the same seat unrestricted


def applies(run) -> bool:
    """Line-ups of strategies differ between variants, or heroes were chosen freely (variants
    that change only rules, with the same strategies, have no ladder to show)."""
    return _ladder_applies(_lineups(run)) or bool(_free_choice_column(run))


def title(run) -> str:
    """"Skill ladder" ("Restricted play" when every other line-up only forbids something), or "Hero
    choices" when only the heroes' shares are shown."""
    lineups = _lineups(run)
    if not _ladder_applies(lineups):
        return "Hero choices"
    others = [text for v, text in lineups.items() if v != "baseline"]
    return "Restricted play" if all(RESTRICTED in t for t in others) else "Skill ladder"


def _ladder_applies(lineups: dict[str, str]) -> bool:
    return len(set(lineups.values())) > 1


def build(section: Section) -> None:
    run = section.run
    lineups = _lineups(run)
    if _ladder_applies(lineups):
        section.add(Paragraph(
            "Each row is one line-up of strategies (a variant that changes who plays, on the "
            "same game seeds). Paired differences from the baseline, with their tests, are in "
            "the Variants section; here the line-ups are ranked. "
            + ("Co-op: one row per game (the team's result)." if run.cooperative else
               "Win rate: of the seats playing the row's first strategy.")))
        for players in run.player_counts:
            section.add(_ladder(section, players, lineups))
            section.add(*_restrictions(section, players, lineups))
        if run.cooperative:
            section.add(_budget_figure(section, lineups))
    column = _free_choice_column(run)
    if column:
        for players in run.player_counts:
            section.add(_choices(run, players, column))


def _lineups(run) -> dict[str, str]:
    """variant -> its seats' strategies as text (the games table's 'strategies' column), from
    its largest table: smaller player counts seat the first ones of the same list."""
    table = collect(run.games.select("variant", "strategies").unique())
    found: dict[str, str] = {}
    for variant, text in table.iter_rows():
        if variant not in found or text.count("|") > found[variant].count("|"):
            found[variant] = text
    order = {v: i for i, v in enumerate(run.variants)}
    return dict(sorted(found.items(), key=lambda kv: order.get(kv[0], len(order))))


def _ladder(section: Section, players: int, lineups: dict[str, str]) -> Table:
    run = section.run
    rows = []
    for variant, text in lineups.items():
        seated = text.split("|")[:players]
        results = run.results_at(players, variant)
        if not run.cooperative:
            results = results.filter(pl.col("strategy") == seated[0])
        shared = not run.cooperative and seated.count(seated[0]) > 1
        if shared:       # several seats of one game play it: one value per game, not per seat
            results = results.group_by(run.keys).agg(
                pl.col("won").cast(pl.Float64).mean(), pl.col("score").cast(pl.Float64).mean())
        score = means(results, ["score"], bounds=run.spec.score_bounds)[0][1]["score"]
        if not score.n:
            continue
        won, value = _win_cell(section, results, shared, len(seated) == seated.count(seated[0]),
                               f"{variant}, {players}p")
        rows.append([variant, _short(text, players), won, score, value,
                     len(seated) == seated.count(seated[0])])
    rows.sort(key=lambda r: (-r[4], -r[3].value))
    _skill_gap(section, players, [r for r in rows if (run.cooperative or not r[5])
                                  and RESTRICTED not in lineups[r[0]]], lineups)
    label = "team win rate" if run.cooperative else "win rate"
    return Table(["variant", "strategies (seat order)", f"{label} [95 % CI]",
                  "mean score [95 % CI]"], [r[:4] for r in rows],
                 f"Skill ladder — {players} player{'s' if players > 1 else ''}, strongest first"
                 + ("" if run.cooperative else "; a strategy on several seats of a game counts "
                    "one value per game (its seats' mean)"))


def _paired_wins(run, first, second) -> tuple[Difference, float, float] | None:
    """``first``'s win share minus ``second``'s per seed (each a results query), paired on
    their common seeds (a seed's rotations and seats in the query averaged: one unit), with
    both mean shares; None when they share no seed."""
    shares = [collect(q.group_by(run.keys).agg(pl.col("won").cast(pl.Float64).mean().alias(a)))
              for q, a in ((first, "a"), (second, "b"))]
    both = shares[0].join(shares[1], on=run.keys)
    gap = (both["a"] - both["b"]).to_numpy()
    if not len(gap):
        return None
    diff = within_game(len(gap), float(gap.sum()), float((gap ** 2).sum()),
                       "paired t over seeds", bounds=(-1.0, 1.0))
    return diff, float(both["a"].mean()), float(both["b"].mean())


def _skill_gap(section: Section, players: int, rows: list, lineups: dict[str, str]) -> None:
    """The strongest line-up's win rate minus the weakest's, paired on their common seeds (co-op:
    the team's; else the row's first strategy's seats, line-ups where it holds every seat left
    out: their win rate is the fair share), tested in the report's correction; the summary says
    it on the first screen (skill_lines)."""
    if len(rows) < 2:
        return
    run = section.run
    strong, weak = rows[0][0], rows[-1][0]
    queries = []
    for variant in (strong, weak):
        results = run.results_at(players, variant)
        if not run.cooperative:
            first = lineups[variant].split("|")[0]
            results = results.filter(pl.col("strategy") == first)
        queries.append(results)
    paired = _paired_wins(run, *queries)
    if paired is None:
        return
    diff = paired[0]
    plural = "s" if players > 1 else ""
    finding = None if diff.identical or diff.n < 2 else section.test(Finding(
        players, f"{SKILL_GAP}{strong} vs {weak}", points(diff), diff.test, diff.p,
        f"At {players} player{plural} the strongest line-up ({strong}) wins more often than "
        f"the weakest ({weak}) by {points(diff)}", "strategy", order=3, size=diff.d))
    section.skill_gaps.append((players, rows[0], rows[-1], diff, finding))


def skill_lines(sections: list) -> list[str]:
    """One first-screen line per player count of a skill ladder: the strongest and the weakest
    line-up's win rates and whether the gap between them survives the report's correction."""
    lines = []
    for section in sections:
        for players, strong, weak, diff, finding in section.skill_gaps:
            plural = "s" if players > 1 else ""
            if finding is not None and finding.significant and diff.value > 0:
                verdict = "the game rewards skill"
            elif finding is not None and finding.significant:
                verdict = "the weaker line-up does better: check the strategies"
            else:
                verdict = "no skill gap can be told apart from chance at this number of games"
            lines.append(f"At {players} player{plural} the strongest line-up, {strong[0]} "
                         f"({strong[1]}), wins {strong[2]}; the weakest, {weak[0]} "
                         f"({weak[1]}), {weak[2]}: {verdict} (a gap of "
                         f"{points(diff)}, paired on the same seeds).")
    return lines


def _restrictions(section: Section, players: int, lineups: dict[str, str]) -> list:
    """Each restricted seat (a variant's seat never taking some cards or using some mechanics)
    against the same seat
    of the baseline game of the same seed: its win rate lost, paired per seed and tested in the
    report's correction; a table here, a line on the first screen (restriction_lines)."""
    run, rows = section.run, []
    base_seats = lineups.get("baseline", "").split("|")
    for variant, text in lineups.items():
        seated = text.split("|")[:players]
        for seat, name in enumerate(seated):
            if RESTRICTED not in name:
                continue
            unrestricted = base_seats[seat] if seat < len(base_seats) else "?"
            paired = _paired_wins(run, *(run.results_at(players, v).filter(pl.col("seat") == seat)
                                         for v in (variant, "baseline")))
            if paired is None:
                continue
            diff, restricted, free = paired
            cards = name.split(RESTRICTED, 1)[1]          # "taking X", "fleeing a delve", ...
            plural = "s" if players > 1 else ""
            finding = None if diff.identical or diff.n < 2 else section.test(Finding(
                players, f"{RESTRICTION}{variant}, seat {seat}", points(diff), diff.test, diff.p,
                f"At {players} player{plural} a seat never {cards} wins "
                f"{'less' if diff.value < 0 else 'more'} often than unrestricted, by "
                f"{points(diff)}", "variant", order=3, size=diff.d))
            shares = [free, restricted]
            section.restrictions.append((players, variant, seat, cards, unrestricted, shares,
                                         diff, finding))
            rows.append([variant, seat, cards, f"{100 * shares[0]:.1f} %",
                         f"{100 * shares[1]:.1f} %", points(diff), finding or "–"])
    if not rows:
        return []
    return [Table(["variant", "seat", "never", "win rate unrestricted",
                   "win rate restricted", "lost [95 % CI]", "p (Holm)"], rows,
                  f"What a seat loses without a card or a mechanic — {players} player"
                  f"{'s' if players > 1 else ''}: the restricted seat against the same seat of "
                  "the baseline game of the same seed (paired)")]


def restriction_lines(sections: list) -> list[str]:
    """One first-screen line per restricted seat and player count."""
    lines = []
    for section in sections:
        for players, variant, seat, cards, unrestricted, shares, diff, finding in \
                section.restrictions:
            plural = "s" if players > 1 else ""
            if diff.identical:
                verdict = "no game differed: the seat never wanted it"
            elif finding is not None and finding.significant:
                what = "the card" if cards.startswith("taking ") and "; never " not in cards \
                    else "what it forbids"
                verdict = f"{what} matters to a player who may use it"
            else:
                verdict = "no loss can be told apart from chance at this number of games"
            change = "" if diff.identical else f", a change of {points(diff)}"
            lines.append(f"At {players} player{plural} seat {seat} ({unrestricted}) never "
                         f"{cards} wins {100 * shares[1]:.1f} % of its games against "
                         f"{100 * shares[0]:.1f} % unrestricted on the same seeds{change}: "
                         f"{verdict} ({variant}).")
    return lines


def _win_cell(section: Section, results, shared: bool, everyone: bool, where: str):
    """(cell, sort value): a rate when one seat per game plays the strategy; the mean
    per-game share with its t interval when several do; the fair share when every seat does
    (then the win rate says nothing about the strategy)."""
    if not shared:
        won = rates(results, "won")[0][1]
        section.track(won, where)
        return won, won.value
    share = means(results, ["won"], bounds=(0.0, 1.0))[0][1]["won"]
    if everyone:
        return "= fair share (every seat plays it)", share.value
    if share.low != share.low or share.low == share.high:
        return f"{100 * share.value:.1f} % (n = {share.n} games)", share.value
    return percent_interval(share.value, share.low, share.high), share.value


def _short(text: str, players: int) -> str:
    seats = text.split("|")[:players]
    return seats[0] if len(set(seats)) == 1 else " | ".join(seats)


def _budget_figure(section: Section, lineups: dict[str, str]) -> Figure | None:
    """Team win rate (and mean score) against the search budget, one line per player count;
    line-ups without search are drawn as horizontal reference lines."""
    run = section.run
    budgets = {v: _budget(t) for v, t in lineups.items()}
    if not any(b is not None for b in budgets.values()):
        return None
    with plot_style() as plt:
        fig, axes = plt.subplots(1, 2, figsize=(8.5, 3.0))
        for players in run.player_counts:
            points, refs = [], []
            for variant, budget in budgets.items():
                results = run.results_at(players, variant)
                won = rates(results, "won")[0][1]
                score = means(results, ["score"], bounds=run.spec.score_bounds)[0][1]["score"]
                if not won.n:
                    continue
                (points if budget is not None else refs).append((budget, variant, won, score))
            points.sort(key=lambda p: p[0])
            xs = [p[0] for p in points]
            for ax, pick in ((axes[0], lambda p: p[2]), (axes[1], lambda p: p[3])):
                ys = [100 * pick(p).value if ax is axes[0] else pick(p).value for p in points]
                line = ax.plot(xs, ys, marker="o", label=f"{players} players")[0]
                for _, variant, won, score in refs:
                    y = 100 * won.value if ax is axes[0] else score.value
                    ax.axhline(y, color=line.get_color(), linestyle=":", linewidth=0.8)
        percent_axis(axes[0], "team win rate")
        axes[1].set_ylabel("mean score")
        for ax in axes:
            ax.set_xscale("log", base=2)
            ax.set_xlabel("search budget (look-ahead games per decision)")
        axes[0].legend(fontsize=7)
        return Figure(figure_svg(fig), "Team result against the search budget; dotted lines: "
                                       "the line-ups without search (heuristics, random).")


def _budget(text: str) -> int | None:
    """The search budget of a line-up whose seats all search, else None."""
    seats = text.split("|")
    if not all(s.startswith("search") for s in seats):
        return None
    inside = seats[0][len("search"):].strip("()")
    for part in inside.split(","):
        key, _, value = part.strip().partition("=")
        if key == "simulations":
            return int(value)
    from strategies.search import SearchStrategy
    return SearchStrategy().simulations


def _free_choice_column(run) -> str | None:
    """The seats' hero/class column when no seat's hero was fixed by the config."""
    heroes = run.manifest.get("identity", {}).get("heroes") or []
    if any(h not in (None, "random") for h in heroes):
        return None
    names = set(collect(run.seats.head(1)).columns)
    column = next((c for c in HERO_COLUMNS if c in names), None)
    if column and collect(run.seats.select(pl.col(column).drop_nulls().len())).item():
        return column
    return None


def _choices(run, players: int, column: str) -> Table | None:
    """How often each hero/class was chosen (or dealt), per variant, within a player count."""
    table = collect(run.seats_at(players).drop_nulls(column).group_by("variant", column).len())
    if table.is_empty():
        return None
    every = [h for h in run.spec.heroes]
    rows = []
    for variant in run.variants:
        part = dict(table.filter(pl.col("variant") == variant).select(column, "len").iter_rows())
        total = sum(part.values())
        if total:
            rows.append([variant, total] + [f"{100 * part.get(h, 0) / total:.1f} %"
                                            for h in every])
    never = [h for h in every if all(r[2 + every.index(h)] == "0.0 %" for r in rows)]
    caption = (f"How often each {column} is played — {players} player"
               f"{'s' if players > 1 else ''}, share of seats (chosen by the strategies or dealt)")
    if never:
        caption += f"; never played: {', '.join(never)} (heroes = \"all\" studies every one)"
    return Table(["variant", "seats"] + every, rows, caption)

