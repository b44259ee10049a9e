"""Every game's canonical results and detail survive the event folder (round file) and come
back identical — the grammar's round trip through the real store."""

import pytest

from swisstui.core import store
from swisstui.core.model import Board, Player, Round
from swisstui.core.results import record_result
from swisstui.core.settings import make_settings

CASES = {
    "chess": [("1-0", {}), ("1/2-1/2", {}), ("+-", {}), ("--", {})],
    "go": [("B+3.5", {}), ("W+R", {}), ("W+F", {}), ("jigo", {"komi": 0}),
           ("B+2", {"komi": 0, "handicap": 3}), ("0-0", {}), ("1-1!", {})],
    "othello": [("40-24", {}), ("30-20", {}), ("1-0", {}), ("-+", {})],
    "magic": [("2-1", {}), ("ID", {}), ("1-1-1", {}), ("0-2", {})],
    "renju": [("1-0", {"black": 2}), ("=", {"black": 1}), ("0-1", {}), ("+-", {})],
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_results_round_trip_through_the_folder(tmp_path, game):
    cases = CASES[game]
    players = [Player(i, f"P{i}") for i in range(1, 2 * len(cases) + 1)]
    boards = tuple(Board(i + 1, (2 * i + 1, 2 * i + 2)) for i in range(len(cases)))
    store.create(tmp_path / "ev", make_settings(game, "T", 5), players)
    ev = store.update(tmp_path / "ev", lambda e: e.with_round(Round(1, boards)))

    def enter(e):
        for i, (text, extra) in enumerate(cases):
            if game == "renju" and "black" in extra:
                extra = {"black": 2 * i + 1 + (extra["black"] - 1)}
            e = record_result(e, 1, i + 1, text, extra)
        return e

    ev = store.update(tmp_path / "ev", enter)
    again = store.load(tmp_path / "ev")
    assert again.rounds == ev.rounds
    assert all(b.result is not None for b in again.rounds[0].boards)


def test_ing_penalties_round_trip(tmp_path):
    from swisstui.core.games.go import ing_result
    r = ing_result(9, black_extensions=1)
    store.create(tmp_path / "ev", make_settings("go", "T", 5, options={"rules": "ing"}),
                 [Player(1, "A"), Player(2, "B")])
    store.update(tmp_path / "ev", lambda e: e.with_round(Round(1, (Board(1, (1, 2)),))))
    ev = store.update(tmp_path / "ev", lambda e: record_result(
        e, 1, 1, r.text, {k: v for k, v in r.detail.items() if v is not None}))
    assert ev.rounds[0].boards[0].result == r
    assert store.load(tmp_path / "ev").rounds[0].boards[0].result == r


def test_ing_notation_recorded_through_the_store(tmp_path):
    store.create(tmp_path / "ev", make_settings("go", "T", 5, options={"rules": "ing"}),
                 [Player(1, "A"), Player(2, "B")])
    store.update(tmp_path / "ev", lambda e: e.with_round(Round(1, (Board(1, (1, 2)),))))
    ev = store.update(tmp_path / "ev", lambda e: record_result(e, 1, 1, "ing 9 ext 1-0"))
    r = ev.rounds[0].boards[0].result
    assert r.text == "W+1" and r.detail["penalties"] == (2.0, 0.0)
    assert store.load(tmp_path / "ev").rounds[0].boards[0].result == r


def test_mcmahon_event_gets_the_mcmahon_chain():
    assert make_settings("go", "T", 5, system="mcmahon").tiebreaks == ("MMS", "SOSM", "SOSOSM")
    assert make_settings("go", "T", 5).tiebreaks == ("WINS", "SOS", "SOSOS", "SODOS")
