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
        self.rules, self.comp, self.n = rules, comp, n          # the Rules, the cards, seats
        self.solo = n == 1                                       # the solo game
        self.n_cards = 3 if self.solo else n + 1                 # Initiative cards in play
        self.phase = Phase.RACE                                  # what the seat is asked
        self.stage = S_RACE                                      # where the round is (S_*)
        self.current_seat = self.turn_seat = self.start_player = 0   # deciding, turn, first
        self.round = 0                                           # rounds started
        self.is_over = False                                     # the Final Tally is done
        self.bag = [rules.class_colour_dice] * 6 + [rules.gold_dice]   # dice left per colour
        self.vals = [[0] * 18 for _ in range(n)]
        self.cols = [[-1] * 18 for _ in range(n)]
        self.fill = [[0] * 6 for _ in range(n)]
        self.gold = [0] * n                                      # Gold per seat
        self.charisma = [0] * n                                  # Charisma tokens per seat
        self.race = [-1] * n                                     # index into comp.races
        self.klass = [None] * n                                  # ClassCard
        self.backstory = [-1] * n                                # Backstory card per seat
        self.alignment = [-1] * n                                # Alignment card per seat
        self.token = [4] * n                                     # alignment cell, centre = 4
        self.weapons, self.armor = [[] for _ in range(n)], [[] for _ in range(n)]   # cards
        self.skills, self.traits = [[] for _ in range(n)], [[] for _ in range(n)]   # cards
        self.exhausted = [[] for _ in range(n)]                  # in the order exhausted
        self.starting_dice = [[] for _ in range(n)]              # (colour, value) to place
        self.start_die_chosen = False                            # starting_dice[seat][0] picked
        self.class_draws: list[int] = []                         # colours out of the bag now
        self.class_options: list[str] = []                       # classes to choose from
        self.init_dice: list = [None] * self.n_cards
        self.init_gold = [0] * self.n_cards
        self.init_owner = [-1] * self.n_cards
        self.roll_queue: list = []                               # rolled dice awaiting cards
        self.roll_card = 0                                       # next card to get a die
        self.market: list[int] = []                              # face-up Market cards
        self.discard: list[int] = []                             # Market discard pile
        self.trashed: list[int] = []                             # out of the game (solo)
        self.deck_size = 0                                       # Market deck (order hidden)
        self.effect = ""                                         # pending effect kind
        self.effect_source = ""                                  # row name or card name
        self.effect_data: tuple = ()                             # the effect's arguments
        self.dice_order: list[int] = []                          # seats in the dice phase
        self.dice_idx = 0                                        # whose dice turn it is
        self.market_order: list[int] = []                        # seats by Initiative
        self.market_idx = 0                                      # whose market turn it is
        self.druid_queue: list[int] = []                         # Druids still to act
        self.purchases = 0                                       # buys this market turn
        self.bought_skill = False                                # a Skill bought this turn
        # bookkeeping for the results
        self.cards_bought = [[] for _ in range(n)]               # names, in order
        self.skills_used = [0] * n                               # Skill uses per seat
        self.discards_for_gold = [0] * n                         # Market turns for Gold
        self.charisma_used = [0] * n                             # Charisma tokens spent
        self.market_reshuffles = 0                               # discard -> new deck


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
    seat: int                                                    # the seat of this view
    table: TableView
