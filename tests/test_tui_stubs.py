"""(No tests here.)  Stand-ins for core modules that have not landed yet (owner: tui; used only by the TUI
tests and bench).  ``install(monkeypatch)`` puts a stub in place of each *missing* module
(results, registration, pairing, standings); a module that exists is used as is, so the
tests switch to the real core as it lands."""

from __future__ import annotations

import importlib
import sys
import types
from dataclasses import dataclass, field, replace

from swisstui.core.errors import ConflictError, PairingError, SwissError
from swisstui.core.games import profile
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round, scores


def _has(name: str, attr: str) -> bool:
    try:
        mod = importlib.import_module(f"swisstui.core.{name}")
    except ImportError:
        return False
    return hasattr(mod, attr)


# ---- results --------------------------------------------------------------------------------
def record_result(event, round_no, board_no, text, extra=None, force=False):
    rnd = event.round(round_no)
    if rnd is None or rnd.board(board_no) is None:
        raise SwissError(f"round {round_no} has no board {board_no}")
    res = profile(event.game).parse(text, event.settings, extra or {})
    bd = rnd.board(board_no)
    if bd.result is not None and bd.result.text != res.text and not force:
        raise ConflictError(f"board {board_no} already has {bd.result.text}")
    boards = tuple(replace(b, result=res) if b.number == board_no else b for b in rnd.boards)
    return event.with_round(replace(rnd, boards=boards))


def clear_result(event, round_no, board_no):
    rnd = event.round(round_no)
    boards = tuple(replace(b, result=None) if b.number == board_no else b for b in rnd.boards)
    return event.with_round(replace(rnd, boards=boards))


# ---- registration ---------------------------------------------------------------------------
def add_player(event, name, **kw):
    pid = max((p.id for p in event.players), default=0) + 1
    kw = {k: v for k, v in kw.items() if v is not None}
    return event.with_player(Player(pid, name, joined_round=event.current_round + 1, **kw))


def edit_player(event, pid, **kw):
    return event.with_player(replace(event.player(pid), **kw))


def withdraw(event, pid, from_round):
    return event.with_player(replace(event.player(pid), withdrawn_from=from_round))


def request_bye(event, pid, round_no, kind):
    p = event.player(pid)
    return event.with_player(replace(p, byes=p.byes + ((round_no, ByeKind(kind)),)))


# ---- pairing -----------------------------------------------------------------------------------
@dataclass
class Pairing:
    round: Round
    warnings: tuple = ()
    notes: dict = field(default_factory=dict)

    def explain(self, board_no):
        return self.notes.get(board_no, ["paired by score"])

    def summary(self):
        return f"{len(self.round.boards)} boards"


def pair_round(event, **kw):
    n = event.current_round + 1
    sc = scores(event)
    active = [p for p in event.players if p.active_in(n)]
    if len(active) < 2:
        raise PairingError("fewer than two players to pair")
    active.sort(key=lambda p: (-sc.get(p.id, 0), -(p.rating or 0), p.id))
    byes = ()
    if len(active) % 2:
        byes = (Bye(active[-1].id, ByeKind.PAIRING),)
        active = active[:-1]
    boards = tuple(Board(i + 1, (active[2 * i].id, active[2 * i + 1].id))
                   for i in range(len(active) // 2))
    return Pairing(Round(n, boards, byes), (),
                   {b.number: [f"{b.players[0]} and {b.players[1]} are next in score order"]
                    for b in boards})


def undo_round(event, force=False):
    rnd = event.round(event.current_round)
    if rnd is None:
        raise SwissError("no round to undo")
    if not force and any(b.result for b in rnd.boards):
        raise SwissError("round has results")
    return event.without_round(rnd.number)


def swap(event, round_no, a, b):
    rnd = event.round(round_no)

    def sw(x):
        return b if x == a else a if x == b else x
    boards = tuple(replace(bd, players=(sw(bd.players[0]), sw(bd.players[1]))) for bd in rnd.boards)
    return event.with_round(replace(rnd, boards=boards)), ["stub: no checks"]


# ---- standings ---------------------------------------------------------------------------------
@dataclass
class Row:
    rank: int
    place: str
    player: Player
    score: float
    values: dict


@dataclass
class Standings:
    after_round: int
    tiebreaks: tuple
    rows: list


def standings(event, upto=None, chain=None):
    sc = scores(event, upto)
    ps = sorted(event.players, key=lambda p: (-sc.get(p.id, 0), p.id))
    rows = [Row(i + 1, str(i + 1), p, sc.get(p.id, 0), {}) for i, p in enumerate(ps)]
    return Standings(upto if upto is not None else event.current_round, (), rows)


@dataclass
class CRow:
    place: str
    player: Player
    cells: list
    score: float
    values: dict


@dataclass
class Crosstable:
    rows: list
    tiebreaks: tuple = ()


def crosstable(event, upto=None):
    st = standings(event, upto)
    return Crosstable([CRow(r.place, r.player, [], r.score, {}) for r in st.rows])


def format_value(code, value):
    return f"{value:g}"


STUBS = {
    "results": ("record_result", dict(record_result=record_result, clear_result=clear_result)),
    "registration": ("add_player", dict(add_player=add_player, edit_player=edit_player,
                                        withdraw=withdraw, request_bye=request_bye)),
    "pairing": ("pair_round", dict(pair_round=pair_round, undo_round=undo_round, swap=swap,
                                   Pairing=Pairing)),
    "standings": ("standings", dict(standings=standings, crosstable=crosstable,
                                    format_value=format_value)),
}


def install(monkeypatch) -> list[str]:
    """Stub every missing core module; returns the names stubbed."""
    import swisstui.core as core
    done = []
    for name, (probe, attrs) in STUBS.items():
        if _has(name, probe):
            continue
        try:
            mod = importlib.import_module(f"swisstui.core.{name}")
        except ImportError:
            mod = types.ModuleType(f"swisstui.core.{name}")
            monkeypatch.setitem(sys.modules, f"swisstui.core.{name}", mod)
            monkeypatch.setattr(core, name, mod, raising=False)
        for k, v in attrs.items():
            if not hasattr(mod, k):
                monkeypatch.setattr(mod, k, v, raising=False)
        done.append(name)
    return done


def missing() -> list[str]:
    return [name for name, (probe, _) in STUBS.items() if not _has(name, probe)]
