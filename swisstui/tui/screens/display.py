"""The projector view (``swisstui display EVENT``): read-only, full screen, high contrast.

It pages through standings, pairings (by board and alphabetically) and the crosstable every
``cycle`` seconds — scrolling a page at a time through long tables before moving to the next
view — and re-reads the folder whenever ``store.fingerprint`` changes (checked every second,
so a change shows within two).  It has no edit keys at all: Space / → next view,
← previous view, q / ctrl+q quit; every other key is ignored.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from ...core.errors import SwissError
from ...core.model import Event
from .. import backend, keymap
from ..themes import DISPLAY_THEME, resolve_theme
from ..widgets.fasttable import FastTable
from .base import MIN_HEIGHT, MIN_WIDTH, game_sides, too_small_text
from .crosstable import crosstable_rows
from .standings import standings_rows, update_table

VIEWS = ("standings", "pairings", "crosstable")
POLL_SECONDS = 1.0


def pairing_rows(event: Event) -> tuple[str, list[str], list[tuple]]:
    rnd = event.round(event.current_round)
    if rnd is None:
        return "Pairings: no round paired yet", ["Board"], []
    names = event.by_id()
    before, title = backend.pairing_scores(event, rnd.number)  # points, or the MMS
    a, b = game_sides(event.game)
    rows = []
    for bd in sorted(rnd.boards, key=lambda x: x.number):
        p, q = bd.players
        rows.append((str(bd.number),
                     f"{names[p].name if p in names else p} ({backend.fmt_score(before.get(p, 0))})",
                     f"{names[q].name if q in names else q} ({backend.fmt_score(before.get(q, 0))})",
                     bd.result.text if bd.result else ""))
    for bye in rnd.byes:
        p = bye.player
        rows.append(("bye", f"{names[p].name if p in names else p}", f"({bye.kind.value})", ""))
    what = " (McMahon score in brackets)" if title == "MMS" else ""
    return f"Round {rnd.number} pairings{what}", ["Board", a, b, "Result"], rows


class DisplayApp(App):
    """Read-only projector application."""

    CSS_PATH = "../styles/display.tcss"
    BINDINGS = keymap.bindings("display")
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, folder: str | Path, cycle: float = 15.0, theme: str | None = None,
                 poll: float = POLL_SECONDS, players_url: str | None = None) -> None:
        super().__init__()
        self.animation_level = "none"
        self.folder = Path(folder)
        self.cycle = cycle
        self.poll = poll
        self._themes, self._theme_name = resolve_theme(theme, default=DISPLAY_THEME)
        self.event: Event | None = None
        self.view = 0
        self._fingerprint = None
        self.load_error: str | None = None
        self.players_url = players_url

    def compose(self) -> ComposeResult:
        yield Static("", id="display-title", markup=False)
        yield FastTable(id="display", show_cursor=False, padding=1, spacing=1)
        yield Static("", id="display-error", markup=False)
        yield Static("", id="display-foot", markup=False)
        yield Static(too_small_text("the projector view"), id="too-small", markup=False)

    def on_mount(self) -> None:
        for t in self._themes.values():
            self.register_theme(t)
        self.theme = self._theme_name
        self.set_class(self.no_color, "-no-color")
        self.reload()
        self.set_interval(self.poll, self.reload, name="watcher")
        if self.cycle > 0:
            self.set_interval(self.cycle, self.advance, name="cycle")

    def on_resize(self, event: events.Resize) -> None:
        small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        if small:
            self.query_one("#too-small", Static).update(
                too_small_text("the projector view", event.size.width, event.size.height))
        self.screen.set_class(small, "-too-small")

    # ---- data ---------------------------------------------------------------------------------
    def reload(self) -> None:
        try:
            fp = backend.fingerprint(self.folder)
            if fp == self._fingerprint:
                return
            self._fingerprint = fp
            event = backend.load(self.folder)
        except SwissError as exc:
            self._error(str(exc))
            return
        except Exception as exc:  # a file being edited must not stop the projector
            self._error(f"{self.folder}: {exc}")
            return
        self._error(None)
        if event != self.event:
            self.event = event
            self.draw()

    def _error(self, message: str | None) -> None:
        self.load_error = message
        w = self.query_one("#display-error", Static)
        w.update(message or "")
        w.set_class(bool(message), "-shown")

    def draw(self) -> None:
        ev = self.event
        if ev is None:
            return
        t = self.query_one(FastTable)
        view = VIEWS[self.view]
        title = ""
        try:
            if view == "standings":
                # the projector shows official standings: complete rounds only
                cols, rows, after = standings_rows(ev, None, live=False)
                title = f"Standings after round {after}"
                widths = {"Pl": 5, "Pts": 5}
            elif view == "pairings":
                title, cols, rows = pairing_rows(ev)
                widths = {"Board": 5, "Result": 8}
            else:
                cols, rows = crosstable_rows(ev, live=False)
                title = "Crosstable"
                widths = {"Pl": 5, "Pts": 5}
        except SwissError as exc:
            self._error(str(exc))
            return
        except Exception as exc:  # the projector keeps its last picture on a core bug
            self._error(f"cannot show {view}: {type(exc).__name__}: {exc}")
            return
        update_table(t, cols, rows, widths, fit=("Name", *cols[1:3]) if view == "pairings"
                     else ("Name",))
        self.query_one("#display-title", Static).update(
            f"{ev.settings.name} · {title}")
        self.query_one("#display-foot", Static).update(
            f"{ev.settings.game} · round {ev.current_round}/{ev.settings.rounds} · "
            f"view {self.view + 1}/{len(VIEWS)}")

    # ---- paging -------------------------------------------------------------------------------
    def advance(self) -> None:
        t = self.query_one(FastTable)
        if t.scroll_y < t.max_scroll_y:
            page = t._body_height * (1 + t.spacing)  # whole rows only
            t.scroll_to(y=t.scroll_y + page, animate=False)
            return
        self.action_next_page()

    def action_next_page(self) -> None:
        self.view = (self.view + 1) % len(VIEWS)
        self._show_view()

    def action_prev_page(self) -> None:
        self.view = (self.view - 1) % len(VIEWS)
        self._show_view()

    def _show_view(self) -> None:
        t = self.query_one(FastTable)
        self.draw()
        t.scroll_to(y=0, animate=False)


def run_display(folder: str | Path, cycle: float = 15.0, theme: str | None = None,
                players_url: str | None = None) -> int:
    backend.load(folder)
    DisplayApp(folder, cycle=cycle, theme=theme, players_url=players_url).run(mouse=False)
    return 0
