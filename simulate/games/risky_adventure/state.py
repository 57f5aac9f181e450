"""Risky Adventure's state machine: set-up, the turn (place, roll and claim, clean-up), rounds
and the end. Paying and gaining are in ``claims.py``, final scoring in ``scoring.py``.

Decisions: ``Place`` (all adventurers at once) -> the roll -> ``Claim`` (which placed spots to
pay, with the fewest clocks, and the clock trade) -> ``TakeMap`` / ``TakeBonus`` for rewards that
ask -> ``Activate`` / ``Done`` while an owned card can take an artifact -> clean-up.
"""
from __future__ import annotations

import random
from itertools import combinations, repeat
from operator import is_

from simulate.games.chance import Streams, keyed_order, shuffle_seed
from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.actions import Phase
from simulate.games.risky_adventure.claims import NEEDS_ARTIFACT, Claims
from simulate.games.risky_adventure.components import (EXCAVATIONS, ComponentError,
                                                       load_components)
from simulate.games.risky_adventure.dice import face_symbols, roll_counts
from simulate.games.risky_adventure.hidden import redraw_hidden
from simulate.games.risky_adventure.rules import Rules, check_players
from simulate.games.risky_adventure.scoring import Scoring
from simulate.games.risky_adventure.streams import ARTIFACTS, DICE, EQUIPMENT, EXPEDITIONS, MAPS
from simulate.games.risky_adventure.view import View
from simulate.games.base import IllegalActionError
from simulate.games.grants import is_paid, take_one, unknown_entry

INACTIVE = 1 << 30                  # active_from of a card still needing an artifact
EXCAVATION_SPOTS = tuple(tuple(A.excavation_spot(e, d) for d in range(3))
                         for e in range(len(EXCAVATIONS)))
_PLACEMENTS: dict = {}              # (open spots, expedition spots, adventurers) -> Place list


def placements(open_spots: tuple, expedition: tuple, adventurers: int) -> list:
    """Every legal placement: distinct spots, at most one on the expedition track."""
    key = (open_spots, expedition, adventurers)
    out = _PLACEMENTS.get(key)
    if out is None:
        size = min(adventurers, len(open_spots) + (1 if expedition else 0))
        out = [A.Place(c) for c in combinations(open_spots, size)]
        if expedition and size:
            out += [A.Place(c + (t,)) for c in combinations(open_spots, size - 1)
                    for t in expedition]
        _PLACEMENTS[key] = out
    return out


class State(Claims, Scoring):
    def __init__(self, rules: Rules, n: int, rng: random.Random, grant=None):
        comp = load_components()
        _check_data(rules, comp)
        self.rules, self.comp, self.rng, self.n = rules, comp, rng, n
        self.streams = Streams(rng)                    # one stream per source of chance
        self.events: list[str] | None = []              # set-up's lines, until a log is on
        self.faces = face_symbols(rules.die_faces)
        self.is_over = False
        self.current_seat = 0
        self.phase = Phase.PLACE
        self._legal: list = []
        self._view_cache: tuple = (None, None)
        self._markers: tuple = (None, None)          # ((seat, turn), markers)
        self.round, self.turn = 1, 0
        self.end_flags: set[str] = set()
        self.end_reason = ""
        limited = rules.supply_limited
        self.clock_supply = rules.clocks - n * rules.starting_clocks if limited else 0
        self.wild_supply = rules.wild_artifacts if limited else 0
        # players
        self.fame = [0] * n
        self.clocks = [rules.starting_clocks] * n
        self.owed = [0] * n                            # clocks a paid grant still owes the camp
        self.equipment = [[] for _ in range(n)]
        self.active_from = [{} for _ in range(n)]     # card -> first turn its effect works
        self.attached = [[] for _ in range(n)]         # (card, artifact type or -1 = wild)
        self.artifacts = [[] for _ in range(n)]
        self.wilds = [0] * n
        self.free_types = [[0, 0, 0] for _ in range(n)]
        self.free_wilds = [0] * n
        self.maps = [[] for _ in range(n)]
        self.maps_seen = [[] for _ in range(n)]       # maps taken face up (hidden.py)
        self.positions = [0] * n
        self.parts = [dict.fromkeys(("artifacts", "expeditions", "bonus"), 0) for _ in range(n)]
        self.tally = [dict.fromkeys(("clocks_spent", "clocks_gained", "rolls_paid_nothing",
                                     "expedition_spots", "expeditions_finished", "trades"), 0)
                      for _ in range(n)]
        self._set_up(grant)
        self._start_turn()
        # the first expedition board is revealed while the game is set up: a log begins with it
        self.set_up_events, self.events = self.events, None

    # --- set-up (rulebook "Set-up") --------------------------------------------------------
    def _set_up(self, grant=None) -> None:
        rules, comp, shuffled = self.rules, self.comp, self.shuffled
        artifacts = shuffled(ARTIFACTS, comp.ids.artifacts)   # one order keys both piles
        a_pile = [i for i in artifacts if comp.artifacts[i].back == "A"]
        b_pile = [i for i in artifacts if comp.artifacts[i].back == "B"]
        self.excavations = []                          # per excavation: top = last
        for _ in EXCAVATIONS:
            stack = [b_pile.pop() for _ in range(rules.b_per_excavation)]
            stack += [a_pile.pop() for _ in range(rules.a_per_excavation)]
            self.excavations.append(stack)
        self.artifact_box = a_pile + b_pile            # the rest stay in the box
        self.equipment_deck = shuffled(EQUIPMENT, comp.ids.equipment)
        granted = self._take_granted(grant)           # before the camp is dealt
        self.camp = [self.equipment_deck.pop() for _ in range(rules.camp_spaces)]
        self.map_deck = shuffled(MAPS, comp.ids.maps)
        self.maps_face_up = [self.map_deck.pop()
                             for _ in range(min(rules.maps_face_up, len(self.map_deck)))]
        self.expedition_tokens = shuffled(EXPEDITIONS, comp.ids.expeditions)
        self.expedition = -1                           # revealed at the start player's turn
        self.expeditions_done = 0
        self.reached_end = False                       # someone reached the end this round
        if grant is not None:
            self._give_granted(grant[2], granted, is_paid(grant))

    def _take_granted(self, grant) -> int:
        """A granted equipment card (RULES.md, "Granted cards"), out of the shuffled deck."""
        if grant is None:
            return -1
        ids = [e.id for e in self.comp.equipment]
        if grant[1] not in ids:
            raise unknown_entry(grant, ids)
        card = ids.index(grant[1])
        take_one(self.equipment_deck, card)
        return card

    def _give_granted(self, seat: int, card: int, paid: bool = False) -> None:
        """The seat starts owning it: working from the first turn, or (a card that needs an
        artifact) waiting for one, as a card taken from the camp would. Paid: a clock per
        symbol of its cost back to the camp, what the seat lacks owed (``gain_clocks``)."""
        if paid:
            price = sum(self.comp.equipment[card].need)
            paid_now = min(price, self.clocks[seat])
            self.clocks[seat] -= paid_now
            if self.rules.supply_limited:
                self.clock_supply += paid_now
            self.owed[seat] = price - paid_now
        self.equipment[seat].append(card)
        waits = self.comp.equipment[card].kind in NEEDS_ARTIFACT
        self.active_from[seat][card] = INACTIVE if waits else 0

    # --- the contract ----------------------------------------------------------------------
    def legal_actions(self) -> list:
        return self._legal

    def apply(self, action) -> None:
        """Play ``action``, one of ``legal_actions()`` (that very list, kept until this call:
        the runner passes one of its objects, found by identity first)."""
        legal = self._legal
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalActionError(f"risky_adventure: {action!r} is not legal now (phase "
                                     f"{'over' if self.is_over else self.phase.name.lower()})")
        _APPLY[type(action)](self, action)

    def view(self, seat: int) -> View:
        if seat != self.current_seat:               # others never see the placement or roll
            return self._snapshot(seat)
        if self.phase == Phase.CLAIM and self._view_cache[0] == (seat, self.turn):
            # nothing but the placement and the roll changed since the placing seat's own view:
            # reuse that snapshot
            return self._view_cache[1]._replace(phase=Phase.CLAIM, placed=self.placed,
                                                roll=tuple(self.roll))
        view = self._snapshot(seat)
        if self.phase == Phase.PLACE:
            self._view_cache = ((seat, self.turn), view)
        return view

    def _snapshot(self, seat: int) -> View:
        own = seat == self.current_seat
        shown = own and self.phase != Phase.PLACE
        placed, roll = (self.placed, tuple(self.roll)) if shown else ((), ())
        eq = self.equipment[seat]
        active_from, turn = self.active_from[seat], self.turn
        return View(
            seat, self.phase, self.rules, self.comp, self.round, self.turn, self.n,
            tuple(self.fame), tuple(self.clocks), tuple(self.owed),
            tuple(map(tuple, self.equipment)),
            tuple(c for c in eq if active_from[c] <= turn),
            tuple(c for c in eq if active_from[c] == INACTIVE),
            tuple(map(tuple, self.artifacts)), tuple(self.wilds),
            tuple(self.free_types[seat]), self.free_wilds[seat], tuple(self.maps[seat]),
            tuple(map(len, self.maps)), self.markers(seat), tuple(self.camp),
            self.revealed_now,
            tuple(map(len, self.excavations)), self.expedition, tuple(self.positions),
            self.expeditions_done, tuple(self.maps_face_up), len(self.map_deck),
            len(self.equipment_deck), self.clock_supply, self.wild_supply, placed, roll)

    def clone(self, rng: random.Random | None = None) -> "State":
        """An independent copy (for look-ahead); ``rng`` replaces the copy's random source, its
        streams drawn afresh from it (give a fresh one so a search cannot peek at the real
        dice); without one the copy's streams go on exactly as these would."""
        other = object.__new__(State)
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict)
                         else v for v in value]
            elif isinstance(value, (set, dict)):
                value = type(value)(value)
            elif key in ("_view_cache", "_markers"):
                value = (None, None)
            other.__dict__[key] = value
        other.rng = rng if rng is not None else random.Random()
        if rng is None:
            other.rng.setstate(self.rng.getstate())
            other.streams = self.streams.clone()
        else:
            other.streams = Streams(rng)
        other.events = None
        return other

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A look-ahead copy (base.py): what ``seat`` cannot see redrawn (hidden.py), fresh
        dice."""
        twin = self.clone(random.Random(rng.getrandbits(64)))
        redraw_hidden(twin, seat, rng)
        return twin

    # --- chance -----------------------------------------------------------------------------
    # (streams.py: a stream per purpose; a pile keyed on its cards' identities)
    def shuffled(self, purpose: int, ids: tuple) -> list[int]:
        """A pile's cards (indices of ``ids``) in shuffled order, top = last: the same order
        with a card skipped when the pile lacks it."""
        return keyed_order(shuffle_seed(self.streams.get(purpose)), ids)

    def roll_dice(self) -> list[int]:
        """The deciding seat rolls its own dice (its own stream)."""
        stream = self.streams.get(DICE + self.current_seat)
        return roll_counts(stream, self.rules.dice, self.faces)

    def _log(self, text: str) -> None:
        self.events.append(text)

    # --- the turn ----------------------------------------------------------------------------
    def revealed(self, e: int) -> tuple:
        """Excavation ``e``'s face-up artifacts, top first (ruling 1: the top one only)."""
        stack = self.excavations[e]
        k = min(self.rules.revealed_artifacts, len(stack))
        return tuple(stack[len(stack) - 1 - d] for d in range(k))

    def _start_turn(self) -> None:
        seat = self.current_seat
        if seat == 0 and self.expedition < 0 and self.expedition_tokens \
                and self.expeditions_done < len(self.comp.expeditions):
            self.expedition = self.expedition_tokens.pop()      # the start player reveals it
            self.positions = [0] * self.n
            if self.events is not None:
                self._log(f"the {self.comp.expeditions[self.expedition].name} expedition starts")
        self.turn += 1
        self.placed, self.roll = (), [0, 0, 0]
        self.pending_maps = self.pending_bonus = 0
        self.fresh = [0, 0, 0, 0]                      # artifacts (by type, wild) gained now
        self.camp_taken: list[int] = []
        self.activation_done = False
        self._offer_placements()

    def refresh_revealed(self) -> None:
        if self.rules.revealed_artifacts == 1:          # the printed rule: just the tops
            self.revealed_now = tuple((x[-1],) if x else () for x in self.excavations)
        else:
            self.revealed_now = tuple(map(self.revealed, range(len(EXCAVATIONS))))

    def _offer_placements(self) -> None:
        seat = self.current_seat
        self.refresh_revealed()
        open_spots = tuple(i for i, c in enumerate(self.camp) if c >= 0)
        for e, shown in enumerate(self.revealed_now):
            open_spots += EXCAVATION_SPOTS[e][:len(shown)]
        self.phase = Phase.PLACE
        self._legal = placements(open_spots, self._expedition_targets(seat),
                                 self.rules.adventurers)

    def _expedition_targets(self, seat: int) -> tuple:
        if self.expedition < 0:
            return ()
        length = len(self.comp.expeditions[self.expedition].spots)
        pos = self.positions[seat]
        return tuple(A.expedition_spot(t)
                     for t in range(pos + 1, min(length, pos + self.rules.reach) + 1))

    def _apply_place(self, action: A.Place) -> None:
        self.placed = action.spots
        self.roll = self.roll_dice()
        if self.events is not None:
            self._log("roll: " + " ".join(f"{n}{s}" for n, s in zip(self.roll, "FMP") if n))
        self.phase = Phase.CLAIM
        self._legal = self.legal_claims()
        if not any(claim.spots for claim in self._legal):
            self.tally[self.current_seat]["rolls_paid_nothing"] += 1

    def _continue(self) -> None:
        """Ask what the turn still needs (maps, bonuses, activations), else clean up."""
        seat = self.current_seat
        if self.pending_maps:
            options = [A.TakeMap(i) for i in range(len(self.maps_face_up))]
            if self.map_deck:
                options.append(A.TakeMap(-1))
            if options:
                self.phase, self._legal = Phase.MAP, options
                return
            self.pending_maps = 0                     # ruling 6: no map left, that part is lost
        if self.pending_bonus:
            self.phase = Phase.BONUS
            clock = self.clock_supply > 0 or not self.rules.supply_limited
            self._legal = [A.FAME, A.CLOCK] if clock else [A.FAME]
            return
        if not self.activation_done:
            options = self.activation_options(seat)
            if options:
                self.phase, self._legal = Phase.ACTIVATE, options + [A.DONE]
                return
        self._clean_up()

    def _apply_done(self, action) -> None:
        self.activation_done = True
        self._continue()

    # --- clean-up, rounds and the end ------------------------------------------------------
    def _clean_up(self) -> None:
        camp = [c for c in self.camp if c >= 0]        # slide right to left, refill the right
        while len(camp) < self.rules.camp_spaces and self.equipment_deck:
            camp.append(self.equipment_deck.pop())
        if len(camp) < self.rules.camp_spaces:
            self.end_flags.add("equipment")            # end condition 1
            camp += [-1] * (self.rules.camp_spaces - len(camp))
        self.camp = camp
        if any(not stack for stack in self.excavations):
            self.end_flags.add("excavation")           # end condition 2
        while len(self.maps_face_up) < self.rules.maps_face_up and self.map_deck:
            self.maps_face_up.append(self.map_deck.pop())
        rules = self.rules
        if rules.end_check == "turn_end" and self._expedition_ends(counted=False):
            self.end_flags.add("expedition")
        seat = (self.current_seat + 1) % self.n
        if seat == 0:
            self._end_round()
        elif rules.end_check == "turn_end":
            self._maybe_end()
        if not self.is_over:
            self.current_seat = seat
            self._start_turn()

    def _expedition_ends(self, counted: bool) -> bool:
        target = self.rules.expeditions_to_end
        done = self.expeditions_done + (0 if counted else self.reached_end)
        return 0 < target <= done

    def _end_round(self) -> None:
        if self.reached_end:                           # discard it; the next one comes later
            self.expeditions_done += 1
            self.expedition, self.reached_end = -1, False
            if self._expedition_ends(counted=True):
                self.end_flags.add("expedition")       # end condition 3
        if not self._maybe_end() and self.round >= self.rules.max_rounds:
            self.end_flags.add("round_limit")
            self._maybe_end()
        self.round += not self.is_over

    def _maybe_end(self) -> bool:
        rules, flags = self.rules, self.end_flags
        reasons = [r for r, on in (("equipment", rules.end_on_equipment),
                                   ("excavation", rules.end_on_excavation),
                                   ("expedition", True), ("round_limit", True)) if on and r in flags]
        if reasons:
            self.end_reason = "+".join(reasons)
            self.is_over = True
            self._legal = []
            self.final_scoring()
        return self.is_over


def _check_data(rules: Rules, comp) -> None:
    """Set-up needs the data can meet (a one-line error naming the file and the rule)."""
    backs = [a.back for a in comp.artifacts]
    for back, need, rule in (("A", rules.a_per_excavation, "a_per_excavation"),
                             ("B", rules.b_per_excavation, "b_per_excavation")):
        if backs.count(back) < 3 * need:
            raise ComponentError(f"risky_adventure data/artifacts.json: {backs.count(back)} "
                                 f"{back}-artifacts, set-up needs {3 * need} ({rule} = {need})")
    if len(comp.equipment) < rules.camp_spaces:
        raise ComponentError("risky_adventure data/equipment.json: fewer cards than "
                             f"camp_spaces = {rules.camp_spaces}")
    if rules.expeditions_to_end > len(comp.expeditions):
        raise ComponentError(f"risky_adventure data/expeditions.json: {len(comp.expeditions)} "
                             f"expeditions, expeditions_to_end = {rules.expeditions_to_end}")


_APPLY = {A.Place: State._apply_place, A.Claim: Claims._apply_claim,
          A.TakeMap: Claims._apply_take_map, A.TakeBonus: Claims._apply_bonus,
          A.Activate: Claims._apply_activate, A.Done: State._apply_done}


def new_game(rules: Rules, n_players: int, rng: random.Random, heroes=None,
             grant=None) -> State:
    """``grant``: (file, entry, seat), an equipment card that seat starts with."""
    if not 2 <= n_players <= 4:
        from simulate.games.base import ConfigError
        raise ConfigError(f"risky_adventure is for 2 to 4 players, not {n_players}")
    check_players(rules, n_players)
    return State(rules, n_players, rng, grant)
