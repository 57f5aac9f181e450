"""Roll for Adventure's own report section: the team's win rate, the Master of Shadows' timing,
what ends the games, and where the stones come from. Co-op: one row per game, always within one
player count; figures are small multiples (one panel per player count, one line per variant)."""
from __future__ import annotations

import numpy as np
import polars as pl

from reports.blocks import Heading, Note, Paragraph, Rate, Table
from reports.figures import rate_lines, variant_panels
from reports.mechanics import Mechanic, counted, positive
from reports.tables import COUNT, collect, means, rates

TERRITORIES = ("desert", "fortress", "forest", "ice_cave")
END_REASONS = ("stones",) + tuple(f"{t}_fell" for t in TERRITORIES) + ("several_fell", "no_dice",
                                                                     "turn_limit")
BY = ["variant", "players"]
# What the team does of its own choosing, per game, for reports.mechanics.
MECHANICS = [
    *(Mechanic(f"winning a power stone in the {t}", positive(f"stones_{t}"), "game")
      for t in TERRITORIES[:3]),
    *counted({
        "claiming an ice cave reward": "ice_cave_claims",
        "the Vortex of Resurrection freeing its dice": "resurrections",
        "defeating an enemy": "enemies_defeated",
    }, "game"),
]
UNMEASURED = ["Hero powers used: the results record only whether the (placeholder) powers "
              "were switched on."]


def build(section) -> None:
    run = section.run
    if not run.player_counts:
        section.add(Paragraph("No games were played."))
        return
    powers = rates(run.games, "hero_powers") if "hero_powers" in _names(run) else []
    if powers and powers[0][1].k:
        section.add(Note("Some games used PLACEHOLDER hero powers (Rules.hero_powers = true). "
                         "The printed powers are unknown; these are invented stand-ins, so "
                         "results from those games do not describe the published game."))
    section.add(*_win_rates(run), *_shadow_master(run), *_endings(run), *_falls(run),
                *_stones(run))


def _names(run) -> list[str]:
    return run.games.collect_schema().names()


def _sorted(run, rows):
    return sorted(rows, key=lambda r: (run.variants.index(r[0][0]), *map(str, r[0][1:])))


def _win_rates(run) -> list:
    by = BY + ["board"]
    won = _sorted(run, rates(run.games, "won", by))
    avg = dict(means(run.games, ["stones", "turns"], by, COUNT))
    rows = [list(key) + [r.n, r, avg[key]["stones"], avg[key]["turns"]] for key, r in won]
    return [Heading("Team win rate"),
            Paragraph("Everyone wins or loses together: one row per game. Intervals are 95 % "
                      "(Wilson for rates, exact below 10 wins or losses; t for means)."),
            Table(by + ["games", "team win rate", "stones", "turns"], rows,
                  "Team win rate by player count and board")]


def _shadow_master(run) -> list:
    arrived = run.games.filter(pl.col("shadow_master_turn").is_not_null())
    appeared = dict(rates(run.games.with_columns(
        pl.col("shadow_master_turn").is_not_null().alias("came")), "came", BY))
    timing = dict(means(arrived, ["shadow_master_turn", "turns_after_shadow_master",
                                  "stones_at_shadow_master"], BY, COUNT))
    rows = []
    for key, came in _sorted(run, appeared.items()):
        m = timing.get(key, {})
        rows.append(list(key) + [came.n, came] + [m.get(c) for c in (
            "shadow_master_turn", "turns_after_shadow_master", "stones_at_shadow_master")])
    return [Heading("The Master of Shadows"),
            Table(BY + ["games", "he appeared", "arrival turn", "turns after him",
                        "stones when he came"], rows,
                  "Arrival of the Master of Shadows (revealed at the end of a turn). Censored: "
                  "arrival turn, turns after him and stones are over the games he appeared in "
                  "only; games that ended first say nothing about when he would have come."),
            _arrival_figure(run, arrived), _win_by_arrival_figure(run, arrived),
            _survival_figure(run)]


def _arrival_figure(run, arrived: pl.LazyFrame):
    counts = collect(arrived.group_by(BY + ["shadow_master_turn"]).len()).sort(
        "shadow_master_turn")
    return variant_panels(run, counts, lambda ax, p, v: ax.plot(
        p["shadow_master_turn"], p["len"] / p["len"].sum(), marker="o", ms=3, label=v),
        "share of the games he appeared in", "turn of his arrival",
        "When the Master of Shadows arrives (games he appeared in): one panel per player count.")


def _win_by_arrival_figure(run, arrived: pl.LazyFrame):
    table = collect(arrived.group_by(BY + ["shadow_master_turn"]).agg(
        pl.len().alias("n"), pl.col("won").cast(pl.Int64).sum().alias("k"))).sort(
        "shadow_master_turn")
    return variant_panels(run, table, lambda ax, p, v: rate_lines(ax, p, "shadow_master_turn", v),
                          "team win rate (%)", "turn of his arrival",
                          "Team win rate by the Master of Shadows' arrival turn (bands: 95 %, "
                          "Wilson or exact).")


def _survival_figure(run):
    counts = collect(run.games.group_by(BY + ["turns"]).len()).sort("turns")

    def draw(ax, part, variant):
        turns, n = part["turns"].to_numpy(), part["len"].to_numpy()
        x = np.arange(0, int(turns.max()) + 1)
        still = np.array([n[turns > t].sum() for t in x]) / n.sum()
        ax.step(x, still, where="post", label=variant)
    return variant_panels(run, counts, draw, "share of games still running", "turn",
                          "Games still running after each turn: one panel per player count.")


def _endings(run) -> list:
    counts = collect(run.games.group_by(BY + ["end_reason"]).len())
    present = set(counts["end_reason"].drop_nulls().to_list())
    reasons = [r for r in END_REASONS if r in present] + sorted(present - set(END_REASONS))
    rows = []
    for variant in run.variants:
        for players in run.player_counts:
            part = counts.filter((pl.col("variant") == variant) & (pl.col("players") == players))
            found = dict(zip(part["end_reason"].to_list(), part["len"].to_list()))
            n = sum(found.values())
            if n:
                rows.append([variant, players, n] + [Rate(int(found.get(r, 0)), n)
                                                     for r in reasons])
    return [Heading("What ends the games"),
            Paragraph("stones = the team won; <territory>_fell = that territory's skull reached "
                      "the end of its track; several_fell = more than one did at once (the "
                      "Master's 'all' face; the games' fallen_territories column names them); "
                      "no_dice = nobody had a die at the start of a turn."),
            Table(BY + ["games"] + reasons, rows, "Share of games by ending")]


def _falls(run) -> list:
    """Which territories fall: from ``fallen_territories`` ("desert+forest" when two fell at
    once, each counted), absent in results of engine versions before 1.2."""
    if "fallen_territories" not in _names(run):
        return []
    counts = collect(run.games.group_by(BY + ["fallen_territories"]).len())
    rows = []
    for variant in run.variants:
        for players in run.player_counts:
            part = counts.filter((pl.col("variant") == variant) & (pl.col("players") == players))
            n = int(part["len"].sum())
            if n:
                found = dict(zip(part["fallen_territories"].to_list(), part["len"].to_list()))
                rows.append([variant, players, n] + [
                    Rate(sum(c for f, c in found.items() if f and t in f.split("+")), n)
                    for t in TERRITORIES])
    return [Table(BY + ["games"] + [f"{t} fell" for t in TERRITORIES], rows,
                  "Share of games in which each territory fell (several may fall at once)")]


def _stones(run) -> list:
    stones = [f"stones_{t}" for t in TERRITORIES[:3]] + ["enemies_defeated",
                                                          "max_vortex_of_oblivion"]
    damage = [f"damage_{t}" for t in TERRITORIES]
    found = dict(means(run.games, stones + damage, BY, COUNT))
    keys = [k for k, _ in _sorted(run, found.items())]
    return [Heading("Stones and damage by territory"),
            Table(BY + ["desert stones", "fortress stones", "forest stones", "enemies defeated",
                        "most dice in the Vortex of Oblivion"],
                  [list(k) + [found[k][c] for c in stones] for k in keys],
                  "Mean per game (the ice cave gives rewards, not stones)"),
            Table(BY + [f"{t} damage" for t in TERRITORIES],
                  [list(k) + [found[k][c] for c in damage] for k in keys],
                  "Damage on each track at the end (mean per game)")]
