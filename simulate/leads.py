"""``[report] lead``: the measure the config's question is about, so the report leads with it.

A lead is one of the game's headline measures in words (``lead = "team win rate"``) or a
numeric or boolean column of its ``games`` or ``seats`` table (``lead = "rounds"``). The report
then shows that measure's headline first and ranks its findings first (reports/headlines.py,
reports/summary.py). Anything else is a one-line ConfigError with the closest name.
"""
from __future__ import annotations

from typing import Any

from simulate.games.base import ConfigError, did_you_mean

# Each game's headline measures at the printed rules, in words -> the column behind them.
HEADLINES: dict[str, dict[str, str]] = {
    "roll_for_adventure": {"team win rate": "won",
                           "Master of Shadows appears": "shadow_master_turn",
                           "Master of Shadows' turn": "shadow_master_turn",
                           "Master of Shadows' median turn": "shadow_master_turn"},
    "roll_player": {"winning stars": "winning_stars", "stars per seat": "score"},
    "dungeon_roll": {"mean XP": "score", "winning XP": "winning_score",
                     "solo win rate": "won", "solo title": "solo_rank"},
    "risky_adventure": {"winning fame": "winning_fame", "rounds per game": "rounds"},
    "adventure_realms": {"winner's VP": "winner_vp", "ended by VP": "end_reason",
                         "rounds per game": "rounds"},
}
GENERIC = {"win rate": "won", "mean score": "score"}      # a game without headlines of its own
MEASURED = ("int", "float", "bool")                       # column types a lead may name
SEAT_BASICS = {"won": ("bool", ""), "score": ("float", "")}


def headlines(game: str) -> dict[str, str]:
    return HEADLINES.get(game, GENERIC)


def columns(spec: Any) -> dict[str, tuple[str, str]]:
    """The game's own columns of both tables, with the seats' win and score: (type, meaning)."""
    return {**SEAT_BASICS, **(getattr(spec, "game_columns", None) or {}),
            **(getattr(spec, "seat_columns", None) or {})}


def lead_choices(spec: Any) -> list[str]:
    """What ``lead`` may name: the headline words, then the measured columns."""
    return list(headlines(spec.name)) + [c for c, (kind, _) in columns(spec).items()
                                         if kind in MEASURED]


def check_report(table: Any, spec: Any) -> dict[str, str]:
    """The validated ``[report]`` table: {} or {"lead": a name from lead_choices}."""
    if not isinstance(table, dict):
        raise ConfigError("[report] must be a table")
    unknown = [k for k in table if k != "lead"]
    if unknown:
        raise ConfigError(f"[report]: unknown key '{unknown[0]}'"
                          f"{did_you_mean(unknown[0], ['lead'])}; allowed: lead")
    if "lead" not in table:
        return {}
    lead, choices = table["lead"], lead_choices(spec)
    if not isinstance(lead, str) or lead not in choices:
        shown = ", ".join(repr(c) for c in choices[:12]) + (", ..." if len(choices) > 12 else "")
        raise ConfigError(f"[report] lead = {lead!r} is not a measure of {spec.title}"
                          f"{did_you_mean(lead, choices)}; allowed: {shown} (a headline in "
                          "words or a column of the games or seats table)")
    return {"lead": lead}


def lead_column(lead: str | None, game: str) -> str | None:
    """The column a lead is about (a headline's words name their column)."""
    if lead is None:
        return None
    return headlines(game).get(lead, lead)
