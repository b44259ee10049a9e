"""The transpositions of a bracket (FIDE C.04.3 D.1, step 4 of :mod:`.brackets`) without one
matching per decision: each S1 player in order gets the highest-ranked S2 opponent that some
best pairing of the remainder gives him.

When S1 and S2 are fixed the remainder is a *bipartite* problem: every weighed pair joins an
S1 player (all of whom are paired: C6 counts the pairs first) with an S2 player (some of whom
may stay unpaired and float down).  Its best pairings are the optima of the linear programme

    maximise Σ w(x, y)·m(x, y)  over  Σ_y m(x, y) = 1 (x in S1),  Σ_x m(x, y) ≤ 1 (y in S2),
    m ≥ 0,

whose optimal vertices are matchings (bipartite incidence matrices are totally unimodular).
With duals u (S1, free) and v (S2, v ≥ 0) satisfying u_x + v_y ≥ w(x, y), complementary
slackness says exactly which matchings are best: those that use only *tight* pairs
(u_x + v_y = w(x, y)) and leave unpaired only S2 players with v_y = 0 — for one optimal dual,
every best pairing.  So after one optimal matching M (the engine's last matching) and its
duals (shortest paths over M's alternating arcs, exact integers), every later decision is
unweighted: "x with y" is possible iff, in the digraph on S1 players where a → b when a is
tight with b's partner (and a pseudo-player for the unpaired S2 players of dual 0), the
partner of y can reach x — an alternating cycle that turns M into a best pairing holding
x-y.  Reachability is filtered by strongly connected components (exact as a "no": removing
paired players only splits components; the components of a graph with a perfect matching do
not depend on which matching is used) and confirmed by a search that also gives the cycle.

The answer is the same as the matching-per-batch method's by construction (tests compare
both); :func:`transpose` returns None — and the caller takes that method — when the weighed
pairs are not all S1–S2 pairs or the given matching is not optimal.
"""

from __future__ import annotations

from collections import deque

_DUMMY = -1  # the pseudo-player standing for the unpaired S2 players


def transpose(hs: list[int], w: dict[tuple[int, int], int], mate: dict[int, int]
              ) -> list[tuple[int, int]] | None:
    """The Dutch transpositions of S1 = ``hs`` (in order) against the S2 players of the
    weight table ``w`` ({(x, y): weight}, x in S1, x < y, every pair still open), given an
    optimal matching ``mate``; the pairs (x, y) in S1 order, or None (see the module)."""
    hset = set(hs)
    adj: dict[int, list[tuple[int, int]]] = {x: [] for x in hs}
    for (a, b), val in w.items():
        if a not in hset or b in hset:
            return None
        adj[a].append((b, val))
    part = {x: mate.get(x, -1) for x in hs}
    if any((x, y) not in w for x, y in part.items()):
        return None
    got = duals(hs, adj, part, {x: w[(x, y)] for x, y in part.items()})
    if got is None:
        return None
    return choose(hs, adj, part, *got)


def duals(hs: list[int], adj: dict[int, list[tuple[int, int]]], part: dict[int, int],
          wpart: dict[int, int] | None = None
          ) -> tuple[dict[int, int], dict[int, int]] | None:
    """Optimal duals (u on S1, v ≥ 0 on S2, 0 for the unpaired) of the bipartite problem
    ``adj`` (S1 player -> [(S2 player, weight)]) for its matching ``part`` (S1 -> S2, whose
    weights ``wpart`` may be given); None when ``part`` does not pair every S1 player along
    a weighed pair or is not optimal."""
    lows = {y for x in hs for y, _v in adj[x]}
    if wpart is None:
        wpart = {}
        for x in hs:
            y = part.get(x, -1)
            wy = next((val for z, val in adj[x] if z == y), None) if y in lows else None
            if wy is None:
                return None
            wpart[x] = wy
    owner = {y: x for x, y in part.items()}
    if len(owner) != len(hs):
        return None
    v = _duals(hs, adj, part, owner, lows, wpart)
    if v is None:
        return None
    return {x: wpart[x] - v[part[x]] for x in hs}, v


def choose(hs: list[int], adj: dict[int, list[tuple[int, int]]], part: dict[int, int],
           u: dict[int, int], v: dict[int, int]) -> list[tuple[int, int]] | None:
    """The transpositions (module docstring) given optimal duals ``u``, ``v`` of the
    matching ``part`` (which is turned along the way)."""
    tight = {x: sorted(y for y, val in adj[x] if u[x] + v[y] == val) for x in hs}
    part = dict(part)
    owner = {y: x for x, y in part.items()}
    return _select(hs, tight, part, owner, {y for y, d in v.items() if d == 0},
                   {y for y in v if y not in owner})


def _duals(hs, adj, part, owner, lows, wpart) -> dict[int, int] | None:
    """S2 duals v ≥ 0 (0 for the unpaired) with u_x = w(x, part x) − v(part x) feasible:
    shortest paths over the arcs y → part(x) of length w(x, part x) − w(x, y), from the
    unpaired S2 players (length 0) and, for the others, from a root far enough away.  None
    when ``part`` is not optimal (a negative cycle, or an unpaired player made cheaper)."""
    arcs: dict[int, list[tuple[int, int]]] = {y: [] for y in lows}
    spread = 0
    for x in hs:
        yx = part[x]
        wx = wpart[x]
        vals = [val for _y, val in adj[x]]
        spread = max(spread, wx - min(vals), max(vals) - wx)
        for y, val in adj[x]:
            if y != yx:
                arcs[y].append((yx, wx - val))
    far = spread * (len(lows) + 1) + 1  # longer than any simple path
    dist = {y: (0 if y not in owner else far) for y in lows}
    parent: dict[int, int] = {}
    every, since = len(lows), 0  # look for a cycle of parents after this many relaxations
    queue = deque(sorted(lows, key=lambda y: dist[y]))
    queued = set(queue)
    while queue:
        y = queue.popleft()
        queued.discard(y)
        dy = dist[y]
        for y2, c in arcs[y]:
            nd = dy + c
            if nd < dist[y2]:
                if y2 not in owner:
                    return None  # a cheaper way to leave y2 unpaired: not optimal
                dist[y2] = nd
                parent[y2] = y
                since += 1
                if since >= every:
                    since = 0
                    if _cycle(parent):
                        return None  # a negative cycle: not optimal
                if y2 not in queued:
                    queue.append(y2)
                    queued.add(y2)
    if any(d < 0 for d in dist.values()):
        return None
    return dist


def _cycle(parent: dict[int, int]) -> bool:
    """Whether the parent pointers of the shortest-path search close a cycle (which only a
    negative cycle can make: every pointer was set by a strict improvement)."""
    done: set[int] = set()
    for start in parent:
        if start in done:
            continue
        walk: set[int] = set()
        x: int | None = start
        while x is not None and x not in done:
            if x in walk:
                return True
            walk.add(x)
            x = parent.get(x)
        done |= walk
    return False


def _select(hs, tight, part, owner, zero, free) -> list[tuple[int, int]] | None:
    """Each x of ``hs`` in order takes the first tight S2 player that a best pairing allows
    (module docstring); ``part``/``owner`` are rotated along each cycle used."""
    alive = set(hs)
    gone: set[int] = set()  # S2 players already paired

    def succ(a: int):
        if a == _DUMMY:  # the dummy takes the partner of any player whose partner has v = 0
            return [b for b in alive if part[b] in zero]
        pa = part[a]
        out = []
        for z in tight[a]:
            if z == pa or z in gone:
                continue
            out.append(owner.get(z, _DUMMY) if z not in free else _DUMMY)
        return out

    comp = _components(alive, succ)
    pairs: list[tuple[int, int]] = []
    for x in hs:
        chosen = path = None
        for y in tight[x]:
            if y in gone:
                continue
            if y == part[x]:
                chosen = y
                break
            src = _DUMMY if y in free else owner[y]
            if comp.get(src) != comp.get(x):
                continue
            path = _search(src, x, comp, succ)
            if path is None:  # the component split since it was computed
                comp = _components(alive, succ)
                if comp.get(src) != comp.get(x):
                    continue
                path = _search(src, x, comp, succ)
                if path is None:
                    return None  # never expected: components and search disagree
            chosen = y
            break
        if chosen is None:
            return None
        y = chosen
        if path is not None:
            _rotate(path, x, y, tight, part, owner, free, gone)
        pairs.append((x, y))
        alive.discard(x)
        gone.add(y)
        owner.pop(y, None)
        free.discard(y)
        del part[x]
    return pairs


def _rotate(path, x, y, tight, part, owner, free, gone) -> None:
    """Turn the matching along the alternating cycle ``path`` (from the partner of ``y`` to
    ``x``): x takes y, each player on the path takes the next one's partner; a step into the
    dummy takes an unpaired tight S2 player, a step out of it leaves a partner unpaired."""
    new: dict[int, int] = {}
    for a, b in zip(path, path[1:]):
        if a == _DUMMY:
            freed = part[b]
            free.add(freed)
            owner.pop(freed, None)
        elif b != _DUMMY:
            new[a] = part[b]
    for a, b in zip(path, path[1:]):
        if b == _DUMMY:
            z = next(z for z in tight[a] if z in free and z not in gone and z != y)
            new[a] = z
            free.discard(z)
    if path[0] == _DUMMY:
        free.discard(y)
    new[x] = y
    part.update(new)
    for a, z in new.items():
        owner[z] = a


def _search(src: int, dst: int, comp: dict[int, int], succ) -> list[int] | None:
    """A path ``src`` → ``dst`` inside their component (breadth first), or None."""
    c = comp.get(dst)
    prev: dict[int, int | None] = {src: None}
    queue = deque([src])
    while queue:
        a = queue.popleft()
        for b in succ(a):
            if b in prev or comp.get(b) != c:
                continue
            prev[b] = a
            if b == dst:
                path = [b]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                path.reverse()
                return path
            queue.append(b)
    return None


def _components(alive: set[int], succ) -> dict[int, int]:
    """Strongly connected components (Tarjan, iterative) of the digraph on ``alive`` and the
    dummy."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on: set[int] = set()
    stack: list[int] = []
    comp: dict[int, int] = {}
    counter = 0
    ncomp = 0
    for s in [*sorted(alive), _DUMMY]:
        if s in index:
            continue
        index[s] = low[s] = counter
        counter += 1
        stack.append(s)
        on.add(s)
        work = [(s, iter(succ(s)))]
        while work:
            v, it = work[-1]
            for b in it:
                if b not in index:
                    index[b] = low[b] = counter
                    counter += 1
                    stack.append(b)
                    on.add(b)
                    work.append((b, iter(succ(b))))
                    break
                if b in on and index[b] < low[v]:
                    low[v] = index[b]
            else:
                work.pop()
                if work:
                    p = work[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                if low[v] == index[v]:
                    while True:
                        b = stack.pop()
                        on.discard(b)
                        comp[b] = ncomp
                        if b == v:
                            break
                    ncomp += 1
    return comp
