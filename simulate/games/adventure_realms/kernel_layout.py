"""Adventure Realms' compiled kernel, part 1: the state as flat integer arrays, and
the component data and Rules as numbers.

The component data (``components.load_components``: the study's folder and its edits) becomes
the int arrays of :class:`Kit` when a chunk starts, so editing a card needs no code change. Every
effect (a card's reveal, agent and recruit effects, a space's gain, a monster's reward by rank, a
track level) is a row of ``Kit.eff``: ``(key, amount)`` pairs in the file's order, ``Kit.elen``
long. Ordered containers of the engine (decks, hands, discard piles, the Guild Row, the piles of
adventure cards and monsters...) are rows of ``L`` with their lengths in ``N``, in the engine's
order (a draw pile's top is its end); game scalars live in ``S``, per-seat numbers in
``SE[seat]``. The Rules array is built from the ``Rules`` fields (``RULES_ENCODERS``,
simulate/kernels/rules.py): a field's value, a choice's index among its ``choices``; a field
without an encoder sends a changed run to the Python engine.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from simulate.kernels.rules import at, rules_array as build_rules_array

from simulate.games.adventure_realms.components import GUILDS, RESOURCES, space_gains
from simulate.games.adventure_realms.rules import Rules
from simulate.games.adventure_realms.streams import PURPOSES

# the lists of L (shared by the kernels), re-exported for this game's kernel modules
from simulate.kernels.lists import extend, index_of, pop_at, push, remove  # noqa: F401


# ---- rows of L --------------------------------------------------------------------------------
HERO_DECK, MASTERS, ADV_DECK, ADV_DISCARD, MONSTERS, BOX, PENDING, UNPAID, ROW, SCRATCH = range(10)
COPIES, SORT_KEYS = 10, 11     # a keyed shuffle's scratch (kernel_streams.py), by card / by place
DECK, HAND, DISCARD, PLAYED, ADVENTURES, RECRUITED, RANKS, VP_ROUNDS = 12, 16, 20, 24, 28, 32, 36, 40
N_ROWS = 44

# ---- S ----------------------------------------------------------------------------------------
(ROUND, FIRST, PHASE, CUR, OVER, TURN, END_REASON, MAY_OCCUPIED, BANISH_LEFT, DRAW_AFTER,
 FORT_CHOICE, THEN, MONSTERS_DONE, STONES_LEFT, GARDEN, MAGIC_TURN, PLAYERS, LEGAL_N) = range(18)
OCCUPIED = 20                                  # per space (at most MAX_SPACES)
TOP_HOLDER = OCCUPIED + 64                     # per guild
STREAM_BASE = TOP_HOLDER + 4                   # the streams' base (its uint64 bits)
SEEDED = STREAM_BASE + 1                       # per purpose: 1 once its stream is seeded
S_SIZE = SEEDED + PURPOSES
MAX_SPACES = 64
THEN_NONE, THEN_NEXT_AGENT, THEN_RECRUIT = range(3)
END_REASONS = ("", "vp", "monsters", "rounds")

# ---- SE[seat] ---------------------------------------------------------------------------------
(GOLD, MANA, FOOD, AGENTS, PLACED, FREED, DUNGEON, VP, STONES, RP, REVEALED, BANISHED,
 VP_GUILD, VP_DUNGEON, VP_MASTERS) = range(15)
POWER, BEST = 15, 19                           # per guild
SE_SIZE = 23
VP_PARTS = (VP_GUILD, VP_DUNGEON, VP_MASTERS)  # effects.VP_PARTS order

# ---- effect keys (GOLD, MANA, FOOD double as the SE index of the resource) ----------------------
KEYS = RESOURCES + ("dungeon", "rp", "draw", "adventure", "vp", "banish", "garden", "steal",
                    "others_discard", "occupied", "stone_bonus", "fort")
(K_GOLD, K_MANA, K_FOOD, K_DUNGEON, K_RP, K_DRAW, K_ADVENTURE, K_VP, K_BANISH, K_GARDEN, K_STEAL,
 K_OTHERS_DISCARD, K_OCCUPIED, K_STONE_BONUS, K_FORT) = range(len(KEYS))
assert (K_GOLD, K_MANA, K_FOOD) == (GOLD, MANA, FOOD)

# ---- the actions: A[i] = (kind, x, y) -----------------------------------------------------------
(PLACE, PLAY_ITEM, REVEAL, PAY_REVEAL, END_PAYING, RECRUIT, END_REVEAL, BANISH, STOP_BANISHING,
 DISCARD_CARD, FORT_CHOICE_OPTION, PLAY_MAGIC, END_MAGIC) = range(13)
FORT_AGENT = 0                                 # FortChoice x: 0 = agent, 1 + k = FORT_STEPS[k]
FORT_STEPS = np.array([(a, b) for a in range(4) for b in range(a, 4)], np.int64)
PILE_HAND, PILE_DISCARD = 0, 1

# ---- the phases (actions.Phase) ---------------------------------------------------------------
P_AGENT, P_RECRUIT, P_BANISH, P_DISCARD, P_FORT, P_MAGIC, P_OVER, P_PAY = range(8)

# ---- the hero, adventure, monster and space tables ----------------------------------------------
KINDS = ("basic", "guild", "king", "master")
(H_KIND, H_GUILD, H_COST, H_SYMBOLS, H_REVEAL, H_REVEAL_RP, H_REVEAL_PAID, H_PAY, H_AGENT,
 H_RECRUIT) = range(10)
KING = KINDS.index("king")
ADVENTURE_TYPES = ("item", "magic", "quest")
QUEST_KINDS = ("power_in_guilds", "stones", "per_king", "guild_cards")
A_TYPE, A_EFFECT, A_PAY, A_QUEST, A_Q1, A_Q2, A_VP = range(7)
M_LEVEL, M_RANKS, M_REWARD = 0, 1, 2           # M_REWARD + rank - 1: the reward's effect
SP_SYMBOL, SP_GUILD, SP_COST, SP_GAIN = range(4)


class Kit(NamedTuple):
    """The component data as arrays (numba reads a NamedTuple's fields by name)."""
    eff: np.ndarray            # [effect, i] = (key, amount)
    elen: np.ndarray           # pairs per effect
    hero: np.ndarray           # [hero, H_*]
    adventure: np.ndarray      # [card, A_*]
    monster: np.ndarray        # [monster, M_*]
    track: np.ndarray          # [guild, level] -> effect
    track_vp: np.ndarray       # [guild, level] -> its VP alone (a level reached again)
    space: np.ndarray          # [space, SP_*]
    basic_deck: np.ndarray
    hero_deck: np.ndarray
    masters: np.ndarray
    adventure_deck: np.ndarray
    top: int                   # the guild tracks' top level
    fort: int                  # the Fort's space id, -1 without one
    hero_key: np.ndarray       # uint64: each card's shuffle identity (Components.hero_keys)
    adventure_key: np.ndarray
    monster_key: np.ndarray


class Effects:
    """Effect tuples -> rows of ``Kit.eff``; the same tuple gets the same row."""

    def __init__(self):
        self.rows: dict[tuple, int] = {}

    def id(self, effect: tuple) -> int:
        return self.rows.setdefault(tuple(effect), len(self.rows))

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        width = max([len(e) for e in self.rows] + [1])
        eff = np.zeros((len(self.rows), width, 2), np.int64)
        elen = np.zeros(len(self.rows), np.int64)
        for effect, i in self.rows.items():
            elen[i] = len(effect)
            for j, (key, n) in enumerate(effect):
                eff[i, j] = KEYS.index(key), n
        return eff, elen


def kit_of(comp, rules) -> tuple[Kit, Effects]:
    """The component data (as loaded and validated) as arrays; the effects' table too, so the
    strategies can price the same rows."""
    effects = Effects()
    heroes = np.array([[KINDS.index(h.kind), h.guild, h.cost, h.symbols, effects.id(h.reveal),
                        effects.id(tuple(e for e in h.reveal if e[0] == "rp")),
                        effects.id(tuple(e for e in h.reveal if e[0] != "rp")),
                        effects.id(h.reveal_pay), effects.id(h.agent), effects.id(h.recruit)]
                       for h in comp.heroes], np.int64)
    adventures = np.array([[ADVENTURE_TYPES.index(a.type), effects.id(a.effect),
                            effects.id(a.pay), *_quest(a), a.vp] for a in comp.adventures],
                          np.int64).reshape(-1, 7)
    ranks = max(len(m.rewards) for m in comp.monsters)
    monsters = np.zeros((len(comp.monsters), M_REWARD + ranks), np.int64)
    for i, m in enumerate(comp.monsters):
        monsters[i, :M_REWARD] = m.level, len(m.rewards)
        monsters[i, M_REWARD:M_REWARD + len(m.rewards)] = [effects.id(r) for r in m.rewards]
    track = np.array([[effects.id(r) for r in levels] for levels in comp.track_rewards], np.int64)
    track_vp = np.array([[effects.id(tuple(e for e in r if e[0] == "vp")) for r in levels]
                         for levels in comp.track_rewards], np.int64)
    spaces = np.array([[sp.symbol, sp.guild, effects.id(sp.cost), effects.id(gain)]
                       for sp, gain in zip(comp.spaces, space_gains(comp, rules))], np.int64)
    eff, elen = effects.arrays()
    fort = next((sp.id for sp in comp.spaces if sp.name == "Fort"), -1)
    ints = lambda xs: np.array(xs, np.int64)               # noqa: E731
    return Kit(eff, elen, heroes, adventures, monsters, track, track_vp, spaces,
               ints(comp.basic_deck), ints(comp.hero_deck), ints(comp.masters),
               ints(comp.adventure_deck), comp.track_top, fort, _keys(comp.hero_keys),
               _keys(comp.adventure_keys), _keys(comp.monster_keys)), effects


def _keys(keys: tuple) -> np.ndarray:
    return np.array(keys, np.uint64)


# The component fields kit_of leaves out, and why: every other field reaches the Kit
# (tests/games/adventure_realms/test_kernel_parts.py), so a new field can't be ignored unseen.
NOT_PLAYED = {"HeroCard": {"id": "its index in heroes, as the kernel's",
                           "name": "tables; its shuffle identity is Components.hero_keys"},
              "AdventureCard": {"id": "its index in adventures",
                                "name": "tables; its shuffle identity is Components.adventure_keys"},
              "Monster": {"name": "tables; its shuffle identity is Components.monster_keys"},
              "Components": {"placeholders": "the report's list of placeholder data"}}


def _quest(card) -> tuple[int, int, int]:
    if card.type != "quest":
        return -1, 0, 0
    args = list(card.quest[1:]) + [0, 0]
    return QUEST_KINDS.index(card.quest[0]), args[0], args[1]


def list_width(comp, n: int) -> int:
    """Room for the longest list of L (a seat may come to own every hero card)."""
    heroes = len(comp.hero_deck) + len(comp.masters) + n * len(comp.basic_deck)
    return max(heroes, len(comp.adventure_deck), 4 * n) + 8


def legal_room(comp) -> int:
    """Room for the longest legal list (every card on every space, or both piles banishable)."""
    return len(comp.heroes) * (len(comp.spaces) + 2) + len(comp.adventures) + 16


# ---- R: the Rules as ints (simulate/kernels/rules.py: one encoder per Rules field) -----------
(R_STARTING_GOLD, R_STARTING_AGENTS, R_GUILD_ROW_SIZE, R_STONES, R_MONSTERS_BY_LEVEL,
 R_TOKEN_SUPPLY, R_SUPPLY_GOLD, R_SUPPLY_MANA, R_SUPPLY_FOOD, R_HAND_SIZE, R_DRAWS_PER_ROUND,
 R_GARDEN_MANA_SETUP, R_GARDEN_MANA_PER_ROUND, R_MAX_ROUNDS, R_GUILD_SPACE_POWER,
 R_EXCLUSIVE_TOP, R_TOP_STAYS_EXCLUSIVE, R_TRACK_REWARDS_AGAIN, R_FORT_AGENT_COST,
 R_FORT_AGENT_NOW, R_FORT_GUILD_STEPS, R_OASIS_RP, R_SHADOW_THRESHOLD,
 R_BASTION_SKIPS_EMPTY_HANDS, R_BANISH, R_ADVENTURE_RESHUFFLE, R_DUNGEON_TRACK_LENGTH,
 R_STONE_ON_TIE, R_TIED_RANKS, R_VP_TARGET, R_VP_CHECK, R_GUILD_CARDS_COUNT, R_STONE_VP,
 R_TIE_BREAKERS, R_SIZE) = range(35)


def choice(field: str, value: str) -> int:
    """The number a kernel compares a choice field with: the value's index among its choices."""
    return next(f for f in dataclasses.fields(Rules)
                if f.name == field).metadata["choices"].index(value)


def chosen(offset: int, field: str):
    """A choice field's value as its index among the field's choices."""
    return at(offset, lambda value: choice(field, value))


RULES_ENCODERS = {
    "starting_gold": at(R_STARTING_GOLD), "starting_agents": at(R_STARTING_AGENTS),
    "guild_row_size": at(R_GUILD_ROW_SIZE), "stones": at(R_STONES),
    "monsters_by_level": at(R_MONSTERS_BY_LEVEL),
    "token_supply": chosen(R_TOKEN_SUPPLY, "token_supply"), "supply_gold": at(R_SUPPLY_GOLD),
    "supply_mana": at(R_SUPPLY_MANA), "supply_food": at(R_SUPPLY_FOOD),
    "hand_size": at(R_HAND_SIZE), "draws_per_round": chosen(R_DRAWS_PER_ROUND, "draws_per_round"),
    "garden_mana_setup": at(R_GARDEN_MANA_SETUP),
    "garden_mana_per_round": at(R_GARDEN_MANA_PER_ROUND), "max_rounds": at(R_MAX_ROUNDS),
    "guild_space_power": at(R_GUILD_SPACE_POWER), "exclusive_top": at(R_EXCLUSIVE_TOP),
    "top_stays_exclusive": at(R_TOP_STAYS_EXCLUSIVE),
    "track_rewards_again": chosen(R_TRACK_REWARDS_AGAIN, "track_rewards_again"),
    "fort_agent_cost": at(R_FORT_AGENT_COST), "fort_agent_now": at(R_FORT_AGENT_NOW),
    "fort_guild_steps": at(R_FORT_GUILD_STEPS), "oasis_rp": at(R_OASIS_RP),
    "shadow_threshold": at(R_SHADOW_THRESHOLD),
    "bastion_skips_empty_hands": at(R_BASTION_SKIPS_EMPTY_HANDS),
    "banish": chosen(R_BANISH, "banish"), "adventure_reshuffle": at(R_ADVENTURE_RESHUFFLE),
    "dungeon_track_length": at(R_DUNGEON_TRACK_LENGTH),
    "stone_on_tie": chosen(R_STONE_ON_TIE, "stone_on_tie"),
    "tied_ranks": chosen(R_TIED_RANKS, "tied_ranks"), "vp_target": at(R_VP_TARGET),
    "vp_check": chosen(R_VP_CHECK, "vp_check"),
    "guild_cards_count": chosen(R_GUILD_CARDS_COUNT, "guild_cards_count"),
    "stone_vp": at(R_STONE_VP), "tie_breakers": chosen(R_TIE_BREAKERS, "tie_breakers"),
}


def rules_array(rules) -> np.ndarray:
    """Every Rules field of Adventure Realms as ints at the R_* offsets."""
    return build_rules_array(rules, R_SIZE, RULES_ENCODERS)


CAPPED = choice("token_supply", "capped")
TWICE = choice("draws_per_round", "twice")
VP_ONLY = choice("track_rewards_again", "vp")
UP_TO = choice("banish", "up_to")
STONE_ALL = choice("stone_on_tie", "all")
DENSE = choice("tied_ranks", "dense")
CHECK_ALL = choice("vp_check", "all")
BY_GUILD = choice("guild_cards_count", "guild")
TIE_NONE, TIE_STONES = choice("tie_breakers", "none"), choice("tie_breakers", "stones")
N_GUILDS = len(GUILDS)
