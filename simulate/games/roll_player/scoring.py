"""The Final Tally: reputation stars by source, tie-breaks and the results rows.

Attribute goals use the row totals after race and weapon modifiers; class-colour dice; the
alignment cell under the token; Backstory matches (0-1/2-3/4-5/6 -> 0/1/3/6); armour sets (table
by count, +1 per set whose cards show the class colour); traits. With the FAQ rule
``discard_before_scoring`` a player drops weapons and traits that would lower the score
(the best subset of weapons is searched; a trait is dropped when it scores below zero).
"""
from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from simulate.games.base import Outcome, ranks_by
from simulate.games.roll_player.components import GOLD

# The game's own results columns (GameSpec.game_columns / seat_columns).
GAME_COLUMNS = {
    "rounds": ("int", "Rounds played (18 spaces minus starting dice: 12/11/10; solo 12)."),
    "gold_tie_break_decided": ("bool", "Several seats tied on stars and most Gold alone "
                               "decided the winner."),
    "class_dice_tie_break_decided": ("bool", "Stars and Gold tied and fewest class-colour "
                                     "dice decided the winner."),
    "shared_win": ("bool", "Two or more seats share rank 1 after every tie-breaker."),
    "winning_stars": ("int", "The highest star total of the game."),
    "market_reshuffles": ("int", "Times the Market discard pile became a new deck."),
    "cards_trashed": ("int", "Market cards out of the game (solo: Diplomacy and the "
                      "solo die's trashes)."),
}

SEAT_COLUMNS = {
    "class": ("str", "The seat's class."),
    "race": ("str", "The seat's race (character sheet)."),
    "backstory": ("str", "The seat's Backstory card."),
    "alignment_card": ("str", "The seat's Alignment card."),
    "stars_attributes": ("int", "Stars for attribute goals met (after race and weapon "
                         "modifiers)."),
    "stars_class_dice": ("int", "Stars for dice of the class colour on the sheet."),
    "stars_alignment": ("int", "Stars (may be negative) under the alignment token."),
    "stars_backstory": ("int", "Stars for Backstory matches (0-1/2-3/4-5/6 -> 0/1/3/6)."),
    "stars_armor": ("int", "Stars for armour sets, with the class-colour bonus."),
    "stars_traits": ("int", "Stars from Trait cards whose condition holds."),
    "gold": ("int", "Gold at the end (first tie-breaker)."),
    "class_dice": ("int", "Dice of the class colour on the sheet (fewest wins the second "
                   "tie-breaker)."),
    "goals_met": ("int", "Attribute goals met (0-6)."),
    "backstory_matches": ("int", "Backstory cells matched (0-6)."),
    "cards_bought": ("int", "Market cards bought."),
    "cards_bought_names": ("str", "Names of the cards bought, '|'-joined, in order."),
    "cards_dropped_at_scoring": ("int", "Cards discarded before scoring because they "
                                 "would lower the score (FAQ)."),
    "skills_used": ("int", "Skill uses (including Diplomacy)."),
    "discards_for_gold": ("int", "Market turns spent discarding a card for Gold."),
    "charisma_tokens_used": ("int", "Charisma tokens spent on purchases."),
    "tied_on_stars": ("bool", "Another seat has the same star total."),
}


class Tally(NamedTuple):
    attributes: int
    class_dice: int            # stars from class-colour dice
    alignment: int
    backstory: int
    armor: int
    traits: int
    total: int
    totals: tuple              # attribute totals after modifiers
    goals_met: int
    class_dice_count: int
    backstory_matches: int
    dropped: tuple             # card names discarded before scoring


def backstory_matches(t, seat: int) -> int:
    cols = t.cols[seat]
    wild = t.rules.gold_die_backstory_wild
    return sum(1 for space, colour in t.comp.backstories[t.backstory[seat]].cells
               if cols[space] == colour or (wild and cols[space] == GOLD))


def armor_stars(t, seat: int) -> int:
    comp, rules = t.comp, t.rules
    colour = t.klass[seat].colour
    sets: dict[str, list] = {}
    for cid in t.armor[seat]:
        card = comp.cards[cid]
        sets.setdefault(card.armor_set, []).append(colour in card.colours)
    stars = 0
    for name, matches in sets.items():
        table = comp.armor_tables[name]
        stars += table[min(len(matches), len(table) - 1)]
        if all(matches) if rules.armor_bonus_needs_all else any(matches):
            stars += rules.armor_set_bonus
    return stars


def condition_holds(cond: tuple, t, seat: int, totals, goals_met: int, class_count: int,
                    matches: int) -> bool:
    kind = cond[0]
    if kind == "always":
        return True
    if kind == "attribute_at_least":
        return totals[cond[1]] >= cond[2]
    if kind == "attribute_at_most":
        return totals[cond[1]] <= cond[2]
    cell = t.token[seat]
    if kind == "alignment_row":
        return cell // 3 == cond[1]
    if kind == "alignment_column":
        return cell % 3 == cond[1]
    if kind == "alignment_cell":
        return cell == cond[1] * 3 + cond[2]
    if kind == "class_dice_at_least":
        return class_count >= cond[1]
    if kind == "colour_at_least":
        return t.cols[seat].count(cond[1]) >= cond[2]
    if kind == "gold_at_least":
        return t.gold[seat] >= cond[1]
    if kind == "armor_at_least":
        return len(t.armor[seat]) >= cond[1]
    if kind == "goals_met_at_least":
        return goals_met >= cond[1]
    if kind == "backstory_matches_at_least":
        return matches >= cond[1]
    raise ValueError(f"unknown trait condition '{kind}'")


def tally(t, seat: int) -> Tally:
    """The seat's reputation stars by source, from the table as it stands."""
    comp, rules = t.comp, t.rules
    klass = t.klass[seat]
    vals, cols = t.vals[seat], t.cols[seat]
    race = comp.races[t.race[seat]].modifiers
    base = [vals[3 * r] + vals[3 * r + 1] + vals[3 * r + 2] + race[r] for r in range(6)]
    class_count = cols.count(klass.colour)
    matches = backstory_matches(t, seat)
    fixed = (class_count * rules.class_die_stars,
             comp.alignments[t.alignment[seat]].stars[t.token[seat]],
             rules.backstory_stars[matches], armor_stars(t, seat))
    weapons = [comp.cards[w] for w in t.weapons[seat]]
    traits = [comp.cards[c] for c in t.traits[seat]]
    if rules.discard_before_scoring:
        subsets = [s for k in range(len(weapons), -1, -1) for s in combinations(weapons, k)]
    else:
        subsets = [tuple(weapons)]
    best = None
    for kept in subsets:
        totals = list(base)
        for w in kept:
            for r, m in enumerate(w.modifiers):
                totals[r] += m
        attr, met = 0, 0
        for r, (low, high, stars) in enumerate(klass.goals):
            if low <= totals[r] <= high:
                attr += stars
                met += 1
        trait_stars, dropped = 0, [w.name for w in weapons if w not in kept]
        for card in traits:
            s = card.stars if condition_holds(card.condition, t, seat, totals, met,
                                              class_count, matches) else 0
            if s < 0 and rules.discard_before_scoring:
                dropped.append(card.name)
                continue
            trait_stars += s
        if best is None or attr + trait_stars > best[0] + best[1]:
            best = (attr, trait_stars, tuple(totals), met, tuple(dropped))
    attr, trait_stars, totals, met, dropped = best
    total = attr + sum(fixed) + trait_stars
    return Tally(attr, *fixed, trait_stars, total, totals, met, class_count, matches, dropped)


class Scoring:
    """Mixin of ``State``: the outcome of a finished game."""

    def outcome(self) -> Outcome:
        t, rules = self.t, self.rules
        tallies = [tally(t, s) for s in range(t.n)]
        scores = [tl.total for tl in tallies]
        if rules.tie_breakers == "gold_then_fewest_class_dice":
            keys = [(tl.total, t.gold[s], -tl.class_dice_count) for s, tl in enumerate(tallies)]
        elif rules.tie_breakers == "gold":
            keys = [(tl.total, t.gold[s]) for s, tl in enumerate(tallies)]
        else:
            keys = [(tl.total,) for tl in tallies]
        ranks = ranks_by(keys)
        top = max(scores)
        tied = [s for s in range(t.n) if scores[s] == top]
        by_gold = [s for s in tied if len(keys[s]) > 1
                   and keys[s][1] == max(keys[x][1] for x in tied)]
        by_dice = [s for s in by_gold if len(keys[s]) > 2
                   and keys[s][2] == max(keys[x][2] for x in by_gold)]
        if t.n == 1:
            won = [scores[0] >= rules.solo_win_stars]
        else:
            won = [r == 1 for r in ranks]
        metrics = {
            "rounds": t.round,
            "gold_tie_break_decided": len(tied) > 1 and len(by_gold) == 1,
            "class_dice_tie_break_decided": len(by_gold) > 1 and len(by_dice) == 1,
            "shared_win": t.n > 1 and ranks.count(1) > 1,
            "winning_stars": top,
            "market_reshuffles": t.market_reshuffles,
            "cards_trashed": len(t.trashed),
        }
        seat_metrics = []
        for s, tl in enumerate(tallies):
            seat_metrics.append({
                "class": t.klass[s].name,
                "race": t.comp.races[t.race[s]].name,
                "backstory": t.comp.backstories[t.backstory[s]].name,
                "alignment_card": t.comp.alignments[t.alignment[s]].name,
                "stars_attributes": tl.attributes,
                "stars_class_dice": tl.class_dice,
                "stars_alignment": tl.alignment,
                "stars_backstory": tl.backstory,
                "stars_armor": tl.armor,
                "stars_traits": tl.traits,
                "gold": t.gold[s],
                "class_dice": tl.class_dice_count,
                "goals_met": tl.goals_met,
                "backstory_matches": tl.backstory_matches,
                "cards_bought": len(t.cards_bought[s]),
                "cards_bought_names": "|".join(t.cards_bought[s]),
                "cards_dropped_at_scoring": len(tl.dropped),
                "skills_used": t.skills_used[s],
                "discards_for_gold": t.discards_for_gold[s],
                "charisma_tokens_used": t.charisma_used[s],
                "tied_on_stars": scores.count(scores[s]) > 1,
            })
        return Outcome([float(x) for x in scores], won, ranks, "sheets_full", metrics,
                       seat_metrics)
