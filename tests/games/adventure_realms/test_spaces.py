"""Every action space as the rulebook lists it, the symbol a card must show, and the Fort."""
import pytest

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase

from .helpers import delta, give_adventure, give_hand, resources, snapshot, start

# space: (card that fits it, what the seat gains; hand counts the played card's -1)
SPACES = {
    "Tavern": ("Fighter", {"dungeon": 1, "adventures": 1, "hand": -1}),
    "Castle": ("Fighter", {"dungeon": 1}),                      # hand: -1 played, +1 drawn
    "Church": ("Villager", {"food": -1, "hand": 1}),
    "Fairy Garden": ("Villager", {"mana": 2, "hand": -1}),       # set-up 1 + Draw Phase 1
    "Tree of Life": ("Wizard", {"food": 1, "mana": 2, "hand": -1}),
    "Mine": ("Cleric", {"gold": 3, "hand": -1}),
    "Oasis": ("Thief", {"gold": -3, "rp": 3, "hand": -1}),
    "Temple": ("Fighter", {"gold": 2, "food": 1, "hand": -1}),
    "Ancient Ruins": ("Wizard", {"food": -1, "mana": 4, "hand": -1}),
    "Shrine": ("Thief", {"gold": -3, "dungeon": 3, "hand": -1}),
    "Bastion": ("Fighter", {"food": -1, "dungeon": 2, "hand": -1, "power": (1, 0, 0, 0)}),
    "Merylith": ("Fighter", {"gold": 3, "dungeon": 2, "hand": -1, "power": (1, 0, 0, 0)}),
    "Quint": ("Thief", {"mana": -3, "hand": 2, "power": (0, 1, 0, 0)}),
    "Ember": ("Wizard", {"mana": -5, "dungeon": 5, "hand": -1, "power": (0, 0, 1, 0)}),
    "Vexx": ("Wizard", {"mana": 2, "adventures": 1, "hand": -1, "power": (0, 0, 1, 0)}),
    "Willow": ("Cleric", {"food": 2, "hand": -1, "power": (0, 0, 0, 1)}),
    "Harrow": ("Cleric", {"food": -1, "dungeon": 4, "hand": -1, "power": (0, 0, 0, 1)}),
}


@pytest.mark.parametrize("space", sorted(SPACES))
def test_each_action_space(space):
    card, expected = SPACES[space]
    s = start(2)
    give_hand(s, 0, card, "Villager")
    resources(s, 0, gold=10, mana=10, food=10)
    before = snapshot(s, 0)
    action = A.Place(card, space)
    assert action in s.legal_actions()
    s.apply(action)
    assert delta(before, snapshot(s, 0)) == expected
    assert s.occupied[s.space_id[space]] == 0
    assert s.current_seat == 1 or s.phase != Phase.AGENT


def test_a_card_needs_the_space_symbol_a_free_space_and_the_cost():
    s = start(2)
    give_hand(s, 0, "Villager")                       # Town, Forest
    resources(s, 0, gold=0, mana=0, food=0)
    spaces = {a.space for a in s.legal_actions() if isinstance(a, A.Place)}
    assert spaces == {"Tavern", "Castle", "Fairy Garden", "Tree of Life", "Mine"}  # no Church: food
    s.apply(A.Place("Villager", "Mine"))
    give_hand(s, 1, "Villager")
    assert A.Place("Villager", "Mine") not in s.legal_actions()
    give_adventure(s, 1, "Grappling Hook")            # an item: place on an occupied space
    s.apply(A.PlayItem("Grappling Hook"))
    assert A.Place("Villager", "Mine") in s.legal_actions()


def test_merchant_banishes_up_to_two_from_hand_or_discard_and_draws():
    s = start(2)
    give_hand(s, 0, "Thief", "Villager", "Wizard")
    s.discard[0].append(s.deck[0].pop())
    s.apply(A.Place("Thief", "Merchant"))
    assert s.phase == Phase.BANISH and s.current_seat == 0 and len(s.hand[0]) == 2   # draws after
    s.apply(A.Banish("Villager", "hand"))
    assert A.Banish("Wizard", "hand") in s.legal_actions()
    s.apply(A.Banish(s.comp.heroes[s.discard[0][0]].name, "discard"))
    assert s.banished[0] == 2 and len(s.box) == 2 and len(s.hand[0]) == 2   # Wizard + drawn
    assert s.phase == Phase.AGENT and s.current_seat == 1


def test_bastion_makes_every_other_player_discard_and_skips_empty_hands():
    s = start(3)
    give_hand(s, 0, "Fighter")
    resources(s, 0, food=1)
    give_hand(s, 1, "Villager", "Cleric")
    give_hand(s, 2)                                   # nothing in hand: skipped (ruling 8)
    s.apply(A.Place("Fighter", "Bastion"))
    assert s.phase == Phase.DISCARD and s.current_seat == 1
    assert set(s.legal_actions()) == {A.Discard("Villager"), A.Discard("Cleric")}
    s.apply(A.Discard("Cleric"))
    assert [s.comp.heroes[c].name for c in s.hand[1]] == ["Villager"]
    assert s.phase == Phase.AGENT and s.current_seat == 1 and s.dungeon[0] == 2


def test_shadow_takes_a_random_adventure_card_from_players_with_three():
    s = start(3)
    for name in ("Fireball", "Coin Purse", "Mana Vial"):
        give_adventure(s, 1, name)
    give_adventure(s, 2, "Fireball")
    give_hand(s, 0, "Thief")
    s.apply(A.Place("Thief", "Shadow"))
    assert len(s.adventures[0]) == 2 and len(s.adventures[1]) == 2 and len(s.adventures[2]) == 1


def test_fort_frees_the_third_agent_for_eight_gold_or_gives_guild_steps():
    s = start(2)
    give_hand(s, 0, "Thief", "Fighter", "Villager")
    resources(s, 0, gold=8)
    s.apply(A.Place("Thief", "Fort"))
    assert s.phase == Phase.FORT and s.current_seat == 0
    legal = {a.option for a in s.legal_actions()}
    assert len(legal) == 11 and {"agent", "Fighters+Fighters", "Thieves+Clerics"} <= legal
    s.apply(A.FortChoice("agent"))
    assert s.gold[0] == 0 and s.agents[0] == 3 and s.agents_free(0) == 2
    s.apply(A.Reveal())                               # seat 1 passes
    while s.phase != Phase.AGENT:
        s.apply(s.legal_actions()[0])
    s.apply(A.Place("Fighter", "Castle"))
    s.apply(A.Place("Villager", "Mine"))              # the freed agent, this round
    assert s.placed[0] == 3
    t = start(2)
    give_hand(t, 0, "Thief")
    t.apply(A.Place("Thief", "Fort"))
    assert A.FortChoice("agent") not in t.legal_actions()    # 2 gold: no third agent
    t.apply(A.FortChoice("Wizards+Clerics"))
    assert t.power[0] == [0, 0, 1, 1]
    u = start(2)
    give_hand(u, 0, "Thief")
    u.apply(A.Place("Thief", "Fort"))
    u.apply(A.FortChoice("Thieves+Thieves"))
    assert u.power[0] == [0, 2, 0, 0] and u.vp[0] == 1        # level 2: 1 VP
    assert u.current_seat == 1


def test_the_fort_is_closed_when_it_offers_nothing():
    s = start(2, fort_guild_steps=0)
    give_hand(s, 0, "Thief")
    assert A.Place("Thief", "Fort") not in s.legal_actions()  # 2 gold, no steps
    s.gold[0] = 8
    s._ask()
    assert A.Place("Thief", "Fort") in s.legal_actions()


def test_items_are_played_on_ones_own_turn_and_do_not_end_it():
    s = start(2)
    give_adventure(s, 0, "Coin Purse")
    gold = s.gold[0]
    s.apply(A.PlayItem("Coin Purse"))
    assert s.gold[0] == gold + 3 and s.current_seat == 0 and s.adventure_discard
