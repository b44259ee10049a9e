"""The proof that a round paired on a candidate graph is the optimum of the complete graph
(docs/PAIRING.md "The proof: a dual certificate").

Linear-programming duality for perfect matchings (Edmonds 1965): a perfect matching M of a
graph K is of maximum weight if there are vertex duals y and odd-set duals z ≥ 0 with

* y_u + y_v + Σ_{B ∋ u, v} z_B ≥ w(u, v) for every edge (u, v) of K (feasibility),
* equality on every edge of M, and every B with z_B > 0 holding (|B| − 1)/2 edges of M,

since then every perfect matching M′ has w(M′) ≤ Σ y + Σ z_B (|B| − 1)/2 = w(M).  K is the
complete graph of the round — every legal pair, and the bye vertex joined to every player —
with the weights of :func:`complete_packer`: the criteria of :class:`.criteria.Evaluator`
packed with widths valid for *every* pair (not just the candidates), so the packed order is
exactly the lexicographic order of the objective on K.

:func:`price` checks feasibility on all of K without evaluating all n² pairs: with
D_u = y_u − W₀ (W₀ the weight of a penalty-free pair) the condition reads D_u + D_v +
P(u, v) + Σz ≥ 0, where P is the packed penalty.  P has a lower bound by blocks — the score
groups of u and v (SCORE, TOP), their colour wishes (COLOUR, STRONGCOL), their last floats
(FLOAT), and, inside a group, the in-group distance once IDEAL reaches its cap — and z ≥ 0,
so a block whose two smallest D pass the bound is proven at once; otherwise each vertex's
partners below its threshold (sorted D, bisection) and the pairs near the in-group ideal are
checked with their exact weights.  Pairs that fail are returned: the engine adds them to the
candidate graph and resumes the blossom (:class:`.blossom.Blossom`), until none fails.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import islice
from typing import Any

from .criteria import (BYE, BYE_ONLY_IDX, FIELDS, FLOAT_STEP, IDEAL_CAP, Evaluator, Packer,
                       float_ideal, ideal_penalty)
from .groups import PState, det_hash

IDEAL_IDX = FIELDS.index("IDEAL")
FLOAT_REACH = -(-IDEAL_CAP // FLOAT_STEP)  # places from the boundary before float_ideal caps
PYTHON_MAX = 2500  # from this many players a round the screen cannot price is not priced
PER_VERTEX = 16  # compiled screen: pairs priced in per player and resume
CERTIFY_CHUNK = 1 << 14  # edges the certificate reads at a time
LARGE = 25  # blossoms of at least this many vertices are credited in the block bounds


def complete_packer(pool: list[PState], ev: Evaluator, bye_tuples: list[tuple[int, ...]]
                    ) -> Packer:
    """A :class:`.criteria.Packer` whose caps and widths bound every pair of the complete
    graph (field maxima from the round's facts, not from the candidates)."""
    ctx = ev.ctx
    nf = len(FIELDS)
    hi = [0] * nf
    ng = 1 + max((st.group for st in pool), default=0)
    f = FIELDS.index
    if ctx.colour_gap is not None and not ctx.colour_absolute:
        from .colours import excess
        worst = 0
        for st in pool:  # the largest excess one player can take, twice
            for other in (-1, 1):
                over = max(0, abs(st.bal + other) - ctx.colour_gap)
                worst = max(worst, over * over)
        hi[f("EXCESS")] = 2
        hi[f("EXCESS_SIZE")] = 2 * worst
        del excess
    if ctx.allow_rematch:
        hi[f("REMATCH")] = 1
        hi[f("RECENCY")] = max((r for st in pool for r in st.met.values()), default=0)
    hi[f("SCORE")] = (ng - 1) ** 2
    hi[f("TOP")] = (ng - 1) * ng
    wants = [ev.prefs[st.id].want for st in pool]
    if any(w is not None for w in wants):
        hi[f("COLOUR")] = 1
        hi[f("STRONGCOL")] = 1
    hi[f("GEO")] = ctx.club_weight + ctx.country_weight
    if any(st.last_float for st in pool) and ng > 1:
        hi[f("FLOAT")] = 2
    hi[f("IDEAL")] = IDEAL_CAP
    # a template tuple per field: the maximum, and a zero so every field with a positive
    # maximum gets its width (Packer gives no width to a field constant on its tuples)
    normal = [tuple(hi), tuple([0] * nf)]
    byes = list(bye_tuples)
    return Packer(normal + byes, [False, False] + [True] * len(byes), (len(pool) + 1) // 2)


class Pricer:
    """Feasibility of duals on the complete graph of a round, block by block."""

    def __init__(self, pool: list[PState], ev: Evaluator, packer: Packer, bye: bool,
                 bye_tuples: list[tuple[int, ...]] | None = None, native: bool = False):
        self.pool, self.ev, self.packer, self.bye = pool, ev, packer, bye
        self.native = native  # screen the pairs in compiled code (nprice.py)
        self.screened = False  # whether the last call did
        n = len(pool)
        self.n = n
        ctx = ev.ctx
        self.ng = 1 + max((st.group for st in pool), default=0)
        self.w0 = packer.pack(tuple([0] * len(FIELDS)), False)  # a penalty-free pair
        # per-player class: (colour wish, strong?, last float)
        prefs = ev.prefs
        self.cls = []
        for st in pool:
            p = prefs[st.id]
            self.cls.append((p.want, p.strength >= 2, st.last_float))
        self.handicap = ctx.handicap
        self.groups: list[list[int]] = [[] for _ in range(self.ng)]
        for i, st in enumerate(pool):
            self.groups[st.group].append(i)
        self._lbcache: dict = {}
        self._bye_t = bye_tuples or []  # ev.bye per player, when the caller has them
        self._caps: Any = None  # pairs priced in per vertex and resume (numpy, compiled screen)
        self._last: Any = None  # (scale, y, Σz per vertex) of the last scan (_rows)
        self._left: Any = None  # the rows of the last scan's pairs
        self._picks = 0  # pricing rounds so far (each draws its own order: _screened)

    # ---- lower bounds of the packed penalty -----------------------------------------------
    def _pen(self, t: tuple[int, ...]) -> int:
        """Packed penalty of a tuple: w0 − weight (≥ 0 and monotone in every field)."""
        return self.w0 - self.packer.pack(t, False)

    def _lb(self, ga: int, gb: int, ca, cb, ideal: int) -> int:
        key = (ga, gb, ca, cb, ideal)
        v = self._lbcache.get(key)
        if v is not None:
            return v
        nf = len(FIELDS)
        t = [0] * nf
        if ga != gb:
            up, low = (ga, gb) if ga < gb else (gb, ga)
            cu, cl = (ca, cb) if ga < gb else (cb, ca)
            d = low - up
            t[FIELDS.index("SCORE")] = d * d
            t[FIELDS.index("TOP")] = d * (self.ng - up)
            t[FIELDS.index("FLOAT")] = (cu[2] == -1) + (cl[2] == 1)
        if not self.handicap and ca[0] is not None and ca[0] == cb[0]:
            t[FIELDS.index("COLOUR")] = 1
            t[FIELDS.index("STRONGCOL")] = 1 if ca[1] and cb[1] else 0
        t[IDEAL_IDX] = ideal
        v = self._pen(tuple(t))
        self._lbcache[key] = v
        return v

    def _near(self, st: PState, m: int) -> range:
        """In-group places q > p whose ideal penalty may be below the cap."""
        p = st.pos
        style = self.ev.ctx.style
        if style == "fold":  # x = p + q − (m − 1), penalty x²
            lo, hi = m - 1 - p - 32, m - 1 - p + 32
        elif style == "slide":  # x = 2(q − p) − m, penalty x²/4
            lo, hi = p + (m - 64) // 2, p + (m + 64) // 2 + 1
        else:  # penalty ≥ q − p − 1
            lo, hi = p + 1, p + IDEAL_CAP + 2
        return range(max(lo, p + 1), min(hi, m - 1) + 1)

    # ---- the check --------------------------------------------------------------------------
    def violations(self, y: list[int], blossoms: list[tuple[list[int], int]], scale: int,
                   mate: dict[int, int], have: set[tuple[int, int]] | None, limit: int,
                   ends: tuple | None = None
                   ) -> tuple[list[tuple[int, int, int]] | None, int]:
        """Pairs of the complete graph (not in ``have``) whose reduced cost is negative:
        (i, j, packed weight), j = :data:`.criteria.BYE` for the bye vertex; at most
        ``limit``, the most violated first.  Also the number of exact evaluations.  The
        solved pairs may come as ``ends`` instead of ``have``: two arrays of vertices, the bye
        vertex numbered n (:meth:`.nblossom.Blossom.ends`).  None instead of the pairs when a
        field of :data:`PYTHON_MAX` players or more cannot be screened."""
        pool, ev, packer = self.pool, self.ev, self.packer
        n = self.n
        two = 2 * scale
        w0s = scale * self.w0
        D = [y[i] - w0s for i in range(n)]
        self.screened = False
        if self.native:
            if ends is None:
                import numpy as np  # (only here: a small round does not load it)
                assert have is not None
                ends = tuple(np.array([n if p[k] == BYE else p[k] for p in have], np.int64)
                             for k in (0, 1))
            got = self._screened(y, D, blossoms, scale, ends, limit)
            if got is None and self.n >= PYTHON_MAX:
                return None, 0  # a field too large for the Python pricing: not priced
            if got is not None:
                self.screened = True
                return got
        if have is None:
            assert ends is not None
            have = {(u, BYE) if v == n else (u, v)
                    for u, v in zip(ends[0].tolist(), ends[1].tolist())}
        zsum = blossom_sums(blossoms, n + 1)

        out: list[tuple[int, int, int, tuple[int, ...]]] = []
        exact = 0
        seen: set[tuple[int, int]] = set()

        def check(i: int, j: int) -> None:
            nonlocal exact
            key = (i, j) if i < j else (j, i)
            if key in have or key in seen:
                return
            seen.add(key)
            exact += 1
            t = ev.pair(pool[i], pool[j])
            if t is None:
                return
            rc = D[i] + D[j] + two * self._pen(t) + 2 * zsum(i, j)
            if rc < 0:
                out.append((rc, key[0], key[1], t))

        # the bye vertex: every player, exactly
        if self.bye:
            for i in range(n):
                if (i, BYE) in have:
                    continue
                t = self._bye_t[i] if self._bye_t else ev.bye(pool[i])
                w = packer.pack(t, True)
                rc = y[i] + y[n] - two * w + 2 * zsum(i, n)
                exact += 1
                if rc < 0:
                    out.append((rc, i, BYE, t))
        # the blossoms whose dual is at least one unit of a field above IDEAL ("large"):
        # the pairs inside one are credited its dual in the bounds (smaller ones are not:
        # a lower bound still, since z ≥ 0)
        big = scale << (packer.shifts[IDEAL_IDX] + packer.widths[IDEAL_IDX])
        large = [(vs, z) for vs, z in blossoms if z >= big or len(vs) >= LARGE]
        large.sort(key=lambda bz: -len(bz[0]))
        sig: list[tuple[int, ...]] = [()] * (n + 1)
        for b, (vs, _z) in enumerate(large):
            for x in vs:
                sig[x] = sig[x] + (b,)
        zbig = [z for _v, z in large]
        zcache: dict = {}

        def zcommon(sa: tuple[int, ...], sb: tuple[int, ...]) -> int:
            key = (sa, sb)
            v = zcache.get(key)
            if v is None:
                v = 0
                for x, y2 in zip(sa, sb):
                    if x != y2:
                        break
                    v += zbig[x]
                zcache[key] = v
            return v

        # blocks: (group, class, large blossoms) lists sorted by D
        cls = self.cls
        blocks: list[dict] = []
        for members in self.groups:
            byc: dict = {}
            for i in members:
                byc.setdefault((cls[i], sig[i]), []).append(i)
            for c in byc:
                byc[c].sort(key=D.__getitem__)
            blocks.append(byc)
        ng = self.ng
        # the bound of a pair of groups without its classes (colours, floats) and blossoms is
        # a bound of all its blocks: most pairs of groups, and of blocks, pass it at once
        plain = (None, False, 0)
        dmin = [min((D[i] for i in members), default=0) for members in self.groups]
        # per group, its blocks in order and the smallest D of each block and those after it
        # (once a block passes the floor with every later one, the rest is skipped)
        items = [list(byc.items()) for byc in blocks]
        after: list[list[int]] = []
        for its in items:
            suf = [D[lb_[0]] for _c, lb_ in its]
            for x in range(len(suf) - 2, -1, -1):
                if suf[x + 1] < suf[x]:
                    suf[x] = suf[x + 1]
            after.append(suf)
        lb = self._lb
        for ga in range(ng):
            if not self.groups[ga]:
                continue
            for gb in range(ga, ng):
                if not self.groups[gb]:
                    continue
                floor = two * lb(ga, gb, plain, plain, IDEAL_CAP)
                if dmin[ga] + dmin[gb] + floor >= 0:
                    continue
                rest = after[gb]
                for (ca, sa), la in items[ga]:
                    da = D[la[0]]
                    if da + dmin[gb] + floor >= 0:
                        continue
                    for x, ((cb, sb), lb_) in enumerate(items[gb]):
                        d2 = da + D[lb_[0]]
                        if d2 + floor >= 0:
                            if da + rest[x] + floor >= 0:
                                break  # this block and every later one pass the floor
                            continue
                        bound = two * lb(ga, gb, ca, cb, IDEAL_CAP) + 2 * zcommon(sa, sb)
                        if d2 + bound >= 0:
                            continue  # the whole block is feasible
                        dl = [D[j] for j in lb_]
                        for i in la:
                            thr = -bound - D[i]  # partners j with D[j] < thr may fail
                            cut = bisect_left(dl, thr)
                            if cut == 0:
                                break  # la is sorted: later i have larger D
                            for j in lb_[:cut]:
                                if j == i:
                                    continue
                                if _near(pool[i], pool[j], self):
                                    continue  # checked below with its exact ideal
                                check(i, j)
        # in-group pairs near the ideal: lower bound with the exact ideal, else exact
        style = ev.ctx.style
        # the packed penalty is linear in the fields: the IDEAL part alone is a first bound
        # (the colour fields and z are ≥ 0), which most pairs pass without the exact bound
        unit = two * self._pen(tuple(1 if f == IDEAL_IDX else 0 for f in range(len(FIELDS))))
        # (adjacent: the ideal penalty grows with the distance, so past the first place
        # where even the group's smallest D passes, every place passes)
        grows = style not in ("fold", "slide")
        # the colour part of the in-group bound per pair of classes (the bound is linear:
        # colour part + unit × ideal, whatever the group)
        colour: dict = {}
        for g, members in enumerate(self.groups):
            m = len(members)
            dg = dmin[g]
            for i in members:
                st = pool[i]
                p, di, ci = st.pos, D[i], cls[i]
                step = 1 + (m - p) * 8 // m  # adjacent's ideal_penalty, inlined below
                for q in self._near(st, m):
                    j = members[q]
                    if grows:
                        ideal = (q - p - 1) * step
                        if ideal > IDEAL_CAP:
                            ideal = IDEAL_CAP
                    else:
                        ideal = ideal_penalty(p, q, m, style)
                    base = di + D[j] + unit * ideal
                    if base >= 0:
                        if grows and di + dg + unit * ideal >= 0:
                            break
                        continue
                    key = (i, j) if i < j else (j, i)
                    if key in have:
                        continue
                    cc = (ci, cls[j])
                    c2 = colour.get(cc)
                    if c2 is None:
                        c2 = colour[cc] = two * lb(g, g, ci, cls[j], 0)
                    dd = base + c2
                    if dd >= 0 or dd + 2 * zsum(i, j) >= 0:  # (z ≥ 0: the sum only if needed)
                        continue
                    check(i, j)
        # floats near the boundary of two groups: the exact ideal (float_ideal) in the bound
        for ga in range(ng):
            ups = [i for i in self.groups[ga] if pool[i].gsize - 1 - pool[i].pos < FLOAT_REACH]
            if not ups:
                continue
            dmin_up = min(D[i] for i in ups)
            for gb in range(ga + 1, ng):
                lows = self.groups[gb][:FLOAT_REACH]
                floor = two * self._lb(ga, gb, (None, False, 0), (None, False, 0), 0)
                if dmin_up + min(D[j] for j in lows) + floor >= 0:
                    continue
                for i in ups:
                    a = pool[i]
                    room = FLOAT_REACH - (a.gsize - 1 - a.pos)
                    for j in lows[:room]:
                        key = (i, j) if i < j else (j, i)
                        if key in have:
                            continue
                        ideal = float_ideal(a, pool[j])
                        bound = two * self._lb(ga, gb, cls[i], cls[j], ideal) + \
                            2 * zcommon(sig[i], sig[j])
                        if D[i] + D[j] + bound >= 0:
                            continue
                        check(i, j)
        out.sort(key=lambda r: r[0])
        return [(i, j, packer.pack(t, j == BYE)) for _, i, j, t in out[:limit]], exact


    def _screened(self, y: list[int], D: list[int], blossoms, scale: int, ends: tuple,
                  limit: int):
        """:meth:`violations` with the pairs screened in compiled code (:mod:`.nprice`),
        each one the screen returns evaluated exactly here; None when the round does not fit
        the screen."""
        from .nprice import screen
        n, ev, pool, packer = self.n, self.ev, self.pool, self.packer
        rows = self._rows(y, blossoms, scale)
        import numpy as np
        if self._caps is None:
            self._caps = np.full(n + 1, PER_VERTEX, np.int64)
        got = screen(self, D, y[n] if self.bye else None, blossoms, scale, ends, rows=rows,
                     caps=self._caps)
        if got is None:
            return None
        self._left = got.i  # (rows with pairs left unpriced: scanned again next time)
        two = 2 * scale

        from .nprice import pair_weights, weighs
        bulk = weighs(self)

        def exact(ps: list[int]) -> list[tuple[int, int, int]]:
            """(i, j, packed weight) of each screened pair of ``ps`` that is violated (the
            weight, not the tuple: up to 50 000 of them are held at once), each weighed as
            Evaluator.pair and Packer do — in compiled code where the round allows it
            (:func:`.nprice.pair_weights`)."""
            ii, jj = got.i[ps], got.j[ps]
            if bulk:
                players = np.flatnonzero(jj != n)
                ws: list = [None] * len(ps)
                for k, w in zip(players.tolist(), pair_weights(
                        self, ii[players].astype(np.int64), jj[players].astype(np.int64))):
                    ws[k] = w
            out = []
            for k, (i, j, z2) in enumerate(zip(ii.tolist(), jj.tolist(), got.z2(ps))):
                if j == n:
                    t = self._bye_t[i] if self._bye_t else ev.bye(pool[i])
                    w = packer.pack(t, True)
                    if y[i] + y[n] - two * w + z2 < 0:
                        out.append((i, BYE, w))
                    continue
                if bulk:
                    w = ws[k]
                else:
                    tp = ev.pair(pool[i], pool[j])
                    w = None if tp is None else packer.pack(tp, False)
                if w is not None and D[i] + D[j] + two * (self.w0 - w) + z2 < 0:
                    out.append((i, j, w))
            return out

        # at most PER_VERTEX at each player (doubled at each resume where a player reached
        # its cap): spread over the field, they settle its duals in fewer resumes than the
        # same number at a few players.  Which of a player's violated pairs: drawn in a
        # seeded order (nprice.shuffled), not the most violated first — those are its
        # partners in the same sunken stretch of duals, and pricing them in moved the
        # trouble on rather than settling it (docs/PAIRING.md "The proof": chess at 16 000
        # players, round 2, 119 000 pairs priced in over 12 resumes by the most violated,
        # 28 000 over 6 drawn)
        self._picks += 1
        ctx = ev.ctx
        chosen = got.pick(self._caps, limit,
                          seed=det_hash("pricing", ctx.seed, ctx.round_no, self._picks, bits=64))
        pick = exact(chosen)
        evaluated = len(chosen)
        if not pick and len(got) > len(chosen):
            # none of those was violated (refused pairs, graded colour excesses): then
            # every screened pair is evaluated before the round is called proven
            pick = exact(list(range(len(got))))[:limit]
            evaluated += len(got)
        if not pick and rows is not None:  # only some rows, none violated: every row
            self._last = None
            return self._screened(y, D, blossoms, scale, ends, limit)
        if not pick and got.partial:
            return None  # a scan cut short and nothing violated in it: proves nothing
        return pick, evaluated

    def _rows(self, y: list[int], blossoms, scale: int):
        """The rows the next scan needs first (numpy), or None for every row.

        A pair the last scan passed can fail now only if a dual of its ends or a blossom
        holding both went down.  Between two resumes late in a proof few players' duals
        move (16 000-player chess, round 2: 50–1 700 of 16 000 in the last twelve scans),
        so the scan first reads only the rows of the players whose y or Σz (the blossoms
        holding them) went down, and of those whose row had pairs left unpriced.  That scan
        is a shortcut, not a proof: a pair is read only in the row of its lower end, so it
        misses one whose lower end did not move, and one whose blossoms changed without the
        sums moving; when it finds nothing every row is scanned (:meth:`_screened`), and
        only a complete scan can end the proof."""
        import numpy as np
        from .nprice import vertex_sums
        n1 = len(y)
        z = vertex_sums(blossoms, n1)
        last, self._last = self._last, (scale, y, z)
        if last is None or z is None or last[0] != scale or last[2] is None or \
                self._left is None:
            return None
        _s, y0, z0 = last
        n = self.n
        if self.bye and (y[n] < y0[n] or z[n] < z0[n]):  # the bye vertex: in every row
            return None
        down = [i for i in range(n) if y[i] < y0[i] or z[i] < z0[i]]
        rows = np.unique(np.concatenate([np.array(down, np.int64),
                                         self._left.astype(np.int64)]))
        rows = rows[rows < n]
        if 2 * len(rows) > n:
            return None  # most rows: no shortcut
        return rows


def _near(a: PState, b: PState, pricer: Pricer) -> bool:
    """Whether the pair's IDEAL penalty may be below the cap (then its bound is exact)."""
    if a.group != b.group:  # a float: FLOAT_STEP per place from the boundary (float_ideal)
        up, low = (a, b) if a.group < b.group else (b, a)
        return (up.gsize - 1 - up.pos) + low.pos < FLOAT_REACH
    p, q = (a, b) if a.pos < b.pos else (b, a)
    r = pricer._near(p, p.gsize)
    return q.pos in r


def certify(y: list[int], blossoms: list[tuple[list[int], int]], scale: int,
            mate: dict[int, int], edges: Iterable[tuple[int, int, int]], native: bool = False,
            words=None) -> str | None:
    """Feasibility on the solved graph's ``edges`` (i, j, packed weight) and complementary
    slackness: every matched edge tight, every blossom with z > 0 odd and full, z ≥ 0.
    ``mate`` must be perfect on the solved vertices.  None when all hold (the pairs outside
    ``edges`` are :meth:`Pricer.violations`' part), else why not.  ``native``: a large
    round, the blossoms' conditions and sums checked in compiled code (:mod:`.nprice`).
    The edges are read once, :data:`CERTIFY_CHUNK` at a time (an iterator keeps a large
    round's 10⁵–10⁶ edges from being a list) — or, with ``words`` (the compiled blossom's
    edges and duals as it holds them, :meth:`.nblossom.Blossom.words`), not at all: the
    reduced costs are then checked in compiled code (:func:`.nprice.edge_faults`)."""
    if native:
        from .nprice import blossom_faults
        fault = blossom_faults(blossoms, mate, len(y))
        if fault is not None:
            return fault
        blossoms_left: list = []
    else:
        blossoms_left = blossoms
    for verts, z in blossoms_left:
        if z < 0:
            return f"blossom dual {z} < 0"
        vs = set(verts)
        if len(vs) % 2 == 0:
            return "even blossom"
        matched_in = sum(1 for v in vs if mate.get(v, -1) in vs)
        if matched_in != len(vs) - 1:
            return "blossom not full"
    if len(mate) != len(y):
        return "the matching is not perfect"
    if native and words is not None:
        from .nprice import edge_faults
        fault = edge_faults(blossoms, mate, words)
        if fault != "?":
            return fault
    if native:  # a large round: the sums over the blossoms' tree in compiled code
        from .nprice import pair_sums
    zsum = None
    tight = 0
    rest = iter(edges)
    while chunk := list(islice(rest, CERTIFY_CHUNK)):
        sums = None
        if native:
            sums = pair_sums(blossoms, len(y), [(i, j) for i, j, _w in chunk])
        if sums is None:
            if zsum is None:
                zsum = blossom_sums(blossoms, 1 + max((max(vs) for vs, _z in blossoms if vs),
                                                      default=0))
            sums = [2 * zsum(i, j) for i, j, _w in chunk]
        for (i, j, w), z2 in zip(chunk, sums):
            rc = y[i] + y[j] + z2 - 2 * scale * w
            if rc < 0:
                return f"pair {i}-{j} violates the duals"
            if mate.get(i) == j:
                if rc:
                    return f"matched pair {i}-{j} not tight"
                tight += 1
    if 2 * tight != len(mate):
        return "a matched pair is not an edge"
    return None


def blossom_sums(blossoms: list[tuple[list[int], int]], nverts: int):
    """``zsum(i, j)``: the sum of the duals z of the blossoms containing both ``i`` and ``j``.

    The blossoms of a matching form a laminar family (two are disjoint or nested), so the
    blossoms containing a vertex are a chain, outermost first, and those containing both ends
    of a pair are the common prefix of the two chains: found by bisection on the chains, the
    sum read off running totals.  A family that is not laminar (never from
    :class:`.blossom.Blossom`; the check must not trust it) is summed pair by pair."""
    order = sorted(range(len(blossoms)), key=lambda b: -len(blossoms[b][0]))
    cur = [-1] * nverts  # innermost blossom so far per vertex
    chain: list[list[int]] = [[] for _ in range(nverts)]
    total: list[list[int]] = [[0] for _ in range(nverts)]
    laminar = True
    for b in order:
        verts, z = blossoms[b]
        vs = set(verts)
        # laminar so far: every vertex of b has the same innermost blossom (then b lies in it)
        if any(v >= nverts or v < 0 for v in vs) or len({cur[v] for v in vs}) > 1:
            laminar = False
            break
        for v in vs:
            cur[v] = b
            chain[v].append(b)
            total[v].append(total[v][-1] + z)
    if not laminar:
        sets = [(set(vs), z) for vs, z in blossoms]

        def slow(i: int, j: int) -> int:
            return sum(z for vs, z in sets if i in vs and j in vs)
        return slow
    empty: list[int] = []
    # the sum depends only on the innermost blossoms of the two vertices: remembered per pair
    inner = [c[-1] if c else -1 for c in chain]
    memo: dict[tuple[int, int], int] = {}

    def zsum(i: int, j: int) -> int:
        bi = inner[i] if i < nverts else -1
        bj = inner[j] if j < nverts else -1
        if bi < 0 or bj < 0:
            return 0
        key = (bi, bj)
        v = memo.get(key)
        if v is None:
            v = memo[key] = common(i, j)
        return v

    def common(i: int, j: int) -> int:
        ci = chain[i] if i < nverts else empty
        cj = chain[j] if j < nverts else empty
        lo, hi = 0, min(len(ci), len(cj))
        if not hi or ci[0] != cj[0]:
            return 0
        if ci[hi - 1] == cj[hi - 1]:
            return total[i][hi]
        lo = 1  # ci[:lo] == cj[:lo], ci[hi - 1] != cj[hi - 1]
        while lo < hi - 1:
            mid = (lo + hi) // 2
            if ci[mid - 1] == cj[mid - 1]:
                lo = mid
            else:
                hi = mid
        return total[i][lo]
    return zsum


__all__ = ["BYE_ONLY_IDX", "Pricer", "certify", "complete_packer"]
