"""What every mode screen shares: header, status line, key bar, the "terminal too small"
notice, and following the application's current event."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...core import i18n
from ...core.errors import SwissError
from ...core.i18n import _
from ...core.model import Event
from .. import keymap
from ..lang import localise_bindings
from ..widgets.header import EventHeader
from ..widgets.keybar import KeyBar

if TYPE_CHECKING:
    from ..app import SwissApp

MIN_WIDTH, MIN_HEIGHT = 80, 24


class EventScreen(Screen):
    """Base class of the five modes.  Subclasses define ``MODE`` and ``compose_body`` and
    ``show_event(event)`` (called when the event changed since the screen last drew it)."""

    MODE = ""
    _seen_version = -1
    _seen_lang = ""  # the language the screen's fixed texts were drawn in
    _seen_folder: Path | None = None  # the section folder the screen last drew (F9)

    @property
    def sapp(self) -> SwissApp:
        return self.app  # type: ignore[return-value]

    @property
    def event(self) -> Event | None:
        return self.sapp.event

    @property
    def title_text(self) -> str:
        return keymap.mode_title(self.MODE)

    def compose(self) -> ComposeResult:
        yield EventHeader(id="header")
        with Vertical(id="body"):
            yield from self.compose_body()
        yield Static(too_small_text("swisstui"), id="too-small", markup=False)
        yield Static("", id="status", markup=False)
        yield KeyBar(self.MODE)

    def compose_body(self) -> ComposeResult:  # pragma: no cover - overridden
        yield from ()

    # ---- following the event ------------------------------------------------------------
    def on_mount(self) -> None:
        self._seen_lang = i18n.current()
        self._check_size(self.app.size.width, self.app.size.height)
        self.sync()

    def on_screen_resume(self) -> None:
        if self._seen_lang != i18n.current():  # the language changed while it was hidden
            self.retranslate()
            return
        self._check_size(self.app.size.width, self.app.size.height)
        self.sync()

    # ---- the director's language -----------------------------------------------------------
    def retranslate(self) -> None:
        """Redraw every text of the screen in the language now chosen (after
        ``SwissApp.set_language``): bindings, key bar, fixed texts, then the event."""
        self._seen_lang = i18n.current()
        localise_bindings(self)
        self.query_one(KeyBar).refresh()
        self.query_one("#too-small", Static).update(too_small_text("swisstui"))
        self.translate_fixed()
        self._check_size(self.app.size.width, self.app.size.height)
        self.sync(force=True)

    def translate_fixed(self) -> None:
        """Texts set once in ``compose`` (placeholders): set them again; a mode with such
        texts overrides this."""

    def sync(self, force: bool = False) -> None:
        """Redraw if the application's event changed since this screen drew it."""
        if not self.is_mounted:
            return
        if not force and self._seen_version == self.sapp.event_version:
            return
        self._seen_version = self.sapp.event_version
        if self._seen_folder != self.sapp.folder:
            if self._seen_folder is not None:
                self.section_changed()
            self._seen_folder = self.sapp.folder
        self.query_one(EventHeader).show(self.event, self.title_text, self.sapp.section)
        if self.event is not None:
            try:
                self.show_event(self.event)
            except SwissError as exc:
                self.error(str(exc))
            except Exception as exc:  # a core bug must not take the director's screen down
                self.error(_("cannot show {what}: {error}").format(
                    what=self.title_text, error=f"{type(exc).__name__}: {exc}"))

    def show_event(self, event: Event) -> None:  # pragma: no cover - overridden
        pass

    def section_changed(self) -> None:
        """The director switched to another section (F9): what the screen kept of the
        previous one (the round on view, the standings after round N, the last pairing
        made) is forgotten, so it shows the new section's latest round."""
        for attr, value in (("round_no", 0), ("_follow_latest", True), ("upto", None),
                            ("last_pairing", None), ("_cursor_round", -1)):
            if hasattr(self, attr):
                setattr(self, attr, value)
        # so is its status line: a mode not on view during the switch still said the other
        # section's "saved: round 2 paired, 4 boards"; it names the section now
        from ..app import SECTION_NOW  # (the application imports this module)
        if self.sapp.section is not None:
            self.status(_(SECTION_NOW).format(name=self.sapp.section), "ok")

    def round_gone(self, shown: int, event: Event) -> None:
        """The round this screen showed is no longer in the event (undone by another
        window, the CLI or a hand edit): say so, so the status line does not keep talking
        about it."""
        if shown and event.round(shown) is None:
            now = (_("showing round {round}").format(round=event.current_round)
                   if event.current_round else _("no round is paired now"))
            self.status(_("round {round} is no longer paired (undone); {now}").format(
                round=shown, now=now), "error")

    # ---- messages -------------------------------------------------------------------------
    def status(self, text: str, kind: str = "") -> None:
        """One line at the bottom: kind '' (info), 'ok' or 'error'."""
        w = self.query_one("#status", Static)
        w.update(text)
        w.set_class(kind == "error", "-error")
        w.set_class(kind == "ok", "-ok")

    def error(self, text: str) -> None:
        self.status(text, "error")
        self.app.bell()

    # ---- terminal size --------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, w: int, h: int) -> None:
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        if small:
            self.query_one("#too-small", Static).update(too_small_text("swisstui", w, h))
        self.set_class(small, "-too-small")


def too_small_text(what: str, w: int | None = None, h: int | None = None) -> str:
    """``what``: "swisstui", or a text already translated ("the projector view")."""
    size = _(" (this one is {width}×{height})").format(width=w, height=h) \
        if w is not None else ""
    return _("Terminal too small: {what} needs at least {width}×{height} characters"
             "{size}.\nEnlarge the window or make the font smaller.").format(
        what=what, width=MIN_WIDTH, height=MIN_HEIGHT, size=size)


def game_sides(game: str) -> tuple[str, str]:
    """Column titles for the two seats of a board, in the game's terms
    (``GameProfile.seats.names``)."""
    from ...core.games import profile
    from ..lang import tr
    a, b = profile(game).seats.names
    return tr(a), tr(b)

