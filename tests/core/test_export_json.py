"""The documented JSON shape of an event."""

from __future__ import annotations

import json

from swisstui.core.export_json import event_to_json, player_json
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round
from swisstui.core.results import record_result
from swisstui.core.settings import make_settings


def _ev(game):
    players = (Player(1, "이세돌", rank="9p", country="KR"), Player(2, "B", rating=2100),
               Player(3, "C", withdrawn_from=3))
    ev = Event(make_settings(game, "E", 4), players,
               (Round(1, (Board(1, (1, 2)),), (Bye(3, ByeKind.PAIRING),)),))
    return ev


def test_shape_chess():
    ev = record_result(_ev("chess"), 1, 1, "=")
    doc = event_to_json(ev)
    assert set(doc) == {"schema", "event", "players", "rounds"}
    assert doc["event"]["game"] == "chess" and doc["event"]["tiebreaks"][0] == "BH-C1"
    assert doc["players"][0] == player_json(ev, ev.players[0])
    assert doc["players"][0]["name"] == "이세돌" and doc["players"][0]["status"] == "active"
    assert doc["players"][2]["status"] == "withdrawn"
    assert set(doc["players"][1]) >= {"id", "name", "rating", "rank", "club", "country",
                                      "status"}
    assert doc["rounds"] == [{
        "round": 1, "playoff": False,
        "boards": [{"board": 1, "players": [1, 2], "colours": ["w", "b"],
                    "result": "1/2-1/2", "forfeit": False, "detail": {}}],
        "byes": [{"player": 3, "kind": "pairing", "points": 1.0}]}]
    json.dumps(doc)  # serialisable


def test_game_details_and_colours():
    mg = event_to_json(record_result(_ev("magic"), 1, 1, "2-1"))
    b = mg["rounds"][0]["boards"][0]
    assert b["colours"] is None and b["detail"] == {"games": [2, 1, 0]}
    assert mg["rounds"][0]["byes"][0]["points"] == 3.0
    oth = event_to_json(record_result(_ev("othello"), 1, 1, "33-31"))
    b = oth["rounds"][0]["boards"][0]
    assert b["colours"] == ["b", "w"] and b["detail"]["discs"] == [33, 31]
    rj = event_to_json(record_result(_ev("renju"), 1, 1, "0-1", {"black": 2}))
    assert rj["rounds"][0]["boards"][0]["colours"] == ["w", "b"]
    assert rj["rounds"][0]["boards"][0]["detail"] == {"black": 2}
    assert event_to_json(_ev("renju"))["rounds"][0]["boards"][0]["colours"] is None
