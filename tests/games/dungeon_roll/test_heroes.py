"""Each hero's novice and master specialty and ultimate, with forced dice, and level-up."""
import random

import pytest

from simulate.games.dungeon_roll import deal_heroes
from simulate.games.dungeon_roll.streams import Chance
from simulate.games.dungeon_roll.actions import (Defeat, DiscardTreasure, DragonStrike,
                                                 MarkReroll, OpenChests, Quaff, ReadScroll,
                                                 Revive, RollNow, Ultimate)
from simulate.games.dungeon_roll.components import (CHAMPION, CHEST, CLERIC, ELIXIR, FIGHTER,
                                                    GOBLIN, HERO_KEYS, MAGE, OOZE, SCROLL,
                                                    SKELETON, THIEF, VORPAL_SWORD)
from simulate.games.dungeon_roll.legal import DRAGON, LOOT, MONSTER, REGROUP, REROLL

from .helpers import Dice, make_state, one_delve, play, scripted_game

HERO = 17
CONVERTED_THIEF, CONVERTED_FIGHTER = 6 + THIEF, 6 + FIGHTER


def _defeats(state):
    return [a for a in state.legal_actions() if type(a) is Defeat]


@pytest.mark.parametrize("hero, face, as_type, target", [
    ("spellsword", FIGHTER, MAGE, OOZE), ("spellsword", MAGE, FIGHTER, GOBLIN),
    ("minstrel", THIEF, MAGE, OOZE), ("minstrel", MAGE, THIEF, GOBLIN),
    ("occultist", CLERIC, MAGE, OOZE), ("occultist", MAGE, CLERIC, SKELETON),
    ("crusader", FIGHTER, CLERIC, SKELETON), ("crusader", CLERIC, FIGHTER, GOBLIN),
    ("enchantress", SCROLL, CHAMPION, GOBLIN), ("enchantress", SCROLL, THIEF, OOZE)])
@pytest.mark.parametrize("master", [False, True])
def test_specialty_swaps_companions(hero, face, as_type, target, master):
    party = [0] * 6
    party[face] = 1
    dungeon = [0, 0, 0, 0, 0]
    dungeon[target] = 2
    state = make_state(hero, party=party, dungeon=dungeon, master=master)
    play(state, Defeat(face, as_type, target, -1))
    swept = as_type == CHAMPION or (as_type, target) in ((FIGHTER, GOBLIN), (CLERIC, SKELETON),
                                                         (MAGE, OOZE))
    assert state.dungeon[target] == (0 if swept else 1)
    knight = make_state("knight", party=party, dungeon=dungeon)
    assert Defeat(face, as_type, target, -1) not in knight.legal_actions()


@pytest.mark.parametrize("hero, as_type", [("spellsword", MAGE), ("crusader", CLERIC)])
def test_arcane_blade_and_holy_strike_make_the_hero_a_companion(hero, as_type):
    target = OOZE if as_type == MAGE else SKELETON
    dungeon = [0, 0, 0, 0, 0]
    dungeon[target] = 3
    state = make_state(hero, party=(0,) * 6, dungeon=dungeon)
    play(state, Defeat(HERO, as_type, target, -1))
    assert state.ultimate_used and state.graveyard == 7 and state.phase == REGROUP
    state = make_state(hero, party=(0,) * 6, dungeon=dungeon, master=True)
    assert not [a for a in _defeats(state) if a.source == HERO]


def test_arcane_fury_discards_monsters_chests_potions_and_the_lair():
    state = make_state("spellsword", master=True, dungeon=(1, 1, 1, 1, 1), lair=2)
    play(state, Ultimate("Arcane Fury", ()))
    assert sum(state.dungeon) == 0 and state.lair == 0 and state.pool == 7
    assert state.phase == REGROUP and state.xp[0] == 0


def test_mercenary_rerolls_party_dice_when_forming_the_party():
    dice = Dice(SCROLL, SCROLL, SCROLL, FIGHTER, FIGHTER, CLERIC, MAGE, CHAMPION, CHAMPION, GOBLIN)
    state = scripted_game(one_delve(), ["mercenary"], dice)
    assert state.phase == REROLL and sum(state.dungeon) == 0
    assert not [a for a in state.legal_actions() if a.__class__ is MarkReroll and a.dungeon]
    play(state, MarkReroll(False, SCROLL), MarkReroll(False, SCROLL), RollNow())
    assert state.party == [2, 1, 1, 0, 2, 1] and state.dungeon[GOBLIN] == 1
    assert state.phase == MONSTER
    state = scripted_game(one_delve(), ["mercenary"], Dice(*[FIGHTER] * 15))
    state.master[0] = True                        # the Commander side has no re-roll
    state._start_delve()
    assert state.phase == MONSTER and state.dungeon[GOBLIN] == 1


def test_commander_fighters_defeat_one_extra_monster():
    state = make_state("mercenary", master=True, party=(1, 0, 0, 0, 0, 0), dungeon=(2, 0, 2, 0, 0),
                       hand={VORPAL_SWORD: 1})
    assert Defeat(FIGHTER, FIGHTER, GOBLIN, -1) not in state.legal_actions()
    play(state, Defeat(FIGHTER, FIGHTER, GOBLIN, OOZE))
    assert state.dungeon[:3] == [0, 0, 1]
    play(state, Defeat(12, FIGHTER, OOZE, -1))      # a Vorpal Sword is a Fighter too
    assert state.phase == REGROUP
    novice = make_state("mercenary", party=(1, 0, 0, 0, 0, 0), dungeon=(2, 0, 2, 0, 0))
    assert all(a.extra == -1 for a in _defeats(novice))


def test_calculated_strike_and_battlefield_presence():
    state = make_state("mercenary", dungeon=(0, 1, 1, 0, 0))
    play(state, Ultimate("Calculated Strike", (SKELETON, OOZE)))
    assert state.ultimate_used and state.phase == REGROUP and state.graveyard == 2
    state = make_state("mercenary", master=True, party=(0, 0, 0, 0, 1, 0), dungeon=(3, 0, 0, 0, 0),
                       dice=(FIGHTER, CHEST, CHEST, CHEST))
    play(state, ReadScroll(HERO), MarkReroll(False, CHAMPION), *[MarkReroll(True, GOBLIN)] * 3,
         RollNow())
    assert state.party[FIGHTER] == 1 and state.dungeon[CHEST] == 3 and state.phase == LOOT


def test_knight_scrolls_become_champions_and_battlecry():
    dice = Dice(SCROLL, SCROLL, FIGHTER, FIGHTER, CLERIC, MAGE, THIEF, GOBLIN)
    state = scripted_game(one_delve(), ["knight"], dice)
    assert state.party == [2, 1, 1, 1, 2, 0]
    state = make_state("knight", party=(1, 1, 1, 0, 0, 0), dungeon=(1, 1, 1, 0, 0))
    play(state, Ultimate("Battlecry", ()))
    assert state.lair == 3 and state.phase == DRAGON and state.dragons_fought[0] == 1


def test_dragon_slayer_needs_two_types():
    state = make_state("knight", master=True, party=(2, 1, 0, 0, 0, 0), lair=3, phase=DRAGON,
                       dice=(0.0,))
    play(state, DragonStrike(FIGHTER, FIGHTER), DragonStrike(CLERIC, CLERIC))
    assert state.dragons_defeated[0] == 1 and state.phase == REGROUP
    novice = make_state("knight", party=(2, 1, 0, 0, 0, 0), lair=3, phase=DRAGON)
    assert not [a for a in novice.legal_actions() if type(a) is DragonStrike]


def test_half_goblin_loots_during_the_monster_phase_and_goblins_become_thieves():
    state = make_state("half_goblin", party=(1, 0, 0, 1, 0, 0), dungeon=(2, 1, 0, 2, 1),
                       dice=(0.0, 0.0))
    legal = state.legal_actions()
    assert OpenChests(THIEF, THIEF) in legal and Quaff(FIGHTER) in legal
    play(state, OpenChests(THIEF, THIEF), Ultimate("Plea for Help", (GOBLIN,)))
    assert state.converted[THIEF] == 1 and state.dungeon[GOBLIN] == 1
    play(state, Defeat(CONVERTED_THIEF, THIEF, GOBLIN, -1))
    assert state.converted[THIEF] == 0 and state.graveyard == 6      # a dungeon die: back to pool
    knight = make_state("knight", dungeon=(1, 0, 0, 1, 0))
    assert not [a for a in knight.legal_actions() if type(a) is OpenChests]


def test_pull_rank_thieves_are_discarded_at_regroup():
    state = make_state("half_goblin", master=True, dungeon=(3, 0, 0, 0, 0))
    play(state, Ultimate("Pull Rank", (GOBLIN, GOBLIN)), Defeat(FIGHTER, FIGHTER, GOBLIN, -1))
    assert state.phase == REGROUP and state.converted[THIEF] == 0 and state.pool == 7


def test_bard_champions_defeat_an_extra_monster_and_bards_song():
    state = make_state("minstrel", master=True, party=(0, 0, 0, 0, 1, 0), dungeon=(2, 1, 0, 0, 0))
    play(state, Defeat(CHAMPION, CHAMPION, GOBLIN, SKELETON))
    assert state.phase == REGROUP
    state = make_state("minstrel", lair=4, phase=DRAGON)
    play(state, Ultimate("Bard's Song", ()))
    assert state.lair == 0 and state.phase == REGROUP and state.xp[0] == 0


def test_charm_monster_and_mesmerize_make_potions():
    state = make_state("enchantress", dungeon=(0, 1, 1, 0, 0))
    play(state, Ultimate("Charm Monster", (OOZE,)))
    assert state.dungeon[:5] == [0, 1, 0, 0, 1]
    state = make_state("enchantress", master=True, dungeon=(0, 1, 1, 0, 0))
    play(state, Ultimate("Mesmerize", (SKELETON, OOZE)))
    assert state.dungeon[:5] == [0, 0, 0, 0, 1] and state.phase == LOOT and state.pool == 6


def test_animate_and_command_dead_make_fighters():
    state = make_state("occultist", party=(0,) * 6, dungeon=(2, 1, 0, 0, 0))
    play(state, Ultimate("Animate Dead", (SKELETON,)))
    play(state, Defeat(CONVERTED_FIGHTER, FIGHTER, GOBLIN, -1))
    assert state.phase == REGROUP and state.pool == 7
    state = make_state("occultist", master=True, dungeon=(0, 3, 0, 0, 0))
    play(state, Ultimate("Command Dead", (SKELETON, SKELETON)))
    assert state.converted[FIGHTER] == 2 and state.dungeon[SKELETON] == 1


def test_divine_intervention():
    state = make_state("crusader", master=True, party=(1, 0, 0, 0, 0, 0), dungeon=(1, 1, 1, 1, 2),
                       lair=1, hand={ELIXIR: 1}, dice=(0.0,))
    play(state, Ultimate("Divine Intervention", ()), DiscardTreasure(ELIXIR))
    assert sum(state.hands[0]) == 1 and state.lair == 0 and state.revives == 2
    play(state, Revive(CHAMPION), Revive(THIEF))
    assert state.party == [1, 0, 0, 1, 1, 0] and state.phase == REGROUP


def test_level_up_mid_delve_shares_the_ultimate_flag():
    state = make_state("minstrel", party=(1, 1, 1, 0, 0, 0), lair=3, phase=DRAGON, xp=4,
                       dice=(0.0,))
    state.ultimate_used = True
    play(state, DragonStrike(FIGHTER, FIGHTER), DragonStrike(CLERIC, CLERIC),
         DragonStrike(MAGE, MAGE))
    assert state.master[0] and state.xp[0] == 5 and state.hero_name(0) == "Bard"
    state.phase, state.lair, state.pool = DRAGON, 3, 4
    assert Ultimate("Bard's Song", ()) not in state.legal_actions()    # used as a Minstrel
    fresh = make_state("minstrel", party=(1, 1, 1, 0, 0, 0), lair=3, phase=DRAGON, xp=4,
                       dice=(0.0,), rules=one_delve(ultimate_shared_on_level_up=False))
    fresh.ultimate_used = True
    play(fresh, DragonStrike(FIGHTER, FIGHTER), DragonStrike(CLERIC, CLERIC),
         DragonStrike(MAGE, MAGE))
    assert fresh.master[0] and not fresh.ultimate_used


def test_heroes_dealt_without_repeats_or_fixed():
    for seed in range(50):
        dealt = deal_heroes(4, Chance(random.Random(seed)), [None, "knight", None, None])
        assert dealt[1] == HERO_KEYS.index("knight") and len(set(dealt)) == 4
    with pytest.raises(ValueError, match="unknown hero"):
        deal_heroes(2, Chance(random.Random(1)), ["wizard"])
