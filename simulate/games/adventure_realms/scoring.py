"""Final scoring (stones, Quests), the tie-breaks, the results rows and the invariants.

A mixin of ``State`` (``state.py``).
"""
from __future__ import annotations

from collections import Counter

from simulate.games.adventure_realms.actions import Phase
from simulate.games.adventure_realms.components import GUILDS, SYMBOLS
from simulate.games.base import Outcome, ranks_by

_G = [g.lower() for g in GUILDS]

# The game's own results columns (GameSpec.game_columns / seat_columns).
GAME_COLUMNS = {
    "rounds": ("int", "Rounds played (one monster each; at most 10)."),
    "winner_vp": ("int", "The highest final VP of the game."),
    "runner_up_vp": ("int", "The second-highest final VP (equal to winner_vp on a tie)."),
    "tie_break": ("str", "What decided a tie on VP: none (no tie), stones, kings, shared."),
    "lead_changes": ("int", "Times the sole leader on the VP track changed between rounds."),
    "stones_taken": ("int", "Elemental Stones taken from the Dark Castle."),
    "tops_taken": ("int", "Guild tracks whose exclusive top someone reached."),
}

SEAT_COLUMNS = {
    "vp_guild": ("int", "VP from guild tracks (levels 2 and 6; lost when power drops)."),
    "vp_dungeon": ("int", "VP from monster rewards by dungeon rank."),
    "vp_masters": ("int", "VP from recruiting (Guild Masters' +1)."),
    "vp_stones": ("int", "Final scoring: VP for Elemental Stones."),
    "vp_quests": ("int", "Final scoring: VP for fulfilled Quest cards."),
    "vp_track": ("int", "VP on the track at the end (guild + dungeon + masters)."),
    "stones": ("int", "Elemental Stones owned (first tie-break)."),
    "kings": ("int", "Kings (Epic heroes) owned (second tie-break)."),
    "quests_held": ("int", "Quest cards held at the end."),
    "quests_fulfilled": ("int", "Quest cards that scored."),
    "dominant_guild": ("str", "The guild of most recruited guild heroes (mixed on a tie, "
                       "none without any)."),
    **{f"recruited_{g}": ("int", f"{g.title()} guild heroes recruited.") for g in _G},
    "recruited_kings": ("int", "Kings recruited."),
    "recruited_masters": ("int", "Guild Masters recruited."),
    "cards_recruited": ("str", "Names of the heroes recruited, '|'-joined, in order."),
    "final_deck_size": ("int", "Hero cards owned at the end (deck, hand, discard, play)."),
    "banished": ("int", "Hero cards banished."),
    "agents": ("int", "Agents at the end (Rules.starting_agents, +1 when the Fort's agent was "
               "freed)."),
    "agent_freed": ("int", "1 when the seat freed the Fort's agent, else 0 (at any "
                    "Rules.starting_agents)."),
    **{f"power_{g}": ("int", f"Final power on the {g.title()} track (0-6).") for g in _G},
    "dungeon_ranks": ("str", "Dungeon rank per round, '|'-joined (0 = not on the track)."),
    "vp_by_round": ("str", "VP on the track after each round, '|'-joined."),
    "gold": ("int", "Gold left at the end."),
    "mana": ("int", "Mana left at the end."),
    "food": ("int", "Food left at the end."),
}

OVER = Phase.OVER


class Scoring:
    def owned(self, seat: int) -> list[int]:
        """Every hero card the seat owns: deck, hand, discard pile and cards in play."""
        return self.deck[seat] + self.hand[seat] + self.discard[seat] + self.played[seat]

    def kings(self, seat: int) -> int:
        heroes = self.comp.heroes
        return sum(1 for c in self.owned(seat) if heroes[c].kind == "king")

    def quest_vp(self, seat: int) -> tuple[int, int, int]:
        """(VP, quests held, quests fulfilled) from the seat's Quest cards."""
        vp = held = done = 0
        for a in self.adventures[seat]:
            card = self.comp.adventures[a]
            if card.type != "quest":
                continue
            held += 1
            kind = card.quest[0]
            if kind == "power_in_guilds":
                power, guilds = card.quest[1:]
                got = card.vp if sum(p >= power for p in self.power[seat]) >= guilds else 0
            elif kind == "stones":
                got = card.vp if self.stones[seat] >= card.quest[1] else 0
            elif kind == "per_king":
                got = card.vp * self.kings(seat)
            else:                                   # guild_cards
                got = card.vp if max(self.guild_cards(seat)) >= card.quest[1] else 0
            vp += got
            done += got > 0
        return vp, held, done

    def guild_cards(self, seat: int) -> list[int]:
        """Per guild, the owned cards "of" it (ruling 14, ``guild_cards_count``): showing its
        symbol ('symbols': basic cards and Kings too, a King for every guild), or belonging to
        it ('guild': its guild heroes and Guild Masters)."""
        heroes, owned = self.comp.heroes, self.owned(seat)
        if self.rules.guild_cards_count == "guild":
            return [sum(heroes[c].guild == g for c in owned) for g in range(len(GUILDS))]
        bits = [1 << SYMBOLS.index(g) for g in GUILDS]
        return [sum(bool(heroes[c].symbols & bit) for c in owned) for bit in bits]

    def vp_for_target(self, seat: int) -> int:
        """Ruling 9: the VP target counts the VP track only, or everything ('all')."""
        if self.rules.vp_check == "track":
            return self.vp[seat]
        return self.vp[seat] + self.stones[seat] * self.rules.stone_vp + self.quest_vp(seat)[0]

    def finish(self, reason: str) -> None:
        self.is_over, self.phase, self.end_reason = True, OVER, reason
        self.current_seat = 0
        self._legal = []
        if self.events is not None:
            self.events.append(f"game over ({reason}) after round {self.round}")

    # --- results -------------------------------------------------------------------------------
    def final_scores(self) -> list[int]:
        return [self.vp[s] + self.stones[s] * self.rules.stone_vp + self.quest_vp(s)[0]
                for s in range(self.n)]

    def tie_keys(self, scores: list[int]) -> list[tuple]:
        """Most VP, then most stones, then most Kings (``tie_breakers``), then shared."""
        breakers = self.rules.tie_breakers
        keys = []
        for s in range(self.n):
            key = (scores[s],)
            if breakers != "none":
                key += (self.stones[s],)
            if breakers == "stones_then_kings":
                key += (self.kings(s),)
            keys.append(key)
        return keys

    def outcome(self) -> Outcome:
        scores = self.final_scores()
        keys = self.tie_keys(scores)
        ranks = ranks_by(keys)
        best = max(scores)
        tied = [s for s in range(self.n) if scores[s] == best]
        winners = [s for s in range(self.n) if ranks[s] == 1]
        if len(tied) == 1:
            decided = "none"
        elif len(winners) > 1:
            decided = "shared"
        elif len({keys[s][:2] for s in tied}) > 1 and keys[winners[0]][1] > max(
                keys[s][1] for s in tied if s != winners[0]):
            decided = "stones"
        else:
            decided = "kings"
        ordered = sorted(scores, reverse=True)
        metrics = {"rounds": self.round, "winner_vp": ordered[0],
                   "runner_up_vp": ordered[1] if self.n > 1 else None,
                   "tie_break": decided, "lead_changes": self.lead_changes(),
                   "stones_taken": sum(self.stones),
                   "tops_taken": sum(h >= 0 for h in self.top_holder)}
        return Outcome([float(x) for x in scores], [r == 1 for r in ranks], ranks,
                       self.end_reason, metrics, [self.seat_metrics(s) for s in range(self.n)])

    def lead_changes(self) -> int:
        """Times the sole leader on the VP track changed from one round's end to the next."""
        leader, changes = -1, 0
        for r in range(len(self.vp_by_round[0])):
            row = [v[r] for v in self.vp_by_round]
            top = max(row)
            now = row.index(top) if row.count(top) == 1 else -1
            if now >= 0 and now != leader:
                changes += leader >= 0
                leader = now
        return changes

    def seat_metrics(self, s: int) -> dict:
        heroes = self.comp.heroes
        recruited = [heroes[c] for c in self.recruited[s]]
        by_guild = [sum(1 for h in recruited if h.guild == g and h.kind == "guild")
                    for g in range(len(GUILDS))]
        quest_vp, held, done = self.quest_vp(s)
        best = max(by_guild)
        dominant = "none" if best == 0 else (GUILDS[by_guild.index(best)].lower()
                                             if by_guild.count(best) == 1 else "mixed")
        m = {f"vp_{part}": self.vp_parts[s][part] for part in self.vp_parts[s]}
        m.update({"vp_stones": self.stones[s] * self.rules.stone_vp, "vp_quests": quest_vp,
                  "vp_track": self.vp[s], "stones": self.stones[s], "kings": self.kings(s),
                  "quests_held": held, "quests_fulfilled": done,
                  "dominant_guild": dominant,
                  "recruited_kings": sum(h.kind == "king" for h in recruited),
                  "recruited_masters": sum(h.kind == "master" for h in recruited),
                  "cards_recruited": "|".join(h.name for h in recruited),
                  "final_deck_size": len(self.owned(s)), "banished": self.banished[s],
                  "agents": self.agents[s], "agent_freed": int(self.fort_freed[s]),
                  "dungeon_ranks": "|".join(map(str, self.dungeon_ranks[s])),
                  "vp_by_round": "|".join(map(str, self.vp_by_round[s])),
                  "gold": self.gold[s], "mana": self.mana[s], "food": self.food[s]})
        for g, name in enumerate(GUILDS):
            m[f"recruited_{name.lower()}"] = by_guild[g]
            m[f"power_{name.lower()}"] = self.power[s][g]
        return m

    # --- invariants ----------------------------------------------------------------------------
    def assert_invariants(self) -> None:
        """Cards conserved: every hero card in exactly one deck, hand, discard pile, play area,
        the Guild Row, the hero deck, the Guild Master stack or the box; every adventure card in
        the deck, the discard or a player's hand; resources within the supply; tracks in range."""
        comp, n = self.comp, self.n
        heroes = Counter(self.hero_deck) + Counter(c for c in self.row if c >= 0) + \
            Counter(self.masters) + Counter(self.box)
        for s in range(n):
            heroes += Counter(self.owned(s))
        expected = Counter(comp.hero_deck) + Counter(comp.masters)
        for _ in range(n):
            expected += Counter(comp.basic_deck)
        assert heroes == expected, "hero cards appeared or vanished"
        adventures = Counter(self.adventure_deck) + Counter(self.adventure_discard)
        for s in range(n):
            adventures += Counter(self.adventures[s])
        assert adventures == Counter(comp.adventure_deck), "adventure cards appeared or vanished"
        for resource in ("gold", "mana", "food"):
            assert min(getattr(self, resource)) >= 0, f"negative {resource}"
            assert (self.supply_left(resource) or 0) >= 0, f"{resource} beyond the supply"
        assert self.garden >= 0
        top = comp.track_top
        for s in range(n):
            assert all(0 <= p <= top for p in self.power[s])
            assert 0 <= self.dungeon[s] <= self.rules.dungeon_track_length
            assert 0 <= self.placed[s] <= self.agents[s]
            assert self.vp[s] == sum(self.vp_parts[s].values())
        for g, holder in enumerate(self.top_holder):
            at_top = [s for s in range(n) if self.power[s][g] == top]
            if self.rules.exclusive_top:
                assert len(at_top) <= 1 and (not at_top or at_top[0] == holder)
        assert self.stones_left + sum(self.stones) == self.rules.stones
        assert sum(o >= 0 for o in self.occupied) <= sum(self.placed)   # items share spaces
