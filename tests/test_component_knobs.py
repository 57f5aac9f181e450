"""Component values as knobs: a variant, a sweep, tune and sensitivity change single
entries of a game's data files, addressed ``file:Entry.field``; each variant plays its changed
set, in every worker, fingerprinted by the manifest and shown in the report."""
import json
from collections import Counter

import polars as pl
import pytest

from simulate.config import load_config
from simulate.games.adventure_realms import components as adventure_realms
from simulate.games.component_files import using_folder
from simulate.games.risky_adventure import components as risky_adventure
from tests.helpers import one_line_exit_2, simulate_cli


def _config(tmp_path, game, text, name="run", games=40, players=2, engine="python"):
    config = tmp_path / f"{name}.toml"
    config.write_text(f'[run]\ngame = "{game}"\ngames = {games}\nchunk = 20\nseed = 3\n'
                      f'engine = "{engine}"\nout = "{tmp_path / name}"\n[players]\n'
                      f"count = {players}\n" + text)
    return config


def _scores(tmp_path, config) -> dict[str, list]:
    result = simulate_cli("run", config, "--no-report")
    assert result.exit_code == 0, result.output
    seats = pl.read_parquet(tmp_path / config.stem / "seats" / "*.parquet")
    return {v: seats.filter(pl.col("variant") == v).sort(["game", "seat"])["score"].to_list()
            for v in seats["variant"].unique()}


# (game, a change strategies use, a planted change no game can see, the baseline's [rules])
CHANGES = [
    ("roll_player", '"market:Longsword.cost" = 0, "market:Blessed Mace.cost" = 0, '
                    '"market:Tower Shield.cost" = 0',
     '"market:armor_sets.Mystic.5" = 50', ""),          # 3 Mystic cards: never 5 of them
    ("adventure_realms", '"monsters:Troll.rewards.0.vp" = 4',
     '"monsters:Troll.rewards.2.mana" = 5', ""),         # 2 players: no third rank
    ("risky_adventure", '"artifacts:A1.fame" = 9',
     '"artifacts:A1.fame" = 9', "[rules]\na_per_excavation = 0\n"),   # A-artifacts stay boxed
]


@pytest.mark.parametrize("game, used, planted, rules", CHANGES, ids=[c[0] for c in CHANGES])
def test_a_variants_changed_entry_changes_its_games_and_an_unseen_one_none(tmp_path, game,
                                                                          used, planted, rules):
    text = (f'[[variants]]\nname = "used"\ncomponents = {{ {used} }}\n'
            f'[[variants]]\nname = "planted"\ncomponents = {{ {planted} }}\n')
    plain = _scores(tmp_path, _config(tmp_path, game, text, "plain"))
    ruled = _scores(tmp_path, _config(tmp_path, game, rules + text, "ruled")) if rules else plain
    assert sum(a != b for a, b in zip(plain["baseline"], plain["used"])) > 0
    assert ruled["planted"] == ruled["baseline"]         # paired: the same dice, the same games


def test_the_roll_player_kernel_plays_the_changed_set_like_the_python_engine(tmp_path):
    text = ('[[variants]]\nname = "cheap"\ncomponents = { "market:Longsword.cost" = 0, '
            '"market:Blessed Mace.cost" = 0, "classes:goal_stars.range" = 3 }\n')
    tables = {}
    for engine in ("python", "compiled"):
        config = _config(tmp_path, "roll_player", text, engine, engine=engine)
        assert simulate_cli("run", config, "--no-report").exit_code == 0
        tables[engine] = pl.read_parquet(tmp_path / engine / "seats" / "*.parquet").sort(
            ["variant", "game", "seat"])
        manifest = json.loads((tmp_path / engine / "manifest.json").read_text())
        assert manifest["engine"] == engine
    assert tables["python"].equals(tables["compiled"])
    cheap = tables["python"].filter(pl.col("variant") == "cheap")["score"]
    assert cheap.to_list() != tables["python"].filter(pl.col("variant") == "baseline")[
        "score"].to_list()


def test_remove_and_copies_change_the_decks_the_game_deals(tmp_path):
    config = _config(tmp_path, "adventure_realms",
                     '[[variants]]\nname = "decks"\ncomponents = { remove = ["adventure_cards:'
                     'Ration Pack"], copies = { "adventure_cards:Coin Purse" = 9, '
                     '"guild_heroes:Squire" = 3 } }\n')
    cfg = load_config(config)
    with using_folder(cfg.game, cfg.data, cfg.variants[1].components):
        comp = adventure_realms.load_components()
    names = Counter(comp.adventures[a].name for a in comp.adventure_deck)
    assert names["Coin Purse"] == 9 and "Ration Pack" not in names
    heroes = [comp.heroes[h].name for h in comp.hero_deck]
    assert {"Squire", "Squire #2", "Squire #3"} <= set(heroes)
    shipped = adventure_realms.load_components()
    assert len(comp.adventure_deck) == len(shipped.adventure_deck) + 9 - 4 - 4
    assert adventure_realms.load_components() is shipped       # outside: the shipped set
    # the game's own conservation audit counts the loaded set: a whole run passes it
    assert simulate_cli("run", config, "--no-report").exit_code == 0
    maps = _config(tmp_path, "risky_adventure", '[[variants]]\nname = "maps"\ncomponents = '
                   '{ remove = ["treasure_maps:GG", "treasure_maps:SS"] }\n', "maps")
    cfg = load_config(maps)
    with using_folder(cfg.game, cfg.data, cfg.variants[1].components):
        assert len(risky_adventure.load_components().maps) == 14
    assert simulate_cli("run", maps, "--no-report").exit_code == 0


@pytest.mark.parametrize("components, words", [
    ('"markt:Longsword.cost" = 2', ["unknown file 'markt'", "did you mean 'market'"]),
    ('"market:Longswrd.cost" = 2', ["unknown entry 'Longswrd'", "did you mean 'Longsword'"]),
    ('"market:Longsword.cots" = 2', ["field 'cots' is unknown", "did you mean"]),
    ('"market:Longsword.cost" = "cheap"', ["variant 'v'", "cost 'cheap' must be an integer"]),
    ('"market:Longsword.cost" = 99', ["cost 99 must be at most 20"]),
    ('remove = ["classes:Thief"]', ["a class cannot be removed or copied"]),   # the engine's actions
    ('copies = { "market:Longsword" = 2 }', ["change numbers only"]),
    ('remove = ["market:Longswor"]', ["did you mean 'Longsword'"]),   # removed: out of the game
    ('copies = { "market:Longswrd" = 2 }', ["did you mean 'Longsword'"]),
    ('copies = { "market:Longsword" = -1 }', ["integer 0..60"]),
    ('cost = 2', ["no component address"]),
])
def test_a_bad_change_is_one_line_exit_2(tmp_path, components, words):
    config = _config(tmp_path, "roll_player",
                     f'[[variants]]\nname = "v"\ncomponents = {{ {components} }}\n')
    one_line_exit_2(simulate_cli("validate", config), *words)


def test_a_game_without_data_files_refuses_component_changes(tmp_path):
    config = _config(tmp_path, "dungeon_roll",
                     '[[variants]]\nname = "v"\ncomponents = { "heroes:Knight.x" = 1 }\n')
    one_line_exit_2(simulate_cli("validate", config), "keeps no component data files")


def test_components_changes_apply_to_every_variant_and_a_variants_own_win(tmp_path):
    config = _config(tmp_path, "risky_adventure",
                     '[components]\n"treasure_maps:GG.fame" = 9\n[[variants]]\nname = "v"\n'
                     'components = { "treasure_maps:GG.fame" = 1, "treasure_maps:SS.fame" = 8 }\n')
    cfg = load_config(config)
    fame = {}
    for variant in cfg.variants:
        with using_folder(cfg.game, cfg.data, variant.components):
            maps = {m.id: m.fame for m in risky_adventure.load_components().maps}
        fame[variant.name] = maps["GG"], maps["SS"]
    assert fame == {"baseline": (9, 3), "v": (1, 8)}


def test_a_resume_after_a_changed_entry_is_refused_naming_it(tmp_path):
    text = '[[variants]]\nname = "rich"\ncomponents = { "treasure_maps:GG.fame" = 9 }\n'
    config = _config(tmp_path, "risky_adventure", text)
    assert simulate_cli("run", config, "--no-report").exit_code == 0
    config.write_text(config.read_text().replace("= 9", "= 8"))
    one_line_exit_2(simulate_cli("run", config, "--no-report"), "components of rich changed")


def test_a_sweep_over_a_card_field_makes_one_variant_per_value_and_the_report_names_it(
        tmp_path):
    config = _config(tmp_path, "risky_adventure",
                     '[sweep]\n"treasure_maps:GG.fame" = [3, 6, 9]\n', games=20)
    cfg = load_config(config)
    assert [v.name for v in cfg.variants] == ["baseline", "treasure_maps:GG.fame=6",
                                              "treasure_maps:GG.fame=9"]   # 3 is the shipped
    assert simulate_cli("run", config).exit_code == 0
    assert "treasure_maps:GG.fame = 9" in (tmp_path / "run" / "report.html").read_text()


def test_tune_searches_a_component_field(tmp_path):
    config = _config(tmp_path, "risky_adventure",
                     '[tune]\nrules = { "treasure_maps:GG.fame" = [1, 30] }\nfirst_games = 20\n'
                     '[[tune.targets]]\nmetric = "mean_score"\nseat = 0\nat_least = 0\n',
                     games=20)
    result = simulate_cli("tune", config)
    assert result.exit_code == 0, result.output
    tune = json.loads((tmp_path / "run" / "tune.json").read_text())
    assert tune["rules"] == ["treasure_maps:GG.fame"]
    assert '[components]\n"treasure_maps:GG.fame" = ' in tune["final_toml"]


def test_sensitivity_varies_a_component_field(tmp_path):
    config = _config(tmp_path, "risky_adventure",
                     '[sensitivity]\nrules = []\ncomponents = { "artifacts:A1.fame" = [0, 30] }\n'
                     'first_games = 20\n', games=20)
    result = simulate_cli("sensitivity", config)
    assert result.exit_code == 0, result.output
    effects = json.loads((tmp_path / "run" / "sensitivity.json").read_text())["effects"]
    assert sorted(e["variant"] for e in effects) == ["artifacts:A1.fame=0", "artifacts:A1.fame=30"]
    assert next(e for e in effects if e["value"] == 30)["difference"]["mean"] > 0


def test_a_changed_set_that_cannot_set_a_game_up_is_refused_on_validate(tmp_path):
    config = _config(tmp_path, "risky_adventure", '[[variants]]\nname = "few"\ncomponents = '
                     '{ remove = ["artifacts:A1", "artifacts:A2"] }\n')
    one_line_exit_2(simulate_cli("validate", config), "variant 'few'",
                    "4 A-artifacts, set-up needs 6")


@pytest.mark.parametrize("command", ["validate", "sensitivity"])
def test_sensitivity_refuses_a_value_that_cannot_set_a_game_up(tmp_path, command):
    """Like a [[variants]] change: refused when the config is read, naming the value (it
    failed in the value's first chunk, after the baseline's games, without its name)."""
    config = _config(tmp_path, "risky_adventure",
                     '[sensitivity]\nrules = []\ncomponents = { "artifacts:A1.back" = ["B"] }\n')
    result = simulate_cli(command, config)
    one_line_exit_2(result, "artifacts:A1.back", "set-up needs 6")
    assert not (tmp_path / "run" / "games").exists()


def test_tunes_final_toml_keeps_the_configs_own_components(tmp_path):
    """Pasting the tuned TOML must not drop the study's own [components] changes."""
    import tomllib
    config = _config(tmp_path, "risky_adventure",
                     '[components]\n"artifacts:A1.fame" = 9\nremove = ["treasure_maps:SS"]\n'
                     '[tune]\nrules = { "treasure_maps:GG.fame" = [1, 30] }\nfirst_games = 20\n'
                     '[[tune.targets]]\nmetric = "mean_score"\nseat = 0\nat_least = 0\n',
                     games=20)
    result = simulate_cli("tune", config)
    assert result.exit_code == 0, result.output
    final = json.loads((tmp_path / "run" / "tune.json").read_text())["final_toml"]
    components = tomllib.loads(final)["components"]
    assert components["artifacts:A1.fame"] == 9 and components["remove"] == ["treasure_maps:SS"]
    assert "treasure_maps:GG.fame" in components
