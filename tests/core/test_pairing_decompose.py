"""The decomposition (candidate windows, candidates.py) against the complete-graph solve.

Fields above 300 players are paired on candidate windows; here the windowed path is *forced*
on random events of 20–60 players (every game, up to 9 rounds) with windows of 2–4, far
smaller than the engine's own start window of 6, and compared with a networkx solve of the
complete graph (docs/PAIRING.md "Speed: the decomposition": the fast path gives the same optimum).

The objective compared is the tuple of per-criterion penalty sums (criteria.objective), so
the two solves must agree on every criterion, from the absolute rules down to the in-group
ideal.  Run on demand with more seeds: ``DECOMPOSE_SEEDS=2000 pytest tests/test_pairing_decompose.py``.
"""

from __future__ import annotations

import os
import random

import pytest

from swisstui.core.pairing import pair_round
from swisstui.core.pairing.criteria import FIELDS
from swisstui.core.pairing.simulate import settings_for, simulate

GAMES = ("chess", "go", "othello", "magic", "renju")


def matching_settings(game: str, rounds: int, seed: int):
    """The simulated event's settings on the general matching engine (chess defaults to
    the Dutch system, which these tests are not about)."""
    from dataclasses import replace

    return replace(settings_for(game, f"Simulated {game} event", rounds, seed), system="swiss")
HIGH = FIELDS.index("STRONGCOL") + 1  # fields that must always be equal


def random_event(seed: int):
    rng = random.Random(seed)
    game = rng.choice(GAMES)
    n = rng.randint(20, 60)
    rounds = rng.randint(2, 9)
    ev = simulate(game, n, rounds, seed=seed, settings=matching_settings(game, rounds, seed))
    return ev.without_round(rounds)


SEEDS = int(os.environ.get("DECOMPOSE_SEEDS", "120"))


@pytest.mark.parametrize("block", range(4))
def test_windowed_objective_equals_the_complete_graph(block):
    step = SEEDS // 4
    windowed = 0
    for seed in range(block * step, (block + 1) * step):
        ev = random_event(seed)
        full = pair_round(ev, allow_rematch=True, engine="networkx", window=None)
        assert full.method == "complete graph"
        for k in (2, 3, 4):
            win = pair_round(ev, allow_rematch=True, window=k)
            windowed += win.method.startswith("candidate window")
            assert win.objective == full.objective, (seed, k, win.method)
    assert windowed >= step  # the windowed path really decided most of these


def test_windowed_path_is_really_used():
    ev = random_event(89)  # chess, 58 players, round 5
    win = pair_round(ev, allow_rematch=True, window=2)
    assert win.method.startswith("candidate window")
    assert len(win.round.boards) == 29
