"""Roll for Adventure as a state machine: the roll-and-place turn, follow-up choices, the
reveal step and the end of the game. The public table lives in ``self.k`` (a Kingdom); this
object adds the random streams (``self.streams``), the pending choices, the log and the metrics.

Chance: each source draws from its own stream (rules.py: DEAL, DECK, MASTER_PLACE, TERRITORY_DIE,
DICE + seat); a die of the active seat is ``int(self.streams.get(DICE + seat).random() * 6) + 1``.
Tests force dice by swapping ``streams`` for an object whose ``get`` gives a scripted
``random()``.
"""
from __future__ import annotations

from functools import cache
from itertools import repeat
from operator import is_

from simulate.games.base import IllegalActionError, Outcome, look_ahead_copy
from simulate.games.chance import Streams
from simulate.games.roll_for_adventure import enemies, scoring, territories
from simulate.games.roll_for_adventure.actions import (
    CLAIM as CLAIM_ACTION, KEEP, RESURRECTION, AdvanceDie, ClaimIceCave, DefeatEnemy,
    GiveBonusDie, LoseDie, Place, ResetDamage, UsePower)
from simulate.games.roll_for_adventure.heroes import POWERS
from simulate.games.roll_for_adventure.kingdom import (ADVANCE, CLAIM, DEFEAT, GIVE, LOSE, OVER,
                                                       PLACE, RESET, Kingdom, Phase)
from simulate.games.roll_for_adventure.rules import (BONUS_DICE, COLOURS, DICE, HERO_DICE,
                                                     TERRITORIES, Rules)
from simulate.games.roll_for_adventure.territories import FIRST_BONUS
from simulate.games.roll_for_adventure.view import KingdomView

RES = 4             # target codes: 0-3 territories, 4 the Vortex of Resurrection, 5+ enemy cards
MOST = HERO_DICE + BONUS_DICE    # no roll holds more dice


@cache
def place_actions(card_names: tuple) -> tuple[list, dict]:
    """Every Place action as ``table[value][code][m]`` = the placements of 1..m dice, and the
    code of each target name (built once: the legal list is made of these tuples)."""
    targets = TERRITORIES + (RESURRECTION,) + card_names
    table = [[]] + [[tuple(tuple(Place(v, t, c) for c in range(1, m + 1))
                           for m in range(MOST + 1)) for t in targets] for v in range(1, 7)]
    return table, {t: i for i, t in enumerate(targets)}


class State:
    def __init__(self, rules: Rules, n_players: int, rng):
        self.rng = rng                   # the game's generator: it only seeds the streams
        self.streams = Streams(rng)
        self.events: list[str] | None = None
        self.is_over = False
        self.won = False
        self.end_reason = ""
        self.k = k = Kingdom(rules, n_players, enemies.enemy_cards(rules.enemy_ranks))
        self._view = KingdomView(k)      # one read-only window for the game (view.py)
        self.deck: list[int] = []        # the draw deck, hidden; its top card is the LAST item
        self.pending: list[int] = []     # follow-up choices queued, the first is current
        self.turn_over = False           # the Vortex of Resurrection was used this turn
        self._legal: list | None = None
        self._table, self._code = place_actions(k.card_name)
        self._lands = [()] + [tuple(t for t in range(3) if territories.fits_value(rules, t, v))
                              for v in range(1, 7)]
        self.powers = False
        self._no_dice_below = MOST if rules.no_dice_counts_bonus else HERO_DICE
        # metrics
        self.shadow_master_turn: int | None = None
        self.stones_at_shadow_master: int | None = None
        self.enemies_defeated = self.max_oblivion = self.resurrections = self.ice_claims = 0
        self.bonus_dice_given = 0
        self.fallen: list[int] = []      # the territories that fell (territories.fall)
        self.seat_stones = [0] * n_players
        self.seat_defeated = [0] * n_players
        self.seat_placed = [0] * n_players
        self.seat_bonus = [0] * n_players

    # ---- the contract ----------------------------------------------------------------------
    @property
    def current_seat(self) -> int:
        return self.k.active

    @property
    def phase(self) -> Phase:
        return self.k.phase

    def view(self, seat: int) -> KingdomView:
        """Co-op: every seat sees the whole kingdom, through a read-only window."""
        self._view.refresh()
        return self._view

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def clone(self, rng=None):
        """A copy for look-ahead (base.look_ahead_copy); with ``rng`` its streams are fresh,
        without it they go on exactly as the game's."""
        twin = look_ahead_copy(self, rng, (self.k.rules, self._table, self._code, self._lands,
                                           self.k.card_name, self.streams))
        twin.streams = Streams(rng) if rng is not None else self.streams.clone()
        return twin

    def determinize(self, seat: int, rng) -> "State":
        """A look-ahead copy: the hidden deck order redrawn, fresh dice (base.py)."""
        twin = self.clone(rng)
        twin.deck = enemies.redraw_deck(self.k.rules, self.deck, rng)
        return twin

    def assert_invariants(self) -> None:
        k = self.k
        k.check(self.is_over)
        assert self.is_over == (k.phase == OVER)
        assert self.is_over or self.legal_actions(), "no legal action in a running game"
        assert k.phase in (PLACE, OVER) or (self.pending and self.pending[0] == k.phase)
        assert sum(self.seat_stones) == k.stones_total
        cards = k.enemies + k.discard + [c for c in self.deck if c >= 0]
        assert sorted(cards) == list(range(len(k.card_name))), "enemy cards lost or doubled"
        assert k.cards_left == len(self.deck)
        assert self.deck.count(enemies.SHADOW_MASTER) == (not k.shadow_master_out)

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list:
        k = self.k
        phase = k.phase
        if phase == PLACE:
            return self._placements()
        if phase == ADVANCE:
            return [AdvanceDie(x) for x in self._labels(k.desert)]
        if phase == LOSE:
            return [LoseDie(x) for x in self._labels(k.desert_section2)]
        if phase == CLAIM:
            return [CLAIM_ACTION, KEEP]
        if phase == GIVE:
            return [GiveBonusDie(s) for s in k.bonus_eligible]
        if phase == DEFEAT:
            return [DefeatEnemy(k.card_name[c]) for c in k.enemies]
        if phase == RESET:
            return [ResetDamage(land) for t, land in enumerate(TERRITORIES) if k.damage[t]]
        return []

    def _labels(self, dice: list[int]) -> list[str]:
        return list(dict.fromkeys(self.k.die_label(d) for d in dice))

    def _placements(self, counts: list | None = None) -> list:
        """Per value shown and target taking it: Place of 1, 2, ... dice, as many as the roll
        shows and the target's free spaces take (enemies and the vortex take any number)."""
        k = self.k
        if counts is None:
            counts = k.roll_counts()
        k.counts = counts
        acts = []
        table, cards, lands = self._table, k.enemies, self._lands
        rules = k.rules
        ice = k.ice_cave if k.ice_placed < rules.ice_cave_dice_per_turn else None
        for v in range(1, 7):
            n = counts[v]
            if n:
                row = table[v]
                for code in lands[v]:                      # desert, fortress, forest
                    if code == 0:
                        free = rules.desert_section_dice[0] - len(k.desert)
                    elif code == 1:
                        s = k.fortress_subtask[v]
                        if not k.barriers[s]:
                            continue
                        free = rules.fortress_spaces - len(k.fortress[s])
                    else:
                        free = k.forest_boundary - len(k.forest)
                    acts += row[code][n if n < free else free]
                if ice is not None and ice[v - 1] < 0:    # one space per value
                    acts += row[3][1]
                for c in cards:
                    acts += row[5 + c][n]
                acts += row[RES][n]
        if self.powers and not k.power_used:
            hero = k.heroes[k.active]
            if hero:
                acts.extend(POWERS[hero].actions(self, counts))
        return acts

    def apply(self, action) -> None:
        """Play ``action``, one of ``legal_actions()`` (the list is kept until this call, so the
        check costs no second listing; the runner hands back the listed object itself)."""
        legal = self.legal_actions()
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalActionError(f"{action!r} is not a legal action now "
                                     f"(phase {self.k.phase.name.lower()})")
        self._legal = None
        kind = type(action)
        if kind is Place:
            self._place(action)
        elif kind is UsePower:
            self._use_power(action)
        else:
            self._choose(kind, action)

    # ---- placing a roll ----------------------------------------------------------------------
    def _place(self, action: Place) -> None:
        """One value, one target, ``count`` dice: bonus dice first, then ally dice, then own
        dice (the highest die numbers); then the rest of the roll is rolled again."""
        k = self.k
        v, target, n = action
        code = self._code[target]
        face, hand = k.face, k.hand
        dice = []
        for d in hand:
            if face[d] == v:
                dice.append(d)
        if len(dice) != n:
            if len(dice) < n or n < 1:
                raise ValueError(f"{action} but the roll shows {len(dice)} dice of {v}")
            dice.sort(reverse=True)
            del dice[n:]
        for d in dice:
            hand.remove(d)
        self.seat_placed[k.active] += n
        if self.events is not None:
            self.events.append(f"{COLOURS[k.active]} puts {n} x {v} on {target}")
        if code == 0:
            territories.place_desert(self, dice)
        elif code == 1:
            territories.place_fortress(self, dice, k.fortress_subtask[v])
        elif code == 2:
            territories.place_forest(self, dice)
        elif code == 3:
            territories.place_ice_cave(self, dice[0], v)
        elif code == RES:
            self._place_resurrection(dice, v * n)
        else:
            self.place_on_enemy(dice, code - 5, v * n)
        if self.is_over:
            return
        if self.pending:                 # follow-up choices first (as in _after_placement)
            k.phase = self.pending[0]
        elif self.turn_over or not hand:
            self._end_turn()
        else:                            # the hot path: roll the rest and list the placements
            rnd = self.streams.get(DICE + k.active).random
            counts = [0] * 7
            for d in hand:
                face[d] = v = int(rnd() * 6) + 1
                counts[v] += 1
            if self.events is not None:
                self._log_roll()
            acts = self._placements(counts)
            if acts:
                self._legal = acts
            else:                        # nothing fits anywhere: the roll stays on the board
                self._end_turn()

    def place_on_enemy(self, dice: list, card: int, pips: int) -> None:
        k = self.k
        k.enemy_dice[card] += dice
        k.enemy_pips[card] += pips
        if k.enemy_pips[card] >= k.rules.enemy_defeat_pips:
            enemies.defeat(self, card)

    def _place_resurrection(self, dice: list, pips: int) -> None:
        """Placing here ends the turn; 10+ pips free both vortexes: hero dice to their owners,
        ally dice to the active player, bonus dice to the ice cave."""
        k = self.k
        self.turn_over = True
        k.resurrection += dice
        k.resurrection_pips += pips
        if k.resurrection_pips < k.rules.vortex_threshold:
            return
        n, active, boards, holder = k.n_players, k.active, k.boards, k.holder
        for d in k.oblivion + k.resurrection:
            if d >= FIRST_BONUS:
                k.bonus_pool.append(d)
            else:
                colour = d // 5
                holder[d] = colour if colour < n else active
                boards[holder[d]].append(d)
        k.oblivion.clear()
        k.resurrection.clear()
        k.resurrection_pips = 0
        self.resurrections += 1
        if self.events is not None:
            self.events.append("the Vortex of Resurrection frees every lost die")

    def roll_hand(self) -> None:
        rnd, face = self.streams.get(DICE + self.k.active).random, self.k.face
        for d in self.k.hand:
            face[d] = int(rnd() * 6) + 1
        if self.events is not None:
            self._log_roll()

    def _log_roll(self) -> None:
        face = self.k.face
        self.events.append(f"{COLOURS[self.k.active]} rolls "
                           + " ".join(str(face[d]) for d in sorted(self.k.hand)))

    def _after_placement(self) -> None:
        """A placement is over: settle the queued choices, then roll the rest or end the turn."""
        k = self.k
        if self.pending:
            k.phase = self.pending[0]
            return
        if self.turn_over or not k.hand:
            self._end_turn()
            return
        self.roll_hand()
        self._enter_place()

    def _enter_place(self) -> None:
        self.k.phase = PLACE
        acts = self._placements()
        if acts:
            self._legal = acts
        else:                            # nothing fits anywhere: the roll stays on the board
            self._end_turn()

    # ---- follow-up choices -------------------------------------------------------------------
    def _use_power(self, action: UsePower) -> None:
        k = self.k
        k.power_used = True
        if self.events is not None:
            self.events.append(f"{COLOURS[k.active]} uses the {action.hero}'s power: {action}")
        if POWERS[action.hero].use(self, action):
            self._after_placement()
        elif k.hand:
            self._enter_place()
        else:
            self._end_turn()

    def _choose(self, kind, action) -> None:
        k = self.k
        self.pending.pop(0)
        if kind is AdvanceDie:
            territories.desert_move(self, k.desert, k.desert_section2, action.die)
            if len(k.desert_section2) >= k.rules.desert_section_dice[1]:
                self.pending.insert(0, LOSE)
        elif kind is LoseDie:
            territories.desert_move(self, k.desert_section2, k.desert_lost, action.die)
            territories.gain_stone(self, 0)
        elif kind is ClaimIceCave:
            if action.claim:
                territories.claim_ice_cave(self)
        elif kind is GiveBonusDie:
            self.give_bonus(action.seat)
            if k.bonus_pool and k.bonus_eligible:
                self.pending.insert(0, GIVE)
        elif kind is DefeatEnemy:
            enemies.defeat(self, k.card_name.index(action.enemy))
        elif kind is ResetDamage:
            t = TERRITORIES.index(action.territory)
            k.damage[t] = 0 if k.rules.ice_cave_reset == "reset" else k.damage[t] - 1
        else:
            raise ValueError(f"not a Roll for Adventure action: {action!r}")
        if not self.is_over:
            self._after_placement()

    def give_bonus(self, seat: int) -> None:
        k = self.k
        k.boards[seat].append(k.bonus_pool.pop())
        if seat in k.bonus_eligible:
            k.bonus_eligible.remove(seat)
        self.seat_bonus[seat] += 1
        self.bonus_dice_given += 1

    # ---- turns -------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        """Unplaced dice stay on the board; reveal and attack; next players until one can act."""
        k = self.k
        if k.hand:
            k.boards[k.active].extend(k.hand)
            k.hand.clear()
        while True:
            enemies.reveal(self)
            if self.is_over:
                return
            if k.turn >= k.rules.max_turns:
                self.finish(False, "turn_limit")
                return
            k.active = (k.active + 1) % k.n_players
            k.turn += 1
            if self.start_turn():
                return

    def start_turn(self) -> bool:
        """Begin the active player's turn; False if they have nothing to place."""
        k = self.k
        k.ice_placed = 0
        k.power_used = False
        self.turn_over = False
        for board in k.boards:           # ruling 9: bonus dice do not count (a Rules field)
            if board and min(board) < self._no_dice_below:
                break
        else:
            self.finish(False, "no_dice")
            return True
        board = k.boards[k.active]
        if not board:
            return False                 # a turn without dice still reveals a card
        k.hand, k.boards[k.active] = board, k.hand
        self.roll_hand()
        k.phase = PLACE
        acts = self._placements()
        if acts:
            self._legal = acts
            return True
        k.boards[k.active], k.hand = board, k.boards[k.active]   # the roll stays on the board
        return False

    def finish(self, won: bool, reason: str) -> None:
        self.is_over, self.won, self.end_reason = True, won, reason
        self.k.phase = OVER
        self._legal = []
        if self.events is not None:
            self.events.append(f"game over: {'won' if won else 'lost'} ({reason})")
