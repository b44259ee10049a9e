"""Exports and imports of whole events: every format through the one table of
:mod:`swisstui.core.interop.formats`, written to a file atomically (never onto the event's
own files), and a FIDE TRF read into a new event folder.

An event folder with sections (issue 33; docs/FORMAT.md "Sections") is exported by
:func:`export_folder`: one section's folder as any event, its boards by the hall's numbers
(the section's ``first_board``, put in the request once, here); the event's root without a
section named gives the master lists (:data:`MASTER`: every section's standings one after
another, the check-in list of every entry) and, for a federation's file (TRF, h9), one file
per section.

Every list and print shows the event as its players see it
(:func:`swisstui.core.publishing.as_published`: a draft round left out until it is
published), the JSON backup of the whole event (``--what event``) excepted; asking for the
draft round by its number is refused in one line (:func:`players_view`, the one place every
export goes through).  A FIDE-mode event's TRF carries its notes from the history
(:func:`request_for`, core/fide_mode.py)."""

from __future__ import annotations

from ..i18n import _

import os
from dataclasses import dataclass, replace
from pathlib import Path

from .. import fide_mode, publishing, store
from ..errors import SwissError
from ..interop.formats import (FEDERATION, ExportRequest, lookup, render, render_master,
                               warnings as export_warnings)
from ..model import Event

Folder = str | os.PathLike[str]

__all__ = ["ExportRequest", "export", "export_to_file", "export_warnings", "import_trf",
           "read_text", "export_folder", "export_from_section", "request_for", "Written",
           "MASTER"]

#: The lists an event of several sections exports as one, without ``--section``: the
#: standings of every section one after another (each under its name) and the registration
#: / check-in list of every section's entries
MASTER = ("standings", "checkin")


@dataclass(frozen=True)
class Written:
    """One export :func:`export_folder` made: the section it holds ("" for the whole event
    or an event of one section), the file written (None: the bytes are for standard
    output), the bytes, and what the file cannot say as its reader needs it."""

    section: str
    path: Path | None
    data: bytes
    warnings: tuple[str, ...] = ()


def _roster(every: list[tuple[str, Path]], events: dict[str, Event]) -> tuple:
    from ..interop.tables import roster_of
    from .desk import load_desk
    out: list = []
    for name, folder in every:
        out += roster_of(events[name], load_desk(folder, events[name]),
                         name if len(every) > 1 else "")
    return tuple(out)


def request_for(folder: Folder, request: ExportRequest, event: Event | None = None
                ) -> ExportRequest:
    """``request`` with what one section's folder says: the hall's number of its board 1
    (``first_board``), for the check-in list its players with its desk file, and for the TRF
    of an event in FIDE mode its notes from the history (:func:`fide_notes`)."""
    from . import sections
    out = replace(request, first_board=sections.first_board(folder))
    fmt, what = lookup(request.format, request.what)
    if what == "checkin" and request.roster is None:
        ev = event if event is not None else store.load(folder)
        out = replace(out, roster=_roster([(sections.section_name(folder), Path(folder))],
                                          {sections.section_name(folder): ev}))
    out = _desk_for(folder, out, event)
    if fmt.name == "trf" and not request.notes:
        ev = event if event is not None else store.load(folder)
        if fide_mode.on(ev.settings):
            out = replace(out, notes=fide_notes(folder))
    return out


def fide_notes(folder: Folder) -> tuple[str, ...]:
    """The notes a FIDE-mode event's TRF carries (issue 34 item 10): every change of the
    section ``folder`` made with a reason — a tie-break change after round 1, an edit to a
    published round — oldest first, as ``WHEN WHO: WHAT; reason: WHY`` (the history's
    entry: time, director, words, reason); a history that cannot be read is one note saying
    so.  English, like the file's other records."""
    from . import history
    from ..store import history as record
    folder = Path(folder)
    root = record.root_of(folder)
    if not record.has_history(root):
        return ()
    mine = history.section_trailer(folder, root)
    try:
        entries = history.log(root)
    except SwissError as exc:
        return (f"the history cannot be read: {exc}",)
    return tuple(f"{e.time} {e.author}: {e.subject}; reason: {e.reason}"
                 for e in reversed(entries) if e.reason and e.section == mine)


def players_view(event: Event, request: ExportRequest) -> Event:
    """The event ``request`` is made from: as its players see it, a draft round left out
    until it is published (issue 34 item 7: player prints show the previous state) — every
    list, print and file but the JSON backup of the whole event (``json --what event``).
    Asking for the draft round by its number is refused in one line."""
    fmt, what = lookup(request.format, request.what)
    rnd = publishing.draft(event)
    if rnd is None or (fmt.name == "json" and what == "event"):
        return event
    if request.round == rnd.number:
        raise SwissError(_("round {round} is a draft: publish it first (swisstui publish "
                           "EVENT)").format(round=rnd.number), field="round")
    return publishing.as_published(event)


def _render(event: Event, request: ExportRequest) -> bytes:
    return render(players_view(event, request), request)


def _desk_for(folder: Folder, request: ExportRequest, event: Event | None) -> ExportRequest:
    """``request`` with what a desk's print reads from the section's folder (issue 35): the
    treasurer's sheet its desk file, the ceremony list and the payout sheet its prize
    allocation (none without a prizes file: the page says so)."""
    from ..interop.formats import DESK_PRINTS
    listed = lookup(request.format, request.what)[1]
    if listed not in DESK_PRINTS:
        return request
    ev = event if event is not None else store.load(folder)
    if listed == "treasurer":
        from .desk import load_desk
        return request if request.desk is not None else replace(
            request, desk=load_desk(folder, ev))
    from .prizes import prize_allocation, prizes_path
    if request.prizes is not None or not os.path.lexists(prizes_path(folder)):
        return request
    return replace(request, prizes=prize_allocation(folder, ev))


def _per_section(path: Path, name: str) -> Path:
    """``spring.trf`` → ``spring-U1600.trf`` (a section name is a plain word)."""
    return path.with_name(f"{path.stem}-{name}{path.suffix}")


def export_from_section(folder: Folder, request: ExportRequest, path: Folder) -> bytes:
    """Export ``request`` for a director working in section ``folder`` (the TUI's current
    section, F9): the check-in list covers the whole event (every section's entries, the
    desk's master list), every other list that section alone with its hall numbers."""
    from . import sections
    if lookup(request.format, request.what)[1] == "checkin":
        return export_folder(sections.root_of(folder), request, path)[0].data
    return export_folder(folder, request, path, one_section=True)[0].data


def export_folder(folder: Folder, request: ExportRequest, path: Folder | None = None, *,
                  one_section: bool = False) -> tuple[Written, ...]:
    """Export ``request`` from an event folder — ``swisstui export`` and the TUI call this.

    One section's folder (or an event of one section): its export, its boards by the hall's
    numbers.  The root of an event with several sections: for a list of :data:`MASTER`, the
    master list of every section; for a federation's file (TRF, h9), one file per section —
    ``path`` ``FILE.trf`` writes ``FILE-NAME.trf`` for each section, and without ``path`` a
    one-line refusal says how to ask for one section or all; any other list is refused
    naming the sections (``--section NAME``).  ``path`` given: each file written atomically;
    else the bytes are returned for standard output.  Nothing is written when a section
    refuses.  ``one_section``: ``folder`` is one section even when it is the root of an
    event with several (``--section main``, the TUI's current section)."""
    from . import sections
    fmt, what = lookup(request.format, request.what)
    every = [(sections.section_name(folder), Path(folder))] if one_section \
        else sections.targets(folder, None)
    if len(every) == 1:
        name, one = every[0]
        event = store.load(one)
        req = request_for(one, request, event)
        data = _render(event, req)
        if path is not None:
            store.write_file(Path(path), data)
        return (Written("", Path(path) if path is not None else None, data,
                        tuple(export_warnings(event, req))),)
    events = {name: store.load(f) for name, f in every}
    names = ", ".join(events)
    if what in MASTER:
        root = events[every[0][0]]
        if what == "checkin":
            data = _render(root, replace(request, roster=_roster(every, events)))
        else:
            data = render_master([(name, players_view(events[name], request),
                                   request_for(f, request, events[name]))
                                  for name, f in every], request)
        if path is not None:
            store.write_file(Path(path), data)
        return (Written("", Path(path) if path is not None else None, data),)
    if fmt.name in FEDERATION:
        if path is None:
            raise SwissError(_("{event} has sections {items}: a {fmt} file holds one section; "
                               "--section NAME writes one, -o FILE{suffix} writes one file "
                               "per section (FILE-NAME{suffix})").format(
                event=folder, items=names, fmt=fmt.name, suffix=fmt.suffix), field="section")
        out = []
        for name, f in every:  # every file rendered before the first is written
            req = request_for(f, request, events[name])
            out.append(Written(name, _per_section(Path(path), name),
                               _render(events[name], req),
                               tuple(export_warnings(events[name], req))))
        for w in out:
            assert w.path is not None
            store.write_file(w.path, w.data)
        return tuple(out)
    sections.resolve(folder, None)  # the refusal naming the sections
    raise SwissError(_("{event} has sections {items}: say which with --section NAME")
                     .format(event=folder, items=names), field="section")  # pragma: no cover


def export(event: Event, request: ExportRequest) -> bytes:
    """The bytes of ``request`` (format, what, round, …) for ``event`` (as its players see
    it: :func:`players_view`)."""
    return _render(event, request)


def export_to_file(event: Event, request: ExportRequest, path: Folder) -> bytes:
    """Render ``request`` and write it to ``path`` atomically; refuses a path inside an event
    folder that would replace one of its files."""
    data = _render(event, request)
    store.write_file(Path(path), data)
    return data


def read_text(path: Folder) -> str:
    """A text file as UTF-8 (with or without BOM), else Windows-1252 (Swiss-Manager)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SwissError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        raise SwissError(_("{path}: cannot read: {strerror}").format(path=path, strerror=exc.strerror)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def import_trf(path: Folder, folder: Folder, rounds: int | None = None, *,
               keep_numbers: bool = True, warnings: list[str] | None = None) -> Event:
    """A new chess event in ``folder`` (which must not exist or be empty) from a TRF-16 or
    TRF-2026 file, ready to be continued.  One change: after a crash or Ctrl-C there is no
    event or the whole one (:func:`swisstui.core.store.create` with its rounds).

    The file's starting ranks stay the pairing numbers unless ``keep_numbers`` is False
    (:func:`swisstui.core.interop.trf.read_trf`); ``warnings`` receives one line naming the
    records the event does not keep."""
    from ..interop import trf
    path = Path(path)
    unused: list[tuple[str, int]] = []
    event = trf.read_trf(read_text(path), path, rounds=rounds, keep_numbers=keep_numbers,
                         unused=unused)
    if unused and warnings is not None:
        warnings.append(trf.unused_warning(unused))
    store.validate_event(event)
    return store.create(folder, event.settings, event.players, event.rounds)
