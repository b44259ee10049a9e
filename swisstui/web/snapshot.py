"""What the players' page shows, as one JSON document built from the event: the current
round's boards (seat or colour, opponent, result), the alphabetical "find your board" list,
the standings, each player's own games, and the round clock.  Built once per change of the
event (the server keeps the bytes) and sent as is to every phone."""

from __future__ import annotations

import json
import time
from typing import Any

from ..core import services
from ..core.clock import ClockState
from ..core.collation import name_key
from ..core.errors import SwissError
from ..core.games import profile
from ..core.interop.tables import BYE_TEXT
from ..core.model import Event, GameKind, history, round_records

_COLOUR = {"w": "White", "b": "Black"}
_KIND_TEXT = {
    GameKind.PAIRING_BYE: "bye", GameKind.FULL_BYE: "full-point bye",
    GameKind.HALF_BYE: "half-point bye", GameKind.ZERO_BYE: "zero-point bye",
    GameKind.ABSENT: "absent", GameKind.WITHDRAWN: "withdrawn",
    GameKind.NOT_REGISTERED: "not yet registered",
}


def _points(x: float) -> str:
    return f"{x:g}" if x != int(x) else str(int(x))


def _seat_word(event: Event, colour: str | None, first: bool) -> str:
    if colour is not None:
        return _COLOUR[colour]
    prof = profile(event.game)
    return prof.seat_names[0 if first else 1] if prof.first_colour is not None else \
        ("first" if first else "second")


def current_round(event: Event) -> dict[str, Any] | None:
    """The current round: boards and the alphabetical list of who plays where."""
    rnd = event.round(event.current_round)
    if rnd is None:
        return None
    names = {p.id: p.name for p in event.players}
    recs = round_records(event, rnd)
    boards = []
    for b in sorted(rnd.boards, key=lambda x: x.number):
        p, q = b.players
        boards.append({"board": b.number,
                       "a": {"id": p, "name": names.get(p, f"#{p}"),
                             "seat": _seat_word(event, recs[p].colour, True)},
                       "b": {"id": q, "name": names.get(q, f"#{q}"),
                             "seat": _seat_word(event, recs[q].colour, False)},
                       "result": b.result.text if b.result else ""})
    players = []
    for pid, rec in recs.items():
        if rec.kind in (GameKind.NOT_REGISTERED, GameKind.WITHDRAWN):
            continue
        entry: dict[str, Any] = {"id": pid, "name": names.get(pid, f"#{pid}")}
        if rec.board is not None and rec.opponent is not None:
            entry.update(board=rec.board, seat=_seat_word(event, rec.colour, rec.first),
                         opponent=names.get(rec.opponent, f"#{rec.opponent}"),
                         opponent_id=rec.opponent)
        else:
            entry["note"] = _KIND_TEXT.get(rec.kind, "")
        players.append(entry)
    players.sort(key=lambda e: (name_key(e["name"]), e["id"]))
    byes = [{"id": b.player, "name": names.get(b.player, f"#{b.player}"),
             "kind": BYE_TEXT[b.kind]} for b in rnd.byes]
    return {"number": rnd.number, "playoff": rnd.playoff, "boards": boards, "byes": byes,
            "players": players, "missing": rnd.missing_results()}


def standings(event: Event) -> dict[str, Any] | None:
    """The official standings (complete rounds), as the JSON export shapes them."""
    if not event.rounds:
        return None
    try:
        data = json.loads(services.export(event, services.ExportRequest("json", "standings")))
    except SwissError:
        return None
    return {"after_round": data["after_round"], "tiebreaks": data["tiebreaks"],
            "rows": [[r["place"], r["player"], r["name"], r["score"],
                      *(r["tiebreaks"].get(c) for c in data["tiebreaks"])]
                     for r in data["rows"]]}


def games(event: Event) -> dict[str, list[list[Any]]]:
    """Each player's rounds: ``[round, board, seat, opponent, result, points]``."""
    names = {p.id: p.name for p in event.players}
    out: dict[str, list[list[Any]]] = {}
    for pid, recs in history(event, include_playoff=True).items():
        rows = []
        for r in recs:
            if r.opponent is not None:
                res = r.result.text if r.result else ""
                rows.append([r.round, r.board, _seat_word(event, r.colour, r.first),
                             names.get(r.opponent, f"#{r.opponent}"), res,
                             _points(r.points) if r.result else ""])
            elif r.kind is not GameKind.NOT_REGISTERED:
                rows.append([r.round, None, "", _KIND_TEXT.get(r.kind, ""), "",
                             _points(r.points)])
        out[str(pid)] = rows
    return out


def snapshot(event: Event, clock: ClockState | None = None) -> dict[str, Any]:
    """The whole document the players' page renders."""
    prof = profile(event.game)
    return {"event": event.settings.name, "game": event.game,
            "round": event.current_round, "rounds": event.settings.rounds,
            "has_colours": prof.has_colours,
            "current": current_round(event), "standings": standings(event),
            "games": games(event),
            "clock": {**clock.as_json(), "at": time.time()} if clock else None}


def snapshot_bytes(folder) -> bytes:
    """The document of the event in ``folder`` now, as UTF-8 JSON (a load error is shown
    on the page as ``{"error": ...}`` and the phones keep their last picture)."""
    try:
        event = services.load(folder)
        clock = services.clock_state(folder)
        doc = snapshot(event, clock)
    except SwissError as exc:
        doc = {"error": str(exc)}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
