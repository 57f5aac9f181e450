"""Phase and stage numbers of Roll Player's state machine (shared by its modules).

A *phase* says what the deciding seat is asked now; a *stage* says where the round's flow is
(``State._proceed`` runs the stage handlers until one asks a decision). The engine keeps
``Phase`` members; the ``P_*`` and ``S_*`` names are the same numbers as plain ints, which the
compiled kernels use."""
from enum import IntEnum


class Phase(IntEnum):
    """What the deciding seat is asked."""
    RACE = 0
    CLASS = 1
    START_DIE = 2
    TIE = 3
    SKILL = 4
    INITIATIVE = 5
    PLACE = 6
    EFFECT = 7
    RECALL = 8
    MARKET = 9
    OVER = 10


# Phases: what the deciding seat is asked.
(P_RACE, P_CLASS, P_START_DIE, P_TIE, P_SKILL, P_INITIATIVE, P_PLACE, P_EFFECT, P_RECALL,
 P_MARKET, P_OVER) = map(int, Phase)
PHASES = tuple(Phase)                            # number -> member
PHASE_NAMES = ("race", "class", "starting_die", "tie", "skill_window", "initiative", "place",
               "effect", "recall", "market", "over")

# Stages of the flow.
(S_RACE, S_CLASS, S_START_DICE, S_ROLL, S_DICE_START, S_PRE_INIT, S_POST_PLACE, S_NEXT_DICE,
 S_DRUID, S_MARKET_TURN, S_PRE_BUY, S_BUY, S_POST_BUY, S_BUY_AGAIN, S_TURN_END) = range(15)
STAGE_NAMES = ("race", "class", "start_dice", "roll", "dice_start", "pre_init", "post_place",
               "next_dice", "druid", "market_turn", "pre_buy", "buy", "post_buy", "buy_again",
               "turn_end")
