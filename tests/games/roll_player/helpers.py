"""Helpers for Roll Player tests: forced dice and small table set-ups."""
import random

from simulate.games.roll_player import Rules, State, new_game
from simulate.games.roll_player import actions as A
from simulate.games.roll_player.components import COLOURS

C = {name: i for i, name in enumerate(COLOURS)}


def force_dice(monkeypatch, dice):
    """Make the next bag draws and die rolls come from ``dice`` [(colour name, value)...]: bag
    draws take the colours in order, rolls the values in order (then the real source)."""
    colours = [C[c] for c, _ in dice]
    values = [v for _, v in dice]
    real_draw, real_roll = State.draw_die, State.roll

    def draw_die(self, purpose):
        if not colours:
            return real_draw(self, purpose)
        colour = colours.pop(0)
        self.t.bag[colour] -= 1
        return colour

    def roll(self, purpose):
        return values.pop(0) if values else real_roll(self, purpose)

    monkeypatch.setattr(State, "draw_die", draw_die)
    monkeypatch.setattr(State, "roll", roll)
    return values


def start(n, heroes, rules=None, seed=0):
    """A game with fixed classes (no class draws): the first decision is a starting die."""
    return new_game(rules or Rules(), n, random.Random(seed), heroes)


def place_starting(state, rows_by_seat):
    """Place every seat's starting dice in the given rows (attribute names), in drawn order."""
    names = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
    for seat, rows in enumerate(rows_by_seat):
        for row in rows:
            assert state.current_seat == seat
            if type(state.legal_actions()[0]) is A.ChooseStartingDie:
                state.apply(A.ChooseStartingDie(*state.t.starting_dice[seat][0]))
            state.apply(A.PlaceStartingDie(names.index(row)))


def put_in_market(state, name):
    """Move the named card into the Market, swapping a Market card to where it was."""
    t = state.t
    cid = t.comp.card_by_name[name].id
    if cid in t.market:
        state._kept = getattr(state, "_kept", ()) + (cid,)
        return
    protected = [c for c in t.market if c in getattr(state, "_kept", ())]
    swap_out = next(c for c in reversed(t.market) if c not in protected)
    for pile in (state.deck, t.discard):
        if cid in pile:
            pile[pile.index(cid)] = swap_out
            t.market[t.market.index(swap_out)] = cid
            state._kept = getattr(state, "_kept", ()) + (cid,)
            return
    raise AssertionError(f"{name} is not in the deck or the discard pile")


def set_sheet(state, seat, rows):
    """Fill seat's sheet directly: rows = 6 lists of (colour name, value); dice leave the bag."""
    t = state.t
    for space in range(18):
        if t.cols[seat][space] >= 0:
            t.bag[t.cols[seat][space]] += 1
        t.vals[seat][space], t.cols[seat][space] = 0, -1
    for r, dice in enumerate(rows):
        for p, (colour, value) in enumerate(dice):
            t.vals[seat][r * 3 + p], t.cols[seat][r * 3 + p] = value, C[colour]
            t.bag[C[colour]] -= 1
        t.fill[seat][r] = len(dice)
