"""A write checks and writes what changed (issue 14 item 3): the round file of a result
entry is written from the boards' kept text, the same bytes as the whole document; a change
is checked against the event read from disk, refusing a bad change with the same message as
a full check, and a broken file on disk is still refused with its ``file:line``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.games import profile
from swisstui.core.model import Board, Bye, ByeKind, Round
from swisstui.core.results import record_result
from swisstui.core.store.serialise import _HEADERS, _dump, _round_bytes, _round_doc
from swisstui.core.store.validation import validate_event

RESULTS = {"chess": ("1-0", "0-1", "1/2-1/2"), "go": ("B+R", "W+R", "B+R"),
           "othello": ("40-24", "20-44", "32-32"), "magic": ("2-1", "0-2", "1-1"),
           "renju": ("1-0", "0-1", "1/2-1/2")}


def _paired(tmp_path, game: str, n: int = 12):
    folder = make_event(tmp_path, game, n, rounds=3)
    boards = tuple(Board(b, (2 * b - 1, 2 * b)) for b in range(1, n // 2))
    byes = (Bye(n - 1, ByeKind.HALF if game == "chess" else ByeKind.PAIRING),)
    ev = store.update(folder, lambda e: e.with_round(Round(1, boards, byes)))
    return folder, ev


@pytest.mark.parametrize("game", sorted(RESULTS))
def test_round_bytes_equal_the_whole_document(tmp_path, game):
    folder, ev = _paired(tmp_path, game)
    texts = RESULTS[game]
    for b in range(1, 4):
        ev = record_result(ev, 1, b, texts[b % 3])
        rnd = ev.round(1)
        expected = _dump(_round_doc(game, rnd), _HEADERS["round"])
        assert _round_bytes(game, rnd) == expected
        assert _round_bytes(game, rnd) == expected  # again, from the kept board texts
    playoff = Round(2, ev.round(1).boards[:2], (), playoff=True)
    assert _round_bytes(game, playoff) == _dump(_round_doc(game, playoff), _HEADERS["round"])
    store.update(folder, lambda e: record_result(e, 1, 4, texts[0]))
    on_disk = (folder / "rounds" / "01.toml").read_bytes()
    fresh = store.load(folder).round(1)
    assert on_disk == _dump(_round_doc(game, fresh), _HEADERS["round"])
    assert fresh.board(4).result == profile(game).result(texts[0], ev.settings)


def _message(fn) -> str:
    with pytest.raises(SwissError) as info:
        fn()
    return str(info.value)


def test_a_bad_change_is_refused_with_the_full_checks_message(tmp_path):
    folder, old = _paired(tmp_path, "chess")
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    rnd = old.round(1)
    twice = replace(rnd, boards=rnd.boards[:-1] + (Board(rnd.boards[-1].number, (1, 3)),))
    self_play = replace(rnd, boards=(Board(1, (5, 5)),) + rnd.boards[1:])
    unknown = replace(rnd, boards=rnd.boards + (Board(99, (98, 99)),))
    for bad in (twice, self_play, unknown):
        new = old.with_round(bad)
        full = _message(lambda new=new: validate_event(new))
        assert _message(lambda new=new: validate_event(new, old)) == full
        assert _message(lambda bad=bad: store.update(folder, lambda e: e.with_round(bad))) \
            == full
    assert full == "round 1 board 99: no player with id 98"
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    # a later round that is fine does not hide a bad change to the players
    gone = old.players[1:]
    full = _message(lambda: validate_event(replace(old, players=gone)))
    assert _message(lambda: validate_event(replace(old, players=gone), old)) == full


def test_a_broken_file_on_disk_is_still_refused_with_its_line(tmp_path):
    folder, _ = _paired(tmp_path, "chess")
    store.update(folder, lambda e: record_result(e, 1, 1, "1-0"))
    path = folder / "rounds" / "01.toml"
    text = path.read_text()
    path.write_text(text.replace("players = [3, 4]", "players = [3, 404]"))
    line = path.read_text().splitlines().index("players = [3, 404]") + 1
    expected = f"{path}:{line}: board 2: no player with id 404 in players.toml"
    assert _message(lambda: store.load(folder)) == expected
    with pytest.raises(EventFileError) as info:
        store.update(folder, lambda e: record_result(e, 1, 3, "1-0"))
    assert str(info.value) == expected
    assert path.read_text().count("404") == 1
