"""Roll Player estimates shared by the heuristics in ``strategies/roll_player.py``.

A sheet row's estimate is the class goal's stars times the chance that its empty spaces, filled
with fair dice, bring the total into the goal widened by ``slack`` per empty space. The
estimates are tabulated once per goal (``row_table``), so a decision only indexes tables;
``SeatNotes`` keeps what depends on one seat's sheet and is refreshed only when it changes.
"""
from __future__ import annotations

from simulate.games.roll_player.components import ALIGNMENT_STEP, GOLD

# CUM[r][x + 1] = ways r fair dice sum to at most x (x = -1..36)
CUM = []
for _r in range(4):
    _ways = [1]
    for _ in range(_r):
        _ways = [sum(_ways[s - f] for f in range(1, 7) if 0 <= s - f < len(_ways))
                 for s in range(len(_ways) + 6)]
    _acc, _cum = 0, [0]
    for _x in range(37):
        _acc += _ways[_x] if _x < len(_ways) else 0
        _cum.append(_acc)
    CUM.append((tuple(_cum), 6 ** _r))

OFF, TOP = 16, 64                  # row tables cover totals -OFF..TOP-1
_TABLES: dict = {}                 # (slack, near_miss, goal) -> row_table
_CELLS: dict = {}
_ALIGN: dict = {}
_REROLL: dict = {}


def hit_chance(empty: int, low: int, high: int) -> float:
    """Chance that ``empty`` fair dice sum within [low, high]."""
    cum, total = CUM[empty]
    low, high = max(low, 0), min(high, 36)
    if low > high:
        return 0.0
    return (cum[high + 1] - cum[low]) / total


def row_value(slack: float, near_miss: float, goal, total: int, empty: int) -> float:
    """A row's expected goal stars: dice total ``total`` with ``empty`` spaces left."""
    low, high, stars = goal
    if empty == 0:
        if low <= total <= high:
            return stars
        miss = low - total if total < low else total - high
        return stars * near_miss if miss == 1 else 0.0
    widen = int(slack * empty)
    return stars * hit_chance(empty, low - total - widen, high - total + widen)


def row_table(slack: float, near_miss: float, goal) -> list:
    """``row_value`` for every total and 0..3 empty spaces, at ``(total + OFF) * 4 + empty``
    (computed once per goal and parameters)."""
    key = (slack, near_miss, goal)
    tab = _TABLES.get(key)
    if tab is None:
        tab = _TABLES[key] = [float(row_value(slack, near_miss, goal, total, empty))
                              for total in range(-OFF, TOP) for empty in range(4)]
    return tab


def reroll_gain(keep_either: bool, tab: list, at: int, v: int) -> float:
    """The mean change of a row's estimate (``tab[at]`` now) when its die showing ``v`` is
    rerolled; with ``keep_either`` a worse result is not kept (memoised)."""
    key = (keep_either, id(tab), at, v)          # row tables live as long as the process
    gain = _REROLL.get(key)
    if gain is None:
        base = tab[at]
        outcomes = tab[at + 4 - 4 * v:at + 28 - 4 * v:4]
        if keep_either:
            gain = sum([x - base if x > base else 0.0 for x in outcomes]) / 6.0
        else:
            gain = sum([x - base for x in outcomes]) / 6.0
        _REROLL[key] = gain
    return gain


def cell_values(cells: tuple, wild: bool, weight: float) -> tuple:
    """(value[space * 7 + colour] of a die there for the Backstory, wanted[space])."""
    key = (cells, wild, weight)
    found = _CELLS.get(key)
    if found is None:
        value, wanted = [0.0] * (18 * 7), [False] * 18
        for space, want in cells:
            wanted[space] = True
            for colour in range(7):
                ok = want == colour or (colour == GOLD and wild)
                value[space * 7 + colour] = weight if ok else -0.3 * weight
        found = _CELLS[key] = (value, wanted)
    return found


def alignment_values(grid: tuple) -> list:
    """Per alignment cell: its stars plus 0.3 of the best step ahead."""
    found = _ALIGN.get(grid)
    if found is None:
        found = _ALIGN[grid] = []
        for cell in range(9):
            ahead = max((grid[c] for c in ALIGNMENT_STEP[cell][:4] if c >= 0), default=0)
            found.append(grid[cell] + 0.3 * max(0, ahead - grid[cell]))
    return found


class SeatNotes:
    """A strategy's notes on one seat for one game: fixed facts (Backstory cell values,
    alignment estimates) and the sheet's row totals and estimates, refreshed on change."""
    __slots__ = ("vals", "weapons", "mods", "goals", "tabs", "totals", "fill", "at", "base",
                 "rows", "memo", "colour", "die_gold", "row_gold", "cell", "wanted", "align")

    def __init__(self, s, t, seat: int):
        self.vals, self.weapons = None, None
        self.colour = t.klass[seat].colour
        rules = t.rules
        self.row_gold = rules.row_complete_gold
        self.die_gold = (rules.thief_gold_die_gold if t.is_class(seat, "Thief")
                         else rules.gold_die_gold)
        self.cell, self.wanted = cell_values(t.comp.backstories[t.backstory[seat]].cells,
                                             rules.gold_die_backstory_wild, s.backstory_weight)
        self.align = alignment_values(t.comp.alignments[t.alignment[seat]].stars)

    def refresh(self, s, t, seat: int) -> None:
        weapons = t.weapons[seat]
        if weapons != self.weapons:
            mods = list(t.comp.races[t.race[seat]].modifiers)
            for w in weapons:
                for r, m in enumerate(t.comp.cards[w].modifiers):
                    mods[r] += m
            self.mods, self.weapons = mods, weapons[:]
            self.goals = [(low - mods[r], high - mods[r], stars)
                          for r, (low, high, stars) in enumerate(t.klass[seat].goals)]
            self.tabs = [row_table(s.slack, s.near_miss, g) for g in self.goals]
        v = self.vals = t.vals[seat][:]
        self.fill = f = t.fill[seat]
        t0, t1, t2 = v[0] + v[1] + v[2], v[3] + v[4] + v[5], v[6] + v[7] + v[8]
        t3, t4, t5 = v[9] + v[10] + v[11], v[12] + v[13] + v[14], v[15] + v[16] + v[17]
        self.totals = [t0, t1, t2, t3, t4, t5]
        # the estimate of row r with its total moved by d: tabs[r][at[r] + 4 * d]
        self.at = at = [(t0 + OFF) * 4 + 3 - f[0], (t1 + OFF) * 4 + 3 - f[1],
                        (t2 + OFF) * 4 + 3 - f[2], (t3 + OFF) * 4 + 3 - f[3],
                        (t4 + OFF) * 4 + 3 - f[4], (t5 + OFF) * 4 + 3 - f[5]]
        tabs = self.tabs
        self.base = [tabs[0][at[0]], tabs[1][at[1]], tabs[2][at[2]], tabs[3][at[3]],
                     tabs[4][at[4]], tabs[5][at[5]]]
        self.rows, self.memo = None, {}

    def open_rows(self) -> list:
        """Per open row: (row, table, index of the estimate after a die of value 0, estimate
        now, Backstory cell index of the next space, Gold for completing the row)."""
        if self.rows is None:
            self.rows = [(r, self.tabs[r], self.at[r] - 1, self.base[r], (r * 3 + f) * 7,
                          self.row_gold if f == 2 else 0)
                         for r, f in enumerate(self.fill) if f < 3]
        return self.rows
