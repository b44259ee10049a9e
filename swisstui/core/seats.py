"""Fixed seats: a player who keeps one board for the whole event (issue 35 item 10).

A director gives a player a seat (``seat = 12`` in players.toml, docs/FORMAT.md) when the
player must not move from table to table: a wheelchair place, a table near the door, the
streamed table.  Carde.io's registration table and the directors' desk practice that issue 35
cites keep such a player at the table and move the pairing there, not the player; so does
this module.  After the engine has paired a round (who plays whom, colours, board order), the
boards are renumbered, once, at the end of :func:`swisstui.core.pairing.engine.pair_round`:

* boards stay numbered 1…n (the round file, the results screen, the sections' hall
  numbering and every "boards 1–n" message rely on it): a seated player's board takes the
  number of the seat, and the other boards fill the numbers left, keeping the engine's order
  (so the top boards stay the top boards);
* two seated players paired together: the first-listed player's seat wins (the board
  explains it);
* a seat beyond the round's board count (the round has fewer boards than the seat's
  number, e.g. absentees) or a seat already taken by an earlier board (two players with
  one seat, possible only in a hand-edited file of withdrawn players) is not kept this
  round: the pairing's warnings say so, and the board keeps its place in the order;
* who plays whom, the colours, the byes and each board's setup never change: only the
  numbers do (property test tests/core/test_seats.py).

The seat is the section's own board number, as the round file writes it (a section whose
``first_board`` is 101 shows seat 5 as hall board 105): the pairing knows nothing of the
hall, and a section renumbered in the hall keeps its seats.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from .i18n import _, ngettext

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .model import Event, Player
    from .pairing.engine import Pairing

#: the largest seat a director may give (a hall has fewer tables than this)
MAX_SEAT = 9_999


def seats_of(event: Event) -> dict[int, int]:
    """``{player id: seat}`` of the players who have one."""
    return {p.id: p.seat for p in event.players if p.seat is not None}


def duplicate_seats(players: Iterable[Player]) -> list[tuple[int, str]]:
    """``(index, message)`` for every player not withdrawn whose seat an earlier player not
    withdrawn already has: one table, one player."""
    seen: dict[int, Player] = {}
    out = []
    for i, p in enumerate(players):
        if p.seat is None or p.withdrawn_from is not None:
            continue
        owner = seen.get(p.seat)
        if owner is not None:
            out.append((i, taken_message(p.seat, owner)))
        else:
            seen[p.seat] = p
    return out


def taken_message(seat: int, owner: Player) -> str:
    """The refusal of a second player for ``seat``, naming the player who has it."""
    return _("seat {seat} is already {name}'s ({pid})").format(
        seat=seat, name=owner.name, pid=owner.id)


def seat_taken(players: Iterable[Player], seat: int | None,
               but: int | None = None) -> Player | None:
    """The player not withdrawn (other than ``but``) who already has ``seat``, or None."""
    if seat is None:
        return None
    return next((p for p in players if p.id != but and p.seat == seat
                 and p.withdrawn_from is None), None)


def _header(old: int, new: int, line: str) -> str:
    """``line`` with its board number ``old`` made ``new`` when it is the engine's first
    line of a board (``board {n}: A v B`` in the director's language), else unchanged."""
    template = _("board {n}: {a} v {b}")
    parts = re.split(r"\{a\}|\{b\}", template)
    if len(parts) != 3:
        return line
    pattern = "".join((re.escape(parts[0].format(n=old)), "(.*)",
                       re.escape(parts[1].format(n=old)), "(.*)",
                       re.escape(parts[2].format(n=old))))
    m = re.fullmatch(pattern, line, flags=re.S)
    if m is None:
        return line
    a, b = m.groups()
    if template.index("{a}") > template.index("{b}"):
        a, b = b, a
    return template.format(n=new, a=a, b=b)


def apply(event: Event, pairing: Pairing) -> Pairing:
    """``pairing`` with its boards renumbered so that every seated player's board has the
    seat's number (module docstring); the same pairing when nobody paired has a seat."""
    seats = seats_of(event)
    rnd = pairing.round
    if not seats or not any(p in seats for b in rnd.boards for p in b.players):
        return pairing
    boards = sorted(rnd.boards, key=lambda b: b.number)
    count = len(boards)
    by_number = {b.number: b for b in boards}
    claimed: dict[int, int] = {}  # seat -> the old number of the board that keeps it
    kept: dict[int, list[str]] = {}  # old number -> its lines about seats
    warnings = list(pairing.warnings)
    for b in boards:
        seated = [p for p in b.players if p in seats]
        if not seated:
            continue
        pid = seated[0]
        seat = seats[pid]
        lines = kept.setdefault(b.number, [])
        for other in seated[1:]:
            if seats[other] != seat:
                lines.append(_("player {other}'s seat {seat} gives way: the first-listed "
                               "player's seat wins").format(other=other, seat=seats[other]))
        if seat > count:
            warnings.append(ngettext(
                "player {pid}'s seat {seat} is not kept in round {round_no}: the round has "
                "{count} board",
                "player {pid}'s seat {seat} is not kept in round {round_no}: the round has "
                "{count} boards", count).format(pid=pid, seat=seat, round_no=rnd.number,
                                                count=count))
            lines.append(warnings[-1])
        elif seat in claimed:
            owner = next(p for p in by_number[claimed[seat]].players if p in seats)
            warnings.append(_("player {pid}'s seat {seat} is not kept in round {round_no}: "
                              "player {owner} keeps it").format(
                pid=pid, seat=seat, round_no=rnd.number, owner=owner))
            lines.append(warnings[-1])
        else:
            claimed[seat] = b.number
            lines.insert(0, _("board {n}: kept for player {pid} (fixed seat)").format(
                n=seat, pid=pid))
    new_of: dict[int, int] = {old: seat for seat, old in claimed.items()}
    free = iter(n for n in range(1, count + 1) if n not in claimed)
    for b in boards:
        if b.number not in new_of:
            new_of[b.number] = next(free)
    renumbered = tuple(sorted((replace(b, number=new_of[b.number]) for b in boards),
                              key=lambda b: b.number))
    notes: dict[int, list[str]] = {}
    for old, new in new_of.items():
        lines = list(pairing.notes.get(old, ()))
        if lines:
            lines[0] = _header(old, new, lines[0])
        extra = kept.get(old, [])
        notes[new] = lines[:1] + extra + lines[1:] if lines else extra
    return replace(pairing, round=replace(rnd, boards=renumbered), notes=notes,
                   warnings=tuple(warnings))
