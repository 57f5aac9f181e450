"""Report pages of `simulate tune` (tune.json) and `simulate sensitivity` (sensitivity.json).

Same structure as the balance report: data -> blocks -> the report template -> one HTML file.
"""
from __future__ import annotations

from pathlib import Path

from reports.blocks import Code, Figure, Heading, Paragraph, Table, figure_svg, plot_style
from reports.figures import whole_ticks
from reports.findings import p_said, p_text
from reports.report import Report, render
from reports.section import Section
from reports.tables import open_run
from simulate.adaptive.metrics import NUMBER, POINTS, RATE, amount, estimate_words
from simulate.adaptive.metrics import estimate_text as estimate_text    # estimate_words by train's page
from simulate.adaptive.study_files import read_study
from simulate.folder_io import write_inside
from simulate.results_folder import REPORT
from simulate.statistics import ALPHA

def build_tune_report(out: str | Path) -> Path:
    out = Path(out)
    result = read_study(out / "tune.json")
    return _write(out, "tuning report", _answer(result), [
        ("Candidates tried", _candidates(result)),
        ("Final config", [Code(result["final_toml"], "The config's [rules] with the tuned value "
                               "written in, ready to copy (click to open)")])])


def build_sensitivity_report(out: str | Path) -> Path:
    out = Path(out)
    result = read_study(out / "sensitivity.json")
    kind, measure = sensitivity_kind(result), sensitivity_words(result)
    intro = Paragraph(
        f"Each rule was set to its low and high value (booleans flipped, every other choice "
        f"tried) and played on the same game seeds as the baseline; the effect is the mean "
        f"paired difference in {measure} at {result['players']} players (baseline "
        f"{estimate_words(result['baseline'], kind)}). Method: {result['method']}. A value stops early "
        f"once its interval lies inside ± {amount(result['negligible'], kind, True)} or "
        f"outside it (matters); inside it a value does not matter only if its interval also "
        f"covers 0 and its Holm p is at least 0.05, else its effect is small but real; "
        f"intervals are taken at {100 * result['look_confidence']:.2f} % so the stopping rule "
        f"keeps its {100 * result['confidence']:.0f} % coverage. p-values are exact McNemar "
        f"(rates) or paired t-tests at the value's final size, Holm-adjusted over all values. "
        f"Games spent: {result['games_spent']:,}.")
    rows = [[r["variant"], r["games"], estimate_words(r["difference"], kind, True), p_text(r["p"]),
             p_text(r["p_holm"]), r["verdict"]] for r in result["effects"]]
    blocks = [Table(["rule value", "games", f"change in {measure} [CI]", "p", "Holm p",
                     "verdict"], rows, "Rule values ranked by the size of their effect")]
    if result["skipped"]:
        blocks.append(Table(["rule", "skipped because"], result["skipped"], "Not varied"))
    return _write(out, "sensitivity report", [intro, _tornado(result)],
                  [("Every rule value", blocks)])


def sensitivity_kind(result: dict) -> str:
    return result.get("kind", NUMBER)


def sensitivity_words(result: dict) -> str:
    """The measure in designer words (a sensitivity.json from before: its label)."""
    return result.get("metric_words") or result["metric"]


def effect_line(result: dict, row: dict) -> str:
    """One finding as the report states one: the effect with its interval, the verdict, and
    whether it survives the correction over every value tried ("p < 0.001" as the report
    prints p)."""
    tests = len(result["effects"])
    significant = "significant" if row["p_holm"] < ALPHA else "not significant"
    return (f"{row['variant']}: {estimate_words(row['difference'], sensitivity_kind(result), True)} "
            f"({row['verdict']}; {significant} after correction for {tests} test"
            f"{'s' if tests != 1 else ''}, {p_said(row['p_holm'], 'Holm p')}; "
            f"{row['games']:,} games)")


def target_words(result: dict) -> list[str]:
    """Each target in designer words (a tune.json from before they were recorded: its label)."""
    return result.get("target_words") or result["targets"]


def target_kinds(result: dict) -> list[str]:
    return result.get("target_kinds") or [NUMBER] * len(result["targets"])


def point_text(rules: list[str], point: list) -> str:
    """"damage_to_lose = 7" (each tuned rule with its value)."""
    from simulate.config import show_value
    return ", ".join(f"{r} = {show_value(v)}" for r, v in zip(rules, point))


def estimates_text(result: dict, row: dict) -> str:
    return "; ".join(estimate_words(e, k) for e, k in zip(row["estimates"], target_kinds(result)))


def answer_line(result: dict) -> str:
    """The tune's answer in one line, naming the tuned rule, its value and what it gives."""
    rules, wanted = result["rules"], "; ".join(target_words(result))
    rows = {tuple(c["point"]): c for c in result["candidates"]}
    crossing = result.get("crossing")
    if crossing:
        a, b = crossing["between"]
        return (f"Answer: {rules[0]} crosses {wanted} between {a} and {b} (the crossing at "
                f"{crossing['at']:.3g} [{crossing['low']:.3g}, {crossing['high']:.3g}]).")
    found = [rows[tuple(p)] for p in result["answer"]]
    if found:
        shown = "; ".join(f"{point_text(rules, c['point'])} ({estimates_text(result, c)})"
                          for c in found)
        many = f"{len(found)} values meet" if len(found) > 1 else "meets"
        return f"Answer: {shown} {many} {wanted}." if len(found) == 1 else \
            f"Answer: {many} {wanted}: {shown}."
    tried = [c for c in result["candidates"] if c["estimates"]]
    if not tried:
        return f"Answer: no value of {', '.join(rules)} was played."
    near = min(tried, key=lambda c: _distance(result, c))
    return (f"Answer: no value of {', '.join(rules)} tried meets {wanted}; nearest: "
            f"{point_text(rules, near['point'])} ({estimates_text(result, near)}, "
            f"{near['status']}).")


def _distance(result: dict, row: dict) -> float:
    """How far a candidate's estimates lie from the target values, in tolerances."""
    return sum(abs(e["mean"] - value) / max((high - low) / 2, 1e-12)
               for e, value, (low, high) in zip(row["estimates"], result["target_values"],
                                               result["target_bands"]))




def _write(out: Path, kind: str, summary: list, sections: list[tuple[str, list]]) -> Path:
    """Render through the balance report's template ("What was run" and "Columns" closing the
    page) and write ``report.html`` atomically."""
    run = open_run(out)
    built = []
    for title, blocks in sections:
        section = Section(title, run)
        section.add(*blocks)
        built.append(section)
    text = render(Report(f"{run.spec.title} — {kind}", summary, built), run)
    return write_inside(out, REPORT, text.encode("utf-8"))


def _answer(result: dict) -> list:
    blocks = [Paragraph(answer_line(result)),
              Paragraph(f"Method: {result['method']}. Every candidate played the same game "
                        f"seeds in doubling rounds ({', '.join(map(str, result['rounds']))} "
                        f"games) and stopped as soon as its interval decided; each look uses a "
                        f"{100 * result['look_confidence']:.2f} % interval (Bonferroni over the "
                        f"looks), so a final interval covers the truth at least "
                        f"{100 * result['confidence']:.0f} % of the time."),
              Paragraph(f"Targets: {'; '.join(target_words(result))}. Games spent: "
                        f"{result['games_spent']:,}; stopped: {result['stopped']}.")]
    rows = {tuple(c["point"]): c for c in result["candidates"]}
    if result["answer"]:
        blocks.append(_table(result, [rows[tuple(p)] for p in result["answer"]],
                             "Values that meet every target"))
    if result["note"]:
        blocks.append(Paragraph(result["note"].capitalize() + "."))
    blocks += _plots(result)
    return blocks


def _candidates(result: dict) -> list:
    return [_table(result, result["candidates"], "Every value tried, with its final interval "
                   "(status: within the target = the interval lies inside the target's band; "
                   "below / above the target = it lies wholly below / above the band; "
                   "undecided = neither yet (leaning below / above: the interval lies on that "
                   "side of the target value); dropped = left behind by successive halving)")]


def _table(result: dict, candidates: list[dict], caption: str) -> Table:
    columns = result["rules"] + ["games", "status"] + target_words(result)
    rows = [c["point"] + [c["games"], c["status"]]
            + [estimate_words(e, k) for e, k in zip(c["estimates"], target_kinds(result))]
            for c in candidates]
    return Table(columns, rows, caption)


def _plots(result: dict) -> list:
    """Each target's metric against the first rule, with interval bars and the target band."""
    rule = result["rules"][0]
    tried = [c for c in result["candidates"] if c["estimates"]]
    if not tried or not all(isinstance(c["point"][0], (int, float)) for c in tried):
        return []
    figures = []
    for i, (label, kind) in enumerate(zip(target_words(result), target_kinds(result))):
        scale = 1 if kind == NUMBER else 100          # rates in percent, differences in points
        with plot_style() as plt:
            fig, ax = plt.subplots()
            groups: dict[tuple, list] = {}
            for c in sorted(tried, key=lambda c: c["point"]):
                groups.setdefault(tuple(c["point"][1:]), []).append(c)
            for rest, group in groups.items():
                x = [c["point"][0] for c in group]
                est = [c["estimates"][i] for c in group]
                ax.errorbar(x, [scale * e["mean"] for e in est], marker="o", capsize=3,
                            linestyle=":", yerr=[[scale * (e["mean"] - e["low"]) for e in est],
                                                 [scale * (e["high"] - e["mean"]) for e in est]],
                            label=", ".join(f"{r}={v}" for r, v in zip(result["rules"][1:],
                                                                       rest)) or None)
            ax.axhline(scale * result["target_values"][i], color="grey", linewidth=1)
            low, high = result["target_bands"][i]
            ax.axhspan(scale * low, scale * high, color="grey", alpha=0.15, linewidth=0)
            ax.set_xlabel(rule)
            if all(isinstance(c["point"][0], int) for c in tried):
                whole_ticks(ax)                 # an integer rule: integer ticks
            unit = {RATE: " (%)", POINTS: " (pts)"}.get(kind, "")
            ax.set_ylabel(label.split(" at ")[0] + unit)
            if len(groups) > 1:
                ax.legend(fontsize=7)
            figures.append(Figure(figure_svg(fig), f"{label}: each value tried, with its final "
                                  "interval; the grey line is the target, the shaded band its "
                                  "tolerance."))
    return [Heading("Metric against the rule")] + figures


def _tornado(result: dict) -> Figure | Paragraph:
    """One row per rule, largest effect at the top; each value tried is a bar from zero labelled
    with the value (bars of one rule drawn largest first so a smaller one stays visible)."""
    by_rule: dict[str, list] = {}
    for row in result["effects"]:
        by_rule.setdefault(row["rule"], []).append(row)
    ranked = sorted(by_rule.items(), key=lambda kv: -max(abs(r["difference"]["mean"])
                                                         for r in kv[1]))[:25][::-1]
    if not ranked:
        return Paragraph("No rule value was varied.")
    kind = sensitivity_kind(result)
    scale = 1 if kind == NUMBER else 100              # a rate's change in points
    with plot_style() as plt:
        fig, ax = plt.subplots(figsize=(7.5, 0.32 * len(ranked) + 1.2))
        for y, (rule, rows) in enumerate(ranked):
            for r in sorted(rows, key=lambda r: -abs(r["difference"]["mean"])):
                d = {k: scale * r["difference"][k] for k in ("mean", "low", "high")}
                ax.barh(y, d["mean"], height=0.6, color="#4f81bd" if d["mean"] >= 0 else
                        "#c0504d", edgecolor="white")
                ax.errorbar(d["mean"], y, xerr=[[d["mean"] - d["low"]], [d["high"] - d["mean"]]],
                            fmt="none", ecolor="black", capsize=2, linewidth=0.8)
                ax.annotate(_value(r["value"]), (d["high"] if d["mean"] >= 0 else d["low"], y),
                            xytext=(3 if d["mean"] >= 0 else -3, 0), textcoords="offset points",
                            ha="left" if d["mean"] >= 0 else "right", va="center", fontsize=6)
        ax.axvline(0, color="black", linewidth=0.8)
        for edge in (-result["negligible"], result["negligible"]):
            ax.axvline(scale * edge, color="grey", linewidth=0.6, linestyle="--")
        ax.set_yticks(range(len(ranked)), [rule for rule, _ in ranked], fontsize=7)
        ax.margins(x=0.12)
        unit = "" if kind == NUMBER else " (pts)"
        ax.set_xlabel(f"change in {sensitivity_words(result)} vs baseline{unit}")
        return Figure(figure_svg(fig), "Tornado chart: each rule's effect at each value tried "
                                       "(the value is written at the bar's end; red lowers, "
                                       "blue raises), with its interval; largest at the top, "
                                       "at most 25 rules; dashed: the negligible band.")


def _value(value) -> str:
    from simulate.config import show_value
    return show_value(value)
