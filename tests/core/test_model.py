from swisstui.core.model import (Board, Bye, ByeKind, Event, GameKind, Player, Result, Round,
                                 Scoring, Settings)
from swisstui.core.history import board_colours, colour_sequence, history, scores


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


def _fresh_history(ev):
    """history() without the cache: every round rebuilt."""
    from swisstui.core.history import round_records
    per = {p.id: [] for p in ev.players}
    for rnd in ev.rounds:
        for pid, rec in round_records(ev, rnd).items():
            per.setdefault(pid, []).append(rec)
    return {pid: tuple(recs) for pid, recs in per.items()}


def test_history_cache_follows_the_data():
    """Per-prefix histories are reused, but only while the rounds, players and scoring are
    the same (or equal): any change of the data gives the history of the new data."""
    from dataclasses import replace
    ev = _event()
    assert history(ev) == _fresh_history(ev)
    # a result entered in the last round: the earlier round is reused, the last one is new
    r2 = ev.rounds[1]
    done = replace(r2, boards=(r2.boards[0], replace(r2.boards[1], result=Result("0-1", (0, 1)))))
    ev2 = ev.with_round(done)
    h2 = history(ev2)
    assert h2 == _fresh_history(ev2) and h2[1][1].kind is GameKind.GAME
    assert history(ev)[1][1].kind is GameKind.PENDING  # the old data still gives its history
    # an equal event built anew (a reload): the same history
    ev3 = Event(ev2.settings, tuple(replace(p) for p in ev2.players),
                tuple(replace(r) for r in ev2.rounds))
    assert history(ev3) == h2
    # a change in an earlier round, in the players or in the scoring is never hidden
    r1 = ev.rounds[0]
    ev4 = ev2.with_round(replace(r1, boards=(replace(r1.boards[0], result=Result("0-1", (0, 1))),
                                             r1.boards[1])))
    assert history(ev4) == _fresh_history(ev4) and history(ev4)[1][0].outcome == 0
    ev5 = ev2.with_player(Player(4, "P4", withdrawn_from=2))
    assert history(ev5) == _fresh_history(ev5)
    ev6 = replace(ev2, settings=replace(ev2.settings, scoring=Scoring(win=3, draw=1)))
    assert scores(ev6)[1] == 6.0 and history(ev6) == _fresh_history(ev6)
    # the caller may change the dict it gets back without harming the cache
    h = history(ev2)
    h.clear()
    assert history(ev2) == h2
    assert history(ev2, upto=1) == {pid: recs[:1] for pid, recs in h2.items()}
