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
import re
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


def _starved(game: str, seed: int, monkeypatch):
    """Round 3 of a 90-player event (chess by the general engine) and its complete-graph
    optimum; then the proof made to run compiled on a starved window (window 1, one clean
    partner): much to price in."""
    ev = simulate(game, 90, 3, seed=seed).without_round(3)
    if ev.settings.system == "dutch":
        ev = replace(ev, settings=replace(ev.settings, system="swiss"))
    monkeypatch.setattr(engine, "FULL_LIMIT", 10)
    ref = pair_round(ev, allow_rematch=True, window=0, engine="rustworkx")
    monkeypatch.setattr(engine, "NATIVE_FROM", 10)  # the compiled blossom and screen
    monkeypatch.setattr(engine, "START_WINDOW", 1)
    monkeypatch.setattr(candidates, "GOOD_MIN", 1)
    return ev, ref


@pytest.mark.parametrize("game", ("chess", "magic", "renju"))
def test_a_large_pricing_is_resumed_warm_or_restarted_cold_to_the_same_optimum(game,
                                                                               monkeypatch):
    """After many new pairs the compiled proof resumes warm within twice the last cold
    solve's work and restarts cold past it (engine.RACE), and after very many it restarts
    cold at once (engine.COLD_SHARE): with the resume always abandoned (RACE 0: every such
    solve restarts cold), never (no cap) and never tried (COLD_SHARE 0), the round is
    proven and its objective is the complete graph's."""
    from swisstui.core.pairing import nblossom

    ev, ref = _starved(game, 3, monkeypatch)
    monkeypatch.setattr(engine, "WARM_SHARE", 10**6)  # every pricing counts as large
    restarts = []
    real = nblossom.Blossom.restart

    def spy(self):
        restarts.append(self.work)
        real(self)

    monkeypatch.setattr(nblossom.Blossom, "restart", spy)
    for race, share, cold in ((0.0, 10.0**9, True), (10.0**9, 10.0**9, False),
                              (10.0**9, 0.0, True)):
        monkeypatch.setattr(engine, "RACE", race)
        monkeypatch.setattr(engine, "COLD_SHARE", share)
        restarts.clear()
        got = pair_round(ev, allow_rematch=True)
        priced = re.search(r"(\d+) pair\(s\) priced", got.method)
        assert "optimum proven" in got.method and priced and int(priced[1]) > 0, got.method
        assert got.objective == ref.objective, (game, race)
        assert bool(restarts) is cold  # abandoned resumes restart cold; uncapped ones never


def _spied_spread(monkeypatch) -> list:
    """(candidates, edges before, edges the spread added, seed) of each spread call."""
    seen: list = []
    real = candidates.Candidates.spread

    def spy(self, within, across, seed):
        before = set(self.edges)
        real(self, within, across, seed)
        seen.append((self, before, set(self.edges) - before, seed))

    monkeypatch.setattr(candidates.Candidates, "spread", spy)
    return seen


def test_the_spread_joins_players_with_a_wish_across_their_group(monkeypatch):
    """The proof's window gets random partners (Candidates.spread): each new pair is inside
    a large group or from it to the next group down, never two equal colour wishes, about
    SPREAD + SPREAD_ACROSS per player with a wish; the same seed draws the same pairs and
    another seed others; Magic (no colour wishes) gets none."""
    ev = simulate("chess", 400, 2, seed=5).without_round(2)
    ev = replace(ev, settings=replace(ev.settings, system="swiss"))
    seen = _spied_spread(monkeypatch)
    got = pair_round(ev, allow_rematch=True)
    assert "optimum proven" in got.method, got.method
    ((cands, before, new, seed),) = seen
    want = cands._facts()[0]
    group = [st.group for st in cands.field]
    big = {g for g, (_s, m) in enumerate(cands.groups) if m > candidates.SPREAD_FROM}
    assert big
    wishing = [i for i in range(len(cands.field)) if group[i] in big and want[i] is not None]
    assert len(wishing) > 300
    for i, j in new:
        assert i < j and group[i] in big and group[j] - group[i] in (0, 1), (i, j)
        assert want[i] is None or want[j] is None or want[i] != want[j], (i, j)
    across = sum(group[i] != group[j] for i, j in new)
    per = candidates.SPREAD + candidates.SPREAD_ACROSS
    assert len(new) >= 0.8 * per * len(wishing) and across >= 0.5 * len(wishing)

    def drawn(s) -> set:
        again = candidates.Candidates(cands.field, cands.ev, candidates.START_WINDOW,
                                      len(cands.field) % 2 == 1)
        assert set(again.edges) == before
        again.spread(candidates.SPREAD, candidates.SPREAD_ACROSS, s)
        return set(again.edges) - before

    assert drawn(seed) == new
    assert len(drawn((seed, "other")) & new) < len(new) // 4

    seen.clear()
    ev = simulate("magic", 400, 2, seed=5).without_round(2)
    pair_round(ev)
    assert seen and not any(new for _c, _before, new, _seed in seen)


def test_the_spread_cuts_the_pricing(monkeypatch):
    """On a 1000-player chess round of the benchmark's kind (ratings, forfeits), the window
    with the spread is proven after far fewer pairs priced in than without, to the same
    objective."""
    from swisstui.core.model import Event
    from swisstui.core.pairing.simulate import play, random_players, settings_for

    rng = random.Random(1000)
    s = replace(settings_for("chess", "spread", 9, seed=1000), system="swiss")
    ev = Event(s, tuple(random_players(1000, rng, "chess")))
    for _r in range(4):
        ev = ev.with_round(play(ev, pair_round(ev, allow_rematch=True).round, rng,
                                forfeit_rate=0.02))
    priced = {}
    objective = {}
    for spread in (0, 3):
        monkeypatch.setattr(engine, "SPREAD", spread)
        monkeypatch.setattr(engine, "SPREAD_ACROSS", spread)
        got = pair_round(ev, allow_rematch=True)
        assert "optimum proven" in got.method, got.method
        priced[spread] = int(got.method.split(", ")[1].split()[0])
        objective[spread] = got.objective
    assert objective[0] == objective[3]
    assert priced[3] * 5 < priced[0], priced


@pytest.mark.parametrize("game", ("chess", "go"))
def test_the_pricing_draws_its_pairs_in_a_seeded_order(game, monkeypatch):
    """The compiled pricing takes each player's violated pairs in an order drawn from the
    event's seed, the round and the pricing round (Screened.pick with a seed, certify): a new
    seed at every pricing round, the same seeds and the same pairing when the round is paired
    again, and — in that order or in the screen's, most violated first — the complete
    graph's objective."""
    from swisstui.core.pairing import nprice

    ev, ref = _starved(game, 4, monkeypatch)
    seeds: list = []
    real = nprice.Screened.pick
    drawn = [True]

    def spy(self, caps, limit, seed=None):
        seeds.append(seed)
        return real(self, caps, limit, seed if drawn[0] else None)

    monkeypatch.setattr(nprice.Screened, "pick", spy)
    runs = []
    for draw in (True, True, False):
        drawn[0] = draw
        seeds.clear()
        got = pair_round(ev, allow_rematch=True)
        priced = re.search(r"(\d+) pair\(s\) priced", got.method)
        assert "optimum proven" in got.method and priced and int(priced[1]) > 0, got.method
        assert got.objective == ref.objective, draw
        runs.append((list(seeds), got.round.boards))
    (seeds1, boards1), (seeds2, boards2), _ = runs
    assert len(seeds1) >= 2 and None not in seeds1
    assert len(set(seeds1)) == len(seeds1)  # a new order at every pricing round
    assert (seeds1, boards1) == (seeds2, boards2)  # paired again: the same draws, the same round
