"""Every shipped config's report (tiny runs): a summary first whose claims all come from
Holm-corrected tests within one player count, and the page checked in headless Chromium
(every figure has a size, no script errors; a screenshot per report goes to runs/); its first
screen (1,400 x 1,000 px) holds the headline with its interval for every player count, and the
folded page stays short."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from reports.report import render, structure
from reports import summary
from reports.summary import RESTRICTION_HEADING, SHOWN, SKILL_HEADING
from reports.blocks import Heading
from reports.tables import open_run
from simulate.config import load_config, parse_config
from simulate.config_file import load_toml
from simulate.games import game_names
from simulate.runner import run
from tests.helpers import simulate_cli

pytestmark = pytest.mark.slow        # minutes: `make quick` skips it, `make test` runs it
ROOT = Path(__file__).resolve().parents[1]
SHIPPED = [g for g in game_names() if (ROOT / "configs" / f"{g}.toml").exists()]
# Every config `simulate run` plays (tune, sensitivity and train configs have reports of their
# own),
# and a Roll Player study dealing every class at four player counts.
RUNS = sorted(p.stem for p in (ROOT / "configs").glob("*.toml")
              if not {"tune", "sensitivity", "train"} & set(load_toml(p)))
STUDIES = {"roll_player_all_heroes": {
    "run": {"game": "roll_player", "games": 24, "seed": 5, "chunk": 12},
    "players": {"count": [1, 2, 3, 4], "strategies": "goal_chaser", "heroes": "all"},
    "variants": [{"name": "no_skills", "skills_usable": False}]}}
FIRST_SCREEN = 1000       # px at 1,400 px wide
FOLDED = 6000             # px: the whole page with every <details> closed

PROBE = """<script>
window.addEventListener('error', e => { document.title = 'SCRIPT ERROR ' + e.message; });
document.addEventListener('DOMContentLoaded', () => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const sizes = [...document.querySelectorAll('figure svg')].map(s => {
    const r = s.getBoundingClientRect(); return [r.width, r.height]; });
  const out = document.createElement('pre');
  out.id = 'probe'; out.textContent = JSON.stringify(sizes); document.body.appendChild(out);
});
</script>"""


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    made = {}
    for game in RUNS + list(STUDIES):
        out = str(tmp_path_factory.mktemp(game) / "o")
        path = ROOT / "configs" / f"{game}.toml"
        if game not in STUDIES and "cards" in load_toml(path):     # a study of its own command
            played = simulate_cli("cards", path, "--games", 10, "--chunk", 10, "--jobs", 1,
                                  "--out", out, "--no-report")
            assert played.exit_code == 0, played.output
        else:
            cfg = parse_config(STUDIES[game], out=out, jobs=1) if game in STUDIES else \
                load_config(path, games=12, jobs=1, out=out)
            run(cfg)
        tables = open_run(Path(out))
        report = structure(tables)
        page = Path(out) / "report.html"
        page.write_text(render(report, tables), encoding="utf-8")
        made[game] = (report, page)
    return made


@pytest.mark.parametrize("game", RUNS)
def test_summary_first_and_only_corrected_claims_within_a_player_count(reports, game):
    report, page = reports[game]
    claims, heading = [], None
    for block in report.summary:      # the claim lines: not the skill gap's or restrictions' blocks
        heading = block.text if isinstance(block, Heading) else heading
        if heading not in (SKILL_HEADING, RESTRICTION_HEADING) and not isinstance(block, Heading):
            claims += [line for line in getattr(block, "text", "").split("\n")
                       if line.startswith("•")]
    significant = [f for s in report.sections for f in s.family.significant()]
    claimed = [f for f in significant if f.kind != "screen"  # screens are never claimed,
               and summary._plain(f, report.sections[0].run)]  # nor internal measures
    lines = summary._grouped([("", f, "") for f in claimed])   # one line per finding
    assert len(claims) == min(len(lines), SHOWN)             # the rest: "... and N more"
    for finding in significant:
        assert finding.players is not None                  # never pooled across counts
        assert finding.p_adjusted < 0.05 and finding.p_adjusted >= finding.p
    html = page.read_text()
    assert html.index('id="summary"') < html.index('id="s1"')
    assert "Holm" in html and "<details" in html
    assert not re.search(r"""(src|href)=["']?https?:""", html) and "<script" not in html


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip("chromium is not installed and could not be (.ci/run installs Debian's "
                    "'chromium' with apt-get when it can)")
    return found


def browse(binary: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([binary, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("game", RUNS)
def test_report_renders_in_headless_chromium(reports, game, tmp_path):
    binary = chromium()
    page = reports[game][1]
    probed = tmp_path / "probed.html"
    probed.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    dom = browse(binary, "--virtual-time-budget=5000", "--dump-dom", probed.as_uri())
    assert dom.returncode == 0, dom.stderr[-500:]
    assert "<title>SCRIPT ERROR" not in dom.stdout
    sizes = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom.stdout).group(1))
    assert len(sizes) == page.read_text().count("<svg") > 0
    assert all(w > 50 and h > 50 for w, h in sizes), sizes
    shots = ROOT / "runs"
    shots.mkdir(exist_ok=True)
    shot = shots / f"report-{game}.png"
    browse(binary, "--window-size=1200,1800", f"--screenshot={shot}", page.as_uri())
    assert shot.exists() and shot.stat().st_size > 10_000


SCREEN = """<script>
document.addEventListener('DOMContentLoaded', () => {
  const folded = document.documentElement.scrollHeight;
  const table = document.querySelector('table.headline');
  const box = table ? table.getBoundingClientRect() : null;
  const out = document.createElement('pre');
  out.id = 'screen';
  out.textContent = JSON.stringify({folded, bottom: box ? box.bottom + window.scrollY : null,
    heads: table ? [...table.rows[0].cells].map(c => c.textContent) : [],
    cells: table ? [...table.querySelectorAll('td.num')].map(c => c.textContent) : []});
  document.body.appendChild(out);
});
</script>"""


def first_screen(binary: str, page: Path, tmp_path: Path) -> dict:
    probed = tmp_path / "screen.html"
    probed.write_text(page.read_text().replace("</body>", SCREEN + "</body>"))
    dom = browse(binary, "--window-size=1400,1000", "--virtual-time-budget=5000", "--dump-dom",
                 probed.as_uri())
    assert dom.returncode == 0, dom.stderr[-500:]
    return json.loads(re.search(r'<pre id="screen">(.*?)</pre>', dom.stdout, re.S).group(1))


@pytest.mark.parametrize("game", RUNS + list(STUDIES))
def test_first_screen_answers_the_headline_at_every_player_count(reports, game, tmp_path):
    """The headline table (every player count, each value with its interval) ends within the
    first 1,000 px at 1,400 px wide; the folded page is at most 6,000 px tall."""
    screen = first_screen(chromium(), reports[game][1], tmp_path)
    counts = reports[game][0].sections[0].run.player_counts
    assert screen["bottom"] is not None and screen["bottom"] <= FIRST_SCREEN, screen
    assert screen["heads"][1:] == [f"{p} player{'s' if p > 1 else ''}" for p in counts]
    assert len(screen["cells"]) >= len(counts)
    assert all(re.search(r"\[.+, .+\]|no interval|in every game", c) for c in screen["cells"])
    if game in RUNS:
        assert screen["folded"] <= FOLDED, screen["folded"]
