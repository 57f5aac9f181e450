"""Before and after: two finished runs of one game compared on one page.

The designer's loop is "edit a file, run again, see what changed". :func:`compare_runs` reads two
finished results folders of the same game and says, first, what differs between them (config,
rules, components, code), then whether they can be paired: runs that played the same seeds at
the same player counts are compared game by game (the share of games that ended differently is
given), others unpaired (and said so). Every measure the report's Variants section compares is
shown before / after / difference with its interval, in one Holm correction over the whole page;
the summary states only what survives it. The two runs become one table of two variants, the
first run's as the baseline and the second's under its folder's name, so the comparison is the
report's own (reports.section.Section.compare_variants), not a second implementation.
Entities (heroes, classes, cards owned) are listed before and after, their change against the
fair share tested in the same correction (chosen ones as associations, never claimed).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import polars as pl

from reports import blocks as b
from reports import entities, headlines, variants
from reports.reaction import games_that_differ
from reports.findings import Finding, report_wide
from reports.section import Section, points
from simulate.statistics import between_estimates
from reports.summary import _plain as in_words    # the summary's own wording of a finding
from reports.tables import BASELINE, RunTables, baseline_or_first, open_run
from simulate.games.base import ConfigError

MARK = '<meta name="generator" content="dice-balance compare">'   # a page this tool wrote
SHOWN = 10          # differences listed before "... and N more"
COMPARED = ("seed", "games", "player_counts", "strategies", "heroes", "rotate")


@dataclass
class Comparison:
    title: str
    paired: bool
    summary: list                       # blocks of the page's summary
    sections: list[tuple[str, list]]    # (title, blocks)
    lines: list[str] = field(default_factory=list)   # the terminal's summary


def compare_runs(before: Path, after: Path) -> Comparison:
    """The comparison of two finished runs' baselines (or first variants), or a one-line
    ConfigError when they cannot be compared."""
    a, b_ = _finished(before), _finished(after)
    if a.spec.name != b_.spec.name:
        raise ConfigError(f"{after} is a run of {b_.spec.name}, {before} of {a.spec.name}: "
                          "compare two runs of the same game")
    if a.rotate != b_.rotate:
        raise ConfigError(f"one of {before} and {after} rotates the seats and the other does "
                          "not: compare runs that seat their strategies alike")
    counts = [p for p in a.player_counts if p in b_.player_counts]
    if not counts:
        raise ConfigError(f"{before} and {after} share no player count ({a.player_counts} vs "
                          f"{b_.player_counts})")
    label = _label(after, before)
    joined = _joined(a, b_, counts, label)
    paired = label not in joined.unpaired
    differences = differences_between(a, b_)
    section = Section("Before and after", joined)
    for players in counts:
        chosen = [m for m in variants.measures(joined, players)     # the game's, not each seat's
                  if m.column != "decisions" and m.seat is None]
        table = section.compare_variants(players, chosen, [label])
        if table is not None:
            section.add(_relabelled(table, before, after))
    entity_blocks = [block for players in counts
                     for block in _entity_blocks(section, joined, players, label)]
    report_wide([section.family])
    claims = [replace(f, claim=said) for f in section.family.findings if f.significant
              and (said := in_words(f, joined)) is not None]
    summary = _summary(a, b_, joined, paired, label, claims, section, before, after)
    sections = [("What differs between the runs", _difference_blocks(differences)),
                ("Headlines", _headline_blocks(a, b_, counts)),
                ("Before and after", section.blocks + section.closing()),
                ("Cards, heroes, classes and guilds before and after", entity_blocks)]
    lines = _terminal(paired, joined, label, claims, differences, counts)
    return Comparison(f"{a.spec.title} — {before.name} against {after.name}", paired, summary,
                      sections, lines)


def _finished(folder: Path) -> RunTables:
    """A finished run's tables, or one line saying why ``folder`` is not one."""
    from simulate.manifest import coverage_note, verified
    manifest = verified(folder)                 # every chunk there and intact
    if coverage_note(folder, manifest):
        raise ConfigError(f"{folder} is not a finished run: it records "
                          f"{len(manifest['chunks'])} chunks of those its config plans "
                          "(run its command again to finish it)")
    return open_run(folder)


def _label(after: Path, before: Path) -> str:
    name = after.name if after.name not in (BASELINE, before.name, "") else "after"
    return f"run {name}"


def _side(run: RunTables, table: pl.LazyFrame, counts: list[int], label: str) -> pl.LazyFrame:
    variant = baseline_or_first(run)
    return table.filter(pl.col("variant") == variant, pl.col("players").is_in(counts)) \
        .with_columns(pl.lit(label).alias("variant"))


def _variant_entry(run: RunTables, name: str) -> dict:
    chosen = baseline_or_first(run)
    entry = next((v for v in run.manifest["identity"]["variants"] if v["name"] == chosen), {})
    return {**entry, "name": name}


def _same_seeds(a: RunTables, b_: RunTables) -> bool:
    """Paired: the same run seed, no variant seed of its own on either side, the same seating."""
    ia, ib = a.manifest["identity"], b_.manifest["identity"]
    va, vb = _variant_entry(a, ""), _variant_entry(b_, "")
    return (ia.get("seed") == ib.get("seed") and va.get("seed") is None and
            vb.get("seed") is None and ia.get("heroes") == ib.get("heroes"))


def _joined(a: RunTables, b_: RunTables, counts: list[int], label: str) -> RunTables:
    """Both runs as one run of two variants: the first's as the baseline, the second's as
    ``label`` (its own seed when the two cannot be paired)."""
    games = pl.concat([_side(a, a.games, counts, BASELINE), _side(b_, b_.games, counts, label)],
                      how="diagonal_relaxed")
    seats = pl.concat([_side(a, a.seats, counts, BASELINE), _side(b_, b_.seats, counts, label)],
                      how="diagonal_relaxed")
    paired = _same_seeds(a, b_)
    after = _variant_entry(b_, label)
    if not paired:
        after["seed"] = b_.manifest["identity"].get("seed")
    identity = {**a.manifest["identity"], "variants": [_variant_entry(a, BASELINE), after]}
    manifest = {**a.manifest, "identity": identity}
    return replace(a, games=games, seats=seats, manifest=manifest, variants=[BASELINE, label],
                   player_counts=counts, unpaired=frozenset() if paired else frozenset({label}),
                   cards={}, cards_skipped=[], granted={})


# What differs -------------------------------------------------------------------------------

def differences_between(a: RunTables, b_: RunTables) -> list[str]:
    """Every difference that can decide the numbers, in words: config, rules, components, code."""
    ia, ib = a.manifest["identity"], b_.manifest["identity"]
    found = [f"{key}: {_shown(ia.get(key))} → {_shown(ib.get(key))}" for key in COMPARED
             if ia.get(key) != ib.get(key)]
    va, vb = _variant_entry(a, ""), _variant_entry(b_, "")
    found += [f"rule {k}: {_shown(va.get('rules', {}).get(k))} → "
              f"{_shown(vb.get('rules', {}).get(k))}"
              for k in sorted(set(va.get("rules", {})) | set(vb.get("rules", {})))
              if va.get("rules", {}).get(k) != vb.get("rules", {}).get(k)]
    for key in ("components", "grant"):
        if va.get(key) != vb.get(key):
            found.append(f"{key}: {_shown(va.get(key))} → {_shown(vb.get(key))}")
    found += _component_changes(a, b_)
    fa, fb = a.manifest.get("fingerprint", {}), b_.manifest.get("fingerprint", {})
    for key in ("package version", "engine version"):
        if fa.get(key) != fb.get(key):
            found.append(f"{key}: {fa.get(key)} → {fb.get(key)}")
    code = sorted(k.removeprefix("source ") for k in set(fa) | set(fb)
                  if k.startswith("source ") and fa.get(k) != fb.get(k) and "/data/" not in k)
    if code:
        found.append(f"code: {len(code)} source file{'s' if len(code) > 1 else ''} differ "
                     f"({_few(code)})")
    return found


def _component_changes(a: RunTables, b_: RunTables) -> list[str]:
    """file, entry, field: old → new, for the data files each run played (its components folder
    or the shipped data/), read from disk where the fingerprint shows they are still as played."""
    files_a, files_b = _played_files(a), _played_files(b_)
    if files_a is None or files_b is None:
        folders = [r.manifest.get("components_folder") for r in (a, b_)]
        if folders[0] == folders[1] and _component_hashes(a) == _component_hashes(b_):
            return []
        return [f"components folder: {_shown(folders[0])} → {_shown(folders[1])} (its files "
                "changed since, so the entries that differ cannot be shown)"]
    return _file_changes(files_a, files_b)


def _file_changes(files_a: dict[str, Any], files_b: dict[str, Any]) -> list[str]:
    found = []
    for name in sorted(set(files_a) | set(files_b)):
        old, new = files_a.get(name), files_b.get(name)
        if old == new:
            continue
        if old is None or new is None:
            found.append(f"{name}: {'added' if old is None else 'removed'}")
            continue
        found += [f"{name.removesuffix('.json')}:{path}: {_shown(x)} → {_shown(y)}"
                  for path, x, y in _changed_values(old, new)]
    return found


def _component_hashes(run: RunTables) -> dict:
    from simulate.manifest import COMPONENTS
    return {k: v for k, v in run.manifest.get("fingerprint", {}).items() if k.startswith(COMPONENTS)}


def folder_changes(run: RunTables, folder: str) -> list[str]:
    """file:entry.field: old → new, from the run's baseline files to a variant's own folder."""
    base, own = _played_files(run), _played_files(run, folder)
    if base is None or own is None:
        return ["its files changed since the run, so the entries that differ cannot be shown"]
    return _file_changes(base, own)


def _played_files(run: RunTables, folder: str | None = None) -> dict[str, Any] | None:
    """{file name: JSON} the run's set-up read (its components folder or the shipped data/;
    ``folder``: a variant's own), or None when those files changed since the run (their
    fingerprint no longer matches)."""
    from simulate.games.component_files import data_games, file_hashes, shipped_files
    from simulate.manifest import COMPONENTS
    from simulate.sources import ROOT
    folder = folder or run.manifest.get("components_folder")
    recorded = run.manifest.get("fingerprint", {})
    if folder:
        path = Path(folder)
        played = {k: v for k, v in recorded.items()
                  if k.startswith(COMPONENTS) and Path(k[len(COMPONENTS):]).parent == path}
        if not path.is_dir() or played != {f"{COMPONENTS}{path / name}": h
                                           for name, h in file_hashes(path).items()}:
            return None
        return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(path.glob("*.json"))}
    if run.spec.name not in data_games():
        return {}
    files = {}
    for path in shipped_files(run.spec.name):
        key = f"source {path.relative_to(ROOT)}"
        if key in recorded and recorded[key] != hashlib.sha256(path.read_bytes()).hexdigest()[:16]:
            return None
        files[path.name] = json.loads(path.read_text(encoding="utf-8"))
    return files


def _keyed(items: list) -> Any:
    """A list of entries keyed by name (or id), so that a reordered list is not a change and a
    change names its entry; a list of anything else as it is."""
    names = [i.get("name", i.get("id")) if isinstance(i, dict) else None for i in items]
    if not items or None in names or len(set(map(str, names))) != len(names):
        return items
    return {str(n): i for n, i in zip(names, items)}


def _changed_values(old: Any, new: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """(address, old, new) of every value that differs, addressed as ``Entry.field.0.key``."""
    if isinstance(old, list) and isinstance(new, list):
        keyed_old, keyed_new = _keyed(old), _keyed(new)
        if isinstance(keyed_old, dict) and isinstance(keyed_new, dict):
            old, new = keyed_old, keyed_new
        elif len(old) == len(new):
            old, new = dict(enumerate(old)), dict(enumerate(new))
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key in list(old) + [k for k in new if k not in old]:
            where = f"{path}.{key}" if path else str(key)
            if key not in new or key not in old:
                found.append((where, old.get(key), new.get(key)))
            elif old[key] != new[key]:
                found += _changed_values(old[key], new[key], where)
        return found
    return [] if old == new else [(path or "(whole file)", old, new)]


def _shown(value: Any) -> str:
    text = "absent" if value is None else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 80 else text[:77] + "…"


def _few(names: list[str]) -> str:
    extra = len(names) - SHOWN
    return ", ".join(names[:SHOWN]) + (f", … and {extra} more" if extra > 0 else "")


# Blocks ---------------------------------------------------------------------------------------

def _relabelled(table: b.Table, before: Path, after: Path) -> b.Table:
    columns = ["", "measure", f"before ({before.name})", f"after ({after.name})",
               *table.columns[4:]]
    rows = [[""] + list(row[1:]) for row in table.rows]
    return replace(table, columns=columns, rows=rows,
                   caption=table.caption.replace("Variants vs the baseline", "After vs before"))


def _summary(a, b_, joined, paired, label, claims, section, before, after) -> list:
    first = (f"Paired: both runs played the same game seeds at {_counts(joined.player_counts)}, "
             "so the two are compared game by game.") if paired else \
        ("Unpaired: the runs did not play the same seeds (or not in the same seats), so the "
         "two are compared as independent samples, which needs larger differences to show.")
    blocks = [b.Paragraph(first)]
    if paired:
        shares = []
        for players in joined.player_counts:
            n, d = games_that_differ(joined, label, players)
            shares.append(f"{d:,} of {n:,} games ({100 * d / n:.1f} %) at {players} "
                          f"player{'s' if players > 1 else ''}" if n else
                          f"no common game at {players} players")
        blocks.append(b.Paragraph("Games that ended differently: " + "; ".join(shares) + "."))
    tests = len(section.family.findings)
    if claims:
        blocks.append(b.Paragraph("What changed (Holm-corrected over the page's "
                                  f"{tests} tests):\n" + "\n".join(f"• {f.claim} "
                                                                   f"(Holm p {_p(f.p_adjusted)})"
                                                                   for f in claims)))
    elif paired and not any(games_that_differ(joined, label, p)[1] for p in joined.player_counts):
        blocks.append(b.Paragraph("Every paired game ended exactly as before: the change "
                                  "altered no game the strategies played."))
    else:
        blocks.append(b.Paragraph(f"No difference survives the correction over the page's "
                                  f"{tests} tests: at these sizes, the two runs cannot be told "
                                  "apart on any measure."))
    blocks.append(b.Paragraph(f"Before: {before} ({_games(a)}); after: {after} ({_games(b_)})."))
    return blocks


def _entity_blocks(section: Section, joined: RunTables, players: int, label: str) -> list:
    """Per entity kind (heroes, classes, cards owned, guilds: reports.entities), each entity's
    win rate before and after and the change in its excess over the fair share, tested in the
    page's one correction (chosen entities as associations: shown, never claimed)."""
    blocks = []
    for kind in entities.kinds(joined, players):
        if kind.label in ("seat", "strategy"):
            continue                        # seats and strategies: the measures above
        old = {e.name: e for e in entities.estimates(joined, players, kind, BASELINE)}
        new = {e.name: e for e in entities.estimates(joined, players, kind, label)}
        rows = []
        for name in sorted(set(old) | set(new)):
            was, now = old.get(name), new.get(name)
            change = between_estimates(was.diff, now.diff) if was and now else None
            rows.append([name, _rate(was), _rate(now), points(change) if change else "–",
                         _entity_test(section, players, kind, name, change)
                         if change else "–"])
        if rows:
            status = "assigned: tested" if kind.assigned else \
                "association, not effect: shown, never claimed"
            blocks.append(b.Table(
                [kind.label, "before: win rate [95 % CI]", "after", "change against the fair "
                 "share [95 % CI]", "p (Holm)"], rows,
                f"Win rate by {kind.label} at {players} players, before and after ({kind.how}; "
                f"{status}; the two runs' games are separate samples here)"))
    return blocks


def _rate(e) -> str:
    return b.percent_interval(e.value, e.low, e.high) + f" ({e.units:,})" if e else "–"


def _entity_test(section: Section, players: int, kind, name: str, change):
    if change.p != change.p:
        return "–"
    kind_name = "entity" if kind.assigned else "screen"
    claim = (f"At {players} players the {name} ({kind.label}) wins "
             f"{'more' if change.value > 0 else 'less'} often after than before, against "
             f"the fair share ({points(change)}).")
    return section.test(Finding(players, f"{kind.label} {name}: after vs before",
                                points(change), change.test, change.p, claim, kind_name))


def _difference_blocks(differences: list[str]) -> list:
    if not differences:
        return [b.Paragraph("Nothing that decides the numbers differs: same config, rules, "
                            "components and code.")]
    return [b.Table(["what differs (before → after)"], [[d] for d in differences],
                    f"{len(differences)} difference{'s' if len(differences) > 1 else ''}")]


def _headline_blocks(a: RunTables, b_: RunTables, counts: list[int]) -> list:
    before = {name: values for name, _, values in headlines.headline_rows(a)}
    after = {name: values for name, _, values in headlines.headline_rows(b_)}
    rows = [[name, players, before[name].get(players, "–"), after.get(name, {}).get(players, "–")]
            for name in before for players in counts]
    return [b.Table(["headline", "players", "before", "after"], rows,
                    "Each run's headline with its 95 % interval (the differences, tested, are "
                    "in the next section)", css="headline")]


def _terminal(paired, joined, label, claims, differences, counts) -> list[str]:
    lines = ["paired: same seeds, compared game by game" if paired else
             "unpaired: different seeds, compared as independent samples"]
    if paired:
        for players in counts:
            n, d = games_that_differ(joined, label, players)
            lines.append(f"  {players} players: {d:,} of {n:,} games ended differently")
    lines.append(f"differences between the runs: {len(differences)}")
    lines += [f"  {d}" for d in differences[:SHOWN]]
    if len(differences) > SHOWN:
        lines.append(f"  … and {len(differences) - SHOWN} more")
    lines += [f"• {f.claim}" for f in claims] or ["no difference survives the correction"]
    return lines


def _counts(counts: list[int]) -> str:
    return ", ".join(map(str, counts)) + " players"


def _games(run: RunTables) -> str:
    return f"{run.manifest.get('games_done', 0):,} games"


def _p(p: float) -> str:
    from reports.findings import p_text
    return p_text(p)


def write_page(comparison: Comparison, path: Path) -> Path:
    """Write the page (one self-contained HTML file); never over a file this tool did not write."""
    from reports.report import render_page
    from simulate.folder_io import write_inside
    if path.exists() or path.is_symlink():
        if not path.is_file() or path.is_symlink() or MARK not in _head(path):
            raise ConfigError(f"{path} exists and is not a comparison page of this tool: "
                              "name another --out")
    text = render_page(comparison.title, comparison.summary, comparison.sections, [],
                       head=MARK)
    return write_inside(path.parent, path.name, text.encode("utf-8"))


def _head(path: Path) -> str:
    with open(path, "rb") as handle:
        return handle.read(4096).decode("utf-8", "replace")
