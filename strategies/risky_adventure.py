"""Risky Adventure heuristics: each values every open spot in fame-like units and weighs it by
the exact chance that one roll pays it with the clocks the seat holds (``dice.pay_chance``, the
digest's odds with clocks and discount markers), then places on the best spots and claims the
most valuable set the roll pays, less the clocks it costs.

Three ways of valuing: ``fame_now`` (fame this turn: artifacts and fame spots), ``engine_builder``
(equipment first: discounts, bonus cards and scarab pairs early), ``map_planner`` (treasure maps:
map+wild spots, artifacts of the types its maps need). Seats see only their view.

Equipment has its own decision points, each a parameter with a declared range for `simulate
train`: what a card is worth (discount_value, bonus_value, scarab_weight, unready_share,
discount_fit, equipment_late, tie_value, card_payoff) and how a bought bonus card is used
(bonus_use, bonus_clock_weight). ``card_payoff`` weighs what a discount or bonus card would pay
the seat over the rest of the game (``SpotValuer.card_pays``: pay chances with and without its
marker, triggers left) against the flat values; SpotValuer's default 0 is the play before it
existed. The presets (bench/ra_equipment.py, 400 paired games, seats rotated, 2
players): ``engine_builder`` at 1 wins 60 % against itself at 0; ``fame_now`` at 1 buys Discount
A cards but wins 48 % against itself at 0 (its placements on the camp cost it), at 0.5 it buys a
few and plays even (53 % vs 53 %, ties counted for both), so it plays 0.5; ``map_planner`` at 1
was even (53 % vs 54 %) and keeps 0.
"""
from __future__ import annotations

from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.actions import EXCAVATION_SPOT, EXPEDITION_SPOT
from simulate.games.risky_adventure.dice import pay_chance
from strategies import Strategy
from strategies.presets import preset


def game_left(view) -> float:
    """A rough share of the game still to come (1 at the start, 0 at an end condition)."""
    comp = view.comp
    per_excavation = view.rules.a_per_excavation + view.rules.b_per_excavation
    excavation = min(view.excavation_left) / per_excavation
    deck = view.equipment_deck / max(1, len(comp.equipment) - view.rules.camp_spaces)
    target = view.rules.expeditions_to_end or 3
    spots = len(comp.expeditions[0].spots)       # every expedition board has as many spots
    expedition = 1 - (view.expeditions_done + max(view.positions) / spots) / target
    return max(0.0, min(excavation, deck, expedition))


class SpotValuer(Strategy):
    """Shared play; the parameters say what each kind of spot is worth."""
    name = "spot_valuer"
    param_ranges = {"clock_value": (0.0, 5.0), "progress_value": (0.0, 3.0),
                    "map_wild_value": (0.0, 10.0), "map_weight": (0.0, 5.0),
                    "discount_value": (0.0, 10.0), "bonus_value": (0.0, 10.0),
                    "scarab_weight": (0.0, 5.0), "unready_share": (0.0, 1.0),
                    "discount_fit": (0.0, 1.0), "equipment_late": (0.0, 1.0),
                    "tie_value": (0.0, 3.0), "bonus_clock_weight": (0.0, 10.0),
                    "bonus_use": (0.0, 5.0), "card_payoff": (0.0, 1.0)}

    def __init__(self, clock_value: float = 1.0, progress_value: float = 0.3,
                 map_wild_value: float = 2.5, map_weight: float = 0.5,
                 discount_value: float = 2.0, bonus_value: float = 2.0,
                 scarab_weight: float = 1.0, unready_share: float = 0.6,
                 discount_fit: float = 0.0, equipment_late: float = 0.0,
                 tie_value: float = 0.0, bonus_clock_weight: float = 3.0,
                 bonus_use: float = 1.0, card_payoff: float = 0.0):
        self.clock_value, self.progress_value = clock_value, progress_value
        self.map_wild_value, self.map_weight = map_wild_value, map_weight
        self.discount_value, self.bonus_value = discount_value, bonus_value
        self.scarab_weight = scarab_weight
        # buying equipment: a card not yet activatable is worth unready_share of a working one;
        # a discount follows how much of its excavation is left (discount_fit: 0 not at all,
        # 1 fully); no discount or bonus card is worth buying once game_left <= equipment_late;
        # every card also counts tie_value (the tie-break: most equipment cards)
        self.unready_share, self.discount_fit = unready_share, discount_fit
        self.equipment_late, self.tie_value = equipment_late, tie_value
        # using a bonus card: bonus_use more for a spot that triggers a working one, and its
        # clock rather than its fame when game_left x clock_value x bonus_clock_weight > 1
        self.bonus_clock_weight, self.bonus_use = bonus_clock_weight, bonus_use
        # a discount or bonus card is worth card_payoff x what it would pay the seat over the
        # rest of the game (card_pays) + (1 - card_payoff) x its flat value x game_left
        self.card_payoff = card_payoff
        # the last placement's spot values, for the claim of the same turn of the same game: a
        # seat plays a whole chunk, and is not asked for a forced placement (one legal choice);
        # its game is the rng simulate/play.py hands it at each game's start
        self._values, self._turn, self._game = {}, -1, None

    # --- values ---------------------------------------------------------------------------
    def wanted_types(self, view) -> list[float]:
        """How much one more artifact of each type helps the seat's treasure maps."""
        have = [0, 0, 0]
        for a in view.artifacts[view.seat]:
            have[view.comp.artifacts[a].type] += 1
        want = [0.0, 0.0, 0.0]
        for m in view.maps:
            needs = view.comp.maps[m].needs
            for t in range(3):
                if needs[t] > have[t]:
                    want[t] += view.comp.maps[m].fame / sum(needs)
        return want

    def card_value(self, view, card: int, left: float, kinds: list) -> float:
        """``kinds``: the kinds of the seat's own cards."""
        comp, rules = view.comp, view.rules
        c = comp.equipment[card]
        if c.kind in ("scarab_top", "scarab_bottom"):
            other = "scarab_bottom" if c.kind == "scarab_top" else "scarab_top"
            pairs_gain = kinds.count(other) > kinds.count(c.kind)
            gain = (rules.scarab_pair_fame - rules.scarab_part_fame if pairs_gain
                    else rules.scarab_part_fame)
            return gain * self.scarab_weight + self.tie_value
        ready = 1.0
        if c.activation >= 0 and not (view.free_types[c.activation] or view.free_wilds):
            ready = self.unready_share
        discount = c.kind.startswith("discount")
        worth = self.discount_value if discount else self.bonus_value
        if discount and self.discount_fit:
            rules = view.rules
            share = view.excavation_left[c.excavations[0]] / (rules.a_per_excavation
                                                               + rules.b_per_excavation)
            worth *= 1 - self.discount_fit + self.discount_fit * share
        w = self.card_payoff
        pays = self.card_pays(view, c, left) if w else 0.0
        value = (worth * left * (1 - w) + w * pays) * ready if left > self.equipment_late \
            else 0.0
        return value + self.tie_value

    def card_pays(self, view, c, left: float) -> float:
        """What discount or bonus card ``c`` would pay the seat over the rest of the game, judged
        on the table now. The digest: "Discount markers count as one extra symbol for the
        excavations their card shows; bonus cards pay +1 fame or +1 clock when triggered".
        - The seat's tries left at an excavation: its share (1 / players) of the artifacts left
          there, no more than the game has left (game_left x a full pile); what a try finds
          there is one of the game's artifacts (the piles are hidden), each as likely.
        - A discount: on each try, the gain in the exact chance one roll pays the artifact
          (dice.pay_chance with the card's marker and without) x its fame and clock.
        - Bonus B: a trigger per artifact gained at its excavations (tries x the chance of
          paying the artifact); Bonus A: a trigger per spot of its reward the seat lands on,
          those ahead on this expedition and on those still to come (a trip goes 1..reach spots,
          so it lands on about 2 / (reach + 1) of the spots it passes).
        A trigger pays +1 fame or +1 clock, whichever is worth more."""
        comp, rules, seat = view.comp, view.rules, view.seat
        pile = rules.a_per_excavation + rules.b_per_excavation
        clocks = min(view.clocks[seat], rules.max_clocks_per_turn)
        dice, faces = rules.dice, rules.die_faces
        trigger = max(rules.bonus_fame, rules.bonus_clocks * self.gained_clock(view))
        if c.kind == "bonus_a":
            target = rules.expeditions_to_end or 3
            boards = target - view.expeditions_done
            ahead = 0
            if view.expedition >= 0:
                boards -= 1
                spots = comp.expeditions[view.expedition].spots
                ahead = sum(s.reward == c.trigger for s in spots[view.positions[seat]:])
            per_board = sum(s.reward == c.trigger for b in comp.expeditions
                            for s in b.spots) / len(comp.expeditions)
            return trigger * (ahead + max(0, boards) * per_board) * 2 / (rules.reach + 1)
        total = 0.0
        for e in c.excavations:
            if not view.excavation_left[e]:
                continue
            claims = min(view.excavation_left[e], left * pile) / view.players
            fixed, choices = view.markers[e]
            more_fixed, more_choices = fixed, choices + (c.shows,)
            if c.kind == "discount_b" or rules.discount_a_symbols == 2:
                more_fixed, more_choices = tuple(f + c.shows.count(s)
                                                 for s, f in enumerate(fixed)), choices
            worth = 0.0                  # per claim, over the game's artifacts
            for art in comp.artifacts:
                if c.kind == "bonus_b":      # the dice alone: the clocks go to other claims
                    worth += pay_chance(art.need, 0, dice, faces, fixed, choices) * trigger
                    continue
                now = pay_chance(art.need, clocks, dice, faces, fixed, choices)
                gain = pay_chance(art.need, clocks, dice, faces, more_fixed, more_choices) - now
                worth += gain * (art.fame + self.gained_clock(view) * art.clock)
            total += claims * worth / len(comp.artifacts)
        return total

    def gained_clock(self, view) -> float:
        """A clock gained is worth ``clock_value``, nothing while the seat owes a paid grant's
        clocks: it goes back to the camp (and a debt left at the end costs nothing)."""
        return 0.0 if view.debt[view.seat] else self.clock_value

    def artifact_value(self, view, a: int, e: int, want: list[float]) -> float:
        art = view.comp.artifacts[a]
        value = art.fame + self.gained_clock(view) * art.clock + self.map_weight * want[art.type]
        for c in view.active:
            card = view.comp.equipment[c]
            if card.kind == "bonus_b" and e in card.excavations:
                value += self.bonus_use
        return value

    def spot_values(self, view) -> dict[int, tuple[float, tuple]]:
        """spot -> (value if claimed, need); the need is what the dice must show."""
        comp, seat = view.comp, view.seat
        left = game_left(view)
        kinds = [comp.equipment[x].kind for x in view.equipment[seat]]
        out = {}
        for i, card in enumerate(view.camp):
            if card >= 0:
                out[A.camp_spot(i)] = (self.card_value(view, card, left, kinds),
                                       comp.equipment[card].need)
        want = self.wanted_types(view)
        for e, revealed in enumerate(view.revealed):
            for d, a in enumerate(revealed):
                out[A.excavation_spot(e, d)] = (self.artifact_value(view, a, e, want),
                                                comp.artifacts[a].need)
        if view.expedition >= 0:
            spots = comp.expeditions[view.expedition].spots
            pos = view.positions[seat]
            need = [0, 0, 0]
            bonus = [comp.equipment[c].trigger for c in view.active
                     if comp.equipment[c].kind == "bonus_a"]
            for t in range(pos + 1, min(len(spots), pos + view.rules.reach) + 1):
                spot = spots[t - 1]
                need[spot.symbol] += 1
                value = self.progress_value * (t - pos) + bonus.count(spot.reward) * self.bonus_use
                if spot.reward == "fame":
                    value += spot.fame
                elif spot.reward == "clock":
                    value += self.gained_clock(view)
                else:
                    value += self.map_wild_value
                out[A.expedition_spot(t)] = (value, tuple(need))
        return out

    def chances(self, view, values: dict) -> dict[int, float]:
        """spot -> value x the exact chance one roll pays it alone with the seat's clocks."""
        rules = view.rules
        clocks = min(view.clocks[view.seat], rules.max_clocks_per_turn)
        dice, faces = rules.dice, rules.die_faces
        out = {}
        for spot, (value, need) in values.items():
            markers = ((0, 0, 0), ())
            if EXCAVATION_SPOT <= spot < EXPEDITION_SPOT:
                markers = view.markers[(spot - EXCAVATION_SPOT) // 3]
            out[spot] = value * pay_chance(need, clocks, dice, faces, *markers)
        return out

    # --- decisions ---------------------------------------------------------------------------
    def choose(self, view, actions):
        phase = view.phase
        if phase == A.Phase.PLACE:
            self._values = values = self.spot_values(view)   # the claim phase reuses them
            self._turn, self._game = view.turn, getattr(self, "rng", None)
            return self.best_placement(self.chances(view, values), actions)
        if phase == A.Phase.CLAIM:
            placed_here = self._turn == view.turn and self._game is getattr(self, "rng", None)
            values = self._values if placed_here else self.spot_values(view)
            cost, owing = self.clock_value, view.debt[view.seat] > 0
            return max(actions, key=lambda a: sum(values[s][0] for s in a.spots)
                       - cost * (a.clocks - (0 if owing else a.trades)))
        if phase == A.Phase.MAP:
            return max(actions, key=lambda a: self.map_value(view, a))
        if phase == A.Phase.BONUS:
            weight = self.bonus_clock_weight
            return A.CLOCK if A.CLOCK in actions and game_left(view) * self.gained_clock(view) \
                * weight > 1 else A.FAME
        typed = [a for a in actions if isinstance(a, A.Activate) and not a.wild]
        return typed[0] if typed else actions[0]

    @staticmethod
    def best_placement(scores: dict, actions: list):
        """The spots with the highest scores, at most one on the expedition track."""
        size = len(actions[0].spots)
        ranked = sorted((s for s in scores if s < EXPEDITION_SPOT), key=scores.get, reverse=True)
        best = ranked[:size]
        trips = [s for s in scores if s >= EXPEDITION_SPOT]
        if trips and size:
            trip = max(trips, key=scores.get)
            if len(ranked) < size or scores[trip] > scores[best[-1]]:
                best = ranked[:size - 1] + [trip]
        if len(best) == size:                # always, as the engine offers every such set
            spots = tuple(sorted(best))
            for action in actions:           # the engine's own object: found by identity
                if action.spots == spots:
                    return action
        return max(actions, key=lambda a: sum(scores[s] for s in a.spots))

    def map_value(self, view, action) -> float:
        if action.slot < 0:
            return 2.0
        m = view.comp.maps[view.maps_face_up[action.slot]]
        have = [0, 0, 0]
        for a in view.artifacts[view.seat]:
            have[view.comp.artifacts[a].type] += 1
        missing = sum(max(0, m.needs[t] - have[t]) for t in range(3))
        return m.fame / (1 + missing * (1.5 - game_left(view)))


FameNow = preset(
    SpotValuer, "fame_now", """Fame now: artifacts and fame spots by fame times the chance of
    paying them; little weight on equipment that pays later.""",
    __name__, discount_value=1.0, bonus_value=1.0, card_payoff=0.5)
EngineBuilder = preset(
    SpotValuer, "engine_builder", """Equipment first: discounts and bonus cards valued high
    early (their worth fades as the game nears its end), scarab pairs chased.""",
    __name__, discount_value=4.0, bonus_value=3.5, scarab_weight=1.3, card_payoff=1.0)
MapPlanner = preset(
    SpotValuer, "map_planner", """Treasure maps: map+wild spots and artifacts of the types its
    maps still need.""",
    __name__, progress_value=0.4, map_wild_value=4.0, map_weight=2.0, discount_value=1.5,
    bonus_value=1.5)

STRATEGIES = {"fame_now": FameNow, "engine_builder": EngineBuilder, "map_planner": MapPlanner}
