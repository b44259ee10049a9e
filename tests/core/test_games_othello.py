import pytest

from swisstui.core.errors import ResultError, SwissError
from swisstui.core.games import profile, validate_options
from swisstui.core.model import Settings

P = profile("othello")
S = Settings("t", "othello", 13)


def parse(text, extra=None, **options):
    return P.entry.parse(text, Settings("t", "othello", 13, options=options), extra or {})


@pytest.mark.parametrize("text,canon,outcome,discs", [
    ("40-24", "40-24", (1, 0), (40, 24)),
    ("24-40", "24-40", (0, 1), (24, 40)),
    ("33-31", "33-31", (1, 0), (33, 31)),
    ("32-32", "32-32", (0.5, 0.5), (32, 32)),
    ("64-0", "64-0", (1, 0), (64, 0)),
    (" 40 - 24 ", "40-24", (1, 0), (40, 24)),
    ("40:24", "40-24", (1, 0), (40, 24)),
    # empties go to the winner (default)
    ("30-20", "44-20", (1, 0), (44, 20)),
    ("13-0", "64-0", (1, 0), (64, 0)),
    ("20-30", "20-44", (0, 1), (20, 44)),
    ("30-30", "32-32", (0.5, 0.5), (32, 32)),
    ("31-30", "34-30", (1, 0), (34, 30)),
    ("2-2", "32-32", (0.5, 0.5), (32, 32)),
    # no discs recorded
    ("1-0", "1-0", (1, 0), None), ("0-1", "0-1", (0, 1), None),
    ("=", "1/2-1/2", (0.5, 0.5), None), ("1/2", "1/2-1/2", (0.5, 0.5), None),
])
def test_accepted(text, canon, outcome, discs):
    r = parse(text)
    assert (r.text, r.outcome, r.detail["discs"], r.forfeit) == (canon, outcome, discs, False)
    assert parse(r.text) == r
    assert parse(r.text, dict(r.detail)) == r  # read back with the round file's detail


@pytest.mark.parametrize("text,canon,outcome", [("+-", "+-", (1, 0)), ("-+", "-+", (0, 1)),
                                                ("--", "--", (0, 0))])
def test_forfeits(text, canon, outcome):
    r = parse(text)
    assert (r.text, r.outcome, r.forfeit, r.detail["discs"]) == (canon, outcome, True, None)


def test_empties_none_keeps_the_count():
    r = parse("30-20", empties="none")
    assert r.text == "30-20" and r.detail["discs"] == (30, 20) and r.outcome == (1, 0)
    assert parse(r.text, empties="none") == r


def test_too_many_discs():
    with pytest.raises(ResultError, match="othello discs 50-20 add up to 70; a board has 64"):
        parse("50-20")
    with pytest.raises(ResultError, match="add up to 65"):
        parse("33-32")


@pytest.mark.parametrize("text", ["", "40", "40-24-0", "B+", "a-b", "1000-1", "2-0", "1-1",
                                  "40--24"])
def test_refused(text):
    with pytest.raises(ResultError, match="othello"):
        parse(text)


def test_detail_must_match_text():
    with pytest.raises(ResultError, match=r"discs \[41, 23\] do not match the result 40-24"):
        parse("40-24", {"discs": [41, 23]})


def test_defaults_and_bye():
    assert P.standings.tiebreaks == ("BQ", "DISCS") and P.seats.policy == "balance"
    assert P.scoring.bye == 1 and P.pairing.round1 == "random"
    assert P.entry.bye_detail(S) == {"discs": (40, 24)}
    assert P.option(S, "bq_coefficient") == 6
    s = Settings("t", "othello", 13, options=validate_options("othello", {"bye_discs": [33, 31]}))
    assert P.entry.bye_detail(s) == {"discs": (33, 31)}


def test_options():
    assert validate_options("othello", {"bq_coefficient": 0}) == {"bq_coefficient": 0.0}
    assert validate_options("othello", {"empties": "None"}) == {"empties": "none"}
    with pytest.raises(SwissError, match="valid: winner, none"):
        validate_options("othello", {"empties": "loser"})
    with pytest.raises(SwissError, match="not a win"):
        validate_options("othello", {"bye_discs": [24, 40]})
    with pytest.raises(SwissError, match="64 squares"):
        validate_options("othello", {"bye_discs": [50, 24]})
    with pytest.raises(SwissError, match="two disc counts"):
        validate_options("othello", {"bye_discs": [40]})
    with pytest.raises(SwissError, match="0 or more"):
        validate_options("othello", {"bq_coefficient": -1})
    with pytest.raises(SwissError, match="not a number"):
        validate_options("othello", {"bq_coefficient": "six"})
