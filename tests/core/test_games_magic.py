import pytest

from swisstui.core.errors import ResultError, SwissError
from swisstui.core.games import profile, validate_options
from swisstui.core.model import Settings

P = profile("magic")
S = Settings("t", "magic", 5)


def parse(text, extra=None, **options):
    return P.entry.parse(text, Settings("t", "magic", 5, options=options), extra or {})


@pytest.mark.parametrize("text,canon,outcome,games", [
    ("2-0", "2-0", (1, 0), (2, 0, 0)),
    ("2-1", "2-1", (1, 0), (2, 1, 0)),
    ("1-2", "1-2", (0, 1), (1, 2, 0)),
    ("0-2", "0-2", (0, 1), (0, 2, 0)),
    ("1-1-1", "1-1-1", (0.5, 0.5), (1, 1, 1)),
    ("1-0-1", "1-0-1", (1, 0), (1, 0, 1)),
    ("2-0-1", "2-0-1", (1, 0), (2, 0, 1)),
    ("2-1-1", "2-1-1", (1, 0), (2, 1, 1)),
    ("0-0-3", "0-0-3", (0.5, 0.5), (0, 0, 3)),
    ("ID", "0-0-3", (0.5, 0.5), (0, 0, 3)),
    ("id", "0-0-3", (0.5, 0.5), (0, 0, 3)),
    ("1-1", "1-1", (0.5, 0.5), (1, 1, 0)),
    ("1-0", "1-0", (1, 0), (1, 0, 0)),
    ("2-0-0", "2-0", (1, 0), (2, 0, 0)),
    (" 2 - 1 ", "2-1", (1, 0), (2, 1, 0)),
])
def test_accepted_best_of_3(text, canon, outcome, games):
    r = parse(text)
    assert (r.text, r.outcome, r.detail["games"], r.forfeit) == (canon, outcome, games, False)
    assert parse(r.text) == r
    assert parse(r.text, dict(r.detail)) == r


@pytest.mark.parametrize("text,msg", [
    ("3-0", "impossible in best of 3: the match ends when a player has won 2 games"),
    ("0-3", "impossible in best of 3"),
    ("2-2", "both players cannot win 2 games"),
    ("0-0", "no games"),
    ("0-0-0", "no games"),
    ("0-0-4", "too many"),
    ("x", "not understood"), ("", "not understood"), ("2-1-1-1", "not understood"),
    ("+-", "not understood"), ("B+", "not understood"), ("2:0", "not understood"),
])
def test_refused(text, msg):
    with pytest.raises(ResultError, match=msg):
        parse(text)


def test_best_of_1_and_5():
    assert parse("1-0", best_of=1).outcome == (1, 0)
    assert parse("0-0-1", best_of=1).outcome == (0.5, 0.5)
    with pytest.raises(ResultError, match="best of 1: the match ends when a player has won 1 game$"):
        parse("2-0", best_of=1)
    assert parse("3-2", best_of=5).outcome == (1, 0)
    assert parse("3-0", best_of=5).detail["games"] == (3, 0, 0)
    with pytest.raises(ResultError, match="best of 5"):
        parse("4-1", best_of=5)


def test_detail_must_match_text():
    with pytest.raises(ResultError, match=r"games \[2, 0, 0\] do not match the result 2-1"):
        parse("2-1", {"games": [2, 0, 0]})
    assert parse("2-1", {"games": [2, 1]}).detail["games"] == (2, 1, 0)


def test_defaults_and_bye():
    assert P.scoring.win == 3 and P.scoring.draw == 1 and P.scoring.loss == 0
    assert P.scoring.bye == 3
    assert P.standings.tiebreaks == ("OMW", "GW", "OGW") and P.seats.policy == "none"
    assert P.entry.bye_detail(S) == {"games": (2, 0, 0)}
    assert P.entry.bye_detail(Settings("t", "magic", 5, options={"best_of": 5})) == {"games": (3, 0, 0)}
    assert P.option(S, "bye_in_own_mw") is True


def test_options():
    assert validate_options("magic", {"best_of": 5, "bye_in_own_mw": False}) == {
        "best_of": 5, "bye_in_own_mw": False}
    with pytest.raises(SwissError, match="valid: 1, 3, 5"):
        validate_options("magic", {"best_of": 2})
    with pytest.raises(SwissError, match="not true or false"):
        validate_options("magic", {"bye_in_own_mw": "yes"})
    with pytest.raises(SwissError, match="not a whole number"):
        validate_options("magic", {"best_of": True})
