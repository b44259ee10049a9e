"""The offline rating lists as director actions (issue 36): install a federation's list,
show what is installed, find a player as he is typed.  The index itself — where it lives,
its tables, the keys a name is found by — is :mod:`swisstui.core.rating_index`; the list
formats are :mod:`swisstui.core.interop.player_lists`.  These actions touch no event folder:
the index is the user's, shared by every event (README "Rating lists").

The registration form's lookup calls :func:`lookup` at each key::

    lookup(query: str, game: str | None = None, limit: int = 10) -> tuple[RatedPlayer, ...]

and fills the form from the chosen row's :meth:`RatedPlayer.player_fields`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .. import rating_refresh, store
from ..errors import SwissError
from ..i18n import _
from ..model import Event
from ..rating_index import (SOURCES, InstalledList, RatedPlayer, by_ids, game_sources,
                            guess_source, import_list, index_path, installed, lookup)
from ..rating_refresh import Change
from ..store.history import recorded

__all__ = ["SOURCES", "InstalledList", "RatedPlayer", "game_sources", "guess_source",
           "import_list", "index_path", "installed", "lookup", "Change", "Refresh",
           "preview_refresh", "refresh"]

Folder = str | os.PathLike[str]


@dataclass(frozen=True)
class Refresh:
    """What the installed lists change in an event's registrations: the changes, whether
    the ratings are frozen (round 1 is paired), the reminders about the lists' dates, and
    whether the changes were written."""

    changes: tuple[Change, ...]
    frozen: bool
    reminders: tuple[str, ...]
    written: bool = False


def _plan(event: Event) -> Refresh:
    lists = [li for li in installed() if li.source in game_sources(event.game)]
    found = by_ids((p.federation_id for p in event.players if p.federation_id),
                   event.game)
    return Refresh(rating_refresh.changes(event, found), rating_refresh.frozen(event),
                   tuple(rating_refresh.reminders(event, lists)))


def preview_refresh(event: Event) -> Refresh:
    """Every rating, rank, title and federation the installed lists would change for the
    registered players of ``event`` (``swisstui ratings refresh --dry-run``; nothing
    written)."""
    return _plan(event)


@recorded('refresh ratings from the lists')
def refresh(folder: Folder, force: bool = False) -> Refresh:
    """Apply :func:`preview_refresh`'s changes to the event in ``folder`` under its lock,
    in one write; refused in one line, nothing written, once round 1 is paired unless
    ``force`` (the ratings are frozen: rating_refresh)."""
    made: list[Refresh] = []

    def change(ev: Event) -> Event:
        plan = _plan(ev)
        if plan.frozen and plan.changes and not force:
            raise SwissError(_("ratings are frozen once round 1 is paired (round {round} is): "
                               "--force refreshes them anyway").format(
                round=ev.current_round), field="force")
        made.append(plan)
        return rating_refresh.applied(ev, plan.changes)

    store.update(folder, change)
    return Refresh(made[-1].changes, made[-1].frozen, made[-1].reminders,
                   bool(made[-1].changes))
