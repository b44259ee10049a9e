"""Registration: add, edit, remove, withdraw, reinstate, byes, roll-call, and player lists
(CSV, FIDE rating list, EGD list).  The rules themselves are in :mod:`swisstui.core.registration`
and :mod:`swisstui.core.interop.player_lists`; this module runs them on the event folder."""

from __future__ import annotations

from ..store.history import recorded
from ..i18n import _

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import registration, store
from ..errors import SwissError
from ..model import ByeKind, Event, Player
from .solver import warm_for

Folder = str | os.PathLike[str]

LIST_FORMATS = ("csv", "fide", "egd")


@dataclass(frozen=True)
class PlayerOutcome:
    """The event after the change and the player this call changed, as saved (or, after a
    removal, as it was)."""

    event: Event
    player: Player


@dataclass(frozen=True)
class ImportOutcome:
    """The event after an import and the players it added, in id order."""

    event: Event
    added: tuple[Player, ...]


def _one(folder: Folder, pid_of, change) -> PlayerOutcome:
    """Run ``change`` in the lock and report the player ``pid_of(old, new)`` names."""
    seen: list[Player] = []

    def run(ev: Event) -> Event:
        new = change(ev)
        pid = pid_of(ev, new)
        p = new.player(pid) or ev.player(pid)
        assert p is not None
        seen.append(p)
        return new

    ev = store.update(folder, run)
    return PlayerOutcome(ev, seen[-1])


def _new_id(old: Event, new: Event) -> int:
    before = {p.id for p in old.players}
    return next(p.id for p in new.players if p.id not in before)


@recorded('add player')
def add_player(folder: Folder, name: str, *, id: int | None = None,
               **fields: Any) -> PlayerOutcome:
    """Register a player (the next free id unless ``id`` is given; a late entrant joins the
    next round).  ``fields``: rating, rank, club, country, lot, federation_id, sex, title,
    birth, notes, smms_correction, joined_round, reading, seat (a fixed seat,
    core/seats.py)."""
    def change(ev: Event) -> Event:
        pid = id if id is not None else store.next_free_id(folder, ev)  # event-wide
        return registration.add_player(ev, name, id=pid, **fields)

    out = _one(folder, _new_id, change)
    warm_for(out.event)  # a field large enough for the compiled solver: compile it now
    return out


@recorded('edit player', player='pid')
def edit_player(folder: Folder, pid: int, **changes: Any) -> PlayerOutcome:
    """Change fields of a registered player (``None`` clears a field)."""
    if not changes:
        raise SwissError(_("nothing to change; give a name, rating, rank, club, …"))
    return _one(folder, lambda _o, _n: pid,
                lambda ev: registration.edit_player(ev, pid, **changes))


@recorded('remove player', player='pid')
def remove_player(folder: Folder, pid: int) -> PlayerOutcome:
    """Delete a registration made by mistake (never paired)."""
    return _one(folder, lambda _o, _n: pid, lambda ev: registration.remove_player(ev, pid))


@recorded('withdraw', player='pid')
def withdraw(folder: Folder, pid: int, from_round: int | None = None) -> PlayerOutcome:
    """The player is not paired from ``from_round`` on (default: the next round)."""
    return _one(folder, lambda _o, _n: pid,
                lambda ev: registration.withdraw(ev, pid, from_round))


@recorded('reinstate', player='pid')
def reinstate(folder: Folder, pid: int) -> PlayerOutcome:
    """Undo a withdrawal."""
    return _one(folder, lambda _o, _n: pid, lambda ev: registration.reinstate(ev, pid))


@recorded('bye request', player='pid', round='round_no')
def request_bye(folder: Folder, pid: int, round_no: int, kind: str) -> PlayerOutcome:
    """A bye requested for a round not paired yet (full, half, zero, absent; none cancels)."""
    return _one(folder, lambda _o, _n: pid,
                lambda ev: registration.request_bye(ev, pid, round_no, kind))


@recorded('roll call', player='pid')
def check_in(folder: Folder, pid: int, present: bool,
             round_no: int | None = None) -> PlayerOutcome:
    """Roll-call for the next round (or ``round_no``): absent records an ``absent`` bye
    request; present cancels an ``absent`` request (another requested bye stays)."""
    def change(ev: Event) -> Event:
        rnd = ev.current_round + 1 if round_no is None else round_no
        p = ev.player(pid)
        if p is None:
            raise SwissError(_("no player with id {pid}").format(pid=pid), players=[pid])
        requested = dict(p.byes).get(rnd)
        if present:
            if requested is not ByeKind.ABSENT:
                return ev
            return registration.request_bye(ev, pid, rnd, "none")
        return registration.request_bye(ev, pid, rnd, ByeKind.ABSENT)

    return _one(folder, lambda _o, _n: pid, change)


def _list_rows(path: Folder, fmt: str, ids: Iterable[str] | None, federation: str | None,
               rating: str) -> list[dict[str, Any]]:
    from ..interop.player_lists import read_players
    return read_players(path, fmt, ids=ids, federation=federation, rating=rating)


def _add_rows(event: Event, rows: list[dict[str, Any]]) -> Event:
    for row in rows:
        row = dict(row)
        event = registration.add_player(event, row.pop("name"), **row)
    return event


def _apply(event: Event, path: Folder, fmt: str, rows: list[dict[str, Any]] | None) -> Event:
    if fmt == "csv":
        return registration.import_csv(event, Path(path).expanduser())
    return _add_rows(event, rows or [])


def _check_format(fmt: str) -> None:
    if fmt not in LIST_FORMATS:
        raise SwissError(_("unknown player-list format {fmt!r}; valid: {items}").format(fmt=fmt, items=', '.join(LIST_FORMATS)),
                         field="format")


def read_player_list(event: Event, path: Folder, fmt: str = "csv", *,
                     ids: Iterable[str] | None = None, federation: str | None = None,
                     rating: str = "standard") -> tuple[Player, ...]:
    """The players an import of ``path`` would add to ``event``, with the ids they would get
    (the preview of :func:`import_players`); refuses the file as the import would."""
    _check_format(fmt)
    rows = _list_rows(path, fmt, ids, federation, rating) if fmt != "csv" else None
    new = _apply(event, path, fmt, rows)
    before = {p.id for p in event.players}
    return tuple(p for p in new.players if p.id not in before)


@recorded('import players')
def import_players(folder: Folder, path: Folder, fmt: str = "csv", *,
                   ids: Iterable[str] | None = None, federation: str | None = None,
                   rating: str = "standard") -> ImportOutcome:
    """Add the players of a CSV file (header row), a FIDE rating-list TXT or an EGD list;
    nothing is added on any error."""
    _check_format(fmt)
    rows = _list_rows(path, fmt, ids, federation, rating) if fmt != "csv" else None
    before: set[int] = set()

    def change(ev: Event) -> Event:
        before.update(p.id for p in ev.players)
        return _apply(ev, path, fmt, rows)

    ev = store.update(folder, change)
    warm_for(ev)  # a field large enough for the compiled solver: compile it now
    return ImportOutcome(ev, tuple(p for p in ev.players if p.id not in before))


def likely_duplicates(event: Event, name: str | None = None,
                      federation_id: str | None = None, but: int | None = None
                      ) -> tuple[Player, ...]:
    """Registered players (other than ``but``) who are probably the one being entered: the
    same name once accents, case and spacing are folded, or the same federation id."""
    from ..collation import name_key

    def folded(text: str) -> str:
        return " ".join(name_key(text)[1].split())

    key = folded(name) if name else None
    same_fid = registration.federation_id_taken(event.players, federation_id, but=but) \
        if federation_id else None
    return tuple(p for p in event.players if p.id != but and (
        (key is not None and folded(p.name) == key) or p is same_fid))
