"""The pricing of :class:`.certify.Pricer`, compiled (numba): which pairs of the complete graph
may violate the duals, found among all n²/2 pairs in machine code (docs/PAIRING.md "The proof").

The duals of a round's optimum on its candidate graph are y (vertices) and z (blossoms); a
pair (u, v) outside the graph is feasible when D_u + D_v + 2·scale·P(u, v) + 2·Z(u, v) ≥ 0,
with D_u = y_u − scale·W₀, P the packed penalty of the pair (:func:`.certify.complete_packer`)
and Z the sum of z over the blossoms holding both (certify.py's module docstring).

:func:`screen` computes, for every pair not already solved, a lower bound of that sum in
which P is the pair's penalty in every field the engine derives from per-player facts —
score groups (SCORE, TOP, FLOAT), colour wishes (COLOUR, STRONGCOL), clubs and countries
(GEO), the in-group or float ideal (IDEAL) and earlier games (REMATCH, RECENCY) — exactly as
:meth:`.criteria.Evaluator.pair` computes them; only the graded colour gap's EXCESS fields
are left at 0.  Every field is ≥ 0, so this is a lower bound in every case and the exact
penalty in the usual one.  Z is exact: the blossoms form a laminar family, a tree, and Z is
the running sum of z at the two vertices' lowest common blossom.  A pair is skipped only when
:meth:`.criteria.Evaluator.pair` refuses it for a reason known here: already met (without
``allow_rematch``), forbidden, or both players' absolute colour preferences the same
(C.04.3 C3, not the last round's topscorers).  The pairs whose bound is negative are
returned with their Z; :meth:`.certify.Pricer.violations` evaluates each one exactly with
Python's integers before it calls it a violation — its weight by ``Evaluator.pair``, or by
:func:`pair_weights` where the compiled parts are exact (:func:`weighs`) — so the screen can
only cost time, never correctness — as long as the bound is a bound, which
``tests/core/test_nprice.py`` checks against the pure-Python pricing.

Values are two int64 words (hi·2⁶² + lo, as :mod:`.nblossom`); a round whose duals or
penalties do not fit (beyond 2¹²⁰) is priced by the Python code instead.
"""

from __future__ import annotations

from itertools import chain

import numpy as np
from numba import njit

from ..colours_vocab import BLACK, FIDE, WHITE
from .nblossom import K, MASK, Edges, Tree, _add, _ints, _sub, _words

FIT = 1 << 120  # every input below this in magnitude: sums of a few stay within two words
FITH = 1 << 60  # (a high word past any sum of a few inputs: "none yet" for a least value)
THREADS_FROM = 2000  # from this many players the screen runs on every processor …
MAX_THREADS = 8  # … up to this many
ROWCAP = 64  # pairs kept per player's row in one scan (more: the answer is partial) …
ROWSPAN = 4  # … the most violated of up to ROWSPAN·ROWCAP the row finds


@njit(cache=True)
def _grown(out, key, cap):
    size = min(cap, out.shape[1] + out.shape[1] // 2)
    bigger = np.empty((out.shape[0], size), np.int32)
    bigger[:, :out.shape[1]] = out
    more = np.empty(size, np.float32)
    more[:key.shape[0]] = key
    return bigger, more


@njit(cache=True)
def _pick(oi, oj, caps, limit):
    """The first pairs in the given order with at most ``caps[v]`` at each vertex v, at most
    ``limit``: their positions; the caps of the vertices that reached theirs are doubled."""
    per = np.zeros(caps.shape[0], np.int64)
    got = np.empty(min(limit, oi.shape[0]), np.int64)
    k = 0
    for p in range(oi.shape[0]):
        if k == got.shape[0]:
            break
        i, j = oi[p], oj[p]
        if per[i] < caps[i] and per[j] < caps[j]:
            per[i] += 1
            per[j] += 1
            got[k] = p
            k += 1
    for v in range(caps.shape[0]):
        if per[v] >= caps[v] and caps[v] < 1 << 40:
            caps[v] *= 2
    return got[:k]


@njit(inline="always", cache=True)
def _zsum(bj, i, anc, bpar, czh, czl, memo, mzh, mzl):
    """2·Z of i and a vertex whose innermost blossom is ``bj``: the running sum at their
    lowest common blossom (``anc`` marks i's blossoms), remembered per ``bj`` for this i."""
    if bj < 0:
        return 0, 0
    if memo[bj] == i:
        return mzh[bj], mzl[bj]
    b = bj
    while b >= 0 and anc[b] != i:
        b = bpar[b]
    zh, zl = (czh[b], czl[b]) if b >= 0 else (0, 0)
    memo[bj] = i
    mzh[bj], mzl[bj] = zh, zl
    return zh, zl


@njit(inline="always", cache=True)
def _isqrt(x):
    """floor(√x) for 0 ≤ x < 2⁵²."""
    r = int(np.sqrt(x))
    while r * r > x:
        r -= 1
    while (r + 1) * (r + 1) <= x:
        r += 1
    return r


@njit(inline="always", cache=True)
def _push(out, key, cnt, row, cap, rowlim, i, j, rh, rl):
    """Pair (i, j) with bound (rh, rl) appended to the scan and to its row: (count, the
    row's count, out, key); when the scan is full, count cap + 1 and the row ends (its
    count rowlim)."""
    if cnt == out.shape[1]:
        if cnt == cap:
            return cap + 1, rowlim, out, key
        out, key = _grown(out, key, cap)
    out[0, cnt], out[1, cnt] = i, j
    key[cnt] = np.float32(rh * 4611686018427387904.0 + rl)
    return cnt + 1, row + 1, out, key


@njit(inline="always", cache=True)
def _part(i, j, ga, gb, rh, rl, allow, met, absw, gsize, pos, style, fstep, lastf, want, strong,
          club, country, IDh, IDl, FLh, FLl, COh, COl, GEh, GEl, REh, REl):
    """(whether the pair may be played, D_i + D_j + the groups' part (rh, rl) + the pair's
    own parts): IDEAL, FLOAT, COLOUR, STRONGCOL, GEO, REMATCH and RECENCY, exactly as
    :meth:`.criteria.Evaluator.pair`; False when it refuses the pair for a reason known here
    (met without ``allow``, both absolute colour preferences the same)."""
    r = met[j]
    if r and not allow:
        return False, rh, rl
    if absw[i] and absw[i] == absw[j]:
        return False, rh, rl  # both absolute, the same colour (Evaluator.pair: blocked)
    if ga == gb:  # criteria.ideal_penalty, compiled: fold, slide, adjacent
        m = gsize[i]
        a, c = pos[i], pos[j]
        if a > c:
            a, c = c, a
        if style == 0:
            x = a + c - (m - 1)
            ideal = x * x
        elif style == 1:
            x = 2 * (c - a) - m
            ideal = x * x // 4
        else:
            ideal = (c - a - 1) * (1 + (m - a) * 8 // max(m, 1))
        flt = 0
    else:
        ideal = fstep * ((gsize[i] - 1 - pos[i]) + pos[j])  # criteria.float_ideal
        flt = (1 if lastf[i] == -1 else 0) + (1 if lastf[j] == 1 else 0)
    icap = IDh.shape[0] - 1  # IDEAL_CAP: the IDEAL table's last entry
    if ideal > icap:
        ideal = icap
    rh, rl = _add(rh, rl, IDh[ideal], IDl[ideal])
    rh, rl = _add(rh, rl, FLh[flt], FLl[flt])
    col = 0
    if want[i] and want[i] == want[j]:
        col = 2 if strong[i] and strong[j] else 1
    rh, rl = _add(rh, rl, COh[col], COl[col])
    geo = 0
    if club[i] and club[i] == club[j]:
        geo += 1
    if country[i] and country[i] == country[j]:
        geo += 2
    rh, rl = _add(rh, rl, GEh[geo], GEl[geo])
    if r:
        rh, rl = _add(rh, rl, REh[r], REl[r])
    return True, rh, rl


@njit(cache=True)
def _weighed(I, J, n, ng, grp, G2h, G2l, allow, meto, metj, metr, absw, gsize, pos, style,
             fstep, lastf, want, strong, club, country, IDh, IDl, FLh, FLl, COh, COl, GEh, GEl,
             REh, REl, window):
    """For the pairs I[p] < J[p]: whether the pair is allowed — by :func:`_part`, and for a
    ``window`` only if the players never met (a window offers no rematch) — and its
    penalty, the groups' part plus :func:`_part`'s (two words; a rematch's REMATCH and
    RECENCY parts when not a window)."""
    m = I.shape[0]
    ok = np.zeros(m, np.bool_)
    ph = np.zeros(m, np.int64)
    pl = np.zeros(m, np.int64)
    met = np.zeros(n + 1, np.int64)  # i's earlier games, for the pair being weighed
    for p in range(m):
        i, j = I[p], J[p]
        played = False
        for q in range(meto[i], meto[i + 1]):
            if metj[q] == j:
                played = True
                break
        if played:
            if window:
                continue
            met[j] = metr[q]
        ga, gb = grp[i], grp[j]
        f = ga * ng + gb
        good, rh, rl = _part(i, j, ga, gb, G2h[f], G2l[f], allow, met, absw, gsize, pos, style,
                             fstep, lastf, want, strong, club, country, IDh, IDl, FLh, FLl,
                             COh, COl, GEh, GEl, REh, REl)
        met[j] = 0
        if good:
            ok[p] = True
            ph[p] = rh
            pl[p] = rl
    return ok, ph, pl


def _weigh(pricer, I: np.ndarray, J: np.ndarray, window: bool):
    """The packed weights of the pairs (I[k], J[k]) of players, as :meth:`.criteria.Packer.pack`
    of :meth:`.criteria.Evaluator.pair`'s tuple, the distinct ones each weighed once (a
    round has a few thousand): ``(ok, which, values, wide)`` — ``values[which[k]]`` is pair
    k's weight where ``ok[k]``; ``wide`` maps the pairs weighed by Evaluator.pair instead
    to their weight, None where it refuses them.  Those are the pairs whose penalty may
    hold a part cut to FIT − 1 (each part is ≥ 0, a cut one FIT − 1): a few floats across
    distant groups, where the packed weights pass 120 bits (16 000 players from round 5).
    Refused (not ``ok``, not wide): what :func:`_weighed` refuses, and the forbidden pairs.
    ``window``: a rematch is refused too (a window offers none)."""
    st = _tables(pricer, 1)
    (G2h, G2l), (FLh, FLl), (COh, COl), (GEh, GEl), (IDh, IDl), (REh, REl) = (
        st[k] for k in ("G2", "FL", "CO", "GE", "ID", "RE"))
    n, pool, w0 = len(pricer.pool), pricer.pool, pricer.w0
    ok, ph, pl = _weighed(I, J, n, st["ng"], st["grp"], G2h, G2l, st["allow"], st["meto"],
                          st["metj"], st["metr"], st["absw"], st["gsize"], st["pos"],
                          st["style"], st["fstep"], st["lastf"], st["want"], st["strong"],
                          st["club"], st["country"], IDh, IDl, FLh, FLl, COh, COl, GEh, GEl,
                          REh, REl, window)
    if st["forbidden"]:  # (refused by the rules, but not known to the kernel)
        ok &= ~np.isin(I * n + J, [min(a, b) * n + max(a, b) for a, b in st["forbidden"]])
    ch, cl = (FIT - 1) >> K, (FIT - 1) & MASK
    wide_at = np.flatnonzero(ok & ((ph > ch) | ((ph == ch) & (pl >= cl))))
    ok[wide_at] = False
    wide: dict[int, int | None] = {}
    for k in wide_at.tolist():
        t = pricer.ev.pair(pool[int(I[k])], pool[int(J[k])])
        wide[k] = None if t is None else pricer.packer.pack(t, False)
    parts, inv = np.unique(np.stack([ph[ok], pl[ok]], axis=1), axis=0, return_inverse=True)
    which = np.zeros(I.shape[0], np.int64)
    which[ok] = inv.reshape(-1)  # (a 2-D inverse in some numpy versions)
    values = [w0 - t // 2 for t in _ints(parts[:, 0], parts[:, 1])]  # (2·penalty, scale 1)
    return ok, which, values, wide


def pair_weights(pricer, I: np.ndarray, J: np.ndarray) -> list[int | None]:
    """The packed weight of each pair (I[k], J[k]) of players — :meth:`.criteria.Packer.pack`
    of :meth:`.criteria.Evaluator.pair`'s tuple, rematches with their penalty where the
    round allows them — or None where Evaluator.pair refuses the pair, weighed in compiled
    code (the pricing's pairs: up to 50 000 a round, 10⁵ in a 16 000-player proof).  Only
    for a round :func:`weighs`."""
    assert weighs(pricer)
    ok, which, values, wide = _weigh(pricer, I, J, False)
    out: list[int | None] = [None] * I.shape[0]
    for k, x in zip(np.flatnonzero(ok).tolist(), which[ok].tolist()):
        out[k] = values[x]
    for k, w in wide.items():
        out[k] = w
    return out


@njit(inline="always", cache=True)
def _argmin(sp2, er, lg, lo, hi):
    """The position of the smallest ``er`` in positions lo … hi − 1 (lo < hi): two entries
    of the sparse table ``sp2`` (row k: the smallest of the 2^k from each position)."""
    k = lg[hi - lo]
    p, q = sp2[k, lo], sp2[k, hi - (1 << k)]
    return p if er[p] <= er[q] else q


@njit(cache=True, nogil=True)
def _screen(n, Dh, Dl, go, bypos, ng, grp, pos, gsize, style, fstep, want, strong, absw, lastf,
            club, country, G2h, G2l, FLh, FLl, COh, COl, GEh, GEl, IDh, IDl, REh, REl, skipo,
            skip, meto, metj, metr, allow, inner, bpar, czh, czl, elo, ehi, eord, er, sp2, ee,
            se2, lg, nkid, Eh, El, rank, byeh, byel, bye, floor_h, floor_l, rows, cap, rowcaps,
            first, step):
    """(count, rows i and j, the bound rounded to a float, whether the scan was cut short)
    of every pair i < j (j = n: the bye vertex) whose bound is negative: at most
    ``rowcaps[i]`` in player i's row (the most negative of the first ROWSPAN times that
    found, where the row stops) and at most ``cap`` in all (past that the scan stops);
    either cut sets the last answer.  Only the rows of the players in ``rows`` (all of them
    for a complete scan), every ``step``-th from ``first``.

    Per player i, group and colour wish: i's chain of blossoms (with z > 0) from the root
    down.  Every member j of the group and wish in a blossom a on the chain, but not in its
    child on the chain, has Z = a's running sum (their lowest common blossom is a): those
    members are one or two ranges of the order of :func:`_ranges`.  A range's member of
    smallest D (two reads of the sparse table) is tested: D_i + D_j + the groups' part +
    IDEAL at its cap (+ COLOUR for i's own wish) + 2·Z.  If that passes, the whole range
    passes (unless a member's IDEAL is below the cap); if it fails, j is priced and the
    ranges on either side of it are tested the same way.  A run of
    blossoms on the chain with one child each (an onion: the usual shape of a chess round's
    duals, hundreds deep) is read as one range with the key D_j + 2·Σz_j, exact there since
    j's own blossom is then the lowest common one.  Then the members whose IDEAL is below
    the cap (near the in-group ideal, or a float near the boundary) by place, those the
    ranges did not reach."""
    out = np.empty((2, min(cap, 16 * n + 1024)), np.int32)  # i, j
    key = np.empty(out.shape[1], np.float32)  # the bound, rounded: the order of the pairs
    cnt = 0
    nb = bpar.shape[0]  # the tree's root: node nb, every vertex, z = 0
    mark = np.full(n + 1, -1, np.int64)  # partners skipped for the current i
    seen = np.full(n + 1, -1, np.int64)  # partners reached on the chain for the current i
    met = np.zeros(n + 1, np.int64)  # round of the last game with the current i, else 0
    anc = np.full(nb + 1, -1, np.int64)  # blossoms holding the current i (and the root)
    chn = np.empty(nb + 2, np.int64)  # i's chain: its innermost blossom … the root
    run = np.empty(nb + 2, np.int64)  # … per place on it, where its run of one-child ones ends
    memo = np.full(nb + 1, -1, np.int64)  # inner blossom of j → Z known for i
    mzh = np.zeros(nb + 1, np.int64)
    mzl = np.zeros(nb + 1, np.int64)
    ql = np.empty(n + 2, np.int64)  # ranges of the order still to report from
    qr = np.empty(n + 2, np.int64)
    icap = IDh.shape[0] - 1  # IDEAL_CAP: the IDEAL table's last entry
    caph, capl = IDh[icap], IDl[icap]
    cut = False
    for ri in range(first, rows.shape[0], step):  # (every step-th row: a thread's share)
        i = rows[ri]
        row = 0  # pairs of this row so far
        rowcap = rowcaps[i]
        rowlim = ROWSPAN * rowcap  # pairs the row may find before it stops
        for p in range(skipo[i], skipo[i + 1]):
            mark[skip[p]] = i
        for p in range(meto[i], meto[i + 1]):
            met[metj[p]] = metr[p]
        b = inner[i]
        t = 0  # i's chain, from its innermost blossom (place 0) up to the root (place t)
        while b >= 0:
            anc[b] = i
            chn[t] = b
            t += 1
            b = bpar[b]
        anc[nb] = i
        chn[t] = nb
        for h in range(1, t + 1):  # a node with one child (the next on the chain) joins the
            run[h] = run[h - 1] if h > 1 and nkid[chn[h - 1]] == 1 else h  # run below it
        ga = grp[i]
        dih, dil = Dh[i], Dl[i]
        # the bye vertex
        if bye and mark[n] != i:
            rh, rl = _add(dih, dil, byeh[i], byel[i])
            zh_, zl_ = _zsum(inner[n], i, anc, bpar, czh, czl, memo, mzh, mzl)
            rh, rl = _add(rh, rl, zh_, zl_)
            if rh < 0:
                cnt, row, out, key = _push(out, key, cnt, row, cap, rowlim, i, n, rh, rl)
        for gb in range(ga, ng):
            if row >= rowlim:
                break
            f = ga * ng + gb
            # no pair of these groups can fail: the smallest D of each plus the groups' part
            th, tl = _add(dih, dil, floor_h[f], floor_l[f])
            if th >= 0:
                continue
            gh, gl = G2h[f], G2l[f]
            lbh, lbl = FITH, 0  # the least D_j + 2·Z(i, j) of the group (the ranges' minima)
            # group gb's members by colour wish, down i's chain of blossoms from the root
            th0, tl0 = _add(dih, dil, caph, capl)
            th0, tl0 = _add(th0, tl0, gh, gl)  # D_i + the groups' part + IDEAL at its cap
            for c in range(3):  # none, White, Black
                sg = 3 * gb + c
                if elo[nb, sg] == ehi[nb, sg]:
                    continue  # nobody of this wish in the group
                # a pair of the same wish takes COLOUR at least
                ch0, cl0 = _add(th0, tl0, COh[1], COl[1]) if want[i] and want[i] == c \
                    else (th0, tl0)
                h = t  # down i's chain from the root
                while h >= 0 and row < rowlim:
                    a = chn[h]
                    if h > 0 and nkid[a] == 1:
                        # a run of nodes of one child each: their own members, each one's
                        # Z its own running sum (its node holds i), by D + 2·Σz
                        e = run[h]
                        lo, hi, key2 = elo[a, sg], elo[chn[e - 1], sg], True
                        zh_, zl_ = 0, 0
                        nxt = e - 1
                    else:
                        # a's subtree but the child holding i, if any: Z is a's own
                        zh_, zl_ = (czh[a], czl[a]) if a < nb else (0, 0)
                        lo, hi, key2 = elo[a, sg], ehi[a, sg], False
                        nxt = h - 1
                    for part in range(2):
                        if part == 0:
                            ql[0], qr[0] = lo, (elo[chn[h - 1], sg] if not key2 and h > 0
                                                else hi)
                        else:
                            if key2 or h == 0:
                                break
                            ql[0], qr[0] = ehi[chn[h - 1], sg], hi
                        qs = 1
                        while qs > 0 and row < rowlim:
                            qs -= 1
                            lo_, hi_ = ql[qs], qr[qs]
                            if lo_ >= hi_:
                                continue
                            if key2:
                                p = _argmin(se2, ee, lg, lo_, hi_)
                                j = eord[p]
                                xh, xl = Eh[j], El[j]
                            else:
                                p = _argmin(sp2, er, lg, lo_, hi_)
                                j = eord[p]
                                xh, xl = _add(zh_, zl_, Dh[j], Dl[j])
                            if xh < lbh or (xh == lbh and xl < lbl):
                                lbh, lbl = xh, xl
                            th, tl = _add(ch0, cl0, xh, xl)
                            if th >= 0:
                                continue  # all here pass unless their IDEAL is below the cap
                            ql[qs], qr[qs] = lo_, p
                            ql[qs + 1], qr[qs + 1] = p + 1, hi_
                            qs += 2
                            seen[j] = i
                            if j == i or (gb == ga and j < i) or mark[j] == i:
                                continue
                            rh, rl = _add(dih, dil, Dh[j], Dl[j])
                            rh, rl = _add(rh, rl, gh, gl)
                            ok, rh, rl = _part(i, j, ga, gb, rh, rl, allow, met, absw, gsize,
                                               pos, style, fstep, lastf, want, strong, club,
                                               country, IDh, IDl, FLh, FLl, COh, COl, GEh,
                                               GEl, REh, REl)
                            if not ok:
                                continue
                            if key2:
                                zj = inner[j]
                                rh, rl = _add(rh, rl, czh[zj], czl[zj]) if zj >= 0 else (rh, rl)
                            else:
                                rh, rl = _add(rh, rl, zh_, zl_)
                            if rh < 0:
                                cnt, row, out, key = _push(out, key, cnt, row, cap, rowlim, i,
                                                           j, rh, rl)
                    h = nxt
                if row >= rowlim:
                    break
            if row >= rowlim:
                break  # the row is full: on to the next player
            # the largest IDEAL below the cap a pair of these groups can fail with: D_i +
            # the groups' part + the least D_j + 2·Z(i, j) + IDEAL < 0 (every other part is
            # ≥ 0); the places scanned by place are those whose IDEAL may be at most that
            th, tl = _add(dih, dil, gh, gl)
            th, tl = _add(th, tl, lbh, lbl)
            if th >= 0:
                continue  # no pair of the group can fail
            ilo, ihi = 0, icap - 1
            while ilo < ihi:
                mid = (ilo + ihi + 1) // 2
                xh, _xl = _add(th, tl, IDh[mid], IDl[mid])
                if xh < 0:
                    ilo = mid
                else:
                    ihi = mid - 1
            imax = ilo
            for phase in range(1, 3):  # the places whose IDEAL is at most imax (two: slide)
                if row >= rowlim:
                    break
                m = gsize[i]
                p0 = pos[i]
                lo, hi = 0, -1
                if gb == ga:
                    if style == 0:  # fold: (p + q − (m − 1))² ≤ imax
                        r = _isqrt(imax)
                        if phase == 1:
                            lo, hi = m - 1 - p0 - r, m - 1 - p0 + r
                    elif style == 1:  # slide: (2·|q − p| − m)² // 4 ≤ imax
                        r = _isqrt(4 * imax + 3) + 1
                        d0, d1 = (m - r) // 2, (m + r) // 2
                        if phase == 1:
                            lo, hi = max(p0 + d0, p0 + 1), p0 + d1
                        else:
                            lo, hi = p0 - d1, min(p0 - d0, p0 - 1)
                    elif phase == 1:  # adjacent: (|q − p| − 1)·step ≤ imax, the step
                        # of the higher place, at least p's for a q above p
                        reach = 2 + imax // (1 + (m - p0) * 8 // max(m, 1))
                        lo, hi = p0 - reach, p0 + reach
                elif phase == 1:  # a float: FLOAT_STEP·((m − 1 − p) + q) ≤ imax
                    lo, hi = 0, imax // fstep - (m - 1 - p0)
                mb = go[gb + 1] - go[gb]
                if lo < 0:
                    lo = 0
                if hi > mb - 1:
                    hi = mb - 1
                for q in range(go[gb] + lo, go[gb] + max(hi + 1, lo)):
                    j = bypos[q]
                    if seen[j] == i:
                        continue  # reached on the chain
                    if j == i or (gb == ga and j < i) or mark[j] == i:
                        continue
                    rh, rl = _add(dih, dil, Dh[j], Dl[j])
                    rh, rl = _add(rh, rl, gh, gl)
                    ok, rh, rl = _part(i, j, ga, gb, rh, rl, allow, met, absw, gsize, pos,
                                       style, fstep, lastf, want, strong, club, country,
                                       IDh, IDl, FLh, FLl, COh, COl, GEh, GEl, REh, REl)
                    if not ok or rh >= 0:
                        continue
                    zh_, zl_ = _zsum(inner[j], i, anc, bpar, czh, czl, memo, mzh, mzl)
                    rh, rl = _add(rh, rl, zh_, zl_)
                    if rh < 0:
                        cnt, row, out, key = _push(out, key, cnt, row, cap, rowlim, i, j,
                                                   rh, rl)
                        if row >= rowlim:
                            break  # the row is full: on to the next player
        if cnt > cap:
            return cap, out, key, True  # too many: stop here
        if row >= rowlim:
            cut = True
        for p in range(meto[i], meto[i + 1]):
            met[metj[p]] = 0
        if row > 1:  # the row by bound, ties by the partner's D (its rowcap first kept)
            r0 = cnt - row
            js = out[1, r0:cnt]
            byd = np.argsort(rank[js], kind="mergesort")
            best = byd[np.argsort(key[r0:cnt][byd], kind="mergesort")][:rowcap] + r0
            keep = min(row, rowcap)
            out[:, r0:r0 + keep] = out[:, best]
            key[r0:r0 + keep] = key[best]
            cnt = r0 + keep
            if row > rowcap:
                cut = True
    return cnt, out, key, cut


@njit(cache=True)
def _sparse(order, by, lg, rank):
    """Each position's rank in the order ``by`` (``rank`` filled per player) and the sparse
    table of the smallest rank in each run of 2^k positions (row k)."""
    n = order.shape[0]
    for r in range(n):
        rank[by[r]] = r
    er = np.empty(max(n, 1), np.int64)
    for p in range(n):
        er[p] = rank[order[p]]
    sp2 = np.empty((lg[max(n, 1)] + 1, max(n, 1)), np.int32)
    for p in range(n):
        sp2[0, p] = p
    for k in range(1, sp2.shape[0]):
        h = 1 << (k - 1)
        for p in range(n - (1 << k) + 1):
            x, y = sp2[k - 1, p], sp2[k - 1, p + h]
            sp2[k, p] = x if er[x] <= er[y] else y
    return er, sp2


@njit(cache=True)
def _ranges(n, ng, inner, bpar, grp, byd, bye):
    """The blossoms' tree as :func:`_screen` reads it, per group ``grp`` gives (the screen's:
    score group and colour wish), node nb its root (every vertex, z = 0): the players in one
    order (``eord``: by group, then by their innermost blossom in the tree's preorder), so
    that each blossom's players of group g, its own and those of the blossoms inside it,
    are the positions ``elo[a, g]`` … ``ehi[a, g]`` − 1; each one's rank by D (``er``;
    ``rank``: per player, from the order ``byd``) and a sparse table of the smallest rank
    in each run of 2^k positions (``sp2``, ``lg``: ⌊log₂⌋) — the smallest D of any range
    in two reads."""
    nb = bpar.shape[0]
    node = np.empty(n, np.int64)
    for v in range(n):
        node[v] = inner[v] if inner[v] >= 0 else nb
    # children (compressed rows) and the preorder from the root
    kido = np.zeros(nb + 2, np.int64)
    for b in range(nb):
        kido[(bpar[b] if bpar[b] >= 0 else nb) + 1] += 1
    for a in range(nb + 1):
        kido[a + 1] += kido[a]
    kids = np.empty(nb, np.int64)
    fill = kido[:-1].copy()
    for b in range(nb):
        par = bpar[b] if bpar[b] >= 0 else nb
        kids[fill[par]] = b
        fill[par] += 1
    pre = np.empty(nb + 1, np.int64)
    stk = np.empty(nb + 1, np.int64)
    stk[0] = nb
    sp, k = 1, 0
    while sp > 0:
        sp -= 1
        a = stk[sp]
        pre[k] = a
        k += 1
        for q in range(kido[a], kido[a + 1]):
            stk[sp] = kids[q]
            sp += 1
    # each node's own players per group, then the ranges in preorder, group by group
    own = np.zeros((nb + 1, ng), np.int64)
    for v in range(n):
        own[node[v], grp[v]] += 1
    sub = own.copy()
    for t in range(nb, 0, -1):  # children before parents
        b = pre[t]
        par = bpar[b] if bpar[b] >= 0 else nb
        for g in range(ng):
            sub[par, g] += sub[b, g]
    elo = np.empty((nb + 1, ng), np.int64)
    ehi = np.empty((nb + 1, ng), np.int64)
    at = np.empty(nb + 1, np.int64)  # per node: where its own players go (current group)
    base = 0
    order = np.empty(n, np.int64)
    for g in range(ng):
        p = base
        for t in range(nb + 1):
            a = pre[t]
            elo[a, g] = p
            ehi[a, g] = p + sub[a, g]
            at[a] = p
            p += own[a, g]
        for v in range(n):
            if grp[v] == g:
                order[at[node[v]]] = v
                at[node[v]] += 1
        base += sub[nb, g]
    lg = np.zeros(n + 2, np.int64)
    for m in range(2, n + 2):
        lg[m] = lg[m // 2] + 1
    rank = np.empty(n + 1, np.int64)
    rank[n] = n  # the bye vertex last
    er, sp2 = _sparse(order, byd, lg, rank)
    ee, se2 = _sparse(order, bye, lg, np.empty(n + 1, np.int64))
    nkid = kido[1:] - kido[:-1]
    return elo, ehi, order, er, sp2, ee, se2, lg, nkid, rank


def _chain_ranges(n: int, ng: int, inner: np.ndarray, bpar: np.ndarray, grp: np.ndarray,
                  Dh: np.ndarray, Dl: np.ndarray, czh: np.ndarray, czl: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                             np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                             np.ndarray, np.ndarray]:
    """:func:`_ranges` of the blossoms' tree (inner, parent, 2·Σz per blossom) and the duals
    D (two words), and E = D + 2·Σz per player (two words)."""
    byd = np.lexsort((Dl[:n], Dh[:n]))  # the players by D (two words, hi first)
    Eh, El = _esum(inner[:n], czh, czl, Dh[:n], Dl[:n])
    bye = np.lexsort((El, Eh))
    elo, ehi, order, er, sp2, ee, se2, lg, nkid, rank = _ranges(n, ng, inner, bpar, grp, byd,
                                                                bye)
    return elo, ehi, order, er, sp2, ee, se2, lg, nkid, Eh, El, rank


@njit(cache=True)
def _esum(inner, czh, czl, Dh, Dl):
    """D + 2·Σz of each player (two words): its own running sum, that of its innermost
    blossom."""
    n = inner.shape[0]
    Eh = np.empty(n, np.int64)
    El = np.empty(n, np.int64)
    for v in range(n):
        b = inner[v]
        if b >= 0:
            Eh[v], El[v] = _add(Dh[v], Dl[v], czh[b], czl[b])
        else:
            Eh[v], El[v] = Dh[v], Dl[v]
    return Eh, El


@njit(cache=True)
def _tree(n1, flat, offs):
    """The laminar family of blossoms (vertices ``flat[offs[b]:offs[b+1]]``) as a tree:
    each vertex's innermost blossom and each blossom's parent; ok False when the family is
    not laminar (or a blossom is empty or holds a vertex out of range)."""
    nb = offs.shape[0] - 1
    inner = np.full(n1, -1, np.int64)
    bpar = np.full(nb, -1, np.int64)
    order = np.argsort(offs[:-1] - offs[1:], kind="mergesort")  # the largest first
    for b in order:
        lo, hi = offs[b], offs[b + 1]
        if hi == lo:
            return inner, bpar, False
        for p in range(lo, hi):
            if flat[p] < 0 or flat[p] >= n1:
                return inner, bpar, False
        par = inner[flat[lo]]
        for p in range(lo, hi):  # laminar: every vertex in the same blossom so far
            if inner[flat[p]] != par:
                return inner, bpar, False
        bpar[b] = par
        for p in range(lo, hi):
            inner[flat[p]] = b
    return inner, bpar, True


@njit(cache=True)
def _pair_sums(inner, bpar, czh, czl, us, vs):
    """2·Z of each pair (us[k], vs[k]) over the blossoms' tree (two words): the running sum
    at the lowest blossom holding both ends, found by binary lifting (each blossom's depth
    and its 2^k-th ancestors), so a pair costs log(depth), not the depth (a player sits 80
    blossoms deep on average in a 16 000-player Magic round)."""
    m = us.shape[0]
    nb = bpar.shape[0]
    oh = np.zeros(m, np.int64)
    ol = np.zeros(m, np.int64)
    depth = np.full(nb, -1, np.int64)
    stk = np.empty(nb + 1, np.int64)
    top = 0
    for b0 in range(nb):
        b, sp = b0, 0
        while b >= 0 and depth[b] < 0:
            stk[sp] = b
            sp += 1
            b = bpar[b]
        d = depth[b] if b >= 0 else -1
        while sp > 0:
            sp -= 1
            d += 1
            depth[stk[sp]] = d
        if d > top:
            top = d
    levels = 1
    while (1 << levels) <= top:
        levels += 1
    up = np.empty((levels, nb), np.int64)
    up[0] = bpar
    for k in range(1, levels):
        for b in range(nb):
            a = up[k - 1, b]
            up[k, b] = up[k - 1, a] if a >= 0 else -1
    for k in range(m):
        a = inner[us[k]]
        b = inner[vs[k]]
        if a < 0 or b < 0:
            continue
        if depth[a] < depth[b]:
            a, b = b, a
        diff = depth[a] - depth[b]
        lv = 0
        while diff:
            if diff & 1:
                a = up[lv, a]
            diff >>= 1
            lv += 1
        if a != b:
            for lv in range(levels - 1, -1, -1):
                if up[lv, a] != up[lv, b]:
                    a = up[lv, a]
                    b = up[lv, b]
            a = up[0, a]
        if a >= 0:
            oh[k], ol[k] = czh[a], czl[a]
    return oh, ol


def _flat(blossoms) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """(vertices, offsets, z) of blossoms given as a list of (vertices, z)."""
    nb = len(blossoms)
    sizes = np.fromiter((len(vs) for vs, _z in blossoms), np.int64, nb)
    offs = np.zeros(nb + 1, np.int64)
    np.cumsum(sizes, out=offs[1:])
    flat = np.fromiter(chain.from_iterable(vs for vs, _z in blossoms), np.int64, int(offs[-1]))
    return flat, offs, [z for _vs, z in blossoms]


@njit(cache=True)
def _order(n1, inner, parent):
    """The blossoms of a tree given by parents, each after its parent (by depth), and
    whether it is one: every index in range, no cycle."""
    nb = parent.shape[0]
    depth = np.full(nb, -1, np.int64)
    for v in range(inner.shape[0]):
        if inner[v] < -1 or inner[v] >= nb:
            return depth, False
    if inner.shape[0] > n1:
        return depth, False
    for b in range(nb):
        if parent[b] < -1 or parent[b] >= nb:
            return depth, False
    for b in range(nb):  # the depth of b: count up to a known one (a cycle runs past nb)
        steps = 0
        c = b
        while c >= 0 and depth[c] < 0:
            c = parent[c]
            steps += 1
            if steps > nb:
                return depth, False
        d = depth[c] if c >= 0 else -1
        c = b
        for k in range(steps):
            depth[c] = d + steps - k
            c = parent[c]
    return np.argsort(depth, kind="mergesort"), True


@njit(cache=True)
def _tree_sums(order, parent, zh, zl):
    """2·Σz from the outermost blossom down to each one (two words), parents first; ok
    False when z < 0 or a sum leaves the words' range."""
    nb = parent.shape[0]
    czh = np.zeros(nb, np.int64)
    czl = np.zeros(nb, np.int64)
    for b in order:
        if zh[b] < 0:
            return czh, czl, False
        dh, dl = _add(zh[b], zl[b], zh[b], zl[b])
        if parent[b] >= 0:
            dh, dl = _add(dh, dl, czh[parent[b]], czl[parent[b]])
        if dh >= (1 << 58) or dh < -(1 << 58):
            return czh, czl, False
        czh[b], czl[b] = dh, dl
    return czh, czl, True


@njit(cache=True)
def _tree_faults(order, inner, parent, mate):
    """:func:`_faults` on a tree: every blossom odd, with (size − 1)/2 matched pairs inside
    (the pair of v and its mate lies in the blossoms from their lowest common one up)."""
    nb = parent.shape[0]
    size = np.zeros(nb, np.int64)
    pairs = np.zeros(nb, np.int64)
    mark = np.full(nb, -1, np.int64)
    for v in range(inner.shape[0]):
        if inner[v] >= 0:
            size[inner[v]] += 1
        m = mate[v] if v < mate.shape[0] else -1
        if m <= v or m >= inner.shape[0]:
            continue
        b = inner[v]
        while b >= 0:
            mark[b] = v
            b = parent[b]
        b = inner[m]
        while b >= 0 and mark[b] != v:
            b = parent[b]
        if b >= 0:
            pairs[b] += 1
    for k in range(nb - 1, -1, -1):  # children before parents
        b = order[k]
        if parent[b] >= 0:
            size[parent[b]] += size[b]
            pairs[parent[b]] += pairs[b]
    for b in range(nb):
        if size[b] % 2 == 0:
            return 1
        if 2 * pairs[b] != size[b] - 1:
            return 2
    return 0


@njit(cache=True)
def _faults(flat, offs, mate):
    """0 when every blossom is odd and holds (size − 1)/2 matched pairs, else 1 (an even
    blossom) or 2 (one not full); ``mate`` per vertex (−1: none)."""
    mark = np.full(mate.shape[0], -1, np.int64)
    for b in range(offs.shape[0] - 1):
        lo, hi = offs[b], offs[b + 1]
        if (hi - lo) % 2 == 0:
            return 1
        for p in range(lo, hi):
            mark[flat[p]] = b
        inside = 0
        for p in range(lo, hi):
            m = mate[flat[p]]
            if m >= 0 and mark[m] == b:
                inside += 1
        if inside != hi - lo - 1:
            return 2
    return 0


def blossom_faults(blossoms, mate: dict[int, int], nv: int) -> str | None:
    """:func:`.certify.certify`'s blossom conditions (z ≥ 0, odd, full) in compiled code:
    None when all hold, else why not."""
    m = np.full(nv, -1, np.int64)
    for u, v in mate.items():
        if 0 <= u < nv:
            m[u] = v
    if isinstance(blossoms, Tree):  # checked as the tree it is, never expanded
        order, ok = _order(nv, blossoms.inner, blossoms.parent)
        if not ok:
            return "the blossoms are not a tree"
        if blossoms.parent.shape[0] and blossoms.zh.min() < 0:
            return "blossom dual < 0"
        return (None, "even blossom", "blossom not full")[
            _tree_faults(order, blossoms.inner, blossoms.parent, m)]
    flat, offs, z = _flat(blossoms)
    if any(x < 0 for x in z):
        return "blossom dual < 0"
    if len(flat) and (flat.min() < 0 or flat.max() >= nv):
        return "a blossom vertex out of range"
    return (None, "even blossom", "blossom not full")[_faults(flat, offs, m)]


def _as_tree(blossoms, n1: int) -> Tree | None:
    """The blossoms as a :class:`.nblossom.Tree` (a list of (vertices, z) is converted), or
    None when they are not laminar or z does not fit two words."""
    if isinstance(blossoms, Tree):
        return blossoms
    flat, offs, zs = _flat(blossoms)
    zw = _two(zs)
    if zw is None:
        return None
    inner, bpar, ok = _tree(n1, flat, offs)
    return Tree(inner, bpar, zw[0], zw[1]) if ok else None


def _blossom_tree(blossoms, n1: int):
    """(inner, parent, 2·Σz hi, lo) of the blossoms' tree, or None (:func:`_as_tree`; a
    tree with a cycle, z < 0 or sums past the words' range)."""
    tree = _as_tree(blossoms, n1)
    if tree is None:
        return None
    order, ok = _order(n1, tree.inner, tree.parent)
    if not ok:
        return None
    czh, czl, ok = _tree_sums(order, tree.parent, tree.zh, tree.zl)
    if not ok:
        return None
    inner = tree.inner
    if inner.shape[0] < n1:  # vertices past the tree's are in no blossom
        inner = np.concatenate((inner, np.full(n1 - inner.shape[0], -1, np.int64)))
    return inner, tree.parent, czh, czl


def vertex_sums(blossoms, n1: int) -> list[int] | None:
    """2·Σ z over the blossoms holding each vertex below ``n1`` (the running sum at its
    innermost blossom), or None as :func:`pair_sums`."""
    tree = _blossom_tree(blossoms, n1)
    if tree is None:
        return None
    inner, _bpar, czh, czl = tree
    if not czh.shape[0]:  # no blossom
        return [0] * n1
    at = inner[:n1]
    held = at >= 0
    at = np.where(held, at, 0)
    return _ints(np.where(held, czh[at], 0), np.where(held, czl[at], 0))


@njit(cache=True)
def _edge_faults(eu, ev, wh, wl, yh, yl, zh, zl, mate):
    """(the first edge whose reduced cost y_u + y_v + 2·Z − w is negative, or matched and
    not 0, else −1; 0: negative, 1: not tight; matched edges seen), all in two words."""
    tight = 0
    for k in range(eu.shape[0]):
        i, j = eu[k], ev[k]
        rh, rl = _add(yh[i], yl[i], yh[j], yl[j])
        rh, rl = _add(rh, rl, zh[k], zl[k])
        rh, rl = _sub(rh, rl, wh[k], wl[k])
        if rh < 0:
            return k, 0, tight
        if mate[i] == j:
            if rh != 0 or rl != 0:
                return k, 1, tight
            tight += 1
    return -1, 0, tight


def edge_faults(blossoms, mate: dict[int, int], words) -> str | None:
    """:func:`.certify.certify`'s conditions on the solved graph's edges, in compiled code:
    every reduced cost ≥ 0, every matched edge tight and an edge.  ``words``: the compiled
    blossom's edges and duals as it holds them (:meth:`.nblossom.Blossom.words`, both
    less the same offset, which cancels in a reduced cost).  None when all hold, else why
    not; "?" when the blossoms' sums do not fit (the caller checks in Python)."""
    eu, ev, wh, wl, yh, yl = words
    n1 = yh.shape[0]
    tree = _blossom_tree(blossoms, n1)
    if tree is None:
        return "?"
    inner, bpar, czh, czl = tree
    zh, zl = _pair_sums(inner, bpar, czh, czl, eu, ev)
    m = np.full(n1, -1, np.int64)
    for v, u in mate.items():
        m[v] = u
    k, kind, tight = _edge_faults(eu, ev, wh, wl, yh, yl, zh, zl, m)
    if k >= 0:
        i, j = int(eu[k]), int(ev[k])
        return f"matched pair {i}-{j} not tight" if kind else f"pair {i}-{j} violates the duals"
    if 2 * tight != len(mate):
        return "a matched pair is not an edge"
    return None


def pair_sums(blossoms, n1: int, pairs: list[tuple[int, int]]) -> list[int] | None:
    """2·Σ z over the blossoms holding both ends, for each pair (vertices below ``n1``), or
    None when the family is not laminar or does not fit two words (the caller sums in
    Python): :func:`.certify.certify`'s sums for a large round."""
    tree = _blossom_tree(blossoms, n1)
    if tree is None:
        return None
    us = np.fromiter((p[0] for p in pairs), np.int64, len(pairs))
    vs = np.fromiter((p[1] for p in pairs), np.int64, len(pairs))
    if len(pairs) and (min(us.min(), vs.min()) < 0 or max(us.max(), vs.max()) >= n1):
        return None
    inner, bpar, czh, czl = tree
    return _ints(*_pair_sums(inner, bpar, czh, czl, us, vs))


@njit(cache=True)
def _skips(n, eu, ev, fu, fv):
    """Per player i < n, the partners the screen skips (the solved pairs eu–ev, the
    forbidden fu–fv; j = n: the bye vertex, listed at its player only): offsets and
    partners (int32)."""
    cnt = np.zeros(n + 1, np.int64)
    for arr_u, arr_v in ((eu, ev), (fu, fv)):
        for k in range(arr_u.shape[0]):
            cnt[arr_u[k] + 1] += 1
            if arr_v[k] < n:
                cnt[arr_v[k] + 1] += 1
    for i in range(n):
        cnt[i + 1] += cnt[i]
    skip = np.empty(cnt[n], np.int32)
    fill = cnt[:n].copy()
    for arr_u, arr_v in ((eu, ev), (fu, fv)):
        for k in range(arr_u.shape[0]):
            u, v = arr_u[k], arr_v[k]
            skip[fill[u]] = v
            fill[u] += 1
            if v < n:
                skip[fill[v]] = u
                fill[v] += 1
    return cnt, skip


def _two(values: list[int]) -> tuple[np.ndarray, np.ndarray] | None:
    if any(not -FIT < v < FIT for v in values):
        return None
    return _words(values)


def _static(pricer, scale: int) -> dict:
    """What the screen needs that a round's resumes do not change (per scale): the players'
    facts and the penalty's parts, each times 2·scale, as tables of two words."""
    from .criteria import FIELDS, IDEAL_CAP
    pool, ev, packer = pricer.pool, pricer.ev, pricer.packer
    ctx = ev.ctx
    two = 2 * scale
    f = FIELDS.index
    shifts, widths = packer.shifts, packer.widths

    def unit(name: str) -> int:
        i = f(name)
        return two << shifts[i] if widths[i] else 0

    ngx = ctx.ngroups
    ng = pricer.ng
    us, ut = unit("SCORE"), unit("TOP")
    g2 = [0] * (ng * ng)
    for ga in range(ng):
        for gb in range(ga, ng):
            d = gb - ga
            g2[ga * ng + gb] = d * d * us + d * (ngx - ga) * ut
    ufl, ucol, ustr, ugeo = unit("FLOAT"), unit("COLOUR"), unit("STRONGCOL"), unit("GEO")
    cw, kw = ctx.club_weight, ctx.country_weight
    uid = unit("IDEAL")
    facts = _facts(pricer)
    maxr = facts["maxr"]
    urem, urec = unit("REMATCH"), unit("RECENCY")
    tables = {"G2": g2, "FL": [0, ufl, 2 * ufl], "CO": [0, ucol, ucol + ustr],
              "GE": [0, cw * ugeo, kw * ugeo, (cw + kw) * ugeo],
              "ID": [k * uid for k in range(IDEAL_CAP + 1)],
              "RE": [0] + [urem + r * urec for r in range(1, maxr + 1)]}
    out: dict = {"g2": g2, "ng": ng}
    for name, values in tables.items():
        # a part past two words is cut to FIT − 1: still a lower bound of the penalty, and
        # already far more than any sum of duals that fits the words can make up
        words = _two([min(v, FIT - 1) for v in values])
        if words is None:
            return {}
        out[name] = words
    out.update(facts)
    out["byew"] = [two * packer.pack(t, True) - scale * pricer.w0
                   for t in (pricer._bye_t or [ev.bye(st) for st in pool])] if pricer.bye else []
    return out


def _facts(pricer) -> dict:
    """The players' facts the screen reads, at every scale (:func:`_static`), kept on the
    pricer: colour wishes, clubs and countries, groups and places, earlier games."""
    got = pricer.__dict__.get("_nprice_facts")
    if got is not None:
        return got
    from .colours import ABSOLUTE
    from .criteria import FLOAT_STEP
    pool, ev = pricer.pool, pricer.ev
    ctx = ev.ctx
    n = len(pool)
    cw, kw = ctx.club_weight, ctx.country_weight
    prefs = ev.prefs
    codes = {None: 0, WHITE: 1, BLACK: 2}
    want = np.zeros(n, np.int64)
    strong = np.zeros(n, np.int64)
    absw = np.zeros(n, np.int64)
    fide_rule = ev._colour_rule and ctx.mode == FIDE
    for i, st in enumerate(pool):
        p = prefs[st.id]
        if not ctx.handicap:  # handicap games: the ranks may decide (bound: no colour part)
            want[i] = codes.get(p.want, 0)
            strong[i] = 1 if p.strength >= 2 else 0
        if fide_rule and p.strength == ABSOLUTE and p.want is not None and \
                not ev.exempt[st.id]:
            absw[i] = codes[p.want]
    names: dict = {}
    club = np.array([names.setdefault(("c", st.player.club), len(names) + 1)
                     if st.player.club and cw else 0 for st in pool], np.int64)
    country = np.array([names.setdefault(("k", st.player.country), len(names) + 1)
                        if st.player.country and kw else 0 for st in pool], np.int64)
    index = {st.id: i for i, st in enumerate(pool)}
    forbidden = []
    for pair in ctx.forbidden:
        a, b = tuple(pair)
        if a in index and b in index:
            forbidden.append((index[a], index[b]))
    mets = [[(index[o], r) for o, r in st.met.items() if o in index] for st in pool]
    meto = np.zeros(n + 1, np.int64)
    meto[1:] = np.cumsum([len(x) for x in mets])
    out = dict(
        maxr=max((r for st in pool for r in st.met.values()), default=0),
        want=want, strong=strong, absw=absw, club=club, country=country, forbidden=forbidden,
        grp=np.array([st.group for st in pool], np.int64),
        pos=np.array([st.pos for st in pool], np.int64),
        gsize=np.array([st.gsize for st in pool], np.int64),
        lastf=np.array([st.last_float for st in pool], np.int64),
        style={"fold": 0, "slide": 1}.get(ctx.style, 2), fstep=FLOAT_STEP, meto=meto,
        metj=np.array([j for x in mets for j, _r in x], np.int64),
        metr=np.array([r for x in mets for _j, r in x], np.int64),
        allow=bool(ctx.allow_rematch))
    pricer.__dict__["_nprice_facts"] = out
    return out


def _tables(pricer, scale: int) -> dict:
    """:func:`_static` for this pricer and scale, kept on the pricer (a round's resumes and
    its window's weighing read the same)."""
    cache = pricer.__dict__.setdefault("_nprice", {})
    st = cache.get(scale)
    if st is None:
        st = cache[scale] = _static(pricer, scale)
    return st


def screen(pricer, D: list[int], y_bye: int | None, blossoms, scale: int,
           solved: tuple[np.ndarray, np.ndarray], cap: int = 1 << 20, rowcap: int | None = None,
           rows: np.ndarray | None = None, caps: np.ndarray | None = None):
    """The pairs whose bound is negative (:class:`Screened`; j = n: the bye vertex), the most
    negative bound first (for most pairs the bound is the exact reduced cost), or None
    when the round cannot be priced here (values past two words, blossoms not laminar: the
    caller prices in Python).  At most ``rowcap`` (:data:`ROWCAP`) pairs per player's row,
    or ``caps[i]`` in player i's row where that is more (the pricing's caps per player,
    :meth:`Screened.pick`), and ``cap`` in all: past either the scan goes on to the next
    row or stops, and the answer is marked :attr:`Screened.partial` (its pairs are violated
    ones to price in, but an empty answer would prove nothing).  ``D`` as in the module
    docstring; ``y_bye`` the bye vertex's dual (None without a bye); ``solved`` the pairs
    already in the graph, as two arrays of ends (i < j; j = n for the bye); ``rows`` the
    players whose rows are scanned (None: every player's — only such a scan can end a
    proof)."""
    st = _tables(pricer, scale)
    if not st:
        return None
    n = len(pricer.pool)
    # the blossoms' tree: parent, and 2·(running sum of z) from the outermost down
    tree = _blossom_tree(blossoms, n + 1)
    if tree is None:
        return None  # not laminar: the Python pricing sums z pair by pair
    inner, bpar, czh, czl = tree
    # each group's first place among all; the floor of a pair of groups: the smallest D of
    # the lower group plus the groups' part (every other part is ≥ 0)
    ng, g2 = st["ng"], st["g2"]
    go = [0]
    dmin = []
    for members in pricer.groups:
        go.append(go[-1] + len(members))
        dmin.append(min((D[i] for i in members), default=FIT - 1))
    bypos = st.get("bypos")
    if bypos is None:  # each group's members by place
        bypos = st["bypos"] = np.empty(n, np.int64)
        for g, members in enumerate(pricer.groups):
            for i in members:
                bypos[go[g] + pricer.pool[i].pos] = i
    floor = [0] * (ng * ng)
    for ga in range(ng):
        for gb in range(ga, ng):
            floor[ga * ng + gb] = min(dmin[gb] + g2[ga * ng + gb], FIT - 1)
    # pairs skipped: those solved and the forbidden ones, per player
    fb = np.array(st["forbidden"], np.int64).reshape(-1, 2)
    skipo, skip = _skips(n, solved[0], solved[1], fb[:, 0].copy(), fb[:, 1].copy())
    bye = y_bye is not None
    # a bye edge's part past two words is cut to FIT − 1: with D > −FIT its reduced cost
    # stays ≥ 0, as it is (the bye's rank sits above every pair criterion: at 4000 players
    # the bye edges of the players far from the bye span more than two words; uncut, the
    # round was left unproven, "too many pairs to price")
    byew = [min(y_bye - w, FIT - 1) for w in st["byew"]] if bye else []
    words = [_two(x) for x in (D, byew, floor)]
    if any(w is None for w in words):
        return None
    (Dh, Dl), (byeh, byel), (fh, fl_) = words  # type: ignore[misc]
    if not bye:
        byeh = byel = np.zeros(n, np.int64)
    (G2h, G2l), (FLh, FLl), (COh, COl), (GEh, GEl), (IDh, IDl), (REh, REl) = (
        st[k] for k in ("G2", "FL", "CO", "GE", "ID", "RE"))
    # the tree's ranges by group and colour wish (3·group + wish: none, White, Black)
    ranges = _chain_ranges(n, 3 * ng, inner, bpar, 3 * st["grp"] + st["want"], Dh, Dl, czh, czl)
    args = (n, Dh, Dl, np.array(go, np.int64), bypos, ng, st["grp"],
            st["pos"], st["gsize"], st["style"], st["fstep"], st["want"], st["strong"],
            st["absw"], st["lastf"], st["club"], st["country"], G2h, G2l, FLh, FLl, COh, COl,
            GEh, GEl, IDh, IDl, REh, REl, skipo, skip, st["meto"], st["metj"], st["metr"],
            st["allow"], inner, bpar, czh, czl, *ranges, byeh, byel, bye, fh, fl_,
            np.arange(n, dtype=np.int64) if rows is None else rows)
    step = threads(n)
    rowcaps = np.full(n + 1, ROWCAP if rowcap is None else rowcap, np.int64)
    if caps is not None:  # a player the pricing lets take more pairs keeps more in its row
        np.maximum(rowcaps, caps, out=rowcaps)
    share = (max(1, cap // step), rowcaps)  # per thread
    if step == 1:
        parts = [_screen(*args, *share, 0, 1)]
    else:  # the rows shared out, every step-th to a thread (the kernel releases the GIL)
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(step) as pool:
            parts = list(pool.map(lambda first: _screen(*args, *share, first, step),
                                  range(step)))
    out = np.concatenate([o[:, :cnt] for cnt, o, _key, _cut in parts], axis=1)
    key = np.concatenate([k[:cnt] for cnt, _o, k, _cut in parts])
    cut = any(c for _cnt, _o, _k, c in parts)
    del parts
    order = np.argsort(key, kind="stable")  # the most negative bound first
    del key
    return Screened(out[0, order], out[1, order], tree, cut)


def weighs(pricer) -> bool:
    """Whether :func:`window_edges` can weigh this round's pairs: the screen's penalty of a
    pair is then exact and its refusals are exactly :meth:`.criteria.Evaluator.pair`'s
    (every reason but a forbidden pair, which it skips) — no graded or absolute colour gap
    (its EXCESS fields and its refusal are not here), no handicap (the ranks decide the
    colours), colour rules not relaxed — wherever no penalty part was cut to FIT − 1 (a
    part past the words' range, :func:`_static`: :func:`window_edges` weighs such a pair
    in Python)."""
    ctx = pricer.ev.ctx
    if ctx.colour_gap is not None or ctx.handicap or ctx.relax_colours:
        return False
    return bool(_tables(pricer, 1))


def window_edges(pricer, pairs: dict, vid: int) -> Edges:
    """The edges of a window's ``pairs`` (keys (i, j), i < j; j = :data:`.criteria.BYE`
    for the bye vertex, renumbered ``vid``, whose value is its penalty tuple; the other
    values are not read) as arrays (:class:`.nblossom.Edges`: ends and packed weights),
    weighed here in compiled code — the pairs the window may not offer (played before,
    forbidden, refused by the rules) left out.  Only for a round :func:`weighs`: the
    weights are then those of :meth:`.criteria.Packer.edges` on
    :meth:`.criteria.Evaluator.pair`'s tuples (``tests/core/test_nprice.py`` compares
    them), at a fraction of the time (a 4000-player window has 50 000 pairs, each a Python
    call of about 5 µs) and without a Python object per pair (a 16 000-player window has
    10⁵–10⁶)."""
    from .criteria import BYE
    assert weighs(pricer)
    packer = pricer.packer
    byes = [(i, packer.pack(t, True)) for (i, j), t in pairs.items() if j == BYE]
    m = len(pairs) - len(byes)
    I = np.fromiter((k[0] for k in pairs if k[1] != BYE), np.int64, m)
    J = np.fromiter((k[1] for k in pairs if k[1] != BYE), np.int64, m)
    ok, which, values, wide = _weigh(pricer, I, J, True)
    # the bye's edges and the pairs weighed by Evaluator.pair: more values, indexed last
    extra = [(i, vid, w) for i, w in byes] + \
        [(int(I[k]), int(J[k]), w) for k, w in wide.items() if w is not None]
    u, v, w = I[ok], J[ok], which[ok]
    if extra:
        xu, xv = (np.array(c, np.int64) for c in list(zip(*extra))[:2])
        xw = np.arange(len(values), len(values) + len(extra), dtype=np.int64)
        values = values + [x for _i, _j, x in extra]
        u, v, w = np.concatenate([u, xu]), np.concatenate([v, xv]), np.concatenate([w, xw])
    return Edges(u, v, w, values)


def threads(n: int) -> int:
    """Threads for the screen of an n-player round: one below :data:`THREADS_FROM` players,
    else one per processor this process may run on (at most :data:`MAX_THREADS`)."""
    if n < THREADS_FROM:
        return 1
    import os
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every platform)
        cpus = os.cpu_count() or 1
    return max(1, min(MAX_THREADS, cpus))


class Screened:
    """The pairs the screen returns, the most negative bound first: ``i``, ``j`` (numpy),
    :meth:`z2` for the exact check, :meth:`pick` to spread a selection over the field;
    ``partial`` when the scan was cut short (:func:`screen`)."""

    def __init__(self, i: np.ndarray, j: np.ndarray, tree, partial: bool = False):
        self.i, self.j, self._tree, self.partial = i, j, tree, partial

    def __len__(self) -> int:
        return int(self.i.shape[0])

    def z2(self, ps: list[int]) -> list[int]:
        """2·Z of the pairs at positions ``ps``."""
        idx = np.array(ps, np.int64)
        inner, bpar, czh, czl = self._tree
        return _ints(*_pair_sums(inner, bpar, czh, czl, self.i[idx], self.j[idx]))

    def pick(self, caps: np.ndarray, limit: int, seed: int | None = None) -> list[int]:
        """The first pairs with at most ``caps[v]`` at each vertex v (the ``n + 1``), at most
        ``limit`` (positions).  A vertex that reaches its cap has it doubled in ``caps``: one
        whose violations outnumber it (a player the duals price far too low against a whole
        group) is settled in a few resumes, not one resume per cap's worth.  "First" in the
        screen's order (the most violated first), or with ``seed`` in an order drawn from it
        (:func:`shuffled`)."""
        if seed is None:
            return _pick(self.i, self.j, caps, limit).tolist()
        order = shuffled(self.i, self.j, seed)
        return order[_pick(self.i[order], self.j[order], caps, limit)].tolist()


def shuffled(i: np.ndarray, j: np.ndarray, seed: int) -> np.ndarray:
    """The positions of the pairs (i, j) in an order drawn from ``seed``: by a 64-bit mix
    (splitmix64's finaliser) of each pair and the seed, ties by position.  Integer
    arithmetic only, so the order is the same on every machine and numpy version (numpy's
    generators promise no such thing); the same seed gives the same order."""
    with np.errstate(over="ignore"):  # (uint64 products wrap, as the mix means them to)
        x = (i.astype(np.uint64) << np.uint64(32)) | j.astype(np.uint64)
        x ^= np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
        x += np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x ^= x >> np.uint64(31)
    return np.argsort(x, kind="stable")


__all__ = ["Screened", "blossom_faults", "edge_faults", "pair_sums", "screen", "shuffled",
           "vertex_sums"]
