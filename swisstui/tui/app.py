"""The director's application: five modes over one event folder.

* ``SwissApp(folder)`` loads the event, switches between the mode screens (Textual MODES),
  and watches the folder: every 0.5 s it compares ``store.fingerprint`` and reloads on change,
  so writes by a second director or the CLI appear by themselves.  A broken file shows
  ``file:line: message`` and the last good event stays on screen.
* Every write goes through :mod:`.backend` (``store.update``) and the screen is refreshed from
  the event that ``update`` returns — the result is on disk before it shows as saved.
* Typed keys are taken one at a time (:mod:`.keyorder`): the keys typed behind the one that
  opens a dialog go into the dialog.
* Run with ``mouse=False``; no animations; works at 80×24.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable

from textual.app import SystemCommand
from textual.widget import AwaitMount
from textual.screen import Screen

from ..core.errors import EventFileError, SwissError
from ..core.games import game_title, profile
from ..core import i18n
from ..core.i18n import N_, _
from ..core.model import Event
from ..core.services import warm_for
from ..core.services.history import subject_text
from . import backend, keymap
from .keyorder import OrderedKeysApp
from .lang import language_name, localise_bindings, localise_classes, tr
from .screens.crosstable import CrosstableScreen
from .screens.pairings import PairingsScreen
from .screens.registration import RegistrationScreen
from .screens.results import ResultsScreen
from .screens.standings import StandingsScreen
from .themes import resolve_theme
from .screens.event_form import (NEW_TITLE, PLAYERS_FIELD, SETTINGS_TITLE, EventForm,
                                 GamePicker)
from .screens.exports import (DOUBT_KEYS, DOUBT_TITLE, NOT_SAVED, PATH_HINT, PATH_TITLE,
                              PATH_TITLE_ENCODING, SAVED, SAVED_ENCODING, EncodingPicker,
                              ExportPicker, PathPrompt, default_path, encodings, path_doubt,
                              what_name)
from .widgets.dialogs import ConfirmScreen, HelpScreen, MessageScreen, pad_cells

WATCH_INTERVAL = 0.5

# Strings a director reads (English, marked with N_, shown with _()).
NO_EVENT = N_("swisstui: no event created in {folder} (nothing written)")
CREATED = N_("saved: new event {name} ({game}, {rounds} rounds) in {folder} · n adds a player")
SETTINGS_KEPT = N_("settings not changed")
SETTINGS_SAME = N_("settings: nothing changed")
SETTINGS_CONFIRM = N_("Save these settings?")
SETTINGS_SAVED = N_("saved: settings {keys}")
WARMING = N_("large field: the pairing solver compiles in the background (about a minute)")
SECTION_NOW = N_("section: {name}")


class SwissApp(OrderedKeysApp):
    """``SwissApp(folder, theme=None)``; ``run(mouse=False)`` (see :func:`run_app`)."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "swisstui"
    ENABLE_COMMAND_PALETTE = True
    MODES = {
        "registration": RegistrationScreen,
        "pairings": PairingsScreen,
        "results": ResultsScreen,
        "standings": StandingsScreen,
        "crosstable": CrosstableScreen,
    }
    BINDINGS = keymap.global_bindings()

    def __init__(self, folder: str | Path, theme: str | None = None, mode: str | None = None,
                 watch_interval: float = WATCH_INTERVAL, lang: str | None = None) -> None:
        """``lang``: the director's language (``ko``, ``pt-BR``…); None keeps the one
        already chosen (the CLI's ``--lang`` or the environment, :func:`i18n.resolve`)."""
        self._lang_warning: str | None = None
        if lang:
            chosen, self._lang_warning = i18n.resolve(lang)
            i18n.use(chosen)
        # the bindings' descriptions in the director's language; Textual copies them into
        # each new screen, so this comes before any exists
        localise_classes((type(self), *_ModeScreenTypes))
        super().__init__()
        self.animation_level = "none"
        # the folder every mode acts on: the current section's (F9 switches); the event's
        # root (its first section) for what is event-wide (issue 33 item 8)
        self.folder = Path(folder)
        self.root = self.folder
        # the current section's name when the event has several (the header shows it)
        self.section: str | None = None
        self._themes, self._theme_name = resolve_theme(theme)
        self.event: Event | None = None
        self.event_version = 0
        self.load_error: str | None = None
        self._fingerprint = None
        self._start_mode = mode
        self._watch_interval = watch_interval
        # an empty or new folder: the new-event form comes first, nothing is read or written
        self.new_event = not (self.folder / "event.toml").is_file()
        self._pending_settings: tuple | None = None
        # the encoding chosen for the last TRF export in this session (None: UTF-8)
        self.export_encoding: str | None = None

    # ---- start ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        for t in self._themes.values():
            self.register_theme(t)
        self.theme = self._theme_name
        self.set_class(self.no_color, "-no-color")
        if self.new_event:
            self.switch_mode(self._start_mode or "registration")
            self.ask_game()
        else:
            self.reload(initial=True)
            self.switch_mode(self._start_mode or self.initial_mode())
        self.set_interval(self._watch_interval, self.poll_disk, name="watcher")
        if self._lang_warning:
            self.call_after_refresh(self._notify_screen, self._lang_warning, "error")
        from ..core.store import history
        history.notice = self._history_notice  # a change saved but not recorded: one line

    def on_unmount(self) -> None:
        from ..core.store import history
        if history.notice == self._history_notice:
            history.notice = None  # no line for a window that is gone

    def _history_notice(self, line: str) -> None:
        """A damaged ``.git`` (docs/FORMAT.md "History"): the change is saved, the status
        line says it was not recorded — from a worker's thread too."""
        import threading
        if threading.get_ident() == self._thread_id:
            self.call_after_refresh(self._notify_screen, line, "error")
        else:
            self.call_from_thread(self._notify_screen, line, "error")

    # ---- a new event ------------------------------------------------------------------------
    def ask_game(self) -> None:
        from ..core.model import GAMES
        self.push_screen(GamePicker(self.folder.resolve().name, tuple(GAMES)),
                         self._game_picked)

    def _game_picked(self, game: str | None) -> None:
        if game is None:
            self.exit(message=_(NO_EVENT).format(folder=self.folder))
            return
        fields, texts = backend.new_event_form(game, self.folder.resolve().name)
        fields = (fields[0], PLAYERS_FIELD, *fields[1:])
        texts = {**texts, "players": ""}
        self.push_screen(
            EventForm(_(NEW_TITLE).format(game=game_title(game), folder=self.folder.resolve().name), fields,
                      texts,
                      submit=lambda t: self._create(game, t),
                      advice=lambda n: backend.rounds_advice(game, n),
                      chain=lambda t: backend.tiebreak_chain(game, t),
                      follow=lambda before, t: backend.follow_form(game, before, t)),
            lambda ok: self._created() if ok else self.ask_game())

    def _create(self, game: str, texts: dict[str, str]) -> tuple[str, str | None] | None:
        try:
            backend.create_event(self.folder, game, texts)
        except SwissError as exc:
            return str(exc), backend.refused_field(exc)
        self.new_event = False
        return None

    def _created(self) -> None:
        self.reload(initial=True)
        ev = self.event
        if ev is not None:
            s = ev.settings
            self._notify_screen(_(CREATED).format(name=s.name, game=s.game, rounds=s.rounds,
                                                  folder=self.folder), "ok")

    # ---- exports and prints --------------------------------------------------------------------
    def _dialog_open(self) -> bool:
        return len(self.screen_stack) > 1 and not isinstance(self.screen, _ModeScreenTypes)

    def action_export(self) -> None:
        if self.event is None or self._dialog_open():
            return
        self.push_screen(ExportPicker(), self._export_picked)

    def _export_picked(self, choice: tuple[str, str] | None) -> None:
        if not choice:
            self._notify_screen(_(NOT_SAVED), "")
            return
        fmt, what = choice
        choices = encodings(fmt)
        if choices:  # TRF: which encoding (the last one chosen in this session highlighted)
            self.push_screen(EncodingPicker(fmt, choices, self.export_encoding),
                             lambda enc: self._export_encoded(fmt, what, enc))
        else:
            self._export_ask_path(fmt, what, None)

    def _export_encoded(self, fmt: str, what: str, encoding: str | None) -> None:
        if not encoding:
            self._notify_screen(_(NOT_SAVED), "")
            return
        self.export_encoding = encoding
        self._export_ask_path(fmt, what, encoding)

    def _export_ask_path(self, fmt: str, what: str, encoding: str | None) -> None:
        title = (_(PATH_TITLE_ENCODING).format(what=what_name(what), fmt=fmt, encoding=encoding)
                 if encoding else _(PATH_TITLE).format(what=what_name(what), fmt=fmt))
        self.push_screen(PathPrompt(title, _(PATH_HINT),
                                    value=default_path(self.folder, fmt, what)),
                         lambda path: self._export_check(fmt, what, path, encoding))

    def _export_check(self, fmt: str, what: str, path: str | None,
                      encoding: str | None = None) -> None:
        """A name that is not the format's kind of file, or a file inside the event folder,
        is written only after ``y`` (Enter does not answer: it may be typed ahead)."""
        doubts = path_doubt(self.folder, fmt, path.strip()) if path and path.strip() else []
        if not doubts:
            self._export_write(fmt, what, path, encoding)
            return
        assert path is not None
        self.push_screen(ConfirmScreen(_(DOUBT_TITLE).format(what=what_name(what), path=path.strip()),
                                       doubts, _(DOUBT_KEYS), enter_confirms=False),
                         lambda yes: self._export_write(fmt, what, path, encoding) if yes
                         else self._notify_screen(_(NOT_SAVED), ""))

    def _export_write(self, fmt: str, what: str, path: str | None,
                      encoding: str | None = None) -> None:
        ev = self.event
        if not path or not path.strip() or ev is None:
            self._notify_screen(_(NOT_SAVED), "")
            return
        try:
            data = backend.export_to_file(ev, fmt, what, path.strip(), encoding=encoding,
                                          folder=self.folder)
        except SwissError as exc:
            self.show_error(str(exc))
            return
        if encoding:
            text = _(SAVED_ENCODING).format(what=what_name(what), fmt=fmt, encoding=encoding,
                                            path=path.strip(), size=len(data))
        else:
            text = _(SAVED).format(what=what_name(what), fmt=fmt, path=path.strip(), size=len(data))
        from ..core.interop.formats import ExportRequest, warnings as export_warnings
        notes = export_warnings(ev, ExportRequest(fmt, what, encoding=encoding))
        if notes:  # written anyway; what its reader will miss (names with '?', EGF class)
            self._notify_screen(" · ".join([text, *notes]), "error")
            return
        self._notify_screen(text, "ok")

    # ---- the desk and the prizes (issue 35) -------------------------------------------------
    def action_desk(self) -> None:
        """``D`` / F10: the desk (:mod:`swisstui.tui.screens.desk`), a screen over the mode
        on view; Esc goes back to it, F2–F6 to another mode."""
        if self.event is None or self._dialog_open():
            return
        from .screens.desk import DeskScreen
        self.push_screen(DeskScreen())

    def action_prizes(self) -> None:
        """``A``: the prize view (:mod:`swisstui.tui.screens.prizes`)."""
        if self.event is None or self._dialog_open():
            return
        from .screens.prizes import PrizeScreen
        self.push_screen(PrizeScreen())

    def leave_desk(self, mode: str) -> None:
        """F2–F6 on the desk or the prize view: those screens closed, then the mode."""
        from .screens.desk import DeskScreen
        from .screens.prizes import PrizeScreen
        while len(self.screen_stack) > 1 and isinstance(self.screen, (DeskScreen, PrizeScreen)):
            self.pop_screen()
        if isinstance(self.screen, _ModeScreenTypes):
            self.switch_mode(mode)

    # ---- the history (issue 34) ------------------------------------------------------------
    def action_history(self, needle: str = "", at: int | None = None) -> None:
        """``L``: the log of every change (:mod:`swisstui.tui.screens.history`); ``needle``
        and ``at``: its filter and highlighted entry, when it comes back after one was
        shown."""
        if self.event is None or self._dialog_open():
            return
        from .screens.history import HistoryScreen
        try:
            entries = backend.history_log(self.folder)
        except SwissError as exc:
            self.show_error(str(exc))
            return
        screen = HistoryScreen(entries, _("History of {event}").format(
            event=self.event.settings.name), needle, at)
        self.push_screen(screen, lambda choice: self._history_chosen(choice, screen.needle))

    def _history_chosen(self, choice: str | None, needle: str = "") -> None:
        from .screens.history import RESTORE, SHOW
        if not choice:
            return
        number = choice.partition(":")[2]
        if choice.startswith(SHOW):
            try:
                entry, words = backend.history_show(self.folder, number)
            except SwissError as exc:
                self.show_error(str(exc))
                return
            lines = [f"{entry.time.replace('T', ' ')[:16]} · {entry.author}"
                     + (f" ({entry.client})" if entry.client else ""),
                     subject_text(entry.subject)] + ([_("reason: {reason}").format(reason=entry.reason)]
                                       if entry.reason else []) + [""] + (words or [
                         _("(no change to the event's results, pairings, players or settings)")])
            self.push_screen(MessageScreen(f"#{entry.number} {entry.short}", lines),
                             lambda _r: self.action_history(needle, entry.number))
        elif choice.startswith(RESTORE):
            self._restore_preview(number)

    def _restore_preview(self, number: str) -> None:
        try:
            preview = backend.history_restore(self.folder, number, dry_run=True)
        except SwissError as exc:
            self.show_error(str(exc))
            return
        if not preview.changes:
            self._notify_screen(_("the event is already as it was then: nothing to restore"), "")
            return

        def answer(yes: bool | None, reason: str | None = None) -> None:
            if not yes:
                self._notify_screen(_("nothing restored"), "")
                return
            try:
                done = backend.history_restore(self.folder, number, dry_run=False,
                                               reason=reason)
            except SwissError as exc:
                screen = self._status_screen()
                if backend.needs_reason(exc) and reason is None and screen is not None:
                    # a published round: asked why, as a hand edit or a correction is
                    from .screens.pairings import ask_reason
                    ask_reason(screen, lambda why: answer(True, why), _("nothing restored"),
                               _("The restore changes what players have seen: why?"))
                    return
                self.show_error(str(exc))
                return
            self.action_reload()
            self._notify_screen(_("saved: back to #{n} ({subject}), as a new entry of the history").format(
                n=done.entry.number, subject=subject_text(done.entry.subject)), "ok")

        e = preview.entry
        self.push_screen(ConfirmScreen(
            _("Restore the event to #{n}?").format(n=e.number),
            [f"{e.time.replace('T', ' ')[:16]} · {e.author}: {e.subject}", "",
             *preview.changes], _("y = restore, n / Esc = keep the event as it is"),
            enter_confirms=False), answer)

    # ---- the event's settings -----------------------------------------------------------------
    def action_settings(self) -> None:
        ev = self.event
        if ev is None or self._dialog_open():
            return
        fields, shown = backend.settings_form(ev)
        self._open_settings(fields, shown, shown)

    def _open_settings(self, fields, shown: dict[str, str], values: dict[str, str],
                       focus: str | None = None) -> None:
        ev = self.event
        if ev is None:
            return
        self.push_screen(
            EventForm(_(SETTINGS_TITLE).format(game=game_title(ev.game)), fields, values,
                      submit=lambda t: self._settings_submit(t, shown), focus=focus,
                      chain=lambda t: backend.tiebreak_chain(ev.game, t),
                      follow=lambda before, t: backend.follow_form(ev.game, before, t)),
            lambda ok: self._settings_confirm(fields, shown) if ok
            else self._notify_screen(_(SETTINGS_KEPT), ""))

    def _settings_submit(self, texts: dict[str, str], shown: dict[str, str]
                         ) -> tuple[str, str | None] | None:
        ev = self.event
        if ev is None:
            return _("no event loaded"), None
        try:
            changes, preview = backend.settings_change(ev, texts, shown)
        except SwissError as exc:
            return str(exc), backend.refused_field(exc)
        self._pending_settings = (changes, preview, texts, ev)
        return None

    def _settings_confirm(self, fields, shown: dict[str, str]) -> None:
        pending, self._pending_settings = self._pending_settings, None
        if pending is None:
            return
        changes, preview, texts, basis = pending
        if not preview.changed:
            self._notify_screen(_(SETTINGS_SAME), "")
            return
        from ..core.settings_form import settings_texts
        after = settings_texts(preview.settings)
        lines = [f"{k}: {shown.get(k, '') or '—'} → {after.get(k, '') or '—'}"
                 for k in after if after.get(k) != shown.get(k)]
        lines += ["", *(tr(e) for e in preview.effects)] if preview.effects else []
        lines += ["", *preview.warnings] if preview.warnings else []

        def save(reason: str | None) -> None:
            try:
                new, change = backend.change_settings(self.folder, changes, reason)
            except SwissError as exc:
                screen = self._status_screen()
                if backend.needs_reason(exc) and reason is None and screen is not None:
                    # FIDE mode's locked tie-breaks: the refusal stays on the status line
                    # under the question asking why (core/fide_mode.py)
                    from .screens.pairings import ask_reason
                    screen.status(str(exc))
                    ask_reason(screen, save, _(SETTINGS_KEPT),
                               _("FIDE mode: the tie-breaks are locked; why the change?"))
                    return
                self.show_error(str(exc))
                return
            self.event_written(new)
            self._notify_screen(_(SETTINGS_SAVED).format(keys=", ".join(change.changed)), "ok")

        def answer(yes: bool | None) -> None:
            if not yes:  # back to the form with what was typed
                self._open_settings(fields, shown, texts)
                return
            save(None)

        self.push_screen(ConfirmScreen(_(SETTINGS_CONFIRM), lines,
                                       _("y / Enter = save, n / Esc = back to the form")),
                         answer)

    def initial_mode(self) -> str:
        ev = self.event
        if ev is None or not ev.players:
            return "registration"
        rnd = ev.round(ev.current_round)
        if rnd is None:
            return "pairings"
        if rnd.missing_results():
            return "results"
        return "standings"

    # ---- the event --------------------------------------------------------------------------
    def set_event(self, event: Event) -> None:
        self.event = event
        self.root = backend.event_root(self.folder)
        try:
            self.section = (backend.section_name(self.folder)
                            if backend.several_sections(self.folder) else None)
        except SwissError:  # the root's file unreadable this instant: the folder's name
            self.section = self.folder.name if self.section is not None else None
        self.event_version += 1
        self.load_error = None
        screen = self.screen
        if hasattr(screen, "sync"):
            screen.sync()
        else:  # a dialog is open: refresh the mode screen below it
            for s in reversed(self.screen_stack):
                if hasattr(s, "sync"):
                    s.sync()
                    break

    def event_written(self, event: Event) -> None:
        """Called with what ``store.update`` returned: show it; re-read on the next poll so
        a write by someone else in the same instant is not missed."""
        self._fingerprint = None
        self.set_event(event)

    def reload(self, initial: bool = False) -> None:
        if self.new_event:
            return
        try:
            fp = backend.fingerprint(self.folder)
        except SwissError as exc:
            self._report_load_error(str(exc))
            return
        except OSError as exc:
            self._report_load_error(f"{self.folder}: {exc.strerror or exc}")
            return
        if fp == self._fingerprint and not initial:
            return
        self._fingerprint = fp
        try:
            event = backend.load(self.folder)
        except EventFileError as exc:
            self._report_load_error(str(exc))
            return
        except SwissError as exc:
            self._report_load_error(str(exc))
            return
        except Exception as exc:  # never crash on a file someone is editing
            self._report_load_error(_("{folder}: cannot read event: {error}").format(
                folder=self.folder, error=exc))
            return
        if self.load_error is not None:
            self.load_error = None
            self._notify_screen(_("{folder}: read again, no errors").format(
                folder=self.folder), "ok")
        if event != self.event:
            self.set_event(event)
        if initial and warm_for(event):  # (a large field: round 1 would wait for the compile)
            self.call_after_refresh(self._notify_screen, _(WARMING), "ok")

    def _status_screen(self):
        """The topmost screen with a status line (where a message or a question's answer is
        said), or None."""
        return next((s for s in reversed(self.screen_stack) if hasattr(s, "status")), None)

    def _notify_screen(self, message: str, kind: str) -> None:
        screen = self._status_screen()
        if screen is not None and screen.is_mounted:
            screen.status(message, kind)

    def poll_disk(self) -> None:
        self.reload()

    def _report_load_error(self, message: str) -> None:
        if message == self.load_error:
            return
        self.load_error = message
        suffix = _(" (showing the last good state)") if self.event is not None else ""
        self.show_error(message + suffix)

    def show_error(self, message: str) -> None:
        screen = next((s for s in reversed(self.screen_stack) if hasattr(s, "error")), None)
        if screen is not None and screen.is_mounted:
            screen.error(message)
        else:
            self.notify(message, severity="error", timeout=10)

    # ---- keys --------------------------------------------------------------------------------
    def current_mode_name(self) -> str:
        return getattr(self.screen, "MODE", "") or self.current_mode or ""

    def action_help(self) -> None:
        mode = self.current_mode_name()
        rows = [(k.label, k.shown) for k in keymap.MODE_KEYS.get(mode, ())]
        notes = tuple(_(n) for n in keymap.MODE_NOTES.get(mode, ()))
        if mode == "results" and self.event is not None:
            extras = tr(profile(self.event.game).entry.extras_help)
            notes = notes + ((extras,) if extras else ()) + ("",
                                                             *game_notations(self.event.game))
        rows_global = [(k.label, k.shown) for k in keymap.GLOBAL]
        rows_global.append((keymap.SECTION_KEY.label, keymap.SECTION_KEY.shown))
        rows_global += [("Up / Down / PgUp / PgDn", _("Move in lists")),
                        ("Tab / Shift+Tab", _("Next / previous field"))]
        title = _("Keys — {mode}").format(mode=keymap.mode_title(mode))
        self.push_screen(HelpScreen(title, rows, notes, rows_global))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for mode, (_title, fk, letter) in keymap.MODES.items():
            title = keymap.mode_title(mode)
            yield SystemCommand(_("Mode: {mode}").format(mode=title),
                                _("Switch to {mode} ({keys})").format(
                                    mode=title, keys=f"{fk.upper()} / {letter}"),
                                self._switcher(mode))
        for mode, keys in keymap.MODE_KEYS.items():
            if mode not in keymap.MODES:
                continue
            for k in keys:
                if k.action.startswith("app.") or k.action in ("leave_entry", "focus_entry"):
                    continue
                title = keymap.mode_title(mode)
                yield SystemCommand(f"{title}: {k.shown}",
                                    _("Key {key} in {mode}").format(key=k.label, mode=title),
                                    self._runner(mode, k.action))
        yield SystemCommand(_("Event settings"), _("Change the event's settings (F7 / T)"),
                            self.action_settings)
        yield SystemCommand(_("Desk"), _("Check-in, fees and entry states (D / F10)"),
                            self.action_desk)
        yield SystemCommand(_("Prizes"), _("Who wins which prize, and why (A)"),
                            self.action_prizes)
        yield SystemCommand(_("Export / print"), _("Write standings, crosstable, pairings, "
                            "the wall list or the whole event in any format (F8 / W)"),
                            self.action_export)
        yield SystemCommand(_("Help"), _("Show every key of this mode (F1 / ?)"),
                            self.action_help)
        yield SystemCommand(_("Language…"),
                            _("The language of the screens: {languages}").format(
                                languages=", ".join(language_name(lang)
                                                    for lang in i18n.available())),
                            self.action_language)
        yield SystemCommand(_("Reload"), _("Re-read the event folder now"),
                            self.action_reload)
        yield SystemCommand(_("Theme"), _("Change the colours: dark, light, projector, "
                            "monochrome or a Textual theme"), self.action_change_theme)
        yield SystemCommand(_("Quit"), _("Quit swisstui (Ctrl+Q)"), self.action_quit)
        # Textual's own "Keys" (its help panel), "Maximize" and "Screenshot" are left out:
        # F1 is the help here, the lists are already full screen, and a screenshot would
        # be written to whatever folder swisstui was started in.

    def action_command_palette(self) -> None:
        """Textual's command palette, its search line's placeholder in the director's
        language (Textual's is English)."""
        from textual.command import CommandPalette
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette",
                                            placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """The theme list (palette's Theme), its placeholder in the director's language."""
        from textual.command import CommandPalette
        from textual.theme import ThemeProvider
        self.push_screen(CommandPalette(providers=[ThemeProvider],
                                        placeholder=_("Search for themes…")))

    def _switcher(self, mode: str):
        def go() -> None:
            self.switch_mode(mode)
        return go

    def _runner(self, mode: str, action: str):
        async def go() -> None:
            await self.switch_mode(mode)
            await self.screen.run_action(action)
        return go

    # ---- the director's language ----------------------------------------------------------
    def action_language(self) -> None:
        if self._dialog_open():
            return
        from .screens.language import LanguagePicker
        self.push_screen(LanguagePicker(), self._language_picked)

    def _language_picked(self, lang: str | None) -> None:
        if lang:
            self.set_language(lang)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` (a name from :func:`i18n.available`) from now on: the catalogue,
        the bindings, and the mode screen on view redrawn at once (key bar, header, table
        titles, hints); the other modes redraw when they are next shown
        (``EventScreen.on_screen_resume``)."""
        i18n.use(lang)
        localise_classes((type(self), *_ModeScreenTypes))
        localise_bindings(self)
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                retranslate()
        self._notify_screen(_("language: {name}").format(name=language_name(lang)), "ok")

    # ---- sections (issue 33 item 8) --------------------------------------------------------
    def action_section(self) -> None:
        """F9: the sections dialog (name, game, round, players, first board): the one
        chosen is the folder every mode acts on from now on; ``a`` adds a section (a
        one-section event gets its second this way), ``b``, ``d``, Delete
        (:mod:`swisstui.tui.section_actions`)."""
        if self.event is None or self._dialog_open():
            return
        from .section_actions import open_sections
        open_sections(self)

    def notify_section(self, name: str) -> None:
        self._notify_screen(_(SECTION_NOW).format(name=name), "ok")

    def notify_status(self, message: str, kind: str) -> None:
        self._notify_screen(message, kind)

    def use_section(self, folder: Path) -> None:
        """Every mode acts on the section in ``folder`` from now on (read at once)."""
        self.folder = Path(folder)
        self.action_reload()

    def action_reload(self) -> None:
        self._fingerprint = None
        self.reload()

    async def action_switch_mode(self, mode: str) -> None:
        if not isinstance(self.screen, _ModeScreenTypes) and len(self.screen_stack) > 1:
            return  # a dialog is open; let it finish
        await self.switch_mode(mode)

    def switch_mode(self, mode: str) -> AwaitMount:
        """Textual's mode switch, then the mode's screen told it was entered (``entered``),
        also when it was already the mode on view: Results puts the cursor in its entry line
        (issue 31: after Esc to the board list and another mode, F4 left it there, and Go's
        ``W+R`` opened Export)."""
        done = super().switch_mode(mode)
        entered = getattr(self.screen, "entered", None)
        if entered is not None:
            entered()
        return done


def game_notations(game: str) -> list[str]:
    """The game's result notations, from its profile (for the Results help)."""
    prof = profile(game)
    lines = [_("Results in {game}:").format(game=game)]
    for notation, meaning in prof.entry.notations:
        lines.append(f"  {pad_cells(notation, 22)} {tr(meaning)}")
    if len(lines) == 1 and prof.entry.examples:
        lines.append("  " + "  ".join(prof.entry.examples))
    return lines


_ModeScreenTypes = (RegistrationScreen, PairingsScreen, ResultsScreen, StandingsScreen,
                    CrosstableScreen)


def run_app(folder: str | Path, theme: str | None = None, lang: str | None = None) -> int:
    """Open the director's application (used by ``swisstui open`` and ``swisstui demo``);
    an empty or new folder opens the new-event form.  ``lang``: as ``SwissApp``'s (None:
    the language the CLI chose)."""
    folder = Path(folder)
    if (folder / "event.toml").is_file():
        backend.load(folder)  # refuse a broken folder with file:line before the screen opens
    SwissApp(folder, theme=theme, lang=lang).run(mouse=False)
    return 0
