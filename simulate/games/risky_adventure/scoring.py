"""Final scoring (scarabs, treasure maps), the outcome with its metrics, and the invariants."""
from __future__ import annotations

from itertools import combinations

from simulate.games.base import Outcome, ranks_by
from simulate.games.risky_adventure.components import KINDS, TYPES

# The game's own results columns (GameSpec.game_columns / seat_columns).
GAME_COLUMNS = {
    "rounds": ("int", "Rounds played (a round: every seat one turn)."),
    "turns": ("int", "Turns played in all."),
    "fame_spread": ("int", "Fame of the first minus fame of the last."),
    "winning_fame": ("int", "The highest fame of the game."),
    "shared_win": ("bool", "Two or more seats share rank 1 after the tie-breaker."),
    "equipment_tie_break_decided": ("bool", "Seats tied on fame and most equipment cards "
                                    "decided the winner."),
    "expeditions_completed": ("int", "Expeditions whose end was reached."),
    "equipment_deck_left": ("int", "Equipment cards left in the deck at the end."),
    "artifacts_left": ("int", "Artifacts left in the three excavations at the end."),
}

SEAT_COLUMNS = {
    "fame_artifacts": ("int", "Fame from artifacts claimed."),
    "fame_expeditions": ("int", "Fame from expedition fame spots."),
    "fame_scarabs": ("int", "Fame from scarab parts at the end (a top+bottom pair 4)."),
    "fame_maps": ("int", "Fame from completed treasure maps at the end (best assignment)."),
    "fame_bonus": ("int", "Fame from triggered bonus cards."),
    **{f"artifacts_{t}": ("int", f"Artifacts of type {t} claimed.") for t in TYPES},
    "wilds": ("int", "Wild artifacts gained on the expedition."),
    "artifacts_claimed": ("str", "Ids of the artifacts claimed, '|'-joined, in order."),
    "equipment_bought": ("str", "Ids of the equipment cards bought, '|'-joined, in order."),
    "equipment": ("int", "Equipment cards bought (the tie-breaker; starting card not counted)."),
    **{f"equipment_{k}": ("int", f"{k.replace('_', ' ').capitalize()} cards bought.")
       for k in KINDS},
    "maps_held": ("int", "Treasure maps held at the end."),
    "maps_completed": ("int", "Treasure maps completed at the end."),
    "clocks_spent": ("int", "Clocks spent to set dice."),
    "clocks_gained": ("int", "Clocks gained and kept (artifacts, expedition, bonus cards, the "
                      "trade; not those repaying a paid grant's debt)."),
    "clocks_end": ("int", "Clocks held at the end."),
    "debt": ("int", "Clocks a paid grant still owed at the end (0 without one)."),
    "trades": ("int", "Times the 3-dice clock trade was used."),
    "rolls_paid_nothing": ("int", "Rolls after which no placed spot could be paid (even with "
                           "the seat's clocks)."),
    "expedition_spots": ("int", "Expedition spots advanced."),
    "expeditions_finished": ("int", "Times the seat reached the end of an expedition."),
    "tied_on_fame": ("bool", "Another seat has the same fame."),
}


def scarab_fame(tops: int, bottoms: int, part: int, pair: int) -> int:
    """1 fame per part, a top+bottom pair 4 instead of 2.

    >>> scarab_fame(2, 1, 1, 4)
    5
    """
    pairs = min(tops, bottoms)
    return pairs * pair + (tops + bottoms - 2 * pairs) * part


def best_maps(maps: list, types: list[int], wilds: int) -> tuple[int, tuple]:
    """The most fame from treasure maps, each artifact or wild serving one map: (fame, the
    completed maps). ``maps`` are TreasureMap values, ``types`` artifacts per type (attached
    ones included: they still count)."""
    best, chosen = 0, ()
    for size in range(len(maps), 0, -1):
        for subset in combinations(range(len(maps)), size):
            fame = sum(maps[i].fame for i in subset)
            if fame <= best:
                continue
            short = 0
            for t in range(3):
                need = sum(maps[i].needs[t] for i in subset)
                short += max(0, need - types[t])
            if short <= wilds:
                best, chosen = fame, subset
    return best, chosen


class Scoring:
    def final_scoring(self) -> None:
        rules, comp = self.rules, self.comp
        self.scarabs, self.map_fame, self.maps_completed = [], [], []
        for seat in range(self.n):
            kinds = [comp.equipment[c].kind for c in self.equipment[seat]]
            s = scarab_fame(kinds.count("scarab_top"), kinds.count("scarab_bottom"),
                            rules.scarab_part_fame, rules.scarab_pair_fame)
            types = [0, 0, 0]
            for a in self.artifacts[seat]:
                types[comp.artifacts[a].type] += 1
            m, done = best_maps([comp.maps[i] for i in self.maps[seat]], types, self.wilds[seat])
            self.scarabs.append(s)
            self.map_fame.append(m)
            self.maps_completed.append(len(done))
            self.fame[seat] += s + m
            if self.events is not None:
                self._log(f"final scoring seat {seat}: scarabs {s}, maps {m} ({len(done)} "
                          f"completed), fame {self.fame[seat]}")

    def outcome(self) -> Outcome:
        n, fame, comp = self.n, self.fame, self.comp
        equipment = [len(e) for e in self.equipment]
        by_equipment = self.rules.tie_break == "equipment"
        keys = [(fame[s], equipment[s] if by_equipment else 0) for s in range(n)]
        ranks = ranks_by(keys)
        won = [r == 1 for r in ranks]
        top = max(fame)
        tied_top = sum(1 for f in fame if f == top)
        metrics = {
            "rounds": self.round, "turns": self.turn, "fame_spread": max(fame) - min(fame),
            "winning_fame": top, "shared_win": sum(won) > 1,
            "equipment_tie_break_decided": tied_top > 1 and sum(won) < tied_top,
            "expeditions_completed": self.expeditions_done + self.reached_end,
            "equipment_deck_left": len(self.equipment_deck),
            "artifacts_left": sum(len(x) for x in self.excavations),
        }
        seat_metrics = []
        for s in range(n):
            parts, tally = self.parts[s], self.tally[s]
            types = [0, 0, 0]
            for a in self.artifacts[s]:
                types[comp.artifacts[a].type] += 1
            kinds = [comp.equipment[c].kind for c in self.equipment[s]]
            row = {"fame_artifacts": parts["artifacts"], "fame_expeditions": parts["expeditions"],
                   "fame_scarabs": self.scarabs[s], "fame_maps": self.map_fame[s],
                   "fame_bonus": parts["bonus"], "wilds": self.wilds[s],
                   "artifacts_claimed": "|".join(comp.artifacts[a].id for a in self.artifacts[s]),
                   "equipment_bought": "|".join(comp.equipment[c].id for c in self.equipment[s]),
                   "equipment": equipment[s], "maps_held": len(self.maps[s]),
                   "maps_completed": self.maps_completed[s], "clocks_end": self.clocks[s],
                   "debt": self.owed[s],
                   "tied_on_fame": sum(1 for f in fame if f == fame[s]) > 1, **tally}
            for t, name in enumerate(TYPES):
                row[f"artifacts_{name}"] = types[t]
            for kind in KINDS:
                row[f"equipment_{kind}"] = kinds.count(kind)
            seat_metrics.append(row)
        return Outcome([float(f) for f in fame], won, ranks, self.end_reason, metrics,
                       seat_metrics)

    def assert_invariants(self) -> None:
        """Nothing appears or vanishes: clocks, artifacts, wilds, maps and equipment cards are
        each in exactly one place; fame equals its parts; markers within the track."""
        rules, comp, n = self.rules, self.comp, self.n
        if rules.supply_limited:
            assert self.clock_supply + sum(self.clocks) == rules.clocks, "a clock is lost"
            assert self.wild_supply + sum(self.wilds) == rules.wild_artifacts, "a wild is lost"
            assert self.clock_supply >= 0 and self.wild_supply >= 0
        assert min(self.clocks) >= 0, "negative clocks"
        artifacts = self.artifact_box + [a for x in self.excavations for a in x]
        artifacts += [a for owned in self.artifacts for a in owned]
        assert sorted(artifacts) == list(range(len(comp.artifacts))), "an artifact is lost"
        maps = self.map_deck + self.maps_face_up + [m for held in self.maps for m in held]
        assert sorted(maps) == list(range(len(comp.maps))), "a treasure map is lost"
        cards = self.equipment_deck + [c for c in self.camp if c >= 0]
        cards += [c for owned in self.equipment for c in owned]
        assert sorted(cards) == list(range(len(comp.equipment))), "an equipment card is lost"
        for s in range(n):
            parts = self.parts[s]
            gained = parts["artifacts"] + parts["expeditions"] + parts["bonus"]
            if self.is_over:
                gained += self.scarabs[s] + self.map_fame[s]
            assert self.fame[s] == gained, f"seat {s}: fame is not the sum of its parts"
            attached = [t for _, t in self.attached[s]]
            types = [0, 0, 0]
            for a in self.artifacts[s]:
                types[comp.artifacts[a].type] += 1
            for t in range(3):
                assert self.free_types[s][t] + attached.count(t) == types[t]
            assert self.free_wilds[s] + attached.count(-1) == self.wilds[s]
        if self.expedition >= 0:
            length = len(comp.expeditions[self.expedition].spots)
            assert all(0 <= p <= length for p in self.positions)
