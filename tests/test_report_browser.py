"""Every shipped config's report (tiny runs): a summary first whose claims all come from
Holm-corrected tests within one player count, and the page checked in headless Chromium
(every figure has a size, no script errors; a screenshot per report goes to runs/)."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from reports.report import render, structure
from reports.summary import SHOWN
from reports.tables import open_run
from simulate.config import load_config
from simulate.games import game_names
from simulate.runner import run

pytestmark = pytest.mark.slow        # minutes: `make quick` skips it, `make test` runs it
ROOT = Path(__file__).resolve().parents[1]
SHIPPED = [g for g in game_names() if (ROOT / "configs" / f"{g}.toml").exists()]

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
    for game in SHIPPED:
        out = tmp_path_factory.mktemp(game)
        cfg = load_config(ROOT / "configs" / f"{game}.toml", games=12, jobs=1, out=str(out / "o"))
        run(cfg)
        tables = open_run(Path(cfg.out))
        report = structure(tables)
        page = Path(cfg.out) / "report.html"
        page.write_text(render(report, tables), encoding="utf-8")
        made[game] = (report, page)
    return made


@pytest.mark.parametrize("game", SHIPPED)
def test_summary_first_and_only_corrected_claims_within_a_player_count(reports, game):
    report, page = reports[game]
    claims = [line for block in report.summary for line in getattr(block, "text", "").split("\n")
              if line.startswith("•")]
    significant = [f for s in report.sections for f in s.family.significant()]
    claimed = [f for f in significant if f.kind != "screen"]  # screens are never claimed
    assert len(claims) == min(len(claimed), SHOWN)           # the rest: "... and N more"
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


@pytest.mark.parametrize("game", SHIPPED)
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
