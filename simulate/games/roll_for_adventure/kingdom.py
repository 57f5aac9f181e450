"""Everything on the table, all of it visible to every player (the game is cooperative).

Strategies never get this object: ``State.view(seat)`` hands them a read-only window on it
(``view.KingdomView``: the same fields, as tuples, and the same queries). Dice are ints: 0-19
hero dice (colour ``die // 5``), 20-23 grey bonus dice.
Each container below lists the dice lying there; every die is in exactly one of them.
"""
from __future__ import annotations

from enum import IntEnum

from simulate.games.roll_for_adventure.rules import COLOURS, HERO_DICE, Rules



class Phase(IntEnum):
    """What the team is asked now (the kernels use the same numbers as plain ints:
    kernel_layout.py)."""
    PLACE = 0
    ADVANCE = 1
    LOSE = 2
    CLAIM = 3
    GIVE = 4
    DEFEAT = 5
    RESET = 6
    OVER = 7


PLACE, ADVANCE, LOSE, CLAIM, GIVE, DEFEAT, RESET, OVER = Phase
PHASES = ("place", "advance", "lose", "claim", "give", "defeat", "reset", "over")


class KingdomQueries:
    """Read-only questions about the table, asked of the kingdom or of a view of it."""
    __slots__ = ()

    def roll_counts(self) -> list[int]:
        """How many dice of the current roll show each value (index 1-6); while placing, the
        same as ``counts``."""
        counts = [0] * 7
        face = self.face
        for d in self.hand:
            counts[face[d]] += 1
        return counts

    def dice_held(self, seat: int) -> int:
        """Hero and ally dice on a seat's hero board (plus its roll, for the active seat)."""
        n = sum(1 for d in self.boards[seat] if d < HERO_DICE)
        if seat == self.active:
            n += sum(1 for d in self.hand if d < HERO_DICE)
        return n

    def ice_cave_count(self) -> int:
        return 6 - self.ice_cave.count(-1)

    def colour(self, die: int) -> str:
        return "bonus" if die >= HERO_DICE else COLOURS[die // 5]

    def die_label(self, die: int) -> str:
        """'red' (a hero die back with its owner), 'yellow ally of blue', or 'bonus'."""
        if die >= HERO_DICE:
            return "bonus"
        colour, holder = die // 5, self.holder[die]
        return COLOURS[colour] if colour == holder else f"{COLOURS[colour]} ally of {COLOURS[holder]}"


class Kingdom(KingdomQueries):
    def __init__(self, rules: Rules, n_players: int, cards: tuple):
        self.rules = rules               # the Rules of the game
        self.n_players = n_players       # seats in the game
        self.active = 0                  # the active player's seat (colour COLOURS[seat])
        self.turn = 1                    # turns started so far
        self.phase = PLACE               # what the team is asked now (Phase)
        self.boards: list[list[int]] = [[] for _ in range(n_players)]  # dice waiting, unrolled
        self.hand: list[int] = []        # the active player's current roll
        self.counts = [0] * 7            # dice of the roll showing each value (1-6), phase PLACE
        self.face = [0] * (HERO_DICE + 4)   # the value each die shows (1-6)
        self.holder = [d // 5 for d in range(HERO_DICE)] + [-1] * 4  # who a die goes back to
        self.desert: list[int] = []      # section 1
        self.desert_section2: list[int] = []   # section 2
        self.desert_lost: list[int] = []  # section 3: lost for the rest of the game
        self.fortress: list[list[int]] = [[] for _ in rules.fortress_values]  # dice per subtask
        self.fortress_subtask = {v: i for i, v in enumerate(rules.fortress_values)}  # value -> i
        self.barriers = [True] * len(rules.fortress_values)   # True = barrier still in place
        self.forest: list[int] = []      # the path, in order
        self.forest_stones = 0           # power stones the forest path has given
        self.forest_boundary = rules.forest_boundaries[0]   # path length of the next stone
        self.ice_cave = [-1] * 6         # die on space 1..6, or -1
        self.ice_placed = 0              # dice the active player put in the cave this turn
        names, lands, ranks = cards      # enemies.enemy_cards(rules.enemy_ranks)
        self.card_name, self.card_territory, self.card_rank = names, lands, ranks  # per card
        self.enemies: list[int] = []     # face-up enemy cards, in the order revealed
        self.enemy_dice: list[list[int]] = [[] for _ in names]   # dice on each enemy card
        self.enemy_pips = [0] * len(names)   # pips of those dice, per card
        self.cards_left = 0              # face-down cards in the deck (their order is hidden)
        self.discard: list[int] = []     # defeated enemy cards
        self.shadow_master_out = False   # the Master of Shadows has been revealed
        self.oblivion: list[int] = []    # the Vortex of Oblivion
        self.resurrection: list[int] = []  # the Vortex of Resurrection
        self.resurrection_pips = 0       # pips of the dice in the Vortex of Resurrection
        self.bonus_pool: list[int] = []  # the ice cave's big space
        self.box: list[int] = []         # dice not in this game
        self.damage = [0, 0, 0, 0]       # per territory (TERRITORIES order)
        self.stones = [0, 0, 0, 0]       # power stones won per territory
        self.stones_total = 0            # power stones won by the team
        self.heroes: list[str | None] = [None] * n_players   # hero per seat (hero_powers)
        self.power_used = False          # a hero power is usable once per turn
        self.bonus_eligible: list[int] = []   # seats still owed a bonus die (phase GIVE)

    def check(self, over: bool) -> None:
        """Invariants: the 20 hero dice and 4 bonus dice are each in exactly one place; what lies
        on a territory shows a value it accepts; pips and counts add up."""
        rules = self.rules
        places = (self.boards + [self.hand, self.desert, self.desert_section2, self.desert_lost]
                  + self.fortress + [self.forest, [d for d in self.ice_cave if d >= 0]]
                  + self.enemy_dice + [self.oblivion, self.resurrection, self.bonus_pool, self.box])
        every = [d for place in places for d in place]
        assert sorted(every) == list(range(HERO_DICE + 4)), f"dice lost or doubled: {sorted(every)}"
        face = self.face
        assert all(face[d] == rules.desert_value for d in self.desert + self.desert_section2)
        assert len(self.desert) < rules.desert_section_dice[0] or self.phase == ADVANCE
        for value, spaces, barrier in zip(rules.fortress_values, self.fortress, self.barriers):
            assert all(face[d] == value for d in spaces), "fortress die of the wrong value"
            assert len(spaces) < rules.fortress_spaces and (barrier or not spaces)
        assert any(self.barriers), "all barriers down but no stone"
        assert all(face[d] in rules.forest_values for d in self.forest)
        assert len(self.forest) < self.forest_boundary
        assert all(face[d] == v + 1 for v, d in enumerate(self.ice_cave) if d >= 0)
        assert self.resurrection_pips == sum(face[d] for d in self.resurrection)
        if not rules.hero_powers:        # the placeholder Fighter counts double pips
            for c in range(len(self.card_name)):
                assert self.enemy_pips[c] == sum(face[d] for d in self.enemy_dice[c])
        for c in range(len(self.card_name)):
            assert self.enemy_pips[c] < rules.enemy_defeat_pips
            assert c in self.enemies or not self.enemy_dice[c], "dice on a card not in play"
        assert all(d >= HERO_DICE for d in self.bonus_pool)
        assert self.stones_total == sum(self.stones) and self.stones[3] == 0
        for d in range(HERO_DICE):
            if d // 5 < self.n_players:
                assert self.holder[d] == d // 5, "a hero die is held by another player"
        if not over:
            assert max(self.damage) < rules.damage_to_lose
            assert self.stones_total < rules.stones_to_win
