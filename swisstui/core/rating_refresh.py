"""Refreshing the registered players from the installed rating lists (issue 36 item 3;
docs/INTEROP.md "Rating lists").

A player registered with a federation id (FIDE id, EGD PIN, AGA number) is looked up by that
id in the game's lists (:func:`swisstui.core.rating_index.by_ids`), and each field the list
knows and the registration says otherwise is a :class:`Change`: the rating, the Go or
Renju rank, the title, the federation (``country``).  A field the list leaves empty never
clears the registration's (a list without a title does not take one away: the director
does that by hand).  Withdrawn players are left as they are.

Ratings are **frozen once round 1 is paired**: the pairing and the rating report have used
them (the FIDE Rating Regulations rate an event with the ratings of the list in force at its
start, FIDE Handbook B.02), so a refresh then needs ``force``.  A **reminder** is given when
the list is newer than the event's start, and — for the FIDE list, published on the first
day of every month (B.02) — when a new list falls due during the event."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import SwissError
from .i18n import _
from .model import Event
from .registration import canonical_rank, edit_player

#: the Player fields a list refreshes, in the order they are shown
FIELDS = ("rating", "rank", "title", "country")
#: the lists published on the first day of every month
MONTHLY = ("fide",)


@dataclass(frozen=True)
class Change:
    """One field of one registered player that the list says otherwise."""

    player: int
    name: str
    field: str
    old: Any
    new: Any
    source: str


def _rank(text: str | None) -> str | None:
    if not text:
        return None
    try:
        return canonical_rank(text)
    except SwissError:  # a list's rank swisstui does not read: left alone
        return None


def changes(event: Event, found: Mapping[str, Any]) -> tuple[Change, ...]:
    """Every :class:`Change` the rows ``found`` (id → a rating list's row) make to the
    registered players of ``event``, by player id then :data:`FIELDS` order."""
    out: list[Change] = []
    for p in sorted(event.players, key=lambda q: q.id):
        if p.withdrawn_from is not None or not p.federation_id:
            continue
        row = found.get(p.federation_id.strip())
        if row is None:
            continue
        new = {"rating": row.rating, "rank": _rank(row.rank), "title": row.title or None,
               "country": row.federation or None}
        for field in FIELDS:
            value, old = new[field], getattr(p, field)
            if value is not None and value != old:
                out.append(Change(p.id, p.name, field, old, value, row.source))
    return tuple(out)


def frozen(event: Event) -> bool:
    """Whether the ratings are frozen: round 1 is paired."""
    return event.current_round >= 1


def applied(event: Event, found: Iterable[Change]) -> Event:
    """``event`` with the changes made, each player's in one edit (the registration's
    checks: a rank as ranks.py writes it, a federation code)."""
    per: dict[int, dict[str, Any]] = {}
    for c in found:
        per.setdefault(c.player, {})[c.field] = c.new
    for pid, fields in per.items():
        event = edit_player(event, pid, **fields)
    return event


def reminders(event: Event, lists: Sequence[Any]) -> list[str]:
    """What the director should know about the lists' dates against the event's: a list
    newer than the event's start, and a monthly list falling due during the event
    (``lists``: :class:`swisstui.core.rating_index.InstalledList`)."""
    s = event.settings
    try:
        start = dt.date.fromisoformat(s.date_start) if s.date_start else None
        end = dt.date.fromisoformat(s.date_end) if s.date_end else start
    except ValueError:
        return []
    if start is None:
        return []
    out = []
    for li in lists:
        try:
            dated = dt.date.fromisoformat(li.list_date)
        except (TypeError, ValueError):
            continue
        if dated > start:
            out.append(_("the {source} list is dated {date}, after the event's start "
                         "({start}): an event is rated with the list in force when it "
                         "began").format(source=li.source.upper(), date=dated, start=start))
        if li.source in MONTHLY and end is not None:
            due = (start.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
            if start < due <= end:
                out.append(_("a new {source} list is due on {date}, during the event: the "
                             "ratings stay those of the start").format(
                    source=li.source.upper(), date=due))
    return out
