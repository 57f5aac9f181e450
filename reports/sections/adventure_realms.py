"""Adventure Realms' report section, within one variant and one player count at a time (never
pooled): VP by seat with the first-player test, win rate by dominant guild, the cards whose owners
win most and least, how games end, and VP over rounds with lead changes. Its tests (seat
fairness, dominant guild, each card: the two-proportion score test and Newcombe interval that
Risky Adventure's owners tests use) join the section's one Holm-corrected family."""
from __future__ import annotations

import numpy as np
import polars as pl

from reports.blocks import (Figure, Heading, Note, Paragraph, Rate, Table, figure_svg,
                            mean_ci, plot_style, rate)
from reports.findings import Finding, p_said
from reports.mechanics import Mechanic, counted, positive
from reports.section import points
from reports.tables import BASELINE, COUNT, collect
from simulate.statistics import rates_differ, unpaired_rates

GUILDS = ("Fighters", "Thieves", "Wizards", "Clerics")
# What the seats do of their own choosing, for reports.mechanics.
MECHANICS = [
    Mechanic("freeing the Fort's agent (the third at two starting agents)",
             positive("agent_freed")),
    *counted({
        "taking an Elemental Stone": "stones",
        "banishing a card": "banished",
        "recruiting a King": "recruited_kings",
        "recruiting a Guild Master": "recruited_masters",
    }),
    *(Mechanic(f"recruiting a {hero} (guild hero)", positive(f"recruited_{g.lower()}"))
      for g, hero in zip(GUILDS, ("Fighter", "Thief", "Wizard", "Cleric"))),
    Mechanic("reaching the top of a guild track", positive("tops_taken"), "game"),  # the data's top
    *counted({
        "dungeon rewards (VP)": "vp_dungeon",
        "holding a Quest card": "quests_held",
        "fulfilling a Quest": "quests_fulfilled",
    }),
]
UNMEASURED = ["The Fort's two guild steps (instead of the agent): no column.",
              "Item and Magic adventure cards played, the Grappling Hook: no column.",
              "Which action spaces were used (Bastion, Shadow, Merchant, Oasis, Fairy Garden): "
              "no column.",
              "Priced reveal effects paid (the Wizards' mana for advances): no column."]

PARTS = ("vp_guild", "vp_dungeon", "vp_masters", "vp_stones", "vp_quests")
MIN_OWNERS = 30                                  # cards recruited by fewer seats are not tested
SHOWN = 8                                        # cards listed at each end of the ranking


def _placeholder_warning() -> Note:
    """One line: which parts are placeholders is in the summary (the run's, folded)."""
    return Note("WARNING — placeholder card data in use (which parts: see the summary; edit "
                "data/): results describe placeholder decks, not a finished game.")


def _seat_block(section, s: pl.DataFrame, n: int, variant: str) -> list:
    rows = []
    for seat in range(n):
        part = s.filter(pl.col("seat") == seat)
        rows.append([seat, len(part), mean_ci(part["score"].to_numpy(), bounds=COUNT),
                     rate(part["won"].to_numpy())] +
                    [mean_ci(part[c].cast(pl.Float64).to_numpy(), bounds=COUNT)
                     for c in PARTS if c in part.columns])
    blocks: list = [Table(["seat", "games", "VP", "win rate"] +
                          [c.removeprefix("vp_") for c in PARTS if c in s.columns], rows,
                          "Final VP and its sources by seat (seat 0 is the first player of round "
                          "1; the first player marker passes clockwise every round).")]
    # the printed rules' seat tests belong to 'Seats and strategies': shown, not tested twice
    fairness = section.seat_fairness(n, variant, test=variant != BASELINE)
    if fairness:
        blocks.append(Table(["players", "sole wins by seat", "p (chi-square, equal seats)",
                             "first seat minus the others' mean (win rate)"], [fairness],
                            "First-player test: both tests join the Holm family of "
                            + ("'Seats and strategies'." if variant == BASELINE else
                               "this section.")))
    vp = s.pivot(on="seat", index="game", values="score", aggregate_function="first") \
        .drop("game").to_numpy().astype(float)
    if len(vp) > 1:
        blocks.append(Paragraph("First seat's VP minus the others' mean, game by game: "
                                f"{mean_ci(vp[:, 0] - np.nanmean(vp[:, 1:], axis=1))} VP."))
    return blocks


def _guild_block(section, s: pl.DataFrame, n: int) -> Table | None:
    if "dominant_guild" not in s.columns:
        return None
    rows = []
    for guild in sorted(s["dominant_guild"].drop_nulls().unique().to_list()):
        part = s.filter(pl.col("dominant_guild") == guild)
        rows.append([guild, len(part), rate(part["won"].to_numpy()),
                     mean_ci(part["score"].to_numpy(), bounds=COUNT)])
    table = pl.DataFrame({"g": [r[0] for r in rows], "w": [r[2].k for r in rows],
                          "n": [r[1] for r in rows]})
    caption = ("Win rate by dominant guild (the guild of most guild heroes recruited; mixed = a "
               "tie, none = no guild hero). A seat's strategy chooses its guild, so this shows "
               "association, not cause.")
    counts = np.array([[w, n - w] for w, n in zip(table["w"], table["n"])], dtype=float)
    if len(rows) > 1 and counts[:, 0].sum() > 0 and counts[:, 1].sum() > 0:
        chi, p = rates_differ(counts)
        caption += f" Chi-square of independence: {chi:.2f}, {p_said(p)}."
        section.test(Finding(n, "win rate by dominant guild", f"chi2 = {chi:.1f}",
                             "chi-square", p,
                             f"At {n} players the win rate differs by dominant guild.", "screen"))
    return Table(["dominant guild", "seats", "win rate", "VP"], rows, caption)


def _cards_block(section, s: pl.DataFrame, n: int) -> list:
    """Each card: owners' win rate minus non-owners' (Newcombe's interval, the two-proportion
    score test); every card's test joins the section's Holm family."""
    if "cards_recruited" not in s.columns:
        return []
    owned = (s.select(pl.col("game"), pl.col("seat"), pl.col("won"),
                      pl.col("cards_recruited").fill_null("").str.split("|").list.unique()
                      .alias("card")).explode("card").filter(pl.col("card") != ""))
    total, total_wins = len(s), int(s["won"].sum())
    stats_rows = []
    for row in owned.group_by("card").agg(pl.len().alias("n"), pl.col("won").sum().alias("w")) \
            .iter_rows(named=True):
        n1, w1 = row["n"], row["w"]
        n0, w0 = total - n1, total_wins - w1
        if n1 < MIN_OWNERS or n0 < MIN_OWNERS:
            continue
        diff = unpaired_rates(w0, n0, w1, n1)
        estimate = points(diff)
        finding = section.test(Finding(
            n, f"owners of {row['card']} vs the other seats", estimate, diff.test, diff.p,
            f"At {n} players the owners of {row['card']} win "
            f"{'more' if diff.value > 0 else 'less'} often than the other seats ({estimate}).",
            "screen"))
        stats_rows.append([row["card"], n1, Rate(w1, n1), estimate, finding, diff.value])
    if not stats_rows:
        return [Paragraph(f"No card was recruited by {MIN_OWNERS}+ seats (and missed by as many): "
                          "run more games to rank cards.")]
    stats_rows.sort(key=lambda r: r[-1], reverse=True)
    shown = stats_rows if len(stats_rows) <= 2 * SHOWN else stats_rows[:SHOWN] + stats_rows[-SHOWN:]
    return [Table(["card", "owners", "owners' win rate", "owners minus others [95 %]",
                   "p (Holm p)"], [r[:-1] for r in shown],
                  f"The cards whose owners win most (top) and least (bottom), of {len(stats_rows)} "
                  f"cards recruited by {MIN_OWNERS}+ seats (two-proportion score tests, Holm-"
                  "corrected with the section's other tests; * = significant). This is an "
                  "association, not a card's effect: owning a card is chosen, not assigned, so a "
                  "strong card shows here, and so does a card that leaders can afford "
                  "(`simulate cards` measures the effect: removed and granted).")]


def _ending_block(g: pl.DataFrame) -> Table:
    rows = [[f"ended by {reason}", rate((g["end_reason"] == reason).to_numpy())]
            for reason in ("vp", "monsters", "rounds") if (g["end_reason"] == reason).any()]

    def count(column: str):
        return mean_ci(g[column].cast(pl.Float64).to_numpy(), bounds=COUNT)

    rows.append(["rounds played (mean)", count("rounds")])
    if "winner_vp" in g.columns:
        rows.append(["winner's VP", count("winner_vp")])
        margin = (g["winner_vp"] - g["runner_up_vp"]).cast(pl.Float64).to_numpy()
        rows.append(["winner minus runner-up", mean_ci(margin, bounds=COUNT)])
    for breaker in ("stones", "kings", "shared"):
        rows.append([f"tie decided by {breaker}" if breaker != "shared" else "shared win",
                     rate((g["tie_break"] == breaker).to_numpy())])
    return Table(["", "share of games / mean [95 %]"], rows,
                 "How games end: the 10-VP race (checked at the start of the End Phase) or the "
                 "tenth monster; the margin and the tie-breaks.")


def _rounds_block(s: pl.DataFrame, g: pl.DataFrame, n: int, label: str) -> list:
    blocks: list = []
    if "lead_changes" in g.columns:
        blocks.append(Paragraph(
            "Lead changes (the sole leader on the VP track changes between rounds): "
            f"{mean_ci(g['lead_changes'].cast(pl.Float64).to_numpy(), bounds=COUNT)} per game."))
    if "vp_by_round" not in s.columns:
        return blocks
    tracks = [[int(x) for x in text.split("|")] if text else []
              for text in s["vp_by_round"].fill_null("")]
    longest = max((len(t) for t in tracks), default=0)
    if not longest:
        return blocks
    seats = s["seat"].to_list()
    with plot_style() as plt:
        fig, ax = plt.subplots()
        for seat in range(n):
            means = []
            for r in range(longest):
                values = [t[r] for t, st in zip(tracks, seats) if st == seat and len(t) > r]
                means.append(np.mean(values) if values else np.nan)
            ax.plot(range(1, longest + 1), means, marker="o", label=f"seat {seat}")
        ax.set_xlabel("round")
        ax.set_ylabel("mean VP on the track")
        ax.set_title(label)
        ax.legend()
        blocks.append(Figure(figure_svg(fig), "Mean track VP after each round, by seat (games "
                             "still running at that round)."))
    return blocks


SEAT_COLUMNS = ("game", "seat", "won", "score", *PARTS, "dominant_guild", "cards_recruited",
                "vp_by_round")
GAME_COLUMNS = ("game", "end_reason", "rounds", "winner_vp", "runner_up_vp", "tie_break",
                "lead_changes")


def build(section) -> None:
    run = section.run
    section.add(_placeholder_warning())
    seat_names = set(run.seats.collect_schema().names())
    game_names = set(run.games.collect_schema().names())
    for n in run.player_counts:
        for variant in run.variants:
            s = collect(run.seats_at(n, variant).select(
                [c for c in SEAT_COLUMNS if c in seat_names]))
            g = collect(run.games_at(n, variant).select(
                [c for c in GAME_COLUMNS if c in game_names]))
            if s.is_empty():
                continue
            label = f"{variant}, {n} players"
            section.add(Heading(label))
            section.add(*_seat_block(section, s, n, variant))
            section.add(_guild_block(section, s, n))
            section.add(*_cards_block(section, s, n))
            section.add(_ending_block(g))
            section.add(*_rounds_block(s, g, n, label))
