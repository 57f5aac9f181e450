"""Guild tracks (thresholds, the exclusive top, VP lost), the dungeon ranks with ties, the stone on
the last space, both end conditions and every tie-break."""
from simulate.games.adventure_realms import actions as A

from .helpers import give_hand, hero, start

FIGHTERS, THIEVES = 0, 1


def test_track_thresholds_give_rewards_at_once():
    s = start(2)
    gold = s.gold[0]
    s.change_power(0, FIGHTERS, 2)
    assert s.vp[0] == 1 and s.vp_parts[0]["guild"] == 1          # level 2: 1 VP
    s.change_power(0, FIGHTERS, 2)
    assert s.gold[0] == gold + 3                                 # level 4: Fighters 3 gold
    s.change_power(0, THIEVES, 4)
    assert len(s.adventures[0]) == 1                             # level 4: Thieves 1 card
    s.change_power(0, FIGHTERS, 5)                               # past the top: lost
    assert s.power[0][FIGHTERS] == 6 and s.vp[0] == 3 and s.top_holder[FIGHTERS] == 0


def test_the_top_is_exclusive_and_stays_so_after_its_holder_drops():
    s = start(3)
    s.change_power(0, FIGHTERS, 6)
    s.change_power(1, FIGHTERS, 6)
    assert s.power[1][FIGHTERS] == 5 and s.vp[1] == 1            # stops below the top
    s.change_power(0, FIGHTERS, -1)                              # the holder drops: loses VP
    assert s.vp[0] == 1 and s.vp_parts[0]["guild"] == 1
    s.change_power(1, FIGHTERS, 1)
    assert s.power[1][FIGHTERS] == 5                             # ruling 4: still closed
    s.change_power(0, FIGHTERS, -5)
    assert s.vp[0] == 0                                          # below level 2: its VP lost
    assert s.gold[0] >= 3                                        # resources are kept
    t = start(2, top_stays_exclusive=False)
    t.change_power(0, FIGHTERS, 6)
    t.change_power(0, FIGHTERS, -1)
    t.change_power(1, FIGHTERS, 6)
    assert t.power[1][FIGHTERS] == 6
    u = start(2, exclusive_top=False)
    u.change_power(0, FIGHTERS, 6)
    u.change_power(1, FIGHTERS, 6)
    assert u.power[1][FIGHTERS] == 6


def test_a_guild_space_gives_power_per_agent():
    s = start(2, guild_space_power=2)
    give_hand(s, 0, "Cleric")
    s.apply(A.Place("Cleric", "Willow"))
    assert s.power[0][3] == 2 and s.vp[0] == 1


def _dungeon(s, positions):
    s.dungeon = list(positions)
    s.monsters = s.monsters[:1] + [s.monsters[-1]]               # keep a next monster


def test_tied_ranks_share_the_reward_and_skip_the_next_rank():
    s = start(4)
    monster = s.monsters[-1]                     # level 1: 3 gold + card / 2 gold / 1 food
    gold = list(s.gold)
    _dungeon(s, [5, 5, 3, 0])
    s.score_dungeon()
    assert [r[-1] for r in s.dungeon_ranks] == [1, 1, 3, 0]
    first, _, third = monster.rewards
    assert s.gold[0] - gold[0] == dict(first)["gold"] == s.gold[1] - gold[1]
    assert s.food[2] == dict(third)["food"] and s.gold[2] == gold[2]   # 2nd rank skipped
    assert s.gold[3] == gold[3] and not s.adventures[3]          # not on the track: no part
    t = start(4, tied_ranks="dense")
    _dungeon(t, [5, 5, 3, 1])
    t.score_dungeon()
    assert [r[-1] for r in t.dungeon_ranks] == [1, 1, 2, 3]


def test_fourth_place_takes_nothing():
    s = start(4)
    before = (s.gold[3], s.mana[3], s.food[3])
    _dungeon(s, [9, 8, 7, 6])
    s.score_dungeon()
    assert (s.gold[3], s.mana[3], s.food[3]) == before and s.dungeon_ranks[3] == [4]


def test_the_stone_on_the_last_space_and_nobody_when_tied():
    s = start(3)
    _dungeon(s, [14, 9, 0])
    s.score_dungeon()
    assert s.stones == [1, 0, 0] and s.stones_left == 3
    assert s.dungeon_ranks[0] == [1]                             # and the rank's reward too
    s.advance(1, 99)
    assert s.dungeon[1] == 14                                    # advances past 14 are lost
    t = start(3)
    _dungeon(t, [14, 14, 3])
    t.score_dungeon()
    assert t.stones == [0, 0, 0] and t.stones_left == 4
    u = start(3, stone_on_tie="all")
    _dungeon(u, [14, 14, 3])
    u.score_dungeon()
    assert u.stones == [1, 1, 0]


def _finish_round(s):
    """Everyone reveals and recruits nothing; magic is skipped: the round ends."""
    for _ in range(10_000):           # bounded: a wrong action order must fail, not hang
        if s.round != 1 or s.is_over:
            return
        legal = s.legal_actions()
        for kind in (A.Reveal, A.EndPaying, A.EndReveal, A.EndMagic, A.StopBanishing):
            offered = [a for a in legal if type(a) is kind]   # by type: empty NamedTuples
            if offered:                                       # are all equal to ()
                s.apply(offered[0])
                break
        else:
            s.apply(legal[0])
    raise AssertionError("the round never ended")


def test_the_game_ends_at_the_vp_target_at_the_end_phase():
    s = start(2)
    s.add_vp(1, 10, "masters")
    assert not s.is_over                                         # only checked in the End Phase
    _finish_round(s)
    assert s.is_over and s.end_reason == "vp" and s.round == 1
    out = s.outcome()
    assert out.won == [False, True] and out.metrics["winner_vp"] == 10


def test_the_game_ends_after_the_last_monster():
    s = start(2)
    s.monsters = s.monsters[-1:]
    _finish_round(s)
    assert s.is_over and s.end_reason == "monsters"
    t = start(2, max_rounds=1)
    _finish_round(t)
    assert t.end_reason == "rounds"


def test_vp_check_all_counts_stones_and_quests():
    s = start(2, vp_check="all")
    s.add_vp(0, 9, "dungeon")
    s.stones[0], s.stones_left = 1, 3
    _finish_round(s)
    assert s.end_reason == "vp"
    t = start(2)
    t.add_vp(0, 9, "dungeon")
    t.stones[0], t.stones_left = 1, 3
    _finish_round(t)
    assert not t.is_over


def _tied_end(s):
    s.add_vp(0, 5, "dungeon")
    s.add_vp(1, 5, "dungeon")
    s.finish("vp")


def test_tie_breaks_stones_then_kings_then_shared():
    s = start(2)
    _tied_end(s)
    s.stones, s.stones_left = [1, 0], 3
    out = s.outcome()
    assert out.scores == [6.0, 5.0]                              # a stone is also 1 VP
    s.add_vp(1, 1, "dungeon")
    out = s.outcome()
    assert out.won == [True, False] and out.metrics["tie_break"] == "stones"
    t = start(2)
    _tied_end(t)
    king = hero(t, "King Aldric")
    t.hero_deck.remove(king) if king in t.hero_deck else t.row.__setitem__(t.row.index(king), -1)
    t.discard[1].append(king)
    out = t.outcome()
    assert out.won == [False, True] and out.metrics["tie_break"] == "kings"
    assert out.seat_metrics[1]["kings"] == 1
    u = start(2)
    _tied_end(u)
    out = u.outcome()
    assert out.won == [True, True] and out.ranks == [1, 1] and out.metrics["tie_break"] == "shared"
    v = start(2, tie_breakers="none")
    _tied_end(v)
    v.stones, v.stones_left = [1, 1], 2
    assert v.outcome().metrics["tie_break"] == "shared"


def test_quests_score_at_the_end():
    s = start(2)
    for name in ("Guild Diplomat", "Stone Seeker", "Royal Court", "Guild Loyalist"):
        s.adventure_deck.remove(s.adventure_id[name])
        s.adventures[0].append(s.adventure_id[name])
    s.power[0] = [4, 4, 0, 0]
    s.stones, s.stones_left = [1, 0], 3
    assert s.quest_vp(0) == (2, 4, 2)            # diplomat + seeker; no King, no 5 cards
