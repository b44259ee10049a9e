import pytest

from swisstui.core.errors import ResultError, SwissError
from swisstui.core.games import profile, validate_options
from swisstui.core.games.renju import opening_label
from swisstui.core.model import Board, Settings
from swisstui.core.history import board_colours

P = profile("renju")
S = Settings("t", "renju", 7)


def parse(text, extra=None, **options):
    return P.entry.parse(text, Settings("t", "renju", 7, options=options), extra or {})


@pytest.mark.parametrize("text,canon,outcome,forfeit", [
    ("1-0", "1-0", (1, 0), False), ("0-1", "0-1", (0, 1), False),
    ("=", "1/2-1/2", (0.5, 0.5), False), ("1/2", "1/2-1/2", (0.5, 0.5), False),
    ("½-½", "1/2-1/2", (0.5, 0.5), False),
    ("+-", "+-", (1, 0), True), ("-+", "-+", (0, 1), True), ("--", "--", (0, 0), True),
])
def test_accepted(text, canon, outcome, forfeit):
    r = parse(text)
    assert (r.text, r.outcome, r.forfeit) == (canon, outcome, forfeit)
    assert r.detail["black"] is None
    assert parse(r.text) == r


@pytest.mark.parametrize("text", ["", "2-0", "B+", "40-24", "1-1", "win"])
def test_refused(text):
    with pytest.raises(ResultError, match="renju result"):
        parse(text)


def test_actual_black_recorded_and_round_trips():
    r = parse("1-0", {"black": 12, "players": (7, 12)})
    assert r.detail["black"] == 12 and r.outcome == (1, 0)
    assert parse(r.text, dict(r.detail)) == r
    assert parse("0-1", {"black": "7"}).detail["black"] == 7
    # colours come from the recorded Black, not from the board order
    assert board_colours("renju", Board(1, (7, 12), r)) == ("w", "b")


def test_black_must_be_on_the_board():
    with pytest.raises(ResultError, match=r"one of the two players .*\(7 or 12\), not 5"):
        parse("1-0", {"black": 5, "players": (7, 12)})
    with pytest.raises(ResultError, match="not a player id"):
        parse("1-0", {"black": "x"})
    with pytest.raises(ResultError, match="forfeit"):
        parse("+-", {"black": 7})


def test_defaults():
    assert P.standings.tiebreaks == ("BH", "SB", "DE") and P.seats.policy == "recorded"
    assert P.option(S, "rules") == "renju"
    assert opening_label(S) == "Soosõrv-8"
    assert P.entry.detail_keys == ("black",)


def test_options():
    assert validate_options("renju", {"rules": "Gomoku"}) == {"rules": "freestyle"}
    assert validate_options("renju", {"rules": "standard"}) == {"rules": "standard"}
    assert validate_options("renju", {"opening": "Soosõrv-8"}) == {"opening": "soosorv",
                                                                   "opening_n": 8}
    assert validate_options("renju", {"opening": "taraguchi", "opening_n": 10}) == {
        "opening": "taraguchi", "opening_n": 10}
    assert validate_options("renju", {"opening": "RIF"}) == {"opening": "rif"}
    s = Settings("t", "renju", 7, options=validate_options("renju", {"opening": "taraguchi-10"}))
    assert opening_label(s) == "Taraguchi-10"
    with pytest.raises(SwissError, match="valid: renju, freestyle, standard"):
        validate_options("renju", {"rules": "caro"})
    with pytest.raises(SwissError, match="valid: rif, yamaguchi, soosorv-N, taraguchi-N"):
        validate_options("renju", {"opening": "sakata"})
    with pytest.raises(SwissError, match="valid: rif"):
        validate_options("renju", {"opening": "rif-5"})
    with pytest.raises(SwissError, match="only to soosorv and taraguchi"):
        validate_options("renju", {"opening": "yamaguchi", "opening_n": 4})
    with pytest.raises(SwissError, match="out of range"):
        validate_options("renju", {"opening_n": 0})
    with pytest.raises(SwissError, match="unknown renju option 'komi'; valid: rules, opening"):
        validate_options("renju", {"komi": 1})


def test_pairing_warns_about_boards_without_black(tmp_path):
    """Issue 32 item 20: Black is decided at the board and recorded with the result; a
    round paired while earlier boards lack it said "no warnings", though their colours
    could not count in the colour balance.  The warning names the boards (not forfeits)."""
    from conftest import make_event
    from swisstui.core import services

    folder = make_event(tmp_path, "renju", 8, 4)
    ev = services.pair_next(folder).event
    boards = ev.rounds[0].boards
    services.record_result(folder, 1, 1, "1-0", {"black": boards[0].players[0]})
    services.record_result(folder, 1, 2, "0-1")
    services.record_result(folder, 1, 3, "+-")          # a forfeit has no colours
    services.record_result(folder, 1, 4, "=")
    out = services.pair_next(folder)
    assert [w for w in out.pairing.warnings if "Black" in w] == [
        "2 earlier boards have no Black recorded (round 1: 2, 4): their colours do not count "
        "in this round's colour balance; record who had Black (result --black ID --force, "
        "or black=ID in the results)"]
    services.undo_round(folder)
    for n in (2, 4):
        b = out.event.rounds[0].boards[n - 1]
        services.record_result(folder, 1, n, b.result.text, {"black": b.players[1]},
                               force=True)
    assert not [w for w in services.pair_next(folder).pairing.warnings if "Black" in w]
