"""Adventure Realms' state machine: set-up, the Agent and Reveal Phases, and the contract.

Rounds: Draw -> Agent (in turn: place an agent with a matching hero card, play Items, or start
one's Reveal: recruit from the Guild Row and the Guild Master stack) -> Dungeon (``dungeon.py``:
Magic cards in turn order, ranks, stones, rewards) -> End. Decisions in between: banishing
(Merchant, Cleric cards) and Bastion's forced discards. After every action ``_ask`` computes the
next deciding seat and its legal list once; stretches without a choice are played through.
Hero cards and adventure cards are ids into ``comp.heroes`` / ``comp.adventures``; every draw
pile's top is the end of its list. All chance comes from ``self.streams``, one random stream per
source of chance (``streams.py``).
"""
from __future__ import annotations

import random

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase
from simulate.games.adventure_realms.components import GUILDS, load_components, space_gains
from simulate.games.adventure_realms.dungeon import Dungeon
from simulate.games.adventure_realms.effects import VP_PARTS, Effects
from simulate.games.adventure_realms.grant import give_granted, take_granted
from simulate.games.adventure_realms.hidden import redraw_hidden
from simulate.games.adventure_realms.reveal import RevealPhase
from simulate.games.adventure_realms.rules import Rules
from simulate.games.adventure_realms.streams import (
    BASTION_STREAM, SETUP_STREAM, monster_stack, shuffle_pile)
from simulate.games.adventure_realms.view import View, make_view
from simulate.games.base import IllegalActionError
from simulate.games.chance import Streams

AGENT, RECRUIT, BANISH, DISCARD, FORT, MAGIC, OVER, PAY = Phase
FORT_AGENT = "agent"
# The Fort's guild steps with 2 steps: two in one guild, or one in each of two guilds.
FORT_STEPS = tuple((f"{GUILDS[a]}+{GUILDS[b]}", a, b) for a in range(4) for b in range(a, 4))
_LISTS = ("deck", "hand", "discard", "played", "adventures", "gold", "mana", "food", "agents",
          "placed", "dungeon", "vp", "stones", "rp", "revealed", "fort_freed", "recruited",
          "banished", "dungeon_ranks", "vp_by_round")


class State(Effects, Dungeon, RevealPhase):
    def __init__(self, rules: Rules, n: int, rng: random.Random, grant=None):
        self.rules, self.n, self.rng = rules, n, rng           # rng: what the streams come from
        self.comp = comp = load_components()
        self.events: list[str] | None = []              # set-up's lines, until a log is on
        self.hero_id = {h.name: h.id for h in comp.heroes}
        self.adventure_id = {a.name: a.id for a in comp.adventures}
        self.space_id = {s.name: s.id for s in comp.spaces}
        self.space_gain = space_gains(comp, rules)
        self.fort = self.space_id.get("Fort", -1)
        self._places, self._fits = _cached(comp)
        # the table
        self.streams = Streams(rng)
        setup = self.streams.get(SETUP_STREAM)               # its draws in this order
        self.hero_deck = list(comp.hero_deck)
        shuffle_pile(self.hero_deck, comp.hero_keys, setup)
        self.masters = list(comp.masters)                       # face up, top = end
        self.adventure_deck = list(comp.adventure_deck)
        shuffle_pile(self.adventure_deck, comp.adventure_keys, setup)
        granted = take_granted(self, grant)                     # before the row is dealt
        self.row = [self.hero_deck.pop() if self.hero_deck else -1
                    for _ in range(rules.guild_row_size)]
        self.adventure_discard: list[int] = []
        self.monsters = monster_stack(comp, rules.monsters_by_level, setup)
        self.monsters_done = 0
        self.stones_left = rules.stones
        self.garden = rules.garden_mana_setup
        self.occupied = [-1] * len(comp.spaces)
        self.top_holder = [-1] * len(GUILDS)
        self.box: list[int] = []                               # banished hero cards
        # the players
        self.deck = [list(comp.basic_deck) for _ in range(n)]
        self.hand = [[] for _ in range(n)]
        self.discard = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]                   # cards played for agents
        self.adventures = [[] for _ in range(n)]
        give_granted(self, grant, granted)                     # before the decks' shuffles
        for deck in self.deck:
            shuffle_pile(deck, comp.hero_keys, setup)
        self.gold = [rules.starting_gold] * n
        self.mana, self.food = [0] * n, [0] * n
        self.agents = [rules.starting_agents] * n
        self.placed = [0] * n
        self.fort_freed = [False] * n
        self.power = [[0] * len(GUILDS) for _ in range(n)]
        self.track_best = [[0] * len(GUILDS) for _ in range(n)]     # highest level reached
        self.dungeon, self.vp, self.stones, self.rp = [0] * n, [0] * n, [0] * n, [0] * n
        self.vp_parts = [dict.fromkeys(VP_PARTS, 0) for _ in range(n)]
        self.revealed = [False] * n
        # the turn
        self.round, self.first_player = 0, 0
        self.phase, self.current_seat, self.is_over = AGENT, 0, False
        self.turn_seat = 0                                       # whose Agent/Reveal turn it is
        self.end_reason = ""
        self.may_use_occupied = False
        self.banish_left = 0
        self.draw_after_banish = 0                               # draws listed after a banish
        self.fort_choice = False                                 # a Fort agent awaits its choice
        self.pending_discards: list[int] = []
        self.unpaid: list[int] = []                              # revealed, price not paid
        self._then = ""                                          # what follows a sub-decision
        self._legal: list = []
        self._view = None
        # results
        self.recruited = [[] for _ in range(n)]
        self.banished = [0] * n
        self.dungeon_ranks = [[] for _ in range(n)]
        self.vp_by_round = [[] for _ in range(n)]
        self._start_round()
        self.set_up_events, self.events = self.events, None   # a log begins with round 1
        self._ask()

    # --- the contract --------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return self._legal

    def view(self, seat: int) -> View:
        if self._view is None or self._view.seat != seat:
            self._view = make_view(self, seat)
        return self._view

    def apply(self, action) -> None:
        """Play ``action``, one of ``legal_actions()`` (the list ``_ask`` left: not computed
        again); any other is refused in one line."""
        if not _offered(action, self._legal):
            raise IllegalActionError(f"{action!r} is not a legal action now (phase "
                                     f"{Phase(self.phase).name})")
        self._view = None
        _APPLY[type(action)](self, action)
        self._ask()

    def clone(self, rng: random.Random | None = None) -> "State":
        """An independent copy. ``rng``: the copy's random source (fresh streams drawn from it);
        ``None`` copies this game's streams (an exact replica, for tests). A look-ahead search
        should pass a fresh one so that it cannot peek at future shuffles."""
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        for name in _LISTS + ("hero_deck", "row", "masters", "adventure_deck", "adventure_discard",
                              "monsters", "occupied", "top_holder", "box", "pending_discards",
                              "unpaid", "_legal"):
            value = getattr(self, name)
            setattr(other, name, [v[:] if isinstance(v, list) else v for v in value])
        other.power = [p[:] for p in self.power]
        other.track_best = [p[:] for p in self.track_best]
        other.vp_parts = [dict(p) for p in self.vp_parts]
        other.events = None if self.events is None else list(self.events)
        other._view = None
        if rng is None:
            other.streams = self.streams.clone()
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        else:
            other.streams = Streams(rng)
        other.rng = rng
        return other

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A look-ahead copy (base.py): what ``seat`` cannot see redrawn (hidden.py), fresh
        chance."""
        twin = self.clone(random.Random(rng.getrandbits(64)))
        twin.events = None
        redraw_hidden(twin, seat, rng)
        return twin

    # --- the round -----------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Draw Phase: mana onto the Fairy Garden, 5 cards each; then the Agent Phase."""
        self.round += 1
        self.garden += self.available("mana", self.rules.garden_mana_per_round)
        for seat in range(self.n):
            self.draw(seat, self.rules.hand_size)
            self.rp[seat] = 0
        self.revealed = [False] * self.n
        self.phase = AGENT
        self.current_seat = self.turn_seat = self.first_player
        if self.events is not None:
            monster = self.monsters[-1]
            self.events.append(f"round {self.round}: monster {monster.name} (level "
                               f"{monster.level}), first player seat {self.first_player}")

    def agents_free(self, seat: int) -> int:
        return self.agents[seat] - self.placed[seat]

    def _ask(self) -> None:
        """Find the next decision: sub-decisions first, then the phase's seat. Decisions with no
        choice left (nothing to recruit, no Magic to play) are taken here."""
        while True:
            if self.is_over:
                self._legal = []
                return
            if self.pending_discards:
                seat = self.pending_discards[0]
                hand = self.hand[seat]
                if not hand:
                    self.pending_discards.pop(0)
                    if not self.rules.bastion_skips_empty_hands and self.deck[seat]:
                        deck = self.deck[seat]
                        pick = self.streams.get(BASTION_STREAM).random()
                        self.discard[seat].append(deck.pop(int(pick * len(deck))))
                    continue
                kinds = sorted(set(hand))
                if len(kinds) == 1:
                    self._discard(A.Discard(self.comp.heroes[kinds[0]].name))
                    continue
                self.phase, self.current_seat = DISCARD, seat
                self._legal = [A.Discard(self.comp.heroes[c].name) for c in kinds]
                return
            self.current_seat = self.turn_seat
            if self.fort_choice:
                legal = [A.FortChoice(o) for o in self._fort_options(self.turn_seat)]
                if len(legal) > 1:
                    self.phase, self._legal = FORT, legal
                    return
                self._fort_choice(legal[0])
                continue
            if self.banish_left:
                legal = self._banish_options(self.turn_seat)
                if len(legal) > 1:
                    self.phase, self._legal = BANISH, legal
                    return
                if legal and type(legal[0]) is A.Banish:
                    self._banish(legal[0])           # the only card left: no choice
                    continue
                self.banish_left = 0
            if self.draw_after_banish:               # effects in listed order: banish, then draw
                n, self.draw_after_banish = self.draw_after_banish, 0
                self.draw(self.turn_seat, n)
            if self.unpaid:
                legal = self._pay_options(self.turn_seat)
                if legal:
                    self.phase, self._legal = PAY, legal
                    return
                self.unpaid.clear()
            if self._then:
                then, self._then = self._then, ""
                if then == "next_agent":
                    self._next_agent_turn(self.turn_seat)
                elif then == "recruit":
                    self.phase = RECRUIT
                continue
            if self.phase == AGENT:
                self._legal = self._agent_options(self.current_seat)
                return
            if self.phase == RECRUIT:
                legal = self._recruit_options(self.current_seat)
                if len(legal) > 1:
                    self._legal = legal
                    return
                self._end_reveal(self.current_seat)
                continue
            if self.phase == MAGIC:
                legal = self._magic_options(self.current_seat)
                if len(legal) > 1:
                    self._legal = legal
                    return
                self._next_magic_turn()
                continue
            raise AssertionError(f"no decision in phase {self.phase}")

    def _next_agent_turn(self, seat: int) -> None:
        """The next seat clockwise that has not revealed; when all have, the Dungeon Phase."""
        self.may_use_occupied = False
        for k in range(1, self.n + 1):
            other = (seat + k) % self.n
            if not self.revealed[other]:
                self.phase, self.current_seat, self.turn_seat = AGENT, other, other
                return
        self.start_dungeon()

    # --- options -------------------------------------------------------------------------------
    def _agent_options(self, seat: int) -> list:
        comp, out = self.comp, []
        for a in sorted(set(self.adventures[seat])):
            card = comp.adventures[a]
            if card.type == "item" and self.can_pay(seat, card.pay):
                out.append(A.PlayItem(card.name))
        if self.agents_free(seat) > 0:
            occupied, any_space, can_pay = self.occupied, self.may_use_occupied, self.can_pay
            is_open = [(any_space or occupied[sp.id] < 0)
                       and (not sp.cost or can_pay(seat, sp.cost)) for sp in comp.spaces]
            if self.fort >= 0 and is_open[self.fort] and not self._fort_options(seat):
                is_open[self.fort] = False
            places, fits = self._places, self._fits
            for c in sorted(set(self.hand[seat])):
                for sid in fits[c]:
                    if is_open[sid]:
                        out.append(places.get(c * 256 + sid) or self._place_action(c, sid))
        out.append(A.REVEAL)
        return out

    def _place_action(self, card: int, space: int) -> A.Place:
        """The Place action for (card, space), built once per component set."""
        key = card * 256 + space
        action = self._places.get(key)
        if action is None:
            action = self._places[key] = A.Place(self.comp.heroes[card].name,
                                                 self.comp.spaces[space].name)
        return action

    def _fort_options(self, seat: int) -> tuple:
        options = []
        if not self.fort_freed[seat] and self.gold[seat] >= self.rules.fort_agent_cost:
            options.append(FORT_AGENT)
        if self.rules.fort_guild_steps:
            top, power = self.comp.track_top, self.power[seat]
            options.extend(o for o, a, b in FORT_STEPS if power[a] < top or power[b] < top)
        return tuple(options)

    # --- Agent Phase ---------------------------------------------------------------------------
    def _place(self, action: A.Place) -> None:
        seat, comp = self.current_seat, self.comp
        card, space = self.hero_id[action.card], comp.spaces[self.space_id[action.space]]
        self.hand[seat].remove(card)
        self.played[seat].append(card)
        self.placed[seat] += 1
        self.occupied[space.id] = seat
        self.may_use_occupied = False
        self.pay(seat, space.cost)
        self.fort_choice = space.id == self.fort
        self.gain(seat, self.space_gain[space.id])
        if space.guild >= 0 and self.rules.guild_space_power:
            self.change_power(seat, space.guild, self.rules.guild_space_power)
        self.gain(seat, comp.heroes[card].agent)
        self._then = "next_agent"

    def _fort_choice(self, action: A.FortChoice) -> None:
        seat, option = self.turn_seat, action.option
        self.fort_choice = False
        if option == FORT_AGENT:
            self.gold[seat] -= self.rules.fort_agent_cost
            self.fort_freed[seat] = True
            self.agents[seat] += 1
            if not self.rules.fort_agent_now:
                self.placed[seat] += 1           # the freed agent waits for the next round
            return
        a, b = (GUILDS.index(g) for g in option.split("+"))
        steps = self.rules.fort_guild_steps
        if a == b:
            self.change_power(seat, a, steps)
        else:
            self.change_power(seat, a, steps - steps // 2)
            self.change_power(seat, b, steps // 2)

    def _play_item(self, action: A.PlayItem) -> None:
        self.play_adventure(self.current_seat, action.card)



_APPLY = {A.Place: State._place, A.PlayItem: State._play_item, A.Reveal: RevealPhase._reveal,
          A.Recruit: RevealPhase._recruit, A.EndReveal: RevealPhase._end_reveal_action,
          A.Banish: RevealPhase._banish, A.StopBanishing: RevealPhase._stop_banishing,
          A.Discard: RevealPhase._discard, A.FortChoice: State._fort_choice,
          A.PayReveal: RevealPhase._pay_reveal, A.EndPaying: RevealPhase._end_paying,
          A.PlayMagic: Dungeon._play_magic,
          A.EndMagic: Dungeon._end_magic}


def _offered(action, legal: list) -> bool:
    """``action in legal``, by identity first (the driver passes an action of the list)."""
    for offered in legal:
        if offered is action:
            return True
    return action in legal


_CACHES: dict = {}       # id(components) -> ({card * 256 + space: Place}, spaces per card)


def _cached(comp) -> tuple[dict, list]:
    """Per component set: the Place actions built so far and, per hero card, the spaces it fits."""
    found = _CACHES.get(id(comp))
    if found is None or found[2] is not comp:
        fits = [tuple(sp.id for sp in comp.spaces if h.symbols & sp.symbol) for h in comp.heroes]
        found = _CACHES[id(comp)] = ({}, fits, comp)
    return found[0], found[1]


def new_game(rules: Rules, n_players: int, rng: random.Random, heroes=None,
             grant=None) -> State:
    """``grant``: (file, entry, seat), a card that seat starts with (grant.py)."""
    return State(rules, n_players, rng, grant)
