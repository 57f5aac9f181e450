"""Every treasure token with forced dice, and the end scoring."""
import pytest

from simulate.games.dungeon_roll.actions import (Defeat, DragonStrike, EndLoot, MarkReroll,
                                                 OpenChests, ReadScroll, Revive, RollNow,
                                                 UseTreasure)
from simulate.games.dungeon_roll.components import (CHAMPION, CHEST, CLERIC, DRAGON_BAIT,
                                                    DRAGON_SCALES, ELIXIR, FIGHTER, GOBLIN, MAGE,
                                                    OOZE, RING_OF_INVISIBILITY, SCROLL_TOKEN,
                                                    SKELETON, TALISMAN, THIEF, THIEVES_TOOLS,
                                                    TOWN_PORTAL, VORPAL_SWORD, SCEPTRE_OF_POWER)
from simulate.games.dungeon_roll.legal import DRAGON, LOOT, REGROUP, REVIVE_PHASE
from simulate.games.dungeon_roll.scoring import solo_rank

from .helpers import make_state, one_delve, play

COMPANION_TOKENS = [(VORPAL_SWORD, FIGHTER, GOBLIN, (0, 1, 1)),
                    (TALISMAN, CLERIC, SKELETON, (3, 0, 1)),
                    (SCEPTRE_OF_POWER, MAGE, OOZE, (3, 1, 0))]


@pytest.mark.parametrize("token, acts_as, target, after", COMPANION_TOKENS)
def test_companion_tokens_act_as_one_companion_and_go_back_to_the_box(token, acts_as, target,
                                                                      after):
    state = make_state(party=(0, 0, 0, 0, 0, 1), dungeon=(3, 1, 1, 0, 0), hand={token: 1})
    box = state.box[token]
    play(state, Defeat(12 + token, acts_as, target, -1))
    assert tuple(state.dungeon[:3]) == after
    assert state.hands[0][token] == 0 and state.box[token] == box + 1 and state.graveyard == 6


def test_thieves_tools_open_all_chests():
    state = make_state(party=(0,) * 6, dungeon=(0, 0, 0, 2, 0), phase=LOOT,
                       hand={THIEVES_TOOLS: 1}, dice=(0.0, 0.0))
    play(state, OpenChests(15, THIEF))
    assert state.dungeon[CHEST] == 0 and sum(state.hands[0]) == 2


def test_used_treasures_can_leave_the_game():
    state = make_state(dungeon=(1, 0, 0, 0, 0), hand={VORPAL_SWORD: 1},
                       rules=one_delve(used_treasures_to_box=False))
    box = state.box_total
    play(state, Defeat(12, FIGHTER, GOBLIN, -1))
    assert state.box_total == box and state.tokens_gone == 1


def test_scroll_token_rerolls_dungeon_dice_in_the_monster_phase_party_dice_elsewhere():
    state = make_state(party=(0, 0, 0, 1, 0, 0), dungeon=(2, 0, 0, 0, 0),
                       hand={SCROLL_TOKEN: 1}, dice=(CHEST, CHEST))
    play(state, ReadScroll(16), MarkReroll(True, GOBLIN), MarkReroll(True, GOBLIN), RollNow())
    assert state.dungeon[CHEST] == 2 and state.phase == LOOT and state.graveyard == 6
    state = make_state(party=(2, 0, 0, 0, 0, 0), lair=3, phase=DRAGON,
                       hand={SCROLL_TOKEN: 1}, dice=(MAGE,))
    play(state, ReadScroll(16))
    assert not [a for a in state.legal_actions() if type(a) is MarkReroll and a.dungeon]
    play(state, MarkReroll(False, FIGHTER), RollNow())
    assert state.party[:3] == [1, 0, 1] and state.phase == DRAGON


def test_ring_of_invisibility_empties_the_lair_without_reward():
    state = make_state(lair=4, phase=DRAGON, hand={RING_OF_INVISIBILITY: 1})
    play(state, UseTreasure(RING_OF_INVISIBILITY))
    assert state.lair == 0 and state.pool == 7 and state.xp[0] == 0
    assert sum(state.hands[0]) == 0 and state.phase == REGROUP


def test_elixir_revives_one_die_with_a_chosen_face():
    state = make_state(party=(1, 0, 0, 0, 0, 0), dungeon=(0, 0, 0, 1, 0), phase=LOOT,
                       hand={ELIXIR: 1})
    play(state, UseTreasure(ELIXIR))
    assert state.phase == REVIVE_PHASE
    play(state, Revive(CHAMPION))
    assert state.party[CHAMPION] == 1 and state.graveyard == 5 and state.phase == LOOT


def test_dragon_bait_turns_monsters_into_dragons():
    state = make_state(party=(1, 1, 1, 0, 0, 0), dungeon=(1, 2, 0, 1, 0), hand={DRAGON_BAIT: 1})
    play(state, UseTreasure(DRAGON_BAIT))
    assert state.lair == 3 and state.dungeon[:3] == [0, 0, 0] and state.phase == LOOT
    play(state, EndLoot())
    assert state.phase == DRAGON
    strikes = [a for a in state.legal_actions() if type(a) is DragonStrike]
    assert len(strikes) == 3


def test_town_portal_retires_at_the_level_and_is_worth_two_unused():
    state = make_state(dungeon=(0, 3, 3, 0, 0), level=6, hand={TOWN_PORTAL: 2})
    play(state, UseTreasure(TOWN_PORTAL))
    assert state.is_over and state.delves[0][-1] == (6, 6, "town_portal")
    out = state.outcome()
    assert out.scores == [6 + 2]
    assert out.seat_metrics[0]["xp_treasures"] == 2 and out.seat_metrics[0]["xp_levels"] == 6


def test_end_scoring_dragon_scales_pairs():
    state = make_state(hand={DRAGON_SCALES: 5, ELIXIR: 1, TOWN_PORTAL: 1}, level=2,
                       phase=REGROUP)
    play(state, state.legal_actions()[0])          # Retire: 2 XP
    row = state.outcome().seat_metrics[0]
    assert row["xp_treasures"] == 5 + 1 + 2 and row["xp_scale_pairs"] == 2 * 2
    assert state.outcome().scores == [2 + 8 + 4] and row["treasures"] == 7


def _ended(xps, hands):
    state = make_state(others=("mercenary",) * (len(xps) - 1), phase=REGROUP)
    for seat, (xp, hand) in enumerate(zip(xps, hands)):
        state.xp[seat] = state.xp_levels[seat] = xp
        state.hands[seat] = [0] * 10
        state.hands[seat][ELIXIR] = hand
    state.is_over = True
    return state.outcome()


def test_tie_break_fewer_treasures_wins_else_shared():
    out = _ended([10, 9], [0, 1])
    assert out.scores == [10, 10] and out.ranks == [1, 2] and out.won == [True, False]
    assert out.metrics["tie_break_decided"] and not out.metrics["shared_win"]
    out = _ended([10, 10, 3], [0, 0, 0])
    assert out.ranks == [1, 1, 3] and out.won == [True, True, False]
    assert out.metrics["shared_win"] and not out.metrics["tie_break_decided"]


@pytest.mark.parametrize("score, rank", [(0, "Dragon Fodder"), (15, "Dragon Fodder"),
                                         (16, "Village Hero"), (23, "Village Hero"),
                                         (24, "Seasoned Explorer"), (30, "Champion"),
                                         (34, "Champion"), (35, "Hero of Ages")])
def test_solo_ranks(score, rank):
    assert solo_rank(score, (16, 24, 30, 35)) == rank
    out = _ended([score], [0])
    assert out.seat_metrics[0]["solo_rank"] == rank and out.won == [score >= 16]
