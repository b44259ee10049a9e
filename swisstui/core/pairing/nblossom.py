"""The weighted blossom of :mod:`.blossom`, compiled (numba): the same API and units.

:class:`Blossom` here is a drop-in twin of :class:`.blossom.Blossom` — maximum-weight
*perfect* matching by Edmonds' primal-dual method, with warm starts (:meth:`Blossom.start`),
resumes after pricing (:meth:`Blossom.add_edges`), a cold restart on every edge so far
(:meth:`Blossom.restart`), a work budget (:meth:`Blossom.solve`) and the duals
(:meth:`Blossom.duals`) — whose stages run as machine code compiled by numba
(``@njit(cache=True)``, compiled once per machine and cached).

One tree per stage: where the Python blossom labels every free vertex S at the start of a
stage and scans every vertex at every dual change (Galil's O(n³) organisation), a stage here
grows a single alternating tree from the first free vertex and ends when an edge reaches
another free vertex (or blossom): the augmenting path.  The perfect-matching problem allows
it — no vertex dual is bounded below — and a tree that cannot grow proves that no perfect
matching exists.  Both solvers reach an optimum with valid duals; among equally good
matchings they may pick different ones, and their ``work`` counts differ (each counts its
own steps).

Every tree at once for the last free vertices: once at most n/4 (:data:`TAIL`, at least
:data:`TAIL_MIN`) are left, one stage makes every free vertex a root and grows all the
trees under one dual change; an S–S edge between two trees augments, those two trees are
taken apart (:func:`_unlabel`) and the others grow on.  One tree at a time, each of the
last free vertices grew over its whole matched region before it met another: measured on
the cold solve of a 16 000-player chess window (round 5), the last 10 % of the stages
took 96 % of the work.  Together the trees meet halfway.  Their roots' duals are made
even first (:func:`_even_roots`), so every S–S slack stays even.

A stage's cost does not grow with its tree (the variable-δ idea of Kolmogorov's Blossom V
and Gabow's priority queues, organised our own way):

* *Lazy dual changes.*  The stage adds its dual changes up in Δ; a top-level node remembers Δ
  when it was labelled, and its pending change is applied (:func:`_settle`) only when its
  label or blossom changes and at the stage's end.  A blossom's change goes into an offset
  shared by its vertices, so it costs one value, not one per vertex.
* *A heap of events.*  The next dual change is the first of: an edge from S to an
  unlabelled vertex becomes tight (each such vertex's best edge), an S–S edge becomes tight
  (every one scanned), a T-blossom's dual reaches zero.  Each is keyed by the Δ at which it
  happens — fixed while the labels stay — and checked when it comes out: stale entries are
  dropped or put back at their new time.  Ties go to the smallest vertex (or blossom).
* *Sets for "which blossom holds v".*  Each vertex points to a set and each set to its
  top-level node; a new blossom takes its largest child's set and an opened blossom leaves
  its set to its largest child, so inside a deep nest of blossoms (an "onion" of thousands
  of vertices, layers of two or three) a shrink or an expansion relabels only the small
  children, not the whole nest.

Measured on the last graph of a 4000-player chess round (63 000 edges, a cold solve): the
scan of the whole tree at every dual change and the updates of every vertex of a blossom
took 43 M work units and 0.57 s; with the lazy changes, the heap and the sets, 7.7 M units
(edges scanned and heap events) and 0.22 s; a whole 16 000-player chess round is proven
where it used to spend its budget (docs/PAIRING.md).

Data: flat int64 numpy arrays, no Python objects in the compiled loops.  Per node (vertices
``0 … n−1``, blossoms ``n … 2n−1``) one row each of a 2-D array: parent, base, the children
as a cyclic doubly linked list (first child, next/previous sibling, and on each child the
blossom edge to its next sibling: both ends and the edge index), label, labelling edge, best
edge, the vertex's set and the set's node, the node's size, its matched edge, the duals, the
pending change's start and the blossom's offset.  Edges: one row each (ends, weight, the
stage stamp that marks them allowed); the adjacency in compressed-row form (edge and other
end); the heap: one row per event.

Exact arithmetic on two words: the weights (60–150 bits once packed, times the scale) do
not fit one int64, so every weight, dual and slack is a pair (hi, lo) of int64 with value
hi·2⁶² + lo and 0 ≤ lo < 2⁶²; the blossom needs only add, subtract, compare, double and
exact halving.  Stored values are kept below 2⁶⁰ in ``hi`` (2¹²² in value), so any sum of
the few terms a slack or a dual change adds up cannot overflow; a value beyond that sets a
flag and this class hands its history (edges, warm start, resumes) to the pure-Python
:class:`.blossom.Blossom` and goes on there: exact in every case, fast in the usual one.

Resumes and the scale: a resume after pricing (:meth:`Blossom.add_edges`) makes the duals
feasible on the new edges by raising one end of each violated one (:func:`_reprice`), and
first opens only the blossoms that hold that end (:func:`_peel`); every other blossom keeps
its dual and its matched pairs.  The Python solver (Galil's stages, every free vertex a
root) needs every vertex dual even and doubles the scale at every resume; the one-tree
stages here need no parity — a tree's vertices all share one parity, as its edges are
tight and every weight is even, so an S–S slack is always even — and the scale stays 2.

An offset: every perfect matching has n/2 edges, so taking a constant c off every weight
changes no matching's rank; the duals of the offset weights plus c/2 per vertex are duals of
the given ones.  The stages run on the weights less the middle of their range (the slacks,
hence every step, are the same) and :meth:`Blossom.duals` adds c back:
the words then need to hold the weights' spread, not their size.

Cache: numba writes the compiled code to the user's cache folder chosen by
:func:`.warmup.cache_dir` (``$XDG_CACHE_HOME/swisstui/numba/<versions>``; ``NUMBA_CACHE_DIR``
overrides it), set before numba is imported here; the first call on a machine compiles (a
minute of CPU), later processes load.  :mod:`.warmup` compiles ahead of need (``swisstui
warm``, or in the background when a large event is opened) and this import waits for a
warm-up that is running rather than compiling beside it.

The result is checked like the Python solver's: :func:`.certify.certify` and the pricing
verify the returned duals independently before a round is called proven.
"""

from __future__ import annotations

from collections.abc import Iterator
import math

import numpy as np

from . import blossom as _py
from .warmup import prepare

prepare()  # numba's cache folder, before numba is imported; waits for a running warm-up
from numba import njit  # noqa: E402

K = 62
MASK = (1 << K) - 1
LIM = 1 << 60  # stored values keep |hi| below this (module docstring)
S, T = 1, 2

# node rows (size 2n)
(PARENT, BASE, FIRST, NXT, PRV, EX, EY, EK, LABEL, LV, LW, LK, BEST, INB, MATE,
 ZH, ZL, YH, YL, MARK, TCH, D0H, D0L, OH, OL, TOP, SETOF, SIZE, TREE, NROWS) = range(30)
# edge rows
EU, EV, WH, WL, ALW, EROWS = range(6)  # WH/WL: twice the weight × scale, two words
# scratch rows (size 2n + 4)
(QU, STK, LVS, VP, WP, CH, CX, CY, CK, ONP, RS0, RS1, UNUSED, TL, GX, SIDS, DIRTY,
 WROWS) = range(18)
# scalars
(WORK, STAMP, MSTAMP, OVF, QLEN, UTOP, TLEN, ROOT, DH, DL, HLEN, STOP, ASTAMP, TA, TB,
 NFREE, SROWS) = range(17)
# heap rows (the stage's events): the dual change Δ at which it happens (two words), the
# node, the kind (EDGE_FREE: an S–unlabelled edge becomes tight, EDGE_SS: an S–S edge,
# T_ZERO: a T-blossom's dual reaches zero) and the edge
HKH, HKL, HNODE, HKIND, HARG, HROWS = range(6)
EDGE_FREE, EDGE_SS, T_ZERO = 2, 3, 4
# solve's answers
DONE, NOPATH, BUDGET, OVERFLOW = range(4)
# from n / TAIL free vertices on (at least TAIL_MIN) every free vertex is a root (module
# docstring); the window's cold solve, chess rounds 2 / 5 / 9: at 4000 players 0.21 /
# 0.26 / 0.18 s with one tree throughout, 0.09 / 0.14 / 0.13 s from n/8, 0.09 / 0.09 /
# 0.11 s from n/4, 0.10 / 0.10 / 0.12 s from n/2; at 16 000 players (rounds 2 / 5) 0.87 /
# 2.38 s one tree, 0.48 / 0.63 s from n/4
TAIL = 4
TAIL_MIN = 64


# ---- two-word arithmetic -------------------------------------------------------------------
@njit(inline="always", cache=True)
def _add(ah, al, bh, bl):
    lo = al + bl
    return ah + bh + (lo >> K), lo & MASK


@njit(inline="always", cache=True)
def _sub(ah, al, bh, bl):
    lo = al - bl
    return ah - bh + (lo >> K), lo & MASK


@njit(inline="always", cache=True)
def _lt(ah, al, bh, bl):
    return ah < bh or (ah == bh and al < bl)


@njit(inline="always", cache=True)
def _half(h, lo):
    """floor(value / 2), exact."""
    return h >> 1, ((h & 1) << (K - 1)) + (lo >> 1)


@njit(inline="always", cache=True)
def _dbl(h, lo):
    x = lo + lo
    return h + h + (x >> K), x & MASK


@njit(cache=True)
def _slack(E, B, k):
    u = E[k, EU]
    v = E[k, EV]
    h, lo = _add(B[YH, u], B[YL, u], B[YH, v], B[YL, v])
    return _sub(h, lo, E[k, WH], E[k, WL])


@njit(cache=True)
def _big(h):
    return h >= LIM or h <= -LIM


@njit(cache=True)
def _touch(x, B, W, SC):
    """Put node ``x`` on the stage's list of labelled nodes and nodes with a best edge
    (once per stage): the stage settles and resets only those."""
    if B[TCH, x] != SC[STAMP]:
        B[TCH, x] = SC[STAMP]
        W[TL, SC[TLEN]] = x
        SC[TLEN] += 1


# ---- which top-level node holds a vertex ----------------------------------------------------
# Each vertex has a set (row INB: vertex v's own set is v) and each set its top-level node
# (row TOP); a top-level blossom's set is SETOF.  A new blossom takes the set of its largest
# child and an opened blossom leaves its set to its largest child, so only the vertices of
# the other children change sets: inside a deep nest of blossoms ("an onion") a shrink or an
# expansion costs the small children, not the whole nest.
@njit(cache=True)
def _inb(v, B):
    return B[TOP, B[INB, v]]


@njit(cache=True)
def _join(c, s, oh, ol, n, B, W):
    """The vertices of node c go to set s, their duals raised by (oh, ol) (the change of
    offset); False on an overflow."""
    cnt = _leaves(c, n, B, W)
    lvs = W[LVS]
    for i in range(cnt):
        v = lvs[i]
        B[INB, v] = s
        if oh != 0 or ol != 0:
            B[YH, v], B[YL, v] = _add(B[YH, v], B[YL, v], oh, ol)
            if _big(B[YH, v]):
                return False
    return True


@njit(cache=True)
def _open(b, n, B, W, SC):
    """Blossom b's children become top-level: the largest blossom child takes b's set and
    each child b's offset (a vertex child into its dual); False on an overflow."""
    first = B[FIRST, b]
    big = -1
    c = first
    while True:
        if c >= n and (big < 0 or B[SIZE, c] > B[SIZE, big]):
            big = c
        c = B[NXT, c]
        if c == first:
            break
    s = B[SETOF, b]
    oh, ol = B[OH, b], B[OL, b]
    c = first
    while True:
        B[PARENT, c] = -1
        if c < n:
            B[INB, c] = c
            B[YH, c], B[YL, c] = _add(B[YH, c], B[YL, c], oh, ol)
            if _big(B[YH, c]):
                return False
        else:
            B[OH, c] = oh
            B[OL, c] = ol
            if c == big:
                B[SETOF, c] = s
                B[TOP, s] = c
            else:
                SC[STOP] -= 1
                s2 = W[SIDS, SC[STOP]]
                B[SETOF, c] = s2
                B[TOP, s2] = c
                _join(c, s2, 0, 0, n, B, W)
        c = B[NXT, c]
        if c == first:
            break
    if big < 0:
        W[SIDS, SC[STOP]] = s
        SC[STOP] += 1
    return True


# ---- lazy dual changes ---------------------------------------------------------------------
# A stage's dual changes add up in Δ (SC[DH], SC[DL]); a top-level node labelled in the stage
# remembers Δ when it got its label (D0), so its pending change is Δ − D0: an S node's
# vertices have y − (Δ − D0) and its blossom z + (Δ − D0), a T node the opposite.  A dual
# change then costs nothing per node: the pending change is applied to the stored values
# (:func:`_settle`) only when the node's label or blossom changes and at the stage's end.
@njit(cache=True)
def _pending(b, B, SC):
    return _sub(SC[DH], SC[DL], B[D0H, b], B[D0L, b])


@njit(cache=True)
def _now(h, lo, b, up, B, SC):
    """The value (h, lo) of top-level node b with b's pending change: added when b's label
    is ``up``, taken off under the other label, none when b is unlabelled."""
    lb = B[LABEL, b]
    if lb == 0:
        return h, lo
    ph, pl = _pending(b, B, SC)
    if lb == up:
        return _add(h, lo, ph, pl)
    return _sub(h, lo, ph, pl)


@njit(cache=True)
def _ly(v, B, SC):
    """Vertex v's dual now (a T node's vertices go up, an S node's down)."""
    b = _inb(v, B)
    h, lo = B[YH, v], B[YL, v]
    if b != v:  # inside a blossom: its offset (a top-level vertex has none)
        h, lo = _add(h, lo, B[OH, b], B[OL, b])
    return _now(h, lo, b, T, B, SC)


@njit(cache=True)
def _lslack(E, B, SC, k):
    """Edge k's slack now (:func:`_slack` with the pending changes)."""
    uh, ul = _ly(E[k, EU], B, SC)
    vh, vl = _ly(E[k, EV], B, SC)
    h, lo = _add(uh, ul, vh, vl)
    return _sub(h, lo, E[k, WH], E[k, WL])


@njit(cache=True)
def _lz(b, B, SC):
    """Top-level blossom b's dual now (an S-blossom's goes up, a T-blossom's down)."""
    return _now(B[ZH, b], B[ZL, b], b, S, B, SC)


@njit(cache=True)
def _label(x, t, B, SC):
    B[LABEL, x] = t
    B[D0H, x] = SC[DH]
    B[D0L, x] = SC[DL]


@njit(cache=True)
def _settle(x, n, B, W, SC):
    """Apply the pending change of the labelled top-level node x to its stored duals (its
    blossom's z and every vertex in it); False on an overflow."""
    lb = B[LABEL, x]
    if lb == 0:
        return True
    ph, pl = _pending(x, B, SC)
    B[D0H, x] = SC[DH]
    B[D0L, x] = SC[DL]
    if ph == 0 and pl == 0:
        return True
    if lb == S:  # the vertices' change; the blossom's is the opposite
        ph, pl = _sub(0, 0, ph, pl)
    if x < n:
        B[YH, x], B[YL, x] = _add(B[YH, x], B[YL, x], ph, pl)
        return not _big(B[YH, x])
    B[ZH, x], B[ZL, x] = _sub(B[ZH, x], B[ZL, x], ph, pl)
    B[OH, x], B[OL, x] = _add(B[OH, x], B[OL, x], ph, pl)
    return not _big(B[ZH, x]) and not _big(B[OH, x])


@njit(cache=True)
def _fold_all(n, B, W):
    """Every top-level blossom's offset into its vertices' duals (between solves the stored
    duals are the duals); False on an overflow."""
    for b in range(n, 2 * n):
        if B[FIRST, b] < 0 or B[PARENT, b] != -1 or (B[OH, b] == 0 and B[OL, b] == 0):
            continue
        if not _join(b, B[SETOF, b], B[OH, b], B[OL, b], n, B, W):
            return False
        B[OH, b] = 0
        B[OL, b] = 0
    return True


# ---- the stage's events: a binary heap by (Δ, node) -----------------------------------------
@njit(cache=True)
def _before(H, i, kh, kl, node):
    """Whether heap entry i comes before the key (kh, kl, node)."""
    return _lt(H[i, HKH], H[i, HKL], kh, kl) or (
        H[i, HKH] == kh and H[i, HKL] == kl and H[i, HNODE] < node)


@njit(cache=True)
def _hput(H, i, kh, kl, node, kind, arg):
    """Write an event into heap row i."""
    H[i, HKH] = kh
    H[i, HKL] = kl
    H[i, HNODE] = node
    H[i, HKIND] = kind
    H[i, HARG] = arg


@njit(cache=True)
def _hcompact(B, E, H, SC):
    """Drop the events that :func:`_stage` would drop when they come out (an edge no longer
    from an S node to an unlabelled vertex, or between two S nodes; a blossom no longer a
    top-level T-blossom) and make the rest a heap again.  With every free vertex a root the
    heap held 514 000 events at 16 000 players, most of them stale (24 MB)."""
    label = B[LABEL]
    sid = B[INB]
    top = B[TOP]
    m = 0
    for i in range(SC[HLEN]):
        x, kind, arg = H[i, HNODE], H[i, HKIND], H[i, HARG]
        if kind == EDGE_FREE:
            o = E[arg, EU] if E[arg, EV] == x else E[arg, EV]
            keep = B[BEST, x] == arg and label[top[sid[x]]] == 0 and label[top[sid[o]]] == S
        elif kind == EDGE_SS:
            ba, bb = top[sid[E[arg, EU]]], top[sid[E[arg, EV]]]
            keep = ba != bb and label[ba] == S and label[bb] == S
        else:
            keep = B[FIRST, x] >= 0 and B[PARENT, x] == -1 and label[x] == T
        if keep:
            if m != i:
                H[m] = H[i]
            m += 1
    SC[HLEN] = m
    for i in range(m // 2 - 1, -1, -1):
        _sift(H, i, m)


@njit(cache=True)
def _sift(H, i, m):
    """Move heap entry i down to its place among the first m."""
    kh, kl, node = H[i, HKH], H[i, HKL], H[i, HNODE]
    kind, arg = H[i, HKIND], H[i, HARG]
    while True:
        c = 2 * i + 1
        if c >= m:
            break
        if c + 1 < m and _before(H, c + 1, H[c, HKH], H[c, HKL], H[c, HNODE]):
            c += 1
        if not _before(H, c, kh, kl, node):
            break
        H[i] = H[c]
        i = c
    _hput(H, i, kh, kl, node, kind, arg)


@njit(cache=True)
def _hpush(B, E, H, SC, kh, kl, node, kind, arg):
    """Add an event; returns the heap (grown when full, after the stale events are dropped:
    :func:`_hcompact`, and only if that freed less than half)."""
    i = SC[HLEN]
    if i == H.shape[0]:
        _hcompact(B, E, H, SC)
        i = SC[HLEN]
        if 2 * i > H.shape[0]:
            bigger = np.empty((2 * i + 64, HROWS), np.int64)
            bigger[:i] = H[:i]
            H = bigger
    SC[HLEN] = i + 1
    SC[WORK] += 1
    while i > 0:
        p = (i - 1) >> 1
        if _before(H, p, kh, kl, node):
            break
        H[i] = H[p]
        i = p
    _hput(H, i, kh, kl, node, kind, arg)
    return H


@njit(cache=True)
def _hpop(H, SC):
    """Remove the first event into row HLEN (its old place, now outside the heap)."""
    m = SC[HLEN] - 1
    SC[HLEN] = m
    SC[WORK] += 1
    for c in range(HROWS):  # swap first and last; the first ends at row m
        H[0, c], H[m, c] = H[m, c], H[0, c]
    _sift(H, 0, m)


# ---- tree helpers --------------------------------------------------------------------------
@njit(cache=True)
def _leaves(b, n, B, W):
    """The vertices of node ``b`` into scratch row LVS; returns their number."""
    out = W[LVS]
    if b < n:
        out[0] = b
        return 1
    stk = W[STK]
    first = B[FIRST]
    nxt = B[NXT]
    cnt = 0
    stk[0] = b
    sp = 1
    while sp:
        sp -= 1
        x = stk[sp]
        if x < n:
            out[cnt] = x
            cnt += 1
        else:
            f = first[x]
            c = f
            while True:
                stk[sp] = c
                sp += 1
                c = nxt[c]
                if c == f:
                    break
    return cnt


@njit(cache=True)
def _push_leaves(b, n, B, W, SC):
    cnt = _leaves(b, n, B, W)
    q = W[QU]
    lv = W[LVS]
    ql = SC[QLEN]
    if ql + cnt > q.shape[0]:  # (trees taken apart left stale entries: keep the S ones)
        SC[MSTAMP] += 1
        mk = SC[MSTAMP]
        j = 0
        for i in range(ql):
            x = q[i]
            if B[LABEL, _inb(x, B)] == S and B[MARK, x] != mk:
                B[MARK, x] = mk
                q[j] = x
                j += 1
        ql = j
    for i in range(cnt):
        q[ql] = lv[i]
        ql += 1
    SC[QLEN] = ql


@njit(cache=True)
def _other(E, k, v):
    u = E[k, EU]
    return E[k, EV] if u == v else u


@njit(cache=True)
def _assign(w, t, v, k, n, B, E, W, SC, H):
    """Label the top-level blossom of ``w`` (reached from ``v`` by edge ``k``; v = −1 for a
    root); a T label labels the base's mate S in turn.  Returns the heap (a T-blossom's
    dual reaching zero is an event).  The nodes join v's tree (a root starts its own,
    numbered by its vertex)."""
    tr = w if v < 0 else B[TREE, _inb(v, B)]
    while True:
        b = _inb(w, B)
        _touch(w, B, W, SC)
        _touch(b, B, W, SC)
        _label(w, t, B, SC)
        _label(b, t, B, SC)
        B[TREE, b] = tr
        B[LV, w] = v
        B[LV, b] = v
        B[LW, w] = w
        B[LW, b] = w
        kk = k if v >= 0 else -1
        B[LK, w] = kk
        B[LK, b] = kk
        B[BEST, w] = -1  # (best edges are a vertex's, while its blossom is unlabelled)
        if t == S:
            _push_leaves(b, n, B, W, SC)
            return H
        if b >= n:
            kh, kl = _add(SC[DH], SC[DL], B[ZH, b], B[ZL, b])
            H = _hpush(B, E, H, SC, kh, kl, b, T_ZERO, b)
        base = B[BASE, b]
        k = B[MATE, base]
        w = _other(E, k, base)
        v = base
        t = S


@njit(cache=True)
def _scan(v, w, B, SC):
    """The base of the blossom closed by the edge v–w, or −1 (an augmenting path)."""
    SC[MSTAMP] += 1
    mk = SC[MSTAMP]
    mark = B[MARK]
    while v >= 0 or w >= 0:
        if v >= 0:
            b = _inb(v, B)
            if mark[b] == mk:
                return B[BASE, b]
            mark[b] = mk
            if B[LK, b] < 0:
                v = -1
            else:
                bt = _inb(B[LV, b], B)
                v = B[LV, bt]
        if w >= 0:
            v, w = w, v
    return -1


@njit(cache=True)
def _shrink(base, v, w, k, n, B, E, W, SC):
    """A new S-blossom on the odd cycle closed by edge k = v–w; False on an overflow.  Its
    edges towards other S-blossoms are in the heap already (pushed when scanned): an S–S
    edge's time never moves, and one inside a blossom is dropped when it comes out."""
    parent = B[PARENT]
    nxt = B[NXT]
    prv = B[PRV]
    label = B[LABEL]
    bb, bv, bw = _inb(base, B), _inb(v, B), _inb(w, B)
    SC[UTOP] -= 1
    b = W[UNUSED, SC[UTOP]]
    B[BASE, b] = base
    parent[b] = -1
    parent[bb] = b
    vp = W[VP]
    wp = W[WP]
    na = 0
    while bv != bb:
        parent[bv] = b
        vp[na] = bv
        na += 1
        bv = _inb(B[LV, bv], B)
    nw = 0
    while bw != bb:
        parent[bw] = b
        wp[nw] = bw
        nw += 1
        bw = _inb(B[LV, bw], B)
    # children bb, vpath reversed, wpath: a cyclic list; on each child the edge to the next
    B[FIRST, b] = bb
    prev = bb
    for i in range(na - 1, -1, -1):
        c = vp[i]
        B[EX, prev] = B[LV, c]
        B[EY, prev] = B[LW, c]
        B[EK, prev] = B[LK, c]
        nxt[prev] = c
        prv[c] = prev
        prev = c
    B[EX, prev] = v
    B[EY, prev] = w
    B[EK, prev] = k
    for i in range(nw):
        c = wp[i]
        nxt[prev] = c
        prv[c] = prev
        B[EX, c] = B[LW, c]
        B[EY, c] = B[LV, c]
        B[EK, c] = B[LK, c]
        prev = c
    nxt[prev] = bb
    prv[bb] = prev
    c = bb
    while True:  # the children's pending dual changes, before they join b
        if not _settle(c, n, B, W, SC):
            return False
        c = nxt[c]
        if c == bb:
            break
    B[ZH, b] = 0
    B[ZL, b] = 0
    _touch(b, B, W, SC)
    _label(b, S, B, SC)
    B[TREE, b] = B[TREE, bb]
    B[LV, b] = B[LV, bb]
    B[LW, b] = B[LW, bb]
    B[LK, b] = B[LK, bb]
    c = bb
    while True:
        if label[c] == T:
            _push_leaves(c, n, B, W, SC)
        label[c] = S
        c = nxt[c]
        if c == bb:
            break
    # b's set and offset: its largest blossom child's; the other children's vertices join
    size = 0
    big = -1
    c = bb
    while True:
        size += B[SIZE, c]
        if c >= n and (big < 0 or B[SIZE, c] > B[SIZE, big]):
            big = c
        c = nxt[c]
        if c == bb:
            break
    B[SIZE, b] = size
    if big >= 0:
        st = B[SETOF, big]
        B[OH, b], B[OL, b] = B[OH, big], B[OL, big]
    else:
        SC[STOP] -= 1
        st = W[SIDS, SC[STOP]]
        B[OH, b], B[OL, b] = 0, 0
    B[SETOF, b] = st
    B[TOP, st] = b
    c = bb
    while True:
        if c != big:
            if c < n:
                oh, ol = 0, 0
            else:
                oh, ol = B[OH, c], B[OL, c]
                W[SIDS, SC[STOP]] = B[SETOF, c]
                SC[STOP] += 1
            oh, ol = _sub(oh, ol, B[OH, b], B[OL, b])
            if not _join(c, st, oh, ol, n, B, W):
                return False
        c = nxt[c]
        if c == bb:
            break
    return True


@njit(cache=True)
def _rotate(b0, v0, n, B, W):
    """Make vertex v0 the base of blossom b0 (the matching inside swaps); nested blossoms
    by an explicit stack (they are disjoint, so the order does not matter)."""
    parent = B[PARENT]
    nxt = B[NXT]
    prv = B[PRV]
    mate = B[MATE]
    r0 = W[RS0]
    r1 = W[RS1]
    sp = 0
    r0[0] = b0
    r1[0] = v0
    sp = 1
    while sp:
        sp -= 1
        b = r0[sp]
        v = r1[sp]
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            r0[sp] = t
            r1[sp] = v
            sp += 1
        f = B[FIRST, b]
        L = 0
        i = -1
        c = f
        while True:
            if c == t:
                i = L
            L += 1
            c = nxt[c]
            if c == f:
                break
        if i % 2 == 0:
            m = i - 2
            c = prv[prv[t]]
            step = -1
        else:
            m = i + 1
            c = nxt[t]
            step = 1
        while 0 <= m < L:
            x = B[EX, c]
            y = B[EY, c]
            cy = nxt[c]
            if c >= n:
                r0[sp] = c
                r1[sp] = x
                sp += 1
            if cy >= n:
                r0[sp] = cy
                r1[sp] = y
                sp += 1
            mate[x] = B[EK, c]
            mate[y] = B[EK, c]
            if step < 0:
                m -= 2
                c = prv[prv[c]]
            else:
                m += 2
                c = nxt[nxt[c]]
        B[FIRST, b] = t
        B[BASE, b] = v


@njit(cache=True)
def _augment(v, w, k, n, B, E, W):
    mate = B[MATE]
    for side in range(2):
        s, kk = (v, k) if side == 0 else (w, k)
        while True:
            bs = _inb(s, B)
            if bs >= n:
                _rotate(bs, s, n, B, W)
            mate[s] = kk
            if B[LK, bs] < 0:
                break
            bt = _inb(B[LV, bs], B)
            s2, j2, k2 = B[LV, bt], B[LW, bt], B[LK, bt]
            if bt >= n:
                _rotate(bt, j2, n, B, W)
            mate[j2] = k2
            s, kk = s2, k2


@njit(cache=True)
def _free(b, B, W, SC):
    B[OH, b] = 0
    B[OL, b] = 0
    B[FIRST, b] = -1
    B[LABEL, b] = 0
    B[LV, b] = -1
    B[LW, b] = -1
    B[LK, b] = -1
    B[ZH, b] = 0
    B[ZL, b] = 0
    B[BASE, b] = -1
    W[UNUSED, SC[UTOP]] = b
    SC[UTOP] += 1


@njit(cache=True)
def _expand_end(b0, n, B, W, SC):
    """End of stage: open blossom b0 and, inside it, every sub-blossom with a zero dual."""
    stk = W[RS0]  # free here: rotations happen only inside augmentations
    stk[0] = b0
    sp = 1
    nxt = B[NXT]
    while sp:
        sp -= 1
        b = stk[sp]
        if not _open(b, n, B, W, SC):
            return False
        f = B[FIRST, b]
        c = f
        while True:
            if c >= n and B[ZH, c] == 0 and B[ZL, c] == 0:
                stk[sp] = c
                sp += 1
            c = nxt[c]
            if c == f:
                break
        _free(b, B, W, SC)
    return True


@njit(cache=True)
def _expand_t(b, n, B, E, W, SC, H):
    """Open the T-blossom b whose dual reached zero during a stage: the even path from its
    entry to its base keeps alternating labels, the other children go back unlabelled (their
    vertices' best edges are events again).  Returns the heap and False on an overflow."""
    if not _settle(b, n, B, W, SC) or not _open(b, n, B, W, SC):
        return H, False
    nxt = B[NXT]
    label = B[LABEL]
    lvs = W[LVS]
    ch = W[CH]
    cx = W[CX]
    cy = W[CY]
    ck = W[CK]
    onp = W[ONP]
    f = B[FIRST, b]
    L = 0
    c = f
    while True:
        ch[L] = c
        cx[L] = B[EX, c]
        cy[L] = B[EY, c]
        ck[L] = B[EK, c]
        onp[L] = 0
        L += 1
        c = nxt[c]
        if c == f:
            break
    if label[b] == T:
        for i in range(L):
            c = ch[i]
            if c >= n:  # a vertex child keeps its own label
                label[c] = 0
        pv, pw, pk = B[LV, b], B[LW, b], B[LK, b]
        entry = _inb(pw, B)
        idx = 0
        while ch[idx] != entry:
            idx += 1
        step = 1 if idx % 2 else -1
        stamp = SC[ASTAMP]
        tr = B[TREE, b]
        while True:
            c = ch[idx]
            onp[idx] = 1
            _touch(c, B, W, SC)
            _touch(pw, B, W, SC)
            _label(c, T, B, SC)
            _label(pw, T, B, SC)
            B[TREE, c] = tr
            if c >= n:
                kh, kl = _add(SC[DH], SC[DL], B[ZH, c], B[ZL, c])
                H = _hpush(B, E, H, SC, kh, kl, c, T_ZERO, c)
            B[LV, c] = pv
            B[LW, c] = pw
            B[LK, c] = pk
            B[LV, pw] = pv
            B[LW, pw] = pw
            B[LK, pw] = pk
            B[BEST, c] = -1
            if idx == 0:
                break
            if step == 1:
                x, y, kxy = cx[idx], cy[idx], ck[idx]
                j = (idx + 1) % L
                pv, pw, pk = cx[j], cy[j], ck[j]
            else:
                y, x, kxy = cx[idx - 1], cy[idx - 1], ck[idx - 1]
                j = (idx - 2) % L
                pv, pw, pk = cy[j], cx[j], ck[j]
            ni = (idx + step) % L
            nc = ch[ni]
            onp[ni] = 1
            _touch(nc, B, W, SC)
            _label(nc, S, B, SC)
            B[TREE, nc] = tr
            B[LV, nc] = x
            B[LW, nc] = y
            B[LK, nc] = kxy
            B[BEST, nc] = -1
            _push_leaves(nc, n, B, W, SC)
            E[pk, ALW] = stamp
            idx = (idx + 2 * step) % L
        for i in range(L):
            c = ch[i]
            if onp[i] or label[c] == S:
                continue
            cnt = _leaves(c, n, B, W)
            hit = -1
            for q in range(cnt):
                if label[lvs[q]] == T:
                    hit = lvs[q]
                    break
            if hit >= 0:
                hv, hk = B[LV, hit], B[LK, hit]
                label[hit] = 0
                H = _assign(hit, T, hv, hk, n, B, E, W, SC, H)
            else:  # unlabelled again: its vertices' best edges count
                best = B[BEST]
                for q in range(cnt):
                    x = lvs[q]
                    kx = best[x]
                    if kx >= 0:
                        sh, sl = _lslack(E, B, SC, kx)
                        kh, kl = _add(SC[DH], SC[DL], sh, sl)
                        H = _hpush(B, E, H, SC, kh, kl, x, EDGE_FREE, kx)
    _free(b, B, W, SC)
    return H, True


# ---- a stage --------------------------------------------------------------------------------
@njit(cache=True)
def _settle_all(n, B, W, SC):
    """The stage's end: every labelled top-level node's pending change applied, Δ back to
    zero; False on an overflow."""
    tl = W[TL]
    for t in range(SC[TLEN]):
        x = tl[t]
        if x < n:
            if _inb(x, B) != x:
                continue
        elif B[FIRST, x] < 0 or B[PARENT, x] != -1:
            continue
        if not _settle(x, n, B, W, SC):
            return False
    for t in range(SC[TLEN]):
        x = tl[t]
        B[D0H, x] = 0
        B[D0L, x] = 0
    SC[DH] = 0
    SC[DL] = 0
    return True


@njit(cache=True)
def _tight(v, w, k, n, B, E, W, SC, H, multi):
    """The tight edge k from the S-vertex v to w: label w's blossom T, close a blossom,
    or augment.  Returns (0 go on, 1 augmented, 2 overflow; the heap).  ``multi`` (every
    free vertex a root): an S–S edge between two trees augments, their numbers left in
    SC[TA], SC[TB] for the caller to take the two trees apart (:func:`_unlabel`)."""
    label = B[LABEL]
    bw = _inb(w, B)
    lw = label[bw]
    if lw == 0:
        if B[MATE, B[BASE, bw]] < 0:  # a free vertex or blossom: augment
            _touch(bw, B, W, SC)
            B[LK, bw] = -1
            _augment(v, w, k, n, B, E, W)
            return (1 if _settle_all(n, B, W, SC) else 2), H
        return 0, _assign(w, T, v, k, n, B, E, W, SC, H)
    if lw == S:
        base = _scan(v, w, B, SC)
        if base >= 0:
            return (0 if _shrink(base, v, w, k, n, B, E, W, SC) else 2), H
        if multi:
            SC[TA] = B[TREE, _inb(v, B)]
            SC[TB] = B[TREE, bw]
            _augment(v, w, k, n, B, E, W)
            return 1, H
        _augment(v, w, k, n, B, E, W)
        return (1 if _settle_all(n, B, W, SC) else 2), H
    if label[w] == 0:  # inside a T-blossom
        if multi and B[TREE, _inb(v, B)] != B[TREE, bw]:
            # of another tree, which may be taken apart first: w's best edge (an event
            # when the blossom opens), not a way in
            b = B[BEST, w]
            if b < 0:
                _touch(w, B, W, SC)
            if b < 0 or b != k:
                bh, bl = _lslack(E, B, SC, b) if b >= 0 else (1, 0)
                if bh > 0 or bl > 0:
                    B[BEST, w] = k
            return 0, H
        _touch(w, B, W, SC)  # remember the way in
        label[w] = T
        B[LV, w] = v
        B[LW, w] = w
        B[LK, w] = k
    return 0, H


@njit(cache=True)
def _unlabel(ta, tb, n, B, E, W, SC, adjo, adj, H):
    """Take apart trees ``ta`` and ``tb`` after an augmentation joined them (every free
    vertex a root): each of their top-level nodes gets its pending dual change and loses
    its label, and so does everything inside it; then each of their vertices, and each
    vertex whose best edge came from one of their S vertices, gets its best edge from the
    S vertices left (an event).  The edges marked tight are forgotten (a new ASTAMP).
    Returns (the heap, False on an overflow)."""
    label = B[LABEL]
    best = B[BEST]
    mark = B[MARK]
    tl = W[TL]
    gx = W[GX]
    dirty = W[DIRTY]
    stk = W[STK]
    ng = 0
    for t in range(SC[TLEN]):  # the trees' top-level nodes (every labelled node is in TL)
        x = tl[t]
        tr = B[TREE, x]
        if (tr != ta and tr != tb) or label[x] == 0:
            continue
        if x < n:
            if _inb(x, B) != x:
                continue
        elif B[FIRST, x] < 0 or B[PARENT, x] != -1:
            continue
        gx[ng] = x
        ng += 1
    SC[MSTAMP] += 1
    mk = SC[MSTAMP]
    nd = 0
    for g in range(ng):
        x = gx[g]
        was_s = label[x] == S
        if not _settle(x, n, B, W, SC):
            return H, False
        stk[0] = x
        sp = 1
        while sp:
            sp -= 1
            c = stk[sp]
            label[c] = 0
            B[LV, c] = -1
            B[LW, c] = -1
            B[LK, c] = -1
            B[TREE, c] = -1
            if c >= n:
                f = B[FIRST, c]
                cc = f
                while True:
                    stk[sp] = cc
                    sp += 1
                    cc = B[NXT, cc]
                    if cc == f:
                        break
                continue
            if mark[c] != mk:
                mark[c] = mk
                dirty[nd] = c
                nd += 1
            if was_s:  # the vertices whose best edge came from c
                SC[WORK] += adjo[c + 1] - adjo[c]
                for p in range(adjo[c], adjo[c + 1]):
                    u = adj[p, 1]
                    if best[u] == adj[p, 0] and mark[u] != mk:
                        mark[u] = mk
                        dirty[nd] = u
                        nd += 1
    SC[ASTAMP] += 1
    for d in range(nd):
        u = dirty[d]
        if label[u] != 0:
            continue  # labelled itself: no best edge
        bu = _inb(u, B)
        best[u] = -1
        if label[bu] == S:
            continue
        SC[WORK] += adjo[u + 1] - adjo[u]
        bk = -1
        bh, bl = 0, 0
        for p in range(adjo[u], adjo[u + 1]):
            k = adj[p, 0]
            bo = _inb(adj[p, 1], B)
            if bo == bu or label[bo] != S:
                continue
            sh, sl = _lslack(E, B, SC, k)
            if bk < 0 or _lt(sh, sl, bh, bl):
                bk, bh, bl = k, sh, sl
        if bk >= 0:
            best[u] = bk
            _touch(u, B, W, SC)
            if label[bu] == 0:  # (inside a T-blossom: pushed when it opens)
                kh, kl = _add(SC[DH], SC[DL], bh, bl)
                H = _hpush(B, E, H, SC, kh, kl, u, EDGE_FREE, bk)
    return H, True


@njit(cache=True)
def _even_roots(n, B, W, SC):
    """Every free vertex's dual made even before the trees grow together (:func:`_stage`,
    ``multi``): an odd one is raised by 1 — a free vertex alone, or a free blossom's every
    vertex (its offset) with its own dual lowered by 1, so its inner edges stay tight; a
    free blossom whose dual is 0 is opened first, which changes no slack.  The duals stay
    feasible and the matched edges tight.  One tree's vertices share a parity (its edges are
    tight, every weight even); with every root even, so do all the trees', and an S–S edge
    between two trees has an even slack, its half an exact dual change.  False on an
    overflow."""
    mate = B[MATE]
    for v in range(n):
        if mate[v] >= 0:
            continue
        b = _inb(v, B)
        while b != v and B[ZH, b] == 0 and B[ZL, b] == 0:
            if not _open(b, n, B, W, SC):
                return False
            _free(b, B, W, SC)
            b = _inb(v, B)
        lo = B[YL, v] + (B[OL, b] if b != v else 0)
        if not lo & 1:
            continue
        if b == v:
            B[YH, v], B[YL, v] = _add(B[YH, v], B[YL, v], 0, 1)
            if _big(B[YH, v]):
                return False
        else:
            B[OH, b], B[OL, b] = _add(B[OH, b], B[OL, b], 0, 1)
            B[ZH, b], B[ZL, b] = _sub(B[ZH, b], B[ZL, b], 0, 1)
            if _big(B[OH, b]):
                return False
    return True


@njit(cache=True)
def _augmented(n, B, E, W, SC, adjo, adj, H, budget):
    """An augmentation between two trees (every free vertex a root): they are taken apart
    (:func:`_unlabel`).  Returns (0 go on, 1 the stage ends — no free vertex left or the
    work past ``budget`` — with every pending change applied, 2 an overflow; the heap)."""
    SC[NFREE] -= 2
    H, fine = _unlabel(SC[TA], SC[TB], n, B, E, W, SC, adjo, adj, H)
    if not fine:
        return 2, H
    if SC[NFREE] == 0 or (budget >= 0 and SC[WORK] > budget):
        return (1 if _settle_all(n, B, W, SC) else 2), H
    return 0, H


@njit(cache=True)
def _stage(n, B, E, W, SC, adjo, adj, H, order, multi, budget):
    """Grow one alternating tree from the first free vertex until an augmentation (1) or
    none is possible (0), or a value overflows (2).  Returns (answer, heap).

    The dual changes are lazy (:func:`_settle`) and the next one is the first valid event of
    the heap: an S–unlabelled edge (the best one of its unlabelled end), an S–S edge, a
    T-blossom's dual.  An entry is checked against the state when it comes out (an S–S edge
    inside one blossom by now is dropped) and, when its time has moved (a vertex that was
    inside a T-blossom for a while), put back at the right one.  A stage costs its edges
    scanned and its events (log n each), not its tree times its dual changes.

    ``multi``: every free vertex is a root at once, all trees grow under one dual change,
    and an S–S edge between two trees augments; the two are taken apart
    (:func:`_augmented`) and the others grow on, until no free vertex is left (1), none can
    be matched (0) or the work passes ``budget`` (1, SC[NFREE] free vertices left).  Used
    for the last free vertices of a solve (:func:`_stages`): one tree at a time, each of
    them grew over its whole matched region before it met another free vertex."""
    label = B[LABEL]
    sid = B[INB]
    top = B[TOP]
    best = B[BEST]
    mate = B[MATE]
    tl = W[TL]
    for t in range(SC[TLEN]):  # the last stage's labels and best edges (_touch)
        i = tl[t]
        label[i] = 0
        B[LV, i] = -1
        B[LW, i] = -1
        B[LK, i] = -1
        best[i] = -1
        B[TREE, i] = -1
    SC[TLEN] = 0
    SC[HLEN] = 0
    SC[DH] = 0
    SC[DL] = 0
    SC[STAMP] += 1
    SC[ASTAMP] += 1
    stamp = SC[ASTAMP]
    alw = E[:, ALW]
    SC[QLEN] = 0
    q = W[QU]
    if multi:  # every free vertex a root
        if not _even_roots(n, B, W, SC):
            return 2, H
        nf = 0
        for r in range(n):
            v = order[r]
            if mate[v] < 0:
                H = _assign(v, S, -1, -1, n, B, E, W, SC, H)
                nf += 1
        SC[NFREE] = nf
        if nf == 0:
            return 1, H
    # one tree, rooted at the first free vertex (vertices only get matched during a solve,
    # so the search resumes where the last stage's left off)
    r = SC[ROOT]
    while r < n and mate[order[r]] >= 0:
        r += 1
    SC[ROOT] = r
    if r == n:
        return 0, H
    if not multi:
        H = _assign(order[r], S, -1, -1, n, B, E, W, SC, H)
    while True:
        while SC[QLEN] > 0:
            SC[QLEN] -= 1
            v = q[SC[QLEN]]
            if multi and label[top[sid[v]]] != S:
                continue  # (its tree was taken apart)
            SC[WORK] += adjo[v + 1] - adjo[v]
            for p in range(adjo[v], adjo[v + 1]):
                k = adj[p, 0]
                w = adj[p, 1]
                bv = top[sid[v]]
                bw = top[sid[w]]
                if bv == bw:
                    continue
                sh, sl = 0, 0
                ok = alw[k] == stamp
                if not ok:
                    sh, sl = _lslack(E, B, SC, k)
                    if sh < 0 or (sh == 0 and sl == 0):
                        alw[k] = stamp
                        ok = True
                if ok:
                    got, H = _tight(v, w, k, n, B, E, W, SC, H, multi)
                    if got and multi and got == 1:
                        got, H = _augmented(n, B, E, W, SC, adjo, adj, H, budget)
                        stamp = SC[ASTAMP]
                        if got:
                            return got, H
                        break  # v's tree was taken apart: its scan ends
                    if got:
                        return got, H
                elif label[bw] == S:  # an S–S edge: an event at half its slack
                    hh, hl = _half(sh, sl)
                    kh, kl = _add(SC[DH], SC[DL], hh, hl)
                    H = _hpush(B, E, H, SC, kh, kl, min(v, w), EDGE_SS, k)
                elif label[w] == 0:  # towards an unlabelled w (or one inside a T-blossom)
                    b = best[w]
                    better = b < 0
                    if better:
                        _touch(w, B, W, SC)
                    else:
                        ch, cl = _lslack(E, B, SC, b)
                        better = _lt(sh, sl, ch, cl)
                    if better:
                        best[w] = k
                        kh, kl = _add(SC[DH], SC[DL], sh, sl)
                        H = _hpush(B, E, H, SC, kh, kl, w, EDGE_FREE, k)
        # the dual change: the first event still valid; ties go to the smallest vertex
        while True:
            if SC[HLEN] == 0:
                return (0 if _settle_all(n, B, W, SC) else 2), H
            _hpop(H, SC)
            m = SC[HLEN]
            kh, kl, x = H[m, HKH], H[m, HKL], H[m, HNODE]
            kind, arg = H[m, HKIND], H[m, HARG]
            if kind == EDGE_FREE:
                if best[x] != arg or label[top[sid[x]]] != 0 or \
                        label[top[sid[_other(E, arg, x)]]] != S:
                    continue
                th, tl_ = _lslack(E, B, SC, arg)
            elif kind == EDGE_SS:
                ba, bb = top[sid[E[arg, EU]]], top[sid[E[arg, EV]]]
                if ba == bb or label[ba] != S or label[bb] != S:
                    continue
                th, tl_ = _lslack(E, B, SC, arg)
                th, tl_ = _half(th, tl_)
            else:
                if B[FIRST, x] < 0 or B[PARENT, x] != -1 or label[x] != T:
                    continue
                th, tl_ = _lz(x, B, SC)
            th, tl_ = _add(SC[DH], SC[DL], th, tl_)
            if th != kh or tl_ != kl:  # its time moved: back in, at the right one
                H = _hpush(B, E, H, SC, th, tl_, x, kind, arg)
                continue
            break
        SC[DH], SC[DL] = kh, kl
        if _big(kh):
            return 2, H
        if kind == T_ZERO:
            H, fine = _expand_t(arg, n, B, E, W, SC, H)
            if not fine:
                return 2, H
            continue
        alw[arg] = stamp  # the edge is tight: from its S end
        u, w = E[arg, EU], E[arg, EV]
        if label[top[sid[u]]] != S:
            u, w = w, u
        got, H = _tight(u, w, arg, n, B, E, W, SC, H, multi)
        if got and multi and got == 1:
            got, H = _augmented(n, B, E, W, SC, adjo, adj, H, budget)
            stamp = SC[ASTAMP]
        if got:
            return got, H


@njit(cache=True)
def _solve(n, B, E, W, SC, adjo, adj, H, budget, order, tail):
    """:func:`_stages`, then every blossom's offset into its vertices (:func:`_fold_all`):
    between solves the stored duals are the duals."""
    got, H = _stages(n, B, E, W, SC, adjo, adj, H, budget, order, tail)
    if got != OVERFLOW and not _fold_all(n, B, W):
        SC[OVF] = 1
        got = OVERFLOW
    return got, H


@njit(cache=True)
def _stages(n, B, E, W, SC, adjo, adj, H, budget, order, tail):
    """Stages until no vertex is free: DONE, NOPATH (no augmenting path left), BUDGET (work
    past ``budget`` ≥ 0) or OVERFLOW, with the heap (it may have grown)."""
    mate = B[MATE]
    free = 0
    for v in range(n):
        if mate[v] < 0:
            free += 1
    tl = W[TL]
    gx = W[GX]
    SC[ROOT] = 0
    while True:
        if free == 0:
            return DONE, H
        if budget >= 0 and SC[WORK] > budget:
            return BUDGET, H
        multi = free <= tail
        got, H = _stage(n, B, E, W, SC, adjo, adj, H, order, multi, budget)
        if got == 0:
            return NOPATH, H
        if got == 2:
            SC[OVF] = 1
            return OVERFLOW, H
        free = SC[NFREE] if multi else free - 2
        # end of stage: S-blossoms with a zero dual open, in the order of their numbers
        ng = 0
        for t in range(SC[TLEN]):
            b = tl[t]
            if b >= n and B[PARENT, b] == -1 and B[FIRST, b] >= 0 and B[LABEL, b] == S \
                    and B[ZH, b] == 0 and B[ZL, b] == 0:
                gx[ng] = b
                ng += 1
        if ng:
            gx[:ng].sort()
            for i in range(ng):
                if not _expand_end(gx[i], n, B, W, SC):
                    SC[OVF] = 1
                    return OVERFLOW, H


# ---- warm starts and resumes ---------------------------------------------------------------
@njit(cache=True)
def _start(n, B, E, adjo, adj, vs, ks, sweeps):
    """Matched pairs (vertex vs[i] on edge ks[i]) tight at half their weight each, the pairs
    balanced, then every violated edge repaired; False on an overflow."""
    for i in range(vs.shape[0]):
        v = vs[i]
        k = ks[i]
        B[MATE, v] = k
        B[YH, v], B[YL, v] = _half(E[k, WH], E[k, WL])
    if not _balance(n, B, E, adjo, adj, sweeps):
        return False
    return _repair(B, E, 0, E.shape[0])


@njit(cache=True)
def _need(x, k, B, E, adjo, adj):
    """The largest 2·w(e) − y(other end) over x's edges e other than k: (found, hi, lo)."""
    has = False
    nh, nl = 0, 0
    for p in range(adjo[x], adjo[x + 1]):
        e = adj[p, 0]
        if e == k:
            continue
        o = adj[p, 1]
        th, tl = _sub(E[e, WH], E[e, WL], B[YH, o], B[YL, o])
        if not has or _lt(nh, nl, th, tl):
            has, nh, nl = True, th, tl
    return has, nh, nl


@njit(cache=True)
def _balance(n, B, E, adjo, adj, sweeps):
    """Shift each matched pair's duals (their sum stays, so the pair stays tight) towards
    what its other edges need (see :meth:`.blossom.Blossom._balance`); False on an
    overflow."""
    mate = B[MATE]
    yh = B[YH]
    yl = B[YL]
    for _sweep in range(sweeps):
        changed = False
        for u in range(n):
            k = mate[u]
            if k < 0:
                continue
            v = _other(E, k, u)
            if v < u:
                continue
            hu, uh_, ul_ = _need(u, k, B, E, adjo, adj)
            hv, vh_, vl_ = _need(v, k, B, E, adjo, adj)
            if not hu and not hv:
                continue
            toth, totl = E[k, WH], E[k, WL]
            if not hu:
                uh_, ul_ = _sub(toth, totl, vh_, vl_)
            if not hv:
                vh_, vl_ = _sub(toth, totl, uh_, ul_)
            rh, rl = _sub(toth, totl, uh_, ul_)
            rh, rl = _sub(rh, rl, vh_, vl_)
            if rh < 0:
                continue  # this pair cannot be kept: the repair frees it
            qh, ql = _half(rh, rl)
            qh, ql = _half(qh, ql)
            qh, ql = _dbl(qh, ql)
            nh, nl = _add(uh_, ul_, qh, ql)
            if nh != yh[u] or nl != yl[u]:
                if _big(nh):
                    return False
                yh[u], yl[u] = nh, nl
                yh[v], yl[v] = _sub(toth, totl, nh, nl)
                if _big(yh[v]):
                    return False
                changed = True
        if not changed:
            break
    return True


@njit(cache=True)
def _repair(B, E, k0, k1):
    """Edges k0 … k1−1 that violate the duals raise one end (a free one if any, else the
    smaller dual) and free its pair; False on an overflow."""
    mate = B[MATE]
    yh = B[YH]
    yl = B[YL]
    for k in range(k0, k1):
        sh, sl = _slack(E, B, k)
        if sh < 0:
            u, v = E[k, EU], E[k, EV]
            if mate[u] < 0:
                x = u
            elif mate[v] < 0:
                x = v
            elif not _lt(yh[v], yl[v], yh[u], yl[u]):
                x = u
            else:
                x = v
            if not _raise(x, sh, sl, B, E):
                return False
    return True


@njit(cache=True)
def _raise(x, sh, sl, B, E):
    """Vertex x's dual raised by −(sh, sl) (a negative slack) and its pair, no longer tight,
    given up; False on an overflow."""
    B[YH, x], B[YL, x] = _sub(B[YH, x], B[YL, x], sh, sl)
    if _big(B[YH, x]):
        return False
    k = B[MATE, x]
    if k >= 0:
        B[MATE, _other(E, k, x)] = -1
        B[MATE, x] = -1
    return True


@njit(cache=True)
def _peel(x, n, B, E, W, SC):
    """Open every blossom that holds vertex x, from the top down: each one's dual goes into
    its vertices' (its offset, handed to its children), so the slack of an edge inside it
    stays and that of an edge out of it rises by the dual; the matched edge out of it, no
    longer tight, is given up (its two ends are free).  The other blossoms stay as they are.
    False on an overflow."""
    mate = B[MATE]
    while True:
        b = _inb(x, B)
        if b == x:
            return True
        zh, zl = B[ZH, b], B[ZL, b]
        B[OH, b], B[OL, b] = _add(B[OH, b], B[OL, b], zh, zl)
        if _big(B[OH, b]):
            return False
        base = B[BASE, b]
        if not _open(b, n, B, W, SC):
            return False
        _free(b, B, W, SC)
        k = mate[base]
        if k >= 0 and (zh != 0 or zl != 0):
            o = _other(E, k, base)
            mate[o] = -1
            mate[base] = -1


@njit(cache=True)
def _depth(x, B):
    """How many blossoms hold vertex x."""
    d = 0
    p = B[PARENT, x]
    while p >= 0:
        d += 1
        p = B[PARENT, p]
    return d


@njit(cache=True)
def _reprice(n, B, E, W, SC, k0, k1):
    """Make the duals feasible on the new edges k0 … k1−1 before a resume; False on an
    overflow.  Each violated edge raises the dual of one end and frees that end's pair, and
    an end inside blossoms is first taken out of them (:func:`_peel`); so the end chosen is
    a free vertex outside every blossom if there is one, else one outside every blossom,
    else the one in fewer blossoms (ties: the smaller dual).  Every blossom that holds
    neither end chosen stays, with its dual and its matched pairs: a resume after a few new
    edges frees a few pairs, not one per blossom.

    The one-tree stages need no parity of the duals (each tree's vertices share one parity,
    as its edges are tight and every weight is even: an S–S slack is even), so the scale
    never changes."""
    mate = B[MATE]
    ends = np.empty(k1 - k0, np.int64)  # the end chosen for each edge
    for k in range(k0, k1):
        u, v = E[k, EU], E[k, EV]
        du, dv = _depth(u, B), _depth(v, B)
        if du == 0 and mate[u] < 0:
            x = u
        elif dv == 0 and mate[v] < 0:
            x = v
        elif du != dv:
            x = u if du < dv else v
        else:  # (the stored duals: a guess, the offsets left out)
            x = u if not _lt(B[YH, v], B[YL, v], B[YH, u], B[YL, u]) else v
        # (the slack needs the blossoms that hold both ends: none once x is out of them)
        if (du or dv) and not _peel(x, n, B, E, W, SC):
            return False
        ends[k - k0] = x
    if not _fold_all(n, B, W):
        return False
    for k in range(k0, k1):
        sh, sl = _slack(E, B, k)  # exact: no blossom holds the end chosen
        if sh >= 0:
            continue
        if not _raise(ends[k - k0], sh, sl, B, E):
            return False
    return True


@njit(cache=True)
def _ztree(n, B):
    """The blossoms with a positive dual as a tree, numbered 0 … nb−1: each vertex's
    innermost one, each one's parent among them (−1: none), z (hi, lo).  Blossoms with a zero
    dual are skipped over: the tree keeps only what the duals need, n + nb values where the
    blossoms' vertex lists of a deeply nested round held tens of millions."""
    idx = np.full(2 * n, -1, np.int64)
    nb = 0
    for b in range(n, 2 * n):
        if B[FIRST, b] >= 0 and (B[ZH, b] != 0 or B[ZL, b] != 0):
            idx[b] = nb
            nb += 1
    zh = np.empty(nb, np.int64)
    zl = np.empty(nb, np.int64)
    parent = B[PARENT]
    up = np.full(2 * n, -2, np.int64)  # nearest positive proper ancestor (−2: not known yet)
    stk = np.empty(2 * n, np.int64)
    for x in range(2 * n):
        if x >= n and idx[x] < 0:
            continue
        sp = 0
        c = x
        while True:
            p = parent[c]
            if p < 0:
                res = -1
                break
            if idx[p] >= 0:
                res = idx[p]
                break
            if up[p] != -2:
                res = up[p]
                break
            stk[sp] = p  # a zero-dual blossom on the way: the same answer
            sp += 1
            c = p
        up[x] = res
        for k in range(sp):
            up[stk[k]] = res
    inner = up[:n].copy()
    bpar = np.empty(nb, np.int64)
    for b in range(n, 2 * n):
        i = idx[b]
        if i >= 0:
            bpar[i] = up[b]
            zh[i] = B[ZH, b]
            zl[i] = B[ZL, b]
    return inner, bpar, zh, zl


@njit(cache=True)
def _members(inner, parent):
    """The vertices of every blossom of a tree (:func:`_ztree`), flat with offsets."""
    nb = parent.shape[0]
    size = np.zeros(nb + 1, np.int64)
    for v in range(inner.shape[0]):
        b = inner[v]
        while b >= 0:
            size[b + 1] += 1
            b = parent[b]
    offs = np.cumsum(size)
    fill = offs[:-1].copy()
    flat = np.empty(offs[-1], np.int64)
    for v in range(inner.shape[0]):
        b = inner[v]
        while b >= 0:
            flat[fill[b]] = v
            fill[b] += 1
            b = parent[b]
    return flat, offs


# ---- the Python face ------------------------------------------------------------------------
def _words(values: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Python ints as two int64 words (hi, lo): value = hi·2⁶² + lo, 0 ≤ lo < 2⁶²."""
    hi = np.fromiter((x >> K for x in values), np.int64, len(values))
    lo = np.fromiter((x & MASK for x in values), np.int64, len(values))
    return hi, lo


def _ints(hi: np.ndarray, lo: np.ndarray) -> list[int]:
    return [(h << K) | x for h, x in zip(hi.tolist(), lo.tolist())]


def _edge_arrays(edges) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """Both ends of each edge, each edge's weight as an index into a list of weights, and
    that list sorted ascending (so a larger index is a heavier edge)."""
    if isinstance(edges, Edges):
        order = sorted(range(len(edges.values)), key=edges.values.__getitem__)
        rank = np.empty(len(order), np.int64)
        rank[order] = np.arange(len(order))
        return edges.u, edges.v, rank[edges.w], [edges.values[k] for k in order]
    values = sorted({e[2] for e in edges})
    index = {w: k for k, w in enumerate(values)}
    m = len(edges)
    return (np.fromiter((e[0] for e in edges), np.int64, m),
            np.fromiter((e[1] for e in edges), np.int64, m),
            np.fromiter((index[e[2]] for e in edges), np.int64, m), values)


def _lone_vertex(edges) -> tuple[int, int, int, int]:
    """(x, t, least, greatest): a vertex x whose heaviest edge outweighs every edge not at
    x by t, when t is more than the spread of those other edges ((−1, 0) when there is
    none), and the least and greatest weight once x's edges are made lighter by t.

    Every perfect matching uses exactly one edge at x, so taking t off each of x's edges
    takes t off every perfect matching: the same optimum, and x's dual is t higher
    (:meth:`Blossom.duals` adds it back).  The dummy bye vertex of an odd field is such a
    vertex: the bye's criteria come first, and its edges weighed about a thousand times a
    pair's.  With the weights as given, every cold dual starts at half the bye's weight and
    the stages climb down the whole distance to the pairs: measured on the window of round
    5 of a 2001-player chess event (27 000 edges) the cold solve took 24.4 M work units and
    4.2 s, against 0.74 M and 0.13 s for the 2000-player event; with the bye's edges made
    lighter by t, 0.74 M and 0.06 s, the same matching.  Made lighter only down to the
    other edges' heaviest: were the bye's heaviest edge still above them by the bye edges'
    own spread, the work stayed at 24.4 M."""
    us, vs, r, values = _edge_arrays(edges)
    k = int(np.argmax(r))
    best = (-1, 0, values[int(r.min())], values[int(r[k])])
    for x in sorted({int(us[k]), int(vs[k])}):
        elsewhere = (us != x) & (vs != x)
        if not elsewhere.any() or elsewhere.all():
            continue
        top, low = values[int(r[elsewhere].max())], values[int(r[elsewhere].min())]
        gap = values[int(r[k])] - top
        if gap > top - low and gap > best[1]:
            best = (x, gap, min(low, values[int(r[~elsewhere].min())] - gap), top)
    return best


class Edges:
    """Edges as arrays, for a window of 10⁵–10⁶ pairs without a Python object per pair
    (:func:`.nprice.window_edges`): ends ``u`` and ``v`` (int64) and each one's weight as an
    index ``w`` into ``values`` (Python ints: a round has a few thousand distinct weights).
    Iterated, the ``(u, v, weight)`` tuples of the list form."""

    def __init__(self, u: np.ndarray, v: np.ndarray, w: np.ndarray, values: list[int]):
        self.u, self.v, self.w, self.values = u, v, w, values

    def __len__(self) -> int:
        return int(self.u.shape[0])

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        values = self.values
        return zip(self.u.tolist(), self.v.tolist(), (values[k] for k in self.w.tolist()))


class Tree:
    """Blossoms with a positive dual as a tree (:func:`_ztree`): ``inner`` (per vertex, its
    innermost blossom or −1), ``parent`` (per blossom, or −1), ``zh``/``zl`` (z in two
    words).  It is also the sequence of (vertices, z) the Python code reads, expanded only
    when read; the compiled checks (:mod:`.nprice`) use the tree itself."""

    def __init__(self, inner: np.ndarray, parent: np.ndarray, zh: np.ndarray, zl: np.ndarray):
        self.inner, self.parent, self.zh, self.zl = inner, parent, zh, zl
        self._z: list[int] | None = None
        self._flat: tuple[np.ndarray, np.ndarray] | None = None

    @property
    def z(self) -> list[int]:
        if self._z is None:
            self._z = _ints(self.zh, self.zl)
        return self._z

    def flat(self) -> tuple[np.ndarray, np.ndarray]:
        """(vertices, offsets) of every blossom."""
        if self._flat is None:
            self._flat = _members(self.inner, self.parent)
        return self._flat

    def __len__(self) -> int:
        return self.parent.shape[0]

    def __getitem__(self, b: int) -> tuple[list[int], int]:
        flat, offs = self.flat()
        return flat[offs[b]:offs[b + 1]].tolist(), self.z[b]

    def __iter__(self):
        return (self[b] for b in range(len(self)))


@njit(cache=True)
def _adjacency(E, adjo):
    """Each vertex's edges and their other ends, by edge number (compressed rows at the
    offsets ``adjo``), int32: no sort, no temporary beyond the answer."""
    m = E.shape[0]
    adj = np.empty((2 * m, 2), np.int32)
    fill = adjo[:-1].copy()
    for k in range(m):
        u, v = E[k, EU], E[k, EV]
        adj[fill[u], 0] = k
        adj[fill[u], 1] = v
        fill[u] += 1
        adj[fill[v], 0] = k
        adj[fill[v], 1] = u
        fill[v] += 1
    return adj


def _roots(n: int) -> np.ndarray:
    """The order in which the stages take their roots: vertex (i·s) mod n for i = 0, 1, …,
    the step s the first number from 0.618·n up that is prime to n.

    The vertices come numbered score group by group, so roots taken in their order fill one
    group after another: the last free players of a group (a surplus of one colour wish, a
    group's floater) then find the next free vertex only across their whole matched group,
    a tree of the group's every edge for each of them — 80 % of the work of a 4000-player
    chess window's cold solve lay in 6 % of its stages.  Spread over the field, the roots
    leave free vertices in every group until the end.  Measured on the windows of chess
    rounds 2 / 5 / 9 (one tree per stage throughout, before :data:`TAIL`): at 4000 players
    2.8 / 4.6 / 5.1 M work units → 1.7 / 3.2 / 2.1 M (0.15 / 0.31 / 0.20 s → 0.13–0.16 /
    0.24–0.25 / 0.15–0.18 s); at 16 000 players rounds 2 / 5: 28 / 54 M → 9 / 25 M
    (1.3–1.5 / 3.2–3.5 s → 0.9–1.0 / 2.5–2.7 s).  A seeded shuffle or a bit-reversed order
    did as well, a step of 0.5·n worse."""
    st = max(1, int(n * 0.618))
    while math.gcd(st, n) != 1:
        st += 1
    return (np.arange(n, dtype=np.int64) * st) % n


class Blossom:
    """Primal-dual state for a maximum-weight perfect matching of vertices ``0 … n−1``: the
    API of :class:`.blossom.Blossom` (``n``, ``eu``, ``ev``, ``ew``, ``key``, ``scale``,
    ``work``; :meth:`start`, :meth:`solve`, :meth:`add_edges`, :meth:`duals`)."""

    def __init__(self, n: int, edges: list[tuple[int, int, int]] | Edges):
        self.n = n
        # the edges (ends eu < ev and solved weights: _E, in the order added; the weights as
        # given are read back from it, :meth:`_weights`); their keys u·n + v sorted, with the
        # edge of each (arrays: a 16 000-player proof has 10⁵–10⁶)
        self._keys = np.zeros(0, np.int64)
        self._kpos = np.zeros(0, np.int64)
        self._scale = 2
        self._py: _py.Blossom | None = None
        # what the Python solver replays (_fallback): edges given, as a list until they are
        # stored here and then as their range; warm starts
        self._hist: list[tuple] = [("edges", edges)]
        self._E = np.zeros((0, EROWS), np.int64)
        self._order = _roots(n)  # the stages' roots
        # a vertex whose edges all outweigh the others' by more than their spread (the dummy
        # bye vertex) is solved with its edges lighter by t (_lone_vertex); the weights are
        # solved less an offset (module docstring), the middle of their range
        self._lone, self._t, lo_w, hi_w = _lone_vertex(edges) if len(edges) else (-1, 0, 0, 0)
        self._c = (lo_w + hi_w) // 2
        k0, k1, fits = self._add(edges)
        if not fits:  # (the history keeps the list given)
            self._fallback()
            return
        self._hist[0] = ("edges", (k0, k1))
        self._cold(0)
        self._H = np.zeros((max(64, n), HROWS), np.int64)

    def _cold(self, work: int) -> None:
        """No matching, no blossoms, every vertex dual the largest weight (feasible)."""
        n, nb = self.n, 2 * self.n
        B = np.full((NROWS, nb), -1, np.int64)
        for r in (LABEL, ZH, ZL, MARK, D0H, D0L, OH, OL):
            B[r] = 0
        B[INB, :n] = np.arange(n)
        B[TOP, :n] = np.arange(n)
        B[SIZE, :n] = 1
        B[SETOF, :n] = np.arange(n)
        B[BASE, :n] = np.arange(n)
        top = 0
        if self._E.shape[0]:  # the largest weight (twice it, solved, halved)
            k = np.lexsort((self._E[:, WL], self._E[:, WH]))[-1]
            top = ((int(self._E[k, WH]) << K) | int(self._E[k, WL])) // 2
        B[YH, :n] = top >> K
        B[YL, :n] = top & MASK
        self._B = B
        self._W = np.zeros((WROWS, nb + 4), np.int64)
        self._W[UNUSED, :n] = np.arange(nb - 1, n - 1, -1)
        self._W[SIDS, :n] = np.arange(nb - 1, n - 1, -1)
        self._SC = np.zeros(SROWS, np.int64)
        self._SC[UTOP] = n
        self._SC[STOP] = n
        self._SC[WORK] = work
        self._E[:, ALW] = 0

    # ---- edges ------------------------------------------------------------------------------
    def _add(self, edges) -> tuple[int, int, bool]:
        """Append the new edges (both ends and weights); returns their index range and
        whether their weights fit the two words (else nothing is stored)."""
        k0 = self._E.shape[0]
        m = len(edges)
        if isinstance(edges, Edges):
            us, vs = edges.u, edges.v
        else:
            us = np.fromiter((e[0] for e in edges), np.int64, m)
            vs = np.fromiter((e[1] for e in edges), np.int64, m)
        lo, hi = np.minimum(us, vs), np.maximum(us, vs)
        del us, vs
        keys = lo * self.n + hi
        first = np.unique(keys, return_index=True)[1]  # a pair given twice: the first
        first.sort()
        first = first[lo[first] != hi[first]]
        if len(self._keys) and len(first):  # and none already here
            at = np.minimum(np.searchsorted(self._keys, keys[first]), len(self._keys) - 1)
            first = first[self._keys[at] != keys[first]]
        k1 = k0 + len(first)
        two = 2 * self._scale
        at_lone = (lo[first] == self._lone) | (hi[first] == self._lone)
        lone_ws: list[int] = []
        if isinstance(edges, Edges):  # each distinct weight solved once, then indexed
            ws = [two * (x - self._c) for x in edges.values]
            if self._t:  # (a weight only the lone vertex's edges have is not solved as is)
                for k in set(range(len(ws))) - set(np.unique(edges.w[first][~at_lone]).tolist()):
                    ws[k] = 0
                lone_ws = [two * (edges.values[k] - self._c - self._t)
                           for k in edges.w[first][at_lone].tolist()]
        else:
            ws = [two * (edges[k][2] - self._c - (self._t if at else 0))
                  for k, at in zip(first.tolist(), at_lone.tolist())]
        if any(x >= LIM << K or x <= -(LIM << K) for x in (
                max(ws, default=0), min(ws, default=0), max(lone_ws, default=0),
                min(lone_ws, default=0))):
            return k0, k1, False
        if k1 > k0:
            allk = np.concatenate([self._keys, keys[first]])
            order = np.argsort(allk, kind="stable")
            self._keys = allk[order]
            self._kpos = np.concatenate([self._kpos, np.arange(k0, k1)])[order]
            del allk, order
            add = np.zeros((k1 - k0, EROWS), np.int64)
            add[:, EU] = lo[first]
            add[:, EV] = hi[first]
            if isinstance(edges, Edges):
                wh, wl = _words(ws)
                add[:, WH], add[:, WL] = wh[edges.w[first]], wl[edges.w[first]]
                if lone_ws:
                    add[at_lone, WH], add[at_lone, WL] = _words(lone_ws)
            else:
                add[:, WH], add[:, WL] = _words(ws)
            del ws
            self._E = np.concatenate([self._E, add], axis=0)
            del add
            self.__dict__.pop("_adj", None)  # (the old one freed before the new one is built)
            self._adjo = np.zeros(self.n + 1, np.int64)
            np.cumsum(np.bincount(self._E[:, EU], minlength=self.n)
                      + np.bincount(self._E[:, EV], minlength=self.n), out=self._adjo[1:])
            self._adj = _adjacency(self._E, self._adjo)
        elif k0 == 0:
            self._adj = np.zeros((0, 2), np.int32)
            self._adjo = np.zeros(self.n + 1, np.int64)
        return k0, k1, True

    def _weights(self, k0: int, k1: int) -> list[int]:
        """The weights as given of the stored edges k0 … k1 − 1 (exact: solved as
        2·(w − offset)·scale)."""
        two = 2 * self._scale
        c, t = self._c, self._t
        at = ((self._E[k0:k1, EU] == self._lone) | (self._E[k0:k1, EV] == self._lone)).tolist()
        return [((h << K) | lo) // two + c + (t if a else 0) for h, lo, a in
                zip(self._E[k0:k1, WH].tolist(), self._E[k0:k1, WL].tolist(), at)]

    @property
    def eu(self) -> list[int]:
        return self._py.eu if self._py is not None else self._E[:, EU].tolist()

    @property
    def ev(self) -> list[int]:
        return self._py.ev if self._py is not None else self._E[:, EV].tolist()

    @property
    def key(self) -> dict[tuple[int, int], int]:
        if self._py is not None:
            return self._py.key
        return {(u, v): k for k, (u, v) in enumerate(zip(self.eu, self.ev))}

    @property
    def scale(self) -> int:
        return self._py.scale if self._py is not None else self._scale

    @property
    def ew(self) -> list[int]:
        """The weights × scale (as :attr:`.blossom.Blossom.ew`)."""
        if self._py is not None:
            return self._py.ew
        return [w * self._scale for w in self._weights(0, self._E.shape[0])]

    def edge_list(self) -> list[tuple[int, int, int]]:
        """Every edge as (u, v, weight as given), u < v, in the order added."""
        if self._py is not None:
            return self._py.edge_list()
        return self._edges((0, self._E.shape[0]))

    def iter_edges(self, chunk: int = 1 << 14) -> Iterator[tuple[int, int, int]]:
        """:meth:`edge_list` read chunk by chunk: the certificate of a 16 000-player round
        reads 10⁵–10⁶ edges, which as one list of tuples of large integers added 50 MB to
        the process's peak."""
        if self._py is not None:
            yield from self._py.edge_list()
            return
        m = self._E.shape[0]
        for k0 in range(0, m, chunk):
            yield from self._edges((k0, min(m, k0 + chunk)))

    def _edges(self, src) -> list[tuple[int, int, int]]:
        """A history entry's edges: the list given, or a range of those stored."""
        if isinstance(src, list):
            return src
        if isinstance(src, Edges):
            return list(src)
        k0, k1 = src
        return list(zip(self._E[k0:k1, EU].tolist(), self._E[k0:k1, EV].tolist(),
                        self._weights(k0, k1)))

    @property
    def work(self) -> int:
        """Edges scanned plus heap events (the budget's measure)."""
        if self._py is not None:
            return self._py.work
        return int(self._SC[WORK])

    def _fallback(self) -> None:
        """A value left the two words' range: replay the history on the Python solver."""
        py = _py.Blossom(self.n, self._edges(self._hist[0][1]))
        for step in self._hist[1:]:
            if step[0] == "start":
                py.start(step[1], step[2])
            elif step[0] == "add":
                py.add_edges(self._edges(step[1]))
        py.work += self.work if hasattr(self, "_SC") else 0
        self._py = py

    # ---- the public steps (see blossom.Blossom) --------------------------------------------
    def start(self, mate: dict[int, int], sweeps: int = 8) -> None:
        """Take the matching ``mate`` (vertex → vertex, both directions) as the start."""
        self._hist.append(("start", dict(mate), sweeps))
        if self._py is not None:
            self._py.start(mate, sweeps)
            return
        pairs = [(v, u) for v, u in mate.items() if 0 <= v < self.n and 0 <= u < self.n
                 and u != v]
        vs = np.array([v for v, _u in pairs], np.int64)
        us = np.array([u for _v, u in pairs], np.int64)
        keys = np.minimum(vs, us) * self.n + np.maximum(vs, us)
        ks = np.zeros(0, np.int64)
        if len(self._keys) and len(keys):  # the pairs that are edges, and their edges
            at = np.minimum(np.searchsorted(self._keys, keys), len(self._keys) - 1)
            found = self._keys[at] == keys
            vs, ks = vs[found], self._kpos[at[found]]
        else:
            vs = vs[:0]
        if not _start(self.n, self._B, self._E, self._adjo, self._adj, vs, ks, sweeps):
            self._fallback()

    def add_edges(self, edges: list[tuple[int, int, int]]) -> int:
        """Add edges (pricing) and prepare to resume; returns how many were new."""
        edges = list(edges)
        self._hist.append(("add", edges))
        if self._py is not None:
            return self._py.add_edges(edges)
        before = self._E.shape[0]
        k0, k1, fits = self._add(edges)
        if fits:
            self._hist[-1] = ("add", (k0, k1))  # stored: replayed from here
        if not fits or not _reprice(self.n, self._B, self._E, self._W, self._SC, k0, k1):
            self._fallback()
            assert self._py is not None
            return len(self._py.eu) - before
        return k1 - k0

    def restart(self) -> None:
        """Forget the matching and the duals: the next :meth:`solve` starts cold on every
        edge added so far (after a large pricing, cheaper than resuming, whose repairs free
        pairs deep inside the blossoms).  The work count goes on."""
        work = self.work
        if self._py is not None:
            self._py = _py.Blossom(self.n, self._py.edge_list())
            self._py.work = work
            return
        self._hist = [("edges", (0, self._E.shape[0]))]
        self._cold(work)

    def solve(self, budget: int | None = None) -> dict[int, int] | None:
        """Stages until no augmenting path is left; ``mate`` (both directions), or None once
        :attr:`work` passes ``budget``."""
        if self._py is None:
            got, self._H = _solve(
                self.n, self._B, self._E, self._W, self._SC, self._adjo, self._adj,
                self._H, -1 if budget is None else budget, self._order,
                max(TAIL_MIN, self.n // TAIL))
            if self._H.shape[0] > 4 * max(64, self.n):  # (empty between solves: memory)
                self._H = np.zeros((max(64, self.n), HROWS), np.int64)
            if got == BUDGET:
                return None
            if got == OVERFLOW:
                self._fallback()
        if self._py is not None:
            return self._py.solve(budget)
        mate = self._B[MATE, :self.n]
        vs = np.flatnonzero(mate >= 0)
        ks = mate[vs]
        eu, ev = self._E[ks, EU], self._E[ks, EV]
        other = np.where(eu == vs, ev, eu)
        return dict(zip(vs.tolist(), other.tolist()))

    def words(self) -> tuple[np.ndarray, ...] | None:
        """The edges' ends and solved weights, 2·(w − offset)·scale, and the vertex duals
        less offset·scale (two words each, as held): for the certificate in compiled code
        (:func:`.nprice.edge_faults`); None on the Python fallback."""
        if self._py is not None:
            return None
        E, B, n = self._E, self._B, self.n
        return E[:, EU], E[:, EV], E[:, WH], E[:, WL], B[YH, :n], B[YL, :n]

    def ends(self) -> tuple[np.ndarray, np.ndarray]:
        """Both ends of every edge (arrays, lower end first)."""
        if self._py is not None:
            return np.array(self._py.eu, np.int64), np.array(self._py.ev, np.int64)
        return self._E[:, EU].copy(), self._E[:, EV].copy()

    def duals(self, compact: bool = False
              ) -> tuple[list[int], list[tuple[list[int], int]], int]:
        """(y, blossoms, scale) as :meth:`.blossom.Blossom.duals`: ``y`` twice the vertex
        duals, blossoms as (vertices, z) with z > 0, all times ``scale``; with ``compact`` the
        blossoms are a :class:`Tree` (the same sequence, kept as a tree)."""
        if self._py is not None:
            return self._py.duals()
        n = self.n
        off = self._c * self._scale
        y = [x + off for x in _ints(self._B[YH, :n], self._B[YL, :n])]
        if self._t:  # the lone vertex's edges were solved lighter by t
            y[self._lone] += 2 * self._t * self._scale
        tree = Tree(*_ztree(n, self._B))
        if compact:
            return y, tree, self._scale  # type: ignore[return-value]
        return y, list(tree), self._scale
