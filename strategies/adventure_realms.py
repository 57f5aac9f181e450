"""Adventure Realms heuristics: each scores the legal actions by an estimate of the VP they bring.

One evaluator (``ExpectedVP``) prices every effect in VP: resources, cards, Recruit Points, guild
power (the track's next rewards) and dungeon advances (the rank they win on the current monster's
card against the others' public positions, and the stone on the last space). Two parameters
price the optional mechanics: ``agent_value``, the Fort's third agent per round it
will be placed (against the gold it costs and the Fort's guild steps), and ``stone_chase``: each
advance toward the last space is worth ``stone_chase`` x a stone's VP / the track's length more
while a stone is left and nobody else stands there. ``quest_weight`` pursues the seat's Quest
cards: each unfulfilled Quest prices the steps toward it at ``quest_weight`` x its VP
as the card data gives it (:class:`QuestPlan`). The named strategies are its parameter
sets: ``balanced`` (the default), ``guild_specialist`` (one guild's track and heroes) and
``dungeon_racer`` (fighters, magic and the dungeon track). They see only their view: own hand
and discard, own deck's size, the public board.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import NamedTuple

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.components import GUILDS, SYMBOLS, space_gains
from strategies import Strategy
from strategies.presets import preset

RESOURCE_KEYS = ("gold", "mana", "food")
FORT_STEPS = tuple((f"{GUILDS[a]}+{GUILDS[b]}", a, b) for a in range(4) for b in range(a, 4))
FORT_GUILDS = {o: (a, b) for o, a, b in FORT_STEPS}

# The evaluator's fixed prices of the board's parts (in VP; the compiled twin,
# strategies/compiled/adventure_realms.py, reads them from here)
STONE_EXTRA = 0.3          # the stone for arriving alone on the last space, beyond its stone_vp
ADVANCE_VP = 0.03          # each dungeon advance, for the race to come
BELOW_TOP = 0.5            # a guild step that stops below the top counts this share
ITEM_NOW = 0.05            # an Item played now rather than kept
RECRUIT_PER_COST = 0.01    # per RP of a hero's cost (the dearer of two equal heroes)
BANISH_VP = 0.45           # a card banished (less what it is worth)
MAGIC_KEPT = 0.3           # times card_value: a Magic card kept for a later monster
UNUSED_AGENT = 0.5         # an agent left unplaced at the Reveal
BANISH_ROOT = 0.2          # times the square root of the basic cards: the Merchant's banish


class QuestPlan(NamedTuple):
    """What the seat's unfulfilled Quest cards add, each share quest_weight x the card's VP
    (rulebook "End": fulfilled quests score at the end; the kinds are components.QUESTS)."""
    king: float                # per King owned ("1 VP per King"): the whole VP
    stone: float               # one more stone ("1 VP with a stone"): VP / stones still missing
    power: tuple               # ((power, VP / (guilds missing x power)) per step below power, ...)
    cards: tuple               # per guild, one more card "of" it (ruling 14): VP / cards missing


NO_QUESTS = QuestPlan(0.0, 0.0, (), (0.0,) * len(GUILDS))


class Fixed(NamedTuple):
    """The prices that hold for a whole game (what the compiled twin reads)."""
    worth: tuple               # per hero id: owning it, per play
    card: tuple                # per hero id: its part of a placement, less the board's parts
    space: tuple               # per space id: its net gain, less the board's parts
    levels: tuple              # per guild, per level: the track reward's price
    focus: int                 # the focus guild's index, -1 for none


def fort_options(view) -> list[str]:
    """The Fort's choices open to the seat (as the engine lists them; never empty when the Fort
    is offered: then 'agent' or some track below its top)."""
    seat, top = view.seat, view.comp.track_top
    out = ["agent"] if not view.fort_freed[seat] and \
        view.gold[seat] >= view.rules.fort_agent_cost else []
    power = view.power[seat]
    if view.rules.fort_guild_steps:
        out += [o for o, a, b in FORT_STEPS if power[a] < top or power[b] < top]
    return out or ["agent"]


class ExpectedVP(Strategy):
    """Takes the action whose gains, priced in VP, minus what it costs, are highest."""
    name = "balanced"
    param_ranges = {"gold_value": (0.0, 2.0), "mana_value": (0.0, 2.0), "food_value": (0.0, 2.0),
                    "card_value": (0.0, 3.0), "rp_value": (0.0, 2.0), "dungeon_weight": (0.0, 5.0),
                    "power_value": (0.0, 3.0), "recruit_min": (0.0, 10.0),
                    "focus_weight": (0.0, 5.0), "agent_value": (0.0, 2.0),
                    "stone_chase": (0.0, 6.0), "quest_weight": (0.0, 3.0)}

    # tuned by paired comparisons (now `simulate train`; bench/README.md):
    # power_value 0.35 -> 0.525, then gold_value 0.12 -> 0.06; agent_value 0.7 and stone_chase
    # 3.0 beat the old fixed Fort price (1.2 x min(monsters left, 5) / 5) and no chase by 32-40
    # points of one seat's win share at 2-4 players (150 paired seeds each)
    def __init__(self, gold_value: float = 0.06, mana_value: float = 0.1, food_value: float = 0.15,
                 card_value: float = 0.35, rp_value: float = 0.15, dungeon_weight: float = 1.0,
                 power_value: float = 0.525, recruit_min: float = 0.3, focus: str = "",
                 focus_weight: float = 1.0, agent_value: float = 0.7,
                 stone_chase: float = 3.0, quest_weight: float = 1.0):
        if focus and focus not in GUILDS:
            raise ValueError(f"focus must be one of {', '.join(GUILDS)} or empty")
        self.gold_value, self.mana_value, self.food_value = gold_value, mana_value, food_value
        self.card_value, self.rp_value = card_value, rp_value
        self.dungeon_weight, self.power_value = dungeon_weight, power_value
        self.recruit_min, self.focus, self.focus_weight = recruit_min, focus, focus_weight
        self.agent_value, self.stone_chase = agent_value, stone_chase
        self.quest_weight = quest_weight
        self._quests = NO_QUESTS
        self._focus = GUILDS.index(focus) if focus else -1
        self._static: dict = {}
        self._comp = self._rules = None

    # --- prices ----------------------------------------------------------------------------
    def _setup(self, view) -> None:
        """Per game: the names' ids and the static price of every effect."""
        if view.comp is self._comp and view.rules is self._rules:
            return
        comp, self._comp, self._rules = view.comp, view.comp, view.rules
        self._hero = {h.name: h for h in comp.heroes}
        self._adventure = {a.name: a for a in comp.adventures}
        self._space = {s.name: s for s in comp.spaces}
        self._static, self._steps = {}, {}
        self._worth = {h.id: self._card_worth(h) for h in comp.heroes}
        self._space_parts = {}
        for sp, gain in zip(comp.spaces, space_gains(comp, view.rules)):
            keys = {k for k, _ in gain}
            net = self.static_value(gain) - self.static_value(sp.cost)
            self._space_parts[sp.name] = (sp, net,
                                          self._dungeon_of(gain), "garden" in keys,
                                          "banish" in keys, "fort" in keys)
        self._levels = [[self.static_value(r) for r in rewards] for rewards in comp.track_rewards]
        self._card_parts = {h.name: (h, self.static_value(h.agent) - 0.6 * self._worth[h.id],
                                     self._dungeon_of(h.agent)) for h in comp.heroes}
        self._powers: dict = {}
        self._dungeons: dict = {}
        self._guilds_of = {h.id: self._counted_guilds(h, view.rules) for h in comp.heroes}

    @staticmethod
    def _counted_guilds(hero, rules) -> tuple:
        """The guilds a hero counts for in "cards of one guild" (ruling 14, guild_cards_count):
        each guild whose symbol it shows, or only the guild it belongs to."""
        if rules.guild_cards_count == "guild":
            return (hero.guild,) if hero.guild >= 0 else ()
        return tuple(g for g, name in enumerate(GUILDS) if hero.symbols >> SYMBOLS.index(name) & 1)

    def fixed_prices(self, comp, rules) -> Fixed:
        """The prices of ``comp`` under ``rules`` that do not depend on the board."""
        self._setup(SimpleNamespace(comp=comp, rules=rules))
        return Fixed(tuple(self._worth[h.id] for h in comp.heroes),
                     tuple(self._card_parts[h.name][1] for h in comp.heroes),
                     tuple(self._space_parts[sp.name][1] for sp in comp.spaces),
                     tuple(tuple(levels) for levels in self._levels), self._focus)

    def static_value(self, effect: tuple) -> float:
        """VP price of the parts of an effect that do not depend on the board."""
        v = self._static.get(effect)
        if v is None:
            v = 0.0
            for key, n in effect:
                if key == "gold":
                    v += n * self.gold_value
                elif key == "mana":
                    v += n * self.mana_value
                elif key == "food":
                    v += n * self.food_value
                elif key in ("draw", "adventure"):
                    v += n * self.card_value
                elif key == "rp":
                    v += n * self.rp_value
                elif key == "vp":
                    v += n
                elif key == "steal":
                    v += 0.3 * self.card_value
                elif key == "banish":
                    v += 0.1 * n
            self._static[effect] = v
        return v

    def _dungeon_of(self, effect: tuple) -> int:
        steps = self._steps.get(effect)
        if steps is None:
            steps = self._steps[effect] = sum(n for key, n in effect if key == "dungeon")
        return steps

    def _card_worth(self, hero) -> float:
        """What owning a hero card is worth per play: its reveal and agent effects, its symbols
        (more spaces open), guild focus; dungeon advances at a flat price."""
        v = self.static_value(hero.reveal) + 0.5 * self.static_value(hero.agent)
        steps = self._dungeon_of(hero.reveal) + self._dungeon_of(hero.agent)
        v += 0.12 * self.dungeon_weight * steps
        v += 0.05 * bin(hero.symbols).count("1")
        if self._focus >= 0 and hero.guild == self._focus:
            v += 0.3 * self.focus_weight
        if hero.kind == "king":
            v += 0.4
        return v

    def _dungeon_value(self, view, steps: int) -> float:
        """Rank won on the current monster's card by ``steps`` advances (others as they stand),
        plus the stone when alone on the last space, plus a little for the race to come."""
        if steps <= 0 or view.monster is None:
            return 0.0
        v = self._dungeons.get(steps)
        if v is None:
            v = self._dungeons[steps] = self._dungeon_gain(view, steps)
        return v

    def _dungeon_gain(self, view, steps: int) -> float:
        last = view.rules.dungeon_track_length
        me = view.seat
        pos = view.dungeon
        now, new = pos[me], min(last, pos[me] + steps)
        v = self._rank_value(view, now) if now else 0.0
        gain = self._rank_value(view, new) - v
        others_at_end = any(p >= last for s, p in enumerate(pos) if s != me)
        if view.stones_left and not others_at_end:    # the stone: taken, or drawn nearer
            stone = view.rules.stone_vp + self._quests.stone      # its VP, and a stones quest's
            if new == last and now < last:
                gain += stone + STONE_EXTRA
            gain += self.stone_chase * stone * (new - now) / last
        gain += ADVANCE_VP * (new - now)
        return self.dungeon_weight * gain

    def _rank_value(self, view, p: int) -> float:
        rank = 1 + sum(1 for s, q in enumerate(view.dungeon) if s != view.seat and q > p)
        rewards = view.monster.rewards
        return self.static_value(rewards[rank - 1]) if rank <= len(rewards) else 0.0

    def _power_value(self, view, guild: int, steps: int) -> float:
        key = guild * 16 + steps
        v = self._powers.get(key)
        if v is None:
            v = self._powers[key] = self._power_gain(view, guild, steps)
        return v

    def _power_gain(self, view, guild: int, steps: int) -> float:
        top, levels = view.comp.track_top, self._levels[guild]
        now = view.power[view.seat][guild]
        holder = view.top_holder[guild]
        cap = top - 1 if holder not in (-1, view.seat) else top
        new = min(cap, now + steps)
        v = sum(levels[now + 1:new + 1])
        v += self.power_value * (new - now) * (BELOW_TOP if new < top else 1.0)
        if guild == self._focus:
            v *= 1.0 + self.focus_weight
        for power, share in self._quests.power:     # the steps toward a power_in_guilds quest
            v += share * (min(new, power) - min(now, power))
        return v

    # --- quests ----------------------------------------------------------------------------
    def _quest_plan(self, view) -> QuestPlan:
        """The prices of the seat's Quest cards it has not fulfilled yet, from their VP in the
        card data (a quest's VP edit changes them: no number here is a quest's)."""
        quests = [q for q in map(view.comp.adventures.__getitem__, view.adventures)
                  if q.type == "quest"]
        if not quests:
            return NO_QUESTS
        me, weight = view.seat, self.quest_weight
        king = stone = 0.0
        power, cards, counts = [], [0.0] * len(GUILDS), self._guild_counts(view)
        for q in quests:
            kind, vp = q.quest[0], weight * q.vp
            if kind == "per_king":
                king += vp
            elif kind == "stones" and view.stones[me] < q.quest[1]:
                stone += vp / (q.quest[1] - view.stones[me])
            elif kind == "power_in_guilds":
                least, guilds = q.quest[1:]
                missing = guilds - sum(p >= least for p in view.power[me])
                if missing > 0:
                    power.append((least, vp / (missing * least)))
            elif kind == "guild_cards" and max(counts) < q.quest[1]:
                for g in range(len(GUILDS)):
                    cards[g] += vp / (q.quest[1] - counts[g])
        return QuestPlan(king, stone, tuple(power), tuple(cards))

    def _guild_counts(self, view) -> list[int]:
        """Per guild, the seat's cards "of" it (scoring.guild_cards, from the seat's view)."""
        counts = [0] * len(GUILDS)
        for c in view.owned:
            for g in self._guilds_of[c]:
                counts[g] += 1
        return counts

    def _quest_card_value(self, hero) -> float:
        """Owning ``hero`` for the Quests: a King for "per King", one more card of the guild
        nearest its "cards of one guild" quest."""
        plan = self._quests
        v = plan.king if hero.kind == "king" else 0.0
        return v + max((plan.cards[g] for g in self._guilds_of[hero.id]), default=0.0)

    # --- decisions -------------------------------------------------------------------------
    def choose(self, view, actions):
        self._setup(view)
        self._powers, self._dungeons = {}, {}          # prices that hold for this decision
        self._quests = self._quest_plan(view)
        phase = view.phase
        if phase == A.Phase.AGENT:
            return self._choose_agent(view, actions)
        best, choice = -1e9, actions[0]
        for a in actions:
            v = self._value(view, a, phase)
            if v > best:
                best, choice = v, a
        return choice

    def _choose_agent(self, view, actions):
        """The Agent Phase's many placements: a space's part and a card's part are each priced
        once per decision."""
        spaces, cards, place = {}, {}, A.Place
        best, choice = -1e9, actions[0]
        for a in actions:
            if type(a) is place:
                card, space = a
                v = spaces.get(space)
                if v is None:
                    v = spaces[space] = self._space_value(view, space)
                c = cards.get(card)
                if c is None:
                    hero, static, steps = self._card_parts[card]
                    c = cards[card] = static + (self._dungeon_value(view, steps) if steps else 0.0)
                v += c
            else:
                v = self._value(view, a, A.Phase.AGENT)
            if v > best:
                best, choice = v, a
        return choice

    def _value(self, view, a, phase) -> float:
        kind = type(a)
        if kind is A.PlayItem:
            card = self._adventure[a.card]
            v = self.static_value(card.effect) - self.static_value(card.pay)
            return v + self._dungeon_value(view, self._dungeon_of(card.effect)) - ITEM_NOW
        if kind is A.Reveal:
            return self._reveal_value(view)
        if kind is A.PayReveal:
            return self._paid_value(view, self._hero[a.card])
        if kind is A.Recruit:
            hero = self._hero[a.card]
            return self._worth[hero.id] * self._plays_left(view) + self.static_value(hero.recruit) \
                - self.recruit_min + RECRUIT_PER_COST * hero.cost + self._quest_card_value(hero)
        if kind is A.FortChoice:
            return self._fort_value(view, a.option)
        if kind is A.EndReveal or kind is A.StopBanishing or kind is A.EndPaying:
            return 0.0
        if kind is A.Banish:   # from hand before the seat revealed: loses this round's reveal
            hero = self._hero[a.card]                 # too (after it, that effect was gained)
            in_hand = a.pile == "hand" and not view.revealed[view.seat]
            lost = self.static_value(hero.reveal) if in_hand else 0.0
            return BANISH_VP - self._worth[hero.id] - lost - self._quest_card_value(hero)
        if kind is A.Discard:
            return -self._worth[self._hero[a.card].id]
        if kind is A.PlayMagic:
            card = self._adventure[a.card]
            steps = self._dungeon_of(card.effect)
            if view.stones[view.seat]:
                steps += sum(n for k, n in card.effect if k == "stone_bonus")
            keep = 0.0 if view.monsters_left <= 1 else MAGIC_KEPT * self.card_value
            return self._dungeon_value(view, steps) - self.static_value(card.pay) - keep
        return 0.0                                     # EndMagic

    def _fort_value(self, view, option: str) -> float:
        if option == "agent":
            return self.agent_value * self._agent_rounds(view) - \
                self.gold_value * view.rules.fort_agent_cost
        g1, g2 = FORT_GUILDS[option]
        steps = view.rules.fort_guild_steps
        if g1 == g2:
            return self._power_value(view, g1, steps)
        return self._power_value(view, g1, steps - steps // 2) + \
            self._power_value(view, g2, steps // 2)

    @staticmethod
    def _agent_rounds(view) -> int:
        """The rounds a third agent freed now would be placed in (this one only when
        ``fort_agent_now``)."""
        rules = view.rules
        rounds = min(view.monsters_left, rules.max_rounds - view.round + 1)
        return max(0, rounds - (0 if rules.fort_agent_now else 1))

    def _plays_left(self, view) -> float:
        """How often a card recruited now will be played: the rounds left times the share of
        the deck drawn each round."""
        owned = view.deck_size + len(view.hand) + len(view.discard) + len(view.played) + 1
        rounds = max(0, min(view.monsters_left, view.rules.max_rounds - view.round + 1) - 1)
        return rounds * min(1.0, view.rules.hand_size / owned)

    def _reveal_value(self, view) -> float:
        """Revealing ends the seat's Agent Phase: worth paying for the priced reveal effects in
        hand (those the mana covers, in hand order) when that is worth it, minus the agents it
        leaves unused (placing is usually worth more)."""
        v = -UNUSED_AGENT * view.agents_free[view.seat]
        steps, price = 0, 0.0
        mana = view.mana[view.seat]
        for c in view.hand:
            hero = view.comp.heroes[c]
            need = sum(n for k, n in hero.reveal_pay if k == "mana")
            if hero.reveal_pay and need <= mana:
                mana -= need
                steps += self._dungeon_of(hero.reveal)
                price += self.static_value(hero.reveal_pay)
        return v + max(0.0, self._dungeon_value(view, steps) - price)

    def _paid_value(self, view, hero) -> float:
        """A revealed card's paid effect (its RP are already counted) less its price: the
        advances priced on the current monster's ranks, from where the seat stands now."""
        paid = tuple(e for e in hero.reveal if e[0] != "rp")
        return self.static_value(paid) + self._dungeon_value(view, self._dungeon_of(paid)) \
            - self.static_value(hero.reveal_pay)

    def _space_value(self, view, name: str) -> float:
        space, v, steps, garden, banish, fort = self._space_parts[name]
        if steps:
            v += self._dungeon_value(view, steps)
        if space.guild >= 0:
            v += self._power_value(view, space.guild, view.rules.guild_space_power)
        if fort:
            v += max(self._fort_value(view, o) for o in fort_options(view))
        if garden:
            v += view.garden * self.mana_value
        if banish:
            heroes = view.comp.heroes
            v += BANISH_ROOT * sum(1 for c in view.hand + view.discard if heroes[c].kind == "basic") ** 0.5
        return v


GuildSpecialist = preset(
    ExpectedVP, "guild_specialist", "One guild's track and heroes priced higher (``focus`` "
    "= Fighters, Thieves, Wizards or Clerics; ``focus_weight`` = how much higher).", __name__,
    focus="Clerics", focus_weight=1.5)
DungeonRacer = preset(
    ExpectedVP, "dungeon_racer", "Races on the dungeon track: advances, Fighters and Magic "
    "priced ``dungeon_weight`` times.", __name__, dungeon_weight=2.0, focus="Fighters",
    focus_weight=0.5, power_value=0.2)

STRATEGIES = {"balanced": ExpectedVP, "guild_specialist": GuildSpecialist,
              "dungeon_racer": DungeonRacer}
