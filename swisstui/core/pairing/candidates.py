"""Candidate pairs and the decomposition (docs/PAIRING.md "Speed: the decomposition").

A complete graph costs O(n²) edges of about a microsecond each plus an O(n³) blossom, so a large
field is paired on a *candidate* graph (window ``k``):

* inside a score group, each player is joined to the places within ``k`` of its ideal partner
  (fold: n−1−p, slide: p ± n/2; adjacent: its neighbours, so back-ups stay inside); a group
  of at most 4k+2 players is complete;
* between groups one and two apart, the ``k`` lowest of the upper group are joined to the ``k``
  highest of the lower group (where floats happen: :func:`.criteria.float_ideal`); a group of
  at most 2k+1 players is joined to every player of those neighbouring groups;
* the dummy bye vertex is joined to the ``2k+1`` players with the best bye penalties.

The windowed answer is accepted only if every player is paired, no relaxed rule is used, and
the next wider window (2k) gives the same objective; a window whose chosen pairs lie on its
edge (:meth:`Candidates.on_boundary`) is never accepted itself.  Otherwise the window doubles,
and finally the complete graph is solved.  Fields up to
:data:`FULL_LIMIT` players always use the complete graph.  ``tests/test_pairing_decompose.py``
checks that the decomposed objective equals the complete-graph objective on random events.
"""

from __future__ import annotations

import random
from collections import Counter

from .criteria import BYE, EXCESS_IDX, REMATCH_IDX, Evaluator
from .groups import PState, det_hash

FULL_LIMIT = 300  # up to this many players the complete graph: exact by construction
START_WINDOW = 6
GOOD_MIN = 6  # at least this many clean partners / floaters of each kind
SPREAD = 3  # the proof's window (:meth:`Candidates.spread`): random partners in the group …
SPREAD_ACROSS = 3  # … and in the next group down, per player …
SPREAD_FROM = 48  # … of a group larger than this
_MISSING = object()  # not in the cache (None there means a blocked pair)
UNWEIGHED: tuple[int, ...] = ()  # a pair of a window built with ``weigh=False``


def ideal_partner(st: PState, style: str) -> int:
    n = st.gsize
    if style == "fold":
        return n - 1 - st.pos
    if style == "slide":
        half = n // 2
        return st.pos + half if st.pos < half else st.pos - half
    return st.pos + 1 if st.pos % 2 == 0 else st.pos - 1


class Candidates:
    """The candidate graph of one window; vertices are field indices, ``BYE`` the dummy."""

    def __init__(self, field: list[PState], ev: Evaluator, k: int | None, bye: bool,
                 cache: dict | None = None, weigh: bool = True):
        self.field, self.ev, self.k = field, ev, k
        # weigh=False (the compiled proof, engine._proven): the pairs are only listed, each
        # as UNWEIGHED, and weighed in bulk by the caller (nprice.window_edges), which also
        # leaves out those the rules refuse; the bye's edges keep their tuples
        self.weigh = weigh
        self.cache = {} if cache is None else cache  # (i, j) -> tuple | None, across windows
        self.style = ev.ctx.style
        self.edges: dict[tuple[int, int], tuple[int, ...]] = {}
        self.groups: list[tuple[int, int]] = []  # (start, size) per group index
        start = 0
        for i, st in enumerate(field):
            if i == len(field) - 1 or field[i + 1].group != st.group:
                self.groups.append((start, i + 1 - start))
                start = i + 1
        self.complete_groups: set[int] = set()
        self.kp: dict[int, int] = {}  # own window of a player (local widening)
        self.float_edge: set[int] = set()  # floaters offered last of their kind
        self.full_cross: set[tuple[int, int]] = set()  # group pairs joined completely
        self.bye_list: list[int] = []
        self._fact_lists: tuple[list, list, list] | None = None
        self._tallies: dict[int, tuple[Counter, Counter]] = {}  # _floaters, per group start
        if k is None:
            self._complete()
        else:
            self._windowed(k)
        if bye:
            self._bye(k)

    def _add(self, i: int, j: int) -> None:
        key = (i, j) if i < j else (j, i)
        if key in self.edges:
            return
        if not self.weigh:
            self.edges[key] = UNWEIGHED
            return
        t = self.cache.get(key, _MISSING)
        if t is _MISSING:
            t = self.cache[key] = self.ev.pair(self.field[key[0]], self.field[key[1]])
        if t is not None and not t[REMATCH_IDX] and not t[EXCESS_IDX]:
            # a window never offers a rematch or a colour excess: see engine._match
            self.edges[key] = t

    def _complete(self) -> None:
        f = self.field
        n = len(f)
        pair, edges = self.ev.pair, self.edges
        for i in range(n):
            a = f[i]
            for j in range(i + 1, n):
                t = pair(a, f[j])
                if t is not None:
                    edges[(i, j)] = t
        self.complete_groups = set(range(len(self.groups)))

    def _windowed(self, k: int) -> None:
        for g, (s, m) in enumerate(self.groups):
            if m <= 2 * k + 2:
                self.complete_groups.add(g)
                for i in range(s, s + m):
                    for j in range(i + 1, s + m):
                        self._add(i, j)
                continue
            for i in range(s, s + m):
                self._around(i, k)
        ng = len(self.groups)
        for g in range(ng):
            s, m = self.groups[g]
            for d in (1, 2):
                if g + d >= ng:
                    break
                s2, m2 = self.groups[g + d]
                if m <= k + 1 or m2 <= k + 1:  # a small group meets all its neighbour
                    self.full_cross.add((g, g + d))
                    up: range | list[int] = range(s, s + m)
                    low: range | list[int] = range(s2, s2 + m2)
                else:
                    up = self._floaters(s, m, k, -1)
                    low = self._floaters(s2, m2, k, 1)
                for i in up:
                    for j in low:
                        self._add(i, j)

    def spread(self, within: int, across: int, seed: object) -> None:
        """Join each player with a colour wish in a large group to ``within`` partners drawn
        at random from its own group and ``across`` from the next group down, each with a
        compatible wish (different, or none), seeded by ``seed`` (:func:`.groups.det_hash`:
        the same on every machine).

        Only the proof uses it (engine._proven).  A window joins a player to the places
        near its ideal partner, so the duals of its optimum agree only locally: along a big
        group they drift by whole COLOUR units, and the far pairs of the complete graph —
        all of one weight past :data:`.criteria.IDEAL_CAP` — come out violated by
        thousands, priced in over many resumes.  A few random partners make each group one
        well-connected graph, so the solved duals must agree across it.  Measured on
        4000-player chess rounds: 12 000–35 000 pairs priced in over 7–12 resumes without,
        2 400–11 500 over 4–7 with (docs/PAIRING.md "The proof").  The pairs only add
        choices; the proof decides what is optimal.  Without colour wishes (Magic) the
        window's duals need no help (0 pairs priced in) and nothing is added.  In a window
        not weighed here (``weigh=False``) a drawn pair the rules refuse (a rematch) still
        counts as one of the player's draws; it is left out when the window is weighed."""
        rng = random.Random(det_hash("spread", seed))
        draw = rng.random
        want = self._facts()[0]
        edges, add = self.edges, self._add
        ng = len(self.groups)
        for g, (s, m) in enumerate(self.groups):
            if m <= SPREAD_FROM:
                continue
            for other, count in ((g, within), (g + 1, across)):
                if not count or other >= ng:
                    continue
                s2, m2 = self.groups[other]
                for i in range(s, s + m):
                    wi, got = want[i], 0
                    if wi is None:
                        continue
                    for _try in range(4 * count):  # (a draw may clash or repeat)
                        j = s2 + int(draw() * m2)
                        if j == i or want[j] == wi:
                            continue
                        key = (i, j) if i < j else (j, i)
                        if key in edges:
                            continue
                        add(i, j)
                        if key in edges:  # (not a pair the rules refuse)
                            got += 1
                            if got == count:
                                break

    def _around(self, i: int, k: int) -> None:
        """In-group candidates of player ``i`` with window ``k`` (its own window size)."""
        st = self.field[i]
        s, m = self.groups[st.group]
        self.kp[i] = k
        c = ideal_partner(st, self.style)
        lo, hi = (c - k, c + k) if self.style in ("fold", "slide") else (st.pos - k, st.pos + k)
        edges, add, pos = self.edges, self._add, st.pos
        for j in range(s + max(0, lo), s + min(m - 1, hi) + 1):
            # (a pair already offered from the other side is skipped here: _add would)
            if j != s + pos and ((i, j) if i < j else (j, i)) not in edges:
                add(i, j)
        self._good(i, s, m, c, k)

    def widen(self, pairs: list[tuple[int, int]]) -> bool:
        """Local widening: double the own window of both players of each boundary pair inside
        a score group.  False if some pair cannot be widened locally (floats, the bye)."""
        for i, j in pairs:
            if i == BYE or j == BYE or self.field[i].group != self.field[j].group:
                return False
            for x in (i, j):
                self._around(x, 2 * self.kp.get(x, self.k or 1))
        return True

    def _floaters(self, s: int, m: int, k: int, direction: int) -> list[int]:
        """Who may float out of the group at ``s`` (size m): the ``k`` nearest the boundary,
        and the ``k`` nearest of every kind the criteria above the ideal tell apart — each
        colour wish, and players who did not float this way last round (FLOAT)."""
        f, prefs = self.field, self.ev.prefs
        k = max(k, GOOD_MIN)
        places = range(s + m - 1, s - 1, -1) if direction == -1 else range(s, s + m)
        out: list[int] = []
        counts: dict = {}
        # how many of each kind the group holds: once every kind has k taken or none left,
        # no later player can be taken (the walk stops there)
        tally = self._tallies.get(s)
        if tally is None:  # per group: colour wishes, last floats (read by up to 4 calls)
            tally = self._tallies[s] = (
                Counter(prefs[f[i].id].want for i in range(s, s + m)),
                Counter(f[i].last_float for i in range(s, s + m)))
        same = tally[1][direction]  # players who floated this way last round
        left: dict = {"near": m, ("fresh", True): m - same, ("fresh", False): same}
        for want, count in tally[0].items():
            left[("want", want)] = count
        open_kinds = sum(1 for n in left.values() if n)
        for i in places:
            st = f[i]
            kinds = ("near", ("want", prefs[st.id].want), ("fresh", st.last_float != direction))
            take = False
            last = False
            for kind in kinds:
                c = counts.get(kind, 0)
                n = left[kind] = left[kind] - 1
                if c < k:
                    counts[kind] = c + 1
                    take = True
                    last = last or c + 1 == k
                    if c + 1 == k or not n:
                        open_kinds -= 1
            if take:
                out.append(i)
                if last:  # the k-th of its kind: a floater beyond it was not offered
                    self.float_edge.add(i)
            if not open_kinds:
                break
        return out

    def _good(self, i: int, s: int, m: int, c: int, k: int) -> None:
        """Also join ``i`` to the ``k`` places nearest its ideal partner that are a *clean*
        pair — no colour clash, no shared club or country — so the colour and geography
        criteria can be met by exchanges reaching beyond the window."""
        ev, add, edges = self.ev, self._add, self.edges
        k = max(k, GOOD_MIN)
        want, clubs, countries = self._facts()
        pos = self.field[i].pos
        pa = want[i]
        cw, ccw = ev.ctx.club_weight, ev.ctx.country_weight
        club = clubs[i] if cw else None  # a weight of 0: the criterion is off
        country = countries[i] if ccw else None
        found = geo_only = colour_only = 0
        for step in range(1, 16 * k):
            for q in (c - step, c + step):
                if q < 0 or q >= m or q == pos:
                    continue
                b = s + q
                if (club and clubs[b] == club) or (country and countries[b] == country):
                    if colour_only < k and (pa is None or want[b] != pa):
                        colour_only += 1
                        if ((i, b) if i < b else (b, i)) not in edges:
                            add(i, b)
                    continue
                if pa is not None and want[b] == pa:
                    if geo_only < k:
                        geo_only += 1
                        if ((i, b) if i < b else (b, i)) not in edges:
                            add(i, b)
                    continue
                if ((i, b) if i < b else (b, i)) not in edges:
                    add(i, b)
                found += 1
            if found >= k or (c - step < 0 and c + step >= m):
                return

    def _facts(self) -> tuple[list, list, list]:
        """Per field index: colour wish, club, country (read by :meth:`_good`)."""
        if self._fact_lists is None:
            prefs = self.ev.prefs
            self._fact_lists = ([prefs[st.id].want for st in self.field],
                                [st.player.club for st in self.field],
                                [st.player.country for st in self.field])
        return self._fact_lists

    def _bye(self, k: int | None) -> None:
        ev, f = self.ev, self.field
        pens = sorted(((ev.bye(st), i) for i, st in enumerate(f)))
        if k is not None:
            pens = pens[:2 * k + 1]
        self.bye_list = [i for _, i in pens]
        for t, i in pens:
            self.edges[(i, BYE)] = t

    def saturated(self) -> bool:
        """Whether widening this window cannot add edges but the far floats (d ≥ 3)."""
        ng = len(self.groups)
        return len(self.complete_groups) == ng and all(
            (g, g + d) in self.full_cross for g in range(ng) for d in (1, 2) if g + d < ng)

    # ---- acceptance -------------------------------------------------------------------------
    def on_boundary(self, i: int, j: int) -> bool:
        """Whether the chosen pair (i, j) lies on the edge of its window (so a wider window
        might do better).  Always False for the complete graph."""
        k = self.k
        if k is None:
            return False
        f = self.field
        if j == BYE or i == BYE:
            idx = i if j == BYE else j  # not the best bye candidate: something forced it
            return self.bye_list[0] != idx
        a, b = f[i], f[j]
        if a.group == b.group:
            if a.group in self.complete_groups:
                return False
            ka, kb = self.kp.get(i, k), self.kp.get(j, k)
            if self.style in ("fold", "slide"):
                return abs(b.pos - ideal_partner(a, self.style)) >= ka and \
                    abs(a.pos - ideal_partner(b, self.style)) >= kb
            return abs(a.pos - b.pos) >= min(ka, kb)
        up, low = (a, b) if a.group < b.group else (b, a)
        if low.group - up.group >= 2:  # a late, constrained round: check wider
            return True
        if (up.group, low.group) in self.full_cross:
            return False
        return i in self.float_edge or j in self.float_edge
