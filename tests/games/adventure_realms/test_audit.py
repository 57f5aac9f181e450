"""Rules audit against the rulebook and digest: each test pins a rule the first engine got wrong
(Oasis knob, Merchant's order, the guild top's successor, the Reveal's hand) or one most at risk
(the Fort's third agent, the End Phase's resets, the tenth monster, players off the track)."""
import pytest

from simulate.games.adventure_realms import GAME, Rules
from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase
from simulate.games.base import make_rules
from simulate.play import play_game
from strategies import build_strategy

from .helpers import give_hand, hero, resources, start

FIGHTERS = 0


def test_the_oasis_gives_the_rules_recruit_points():
    s = start(2, oasis_rp=5)                          # ruling 6: a knob, not dead data
    give_hand(s, 0, "Thief")
    resources(s, 0, gold=3)
    s.apply(A.Place("Thief", "Oasis"))
    assert s.rp[0] == 5 and s.gold[0] == 0


def test_merchant_banishes_before_it_draws():
    s = start(2, banish="up_to")                      # "Banish two cards ... and draw a card"
    give_hand(s, 0, "Thief", "Villager")
    top = s.deck[0][-1]
    s.apply(A.Place("Thief", "Merchant"))
    assert s.phase == Phase.BANISH and s.hand[0] == [hero(s, "Villager")]   # not drawn yet
    s.apply(A.StopBanishing())
    assert sorted(s.hand[0]) == sorted([hero(s, "Villager"), top])
    assert s.phase == Phase.AGENT and s.current_seat == 1


def test_a_reopened_top_passes_to_its_new_holder():
    s = start(2, top_stays_exclusive=False)
    s.change_power(0, FIGHTERS, 6)
    s.change_power(0, FIGHTERS, -1)                   # the holder drops: the top reopens
    s.change_power(1, FIGHTERS, 6)
    assert s.power[1][FIGHTERS] == 6 and s.top_holder[FIGHTERS] == 1
    s.change_power(0, FIGHTERS, 1)                    # now closed to the old holder
    assert s.power[0][FIGHTERS] == 5
    s.assert_invariants()


def test_cards_drawn_during_the_reveal_are_not_revealed():
    s = start(2)
    villager = hero(s, "Villager")
    heroes = list(s.comp.heroes)                      # a designer's Villager that also draws 1
    heroes[villager] = heroes[villager]._replace(reveal=(("rp", 2), ("draw", 1)))
    s.comp = s.comp._replace(heroes=tuple(heroes))
    give_hand(s, 0, "Villager")
    s.deck[0].remove(villager)
    s.deck[0].append(villager)                        # another Villager on top of the deck
    s.events = []
    s.apply(A.Reveal())
    assert "seat 0 reveals: 2 Recruit Points" in s.events   # the drawn Villager gave nothing


def test_the_forts_third_agent_is_placed_the_same_round_and_stays():
    s = start(2)
    give_hand(s, 0, "Thief", "Villager", "Fighter")
    s.gold[0] = 8
    s.apply(A.Place("Thief", "Fort"))
    s.apply(A.FortChoice("agent"))
    assert s.agents[0] == 3 and s.gold[0] == 0 and s.agents_free(0) == 2
    assert A.FortChoice("agent") not in [A.FortChoice(o) for o in s._fort_options(0)]
    for seat in range(2):                             # as after both Reveals
        s.discard[seat] += s.hand[seat] + s.played[seat]
        s.hand[seat], s.played[seat] = [], []
    s.dungeon[0] = 3
    s.phase = Phase.MAGIC
    s.magic_turn = s.n - 1
    s._next_magic_turn()                              # Dungeon scored, End Phase, round 2
    assert s.round == 2 and s.agents[0] == 3 and s.placed == [0, 0]
    assert s.dungeon == [0, 0] and all(o < 0 for o in s.occupied)
    assert s.first_player == 1 and s.current_seat == 1
    assert all(len(h) == 5 for h in s.hand)


def test_players_off_the_track_take_no_reward_and_ten_monsters_end_the_game():
    s = start(3)
    s.dungeon = [2, 0, 0]
    s.score_dungeon()
    assert s.dungeon_ranks[0] == [1] and s.dungeon_ranks[1] == [0] and s.gold[1] == 2
    s.monsters = s.monsters[:1]
    s.phase, s.magic_turn = Phase.MAGIC, s.n - 1
    s._next_magic_turn()
    assert s.is_over and s.end_reason == "monsters" and s.monsters_done == 1


@pytest.mark.parametrize("overrides", [{"exclusive_top": False}, {"oasis_rp": 0}])
def test_more_variants_keep_the_invariants(overrides):
    rules = make_rules(Rules, overrides)
    for n, seed in ((4, 3), (3, 4)):
        play_game(GAME, rules, [build_strategy("adventure_realms", "random")
                                for _ in range(n)], seed, check=True)


def test_a_level_reached_again_pays_back_its_vp_but_not_its_resources():
    s = start(2)
    s.change_power(0, FIGHTERS, 4)                    # level 2: 1 VP, level 4: 3 gold
    assert s.vp[0] == 1 and s.gold[0] == 2 + 3
    s.change_power(0, FIGHTERS, -3)                   # below level 2: the VP goes, gold stays
    assert s.vp[0] == 0 and s.gold[0] == 5
    s.change_power(0, FIGHTERS, 3)
    assert s.vp[0] == 1 and s.gold[0] == 5            # VP back, no second 3 gold
    t = start(2, track_rewards_again="all")
    t.change_power(0, FIGHTERS, 4)
    t.change_power(0, FIGHTERS, -3)
    t.change_power(0, FIGHTERS, 3)
    assert t.vp[0] == 1 and t.gold[0] == 2 + 3 + 3
