"""Set a Roll for Adventure table by hand and force its dice."""
import random

from simulate.games.roll_for_adventure import new_game
from simulate.games.roll_for_adventure.rules import Rules
from simulate.games.roll_for_adventure.territories import FIRST_BONUS

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


class ScriptedDice:
    """Stands in for the game's streams (every purpose the same script): ``random()`` makes the
    listed faces, in order."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def get(self, purpose):
        return self

    def random(self):
        assert self.faces, "the game rolled more dice than the test scripted"
        return (self.faces.pop(0) - 0.5) / 6


def table(n=4, deck=(), **rules):
    """A game before anyone has rolled: every die on its owner's board, nothing else on the
    table; the deck reveals ``deck`` (card names, first first; "shadow_master" for him) and
    then the other enemies in card order, with the Master of Shadows last unless named."""
    st = new_game(Rules(**rules), n, random.Random(0))
    k = st.k
    k.boards[k.active].extend(k.hand)
    k.hand.clear()
    top = [-1 if name == "shadow_master" else card(st, name) for name in deck]
    rest = [c for c in range(len(k.card_name)) if c not in top] + ([] if -1 in top else [-1])
    st.deck = (top + rest)[::-1]
    k.cards_left = len(st.deck)
    return st


def card(st, name):
    return st.k.card_name.index(name)


def die(colour, i=0):
    return colour * 5 + i


def bonus(i=0):
    return FIRST_BONUS + i


def take(st, d):
    """Lift die ``d`` off wherever it lies."""
    k = st.k
    places = (k.boards + [k.hand, k.desert, k.desert_section2, k.desert_lost] + k.fortress
              + [k.forest] + k.enemy_dice + [k.oblivion, k.resurrection, k.bonus_pool, k.box])
    for place in places:
        if d in place:
            place.remove(d)
            return
    k.ice_cave[k.ice_cave.index(d)] = -1


def put(st, d, place, face):
    """Put die ``d`` showing ``face`` in ``place`` (a list on the table)."""
    take(st, d)
    st.k.face[d] = face
    place.append(d)


def put_ice(st, d, face):
    """Put die ``d`` on the ice cave space ``face``."""
    take(st, d)
    st.k.face[d] = face
    st.k.ice_cave[face - 1] = d


def reveal(st, name):
    """An enemy already face up on its territory (no attack)."""
    c = card(st, name)
    st.deck.remove(c)
    st.k.cards_left -= 1
    st.k.enemies.append(c)
    return c


def start(st, seat, *faces, after=()):
    """Begin ``seat``'s turn rolling ``faces`` (its board's dice, in board order); ``after``
    scripts the dice that follow (re-rolls, the territory die)."""
    k = st.k
    k.active = seat
    k.turn = 1
    st.streams = ScriptedDice(*faces, *after)
    assert len(k.boards[seat]) == len(faces), "script one face per die on the board"
    assert st.start_turn()
    return st


def faces(st, dice):
    return sorted(st.k.face[d] for d in dice)
