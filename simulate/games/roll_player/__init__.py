"""Roll Player (Thunderworks Games): competitive character building for 1 to 4 players.

Players draft dice from Initiative cards onto an 18-space character sheet, use attribute
actions, buy Market cards and score reputation stars at the Final Tally. See RULES.md for how
the engine maps the rulebook, the rulings and the placeholder data.
"""
from simulate.games.base import GameSpec
from simulate.games.roll_player.components import load_components
from simulate.games.roll_player.rules import Rules
from simulate.games.roll_player.state import State, new_game

__all__ = ["GAME", "Rules", "State", "new_game"]

_COMPONENTS = load_components()

GAME = GameSpec(
    name="roll_player",
    title="Roll Player",
    version="1.0",
    rules_class=Rules,
    new_game=new_game,
    players=(1, 4),
    heroes=tuple(c.name for c in _COMPONENTS.classes),
    game_columns={
        "rounds": ("int", "Rounds played (18 spaces minus starting dice: 12/11/10; solo 12)."),
        "gold_tie_break_decided": ("bool", "Several seats tied on stars and most Gold alone "
                                   "decided the winner."),
        "class_dice_tie_break_decided": ("bool", "Stars and Gold tied and fewest class-colour "
                                         "dice decided the winner."),
        "shared_win": ("bool", "Two or more seats share rank 1 after every tie-breaker."),
        "winning_stars": ("int", "The highest star total of the game."),
        "market_reshuffles": ("int", "Times the Market discard pile became a new deck."),
        "cards_trashed": ("int", "Market cards out of the game (solo: Diplomacy and the "
                          "solo die's trashes)."),
    },
    seat_columns={
        "class": ("str", "The seat's class."),
        "race": ("str", "The seat's race (character sheet)."),
        "backstory": ("str", "The seat's Backstory card."),
        "alignment_card": ("str", "The seat's Alignment card."),
        "stars_attributes": ("int", "Stars for attribute goals met (after race and weapon "
                             "modifiers)."),
        "stars_class_dice": ("int", "Stars for dice of the class colour on the sheet."),
        "stars_alignment": ("int", "Stars (may be negative) under the alignment token."),
        "stars_backstory": ("int", "Stars for Backstory matches (0-1/2-3/4-5/6 -> 0/1/3/6)."),
        "stars_armor": ("int", "Stars for armour sets, with the class-colour bonus."),
        "stars_traits": ("int", "Stars from Trait cards whose condition holds."),
        "gold": ("int", "Gold at the end (first tie-breaker)."),
        "class_dice": ("int", "Dice of the class colour on the sheet (fewest wins the second "
                       "tie-breaker)."),
        "goals_met": ("int", "Attribute goals met (0-6)."),
        "backstory_matches": ("int", "Backstory cells matched (0-6)."),
        "cards_bought": ("int", "Market cards bought."),
        "cards_bought_names": ("str", "Names of the cards bought, '|'-joined, in order."),
        "cards_dropped_at_scoring": ("int", "Cards discarded before scoring because they "
                                     "would lower the score (FAQ)."),
        "skills_used": ("int", "Skill uses (including Diplomacy)."),
        "discards_for_gold": ("int", "Market turns spent discarding a card for Gold."),
        "charisma_tokens_used": ("int", "Charisma tokens spent on purchases."),
        "tied_on_stars": ("bool", "Another seat has the same star total."),
    },
    default_strategy="goal_chaser",
    score_bounds=(-40.0, 200.0),
    placeholders=_COMPONENTS.placeholders + (
        "class abilities of the nine classes other than Thief, Bard and Druid (no effect)",
        "Backstory cells and goal star values (inferred, not printed data)",
    ),
)
