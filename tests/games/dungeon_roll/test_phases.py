"""The delve's phases with forced dice: companions, scrolls, loot, potions, dragon, regroup, flee."""
import pytest

from simulate.games.dungeon_roll.actions import (DragonStrike, EndLoot, Flee, MarkReroll,
                                                 OpenChests, Quaff, ReadScroll, Retire, Revive,
                                                 RollNow, SeekGlory, Defeat)
from simulate.games.dungeon_roll.components import (CHAMPION, CHEST, CLERIC, DRAGON_SCALES,
                                                    FIGHTER, GOBLIN, MAGE, OOZE, POTION, SCROLL,
                                                    SKELETON, THIEF, VORPAL_SWORD)
from simulate.games.dungeon_roll.legal import DRAGON, LOOT, MONSTER, REGROUP, REVIVE_PHASE

from .helpers import make_state, one_delve, play

# companion, target, monsters before (goblin, skeleton, ooze) -> after
POWERS = [
    (FIGHTER, GOBLIN, (3, 1, 1), (0, 1, 1)), (FIGHTER, SKELETON, (0, 2, 0), (0, 1, 0)),
    (FIGHTER, OOZE, (0, 0, 2), (0, 0, 1)),
    (CLERIC, SKELETON, (1, 3, 1), (1, 0, 1)), (CLERIC, GOBLIN, (2, 0, 0), (1, 0, 0)),
    (CLERIC, OOZE, (0, 0, 2), (0, 0, 1)),
    (MAGE, OOZE, (1, 1, 3), (1, 1, 0)), (MAGE, GOBLIN, (2, 0, 0), (1, 0, 0)),
    (MAGE, SKELETON, (0, 2, 0), (0, 1, 0)),
    (THIEF, GOBLIN, (2, 0, 0), (1, 0, 0)), (THIEF, SKELETON, (0, 2, 0), (0, 1, 0)),
    (THIEF, OOZE, (0, 0, 2), (0, 0, 1)),
    (CHAMPION, GOBLIN, (3, 1, 0), (0, 1, 0)), (CHAMPION, SKELETON, (0, 3, 1), (0, 0, 1)),
    (CHAMPION, OOZE, (1, 0, 3), (1, 0, 0)),
]


@pytest.mark.parametrize("companion, target, before, after", POWERS)
def test_companion_powers(companion, target, before, after):
    state = make_state(dungeon=before + (0, 0))
    play(state, Defeat(companion, companion, target, -1))
    assert tuple(state.dungeon[:3]) == after
    assert state.graveyard == 3 and state.party[companion] == 0   # used die to the graveyard


def test_scroll_is_no_companion_and_rerolls_party_and_dungeon_dice():
    state = make_state(party=(0, 0, 0, 0, 1, 2), dungeon=(2, 1, 0, 0, 0))
    assert not [a for a in state.legal_actions() if type(a) is Defeat and a.source == SCROLL]
    state.chance.values = [FIGHTER, OOZE, 5]          # party first: Fighter; dungeon: Ooze, Dragon
    play(state, ReadScroll(SCROLL), MarkReroll(False, SCROLL), MarkReroll(True, GOBLIN),
         MarkReroll(True, GOBLIN))
    assert state.graveyard == 5 and state.marked_party == 1 and state.marked_dungeon == 2
    play(state, RollNow())
    assert state.party == [1, 0, 0, 0, 1, 0]
    assert state.dungeon[:3] == [0, 1, 1] and state.lair == 1   # the Dragon went to the Lair


def test_lair_dice_are_never_rerolled_and_dice_per_level():
    state = make_state(party=(2, 2, 1, 1, 1, 0), lair=2, level=5, phase=REGROUP)
    state.chance.values = [GOBLIN] * 5                  # min(6, 7 - 2) = 5 dice
    play(state, SeekGlory())
    assert state.level == 6 and state.dungeon[GOBLIN] == 5 and state.pool == 0
    marks = [a for a in state.legal_actions() if type(a) is MarkReroll]
    assert not marks                                  # no Scroll: no re-roll at all


def test_loot_thief_opens_all_others_one_and_empty_box_gives_xp():
    state = make_state(dungeon=(0, 0, 0, 3, 0), phase=LOOT, box=[0] * 6 + [2, 0, 0, 0])
    state.chance.values = [0.0, 0.0]
    play(state, OpenChests(FIGHTER, FIGHTER))
    assert state.dungeon[CHEST] == 2 and state.hands[0][DRAGON_SCALES] == 1
    play(state, OpenChests(THIEF, THIEF))          # 2 chests; the box holds only 1 token left
    assert state.dungeon[CHEST] == 0 and state.hands[0][DRAGON_SCALES] == 2
    assert state.xp_empty_box[0] == 1 and state.xp[0] == 1


@pytest.mark.parametrize("champion_all, left", [(True, 0), (False, 2)])
def test_champion_opens_all_chests_is_a_rule(champion_all, left):
    rules = one_delve(champion_opens_all_chests=champion_all)
    state = make_state(dungeon=(0, 0, 0, 3, 0), phase=LOOT, rules=rules,
                       dice=(0.0, 0.0, 0.0))
    play(state, OpenChests(CHAMPION, CHAMPION))
    assert state.dungeon[CHEST] == left


@pytest.mark.parametrize("counts, revived", [(True, 2), (False, 1)])
def test_potions_capped_by_the_graveyard(counts, revived):
    rules = one_delve(quaffing_die_counts=counts)
    # 6 party dice + 1 in the graveyard; 3 potions
    state = make_state(party=(2, 1, 1, 1, 1, 0), dungeon=(0, 0, 0, 0, 3), phase=LOOT, rules=rules)
    play(state, Quaff(THIEF))
    assert state.phase == REVIVE_PHASE and state.revives == revived
    play(state, *[Revive(CHAMPION)] * revived)
    assert state.party[CHAMPION] == 1 + revived and state.dungeon[POTION] == 0
    assert state.graveyard == 2 - revived


def test_dragon_needs_three_different_types_and_scrolls_do_not_count():
    state = make_state(party=(2, 0, 1, 0, 0, 2), lair=3, phase=LOOT)
    play(state, EndLoot())
    assert state.phase == DRAGON and state.dragons_fought[0] == 1
    assert not [a for a in state.legal_actions() if type(a) is DragonStrike]
    # a Vorpal Sword in hand does not add a type; a Cleric would
    state = make_state(party=(1, 0, 1, 0, 0, 1), lair=3, phase=LOOT,
                       hand={VORPAL_SWORD: 1, 1: 1}, dice=(0.0,))
    play(state, EndLoot())
    strikes = [a for a in state.legal_actions() if type(a) is DragonStrike]
    assert DragonStrike(13, CLERIC) in strikes and all(a.source != SCROLL for a in strikes)
    play(state, DragonStrike(FIGHTER, FIGHTER))
    # committed: a second Fighter (the sword) is no longer a legal strike
    assert DragonStrike(12, FIGHTER) not in state.legal_actions()
    play(state, DragonStrike(MAGE, MAGE), DragonStrike(13, CLERIC))
    assert state.lair == 0 and state.pool == 7 and state.xp_dragons[0] == 1
    assert sum(state.hands[0]) == 2 and state.phase == REGROUP and state.dragons_defeated[0] == 1


def test_retire_gives_level_xp_and_level_ten_forces_retirement():
    state = make_state(level=4, phase=REGROUP)
    play(state, Retire())
    assert state.xp[0] == 4 and state.delves[0][-1] == (4, 4, "retired")
    state = make_state(level=9, phase=REGROUP, dice=[CHEST] * 7)
    play(state, SeekGlory())                       # level 10: 7 chests
    play(state, EndLoot())
    assert state.delves[0][-1] == (10, 10, "level_10")   # no Retire decision was needed


def test_fleeing_keeps_loot_by_default():
    for keep in (True, False):
        state = make_state(party=(1, 0, 0, 1, 0, 0), dungeon=(0, 0, 0, 1, 0), lair=3, phase=LOOT,
                           rules=one_delve(keep_loot_after_fleeing=keep), dice=(0.0,))
        play(state, OpenChests(THIEF, THIEF))       # the last chest: on to the dragon at once
        assert state.phase == DRAGON
        play(state, Flee())
        assert state.delves[0][-1] == (1, 0, "fled_dragon")
        assert sum(state.hands[0]) == (1 if keep else 0)


def test_flee_in_the_monster_phase_scores_nothing():
    state = make_state(party=(0, 0, 0, 0, 0, 1), dungeon=(1, 0, 0, 0, 0), level=3)
    assert Flee() in state.legal_actions()
    play(state, Flee())
    assert state.xp[0] == 0 and state.flees[0] == 1 and state.delves[0][-1][2] == "fled_monsters"


def test_flee_only_when_forced_with_voluntary_flee_off():
    rules = one_delve(voluntary_flee=False)
    state = make_state("minstrel", party=(1, 0, 0, 0, 0, 0), dungeon=(1, 1, 0, 0, 0), rules=rules)
    assert Flee() not in state.legal_actions()
    play(state, Defeat(FIGHTER, FIGHTER, GOBLIN, -1))
    assert state.legal_actions() == [Flee()]


def test_no_monsters_skips_to_loot_and_no_loot_skips_to_regroup():
    state = make_state(phase=REGROUP, level=1, dice=[CHEST, POTION])
    play(state, SeekGlory())
    assert state.phase == LOOT
    state = make_state(phase=REGROUP, level=1, dice=[5, 5])
    play(state, SeekGlory())
    assert state.phase == REGROUP and state.lair == 2     # 2 dragons: no attack yet
    assert state.phase == REGROUP and MONSTER != REGROUP


def test_dragon_reward_with_an_empty_box_is_xp():
    state = make_state(party=(1, 1, 1, 0, 0, 0), lair=3, phase=DRAGON, box=[0] * 10)
    play(state, DragonStrike(FIGHTER, FIGHTER), DragonStrike(CLERIC, CLERIC),
         DragonStrike(MAGE, MAGE))
    assert state.xp_dragons[0] == 1 and state.xp_empty_box[0] == 1 and state.xp[0] == 2
