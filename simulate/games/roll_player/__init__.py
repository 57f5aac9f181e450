"""Roll Player (Thunderworks Games): competitive character building for 1 to 4 players.

Players draft dice from Initiative cards onto an 18-space character sheet, use attribute
actions, buy Market cards and score reputation stars at the Final Tally. See RULES.md for how
the engine maps the rulebook, the rulings and the placeholder data.
"""
from simulate.games.roll_player.readings import READINGS
from simulate.games.base import GameSpec
from simulate.games.roll_player.actions import Buy, DiscardForGold, UseSkill
from simulate.games.roll_player.components import load_components
from simulate.games.roll_player.rules import Rules
from simulate.games.roll_player.scoring import GAME_COLUMNS, SEAT_COLUMNS
from simulate.games.roll_player.state import State, new_game

__all__ = ["GAME", "Rules", "State", "new_game"]

_COMPONENTS = load_components()

def cards_taken(view, action) -> tuple[str, ...]:
    """Restricted play: the Market card a Buy takes."""
    return (action.name,) if isinstance(action, Buy) else ()


def card_names() -> tuple[str, ...]:
    return tuple(c.name for c in load_components().cards)


MECHANICS = (
    ("skills", "using a Skill card", lambda view, a: isinstance(a, UseSkill)),
    ("discard_for_gold", "discarding a card for Gold",
     lambda view, a: isinstance(a, DiscardForGold)),
)


GAME = GameSpec(
    cards_taken=cards_taken,
    card_names=card_names,
    mechanics=MECHANICS,
    readings=READINGS,
    name="roll_player",
    title="Roll Player",
    version="1.1",
    rules_class=Rules,
    new_game=new_game,
    players=(1, 4),
    heroes=tuple(c.name for c in _COMPONENTS.classes),
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    default_strategy="goal_chaser",
    score_bounds=(-40.0, 200.0),
    placeholders=_COMPONENTS.placeholders + (
        "class abilities of the nine classes other than Thief, Bard and Druid (no effect)",
        "Backstory cells and goal star values (inferred, not printed data)",
    ),
    grants=("market",),
    paid_grants=("market",),
)
