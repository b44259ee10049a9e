"""A weighted blossom solver that returns its dual variables (docs/PAIRING.md "The proof").

Maximum-weight *perfect* matching on a sparse graph with exact integer weights of any size
(the engine's packed lexicographic weights need 60–150 bits), by the primal-dual method of
Edmonds (J. Edmonds, "Maximum matching and a polyhedron with 0,1-vertices", 1965) in the
O(n³) organisation of Z. Galil ("Efficient algorithms for finding maximum matching in
graphs", ACM Computing Surveys 18, 1986): stages that grow alternating trees from every free
vertex at once, shrink odd cycles into blossoms, and change the duals by the smallest step
that makes a new edge tight or a blossom dual zero.

Why our own: rustworkx and networkx do not return the duals, and the duals are what proves a
matching found on a small candidate graph optimal on the complete graph
(:mod:`.certify`).  Two things the libraries do not do:

* **warm starts** — :meth:`Blossom.start` takes a matching (rustworkx's optimum on the
  candidate graph): each vertex dual is set to its matched edge's weight, every edge that
  violates the duals raises one endpoint's dual and frees that endpoint's pair, so only
  the freed vertices are left to the stages;
* **pricing** — :meth:`Blossom.add_edges` adds edges (pairs of the complete graph that the
  certificate found violated) and resumes from the current duals: the blossoms are dissolved
  into the vertex duals (feasible, since a blossom dual z adds z/2 to both ends of every
  edge inside it), violated edges are repaired as in the warm start, and the stages go on.

Units: ``y[v]`` is twice the vertex dual and ``z[b]`` the blossom dual, both times the
current ``scale``; an edge's slack is ``y[u] + y[v] − 2·scale·w + 2·Σ z`` over the blossoms
containing both ends.  All quantities stay integers (the scale doubles when a resume could
make a dual odd).  Correctness does not rest on this module: :func:`.certify.check` verifies
the returned duals independently before a round is called proven.
"""

from __future__ import annotations

S, T = 1, 2


class Blossom:
    """Primal-dual state for a maximum-weight perfect matching of vertices ``0 … n−1``."""

    def __init__(self, n: int, edges: list[tuple[int, int, int]]):
        self.n = n
        self.eu: list[int] = []
        self.ev: list[int] = []
        self.ew: list[int] = []  # weight × scale
        self.key: dict[tuple[int, int], int] = {}
        self.adj: list[list[int]] = [[] for _ in range(n)]
        self.scale = 2
        self.work = 0
        self._add(edges)
        top = max(self.ew, default=0)
        self.mate: list[int] = [-1] * n  # matched edge index per vertex
        self.y: list[int] = [top] * n
        nb = 2 * n
        self.z: list[int] = [0] * nb
        self.parent: list[int] = [-1] * nb
        self.childs: list[list[int] | None] = [None] * nb
        self.bedges: list[list[tuple[int, int]] | None] = [None] * nb
        self.base: list[int] = list(range(n)) + [-1] * n
        self.inb: list[int] = list(range(n))
        self.unused = list(range(nb - 1, n - 1, -1))

    def _add(self, edges) -> list[int]:
        new = []
        for u, v, w in edges:
            if u == v:
                continue
            if u > v:
                u, v = v, u
            if (u, v) in self.key:
                continue
            k = len(self.eu)
            self.key[(u, v)] = k
            self.eu.append(u)
            self.ev.append(v)
            self.ew.append(w * self.scale)
            self.adj[u].append(k)
            self.adj[v].append(k)
            new.append(k)
        return new

    def edge_list(self) -> list[tuple[int, int, int]]:
        """Every edge as (u, v, weight as given), u < v, in the order added."""
        return [(u, v, w // self.scale) for u, v, w in zip(self.eu, self.ev, self.ew)]

    # ---- helpers ---------------------------------------------------------------------------
    def _other(self, k: int, v: int) -> int:
        u = self.eu[k]
        return self.ev[k] if u == v else u

    def _slack(self, k: int) -> int:
        return self.y[self.eu[k]] + self.y[self.ev[k]] - 2 * self.ew[k]

    def _leaves(self, b: int):
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            x = stack.pop()
            if x < self.n:
                yield x
            else:
                stack.extend(self.childs[x])  # type: ignore[arg-type]

    def _mate_vertex(self, v: int) -> int:
        k = self.mate[v]
        return -1 if k < 0 else self._other(k, v)

    # ---- warm starts -------------------------------------------------------------------------
    def start(self, mate: dict[int, int], sweeps: int = 8) -> None:
        """Take the matching ``mate`` (vertex → vertex, both directions) as the start: its
        edges tight, the rest of the duals repaired (module docstring)."""
        y = self.y
        for v, u in mate.items():
            if 0 <= v < self.n and 0 <= u < self.n:
                k = self.key.get((v, u) if v < u else (u, v))
                if k is not None:
                    self.mate[v] = k
                    y[v] = self.ew[k]
        self._balance(sweeps)
        self._repair(range(len(self.eu)))

    def _balance(self, sweeps: int) -> None:
        """Shift the duals of each matched pair (their sum stays the pair's weight, so it stays
        tight) towards what its other edges need, sweeping a few times: fewer violated edges,
        fewer pairs the repair has to free."""
        y, ew, eu, ev, mate, adj = self.y, self.ew, self.eu, self.ev, self.mate, self.adj
        pairs = [(u, self._other(mate[u], u), mate[u]) for u in range(self.n)
                 if mate[u] >= 0 and u < self._other(mate[u], u)]
        for _ in range(sweeps):
            changed = False
            for u, v, k in pairs:
                need = []
                for x in (u, v):
                    lo = None
                    for e in adj[x]:
                        if e == k:
                            continue
                        o = ev[e] if eu[e] == x else eu[e]
                        t = 2 * ew[e] - y[o]
                        if lo is None or t > lo:
                            lo = t
                    need.append(lo)
                lu, lv = need
                total = 2 * ew[k]
                if lu is None and lv is None:
                    continue
                if lu is None:
                    lu = total - lv  # type: ignore[operator]
                if lv is None:
                    lv = total - lu
                room = total - lu - lv
                if room < 0:
                    continue  # this pair cannot be kept: the repair frees it
                yu = lu + 2 * (room // 4)
                if yu != y[u]:
                    y[u], y[v] = yu, total - yu
                    changed = True
            if not changed:
                break

    def add_edges(self, edges: list[tuple[int, int, int]]) -> int:
        """Add edges (pricing) and prepare to resume; returns how many were new."""
        self._dissolve()
        self.scale *= 2
        self.ew = [w * 2 for w in self.ew]
        self.y = [v * 2 for v in self.y]
        new = self._add(edges)
        self._repair(new)
        return len(new)

    def _dissolve(self) -> None:
        """Remove every blossom, moving its dual into its vertices' duals (stays feasible)."""
        n = self.n
        for b in range(n, 2 * self.n):
            if self.childs[b] is not None and self.z[b]:
                for v in self._leaves(b):
                    self.y[v] += self.z[b]
        for b in range(n, 2 * n):
            self.childs[b] = None
            self.bedges[b] = None
            self.parent[b] = -1
            self.z[b] = 0
            self.base[b] = -1
        for v in range(n):
            self.parent[v] = -1
            self.inb[v] = v
        self.unused = list(range(2 * n - 1, n - 1, -1))
        for v in range(n):  # matched edges that are no longer tight are given up
            k = self.mate[v]
            if k >= 0 and self._slack(k):
                self.mate[self._other(k, v)] = -1
                self.mate[v] = -1

    def _repair(self, ks) -> None:
        y, mate = self.y, self.mate
        for k in ks:
            s = self._slack(k)
            if s < 0:
                u, v = self.eu[k], self.ev[k]
                x = u if mate[u] < 0 else v if mate[v] < 0 else (u if y[u] <= y[v] else v)
                y[x] -= s
                if mate[x] >= 0:
                    o = self._other(mate[x], x)
                    mate[o] = mate[x] = -1

    # ---- the stages --------------------------------------------------------------------------
    def solve(self, budget: int | None = None) -> dict[int, int] | None:
        """Run stages until no augmenting path is left; returns ``mate`` (both directions),
        or None once :attr:`work` (edges scanned plus vertices visited by dual changes, a
        deterministic measure) passes ``budget``."""
        n = self.n
        while any(m < 0 for m in self.mate):
            if budget is not None and self.work > budget:
                return None
            if not self._stage():
                break
            for b in range(n, 2 * n):  # end of stage: S-blossoms with a zero dual open
                if self.parent[b] == -1 and self.childs[b] is not None and \
                        self.label[b] == S and self.z[b] == 0:
                    self._expand(b, True)
        out = {}
        for v in range(n):
            if self.mate[v] >= 0:
                out[v] = self._other(self.mate[v], v)
        return out

    def _stage(self) -> bool:
        n = self.n
        nb = 2 * n
        self.label = [0] * nb
        self.ledge: list[tuple[int, int] | None] = [None] * nb  # (outside, inside)
        self.best = [-1] * nb
        self.bbest: list[list[int] | None] = [None] * nb
        self.allowed: set[int] = set()
        self.queue: list[int] = []
        for v in range(n):
            if self.mate[v] < 0 and self.label[self.inb[v]] == 0:
                self._assign(v, S, -1)
        while True:
            y, eu, ev, ew = self.y, self.eu, self.ev, self.ew
            inb, label, best, allowed = self.inb, self.label, self.best, self.allowed
            while self.queue:
                v = self.queue.pop()
                adj = self.adj[v]
                self.work += len(adj)
                yv = y[v]
                for k in adj:
                    w = ev[k] if eu[k] == v else eu[k]
                    bv, bw = inb[v], inb[w]
                    if bv == bw:
                        continue
                    if k not in allowed:
                        s = yv + y[w] - 2 * ew[k]
                        if s <= 0:
                            allowed.add(k)
                    if k in allowed:
                        lw = label[bw]
                        if lw == 0:
                            self._assign(w, T, v)
                        elif lw == S:
                            base = self._scan(v, w)
                            if base >= 0:
                                self._shrink(base, v, w)
                            else:
                                self._augment(v, w, k)
                                return True
                        elif label[w] == 0:  # inside a T-blossom: remember the way in
                            label[w] = T
                            self.ledge[w] = (v, w)
                    elif label[bw] == S:
                        b = best[bv]
                        if b < 0 or s < y[eu[b]] + y[ev[b]] - 2 * ew[b]:
                            best[bv] = k
                    elif label[w] == 0:
                        b = best[w]
                        if b < 0 or s < y[eu[b]] + y[ev[b]] - 2 * ew[b]:
                            best[w] = k
            # dual change
            self.work += nb
            delta = None
            kind = 0
            arg = -1
            parent, childs, z = self.parent, self.childs, self.z
            for v in range(n):
                bv = inb[v]
                lb = label[bv]
                k = best[v]
                if k < 0:
                    continue
                if lb == 0:
                    d = y[eu[k]] + y[ev[k]] - 2 * ew[k]
                    if delta is None or d < delta:
                        delta, kind, arg = d, 2, k
                elif lb == S and bv == v:  # a top-level S vertex
                    d = (y[eu[k]] + y[ev[k]] - 2 * ew[k]) // 2
                    if delta is None or d < delta:
                        delta, kind, arg = d, 3, k
            for b in range(n, nb):
                if childs[b] is None or parent[b] != -1:
                    continue
                lb = label[b]
                if lb == S:
                    k = best[b]
                    if k >= 0:
                        d = (y[eu[k]] + y[ev[k]] - 2 * ew[k]) // 2
                        if delta is None or d < delta:
                            delta, kind, arg = d, 3, k
                elif lb == T:
                    d = z[b]
                    if delta is None or d < delta:
                        delta, kind, arg = d, 4, b
            if delta is None:
                return False  # no augmenting path: maximum cardinality reached
            if delta:
                for v in range(n):
                    lb = label[inb[v]]
                    if lb == S:
                        y[v] -= delta
                    elif lb == T:
                        y[v] += delta
                for b in range(n, nb):
                    if childs[b] is not None and parent[b] == -1:
                        if label[b] == S:
                            z[b] += delta
                        elif label[b] == T:
                            z[b] -= delta
            if kind == 2:
                self.allowed.add(arg)
                u, v = self.eu[arg], self.ev[arg]
                self.queue.append(u if label[inb[u]] == S else v)
            elif kind == 3:
                self.allowed.add(arg)
                self.queue.append(self.eu[arg])
            else:
                self._expand(arg, False)

    def _assign(self, w: int, t: int, v: int) -> None:
        """Label the top-level blossom of ``w`` (reached from ``v``; −1 for a root)."""
        b = self.inb[w]
        self.label[w] = self.label[b] = t
        le = None if v < 0 else (v, w)
        self.ledge[w] = self.ledge[b] = le
        self.best[w] = self.best[b] = -1
        if t == S:
            self.queue.extend(self._leaves(b))
        else:
            base = self.base[b]
            self._assign(self._mate_vertex(base), S, base)

    def _scan(self, v: int, w: int) -> int:
        """The base of the blossom closed by the edge v–w, or −1 (an augmenting path)."""
        seen: list[int] = []
        mark = set()
        base = -1
        while v >= 0 or w >= 0:
            if v >= 0:
                b = self.inb[v]
                if b in mark:
                    base = self.base[b]
                    break
                mark.add(b)
                seen.append(b)
                le = self.ledge[b]
                if le is None:
                    v = -1
                else:
                    bt = self.inb[le[0]]
                    v = self.ledge[bt][0]  # type: ignore[index]
            if w >= 0:
                v, w = w, v
        return base

    def _shrink(self, base: int, v: int, w: int) -> None:
        inb = self.inb
        bb, bv, bw = inb[base], inb[v], inb[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        vpath: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            vpath.append(bv)
            bv = inb[self.ledge[bv][0]]  # type: ignore[index]
        wpath: list[int] = []
        while bw != bb:
            self.parent[bw] = b
            wpath.append(bw)
            bw = inb[self.ledge[bw][0]]  # type: ignore[index]
        childs = [bb] + vpath[::-1] + wpath
        edges: list[tuple[int, int]] = []
        for c in vpath[::-1]:
            le = self.ledge[c]
            edges.append((le[0], le[1]))  # type: ignore[index]
        edges.append((v, w))
        for c in wpath:
            le = self.ledge[c]
            edges.append((le[1], le[0]))  # type: ignore[index]
        self.childs[b] = childs
        self.bedges[b] = edges
        self.z[b] = 0
        self.label[b] = S
        self.ledge[b] = self.ledge[bb]
        for c in childs:
            if self.label[c] == T:
                self.queue.extend(self._leaves(c))
            self.label[c] = S
        for x in self._leaves(b):
            inb[x] = b
        # best edges of the new S-blossom towards other S-blossoms
        bestto: dict[int, int] = {}
        for c in childs:
            lst = self.bbest[c]
            if lst is None:
                lst = [k for x in self._leaves(c) for k in self.adj[x]]
            for k in lst:
                i, j = self.eu[k], self.ev[k]
                if inb[j] == b:
                    i, j = j, i
                bj = inb[j]
                if bj != b and self.label[bj] == S:
                    cur = bestto.get(bj)
                    if cur is None or self._slack(k) < self._slack(cur):
                        bestto[bj] = k
            self.bbest[c] = None
            self.best[c] = -1
        self.bbest[b] = list(bestto.values())
        self.best[b] = min(bestto.values(), key=self._slack, default=-1)

    def _augment(self, v: int, w: int, k: int) -> None:
        for s, j in ((v, w), (w, v)):
            while True:
                bs = self.inb[s]
                if bs >= self.n:
                    self._rotate(bs, s)
                self.mate[s] = self.key[(s, j) if s < j else (j, s)]
                le = self.ledge[bs]
                if le is None:
                    break
                t = le[0]
                bt = self.inb[t]
                s2, j2 = self.ledge[bt]  # type: ignore[misc]
                if bt >= self.n:
                    self._rotate(bt, j2)
                self.mate[j2] = self.key[(s2, j2) if s2 < j2 else (j2, s2)]
                s, j = s2, j2

    def _rotate(self, b: int, v: int) -> None:
        """Make vertex ``v`` the base of blossom ``b`` (the matching inside swaps)."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self._rotate(t, v)
        childs = self.childs[b]
        edges = self.bedges[b]
        L = len(childs)  # type: ignore[arg-type]
        i = childs.index(t)  # type: ignore[union-attr]
        if i % 2 == 0:
            ms = range(i - 2, -1, -2)
        else:
            ms = range(i + 1, L, 2)
        for m in ms:
            x, y = edges[m]  # type: ignore[index]
            cx, cy = childs[m], childs[(m + 1) % L]  # type: ignore[index]
            if cx >= self.n:
                self._rotate(cx, x)
            if cy >= self.n:
                self._rotate(cy, y)
            k = self.key[(x, y) if x < y else (y, x)]
            self.mate[x] = self.mate[y] = k
        self.childs[b] = childs[i:] + childs[:i]  # type: ignore[index]
        self.bedges[b] = edges[i:] + edges[:i]  # type: ignore[index]
        self.base[b] = v

    def _expand(self, b: int, endstage: bool) -> None:
        n = self.n
        childs = self.childs[b]
        edges = self.bedges[b]
        assert childs is not None and edges is not None
        for c in childs:
            self.parent[c] = -1
            if c < n:
                self.inb[c] = c
            elif endstage and self.z[c] == 0:
                self._expand(c, True)
            else:
                for x in self._leaves(c):
                    self.inb[x] = c
        if not endstage and self.label[b] == T:
            L = len(childs)
            for c in childs:
                if c >= n:  # a vertex child keeps its own label and best edge
                    self.label[c] = 0
                    self.best[c] = -1
            p = self.ledge[b]
            assert p is not None
            entry = self.inb[p[1]]
            idx = childs.index(entry)
            step = 1 if idx % 2 else -1
            onpath = set()
            while True:
                c = childs[idx]
                onpath.add(c)
                self.label[c] = self.label[p[1]] = T
                self.ledge[c] = self.ledge[p[1]] = p
                self.best[c] = -1
                if idx == 0:
                    break
                if step == 1:
                    x, y = edges[idx]
                    e2 = edges[(idx + 1) % L]
                    p = (e2[0], e2[1])
                else:
                    y, x = edges[idx - 1]
                    e2 = edges[idx - 2]
                    p = (e2[1], e2[0])
                nxt = childs[(idx + step) % L]
                onpath.add(nxt)
                self.label[nxt] = S
                self.ledge[nxt] = (x, y)
                self.best[nxt] = -1
                self.queue.extend(self._leaves(nxt))
                self.allowed.add(self.key[(p[0], p[1]) if p[0] < p[1] else (p[1], p[0])])
                idx = (idx + 2 * step) % L
            for c in childs:
                if c in onpath or self.label[c] == S:
                    continue
                hit = next((x for x in self._leaves(c) if self.label[x] == T), -1)
                if hit >= 0:
                    le = self.ledge[hit]
                    assert le is not None
                    self.label[hit] = 0
                    self._assign(hit, T, le[0])
        self.childs[b] = None
        self.bedges[b] = None
        self.label[b] = 0
        self.ledge[b] = None
        self.best[b] = -1
        self.bbest[b] = None
        self.z[b] = 0
        self.base[b] = -1
        self.unused.append(b)

    # ---- the certificate ---------------------------------------------------------------------
    def duals(self) -> tuple[list[int], list[tuple[list[int], int]], int]:
        """(y, blossoms, scale): ``y`` twice the vertex duals, blossoms as (vertices, z) with
        z > 0, all times ``scale`` (module docstring)."""
        out = []
        for b in range(self.n, 2 * self.n):
            if self.childs[b] is not None and self.z[b]:
                out.append((list(self._leaves(b)), self.z[b]))
        return list(self.y), out, self.scale
