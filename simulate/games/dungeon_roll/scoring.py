"""Game end: final XP, the treasure-count tie-break, solo ranks, and the result columns."""
from __future__ import annotations

from simulate.games.base import Outcome, ranks_by
from simulate.games.dungeon_roll.components import (DRAGON_SCALES, HERO_KEYS, SOLO_RANKS,
                                                    TOWN_PORTAL)

MAX_DELVES = 5
ACHIEVEMENTS = {
    "dragon_slayer": "defeated 2 dragons in one delve (Dragon Slayer)",
    "dragon_master": "defeated 3 dragons in one delve (Dragon Master)",
    "dungeon_master": "ended a delve at level 10 (Dungeon Master)",
    "dragon_bait": "rolled 3 Dragons in one roll (Dragon Bait)",
}

SEAT_COLUMNS = {
    "hero": ("str", "hero dealt (novice name, e.g. spellsword)"),
    "master": ("bool", "the hero reached its master side (level_up_xp XP)"),
    "xp_levels": ("int", "XP from retiring (level reached), Town Portal retirements included"),
    "xp_dragons": ("int", "XP from defeating dragons"),
    "xp_empty_box": ("int", "XP given instead of treasure when the box was empty"),
    "xp_treasures": ("int", "XP of unused treasure tokens at game end (Town Portal at its value)"),
    "xp_scale_pairs": ("int", "XP bonus for pairs of Dragon Scales; the five xp_ parts sum to score"),
    "treasures": ("int", "treasure tokens held at game end"),
    "dragons_fought": ("int", "dragon attacks faced (dragon phases with a full Lair)"),
    "dragons_defeated": ("int", "dragons defeated"),
    "flees": ("int", "delves ended by fleeing (monsters or dragon)"),
    "deepest_level": ("int", "deepest level at which any of this seat's delves ended"),
    "solo_rank": ("str", "solo title (Dragon Fodder .. Hero of Ages); null unless solo"),
}
for _k in range(1, MAX_DELVES + 1):
    SEAT_COLUMNS[f"delve{_k}_level"] = ("int", f"level when delve {_k} ended; null if not played")
    SEAT_COLUMNS[f"delve{_k}_xp"] = ("int", f"XP gained during delve {_k} (levels, dragons, box)")
    SEAT_COLUMNS[f"delve{_k}_end"] = ("str", f"how delve {_k} ended: retired, level_10, "
                                      "town_portal, fled_monsters, fled_dragon; null if not played")
for _name, _doc in ACHIEVEMENTS.items():
    SEAT_COLUMNS[f"ach_{_name}"] = ("bool", "achievement: " + _doc)

DELVE_KEYS = tuple((f"delve{k}_level", f"delve{k}_xp", f"delve{k}_end")
                   for k in range(1, MAX_DELVES + 1))
NOT_PLAYED = (None, None, None)
ACH_KEYS = tuple((name, f"ach_{name}") for name in ACHIEVEMENTS)

GAME_COLUMNS = {
    "delves": ("int", "delves played (all seats)"),
    "deepest_level": ("int", "deepest level any delve ended at"),
    "dragons_defeated": ("int", "dragons defeated (all seats)"),
    "flees": ("int", "delves ended by fleeing (all seats)"),
    "winning_score": ("int", "best final XP"),
    "tie_break_decided": ("bool", "the best XP was tied and fewer treasure tokens decided it"),
    "shared_win": ("bool", "two or more seats share the win (same XP and treasure count)"),
}


def solo_rank(score: int, thresholds) -> str:
    rank = sum(1 for t in thresholds if score >= t)
    return SOLO_RANKS[rank]


class Scoring:
    """Mixin: final scores and the outcome row."""

    def final_parts(self, seat: int) -> tuple[int, int]:
        """(xp_treasures, xp_scale_pairs) of a seat's hand."""
        rules, hand = self.rules, self.hands[seat]
        tokens = sum(hand) - hand[TOWN_PORTAL]
        return (tokens * rules.treasure_value + hand[TOWN_PORTAL] * rules.town_portal_value,
                hand[DRAGON_SCALES] // 2 * rules.scale_pair_bonus)

    def final_score(self, seat: int) -> int:
        return self.xp[seat] + sum(self.final_parts(seat))

    def outcome(self) -> Outcome:
        n, rules = self.n_players, self.rules
        scores = [self.final_score(s) for s in range(n)]
        held = [sum(h) for h in self.hands]
        ranks = ranks_by([(scores[s], -held[s]) for s in range(n)])   # tie: fewer tokens
        best = max(scores)
        top = [s for s in range(n) if scores[s] == best]
        tie_break = len(top) > 1 and len({held[s] for s in top}) > 1
        winners = [s for s in range(n) if ranks[s] == 1]
        if n == 1:
            won = [scores[0] >= rules.solo_win_score]
        else:
            won = [r == 1 for r in ranks]
        seat_metrics = [self._seat_row(s, n == 1, scores[s], held[s]) for s in range(n)]
        metrics = {
            "delves": self.delves_played,
            "deepest_level": max(row["deepest_level"] for row in seat_metrics),
            "dragons_defeated": sum(self.dragons_defeated),
            "flees": sum(self.flees),
            "winning_score": best,
            "tie_break_decided": tie_break,
            "shared_win": n > 1 and len(winners) > 1,
        }
        return Outcome([float(x) for x in scores], won, ranks, "delves_done", metrics,
                       seat_metrics)

    def _seat_row(self, seat: int, solo: bool, score: int, held: int) -> dict:
        xp_treasures, xp_pairs = self.final_parts(seat)
        delves = self.delves[seat]
        row = {
            "hero": HERO_KEYS[self.hero[seat]],
            "master": self.master[seat],
            "xp_levels": self.xp_levels[seat],
            "xp_dragons": self.xp_dragons[seat],
            "xp_empty_box": self.xp_empty_box[seat],
            "xp_treasures": xp_treasures,
            "xp_scale_pairs": xp_pairs,
            "treasures": held,
            "dragons_fought": self.dragons_fought[seat],
            "dragons_defeated": self.dragons_defeated[seat],
            "flees": self.flees[seat],
            "deepest_level": max((d[0] for d in delves), default=0),
            "solo_rank": solo_rank(score, self.rules.solo_rank_scores) if solo else None,
        }
        played = len(delves)
        for k, (level_key, xp_key, end_key) in enumerate(DELVE_KEYS):
            level, xp, end = delves[k] if k < played else NOT_PLAYED
            row[level_key] = level
            row[xp_key] = xp
            row[end_key] = end
        got = self.achievements[seat]
        for name, key in ACH_KEYS:
            row[key] = name in got
        return row
