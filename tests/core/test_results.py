"""record_result / clear_result: grammar per game, refusals, conflicts, no-ops."""

from __future__ import annotations

import pytest

from swisstui.core.errors import ConflictError, ResultError, SwissError
from swisstui.core.model import Board, Bye, ByeKind, Event, Player, Round
from swisstui.core.results import clear_result, record_result
from swisstui.core.settings import make_settings


def _ev(game="chess", **kw) -> Event:
    players = (Player(1, "Alice"), Player(2, "Bob"), Player(3, "Cid"), Player(4, "Dee"),
               Player(5, "Eve"))
    rnd = Round(1, (Board(1, (1, 2)), Board(2, (3, 4))), (Bye(5, ByeKind.PAIRING),))
    return Event(make_settings(game, "E", 5, **kw), players, (rnd,))


def test_record_in_canonical_notation():
    ev = record_result(_ev(), 1, 2, "½-½")
    assert ev.round(1).board(2).result.text == "1/2-1/2"
    assert ev.round(1).board(1).result is None


def test_refusals():
    ev = _ev()
    with pytest.raises(ResultError, match="round 2 is not paired"):
        record_result(ev, 2, 1, "1-0")
    with pytest.raises(ResultError, match="no board 3 .*byes have no result"):
        record_result(ev, 1, 3, "1-0")
    with pytest.raises(ResultError, match="chess result '3-0'"):
        record_result(ev, 1, 1, "3-0")


def test_conflict_needs_force_and_same_result_is_a_noop():
    ev = record_result(_ev(), 1, 1, "1-0")
    assert record_result(ev, 1, 1, "1-0") is ev
    with pytest.raises(ConflictError) as info:
        record_result(ev, 1, 1, "0-1")
    assert str(info.value) == ("round 1 board 1 already has 1-0 (Alice–Bob); "
                               "use --force to replace")
    assert record_result(ev, 1, 1, "0-1", force=True).round(1).board(1).result.text == "0-1"


def test_clear():
    ev = record_result(_ev(), 1, 1, "1-0")
    cleared = clear_result(ev, 1, 1)
    assert cleared.round(1).board(1).result is None
    assert clear_result(cleared, 1, 1) is cleared
    with pytest.raises(SwissError):
        clear_result(ev, 1, 9)


def test_game_details():
    oth = record_result(_ev("othello"), 1, 1, "40-20")  # 4 empties go to the winner
    assert oth.round(1).board(1).result.detail["discs"] == (44, 20)
    with pytest.raises(ResultError):
        record_result(_ev("othello"), 1, 1, "50-20")
    mg = record_result(_ev("magic", options={"best_of": 3}), 1, 1, "2-1")
    assert mg.round(1).board(1).result.detail["games"] == (2, 1, 0)
    with pytest.raises(ResultError):
        record_result(_ev("magic", options={"best_of": 3}), 1, 1, "3-0")
    rj = record_result(_ev("renju"), 1, 1, "1-0", {"black": 2})
    assert rj.round(1).board(1).result.detail["black"] == 2
    with pytest.raises(ResultError):
        record_result(_ev("renju"), 1, 1, "1-0", {"black": 3})  # not on the board
    go = record_result(_ev("go", options={"komi": 6.5}), 1, 1, "B+3.5")
    assert go.round(1).board(1).result.outcome == (1, 0)


def test_playoff_match_needs_a_winner():
    from dataclasses import replace
    ev = _ev("magic")
    ev = ev.with_round(replace(ev.round(1), playoff=True))
    with pytest.raises(ResultError, match="needs a winner, not 1-1"):
        record_result(ev, 1, 1, "1-1")
    assert record_result(ev, 1, 1, "2-1").round(1).board(1).result.text == "2-1"


def test_playoff_winner_frozen_once_the_next_round_is_paired():
    """QA bug 21: a semi-final winner cannot change (nor be cleared) after the final is
    paired on it; the same winner with another score is still a correction."""
    from dataclasses import replace
    ev = _ev("magic")
    semis = Round(2, (Board(1, (1, 4)), Board(2, (2, 3))), (), playoff=True)
    ev = ev.with_round(semis)
    ev = record_result(ev, 2, 1, "2-0")
    ev = record_result(ev, 2, 2, "0-2")
    ev = ev.with_round(Round(3, (Board(1, (1, 3)),), (), playoff=True))
    with pytest.raises(ConflictError, match=r"round 3 \(the final\) is already paired"):
        record_result(ev, 2, 1, "0-2", force=True)
    with pytest.raises(ConflictError, match="round 3"):
        clear_result(ev, 2, 1)
    assert record_result(ev, 2, 1, "2-1", force=True).round(2).board(1).result.text == "2-1"
    # without the final, the semi-final may change
    ev2 = replace(ev, rounds=tuple(r for r in ev.rounds if r.number != 3))
    assert clear_result(ev2, 2, 1).round(2).board(1).result is None


def test_enter_result_checks_the_games_extras_and_drops_in_one_change():
    """One rule for CLI and TUI: an extra of another game is refused naming that game, an
    unknown one lists what this game takes; Magic's drop withdraws from the next round."""
    from swisstui.core.results import enter_result
    with pytest.raises(ResultError, match="^black= is for Renju events, this one is chess$"):
        enter_result(_ev(), 1, 1, "1-0", {"black": 2})
    with pytest.raises(ResultError, match=r"^--komi is for Go events, this one is othello$"):
        enter_result(_ev("othello"), 1, 1, "40-24", {"komi": 6.5},
                     spell=lambda k, v="": f"--{k} {v}".rstrip())
    with pytest.raises(ResultError, match=r"go takes komi=, handicap=, penalties=\)$"):
        enter_result(_ev("go"), 1, 1, "B+R", {"colour": "w"})
    ev = enter_result(_ev("magic"), 1, 2, "2-1", {"drop": [4]})
    assert ev.round(1).board(2).result.text == "2-1" and ev.player(4).withdrawn_from == 2
    with pytest.raises(ResultError, match=r"^drop=1: not a player of round 1 board 2 \(3 v 4\)"):
        enter_result(_ev("magic"), 1, 2, "2-1", {"drop": [1]})
    ev = enter_result(_ev("renju"), 1, 1, "1-0", {"black": 2})
    assert ev.round(1).board(1).result.detail["black"] == 2
