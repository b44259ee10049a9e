"""In-memory events for the standings and tie-break tests (no store, no game grammar).

``build(game, players, rounds)``: ``players`` are ids or :class:`Player` objects; each round is
a list of ``(a, b, "result")`` boards (first-listed first) and ``("bye", pid, kind)`` entries.
Results use a compact test notation: ``1-0 0-1 = +- -+ --`` (chess, go, renju), disc counts
``40-24`` (othello), game wins ``2-1`` / ``2-0-1`` / ``0-0-3`` (magic), ``None`` = pending.
"""

from __future__ import annotations

from swisstui.core.model import (Board, Bye, ByeKind, Event, Player, Result, Round, Scoring,
                                 Settings)

SCORING = {
    "magic": Scoring(win=3, draw=1, loss=0, bye=3),
}


def result(game: str, text: str | None) -> Result | None:
    if text is None:
        return None
    if game == "othello":
        a, b = (int(x) for x in text.split("-"))
        o = (1.0, 0.0) if a > b else (0.0, 1.0) if b > a else (0.5, 0.5)
        return Result(text, o, detail={"discs": (a, b)})
    if game == "magic":
        parts = [int(x) for x in text.split("-")] + [0]
        w, l, d = parts[:3]
        o = (1.0, 0.0) if w > l else (0.0, 1.0) if l > w else (0.5, 0.5)
        return Result(text, o, detail={"games": (w, l, d)})
    table = {"1-0": ((1.0, 0.0), False), "0-1": ((0.0, 1.0), False), "=": ((0.5, 0.5), False),
             "+-": ((1.0, 0.0), True), "-+": ((0.0, 1.0), True), "--": ((0.0, 0.0), True)}
    o, forfeit = table[text]
    return Result(text, o, forfeit)


def build(game: str, players, rounds, *, nrounds: int | None = None, options=None,
          tiebreaks=(), system: str = "swiss", scoring: Scoring | None = None,
          seed: int = 0) -> Event:
    ps = tuple(p if isinstance(p, Player) else Player(p, f"P{p}") for p in players)
    rs = []
    for n, entries in enumerate(rounds, 1):
        boards, byes = [], []
        for e in entries:
            if e[0] == "bye":
                byes.append(Bye(e[1], ByeKind(e[2]) if len(e) > 2 else ByeKind.PAIRING))
            else:
                boards.append(Board(len(boards) + 1, (e[0], e[1]), result(game, e[2])))
        rs.append(Round(n, tuple(boards), tuple(byes)))
    settings = Settings(name="test", game=game, rounds=nrounds or max(len(rounds), 1),
                        system=system, tiebreaks=tuple(tiebreaks), seed=seed,
                        scoring=scoring or SCORING.get(game, Scoring()),
                        options=dict(options or {}))
    return Event(settings, ps, tuple(rs))


def test_build_makes_boards_and_byes():
    ev = build("chess", [1, 2, 3], [[(1, 2, "1-0"), ("bye", 3)]])
    assert ev.rounds[0].boards[0].result.outcome == (1.0, 0.0)
    assert ev.rounds[0].byes[0].kind is ByeKind.PAIRING
