"""Risky Adventure (Queen Games, 2016): competitive dice placement for 2 to 4 players.

Each turn a player places 3 adventurers on camp equipment, excavation artifacts and the
expedition track, rolls 4 dice once, spends clocks to set dice, and claims what the dice pay for.
Fame comes from artifacts, expeditions, bonus cards, scarabs and treasure maps. See RULES.md for
how the engine maps the rulebook, the rulings and the placeholder data in ``data/``.
"""
from simulate.games.risky_adventure.readings import READINGS
from simulate.games.base import GameSpec
from simulate.games.risky_adventure.actions import EXCAVATION_SPOT, Claim, Place
from simulate.games.risky_adventure.components import load_components
from simulate.games.risky_adventure.rules import Rules, check_players
from simulate.games.risky_adventure.scoring import GAME_COLUMNS, SEAT_COLUMNS
from simulate.games.risky_adventure.state import State, new_game

__all__ = ["GAME", "Rules", "State", "new_game"]

_COMPONENTS = load_components()

def cards_taken(view, action) -> tuple[str, ...]:
    """Restricted play: the camp's equipment cards a placement aims at or a claim buys."""
    if not isinstance(action, (Place, Claim)):
        return ()
    return tuple(view.comp.equipment[view.camp[s]].id for s in action.spots
                 if s < EXCAVATION_SPOT and view.camp[s] >= 0)


def card_names() -> tuple[str, ...]:
    return tuple(e.id for e in load_components().equipment)


MECHANICS = (
    ("trade", "the 3-dice clock trade", lambda view, a: isinstance(a, Claim) and a.trades > 0),
    ("clocks", "spending a clock to set a die",
     lambda view, a: isinstance(a, Claim) and a.clocks > 0),
)


GAME = GameSpec(
    cards_taken=cards_taken,
    card_names=card_names,
    mechanics=MECHANICS,
    readings=READINGS,
    name="risky_adventure",
    title="Risky Adventure",
    version="1.2",
    rules_class=Rules,
    new_game=new_game,
    players=(2, 4),
    heroes=(),
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    default_strategy="fame_now",
    score_bounds=(0.0, 400.0),
    placeholders=_COMPONENTS.placeholders,
    grants=("equipment",),
    paid_grants=("equipment",),
    check_players=check_players,
    supply_columns=("equipment_deck_left", "artifacts_left"),
)
