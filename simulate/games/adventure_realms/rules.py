"""Adventure Realms' rule parameters: defaults are the printed rules plus the digest's rulings.

Card, board, monster and track data live in ``data/*.json`` (``components.py``); here are the
numbers and choices a designer varies from TOML.
"""
from __future__ import annotations

from dataclasses import dataclass

from simulate.games.base import knob


@dataclass(frozen=True)
class Rules:
    # --- set-up ---------------------------------------------------------------------------
    starting_gold: int = knob(2, "Gold each player starts with (set-up: 2).", range=(0, 20))
    starting_agents: int = knob(2, "Active agents (meeples) per player at the start (2; the "
                                "third waits on the Fort).", range=(1, 4))
    guild_row_size: int = knob(5, "Guild heroes face up in the Guild Row (5).", range=(1, 10))
    stones: int = knob(4, "Elemental Stones on the Dark Castle (4).", range=(0, 10))
    monsters_by_level: bool = knob(True, "Set-up: each monster level shuffled apart and stacked "
                                   "level 1 on top, level 3 at the bottom (false: one shuffle).")
    token_supply: str = knob(
        "unlimited", "Ruling 11: gold, mana and food tokens never run out ('unlimited': the "
        "rulebook lists 50 / 30 / 30 tokens but never says a gain is lost); 'capped' = the "
        "supply_* counts below limit the supply and a gain beyond it is lost.",
        choices=("unlimited", "capped"))
    supply_gold: int = knob(50, "With token_supply = 'capped': gold tokens in the game (50).",
                            range=(10, 500))
    supply_mana: int = knob(30, "With token_supply = 'capped': mana tokens in the game (30; the "
                            "Fairy Garden's count as out of the supply).", range=(10, 500))
    supply_food: int = knob(30, "With token_supply = 'capped': food tokens in the game (30).",
                            range=(10, 500))
    # --- rounds -------------------------------------------------------------------------------
    hand_size: int = knob(5, "Hero cards drawn each round (5).", range=(1, 10))
    draws_per_round: str = knob(
        "once", "Ruling 1: the Draw and End Phases describe the same draw of 5 ('once'); "
        "'twice' = the End Phase draws 5 more on top of the next Draw Phase's 5.",
        choices=("once", "twice"))
    garden_mana_setup: int = knob(1, "Mana put on the Fairy Garden at set-up (1).", range=(0, 5))
    garden_mana_per_round: int = knob(1, "Mana put on the Fairy Garden every Draw Phase (1).",
                                      range=(0, 5))
    max_rounds: int = knob(10, "The game ends after this round at the latest (10 = the monster "
                           "deck; it also ends when the monster deck is done).", range=(1, 30))
    # --- Agent Phase --------------------------------------------------------------------------
    guild_space_power: int = knob(1, "Ruling 2: guild power per agent placed on a guild space.",
                                  range=(0, 3))
    exclusive_top: bool = knob(True, "The first to the top of a guild track keeps it: others "
                               "stop one below (rulebook).")
    top_stays_exclusive: bool = knob(True, "Ruling 4: a track's top stays closed to the others "
                                     "even after its holder drops below it.")
    track_rewards_again: str = knob(
        "vp", "A guild level reached again after a drop pays its VP again (they were lost) but "
        "not its resources (they were kept) ('vp'); 'all' pays everything again.",
        choices=("vp", "all"))
    fort_agent_cost: int = knob(8, "Gold the Fort costs to free the third agent (8).",
                                range=(0, 30))
    fort_agent_now: bool = knob(True, "The freed agent can be placed in the same round ('use "
                                "it from now on'); false = from the next round.")
    fort_guild_steps: int = knob(2, "Ruling 5: guild steps the Fort gives instead (two in one "
                                 "guild or one in each of two); they are not guild placements "
                                 "(no guild_space_power).", range=(0, 4))
    oasis_rp: int = knob(3, "Ruling 6: Recruit Points the Oasis adds, held for that player's "
                         "Reveal (the space's gold cost is in data/board.json).", range=(0, 10))
    shadow_threshold: int = knob(3, "Shadow takes a random adventure card from each player "
                                 "owning at least this many (3).", range=(1, 10))
    bastion_skips_empty_hands: bool = knob(True, "Ruling 8: Bastion's discard skips players "
                                           "with no hero cards in hand (false: they lose a "
                                           "random card from their draw pile instead).")
    banish: str = knob("exact", "Ruling 12: a banish effect (the Merchant's two, a Cleric's "
                       "one) removes that many cards, fewer only if fewer exist ('exact'); "
                       "'up_to' lets the player stop early.", choices=("exact", "up_to"))
    # --- adventure cards ----------------------------------------------------------------------
    adventure_reshuffle: bool = knob(True, "Ruling 7: one adventure deck of 51; when it runs "
                                     "out, played items and magic are shuffled into a new one "
                                     "(false: no more adventure cards).")
    # --- Dungeon Phase ------------------------------------------------------------------------
    dungeon_track_length: int = knob(14, "Last space of the dungeon track (14); advances past "
                                     "it are lost, reaching it takes a stone.", range=(3, 30))
    stone_on_tie: str = knob("nobody", "Several players on the last space: 'nobody' takes a "
                             "stone (rulebook), or 'all' take one while stones last.",
                             choices=("nobody", "all"))
    tied_ranks: str = knob("skip", "Ruling 3: tied players each take their rank's full "
                           "reward and the next rank is skipped ('skip'); 'dense' = the next "
                           "player takes the next rank.", choices=("skip", "dense"))
    # --- the end --------------------------------------------------------------------------------
    vp_target: int = knob(10, "VP on the track that end the game at the start of the End "
                          "Phase (10).", range=(1, 50))
    vp_check: str = knob("track", "Ruling 9: the VP target counts track VP only ('track'); "
                         "'all' adds stones and fulfilled quests.", choices=("track", "all"))
    guild_cards_count: str = knob(
        "symbols", "Ruling 14: the Quest '2 VP with >= 5 cards of one guild' counts every owned "
        "card showing that guild's symbol: guild heroes, Guild Masters, basic cards and Kings "
        "(a King for each guild) ('symbols'); 'guild' = only the guild heroes and Guild Masters "
        "of that guild.", choices=("symbols", "guild"))
    stone_vp: int = knob(1, "Final scoring: VP per Elemental Stone (1).", range=(0, 5))
    tie_breakers: str = knob("stones_then_kings", "Ruling 10: ties go to most stones, then "
                             "most Kings (the 5 Epic heroes), then are shared.",
                             choices=("stones_then_kings", "stones", "none"))
