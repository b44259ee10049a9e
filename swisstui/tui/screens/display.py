"""The projector view (``swisstui display EVENT``): read-only, full screen, high contrast.

It pages through standings, pairings by board, the alphabetical "find your board" list and
the crosstable every ``cycle`` seconds — scrolling a page at a time through long tables before
moving to the next view — and re-reads the folder whenever ``services.fingerprint`` changes
(checked every second, so a change shows within two).  Rows are single-spaced and fill the
window; a window wide enough for two or more copies of a list shows it in side-by-side
columns (a 100-player field fits one 120×40 page alphabetically).  Each screen of a long list
continues where the previous one stopped (the last screen is blank below the list's end
rather than scrolled back), and the footer says which screen it is (``page 3/12``).  While
a round is being played (paired, results missing) the cycle starts with the pairings,
followed by the "find your board" list.  ``only`` keeps some views and ``rows`` (:func:`parse_range`: ``A-L`` by
the name's first letter, ``1-50`` by row) one part of each list, so a hall's screens can
share a long list.  During a playoff the lists name the stage and show only the players still
in it, and the standings view shows the final places (the champion when decided).

The round clock (``clock.toml``) is in the title bar and never cut: a long event name is
shortened instead, and the QR code of the players' page (``players_url``, set by ``swisstui
serve``) sits at the right under the title bar when the window has room for it — or, when
``players_url`` is a loopback address no phone can reach, a warning instead.  It has no edit
keys at all: Space / → next view, ← previous view, q / ctrl+q quit; every other key is
ignored.  It speaks the players' language: the event's ``language`` setting, else the
director's (``--lang``, the environment).
"""

from __future__ import annotations

from pathlib import Path

import unicodedata
from urllib.parse import urlsplit

from rich.cells import cell_len
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.widgets import Static

from ...core import services
from ...core.errors import SwissError
from ...core import i18n
from ...core.i18n import N_, _
from ...core.interop.tables import wall_table
from ...core.model import Event
from ...core.publishing import as_published
from .. import backend, keymap
from ..lang import tr
from ..themes import DISPLAY_THEME, resolve_theme
from ..widgets.fasttable import FastTable, column_widths
from .base import MIN_HEIGHT, MIN_WIDTH, game_sides, too_small_text
from .crosstable import crosstable_rows
from .results import playoff_stage
from .standings import final_rows, standings_rows, update_table, widths_of
from ...core.standings.playoff import champion

VIEWS = ("standings", "pairings", "alphabetical", "crosstable")
# the views as the footer names them
VIEW_NAMES = {"standings": N_("standings"), "pairings": N_("pairings"),
              "alphabetical": N_("alphabetical"), "crosstable": N_("crosstable")}
POLL_SECONDS = 1.0
GROUP_GAP = 3  # blank cells between side-by-side copies of a list
MAX_NAME = 28  # a name column is at most this wide before a window gets more columns
QR_MIN_WIDTH = 110  # narrower windows leave the whole width to the lists
PLACE_WIDTH = 7  # a shared place of a large field: "100-120" (NNN-NNN)
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


def parse_views(text: str | None) -> tuple[str, ...]:
    """``--only``: one view or a comma list (``pairings,alphabetical``), in the order given;
    None or "" for all.  SwissError names the valid views."""
    if not text:
        return VIEWS
    views = tuple(v.strip().lower() for v in text.split(",") if v.strip())
    bad = [v for v in views if v not in VIEWS]
    if bad or not views:
        raise SwissError(_("--only {value}: valid views: {items}").format(
            value=text, items=", ".join(VIEWS)), field="only")
    return tuple(dict.fromkeys(views))


def parse_range(text: str | None) -> tuple[str, str] | tuple[int, int] | None:
    """``--range``: ``A-L`` (letters: rows whose name starts with A to L, accents and case
    ignored; a name that starts with no Latin letter goes with the range that ends at Z) or
    ``1-50`` (rows 1 to 50 of the list: boards 1-50 of the pairings, places 1-50 of the
    standings); None or "" for the whole list.  SwissError on anything else."""
    if not text:
        return None
    lo, sep, hi = text.strip().partition("-")
    lo, hi = lo.strip(), hi.strip()
    if sep and lo.isdecimal() and hi.isdecimal() and 0 < int(lo) <= int(hi):
        return int(lo), int(hi)
    if sep and len(lo) == len(hi) == 1 and lo.isascii() and hi.isascii() \
            and lo.isalpha() and hi.isalpha() and lo.upper() <= hi.upper():
        return lo.upper(), hi.upper()
    raise SwissError(_("--range {value}: type letters (A-L) or row numbers (1-50)").format(
        value=text), field="range")


def _initial(name: str) -> str:
    """The first letter of a name as a range compares it: accents dropped, upper case;
    "~" (after Z) for a name that starts with no Latin letter."""
    for ch in unicodedata.normalize("NFKD", str(name)):
        if unicodedata.combining(ch) or not ch.strip():
            continue
        ch = ch.upper()
        return ch if "A" <= ch <= "Z" else "~"
    return "~"


def in_range(rows: list[tuple], rng: tuple | None, name_col: int) -> list[tuple]:
    """The rows of ``rng`` (:func:`parse_range`); ``name_col`` is the column of the name
    a letter range reads."""
    if rng is None:
        return rows
    lo, hi = rng
    if isinstance(lo, int):
        return rows[lo - 1:int(hi)]
    top = "~" if hi == "Z" else str(hi)
    return [r for r in rows if lo <= _initial(r[name_col]) <= top]


def unreachable(url: str | None) -> bool:
    """A players' page address no phone can open: a loopback host (127.0.0.1, localhost)."""
    if not url:
        return False
    host = (urlsplit(url).hostname or "").lower()
    return host in LOOPBACK_HOSTS or host.startswith("127.")


def fit_title(left: str, right: str, width: int) -> str:
    """``left`` + ``right`` in ``width`` cells: ``right`` (the clock) whole, ``left`` (the
    event's name and the view) shortened with "…" when both do not fit."""
    room = width - cell_len(right)
    if cell_len(left) <= room:
        return left + right
    out = ""
    for ch in left:
        if cell_len(out + ch) > room - 1:
            break
        out += ch
    return out.rstrip() + "…" + right


def pairing_rows(event: Event, first_board: int = 1) -> tuple[str, list[str], list[tuple]]:
    """The current round's boards by the hall's numbers (``first_board`` is board 1's: a
    section's ``first_board``), then the byes."""
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
        rows.append((str(bd.number + first_board - 1),
                     f"{names[p].name if p in names else p} ({backend.fmt_score(before.get(p, 0))})",
                     f"{names[q].name if q in names else q} ({backend.fmt_score(before.get(q, 0))})",
                     bd.result.text if bd.result else ""))
    for bye in rnd.byes:
        p = bye.player
        rows.append((_("bye"), f"{names[p].name if p in names else p}", f"({bye.kind.value})",
                     ""))
    what = _(" (McMahon score in brackets)") if title == "MMS" else ""
    if rnd.playoff:  # the stage, not the round's number
        return (_("{stage}: pairings").format(stage=playoff_stage(event, rnd.number)),
                [board, a, b, result], rows)
    return (_("Round {round} pairings{what}").format(round=rnd.number, what=what),
            [board, a, b, result], rows)


def alphabetical_rows(event: Event, first_board: int = 1) -> tuple[str, list[str], list[tuple]]:
    """The "find your board" list of the current round: name → board (the hall's number),
    colour, opponent."""
    if event.round(event.current_round) is None:
        return _("Who plays where: no round paired yet"), [_("Name")], []
    english = wall_table(event)  # its headers name the columns (the cells below are read)
    # the cells (colour, bye, absent) and the order in the readers' language
    table = wall_table(event, lang=i18n.current(), first_board=first_board)
    keep = [i for i, h in enumerate(english.headers) if h != "No."]
    rnd = event.round(event.current_round)
    rows = table.rows
    if rnd is not None and rnd.playoff:  # those still in it, not the eliminated as "absent"
        number = english.headers.index("No.")
        playing = {str(pid) for b in rnd.boards for pid in b.players}
        rows = tuple(r for r in rows if r[number] in playing)
        title = _("{stage}: find your board").format(stage=playoff_stage(event, rnd.number))
    else:
        title = _("Round {round}: find your board").format(round=event.current_round)
    return (title,
            [table.headers[i] if english.headers[i] != "Board" else _("Bd") for i in keep],
            [tuple(r[i] for i in keep) for r in rows])


def everyone_rows(parts: list[tuple[str, Event, int]]) -> tuple[str, list[str], list[tuple]]:
    """"Find your board" across the sections (issue 33 item 9): every section's list of
    :func:`alphabetical_rows` in one, the section after the name, sorted by name in the
    readers' order; ``parts`` are (section, its event, its first board)."""
    from ...core.collation import name_key
    cols: list[str] = []
    merged: list[tuple[tuple, tuple]] = []
    lang = i18n.current()
    for name, event, first in parts:
        _title, these, rows = alphabetical_rows(event, first)
        if len(these) > len(cols):
            cols = list(these)
        readings = {p.name: p.reading for p in event.players}
        for r in rows:
            merged.append((name_key(str(r[0]), readings.get(str(r[0])), lang),
                           (r[0], name, *r[1:])))
    merged.sort(key=lambda item: item[0])
    width = len(cols) + 1
    rows = [row + ("",) * (width - len(row)) for _key, row in merged]
    head = [cols[0] if cols else _("Name"), _("Section"), *cols[1:]]
    return _("Find your board: every section"), head, rows


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


def page_count(rows: int, body: int) -> int:
    return max(1, -(-rows // max(1, body)))


class PagedTable(FastTable):
    """The projector's table: it scrolls by whole screens of ``page_rows`` rows, the last
    one too — blank below the list's end rather than scrolled back (a table cannot scroll
    past its last row, so the last screen showed rows of the one before again)."""

    page_rows = 0

    def _resize(self) -> None:
        rows = len(self.rows)
        if self.page_rows and rows > self.page_rows:
            rows = page_count(rows, self.page_rows) * self.page_rows
        self.virtual_size = Size(self._line_width, rows * (1 + self.spacing) + 1)


class DisplayApp(App):
    """Read-only projector application."""

    CSS_PATH = "../styles/display.tcss"
    BINDINGS = keymap.bindings("display")
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, folder: str | Path, cycle: float = 15.0, theme: str | None = None,
                 poll: float = POLL_SECONDS, players_url: str | None = None,
                 only: str | None = None, rows: str | None = None,
                 section: str | None = None) -> None:
        super().__init__()
        self.animation_level = "none"
        # the section on view's folder (its clock too); the event's sections are read from
        # ``event_folder`` at every change: one (``section``) or all, in turn
        self.folder = Path(folder)
        self.event_folder = Path(folder)
        self.only_section = section
        self.parts: list[tuple[str, Path, Event]] = []  # (name, folder, event) shown
        self.sec = 0  # the section on view (an index of parts)
        self.cycle = cycle
        self.poll = poll
        self._themes, self._theme_name = resolve_theme(theme, default=DISPLAY_THEME)
        self.event: Event | None = None
        self.view = 0
        self._fingerprint: object = None
        self.load_error: str | None = None
        self.players_url = players_url
        self._qr_rows: list[str] | None = None
        self.title_text = ""
        self.groups = 1
        self.views = parse_views(only)  # the views this screen shows (--only)
        self.range = parse_range(rows)  # the part of each list (--range)
        self.pages = 1  # screens of the present view (the footer's "page 2/5")
        self._laid_body = 0  # rows per screen the present view was laid out for
        self._started = False

    def compose(self) -> ComposeResult:
        yield Static("", id="display-title", markup=False)
        yield Static("", id="display-foot", markup=False)
        # the QR code sits beside the lists, under the title bar: docked over the whole
        # height it covered the title's right end, where the clock is
        with Horizontal(id="display-main"):
            with Vertical(id="display-lists"):
                yield PagedTable(id="display", show_cursor=False, padding=1, spacing=0)
                yield Static("", id="display-error", markup=False)
            yield Static("", id="display-qr", markup=False)
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
        """Cells the players' page QR code (or the warning that replaces it) takes at the
        right (0: none, or no room)."""
        if not self.players_url:
            return 0
        width, height = self.size
        if unreachable(self.players_url):  # a warning, not a code phones cannot use
            return 0 if width < QR_MIN_WIDTH else 30
        from ...web.qr import text_rows
        if self._qr_rows is None:
            self._qr_rows = text_rows(self.players_url)
        if width < QR_MIN_WIDTH or height < len(self._qr_rows) + 9:
            return 0
        return max(len(self._qr_rows[0]), 24) + 2

    def _show_qr(self, width: int) -> None:
        w = self.query_one("#display-qr", Static)
        w.display = width > 0
        w.set_class(unreachable(self.players_url), "-warning")
        if not width:
            return
        w.styles.width = width
        if unreachable(self.players_url):
            w.update(_("No QR code: phones cannot open {url}. Open this projector at the "
                       "machine's network address, or serve with --host 0.0.0.0.").format(
                           url=self.players_url))
        elif self._qr_rows:
            w.update("\n".join(self._qr_rows) +
                     "\n\n" + _("Your board on your phone:") + f"\n{self.players_url}")

    # ---- data ---------------------------------------------------------------------------------
    def reload(self) -> None:
        try:
            targets = section_targets(self.event_folder, self.only_section)
            fp = tuple((name, backend.fingerprint(path)) for name, path in targets)
            if fp == self._fingerprint:
                self._title()  # the round clock ticks
                return
            self._fingerprint = fp
            # the players see each section as published: a draft round is left out
            parts = [(name, Path(path), as_published(backend.load(Path(path))))
                     for name, path in targets]
        except SwissError as exc:
            self._error(str(exc))
            return
        except Exception as exc:  # a file being edited must not stop the projector
            self._error(f"{self.folder}: {exc}")
            return
        self._error(None)
        on_view = self.parts[self.sec][0] if self.parts else None
        self.parts = parts
        names = [name for name, _path, _ev in parts]
        self.sec = names.index(on_view) if on_view in names else 0
        _name, self.folder, event = parts[self.sec]
        if event != self.event or len(parts) > 1:
            self.event = event
            self._players_language(event)
            self.draw()
        else:
            self._title()

    @property
    def several(self) -> bool:
        """Whether the projector shows several sections in turn."""
        return len(self.parts) > 1

    def section_label(self) -> str:
        """The section on view, for the title ("" for an event of one section)."""
        if not self.parts or (not self.several and self.only_section is None):
            return ""
        return self.parts[self.sec][0]

    def first_board(self) -> int:
        from ...core.services import sections
        return sections.first_board(self.folder) if self.parts else 1

    def steps(self) -> list[tuple[int | None, str]]:
        """The cycle: each view of ``--only`` in turn, a view of one section's lists once per
        section; "find your board" once for the whole event (None: every section)."""
        out: list[tuple[int | None, str]] = []
        for view in self.views:
            if view == "alphabetical" and self.several:
                out.append((None, view))
            else:
                out += [(i, view) for i in range(max(1, len(self.parts)))]
        return out

    def _show_section(self, index: int | None) -> None:
        if index is None or not self.parts or index == self.sec:
            return
        self.sec = index
        _name, self.folder, self.event = self.parts[index]

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
        label = self.section_label()
        if label and self.all_sections_view():
            label = ""
        left = " · ".join(filter(None, (ev.settings.name, label, self.title_text)))
        # the clock whole at any width: the event's name and the view's title give way
        titles.first(Static).update(fit_title(left, self.clock_text(), self.size.width - 2))
        self._foot()

    def all_sections_view(self) -> bool:
        """The view on screen lists every section (the cycle's "find your board")."""
        return self.several and VIEWS[self.view] == "alphabetical"

    def round_in_progress(self, ev: Event | None = None) -> bool:
        """A round is paired and results are missing: players look for their boards."""
        ev = ev if ev is not None else self.event
        rnd = ev.round(ev.current_round) if ev is not None else None
        return rnd is not None and rnd.missing_results() > 0

    def first_view(self) -> str:
        """The view a cycle starts with: the pairings (then "find your board" follows)
        while a round is being played (of the first section playing one); otherwise, and
        on a screen that does not cycle (``--cycle 0``), the first of ``--only`` (the
        standings by default)."""
        if self.cycle > 0:
            playing = [i for i, (_n, _f, ev) in enumerate(self.parts)
                       if self.round_in_progress(ev)]
            if playing or (not self.parts and self.round_in_progress()):
                for view in ("pairings", "alphabetical"):
                    if view in self.views:
                        if playing and view == "pairings":
                            self._show_section(playing[0])
                        return view
        return self.views[0]

    def _foot(self) -> None:
        ev = self.event
        foots = self.query("#display-foot")
        if ev is None or not foots:
            return
        view = VIEWS[self.view]
        rnd = ev.round(ev.current_round)
        if rnd is not None and rnd.playoff:
            where = playoff_stage(ev, rnd.number)
        else:
            where = _("round {round}/{rounds}").format(round=ev.current_round,
                                                       rounds=ev.settings.rounds)
        steps = self.steps()
        at = (None if self.all_sections_view() else self.sec, view)
        text = _("{game} · {where} · view {view}/{views}: {name}").format(
            game=ev.settings.game, where=where,
            view=steps.index(at) + 1 if at in steps else 1, views=len(steps),
            name=_(VIEW_NAMES[view]))
        if self.section_label() and not self.all_sections_view():
            text = self.section_label() + " · " + text
        t = self.query_one(FastTable)
        body = max(1, t._body_height)
        page = min(self.pages, int(t.scroll_y) // body + 1)
        text += _(" · page {page}/{pages}").format(page=page, pages=self.pages)
        foots.first(Static).update(text)

    def draw(self) -> None:
        ev = self.event
        if ev is None:
            return
        t = self.query_one(PagedTable)
        if not self._started:  # the first view: the first of the cycle
            self._started = True
            self.view = VIEWS.index(self.first_view())
        view = VIEWS[self.view]
        title = ""
        groups: int | None = None
        name_col = 1
        try:
            if view == "standings" and backend.playoff_started(ev):
                # the playoff's final places, as F5 shows them: the champion first
                cols, rows, _hint = final_rows(ev)
                won = champion(backend.final_places(ev))
                winner = ev.player(won) if won is not None else None
                title = (_("Final places · Champion: {name}").format(name=winner.name)
                         if winner is not None else _("Final places"))
                widths = widths_of({"Playoff": 15, "Swiss": 6, "Pts": 5})
            elif view == "standings":
                # the projector shows official standings: complete rounds only
                cols, rows, after = standings_rows(ev, None, live=False)
                title = _("Standings after round {round}").format(round=after)
                widths = widths_of({"Pts": 5})
            elif view == "pairings":
                title, cols, rows = pairing_rows(ev, self.first_board())
                widths = widths_of({"Board": 5, "Result": 8})
            elif view == "alphabetical" and self.several:
                from ...core.services import sections
                title, cols, rows = everyone_rows(
                    [(name, e, sections.first_board(path)) for name, path, e in self.parts])
                widths = widths_of({"Bd": 5})
                name_col = 0
            elif view == "alphabetical":
                title, cols, rows = alphabetical_rows(ev, self.first_board())
                widths = widths_of({"Bd": 3 if self.first_board() == 1 else 5})
                name_col = 0
            else:
                cols, rows = crosstable_rows(ev, live=False)
                title = _("Crosstable")
                widths = widths_of({"Pts": 5})
                groups = 1
            if view in ("standings", "crosstable"):
                # the place column fits a shared place of a large field ("100-120"): a
                # fixed 4 or 5 cells cut it to "24-…"
                widths[cols[0]] = max([cell_len(cols[0]), *(cell_len(str(r[0])) for r in rows)])
                widths[cols[0]] = min(widths[cols[0]], PLACE_WIDTH)
            rows = in_range(list(rows), self.range, name_col)
        except SwissError as exc:
            self._error(str(exc))
            return
        except Exception as exc:  # the projector keeps its last picture on a core bug
            self._error(_("cannot show {what}: {error}").format(
                what=view, error=f"{type(exc).__name__}: {exc}"))
            return
        fit = ((_("Name"), *cols[1:3]) if view == "pairings"
               else (_("Name"), tr("Opponent")))
        fit = tuple(c for c in fit if c != cols[0])
        natural = column_widths(cols, rows, widths)
        natural = [min(w, MAX_NAME) if c in fit else w for c, w in zip(cols, natural)]
        # the QR code gives way when the list would get another column without it
        qr = self._qr_width()
        # rows on screen: the table's own, once laid out (title 3, header 1, footer 1)
        body = t._body_height if t.scrollable_content_region.height > 1 else \
            max(1, self.size.height - 5)
        self._laid_body = t.page_rows = body
        copies = side_by_side(list(cols), list(rows), natural, self.size.width - 2, body,
                              groups)[3]
        if qr and side_by_side(list(cols), list(rows), natural, self.size.width - 2 - qr,
                               body, groups)[3] < copies:
            qr = 0
        self._show_qr(qr)
        labels, ws, laid, k = side_by_side(list(cols), list(rows), natural,
                                           self.size.width - 2 - qr, body, groups)
        if k == 1:
            update_table(t, cols, laid, widths, fit=fit)
        else:
            t.fit_spec = None
            t.set_table(labels, ws, laid)
        self.groups = k
        self.pages = page_count(len(laid), body)
        self.title_text = title
        self._title()

    # ---- paging -------------------------------------------------------------------------------
    def advance(self) -> None:
        t = self.query_one(FastTable)
        if t._body_height != self._laid_body:  # the table's height changed since: re-lay
            self.draw()
        if t.scroll_y < t.max_scroll_y:
            page = t._body_height * (1 + t.spacing)  # whole rows only
            t.scroll_to(y=t.scroll_y + page, animate=False, immediate=True)
            self._foot()
            return
        self.action_next_page()

    def _step(self, delta: int) -> None:
        steps = self.steps()
        here = (None if self.all_sections_view() else self.sec, VIEWS[self.view])
        at = steps.index(here) if here in steps else -delta if delta > 0 else 0
        index, view = steps[(at + delta) % len(steps)]
        self._show_section(index)
        self.view = VIEWS.index(view)
        self._show_view()

    def action_next_page(self) -> None:
        self._step(1)

    def action_prev_page(self) -> None:
        self._step(-1)

    def _show_view(self) -> None:
        t = self.query_one(FastTable)
        self._started = True
        self.draw()
        t.scroll_to(y=0, animate=False, immediate=True)
        self._foot()


def section_targets(folder: str | Path, section: str | None) -> list[tuple[str, Path]]:
    """The sections the projector shows: ``section`` alone; else the section ``folder`` is
    when it is one; else every section of the event (one for an event of one section)."""
    from ...core.services import sections
    if section is not None:
        return [(section, sections.resolve(folder, section))]
    if Path(sections.root_of(folder)) != Path(folder):
        return [(sections.section_name(folder), Path(folder))]
    return [(name, Path(path)) for name, path in sections.folders(folder)]


def run_display(folder: str | Path, cycle: float = 15.0, theme: str | None = None,
                players_url: str | None = None, only: str | None = None,
                rows: str | None = None, section: str | None = None) -> int:
    backend.load(Path(folder))
    section_targets(folder, section)  # an unknown section: one line before the screen opens
    parse_views(only)  # refused with one line before the screen opens
    parse_range(rows)
    DisplayApp(folder, cycle=cycle, theme=theme, players_url=players_url, only=only,
               rows=rows, section=section).run(mouse=False)
    return 0
