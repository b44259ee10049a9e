"""Go handicap games: stones and komi decided at pairing (docs/RULES.md §1.3), written on the
board in the round file, checked when read, prefilled when the result is entered."""

from __future__ import annotations

import shutil

import pytest

from conftest import make_event, sample_players
from swisstui.core import services, store
from swisstui.core.board_setup import describe
from swisstui.core.errors import EventFileError
from swisstui.core.games.go_handicap import board_setup, check_setup, komi, stones
from swisstui.core.model import Player
from swisstui.core.pairing.simulate import simulate
from swisstui.core.settings import make_settings
from swisstui.core.errors import ResultError


def _p(rank: str | None) -> Player:
    return Player(id=1, name="X", rank=rank)


@pytest.mark.parametrize("black, white, reduction, cap, expected", [
    ("2k", "2d", 0, 9, 3),      # 2k → 1k → 1d → 2d: three grades
    ("1k", "1d", 0, 9, 1),      # one grade: Black first, no stone placed
    ("3d", "3d", 0, 9, 0),      # even
    ("2k", "2d", 2, 9, 1),
    ("2k", "1d", 2, 9, 0),      # within the reduction: even
    ("20k", "5d", 0, 9, 9),     # capped at nine stones
    ("20k", "5d", 1, 6, 6),     # capped by handicap_max
    ("2d", "2k", 0, 9, 0),      # Black is the stronger (after a swap): even
    (None, "2d", 0, 9, 0),      # unknown rank: even
    ("9d", "1p", 0, 9, 1),      # professional dans above 9d
])
def test_stones_worked_examples(black, white, reduction, cap, expected):
    assert stones(_p(black), _p(white), reduction=reduction, cap=cap) == expected


def test_komi_rule():
    assert komi(0, 6.5) == 6.5          # even game: the event's komi
    assert komi(1, 6.5) == 0.5          # no-komi game: ½ point (AGA rule 3)
    assert komi(4, 7.5) == 0.5
    assert komi(4, 7.5, 0.0) == 0.0     # handicap_komi chosen by the director


def test_board_setup_follows_the_options():
    on = make_settings("go", "E", 4, options={"handicap": True, "rules": "chinese"})
    assert board_setup(on, _p("2k"), _p("2d")) == {"handicap": 3, "komi": 0.5}
    assert board_setup(on, _p("2d"), _p("2d")) == {"handicap": 0, "komi": 7.5}
    red = make_settings("go", "E", 4, options={"handicap": True, "handicap_reduction": 2,
                                                 "handicap_komi": 0.0, "komi": 5.5})
    assert board_setup(red, _p("2k"), _p("2d")) == {"handicap": 1, "komi": 0.0}
    assert board_setup(red, _p("1k"), _p("2d")) == {"handicap": 0, "komi": 5.5}
    off = make_settings("go", "E", 4)
    assert board_setup(off, _p("2k"), _p("2d")) is None


def test_check_setup_refuses_bad_values():
    assert check_setup({"handicap": 3, "komi": 0}) == {"handicap": 3, "komi": 0.0}
    for bad in ({"handicap": 10}, {"handicap": -1}, {"handicap": True}, {"komi": 0.3},
                {"komi": "x"}):
        with pytest.raises(ResultError):
            check_setup(bad)


def _handicap_event(tmp_path, **options):
    return make_event(tmp_path, "go", 8, 4, options={"handicap": True, **options})


def test_pairing_writes_stones_and_komi_and_reads_them_back(tmp_path):
    folder = _handicap_event(tmp_path)
    out = services.pair_next(folder)
    ev = store.load(folder)
    # sample ranks 6d 5d 4d 3d 2d 1d 1k 2k; the stronger player is White (second-listed)
    for b in ev.rounds[0].boards:
        black, white = (ev.player(x) for x in b.players)
        assert b.setup == board_setup(ev.settings, black, white)
    assert [b.setup for b in ev.rounds[0].boards] == [b.setup for b in out.event.rounds[0].boards]
    text = (folder / "rounds" / "01.toml").read_text()
    first = ev.rounds[0].boards[0]
    assert f"handicap = {first.setup['handicap']}" in text
    assert "komi = 0.5" in text
    assert describe("go", first) == f"H{first.setup['handicap']} komi 0.5"


def test_result_is_prefilled_and_round_trips(tmp_path):
    folder = _handicap_event(tmp_path, handicap_reduction=3)  # every board: 1 stone
    services.pair_next(folder)
    ev = store.load(folder)
    assert {b.setup["handicap"] for b in ev.rounds[0].boards} == {1}
    rec = services.record_result(folder, 1, 1, "B+3.5")
    assert rec.board.result.detail["handicap"] == 1
    assert rec.board.result.detail["komi"] == 0.5
    with pytest.raises(ResultError, match="komi 0.5"):
        services.record_result(folder, 1, 2, "B+3")     # the board's komi is 0.5
    # a komi typed with the result wins, and becomes the board's
    rec = services.record_result(folder, 1, 2, "B+3", {"komi": 0})
    assert rec.board.setup == {"handicap": 1, "komi": 0.0}
    again = store.load(folder)
    assert again.rounds[0] == rec.event.rounds[0]
    services.clear_result(folder, 1, 1)
    cleared = store.load(folder).rounds[0].boards[0]
    assert cleared.result is None and cleared.setup == {"handicap": 1, "komi": 0.5}


def test_swap_decides_the_new_boards_again(tmp_path):
    folder = _handicap_event(tmp_path)
    services.pair_next(folder)
    ev = store.load(folder)
    b1, b2 = ev.rounds[0].boards[:2]
    out = services.swap(folder, 1, b1.players[0], b2.players[1])
    for b in out.round.boards[:2]:
        black, white = (out.event.player(x) for x in b.players)
        assert b.setup == board_setup(out.event.settings, black, white)
    assert store.load(folder).rounds[0] == out.round


@pytest.mark.parametrize("line, message", [
    ("handicap = 12", "0 to 9 stones"),
    ("komi = 0.3", "whole or half"),
    ("handicap = \"3\"", "0 to 9 stones"),
])
def test_bad_stones_or_komi_in_a_round_file_are_refused(tmp_path, line, message):
    folder = _handicap_event(tmp_path)
    services.pair_next(folder)
    path = folder / "rounds" / "01.toml"
    text = path.read_text()
    first = text.index(line.split()[0] + " = ")
    end = text.index("\n", first)
    path.write_text(text[:first] + line + text[end:])
    with pytest.raises(EventFileError, match=message):
        store.load(folder)


def test_no_setup_without_the_option(tmp_path):
    folder = make_event(tmp_path, "go", 8, 4)
    services.pair_next(folder)
    ev = store.load(folder)
    assert all(b.setup is None for b in ev.rounds[0].boards)
    assert "handicap" not in (folder / "rounds" / "01.toml").read_text()


def test_h9_declares_the_reduction_and_each_games_stones(tmp_path):
    folder = _handicap_event(tmp_path, handicap_reduction=2)
    services.pair_next(folder)
    for b in store.load(folder).rounds[0].boards:
        services.record_result(folder, 1, b.number, "W+R")
    ev = store.load(folder)
    text = services.export(ev, services.ExportRequest("h9")).decode("latin-1")
    assert "HA[h2]" in text
    stones = ev.rounds[0].boards[0].setup["handicap"]
    assert f"/b{stones}" in text
    plain = make_event(tmp_path, "go", 4, 2)
    services.pair_next(plain)
    assert "; HA[]" in services.export(store.load(plain),
                                       services.ExportRequest("h9")).decode("latin-1")


def _handicap_simulation(tmp_path):
    """A simulated 20-player handicap Go event (ranks 6d … 14k: most boards have stones),
    written to a folder and read back."""
    s = make_settings("go", "Handicap", 4, seed=3, options={"handicap": True})
    ev = simulate("go", 20, 4, seed=3, settings=s, players=list(sample_players("go", 20)))
    folder = tmp_path / "sim"
    store.create(folder, ev.settings, ev.players, ev.rounds)
    # the round files as written, read as another process would (a copy: neither this
    # process's cache nor the folder's .swisstui-cache holds the event written from memory)
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns(".swisstui-cache"))
    return ev, copy


def test_simulated_results_keep_each_boards_stones_and_komi(tmp_path):
    """Issue 32 item 18: a simulated result was read without the board's setup, so a
    handicap board was saved as an even game with the event's komi (6.5, no stones)."""
    ev, folder = _handicap_simulation(tmp_path)
    back = store.load(folder)
    handicap_boards = 0
    for rnd in back.rounds:
        for b in rnd.boards:
            black, white = (back.player(x) for x in b.players)
            expected = board_setup(back.settings, black, white)
            assert b.result is not None
            assert b.setup == expected, (rnd.number, b.number)
            assert b.result.detail["handicap"] == expected["handicap"]
            assert b.result.detail["komi"] == expected["komi"]
            handicap_boards += expected["handicap"] > 0
    assert handicap_boards >= 10  # the check is not empty: most boards have stones
    assert [r.boards for r in back.rounds] == [r.boards for r in ev.rounds]


def test_a_forced_correction_keeps_the_simulated_boards_setup(tmp_path):
    _, folder = _handicap_simulation(tmp_path)
    ev = store.load(folder)
    board = next(b for b in ev.rounds[-1].boards if b.setup["handicap"] >= 2)
    new = "W+R" if board.result.outcome[0] == 1 else "B+R"
    rec = services.record_result(folder, ev.rounds[-1].number, board.number, new, force=True)
    assert rec.board.result.text == new
    assert rec.board.setup == board.setup
    assert rec.board.result.detail["handicap"] == board.setup["handicap"]
    assert rec.board.result.detail["komi"] == 0.5
    assert store.load(folder).rounds[-1].board(board.number).setup == board.setup
