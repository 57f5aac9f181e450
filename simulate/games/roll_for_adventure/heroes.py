"""Hero powers: an interface and PLACEHOLDER powers for the four first-game heroes.

The printed powers are unknown (digest: "Heroes — U"); only "usable once per turn" and "the Healer
can spend a die to heal a territory" are known. With ``Rules.hero_powers = false`` (the default,
the printed first game without powers) none of this is used. With it on, each seat plays one of
the four heroes below, whose powers are inventions to exercise the interface, NOT the printed
ones — treat any result that depends on them as a placeholder.

A power offers ``UsePower`` actions while the active player chooses how to place a roll, once
per turn. ``use`` returns True when the power placed a die (the rest of the roll is then rolled
again, as after any placement) and False when the player goes on choosing from the same roll.
"""
from __future__ import annotations

from simulate.games.chance import card_ids
from simulate.games.roll_for_adventure.actions import UsePower
from simulate.games.roll_for_adventure.rules import TERRITORIES

FIRST_GAME_HEROES = ("adventurer", "fighter", "healer", "warrior")
HERO_IDS = tuple(card_ids(FIRST_GAME_HEROES))     # the keyed deal's identities (chance.py)


class HeroPower:
    name = "hero"
    summary = ""

    def actions(self, st, counts: list[int]) -> list[UsePower]:
        raise NotImplementedError

    def use(self, st, action: UsePower) -> bool:
        raise NotImplementedError


def _take(k, value: int) -> int:
    """Take a die showing ``value`` out of the roll (bonus dice first, like a placement)."""
    die = max(d for d in k.hand if k.face[d] == value)
    k.hand.remove(die)
    return die


class Adventurer(HeroPower):
    name = "adventurer"
    summary = "PLACEHOLDER: once per turn, roll the whole current roll again."

    def actions(self, st, counts):
        return [UsePower(self.name)]

    def use(self, st, action):
        st.roll_hand()
        return False


class Warrior(HeroPower):
    name = "warrior"
    summary = "PLACEHOLDER: once per turn, turn one die of the roll to its opposite face (7 - v)."

    def actions(self, st, counts):
        return [UsePower(self.name, v) for v in range(1, 7) if counts[v]]

    def use(self, st, action):
        k = st.k
        die = max(d for d in k.hand if k.face[d] == action.value)
        k.face[die] = 7 - action.value
        return False


class Healer(HeroPower):
    name = "healer"
    summary = ("PLACEHOLDER (the printed Healer spends a die to heal): once per turn, put the "
               "lowest die of the roll into the Vortex of Oblivion to remove 1 damage from a "
               "territory.")

    def actions(self, st, counts):
        k = st.k
        low = next(v for v in range(1, 7) if counts[v])
        return [UsePower(self.name, low, land) for t, land in enumerate(TERRITORIES)
                if k.damage[t]]

    def use(self, st, action):
        k = st.k
        k.oblivion.append(_take(k, action.value))
        st.max_oblivion = max(st.max_oblivion, len(k.oblivion))
        k.damage[TERRITORIES.index(action.target)] -= 1
        return False


class Fighter(HeroPower):
    name = "fighter"
    summary = ("PLACEHOLDER: once per turn, put the highest die of the roll on an enemy counting "
               "double pips.")

    def actions(self, st, counts):
        k = st.k
        high = next(v for v in range(6, 0, -1) if counts[v])
        return [UsePower(self.name, high, k.card_name[c]) for c in k.enemies]

    def use(self, st, action):
        k = st.k
        card = k.card_name.index(action.target)
        st.place_on_enemy([_take(k, action.value)], card, 2 * action.value)
        return True


POWERS = {cls.name: cls() for cls in (Adventurer, Fighter, Healer, Warrior)}
PLACEHOLDER_NOTES = tuple(f"hero power {p.name}: {p.summary}" for p in POWERS.values())
