"""Paying and gaining: the claims a roll allows, what each claim gives, rewards that ask a
choice (treasure maps, bonus cards) and attaching artifacts to equipment cards.

A claim set pays iff its summed need (artifacts of one excavation pooled, less the seat's
discount markers there) fits in the dice and the missing symbols are at most the clocks spent
(``dice.fewest_clocks``). Only the target spot of an expedition pays, and only if every symbol
from the marker to it is paid (all or nothing).
"""
from __future__ import annotations

from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.actions import EXCAVATION_SPOT, EXPEDITION_SPOT
from simulate.games.risky_adventure.components import EXCAVATIONS, TYPES
from simulate.games.risky_adventure.dice import fewest_clocks

INACTIVE = 1 << 30
NEEDS_ARTIFACT = ("discount_b", "bonus_a", "bonus_b")     # kinds working once one is attached
NO_MARKERS = ((0, 0, 0), ())
NONE_ANYWHERE = (NO_MARKERS,) * len(EXCAVATIONS)
_SUBSETS: dict = {}


def subsets(placed: tuple) -> list:
    """Every (mask, spots) subset of the placed spots, the empty one first (cached)."""
    found = _SUBSETS.get(placed)
    if found is None:
        found = _SUBSETS[placed] = [
            (mask, tuple(s for i, s in enumerate(placed) if mask >> i & 1))
            for mask in range(1 << len(placed))]
    return found


class Claims:
    # --- what the seat can pay with ---------------------------------------------------------
    def markers(self, seat: int) -> tuple:
        """Per excavation: (fixed extra symbols, choice markers) of the seat's working discount
        cards (Discount A: one shown symbol per own turn, ruling 4; Discount B: its symbol).
        Constant within a turn (effects start next turn), so kept per (seat, turn)."""
        key, found = self._markers
        if key == (seat, self.turn):
            return found
        found = self._find_markers(seat)
        self._markers = ((seat, self.turn), found)
        return found

    def _find_markers(self, seat: int) -> tuple:
        equipment, active_from, turn = self.comp.equipment, self.active_from[seat], self.turn
        both = self.rules.discount_a_symbols == 2
        out = None
        for c in self.equipment[seat]:
            card = equipment[c]
            if card.kind[:8] != "discount" or active_from[c] > turn:
                continue
            if out is None:
                out = [[[0, 0, 0], []] for _ in EXCAVATIONS]
            fixed, choices = out[card.excavations[0]]
            if card.kind == "discount_b" or both:
                for s in card.shows:
                    fixed[s] += 1
            else:
                choices.append(card.shows)
        if out is None:
            return NONE_ANYWHERE
        return tuple((tuple(f), tuple(c)) for f, c in out)

    def path_need(self, seat: int, target: int) -> tuple:
        """Symbols of every expedition spot from the seat's marker to ``target``."""
        need = [0, 0, 0]
        for spot in self.comp.expeditions[self.expedition].spots[self.positions[seat]:target]:
            need[spot.symbol] += 1
        return tuple(need)

    def spot_need(self, seat: int, spot: int) -> tuple:
        if spot >= EXPEDITION_SPOT:
            return self.path_need(seat, spot - EXPEDITION_SPOT)
        if spot >= EXCAVATION_SPOT:
            return self.comp.artifacts[self.spot_artifact(spot)].need
        return self.comp.equipment[self.camp[spot]].need

    def spot_artifact(self, spot: int) -> int:
        e, depth = divmod(spot - EXCAVATION_SPOT, 3)
        stack = self.excavations[e]
        return stack[len(stack) - 1 - depth]

    def legal_claims(self) -> list:
        """Every subset of the placed spots the roll can pay (with the fewest clocks), each
        with and without the clock trade; the empty claim is always legal."""
        seat, rules, roll, placed = self.current_seat, self.rules, self.roll, self.placed
        clocks = min(self.clocks[seat], rules.max_clocks_per_turn)
        markers = self.markers(seat)
        needs = [self.spot_need(seat, s) for s in placed]
        dice, once, trade_dice = rules.dice, rules.die_pays_once, rules.trade_dice
        # spent clocks go back to the camp first, so they can feed the trade of the same turn
        supply = self.clock_supply if rules.supply_limited else dice
        max_trades = rules.trades_per_turn if supply + clocks > 0 else 0
        plain = once and markers[0] is markers[1] is markers[2]    # no discount markers at all
        out = []
        f, m, p = roll
        for mask, spots in subsets(placed):
            if plain:                                  # fast path: summed need, deficit
                nf = nm = np = 0
                for i, n in enumerate(needs):
                    if mask >> i & 1:
                        nf += n[0]
                        nm += n[1]
                        np += n[2]
                spare = dice - nf - nm - np
                if spare < 0:
                    continue
                cost = (nf > f and nf - f) + (nm > m and nm - m) + (np > p and np - p)
                if cost > clocks:
                    continue
                for trades in range(min(max_trades, spare // trade_dice) + 1):
                    if trades and supply + cost == 0:
                        break
                    out.append(A.Claim(spots, cost, trades))
                continue
            parts, pooled = [], {}
            for i, s in enumerate(placed):
                if mask >> i & 1:
                    if EXCAVATION_SPOT <= s < EXPEDITION_SPOT:
                        e = (s - EXCAVATION_SPOT) // 3
                        old = pooled.get(e, (0, 0, 0))
                        pooled[e] = tuple(old[k] + needs[i][k] for k in range(3))
                    else:
                        parts.append(needs[i])
            pools = [(need, *markers[e]) for e, need in pooled.items()]
            for trades in range(max_trades + 1):
                cost = fewest_clocks(roll, parts, pools, dice, trades * trade_dice, once)
                if cost > clocks or trades and supply + cost == 0:
                    break
                out.append(A.Claim(spots, cost, trades))
        return out

    # --- gaining -------------------------------------------------------------------------------
    def gain_clocks(self, seat: int, k: int) -> None:
        if self.rules.supply_limited:                 # ruling 6: what is not there is lost
            k = min(k, self.clock_supply)
            self.clock_supply -= k
        if self.owed[seat]:                           # a paid grant's debt is paid first
            repaid = min(k, self.owed[seat])
            self.owed[seat] -= repaid
            k -= repaid
            if self.rules.supply_limited:
                self.clock_supply += repaid
        self.tally[seat]["clocks_gained"] += k        # what the seat keeps
        self.clocks[seat] += k

    def _triggers(self, seat: int, kind: str, test) -> int:
        """Working bonus cards of ``kind`` whose trigger matches."""
        equipment, active_from, turn = self.comp.equipment, self.active_from[seat], self.turn
        return sum(1 for c in self.equipment[seat]
                   if equipment[c].kind == kind and active_from[c] <= turn and test(equipment[c]))

    def _apply_claim(self, action: A.Claim) -> None:
        seat, rules = self.current_seat, self.rules
        if action.clocks:                              # clocks go back to the camp
            self.clocks[seat] -= action.clocks
            self.tally[seat]["clocks_spent"] += action.clocks
            if rules.supply_limited:
                self.clock_supply += action.clocks
        artifacts = [self.spot_artifact(s) for s in action.spots
                     if EXCAVATION_SPOT <= s < EXPEDITION_SPOT]
        for s in action.spots:
            if s < EXCAVATION_SPOT:
                self._take_card(seat, s)
            elif s >= EXPEDITION_SPOT:
                self._advance(seat, s - EXPEDITION_SPOT)
        for a in artifacts:
            self._take_artifact(seat, a)
        if artifacts:
            self.refresh_revealed()
        for _ in range(action.trades):
            self.tally[seat]["trades"] += 1
            self.gain_clocks(seat, 1)
        if self.events is not None and (action.spots or action.trades):
            self._log(f"seat {seat}: fame {self.fame[seat]}, clocks {self.clocks[seat]}")
        self._continue()

    def _take_card(self, seat: int, space: int) -> None:
        card = self.camp[space]
        self.camp[space] = -1
        self.equipment[seat].append(card)
        kind = self.comp.equipment[card].kind
        needs_artifact = kind in NEEDS_ARTIFACT
        self.active_from[seat][card] = INACTIVE if needs_artifact else self.turn + 1
        if self.events is not None:
            self._log(f"seat {seat} takes {self.comp.equipment[card].id}")

    def _take_artifact(self, seat: int, a: int) -> None:
        e = next(i for i, stack in enumerate(self.excavations) if a in stack)
        self.excavations[e].remove(a)
        art = self.comp.artifacts[a]
        self.artifacts[seat].append(a)
        self.fame[seat] += art.fame
        self.parts[seat]["artifacts"] += art.fame
        self.free_types[seat][art.type] += 1
        self.fresh[art.type] += 1
        if art.clock:
            self.gain_clocks(seat, 1)
        self.pending_bonus += self._triggers(seat, "bonus_b", lambda c: e in c.excavations)
        if self.events is not None:
            self._log(f"seat {seat} finds {art.id} ({TYPES[art.type]}, {art.fame} fame"
                      f"{', a clock' if art.clock else ''}) in the {EXCAVATIONS[e]}")

    def _advance(self, seat: int, target: int) -> None:
        board = self.comp.expeditions[self.expedition]
        tally = self.tally[seat]
        tally["expedition_spots"] += target - self.positions[seat]
        self.positions[seat] = target
        spot = board.spots[target - 1]                 # only the target spot pays
        if spot.reward == "clock":
            self.gain_clocks(seat, 1)
        elif spot.reward == "fame":
            self.fame[seat] += spot.fame
            self.parts[seat]["expeditions"] += spot.fame
        else:
            if self.wild_supply > 0 or not self.rules.supply_limited:
                self.wild_supply -= self.rules.supply_limited
                self.wilds[seat] += 1
                self.free_wilds[seat] += 1
                self.fresh[3] += 1
            self.pending_maps += 1
        self.pending_bonus += self._triggers(seat, "bonus_a", lambda c: c.trigger == spot.reward)
        if target == len(board.spots):
            self.reached_end = True
            tally["expeditions_finished"] += 1
        if self.events is not None:
            self._log(f"seat {seat} reaches {board.name} spot {target} ({spot.reward}"
                      f"{' ' + str(spot.fame) if spot.fame else ''})")

    def _apply_take_map(self, action: A.TakeMap) -> None:
        seat = self.current_seat
        m = self.map_deck.pop() if action.slot < 0 else self.maps_face_up.pop(action.slot)
        self.maps[seat].append(m)
        if action.slot >= 0:
            self.maps_seen[seat].append(m)        # taken from the display: everyone saw it
        self.pending_maps -= 1
        self._continue()

    def _apply_bonus(self, action: A.TakeBonus) -> None:
        seat, rules = self.current_seat, self.rules
        if action.reward == "fame":
            self.fame[seat] += rules.bonus_fame
            self.parts[seat]["bonus"] += rules.bonus_fame
        else:
            self.gain_clocks(seat, rules.bonus_clocks)
        self.pending_bonus -= 1
        self._continue()

    # --- activating equipment ----------------------------------------------------------------
    def activation_options(self, seat: int) -> list:
        """Cards still needing an artifact, with an artifact of their type or a wild to attach
        (ruling 5: one gained this turn may be attached at once, unless the rule says not)."""
        out = []
        same_turn = self.rules.artifact_activates_same_turn
        for c in self.equipment[seat]:
            if self.active_from[seat][c] != INACTIVE:
                continue
            t = self.comp.equipment[c].activation
            typed = self.free_types[seat][t] - (0 if same_turn else self.fresh[t])
            wild = self.free_wilds[seat] - (0 if same_turn else self.fresh[3])
            if typed > 0:
                out.append(A.Activate(c, False))
            if wild > 0:
                out.append(A.Activate(c, True))
        return out

    def _apply_activate(self, action: A.Activate) -> None:
        seat = self.current_seat
        if action.wild:
            self.free_wilds[seat] -= 1
            self.attached[seat].append((action.card, -1))
        else:
            t = self.comp.equipment[action.card].activation
            self.free_types[seat][t] -= 1
            self.attached[seat].append((action.card, t))
        self.active_from[seat][action.card] = self.turn + 1   # ruling 5: from the next turn
        self._continue()
