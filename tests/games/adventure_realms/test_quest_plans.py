"""The heuristics pursue their Quest cards: each quest not yet fulfilled prices the
steps toward it at ``quest_weight`` x its VP as the card data gives it, so a designer's edit of a
quest's VP changes how the bots play (before, it changed only the final scores)."""
import pytest

from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms import components
from simulate.games.component_edits import parse_changes
from simulate.kernels.trace import trace_hash
from simulate.play import TRACE_COLUMN
from simulate.chunk import play_chunk
from strategies import build_strategy
from tests.games.adventure_realms.helpers import give_adventure, start
from tests.helpers import kernel_task

COMP = components.load_components()
QUESTS = {c.quest[0]: c for c in COMP.adventures if c.type == "quest"}     # one card per kind
KING = next(h for h in COMP.heroes if h.kind == "king")
MASTER = next(h for h in COMP.heroes if h.kind == "master")


def _vp_edits(vp: int) -> tuple:
    """Every Quest card's VP set to ``vp`` (a variant's component edits)."""
    quests = {c.name for c in COMP.adventures if c.type == "quest"}
    return parse_changes({f"adventure_cards:{q}.vp": vp for q in quests}, list(components.FILES),
                         "test")


def _decisions(vp: int, engine: str, games: int) -> list:
    task = {**kernel_task({}, ["balanced"] * 2, 2, games, game="adventure_realms", seed=11,
                          edits=_vp_edits(vp)), "trace": True, "engine": engine}
    return list(map(trace_hash, play_chunk(task)[0][TRACE_COLUMN]))


@pytest.mark.parametrize("engine, games", [("compiled", 200), ("python", 20)])
def test_a_quest_vp_edit_changes_how_the_bots_play(engine, games):
    """Paired games (same seeds) with every quest worth 0 VP vs 6 VP: a positive share of them
    part in some decision (measured: none did before the quest logic)."""
    zero, six = _decisions(0, engine, games), _decisions(6, engine, games)
    differ = sum(a != b for a, b in zip(zero, six))
    assert differ >= games // 5, f"{differ} of {games} games changed"


def _seat_holding(kind: str, **params):
    s = start(2)
    give_adventure(s, 0, QUESTS[kind].name)
    seat = build_strategy("adventure_realms", {"name": "balanced", **params})
    view = s.view(0)
    seat._setup(view)
    seat._quests = seat._quest_plan(view)
    return s, seat, view


def test_a_king_is_worth_the_per_king_quests_vp_more_to_recruit_and_to_keep():
    for weight in (1.0, 2.5):
        s, seat, view = _seat_holding("per_king", quest_weight=weight)
        bare = build_strategy("adventure_realms", {"name": "balanced", "quest_weight": weight})
        bare._setup(view)
        bare._quests = bare._quest_plan(start(2).view(0))        # holds no quest
        extra = seat._value(view, A.Recruit(KING.name), A.Phase.RECRUIT) - \
            bare._value(view, A.Recruit(KING.name), A.Phase.RECRUIT)
        assert extra == pytest.approx(weight * QUESTS["per_king"].vp)
        banish = seat._value(view, A.Banish(KING.name, "discard"), A.Phase.BANISH) - \
            bare._value(view, A.Banish(KING.name, "discard"), A.Phase.BANISH)
        assert banish == pytest.approx(-extra)


def test_the_stones_quest_raises_the_stones_price():
    s, seat, view = _seat_holding("stones", quest_weight=2.0)
    plain = build_strategy("adventure_realms", {"name": "balanced", "quest_weight": 0.0})
    plain._setup(view)
    last = s.rules.dungeon_track_length
    quest = 2.0 * QUESTS["stones"].vp / QUESTS["stones"].quest[1]
    assert seat._quest_plan(view).stone == pytest.approx(quest)
    gain = seat._dungeon_gain(view, 3) - plain._dungeon_gain(view, 3)
    assert gain == pytest.approx(seat.stone_chase * quest * 3 / last)
    s.stones[0], s._view = QUESTS["stones"].quest[1], None     # fulfilled: nothing more
    assert seat._quest_plan(s.view(0)).stone == 0.0


def test_guild_steps_toward_a_power_quest_and_cards_toward_a_guild_quest():
    s, seat, view = _seat_holding("power_in_guilds")
    least, guilds = QUESTS["power_in_guilds"].quest[1:]
    assert seat._quest_plan(view).power == ((least, QUESTS["power_in_guilds"].vp / (guilds * least)),)
    s.power[0] = [least] * guilds + [0] * (4 - guilds)
    s._view = None
    assert seat._quest_plan(s.view(0)).power == ()             # fulfilled
    s, seat, view = _seat_holding("guild_cards")
    counts, needed = seat._guild_counts(view), QUESTS["guild_cards"].quest[1]
    cards = seat._quest_plan(view).cards
    assert cards == tuple(QUESTS["guild_cards"].vp / (needed - c) for c in counts)
    guild = MASTER.guild                     # a Guild Master counts for its guild's quest share
    assert seat._quest_card_value(MASTER) == pytest.approx(cards[guild]) and cards[guild] > 0
