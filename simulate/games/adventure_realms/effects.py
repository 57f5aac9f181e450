"""Gains and losses: resources (within the supply when it is capped), drawing hero and
adventure cards, guild power.

A mixin of ``State`` (``state.py``): every method reads and writes the state's lists. Effects are
``(key, amount)`` tuples from the data files (``components.py`` lists the keys).
"""
from __future__ import annotations

from simulate.games.adventure_realms.components import GUILDS, RESOURCES
from simulate.games.adventure_realms.streams import (ADVENTURE_STREAM, SEAT_DECK_STREAM,
                                                     SHADOW_STREAM, shuffle_pile)

VP_PARTS = ("guild", "dungeon", "masters")      # where track VP come from (seat columns vp_*)


class Effects:
    # --- resources -----------------------------------------------------------------------------
    def supply_left(self, resource: str) -> int | None:
        """Tokens of ``resource`` still in the supply (the Fairy Garden's mana is not); ``None``
        when tokens never run out (ruling 11, ``token_supply``)."""
        r = self.rules
        if r.token_supply == "unlimited":
            return None
        if resource == "gold":
            return r.supply_gold - sum(self.gold)
        if resource == "mana":
            return r.supply_mana - sum(self.mana) - self.garden
        return r.supply_food - sum(self.food)

    def take(self, seat: int, resource: str, n: int) -> None:
        """Gain ``n`` tokens; from a capped supply, what it lacks is lost."""
        getattr(self, resource)[seat] += self.available(resource, n)

    def available(self, resource: str, n: int) -> int:
        """How many of ``n`` tokens the supply gives: all, unless it is capped and short."""
        left = self.supply_left(resource)
        return n if left is None else min(n, left)

    def can_pay(self, seat: int, price: tuple) -> bool:
        for resource, n in price:
            if getattr(self, resource)[seat] < n:
                return False
        return True

    def pay(self, seat: int, price: tuple) -> None:
        for resource, n in price:
            getattr(self, resource)[seat] -= n

    # --- effects -------------------------------------------------------------------------------
    def play_adventure(self, seat: int, name: str) -> None:
        """An Item (Place Agents) or Magic (Dungeon Phase) card played from the hand: its cost
        paid, its effect gained, the card discarded."""
        card = self.comp.adventures[self.adventure_id[name]]
        self.adventures[seat].remove(card.id)
        self.adventure_discard.append(card.id)
        self.pay(seat, card.pay)
        self.gain(seat, card.effect)

    def gain(self, seat: int, effect: tuple, vp_part: str = "masters") -> None:
        """Apply an effect's gains in order. ``vp_part`` says which VP source a ``vp`` counts to."""
        for key, n in effect:
            if key in RESOURCES:
                self.take(seat, key, n)
            elif key == "dungeon":
                self.advance(seat, n)
            elif key == "rp":
                self.rp[seat] += n
            elif key == "draw":
                if self.banish_left:                 # Merchant: banish first, then draw
                    self.draw_after_banish += n
                else:
                    self.draw(seat, n)
            elif key == "adventure":
                for _ in range(n):
                    self.draw_adventure(seat)
            elif key == "vp":
                self.add_vp(seat, n, vp_part)
            elif key == "banish":
                self.banish_left += n
            elif key == "garden":
                self.mana[seat] += self.garden
                self.garden = 0
            elif key == "steal":
                self.steal_adventures(seat)
            elif key == "others_discard":
                self.queue_discards(seat, n)
            elif key == "occupied":
                self.may_use_occupied = True
            elif key == "stone_bonus":
                if self.stones[seat]:
                    self.advance(seat, n)
            # "fort" is the Place action's own choice (state.py)

    def advance(self, seat: int, n: int) -> None:
        """Dungeon track: advances past the last space are lost."""
        self.dungeon[seat] = min(self.rules.dungeon_track_length, self.dungeon[seat] + n)

    def add_vp(self, seat: int, n: int, part: str) -> None:
        self.vp[seat] += n
        self.vp_parts[seat][part] += n
        if self.events is not None and n:
            sign = "+" if n > 0 else ""
            self.events.append(f"seat {seat} {sign}{n} VP ({part}) -> {self.vp[seat]}")

    # --- hero cards ------------------------------------------------------------------------------
    def draw(self, seat: int, n: int) -> None:
        """Draw from the top (end) of the deck; an empty deck takes the shuffled discard pile."""
        deck, hand = self.deck[seat], self.hand[seat]
        for _ in range(n):
            if not deck:
                discard = self.discard[seat]
                if not discard:
                    return
                deck.extend(discard)
                discard.clear()
                shuffle_pile(deck, self.comp.hero_keys, self.streams.get(SEAT_DECK_STREAM + seat))
            hand.append(deck.pop())

    def queue_discards(self, seat: int, n: int) -> None:
        """Bastion: every other player, clockwise from ``seat``, discards ``n`` hero cards from
        hand (ruling 8: players with an empty hand are skipped, or lose a random deck card)."""
        for k in range(1, self.n):
            other = (seat + k) % self.n
            for _ in range(n):
                self.pending_discards.append(other)

    # --- adventure cards -------------------------------------------------------------------------
    def draw_adventure(self, seat: int) -> None:
        deck = self.adventure_deck
        if not deck:
            if not (self.rules.adventure_reshuffle and self.adventure_discard):
                return
            deck.extend(self.adventure_discard)
            self.adventure_discard.clear()
            shuffle_pile(deck, self.comp.adventure_keys, self.streams.get(ADVENTURE_STREAM))
        self.adventures[seat].append(deck.pop())

    def steal_adventures(self, seat: int) -> None:
        """Shadow: one random adventure card from each other player owning enough."""
        for k in range(1, self.n):
            other = (seat + k) % self.n
            cards = self.adventures[other]
            if len(cards) >= self.rules.shadow_threshold:
                card = cards.pop(int(self.streams.get(SHADOW_STREAM).random() * len(cards)))
                self.adventures[seat].append(card)
                if self.events is not None:
                    self.events.append(f"seat {seat} takes a random adventure card "
                                       f"from seat {other}")

    # --- guild tracks ----------------------------------------------------------------------------
    def change_power(self, seat: int, guild: int, steps: int) -> None:
        """Move on a guild track. Reaching a level gives its reward at once; the top is the first
        arrival's alone (others stop below it); dropping below a level loses its VP (only VP)."""
        top, levels = self.comp.track_top, self.comp.track_rewards[guild]
        now = self.power[seat][guild]
        cap = top
        holder = self.top_holder[guild]
        if self.rules.exclusive_top and holder not in (-1, seat):
            if self.rules.top_stays_exclusive or self.power[holder][guild] == top:
                cap = top - 1
        new = max(0, min(cap, now + steps))
        if new == now:
            return
        self.power[seat][guild] = new
        if self.events is not None:
            self.events.append(f"seat {seat} {GUILDS[guild]} power {now} -> {new}")
        if new > now:
            best = self.track_best[seat]
            vp_only = self.rules.track_rewards_again == "vp"
            for level in range(now + 1, new + 1):
                reward = levels[level]
                if vp_only and level <= best[guild]:      # reached before: only the lost VP
                    reward = tuple(e for e in reward if e[0] == "vp")
                self.gain(seat, reward, "guild")
            best[guild] = max(best[guild], new)
            if new == top and (holder < 0 or self.power[holder][guild] < top):
                self.top_holder[guild] = seat    # the first at the top, or a holder's successor
        else:
            for level in range(new + 1, now + 1):
                lost = sum(n for key, n in levels[level] if key == "vp")
                if lost:
                    self.add_vp(seat, -lost, "guild")
