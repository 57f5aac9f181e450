"""Digest rulings 11-14 as scenarios from the rulebook's and the digest's words: tokens that never
run out, the Merchant's two banishes, reveal effects paid card by card, and the guild-cards Quest
counting guild symbols."""
import pytest

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase

from .helpers import give_adventure, give_hand, hero, start

FIGHTERS = 0


# --- ruling 11: "Set out the Gold, Mana, and Food tokens" (never said to run out) ------------
def test_a_gain_is_paid_in_full_when_the_table_holds_all_the_gold():
    s = start(4)
    s.gold = [20, 10, 10, 10]                          # the 50 printed gold tokens all handed out
    give_hand(s, 0, "Villager")
    s.apply(A.Place("Villager", "Mine"))              # "Gain three Gold tokens from the supply"
    assert s.gold[0] == 23
    s.assert_invariants()


def test_the_printed_token_counts_are_an_option():
    s = start(4, token_supply="capped")
    s.gold = [20, 10, 10, 10]
    give_hand(s, 0, "Villager")
    s.apply(A.Place("Villager", "Mine"))
    assert s.gold[0] == 20                            # capped: the supply is empty, the gain lost
    s.assert_invariants()


# --- ruling 12: "Merchant — Banish two cards (from hand or discard pile) and draw a card" ---------
def test_the_merchant_banishes_two_cards_without_stopping_early():
    s = start(2)
    give_hand(s, 0, "Thief", "Villager", "Fighter", "Cleric")
    s.apply(A.Place("Thief", "Merchant"))
    assert s.phase == Phase.BANISH and A.StopBanishing() not in s.legal_actions()
    s.apply(A.Banish("Villager", "hand"))
    assert s.phase == Phase.BANISH and A.StopBanishing() not in s.legal_actions()
    s.apply(A.Banish("Fighter", "hand"))
    assert s.banished[0] == 2 and len(s.hand[0]) == 2     # the Cleric, then the draw
    assert s.phase == Phase.AGENT and s.current_seat == 1
    s.assert_invariants()


def test_the_merchant_banishes_fewer_only_when_fewer_exist():
    s = start(2)
    give_hand(s, 0, "Thief", "Villager")              # one card left, an empty discard pile
    top = s.deck[0][-1]
    s.apply(A.Place("Thief", "Merchant"))
    assert s.banished[0] == 1 and s.box == [hero(s, "Villager")] and s.hand[0] == [top]
    assert s.phase == Phase.AGENT and s.current_seat == 1


# --- ruling 13: reveal effects with a price are paid card by card, as the player chooses --------
def _reveal_with(s, *names, mana=0):
    give_hand(s, 0, *names)
    s.mana[0] = mana
    s.apply(A.Reveal())


def test_the_player_chooses_which_revealed_cards_to_pay_for():
    s = start(2)
    _reveal_with(s, "Apprentice", "Scribe", mana=4)   # each: pay 2 mana for +2 dungeon
    assert s.phase == Phase.PAY
    assert set(s.legal_actions()) == {A.PayReveal("Apprentice"), A.PayReveal("Scribe"),
                                      A.EndPaying()}
    assert s.rp[0] == 1                               # Scribe's RP came with the Reveal
    s.apply(A.PayReveal("Scribe"))                    # the second card first, then stop
    assert s.mana[0] == 2 and s.dungeon[0] == 2 and s.phase == Phase.PAY
    s.apply(A.EndPaying())                            # Apprentice unpaid: no advances
    assert s.mana[0] == 2 and s.dungeon[0] == 2 and not s.unpaid
    assert s.phase != Phase.PAY


def test_only_affordable_prices_are_offered_one_at_a_time():
    s = start(2)
    _reveal_with(s, "Apprentice", "Rune Carver", mana=2)
    assert A.PayReveal("Rune Carver") in s.legal_actions()
    s.apply(A.PayReveal("Rune Carver"))
    assert s.mana[0] == 0 and s.dungeon[0] == 2
    assert s.phase != Phase.PAY and not s.unpaid      # Apprentice's price cannot be paid now
    assert s.view(0).unpaid == ()


def test_free_reveal_effects_come_before_the_prices():
    s = start(2)
    _reveal_with(s, "Apprentice", "Wizard", mana=1)   # the Wizard's +1 mana pays Apprentice
    assert s.legal_actions() == [A.PayReveal("Apprentice"), A.EndPaying()]
    assert s.view(0).unpaid == (hero(s, "Apprentice"),)


# --- ruling 14: "2 VP with >= 5 cards of one guild in your deck" counts guild symbols ---------
def _loyalist_with(s, *names):
    give_adventure(s, 0, "Guild Loyalist")
    for name in names:                                # bought earlier: in the discard pile
        s.hero_deck.remove(hero(s, name))
        s.discard[0].append(hero(s, name))


def test_the_guild_quest_counts_every_card_showing_the_guild_symbol():
    s = start(2)                                      # 2 basic Fighters show the Fighters symbol
    _loyalist_with(s, "Squire", "Militia Archer", "King Aldric")
    assert s.guild_cards(0)[FIGHTERS] == 5
    assert s.quest_vp(0) == (2, 1, 1)
    s.assert_invariants()


def test_the_guild_quest_can_count_guild_heroes_only():
    s = start(2, guild_cards_count="guild")
    _loyalist_with(s, "Squire", "Militia Archer", "King Aldric")
    assert s.guild_cards(0)[FIGHTERS] == 2 and s.quest_vp(0) == (0, 1, 0)


def test_the_log_begins_with_round_1s_monster():
    """Round 1's Draw Phase runs while the game is set up, before a log can be on: its line
    came first as 'round 2' (set_up_events, which play_game writes first, as for Risky
    Adventure's first board)."""
    from simulate.games import get_game
    from simulate.play import play_game
    from strategies import build_strategy
    log: list[str] = []
    seats = [build_strategy("adventure_realms", "random") for _ in range(2)]
    play_game(get_game("adventure_realms"), get_game("adventure_realms").rules_class(), seats,
              seed=3, log=log)
    rounds = [line.strip() for line in log if line.strip().startswith("round ")]
    assert rounds[0].startswith("round 1: monster ")


def test_a_strategy_charges_a_banished_hand_card_its_reveal_only_before_the_reveal():
    """A Banish is asked in the BANISH phase before or after the seat's Reveal (Merchant,
    Pilgrim, Cleric); the card's reveal effect is lost only if it was not revealed yet (the
    strategy read the phase, which is BANISH both times, and always charged it)."""
    from strategies import build_strategy
    s = start(2)
    give_hand(s, 0, "Wizard", "Villager", "Fighter")
    seat = build_strategy("adventure_realms", "balanced")
    banish = A.Banish("Wizard", "hand")
    seat._setup(s.view(0))
    before = seat._value(s.view(0), banish, Phase.BANISH)
    s.revealed[0] = True
    s._view = None
    after = seat._value(s.view(0), banish, Phase.BANISH)
    reveal = seat.static_value(seat._hero["Wizard"].reveal)
    assert reveal > 0 and after - before == pytest.approx(reveal)
