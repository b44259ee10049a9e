"""Final places after a playoff in the exports (issue 11 item 3: "final places in standings
and exports"): the ``final`` list of the export table, in every format that holds it."""

from __future__ import annotations

import csv
import io
import json

from conftest import make_event
from swisstui.core import services
from swisstui.core.interop.formats import ExportRequest


def _played_event(tmp_path):
    """8 Magic players, 3 Swiss rounds (the first-listed wins), a Top 4 played out with the
    lower seed (second-listed) winning every playoff match."""
    folder = make_event(tmp_path, "magic", 8, rounds=3)
    for _ in range(3):
        ev = services.pair_next(folder).event
        for b in ev.round(ev.current_round).boards:
            services.record_result(folder, ev.current_round, b.number, "2-0")
    for _ in range(2):
        ev, rnd = services.next_playoff_round(folder, 4)
        for b in rnd.boards:
            services.record_result(folder, rnd.number, b.number, "0-2")
    return folder


def test_final_places_in_every_format(tmp_path):
    folder = _played_event(tmp_path)
    ev = services.load(folder)
    final = [b for r in ev.rounds if r.playoff for b in r.boards][-1]
    champion, finalist = final.players[1], final.players[0]  # the second-listed won
    data = json.loads(services.export(ev, ExportRequest("json", "final")))
    places = data["places"]
    assert [(p["place"], p["player"], p["stage"], p["decided"]) for p in places[:2]] == \
        [(1, champion, "Champion", True), (2, finalist, "Final", True)]
    assert [p["stage"] for p in places[2:4]] == ["Semi-finals", "Semi-finals"]
    assert {p["stage"] for p in places[4:]} == {""} and len(places) == 8
    rows = list(csv.reader(io.StringIO(services.export(ev, ExportRequest("csv", "final"))
                                       .decode())))
    assert rows[0] == ["Pl", "No", "Name", "Stage"]
    assert rows[1] == ["1", str(champion), ev.player(champion).name, "Champion"]
    text = services.export(ev, ExportRequest("text", "final")).decode()
    assert "Final places" in text and ev.player(champion).name in text.splitlines()[3]
    html = services.export(ev, ExportRequest("html", "final")).decode()
    assert "<h2>Final places</h2>" in html and "Champion" in html


def test_final_places_while_the_playoff_is_played_are_marked_provisional(tmp_path):
    folder = make_event(tmp_path, "magic", 4, rounds=2)
    for _ in range(2):
        ev = services.pair_next(folder).event
        for b in ev.round(ev.current_round).boards:
            services.record_result(folder, ev.current_round, b.number, "2-1")
    services.next_playoff_round(folder, 4)
    ev = services.load(folder)
    text = services.export(ev, ExportRequest("text", "final")).decode()
    assert "note: the playoff is still being played" in text
