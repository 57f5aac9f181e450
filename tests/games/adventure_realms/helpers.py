"""Set up Adventure Realms positions by hand: a seeded game, then hands and resources fixed."""
import random

from simulate.games.adventure_realms import Rules
from simulate.games.adventure_realms.state import State
from simulate.games.base import make_rules


def start(n: int = 2, seed: int = 0, **overrides) -> State:
    return State(make_rules(Rules, overrides), n, random.Random(seed))


def hero(state: State, name: str) -> int:
    return state.hero_id[name]


def give_hand(state: State, seat: int, *names: str) -> None:
    """Replace the seat's hand (the old hand goes back into its deck: cards are conserved)."""
    state.deck[seat].extend(state.hand[seat])
    state.hand[seat] = []
    for name in names:
        card = hero(state, name)
        for pile in (state.deck[seat], state.discard[seat], state.hero_deck):
            if card in pile:
                pile.remove(card)
                break
        else:
            raise AssertionError(f"{name} is not in seat {seat}'s deck or the hero deck")
        state.hand[seat].append(card)
    state._view = None
    state._ask()


def give_adventure(state: State, seat: int, name: str) -> None:
    card = state.adventure_id[name]
    state.adventure_deck.remove(card)
    state.adventures[seat].append(card)
    state._ask()


def resources(state: State, seat: int, gold=0, mana=0, food=0) -> None:
    state.gold[seat], state.mana[seat], state.food[seat] = gold, mana, food
    state._ask()


def snapshot(state: State, seat: int) -> dict:
    return {"gold": state.gold[seat], "mana": state.mana[seat], "food": state.food[seat],
            "dungeon": state.dungeon[seat], "hand": len(state.hand[seat]),
            "adventures": len(state.adventures[seat]), "rp": state.rp[seat],
            "vp": state.vp[seat], "power": tuple(state.power[seat])}


def delta(before: dict, after: dict) -> dict:
    out = {}
    for k in before:
        if k == "power":
            diff = tuple(a - b for a, b in zip(after[k], before[k]))
            if any(diff):
                out[k] = diff
        elif after[k] != before[k]:
            out[k] = after[k] - before[k]
    return out
