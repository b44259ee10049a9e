"""Every pairing criterion, once: the penalty fields of ONE lexicographic integer edge weight.

The round is a maximum-cardinality, maximum-weight matching (docs/PAIRING.md; docs/RULES.md §1.3
OpenGotha, §2.4 Papp, §5.5 FIDE C.04.3 — "any method is allowed, including weighted matching
(bbpPairings), as long as the results are identical").  Each candidate pair gets a tuple of
*penalties* in the strict priority order of :data:`FIELDS`; :class:`Packer` turns the tuple into
one Python integer whose bit fields are wide enough to hold a field's largest value summed
over every edge of a matching, so a better value in a higher field always beats any values of
the lower fields: the optimum is exactly lexicographic.  Because every complete pairing has
the same number of edges (the bye is a dummy vertex, :data:`BYE`), minimising the penalty
sums is the same as maximising ``Σ(cap − penalty)``.

**Absolute criteria** are not weights: the edge is left out of the graph (:meth:`Evaluator.blocked`):

* no rematch — FIDE C.04.1 b / C.04.3 C1, docs/RULES.md §8.0 and §8.2 (forfeited games may be paired
  again, C.04.2 3.5);
* no forbidden pair — the director's ``Settings.forbidden`` and ``--forbid``;
* colour hard limits — chess ±2 and never 3 in a row (C.04.1 f–g, C.04.3 C3, exempt:
  topscorers in the last round); a game's colour gap (Othello: never 2 apart, docs/RULES.md §8.0)
  only when the event makes it absolute (Othello option ``colour_limit = "absolute"``): see
  :func:`.colours.hard_conflict`;
* no second pairing bye while another eligible player exists (docs/RULES.md §1.5, §3.4, C.04.1 d):
  field ``SECOND_BYE`` is first, so an ineligible player gets the bye only when no pairing
  with an eligible one exists.

Under ``--allow-rematch`` rematches become edges with the ``REMATCH`` / ``RECENCY`` penalties,
so the fewest and least recent rematches are chosen.  A graded colour gap (the default for a
game whose profile has ``colour_gap``: Othello) works the same way without any flag: a pair
that takes a player beyond the gap is an edge with the ``EXCESS`` / ``EXCESS_SIZE``
penalties (:func:`.colours.excess`), the first fields, so a round is never refused for colours
alone and an excess is used only when no pairing keeps every balance within the gap — as
when the gap was absolute, which is why every round that paired before pairs the same.  Papp
scores a colour excess as a growing penalty too (docs/RULES.md §2.4).

**Fields** (penalties, most significant first):

============  ==================================================================================
EXCESS        players a pair takes beyond the game's graded colour gap (Othello: 2 apart).
EXCESS_SIZE   Σ (how far beyond)²: the fewest, then the smallest, colour excesses.
SECOND_BYE    bye edge to a player who already had a pairing bye (or, chess, an unplayed win).
REMATCH       relaxed rematch (only under ``allow_rematch``).
RECENCY       round of that rematch's last game: the least recent rematch is preferred.
BYE_RANK      bye edge: how high the player stands — the bye goes to the lowest-ranked eligible
              player (OpenGotha §1.5; FIDE 2026 C5); Magic: lowest points, random among them
              (docs/RULES.md §3.4).
SCORE         d² for a pair d score groups apart: several small floats beat one big one
              (OpenGotha concavity §1.3, Papp's growing float table §2.4, C.04.3 C6 PSD).
TOP           d × (groups − upper group): floats are pushed down, top groups are paired first.
COLOUR        players whose colour preference is not granted (C.04.3 C10; Go/Othello balance,
              OpenGotha 10⁶ term; Renju tentative Black balance).
STRONGCOL     players whose strong/absolute preference is not granted (C.04.3 C11).
GEO           same club × club_weight + same country × country_weight (OpenGotha geography
              §1.3, Papp "chauvinisme" §2.4, docs/RULES.md §8.0 "prefer different nationalities").
FLOAT         players floating in the same direction as last round (C.04.3 C12–C13, OpenGotha
              DU/DD, Papp cumulative floats).
IDEAL         distance from the in-group ideal of the style, capped at :data:`IDEAL_CAP`:
              fold / slide / adjacent (Swig) — see :func:`ideal_penalty`.
============  ==================================================================================

The last criterion of the issue, the *seeded random*, is applied before the matching: the
``random`` style pairs neighbours of a seeded shuffle (Magic, docs/RULES.md §3.4) and the Magic bye
takes a seeded random among the lowest group — :func:`.groups.det_hash`, never ``hash()``.
"""

from __future__ import annotations

from ..colours_vocab import BALANCE, FIDE
from ..i18n import _

from dataclasses import dataclass
from itertools import chain, compress
from operator import not_

from .colours import ABSOLUTE, Pref, excess, hard_conflict, preference, stronger
from .groups import PState, det_hash

FIELDS = ("EXCESS", "EXCESS_SIZE", "SECOND_BYE", "REMATCH", "RECENCY", "BYE_RANK", "SCORE",
          "TOP", "COLOUR", "STRONGCOL", "GEO", "FLOAT", "IDEAL")
# fields of a relaxed rule: a windowed answer using one is not accepted (engine._match)
RELAXED_IDX = tuple(FIELDS.index(f) for f in ("EXCESS", "SECOND_BYE", "REMATCH"))
REMATCH_IDX = FIELDS.index("REMATCH")
EXCESS_IDX = FIELDS.index("EXCESS")
BYE_ONLY = frozenset({"SECOND_BYE", "BYE_RANK"})  # fields only the bye edge carries
BYE_ONLY_IDX = tuple(i for i, f in enumerate(FIELDS) if f in BYE_ONLY)
IDEAL_CAP = 1023
MAGIC_BYE_RANDOM = 1 << 10
FLOAT_STEP = 16
BYE = -1  # the dummy vertex of the pairing bye (odd field)


@dataclass(frozen=True)
class Context:
    """What the weights of one round depend on besides the two players."""

    game: str
    mode: str  # colour mode (the plan's colours, core/field.py)
    style: str  # fold | slide | adjacent (random / tiebreaks / lot pair as adjacent)
    seed: int
    round_no: int
    ngroups: int
    nplayers: int
    forbidden: frozenset
    last_round: bool = False
    topscore: float = float("inf")  # score above which a player is a topscorer (last round)
    club_weight: int = 1
    country_weight: int = 1
    allow_rematch: bool = False
    relax_colours: bool = False  # only for diagnosing infeasibility, never to pair
    # the game profile's pairing rules (swisstui/core/games/base.py)
    pab_strict: bool = False  # pab_bars_unplayed_win: an earlier unplayed win bars the PAB
    random_bye: bool = False  # pab_random_lowest: the bye by points only, random among the lowest
    handicap: bool = False  # Go handicap games: colours follow the ranks (colours.stronger)
    colour_gap: int | None = None  # the game's colour gap (profile colour_gap), mode balance
    colour_absolute: bool = False  # the gap is a hard limit (option colour_limit = absolute)


def ideal_penalty(p: int, q: int, n: int, style: str) -> int:
    """Distance of the in-group pair (places p < q in a group of n) from the style's ideal.

    * fold — 1 v n, 2 v n−1 (OpenGotha "split and fold": x = p + q − (n − 1), penalty x²);
    * slide — top half v bottom half, 1 v n/2+1 (FIDE Dutch S1/S2, OpenGotha "split and
      slip": x = 2(q − p) − n, penalty x²/4);
    * adjacent — neighbours 1–2, 3–4 (Swig, Tagajo, Kagawa lot order, Magic's shuffled order;
      docs/RULES.md §8.2): each place skipped costs more the higher the upper player stands, so a
      skip is pushed down the list and an impossible last pair "backs up one pair at a time".
    """
    if style == "fold":
        x = p + q - (n - 1)
        pen = x * x
    elif style == "slide":
        x = 2 * (q - p) - n
        pen = x * x // 4
    else:
        pen = (q - p - 1) * (1 + (n - p) * 8 // max(n, 1))
    return pen if pen < IDEAL_CAP else IDEAL_CAP


def float_ideal(up: PState, low: PState) -> int:
    """In-group ideal for a float: the lowest of the upper group meets the highest of the lower
    group (FIDE: MDPs from the bottom of the bracket; random style: a random player, since the
    order is a seeded shuffle — Magic's "random player sent down").  Each place away from that
    costs :data:`FLOAT_STEP`, more than an in-group skip, so the floater is the natural one
    unless a rule or a better pairing inside the group needs another."""
    pen = FLOAT_STEP * ((up.gsize - 1 - up.pos) + low.pos)
    return pen if pen < IDEAL_CAP else IDEAL_CAP


def rematches_text(rematches: list[tuple[int, int, int]]) -> str:
    """The rematches a relaxed round makes, (a, b, round they met), as warnings and refusals
    name them: the first four, "1-2 (met round 1), …"."""
    return ", ".join(_("{a}-{b} (met round {r})").format(a=a, b=b, r=r)
                     for a, b, r in rematches[:4])


class Evaluator:
    """Per-round evaluation of candidate pairs: legality and penalty tuples."""

    def __init__(self, states: dict[int, PState], ctx: Context):
        self.ctx = ctx
        self.states = states
        self.prefs: dict[int, Pref] = {pid: preference(st, ctx.mode)
                                       for pid, st in states.items()}
        self.exempt = {pid: ctx.last_round and st.score > ctx.topscore
                       for pid, st in states.items()}
        # per-player facts the hot loop of a large field reads (pair() runs n² times)
        self._float = {pid: st.last_float for pid, st in states.items()}
        self._geo = {pid: (st.player.club, st.player.country) for pid, st in states.items()}
        self._tuples: dict[tuple[int, ...], tuple[int, ...]] = {}
        # whether a colour rule can block a pair (colours.hard_conflict: chess's absolute
        # preferences, an absolute colour gap)
        self._colour_rule = not ctx.relax_colours and (
            ctx.mode == FIDE or (ctx.mode == BALANCE and ctx.colour_absolute and
                                   ctx.colour_gap is not None))

    # ---- absolute criteria ----------------------------------------------------------------
    def blocked(self, a: PState, b: PState, *, relaxed: bool | None = None) -> str | None:
        """The absolute rule that forbids pairing ``a`` with ``b``, or None."""
        ctx = self.ctx
        allow = ctx.allow_rematch if relaxed is None else relaxed
        if b.id in a.met and not allow:
            return _("{id} and {id2} already met in round {value}").format(id=a.id, id2=b.id, value=a.met[b.id])
        if ctx.forbidden and frozenset((a.id, b.id)) in ctx.forbidden:
            return _("{id}-{id2} is a forbidden pair").format(id=a.id, id2=b.id)
        if ctx.relax_colours:
            return None
        pa, pb = self.prefs[a.id], self.prefs[b.id]
        if ctx.mode == FIDE and not (pa.strength == ABSOLUTE and pb.strength == ABSOLUTE):
            return None
        why = hard_conflict(a, b, ctx.mode, ctx.colour_gap if ctx.colour_absolute else None,
                            self.exempt[a.id] or self.exempt[b.id])
        if why:
            return f"{a.id}-{b.id}: {why}"
        return None

    def bye_ineligible(self, a: PState) -> str | None:
        """Why ``a`` should not receive the pairing bye, or None."""
        if a.pab:
            return _("{id} already had a pairing bye").format(id=a.id)
        if self.ctx.pab_strict and a.unplayed_win:
            return _("{id} already scored a win without playing (FIDE C.04.1 d)").format(id=a.id)
        return None

    # ---- weights ----------------------------------------------------------------------------
    def pair(self, a: PState, b: PState) -> tuple[int, ...] | None:
        """Penalty tuple of a legal (or relaxed) pair in FIELDS order, None if blocked
        (exactly when :meth:`blocked` names a rule; the test here builds no message)."""
        ctx = self.ctx
        met = a.met.get(b.id)
        if met is not None and not ctx.allow_rematch:
            return None
        if ctx.forbidden and frozenset((a.id, b.id)) in ctx.forbidden:
            return None
        pa, pb = self.prefs[a.id], self.prefs[b.id]
        if self._colour_rule:  # colours.hard_conflict, without its message
            if ctx.mode == FIDE:
                if pa.strength == ABSOLUTE and pb.strength == ABSOLUTE and \
                        pa.want == pb.want and pa.want is not None and \
                        not (self.exempt[a.id] or self.exempt[b.id]):
                    return None
            elif excess(a, b, ctx.colour_gap)[0]:
                return None
        if a.group == b.group:
            score = top = flt = 0
            p, q = (a.pos, b.pos) if a.pos < b.pos else (b.pos, a.pos)
            ideal = ideal_penalty(p, q, a.gsize, ctx.style)
        else:
            up, low = (a, b) if a.group < b.group else (b, a)  # up = higher group
            d = low.group - up.group
            score = d * d
            top = d * (ctx.ngroups - up.group)
            # `up` floats down, `low` floats up
            flt = (self._float[up.id] == -1) + (self._float[low.id] == 1)
            ideal = float_ideal(up, low)
        col = strong = 0
        if ctx.handicap and stronger(a, b) is not None:
            pa = pb = Pref(None, 0)  # a handicap game: the ranks decide the colours
        if pa.want is not None and pa.want == pb.want:
            col = 1
            strong = 1 if (pa.strength if pa.strength < pb.strength else pb.strength) >= 2 \
                else 0
        geo = 0
        if ctx.club_weight or ctx.country_weight:
            club_a, country_a = self._geo[a.id]
            club_b, country_b = self._geo[b.id]
            if ctx.club_weight and club_a and club_a == club_b:
                geo += ctx.club_weight
            if ctx.country_weight and country_a and country_a == country_b:
                geo += ctx.country_weight
        over, size = (0, 0) if ctx.colour_gap is None or ctx.colour_absolute else \
            excess(a, b, ctx.colour_gap)
        t = (over, size, 0, 1 if met else 0, met or 0, 0, score, top, col, strong, geo, flt,
             ideal)
        # one object per distinct tuple (a round has a few thousand, its pairs 10⁵: memory)
        return self._tuples.setdefault(t, t)

    def bye(self, a: PState) -> tuple[int, ...]:
        """Penalty tuple of the edge between ``a`` and the dummy bye vertex."""
        ctx = self.ctx
        second = 1 if self.bye_ineligible(a) else 0
        if ctx.random_bye:
            rank = (ctx.ngroups - 1 - a.group) * MAGIC_BYE_RANDOM + \
                det_hash(ctx.seed, ctx.round_no, "bye", a.id, bits=10)
        else:
            rank = ctx.nplayers - 1 - a.order
        return (0, 0, second, 0, 0, rank, 0, 0, 0, 0, 0, 0, 0)


class Packer:
    """Packs penalty tuples into non-negative integers ``Σ (cap − penalty) << shift``.

    Widths are sized for a matching of ``pairs`` edges; a field whose penalty is the same on
    every candidate edge cannot change the choice and gets width 0 (this keeps the weights of a
    real round well below rustworkx's 128-bit limit).  Bye-only fields are 0 on other edges
    and need only the width of one edge, since every complete pairing has exactly one bye."""

    def __init__(self, tuples: list[tuple[int, ...]], bye_flags: list[bool], pairs: int):
        nf = len(FIELDS)
        normal = list(compress(tuples, map(not_, bye_flags)))
        byes = list(compress(tuples, bye_flags))
        ext_n, ext_b = _extremes(normal, nf), _extremes(byes, nf)
        caps, widths = [0] * nf, [0] * nf
        for i in range(nf):
            ext = ext_b[i] if i in BYE_ONLY_IDX else ext_n[i]
            if ext is None:
                continue
            hi, lo = ext
            caps[i] = hi
            if i in BYE_ONLY_IDX:
                widths[i] = hi.bit_length() + 1 if hi else 0
            elif hi != lo:  # a constant penalty cannot change the choice
                widths[i] = max(1, (hi * max(pairs, 1)).bit_length())
        self.caps, self.widths = caps, widths
        shifts, s = [0] * nf, 0
        for i in reversed(range(nf)):
            shifts[i] = s
            s += widths[i]
        self.shifts = shifts
        self.bits = s + 1
        self.active = [i for i in range(nf) if widths[i]]
        normal_terms = [f"(({caps[i]} - t[{i}]) << {shifts[i]})" for i in self.active
                        if i not in BYE_ONLY_IDX] or ["0"]
        bye_terms = [f"(({caps[i]} - t[{i}]) << {shifts[i]})" for i in self.active
                     if i in BYE_ONLY_IDX] or ["0"]
        # a specialised function per round: packing is the hot loop of large fields
        normal_expr, bye_expr = " + ".join(normal_terms), " + ".join(bye_terms)
        self._normal = eval("lambda t: " + normal_expr)  # noqa: S307
        self._bye = eval("lambda t: " + bye_expr)  # noqa: S307
        # … and one that packs a whole candidate graph, the expressions inlined and each
        # distinct tuple packed once (a round has a few thousand: time, and one weight object)
        self._edges = eval(  # noqa: S307
            f"lambda items, vid, m: [(k[0], k[1], w if (w := m.get(t)) is not None else "
            f"m.setdefault(t, {normal_expr})) if k[1] != {BYE} else "
            f"(k[0], vid, {bye_expr}) for k, t in items]")

    def pack(self, t: tuple[int, ...], is_bye: bool) -> int:
        return self._bye(t) if is_bye else self._normal(t)

    def edges(self, items, vid: int) -> list[tuple[int, int, int]]:
        """``[(i, j, packed weight)]`` for the ``((i, j), tuple)`` items of a candidate
        graph, in their order; the bye vertex :data:`BYE` is renumbered ``vid``."""
        return self._edges(items, vid, {})


def _extremes(tuples: list[tuple[int, ...]], nf: int) -> list:
    """Per field, (max, min) over ``tuples`` (None for an empty list): by numpy in chunks
    for the candidate graphs of large fields (beyond :data:`_NUMPY_FROM` edges, where it
    saves more than its import), else — or a value beyond 64 bits — by Python."""
    if not tuples:
        return [None] * nf
    if len(tuples) < _NUMPY_FROM:
        return [(max(c), min(c)) for c in zip(*tuples)]
    import numpy as np
    hi: list[int] | None = None
    lo: list[int] | None = None
    try:
        for start in range(0, len(tuples), _CHUNK):
            part = tuples[start:start + _CHUNK]
            a = np.fromiter(chain.from_iterable(part), dtype=np.int64,
                            count=nf * len(part)).reshape(-1, nf)
            h, low = a.max(axis=0).tolist(), a.min(axis=0).tolist()
            hi = h if hi is None else [max(x, y) for x, y in zip(hi, h)]
            lo = low if lo is None else [min(x, y) for x, y in zip(lo, low)]
    except (OverflowError, ValueError):  # a penalty beyond int64 (or a tuple not of nf)
        return [(max(c), min(c)) for c in zip(*tuples)]
    assert hi is not None and lo is not None
    return list(zip(hi, lo))


_CHUNK = 1 << 16  # rows per numpy block (a bounded buffer at 16 000 players)
_NUMPY_FROM = 100_000


def objective(tuples) -> tuple[int, ...]:
    """The canonical objective of a pairing: per-field penalty sums (lexicographically
    smaller is better).  Independent of packing, so decomposed and full solves compare."""
    tuples = list(tuples)
    if not tuples:
        return (0,) * len(FIELDS)
    return tuple(map(sum, zip(*tuples)))


def guarantee_note(round_no: int, players: int) -> str:
    """The reminder both engines add to a refusal past the point where a Swiss pairing
    without rematches is guaranteed (rounds ≤ players/2), else ""."""
    half = players // 2
    if round_no - 1 <= half:
        return ""
    return _(" (a pairing is only guaranteed while rounds ≤ players/2 = {half})").format(
        half=half)
