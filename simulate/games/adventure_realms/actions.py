"""Adventure Realms' decisions: small immutable values that print in the game's own words.

Cards are named (names are unique across the hero cards; adventure card names too), so a replay
log reads like the table talk: ``Place(card='Fighter', space='Merylith', option='')``.
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    """What the deciding seat is asked now (``State.phase``, ``View.phase``)."""
    AGENT = 0           # Agent Phase: place agents, play items
    RECRUIT = 1         # Reveal Phase: recruit from the Guild Row
    BANISH = 2          # a card lets the seat banish cards
    DISCARD = 3         # over the hand limit: discard
    FORT = 4            # the Fort's reward choice
    MAGIC = 5           # Dungeon Phase: Magic cards in turn order
    OVER = 6
    PAY = 7             # the Reveal: which reveal effects with a price to pay, card by card


class Place(NamedTuple):
    """Agent Phase: play a hero card from hand to put an agent on a free space showing one of
    its symbols (the Fort's choice follows as ``FortChoice``)."""
    card: str
    space: str


class FortChoice(NamedTuple):
    """The Fort: ``agent`` (pay to free the third agent) or guild steps, ``Fighters+Fighters``
    (two in one guild) or ``Fighters+Thieves`` (one in each)."""
    option: str


class PlayItem(NamedTuple):
    """Agent Phase, on one's own turn: play an Item adventure card (any number per turn)."""
    card: str


class Reveal(NamedTuple):
    """Pass the Agent Phase and reveal the hand: the reveal effects without a price are gained;
    those with one (e.g. 2 mana for dungeon advances) follow as ``PayReveal``, card by card."""


class PayReveal(NamedTuple):
    """The Reveal (ruling 13): pay a revealed card's price for the rest of its reveal effect
    (its Recruit Points came with the Reveal), one card at a time in the player's order."""
    card: str


class EndPaying(NamedTuple):
    """Pay for no more reveal effects this Reveal (the unpaid ones give only their RP)."""


class Recruit(NamedTuple):
    """Reveal Phase: recruit a hero from the Guild Row, or the top Guild Master, for its cost in
    Recruit Points."""
    card: str


class EndReveal(NamedTuple):
    """Stop recruiting: hand, played and recruited cards go to the discard pile."""


class Banish(NamedTuple):
    """Remove a hero card from the game, from ``hand`` or ``discard`` (Merchant, some cards)."""
    card: str
    pile: str


class StopBanishing(NamedTuple):
    """Banish no more (offered only with ``Rules.banish = "up_to"``)."""


class Discard(NamedTuple):
    """Bastion: a rival's agent forces this player to put a hero card from hand on the discard
    pile."""
    card: str


class PlayMagic(NamedTuple):
    """Dungeon Phase, in turn order: play a Magic adventure card."""
    card: str


class EndMagic(NamedTuple):
    """Play no more Magic cards this Dungeon Phase."""


END_REVEAL, STOP_BANISHING, END_MAGIC = EndReveal(), StopBanishing(), EndMagic()
REVEAL, END_PAYING = Reveal(), EndPaying()


def _same(self, other) -> bool:
    """Equal when of one kind with equal fields: never across kinds nor to a plain tuple (as
    NamedTuples ``Reveal() == EndReveal() == ()``, so ``REVEAL in legal`` held in any phase)."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _differ(self, other) -> bool:
    return not _same(self, other)


def _hash(self) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


KINDS = (Place, FortChoice, PlayItem, Reveal, PayReveal, EndPaying, Recruit, EndReveal, Banish,
         StopBanishing, Discard, PlayMagic, EndMagic)
for _kind in KINDS:
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same, _differ, _hash
