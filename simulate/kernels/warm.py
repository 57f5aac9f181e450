"""``python -m simulate.kernels.warm`` (run by ``make install``): compile every game's kernel once
into numba's on-disk cache (``cache=True``), so runs and their workers load it, not compile it."""
from __future__ import annotations

import time

from simulate.games import game_names, get_game
from simulate.runner import play_chunk


def main() -> None:
    for name in game_names():
        spec = get_game(name)
        if not spec.kernel:
            continue
        start = time.perf_counter()
        players = max(2, spec.players[0])
        play_chunk({"game": name, "rules": {}, "seed": 1, "variant": "warm", "players": players,
                    "strategies": [spec.default_strategy, "random"][:players],
                    "heroes": [None] * players, "start": 0, "stop": 1, "engine": "compiled"})
        print(f"{spec.title} kernel ready ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
