"""Final places after a playoff (core/standings/playoff.py: final_places): champion, finalist,
then each stage's losers by seed, then everyone else in Swiss order."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.core import services
from swisstui.core.errors import SwissError


def _play_swiss(folder, rounds: int) -> None:
    for _ in range(rounds):
        ev = services.pair_next(folder).event
        rnd = ev.round(ev.current_round)
        for b in rnd.boards:
            services.record_result(folder, rnd.number, b.number, "1-0")


def _win_all(folder, winner_seat: int) -> None:
    ev = services.load(folder)
    rnd = ev.round(ev.current_round)
    for b in rnd.boards:
        services.record_result(folder, rnd.number, b.number, "1-0" if winner_seat == 0 else "0-1")


def test_final_places_top4(tmp_path):
    folder = make_event(tmp_path, n_players=8, rounds=3)
    _play_swiss(folder, 3)
    ev = services.load(folder)
    swiss_order = services.final_places(ev)
    assert [f.stage for f in swiss_order] == [""] * 8 and swiss_order[0].place == 1
    seeds = [f.player for f in swiss_order]

    preview = services.preview_playoff_round(ev, 4)
    assert [b.players for b in preview.boards] == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert services.load(folder).current_round == 3  # nothing written

    services.next_playoff_round(folder, 4)
    ev = services.load(folder)
    assert services.playoff_started(ev)
    places = services.final_places(ev)
    assert [f.decided for f in places[:4]] == [False] * 4  # the semi-finals are not played
    assert [f.player for f in places[4:]] == seeds[4:]

    _win_all(folder, 1)  # the lower seeds win both semi-finals: seeds 4 and 3 go through
    services.next_playoff_round(folder)
    _win_all(folder, 0)  # board 1's first player (the better seed, seed 3) wins the final
    ev = services.load(folder)
    places = services.final_places(ev)
    assert [(f.place, f.player, f.stage) for f in places[:4]] == [
        (1, seeds[2], "Champion"), (2, seeds[3], "Final"),
        (3, seeds[0], "Semi-finals"), (4, seeds[1], "Semi-finals")]
    assert all(f.decided for f in places)
    assert [f.player for f in places[4:]] == seeds[4:]
    assert services.bracket(ev)[-1].startswith("Champion: ")
    with pytest.raises(SwissError, match="the playoff is over"):
        services.preview_playoff_round(ev)
