"""Standings: the score, then the tie-break chain, after any round (docs/TIEBREAKS.md).

* :func:`standings` — every player ranked: score first (unless the chain starts with a main
  score of its own — ``WINS``, ``MMS``, ``MP``, ``PTS`` — which then orders the field: a
  McMahon event is ranked by MMS, not by wins), then each tie-break of the chain applied to
  the players still tied (group tie-breaks such as DE only among them); players
  equal on everything share the place (``Row.place`` = ``"3-5"`` for all three), while
  ``Row.rank`` is the row's position 1..n (unique; tied players in id order), usable as a
  seed or a TRF rank.
* :func:`order_by_chain` — the same ordering for any subset of players and any chain, without
  the implied score (put ``PTS``/``WINS`` first when wanted): what the pairing engine uses for
  the Tagajo style (docs/RULES.md §8.2).  Residual ties keep the id order.
* :func:`format_value` — a value as text (percent codes as ``57.14%``).

The chain is the one given, else the event's ``tiebreaks``, else the game profile's default
(``GameProfile.tiebreaks_for(system)``).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence

from ..field import Field
from ..games import profile
from ..gcpause import paused_gc
from ..i18n import N_
from ..readers import Message, number_text, percent_text
from ..model import Event, Player
from .context import Context, after_round_of
from .registry import REGISTRY, TieBreak
from .rounds_advice import rounds_warning

_DIGITS = 9  # values are compared rounded (sums of fractions must not split a tie)


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line.  ``values`` (code -> value) is read-only: standings computed after
    a result share the rows and value dicts of the players it left unchanged."""

    rank: int
    place: str
    player: Player
    score: float
    values: dict[str, float] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Standings:
    after_round: int
    tiebreaks: tuple[str, ...]
    rows: list[Row]
    warnings: tuple[str, ...] = ()
    game: str = ""

    def row(self, pid: int) -> Row | None:
        for r in self.rows:
            if r.player.id == pid:
                return r
        return None

    def order(self) -> list[int]:
        return [r.player.id for r in self.rows]


def _split_codes(chain: Iterable[str] | str) -> list[str]:
    if isinstance(chain, str):
        chain = chain.split(",")
    return [c.strip() for c in chain if c and c.strip()]


def resolve_chain(event: Event, chain: Iterable[str] | str | None = None, *,
                  prof=None) -> tuple[TieBreak, ...]:
    """The tie-breaks of the chain (given, event's or the game profile's — ``prof``, the
    request's Field's, else looked up), resolved from codes or aliases; SwissError names an
    unknown code or one foreign to the game."""
    game = event.game
    codes = _split_codes(chain) if chain is not None else list(event.settings.tiebreaks)
    if chain is None and not codes:
        codes = list((prof or profile(game)).tiebreaks_for(event.settings.system))
    out: list[TieBreak] = []
    for c in codes:
        tb = REGISTRY.resolve(c, game)
        if tb not in out:
            out.append(tb)
    return tuple(out)


def _key(v: float) -> float:
    return round(v, _DIGITS)


def _rounded(ctx: Context, key: str, vals: dict[int, float], scope: str) -> dict[int, float]:
    """Every player's value rounded as compared (:data:`_DIGITS`), reusing the rounded
    values of the players an earlier context left unchanged (:meth:`Context.incremental`)."""
    digits = _DIGITS

    def build(ids: frozenset[int] | None) -> dict[int, float]:
        if ids is None:
            return {p: round(v, digits) for p, v in vals.items()}
        return {p: round(vals[p], digits) for p in ids if p in vals}

    return ctx.incremental(("rounded", key), scope, build)


def _split(group: list[int], vals: dict[int, float], higher_better: bool,
           rounded: dict[int, float] | None = None) -> list[list[int]]:
    digits = _DIGITS
    # one value for all (a big tied group's DE of 0, its number of wins): nothing to sort
    # (equal values round equal; NaN, never equal to itself, is split below as ever)
    same = set(map((rounded if rounded is not None else vals).__getitem__, group))
    if len(same) == 1 and (v := same.pop()) == v:
        return [list(group)]
    keys = rounded if rounded is not None else {p: round(vals[p], digits) for p in group}
    # reverse=True keeps equal keys in their order (a stable sort), like the key -value
    ordered = sorted(group, key=keys.__getitem__, reverse=higher_better)
    out: list[list[int]] = []
    last = None
    for p in ordered:
        k = keys[p]
        if out and k == last:
            out[-1].append(p)
        else:
            out.append([p])
            last = k
    return out


def _refine(ctx: Context, groups: list[list[int]], chain: Sequence[TieBreak]
            ) -> tuple[list[list[int]], dict[str, dict[int, float]]]:
    values: dict[str, dict[int, float]] = {}
    for tb in chain:
        if tb.group:
            vals: dict[int, float] = {}
            new: list[list[int]] = []
            for g in groups:
                if len(g) == 1:
                    vals[g[0]] = 0.0
                    new.append(g)
                    continue
                gv = tb.compute(ctx, g)
                vals.update(gv)
                new.extend(_split(g, gv, tb.higher_better))
            groups = new
        else:
            vals = ctx.tiebreak(tb.code)
            keys = _rounded(ctx, tb.code, vals, tb.scope) if tb.scope else None
            groups = [piece for g in groups
                      for piece in (_split(g, vals, tb.higher_better, keys) if len(g) > 1
                                    else [g])]
        values[tb.code] = vals
    return groups, values


def _prefix_length(tbs: Sequence[TieBreak]) -> int:
    """How many tie-breaks of the chain come before its first group tie-break (all of them
    when it has none): the levels that order every player by a value of their own."""
    for i, tb in enumerate(tbs):
        if tb.group:
            return i
    return len(tbs)


def _levels(ctx: Context, tbs: Sequence[TieBreak]) -> list[tuple[dict[int, float], float]] | None:
    """The rounded values (:func:`_rounded`) and direction (-1: higher ranks first) of each
    level before the first group tie-break — the score, unless the chain starts with a main
    score — or None when one of them is not reusable (a tie-break without a ``scope``)."""
    prefix = tbs[:_prefix_length(tbs)]
    if any(not tb.scope for tb in prefix) or any(not tb.group and not tb.scope for tb in tbs):
        return None
    out: list[tuple[dict[int, float], float]] = []
    if not (tbs and tbs[0].primary):
        out.append((_rounded(ctx, "", ctx.score, "own"), -1.0))
    for tb in prefix:
        out.append((_rounded(ctx, tb.code, ctx.tiebreak(tb.code), tb.scope),
                    -1.0 if tb.higher_better else 1.0))
    return out


def _level_key(levels: list[tuple[dict[int, float], float]], pid: int) -> tuple[float, ...]:
    return tuple([sign * keys[pid] for keys, sign in levels])


class _Order:
    """How one standings request ranked the field, kept in its context's memo so that the
    next request (a result later, :meth:`Context.from_base`) re-ranks only what changed.

    The players tied on every level before the first group tie-break (:func:`_levels`) form
    the *prefix groups* ``groups``, in ranking order, with their level keys ``heads``
    (ascending: a from-scratch ranking is the order of ``(key, id)``, the stable sorts of
    :func:`_split` keeping ids ascending among equals); ``tails[i]`` is how the rest of the
    chain splits ``groups[i]``.  ``group_values``: the group tie-breaks' values; ``rows``:
    each player's row."""

    __slots__ = ("levels", "groups", "heads", "tails", "group_values", "rows")

    def __init__(self, levels: list[tuple[dict[int, float], float]],
                 groups: list[list[int]], heads: list[tuple[float, ...]],
                 tails: list[list[list[int]]], group_values: dict[str, dict[int, float]],
                 rows: dict[int, Row]):
        self.levels, self.groups, self.heads, self.tails = levels, groups, heads, tails
        self.group_values, self.rows = group_values, rows


def _row_values(codes: list[str], columns: list[dict[int, float]], pid: int) -> dict[str, float]:
    return dict(zip(codes, [vals.get(pid, 0.0) for vals in columns]))


def _ranked(ctx: Context, tbs: Sequence[TieBreak]) -> list[Row]:
    """Every player ranked from scratch (score, then the chain applied to the players still
    tied); remembers the ranking (:class:`_Order`) when the next request can reuse it."""
    score = ctx.score
    if tbs and tbs[0].primary:
        # the chain starts with a main score (Go WINS / McMahon MMS, docs/RULES.md §1.4): it
        # orders the field instead of the event's points
        groups = [list(ctx.ids)]
    else:
        keys = _rounded(ctx, "", score, "own")
        groups = _split(sorted(ctx.ids, key=lambda p: -keys[p]), score, True, keys)
    cut = _prefix_length(tbs)
    prefix_groups, values = _refine(ctx, groups, tbs[:cut])
    groups, tail_values = _refine(ctx, prefix_groups, tbs[cut:])
    values.update(tail_values)
    rows: list[Row] = []
    pos = 1
    codes = [tb.code for tb in tbs]
    columns = [values[code] for code in codes]
    players = ctx.players
    for g in groups:
        place = str(pos) if len(g) == 1 else f"{pos}-{pos + len(g) - 1}"
        for i, pid in enumerate(g):
            player = players.get(pid) or Player(pid, f"#{pid}")
            rows.append(Row(pos + i, place, player, score[pid], _row_values(codes, columns, pid)))
        pos += len(g)
    levels = _levels(ctx, tbs) if ctx.after_round and not ctx.forfeits_played else None
    if levels is not None and not any(v != v for keys, _s in levels for v in keys.values()):
        # (a NaN value orders nothing: no reuse then)
        tails: list[list[list[int]]] = []
        it = iter(groups)
        for pg in prefix_groups:
            size, tail = len(pg), []
            while size:
                sub = next(it)
                tail.append(sub)
                size -= len(sub)
            tails.append(tail)
        ctx.memo(("order", tuple(codes)), lambda: _Order(
            levels, prefix_groups, [_level_key(levels, g[0]) for g in prefix_groups], tails,
            {tb.code: values[tb.code] for tb in tbs if tb.group},
            {r.player.id: r for r in rows}))
    return rows


def _reordered(ctx: Context, tbs: Sequence[TieBreak]) -> list[Row] | None:
    """The rows of :func:`_ranked`, from the ranking of the earlier context this one differs
    from in a few players' records (:attr:`Context.base`): the players whose values may have
    changed (:meth:`Context.touched`) leave their prefix group and join the one of their new
    key (found by bisection: the others' keys are unchanged); only those prefix groups are
    split again by the rest of the chain (a group tie-break depends on who is in the group).
    The other players keep their rows when their rank and place are the same.  None: no
    ranking to reuse."""
    codes = tuple(tb.code for tb in tbs)
    old: _Order | None = ctx.from_base(("order", codes))
    if old is None:
        return None
    levels = _levels(ctx, tbs)
    if levels is None:
        return None
    moved = ctx.touched() if ctx.changed else frozenset()
    heads = old.heads
    leave: set[int] = set()  # old prefix groups a moved player leaves
    join: dict[int, list[int]] = {}  # old prefix group -> moved players joining it
    new: dict[int, dict[tuple[float, ...], list[int]]] = {}  # before old group i: new keys
    for pid in moved:
        if pid not in ctx.score:
            return None
        was = _level_key(old.levels, pid)
        i = bisect_left(heads, was)
        if i == len(heads) or heads[i] != was:
            return None  # not where the earlier ranking put it: rank from scratch
        leave.add(i)
        key = _level_key(levels, pid)
        if any(x != x for x in key):
            return None
        i = bisect_left(heads, key)
        if i < len(heads) and heads[i] == key:
            join.setdefault(i, []).append(pid)
        else:
            new.setdefault(i, {}).setdefault(key, []).append(pid)
    groups: list[list[int]] = []
    keys: list[tuple[float, ...]] = []
    tails: list[list[list[int]] | None] = []
    redo: list[int] = []  # the prefix groups to split again (indexes into groups)
    start = 0
    for i in sorted(leave | join.keys() | new.keys()):
        groups += old.groups[start:i]
        keys += heads[start:i]
        tails += old.tails[start:i]
        start = i
        for key in sorted(new.get(i, ())):
            redo.append(len(groups))
            groups.append(sorted(new[i][key]))
            keys.append(key)
            tails.append(None)
        if i in leave or i in join:
            members = sorted([p for p in old.groups[i] if p not in moved] + join.get(i, []))
            if members:
                redo.append(len(groups))
                groups.append(members)
                keys.append(heads[i])
                tails.append(None)
            start = i + 1
    groups += old.groups[start:]
    keys += heads[start:]
    tails += old.tails[start:]
    tail_tbs = tbs[_prefix_length(tbs):]
    old_values = old.group_values
    group_values = {code: dict(vals) for code, vals in old_values.items()}
    fresh = set(moved)  # players whose values may differ from their old row's
    for i in redo:
        sub, vals = _refine(ctx, [groups[i]], tail_tbs)
        tails[i] = sub
        for code, gv in group_values.items():
            new_gv, old_gv = vals[code], old_values[code]
            gv.update(new_gv)
            fresh.update(p for p, v in new_gv.items() if old_gv.get(p) != v)
    score = ctx.score
    codes_ = list(codes)
    columns = [group_values[c] if c in group_values else ctx.tiebreak(c) for c in codes_]
    players = ctx.players
    base = ctx.base
    # the same Player objects as the rows': none to look up again
    same_players = base is not None and base.event.players is ctx.event.players
    old_rows = old.rows
    get_old = old_rows.__getitem__
    again = set(redo)
    order: list[int] = []
    rows: list[Row] = []
    pos = 1
    for k, tail in enumerate(tails):
        assert tail is not None
        for g in tail:
            n = len(g)
            place = str(pos) if n == 1 else f"{pos}-{pos + n - 1}"
            if k not in again and same_players:
                # a group left as it was: its rows were consecutive, in this order
                first = old_rows[g[0]]
                if first.rank == pos and first.place == place:
                    rows += map(get_old, g)
                else:
                    rows += [Row(rank, place, o.player, o.score, o.values)
                             for rank, o in zip(range(pos, pos + n), map(get_old, g))]
                order += g
                pos += n
                continue
            rank = pos
            for pid in g:
                row = None if pid in fresh else old_rows[pid]
                if row is None:
                    row = Row(rank, place, players.get(pid) or Player(pid, f"#{pid}"),
                              score[pid], _row_values(codes_, columns, pid))
                elif row.rank != rank or row.place != place or not same_players:
                    player = row.player if same_players else (players.get(pid)
                                                              or Player(pid, f"#{pid}"))
                    if row.rank != rank or row.place != place or row.player is not player:
                        row = Row(rank, place, player, row.score, row.values)
                rows.append(row)
                rank += 1
            order += g
            pos += n
    by_id = dict(zip(order, rows))
    ctx.memo(("order", codes), lambda: _Order(levels, groups, keys, tails,  # type: ignore[arg-type]
                                             group_values, by_id))
    return rows


def standings(event: Event, upto: int | None = None,
              chain: Iterable[str] | str | None = None, *,
              field: Field | None = None) -> Standings:
    """Rank every player after round ``upto`` (default: the last complete Swiss round);
    ``field``: the request's Field after that round, else built here once."""
    return standings_with_context(event, upto, chain, field=field)[0]


def standings_with_context(event: Event, upto: int | None = None,
                           chain: Iterable[str] | str | None = None, *,
                           field: Field | None = None) -> tuple[Standings, Context]:
    """:func:`standings` and the context it was computed in (the crosstable reuses its
    history)."""
    with paused_gc():  # acyclic data only (swisstui.core.gcpause)
        return _standings_with_context(event, upto, chain, field)


def _standings_with_context(event: Event, upto: int | None,
                            chain: Iterable[str] | str | None,
                            field: Field | None = None) -> tuple[Standings, Context]:
    after = after_round_of(event, upto)
    if field is None or field.event is not event or field.upto != after:
        field = Field.of(event, after)
    tbs = resolve_chain(event, chain, prof=field.profile)
    ctx = Context(event, after, field=field)
    rows = _reordered(ctx, tbs)
    if rows is None:
        rows = _ranked(ctx, tbs)
    warnings = []
    warn = rounds_warning(len(event.players), event.settings.rounds, event.game,
                          prof=field.profile)
    if warn:
        warnings.append(warn)
    rated = [tb.code for tb in tbs if tb.code in ("ARO", "AROC1", "TPR")]
    unrated = sum(1 for p in event.players if p.rating is None)
    if rated and unrated:
        warnings.append(Message(N_(
            "{codes}: {unrated} unrated player(s) are left out of the opponents' average; "
            "FIDE C.07 Art. 10 drops rating tie-breaks unless a rating for unrated players "
            "is published (docs/RULES.md §5.2)"), codes=", ".join(rated), unrated=unrated))
    if upto is None:
        pending = [(r, missing) for r in event.swiss_rounds()
                   if r.number > ctx.after_round and (missing := r.missing_results())]
        if pending:
            r, missing = pending[0]
            warnings.append(Message(N_("round {round} has {missing} result(s) missing; "
                                       "standings after round {after}"),
                                    round=r.number, missing=missing,
                                    after=ctx.after_round))
    else:  # an asked-for round that is not complete: its missing games count for nobody
        pending = [(r, missing) for r in event.swiss_rounds()
                   if r.number <= ctx.after_round and (missing := r.missing_results())]
        if pending:
            r, missing = pending[0]
            warnings.append(Message(N_("round {round} has {missing} result(s) missing; those "
                                       "games count for nobody in these standings"),
                                    round=r.number, missing=missing))
    return Standings(ctx.after_round, tuple(tb.code for tb in tbs), rows, tuple(warnings),
                     event.game), ctx


_CACHE: list = []  # one (event, upto, context) for repeated order_by_chain calls


def _context(event: Event, upto: int | None) -> Context:
    if _CACHE and _CACHE[0] is event and _CACHE[1] == upto:
        return _CACHE[2]
    ctx = Context(event, upto)
    _CACHE[:] = [event, upto, ctx]
    return ctx


def order_by_chain(event: Event, ids: Iterable[int], chain: Iterable[str] | str,
                   upto: int | None = None) -> list[int]:
    """``ids`` ordered by the tie-break ``chain`` alone (best first; the score is not implied
    — put ``PTS`` or ``WINS`` first to include it); ties keep the id order."""
    tbs = resolve_chain(event, chain)
    ctx = _context(event, upto)
    groups = [sorted(set(ids))]
    if not groups[0]:
        return []
    groups, _ = _refine(ctx, groups, tbs)
    return [p for g in groups for p in g]


def _number(value: float) -> str:
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def format_value(code: str | None, value: float | None, lang: str | None = None) -> str:
    """A tie-break (or, with ``code`` None, a score) value as text: percent codes as
    ``57.14%``, ratings and numbers without trailing zeros (``5.5``, ``30``); ``lang`` (a
    page people read) writes them in that language's form (``57,14%``, ``5,5`` in pt_BR) —
    never for JSON, CSV or the event files (:func:`json_value`)."""
    if value is None:
        return ""
    tb = REGISTRY.get(code) if code else None
    if tb is not None:
        if tb.percent:
            return percent_text(value, lang) if lang else f"{value * 100:.2f}%"
        if tb.code == "LOT" and value >= 1_000_000:
            return ""
        if tb.code in ("RATING", "RANK") and value <= -100:
            return ""
        if tb.integer:
            return str(int(round(value)))
    return number_text(value, lang) if lang else _number(value)


def json_value(code: str | None, value: float) -> float | int | None:
    """A value for JSON/CSV: fractions for percent codes (4 decimals), ints when whole,
    None for "no lot number" / "no rating or rank"."""
    tb = REGISTRY.get(code) if code else None
    if tb is not None and format_value(code, value) == "":
        return None
    v = round(float(value), 4)
    if tb is not None and tb.percent:
        return v
    return int(v) if v == int(v) else v
