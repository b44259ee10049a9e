"""The standings screen reuses the row text of players whose score and values did not
change (:func:`swisstui.tui.screens.standings.standings_rows`): the rows after a result
equal rows built with nothing remembered."""

from __future__ import annotations

from conftest import make_event

from swisstui.core import store
from swisstui.core.model import Board, Round
from swisstui.tui import backend
from swisstui.tui.screens import standings as screen


def test_rows_after_a_result_equal_fresh_rows(tmp_path):
    folder = make_event(tmp_path, n_players=12, rounds=3)
    rnd = Round(1, tuple(Board(i + 1, (i + 1, 12 - i)) for i in range(6)))
    store.update(folder, lambda ev: ev.with_round(rnd))
    ev = backend.record_result(folder, 1, 1, "1-0").event
    before = screen.standings_rows(ev, None)
    for board, res in ((2, "0-1"), (3, "="), (4, "1-0")):
        ev = backend.record_result(folder, 1, board, res).event
        reused = screen.standings_rows(ev, None)
        screen._LAST_ROWS.clear()  # noqa: SLF001
        fresh = screen.standings_rows(ev, None)
        assert reused == fresh
        assert reused != before
        before = reused


def test_same_standings_again_give_the_same_row_tuples(tmp_path):
    """Rows the core kept (the same rank, place and values) give the very tuples shown
    before: nothing is formatted again."""
    folder = make_event(tmp_path, n_players=12, rounds=3)
    rnd = Round(1, tuple(Board(i + 1, (i + 1, 12 - i)) for i in range(6)))
    store.update(folder, lambda ev: ev.with_round(rnd))
    ev = backend.record_result(folder, 1, 1, "1-0").event
    screen._LAST_ROWS.clear()  # noqa: SLF001
    first = screen.standings_rows(ev, None)
    again = screen.standings_rows(ev, None)
    assert again == first
    assert all(a is b for a, b in zip(again[1], first[1]))
    ev = backend.record_result(folder, 1, 2, "0-1").event
    after = screen.standings_rows(ev, None)
    screen._LAST_ROWS.clear()  # noqa: SLF001
    assert after == screen.standings_rows(ev, None)
