"""Results: record, correct or clear a board's result (with the game's extras and Magic's
drop), preview how a typed result would be stored, and find the next board to enter.  The
rules are :mod:`swisstui.core.results` and the game profiles' grammars."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import publishing
from ..store.history import recorded
from .. import results, store
from ..model import Board, Event, Result

Folder = str | os.PathLike[str]


@dataclass(frozen=True)
class ResultOutcome:
    """The event after the write, the board as saved, the players who dropped with it, the
    result the board had before (None: none), and a note when later rounds were paired on
    the old result (corrected or cleared under them)."""

    event: Event
    board: Board
    dropped: tuple[int, ...]
    previous: Result | None
    note: str | None


def _outcome(folder: Folder, round_no: int, board_no: int, apply: Callable[[Event], Event],
             dropped: tuple[int, ...] = ()) -> ResultOutcome:
    before: list[Result | None] = []

    def change(ev: Event) -> Event:
        rnd = ev.round(round_no)
        old = rnd.board(board_no) if rnd is not None else None
        before.append(old.result if old is not None else None)
        return apply(ev)

    ev = store.update(folder, change)
    rnd = ev.round(round_no)
    board = rnd.board(board_no) if rnd is not None else None
    assert board is not None  # apply has just written a result on this board
    previous = before[-1]
    note = None
    if previous is not None and previous != board.result:
        note = results.later_rounds_note(ev, round_no)
    return ResultOutcome(ev, board, dropped, previous, note)


@recorded('result', round='round_no', board='board_no')
def record_result(folder: Folder, round_no: int, board_no: int, text: str,
                  extra: Mapping[str, Any] | None = None, *, force: bool = False,
                  spell: Callable[..., str] | None = None,
                  reason: str | None = None) -> ResultOutcome:
    """Record a result as the director typed it, in the game's grammar, with the game's
    extras (``black``, ``komi``, ``handicap``; Magic's ``drop``: a list of ids leaving after
    this match).  A different result already on the board is replaced only with ``force``,
    and on a published round of an event that publishes by hand only with a ``reason``
    (recorded in the history).  ``spell(key, value)`` names an extra as the front end
    spells it, for refusals."""
    extra = dict(extra or {})
    kw: dict[str, Any] = {"force": force}
    if spell is not None:
        kw["spell"] = spell

    def change(ev: Event) -> Event:
        new = results.enter_result(ev, round_no, board_no, text, extra, **kw)
        if _corrected(ev, new, round_no, board_no):
            publishing.check_reason(ev, round_no, reason)
        return new
    return _outcome(folder, round_no, board_no, change, tuple(extra.get("drop", ())))


def _corrected(old: Event, new: Event, round_no: int, board_no: int) -> bool:
    """Whether a board's result was there and is now another (a correction)."""
    a, b = old.round(round_no), new.round(round_no)
    x = a.board(board_no) if a is not None else None
    y = b.board(board_no) if b is not None else None
    return x is not None and x.result is not None and (y is None or y.result != x.result)


@recorded('clear result', round='round_no', board='board_no')
def clear_result(folder: Folder, round_no: int, board_no: int,
                 reason: str | None = None) -> ResultOutcome:
    """Remove a board's result (nothing happens when it has none); on a published round of
    an event that publishes by hand, only with a ``reason``."""
    def change(ev: Event) -> Event:
        new = results.clear_result(ev, round_no, board_no)
        if _corrected(ev, new, round_no, board_no):
            publishing.check_reason(ev, round_no, reason)
        return new
    return _outcome(folder, round_no, board_no, change)


def preview_result(event: Event, round_no: int, board_no: int, text: str,
                   extra: Mapping[str, Any] | None = None) -> Result | None:
    """The Result ``text`` would be stored as on this board (``=`` → ``1/2-1/2``, Ing's
    ``ing 9 ext 0-0`` → ``B+1``), or None when it cannot be read or the board does not
    exist."""
    rnd = event.round(round_no)
    board = rnd.board(board_no) if rnd is not None else None
    if board is None:
        return None
    game_extra = {k: v for k, v in (extra or {}).items() if k != "drop"}
    try:
        return results.parse_for_board(event, board, text, game_extra or None)
    except Exception:  # a refusal is shown when the result is saved, not in the preview
        return None


def next_empty_board(event: Event, round_no: int, after: int | None = None) -> int | None:
    """The first board after ``after`` (wrapping round; None: from the top) that has no
    result, or None when every board has one."""
    rnd = event.round(round_no)
    if rnd is None:
        return None
    numbers = sorted(b.number for b in rnd.boards if b.result is None)
    if not numbers:
        return None
    if after is not None:
        for n in numbers:
            if n > after:
                return n
    return numbers[0]
