"""The cooperative heuristics take the plainly right placement in hand-set situations."""
from simulate.games.roll_for_adventure.actions import RESURRECTION, Place

from strategies.roll_for_adventure import STRATEGIES, master_odds

from .helpers import BLUE, RED, die, put, reveal, start, table


def choice(st, name="balanced"):
    strategy = STRATEGIES[name]()
    return strategy.choose(st.view(st.current_seat), st.legal_actions())


def test_frees_a_full_vortex_of_oblivion_when_a_die_reaches_ten():
    st = table(2)
    k = st.k
    for i in range(5):                                   # blue's dice lie in oblivion
        put(st, die(BLUE, i), k.oblivion, 3)
    put(st, die(BLUE + 1, 3), k.oblivion, 3)
    put(st, die(BLUE + 1, 2), k.resurrection, 5)         # blue's ally die already shows 5
    k.resurrection_pips = 5
    put(st, die(RED, 0), k.desert_section2, 1)           # red rolls five dice
    put(st, die(RED + 2, 1), k.desert_section2, 1)
    start(st, RED, 5, 2, 2, 3, 3)
    for name in STRATEGIES:
        assert choice(st, name) == Place(5, RESURRECTION), name


def test_defeats_a_face_up_enemy_with_a_six():
    st = table(4)
    reveal(st, "desert_1a")
    start(st, RED, 6, 2, 3, 3, 5)
    for name in STRATEGIES:
        assert choice(st, name) == Place(6, "desert_1a"), name


def test_stops_on_the_vortex_to_keep_the_last_dice_when_the_team_has_no_other():
    st = table(2)
    k = st.k
    for i in range(5):                                   # blue has nothing on its board
        put(st, die(BLUE, i), k.oblivion, 3)
    for d in (die(BLUE + 1, 2), die(BLUE + 1, 3), die(RED, 0), die(RED, 1), die(RED, 2),
              die(RED + 2, 0), die(RED + 2, 1)):
        put(st, d, k.oblivion, 3)
    start(st, RED, 3, 2)                                 # red's last two dice: no task is near
    action = choice(st)
    assert action.target == RESURRECTION                 # one die stops the turn, one is kept


def test_master_odds_follow_the_middle_stack():
    st = table(4)
    k = st.k
    assert master_odds(k) == 0.0                          # the top stack has 8 cards
    k.cards_left = 17                                     # 8 revealed: he is 1 of the next 9
    assert abs(master_odds(k) - 1 / 9) < 1e-9
    k.cards_left = 9                                      # 16 revealed, still hidden: next
    assert master_odds(k) == 1.0


def test_defeats_an_enemy_with_just_the_dice_it_takes():
    st = table(4)
    reveal(st, "desert_1a")
    start(st, RED, 3, 3, 3, 2, 5)
    for name in STRATEGIES:
        assert choice(st, name) == Place(3, "desert_1a", 2), name


def test_fills_a_task_with_the_whole_group():
    st = table(4)
    k = st.k
    for i in range(2):
        put(st, die(BLUE, i), k.fortress[1], 3)        # two 3s there: two spaces left
    start(st, RED, 3, 3, 3, 1, 6)
    assert choice(st) == Place(3, "fortress", 2)       # completes the subtask
