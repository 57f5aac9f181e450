"""Roll for Adventure's rule knobs: defaults are the printed A-side rules (digest
shared/rules/roll_for_adventure.md; "ruling N" cites the digest's rulings list)."""
from __future__ import annotations

from dataclasses import dataclass

from simulate.games.base import knob

TERRITORIES = ("desert", "fortress", "forest", "ice_cave")
DESERT, FORTRESS, FOREST, ICE_CAVE = range(4)
TERRITORY_DIE_FACES = TERRITORIES + ("all", "none")
COLOURS = ("red", "blue", "green", "yellow")
HERO_DICE, BONUS_DICE = 20, 4          # the box holds 4 colours x 5 hero dice and 4 grey bonus dice
# Adventure boards by the stones they hold (set-up: "Book of Magic ... five power stones").
ADVENTURE_BOARDS = {5: "book_of_magic", 6: "sword_of_saints", 7: "crown_of_kings",
                    8: "jewel_of_light"}
# The game's random streams by purpose (simulate/games/chance.py; the kernel reads these too):
# the heroes dealt, the enemy deck (its keyed shuffle, then the Master of Shadows' place in his
# stack), the territory die, and each seat's dice (DICE + seat: what that seat rolls).
DEAL, DECK, TERRITORY_DIE, DICE = range(4)
STREAMS = DICE + 4                     # purposes in all: 4 seats at most


def board_name(stones_to_win: int) -> str:
    return ADVENTURE_BOARDS.get(stones_to_win, f"{stones_to_win}_stones")


@dataclass(frozen=True)
class Rules:
    stones_to_win: int = knob(
        6, "Power stones on the adventure board: Book of Magic 5, Sword of Saints 6 (the "
        "experienced players' board, our default), Crown of Kings 7, Jewel of Light 8.",
        range=(1, 8))
    damage_to_lose: int = knob(
        5, "Damage that makes a territory fall: its skull reaches the last hole (track length "
        "unknown, ruling 1).", range=(1, 20))
    hero_dice_per_player: int = knob(
        5, "Hero dice of each player's own colour (set-up: five of one colour).", range=(1, 5))
    ally_dice: tuple = knob(
        (2, 1, 0), "Ally dice per player from unused colours, for 2, 3 and 4 players "
        "(set-up: 3 players 1 each, 2 players 2 each).", item_range=(0, 5), length=(3, 3))
    bonus_dice: int = knob(
        4, "Grey bonus dice on the ice cave's big space at the start.", range=(0, 4))
    enemy_ranks: tuple = knob(
        (1, 1, 1, 2, 2, 3), "Ranks of each territory's enemy cards (6 per territory: three "
        "rank 1, two rank 2, one rank 3).", item_range=(1, 9), length=(1, 6))
    deck_stacks: int = knob(
        3, "Stacks the shuffled enemies are split into (set-up: three stacks of eight).",
        range=(1, 8))
    shadow_master_stack: int = knob(
        2, "Stack the Master of Shadows is shuffled into, counted in drawing order (1 = the top "
        "stack; printed: the middle one, so he is the 9th-17th card).", range=(1, 8))
    shadow_master_position: int = knob(
        0, "A fixed place for the Master of Shadows in drawing order (k = the k-th card "
        "revealed); 0 = shuffled into shadow_master_stack as printed.", range=(0, 25))
    desert_value: int = knob(1, "Die value the desert takes (printed: 1s).", range=(1, 6))
    desert_section_dice: tuple = knob(
        (3, 3), "Dice that fill desert section 1 and section 2 (printed: three each); a full "
        "section 2 loses one die for good and gains a stone.", item_range=(1, 6), length=(2, 2))
    fortress_values: tuple = knob(
        (2, 3, 4), "Value of each fortress subtask (one barrier each; printed 2, 3, 4).",
        item_range=(1, 6), length=(1, 6))
    fortress_spaces: int = knob(4, "Dice spaces in each fortress subtask.", range=(1, 6))
    forest_values: tuple = knob(
        (5, 6), "Values the forest path takes, in any mix (printed: 5s and 6s).",
        item_range=(1, 6), length=(1, 6))
    forest_boundaries: tuple = knob(
        (6, 7, 8, 9), "Dice on the forest path for each successive stone; after the last the "
        "boundary stays there (ruling 7).", item_range=(1, 20), length=(1, 8))
    no_dice_counts_bonus: bool = knob(
        False, "The 'no dice' loss (no player has a die at the start of a turn): whether a grey "
        "bonus die on a hero board averts it (ruling 9: it does not).")
    ice_cave_dice_per_turn: int = knob(
        1, "Dice a player may place in the ice cave per turn (ruling 4).", range=(1, 6))
    ice_cave_rewards: tuple = knob(
        (4, 5, 6), "Ice cave dice needed to claim bonus dice / also defeat one enemy / also "
        "reset one territory's damage.", item_range=(1, 6), length=(3, 3))
    ice_cave_attack_dice: int = knob(
        1, "Dice an ice-cave attack removes, highest first (ruling 3: one).", range=(1, 6))
    attack_order: str = knob(
        "commanded_first", "A revealed enemy's attacks (ruling 8): the lower ranks it commands "
        "attack first, then it ('commanded_first'), or it first ('new_enemy_first').",
        choices=("commanded_first", "new_enemy_first"))
    ice_cave_reset: str = knob(
        "reset", "What the six-dice reward does to a territory's damage: 'reset' the skull to the "
        "start (ruling 5) or heal 'one' damage.", choices=("reset", "one"))
    vortex_threshold: int = knob(
        10, "Pips on the Vortex of Resurrection that free every die in both vortexes.",
        range=(1, 36))
    enemy_defeat_pips: int = knob(
        6, "Pips on an enemy card that defeat it (dice of several rolls and players add up).",
        range=(1, 36))
    territory_die: tuple = knob(
        TERRITORY_DIE_FACES, "Faces of the territory die the Master of Shadows rolls: a "
        "territory name, 'all' or 'none' (ruling 2: each territory once, all, none).",
        length=(1, 12))
    shadow_master_damage: int = knob(
        2, "Damage when the territory die shows one territory.", range=(0, 10))
    shadow_master_damage_all: int = knob(
        1, "Damage to every territory when the territory die shows 'all'.", range=(0, 10))
    hero_powers: bool = knob(
        False, "Use hero powers. The printed powers are unknown: the four first-game heroes "
        "get PLACEHOLDER powers (see RULES.md). Default off = the first game without powers.")
    max_turns: int = knob(
        300, "Safety stop: a game still running after this many turns is lost "
        "('turn_limit'); not a printed rule.", range=(10, 100_000),
        safety_limit=True)

    def __post_init__(self):
        for n, allies in zip((2, 3, 4), self.ally_dice):
            if n * allies > (4 - n) * 5:
                raise ValueError(f"ally_dice: {n} players cannot each get {allies} ally dice; "
                                 f"only {(4 - n) * 5} dice of unused colours exist")
        if self.shadow_master_stack > self.deck_stacks:
            raise ValueError(f"shadow_master_stack = {self.shadow_master_stack} but the deck "
                             f"has only deck_stacks = {self.deck_stacks} stacks")
        if self.shadow_master_position > self.deck_size + 1:
            raise ValueError(f"shadow_master_position = {self.shadow_master_position} is past "
                             f"the end of a deck of {self.deck_size + 1} cards")
        for name in ("fortress_values", "forest_values"):
            values = getattr(self, name)
            if len(set(values)) != len(values):
                raise ValueError(f"{name} must not repeat a value: {values}")
        if list(self.ice_cave_rewards) != sorted(set(self.ice_cave_rewards)):
            raise ValueError(f"ice_cave_rewards must rise strictly: {self.ice_cave_rewards}")
        for face in self.territory_die:
            if face not in TERRITORY_DIE_FACES:
                raise ValueError(f"territory_die: unknown face {face!r}; faces: "
                                 + ", ".join(TERRITORY_DIE_FACES))

    @property
    def deck_size(self) -> int:
        return 4 * len(self.enemy_ranks)
