"""The report section builds from a real run within each player count (never pooled), adds the
first-player, dominant-guild and card tests to the section's Holm family, and renders."""
import pytest

from reports.blocks import Figure, Note, Table
from reports.report import build_report
from reports.section import Section
from reports.sections import adventure_realms as section
from reports.tables import open_run
from simulate.config import parse_config
from simulate.runner import run


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    folder = tmp_path_factory.mktemp("realms")
    cfg = parse_config({"run": {"game": "adventure_realms", "games": 40, "seed": 3, "chunk": 40,
                                "jobs": 1, "out": str(folder)},
                        "players": {"count": [2, 3], "strategies": "random"},
                        "variants": [{"name": "race_to_8", "vp_target": 8}]})
    run(cfg)
    return folder


def _tables(blocks, caption):
    return [b for b in blocks if isinstance(b, Table) and b.caption.startswith(caption)]


def test_section_per_player_count_and_variant_with_tests(out, monkeypatch):
    monkeypatch.setattr(section, "MIN_OWNERS", 3)
    built = Section("Adventure Realms", open_run(out))
    section.build(built)
    blocks = built.blocks
    assert isinstance(blocks[0], Note) and "placeholder" in blocks[0].text
    by_seat = _tables(blocks, "Final VP")
    assert [len(t.rows) for t in by_seat] == [2, 2, 3, 3]          # 2 counts x 2 variants
    assert all(sum(r[1] for r in t.rows) == 40 * len(t.rows) for t in by_seat)
    assert len(_tables(blocks, "First-player test")) == 4
    ends = _tables(blocks, "How games end")
    assert all(sum(r[1].k for r in t.rows if str(r[0]).startswith("ended")) == 40 for t in ends)
    assert _tables(blocks, "Win rate by dominant guild")
    cards = _tables(blocks, "The cards whose owners")
    assert cards and cards[0].rows
    abouts = [f.about for f in built.family.findings]
    assert any(a.startswith("owners of") for a in abouts)
    # the cards are tested as Risky Adventure's owners are (Newcombe + score test), not Wald z
    assert {f.test for f in built.family.findings if f.about.startswith("owners of")} == \
        {"two-proportion score"}
    vp = [cell for t in by_seat for row in t.rows for cell in row[2:] if hasattr(cell, "low")]
    assert vp and all(not cell.low < 0 for cell in vp)         # VP cannot be negative
    assert any(a.startswith("first seat minus") for a in abouts)
    assert all(f.players in (2, 3) for f in built.family.findings)   # never pooled
    built.family.adjust()
    assert all(f.p_adjusted >= f.p for f in built.family.findings)
    assert any(isinstance(b, Figure) for b in blocks)


def test_the_report_renders_with_the_section(out):
    text = build_report(out).read_text()
    assert "Adventure Realms" in text and "placeholder card data" in text
    assert "This section failed" not in text
