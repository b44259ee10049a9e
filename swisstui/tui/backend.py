"""The TUI's only door to the event folder: every read and write goes through the core
(:mod:`swisstui.core.store` and the pure functions of registration, results, pairing and
standings).  Each write runs *inside* ``store.update`` (exclusive lock, fresh re-read, atomic
write) and returns the event as it is on disk, so the screen shows "saved" only after the
file is written.  Nothing here knows about Textual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Callable

from ..core.errors import ResultError, SwissError
from ..core.model import Event


def _store():
    from ..core import store
    return store


def load(folder: Path) -> Event:
    return _store().load(folder)


def fingerprint(folder: Path) -> Any:
    return _store().fingerprint(folder)


def update(folder: Path, change: Callable[[Event], Event]) -> Event:
    """``store.update``; anything that is not a SwissError (a bug, a full disk) becomes one,
    so the screen reports it on the status line instead of closing."""
    try:
        return _store().update(folder, change)
    except SwissError:
        raise
    except OSError as exc:
        raise SwissError(f"{exc.filename or folder}: cannot write: "
                         f"{exc.strerror or exc}") from exc
    except Exception as exc:
        raise SwissError(f"internal error, nothing saved ({type(exc).__name__}: {exc})") from exc


# ---- result entry ------------------------------------------------------------------------

_ENTRY = re.compile(r"^\s*(\d+)\s+(\S.*?)\s*$")
_EXTRA = re.compile(r"^(\w+)=(\S+)$")
CLEAR_WORDS = ("clear", "del", "delete")


@dataclass(frozen=True)
class Entry:
    """One line typed in the result-entry field."""

    board: int | None  # None = the selected board
    result: str  # result text in the game's grammar, or "" to clear
    extra: dict[str, Any]
    clear: bool = False


def parse_entry(text: str) -> Entry:
    """``12 1-0`` → board 12, ``1-0``; ``1-0`` → selected board; ``4 1-0 black=17`` → extra;
    ``12 clear`` → clear board 12.  Raises ResultError on an empty line."""
    text = text.strip()
    if not text:
        raise ResultError("type a result, e.g. 12 1-0 (board, then result)")
    board: int | None = None
    m = _ENTRY.match(text)
    if m:
        board, text = int(m.group(1)), m.group(2)
    words = text.split()
    extra: dict[str, Any] = {}
    rest = []
    for w in words:
        em = _EXTRA.match(w)
        if em:
            value: Any = em.group(2)
            if value.lstrip("-").isdigit():
                value = int(value)
            extra[em.group(1)] = value
        else:
            rest.append(w)
    result = " ".join(rest)
    if result.lower() in CLEAR_WORDS:
        return Entry(board, "", extra, clear=True)
    if not result:
        raise ResultError(f"board {board}: type the result after the board number")
    return Entry(board, result, extra)


def drop_ids(value: Any) -> list[int]:
    """The players of ``drop=`` (Magic): one id, or several separated by commas."""
    out = []
    for part in str(value).split(","):
        part = part.strip()
        if not part.isdigit() or int(part) < 1:
            raise ResultError(f"drop={value}: give the id of the player who drops, e.g. "
                              "drop=12 (or drop=12,15)")
        out.append(int(part))
    return out


def record_result(folder: Path, round_no: int, board_no: int, text: str,
                  extra: dict[str, Any] | None = None, force: bool = False) -> Event:
    """Record a result as typed (``results.enter_result``); Magic's ``drop=ID`` also
    withdraws that player of the board from the next round, in the same write."""
    from ..core import results
    extra = dict(extra or {})
    if "drop" in extra:
        extra["drop"] = drop_ids(extra["drop"])
    return update(folder, lambda ev: results.enter_result(ev, round_no, board_no, text, extra,
                                                          force=force))


def preview_result(event: Event, round_no: int, board_no: int, text: str,
                   extra: dict[str, Any] | None = None):
    """The Result ``text`` would be stored as on this board (the game's parser: ``=`` →
    ``1/2-1/2``, Ing's ``ing 9 ext 0-0`` → ``B+1``), or None if it cannot be read."""
    from ..core import results
    rnd = event.round(round_no)
    board = rnd.board(board_no) if rnd is not None else None
    if board is None:
        return None
    game_extra = {k: v for k, v in (extra or {}).items() if k != "drop"}
    try:
        return results.parse_for_board(event, board, text, game_extra or None)
    except Exception:
        return None


def entry_example(event: Event) -> str:
    """The example the results entry line shows: the game profile's, which may depend on the
    options (Go under Ing rules: the ``ing LEAD`` calculator)."""
    from ..core.games import profile
    return profile(event.game).entry_hint(event.settings)


def clear_result(folder: Path, round_no: int, board_no: int) -> Event:
    from ..core import results
    return update(folder, lambda ev: results.clear_result(ev, round_no, board_no))


def next_empty_board(event: Event, round_no: int, after: int | None) -> int | None:
    """The first board after ``after`` (wrapping round) that has no result."""
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


# ---- pairing --------------------------------------------------------------------------------

def preview_pairing(event: Event, allow_rematch: bool = False):
    from ..core import pairing
    try:
        return pairing.pair_round(event, allow_rematch=allow_rematch)
    except SwissError:
        raise
    except Exception as exc:
        raise SwissError(f"internal error in pairing ({type(exc).__name__}: {exc})") from exc


def score_title(event: Event) -> str:
    """Title of the score a pairing list shows: ``MMS`` in a McMahon event, else ``Pts``."""
    return "MMS" if event.settings.system == "mcmahon" else "Pts"


def pairing_scores(event: Event, round_no: int) -> tuple[dict[int, float], str]:
    """(the score each player was paired on in ``round_no``, its column title): the points
    after the round before, or in a McMahon event the McMahon score — the core's
    ``pairing.groups.pairing_scores``, as the CLI's pairing list shows it."""
    from ..core.pairing.groups import pairing_scores as core_scores
    return core_scores(event, round_no), score_title(event)


def left_out(event: Event, round_no: int):
    """Who is not paired in ``round_no`` and why (requested byes with their kind, absent,
    withdrawn, not joined yet): the core's :func:`~swisstui.core.pairing.groups.left_out`."""
    from ..core.pairing.groups import left_out as core_left_out
    return core_left_out(event, round_no)


def pair_next(folder: Path, allow_rematch: bool = False):
    """Pair the next round inside the lock; returns (event, Pairing)."""
    from ..core import pairing
    made = []

    def change(ev: Event) -> Event:
        p = pairing.pair_round(ev, allow_rematch=allow_rematch)
        made.append(p)
        return ev.with_round(p.round)

    ev = update(folder, change)
    return ev, made[-1]


def undo_round(folder: Path, force: bool = False) -> Event:
    from ..core import pairing
    return update(folder, lambda ev: pairing.undo_round(ev, force=force))


def swap(folder: Path, round_no: int, a: int, b: int) -> tuple[Event, list[str]]:
    from ..core import pairing
    broken: list[str] = []

    def change(ev: Event) -> Event:
        new, br = pairing.swap(ev, round_no, a, b)
        broken[:] = list(br)
        return new

    return update(folder, change), broken


def explain(event: Event, round_no: int, board_no: int, last=None) -> list[str]:
    """Why this board (``board_no`` 0: the byes): from the Pairing made in this session when
    there is one, otherwise the pairing CLI's ``explain`` (the engine re-run on the rounds
    before, or the rules a hand-made board breaks) — the same text as ``swisstui explain``."""
    if last is not None and last.round.number == round_no:
        rnd = event.round(round_no)
        if rnd is not None and rnd == last.round:  # not swapped since
            return list(last.explain(board_no))
    if board_no == 0:
        raise SwissError("the bye explanation is only kept for a round paired in this window")
    from ..cli.pairing_cmds import explain_board
    return list(explain_board(event, round_no, board_no))


# ---- registration ---------------------------------------------------------------------------

def add_player(folder: Path, **fields: Any) -> Event:
    from ..core import registration
    return update(folder, lambda ev: registration.add_player(ev, **fields))


def edit_player(folder: Path, pid: int, **fields: Any) -> Event:
    from ..core import registration
    return update(folder, lambda ev: registration.edit_player(ev, pid, **fields))


def import_csv(folder: Path, path: str) -> Event:
    from ..core import registration
    return update(folder, lambda ev: registration.import_csv(ev, Path(path).expanduser()))


def remove_player(folder: Path, pid: int) -> Event:
    from ..core import registration
    return update(folder, lambda ev: registration.remove_player(ev, pid))


def withdraw(folder: Path, pid: int, from_round: int) -> Event:
    from ..core import registration
    return update(folder, lambda ev: registration.withdraw(ev, pid, from_round))


def request_bye(folder: Path, pid: int, round_no: int, kind: str) -> Event:
    from ..core import registration
    return update(folder, lambda ev: registration.request_bye(ev, pid, round_no, kind))


# ---- standings -------------------------------------------------------------------------------

def standings(event: Event, upto: int | None = None):
    from ..core import standings as st
    return st.standings(event, upto=upto)


def crosstable(event: Event, upto: int | None = None):
    from ..core import standings as st
    return st.crosstable(event, upto=upto)


def value_formatter() -> Callable[[str, float], str]:
    """The core's tie-break formatter (percent codes as "57.14%"), memoised for one table
    (a 2000-row standings repeats the same few hundred values)."""
    from ..core import standings as st
    fmt = st.format_value
    memo: dict[tuple[str, float], str] = {}

    def format_cached(code: str, value: float) -> str:
        key = (code, value)
        text = memo.get(key)
        if text is None:
            text = memo[key] = fmt(code, value)
        return text

    return format_cached


def format_value(code: str, value: float) -> str:
    return value_formatter()(code, value)


def fmt_score(value: float | None) -> str:
    if value is None:
        return ""
    if value == int(value):
        return str(int(value))
    return f"{value:g}"


def missing_results(event: Event) -> int:
    rnd = event.round(event.current_round)
    return rnd.missing_results() if rnd else 0
