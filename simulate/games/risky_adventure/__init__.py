"""Risky Adventure (Queen Games, 2016): competitive dice placement for 2 to 4 players.

Each turn a player places 3 adventurers on camp equipment, excavation artifacts and the
expedition track, rolls 4 dice once, spends clocks to set dice, and claims what the dice pay for.
Fame comes from artifacts, expeditions, bonus cards, scarabs and treasure maps. See RULES.md for
how the engine maps the rulebook, the rulings and the placeholder data in ``data/``.
"""
from simulate.games.base import GameSpec
from simulate.games.risky_adventure.components import KINDS, TYPES, load_components
from simulate.games.risky_adventure.rules import Rules
from simulate.games.risky_adventure.state import State, new_game

__all__ = ["GAME", "Rules", "State", "new_game"]

_COMPONENTS = load_components()

_SEATS = {
    "fame_artifacts": ("int", "Fame from artifacts claimed."),
    "fame_expeditions": ("int", "Fame from expedition fame spots."),
    "fame_scarabs": ("int", "Fame from scarab parts at the end (a top+bottom pair 4)."),
    "fame_maps": ("int", "Fame from completed treasure maps at the end (best assignment)."),
    "fame_bonus": ("int", "Fame from triggered bonus cards."),
    **{f"artifacts_{t}": ("int", f"Artifacts of type {t} claimed.") for t in TYPES},
    "wilds": ("int", "Wild artifacts gained on the expedition."),
    "artifacts_claimed": ("str", "Ids of the artifacts claimed, '|'-joined, in order."),
    "equipment_bought": ("str", "Ids of the equipment cards bought, '|'-joined, in order."),
    "equipment": ("int", "Equipment cards bought (the tie-breaker; starting card not counted)."),
    **{f"equipment_{k}": ("int", f"{k.replace('_', ' ').capitalize()} cards bought.")
       for k in KINDS},
    "maps_held": ("int", "Treasure maps held at the end."),
    "maps_completed": ("int", "Treasure maps completed at the end."),
    "clocks_spent": ("int", "Clocks spent to set dice."),
    "clocks_gained": ("int", "Clocks gained (artifacts, expedition, bonus cards, the trade)."),
    "clocks_end": ("int", "Clocks held at the end."),
    "trades": ("int", "Times the 3-dice clock trade was used."),
    "rolls_paid_nothing": ("int", "Rolls after which no placed spot could be paid (even with "
                           "the seat's clocks)."),
    "expedition_spots": ("int", "Expedition spots advanced."),
    "expeditions_finished": ("int", "Times the seat reached the end of an expedition."),
    "tied_on_fame": ("bool", "Another seat has the same fame."),
}

GAME = GameSpec(
    name="risky_adventure",
    title="Risky Adventure",
    version="1.0",
    rules_class=Rules,
    new_game=new_game,
    players=(2, 4),
    heroes=(),
    game_columns={
        "rounds": ("int", "Rounds played (a round: every seat one turn)."),
        "turns": ("int", "Turns played in all."),
        "fame_spread": ("int", "Fame of the first minus fame of the last."),
        "winning_fame": ("int", "The highest fame of the game."),
        "shared_win": ("bool", "Two or more seats share rank 1 after the tie-breaker."),
        "equipment_tie_break_decided": ("bool", "Seats tied on fame and most equipment cards "
                                        "decided the winner."),
        "expeditions_completed": ("int", "Expeditions whose end was reached."),
        "equipment_deck_left": ("int", "Equipment cards left in the deck at the end."),
        "artifacts_left": ("int", "Artifacts left in the three excavations at the end."),
    },
    seat_columns=_SEATS,
    default_strategy="fame_now",
    score_bounds=(0.0, 400.0),
    placeholders=_COMPONENTS.placeholders,
)
