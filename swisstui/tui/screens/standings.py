"""Standings mode: place, player, score and the event's tie-breaks, live (the current
round counts the results entered so far).  ``[`` / ``]`` show the standings after an earlier
/ later round.  Drawn with :class:`~..widgets.fasttable.FastTable`, so 2000 rows are
replaced in one step and only the visible lines are formatted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.widgets import Static
from textual.worker import get_current_worker

from ...core.errors import SwissError
from ...core import i18n
from ...core.i18n import N_, NP_, _, pgettext, translate
from ...core.model import Event
from .. import backend, keymap
from ..widgets.fasttable import FastTable
from ..widgets.header import count, update_line
from ..lang import stage
from .base import EventScreen
from ...core.standings.playoff import champion

if TYPE_CHECKING:
    from ...core.standings import Row


# From this many players on, standings are computed in a thread so that keys (scrolling,
# switching modes) are never blocked by a long recomputation.  Below it the computation
# (≈30–60 ms for 2000 players) is cheaper than the hand-off to a thread (≈20–40 ms).
BACKGROUND_AT = 2500


def background_at() -> int:
    return BACKGROUND_AT


def standings_rows(event: Event, upto: int | None,
                   live: bool = True) -> tuple[list[str], list[tuple], int]:
    """Column titles, row tuples, and the round the standings are after.  ``upto=None`` means
    live (after the current round, counting the results entered so far), or with
    ``live=False`` the core's default: after the last complete round."""
    if upto is None and live and event.current_round:
        upto = event.current_round
    st = backend.standings(event, upto=upto)
    codes = list(st.tiebreaks)
    # the tie-break codes (BH, SB, OMW%…) are not translated
    cols = [*fixed_titles(), *codes]
    fmt = backend.value_formatter()
    rows = []
    # a result changes a few players' values: the others' row tuples are the last ones
    # (the same player, score and values, in the same columns and language); a Row the core
    # kept (the same rank and place too) gives the same whole tuple
    lang = i18n.current()
    seen = _LAST_ROWS[0] if _LAST_ROWS and _LAST_ROWS[0][:2] == (codes, lang) else None
    # (three dicts rather than a tuple per player: fewer objects for the garbage collector)
    last_row, last_tail, last_text = seen[2:] if seen is not None else ({}, {}, {})
    made_row: dict[int, Row] = {}
    made_tail: dict[int, tuple[str, ...]] = {}
    made_text: dict[int, tuple[str, ...]] = {}
    for r in st.rows:
        p = r.player
        pid = p.id
        old = last_row.get(pid)
        made_row[pid] = r
        if old is r:
            made_tail[pid] = last_tail[pid]
            made_text[pid] = text = last_text[pid]
            rows.append(text)
            continue
        values = r.values
        if old is not None and old.score == r.score and (
                old.player is p or old.player == p) and (
                old.values is values or old.values == values):
            tail = last_tail[pid]
        else:
            tail = (f"{p.name} ({pid})", backend.fmt_score(r.score),
                    *[fmt(c, values.get(c, 0.0)) for c in codes])
        made_tail[pid] = tail
        made_text[pid] = text = (r.place, *tail)
        rows.append(text)
    _LAST_ROWS[:] = [(codes, lang, made_row, made_tail, made_text)]
    return cols, rows, st.after_round


#: the columns, language and ``{player id: Row}``, ``{player id: the row after the place}``,
#: ``{player id: the whole row}`` of the last standings shown (:func:`standings_rows`)
_LAST_ROWS: list = []


def fixed_titles() -> list[str]:
    """The first three columns of the standings (and crosstable): place, name, points."""
    return [
        # Translators: column title (place in the standings), at most 4 columns.
        _("Pl"),
        _("Name"),
        # Translators: column title (points), at most 4 columns.
        _("Pts"),
    ]


def widths_of(widths: dict[str, int]) -> dict[str, int]:
    """``{"Pl": 5, "Pts": 5}`` keyed by the titles as shown (translated; a title marked
    with a context, ``NP_``, in it)."""
    return {translate(k): v for k, v in widths.items()}


FINAL_DONE = N_("Final places · Champion: {name} · [ the Swiss standings")
FINAL_OPEN = N_("Final places so far (playoff in progress; provisional by seed) · [ Swiss")


def final_rows(event: Event) -> tuple[list[str], list[tuple], str]:
    """After a playoff cut: the final places (champion, finalist, each stage's losers by
    seed, then the Swiss order), with the stage reached, the Swiss place and points."""
    places = backend.final_places(event)
    last_swiss = max((r.number for r in event.swiss_rounds()), default=0)
    st = backend.standings(event, upto=last_swiss)
    swiss = {r.player.id: r for r in st.rows}
    names = event.by_id()
    rows = []
    for f in places:
        r = swiss.get(f.player)
        rows.append((str(f.place) if f.decided else f"({f.place})",
                     f"{names[f.player].name} ({f.player})", stage(f.stage),
                     r.place if r else "", backend.fmt_score(r.score) if r else ""))
    won = champion(places)
    hint = (_(FINAL_DONE).format(name=names[won].name) if won is not None
            else _(FINAL_OPEN))
    cols = [
        _("Pl"),
        _("Name"),
        # Translators: final places column (the playoff stage reached), at most 15 columns.
        pgettext("column", "Playoff"),
        # Translators: final places column (the place after the Swiss), at most 6 columns.
        _("Swiss"),
        _("Pts"),
    ]
    return cols, rows, hint


def update_table(table: FastTable, cols: list[str], rows: list[tuple],
                 widths: dict[str, int] | None = None, keys: list[str] | None = None,
                 fit: tuple[str, ...] = (), *, strings: bool = False) -> None:
    """Show ``rows``; columns named in ``fit`` share the width the others leave (between
    12 and 40 cells each), so the table fits the terminal without sideways scrolling —
    again whenever the terminal is resized (:meth:`FastTable.set_fitted_table`).
    ``strings``: every row is a tuple of str already (:meth:`FastTable.set_rows`)."""
    table.set_fitted_table(cols, rows, widths or {}, keys, fit, strings=strings)


class StandingsScreen(EventScreen):
    MODE = "standings"
    BINDINGS = keymap.bindings("standings")

    upto: int | None = None  # None = live (current round)

    def compose_body(self) -> ComposeResult:
        yield Static("", id="standings-hint", classes="hint", markup=False)
        yield FastTable(id="standings")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#standings", FastTable).focus()

    def show_event(self, event: Event) -> None:
        t = self.query_one("#standings", FastTable)
        hint = self.query_one("#standings-hint", Static)
        if not event.players:
            t.clear()
            hint.update(_("No players yet (F2 Registration)"))
            return
        if self.upto is None and backend.playoff_started(event):
            try:
                cols, rows, text = final_rows(event)
            except SwissError as exc:
                self.error(str(exc))
                return
            update_table(t, cols, rows,
                         widths_of({"Pl": 5, NP_("column", "Playoff"): 15, "Swiss": 6, "Pts": 5}),
                         fit=(_("Name"),))
            hint.update(text)
            return
        if len(event.players) >= background_at():
            self._compute(event, self.upto)  # the screen stays responsive meanwhile
            return
        try:
            result = standings_rows(event, self.upto)
        except SwissError as exc:
            self.error(str(exc))
            return
        self._apply(event, *result)

    @work(thread=True, exclusive=True, group="standings")
    def _compute(self, event: Event, upto: int | None) -> None:
        worker = get_current_worker()
        try:
            result = standings_rows(event, upto)
        except Exception as exc:  # reported on the status line, never raised
            if not worker.is_cancelled:
                self.app.call_from_thread(self.error, str(exc) if isinstance(exc, SwissError)
                                          else _("cannot show standings: {error}").format(
                                              error=exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._apply, event, *result)

    def _apply(self, event: Event, cols: list[str], rows: list[tuple], after: int) -> None:
        t = self.query_one("#standings", FastTable)
        hint = self.query_one("#standings-hint", Static)
        # standings_rows makes tuples of str
        update_table(t, cols, rows, widths_of({"Pl": 5, "Pts": 5}), fit=(_("Name"),),
                     strings=True)
        cur = event.round(event.current_round)
        pending = cur.missing_results() if cur else 0
        note = (_(" · live: {results} missing").format(results=count(pending, "result"))
                if pending and cur is not None and after == cur.number else "")
        update_line(hint, _("Standings after round {round} · {players}{note}").format(
            round=after, players=count(len(rows), "player"), note=note))

    def action_prev_round(self) -> None:
        ev = self.event
        if ev is None:
            return
        cur = self.upto if self.upto is not None else ev.current_round
        if self.upto is None and backend.playoff_started(ev):
            # from the final places to the Swiss standings they were seeded from
            cur = max((r.number for r in ev.swiss_rounds()), default=0) + 1
        self.upto = max(0, cur - 1)
        self.sync(force=True)

    def action_next_round(self) -> None:
        ev = self.event
        if ev is None:
            return
        cur = self.upto if self.upto is not None else ev.current_round
        self.upto = None if cur + 1 >= ev.current_round else cur + 1
        self.sync(force=True)
