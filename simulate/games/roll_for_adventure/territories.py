"""The four A-side territories: what they accept, their tasks, their attacks and damage
(rulebook: "The Territories (A-sides)", "The Bad Guys' Attacks").

Functions take the game state ``st`` (its public table is ``st.k``, a Kingdom). Each ``place_*``
puts the dice of one placement, which must fit the spaces free when they are put down (``fits``),
and settles what they complete.
"""
from __future__ import annotations

from simulate.games.roll_for_adventure.rules import (DESERT, FOREST, FORTRESS,
                                                     HERO_DICE, TERRITORIES)
from simulate.games.roll_for_adventure.kingdom import ADVANCE, CLAIM, DEFEAT, GIVE, RESET

FIRST_BONUS = HERO_DICE          # dice 20..23 are the grey bonus dice


def give_back(k, die: int) -> None:
    """A die returns to whoever placed it (its holder's hero board); a bonus die has been used
    and goes back to the ice cave's big space."""
    if die >= FIRST_BONUS:
        k.bonus_pool.append(die)
    else:
        k.boards[k.holder[die]].append(die)


def give_all_back(k, dice: list) -> None:
    for d in dice:
        give_back(k, d)
    dice.clear()


def gain_stone(st, territory: int) -> None:
    k = st.k
    k.stones[territory] += 1
    k.stones_total += 1
    st.seat_stones[k.active] += 1
    if st.events is not None:
        st.events.append(f"power stone from the {TERRITORIES[territory]}: "
                         f"{k.stones_total}/{k.rules.stones_to_win}")
    if k.stones_total >= k.rules.stones_to_win:
        st.finish(True, "stones")


def damage(st, territory: int, amount: int = 1) -> None:
    """``amount`` damage to one territory; at the end of its track the game is lost."""
    if hurt(st, territory, amount):
        fall(st)


def hurt(st, territory: int, amount: int) -> bool:
    """Move the territory's skull ``amount`` holes on, no further than the last one (the track
    ends there); True if it has reached it."""
    k = st.k
    lose = k.rules.damage_to_lose
    if amount <= 0:
        return False
    k.damage[territory] = min(lose, k.damage[territory] + amount)
    if st.events is not None:
        st.events.append(f"the {TERRITORIES[territory]} takes {amount} damage: "
                         f"{k.damage[territory]}/{lose}")
    return k.damage[territory] >= lose


def fall(st) -> None:
    """Every territory whose skull reached the last hole falls to the Master of Shadows, all
    at once (his "all" face damages every territory before the game ends): one is
    ``<territory>_fell``, more are ``several_fell``; ``st.fallen`` names them."""
    k = st.k
    st.fallen = [t for t in range(4) if k.damage[t] >= k.rules.damage_to_lose]
    st.finish(False, f"{TERRITORIES[st.fallen[0]]}_fell" if len(st.fallen) == 1
              else "several_fell")


# ------------------------------------------------------------------------------------------
# Placing a group: the dice of one Place, all showing the same value; they fit the free spaces.


def place_desert(st, dice: list) -> None:
    """Section 1 takes the desert value; full, one die moves on (AdvanceDie)."""
    k = st.k
    k.desert += dice
    if len(k.desert) >= k.rules.desert_section_dice[0]:
        st.pending.append(ADVANCE)


def place_fortress(st, dice: list, subtask: int) -> None:
    """A full subtask removes its barrier and returns its dice; with all barriers gone: a stone
    and the barriers go back."""
    k = st.k
    spaces = k.fortress[subtask]
    spaces += dice
    if len(spaces) < k.rules.fortress_spaces:
        return
    k.barriers[subtask] = False
    give_all_back(k, spaces)
    if st.events is not None:
        st.events.append(f"fortress subtask {subtask + 1} done: its barrier is removed")
    if not any(k.barriers):
        k.barriers[:] = [True] * len(k.barriers)
        gain_stone(st, FORTRESS)


def place_forest(st, dice: list) -> None:
    """The path reaching the boundary: a stone, the dice go home, the boundary moves on."""
    k = st.k
    k.forest += dice
    if len(k.forest) < k.forest_boundary:
        return
    give_all_back(k, k.forest)
    k.forest_stones += 1
    bounds = k.rules.forest_boundaries
    k.forest_boundary = bounds[min(k.forest_stones, len(bounds) - 1)]   # ruling 7
    gain_stone(st, FOREST)


def place_ice_cave(st, die: int, value: int) -> None:
    k = st.k
    k.ice_cave[value - 1] = die
    k.ice_placed += 1
    if 6 - k.ice_cave.count(-1) >= k.rules.ice_cave_rewards[0]:
        st.pending.append(CLAIM)


def fits(k, territory: int, value: int) -> int:
    """How many dice of this value the territory takes now (0: none)."""
    rules = k.rules
    if territory == DESERT:
        return rules.desert_section_dice[0] - len(k.desert) if value == rules.desert_value else 0
    if territory == FORTRESS:
        s = k.fortress_subtask.get(value)
        return rules.fortress_spaces - len(k.fortress[s]) if s is not None and k.barriers[s] else 0
    if territory == FOREST:
        return k.forest_boundary - len(k.forest) if value in rules.forest_values else 0
    return int(k.ice_placed < rules.ice_cave_dice_per_turn and 1 <= value <= 6
               and k.ice_cave[value - 1] < 0)


def fits_value(rules, territory: int, value: int) -> bool:
    """Does this territory ever take this value (desert, fortress and forest)?"""
    if territory == DESERT:
        return value == rules.desert_value
    if territory == FORTRESS:
        return value in rules.fortress_values
    return value in rules.forest_values


def accepts(k, territory: int, value: int) -> bool:
    """May a die of this value go on this territory now?"""
    return fits(k, territory, value) > 0


# ------------------------------------------------------------------------------------------
# Follow-up choices


def desert_move(st, section: list, onward: list, label: str) -> None:
    """The chosen die moves on; the others in the section go back to their owners."""
    k = st.k
    die = next(d for d in reversed(section) if k.die_label(d) == label)
    section.remove(die)
    onward.append(die)
    give_all_back(k, section)
    if st.events is not None:
        st.events.append(f"desert: the {label} die moves on")


def claim_ice_cave(st) -> None:
    """Claim: the cave's dice go home; each player with a die there gets a bonus die; 5+ dice
    also defeat an enemy, 6 also reset a territory's damage."""
    k = st.k
    row = [d for d in k.ice_cave if d >= 0]
    size = len(row)
    eligible = sorted({k.holder[d] for d in row if d < HERO_DICE})
    for d in row:
        give_back(k, d)
    k.ice_cave[:] = [-1] * 6
    st.ice_claims += 1
    if st.events is not None:
        st.events.append(f"the ice cave's {size} dice are claimed")
    if len(k.bonus_pool) >= len(eligible):
        for s in eligible:
            st.give_bonus(s)
    elif k.bonus_pool:
        k.bonus_eligible = eligible
        st.pending.append(GIVE)
    rewards = k.rules.ice_cave_rewards
    if size >= rewards[1] and k.enemies:
        st.pending.append(DEFEAT)
    if size >= rewards[2] and any(k.damage):
        st.pending.append(RESET)


# ------------------------------------------------------------------------------------------
# Attacks: removed dice go to the Vortex of Oblivion; nothing to remove = 1 damage.


def attack(st, territory: int, card: int) -> None:
    k = st.k
    removed = []
    if territory == DESERT:                  # one die from section 1 only
        if k.desert:
            removed.append(k.desert.pop())
    elif territory == FORTRESS:              # one die from each subtask that holds dice
        for spaces in k.fortress:
            if spaces:
                removed.append(spaces.pop())
    elif territory == FOREST:                # one die of each forest value; the gaps close
        path, face = k.forest, k.face
        for value in k.rules.forest_values:
            for i in range(len(path) - 1, -1, -1):
                if face[path[i]] == value:
                    removed.append(path.pop(i))
                    break
    else:                                    # the highest dice in the row (ruling 3: one)
        row, left = k.ice_cave, k.rules.ice_cave_attack_dice
        for v in range(5, -1, -1):
            if row[v] >= 0:
                removed.append(row[v])
                row[v] = -1
                left -= 1
                if not left:
                    break
    if st.events is not None:
        what = f"{len(removed)} dice to the Vortex of Oblivion" if removed else "nothing to remove"
        st.events.append(f"{k.card_name[card]} attacks the {TERRITORIES[territory]}: {what}")
    if removed:
        k.oblivion.extend(removed)
        if len(k.oblivion) > st.max_oblivion:
            st.max_oblivion = len(k.oblivion)
    else:
        damage(st, territory)
