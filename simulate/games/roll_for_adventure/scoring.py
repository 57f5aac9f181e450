"""What one game of Roll for Adventure leaves in the results: its columns and its Outcome.

The game is cooperative: every seat wins or loses with the team, every rank is 1, and each
seat's score is the team's power stones.
"""
from __future__ import annotations

from simulate.games.base import Outcome
from simulate.games.roll_for_adventure.rules import HERO_DICE, TERRITORIES, board_name

GAME_COLUMNS = {
    "won": ("bool", "The team filled the adventure board with power stones."),
    "turns": ("int", "Turns played, counting the one in which the game ended."),
    "stones": ("int", "Power stones won by the team (the score of every seat)."),
    "board": ("str", "Adventure board: book_of_magic (5 stones), sword_of_saints (6), "
                     "crown_of_kings (7), jewel_of_light (8), else '<n>_stones'."),
    "shadow_master_turn": ("int", "Turn at whose end the Master of Shadows was revealed; null "
                                  "if he never appeared."),
    "turns_after_shadow_master": ("int", "Turns played after the one he appeared in; null if "
                                         "he never appeared."),
    "stones_at_shadow_master": ("int", "Power stones the team had when he appeared; null if "
                                       "he never appeared."),
    **{f"damage_{t}": ("int", f"Damage on the {t.replace('_', ' ')}'s track at the end.")
       for t in TERRITORIES},
    **{f"stones_{t}": ("int", f"Power stones won in the {t} (the ice cave gives none).")
       for t in TERRITORIES[:3]},
    "fallen_territories": ("str", "The territories whose skull reached the end of its track "
                                  "when the game was lost, joined by '+' (more than one when "
                                  "the Master's 'all' face felled them at once); null if none."),
    "enemies_defeated": ("int", "Enemy cards defeated (dice or the five-dice ice cave reward)."),
    "enemies_in_play": ("int", "Face-up enemies still on the territories at the end."),
    "cards_left": ("int", "Cards (the Master of Shadows included) never revealed."),
    "max_vortex_of_oblivion": ("int", "Most dice in the Vortex of Oblivion at once."),
    "resurrections": ("int", "Times the Vortex of Resurrection reached its threshold."),
    "ice_cave_claims": ("int", "Ice cave rewards claimed."),
    "bonus_dice_given": ("int", "Bonus dice handed out by ice cave claims."),
    "dice_lost_in_desert": ("int", "Dice lost for good in desert section 3 (one per desert "
                                   "stone)."),
    "hero_powers": ("bool", "PLACEHOLDER hero powers were on (Rules.hero_powers)."),
}

SEAT_COLUMNS = {
    "dice_at_end": ("int", "Hero and ally dice on the seat's hero board at the end (bonus dice "
                           "not counted)."),
    "own_dice_in_play": ("int", "Dice of the seat's own colour not lost in the desert at the "
                                "end (wherever they lie)."),
    "dice_placed": ("int", "Dice the seat placed during its turns."),
    "stones_on_turn": ("int", "Power stones the team won during the seat's turns."),
    "enemies_defeated_on_turn": ("int", "Enemies defeated during the seat's turns."),
    "bonus_dice_received": ("int", "Bonus dice the seat received from ice cave claims."),
    "hero": ("str", "The seat's hero when hero powers are on (PLACEHOLDER powers), else null."),
}


def outcome(st) -> Outcome:
    k = st.k
    rules = k.rules
    n = k.n_players
    sm_turn = st.shadow_master_turn
    metrics = {
        "won": st.won, "turns": k.turn, "stones": k.stones_total,
        "board": board_name(rules.stones_to_win),
        "shadow_master_turn": sm_turn,
        "turns_after_shadow_master": None if sm_turn is None else k.turn - sm_turn,
        "stones_at_shadow_master": st.stones_at_shadow_master,
        "enemies_defeated": st.enemies_defeated, "enemies_in_play": len(k.enemies),
        "cards_left": k.cards_left, "max_vortex_of_oblivion": st.max_oblivion,
        "resurrections": st.resurrections, "ice_cave_claims": st.ice_claims,
        "bonus_dice_given": st.bonus_dice_given, "dice_lost_in_desert": len(k.desert_lost),
        "hero_powers": rules.hero_powers,
        "fallen_territories": "+".join(TERRITORIES[t] for t in st.fallen) or None,
    }
    for t, land in enumerate(TERRITORIES):
        metrics[f"damage_{land}"] = k.damage[t]
        if t < 3:
            metrics[f"stones_{land}"] = k.stones[t]
    seats = []
    for s in range(n):
        own = rules.hero_dice_per_player - sum(1 for d in k.desert_lost if d // 5 == s
                                               and d < HERO_DICE)
        seats.append({
            "dice_at_end": k.dice_held(s), "own_dice_in_play": own,
            "dice_placed": st.seat_placed[s], "stones_on_turn": st.seat_stones[s],
            "enemies_defeated_on_turn": st.seat_defeated[s],
            "bonus_dice_received": st.seat_bonus[s],
            "hero": k.heroes[s] if rules.hero_powers else None,
        })
    score = float(k.stones_total)
    return Outcome(scores=[score] * n, won=[st.won] * n, ranks=[1] * n,
                   end_reason=st.end_reason, metrics=metrics, seat_metrics=seats)
