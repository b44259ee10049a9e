from swisstui.core.model import (Board, Bye, ByeKind, Event, GameKind, Player, Result, Round,
                                 Scoring, Settings, board_colours, colour_sequence, history,
                                 scores)


def _event(game="chess"):
    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    win = Result("1-0", (1, 0))
    draw = Result("1/2-1/2", (0.5, 0.5))
    forfeit = Result("+-", (1, 0), forfeit=True)
    r1 = Round(1, (Board(1, (1, 2), win), Board(2, (3, 4), draw)), (Bye(5, ByeKind.PAIRING),))
    r2 = Round(2, (Board(1, (2, 5), forfeit), Board(2, (4, 1), None)), (Bye(3, ByeKind.HALF),))
    return Event(Settings("t", game, 5, scoring=Scoring()), players, (r1, r2))


def test_scores_follow_results_and_byes():
    assert scores(_event()) == {1: 1.0, 2: 1.0, 3: 1.0, 4: 0.5, 5: 1.0}


def test_forfeit_and_pending_kinds_and_colours():
    h = history(_event())
    assert h[2][1].kind is GameKind.FORFEIT_WIN and h[2][1].colour is None
    assert h[5][1].kind is GameKind.FORFEIT_LOSS
    assert h[1][1].kind is GameKind.PENDING and h[1][1].colour == "b"
    assert colour_sequence(h[1]) == ["w"]  # pending and forfeits are not colour history
    assert colour_sequence(h[2]) == ["b"]


def test_colours_per_game():
    b = Board(1, (7, 8), Result("1-0", (1, 0), detail={"black": 8}))
    assert board_colours("chess", b) == ("w", "b")
    assert board_colours("go", b) == ("b", "w")
    assert board_colours("renju", b) == ("w", "b")
    assert board_colours("magic", b) is None


def test_withdrawn_and_late_entrant_records():
    ev = _event()
    ev = ev.with_player(Player(6, "Late", joined_round=2))
    ev = ev.with_player(Player(5, "P5", withdrawn_from=3))
    h = history(ev)
    assert h[6][0].kind is GameKind.NOT_REGISTERED
    assert h[6][1].kind is GameKind.ABSENT
