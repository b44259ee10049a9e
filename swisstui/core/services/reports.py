"""The rating report of an event folder (issue 36 items 4-5): a read-only service over
:mod:`swisstui.core.rating_report`, for the CLI's ``report ratings`` (and a TUI that wants
it)."""

from __future__ import annotations

from .. import publishing
from ..errors import SwissError
from ..i18n import _
from ..rating_report import RatingReport, rating_report
from ..standings.context import check_after_round
from . import event as _event

Folder = str


def ratings_report(folder: Folder, upto: int | None = None,
                   k_given: dict[int, int] | None = None) -> RatingReport:
    """The rating report of the event in ``folder`` after round ``upto`` (default: the last
    complete round).  ``k_given``: {player id: K} the director knows (FIDE's K 40 for a
    player's first 30 rated games); an id that is not a player is refused."""
    ev = _event.load(folder)
    draft = publishing.draft(ev)  # a report is made from the event as its players see it
    if draft is not None:
        if upto == draft.number:
            raise SwissError(_("round {round} is a draft: publish it first (swisstui publish "
                               "EVENT)").format(round=draft.number), field="round")
        ev = publishing.as_published(ev)
    check_after_round(ev, upto)
    ids = {p.id for p in ev.players}
    for pid in k_given or {}:
        if pid not in ids:
            raise SwissError(_("--k: no player {id} in this event").format(id=pid),
                             field="k")
    return rating_report(ev, upto, k_given)


def parse_k(items: list[str] | None) -> dict[int, int]:
    """``ID=K`` items (``--k 7=40``) as {id: K}; a malformed one or a K outside 1..40 is
    refused naming it."""
    out: dict[int, int] = {}
    for item in items or ():
        pid, sep, k = item.partition("=")
        if not sep or not pid.strip().isdecimal() or not k.strip().isdecimal() \
                or not 1 <= int(k) <= 40:
            raise SwissError(_("--k {item!r}: expected ID=K with K from 1 to 40 (7=40)")
                             .format(item=item), field="k")
        out[int(pid)] = int(k)
    return out
