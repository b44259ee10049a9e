"""Recording and clearing results: pure functions over an Event, used inside
:func:`swisstui.core.store.update` so they apply to the fresh event on disk.

* The text is parsed by the game's grammar (``profile(game).entry.parse``, one module per game);
  the round file stores its canonical notation.
* Refused (:class:`ResultError`): a round that is not paired, a board that does not exist,
  a result for a player who has a bye, a text the game refuses, a playoff match without a
  winner, and changing the winner of a playoff match (or clearing it) once the next playoff
  round has been paired on it (the next round holds that winner; undo it first).
* Correcting a result is normal but never by accident: replacing a *different* recorded
  result needs ``force=True`` (:class:`ConflictError` otherwise, naming what is recorded);
  entering the same result again changes nothing.
* The line a director types (the TUI's entry line, ``12 1-0 black=3``) is read by
  :func:`parse_entry`: a board number, the result, ``key=value`` extras.  An extra given
  twice or a value holding ``=`` is refused: it is what a refused entry left in the line
  looks like once the next entries were typed after it (``1-0 black=3=0-1 black=81-0
  black=4``), and taking the last value saved a result nobody typed (issue 31).
"""

from __future__ import annotations

import re

from .i18n import _

from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable, Iterable, Mapping

from .board_setup import after_result
from .errors import ConflictError, ResultError, SwissError
from .games import profile
from .model import GAMES, Board, Event, Result, Round

__all__ = ["record_result", "clear_result", "parse_for_board", "Entry", "parse_entry"]


_ENTRY = re.compile(r"^\s*(\d+)\s+(\S.*?)\s*$")
_EXTRA = re.compile(r"^(\w+)=(.*)$")
CLEAR_WORDS = ("clear", "del", "delete")


@dataclass(frozen=True)
class Entry:
    """One line typed in the result-entry field."""

    board: int | None  # None = the selected board
    result: str  # result text in the game's grammar, or "" to clear
    extra: dict[str, Any]
    clear: bool = False


def parse_entry(text: str) -> Entry:
    """``12 1-0`` → board 12, ``1-0``; ``1-0`` → the selected board; ``4 1-0 black=17`` →
    extra ``{"black": 17}``; ``12 clear`` → clear board 12.  Refused (:class:`ResultError`):
    an empty line, a board without a result, an extra without a value, given twice, or whose
    value holds ``=`` (see the module doc)."""
    text = text.strip()
    if not text:
        raise ResultError(_("type a result, e.g. 12 1-0 (board, then result)"))
    board: int | None = None
    m = _ENTRY.match(text)
    if m:
        board, text = int(m.group(1)), m.group(2)
    extra: dict[str, Any] = {}
    typed: dict[str, str] = {}
    rest = []
    for w in text.split():
        em = _EXTRA.match(w)
        if not em:
            rest.append(w)
            continue
        key, raw = em.group(1), em.group(2)
        if not raw:
            raise ResultError(_("{key}= has no value; nothing saved").format(key=key))
        if "=" in raw:
            raise ResultError(_("{word}: an extra takes one value, {key}=VALUE; nothing "
                                "saved").format(word=w, key=key))
        if key in typed:
            raise ResultError(_("{key}= given twice ({first}, {second}); nothing saved")
                              .format(key=key, first=typed[key], second=w))
        typed[key] = w
        value: Any = raw
        if raw.lstrip("-").isdecimal():
            value = int(raw)
        extra[key] = value
    result = " ".join(rest)
    if result.lower() in CLEAR_WORDS:
        return Entry(board, "", extra, clear=True)
    if not result and board is None:
        raise ResultError(_("type a result, e.g. 12 1-0 (board, then result)"))
    if not result:
        raise ResultError(_("board {board}: type the result after the board number").format(
            board=board))
    return Entry(board, result, extra)


def _names(event: Event, board: Board) -> str:
    def name(pid: int) -> str:
        p = event.player(pid)
        return p.name if p else str(pid)
    a, b = board.players
    return f"{name(a)}–{name(b)}"


def _board(event: Event, round_no: int, board_no: int) -> tuple[Round, Board]:
    rnd = event.round(round_no)
    if rnd is None:
        last = event.current_round
        raise ResultError((_("round {round_no} is not paired (last paired round: {last})")
                           if last else _("round {round_no} is not paired (no round yet)"))
                          .format(round_no=round_no, last=last))
    board = rnd.board(board_no)
    if board is None:
        numbers = sorted(b.number for b in rnd.boards)
        span = (_("boards {first}-{last}").format(first=numbers[0], last=numbers[-1])
                if numbers else _("no boards"))
        msg = _("round {round_no} has no board {board_no} ({span})").format(
            round_no=round_no, board_no=board_no, span=span)
        if rnd.byes:
            msg += _("; byes have no result to enter")
        raise ResultError(msg)
    return rnd, board


def parse_for_board(event: Event, board: Board, text: str,
                    extra: Mapping[str, Any] | None = None) -> Result:
    """The game's reading of ``text`` for this board (``extra``: CLI extras such as
    ``{"black": 12}`` or ``{"komi": 6.5}``; the board's players are passed along)."""
    prof = profile(event.game)
    assert prof.entry.parse is not None
    # the board's setup (Go handicap stones and komi, decided at pairing) is prefilled;
    # what the director typed wins
    return prof.entry.parse(text, event.settings,
                      {**(board.setup or {}), **(extra or {}), "players": board.players})


def _with_board(event: Event, rnd: Round, board: Board) -> Event:
    boards = tuple(board if b.number == board.number else b for b in rnd.boards)
    return event.with_round(replace(rnd, boards=boards))


def _playoff_needs_a_winner(rnd: Round, board: Board) -> None:
    """A playoff match must have a winner (the playoff's own rule, docs/RULES.md §3.6)."""
    from .standings.playoff import _winner
    try:
        _winner(rnd, board)
    except SwissError as exc:
        raise ResultError(str(exc)) from None


def _playoff_next_round_paired(event: Event, rnd: Round, board: Board,
                                new: Result | None) -> None:
    """A playoff winner cannot change once a later playoff round is paired on it
    (the bracket takes the winners of each round, docs/RULES.md §3.6)."""
    if not rnd.playoff or board.result is None:
        return
    later = sorted((r for r in event.rounds if r.playoff and r.number > rnd.number),
                   key=lambda r: r.number)
    if not later:
        return
    from .standings.playoff import _winner, stage_name
    old_winner = _winner(rnd, board)
    if new is not None and _winner(rnd, replace(board, result=new)) == old_winner:
        return
    nxt = later[0]
    raise ConflictError(_("round {number} (the {value}) is already paired on this result; undo it first (swisstui pair EVENT --undo)").format(number=nxt.number, value=stage_name(len(nxt.boards)).lower()))


def _differs(old: Result, new: Result) -> str:
    """What tells two results apart when their notation is the same (Renju's Black, Go's
    komi or handicap…): without it the refusal of ``1-0`` over ``1-0`` makes no sense."""
    if old.text != new.text:
        return ""
    keys = [k for k in dict.fromkeys([*old.detail, *new.detail])
            if old.detail.get(k) != new.detail.get(k)]

    def show(detail) -> str:
        return ", ".join(f"{k} {_value(detail.get(k))}" for k in keys)
    return _(" with {show}; you entered {text} with {show2}").format(show=show(old.detail), text=new.text, show2=show(new.detail))


def _value(v: Any) -> str:
    if v is None:
        return _("not given")
    if isinstance(v, (list, tuple)):
        return "-".join(f"{x:g}" if isinstance(x, float) else str(x) for x in v)
    return f"{v:g}" if isinstance(v, float) else str(v)


def record_result(event: Event, round_no: int, board_no: int, text: str,
                  extra: Mapping[str, Any] | None = None, force: bool = False) -> Event:
    """``event`` with the result of a board recorded (see module doc for refusals)."""
    rnd, board = _board(event, round_no, board_no)
    result = parse_for_board(event, board, text, extra)
    if rnd.playoff:
        _playoff_needs_a_winner(rnd, replace(board, result=result))
    old = board.result
    if old is not None:
        if old == result:
            return event
        if not force:
            fact = _("round {round_no} board {board_no} already has {text} ({names}){differs}").format(round_no=round_no, board_no=board_no, text=old.text, names=_names(event, board), differs=_differs(old, result))
            # Translators: {fact} is the sentence above; --force is the command line's flag
            raise ConflictError(_("{fact}; use --force to replace").format(fact=fact), fact=fact)
        _playoff_next_round_paired(event, rnd, board, result)
    return _with_board(event, rnd, after_result(event.settings, board, result))


def clear_result(event: Event, round_no: int, board_no: int) -> Event:
    """``event`` with the board's result removed (no-op when none is recorded)."""
    rnd, board = _board(event, round_no, board_no)
    if board.result is None:
        return event
    _playoff_next_round_paired(event, rnd, board, None)
    return _with_board(event, rnd, after_result(event.settings, board, None))


def later_rounds_note(event: Event, round_no: int) -> str | None:
    """A warning after a result of ``round_no`` is corrected or cleared while later Swiss
    rounds are already paired: those pairings were made on the old result and stay as they
    are (a director may want to know before the next round is paired)."""
    later = [r.number for r in event.rounds if r.number > round_no and not r.playoff]
    if not later:
        return None
    which = f"round {later[0]}" if len(later) == 1 else f"rounds {later[0]}–{later[-1]}"
    if len(later) == 1:
        return _("note: {which} was paired before this change and keeps its pairings").format(which=which)
    return _("note: {which} were paired before this change and keep their pairings").format(which=which)


def _as_typed(key: str, value: Any = "") -> str:
    return f"{key}={value}"


def check_extras(game: str, keys: Iterable[str],
                 spell: Callable[..., str] = _as_typed) -> None:
    """Refuse what the game does not take with a result (its profile's ``entry_extras``):
    the parser would ignore it, so ``1-0 black=17`` on a chess board would be saved without
    a word.  ``spell(key)`` names the extra as the director typed it (``black=`` in the TUI,
    ``--black`` in the CLI)."""
    takes = profile(game).entry.extras
    for key in keys:
        if key in takes:
            continue
        owner = next((g for g in GAMES if key in profile(g).entry.extras), None)
        if owner is not None:
            raise ResultError(_("{spell} is for {capitalize} events, this one is {game}").format(spell=spell(key), capitalize=owner.capitalize(), game=game))
        listed = ", ".join(spell(k) for k in takes) or "none"
        raise ResultError(_("{spell} is not an extra of {game} results ({game} takes {listed})").format(spell=spell(key), game=game, listed=listed))


def enter_result(event: Event, round_no: int, board_no: int, text: str,
                 extra: Mapping[str, Any] | None = None, *, force: bool = False,
                 spell: Callable[..., str] = _as_typed) -> Event:
    """A result as a director enters it (CLI ``result``, TUI entry line): the game's extras
    checked (:func:`check_extras`), the result recorded (:func:`record_result`), and with
    Magic's ``drop`` (a list of ids) those players of the board withdrawn from the next
    round — all in one change, so one write."""
    extra = dict(extra or {})
    check_extras(event.game, extra, spell)
    drops = extra.pop("drop", ())
    new = record_result(event, round_no, board_no, text, extra or None, force=force)
    rnd = new.round(round_no)
    board = rnd.board(board_no) if rnd is not None else None
    assert board is not None  # record_result has just written this board
    from .registration import withdraw
    for pid in drops:
        if pid not in board.players:
            raise ResultError(_("{spell}: not a player of round {round_no} board {board_no} ({value} v {value2})").format(spell=spell('drop', pid), round_no=round_no, board_no=board_no, value=board.players[0], value2=board.players[1]))
        new = withdraw(new, pid, round_no + 1)
    return new
