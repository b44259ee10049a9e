"""The prizes of an event (issue 35, docs/FORMAT.md "prizes.toml"): read the event folder's
``prizes.toml`` and allocate it over the final standings (rules:
:mod:`swisstui.core.prizes`).  A read action: nothing is written.  The CLI's ``prizes``
command, and later the TUI's prize view and the ceremony and payout prints, are shells over
:func:`prize_allocation` (the awards, and the explanation lines as messages translated by
their reader with :func:`swisstui.core.prizes.line_text`)."""

from __future__ import annotations

from ..i18n import _

import os
from pathlib import Path

from .. import store
from ..errors import EventFileError, SwissError
from ..model import Event
from ..prizes import PRIZES_FILE, Allocation, PrizeFile, allocate, read_prizes, standing_of

Folder = str | os.PathLike[str]

__all__ = ["prize_allocation", "load_prizes", "prizes_path"]


def prizes_path(folder: Folder) -> Path:
    """Where the event's prizes file is: ``prizes.toml`` in the folder given (a section's
    folder for a section's prizes)."""
    return Path(folder) / PRIZES_FILE


def _sections(folder: Folder) -> tuple[str, list[str]]:
    from . import sections
    try:
        return sections.section_name(folder), [n for n, _f in sections.folders(folder)]
    except SwissError:  # a one-section event: its only section
        return "", []


def load_prizes(folder: Folder, event: Event | None = None) -> PrizeFile:
    """The prizes file, checked (``file:line: message`` on the first problem); its amounts
    in its own ``currency``, else the desk's (desk.toml)."""
    path = prizes_path(folder)
    if not os.path.lexists(path):
        raise EventFileError(path, None, _("no prizes file; write one as docs/FORMAT.md "
                                           "\"prizes.toml\" shows"))
    ev = event if event is not None else store.load(folder)
    _name, names = _sections(folder)
    from .desk import load_desk
    return read_prizes(path, sections=names, base_date=ev.settings.date_start,
                       currency=load_desk(folder, ev).currency, game=ev.settings.game)


def prize_allocation(folder: Folder, event: Event | None = None) -> Allocation:
    """Who wins which prize after the final standings, explained (provisional, with a
    warning, while rounds remain)."""
    ev = event if event is not None else store.load(folder)
    prizes = load_prizes(folder, ev)
    section, _names = _sections(folder)
    by_tpr = any(c.mode == "performance" for g in prizes.groups for c in g.categories)
    rows, after, warnings = standing_of(ev, section, performance=by_tpr)
    return allocate(rows, prizes, after_round=after, warnings=warnings)
