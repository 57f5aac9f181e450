"""Rules audit: digest rulings not pinned elsewhere, each with forced dice (rules digest cited)."""
from simulate.games.dungeon_roll import Rules
from simulate.games.dungeon_roll.actions import (Defeat, DragonStrike, Flee, MarkReroll,
                                                 OpenChests, Quaff, ReadScroll, Retire, Revive,
                                                 RollNow, SeekGlory, Ultimate, UseTreasure)
from simulate.games.dungeon_roll.components import (CHAMPION, CHEST, CLERIC, DRAGON_BAIT, ELIXIR,
                                                    FIGHTER, GOBLIN, MAGE, POTION,
                                                    RING_OF_INVISIBILITY, SCROLL, SKELETON, THIEF,
                                                    TOWN_PORTAL)
from simulate.games.dungeon_roll.legal import DRAGON, LOOT, MONSTER, REGROUP

from .helpers import make_state, play, scripted_game

HERO = 17
DRAGON_FACE = 5


def test_battlefield_presence_dragons_go_to_the_lair_at_once():
    """Digest, Commander: Battlefield Presence re-rolls party and dungeon dice; any Dragon rolled
    goes to the Lair at once (Setup of a delve)."""
    state = make_state("mercenary", master=True, party=(1, 0, 0, 0, 0, 0), dungeon=(2, 0, 0, 0, 0),
                       lair=2, dice=(DRAGON_FACE, GOBLIN))
    play(state, ReadScroll(HERO), MarkReroll(True, GOBLIN), MarkReroll(True, GOBLIN), RollNow())
    assert state.lair == 3 and state.dungeon[GOBLIN] == 1 and state.ultimate_used
    play(state, Defeat(FIGHTER, FIGHTER, GOBLIN, -1))
    assert state.phase == DRAGON and state.dragons_fought[0] == 1
    assert ReadScroll(HERO) not in state.legal_actions()        # once per delve


def test_dice_per_level_is_level_capped_by_the_dice_outside_the_lair():
    """Digest: dice rolled per level = min(level, 7 - dice in the Lair)."""
    state = make_state(level=3, lair=1, phase=REGROUP, dice=[CHEST] * 4)
    play(state, SeekGlory())
    assert state.level == 4 and state.dungeon[CHEST] == 4 and state.pool == 2
    assert not state.chance.values                                 # exactly 4 dice rolled


def test_dragon_reward_ignores_the_dragon_count_and_fleeing_keeps_it():
    """Digest, Dragon phase: 1 treasure and 1 XP however many dragon dice; Lair dice to the
    pool. Fleeing: no level XP; treasures and dragon XP are kept (ruling 4)."""
    state = make_state(party=(1, 1, 1, 0, 0, 0), lair=5, phase=DRAGON,
                       dice=(0.0, GOBLIN, GOBLIN))
    play(state, DragonStrike(FIGHTER, FIGHTER), DragonStrike(CLERIC, CLERIC),
         DragonStrike(MAGE, MAGE))
    assert sum(state.hands[0]) == 1 and state.xp[0] == 1 and state.lair == 0 and state.pool == 7
    play(state, SeekGlory())                                    # level 2: two Goblins, no party
    play(state, Flee())
    assert state.xp[0] == state.xp_dragons[0] == 1 and state.xp_levels[0] == 0
    assert sum(state.hands[0]) == 1 and state.delves[0][-1] == (2, 1, "fled_monsters")


def test_a_scroll_quaffs_and_may_revive_itself():
    """Digest, Loot: any party die (a Scroll too) quaffs; the quaffing die counts in the
    graveyard cap; revived dice take a chosen face."""
    state = make_state(party=(1, 1, 1, 1, 1, 2), dungeon=(0, 0, 0, 0, 2), phase=LOOT)
    assert state.graveyard == 0
    play(state, Quaff(SCROLL))
    assert state.revives == 1 and state.dungeon[POTION] == 0 and state.pool == 7
    play(state, Revive(CHAMPION))
    assert state.party == [1, 1, 1, 1, 2, 1] and state.graveyard == 0


def test_adventurer_rotates_and_each_player_delves_three_times():
    """Digest, Turn structure: the next player becomes the adventurer; 3 delves each."""
    state = scripted_game(Rules(), ["knight", "knight"])   # all Fighters, 1 Goblin
    order = []
    while not state.is_over:
        order.append(state.current_seat)
        play(state, Defeat(FIGHTER, FIGHTER, GOBLIN, -1), Retire())
    assert order == [0, 1, 0, 1, 0, 1] and state.xp == [3, 3]
    out = state.outcome()
    assert out.ranks == [1, 1] and out.metrics["shared_win"]   # same XP, same token count


def test_converted_fighters_go_back_to_the_pool_before_the_next_roll():
    """Digest, Occultist: Animate Dead Fighters are discarded at the next regroup, so the next
    level rolls min(level, 7 - Lair) dice again."""
    state = make_state("occultist", party=(0, 1, 0, 0, 0, 0), dungeon=(0, 2, 0, 0, 0), level=2,
                       dice=[CHEST] * 3)
    play(state, Ultimate("Animate Dead", (SKELETON,)), Defeat(CLERIC, CLERIC, SKELETON, -1))
    assert state.phase == REGROUP and state.converted[FIGHTER] == 0 and state.pool == 7
    play(state, SeekGlory())
    assert state.dungeon[CHEST] == 3 and state.pool == 4


def test_level_up_mid_delve_makes_the_dragon_slayer_need_two_types():
    """Digest, Heroes: level-up at 5 XP at once, even mid-delve; Dragon Slayer needs 2 types."""
    for xp, slayer in ((4, True), (0, False)):
        state = make_state("knight", party=(1, 1, 0, 1, 0, 0), dungeon=(0, 0, 0, 1, 0), lair=3,
                           phase=LOOT, xp=xp, box=[0] * 10)
        play(state, OpenChests(THIEF, THIEF))                    # empty box: 1 XP instead
        assert state.phase == DRAGON and state.master[0] == slayer
        strikes = [a for a in state.legal_actions() if type(a) is DragonStrike]
        assert bool(strikes) == slayer
        if slayer:
            play(state, DragonStrike(FIGHTER, FIGHTER), DragonStrike(CLERIC, CLERIC))
            assert state.dragons_defeated[0] == 1 and state.hero_name(0) == "Dragon Slayer"


def test_treasure_timing_windows():
    """Digest, Treasures: Town Portal in the monster and dragon phases; Dragon Bait in the monster
    phase; Ring in the dragon phase; Elixir in all three."""
    hand = {RING_OF_INVISIBILITY: 1, DRAGON_BAIT: 1, TOWN_PORTAL: 1, ELIXIR: 1}
    windows = {MONSTER: {DRAGON_BAIT, TOWN_PORTAL, ELIXIR}, LOOT: {ELIXIR},
               DRAGON: {RING_OF_INVISIBILITY, TOWN_PORTAL, ELIXIR}}
    positions = {MONSTER: dict(dungeon=(1, 0, 0, 0, 0)), LOOT: dict(dungeon=(0, 0, 0, 1, 0)),
                 DRAGON: dict(lair=3)}
    for phase, tokens in windows.items():
        state = make_state(party=(1, 1, 0, 0, 0, 0), hand=hand, phase=phase, **positions[phase])
        used = {a.token for a in state.legal_actions() if type(a) is UseTreasure}
        assert used == tokens, phase


def test_town_portal_in_the_dragon_phase_retires_at_the_level():
    """Digest, Town Portal: retire now with XP = level; the used token goes back to the box."""
    state = make_state(level=4, lair=3, phase=DRAGON, hand={TOWN_PORTAL: 1})
    box = state.box_total
    play(state, UseTreasure(TOWN_PORTAL))
    assert state.delves[0][-1] == (4, 4, "town_portal") and state.box_total == box + 1
