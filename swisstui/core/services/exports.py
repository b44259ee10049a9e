"""Exports and imports of whole events: every format through the one table of
:mod:`swisstui.core.interop.formats`, written to a file atomically (never onto the event's
own files), and a FIDE TRF read into a new event folder."""

from __future__ import annotations

from ..i18n import _

import os
from pathlib import Path

from .. import store
from ..errors import SwissError
from ..interop.formats import ExportRequest, render, warnings as export_warnings
from ..model import Event

Folder = str | os.PathLike[str]

__all__ = ["ExportRequest", "export", "export_to_file", "export_warnings", "import_trf",
           "read_text"]


def export(event: Event, request: ExportRequest) -> bytes:
    """The bytes of ``request`` (format, what, round, …) for ``event``."""
    return render(event, request)


def export_to_file(event: Event, request: ExportRequest, path: Folder) -> bytes:
    """Render ``request`` and write it to ``path`` atomically; refuses a path inside an event
    folder that would replace one of its files."""
    data = render(event, request)
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
