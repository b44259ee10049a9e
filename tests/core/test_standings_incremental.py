"""Standings after a result changed in the last round reuse the per-player values of the
earlier standings (:meth:`swisstui.core.standings.context.Context.reuse`); they must equal
a computation from scratch, for every tie-break that reuses values and every chess edition."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from swisstui.core import history as model_history
from swisstui.core.model import (Board, Bye, ByeKind, Event, Player, Result, Round, Scoring,
                                 Settings)
from swisstui.core.standings import context as context_mod
from swisstui.core.standings.table import standings_with_context

RESULTS = [Result("1-0", (1.0, 0.0)), Result("0-1", (0.0, 1.0)),
           Result("1/2-1/2", (0.5, 0.5)), Result("+-", (1.0, 0.0), True),
           Result("-+", (0.0, 1.0), True), Result("--", (0.0, 0.0), True)]
CHAIN = ("BH-C1,BH,SB,DE,WIN,BH-C2,BH-M1,BH-M2,SB-C1,SB-C2,SB-M1,WON,AOB,PS,BH/P,SB-C1/P")
BYES = [ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL, ByeKind.ABSENT]


@st.composite
def events(draw):
    n = draw(st.integers(4, 14))
    rounds = draw(st.integers(1, 5))
    withdrawn = draw(st.one_of(st.none(), st.integers(1, n)))
    players = tuple(Player(i, f"P{i}", rating=2000 - 10 * i,
                           withdrawn_from=(rounds if i == withdrawn else None))
                    for i in range(1, n + 1))
    rs = []
    for r in range(1, rounds + 1):
        ids = draw(st.permutations(list(range(1, n + 1))))
        ids = [p for p in ids if not (p == withdrawn and r >= rounds)]
        nbye = draw(st.integers(0, 2))
        byes = [Bye(p, draw(st.sampled_from(BYES))) for p in ids[:nbye]]
        rest = ids[nbye:]
        if len(rest) % 2:
            byes.append(Bye(rest.pop(), ByeKind.PAIRING))
        boards = tuple(Board(i // 2 + 1, (rest[i], rest[i + 1]),
                             draw(st.sampled_from(RESULTS)))
                       for i in range(0, len(rest), 2))
        rs.append(Round(r, boards, tuple(byes)))
    edition = draw(st.sampled_from(["2023", "2026", "pre2023"]))
    system = draw(st.sampled_from(["swiss", "roundrobin"]))
    s = Settings(name="t", game="chess", rounds=rounds, scoring=Scoring(), system=system,
                 tiebreaks=tuple(CHAIN.split(",")), options={"tiebreak_rules": edition})
    return Event(s, players, tuple(rs))


def _forget() -> None:
    """Nothing cached: the next standings are computed from scratch."""
    context_mod._BASES.clear()  # noqa: SLF001
    model_history._HISTORY.entries.clear()  # noqa: SLF001
    model_history._LAST_ROUND.clear()  # noqa: SLF001


def _table(st_):
    return [(r.rank, r.place, r.player.id, r.score, dict(r.values)) for r in st_.rows]


@settings(max_examples=120, deadline=None)
@given(events(), st.data())
def test_result_changed_in_last_round_equals_from_scratch(event, data):
    _forget()
    standings_with_context(event)  # the earlier standings: the base
    last = event.rounds[-1]
    if not last.boards:
        return
    i = data.draw(st.integers(0, len(last.boards) - 1))
    res = data.draw(st.sampled_from(RESULTS))
    changed = event.with_round(replace(last, boards=last.boards[:i]
                                       + (replace(last.boards[i], result=res),)
                                       + last.boards[i + 1:]))
    incremental, ctx = standings_with_context(changed)
    assert ctx.base is not None  # the incremental path was taken
    _forget()
    scratch, ctx2 = standings_with_context(changed)
    assert ctx2.base is None
    assert _table(incremental) == _table(scratch)
    # the round's records, reused for the boards left as they were, equal fresh ones
    _forget()
    model_history.round_records(event, last)
    reused = model_history.round_records(changed, changed.rounds[-1])
    assert reused == model_history._round_records(changed, changed.rounds[-1])  # noqa: SLF001


@settings(max_examples=40, deadline=None)
@given(events())
def test_same_event_again_equals_from_scratch(event):
    _forget()
    first = _table(standings_with_context(event)[0])
    again, ctx = standings_with_context(event)
    assert ctx.base is not None and ctx.changed == frozenset()
    assert _table(again) == first


#: chains whose every tie-break reuses values (or is a group tie-break): the ranking itself is
#: then reused (only the prefix groups of the players whose values may have changed are split
#: again, :func:`swisstui.core.standings.table._reordered`)
REUSABLE = ["BH-C1,BH,SB,DE,WIN", "DE,BH,WIN", "WIN,DE,BH-C1,DE/P", "BH,SB,WON", "",
            "SB-C1,DE,BH-M1,DE/P,WON"]


def _change(event, data):
    last = event.rounds[-1]
    i = data.draw(st.integers(0, len(last.boards) - 1))
    res = data.draw(st.sampled_from(RESULTS))
    return event.with_round(replace(last, boards=last.boards[:i]
                                    + (replace(last.boards[i], result=res),)
                                    + last.boards[i + 1:]))


@settings(max_examples=150, deadline=None)
@given(events(), st.sampled_from(REUSABLE), st.data())
def test_results_one_after_another_rank_as_from_scratch(event, chain, data):
    """Several results entered one after another, each ranking reusing the one before it
    (itself reused): every table equals one computed from scratch."""
    event = replace(event, settings=replace(event.settings, tiebreaks=tuple(
        c for c in chain.split(",") if c)))
    if not event.rounds[-1].boards:
        return
    _forget()
    first, ctx = standings_with_context(event)
    key = ("order", first.tiebreaks)
    assert key in ctx._memo  # noqa: SLF001 - the ranking is kept for the next request
    shown = []
    for _ in range(data.draw(st.integers(1, 4))):
        event = _change(event, data)
        table, ctx = standings_with_context(event)
        assert ctx.from_base(key) is not None  # the ranking of the one before was reused
        assert key in ctx._memo  # noqa: SLF001
        shown.append((event, _table(table)))
    for ev, tab in shown:
        _forget()
        scratch, ctx = standings_with_context(ev)
        assert ctx.base is None
        assert tab == _table(scratch)


@settings(max_examples=40, deadline=None)
@given(events(), st.sampled_from(REUSABLE))
def test_same_event_again_reuses_every_row(event, chain):
    event = replace(event, settings=replace(event.settings, tiebreaks=tuple(
        c for c in chain.split(",") if c)))
    _forget()
    first = standings_with_context(event)[0]
    again, ctx = standings_with_context(event)
    assert ctx.changed == frozenset()
    assert all(a is b for a, b in zip(first.rows, again.rows))
    assert len(first.rows) == len(again.rows) == len(event.players)
