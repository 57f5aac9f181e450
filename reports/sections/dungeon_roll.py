"""Dungeon Roll's report section: XP per game and its sources, XP by delve depth and how delves
end, hero balance, dragons, solo ranks and the tie-break."""
from __future__ import annotations

import polars as pl

from reports.blocks import Figure, Heading, Paragraph, Table, figure_svg, mean_ci, plot_style, rate

PARTS = ("xp_levels", "xp_dragons", "xp_empty_box", "xp_treasures", "xp_scale_pairs")
ENDS = ("retired", "level_10", "town_portal", "fled_monsters", "fled_dragon")
RANKS = ("Dragon Fodder", "Village Hero", "Seasoned Explorer", "Champion", "Hero of Ages")


def _keys(df: pl.DataFrame, columns: list[str]) -> list[tuple]:
    """Distinct values of ``columns`` in order of appearance (the baseline variant first)."""
    present = [c for c in columns if c in df.columns]
    if df.is_empty() or not present:
        return []
    return list(df.select(present).unique(maintain_order=True).iter_rows())


def _part(df: pl.DataFrame, columns: list[str], key: tuple) -> pl.DataFrame:
    for column, value in zip(columns, key):
        df = df.filter(pl.col(column).is_null() if value is None else pl.col(column) == value)
    return df


def _mean(df: pl.DataFrame, column: str):
    return mean_ci(df[column].cast(pl.Float64).to_numpy()) if column in df.columns else None


def _score_table(seats: pl.DataFrame) -> Table:
    by = ["variant", "players"]
    rows = []
    for key in _keys(seats, by):
        part = _part(seats, by, key)
        rows.append(list(key) + [len(part), _mean(part, "score")] +
                    [_mean(part, c) for c in PARTS] + [_mean(part, "deepest_level")])
    return Table(by + ["seats", "final XP", "levels", "dragons", "empty box", "treasures",
                       "scale pairs", "deepest level"], rows,
                 "Final XP per seat and where it comes from (mean, 95 % interval); the five "
                 "sources sum to the final XP.")


def _delves(seats: pl.DataFrame) -> pl.DataFrame:
    """One row per delve played: variant, players, delve number, level, XP, how it ended."""
    frames = []
    for k in range(1, 6):
        cols = [f"delve{k}_level", f"delve{k}_xp", f"delve{k}_end"]
        if not all(c in seats.columns for c in cols):
            continue
        keep = [c for c in ("variant", "players", "hero") if c in seats.columns]
        frames.append(seats.select(keep + cols).rename(
            {cols[0]: "level", cols[1]: "xp", cols[2]: "end"}).with_columns(
            pl.lit(k).alias("delve"), pl.col("level").cast(pl.Int64), pl.col("xp").cast(pl.Int64),
            pl.col("end").cast(pl.Utf8)))
    if not frames:
        return pl.DataFrame()
    return pl.concat(frames).filter(pl.col("end").is_not_null())


def _ends_table(delves: pl.DataFrame) -> Table:
    by = ["variant", "players", "delve"]
    rows = []
    for key in _keys(delves, by):
        part = _part(delves, by, key)
        ends = part["end"].to_list()
        rows.append(list(key) + [len(part), _mean(part, "xp"), _mean(part, "level")] +
                    [rate([e == end for e in ends]) for end in ENDS])
    return Table(by + ["delves", "XP", "level reached"] + list(ENDS), rows,
                 "How delves end, by delve number: XP gained in the delve, level reached, and the "
                 "share of each ending (fleeing scores no level XP).")


def _depth_table(delves: pl.DataFrame) -> Table:
    by = ["variant", "level"]
    rows = []
    for key in sorted(_keys(delves, by), key=lambda k: (str(k[0]), k[1] or 0)):
        part = _part(delves, by, key)
        ends = part["end"].to_list()
        rows.append(list(key) + [len(part), _mean(part, "xp"),
                                 rate([e.startswith("fled") for e in ends])])
    return Table(by + ["delves", "XP", "fled"], rows,
                 "XP by delve depth: delves ending at each level, their mean XP and the share "
                 "that ended by fleeing.")


def _depth_figure(delves: pl.DataFrame) -> Figure | None:
    if delves.is_empty() or delves["level"].drop_nulls().is_empty():
        return None
    with plot_style() as plt:
        fig, ax = plt.subplots()
        top = int(delves["level"].max())
        for (variant,) in _keys(delves, ["variant"]) or [(None,)]:
            part = delves if variant is None else delves.filter(pl.col("variant") == variant)
            levels = part["level"].drop_nulls().to_numpy()
            ax.hist(levels, bins=[x - 0.5 for x in range(1, top + 2)], histtype="step",
                    density=True, label=str(variant))
        ax.set_xlabel("level when the delve ended")
        ax.set_ylabel("share of delves")
        ax.legend()
        return Figure(figure_svg(fig), "Where delves end, by variant.")


def _hero_table(seats: pl.DataFrame) -> Table:
    by = ["variant", "hero"]
    rows = []
    for key in sorted(_keys(seats, by), key=lambda k: (str(k[0]), str(k[1]))):
        part = _part(seats, by, key)
        multi = part.filter(pl.col("players") > 1) if "players" in part.columns else part
        rows.append(list(key) + [len(part), _mean(part, "score"),
                                 rate(part["master"].fill_null(False).to_numpy())
                                 if "master" in part.columns else None,
                                 rate(multi["won"].fill_null(False).to_numpy())
                                 if "won" in multi.columns else None])
    return Table(by + ["seats", "final XP", "reached master", "win rate (2+ players)"], rows,
                 "Hero balance: final XP, how often the hero levels up, and win rate in "
                 "multi-player games.")


def _dragon_table(seats: pl.DataFrame, games: pl.DataFrame) -> Table:
    by = ["variant", "players"]
    rows = []
    for key in _keys(seats, by):
        part = _part(seats, by, key)
        gpart = _part(games, by, key)
        fought = int(part["dragons_fought"].fill_null(0).sum()) if "dragons_fought" in part.columns \
            else 0
        won = int(part["dragons_defeated"].fill_null(0).sum()) \
            if "dragons_defeated" in part.columns else 0
        rows.append(list(key) + [_mean(part, "dragons_fought"), _mean(part, "dragons_defeated"),
                                 f"{100 * won / fought:.1f} %" if fought else "–",
                                 _mean(part, "flees"),
                                 rate(gpart["tie_break_decided"].fill_null(False).to_numpy())
                                 if "tie_break_decided" in gpart.columns else None,
                                 rate(gpart["shared_win"].fill_null(False).to_numpy())
                                 if "shared_win" in gpart.columns else None])
    return Table(by + ["dragon attacks", "dragons defeated", "defeated per attack", "flees",
                       "tie-break decided", "shared win"], rows,
                 "Dragons, flights and ties per seat and per game.")


def _solo_table(seats: pl.DataFrame) -> Table | None:
    if "solo_rank" not in seats.columns:
        return None
    solo = seats.filter(pl.col("solo_rank").is_not_null())
    if solo.is_empty():
        return None
    rows = []
    for (variant,) in _keys(solo, ["variant"]) or [(None,)]:
        part = solo if variant is None else solo.filter(pl.col("variant") == variant)
        ranks = part["solo_rank"].to_list()
        rows.append([variant, len(part)] + [rate([r == name for r in ranks]) for name in RANKS])
    return Table(["variant", "games"] + list(RANKS), rows,
                 "Solo titles (0-15 Dragon Fodder ... 35+ Hero of Ages).")


def build(games: pl.DataFrame, seats: pl.DataFrame) -> list:
    blocks: list = [Heading("Experience per game and per delve"),
                    Paragraph("A delve scores its level when "
                              "the adventurer retires (or uses a Town Portal) and nothing when "
                              "the party flees; dragons, an empty treasure box and unused "
                              "treasures add the rest.")]
    if seats.is_empty():
        blocks.append(Paragraph("No games in this run."))
        return blocks
    blocks.append(_score_table(seats))
    delves = _delves(seats)
    if not delves.is_empty():
        blocks += [_ends_table(delves), _depth_table(delves)]
        figure = _depth_figure(delves)
        if figure is not None:
            blocks.append(figure)
    if "hero" in seats.columns:
        blocks.append(_hero_table(seats))
    blocks.append(_dragon_table(seats, games))
    solo = _solo_table(seats)
    if solo is not None:
        blocks.append(solo)
    return blocks
