"""The dual certificate (issue 14 item 1, docs/PAIRING.md "The proof: a dual certificate").

* our blossom (pairing/blossom.py) finds the same optimum as rustworkx on random graphs —
  cold, warm-started from part of a matching, and resumed after edges are priced in — and its
  duals pass the independent check (certify.certify) on every edge;
* the check fails for duals of a matching that is not optimal on the larger graph;
* the engine, made to prove its candidate window on small fields (FULL_LIMIT lowered), says
  "optimum proven" on random events of every game and its objective (every criterion) equals
  the complete graph's (networkx / rustworkx).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import rustworkx as rx

from swisstui.core.pairing import candidates, engine, pair_round
from swisstui.core.pairing import certify as certify_module
from swisstui.core.pairing.blossom import Blossom
from swisstui.core.pairing.certify import certify
from swisstui.core.pairing.simulate import simulate


def _reference(n: int, edges) -> int:
    g = rx.PyGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    pairs = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    return len(pairs), {(min(a, b), max(a, b)) for a, b in pairs}


def _weight(edges, mate) -> int:
    w = {(a, b): x for a, b, x in edges}
    return sum(w[(a, b)] for a, b in mate.items() if a < b)


@pytest.mark.parametrize("seed", range(60))
def test_blossom_equals_rustworkx_and_its_duals_check(seed):
    r = random.Random(seed)
    n = r.choice([4, 6, 10, 16, 24])
    big = r.choice([9, 1000, 2 ** 90])
    edges = [(i, j, r.randint(0, big)) for i in range(n) for j in range(i + 1, n)]
    sub = [e for e in edges if e[1] == e[0] + 1 or r.random() < 0.3]  # has a perfect matching
    bs = Blossom(n, sub)
    if seed % 2:
        _, ref_pairs = _reference(n, sub)
        start = {}
        for a, b in ref_pairs:
            if r.random() < 0.7:
                start[a], start[b] = b, a
        bs.start(start)
    mate = bs.solve()
    count, ref_pairs = _reference(n, sub)
    assert len(mate) == n == 2 * count
    assert _weight(sub, mate) == _weight(sub, {**dict(ref_pairs), **{b: a for a, b in ref_pairs}})
    y, blossoms, scale = bs.duals()
    assert certify(y, blossoms, scale, mate, sub) is None
    # the certificate of the subgraph fails on the complete graph when that is better
    count, full_pairs = _reference(n, edges)
    full_mate = {**dict(full_pairs), **{b: a for a, b in full_pairs}}
    if _weight(edges, full_mate) > _weight(sub, mate):
        assert certify(y, blossoms, scale, mate, edges) is not None
    # pricing: the missing edges added in batches, the blossom resumed
    rest = [e for e in edges if e not in sub]
    r.shuffle(rest)
    while rest:
        cut = r.randint(1, len(rest))
        bs.add_edges(rest[:cut])
        rest = rest[cut:]
        mate = bs.solve()
    assert _weight(edges, mate) == _weight(edges, full_mate)
    y, blossoms, scale = bs.duals()
    assert certify(y, blossoms, scale, mate, edges) is None


def test_certify_names_what_fails():
    edges = [(0, 1, 5), (2, 3, 5), (0, 2, 1), (1, 3, 1)]
    bs = Blossom(4, edges)
    mate = bs.solve()
    y, blossoms, scale = bs.duals()
    assert certify(y, blossoms, scale, mate, edges) is None
    assert certify(y, blossoms, scale, mate, edges + [(0, 3, 50)]) == \
        "pair 0-3 violates the duals"
    y[0] += 2
    assert certify(y, blossoms, scale, mate, edges) == "matched pair 0-1 not tight"


def test_certify_reads_its_edges_in_chunks(monkeypatch):
    """The edges come as an iterator, read CERTIFY_CHUNK at a time (a 16 000-player round's
    edges as one list cost 50 MB): a fault in a later chunk is found, and the matched pairs
    of every chunk are counted."""
    monkeypatch.setattr(certify_module, "CERTIFY_CHUNK", 2)
    edges = [(0, 1, 5), (2, 3, 5), (0, 2, 1), (1, 3, 1), (4, 5, 3)]
    bs = Blossom(6, edges)
    mate = bs.solve()
    y, blossoms, scale = bs.duals()
    assert certify(y, blossoms, scale, mate, iter(edges)) is None
    assert certify(y, blossoms, scale, mate, iter(edges + [(0, 3, 50)])) == \
        "pair 0-3 violates the duals"
    assert certify(y, blossoms, scale, mate, iter(edges[:-1])) == \
        "a matched pair is not an edge"


GAMES = ("chess", "go", "othello", "magic", "renju")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(2))
def test_the_engine_proves_its_window_and_equals_the_complete_graph(game, seed, monkeypatch):
    rng = random.Random(f"proof-{game}-{seed}")
    n = rng.randint(40, 130)
    rounds = rng.randint(2, 5)
    ev = simulate(game, n, rounds, seed=seed).without_round(rounds)
    if ev.settings.system == "dutch":  # chess's default: the general engine is under test
        ev = replace(ev, settings=replace(ev.settings, system="swiss"))
    monkeypatch.setattr(engine, "FULL_LIMIT", 10)  # every field takes the proof's path
    ref = pair_round(ev, allow_rematch=True, window=0,
                     engine="networkx" if n <= 70 else "rustworkx")
    got = pair_round(ev, allow_rematch=True)
    assert "optimum proven (dual certificate)" in got.method, got.method
    assert got.objective == ref.objective, (game, seed, n, got.method)
    # a starved window (1 place, 1 clean partner): the pricing must bring the pairs in
    monkeypatch.setattr(engine, "START_WINDOW", 1)
    monkeypatch.setattr(candidates, "GOOD_MIN", 1)
    got = pair_round(ev, allow_rematch=True)
    if "optimum proven" in got.method:
        assert got.objective == ref.objective, (game, seed, n, got.method)


def test_most_rounds_are_proven(monkeypatch):
    monkeypatch.setattr(engine, "FULL_LIMIT", 10)
    proven = 0
    monkeypatch.setattr(engine, "START_WINDOW", 1)
    monkeypatch.setattr(candidates, "GOOD_MIN", 1)
    priced = 0
    for seed, game in enumerate(GAMES * 2):
        ev = simulate(game, 60, 3, seed=seed).without_round(3)
        got = pair_round(ev, allow_rematch=True)
        proven += "optimum proven (dual certificate)" in got.method
        priced += "0 pair(s) priced in" not in got.method
    assert proven >= 7 and priced >= 5


@pytest.mark.parametrize("game", ("chess", "magic", "renju"))
def test_a_large_pricing_is_resumed_warm_or_restarted_cold_to_the_same_optimum(game,
                                                                               monkeypatch):
    """After many new pairs the compiled proof resumes warm within half the last cold
    solve's work and restarts cold past it (engine.RACE): with the resume always abandoned
    (RACE 0: every such solve restarts cold) and never (no cap), the round is proven and its
    objective is the complete graph's."""
    from swisstui.core.pairing import nblossom

    ev = simulate(game, 90, 3, seed=3).without_round(3)
    if ev.settings.system == "dutch":
        ev = replace(ev, settings=replace(ev.settings, system="swiss"))
    monkeypatch.setattr(engine, "FULL_LIMIT", 10)
    ref = pair_round(ev, allow_rematch=True, window=0, engine="rustworkx")
    monkeypatch.setattr(engine, "NATIVE_FROM", 10)  # the compiled blossom and screen
    monkeypatch.setattr(engine, "START_WINDOW", 1)  # a starved window: much to price in
    monkeypatch.setattr(candidates, "GOOD_MIN", 1)
    monkeypatch.setattr(engine, "WARM_SHARE", 10**6)  # every pricing counts as large
    restarts = []
    real = nblossom.Blossom.restart

    def spy(self):
        restarts.append(self.work)
        real(self)

    monkeypatch.setattr(nblossom.Blossom, "restart", spy)
    for race, cold in ((0.0, True), (10.0**9, False)):
        monkeypatch.setattr(engine, "RACE", race)
        restarts.clear()
        got = pair_round(ev, allow_rematch=True)
        assert "optimum proven" in got.method and "0 pair(s) priced" not in got.method, \
            got.method
        assert got.objective == ref.objective, (game, race)
        assert bool(restarts) is cold  # abandoned resumes restart cold; uncapped ones never
