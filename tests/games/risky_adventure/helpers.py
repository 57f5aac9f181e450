"""Set a Risky Adventure table by hand and force its dice."""
import random

from simulate.games.risky_adventure import Rules, State, new_game
from simulate.games.risky_adventure import actions as A
from simulate.games.risky_adventure.components import EXCAVATIONS

JUNGLE, DESERT, SEA = range(3)


def force_rolls(monkeypatch, *rolls):
    """The next rolls show these symbols ("FFMP" = 2 food, 1 map, 1 pick), in order."""
    queue = [[r.count("F"), r.count("M"), r.count("P")] for r in rolls]

    def roll_dice(self):
        assert queue, "the game rolled more often than the test scripted"
        return queue.pop(0)

    monkeypatch.setattr(State, "roll_dice", roll_dice)
    return queue


def table(n=2, seed=0, **rules):
    """A game at the first seat's placement."""
    return new_game(Rules(**rules), n, random.Random(seed))


def card(state, card_id):
    return next(i for i, c in enumerate(state.comp.equipment) if c.id == card_id)


def artifact(state, artifact_id):
    return next(i for i, a in enumerate(state.comp.artifacts) if a.id == artifact_id)


def put_in_camp(state, space, card_id):
    """Put a card in a camp space, swapping the one there to where the card was."""
    c = card(state, card_id)
    old = state.camp[space]
    for pile in (state.equipment_deck, state.camp):
        if c in pile:
            pile[pile.index(c)] = old
            break
    state.camp[space] = c
    state._offer_placements()


def put_on_top(state, excavation, artifact_id):
    """Make an artifact the revealed top of an excavation, swapping it with the one there."""
    a = artifact(state, artifact_id)
    stack = state.excavations[excavation]
    top = stack[-1]
    for pile in state.excavations + [state.artifact_box]:
        if a in pile:
            pile[pile.index(a)] = top
            break
    stack[-1] = a
    state._offer_placements()


def give_card(state, seat, card_id, active=True):
    """Hand a seat an equipment card from the deck, its effect working from now (or not yet
    activated)."""
    c = card(state, card_id)
    if c in state.camp:
        state.camp[state.camp.index(c)] = state.equipment_deck.pop()
    else:
        state.equipment_deck.remove(c)
    state.equipment[seat].append(c)
    state.active_from[seat][c] = state.turn if active else 1 << 30
    state._offer_placements()
    return c


def place(state, *spots):
    state.apply(A.Place(tuple(sorted(spots))))


def claims(state):
    return {(a.spots, a.clocks, a.trades) for a in state.legal_actions()}


def exc(name, depth=0):
    return A.excavation_spot(EXCAVATIONS.index(name), depth)
