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
Python's integers (``Evaluator.pair``) before it calls it a violation, so the screen can only
cost time, never correctness — as long as the bound is a bound, which
``tests/core/test_nprice.py`` checks against the pure-Python pricing.

Values are two int64 words (hi·2⁶² + lo, as :mod:`.nblossom`); a round whose duals or
penalties do not fit (beyond 2¹²⁰) is priced by the Python code instead.
"""

from __future__ import annotations

from itertools import chain, compress

import numpy as np
from numba import njit

from .nblossom import Tree, _add, _ints, _words

FIT = 1 << 120  # every input below this in magnitude: sums of a few stay within two words
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
             REh, REl):
    """For the pairs I[p] < J[p]: whether a window offers the pair (the players never met —
    a window offers no rematch — and :func:`_part` allows it) and its penalty, the groups'
    part plus :func:`_part`'s (two words)."""
    m = I.shape[0]
    ok = np.zeros(m, np.bool_)
    ph = np.zeros(m, np.int64)
    pl = np.zeros(m, np.int64)
    met = np.zeros(n + 1, np.int64)  # (stays 0: a pair already played is skipped first)
    for p in range(m):
        i, j = I[p], J[p]
        played = False
        for q in range(meto[i], meto[i + 1]):
            if metj[q] == j:
                played = True
                break
        if played:
            continue
        ga, gb = grp[i], grp[j]
        f = ga * ng + gb
        good, rh, rl = _part(i, j, ga, gb, G2h[f], G2l[f], allow, met, absw, gsize, pos, style,
                             fstep, lastf, want, strong, club, country, IDh, IDl, FLh, FLl,
                             COh, COl, GEh, GEl, REh, REl)
        if good:
            ok[p] = True
            ph[p] = rh
            pl[p] = rl
    return ok, ph, pl


@njit(cache=True, nogil=True)
def _screen(n, Dh, Dl, go, bypos, ng, grp, pos, gsize, style, fstep, want, strong, absw, lastf,
            club, country, G2h, G2l, FLh, FLl, COh, COl, GEh, GEl, IDh, IDl, REh, REl, skipo,
            skip, meto, metj, metr, allow, inner, bpar, czh, czl, dso, dmv, cho, chv, mnv,
            rank, byeh, byel, bye, floor_h, floor_l, rows, cap, rowcaps, first, step):
    """(count, rows i and j, the bound rounded to a float, whether the scan was cut short)
    of every pair i < j (j = n: the bye vertex) whose bound is negative: at most
    ``rowcaps[i]`` in player i's row (the most negative of the first ROWSPAN times that
    found, where the row stops) and at most ``cap`` in all (past that the scan stops); either cut sets
    the last answer.  Only the rows of the players in ``rows`` (all of them for a complete
    scan), every ``step``-th from ``first``.

    Per player i and group: first the group's forests of blossoms (:func:`_forests`), one
    per colour wish, depth first from the root: a node's own members by D, smallest first,
    until D_i + D_j + the groups' part + IDEAL at its cap (+ COLOUR for i's own wish) + 2·Z
    passes (Z is the same for every member of a node off i's chain of blossoms, and at least
    its running sum on the chain; every later member then passes unless its IDEAL is below
    the cap), and the node's child blossoms by their smallest D until one passes so (every
    later one passes whole); then the members whose IDEAL is below the cap (near the
    in-group ideal, or a float near the boundary) by place, those the forests did not
    reach."""
    out = np.empty((2, min(cap, 16 * n + 1024)), np.int32)  # i, j
    key = np.empty(out.shape[1], np.float32)  # the bound, rounded: the order of the pairs
    cnt = 0
    nb = bpar.shape[0]  # the forest's root: node nb, every vertex, z = 0
    mark = np.full(n + 1, -1, np.int64)  # partners skipped for the current i
    seen = np.full(n + 1, -1, np.int64)  # partners reached by the forest for the current i
    met = np.zeros(n + 1, np.int64)  # round of the last game with the current i, else 0
    anc = np.full(nb + 1, -1, np.int64)  # blossoms holding the current i (and the root)
    down = np.full(nb + 1, -1, np.int64)  # … each one's child holding i
    memo = np.full(nb + 1, -1, np.int64)  # inner blossom of j → Z known for i
    mzh = np.zeros(nb + 1, np.int64)
    mzl = np.zeros(nb + 1, np.int64)
    stk = np.empty(nb + 1, np.int64)  # the forest's nodes to visit, with their 2·Z
    skh = np.empty(nb + 1, np.int64)
    skl = np.empty(nb + 1, np.int64)
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
        below = -1
        while b >= 0:
            anc[b] = i
            down[b] = below
            below = b
            b = bpar[b]
        anc[nb] = i
        down[nb] = below
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
            # the largest IDEAL below the cap a pair of these groups can fail with: D_i +
            # the floor + IDEAL < 0 (every other part is ≥ 0); the places scanned by place
            # are those whose IDEAL may be at most that
            ilo, ihi = 0, icap - 1
            while ilo < ihi:
                mid = (ilo + ihi + 1) // 2
                xh, _xl = _add(th, tl, IDh[mid], IDl[mid])
                if xh < 0:
                    ilo = mid
                else:
                    ihi = mid - 1
            imax = ilo
            # the forest of group gb, depth first, from the root
            th0, tl0 = _add(dih, dil, caph, capl)
            th0, tl0 = _add(th0, tl0, gh, gl)  # D_i + the groups' part + IDEAL at its cap
            for c in range(3):  # its members by colour wish: none, White, Black
                sg = 3 * gb + c
                if mnv[nb, sg] < 0:
                    continue  # nobody of this wish in the group
                # a pair of the same wish takes COLOUR at least
                ch0, cl0 = _add(th0, tl0, COh[1], COl[1]) if want[i] and want[i] == c \
                    else (th0, tl0)
                stk[0], skh[0], skl[0] = nb, 0, 0
                sp = 1
                while sp > 0 and row < rowlim:
                    sp -= 1
                    a = stk[sp]
                    zh_, zl_ = skh[sp], skl[sp]  # 2·Z of i and the members of a off i's chain
                    if anc[a] == i and a < nb:
                        zh_, zl_ = czh[a], czl[a]
                    bh, bl = _add(ch0, cl0, zh_, zl_)
                    for q in range(dso[a, sg], dso[a, sg + 1]):  # a's own of gb and c, by D
                        j = dmv[q]
                        th, tl = _add(bh, bl, Dh[j], Dl[j])
                        if th >= 0:
                            break  # every later one passes unless its IDEAL is below the cap
                        seen[j] = i
                        if j == i or (gb == ga and j < i) or mark[j] == i:
                            continue
                        rh, rl = _add(dih, dil, Dh[j], Dl[j])
                        rh, rl = _add(rh, rl, gh, gl)
                        ok, rh, rl = _part(i, j, ga, gb, rh, rl, allow, met, absw, gsize, pos,
                                           style, fstep, lastf, want, strong, club, country,
                                           IDh, IDl, FLh, FLl, COh, COl, GEh, GEl, REh, REl)
                        if not ok:
                            continue
                        rh, rl = _add(rh, rl, zh_, zl_)
                        if rh < 0:
                            cnt, row, out, key = _push(out, key, cnt, row, cap, rowlim, i, j,
                                                       rh, rl)
                            if row >= rowlim:
                                break
                    # the child blossoms off i's chain, by their smallest D in gb: Z as a's
                    # members'
                    for k in range(cho[sg, a], cho[sg, a + 1]):
                        b = chv[k]
                        if anc[b] == i:
                            continue
                        v = mnv[b, sg]
                        th, tl = _add(bh, bl, Dh[v], Dl[v])
                        if th >= 0:
                            break  # this child and every later one pass whole
                        stk[sp], skh[sp], skl[sp] = b, zh_, zl_
                        sp += 1
                    # the child holding i: its members' Z is at least its own running sum
                    b = down[a] if anc[a] == i else -1
                    if b >= 0 and mnv[b, sg] >= 0:
                        v = mnv[b, sg]
                        th, tl = _add(ch0, cl0, czh[b], czl[b])
                        th, tl = _add(th, tl, Dh[v], Dl[v])
                        if th < 0:
                            stk[sp], skh[sp], skl[sp] = b, czh[b], czl[b]
                            sp += 1
                if row >= rowlim:
                    break
            if row >= rowlim:
                break  # the row is full: on to the next player
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
                        continue  # reached in the forest
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
def _forests(n, ng, inner, bpar, order, grp, byd):
    """The blossoms' forest as :func:`_screen` walks it, one per group ``grp`` gives (the
    screen's: score group and colour wish), node nb its root
    (every vertex, z = 0), given the blossoms' order (parents first) and the players by D
    (``byd``): each node's own players (those in no smaller blossom) by group, then D
    (``dmv``; node a's of group g from ``dso[a, g]`` to ``dso[a, g + 1]``); the player of
    the smallest D of each group in each node's subtree (``mnv[a, g]``, −1: none); each
    node's child blossoms holding a player of group g, by that smallest D (``chv`` from
    ``cho[g, a]`` to ``cho[g, a + 1]``)."""
    nb = bpar.shape[0]
    node = np.empty(n, np.int64)
    for v in range(n):
        node[v] = inner[v] if inner[v] >= 0 else nb
    start = np.zeros((nb + 1) * ng + 1, np.int64)
    for v in range(n):
        start[node[v] * ng + grp[v] + 1] += 1
    for k in range(1, start.shape[0]):
        start[k] += start[k - 1]
    dso = np.empty((nb + 1, ng + 1), np.int64)
    for a in range(nb + 1):
        for g in range(ng + 1):
            dso[a, g] = start[a * ng + g]
    fill = start.copy()
    dmv = np.empty(n, np.int64)
    rank = np.empty(n + 1, np.int64)
    rank[n] = n  # the bye vertex last
    minr = np.full((nb + 1, ng), n, np.int64)
    for r in range(n):  # by D: each node's group in that order
        v = byd[r]
        rank[v] = r
        k = node[v] * ng + grp[v]
        dmv[fill[k]] = v
        fill[k] += 1
        if r < minr[node[v], grp[v]]:
            minr[node[v], grp[v]] = r
    for k in range(order.shape[0] - 1, -1, -1):  # children before parents
        b = order[k]
        par = bpar[b] if bpar[b] >= 0 else nb
        for g in range(ng):
            if minr[b, g] < minr[par, g]:
                minr[par, g] = minr[b, g]
    mnv = np.full((nb + 1, ng), -1, np.int64)
    for a in range(nb + 1):
        for g in range(ng):
            if minr[a, g] < n:
                mnv[a, g] = byd[minr[a, g]]
    cho = np.zeros((ng, nb + 2), np.int64)
    total = 0
    for g in range(ng):
        for b in range(nb):
            if minr[b, g] < n:
                total += 1
    chv = np.empty(total, np.int64)
    at = 0
    sortkey = np.empty(nb, np.int64)
    for g in range(ng):
        m = 0
        for b in range(nb):
            if minr[b, g] < n:
                par = bpar[b] if bpar[b] >= 0 else nb
                sortkey[m] = par * (n + 1) + minr[b, g]
                chv[at + m] = b
                cho[g, par + 1] += 1
                m += 1
        srt = np.argsort(sortkey[:m], kind="mergesort")
        chv[at:at + m] = chv[at:at + m][srt]
        cho[g, 0] = at
        for a in range(nb + 1):
            cho[g, a + 1] += cho[g, a]
        at += m
    return dso, dmv, cho, chv, mnv, rank


def _forest(n: int, ng: int, inner: np.ndarray, bpar: np.ndarray, grp: np.ndarray,
            Dh: np.ndarray, Dl: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_forests` of the blossoms' tree (inner, parent) and the duals D (two words)."""
    byd = np.lexsort((Dl[:n], Dh[:n]))  # the players by D (two words, hi first)
    order, _ok = _order(n + 1, inner, bpar)
    return _forests(n, ng, inner, bpar, order, grp, byd)


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
    from .colours import ABSOLUTE
    from .criteria import FIELDS, FLOAT_STEP, IDEAL_CAP
    pool, ev, packer = pricer.pool, pricer.ev, pricer.packer
    ctx = ev.ctx
    n = len(pool)
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
    maxr = max((r for st in pool for r in st.met.values()), default=0)
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
    prefs = ev.prefs
    codes = {None: 0, "w": 1, "b": 2}
    want = np.zeros(n, np.int64)
    strong = np.zeros(n, np.int64)
    absw = np.zeros(n, np.int64)
    fide_rule = ev._colour_rule and ctx.mode == "fide"
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
    out.update(
        want=want, strong=strong, absw=absw, club=club, country=country, forbidden=forbidden,
        grp=np.array([st.group for st in pool], np.int64),
        pos=np.array([st.pos for st in pool], np.int64),
        gsize=np.array([st.gsize for st in pool], np.int64),
        lastf=np.array([st.last_float for st in pool], np.int64),
        style={"fold": 0, "slide": 1}.get(ctx.style, 2), fstep=FLOAT_STEP, meto=meto,
        metj=np.array([j for x in mets for j, _r in x], np.int64),
        metr=np.array([r for x in mets for _j, r in x], np.int64),
        allow=bool(ctx.allow_rematch),
        byew=[two * packer.pack(t, True) - scale * pricer.w0
              for t in (pricer._bye_t or [ev.bye(st) for st in pool])] if pricer.bye else [])
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
    :meth:`Screened.pick`), and ``cap`` in all: past either the scan goes on to the next row or stops, and the answer is marked
    :attr:`Screened.partial` (its pairs are violated ones to price in, but an empty answer
    would prove nothing).  ``D`` as in the module docstring; ``y_bye`` the bye vertex's dual
    (None without a bye); ``solved`` the pairs already in the graph, as two arrays of ends
    (i < j; j = n for the bye); ``rows`` the players whose rows are scanned (None: every
    player's — only such a scan can end a proof)."""
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
    byew = [y_bye - w for w in st["byew"]] if bye else []
    words = [_two(x) for x in (D, byew, floor)]
    if any(w is None for w in words):
        return None
    (Dh, Dl), (byeh, byel), (fh, fl_) = words  # type: ignore[misc]
    if not bye:
        byeh = byel = np.zeros(n, np.int64)
    (G2h, G2l), (FLh, FLl), (COh, COl), (GEh, GEl), (IDh, IDl), (REh, REl) = (
        st[k] for k in ("G2", "FL", "CO", "GE", "ID", "RE"))
    # the forests by group and colour wish (3·group + wish: none, White, Black)
    forest = _forest(n, 3 * ng, inner, bpar, 3 * st["grp"] + st["want"], Dh, Dl)
    args = (n, Dh, Dl, np.array(go, np.int64), bypos, ng, st["grp"],
            st["pos"], st["gsize"], st["style"], st["fstep"], st["want"], st["strong"],
            st["absw"], st["lastf"], st["club"], st["country"], G2h, G2l, FLh, FLl, COh, COl, GEh, GEl,
            IDh, IDl, REh, REl, skipo, skip, st["meto"], st["metj"], st["metr"], st["allow"],
            inner, bpar, czh, czl, *forest, byeh, byel, bye, fh, fl_,
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
    """Whether :func:`window_edges` can weigh this round's pairs exactly: the screen's bound
    of a pair is then its exact penalty and its refusals are exactly
    :meth:`.criteria.Evaluator.pair`'s (every reason but a forbidden pair, which it skips) —
    no graded or absolute colour gap (its EXCESS fields and its refusal are not here), no
    handicap (the ranks decide the colours), colour rules not relaxed — and every penalty
    part fits the words uncut (each is below 2 << the packer's widths summed, 1 << bits, at
    scale 1; a part cut to FIT − 1 would not be exact)."""
    ctx = pricer.ev.ctx
    if ctx.colour_gap is not None or ctx.handicap or ctx.relax_colours or \
            1 << pricer.packer.bits >= FIT:
        return False
    return bool(_tables(pricer, 1))


def window_edges(pricer, pairs: dict, vid: int) -> list[tuple[int, int, int]]:
    """The edges ``(i, j, packed weight)`` of a window's ``pairs`` (keys (i, j), i < j; j =
    :data:`.criteria.BYE` for the bye vertex, renumbered ``vid``, whose value is its penalty
    tuple; the other values are not read), weighed here in compiled code — the pairs the
    window may not offer (played before, forbidden, refused by the rules) left out.  Only
    for a round :func:`weighs`: the weights are then those
    of :meth:`.criteria.Packer.edges` on :meth:`.criteria.Evaluator.pair`'s tuples
    (``tests/core/test_nprice.py`` compares them), at a fraction of the time (a 4000-player
    window has 50 000 pairs, each a Python call of about 5 µs)."""
    from .criteria import BYE
    assert weighs(pricer)
    st = _tables(pricer, 1)
    packer, w0 = pricer.packer, pricer.w0
    forbidden = {(a, b) if a < b else (b, a) for a, b in st["forbidden"]}
    out = [(i, vid, packer.pack(t, True)) for (i, j), t in pairs.items() if j == BYE]
    keys = [k for k in pairs if k[1] != BYE and k not in forbidden]
    if not keys:
        return out
    I = np.fromiter((k[0] for k in keys), np.int64, len(keys))
    J = np.fromiter((k[1] for k in keys), np.int64, len(keys))
    n = len(pricer.pool)
    (G2h, G2l), (FLh, FLl), (COh, COl), (GEh, GEl), (IDh, IDl), (REh, REl) = (
        st[k] for k in ("G2", "FL", "CO", "GE", "ID", "RE"))
    ok, ph, pl = _weighed(I, J, n, st["ng"], st["grp"], G2h, G2l, st["allow"], st["meto"],
                          st["metj"], st["metr"], st["absw"], st["gsize"], st["pos"],
                          st["style"], st["fstep"], st["lastf"], st["want"], st["strong"],
                          st["club"], st["country"], IDh, IDl, FLh, FLl, COh, COl, GEh, GEl,
                          REh, REl)
    del I, J
    # a round has a few thousand distinct penalties: one weight object each, shared by its
    # pairs (memory: 10⁵–10⁶ pairs at 16 000 players), the pairs' own key tuples reused
    parts, which = np.unique(np.stack([ph[ok], pl[ok]], axis=1), axis=0, return_inverse=True)
    weights = [w0 - t // 2 for t in _ints(parts[:, 0], parts[:, 1])]  # 2·penalty (scale 1)
    kept = compress(keys, ok.tolist())
    out.extend((k[0], k[1], weights[x]) for k, x in zip(kept, which.reshape(-1).tolist()))
    return out


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

    def pick(self, caps: np.ndarray, limit: int) -> list[int]:
        """The first pairs with at most ``caps[v]`` at each vertex v (the ``n + 1``), at most
        ``limit`` (positions).  A vertex that reaches its cap has it doubled in ``caps``: one
        whose violations outnumber it (a player the duals price far too low against a whole
        group) is settled in a few resumes, not one resume per cap's worth."""
        return _pick(self.i, self.j, caps, limit).tolist()


__all__ = ["Screened", "blossom_faults", "pair_sums", "screen", "vertex_sums"]
