"""Regenerate ``swisstui/sample_events/<game>/``: one live event per game, played by the real
engine through the real store (issue 3: "a newcomer's first look at the program shows a live
event in every game").

Each event has 12–24 players with realistic Korean, Japanese, Portuguese and other names,
three complete rounds and a fourth round in progress (about two thirds of its results
entered), out of five planned rounds.  Results are rating-based random results in each game's
own notation (Othello disc counts, Magic game wins, Go margins, Renju actual Black).

    .venv/bin/python tools/make_samples.py [--out swisstui/sample_events] [--force]

Deterministic: the same code gives the same files.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swisstui.core import store  # noqa: E402
from swisstui.core.model import Event  # noqa: E402
from swisstui.core.pairing import pair_round  # noqa: E402
from swisstui.core.pairing.simulate import play, random_players, settings_for  # noqa: E402

SAMPLES = {
    # game: (players, name, settings overrides)
    "chess": (16, "Porto Alegre Rapid Open 2026", {"venue": "Clube de Xadrez, Porto Alegre",
                                                   "city": "Porto Alegre"}),
    "go": (20, "Seoul–Tokyo Friendship McMahon", {"system": "mcmahon",
                                                  "city": "Busan",
                                                  "options": {"mcmahon_bar": "3d",
                                                              "mcmahon_floor": "15k"}}),
    "othello": (14, "Korea Othello Open", {"city": "Seoul"}),
    "magic": (24, "Friday Night Magic — Rio", {"city": "Rio de Janeiro"}),
    "renju": (12, "Osaka Renju Swiss", {"city": "Osaka"}),
}
ROUNDS = 5
PLAYED = 3  # complete rounds; the next one is paired and partly entered


def make(game: str, out: Path, seed: int) -> Path:
    n, name, overrides = SAMPLES[game]
    rng = random.Random(seed)
    settings = settings_for(game, name, ROUNDS, seed, **overrides)
    players = random_players(n, rng, game)
    folder = out / game
    store.create(folder, settings, players)
    for r in range(1, PLAYED + 2):
        made = []

        def change(ev: Event) -> Event:
            p = pair_round(ev)
            made.append(p)
            return ev.with_round(p.round)

        ev = store.update(folder, change)
        played = play(ev, made[-1].round, rng)
        if r == PLAYED + 1:  # the live round: leave the last third of the boards open
            keep = len(played.boards) * 2 // 3
            played = type(played)(played.number, played.boards[:keep] + tuple(
                b for b in made[-1].round.boards[keep:]), played.byes, played.playoff)
        store.update(folder, lambda e, rnd=played: e.with_round(rnd))
    lock = folder / ".swisstui.lock"  # the store's lock file is not part of the sample
    if lock.exists():
        lock.unlink()
    return folder


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "swisstui" / "sample_events"))
    ap.add_argument("--force", action="store_true", help="replace existing samples")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, game in enumerate(SAMPLES):
        if (out / game).exists():
            if not args.force:
                print(f"{out / game}: exists (use --force)")
                continue
            shutil.rmtree(out / game)
        folder = make(game, out, 2026 + i)
        ev = store.load(folder)
        print(f"{folder}: {len(ev.players)} players, round {ev.current_round} "
              f"({ev.round(ev.current_round).missing_results()} results to enter)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
