"""The fast paths of the general engine (issue 14) give exactly what the plain computations
give: the blossom dual sums by chains (certify.blossom_sums) and, on seeded random events of
every game, the same boards as the complete graph / the reference evaluation."""

from __future__ import annotations

import random

import pytest


def _plain(blossoms, i, j):
    return sum(z for vs, z in blossoms if i in vs and j in vs)


def _laminar(r: random.Random, verts: list[int], out: list) -> None:
    """A random laminar family over ``verts`` (nested odd sets), appended to ``out``."""
    r.shuffle(verts)
    start = 0
    while start < len(verts):
        size = r.choice([1, 3, 5, 7, 9])
        part = verts[start:start + size]
        start += size
        if len(part) >= 3:
            out.append((list(part), r.randint(1, 2 ** r.choice([3, 60]))))
            _laminar(r, part[:len(part) - 2], out)


@pytest.mark.parametrize("seed", range(30))
def test_blossom_sums_equal_the_plain_sums(seed):
    from swisstui.core.pairing.certify import blossom_sums

    r = random.Random(seed)
    n = r.randint(2, 40)
    blossoms: list = []
    _laminar(r, list(range(n)), blossoms)
    r.shuffle(blossoms)
    if seed % 3 == 0 and n > 3:  # not laminar: two overlapping sets (the check trusts nothing)
        blossoms.append(([0, 1, 2], 5))
        blossoms.append(([2, 3, n - 1], 7))
    zsum = blossom_sums(blossoms, n + 1)
    for i in range(n + 1):
        for j in range(n + 1):
            assert zsum(i, j) == _plain(blossoms, i, j), (i, j)


# ---- the same boards as before the fast paths --------------------------------------------------
# Digests of whole pairings (boards, byes, objective, method, every explanation) computed by
# the engine before the fast paths (commit 64c2b78) with _pairing_digest below: seeded events
# of every game, through the proof (a starved window, so pairs are priced in) and through the
# windowed path with its widenings and work budget.

CASES = [(game, seed, path) for game in ("chess", "go", "othello", "magic", "renju")
         for seed in (1, 2) for path in ("proof", "window")]


def _pairing_digest(game: str, seed: int, path: str, setattr_) -> str:
    import hashlib
    from dataclasses import replace

    from swisstui.core.pairing import candidates, engine, pair_round
    from swisstui.core.pairing.simulate import simulate

    rng = random.Random(f"fast-{game}-{seed}")
    n = rng.randint(60, 140)
    rounds = rng.randint(2, 5)
    ev = simulate(game, n, rounds, seed=seed).without_round(rounds)
    s = ev.settings
    if s.system == "dutch":  # the general engine is under test
        s = replace(s, system="swiss")
    if game == "othello" and seed == 2:
        s = replace(s, options={**s.options, "colour_limit": "absolute"})
    ev = replace(ev, settings=s)
    setattr_(engine, "FULL_LIMIT", 10)
    if path == "proof":  # a starved window: the pricing brings the pairs in
        setattr_(engine, "START_WINDOW", 1)
        setattr_(candidates, "GOOD_MIN", 1)
    else:
        setattr_(engine, "PROOF_LIMIT", 10)
    p = pair_round(ev, allow_rematch=True)
    assert ("optimum proven" in p.method) == (path == "proof"), p.method
    text = repr(([b.players for b in p.round.boards], p.round.byes, p.objective, p.method,
                 sorted(p.notes.items()), p.bye_notes, p.warnings))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


BEFORE: dict[tuple[str, int, str], str] = {
    ('chess', 1, 'proof'): 'adf406378d0331ac',
    ('chess', 1, 'window'): '36b3779b84fb540c',
    ('chess', 2, 'proof'): 'f151d46cbc1aff28',
    ('chess', 2, 'window'): '05d8f13322d72e58',
    ('go', 1, 'proof'): '6d3e7ebe73a8a1f6',
    ('go', 1, 'window'): '320e91b801a89194',
    ('go', 2, 'proof'): '1546f85f03f7b8ef',
    ('go', 2, 'window'): '0cbe1237e0066e00',
    ('othello', 1, 'proof'): '7baa94fb6081d343',
    ('othello', 1, 'window'): '661a9971098f9ebe',
    ('othello', 2, 'proof'): '8d276cdcb1434d1e',
    ('othello', 2, 'window'): '40931034d7450506',
    ('magic', 1, 'proof'): '4bd3fb439730d35c',
    ('magic', 1, 'window'): '4e5df33dc2cb9025',
    ('magic', 2, 'proof'): 'e29d2800099dd5c2',
    ('magic', 2, 'window'): '853765c0d5e0655b',
    ('renju', 1, 'proof'): '2882c7bc67ddd628',
    ('renju', 1, 'window'): '076d4a919507b879',
    ('renju', 2, 'proof'): 'ac2990c0b19a4eb7',
    ('renju', 2, 'window'): '3d4f4ff05c752bf2',
}


@pytest.mark.parametrize("game,seed,path", CASES)
def test_the_same_pairing_as_before_the_fast_paths(game, seed, path, monkeypatch):
    assert _pairing_digest(game, seed, path, monkeypatch.setattr) == \
        BEFORE[(game, seed, path)]


@pytest.mark.parametrize("game", ["chess", "go", "othello", "magic"])
def test_pair_is_none_exactly_when_a_rule_blocks(game):
    """Evaluator.pair tests the absolute rules without building messages: None exactly when
    Evaluator.blocked names one — rematches allowed or not, forbidden pairs, an absolute
    colour gap, the last round's topscorers, colours relaxed."""
    from dataclasses import replace

    from swisstui.core.pairing.criteria import Context, Evaluator
    from swisstui.core.field import Field
    from swisstui.core.pairing.groups import build_states, to_pair
    from swisstui.core.pairing.simulate import simulate

    ev = simulate(game, 30, 4, seed=7)
    rnd = ev.current_round + 1
    ids, _ = to_pair(ev, rnd)
    field = Field.of(ev)
    states = build_states(field, ids, system="swiss", order="strength", handicap=False)
    mode = field.plan.colours
    gap = field.plan.colour_gap
    base = Context(game=game, mode=mode, style="fold", seed=1, round_no=rnd, ngroups=5,
                   nplayers=len(states), forbidden=frozenset({frozenset(ids[:2])}),
                   colour_gap=gap, topscore=3)
    sts = list(states.values())
    for ctx in (base, replace(base, allow_rematch=True), replace(base, colour_absolute=True),
                replace(base, last_round=True), replace(base, relax_colours=True),
                replace(base, forbidden=frozenset())):
        e = Evaluator(states, ctx)
        for a in sts:
            for b in sts:
                if a is not b:
                    assert (e.pair(a, b) is None) == (e.blocked(a, b) is not None)


def test_packer_edges_equal_pack_per_edge():
    from swisstui.core.pairing.criteria import BYE, FIELDS, Packer

    r = random.Random(3)
    items = []
    for i in range(300):
        j = BYE if i % 37 == 0 else i + 1
        t = [0] * len(FIELDS)
        for f in range(len(FIELDS)):
            t[f] = r.choice([0, 0, 1, 3, r.randint(0, 1023)])
        items.append(((i, j), tuple(t)))
    packer = Packer([t for _k, t in items], [k[1] == BYE for k, _t in items], 150)
    assert packer.edges(items, 999) == [
        (i, 999 if j == BYE else j, packer.pack(t, j == BYE)) for (i, j), t in items]


@pytest.mark.parametrize("big", [0, 2 ** 70])
def test_field_extremes_by_numpy_equal_python(big, monkeypatch):
    from swisstui.core.pairing import criteria

    r = random.Random(big)
    tuples = [tuple(r.randint(0, 1023) for _ in range(13)) for _ in range(500)]
    tuples.append((big,) * 13)
    plain = [(max(c), min(c)) for c in zip(*tuples)]
    monkeypatch.setattr(criteria, "_NUMPY_FROM", 0)
    monkeypatch.setattr(criteria, "_CHUNK", 64)  # several blocks
    assert criteria._extremes(tuples, 13) == plain
    assert criteria._extremes([], 13) == [None] * 13
    assert criteria.objective(tuples) == tuple(map(sum, zip(*tuples)))
    assert criteria.objective([]) == (0,) * 13


def _floaters_plain(c, s, m, k, direction):
    """candidates.Candidates._floaters before it stopped early (the reference)."""
    f, prefs = c.field, c.ev.prefs
    k = max(k, 6)
    places = range(s + m - 1, s - 1, -1) if direction == -1 else range(s, s + m)
    out, edge, counts = [], set(), {}
    for i in places:
        st = f[i]
        kinds = ("near", ("want", prefs[st.id].want), ("fresh", st.last_float != direction))
        take = last = False
        for kind in kinds:
            n = counts.get(kind, 0)
            if n < k:
                counts[kind] = n + 1
                take = True
                last = last or n + 1 == k
        if take:
            out.append(i)
            if last:
                edge.add(i)
    return out, edge


@pytest.mark.parametrize("game,seed", [("chess", 1), ("go", 2), ("othello", 3), ("magic", 4)])
def test_floaters_stop_early_with_the_same_choice(game, seed, monkeypatch):
    from swisstui.core.pairing import candidates
    from swisstui.core.field import Field
    from swisstui.core.pairing.criteria import Context, Evaluator
    from swisstui.core.pairing.groups import build_states, to_pair
    from swisstui.core.pairing.simulate import simulate

    monkeypatch.setattr(candidates, "GOOD_MIN", 6)
    ev = simulate(game, 400, 3, seed=seed)
    rnd = ev.current_round + 1
    ids, _ = to_pair(ev, rnd)
    field = Field.of(ev)
    states = build_states(field, ids, system="swiss", order="strength", handicap=False)
    pool = sorted(states.values(), key=lambda st: st.order)
    ctx = Context(game=game, mode=field.plan.colours, style="slide", seed=1, round_no=rnd,
                  ngroups=1 + max(st.group for st in pool), nplayers=len(pool),
                  forbidden=frozenset())
    for k in (1, 3, 6, 12):
        c = candidates.Candidates(pool, Evaluator(states, ctx), k, False)
        assert any(m > 2 * max(k, 6) for _s, m in c.groups)  # groups larger than the walk
        for s, m in c.groups:
            for direction in (-1, 1):
                c.float_edge = set()
                got = c._floaters(s, m, k, direction)
                assert (got, c.float_edge) == _floaters_plain(c, s, m, k, direction)
