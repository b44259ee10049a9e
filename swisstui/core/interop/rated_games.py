"""The walk over the boards a rating body's results file writes (:mod:`.aga`, :mod:`.wof`):
rounds 1..``upto`` in round and board order, every board needing its result."""

from __future__ import annotations

from ..errors import SwissError
from ..i18n import _
from ..model import Board, Event, Result


def result_boards(event: Event, upto: int | None,
                  no_result: str) -> list[tuple[int, Board, Result, str]]:
    """``(round, board, its result, "round R board B")`` for every board of rounds
    1..``upto`` (all rounds when None), in round and board order; SwissError ``no_result``
    (its ``{boards}`` the boards named) when any of them has no result yet."""
    out: list[tuple[int, Board, Result, str]] = []
    missing: list[str] = []
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        if upto is not None and rnd.number > upto:
            continue
        for b in rnd.boards:
            where = _("round {round} board {board}").format(round=rnd.number, board=b.number)
            if b.result is None:
                missing.append(where)
            else:
                out.append((rnd.number, b, b.result, where))
    if missing:
        raise SwissError(no_result.format(boards=", ".join(missing)), field="round")
    return out
