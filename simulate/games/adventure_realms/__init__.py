"""Adventure Realms: deck building and worker placement for 2 to 4 players (a design under
development; its card data changes between studies).

Players draw 5 hero cards a round, play them to put agents on board spaces (regions and guilds,
guild favour tracks with rewards and an exclusive top), reveal the rest to recruit heroes from the
Guild Row, race on the dungeon track for the monster's rewards and the Elemental Stones, and the
game ends at 10 VP or after the tenth monster. Every deck is an editable file in ``data/``; see
RULES.md for how the engine maps the rulebook, the rulings and the placeholders.
"""
from simulate.games.adventure_realms.components import load_components
from simulate.games.adventure_realms.grant import FILES as GRANTED_FILES
from simulate.games.adventure_realms.rules import Rules
from simulate.games.adventure_realms.scoring import GAME_COLUMNS, SEAT_COLUMNS
from simulate.games.adventure_realms.state import State, new_game
from simulate.games.adventure_realms.readings import READINGS
from simulate.games.adventure_realms.actions import Banish, FortChoice, PlayItem, PlayMagic, Recruit
from simulate.games.base import GameSpec

__all__ = ["GAME", "Rules", "State", "new_game"]

_COMPONENTS = load_components()

def cards_taken(view, action) -> tuple[str, ...]:
    """Restricted play: the hero a Recruit takes (from the Guild Row or the Guild Masters)."""
    return (action.card,) if isinstance(action, Recruit) else ()


def card_names() -> tuple[str, ...]:
    return tuple(h.name for h in load_components().heroes if h.kind != "basic")


MECHANICS = (
    ("fort_agent", "freeing the Fort's agent",
     lambda view, a: isinstance(a, FortChoice) and a.option == "agent"),
    ("items", "playing an Item card", lambda view, a: isinstance(a, PlayItem)),
    ("magic", "playing a Magic card", lambda view, a: isinstance(a, PlayMagic)),
    ("banish", "banishing a card", lambda view, a: isinstance(a, Banish)),
)


GAME = GameSpec(
    cards_taken=cards_taken,
    card_names=card_names,
    mechanics=MECHANICS,
    readings=READINGS,
    name="adventure_realms",
    title="Adventure Realms",
    version="1.2",
    rules_class=Rules,
    new_game=new_game,
    players=(2, 4),
    heroes=(),
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    default_strategy="balanced",
    score_bounds=(0.0, 200.0),
    placeholders=_COMPONENTS.placeholders,
    grants=GRANTED_FILES,
)
