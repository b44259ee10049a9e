"""Check-in search benchmark (run on demand: ``.venv/bin/python tests/bench/desk.py``).

Issue 35 asks that the desk's check-in search answers within 20 ms of a key at 2000
registered players.  On a chess event of 2000 players with mixed names (Latin with accents,
Hangul, kanji with a kana reading), a director types names letter by letter; each key is one
:func:`swisstui.core.services.desk.search` over the whole pool (the first letter matches the
most players).  Wall time per key (time.perf_counter): median and 95th percentile.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swisstui.core.model import Event, Player  # noqa: E402
from swisstui.core.services.desk import search  # noqa: E402
from swisstui.core.settings import Settings  # noqa: E402

PLAYERS = 2000
GOAL_MS = 20.0
_GIVEN = ["José", "Ana", "Kim", "Björn", "Zoë", "Hanako", "Min-jun", "Łukasz", "Oğuz", "Ines"]
_FAMILY = ["Álvarez", "Sato", "Müller", "Nguyễn", "Park", "Silva", "Dvořák", "Tanaka",
           "Oliveira", "Lee"]
_KANJI = [("山田太郎", "やまだ たろう"), ("佐藤花子", "さとう はなこ"), ("鈴木一郎", "すずき いちろう")]
_HANGUL = ["김지우", "이민준", "박서연", "최유나"]


def _players(n: int) -> tuple[Player, ...]:
    rng = random.Random(35)
    out = []
    for i in range(1, n + 1):
        k = i % 5
        if k == 3:
            name, reading = rng.choice(_KANJI)
        elif k == 4:
            name, reading = rng.choice(_HANGUL), None
        else:
            name, reading = f"{rng.choice(_GIVEN)} {rng.choice(_FAMILY)} {i}", None
        out.append(Player(id=i, name=name, reading=reading, club=f"Club {i % 40}"))
    return tuple(out)


def main() -> None:
    event = Event(Settings(name="bench", game="chess", rounds=7), _players(PLAYERS))
    typed = ["alvarez", "sato", "muller", "nguyen", "yamada", "さとう", "김지우", "dvorak",
             "1999", "oguz"]
    search(event, "warm")
    times = []
    for word in typed:
        for k in range(1, len(word) + 1):
            t0 = time.perf_counter()
            search(event, word[:k])
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    med = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"check-in search, {PLAYERS} players, {len(times)} keys: median {med:.2f} ms, "
          f"p95 {p95:.2f} ms (goal {GOAL_MS:.0f} ms): {'ok' if p95 <= GOAL_MS else 'SLOW'}")


if __name__ == "__main__":
    main()
