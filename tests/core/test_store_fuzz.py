"""`load` never tracebacks on user input: random hand edits of valid files (wrong types,
stray detail keys, broken syntax, deleted lines) either load or raise a SwissError."""

from __future__ import annotations

import random
import shutil

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.errors import SwissError
from manual_round import make_round
from swisstui.core.results import record_result

VALUES = ['"x"', '1', '-3', '0', '3.5', 'true', '[1, 2]', '[1]', '["a", "b"]', '{a = 1}',
          '[]', '[1, 2, 3]', '"40-24"', '1e400', 'nan', '[[1,2]]', '"B+3.5"', '"9p"',
          '99999999999999999999', 'inf', '[1, "a"]', '[-1, 70]', '"2026-01-01"', '1979-05-27']
KEYS = ["discs", "games", "black", "komi", "margin", "winner", "reason", "penalties",
        "handicap", "round", "playoff", "kind", "player", "byes", "rank", "id", "options",
        "bye_discs", "best_of", "opening", "opening_n", "rules", "empties", "name"]
RESULTS = {"chess": ("1-0", "="), "go": ("B+3.5", "W+R"), "othello": ("40-24", "1-0"),
           "magic": ("2-1", "0-0-3"), "renju": ("1-0", "=")}


@pytest.mark.parametrize("game", sorted(RESULTS))
def test_random_edits_never_traceback(tmp_path, game):
    a, b = RESULTS[game]
    base = make_event(tmp_path, game, 6)
    store.update(base, lambda e: make_round(e, [(1, 2), (3, 4)], [5]))
    store.update(base, lambda e: record_result(record_result(
        e, 1, 1, a, {"black": 1} if game == "renju" else None), 1, 2, b))
    rng = random.Random(game)
    for it in range(80):
        d = tmp_path / f"fz{it}"
        shutil.copytree(base, d)
        f = rng.choice([d / "event.toml", d / "players.toml", d / "rounds" / "01.toml"])
        lines = f.read_text().splitlines()
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            op = rng.random()
            if op < 0.5 and "=" in lines[i]:
                lines[i] = lines[i].split("=")[0] + "= " + rng.choice(VALUES)
            elif op < 0.7:
                lines.insert(i + 1, f"{rng.choice(KEYS)} = {rng.choice(VALUES)}")
            elif op < 0.85:
                del lines[i]
            else:
                j = rng.randrange(len(lines[i]) + 1)
                lines[i] = lines[i][:j] + rng.choice('[]{}="\\#,.0x\n') + lines[i][j:]
        f.write_text("\n".join(lines) + "\n")
        try:
            store.load(d)
        except SwissError as exc:
            assert "\n" not in str(exc)
        for problem in store.check(d):
            assert "\n" not in problem
        shutil.rmtree(d)
