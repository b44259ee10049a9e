"""A test helper: the next round exactly as given, without the pairing engine, after checking
that it is a legal round file (known, active players, each at most once).  Tests use it to
build events in a known state; the product pairs through :mod:`swisstui.core.pairing` (a
director fixes boards with ``pair --fixed A:B``).

Board numbers follow the order given.  Players with a bye requested for the round
(``players bye``) get that bye unless they are paired or given another bye; everybody else who
is not mentioned is simply absent from the round file (scored as absent, docs/RULES.md §0).
"""

from __future__ import annotations

from collections.abc import Iterable

from swisstui.core.errors import PairingError
from swisstui.core.model import Board, Bye, ByeKind, Event, Round

__all__ = ["make_round"]


def make_round(event: Event, pairs: Iterable[tuple[int, int]],
               byes: Iterable[int | tuple[int, ByeKind | str]] = (),
               playoff: bool = False) -> Event:
    """``event`` with round ``current_round + 1`` made of ``pairs`` (first-listed player
    first: White in chess, Black in Go/Othello) and ``byes`` (a player id = pairing bye, or
    ``(id, kind)``).  Raises PairingError naming the problem."""
    number = event.current_round + 1
    seen: dict[int, str] = {}

    def place(pid: int, where: str) -> None:
        p = event.player(pid)
        if p is None:
            raise PairingError(f"no player with id {pid}")
        if pid in seen:
            raise PairingError(f"player {pid} ({p.name}) is both on {seen[pid]} and {where}")
        if not p.active_in(number):
            why = (f"joins in round {p.joined_round}" if number < p.joined_round
                   else f"withdrew from round {p.withdrawn_from}")
            raise PairingError(f"{p.name} ({pid}) cannot play round {number}: {why}")
        seen[pid] = where

    boards = []
    for i, (a, b) in enumerate(pairs, 1):
        if a == b:
            raise PairingError(f"board {i}: player {a} cannot play themselves")
        place(a, f"board {i}")
        place(b, f"board {i}")
        boards.append(Board(i, (int(a), int(b))))
    bye_list = []
    for item in byes:
        pid, kind = (item, ByeKind.PAIRING) if isinstance(item, int) else item
        try:
            kind = ByeKind(kind)
        except ValueError:
            raise PairingError(f"unknown bye kind {kind!r}; valid: "
                               f"{', '.join(k.value for k in ByeKind)}") from None
        place(pid, "a bye")
        bye_list.append(Bye(pid, kind))
    for p in event.players:
        kind = p.requested_bye(number)
        if kind is not None and p.id not in seen and p.active_in(number):
            seen[p.id] = "a requested bye"
            bye_list.append(Bye(p.id, kind))
    if not boards and not bye_list:
        raise PairingError(f"round {number}: nothing to pair")
    return event.with_round(Round(number, tuple(boards), tuple(bye_list), playoff))
