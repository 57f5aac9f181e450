"""The Reveal Phase (reveal effects, recruiting from the Guild Row and the Guild Master stack)
and the sub-decisions: banishing and Bastion's forced discards. A mixin of ``State``."""
from __future__ import annotations

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase


class RevealPhase:
    def _recruit_options(self, seat: int) -> list:
        rp, heroes, out = self.rp[seat], self.comp.heroes, [A.END_REVEAL]
        for c in sorted({c for c in self.row if c >= 0}):
            if heroes[c].cost <= rp:
                out.append(A.Recruit(heroes[c].name))
        if self.masters and heroes[self.masters[-1]].cost <= rp:
            out.append(A.Recruit(heroes[self.masters[-1]].name))
        return out

    def _banish_options(self, seat: int) -> list:
        """Which card to banish next; stopping early only with ``banish = "up_to"`` (ruling 12:
        a banish takes its full count, fewer only when the hand and discard run out)."""
        heroes = self.comp.heroes
        out = [A.STOP_BANISHING] if self.rules.banish == "up_to" else []
        out.extend(A.Banish(heroes[c].name, "hand") for c in sorted(set(self.hand[seat])))
        out.extend(A.Banish(heroes[c].name, "discard") for c in sorted(set(self.discard[seat])))
        return out

    def _pay_options(self, seat: int) -> list:
        """Revealed cards whose price the seat can pay now, then ``EndPaying``."""
        heroes = self.comp.heroes
        out = [A.PayReveal(heroes[c].name) for c in sorted(set(self.unpaid))
               if self.can_pay(seat, heroes[c].reveal_pay)]
        return out + [A.END_PAYING] if out else out

    # --- the Reveal --------------------------------------------------------------------------
    def _reveal(self, action: A.Reveal) -> None:
        """Reveal effects of the cards left in hand, the held Oasis RP already counted. A card
        whose effect has a price gives its RP now and waits in ``unpaid`` (ruling 13: the player
        pays card by card, in any order, for the ones they want)."""
        seat, heroes = self.current_seat, self.comp.heroes
        for c in tuple(self.hand[seat]):            # cards drawn now were not revealed
            card = heroes[c]
            if card.reveal_pay:
                self.gain(seat, tuple(e for e in card.reveal if e[0] == "rp"))
                self.unpaid.append(c)
            else:
                self.gain(seat, card.reveal)
        if self.events is not None:
            self.events.append(f"seat {seat} reveals: {self.rp[seat]} Recruit Points")
        self.phase = Phase.RECRUIT
        self._then = "recruit"

    def _pay_reveal(self, action: A.PayReveal) -> None:
        seat, c = self.current_seat, self.hero_id[action.card]
        card = self.comp.heroes[c]
        self.unpaid.remove(c)
        self.pay(seat, card.reveal_pay)
        self.gain(seat, tuple(e for e in card.reveal if e[0] != "rp"))
        if self.events is not None:
            self.events.append(f"seat {seat} pays for {card.name}'s reveal effect")

    def _end_paying(self, action) -> None:
        self.unpaid.clear()

    def _recruit(self, action: A.Recruit) -> None:
        seat, card = self.current_seat, self.hero_id[action.card]
        hero = self.comp.heroes[card]
        self.rp[seat] -= hero.cost
        if self.masters and self.masters[-1] == card:
            self.masters.pop()
        else:
            slot = self.row.index(card)
            self.row[slot] = self.hero_deck.pop() if self.hero_deck else -1
        self.discard[seat].append(card)
        self.recruited[seat].append(card)
        self.gain(seat, hero.recruit, "masters")
        self._then = "recruit"

    def _end_reveal(self, seat: int) -> None:
        self.discard[seat].extend(self.hand[seat])
        self.discard[seat].extend(self.played[seat])
        self.hand[seat].clear()
        self.played[seat].clear()
        self.rp[seat] = 0
        self.revealed[seat] = True
        self._next_agent_turn(seat)

    # --- sub-decisions -------------------------------------------------------------------------
    def _banish(self, action: A.Banish) -> None:
        seat, card = self.current_seat, self.hero_id[action.card]
        (self.hand if action.pile == "hand" else self.discard)[seat].remove(card)
        self.box.append(card)
        self.banished[seat] += 1
        self.banish_left -= 1

    def _stop_banishing(self, action) -> None:
        self.banish_left = 0

    def _discard(self, action: A.Discard) -> None:
        seat = self.pending_discards.pop(0)
        card = self.hero_id[action.card]
        self.hand[seat].remove(card)
        self.discard[seat].append(card)
        self.current_seat = self.turn_seat

    def _end_reveal_action(self, action) -> None:
        self._end_reveal(self.current_seat)
