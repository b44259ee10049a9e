"""Standings mode: place, player, score and the event's tie-breaks, live.  ``[`` / ``]``
show the standings after an earlier / later round.  The table is rebuilt in one batch
(no per-cell repaint) and rows whose text did not change are left alone when the order is
the same, so a 2000-player table updates quickly after one new result."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from ...core.errors import SwissError
from ...core.model import Event
from .. import backend, keymap
from .base import EventScreen, plain


def standings_rows(event: Event, upto: int | None) -> tuple[list[str], list[tuple], int]:
    """Column titles, row tuples, and the round the standings are after.  ``upto=None`` means
    live: after the current round, counting the results entered so far."""
    if upto is None and event.current_round:
        upto = event.current_round
    st = backend.standings(event, upto=upto)
    codes = list(st.tiebreaks)
    cols = ["Pl", "Name", "Pts", *codes]
    rows = []
    for r in st.rows:
        p = r.player
        rows.append((r.place, f"{p.name} ({p.id})", backend.fmt_score(r.score),
                     *(backend.format_value(c, r.values.get(c, 0.0)) for c in codes)))
    return cols, rows, st.after_round


def update_table(table: DataTable, cols: list[str], rows: list[tuple],
                 widths: dict[str, int] | None = None) -> None:
    """Show ``rows``: cell-by-cell when the shape is the same and few cells changed,
    otherwise clear and add every row in one batch."""
    widths = widths or {}
    current = [str(c.label) for c in table.ordered_columns]
    old: list[tuple] = getattr(table, "_swiss_rows", [])
    if current == cols and len(old) == len(rows):
        changed = [(i, j, v) for i, (a, b) in enumerate(zip(old, rows)) if a != b
                   for j, (x, v) in enumerate(zip(a, b)) if x != v]
        if len(changed) <= 400:
            for i, j, v in changed:
                table.update_cell_at((i, j), plain(v) if j == 1 else v)
            table._swiss_rows = rows  # type: ignore[attr-defined]
            return
    row = table.cursor_row
    if current != cols:
        table.clear(columns=True)
        for c in cols:
            table.add_column(c, width=widths.get(c, max(6, len(c))))
    else:
        table.clear()
    table.add_rows([(r[0], plain(r[1]), *r[2:]) for r in rows])
    table._swiss_rows = rows  # type: ignore[attr-defined]
    if table.row_count:
        table.move_cursor(row=min(max(row, 0), table.row_count - 1))


class StandingsScreen(EventScreen):
    MODE = "standings"
    BINDINGS = keymap.bindings("standings")

    upto: int | None = None  # None = latest

    def compose_body(self) -> ComposeResult:
        yield Static("", id="standings-hint", classes="hint", markup=False)
        yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#standings", DataTable).focus()

    def show_event(self, event: Event) -> None:
        t = self.query_one("#standings", DataTable)
        hint = self.query_one("#standings-hint", Static)
        if not event.players:
            t.clear(columns=True)
            hint.update("No players yet (F2 Registration)")
            return
        try:
            cols, rows, after = standings_rows(event, self.upto)
        except SwissError as exc:
            self.error(str(exc))
            return
        update_table(t, cols, rows, {"Pl": 5, "Name": 28, "Pts": 5})
        cur = event.round(event.current_round)
        pending = cur.missing_results() if cur else 0
        note = (f" · live: {pending} results missing" if pending and after == cur.number
                else "")
        hint.update(f"Standings after round {after} · {len(rows)} players{note}"
                    " · [ ] other rounds")

    def action_prev_round(self) -> None:
        ev = self.event
        if ev is None:
            return
        cur = self.upto if self.upto is not None else ev.current_round
        self.upto = max(0, cur - 1)
        self.sync(force=True)

    def action_next_round(self) -> None:
        ev = self.event
        if ev is None:
            return
        cur = self.upto if self.upto is not None else ev.current_round
        self.upto = None if cur + 1 >= ev.current_round else cur + 1
        self.sync(force=True)
