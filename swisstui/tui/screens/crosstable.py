"""Crosstable mode: one row per player, one column per round (``12w+``: opponent's rank,
colour, result), score and tie-breaks — from :func:`swisstui.core.standings.crosstable`."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from ...core.errors import SwissError
from ...core.model import Event
from .. import backend, keymap
from .base import EventScreen
from .standings import update_table


def crosstable_rows(event: Event) -> tuple[list[str], list[tuple]]:
    ct = backend.crosstable(event, upto=event.current_round or None)  # live
    n_rounds = max((len(getattr(r, "cells", ())) for r in ct.rows), default=0)
    codes = list(getattr(ct, "tiebreaks", ()))
    cols = ["Pl", "Name", *(f"R{i}" for i in range(1, n_rounds + 1)), "Pts", *codes]
    rows = []
    for r in ct.rows:
        p = r.player
        place = getattr(r, "place", None) or str(getattr(r, "rank", ""))
        cells = [str(c) if c is not None else "" for c in getattr(r, "cells", ())]
        cells += [""] * (n_rounds - len(cells))
        values = getattr(r, "values", {}) or {}
        rows.append((str(place), f"{p.name} ({p.id})", *cells,
                     backend.fmt_score(getattr(r, "score", 0.0)),
                     *(backend.format_value(c, values.get(c, 0.0)) for c in codes)))
    return cols, rows


class CrosstableScreen(EventScreen):
    MODE = "crosstable"
    BINDINGS = keymap.bindings("crosstable")

    def compose_body(self) -> ComposeResult:
        yield Static("", id="crosstable-hint", classes="hint", markup=False)
        yield DataTable(id="crosstable", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#crosstable", DataTable).focus()

    def show_event(self, event: Event) -> None:
        t = self.query_one("#crosstable", DataTable)
        hint = self.query_one("#crosstable-hint", Static)
        if not event.players:
            t.clear(columns=True)
            hint.update("No players yet (F2 Registration)")
            return
        try:
            cols, rows = crosstable_rows(event)
        except SwissError as exc:
            self.error(str(exc))
            return
        widths = {"Pl": 5, "Name": 24, "Pts": 5}
        widths.update({c: 6 for c in cols if c.startswith("R") and c[1:].isdigit()})
        update_table(t, cols, rows, widths)
        hint.update(f"Crosstable · {len(rows)} players · {event.current_round} rounds"
                    " · Left/Right scroll")
