"""The Market Phase and the Cleanup Phase.

Market order is the Initiative card order (lowest first). A player buys one card (paying Gold,
a held Charisma token paying 1 of it: using it is never worse, so it is always used), or discards
one for 2 Gold. Weapons: at most ``weapon_hands`` hands, buying beyond discards an owned weapon.
Traits move the alignment token along their arrow when they can (the purchase stands if not);
a bought Skill may be used at once. Bard: a second purchase (never a discard). Druid: before
the Market Phase, one card from the discard pile back into the Market.
"""
from __future__ import annotations

from simulate.games.grants import is_paid, take_one, unknown_entry
from simulate.games.roll_player import actions as A
from simulate.games.roll_player.components import ALIGNMENT_STEP, load_components
from simulate.games.roll_player.phases import (P_MARKET, P_RECALL, S_BUY, S_BUY_AGAIN, S_DRUID,
                                               S_MARKET_TURN, S_POST_BUY, S_PRE_BUY, S_ROLL,
                                               S_TURN_END, Phase)

_CARDS = load_components().cards
BUY = tuple(A.Buy(c.name) for c in _CARDS)
DISCARD = tuple(A.DiscardForGold(c.name) for c in _CARDS)
RECALL = tuple(A.Recall(c.name) for c in _CARDS)
OWNED = {"weapon": "weapons", "armor": "armor", "skill": "skills", "trait": "traits"}


class MarketFlow:
    """Mixin of ``State``: the Market deck, the Market Phase and the Cleanup Phase."""

    # --- the deck -----------------------------------------------------------------------
    def _setup_market(self, grant=None) -> None:
        """Single-dot pile on top of the double-dot pile, after set-up discards from each; a
        granted card goes to its seat before the Market is dealt."""
        t = self.t
        cards = t.comp.cards
        out = set(t.comp.removed)                  # a study's removals: not in the box
        self.removed = sorted(out)
        piles = [[c.id for c in cards if c.dots == 1 and c.id not in out],
                 [c.id for c in cards if c.dots == 2 and c.id not in out]]
        if t.solo:                                 # solo: Diplomacy is removed from the game
            for pile in piles:
                for cid in pile:
                    if cards[cid].effect[0] == "diplomacy":
                        pile.remove(cid)
                        t.trashed.append(cid)
        k = self.rules.market_setup_discards[t.n - 1]
        for pile in piles:                         # keyed: a removed card is only skipped
            self.shuffle(pile, t.comp.shuffle_keys.cards, self.market_seed())
            t.discard.extend(pile[:k])
            del pile[:k]
        if self.events is not None and t.discard:  # face up: the Druid may recall them
            self._log("set-up discards: " + ", ".join(t.comp.cards[c].name for c in t.discard))
        self.deck = piles[1] + piles[0]            # the top of the deck is the end
        self.grant_price = [0] * t.n               # a paid grant's cost, out of starting Gold
        if grant is not None:
            self._give_granted(grant)
        self._fill_market()

    def _give_granted(self, grant) -> None:
        """The seat starts owning the card (RULES.md, "Granted cards"), taken from the deck or
        the set-up discards: as if bought, but for free, its Trait arrow moving the alignment
        token from the centre; a weapon's raise on buying is not given (no die on the sheet).
        Paid (``pay = true``): its cost comes off the seat's starting Gold (setup.py)."""
        t = self.t
        card = t.comp.card_by_name.get(grant[1])
        if card is None:
            raise unknown_entry(grant, [c.name for c in t.comp.cards])
        any(take_one(pile, card.id) for pile in (self.deck, t.discard, t.trashed))
        seat = grant[2]
        if is_paid(grant):
            self.grant_price[seat] = card.cost
        getattr(t, OWNED[card.type])[seat].append(card.id)
        if card.type == "trait":
            cell = ALIGNMENT_STEP[t.token[seat]][card.arrow]
            if cell >= 0:
                t.token[seat] = cell

    def _draw_card(self) -> int | None:
        t = self.t
        if not self.deck:
            if not t.discard:
                return None
            self.deck, t.discard = t.discard, []
            self.shuffle(self.deck, t.comp.shuffle_keys.cards, self.market_seed())
            t.market_reshuffles += 1
            if self.events is not None:
                self._log("the Market discard pile is shuffled into a new deck")
        return self.deck.pop()

    def _fill_market(self) -> None:
        t = self.t
        for _ in range(t.n_cards):
            cid = self._draw_card()
            if cid is None:
                break
            t.market.append(cid)
        t.deck_size = len(self.deck)
        if self.events is not None:
            self._log("Market: " + ", ".join(t.comp.cards[c].name for c in t.market))

    # --- Market Phase -------------------------------------------------------------------
    def _begin_market(self) -> None:
        t = self.t
        t.market_order = [s for s in t.init_owner if s >= 0]
        if not self.rules.final_round_market and all(sum(f) == 18 for f in t.fill):
            t.market_order = []
        t.druid_queue = ([s for s in t.market_order if t.is_class(s, "Druid")]
                         if self.rules.druid_recall else [])
        t.market_idx = 0
        t.stage = S_DRUID

    def _stage_druid(self) -> bool:
        t = self.t
        while t.druid_queue:
            seat = t.druid_queue.pop(0)
            if t.discard:
                seen = sorted(set(t.discard))
                return self._ask(P_RECALL, seat, [RECALL[c] for c in seen] + [A.PASS])
        t.stage = S_MARKET_TURN
        return False

    def _apply_recall(self, a) -> None:
        t = self.t
        cid = t.comp.card_by_name[a.name].id
        t.discard.remove(cid)
        t.market.append(cid)
        if self.events is not None:
            self._log(f"seat {t.current_seat} (Druid) recalls {a.name} to the Market")
        self._proceed()

    def _stage_market_turn(self) -> bool:
        t = self.t
        if t.market_idx >= len(t.market_order):
            return self._cleanup()
        t.turn_seat = seat = t.market_order[t.market_idx]
        if self._hooks[seat] is not None:
            self._hooks[seat](self, seat, "before_buy")
        t.purchases = 0
        t.bought_skill = False
        t.stage = S_PRE_BUY
        return False

    def _stage_pre_buy(self) -> bool:
        if self._open_window(self.t.turn_seat):
            return True
        self.t.stage = S_BUY
        return False

    def buy_actions(self, seat: int) -> list:
        """Affordable purchases: Gold plus a held Charisma token; weapons within the hands."""
        t, rules = self.t, self.rules
        cards = t.comp.cards
        budget = t.gold[seat] + (rules.charisma_token_value if t.charisma[seat] else 0)
        hands = sum(cards[w].hands for w in t.weapons[seat])
        acts = []
        for cid in t.market:
            card = cards[cid]
            if card.cost > budget:
                continue
            if card.type != "weapon" or hands + card.hands <= rules.weapon_hands:
                acts.append(BUY[cid])
            else:
                for w in t.weapons[seat]:
                    if hands - cards[w].hands + card.hands <= rules.weapon_hands:
                        acts.append(A.Buy(card.name, cards[w].name))
        return acts

    def _stage_buy(self) -> bool:
        t = self.t
        seat = t.turn_seat
        if not t.market:                           # ruling 6: an empty Market, nothing happens
            t.stage = S_TURN_END
            return False
        acts = self.buy_actions(seat)
        if t.purchases == 0:
            acts.extend(DISCARD[cid] for cid in t.market)
        elif acts:
            acts.append(A.PASS)
        else:
            t.stage = S_TURN_END
            return False
        return self._ask(P_MARKET, seat, acts)

    def _apply_buy(self, a) -> None:
        t, rules = self.t, self.rules
        seat = t.current_seat
        card = t.comp.card_by_name[a.name]
        cost = card.cost
        token = t.charisma[seat] > 0 and cost > 0
        if token:
            t.charisma[seat] -= 1
            t.charisma_used[seat] += 1
            cost = max(0, cost - rules.charisma_token_value)
        t.gold[seat] -= cost
        t.market.remove(card.id)
        if a.replacing:
            old = t.comp.card_by_name[a.replacing].id
            t.weapons[seat].remove(old)
            t.discard.append(old)
        getattr(t, OWNED[card.type])[seat].append(card.id)
        t.purchases += 1
        t.cards_bought[seat].append(card.name)
        if self.events is not None:
            self._log(f"seat {seat} buys {card.name} for {cost} Gold"
                      + (" and a Charisma token" if token else "") + f" (left {t.gold[seat]})")
        if card.type == "trait":
            cell = ALIGNMENT_STEP[t.token[seat]][card.arrow]
            if cell >= 0:                          # the purchase stands if the token can't move
                t.token[seat] = cell
        elif card.type == "skill":
            t.bought_skill = True
        t.stage = S_POST_BUY
        if card.on_buy and self._start_effect(seat, "raise", card.name, (card.on_buy[1],)):
            return
        self._proceed()

    def _apply_discard(self, a) -> None:
        t = self.t
        seat = t.current_seat
        cid = t.comp.card_by_name[a.name].id
        t.market.remove(cid)
        t.discard.append(cid)
        t.gold[seat] += self.rules.discard_gold
        t.discards_for_gold[seat] += 1
        if self.events is not None:
            self._log(f"seat {seat} discards {a.name} for {self.rules.discard_gold} Gold")
        t.stage = S_TURN_END
        self._proceed()

    def _stage_post_buy(self) -> bool:
        t = self.t
        if t.bought_skill and self._open_window(t.turn_seat):
            return True
        t.stage = S_BUY_AGAIN
        return False

    def _stage_buy_again(self) -> bool:
        t = self.t
        t.bought_skill = False
        bard = t.is_class(t.turn_seat, "Bard") and t.purchases < self.rules.bard_purchases
        t.stage = S_BUY if bard else S_TURN_END
        return False

    def _stage_turn_end(self) -> bool:
        t = self.t
        t.market_idx += 1                          # the Initiative card goes back to the row
        t.stage = S_MARKET_TURN
        return False

    # --- Cleanup Phase ------------------------------------------------------------------
    def _cleanup(self) -> bool:
        t, rules = self.t, self.rules
        for seat in range(t.n):
            if self._hooks[seat] is not None:
                self._hooks[seat](self, seat, "cleanup")
            t.charisma[seat] = 0
            exhausted = t.exhausted[seat]
            del exhausted[:rules.skill_refresh_per_cleanup]
        for c in range(t.n_cards):
            if t.init_dice[c] is not None:
                t.bag[t.init_dice[c][0]] += 1
                t.init_dice[c] = None
        t.discard.extend(t.market)
        t.market = []
        if all(sum(f) == 18 for f in t.fill):       # every sheet is full: the game ends
            t.is_over = self.is_over = True
            t.phase = Phase.OVER
            self._legal = []
            if self.events is not None:
                self._log(f"game over after round {t.round}")
            return True
        self._fill_market()
        for c in range(1, t.n_cards - 1):
            if t.init_gold[c] == 0:
                t.init_gold[c] = rules.initiative_gold
        t.start_player = (t.start_player + 1) % t.n
        t.stage = S_ROLL
        return False
