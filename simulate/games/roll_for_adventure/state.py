"""Roll for Adventure as a state machine: the roll-and-place turn, follow-up choices, the
reveal step and the end of the game. The public table lives in ``self.k`` (a Kingdom); this
object adds the dice (``self.rng``), the pending choices, the log and the metrics.

Chance: every die is ``int(self.rng.random() * 6) + 1``; tests force dice by swapping ``rng``
for an object with a scripted ``random()``.
"""
from __future__ import annotations

from functools import cache

from simulate.games.base import Outcome
from simulate.games.roll_for_adventure import enemies, metrics, territories
from simulate.games.roll_for_adventure.actions import (
    CLAIM as CLAIM_ACTION, END_PLACEMENT, KEEP, RESURRECTION, AdvanceDie, ClaimIceCave,
    DefeatEnemy, EndPlacement, GiveBonusDie, LoseDie, Place, ResetDamage, UsePower)
from simulate.games.roll_for_adventure.heroes import POWERS
from simulate.games.roll_for_adventure.kingdom import (ADVANCE, CLAIM, CONTINUE, DEFEAT, GIVE,
                                                       LOSE, OVER, PLACE, RESET, Kingdom)
from simulate.games.roll_for_adventure.rules import COLOURS, HERO_DICE, TERRITORIES, Rules
from simulate.games.roll_for_adventure.territories import FIRST_BONUS, give_all_back, give_back

RES = 4             # target codes: 0-3 territories, 4 the Vortex of Resurrection, 5+ enemy cards


@cache
def place_actions(card_names: tuple) -> tuple[list, dict]:
    """Every Place action, ``table[value][code]``, and the code of each target name."""
    targets = TERRITORIES + (RESURRECTION,) + card_names
    table = [[]] + [[Place(v, t) for t in targets] for v in range(1, 7)]
    return table, {t: i for i, t in enumerate(targets)}


class State:
    def __init__(self, rules: Rules, n_players: int, rng):
        self.rng = rng
        self.events: list[str] | None = None
        self.is_over = False
        self.won = False
        self.end_reason = ""
        self.k = k = Kingdom(rules, n_players, enemies.enemy_cards(rules.enemy_ranks))
        self.deck: list[int] = []        # the draw deck, hidden; its top card is the LAST item
        self.pending: list[int] = []     # follow-up choices queued, the first is current
        self.turn_over = False           # the Vortex of Resurrection was used this turn
        self._legal: list | None = None
        self._table, self._code = place_actions(k.card_name)
        self.powers = False
        # metrics
        self.shadow_master_turn: int | None = None
        self.stones_at_shadow_master: int | None = None
        self.enemies_defeated = self.max_oblivion = self.resurrections = self.ice_claims = 0
        self.bonus_dice_given = 0
        self.seat_stones = [0] * n_players
        self.seat_defeated = [0] * n_players
        self.seat_placed = [0] * n_players
        self.seat_bonus = [0] * n_players

    # ---- the contract ----------------------------------------------------------------------
    @property
    def current_seat(self) -> int:
        return self.k.active

    def view(self, seat: int) -> Kingdom:
        return self.k                    # co-op: everything is visible; read-only

    def outcome(self) -> Outcome:
        return metrics.outcome(self)

    def assert_invariants(self) -> None:
        k = self.k
        k.check(self.is_over)
        assert self.is_over == (k.phase == OVER)
        assert self.is_over or self.legal_actions(), "no legal action in a running game"
        assert k.phase in (PLACE, CONTINUE, OVER) or (self.pending and self.pending[0] == k.phase)
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
        if phase == CONTINUE:
            return [k.batch, END_PLACEMENT]
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

    def _placements(self) -> list:
        k = self.k
        rules = k.rules
        counts = [0] * 7
        face = k.face
        for d in k.hand:
            counts[face[d]] += 1
        acts = []
        table, cards = self._table, k.enemies
        desert_value, subtask, forest_values = rules.desert_value, k.fortress_subtask, rules.forest_values
        ice_ok = k.ice_placed < rules.ice_cave_dice_per_turn
        for v in range(1, 7):
            if counts[v]:
                row = table[v]
                if v == desert_value:
                    acts.append(row[0])
                s = subtask.get(v)
                if s is not None and k.barriers[s] and len(k.fortress[s]) < rules.fortress_spaces:
                    acts.append(row[1])
                if v in forest_values:
                    acts.append(row[2])
                if ice_ok and k.ice_cave[v - 1] < 0:
                    acts.append(row[3])
                for c in cards:
                    acts.append(row[5 + c])
                acts.append(row[RES])
        if self.powers and not k.power_used:
            hero = k.heroes[k.active]
            if hero:
                acts.extend(POWERS[hero].actions(self, counts))
        return acts

    def apply(self, action) -> None:
        self._legal = None
        kind = type(action)
        if kind is Place:
            self._place(action)
        elif kind is EndPlacement:
            self.k.batch = None
            self._close_batch()
        elif kind is UsePower:
            self._use_power(action)
        else:
            self._choose(kind, action)

    # ---- placing a roll ----------------------------------------------------------------------
    def _place(self, action: Place) -> None:
        k = self.k
        v = action.value
        code = self._code[action.target]
        face, hand = k.face, k.hand
        die = -1
        for d in hand:                   # bonus dice first, then ally dice, then own dice
            if face[d] == v and d > die:
                die = d
        hand.remove(die)
        self.seat_placed[k.active] += 1
        if self.events is not None:
            self.events.append(f"{COLOURS[k.active]} puts a {v} on {action.target}")
        if code == 0:
            done = territories.place_desert(self, die)
        elif code == 1:
            done = territories.place_fortress(self, die, k.fortress_subtask[v])
        elif code == 2:
            done = territories.place_forest(self, die)
        elif code == 3:
            done = territories.place_ice_cave(self, die, v)
        elif code == RES:
            done = self._place_resurrection(die, v)
        else:
            done = self.place_on_enemy(die, code - 5, v)
        if self.is_over:
            return
        if not done:                     # another die of the same value may follow
            for d in hand:
                if face[d] == v:
                    k.batch = action
                    k.phase = CONTINUE
                    return
        k.batch = None
        self._close_batch()

    def place_on_enemy(self, die: int, card: int, pips: int) -> bool:
        k = self.k
        k.enemy_dice[card].append(die)
        k.enemy_pips[card] += pips
        if k.enemy_pips[card] >= k.rules.enemy_defeat_pips:
            enemies.defeat(self, card)
            return True
        return False

    def _place_resurrection(self, die: int, value: int) -> bool:
        """Placing here ends the turn; 10+ pips free both vortexes: hero dice to their owners,
        ally dice to the active player, bonus dice to the ice cave."""
        k = self.k
        self.turn_over = True
        k.resurrection.append(die)
        k.resurrection_pips += value
        if k.resurrection_pips < k.rules.vortex_threshold:
            return False
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
        return True

    def roll_hand(self) -> None:
        rnd, face = self.rng.random, self.k.face
        for d in self.k.hand:
            face[d] = int(rnd() * 6) + 1
        if self.events is not None:
            self.events.append(f"{COLOURS[self.k.active]} rolls "
                               + " ".join(str(face[d]) for d in sorted(self.k.hand)))

    def _close_batch(self) -> None:
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
            self._close_batch()
        elif k.hand:
            self._enter_place()
        else:
            self._end_turn()

    def _choose(self, kind, action) -> None:
        k = self.k
        self.pending.pop(0)
        if kind is AdvanceDie:
            self._desert_move(k.desert, k.desert_section2, action.die)
            if len(k.desert_section2) >= k.rules.desert_section_dice[1]:
                self.pending.insert(0, LOSE)
        elif kind is LoseDie:
            self._desert_move(k.desert_section2, k.desert_lost, action.die)
            territories.gain_stone(self, 0)
        elif kind is ClaimIceCave:
            if action.claim:
                self._claim_ice_cave()
        elif kind is GiveBonusDie:
            self._give_bonus(action.seat)
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
            self._close_batch()

    def _desert_move(self, section: list, onward: list, label: str) -> None:
        """The chosen die moves on; the others in the section go back to their owners."""
        k = self.k
        die = next(d for d in reversed(section) if k.die_label(d) == label)
        section.remove(die)
        onward.append(die)
        give_all_back(k, section)
        if self.events is not None:
            self.events.append(f"desert: the {label} die moves on")

    def _claim_ice_cave(self) -> None:
        """Claim: the cave's dice go home; each player with a die there gets a bonus die; 5+ dice
        also defeat an enemy, 6 also reset a territory's damage."""
        k = self.k
        row = [d for d in k.ice_cave if d >= 0]
        size = len(row)
        eligible = sorted({k.holder[d] for d in row if d < HERO_DICE})
        for d in row:
            give_back(k, d)
        k.ice_cave[:] = [-1] * 6
        self.ice_claims += 1
        if self.events is not None:
            self.events.append(f"the ice cave's {size} dice are claimed")
        if len(k.bonus_pool) >= len(eligible):
            for s in eligible:
                self._give_bonus(s)
        elif k.bonus_pool:
            k.bonus_eligible = eligible
            self.pending.append(GIVE)
        rewards = k.rules.ice_cave_rewards
        if size >= rewards[1] and k.enemies:
            self.pending.append(DEFEAT)
        if size >= rewards[2] and any(k.damage):
            self.pending.append(RESET)

    def _give_bonus(self, seat: int) -> None:
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
        k.batch = None
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
        if not any(d < HERO_DICE for board in k.boards for d in board):   # ruling 9
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
        board.extend(k.hand)
        k.hand.clear()
        return False

    def finish(self, won: bool, reason: str) -> None:
        self.is_over, self.won, self.end_reason = True, won, reason
        self.k.phase = OVER
        self._legal = []
        if self.events is not None:
            self.events.append(f"game over: {'won' if won else 'lost'} ({reason})")
