"""The Dungeon and End Phases: Magic cards in turn order, ranking on the dungeon track, the stone
on the last space, rewards by rank from the monster card, then the end check and the next round.

A mixin of ``State`` (``state.py``).
"""
from __future__ import annotations

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase
from simulate.games.adventure_realms.scoring import Scoring

MAGIC = Phase.MAGIC


class Dungeon(Scoring):
    def start_dungeon(self) -> None:
        """Starting with the first player, each plays any number of Magic cards."""
        self.phase = MAGIC
        self.magic_turn = 0
        self.current_seat = self.turn_seat = self.first_player

    def _magic_options(self, seat: int) -> list:
        out = [A.END_MAGIC]
        for a in sorted(set(self.adventures[seat])):
            card = self.comp.adventures[a]
            if card.type == "magic" and self.can_pay(seat, card.pay):
                out.append(A.PlayMagic(card.name))
        return out

    def _play_magic(self, action: A.PlayMagic) -> None:
        self.play_adventure(self.current_seat, action.card)

    def _end_magic(self, action=None) -> None:
        self._next_magic_turn()

    def _next_magic_turn(self) -> None:
        self.magic_turn += 1
        if self.magic_turn < self.n:
            self.current_seat = self.turn_seat = (self.first_player + self.magic_turn) % self.n
            return
        self.score_dungeon()
        self._end_phase()

    # --- scoring the track ---------------------------------------------------------------------
    def dungeon_ranks_now(self) -> list[int]:
        """Rank per seat on the dungeon track (0 = not on the track). Ruling 3: tied players share
        a rank; 'skip' leaves the next rank out, 'dense' does not."""
        pos = self.dungeon
        on_track = sorted({p for p in pos if p > 0}, reverse=True)
        ranks = []
        for p in pos:
            if p <= 0:
                ranks.append(0)
            elif self.rules.tied_ranks == "dense":
                ranks.append(on_track.index(p) + 1)
            else:
                ranks.append(1 + sum(1 for q in pos if q > p))
        return ranks

    def score_dungeon(self) -> None:
        """The stone for the last space (tied there: nobody, by default), then each rank's reward
        from the monster card; players off the track take no part."""
        monster = self.monsters[-1]
        ranks = self.dungeon_ranks_now()
        last = self.rules.dungeon_track_length
        at_end = [s for s in self._turn_order() if self.dungeon[s] >= last]
        if len(at_end) == 1 or (at_end and self.rules.stone_on_tie == "all"):
            for seat in at_end:
                if self.stones_left:
                    self.stones_left -= 1
                    self.stones[seat] += 1
                    if self.events is not None:
                        self.events.append(f"seat {seat} takes an Elemental Stone")
        for seat in self._turn_order():
            rank = ranks[seat]
            self.dungeon_ranks[seat].append(rank)
            if rank and rank <= len(monster.rewards):
                if self.events is not None:
                    self.events.append(f"seat {seat} dungeon {self.dungeon[seat]}, rank {rank}")
                self.gain(seat, monster.rewards[rank - 1], "dungeon")

    def _turn_order(self) -> list[int]:
        return [(self.first_player + k) % self.n for k in range(self.n)]

    # --- End Phase -----------------------------------------------------------------------------
    def _end_phase(self) -> None:
        """The end check (10 VP on the track, or the last monster done), else reset the board,
        pass the first player marker clockwise and start the next round."""
        rules = self.rules
        self.monsters.pop()
        self.monsters_done += 1
        for seat in range(self.n):
            self.vp_by_round[seat].append(self.vp[seat])
        if max(self.vp_for_target(s) for s in range(self.n)) >= rules.vp_target:
            self.finish("vp")
            return
        if not self.monsters:
            self.finish("monsters")
            return
        if self.round >= rules.max_rounds:
            self.finish("rounds")
            return
        self.dungeon = [0] * self.n
        self.placed = [0] * self.n
        self.occupied = [-1] * len(self.occupied)
        self.first_player = (self.first_player + 1) % self.n
        if rules.draws_per_round == "twice":
            for seat in range(self.n):
                self.draw(seat, rules.hand_size)
        self._start_round()
