"""What a board is played with, decided when its round is paired: the game profile's
``setup`` (``BoardSetup``: Go handicap stones and komi, :mod:`swisstui.core.games.go_handicap`).

* :func:`with_setup` gives each board without a result its setup (pairing, swap, playoff);
* :func:`after_result` keeps a board's setup in step with the result recorded on it (the
  result's detail wins: a komi typed with the result is the game's komi);
* :func:`describe` reads it for lists, slips and the entry line.

The setup is written on the board in the round file (docs/FORMAT.md) and prefilled as the
result's extras when the result is entered (:func:`swisstui.core.results.parse_for_board`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .games import profile
from .model import Board, Event, Result, Round, Settings

if TYPE_CHECKING:
    from .games.base import GameProfile

__all__ = ["with_setup", "after_result", "result_setup", "uses_setup", "describe"]


def _compute(event: Event, board: Board, prof: GameProfile) -> Mapping[str, Any] | None:
    if prof.setup.decide is None:
        return None
    a, b = board.players
    return prof.setup.decide(event.settings, event.player(a), event.player(b))


def with_setup(event: Event, rnd: Round, boards: Iterable[int] | None = None, *,
               prof: GameProfile | None = None) -> Round:
    """``rnd`` with the setup of its boards without a result (only the board numbers
    ``boards`` when given) decided on ``event``'s players and settings; ``prof``: the game
    profile when the caller has it (a pairing's :class:`~swisstui.core.field.Field`)."""
    if prof is None:
        prof = profile(event.game)
    if not _uses_setup(event.settings, prof):
        return rnd
    only = set(boards) if boards is not None else None
    new = tuple(replace(b, setup=_compute(event, b, prof))
                if b.result is None and (only is None or b.number in only) else b
                for b in rnd.boards)
    return replace(rnd, boards=new)


def uses_setup(settings: Settings) -> bool:
    """The event's boards get a setup (Go: the option ``handicap`` is on)."""
    return _uses_setup(settings, profile(settings.game))


def _uses_setup(settings: Settings, prof: GameProfile) -> bool:
    return prof.setup.decide is not None and prof.setup.decide(settings, None, None) is not None


def result_setup(settings: Settings, result: Result) -> Mapping[str, Any] | None:
    """The setup of a board with ``result`` in an event with ``settings``: the setup keys of
    the result's detail (the game as played), None where the event has no setups.  The
    round file's reader and :func:`after_result` both use it, so a board reads back as it
    was written."""
    if not uses_setup(settings):
        return None
    keys = profile(settings.game).setup.keys
    return {k: result.detail[k] for k in keys if result.detail.get(k) is not None}


def after_result(settings: Settings, board: Board, result: Result | None) -> Board:
    """``board`` with ``result`` recorded or cleared (None): with a result its setup is
    :func:`result_setup`; a cleared board keeps the setup it had (the game as last
    recorded)."""
    if result is None:
        return replace(board, result=None)
    return replace(board, result=result, setup=result_setup(settings, result))


def describe(game: str, board: Board, gettext: Callable[[str], str] | None = None) -> str:
    """Short text of the board's setup (``H3 komi 0.5``), its words through ``gettext`` (the
    reader's language; none: English, as machine formats keep it); "" when none."""
    prof = profile(game)
    if not board.setup or prof.setup.describe is None:
        return ""
    return prof.setup.describe(board.setup, gettext)
