"""Our readings of Dungeon Roll (marked I/U in the digest or not covered), each a passage of
RULES.md word for word: the report lists those a run depends on (tests/test_readings.py)."""
from simulate.games.base import Reading

READINGS = (
    Reading("Fleeing", "Fleeing: no level XP. Town Portal: retire now with XP = level (end "
            "`town_portal`)."),
    Reading("Timing windows", "Timing windows: Scroll die in the monster phase only (party and "
            "dungeon dice); Scroll token and Battlefield Presence in the monster, loot and dragon "
            "phases (party dice only outside the monster phase, so no monster can appear during "
            "loot); Town Portal in the monster and dragon phases; Dragon Bait in the monster "
            "phase; Ring in the dragon phase; Elixir in all three."),
    Reading("Companion tokens", "Companion tokens are companions of their type: hero specialties "
            "apply to them (a Spellsword's Vorpal Sword may act as a Mage), a Commander's Vorpal "
            "Sword defeats an extra monster, and they count as a type for the dragon. They cannot "
            "quaff potions (only dice quaff)."),
    Reading("Enchantress", "Enchantress: her Scrolls (die and token) act as any companion, also "
            "against the dragon."),
    Reading("Converted dice", "Converted dice (Plea for Help / Pull Rank Thieves, Animate / "
            "Command Dead Fighters) are companions (also for chests, potions and the dragon); "
            "used, they return to the dungeon pool; unused ones are discarded at the regroup."),
    Reading("Extra monsters", "Commander's Fighter and Bard's Champion always take their extra "
            "monster when one remains."),
    Reading("\"Up to 2\" ultimates", "\"Up to 2\" ultimates (Calculated Strike, Pull Rank, "
            "Command Dead, Mesmerize) act on two monsters whenever two are there, and quaffed "
            "potions always revive as many dice as the cap allows: doing less is never better, so "
            "the smaller choices are not offered."),
    Reading("Mesmerize", "Mesmerize: up to two monsters become one Potion (the other die returns "
            "to the pool)."),
    Reading("Divine Intervention", "Divine Intervention: the discarded token goes back to the box "
            "first, then the chests are opened, the potions revive dice from the graveyard (faces "
            "chosen), the Lair is emptied."),
    Reading("Arcane Blade / Holy Strike", "Arcane Blade / Holy Strike: the hero acts as one "
            "companion (monsters, a chest, or the dragon)."),
    Reading("Loot after fleeing", "`keep_loot_after_fleeing = false` gives back this delve's "
            "tokens still held and its dragon and box XP; a level-up already earned stays.",
            "keep_loot_after_fleeing=false"),
    Reading("Tie-break", "Tie-break: fewer treasure tokens; still tied, a shared win (all rank "
            "1)."),
    Reading("Solo win", "a solo game counts as \"won\" from Village Hero (our ruling)",
            "players=1"),
)
