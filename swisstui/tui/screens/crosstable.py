"""Crosstable mode: one row per player, one column per round (``12w+``: opponent's rank,
colour, result), score and tie-breaks — from :func:`swisstui.core.standings.crosstable`,
live (the current round included).  Left/Right scroll sideways."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.widgets import Static
from textual.worker import get_current_worker

from ...core.errors import SwissError
from ...core.i18n import _
from ...core.model import Event
from .. import backend, keymap
from ..widgets.fasttable import FastTable
from ..widgets.header import count
from .base import EventScreen
from .standings import background_at, fixed_titles, update_table, widths_of


def crosstable_rows(event: Event, live: bool = True) -> tuple[list[str], list[tuple]]:
    """Live: the current round included (pending games show as ``?``); otherwise after the
    last complete round (the core's default)."""
    ct = backend.crosstable(event, upto=(event.current_round or None) if live else None)
    n_rounds = max((len(r.cells) for r in ct.rows), default=0)
    codes = list(ct.tiebreaks)
    pl, name, pts = fixed_titles()
    # Translators: a crosstable round column, "R3"; at most 4 columns.
    cols = [pl, name, *(_("R{round}").format(round=i) for i in range(1, n_rounds + 1)), pts,
            *codes]
    fmt = backend.value_formatter()
    rows = []
    for r in ct.rows:
        p = r.player
        cells = [str(c) if c is not None else "" for c in r.cells]
        cells += [""] * (n_rounds - len(cells))
        rows.append((r.place, f"{p.name} ({p.id})", *cells, backend.fmt_score(r.score),
                     *[fmt(c, r.values.get(c, 0.0)) for c in codes]))
    return cols, rows


class CrosstableScreen(EventScreen):
    MODE = "crosstable"
    BINDINGS = keymap.bindings("crosstable")

    def compose_body(self) -> ComposeResult:
        yield Static("", id="crosstable-hint", classes="hint", markup=False)
        yield FastTable(id="crosstable")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#crosstable", FastTable).focus()

    def show_event(self, event: Event) -> None:
        t = self.query_one("#crosstable", FastTable)
        hint = self.query_one("#crosstable-hint", Static)
        if not event.players:
            t.clear()
            hint.update(_("No players yet (F2 Registration)"))
            return
        if len(event.players) >= background_at():
            self._compute(event)
            return
        try:
            cols, rows = crosstable_rows(event)
        except SwissError as exc:
            self.error(str(exc))
            return
        self._apply(event, cols, rows)

    @work(thread=True, exclusive=True, group="crosstable")
    def _compute(self, event: Event) -> None:
        worker = get_current_worker()
        try:
            cols, rows = crosstable_rows(event)
        except Exception as exc:
            if not worker.is_cancelled:
                self.app.call_from_thread(self.error, str(exc) if isinstance(exc, SwissError)
                                          else _("cannot show crosstable: {error}").format(
                                              error=exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._apply, event, cols, rows)

    def _apply(self, event: Event, cols: list[str], rows: list[tuple]) -> None:
        t = self.query_one("#crosstable", FastTable)
        hint = self.query_one("#crosstable-hint", Static)
        # Pl as wide as its values: every cell left goes to the names
        update_table(t, cols, rows, widths_of({"Pts": 4}), fit=(_("Name"),))
        hint.update(_("Crosstable · {players} · {rounds} · Left/Right scroll").format(
            players=count(len(rows), "player"), rounds=count(event.current_round, "round")))
