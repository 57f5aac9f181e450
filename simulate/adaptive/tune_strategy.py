"""Tune a heuristic's parameters by paired comparisons (issue 13).

    python -m simulate.adaptive.tune_strategy GAME STRATEGY --players N --games G [--seed S]

For every numeric parameter, two challengers (the default halved and raised by half, kept in
the declared range, integers rounded) play the same game seeds as the default. The tuned
strategy sits at seat 0 (every seat in co-op games), the default at the others. Measure: the
seat's (team's) win rate when it varies, else its mean score; paired differences with 95 %
intervals and paired t-tests, Holm-corrected over all challengers. A default should change only
where a challenger survives the correction; the table says which.
"""
from __future__ import annotations

import argparse
import math
import statistics

from simulate.games import get_game
from simulate.play import play_game
from simulate.runner import game_seed
from simulate.statistics import holm, mean_interval, t_test_p
from strategies import build_strategy, strategies_for, strategy_params


def challengers(cls) -> list[tuple[str, float]]:
    found = []
    for name, default in strategy_params(cls).items():
        if isinstance(default, bool) or not isinstance(default, (int, float)):
            continue
        lo, hi = cls.param_ranges.get(name, (-math.inf, math.inf))
        for value in (default * 0.5, default * 1.5) if default else (-1.0, 1.0):
            value = min(hi, max(lo, value))
            value = round(value) if isinstance(default, int) else round(value, 3)
            if value != default and (name, value) not in found:
                found.append((name, value))
    return found


def results(game: str, strategy: dict | str, players: int, games: int, seed: int,
            start: int = 0) -> list[tuple]:
    """(won, score) of seat 0 per game seed, games ``start`` to ``start + games - 1``."""
    spec = get_game(game)
    others = strategy if spec.cooperative else spec.default_strategy
    out = []
    for index in range(start, start + games):
        seats = [build_strategy(game, strategy)] + [build_strategy(game, others)
                                                    for _ in range(players - 1)]
        outcome = play_game(spec, spec.rules_class(), seats, game_seed(seed, index))[1]
        out.append((float(outcome.won[0]), float(outcome.scores[0])))
    return out


def paired_gain(game: str, name: str, params: dict, players: int, games: int,
                seed: int) -> dict:
    """A set of parameter values against the defaults on fresh seeds (a confirmation: the
    winners of a search over many challengers look better than they are)."""
    base = results(game, {"name": name}, players, games, seed)
    other = results(game, {"name": name, **params}, players, games, seed)
    return {measure: paired_interval([o[k] - b[k] for o, b in zip(other, base)])
            for k, measure in ((0, "win"), (1, "score"))}


def paired_interval(diff: list[float]) -> tuple[float, float, float]:
    """Mean of paired differences with its 95 % t interval (the mean itself when only one pair)."""
    mean = sum(diff) / len(diff)
    if len(diff) < 2:
        return mean, mean, mean
    return (mean, *mean_interval(len(diff), mean, statistics.stdev(diff)))


def tune(game: str, name: str, players: int, games: int, seed: int = 1) -> list[dict]:
    cls = strategies_for(game)[name]
    base = results(game, {"name": name}, players, games, seed)
    use_wins = len({w for w, _ in base}) > 1
    rows = []
    for param, value in challengers(cls):
        other = results(game, {"name": name, param: value}, players, games, seed)
        k = 0 if use_wins else 1
        diff = [o[k] - b[k] for o, b in zip(other, base)]
        mean, low, high = paired_interval(diff)
        p = t_test_p(len(diff), mean, statistics.stdev(diff)) if low != high else 1.0  # paired t
        rows.append({"param": param, "value": value, "measure": "win" if use_wins else "score",
                     "gain": mean, "low": low, "high": high, "p": float(p)})
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = adjusted
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("strategy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--confirm", default="",
                        help="param=value,... : check these values against the defaults only")
    args = parser.parse_args()
    if args.confirm:
        params = {k: float(v) if "." in v else int(v)
                  for k, v in (p.split("=") for p in args.confirm.split(","))}
        found = paired_gain(args.game, args.strategy, params, args.players, args.games, args.seed)
        for measure, (mean, low, high) in found.items():
            print(f"{args.players} players, {params}: {measure} gain {mean:+.4f} "
                  f"[{low:+.4f}, {high:+.4f}] ({args.games} paired games, seed {args.seed})")
        return
    rows = tune(args.game, args.strategy, args.players, args.games, args.seed)
    print(f"{args.game} {args.strategy}, {args.players} players, {args.games} paired games")
    for r in sorted(rows, key=lambda r: r["p_holm"]):
        flag = "  significant" if r["p_holm"] < 0.05 else ""
        print(f"{r['param']:>20} = {r['value']:<8} {r['measure']} gain {r['gain']:+.3f} "
              f"[{r['low']:+.3f}, {r['high']:+.3f}]  p {r['p']:.3g}  Holm {r['p_holm']:.3g}{flag}")


if __name__ == "__main__":
    main()
