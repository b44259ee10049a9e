"""What the sections dialog (F9) and the registration's move key (``m``) do (issue 33 items
4–8): each asks for what its core service needs (:mod:`swisstui.core.services.sections`),
shows the service's preview before anything is written, and says what it did.  A refusal is
the service's one line, in the form or on the status line, with nothing written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.errors import SwissError
from ..core.i18n import N_, _, ngettext
from ..core.settings_form import FormField
from . import backend
from .screens.event_form import EventForm
from .screens.sections import ADD, BOARD, DISTRIBUTE, REMOVE, SectionPicker
from .widgets.dialogs import ConfirmScreen, ListPicker, PromptScreen

# Translators: form labels, at most 12 columns (a Hangul or kanji character counts 2).
ADD_FIELDS = (
    FormField("name", N_("Name"), N_("the section's name: letters, digits, - and _ (U1600, kyu)")),
    FormField("game", N_("Game"), N_("empty: the event's game; or chess, go, othello, magic, renju")),
    FormField("rounds", N_("Rounds"), N_("empty: the event's rounds")),
    FormField("system", N_("System"), N_("empty: the event's system; or swiss, mcmahon, dutch, roundrobin")),
    FormField("tiebreaks", N_("Tie-breaks"), N_("empty: the event's chain; or codes, e.g. BH,SB")),
    FormField("first_board", N_("First board"), N_("the hall's number of the section's board 1 (e.g. 101); empty: 1")),
)
ADD_TITLE = N_("New section (game options: F7 in the section, once added)")
ADDED = N_("section {name} added and chosen: {game}, {system}, {rounds} rounds · F7 sets its options")
# Translators: form labels, at most 12 columns.
DISTRIBUTE_FIELDS = (
    FormField("by", N_("By"), N_("rating, rank, age or class (the Japanese Go classes)")),
    FormField("bands", N_("Bands"), N_("SECTION:LOW-HIGH,… e.g. Open:1800-,U1800:-1799; for class, CLASS:SECTION to rename (S:Open)")),
    FormField("date", N_("Base date"), N_("ages at this date, YYYY-MM-DD; empty: the event's start")),
    FormField("plays_up", N_("Plays up"), N_("ids of players who stay where they are, e.g. 3,17")),
)
DISTRIBUTE_TITLE = N_("Distribute the players not yet paired")
MOVE_TITLE = N_("Move {id} {name} to which section?")


def _int(texts: dict[str, str], key: str) -> int | None:
    text = texts.get(key, "").strip()
    if not text:
        return None
    if not text.isdecimal():
        raise SwissError(_("{field}: a whole number, not {value}").format(field=key, value=text),
                         field=key)
    return int(text)


def _refusal(exc: SwissError, fields: tuple[FormField, ...]) -> tuple[str, str | None]:
    field = backend.refused_field(exc)
    return str(exc), field if any(f.key == field for f in fields) else None


def open_sections(app: Any) -> None:
    """F9: the sections dialog on the event of ``app`` (a one-section event too: ``a`` adds
    its second section)."""
    try:
        rows = backend.sections(app.folder)
        current = backend.section_name(app.folder)
    except SwissError as exc:
        app.show_error(str(exc))
        return
    app.push_screen(SectionPicker(rows, current), lambda choice: _picked(app, rows, choice))


def _picked(app: Any, rows: Any, choice: str | None) -> None:
    if choice is None:
        return
    if choice == ADD:
        add_section(app)
    elif choice == DISTRIBUTE:
        distribute(app)
    elif choice.startswith(BOARD):
        first_board(app, choice.removeprefix(BOARD))
    elif choice.startswith(REMOVE):
        remove_section(app, choice.removeprefix(REMOVE))
    else:
        chosen = next((r for r in rows if r.name == choice), None)
        if chosen is not None:
            app.use_section(chosen.folder)
            app.notify_section(chosen.name)


def add_section(app: Any, values: dict[str, str] | None = None) -> None:
    root = backend.event_root(app.folder)
    made: dict[str, Any] = {}

    def submit(texts: dict[str, str]) -> tuple[str, str | None] | None:
        try:
            chain = [t.strip() for t in texts["tiebreaks"].split(",") if t.strip()] or None
            s = backend.guarded(backend.add_section, root, texts["name"].strip(),
                                game=texts["game"].strip() or None,
                                rounds=_int(texts, "rounds"),
                                system=texts["system"].strip() or None, tiebreaks=chain,
                                first_board=_int(texts, "first_board"))
        except SwissError as exc:
            return _refusal(exc, ADD_FIELDS)
        made["section"] = s
        return None

    def done(ok: bool | None) -> None:
        s = made.get("section")
        if not ok or s is None:
            app.notify_status(_("no section added"), "")
            return
        app.use_section(s.folder)
        app.notify_status(_(ADDED).format(name=s.name, game=s.game, system=s.system,
                                          rounds=s.rounds), "ok")

    app.push_screen(EventForm(_(ADD_TITLE), ADD_FIELDS, values or {}, submit=submit), done)


def first_board(app: Any, name: str) -> None:
    root = backend.event_root(app.folder)

    def done(text: str | None) -> None:
        if text is None or not text.strip():
            app.notify_status(_("first board kept"), "")
            return
        try:
            number = _int({"first_board": text}, "first_board")
            assert number is not None
            s = backend.guarded(backend.set_first_board, root, name, number)
        except SwissError as exc:
            app.show_error(str(exc))
            return
        app.action_reload()
        app.notify_status(_("section {name}: boards numbered from {number} in the hall").format(
            name=s.name, number=s.first_board), "ok")

    current = backend.guarded(backend.first_board_of, root, name)
    app.push_screen(PromptScreen(
        _("Section {name}: the hall's number of its board 1").format(name=name),
        _("a number (101: its boards are 101, 102…); who plays whom stays · Enter, Esc"),
        value=str(current)), done)


def remove_section(app: Any, name: str) -> None:
    root = backend.event_root(app.folder)

    def answer(yes: bool | None) -> None:
        if not yes:
            app.notify_status(_("section kept"), "")
            return
        try:
            folder = backend.guarded(backend.remove_section, root, name)
        except SwissError as exc:
            app.show_error(str(exc))
            return
        if Path(app.folder).resolve() == Path(folder).resolve():
            app.use_section(root)
        else:
            app.action_reload()
        app.notify_status(_("section {name} removed ({folder})").format(name=name, folder=folder),
                          "ok")

    app.push_screen(ConfirmScreen(_("Remove section {name}?").format(name=name),
                                  [_("Only a section without players and rounds can go; its folder is deleted.")],
                                  enter_confirms=False), answer)


def distribute(app: Any, values: dict[str, str] | None = None) -> None:
    root = backend.event_root(app.folder)
    pending: dict[str, Any] = {}

    def args(texts: dict[str, str]) -> dict[str, Any]:
        # the core reads and refuses each field (an unknown "by" names the valid ones)
        return dict(by=texts["by"].strip().lower(), bands=texts["bands"].strip() or None,
                    base_date=texts["date"].strip() or None,
                    plays_up=backend.parse_plays_up(texts["plays_up"]))

    def submit(texts: dict[str, str]) -> tuple[str, str | None] | None:
        try:
            kw = args(texts)
            preview = backend.guarded(backend.distribute, root, dry_run=True, **kw)
        except SwissError as exc:
            return _refusal(exc, DISTRIBUTE_FIELDS)
        pending.update(kw=kw, preview=preview, texts=texts)
        return None

    def confirmed(yes: bool | None) -> None:
        if not yes:
            distribute(app, pending["texts"])  # back to the form with what was typed
            return
        try:
            done = backend.guarded(backend.distribute, root, dry_run=False, **pending["kw"])
        except SwissError as exc:
            app.show_error(str(exc))
            return
        app.action_reload()
        app.notify_status(ngettext("saved: {count} player moved", "saved: {count} players moved",
                                   len(done.moves)).format(count=len(done.moves)), "ok")

    def formed(ok: bool | None) -> None:
        if not ok or "preview" not in pending:
            app.notify_status(_("no player moved"), "")
            return
        d = pending["preview"]
        lines = backend.distribution_lines(d) or [_("no player would move")]
        app.push_screen(ConfirmScreen(
            ngettext("Distribute: {count} player moves", "Distribute: {count} players move",
                     len(d.moves)).format(count=len(d.moves)),
            lines, _("y / Enter = save, n / Esc = back to the form")), confirmed)

    app.push_screen(EventForm(_(DISTRIBUTE_TITLE), DISTRIBUTE_FIELDS,
                              values or {"by": "rating"}, submit=submit), formed)


def move_player(screen: Any, pid: int, name: str) -> None:
    """``m`` in registration: the player ``pid`` (of any section of the pool) into another
    section, after a preview of what changes in both sections' standings."""
    app = screen.app
    root = backend.event_root(app.folder)
    try:
        rows = backend.sections(root)
    except SwissError as exc:
        screen.error(str(exc))
        return
    if len(rows) < 2:
        screen.status(_("this event has one section: F9 then a adds another"), "error")
        return

    def preview(target: str | None) -> None:
        if target is None:
            screen.status(_("not moved"))
            return
        try:
            m = backend.guarded(backend.move_player, root, pid, target, dry_run=True)
        except SwissError as exc:
            screen.error(str(exc))
            return
        app.push_screen(ConfirmScreen(_("Move {id} {name} to {section}?").format(
            id=pid, name=name, section=target), backend.move_lines(m)),
            lambda yes: save(target) if yes else screen.status(_("not moved")))

    def save(target: str) -> None:
        try:
            m = backend.guarded(backend.move_player, root, pid, target, dry_run=False)
        except SwissError as exc:
            screen.error(str(exc))
            return
        app.action_reload()
        screen.status(_("saved: {name} ({pid}) moved from {source} to {target}").format(
            name=m.name, pid=m.player, source=m.source, target=m.target), "ok")

    here = backend.section_of_player(root, pid)
    choices = [(r.name, r.name) for r in rows if r.name != here]
    app.push_screen(ListPicker(_(MOVE_TITLE).format(id=pid, name=name), choices,
                               _("Up/Down and Enter, or the number · Esc keeps the player"),
                               list_id="sections", numbered=True), preview)
