"""Roll Player's state machine: set-up and the round flow (Roll, Dice, Market, Cleanup).

Everything on the table (public) lives in ``Table``; the ``State`` adds what nobody may see: the
random streams (streams.py: one per source of chance) and the order of the face-down Market
deck. ``view(seat)`` hands strategies a read-only window on the table (view.py; backstory and
alignment cards lie face up on the sheets, so nothing else is hidden).
The turn flow is a list of stages: ``_proceed`` runs stage handlers until one asks a decision
(``_ask`` sets the phase, the deciding seat and the legal list, computed once).
"""
from __future__ import annotations

import random

from simulate.games.base import ConfigError, IllegalActionError, canonical_shuffle, look_ahead_copy
from simulate.games.chance import Streams, keyed_shuffle, shuffle_seed, stream_seed
from simulate.games.roll_player import actions as A
from simulate.games.roll_player import streams as P
from simulate.games.roll_player.components import ATTRIBUTES, COLOURS, GOLD
from simulate.games.roll_player.market import MarketFlow
from simulate.games.roll_player.phases import *  # noqa: F403 (phase and stage numbers)
from simulate.games.roll_player.rules import Rules
from simulate.games.roll_player.scoring import Scoring
from simulate.games.roll_player.setup import CLASS_ABILITY_HOOKS, SetUp, open_rows
from simulate.games.roll_player.sheet import SheetActions
from simulate.games.roll_player.view import Table, TableView, View

ROW_EFFECT = ("flip", "swap", "adjust", "reroll", "step", "charisma")  # the row's attribute action
PLACE = tuple(A.PlaceDie(r) for r in range(6))
TAKE = tuple(A.TakeInitiative(c + 1) for c in range(8))
BREAK = tuple(A.BreakTie(c) for c in range(7))


class State(SetUp, SheetActions, MarketFlow, Scoring):
    def __init__(self, rules: Rules, n: int, rng: random.Random, heroes=None, grant=None):
        self.rules = rules
        self.rng = rng                               # draws only the streams' base:
        self.streams = Streams(rng)                  # the game's sources of chance (streams.py)
        self.t = t = Table(rules, n)
        self.deck: list[int] = []                    # face down: top of the deck = end
        self.events: list[str] | None = None
        self.current_seat = 0
        self.is_over = False
        self._legal: list = []
        self._hooks = [None] * n                     # class ability hooks (setup.py)
        self._window = TableView(t)                 # one read-only window for the game
        self._views = [View(s, self._window) for s in range(n)]
        self._fixed = self._check_heroes(heroes, n)
        self.events = []                             # set-up's lines: a log begins with them
        self._setup_market(grant)
        self._proceed()
        self.set_up_events, self.events = self.events, None

    # --- the contract -------------------------------------------------------------------
    def legal_actions(self) -> list:
        return self._legal

    @property
    def phase(self) -> Phase:
        return self.t.phase

    def view(self, seat: int) -> View:
        self._window.refresh()
        return self._views[seat]

    def clone(self, rng=None):
        """A copy for look-ahead (base.look_ahead_copy); with ``rng`` its streams are fresh
        ones drawn from it, without it they go on exactly as the game's."""
        fresh = (self.rng,) if rng is not None else ()
        twin = look_ahead_copy(self, None, (self.rules, self.t.comp, self.streams) + fresh)
        if rng is None:
            twin.streams = self.streams.clone()
        else:
            twin.rng, twin.streams = rng, Streams(rng)
        return twin

    def determinize(self, seat: int, rng) -> "State":
        """A look-ahead copy (base.py): the face-down Market deck reshuffled, keeping the dots
        on each card's back in place (the single-dot pile stays on top), fresh dice."""
        twin = self.clone(rng)
        cards = self.t.comp.cards
        piles = {}
        for cid in self.deck:
            piles.setdefault(cards[cid].dots, []).append(cid)
        for dots in sorted(piles):
            canonical_shuffle(piles[dots], rng)
        twin.deck = [piles[cards[cid].dots].pop() for cid in self.deck]
        return twin

    def apply(self, action) -> None:
        """Play ``action``, one of ``legal_actions()`` (the list computed once per decision: the
        runner hands back one of its objects, found by identity first)."""
        legal = self._legal
        if not any(a is action for a in legal) and action not in legal:
            raise IllegalActionError(f"roll_player: {action!r} is not legal now (phase "
                                     f"{self.t.phase.name.lower()}, seat {self.current_seat})")
        _APPLY[type(action)](self, action)

    def assert_invariants(self) -> None:
        """73 dice each in exactly one place; sheets filled leftmost, each space once; every
        Market card in exactly one place; no negative Gold; weapons within the hands."""
        t, rules = self.t, self.rules
        dice = [0] * 7
        for c, _ in t.roll_queue + [d for d in t.init_dice if d is not None]:
            dice[c] += 1
        for c in t.class_draws:
            dice[c] += 1
        for seat in range(t.n):
            for c, _ in t.starting_dice[seat]:
                dice[c] += 1
            for row in range(6):
                for p in range(3):
                    s = row * 3 + p
                    filled = p < t.fill[seat][row]
                    assert (t.cols[seat][s] >= 0) == filled and (t.vals[seat][s] > 0) == filled, \
                        f"seat {seat} space {A.space_name(s)} breaks leftmost filling"
                    if filled:
                        dice[t.cols[seat][s]] += 1
                        assert 1 <= t.vals[seat][s] <= 12, "die value out of range"
            owed = min(0, rules.starting_gold[seat] - self.grant_price[seat])   # a paid grant
            assert t.gold[seat] >= owed and t.charisma[seat] >= 0, f"seat {seat} owes Gold"
            hands = sum(t.comp.cards[w].hands for w in t.weapons[seat])
            assert hands <= rules.weapon_hands, f"seat {seat} holds {hands} hands of weapons"
            assert set(t.exhausted[seat]) <= set(t.skills[seat])
        full = [rules.class_colour_dice] * 6 + [rules.gold_dice]
        assert [b + d for b, d in zip(t.bag, dice)] == full, f"dice lost: {t.bag} + {dice}"
        cards = self.deck + t.market + t.discard + t.trashed + self.removed
        for seat in range(t.n):
            cards += t.weapons[seat] + t.armor[seat] + t.skills[seat] + t.traits[seat]
        assert sorted(cards) == list(range(len(t.comp.cards))), "a Market card is lost or doubled"
        placed = [sum(f) for f in t.fill]
        pending = [len(d) for d in t.starting_dice]
        dealt = [p + q for p, q in zip(placed, pending)]
        assert max(dealt) - min(dealt) <= 1, "sheets out of step"
        assert self.is_over == t.is_over and (not self.is_over or all(p == 18 for p in placed))

    # --- chance (streams.py: each draw from the stream of its purpose) --------------------
    def roll(self, purpose: int) -> int:
        return int(self.streams.get(purpose).random() * 6) + 1

    def draw_die(self, purpose: int) -> int:
        """A random die from the bag (its colour); the bag must not be empty."""
        bag = self.t.bag
        k = int(self.streams.get(purpose).random() * sum(bag))
        for colour in range(7):
            k -= bag[colour]
            if k < 0:
                bag[colour] -= 1
                return colour
        raise AssertionError("the dice bag is empty")

    def shuffle(self, items: list, keys: tuple, seed: int) -> None:
        """The keyed shuffle (chance.keyed_shuffle) of component indices, ``keys`` by index."""
        keyed_shuffle(items, [keys[i] for i in items], seed)

    def deal_seed(self, purpose: int) -> int:
        """The seed of a set-up deal shuffled once (races, Backstory, Alignment cards)."""
        return stream_seed(self.streams.base, purpose)

    def market_seed(self) -> int:
        """The seed of the Market's next shuffle, from the Market's own stream."""
        return shuffle_seed(self.streams.get(P.MARKET))

    def _log(self, text: str) -> None:
        self.events.append(text)

    # --- flow helpers -------------------------------------------------------------------
    def _ask(self, phase: int, seat: int, legal: list) -> bool:
        t = self.t
        t.phase, t.current_seat, self.current_seat = PHASES[phase], seat, seat
        self._legal = legal
        return True

    def _proceed(self) -> None:
        handlers, t = _HANDLERS, self.t
        while not handlers[t.stage](self):
            pass

    def _place(self, seat: int, row: int, colour: int, value: int, setup: bool) -> int:
        """Put a die leftmost in ``row``; Gold for the third die and for a gold die."""
        t, rules = self.t, self.rules
        space = row * 3 + t.fill[seat][row]
        t.vals[seat][space], t.cols[seat][space] = value, colour
        t.fill[seat][row] += 1
        gained = rules.row_complete_gold if t.fill[seat][row] == 3 else 0
        if colour == GOLD:
            thief = t.is_class(seat, "Thief") and (rules.thief_bonus_in_setup or not setup)
            gained += rules.thief_gold_die_gold if thief else rules.gold_die_gold
        t.gold[seat] += gained
        if self.events is not None:
            self._log(f"seat {seat} places {COLOURS[colour]} {value} in "
                      f"{A.space_name(space)} (+{gained} Gold, now {t.gold[seat]})")
        return space

    # --- Roll Phase ---------------------------------------------------------------------
    def _stage_roll(self) -> bool:
        t = self.t
        t.round += 1
        dice = sorted((self.roll(P.ROUND_DICE), self.draw_die(P.ROUND_DICE))
                      for _ in range(t.n_cards))
        t.roll_queue = [(c, v) for v, c in dice]
        t.init_dice = [None] * t.n_cards
        t.init_owner = [-1] * t.n_cards
        t.roll_card = 0
        if self.events is not None:
            self._log(f"round {t.round}: start player {t.start_player} rolls " + ", ".join(
                f"{COLOURS[c]} {v}" for c, v in t.roll_queue))
        return self._fill_initiative()

    def _fill_initiative(self) -> bool:
        """Lowest die on card 1 and so on; the Start Player orders tied dice of other colours."""
        t = self.t
        queue = t.roll_queue
        while queue:
            value = queue[0][1]
            colours = {c for c, v in queue if v == value}
            if len(colours) > 1:
                return self._ask(P_TIE, t.start_player, [BREAK[c] for c in sorted(colours)])
            t.init_dice[t.roll_card] = queue.pop(0)
            t.roll_card += 1
        t.stage = S_DICE_START
        return False

    # --- Dice Phase ---------------------------------------------------------------------
    def _stage_dice_start(self) -> bool:
        t = self.t
        t.dice_order = [(t.start_player + i) % t.n for i in range(t.n)]
        t.dice_idx = 0
        t.turn_seat = t.dice_order[0]
        t.stage = S_PRE_INIT
        return False

    def _stage_pre_init(self) -> bool:
        t = self.t
        return self._open_window(t.turn_seat) or self._ask_initiative()

    def _ask_initiative(self) -> bool:
        t = self.t
        return self._ask(P_INITIATIVE, t.turn_seat,
                         [TAKE[c] for c in range(t.n_cards) if t.init_owner[c] < 0])

    def _stage_post_place(self) -> bool:
        if self._open_window(self.t.turn_seat):
            return True
        self.t.stage = S_NEXT_DICE
        return False

    def _stage_next_dice(self) -> bool:
        t = self.t
        t.dice_idx += 1
        if t.dice_idx < t.n:
            t.turn_seat = t.dice_order[t.dice_idx]
            t.stage = S_PRE_INIT
        else:
            self._begin_market()
        return False

    # --- applying decisions ---------------------------------------------------------------
    def _apply_race(self, a) -> None:
        t = self.t
        t.race[t.current_seat] = [r.name for r in t.comp.races].index(a.race)
        self._proceed()

    def _apply_class(self, a) -> None:
        t = self.t
        t.klass[t.current_seat] = t.comp.class_by_name[a.name]
        self._hooks[t.current_seat] = CLASS_ABILITY_HOOKS.get(a.name)
        if self.events is not None:
            self._log(f"seat {t.current_seat} becomes a {a.name}")
        self._proceed()

    def _apply_choose_start_die(self, a) -> None:
        t = self.t
        dice = t.starting_dice[t.current_seat]
        dice.remove((a.colour, a.value))
        dice.insert(0, (a.colour, a.value))
        t.start_die_chosen = True
        self._proceed()

    def _apply_start_die(self, a) -> None:
        t = self.t
        seat = t.current_seat
        colour, value = t.starting_dice[seat].pop(0)
        t.start_die_chosen = False
        self._place(seat, a.row, colour, value, setup=True)
        self._proceed()

    def _apply_tie(self, a) -> None:
        t = self.t
        value = t.roll_queue[0][1]
        die = (a.colour, value)
        t.roll_queue.remove(die)
        t.init_dice[t.roll_card] = die
        t.roll_card += 1
        if not self._fill_initiative():
            self._proceed()

    def _apply_take(self, a) -> None:
        t = self.t
        seat, card = t.current_seat, a.card - 1
        t.init_owner[card] = seat
        t.gold[seat] += t.init_gold[card]
        if self.events is not None:
            self._log(f"seat {seat} takes Initiative {a.card} (+{t.init_gold[card]} Gold)")
        t.init_gold[card] = 0
        if t.solo and self.rules.solo_trash:
            self._solo_trash(card)
        self._ask(P_PLACE, seat, open_rows(PLACE, t.fill[seat]))

    def _apply_place(self, a) -> None:
        t = self.t
        seat = t.current_seat
        card = t.init_owner.index(seat)
        colour, value = t.init_dice[card]
        t.init_dice[card] = None
        self._place(seat, a.row, colour, value, setup=False)
        if self._hooks[seat] is not None:
            self._hooks[seat](self, seat, "after_place")
        t.stage = S_POST_PLACE
        kind = ROW_EFFECT[a.row]
        if kind == "charisma":
            t.charisma[seat] += 1
        elif self._start_effect(seat, kind, ATTRIBUTES[a.row]):
            return
        self._proceed()

    def _solo_trash(self, card: int) -> None:
        """Solo: middle card 1-3 trashes Market card 1-3; highest card 1-2/3-4/5-6 -> 1/2/3."""
        t = self.t
        die = self.roll(P.SOLO_DIE)
        slot = -1
        if card == t.n_cards - 1:
            slot = (die - 1) // 2
        elif card > 0 and die <= 3:
            slot = die - 1
        if 0 <= slot < len(t.market):
            cid = t.market.pop(slot)
            t.trashed.append(cid)
            if self.events is not None:
                self._log(f"solo die {die}: {t.comp.cards[cid].name} is trashed")


_HANDLERS = [None] * 15
for _stage, _name in ((S_RACE, "race"), (S_CLASS, "class"), (S_START_DICE, "start_dice"),
                      (S_ROLL, "roll"), (S_DICE_START, "dice_start"), (S_PRE_INIT, "pre_init"),
                      (S_POST_PLACE, "post_place"), (S_NEXT_DICE, "next_dice"),
                      (S_DRUID, "druid"), (S_MARKET_TURN, "market_turn"),
                      (S_PRE_BUY, "pre_buy"), (S_BUY, "buy"), (S_POST_BUY, "post_buy"),
                      (S_BUY_AGAIN, "buy_again"), (S_TURN_END, "turn_end")):
    _HANDLERS[_stage] = getattr(State, f"_stage_{_name}")

_APPLY = {
    A.ChooseRace: State._apply_race, A.ChooseClass: State._apply_class,
    A.ChooseStartingDie: State._apply_choose_start_die,
    A.PlaceStartingDie: State._apply_start_die, A.BreakTie: State._apply_tie,
    A.TakeInitiative: State._apply_take, A.PlaceDie: State._apply_place,
    A.Flip: State._apply_effect, A.SwapFirst: State._apply_effect,
    A.SwapWith: State._apply_effect, A.Adjust: State._apply_effect,
    A.Reroll: State._apply_effect, A.KeepReroll: State._apply_effect,
    A.StepAlignment: State._apply_effect, A.Raise: State._apply_effect,
    A.TargetInitiative: State._apply_effect, A.TargetSkill: State._apply_effect,
    A.UseSkill: State._apply_use_skill, A.Pass: State._apply_pass,
    A.Buy: State._apply_buy, A.DiscardForGold: State._apply_discard,
    A.Recall: State._apply_recall,
}


def new_game(rules: Rules, n_players: int, rng: random.Random, heroes=None,
             grant=None) -> State:
    """``grant``: (file, entry, seat), a Market card that seat starts owning (market.py)."""
    if not 1 <= n_players <= 4:
        raise ConfigError(f"roll_player is for 1 to 4 players, not {n_players}")
    return State(rules, n_players, rng, heroes, grant)
