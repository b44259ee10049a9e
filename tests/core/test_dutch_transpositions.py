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
    certified = []
    real_proven = brackets.DutchPairer._no_exchange_proven

    def spy_proven(self, res, lead=None):
        got = real_proven(self, res, lead)
        certified.append(got is not None)
        return got

    monkeypatch.setattr(brackets.DutchPairer, "_no_exchange_proven", spy_proven)
    for _ in range(6):
        fast = pair_round(event).round
        with monkeypatch.context() as m:  # one matching per decision, the whole bracket
            m.setattr(brackets.DutchPairer, "_transpose_exact", lambda *a: False)
            m.setattr(brackets.DutchPairer, "_no_exchange_proven", lambda *a: None)
            slow = pair_round(event).round
        assert fast == slow
        event = event.with_round(play(event, fast, rng, forfeit_rate=0.03))
    assert any(used) or any(certified)  # a short cut was taken


def _all_matchings(nodes, w):
    """Every matching of ``nodes`` leaving at most one player out (weights ``w``)."""
    if len(nodes) <= 1:
        yield 0, []
        return
    a, rest = nodes[0], nodes[1:]
    if len(nodes) % 2 == 1:  # a may be the one left out
        yield from _all_matchings(rest, w)
    for k, b in enumerate(rest):
        if (a, b) in w:
            for val, ms in _all_matchings(rest[:k] + rest[k + 1:], w):
                yield val + w[(a, b)], ms + [(a, b)]


@pytest.mark.parametrize("seed", range(400))
def test_certificate_never_proves_a_pairing_that_is_not_best(seed):
    from swisstui.core.pairing.dutch.certificate import no_exchange_is_best
    from swisstui.core.pairing.dutch.transpositions import duals

    rng = random.Random(seed)
    n = rng.randint(2, 8)
    nodes = list(range(n))
    big = 1000  # C6: a pair outweighs every other term
    w = {(a, b): big + rng.choice([0, 1, 2, 5]) for a in nodes for b in nodes
         if a < b and rng.random() < 0.85}
    h = n // 2
    first = h
    cross = {e: v for e, v in w.items() if e[0] < first <= e[1]}
    best_cross = max((val, ms) for val, ms in _all_matchings(nodes, cross)
                     if len(ms) == h) if any(
        len(ms) == h for _v, ms in _all_matchings(nodes, cross)) else None
    if best_cross is None:
        return
    part = dict(best_cross[1])
    adj = {x: [(b, v) for (a, b), v in cross.items() if a == x] for x in range(h)}
    got = duals(list(range(h)), adj, part)
    assert got is not None
    u, v = got
    for y in range(h, n):
        v.setdefault(y, 0)
    inside = [(a, b, val, b < first) for (a, b), val in w.items() if (a, b) not in cross]
    best = max(val for val, _ms in _all_matchings(nodes, w))
    if no_exchange_is_best(u, v, inside, n % 2 == 1):
        assert best_cross[0] == best


def test_certificate_refuses_when_an_exchange_is_better():
    from swisstui.core.pairing.dutch.certificate import no_exchange_is_best
    from swisstui.core.pairing.dutch.transpositions import duals

    # S1 = 0, 1; S2 = 2, 3; 0-1 and 2-3 (an exchange) are worth more than any S1-S2 pairing
    u, v = duals([0, 1], {0: [(2, 10), (3, 10)], 1: [(2, 10), (3, 10)]}, {0: 2, 1: 3})
    assert sum(u.values()) + sum(v.values()) == 20
    assert not no_exchange_is_best(u, v, [(0, 1, 15, True), (2, 3, 15, False)], False)
    assert no_exchange_is_best(u, v, [(0, 1, 10, True), (2, 3, 10, False)], False)
