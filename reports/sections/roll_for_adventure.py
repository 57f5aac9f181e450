"""Roll for Adventure's own report section: the team's win rate, the Master of Shadows' timing,
what ends the games, and where the stones come from."""
from __future__ import annotations

import numpy as np
import polars as pl

from reports.blocks import (Figure, Heading, Paragraph, Rate, Table, figure_svg, mean_ci,
                            plot_style, wilson)

TERRITORIES = ("desert", "fortress", "forest", "ice_cave")
END_REASONS = ("stones",) + tuple(f"{t}_fell" for t in TERRITORIES) + ("no_dice", "turn_limit")


def build(games: pl.DataFrame, seats: pl.DataFrame) -> list:
    if games.is_empty():
        return [Paragraph("No games were played.")]
    blocks: list = []
    if "hero_powers" in games.columns and games["hero_powers"].fill_null(False).any():
        blocks.append(Paragraph(
            "WARNING: some games used PLACEHOLDER hero powers (Rules.hero_powers = true). The "
            "printed powers are unknown; these are invented stand-ins, so results from those "
            "games do not describe the published game."))
    blocks += _win_rates(games)
    blocks += _shadow_master(games)
    blocks += _endings(games)
    blocks += _stones(games)
    return blocks


def _groups(games: pl.DataFrame):
    """(label, frame) per variant and player count, baseline first."""
    for variant in games["variant"].unique(maintain_order=True).to_list():
        part = games.filter(pl.col("variant") == variant)
        for players in sorted(part["players"].unique().to_list()):
            yield variant, players, part.filter(pl.col("players") == players)


def _won(part: pl.DataFrame) -> Rate:
    return Rate(int(part["won"].fill_null(False).sum()), len(part))


def _win_rates(games: pl.DataFrame) -> list:
    rows = []
    for variant, players, part in _groups(games):
        for board in sorted(part["board"].drop_nulls().unique().to_list()):
            sub = part.filter(pl.col("board") == board)
            rows.append([variant, players, board, len(sub), _won(sub),
                         mean_ci(sub["stones"].cast(pl.Float64).to_numpy()),
                         mean_ci(sub["turns"].cast(pl.Float64).to_numpy())])
    return [Heading("Team win rate"),
            Paragraph("Everyone wins or loses together. Intervals are 95 % (Wilson for rates, "
                      "t for means)."),
            Table(["variant", "players", "adventure board", "games", "team win rate",
                   "stones", "turns"], rows, "Team win rate by player count and board")]


def _shadow_master(games: pl.DataFrame) -> list:
    blocks: list = [Heading("The Master of Shadows")]
    timing_rows, curves = [], []
    for variant, players, part in _groups(games):
        arrived = part.filter(pl.col("shadow_master_turn").is_not_null())
        label = f"{variant}, {players}p"
        timing_rows.append([variant, players, len(part), Rate(len(arrived), len(part)),
                            mean_ci(arrived["shadow_master_turn"].cast(pl.Float64).to_numpy()),
                            mean_ci(arrived["turns_after_shadow_master"].cast(pl.Float64)
                                    .to_numpy()),
                            mean_ci(arrived["stones_at_shadow_master"].cast(pl.Float64)
                                    .to_numpy())])
        curves.append((label, part, arrived))
    blocks.append(Table(["variant", "players", "games", "he appeared", "arrival turn",
                         "turns after him", "stones when he came"], timing_rows,
                        "Arrival of the Master of Shadows (he is revealed at the end of a turn)"))
    blocks.append(_arrival_figure(curves))
    blocks.append(_win_by_arrival_figure(curves))
    blocks.append(_survival_figure(curves))
    return blocks


def _arrival_figure(curves) -> Figure:
    with plot_style() as plt:
        fig, ax = plt.subplots()
        for label, _, arrived in curves:
            turns = arrived["shadow_master_turn"].to_numpy()
            if len(turns):
                values, counts = np.unique(turns, return_counts=True)
                ax.plot(values, counts / len(turns), marker="o", ms=3, label=label)
        ax.set_xlabel("turn of his arrival")
        ax.set_ylabel("share of the games he appeared in")
        _legend(ax)
        return Figure(figure_svg(fig), "Distribution of the Master of Shadows' arrival turn")


def _win_by_arrival_figure(curves) -> Figure:
    with plot_style() as plt:
        fig, ax = plt.subplots()
        for label, _, arrived in curves:
            if arrived.is_empty():
                continue
            by_turn = (arrived.group_by("shadow_master_turn")
                       .agg(pl.len().alias("n"), pl.col("won").cast(pl.Int64).sum().alias("k"))
                       .sort("shadow_master_turn"))
            turns = by_turn["shadow_master_turn"].to_numpy()
            k, n = by_turn["k"].to_numpy(), by_turn["n"].to_numpy()
            low, high = zip(*(wilson(int(a), int(b)) for a, b in zip(k, n)))
            line, = ax.plot(turns, k / n, marker="o", ms=3, label=label)
            ax.fill_between(turns, low, high, alpha=0.15, color=line.get_color())
        ax.set_xlabel("turn of his arrival")
        ax.set_ylabel("team win rate")
        ax.set_ylim(0, 1)
        _legend(ax)
        return Figure(figure_svg(fig), "Team win rate by the Master of Shadows' arrival turn "
                                       "(bands: 95 % Wilson intervals)")


def _survival_figure(curves) -> Figure:
    with plot_style() as plt:
        fig, ax = plt.subplots()
        for label, part, arrived in curves:
            turns = part["turns"].to_numpy()
            if not len(turns):
                continue
            x = np.arange(0, int(turns.max()) + 1)
            won = part["won"].fill_null(False).to_numpy()
            for outcome, style in ((True, "-"), (False, "--")):
                ended = turns[won == outcome]
                if len(ended):
                    share = (ended[None, :] > x[:, None]).sum(axis=1) / len(turns)
                    ax.step(x, share, where="post", linestyle=style,
                            label=f"{label}, {'won' if outcome else 'lost'}")
            if len(arrived):
                ax.axvline(float(np.median(arrived["shadow_master_turn"].to_numpy())),
                           color="grey", linewidth=0.8, linestyle=":")
        ax.set_xlabel("turn")
        ax.set_ylabel("share of all games still running")
        _legend(ax)
        return Figure(figure_svg(fig), "Games still running after each turn, split by how they "
                                       "ended (solid: won, dashed: lost); dotted lines: median "
                                       "arrival of the Master of Shadows")


def _legend(ax) -> None:
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7)


def _endings(games: pl.DataFrame) -> list:
    present = set(games["end_reason"].drop_nulls().unique().to_list())
    reasons = [r for r in END_REASONS if r in present] + sorted(present - set(END_REASONS))
    rows = []
    for variant, players, part in _groups(games):
        counts = dict(part.group_by("end_reason").len().iter_rows())
        rows.append([variant, players, len(part)]
                    + [Rate(int(counts.get(r, 0)), len(part)) for r in reasons])
    return [Heading("What ends the games"),
            Paragraph("stones = the team won; <territory>_fell = that territory's skull reached "
                      "the end of its track; no_dice = nobody had a die at the start of a turn."),
            Table(["variant", "players", "games"] + reasons, rows, "Share of games by ending")]


def _stones(games: pl.DataFrame) -> list:
    stone_rows, damage_rows = [], []
    for variant, players, part in _groups(games):
        stone_rows.append([variant, players] + [
            mean_ci(part[f"stones_{t}"].cast(pl.Float64).to_numpy()) for t in TERRITORIES[:3]]
            + [mean_ci(part["enemies_defeated"].cast(pl.Float64).to_numpy()),
               mean_ci(part["max_vortex_of_oblivion"].cast(pl.Float64).to_numpy())])
        damage_rows.append([variant, players] + [
            mean_ci(part[f"damage_{t}"].cast(pl.Float64).to_numpy()) for t in TERRITORIES])
    return [Heading("Stones and damage by territory"),
            Table(["variant", "players", "desert stones", "fortress stones", "forest stones",
                   "enemies defeated", "most dice in the Vortex of Oblivion"], stone_rows,
                  "Mean per game (the ice cave gives rewards, not stones)"),
            Table(["variant", "players"] + [f"{t} damage" for t in TERRITORIES], damage_rows,
                  "Damage on each track at the end (mean per game)")]
