"""Pairing a round bracket by bracket (FIDE C.04.3 A.3, B, C, D; 2026 text).

Players are ranked by score, then pairing number (A.2).  Score groups are paired from the
top; a bracket is the score group plus the players moved down from above (MDPs).  For each
bracket one maximum-weight matching over *all* players still unpaired finds the best value
of the criteria (:mod:`.criteria`): the completion term keeps the rest of the round
pairable (C4), the bracket terms rank the bracket's choices (C5-C21).  Among the equally
good pairings the Dutch order of candidates (C.04.3 D) is then followed, one decision at a
time, each time asking the matching whether an equally good pairing still exists:

1. the MDPs that are paired: the highest-ranked first (D.3, exchanges with the limbo);
2. their opponents: for each paired MDP in order, the highest-ranked resident (D.1);
3. the remainder (the residents left, a homogeneous bracket): S1 is its top half of the
   pairs it forms; the fewest exchanges between S1 and S2, then the smallest difference of
   the exchanged pairing-order numbers, then the lowest S1 players moved out, then the
   highest S2 players moved in (D.2);
4. for each S1 player in order the highest-ranked S2 opponent (transpositions, D.1).

The players left unpaired move down to the next bracket; the one player left at the end
receives the pairing-allocated bye.

Speed without changing the answer (docs/PAIRING.md, "How the Dutch engine stays fast"): a
bracket is first weighed alone (C4 and C8 left out) and that pairing is kept when the next
bracket can still get the most pairs and have every downfloater paired (the best C8 value any
pairing could give it, fixed by C6/C7) while the rest of the round completes — then it is the
Dutch-first of the best pairings of the bracket with the next group too; else the bracket is
weighed with the next score group (C4 left out), kept when the rest of the round, with the
next group's pairs it counted for C8, can still be completed; else with the whole round.
Completion is first tried greedily (near-rank pairs), a matching only when that fails.  The
terms are computed once per pair of player kinds; the matching sees only the players weighed
now; the transpositions settle a batch of S1 players per matching.  An even homogeneous
bracket whose first candidate is perfect needs no matching.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import PairingError
from ...i18n import _
from ..matching import RUSTWORKX_BITS, solve
from . import criteria as C
from .players import DPlayer
from .certificate import no_exchange_is_best
from .transpositions import choose, duals, transpose

_SPARE = 8  # candidates a player rewards beyond those of the players before him (step 4)
_VECTOR = 160  # brackets of more players enumerate their pairs with numpy (imported then)


@dataclass
class BracketNote:
    """What happened in one bracket (for --explain)."""

    score: float
    residents: list[int]
    mdps: list[int]
    downfloaters: list[int] = field(default_factory=list)
    criteria: list[str] = field(default_factory=list)  # C-numbers weighed in the bracket
    costs: list[str] = field(default_factory=list)  # what the chosen pairing gives up


@dataclass
class Result:
    pairs: list[tuple[int, int]]  # (higher, lower) player ids
    bye: int | None
    brackets: list[BracketNote]
    bracket_of: dict[int, int]  # player id -> index in brackets where paired


def _units(scores: list[float]) -> dict[float, int]:
    """Digit values so that one pair at a higher score outweighs all pairs below it."""
    unit, place = {}, 1
    counts: dict[float, int] = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    for s in sorted(counts):
        unit[s] = place
        place *= counts[s] + 1
    return unit


class DutchPairer:
    """The pairing of one round; ``players`` are ranked (A.2)."""

    def __init__(self, players: list[DPlayer], forbidden: frozenset):
        self.p = sorted(players, key=lambda q: (-q.score, q.tpn))
        self.n = len(self.p)
        # C1, C3 and forbidden pairs, precomputed per player (legal() tests a pair)
        at = {q.id: i for i, q in enumerate(self.p)}
        self.opp = [frozenset(at[o] for o in q.opponents if o in at) for q in self.p]
        self.acls = [C.c3_class(q) for q in self.p]
        self.forbidden = {(min(at[a], at[b]), max(at[a], at[b]))
                          for pair in forbidden if len(pair) == 2
                          for a, b in [tuple(pair)] if a in at and b in at}
        self.dead: set[int] = set()
        self.banned: set[tuple[int, int]] = set()
        self._pending: tuple | None = None  # the arrays of build() not yet made a table
        self.w = {}
        self.bits = 1
        self.tie_room = 1  # the largest tie-break total the weights leave room for
        self.bias_div = 1  # coarseness of the step-4 steering bias
        self.sub = False  # weigh only the bracket and the next score group (see pair_players)
        self.only: set[int] | None = None  # solve among these players only
        self.wsel: dict[tuple[int, int], int] = {}  # self.w among self.only
        self.alone = False  # weigh the bracket alone (C8 checked afterwards, see pair_players)
        self.next_size = 0  # size of the next score group (for the names of the criteria)
        # the players weighed now: index -> compact number, and back ({} and []: all)
        self.compact: tuple[dict[int, int], list[int]] = ({}, [])
        self.last_mate: dict[int, int] = {}  # the last matching of pair_bracket

    @property
    def w(self) -> dict[tuple[int, int], int]:
        """The weight table {(i, j): weight} of the pairs weighed now (i < j), made from
        build()'s arrays when first read."""
        if self._pending is not None:
            I, J, KP, weight = self._pending
            self._pending = None
            if not isinstance(I, list):
                I, J, KP = I.tolist(), J.tolist(), KP.tolist()
            self._w = dict(zip(zip(I, J), map(weight.__getitem__, KP)))
        return self._w

    @w.setter
    def w(self, table: dict[tuple[int, int], int]) -> None:
        self._pending = None
        self._w = table

    # ---- matching ----------------------------------------------------------------------------

    def solve(self, tie: dict[tuple[int, int], int] | None = None) -> dict[int, int]:
        w = self.w if self.only is None else self.wsel
        ix, at = self.compact
        if not ix:
            if tie:
                out = [(i, j, v + tie.get((i, j), 0)) for (i, j), v in w.items()]
            else:
                out = [(i, j, v) for (i, j), v in w.items()]
            return solve(self.n, out, self.bits, max_cardinality=not self.sub)
        # the matching sees only the players weighed now, numbered 0 … k−1
        if tie:
            tg = tie.get
            out = [(ix[i], ix[j], v + tg((i, j), 0)) for (i, j), v in w.items()]
        else:
            out = [(ix[i], ix[j], v) for (i, j), v in w.items()]
        mate = solve(len(at), out, self.bits, max_cardinality=not self.sub)
        return {at[a]: at[b] for a, b in mate.items()}

    def legal(self, i: int, j: int) -> bool:
        """C1 (no rematch), forbidden pairs, C3 (two non-topscorers with the same absolute
        colour preference; a topscorer in the last round is exempt, A.7)."""
        if j in self.opp[i]:
            return False
        c = self.acls[i]
        if c is not None and c == self.acls[j]:
            return False
        return not self.forbidden or (min(i, j), max(i, j)) not in self.forbidden

    def pairs_among(self, nodes: list[int], window: int | None = None
                    ) -> list[tuple[int, int]]:
        """The legal pairs (i < j) among ``nodes`` (sorted); with ``window``, only those at
        most that many places apart."""
        out = []
        legal = self.legal
        m = len(nodes)
        for k, i in enumerate(nodes):
            end = m if window is None else min(m, k + 1 + window)
            for j in nodes[k + 1:end]:
                if legal(i, j):
                    out.append((i, j))
        return out

    def live(self) -> list[int]:
        return [i for i in range(self.n) if i not in self.dead]

    # ---- the PAB score (C5) ------------------------------------------------------------------

    def bye_score(self) -> float | None:
        """The lowest score with which a PAB candidate can be left unpaired while everybody
        else is paired (C2, C4, C5); None for an even number of players.  Raises PairingError
        when no complete pairing exists."""
        scores = sorted({q.score for q in self.p})
        g = {s: k for k, s in enumerate(scores)}
        P = self.n // 2
        R = 2 * len(scores) * (P + 1) + 1
        odd = self.n % 2 == 1
        ne = [0 if (q.bye_eligible or not odd) else 1 for q in self.p]
        self.bits = (3 * (P + 1) * R).bit_length() + 1
        lowest = min((q.score for q in self.p if q.bye_eligible), default=None)
        nodes = list(range(self.n))
        # a greedy near-rank pairing that leaves out nobody (even) or the lowest-ranked PAB
        # candidate of the lowest score answers at once
        if not odd:
            if not _greedy(self, nodes):
                return None
        elif lowest is not None:
            c = max(i for i, q in enumerate(self.p) if q.bye_eligible and q.score == lowest)
            if not _greedy(self, [i for i in nodes if i != c]):
                return lowest
        for window in (24, None):  # a near-rank pairing that works is the answer, else all
            self.w = {(i, j): (1 + ne[i] + ne[j]) * R + g[self.p[i].score]
                      + g[self.p[j].score] for i, j in self.pairs_among(nodes, window)}
            mate = self.solve()
            free = [i for i in range(self.n) if i not in mate]
            ok = len(free) <= (1 if odd else 0) and not any(ne[i] for i in free)
            if window is not None and ok and (not free or self.p[free[0]].score == lowest):
                break
        if not ok:
            raise PairingError(
                _("no Dutch pairing of this round meets the absolute criteria (C1 no rematch, "
                  "C2 PAB eligibility, C3 colours, forbidden pairs)"))
        return self.p[free[0]].score if free else None

    # ---- weights of one bracket ----------------------------------------------------------------

    def build(self, mdps: list[int], res: list[int], nxt: list[int], cand: list[bool],
              c9: dict[int, int] | None) -> list[str]:
        p = self.p
        bracket = mdps + res
        if self.alone:
            nxt = []
        rset, nset = set(res), set(nxt)
        bset = set(bracket)
        nodes = sorted(bset | nset) if self.sub else self.live()
        self.compact = ({v: k for k, v in enumerate(nodes)}, nodes)
        nalive = self.n - len(self.dead)
        P = nalive // 2
        pb = len(bracket) // 2
        u7 = _units([p[i].score for i in bracket])
        sc8 = [p[i].score for i in bracket] + [p[i].score for i in nxt]
        u8 = _units(sc8)
        c9 = c9 or None
        # every term of a pair depends on the two players' kinds only (their role here, score,
        # PAB candidacy, C9 rank, colour and float facts): the terms are computed once per
        # pair of kinds, the drop rule below reads the pairs of kinds that occur
        kind_of: dict[tuple, int] = {}
        kinds: list[tuple] = []
        tk = [0] * self.n
        for i in nodes:
            q = p[i]
            role = 2 if i in rset else 1 if i in bset else 3 if i in nset else 0
            key = (role, q.score, cand[i], c9.get(i, 0) if c9 else 0, q.pref, q.absolute,
                   q.strong, q.cd, q.repeated, q.floats)
            k = kind_of.get(key)
            if k is None:
                k = kind_of[key] = len(kinds)
                kinds.append((key, i))
            tk[i] = k
        nk = len(kinds)
        fields: list[tuple[str, int]] = []  # (criterion, max total)
        if not self.sub:
            fields.append(("C4", 3 * P))
        fields.append(("C6", pb))
        fields.append(("C7", _prod_max([p[i].score for i in bracket])))
        fields.append(("C8", (len(bracket) + len(nxt)) // 2))
        fields.append(("C8", _prod_max(sc8)))
        if c9:
            fields.append(("C9", 2 * P * (max(c9.values(), default=0) + 1)))
        for name in ("C10", "C11", "C12", "C13"):
            fields.append((name, pb))
        for cd, cu in (("C14", "C15"), ("C16", "C17")):
            fields.append((cd, 2 * pb))
            fields.append((cu, pb))
        bmax = _prod_max([p[i].score for i in bracket])
        for name in ("C18", "C19", "C20", "C21"):
            fields.append((name, bmax))
        full = not self.sub

        def terms(ka: int, kb: int) -> tuple[int, ...]:
            (ra, *_rest), ia = kinds[ka]
            (rb, *_rest), ib = kinds[kb]
            a, b = p[ia], p[ib]
            out: list[int] = []
            if full:
                out.append(1 + (not cand[ia]) + (not cand[ib]))
            inb = rb == 2  # j a resident: a pair of the bracket
            inn = rb == 3 and ra in (1, 2, 3)  # a pair of the next bracket
            out.append(int(inb))
            out.append(u7[a.score] if inb else 0)
            out.append(int(inn))
            out.append(u8[a.score] if inn else 0)
            if c9:
                out.append(c9.get(ia, 0) + c9.get(ib, 0))
            if inb:
                out += (int(C.c10_ok(a, b)), int(C.c11_ok(a, b)), int(C.c12_ok(a, b)),
                        int(C.c13_ok(a, b)))
                for back in (1, 2):
                    out += (C.c14(a, b, back), int(C.c15_ok(a, b, back)))
                for back in (1, 2):
                    out += (u7[b.score] * C.float_down(b, back)
                            + u7[a.score] * C.float_down(a, back),
                            u7[a.score] * C.c15_ok(a, b, back))
            else:
                out += (0,) * 12
            return tuple(out)

        # the legal pairs (C1, C3, forbidden pairs: as legal() tests them) and their pairs
        # of kinds, as arrays (pair I[k]-J[k], kinds KP[k] = a·nk+b)
        I, J, KP = self._legal_pairs(nodes, tk, nk)
        kp_of: dict[int, tuple[int, ...]] = {
            kp: terms(kp // nk, kp % nk)
            for kp in sorted(set(KP) if isinstance(KP, list) else set(KP.tolist()))}
        # drop terms that cannot tell two pairings apart: all zero, or proportional to a
        # term already kept (then it is constant among the pairings that term prefers);
        # both tests read each pair of kinds that occurs once
        occurring = list(kp_of.values())
        kept: list[int] = []  # indices into fields
        for f, (name, _mx) in enumerate(fields):
            if name not in ("C4", "C6"):
                if not any(t[f] for t in occurring):
                    continue
                if any(_proportional_kinds(occurring, f, g) for g in kept):
                    continue
            kept.append(f)
        # tie-break room for the Dutch order of candidates (see module docstring)
        nr = len(res)
        pr = nr // 2
        need = 2 * (pr + 1) * (pr * nr + 1) + 2 * nr + 4  # the exchanges (step 3) need this
        above = 1
        for f in kept:
            above *= fields[f][1] + 1
        budget = (1 << max(0, RUSTWORKX_BITS - 2 - above.bit_length())) - 1
        # the steering bias of step 4 may be coarse (it only saves matchings): divide its
        # ranks by ``div`` so that the weights stay within rustworkx's integers
        div = 1
        while True:
            hp, hn = -(-pr // div), -(-nr // div)
            bias_max = div * (hp * (hp + 1) // 2) * hn + 1  # >= sum of hk times max lq
            tie_max = max(need, bias_max * (nr + 2) + 2 * nr + 4)
            if tie_max <= budget or need > budget or div > nr:
                break
            div *= 2
        self.bias_div = div
        # the tie-breaks may use all the room the criteria leave (step 4 settles more
        # players per matching)
        self.tie_room = tie_max = max(tie_max, budget)
        places = []
        place = tie_max + 1
        for f in reversed(kept):
            places.append((f, place))
            place *= fields[f][1] + 1
        weight = {kp: sum(t[f] * pl for f, pl in places) for kp, t in kp_of.items()}
        zero = [kp for kp, v in weight.items() if not v]
        if zero and isinstance(KP, list):
            nonzero = [weight[k] != 0 for k in KP]
            I, J, KP = ([x for x, ok in zip(col, nonzero) if ok] for col in (I, J, KP))
        elif zero:
            import numpy as np
            keep = ~np.isin(KP, zero)
            I, J, KP = I[keep], J[keep], KP[keep]
        self.w = {}
        self._pending = (I, J, KP, weight)
        self.bits = place.bit_length() + 1
        names = [fields[f][0] for f in kept]
        if self.alone and self.next_size:
            names.insert(names.index("C6") + 1 + ("C7" in names), "C8")
        return (["C4"] if self.sub else []) + names

    # ---- one bracket ----------------------------------------------------------------------------

    def _legal_pairs(self, nodes: list[int], tk: list[int], nk: int):
        """The legal pairs i < j among ``nodes`` (sorted; C1, C3 and forbidden pairs, as
        :meth:`legal` tests them) as arrays I, J and their pairs of kinds KP = tk[i]·nk +
        tk[j], in row order; made block by block so that memory stays small.  Lists for a
        small bracket (no numpy import), numpy arrays from :data:`_VECTOR` players on."""
        m = len(nodes)
        if m <= _VECTOR:
            pairs = self.pairs_among(nodes)
            return ([i for i, _j in pairs], [j for _i, j in pairs],
                    [tk[i] * nk + tk[j] for i, j in pairs])
        import numpy as np
        at = {v: k for k, v in enumerate(nodes)}
        na = np.asarray(nodes, dtype=np.int64)
        tka = np.asarray([tk[i] for i in nodes], dtype=np.int64)
        classes: dict = {}
        ac = np.asarray([-1 - x if self.acls[i] is None else
                         classes.setdefault(self.acls[i], len(classes))
                         for x, i in enumerate(nodes)], dtype=np.int64)
        bad = [at[i] * m + at[j] for i in nodes for j in self.opp[i] if j > i and j in at]
        bad += [at[i] * m + at[j] for i, j in self.forbidden if i in at and j in at]
        bad_a = np.unique(np.asarray(bad, dtype=np.int64))
        out_i, out_j, out_k = [], [], []
        cols = np.arange(m, dtype=np.int64)
        step = max(1, 1_000_000 // max(m, 1))
        for a in range(0, m, step):
            rows = np.arange(a, min(m, a + step), dtype=np.int64)[:, None]
            ok = (cols[None, :] > rows) & ((ac[rows] != ac[None, :]) | (ac[rows] < 0))
            xs, ys = np.nonzero(ok)
            xs += a
            if bad_a.size:
                keep = ~np.isin(xs * m + ys, bad_a)
                xs, ys = xs[keep], ys[keep]
            out_i.append(na[xs])
            out_j.append(na[ys])
            out_k.append(tka[xs] * nk + tka[ys])
        if not out_i:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty
        return np.concatenate(out_i), np.concatenate(out_j), np.concatenate(out_k)

    def _neighbours(self, x: int) -> list[int]:
        """The players ``x`` still has a weighed pair with."""
        w = self.w
        return [y for y in self.compact[1] or range(self.n)
                if y != x and ((x, y) if x < y else (y, x)) in w]

    def _ban(self, x: int, keep) -> None:
        """Ban every live edge of ``x`` whose other end fails ``keep``."""
        for y in self._neighbours(x):
            if y not in self.dead and not keep(y):
                self._drop((x, y) if x < y else (y, x))

    def _drop(self, e: tuple[int, int]) -> None:
        """Ban the pair ``e`` for the rest of this bracket."""
        self.banned.add(e)
        self.w.pop(e, None)
        self.wsel.pop(e, None)

    def _drop_all(self, edges: list[tuple[int, int]]) -> None:
        """Ban every pair of ``edges`` (as :meth:`_drop`, in one pass over the tables)."""
        if not edges:
            return
        self.banned.update(edges)
        gone = set(edges)
        self.w = {e: v for e, v in self.w.items() if e not in gone}
        if self.wsel:
            self.wsel = {e: v for e, v in self.wsel.items() if e not in gone}

    def _fix(self, x: int, y: int, pairs: list) -> None:
        pairs.append((min(x, y), max(x, y)))
        self.dead.update((x, y))
        for a in (x, y):
            for b in self._neighbours(a):
                e = (a, b) if a < b else (b, a)
                self.w.pop(e, None)
                self.wsel.pop(e, None)

    def _best_partner(self, x: int, cands: list[int], mate: dict[int, int],
                      bias: dict | None = None, scale: int = 1
                      ) -> tuple[int, dict[int, int]]:
        """The first of ``cands`` that ``x`` can play in an equally good pairing (``bias``,
        below ``scale``, only steers the other players)."""
        if cands and mate.get(x) == cands[0]:
            return cands[0], mate
        k = len(cands)
        tie = dict(bias) if bias else {}
        for n, y in enumerate(cands):
            e = (min(x, y), max(x, y))
            tie[e] = tie.get(e, 0) + (k - n) * scale
        mate = self.solve(tie)
        return mate[x], mate

    def _transpose(self, hs, cands_of, mate, pairs) -> dict[int, int]:
        """Step 4: each S1 player ``hs`` in order gets the highest-ranked S2 opponent possible
        (``cands_of``); returns the last matching."""
        # several players are settled by one matching: each of the next players rewards
        # his candidates by rank, in digits by the players' order (the first player's digit
        # highest), so the matching gives the first his best opponent, the second his best
        # one beside it, and so on — as many players as the tie-break room holds.  After
        # the first, a player rewards only his first candidates (twice as many as players
        # before him in the batch, at least down to his present opponent, and a few more):
        # one who gets none of them is not settled and starts the next batch.
        k = 0
        while k < len(hs):
            x = hs[k]
            cx = cands_of(x)
            if cx and mate.get(x) == cx[0]:
                self._fix(x, cx[0], pairs)
                k += 1
                continue
            batch: list[tuple[int, list[int]]] = [(x, cx)]
            room = len(cx) + 1
            for xj in hs[k + 1:]:
                cj = cands_of(xj)
                cur = mate.get(xj)
                r = cj.index(cur) if cur in cj else -1
                cj = cj[:max(2 * len(batch), r + 1) + _SPARE]
                if room * (len(cj) + 1) > self.tie_room:
                    break
                room *= len(cj) + 1
                batch.append((xj, cj))
            tie: dict[tuple[int, int], int] = {}
            digit = 1
            for xj, cj in reversed(batch):
                for n, y in enumerate(cj):
                    tie[(xj, y)] = (len(cj) - n) * digit
                digit *= len(cj) + 1
            mate = self.solve(tie)
            for xj, cj in batch:
                if mate.get(xj) not in cj:
                    break
                self._fix(xj, mate[xj], pairs)
                k += 1
        return mate

    def _split_pairs(self, left: set[int], right: set[int]):
        """The pairs weighed now, split into (a, b, weight) with a in ``left`` and b in
        ``right``, and (a, b, weight, a in left) for pairs on one side; None when a pair
        has a player on neither side."""
        cross: list[tuple[int, int, int]] = []
        inside: list[tuple[int, int, int, bool]] = []
        if self._pending is not None and not isinstance(self._pending[0], list):
            import numpy as np
            pi, pj, pk, weight = self._pending
            top = int(pj.max()) + 1 if len(pj) else 1  # (i < j: J holds the largest)
            side = np.full(top, -1, dtype=np.int8)
            side[[x for x in left if x < top]] = 0
            side[[x for x in right if x < top]] = 1
            si, sj = side[pi], side[pj]
            if len(pi) and (int(si.min()) < 0 or int(sj.min()) < 0):
                return None
            mask = si != sj
            a = np.where(si == 0, pi, pj)[mask].tolist()
            b = np.where(si == 0, pj, pi)[mask].tolist()
            cross = list(zip(a, b, map(weight.__getitem__, pk[mask].tolist())))
            rest = ~mask
            inside = list(zip(pi[rest].tolist(), pj[rest].tolist(),
                              map(weight.__getitem__, pk[rest].tolist()),
                              (si[rest] == 0).tolist()))
            return cross, inside
        if self._pending is not None:
            pi, pj, pk, weight = self._pending
            items = ((x, y, weight[k]) for x, y, k in zip(pi, pj, pk))
        else:
            items = ((x, y, c) for (x, y), c in self.w.items())
        for x, y, c in items:
            lx, ly = x in left, y in left
            if not (lx or x in right) or not (ly or y in right):
                return None  # another player is weighed too
            if lx and not ly:
                cross.append((x, y, c))
            elif ly and not lx:
                cross.append((y, x, c))
            else:
                inside.append((x, y, c, lx))
        return cross, inside

    def _no_exchange_proven(self, rem: list[int], lead: tuple[int, int] | None = None
                            ) -> list[tuple[int, int]] | None:
        """Steps 3 and 4 for the remainder ``rem`` when it is all that is weighed now (a
        bracket weighed alone or the last one, its MDPs paired — or, with ``lead``, its one
        MDP with the highest resident he can meet) and S1 against S2 (no exchange) is
        provably as good as any pairing of it (:mod:`.certificate`): one matching of the
        S1–S2 pairs, its duals, the transpositions on its tight pairs
        (:mod:`.transpositions`); the pairs, or None (nothing done: the bracket is weighed
        whole, as before).  ``lead`` = (MDP, resident) joins the proof as one more pair,
        the MDP on S1's side and the resident on S2's: then no pairing of the bracket is
        better, so the MDP is paired (step 1) and that resident, the highest legal one, is
        his opponent (step 2)."""
        if len(rem) < 2:
            return None
        h = len(rem) // 2
        s1, s2 = rem[:h], rem[h:]
        left, right = set(s1), set(s2)
        if lead is not None:
            left.add(lead[0])
            right.add(lead[1])
        split = self._split_pairs(left, right)
        if split is None:
            return None
        cross, inside = split
        rs1, rs2 = set(s1), set(s2)
        nodes, ix = self.compact[1], self.compact[0]
        mate = solve(len(nodes), [(ix[a], ix[b], c) for a, b, c in cross
                                  if a in rs1 and b in rs2],
                     self.bits, max_cardinality=False)
        part: dict[int, int] = {}
        for x in s1:
            y = mate.get(ix[x])
            if y is None:
                return None
            part[x] = nodes[y]
        hs = list(s1)
        if lead is not None:
            part[lead[0]] = lead[1]
            hs.insert(0, lead[0])
        adj: dict[int, list[tuple[int, int]]] = {x: [] for x in hs}
        wpart: dict[int, int] = {}
        for a, b, c in cross:
            adj[a].append((b, c))
            if part[a] == b:
                wpart[a] = c
        if len(wpart) != len(hs):
            return None
        got = duals(hs, adj, part, wpart)
        if got is None:
            return None
        u, v = got
        for y in right:
            v.setdefault(y, 0)  # an S2 player without an S1 partner: unpaired, dual 0
        if not no_exchange_is_best(u, v, inside, (len(left) + len(right)) % 2 == 1):
            return None
        if lead is not None:  # the transpositions are the remainder's
            adj = {x: [(b, c) for b, c in adj[x] if b in rs2] for x in s1}
            del part[lead[0]]
            u = {x: u[x] for x in s1}
            v = {y: v[y] for y in s2}
        pairs = choose(s1, adj, part, u, v)
        if pairs is None:
            return None
        if lead is not None:
            pairs.insert(0, lead)
        for x, y in pairs:
            self.dead.update((x, y))
        self.w = {}
        return [(min(x, y), max(x, y)) for x, y in pairs]

    def _transpose_from(self, hs, cands_of, pairs, bias, start) -> dict[int, int] | None:
        """Step 4 among the players weighed now: the exact method (:meth:`_transpose_exact`)
        from ``start`` when it is an optimal matching of them, else from a fresh one; if that
        does not apply, the matching-per-batch method (:meth:`_transpose`, steered by
        ``bias``), whose last matching is returned (None after the exact method)."""
        if start is not None and self._transpose_exact(hs, start, pairs):
            return None
        fresh = self.solve()
        if self._transpose_exact(hs, fresh, pairs):
            return None
        return self._transpose(hs, cands_of, self.solve(bias) if bias else fresh, pairs)

    def _transpose_exact(self, hs: list[int], mate: dict[int, int], pairs: list) -> bool:
        """Step 4 on the tight pairs of an optimal dual (:mod:`.transpositions`): the same
        pairs as :meth:`_transpose` without a matching per batch; False (nothing done) when
        it does not apply."""
        got = transpose(hs, self.w if self.only is None else self.wsel, mate)
        if got is None:
            return False
        done: set[int] = set()
        for x, y in got:
            pairs.append((min(x, y), max(x, y)))
            done.update((x, y))
        self.dead |= done
        self.w = {e: v for e, v in self.w.items() if e[0] not in done and e[1] not in done}
        if self.only is not None:
            self.wsel = {e: v for e, v in self.wsel.items()
                         if e[0] not in done and e[1] not in done}
        return True

    def _restrict(self, nodes: set[int] | None) -> None:
        """Solve among ``nodes`` only (None: among all)."""
        self.only = nodes
        self.wsel = ({} if nodes is None else
                     {e: v for e, v in self.w.items() if e[0] in nodes and e[1] in nodes})

    def _value(self, mate: dict[int, int]) -> int:
        """The weight of a matching (without tie-breaks)."""
        return sum(self.w.get((a, b), 0) for a, b in mate.items() if a < b)

    def pair_bracket(self, mdps: list[int], res: list[int], nxt: list[int], cand: list[bool],
                     c9ranks: dict[int, int] | None, bye_score: float | None,
                     note: BracketNote) -> list[tuple[int, int]]:
        p = self.p
        self.banned = set()
        pairs: list[tuple[int, int]] = []
        names = self.build(mdps, res, nxt, cand, None)
        c9case = bool(c9ranks) and bye_score is not None and bye_score >= p[res[0]].score
        if len(mdps) == 1 and not c9case and self.sub and (self.alone or not nxt):
            # one MDP: paired with the highest resident he may meet, when a proof shows no
            # pairing of the bracket is better (steps 1-4 without weighing it whole)
            x0 = mdps[0]
            y0 = next((y for y in res if self.legal(x0, y)), None)
            if y0 is not None:
                got = self._no_exchange_proven([y for y in res if y != y0], (x0, y0))
                if got is not None:
                    note.criteria = list(dict.fromkeys(names))
                    return self._close(note, mdps, res, got, {})
        # without MDPs the first matching is the exchanges' one (step 3); with them it is
        # steered towards the first MDP's highest resident (step 2 may then skip a matching)
        steer = None
        if mdps and not c9case:
            x0 = mdps[0]
            steer = {(x0, y): len(res) - k for k, y in enumerate(res) if x0 < y}
        mate: dict[int, int] | None = (self.solve(steer) if steer is not None else
                                       self.solve() if c9case else None)
        steered = mate if steer is not None else None
        bset = set(mdps) | set(res)
        if c9case:
            assert mate is not None  # solved above when c9case
            contained = all(x not in mate or mate[x] in bset for x in bset)
            if contained and any(x not in mate for x in bset):
                names = self.build(mdps, res, nxt, cand, c9ranks)
                mate = self.solve()
        note.criteria = list(dict.fromkeys(names))
        rset = set(res)

        def edge_ok(x, y):
            return y not in self.dead and (min(x, y), max(x, y)) not in self.banned

        # 1. which MDPs are paired in this bracket (the highest first)
        groups: dict[float, list[int]] = {}
        for x in mdps:
            groups.setdefault(p[x].score, []).append(x)
        paired_mdps: list[int] = []
        for s in sorted(groups, reverse=True):
            assert mate is not None  # MDPs exist, so the matching was solved above
            xs = groups[s]
            need = sum(1 for x in xs if mate.get(x) in rset)
            left = len(xs)
            for x in xs:
                if need == 0:
                    self._ban(x, lambda y: y not in rset)
                elif need == left:
                    self._ban(x, lambda y: y in rset)
                    paired_mdps.append(x)
                    need -= 1
                else:
                    if mate.get(x) not in rset:
                        # x paired with a resident, if an equally good pairing keeps every
                        # MDP already decided paired (2 per such pair outweighs x's 1): a
                        # decision is only its banned edges, and an MDP of the same score
                        # could otherwise give up his place to x (same C6/C7 value), leaving
                        # one more MDP "paired" than can be (issue 31)
                        tie = {(min(z, y), max(z, y)): 2 for z in paired_mdps for y in res
                               if edge_ok(z, y) and self.legal(z, y)}
                        tie.update({(x, y): 1 for y in res
                                    if edge_ok(x, y) and self.legal(x, y)})
                        mate = self.solve(tie)
                    if mate.get(x) in rset:
                        self._ban(x, lambda y: y in rset)
                        paired_mdps.append(x)
                        need -= 1
                    else:
                        self._ban(x, lambda y: y not in rset)
                left -= 1
        # 2. their opponents: the highest-ranked resident possible
        for x in paired_mdps:
            cands = [y for y in res if y not in self.dead and edge_ok(x, y)
                     and self.legal(x, y)]
            assert mate is not None  # paired MDPs come from a solved matching
            if x == mdps[0] and mate is steered and mate.get(x) in cands:
                y = mate[x]  # the steered matching's choice is the highest possible
            else:
                y, mate = self._best_partner(x, cands, mate)
            self._fix(x, y, pairs)
        # 3. the remainder: S1/S2 and exchanges
        rem = [y for y in res if y not in self.dead]
        if self.sub and (self.alone or not nxt):
            got = self._no_exchange_proven(rem)
            if got is not None:
                return self._close(note, mdps, res, pairs + got, {})
        rs = set(rem)
        pos = {y: k for k, y in enumerate(rem)}
        # (every legal pair of residents is weighed: C6 rewards it)
        inside = self.alone and not mdps and not self.banned  # every weighed pair is in rs
        redges = list(self.w) if inside else [
            e for e in self.w if e[0] in rs and e[1] in rs and e not in self.banned]

        def make_base(npairs: int) -> dict[tuple[int, int], int]:
            # S1 = the first npairs: fewest exchanges, then the smallest sum of S1 places
            big = npairs * len(rem) + 1
            return {e: 2 * ((pos[e[0]] < npairs) * big + len(rem) - pos[e[0]])
                    for e in redges}

        def count_pairs(m: dict[int, int]) -> int:
            return sum(1 for x in rem if m.get(x, -1) in rs and m[x] > x)

        def without_exchanges(npairs: int, best: dict[int, int]) -> dict[int, int] | None:
            # a best pairing in which S1 is the first npairs players (no exchange), found
            # on the pairs S1-S2 alone when their best value is the bracket's best (the
            # exchanges' own weighing, with its many distinct weights, is much slower)
            s1 = set(rem[:npairs])
            full = self.w
            if inside:  # (rem is sorted: S1 is every player below the first of S2)
                first = rem[npairs]
                self.w = {e: v for e, v in full.items() if e[0] < first <= e[1]}
            else:
                self.w = {e: v for e, v in full.items() if e[0] not in rs or e[1] not in rs
                          or (e[0] in s1 and e[1] not in s1)}
            try:
                m = self.solve()
            finally:
                self.w = full
            if (len(m) == len(best) and count_pairs(m) == npairs
                    and self._value(m) == self._value(best)):
                return m
            return None

        # the best value now (with the MDPs' decisions made) and the count of the
        # remainder's pairs (it does not depend on the tie-breaks)
        mate = self.solve()
        npairs = count_pairs(mate)
        free_of_exchanges = without_exchanges(npairs, mate) if npairs else None
        if free_of_exchanges is not None:
            mate = free_of_exchanges
            base = {}
        else:
            base = make_base(npairs)
            if npairs:
                mate = self.solve(base)
        if npairs:
            s1 = rem[:npairs]

            def higher(x, m):
                return m.get(x, -1) in rs and m[x] > x

            nex = npairs - sum(1 for x in s1 if higher(x, mate))
            left = nex
            for x in reversed(s1):
                if left == 0:
                    break
                if higher(x, mate):
                    mate = self.solve({e: v + (e[0] != x) for e, v in base.items()})
                if not higher(x, mate):
                    self._ban(x, lambda y, x=x: not (y in rs and y > x))
                    left -= 1
            left = nex
            for y in rem[npairs:]:
                if left <= 1:
                    break
                if not higher(y, mate):
                    mate = self.solve({e: v + (e[0] == y) for e, v in base.items()})
                if higher(y, mate):
                    self._ban(y, lambda z, y=y: z in rs and z > y)
                    left -= 1
            if nex:
                mate = self.solve(base)
            hs = [x for x in rem if higher(x, mate)]
            hset = set(hs)
            self._drop_all([e for e in redges if e[0] not in hset or e[1] in hset])
            # 4. each S1 player in order: the highest-ranked S2 opponent possible.  A small
            # bias towards S1[k]-S2[k] (rearrangement: sum of (p-k)(q-r) is largest in
            # order) makes the matching's own choice the Dutch one most of the time, so that
            # few players need a matching of their own.
            low = [y for y in rem if y not in hset]
            d = self.bias_div
            hk = {x: -(-(len(hs) - k) // d) for k, x in enumerate(hs)}
            lq = {y: -(-(len(low) - r) // d) for r, y in enumerate(low)}
            bias = {} if self.alone else {(i, j): hk[i] * lq[j] for i, j in redges
                                          if i in hset and j not in hset}
            def cands_of(x):
                # (the weight table holds exactly the legal pairs still open)
                w = self.w
                return [y for y in low if y > x and (x, y) in w]

            if (len(low) == len(hs) or self.alone) and self.sub:
                # nobody of the remainder floats down (or the bracket is weighed alone): its
                # pairs do not touch anyone else
                # (weighed alone, the remainder is all that is left: the last matching
                # already pairs S1 with S2 as well as possible)
                if not self.alone:
                    self._restrict(hset | set(low))
                last = self._transpose_from(hs, cands_of, pairs, bias, mate)
                if last is not None:
                    mate = last
                self._restrict(None)
                if not self.alone:
                    mate = self.solve()
            else:
                done = False
                if self.sub and len(hs) > 1:
                    # the remainder alone first (its downfloaters left to the matching); kept
                    # when the bracket and next group still reach their optimum with it —
                    # then every equally good pairing of the whole is one of the remainder's
                    before = self.solve()
                    v0 = self._value(before)
                    saved = (set(self.dead), dict(self.w), len(pairs))
                    self._restrict(hset | set(low))
                    self._transpose_from(hs, cands_of, pairs, bias, before)
                    self._restrict(None)
                    after = self.solve()
                    v1 = sum(saved[1][e] for e in pairs[saved[2]:]) + self._value(after)
                    if v1 == v0:
                        mate, done = after, True
                    else:
                        self.dead, self.w = saved[0], saved[1]
                        del pairs[saved[2]:]
                        mate = before
                if not done:
                    if len(hs) > 1:
                        mate = self.solve(bias)
                    mate = self._transpose(hs, cands_of, mate, pairs)
        return self._close(note, mdps, res, pairs, mate)

    def _close(self, note: BracketNote, mdps: list[int], res: list[int],
               pairs: list[tuple[int, int]], mate: dict[int, int]) -> list[tuple[int, int]]:
        """The end of a bracket: its downfloaters and what its pairing gives up in ``note``,
        ``mate`` kept as the last matching; returns ``pairs``."""
        p = self.p
        left = [x for x in mdps + res if x not in self.dead]
        note.downfloaters = [p[x].id for x in left]
        note.costs = C.costs([(p[a], p[b]) for a, b in pairs], [p[x] for x in left],
                             {p[x].id for x in mdps})
        self.last_mate = mate
        return pairs


def _greedy(pr: DutchPairer, nodes: list[int], window: int = 24) -> list[int]:
    """Pair ``nodes`` (sorted) greedily, each one with the next legal unpaired one within
    ``window`` places; returns the ones left unpaired (a pairing that leaves nobody out
    proves that one exists — a cheap sufficient test before a matching)."""
    taken = set()
    left = []
    legal = pr.legal
    m = len(nodes)
    for k, i in enumerate(nodes):
        if i in taken:
            continue
        for j in nodes[k + 1:min(m, k + 1 + window)]:
            if j not in taken and legal(i, j):
                taken.add(j)
                break
        else:
            left.append(i)
    return left


def _completable(pr: DutchPairer, cand: list[bool], window: int | None,
                 taken: set[int]) -> bool:
    """Can every unpaired player not in ``taken`` be paired, but one PAB candidate (C4, C2,
    C5)?  With ``window``, only opponents within that many places are tried (a sufficient
    test)."""
    live = [i for i in range(pr.n) if i not in pr.dead and i not in taken]
    if len(live) <= 1:
        return all(cand[i] for i in live)
    left = _greedy(pr, live)
    if len(left) <= len(live) % 2 and all(cand[x] for x in left):
        return True
    edges = [(x, y, 1 + (not cand[x]) + (not cand[y]))
             for x, y in pr.pairs_among(live, window)]
    mate = solve(pr.n, edges, 8)
    free = [x for x in live if x not in mate]
    return len(free) <= len(live) % 2 and all(cand[x] for x in free)


def _perfect_natural(pr: DutchPairer, mdps: list[int], res: list[int], cand: list[bool]
                     ) -> list[tuple[int, int]] | None:
    """The first candidate of a homogeneous bracket of even size (S1[k]-S2[k], C.04.3 D)
    when it is perfect — every pair legal, no colour criterion broken (C10-C13), nobody
    floats (so C6-C8 and the float criteria C14-C21 are the same for every candidate) — and
    the rest of the round stays pairable (C4): no other candidate can be better, so no
    matching is needed.  None otherwise."""
    if mdps or len(res) % 2 or any(x in pr.dead for x in res):
        return None
    p = pr.p
    h = len(res) // 2
    out = []
    for a, b in zip(res[:h], res[h:]):
        pa, pb = p[a], p[b]
        if not (pr.legal(a, b) and C.c10_ok(pa, pb) and C.c11_ok(pa, pb)
                and C.c12_ok(pa, pb) and C.c13_ok(pa, pb)):
            return None
        out.append((a, b))
    dead = set(pr.dead)
    pr.dead.update(res)
    ok = _completable(pr, cand, 24, set()) or _completable(pr, cand, None, set())
    pr.dead = dead
    return out if ok else None


def _proportional_kinds(rows: list[tuple[int, ...]], f: int, g: int) -> bool:
    """Term ``f`` = c · term ``g`` for one constant c > 0 over the pairs of kinds ``rows``
    (so both reward the same pairs)."""
    ratio = None
    for t in rows:
        v, u = t[f], t[g]
        if not u or not v:
            if u or v:
                return False
            continue
        if ratio is None:
            ratio = (v, u)
        elif v * ratio[1] != u * ratio[0]:
            return False
    return ratio is not None


def _next_bracket_ok(pr: DutchPairer, cand: list[bool], down: list[int], nxt: list[int],
                     window: int) -> bool:
    """After a bracket weighed alone: can the rest of the round be completed (C4) so that
    the next bracket — its score group and the bracket's downfloaters ``down`` — gets the
    most pairs and the most downfloaters paired that any pairing could give it (C8)?  One
    matching over the unpaired players, opponents within ``window`` places plus every
    downfloater-next group pair (a sufficient test)."""
    live = [i for i in range(pr.n) if i not in pr.dead]
    d, nset = set(down), set(nxt)
    if len(down) > len(nxt):
        return False
    # greedily first: the downfloaters with the next group, the rest of it among itself,
    # then everybody else
    used: set[int] = set()
    for x in down:
        y = next((y for y in nxt if y not in used and pr.legal(x, y)), None)
        if y is None:
            break
        used.add(y)
    else:
        rest = [y for y in nxt if y not in used]
        left = _greedy(pr, rest)
        if len(left) <= len(rest) % 2:
            others = sorted(set(live) - d - nset | set(left))
            left = _greedy(pr, others)
            if len(left) <= len(live) % 2 and all(cand[x] for x in left):
                return True
    edges = set(pr.pairs_among(live, window))
    for x in down:
        for y in nxt:
            if pr.legal(x, y):
                edges.add((min(x, y), max(x, y)))
    n = len(live)
    b = n + 1
    a = b * (n + 1)
    wl = []
    for x, y in edges:
        if x in d and y in d:
            continue
        comp = 1 + (not cand[x]) + (not cand[y])
        both = (x in d or x in nset) and (y in d or y in nset)
        wl.append((x, y, comp * a + both * b + (both and (x in d or y in d))))
    mate = solve(pr.n, wl, (4 * a * n).bit_length() + 1)
    free = [x for x in live if x not in mate]
    if len(free) > n % 2 or not all(cand[x] for x in free):
        return False
    if any(mate.get(x) not in nset for x in down):
        return False
    group = d | nset
    inside = sum(1 for x in group if x in mate and mate[x] in group) // 2
    return inside == (len(down) + len(nxt)) // 2


def _prod_max(scores: list[float]) -> int:
    counts: dict[float, int] = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    out = 1
    for c in counts.values():
        out *= c + 1
    return out - 1


def pair_players(players: list[DPlayer], forbidden: frozenset = frozenset()) -> Result:
    """The Dutch pairing of ``players`` (see the module docstring)."""
    pr = DutchPairer(players, forbidden)
    p = pr.p
    if pr.n == 0:
        return Result([], None, [], {})
    if pr.n == 1:
        if not p[0].bye_eligible:
            raise PairingError(_("the only player to pair cannot take the pairing-allocated "
                                 "bye (C2)"))
        return Result([], p[0].id, [], {})
    bye_score = pr.bye_score()
    cand = [bye_score is None or (q.bye_eligible and q.score <= bye_score) for q in p]
    c9ranks = None
    if bye_score is not None:
        counts = sorted({q.played for q in p if q.score == bye_score}, reverse=True)
        rank = {c: k for k, c in enumerate(counts)}
        if len(counts) > 1:
            c9ranks = {i: rank[q.played] for i, q in enumerate(p) if q.score == bye_score}
    groups: list[list[int]] = []
    for i, q in enumerate(p):
        if groups and p[groups[-1][0]].score == q.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    pairs: list[tuple[int, int]] = []
    notes: list[BracketNote] = []
    where: dict[int, int] = {}
    mdps: list[int] = []
    g = 0
    while pr.n - len(pr.dead) > 1:
        before = len(pr.dead)
        if g < len(groups):
            res = groups[g]
            g += 1
        else:
            res, mdps = sorted(mdps), []
        nxt = groups[g] if g < len(groups) else []
        note = BracketNote(p[res[0]].score, [p[x].id for x in res], [p[x].id for x in mdps])
        natural = _perfect_natural(pr, mdps, res, cand)
        if natural is not None:
            note.criteria = ["C4"]
            for a, b in natural:
                pr.dead.update((a, b))
                where[p[a].id] = where[p[b].id] = len(notes)
                pairs.append((p[a].id, p[b].id))
            notes.append(note)
            continue
        # first weigh the bracket and the next score group only; keep that pairing when the
        # rest of the round can still be completed (then the whole-round weighing, whose
        # feasible set it belongs to, picks the same), else weigh the whole round
        dead = set(pr.dead)
        pr.sub = not (c9ranks and bye_score is not None and bye_score >= p[res[0]].score)
        got = None
        if pr.sub and nxt:
            # the bracket alone first: kept when the next bracket still gets its best C8
            # value and the round completes (then no pairing of the bracket and the next
            # group is better, and the Dutch-first of the bracket's best is among theirs)
            pr.alone, pr.next_size = True, len(nxt)
            got = pr.pair_bracket(mdps, res, nxt, cand, c9ranks, bye_score, note)
            pr.alone = False
            down = [x for x in mdps + res if x not in pr.dead]
            if not _next_bracket_ok(pr, cand, down, nxt, 24):
                pr.dead = set(dead)
                note = BracketNote(note.score, note.residents, note.mdps)
                got = None
        if got is not None:
            for a, b in got:
                where[p[a].id] = where[p[b].id] = len(notes)
                pairs.append((p[a].id, p[b].id))
            notes.append(note)
            mdps = sorted(x for x in mdps + res if x not in pr.dead)
            continue
        got = pr.pair_bracket(mdps, res, nxt, cand, c9ranks, bye_score, note)
        # (the next group's pairs that made the C8 value are kept aside for the test)
        taken = {x for x, y in pr.last_mate.items() if x not in pr.dead and y not in pr.dead}
        if pr.sub and not (_completable(pr, cand, 24, taken)
                           or _completable(pr, cand, None, taken)):
            pr.dead = dead
            pr.sub = False
            note = BracketNote(note.score, note.residents, note.mdps)
            got = pr.pair_bracket(mdps, res, nxt, cand, c9ranks, bye_score, note)
        for a, b in got:
            where[p[a].id] = where[p[b].id] = len(notes)
            pairs.append((p[a].id, p[b].id))
        notes.append(note)
        mdps = sorted(x for x in mdps + res if x not in pr.dead)
        if g >= len(groups) and not mdps and len(pr.dead) == before:
            break
        if g >= len(groups) and len(pr.dead) == before and not res:
            break
    left = [q.id for i, q in enumerate(p) if i not in pr.dead]
    return Result(pairs, left[0] if left else None, notes, where)
