"""Attribute actions and Skills: the effects that change dice on a sheet or the alignment token.

One attribute action follows each placed die (Strength flip, Dexterity swap, Constitution +-1,
Intelligence reroll, Wisdom alignment step; Charisma gives a token). Skills reuse the same
effects, after moving the alignment token along the card's arrow (no move possible: no use).
Ruling 5: Skills are offered at fixed windows (before choosing an Initiative card, after placing
a die, before buying, right after buying a Skill). Every effect may be declined with ``Pass``.
"""
from __future__ import annotations

from simulate.games.roll_player import actions as A
from simulate.games.roll_player.components import ALIGNMENT_STEP, DIRECTIONS
from simulate.games.roll_player.streams import SEAT_DICE
from simulate.games.roll_player.phases import (P_EFFECT, P_MARKET, P_SKILL, S_BUY,
                                               S_BUY_AGAIN, S_NEXT_DICE, S_POST_BUY,
                                               S_POST_PLACE, S_PRE_BUY, S_PRE_INIT, S_TURN_END)

FLIP = tuple(A.Flip(s) for s in range(18))
ADJ_UP = tuple(A.Adjust(s, 1) for s in range(18))
ADJ_DOWN = tuple(A.Adjust(s, -1) for s in range(18))
REROLL = tuple(A.Reroll(s) for s in range(18))
SWAP1 = tuple(A.SwapFirst(s) for s in range(18))
SWAP2 = tuple(A.SwapWith(s) for s in range(18))
RAISE = tuple(A.Raise(s) for s in range(18))
STEP = tuple(A.StepAlignment(d) for d in range(8))
TARGET_INIT = tuple(A.TargetInitiative(c + 1) for c in range(8))
KEEP = [A.KeepReroll(True), A.KeepReroll(False)]
INITIATIVE_EFFECTS = ("reroll_initiative", "flip_initiative")
_USE: dict[str, A.UseSkill] = {}
_AFTER_WINDOW = {S_POST_PLACE: S_NEXT_DICE, S_PRE_BUY: S_BUY, S_POST_BUY: S_BUY_AGAIN}


_OCCUPIED: dict = {}


def occupied_spaces(fill: list[int]) -> tuple:
    """The filled spaces in sheet order (cached per row fill)."""
    key = tuple(fill)
    occupied = _OCCUPIED.get(key)
    if occupied is None:
        occupied = _OCCUPIED[key] = tuple(r * 3 + p for r in range(6) for p in range(fill[r]))
    return occupied


class SheetActions:
    """Mixin of ``State``: attribute actions, skill windows and skill effects."""

    def _effect_actions(self, seat: int, kind: str, data: tuple = ()) -> list:
        """The legal choices of an effect for ``seat`` now (empty: nothing it could do)."""
        t = self.t
        if kind == "step":
            cell = t.token[seat]
            dirs = 8 if self.rules.wisdom_step == "king" else 4
            acts = [STEP[d] for d in range(dirs) if ALIGNMENT_STEP[cell][d] >= 0]
        elif kind in INITIATIVE_EFFECTS:
            if t.stage != S_PRE_INIT:             # only before choosing a card
                return []
            acts = [TARGET_INIT[c] for c in range(t.n_cards)
                    if t.init_owner[c] < 0 and t.init_dice[c] is not None]
        elif kind == "diplomacy":
            acts = []
            for other in range(t.n):
                if other == seat:
                    continue
                for cid in t.skills[other]:
                    card = t.comp.cards[cid]
                    effect = card.effect[0]
                    if effect != "diplomacy" and (effect == "gold"
                                                  or self._effect_actions(seat, effect)):
                        acts.append(A.TargetSkill(other, card.name))
        elif kind == "keep":
            return KEEP
        else:
            vals, cols = t.vals[seat], t.cols[seat]
            occupied = occupied_spaces(t.fill[seat])
            if kind == "flip":
                acts = [FLIP[s] for s in occupied if vals[s] <= 6]
            elif kind == "adjust":
                acts = []
                for s in occupied:
                    if vals[s] < 6:
                        acts.append(ADJ_UP[s])
                    if vals[s] > 1:
                        acts.append(ADJ_DOWN[s])
            elif kind == "reroll":
                acts = [REROLL[s] for s in occupied]
            elif kind == "swap":
                # with two different dice on the sheet every die has a partner to swap with
                die = (vals[occupied[0]], cols[occupied[0]]) if occupied else None
                distinct = any((vals[s], cols[s]) != die for s in occupied)
                acts = [SWAP1[s] for s in occupied] if distinct else []
            elif kind == "swap2":
                first = data[0]
                die = (vals[first], cols[first])
                return [SWAP2[s] for s in occupied if (vals[s], cols[s]) != die]
            elif kind == "raise":
                acts = [RAISE[s] for s in occupied if s // 3 == data[0]]
            else:
                raise ValueError(f"unknown effect '{kind}'")
        if acts:
            acts.append(A.PASS)
        return acts

    def _start_effect(self, seat: int, kind: str, source: str, data: tuple = ()) -> bool:
        acts = self._effect_actions(seat, kind, data)
        if not acts:
            return False
        t = self.t
        t.effect, t.effect_source, t.effect_data = kind, source, data
        return self._ask(P_EFFECT, seat, acts)

    def _effect_done(self) -> None:
        self.t.effect = ""
        self._proceed()

    def _apply_effect(self, a) -> None:
        t = self.t
        seat = t.current_seat
        vals, cols = t.vals[seat], t.cols[seat]
        kind = type(a)
        note = ""
        if kind is A.Flip:
            vals[a.space] = 7 - vals[a.space]
        elif kind is A.Adjust:
            vals[a.space] += a.delta
        elif kind is A.Reroll:
            old, new = vals[a.space], self.roll(SEAT_DICE + seat)
            vals[a.space] = new
            note = f" ({old} -> {new})"
            if self.rules.intelligence_reroll == "keep_either" and new != old:
                if self.events is not None:
                    self._log(f"seat {seat} {t.effect_source}: {a!r}{note}")
                self._start_effect(seat, "keep", t.effect_source, (a.space, old, new))
                return
        elif kind is A.KeepReroll:
            space, old, new = t.effect_data
            if not a.keep_new:
                vals[space] = old
        elif kind is A.SwapFirst:
            self._start_effect(seat, "swap2", t.effect_source, (a.space,))
            return
        elif kind is A.SwapWith:
            first, second = t.effect_data[0], a.space
            vals[first], vals[second] = vals[second], vals[first]
            cols[first], cols[second] = cols[second], cols[first]
        elif kind is A.StepAlignment:
            t.token[seat] = ALIGNMENT_STEP[t.token[seat]][a.direction]
        elif kind is A.Raise:
            vals[a.space] += 1
        elif kind is A.TargetInitiative:
            self._change_initiative_die(seat, a.card - 1, t.effect)
        elif kind is A.TargetSkill:
            effect, amount = t.comp.card_by_name[a.name].effect
            if self.events is not None:
                self._log(f"seat {seat} Diplomacy uses {a.name} of seat {a.seat}")
            if effect == "gold":
                t.gold[seat] += amount
            elif self._start_effect(seat, effect, f"Diplomacy/{a.name}"):
                return
        if self.events is not None:
            self._log(f"seat {seat} {t.effect_source}: {a!r}{note}")
        self._effect_done()

    def _change_initiative_die(self, seat: int, card: int, effect: str) -> None:
        """Climb / Intimidate: reroll (the seat's die) or flip a die on an unchosen card, then
        re-order the dice on unchosen cards by the Roll Phase rule (ties keep their order)."""
        t = self.t
        colour, value = t.init_dice[card]
        t.init_dice[card] = (colour, self.roll(SEAT_DICE + seat)
                             if effect == "reroll_initiative" else 7 - value)
        open_cards = [c for c in range(t.n_cards)
                      if t.init_owner[c] < 0 and t.init_dice[c] is not None]
        dice = sorted((t.init_dice[c] for c in open_cards), key=lambda d: d[1])
        for c, die in zip(open_cards, dice):
            t.init_dice[c] = die

    # --- skills ---------------------------------------------------------------------------
    def _usable_skills(self, seat: int) -> list:
        t = self.t
        cards, exhausted, cell = t.comp.cards, t.exhausted[seat], t.token[seat]
        usable = []
        for cid in t.skills[seat]:
            if cid in exhausted:
                continue
            card = cards[cid]
            if ALIGNMENT_STEP[cell][card.arrow] < 0:
                continue                          # the token cannot follow the arrow
            # the ability is optional ("if you want to"): a Skill whose ability has nothing to
            # do now may still be used for its arrow alone
            use = _USE.get(card.name)
            if use is None:
                use = _USE[card.name] = A.UseSkill(card.name)
            usable.append(use)
        return usable

    def _open_window(self, seat: int) -> bool:
        """Offer the seat its usable Skills (or Pass); False when it has none."""
        if not self.t.skills[seat] or not self.rules.skills_usable:
            return False
        usable = self._usable_skills(seat)
        if not usable:
            return False
        usable.append(A.PASS)
        return self._ask(P_SKILL, seat, usable)

    def _apply_use_skill(self, a) -> None:
        t = self.t
        seat = t.current_seat
        card = t.comp.card_by_name[a.name]
        t.token[seat] = ALIGNMENT_STEP[t.token[seat]][card.arrow]
        t.exhausted[seat].append(card.id)
        t.skills_used[seat] += 1
        effect, amount = card.effect
        if self.events is not None:
            self._log(f"seat {seat} uses {a.name}: alignment token moves "
                      f"{DIRECTIONS[card.arrow]}")
        if effect == "gold":
            t.gold[seat] += amount
        elif self._start_effect(seat, effect, a.name):
            return
        self._proceed()

    def _apply_pass(self, a) -> None:
        t = self.t
        phase = t.phase
        if phase == P_EFFECT:                     # an effect declined
            self._effect_done()
            return
        if phase == P_SKILL:                      # the window closes
            if t.stage == S_PRE_INIT:             # -> choose an Initiative card
                self._ask_initiative()
                return
            t.stage = _AFTER_WINDOW[t.stage]
        elif phase == P_MARKET:                   # a Bard declines a second buy
            t.stage = S_TURN_END
        # P_RECALL: the Druid declines; the queue already moved on
        self._proceed()

