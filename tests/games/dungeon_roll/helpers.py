"""Forced dice and hand-built positions for Dungeon Roll scenario tests."""
from __future__ import annotations

from simulate.games.dungeon_roll import Rules, State
from simulate.games.dungeon_roll.components import HERO_KEYS
from simulate.games.dungeon_roll.legal import MONSTER


def one_delve(**changes) -> Rules:
    """Rules for a one-delve solo game, so a scenario ends when its delve does."""
    return Rules(delves_per_player=1, **changes)


class Dice:
    """Stands in for the game's streams (streams.Chance): each die, deal or draw takes the next
    scripted value, whatever its slot. An int is a die face; a float in [0, 1) picks a treasure
    token ``int(x * tokens in the box)`` in box order (kinds in TREASURE_NAMES order)."""

    def __init__(self, *values):
        self.values = list(values)

    def random(self) -> float:
        assert self.values, "the engine rolled more than the test scripted"
        value = self.values.pop(0)
        return (value + 0.5) / 6 if isinstance(value, int) else value

    def die(self, seat: int, slot: int) -> int:
        return int(self.random() * 6)

    def deal(self, pick: int, n: int) -> int:
        return int(self.random() * n)

    def token(self, slot: int, box) -> int:
        k, t = int(self.random() * sum(box)), 0
        while k >= box[t]:
            k -= box[t]
            t += 1
        return t


class Zero(Dice):
    """Every value 0: each die a Fighter (party) or a Goblin (dungeon), the first token left."""

    def random(self) -> float:
        return 0.0


def scripted_game(rules: Rules, heroes: list[str], dice: Dice | None = None) -> State:
    """A new game of these heroes (one per seat) rolling the scripted ``dice`` (default: 0s)."""
    return State(rules, len(heroes), dice or Zero(), [HERO_KEYS.index(h) for h in heroes])


def make_state(hero: str = "knight", *, party=(1, 1, 1, 1, 1, 0), dungeon=(0, 0, 0, 0, 0),
               lair: int = 0, level: int = 1, hand: dict | None = None, box=None,
               master: bool = False, xp: int = 0, phase: int = MONSTER, rules: Rules | None = None,
               dice=(), others: tuple = ()):
    """A one-delve position: seat 0 plays ``hero`` with these party dice (the rest of the 7 in
    the graveyard), these dungeon dice (goblin, skeleton, ooze, chest, potion) and Lair."""
    rules = rules or one_delve()
    state = scripted_game(rules, [hero, *others])
    state.party = list(party)
    state.graveyard = rules.party_dice - sum(party)
    state.dungeon = list(dungeon) + [0]
    state.converted = [0] * 6
    state.lair = lair
    state.pool = rules.dungeon_dice - sum(dungeon) - lair
    state.level = level
    state.master[0] = master
    state.xp[0] = state.xp_levels[0] = xp
    state.delve_start_xp = xp
    state.ultimate_used = False
    state.marked_party = state.marked_dungeon = 0
    state.box = list(rules.treasure_counts)
    for token, n in (hand or {}).items():
        state.box[token] -= n
        state.hands[0][token] = n
    if box is not None:
        state.box = list(box)
    state.box_total = sum(state.box)
    state.tokens_gone = sum(rules.treasure_counts) - state.box_total - sum(state.hands[0])
    state.phase = state.resume = phase
    state.chance = Dice(*dice)
    state.assert_invariants()
    return state


def play(state, *actions):
    """Apply actions one by one, each checked legal, invariants after each."""
    for action in actions:
        legal = state.legal_actions()
        assert action in legal, f"{action!r} not legal; legal: {legal!r}"
        state.apply(action)
        state.assert_invariants()
    return state
