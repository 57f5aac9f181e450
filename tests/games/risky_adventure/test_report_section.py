"""The report section builds from a real run, within each player count, with its tests in the
section's Holm family and the placeholder warning naming every data file."""
import pytest

from reports.blocks import Details, Note, Table
from reports.report import build_report
from reports.section import Section
from reports.sections import risky_adventure as section_module
from reports.tables import open_run
from simulate.config import parse_config
from simulate.runner import run


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("risky")
    cfg = parse_config({"run": {"game": "risky_adventure", "games": 24, "seed": 3, "chunk": 12,
                                "out": str(out)},
                        "players": {"count": [2, 3], "strategies": "fame_now"},
                        "variants": [{"name": "both", "discount_a_symbols": 2}]})
    run(cfg)
    return out


def test_section_is_within_player_counts_and_tests_are_holm_corrected(out):
    section = Section("Risky Adventure", open_run(out))
    section_module.build(section)
    blocks = section.blocks
    note = next(b for b in blocks if isinstance(b, Note))
    for name in ("artifacts", "equipment", "expeditions", "treasure_maps"):
        assert f"data/{name}.json" in note.text
    tables = [b for b in blocks if isinstance(b, Table)]
    fame = [t for t in tables if t.caption.startswith("Fame by seat at")]
    assert [t.caption.split(" players")[0][-1] for t in fame] == ["2", "3"]
    assert [len(t.rows) for t in fame] == [2, 3]            # one row per seat, never pooled
    equipment = [t for t in tables if t.caption.startswith("Equipment kind at")]
    said = [b for b in blocks if type(b).__name__ == "Paragraph"
            and b.text.startswith("Equipment kind at")]      # no seat bought any: one line
    assert len(equipment) + len(said) == 2 and all(t.rows for t in equipment)
    artifacts = [d for d in blocks if isinstance(d, Details) and d.summary.startswith("Artifacts")]
    assert len(artifacts) == 2
    about = [f.about for f in section.family.findings]
    assert about.count("first seat's fame minus the others'") == 2
    assert any("owners vs non-owners" in a for a in about)
    section.family.adjust()
    assert all(f.p_adjusted >= f.p for f in section.family.findings)
    length = next(t for t in tables if t.caption.startswith("Rounds per game"))
    assert [(r[0], r[1]) for r in length.rows] == [("baseline", 2), ("baseline", 3),
                                                   ("both", 2), ("both", 3)]


def test_the_whole_report_renders_the_section(out):
    text = build_report(out).read_text()
    for phrase in ("Risky Adventure", "PLACEHOLDER component data", "owners vs non-owners",
                   "Game length", "first seat"):
        assert phrase in text, phrase
    assert "section failed" not in text


def test_no_equipment_bought_is_one_line_not_an_empty_table(out):
    import polars as pl

    from reports.blocks import Paragraph
    from reports.tables import collect, from_frames
    run_ = open_run(out)
    seats = collect(run_.seats).with_columns(pl.lit(0).alias(f"equipment_{k}")
                                             for k in section_module.KINDS)
    section = Section("Risky Adventure", from_frames(collect(run_.games), seats, run_.spec))
    section_module.build(section)
    tables = [b for b in section.blocks if isinstance(b, Table)]
    assert all(t.rows for t in tables)
    assert not any(t.caption.startswith("Equipment kind at") for t in tables)
    said = [b.text for b in section.blocks if isinstance(b, Paragraph)]
    assert any(s.startswith("Equipment kind at 2 players: none of the") for s in said)


def test_first_seat_fame_with_a_fixed_strategy_in_seat_0_is_a_strategy_finding(tmp_path):
    """configs/risky_adventure_equipment.toml: seat 0 always plays engine_builder, so the fame
    gap of seat 0 is that strategy's (with its seat), never a seat effect on its own."""
    cfg = parse_config({"run": {"game": "risky_adventure", "games": 12, "seed": 3, "chunk": 12,
                                "out": str(tmp_path / "o")},
                        "players": {"count": 2, "strategies": ["engine_builder", "fame_now"]}})
    run(cfg)
    section = Section("Risky Adventure", open_run(tmp_path / "o"))
    section_module.build(section)
    gap = next(f for f in section.family.findings if "fame minus the others'" in f.about)
    assert gap.kind == "strategy" and gap.about.startswith("engine_builder strategy in seat 0")
    assert "the engine_builder strategy in seat 0 scores" in gap.claim
    assert "first seat" not in gap.claim
