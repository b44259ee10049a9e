"""Measure how often an Othello event with drops, requested byes and forfeits cannot be paired
because of the colour gap (Blacks and Whites never 2 apart; issue 16 item 1).

Plays ``--events`` simulated events through the real engine twice — with the game option
``colour_limit = "absolute"`` and with the default ``"graded"`` — and prints, for each, how
many events had a round refused (a PairingError even with ``allow_rematch``), and for the
graded runs how many rounds used a colour excess.

    .venv/bin/python tools/othello_colour_gap.py [--events 90]

Deterministic: event k uses seed k.  Each event: 8–20 players, 5–7 rounds; before each round
from round 2 every active player withdraws with probability 6 % and asks for a zero-point
bye with probability 4 %; 5 % of games are forfeits.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swisstui.core.errors import PairingError  # noqa: E402
from swisstui.core.model import ByeKind, Event  # noqa: E402
from swisstui.core.pairing import pair_round  # noqa: E402
from swisstui.core.pairing.simulate import play, random_players, settings_for  # noqa: E402

DROP, BYE, FORFEIT = 0.06, 0.04, 0.05


def run(seed: int, limit: str) -> tuple[bool, int]:
    """(refused, rounds with a colour excess) of event ``seed`` under ``limit``."""
    rng = random.Random(seed)
    n = rng.randint(8, 20)
    rounds = rng.randint(5, 7)
    s = settings_for("othello", f"gap {seed}", rounds, seed,
                     options={"colour_limit": limit})
    event = Event(s, tuple(random_players(n, rng, "othello")))
    excess_rounds = 0
    for r in range(1, rounds + 1):
        if r > 1:
            for p in event.players:
                if not p.active_in(r):
                    continue
                x = rng.random()
                if x < DROP:
                    event = event.with_player(replace(p, withdrawn_from=r))
                elif x < DROP + BYE:
                    event = event.with_player(replace(p, byes=p.byes + ((r, ByeKind.ZERO),)))
        try:
            pairing = pair_round(event, allow_rematch=True)
        except PairingError:
            return True, excess_rounds
        if any("apart in Blacks and Whites" in w for w in pairing.warnings):
            excess_rounds += 1
        event = event.with_round(play(event, pairing.round, rng, forfeit_rate=FORFEIT))
    return False, excess_rounds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=90)
    args = ap.parse_args()
    for limit in ("absolute", "graded"):
        results = [run(seed, limit) for seed in range(args.events)]
        refused = sum(1 for r, _ in results if r)
        excess = sum(1 for _, e in results if e)
        print(f"colour_limit = {limit!r}: {refused} of {args.events} events refused a round; "
              f"{excess} events paired a round with a colour excess "
              f"({sum(e for _, e in results)} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
