"""The Dutch transpositions on the tight pairs of an optimal dual (pairing/dutch/transpositions.py):
the same answer as brute force on small bipartite problems, and the same rounds as the
matching-per-batch method on random events."""

from __future__ import annotations

from itertools import permutations
import random

import pytest

from swisstui.core.model import Event
from swisstui.core.pairing import pair_round
from swisstui.core.pairing.dutch import brackets
from swisstui.core.pairing.dutch.transpositions import transpose
from swisstui.core.pairing.simulate import play, random_players, settings_for


def _brute(hs, lows, w):
    """Every S1-saturating matching; the best weight, then S1 in order the lowest partner."""
    best = None
    for perm in permutations(lows, len(hs)):
        if not all((x, y) in w for x, y in zip(hs, perm)):
            continue
        val = sum(w[(x, y)] for x, y in zip(hs, perm))
        key = (-val, perm)
        if best is None or key < best:
            best = key
    return None if best is None else list(zip(hs, best[1]))


def _problem(rng: random.Random):
    h = rng.randint(1, 5)
    extra = rng.randint(0, 2)
    ids = sorted(rng.sample(range(30), 2 * h + extra))
    hs = sorted(rng.sample(ids[:-1], h))
    lows = [i for i in ids if i not in hs]
    levels = rng.choice([[5], [5, 7], [3, 4, 9], [2**100, 2**100 + 1]])
    w = {(x, y): rng.choice(levels) for x in hs for y in lows
         if x < y and rng.random() < 0.8}
    return hs, lows, w


def _optimal_mate(hs, lows, w, rng):
    """An optimal S1-saturating matching, chosen at random among the optimal ones."""
    opts = []
    best = None
    for perm in permutations(lows, len(hs)):
        if not all((x, y) in w for x, y in zip(hs, perm)):
            continue
        val = sum(w[(x, y)] for x, y in zip(hs, perm))
        if best is None or val > best:
            best, opts = val, [perm]
        elif val == best:
            opts.append(perm)
    if not opts:
        return None
    perm = rng.choice(opts)
    mate = {}
    for x, y in zip(hs, perm):
        mate[x], mate[y] = y, x
    return mate


@pytest.mark.parametrize("seed", range(300))
def test_same_as_brute_force(seed):
    rng = random.Random(seed)
    hs, lows, w = _problem(rng)
    mate = _optimal_mate(hs, lows, w, rng)
    if mate is None:
        return
    assert transpose(hs, dict(w), mate) == _brute(hs, lows, w)


def test_refuses_a_matching_that_is_not_optimal():
    hs, w = [1, 2], {(1, 3): 5, (1, 4): 9, (2, 3): 9, (2, 4): 5}
    assert transpose(hs, w, {1: 3, 3: 1, 2: 4, 4: 2}) is None  # 10 < 18
    assert transpose(hs, w, {1: 4, 4: 1, 2: 3, 3: 2}) == [(1, 4), (2, 3)]


def test_refuses_a_pair_outside_s1_s2():
    assert transpose([1], {(1, 3): 5, (2, 3): 5}, {1: 3, 3: 1}) is None


def test_leaves_unpaired_only_a_player_whose_dual_is_zero():
    # S2 = 3, 4, 5: 1 must take 4 or 5 for 2 to take 3 (worth more than anything else)
    hs, w = [1, 2], {(1, 3): 5, (1, 4): 4, (1, 5): 4, (2, 3): 9}
    assert transpose(hs, w, {1: 5, 5: 1, 2: 3, 3: 2}) == [(1, 4), (2, 3)]


@pytest.mark.parametrize("n,seed", [(24, 1), (41, 2), (60, 3), (97, 4), (150, 5)])
def test_rounds_equal_the_matching_per_batch_method(n, seed, monkeypatch):
    rng = random.Random(seed)
    s = settings_for("chess", f"transpositions {n}", 7, seed, system="dutch")
    event = Event(s, tuple(random_players(n, rng, "chess")))
    used = []
    real = brackets.transpose

    def spy(hs, w, mate):
        got = real(hs, w, mate)
        used.append(got is not None)
        return got

    monkeypatch.setattr(brackets, "transpose", spy)
    for _ in range(6):
        fast = pair_round(event).round
        with monkeypatch.context() as m:
            m.setattr(brackets.DutchPairer, "_transpose_exact", lambda *a: False)
            slow = pair_round(event).round
        assert fast == slow
        event = event.with_round(play(event, fast, rng, forfeit_rate=0.03))
    assert any(used)  # the exact step was taken
