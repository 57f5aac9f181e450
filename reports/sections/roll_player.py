"""Roll Player's report section: reputation-star distributions by source, win rates by class
and seat, the tie-breakers, the Market ranking and the placeholder data in use."""
from __future__ import annotations

import polars as pl

from reports.blocks import Figure, Heading, Paragraph, Table, figure_svg, mean_ci, plot_style, rate

PARTS = ("stars_attributes", "stars_class_dice", "stars_alignment", "stars_backstory",
         "stars_armor", "stars_traits")


def _placeholder_warning() -> Paragraph:
    try:
        from simulate.games.roll_player import GAME
        items = "; ".join(GAME.placeholders)
    except Exception:                             # the report must render without the engine
        items = "market costs, effects, armour tables, traits and skills"
    return Paragraph("⚠ WARNING — placeholder component data in use (not printed rules; "
                     f"edit simulate/games/roll_player/data/): {items}.")


def _stars_table(seats: pl.DataFrame, by: str, caption: str) -> Table:
    rows = []
    for key in sorted(seats[by].unique().to_list(), key=str):
        part = seats.filter(pl.col(by) == key) if key is not None else seats.filter(
            pl.col(by).is_null())
        row = [key, len(part), mean_ci(part["score"].to_numpy())]
        row += [mean_ci(part[c].to_numpy()) for c in PARTS if c in part.columns]
        if "won" in part.columns:
            row.append(rate(part["won"].fill_null(False).to_numpy()))
        rows.append(row)
    columns = [by, "seats", "stars"] + [c.removeprefix("stars_") for c in PARTS
                                        if c in seats.columns]
    if "won" in seats.columns:
        columns.append("win rate")
    return Table(columns, rows, caption)


def _histogram(seats: pl.DataFrame, title: str) -> Figure | None:
    scores = seats["score"].drop_nulls().to_numpy()
    if len(scores) == 0:
        return None
    with plot_style() as plt:
        fig, ax = plt.subplots()
        groups = (seats["players"].unique().sort().to_list() if "players" in seats.columns
                  else [None])
        for players in groups:
            part = seats if players is None else seats.filter(pl.col("players") == players)
            values = part["score"].drop_nulls().to_numpy()
            if len(values):
                ax.hist(values, bins=range(int(scores.min()) - 1, int(scores.max()) + 2),
                        histtype="step", density=True, label=f"{players} players")
        ax.set_xlabel("reputation stars")
        ax.set_ylabel("share of seats")
        ax.set_title(title)
        ax.legend()
        return Figure(figure_svg(fig), "Final stars per seat, by player count.")


def _market_table(seats: pl.DataFrame) -> Table | None:
    if "cards_bought_names" not in seats.columns:
        return None
    owned = (seats.select(pl.col("cards_bought_names").fill_null("").str.split("|")
                          .list.unique().alias("card"), pl.col("won").fill_null(False))
             .explode("card").filter(pl.col("card") != ""))
    if owned.is_empty():
        return None
    total = len(seats)
    ranking = owned.group_by("card").agg(pl.len().alias("owners"), pl.col("won").sum()
                                         .alias("wins")).sort("owners", descending=True)
    rows = [[r["card"], r["owners"], f"{100 * r['owners'] / total:.1f} %",
             rate([True] * r["wins"] + [False] * (r["owners"] - r["wins"]))]
            for r in ranking.iter_rows(named=True)]
    return Table(["card", "seats that bought it", "share of seats", "owners' win rate"], rows,
                 "Market cards ranked by how often they are bought, with their owners' win "
                 "rate (a card bought by winners more often than 1/players may be too strong).")


def build(games: pl.DataFrame, seats: pl.DataFrame) -> list:
    blocks: list = [Heading("Roll Player"), _placeholder_warning()]
    if seats.is_empty():
        return blocks + [Paragraph("No games to report.")]
    variants = seats["variant"].unique(maintain_order=True).to_list() \
        if "variant" in seats.columns else [None]
    for variant in variants:
        s = seats if variant is None else seats.filter(pl.col("variant") == variant)
        g = games if variant is None or "variant" not in games.columns else games.filter(
            pl.col("variant") == variant)
        if len(variants) > 1:
            blocks.append(Heading(f"Variant: {variant}"))
        blocks.append(Paragraph(
            f"{len(g)} games, {len(s)} seats. Mean reputation stars with 95 % intervals, "
            "total and by source (attributes, class-colour dice, alignment, Backstory, "
            "armour, traits)."))
        figure = _histogram(s, "Reputation stars")
        if figure:
            blocks.append(figure)
        for by, caption in (("class", "Stars and win rate by class."),
                            ("race", "Stars and win rate by race."),
                            ("players", "Stars by player count (solo: win = the solo "
                                        "threshold)."),
                            ("seat", "Stars and win rate by seat (seat 0 starts).")):
            if by in s.columns:
                blocks.append(_stars_table(s, by, caption))
        if "gold_tie_break_decided" in g.columns and len(g):
            multi = g.filter(pl.col("players") > 1) if "players" in g.columns else g
            rows = [[name, rate(multi[col].fill_null(False).to_numpy())]
                    for name, col in (("Gold decided the winner", "gold_tie_break_decided"),
                                      ("fewest class dice decided", "class_dice_tie_break_decided"),
                                      ("shared win", "shared_win")) if col in multi.columns]
            blocks.append(Table(["tie-breaker", "share of multiplayer games"], rows,
                                "How often a tie on stars was broken, and by what."))
        market = _market_table(s)
        if market:
            blocks.append(market)
    return blocks
