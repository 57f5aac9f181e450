"""The enemy deck, enemy attacks and the Master of Shadows (rulebook: "The Enemies", "The
Shadow Master Emerges").

Cards are ints: card c belongs to territory ``c // per_territory`` with rank
``enemy_ranks[c % per_territory]``; ``SHADOW_MASTER`` (-1) is the Master of Shadows. Card names
are systematic (``forest_1a`` is the forest's first rank-1 enemy): printed names are cosmetic.
"""
from __future__ import annotations

from functools import cache

from simulate.games.chance import card_ids, keyed_shuffle, shuffle_seed
from simulate.games.roll_for_adventure.rules import (DECK, TERRITORIES, TERRITORY_DIE,
                                                     TERRITORY_DIE_FACES)
from simulate.games.roll_for_adventure import territories

SHADOW_MASTER = -1


@cache
def enemy_cards(ranks: tuple) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """(names, territories, ranks) of every enemy card for these per-territory ranks."""
    names, lands, card_ranks = [], [], []
    for t, land in enumerate(TERRITORIES):
        seen: dict[int, int] = {}
        for rank in ranks:
            letter = "abcdef"[seen.get(rank, 0)]
            seen[rank] = seen.get(rank, 0) + 1
            names.append(f"{land}_{rank}{letter}")
            lands.append(t)
            card_ranks.append(rank)
    return tuple(names), tuple(lands), tuple(card_ranks)


@cache
def deck_ids(ranks: tuple) -> tuple[int, ...]:
    """Each enemy card's identity for the keyed shuffle: from its name (chance.card_ids), so an
    edit of ``enemy_ranks`` leaves the other cards in the order they had."""
    return tuple(card_ids(enemy_cards(ranks)[0]))


def shuffled_enemies(rules, streams) -> list[int]:
    """The enemy cards in drawing order: a keyed shuffle seeded from the deck's own stream."""
    cards = list(range(rules.deck_size))
    keyed_shuffle(cards, deck_ids(rules.enemy_ranks), shuffle_seed(streams.get(DECK)))
    return cards


def build_deck(rules, streams) -> list[int]:
    """The draw deck in drawing order (first card revealed first): the enemies shuffled and cut
    into ``deck_stacks`` stacks, the Master of Shadows shuffled into one of them (set-up: his
    place is the deck stream's next draw after the shuffle) or put at a fixed position."""
    cards = shuffled_enemies(rules, streams)
    if rules.shadow_master_position:
        cards.insert(rules.shadow_master_position - 1, SHADOW_MASTER)
        return cards
    n = rules.deck_stacks
    size, extra = divmod(len(cards), n)
    stacks, start = [], 0
    for i in range(n):                       # stacks as equal as possible, larger ones on top
        end = start + size + (i < extra)
        stacks.append(cards[start:end])
        start = end
    stack = stacks[rules.shadow_master_stack - 1]
    stack.insert(int(streams.get(DECK).random() * (len(stack) + 1)), SHADOW_MASTER)
    return [c for s in stacks for c in s]


def shadow_master_odds(rules, cards_left: int) -> float:
    """Public set-up knowledge: the chance that the next card is the Master of Shadows while he
    is still in a deck of ``cards_left`` cards (built by ``build_deck``)."""
    if not cards_left:
        return 0.0
    drawn = rules.deck_size + 1 - cards_left
    if rules.shadow_master_position:
        return 1.0 if drawn + 1 == rules.shadow_master_position else 0.0
    size, extra = divmod(rules.deck_size, rules.deck_stacks)
    sizes = [size + (i < extra) for i in range(rules.deck_stacks)]
    s = rules.shadow_master_stack - 1
    start = sum(sizes[:s])
    if drawn < start:
        return 0.0
    return 1.0 / max(1, start + sizes[s] + 1 - drawn)


def redraw_deck(rules, deck: list[int], rng) -> list[int]:
    """The face-down deck (top card last) redrawn from public knowledge: the same cards in a
    random order, the Master of Shadows (if still in it) somewhere his set-up allows."""
    cards = [c for c in deck if c != SHADOW_MASTER]
    cards.sort()                             # forget the true order before shuffling
    rng.shuffle(cards)
    if len(cards) < len(deck):
        first, last = shadow_master_places(rules, len(deck))
        cards.insert(first + int(rng.random() * (last - first + 1)), SHADOW_MASTER)
    return cards[::-1]


def shadow_master_places(rules, cards_left: int) -> tuple[int, int]:
    """Where the Master of Shadows may lie, as the first and last place from the top (0 = next
    card), given that he has not appeared with ``cards_left`` cards still in the deck."""
    drawn = rules.deck_size + 1 - cards_left
    if rules.shadow_master_position:
        place = rules.shadow_master_position - 1 - drawn
        return place, place
    size, extra = divmod(rules.deck_size, rules.deck_stacks)
    sizes = [size + (i < extra) for i in range(rules.deck_stacks)]
    s = rules.shadow_master_stack - 1
    start = sum(sizes[:s])
    return max(start, drawn) - drawn, start + sizes[s] - drawn


def reveal(st) -> None:
    """Step 2 of a turn: reveal the top card and attack; with the deck empty the Master of
    Shadows attacks again (after every turn)."""
    k = st.k
    if not st.deck:
        if k.shadow_master_out:
            shadow_master_attacks(st)
        return
    card = st.deck.pop()
    k.cards_left -= 1
    if card == SHADOW_MASTER:
        k.shadow_master_out = True
        st.shadow_master_turn = k.turn
        st.stones_at_shadow_master = k.stones_total
        if st.events is not None:
            st.events.append("the Master of Shadows appears")
        shadow_master_attacks(st)
        return
    rank, lands = k.card_rank[card], k.card_territory
    if st.events is not None:
        st.events.append(f"revealed {k.card_name[card]} (rank {rank})")
    commanded = [c for c in k.enemies if k.card_rank[c] < rank]    # strictly lower ranks
    k.enemies.append(card)
    if k.rules.attack_order == "commanded_first":   # ruling 8: the commanded re-attack first
        commanded.append(card)
    else:
        commanded.insert(0, card)
    for c in commanded:
        territories.attack(st, lands[c], c)
        if st.is_over:
            return


def shadow_master_attacks(st) -> None:
    """(1) every face-up enemy attacks again, whatever its rank; (2) the territory die."""
    k = st.k
    for c in list(k.enemies):
        territories.attack(st, k.card_territory[c], c)
        if st.is_over:
            return
    rules = k.rules
    faces = rules.territory_die
    face = faces[int(st.streams.get(TERRITORY_DIE).random() * len(faces))]
    if st.events is not None:
        st.events.append(f"territory die: {face}")
    if face == "all":                        # every territory takes its damage, then falls
        fell = [territories.hurt(st, t, rules.shadow_master_damage_all) for t in range(4)]
        if any(fell):
            territories.fall(st)
    elif face != "none":
        territories.damage(st, TERRITORY_DIE_FACES.index(face), rules.shadow_master_damage)


def defeat(st, card: int) -> None:
    """The enemy card is discarded; its dice go back to their owners (bonus dice to the cave)."""
    k = st.k
    k.enemies.remove(card)
    k.discard.append(card)
    dice = k.enemy_dice[card]
    for d in dice:
        territories.give_back(k, d)
    dice.clear()
    k.enemy_pips[card] = 0
    st.enemies_defeated += 1
    st.seat_defeated[k.active] += 1
    if st.events is not None:
        st.events.append(f"{k.card_name[card]} is defeated")
