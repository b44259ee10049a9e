"""The projector view (``swisstui display EVENT``): read-only, full screen, high contrast.

It pages through standings, pairings by board, the alphabetical "find your board" list and
the crosstable every ``cycle`` seconds — scrolling a page at a time through long tables before
moving to the next view — and re-reads the folder whenever ``services.fingerprint`` changes
(checked every second, so a change shows within two).  Rows are single-spaced and fill the
window; a window wide enough for two or more copies of a list shows it in side-by-side
columns (a 100-player field fits one 120×40 page alphabetically).  The round clock
(``clock.toml``) is in the title bar; with ``players_url`` (set by ``swisstui serve``) a QR
code of the players' page sits at the right when the window has room for it.  It has no edit
keys at all: Space / → next view, ← previous view, q / ctrl+q quit; every other key is
ignored.  It speaks the players' language: the event's ``language`` setting, else the
director's (``--lang``, the environment).
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from ...core import services
from ...core.errors import SwissError
from ...core import i18n
from ...core.i18n import N_, _
from ...core.interop.tables import wall_table
from ...core.model import Event
from .. import backend, keymap
from ..lang import tr
from ..themes import DISPLAY_THEME, resolve_theme
from ..widgets.fasttable import FastTable, column_widths
from .base import MIN_HEIGHT, MIN_WIDTH, game_sides, too_small_text
from .crosstable import crosstable_rows
from .standings import standings_rows, update_table, widths_of

VIEWS = ("standings", "pairings", "alphabetical", "crosstable")
# the views as the footer names them
VIEW_NAMES = {"standings": N_("standings"), "pairings": N_("pairings"),
              "alphabetical": N_("alphabetical"), "crosstable": N_("crosstable")}
POLL_SECONDS = 1.0
GROUP_GAP = 3  # blank cells between side-by-side copies of a list
MAX_NAME = 28  # a name column is at most this wide before a window gets more columns
QR_MIN_WIDTH = 110  # narrower windows leave the whole width to the lists


def pairing_rows(event: Event) -> tuple[str, list[str], list[tuple]]:
    rnd = event.round(event.current_round)
    # Translators: projector pairings columns: Board at most 5 columns, Result at most 8.
    board, result = _("Board"), _("Result")
    if rnd is None:
        return _("Pairings: no round paired yet"), [board], []
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
        rows.append((_("bye"), f"{names[p].name if p in names else p}", f"({bye.kind.value})",
                     ""))
    what = _(" (McMahon score in brackets)") if title == "MMS" else ""
    return (_("Round {round} pairings{what}").format(round=rnd.number, what=what),
            [board, a, b, result], rows)


def alphabetical_rows(event: Event) -> tuple[str, list[str], list[tuple]]:
    """The "find your board" list of the current round: name → board, colour, opponent."""
    if event.round(event.current_round) is None:
        return _("Who plays where: no round paired yet"), [_("Name")], []
    table = wall_table(event)
    keep = [i for i, h in enumerate(table.headers) if h != "No."]
    return (_("Round {round}: find your board").format(round=event.current_round),
            [tr(table.headers[i]) if table.headers[i] != "Board" else _("Bd") for i in keep],
            [tuple(r[i] for i in keep) for r in table.rows])


def side_by_side(cols: list[str], rows: list[tuple], widths: list[int], avail: int,
                 body: int, groups: int | None = None
                 ) -> tuple[list[str], list[int], list[tuple], int]:
    """The list in as many side-by-side copies as ``avail`` cells hold (or ``groups``):
    each screen page shows ``groups × body`` consecutive rows, down the first copy, then the
    next.  Returns (labels, widths, rows, copies)."""
    one = sum(w + 2 for w in widths)
    k = groups or max(1, (avail + GROUP_GAP) // (one + GROUP_GAP))
    k = max(1, min(k, -(-len(rows) // max(body, 1)) or 1))  # no empty copies
    if k == 1:
        return cols, widths, rows, 1
    blank = ("",) * len(cols)
    out: list[tuple] = []
    per_page = k * body
    for start in range(0, len(rows), per_page):
        page = rows[start:start + per_page]
        for i in range(body):
            line: list[str] = []
            for g in range(k):
                j = g * body + i
                if g:
                    line.append("")
                line.extend(page[j] if j < len(page) else blank)
            if any(line):
                out.append(tuple(line))
    labels: list[str] = []
    ws: list[int] = []
    for g in range(k):
        if g:
            labels.append("")
            ws.append(max(1, GROUP_GAP - 2))
        labels += cols
        ws += widths
    return labels, ws, out, k


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
        self._qr_rows: list[str] | None = None
        self.title_text = ""
        self.groups = 1

    def compose(self) -> ComposeResult:
        yield Static("", id="display-title", markup=False)
        yield Static("", id="display-qr", markup=False)
        yield FastTable(id="display", show_cursor=False, padding=1, spacing=0)
        yield Static("", id="display-error", markup=False)
        yield Static("", id="display-foot", markup=False)
        yield Static(too_small_text(_("the projector view")), id="too-small", markup=False)

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
                too_small_text(_("the projector view"), event.size.width, event.size.height))
        self.screen.set_class(small, "-too-small")
        self.call_after_refresh(self.draw)

    def _qr_width(self) -> int:
        """Cells the players' page QR code takes at the right (0: none, or no room)."""
        if not self.players_url:
            return 0
        from ...web.qr import text_rows
        if self._qr_rows is None:
            self._qr_rows = text_rows(self.players_url)
        width, height = self.size
        if width < QR_MIN_WIDTH or height < len(self._qr_rows) + 8:
            return 0
        return max(len(self._qr_rows[0]), 24) + 2

    def _show_qr(self, width: int) -> None:
        w = self.query_one("#display-qr", Static)
        w.display = width > 0
        if width and self._qr_rows:
            w.styles.width = width
            w.update("\n".join(self._qr_rows) +
                     "\n\n" + _("Your board on your phone:") + f"\n{self.players_url}")

    # ---- data ---------------------------------------------------------------------------------
    def reload(self) -> None:
        try:
            fp = backend.fingerprint(self.folder)
            if fp == self._fingerprint:
                self._title()  # the round clock ticks
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
            self._players_language(event)
            self.draw()
        else:
            self._title()

    def _players_language(self, event: Event) -> None:
        """The projector speaks the players' language: the event's ``language`` setting
        when it names a catalogue (issue 17), else the one the command was started in."""
        lang = getattr(event.settings, "language", "") or ""
        if lang in i18n.available() and lang != i18n.current():
            i18n.use(lang)
            self.query_one("#too-small", Static).update(too_small_text(_("the projector view")))

    def _error(self, message: str | None) -> None:
        self.load_error = message
        w = self.query_one("#display-error", Static)
        w.update(message or "")
        w.set_class(bool(message), "-shown")

    def clock_text(self) -> str:
        try:
            state = services.clock_state(self.folder)
        except SwissError:
            return ""
        if state is None:
            return ""
        return _("  ·  time {time}").format(time=state.text) + (
            _(" (paused)") if state.paused else _(" — time is up") if state.expired else "")

    def _title(self) -> None:
        ev = self.event
        titles = self.query("#display-title")  # none while the app shuts down
        if ev is None or not titles:
            return
        titles.first(Static).update(f"{ev.settings.name} · {self.title_text}{self.clock_text()}")

    def draw(self) -> None:
        ev = self.event
        if ev is None:
            return
        t = self.query_one(FastTable)
        view = VIEWS[self.view]
        title = ""
        groups: int | None = None
        try:
            if view == "standings":
                # the projector shows official standings: complete rounds only
                cols, rows, after = standings_rows(ev, None, live=False)
                title = _("Standings after round {round}").format(round=after)
                widths = widths_of({"Pl": 4, "Pts": 5})
            elif view == "pairings":
                title, cols, rows = pairing_rows(ev)
                widths = widths_of({"Board": 5, "Result": 8})
            elif view == "alphabetical":
                title, cols, rows = alphabetical_rows(ev)
                widths = widths_of({"Bd": 3})
            else:
                cols, rows = crosstable_rows(ev, live=False)
                title = _("Crosstable")
                widths = widths_of({"Pl": 5, "Pts": 5})
                groups = 1
        except SwissError as exc:
            self._error(str(exc))
            return
        except Exception as exc:  # the projector keeps its last picture on a core bug
            self._error(_("cannot show {what}: {error}").format(
                what=view, error=f"{type(exc).__name__}: {exc}"))
            return
        fit = ((_("Name"), *cols[1:3]) if view == "pairings"
               else (_("Name"), tr("Opponent")))
        natural = column_widths(cols, rows, widths)
        natural = [min(w, MAX_NAME) if c in fit else w for c, w in zip(cols, natural)]
        # the QR code gives way when the list would get another column without it
        qr = self._qr_width()
        # rows on screen: the table's own, once laid out (title 3, header 1, footer 1)
        body = t._body_height if t.scrollable_content_region.height > 1 else \
            max(1, self.size.height - 5)
        copies = side_by_side(list(cols), list(rows), natural, self.size.width - 2, body,
                              groups)[3]
        if qr and side_by_side(list(cols), list(rows), natural, self.size.width - 2 - qr,
                               body, groups)[3] < copies:
            qr = 0
        self._show_qr(qr)
        labels, ws, laid, k = side_by_side(list(cols), list(rows), natural,
                                           self.size.width - 2 - qr, body, groups)
        if k == 1:
            update_table(t, cols, rows, widths, fit=fit)
        else:
            t.fit_spec = None
            t.set_table(labels, ws, laid)
        self.groups = k
        self.title_text = title
        self._title()
        self.query_one("#display-foot", Static).update(
            _("{game} · round {round}/{rounds} · view {view}/{views}: {name}").format(
                game=ev.settings.game, round=ev.current_round, rounds=ev.settings.rounds,
                view=self.view + 1, views=len(VIEWS), name=_(VIEW_NAMES[view])))

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
    backend.load(Path(folder))
    DisplayApp(folder, cycle=cycle, theme=theme, players_url=players_url).run(mouse=False)
    return 0
