"""What the heuristics think a discount or bonus card is worth: what it would
pay the seat (SpotValuer.card_pays), so ``fame_now`` buys a discount that pays."""
from simulate.games.risky_adventure import actions as A
from strategies.risky_adventure import FameNow, game_left

from .helpers import DESERT, JUNGLE, SEA, card, force_rolls, give_card, place, put_in_camp, \
    put_on_top, table


def test_fame_now_buys_a_discount_that_pays(monkeypatch):
    """Discount A for the jungle (F or M off each jungle artifact) against a 1-fame statue the
    same dice could pay instead: by what the discount pays over the game (about 2.7 fame at 2
    players, the granted value measured on common seeds), fame_now takes the card; on the flat
    values of before (card_payoff 0: 1 fame x game_left) it took neither."""
    state = table(n=2, seed=0)
    put_in_camp(state, 0, "discount_a_jungle_1")        # costs FFM
    put_on_top(state, DESERT, "A2")                     # FM, 1 fame
    put_on_top(state, JUNGLE, "B5")
    put_on_top(state, SEA, "B6")                        # FFPP: not paid by this roll
    force_rolls(monkeypatch, "FFMM")                    # pays the card or the statue, not both
    place(state, A.camp_spot(0), A.excavation_spot(DESERT, 0), A.excavation_spot(SEA, 0))
    view = state.view(0)
    claim = FameNow().choose(view, state.legal_actions())
    assert claim.spots == (A.camp_spot(0),)
    flat = FameNow(card_payoff=0.0).choose(view, state.legal_actions())
    assert A.camp_spot(0) not in flat.spots


def test_a_discount_pays_by_the_pay_chance_it_adds():
    """Nothing where its excavation is empty, less once the seat holds the other Discount A of
    that excavation (each marker adds less to the same chances), and a bonus card's triggers
    fall with what is left of the game."""
    state = table(n=2, seed=0)
    seat, view = FameNow(), state.view(0)
    discount = state.comp.equipment[card(state, "discount_a_jungle_1")]
    bonus = state.comp.equipment[card(state, "bonus_b_jungle_desert_1")]
    left = game_left(view)
    alone = seat.card_pays(view, discount, left)
    assert 2.0 < alone < 3.5
    empty = view._replace(excavation_left=(0, *view.excavation_left[1:]))
    assert seat.card_pays(empty, discount, left) == 0.0
    holder = table(n=2, seed=0)                         # a fresh table: markers are kept per turn
    give_card(holder, 0, "discount_a_jungle_2")
    assert 0 < seat.card_pays(holder.view(0), discount, left) < alone
    assert seat.card_pays(view, bonus, left / 2) < seat.card_pays(view, bonus, left)
