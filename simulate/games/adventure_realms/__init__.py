"""Adventure Realms: deck building and worker placement for 2 to 4 players (a design under
development; its card data changes between studies).

Players draw 5 hero cards a round, play them to put agents on board spaces (regions and guilds,
guild favour tracks with rewards and an exclusive top), reveal the rest to recruit heroes from the
Guild Row, race on the dungeon track for the monster's rewards and the Elemental Stones, and the
game ends at 10 VP or after the tenth monster. Every deck is an editable file in ``data/``; see
RULES.md for how the engine maps the rulebook, the rulings and the placeholders.
"""
from simulate.games.adventure_realms.components import GUILDS, load_components
from simulate.games.adventure_realms.rules import Rules
from simulate.games.adventure_realms.state import State, new_game
from simulate.games.base import GameSpec

__all__ = ["GAME", "Rules", "State", "new_game"]

_COMPONENTS = load_components()
_G = [g.lower() for g in GUILDS]

GAME = GameSpec(
    name="adventure_realms",
    title="Adventure Realms",
    version="1.0",
    rules_class=Rules,
    new_game=new_game,
    players=(2, 4),
    heroes=(),
    game_columns={
        "rounds": ("int", "Rounds played (one monster each; at most 10)."),
        "winner_vp": ("int", "The highest final VP of the game."),
        "runner_up_vp": ("int", "The second-highest final VP (equal to winner_vp on a tie)."),
        "tie_break": ("str", "What decided a tie on VP: none (no tie), stones, kings, shared."),
        "lead_changes": ("int", "Times the sole leader on the VP track changed between rounds."),
        "stones_taken": ("int", "Elemental Stones taken from the Dark Castle."),
        "tops_taken": ("int", "Guild tracks whose exclusive top someone reached."),
    },
    seat_columns={
        "vp_guild": ("int", "VP from guild tracks (levels 2 and 6; lost when power drops)."),
        "vp_dungeon": ("int", "VP from monster rewards by dungeon rank."),
        "vp_masters": ("int", "VP from recruiting (Guild Masters' +1)."),
        "vp_stones": ("int", "Final scoring: VP for Elemental Stones."),
        "vp_quests": ("int", "Final scoring: VP for fulfilled Quest cards."),
        "vp_track": ("int", "VP on the track at the end (guild + dungeon + masters)."),
        "stones": ("int", "Elemental Stones owned (first tie-break)."),
        "kings": ("int", "Kings (Epic heroes) owned (second tie-break)."),
        "quests_held": ("int", "Quest cards held at the end."),
        "quests_fulfilled": ("int", "Quest cards that scored."),
        "dominant_guild": ("str", "The guild of most recruited guild heroes (mixed on a tie, "
                           "none without any)."),
        **{f"recruited_{g}": ("int", f"{g.title()} guild heroes recruited.") for g in _G},
        "recruited_kings": ("int", "Kings recruited."),
        "recruited_masters": ("int", "Guild Masters recruited."),
        "cards_recruited": ("str", "Names of the heroes recruited, '|'-joined, in order."),
        "final_deck_size": ("int", "Hero cards owned at the end (deck, hand, discard, play)."),
        "banished": ("int", "Hero cards banished."),
        "agents": ("int", "Agents at the end (3 when the Fort's agent was freed)."),
        **{f"power_{g}": ("int", f"Final power on the {g.title()} track (0-6).") for g in _G},
        "dungeon_ranks": ("str", "Dungeon rank per round, '|'-joined (0 = not on the track)."),
        "vp_by_round": ("str", "VP on the track after each round, '|'-joined."),
        "gold": ("int", "Gold left at the end."),
        "mana": ("int", "Mana left at the end."),
        "food": ("int", "Food left at the end."),
    },
    default_strategy="balanced",
    score_bounds=(0.0, 200.0),
    placeholders=_COMPONENTS.placeholders,
)
