"""Roll Player's public table, and the read-only view of it that strategies get.

Everything on the table is public (backstory and alignment cards lie face up on the sheets); the
``State`` (state.py) keeps what nobody may see: the random source and the face-down Market deck.
``State.view(seat)`` hands a seat ``View(seat, table)`` where ``table`` is a :class:`TableView`:
every field of :class:`Table` read-only (lists as tuples), with the same queries.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.read_only import CONSTANT, SAME, TUPLE, TUPLES, Window
from simulate.games.roll_player.components import load_components
from simulate.games.roll_player.phases import S_RACE, Phase
from simulate.games.roll_player.rules import Rules


class TableQueries:
    """Read-only questions about the table, asked of the table or of a view of it."""
    __slots__ = ()

    def class_colour(self, seat: int) -> int:
        return self.klass[seat].colour

    def is_class(self, seat: int, name: str) -> bool:
        k = self.klass[seat]
        return k is not None and k.name == name


class Table(TableQueries):
    """All public game data. Sheets: ``vals[seat][space]`` (0 = empty), ``cols[seat][space]``
    (-1 = empty, 6 = gold), ``fill[seat][row]`` dice in the row. Cards are ids into
    ``comp.cards``. Initiative card c (number c + 1): ``init_dice[c]`` (colour, value) or None,
    ``init_gold[c]``, ``init_owner[c]`` (seat or -1)."""

    def __init__(self, rules: Rules, n: int):
        comp = load_components()
        self.rules, self.comp, self.n = rules, comp, n
        self.solo = n == 1
        self.n_cards = 3 if self.solo else n + 1                 # Initiative cards in play
        self.phase = Phase.RACE
        self.stage = S_RACE
        self.current_seat = self.turn_seat = self.start_player = 0
        self.round = 0
        self.is_over = False
        self.bag = [rules.class_colour_dice] * 6 + [rules.gold_dice]
        self.vals = [[0] * 18 for _ in range(n)]
        self.cols = [[-1] * 18 for _ in range(n)]
        self.fill = [[0] * 6 for _ in range(n)]
        self.gold = [0] * n
        self.charisma = [0] * n
        self.race = [-1] * n                                     # index into comp.races
        self.klass = [None] * n                                  # ClassCard
        self.backstory = [-1] * n
        self.alignment = [-1] * n
        self.token = [4] * n                                     # alignment cell, centre = 4
        self.weapons, self.armor = [[] for _ in range(n)], [[] for _ in range(n)]
        self.skills, self.traits = [[] for _ in range(n)], [[] for _ in range(n)]
        self.exhausted = [[] for _ in range(n)]                  # in the order exhausted
        self.starting_dice = [[] for _ in range(n)]              # (colour, value) to place
        self.start_die_chosen = False                            # starting_dice[seat][0] picked
        self.class_draws: list[int] = []                         # colours out of the bag now
        self.class_options: list[str] = []
        self.init_dice: list = [None] * self.n_cards
        self.init_gold = [0] * self.n_cards
        self.init_owner = [-1] * self.n_cards
        self.roll_queue: list = []                               # rolled dice awaiting cards
        self.roll_card = 0
        self.market: list[int] = []
        self.discard: list[int] = []
        self.trashed: list[int] = []                             # out of the game (solo)
        self.deck_size = 0
        self.effect = ""                                         # pending effect kind
        self.effect_source = ""                                  # row name or card name
        self.effect_data: tuple = ()
        self.dice_order: list[int] = []
        self.dice_idx = 0
        self.market_order: list[int] = []
        self.market_idx = 0
        self.druid_queue: list[int] = []
        self.purchases = 0
        self.bought_skill = False
        # bookkeeping for the results
        self.cards_bought = [[] for _ in range(n)]               # names, in order
        self.skills_used = [0] * n
        self.discards_for_gold = [0] * n
        self.charisma_used = [0] * n
        self.market_reshuffles = 0


class TableView(Window, TableQueries):
    """A read-only window on a :class:`Table` (simulate/games/read_only.py)."""
    __slots__ = ()
    FIELDS = {
        "rules": CONSTANT, "comp": CONSTANT, "n": CONSTANT, "solo": CONSTANT,
        "n_cards": CONSTANT,
        "phase": SAME, "stage": SAME, "current_seat": SAME, "turn_seat": SAME,
        "start_player": SAME, "round": SAME, "is_over": SAME, "start_die_chosen": SAME,
        "roll_card": SAME, "deck_size": SAME, "effect": SAME, "effect_source": SAME,
        "effect_data": SAME, "dice_idx": SAME, "market_idx": SAME, "purchases": SAME,
        "bought_skill": SAME, "market_reshuffles": SAME,
        "bag": TUPLE, "gold": TUPLE, "charisma": TUPLE, "race": TUPLE, "klass": TUPLE,
        "backstory": TUPLE, "alignment": TUPLE, "token": TUPLE, "class_draws": TUPLE,
        "class_options": TUPLE, "init_dice": TUPLE, "init_gold": TUPLE, "init_owner": TUPLE,
        "roll_queue": TUPLE, "market": TUPLE, "discard": TUPLE, "trashed": TUPLE,
        "dice_order": TUPLE, "market_order": TUPLE, "druid_queue": TUPLE, "skills_used": TUPLE,
        "discards_for_gold": TUPLE, "charisma_used": TUPLE,
        "vals": TUPLES, "cols": TUPLES, "fill": TUPLES, "weapons": TUPLES, "armor": TUPLES,
        "skills": TUPLES, "traits": TUPLES, "exhausted": TUPLES, "starting_dice": TUPLES,
        "cards_bought": TUPLES,
    }
    # every field is copied when first read: a decision reads only a few of them
    LAZY = {name for name, kind in FIELDS.items() if kind != CONSTANT}


class View(NamedTuple):
    """What one seat sees: its seat number and the read-only table."""
    seat: int
    table: TableView
