import pytest

from swisstui.core.errors import ResultError, SwissError
from swisstui.core.games import profile
from swisstui.core.model import Settings

P = profile("chess")
S = Settings("t", "chess", 5)


def parse(text, **options):
    return P.entry.parse(text, Settings("t", "chess", 5, options=options), {})


@pytest.mark.parametrize("text,canon,outcome,forfeit", [
    ("1-0", "1-0", (1, 0), False),
    (" 1 - 0 ", "1-0", (1, 0), False),
    ("1–0", "1-0", (1, 0), False),
    ("0-1", "0-1", (0, 1), False),
    ("=", "1/2-1/2", (0.5, 0.5), False),
    ("½-½", "1/2-1/2", (0.5, 0.5), False),
    ("1/2", "1/2-1/2", (0.5, 0.5), False),
    ("1/2-1/2", "1/2-1/2", (0.5, 0.5), False),
    ("0.5-0.5", "1/2-1/2", (0.5, 0.5), False),
    ("+-", "+-", (1, 0), True),
    ("-+", "-+", (0, 1), True),
    ("--", "--", (0, 0), True),
])
def test_accepted(text, canon, outcome, forfeit):
    r = parse(text)
    assert r.text == canon
    assert r.outcome == outcome
    assert r.forfeit is forfeit
    assert dict(r.detail) == {}
    assert parse(r.text) == r  # canonical round trip
    assert r.text.isascii()


@pytest.mark.parametrize("text", ["", "2-0", "1-1", "0-0", "1", "W", "+", "++", "1-0-0",
                                  "1/3", "B+", "40-24", "½-0"])
def test_refused(text):
    with pytest.raises(ResultError, match="chess result"):
        parse(text)


def test_profile_defaults():
    assert P.scoring.win == 1 and P.scoring.draw == 0.5 and P.scoring.bye == 1
    assert P.standings.tiebreaks == ("BH-C1", "BH", "SB", "DE", "WIN")
    assert P.seats.policy == "fide" and P.pairing.system == "dutch"  # FIDE C.04.3 by default (issue 13)
    assert P.option(S, "tiebreak_rules") == "2023"
    assert P.option(S, "initial_colour") == "w"


def test_options_validation():
    assert P.validate_options({"tiebreak_rules": "PRE2023"}) == {"tiebreak_rules": "pre2023"}
    assert P.validate_options({"tiebreak_rules": "2026"}) == {"tiebreak_rules": "2026"}
    with pytest.raises(SwissError, match="valid: 2023, pre2023, 2026"):
        P.validate_options({"tiebreak_rules": "2017"})
    with pytest.raises(SwissError, match="unknown chess option 'komi'.*initial_colour"):
        P.validate_options({"komi": 6.5})


def test_validate_options_entry_point():
    from swisstui.core.games import validate_options
    assert validate_options("chess", {"initial_colour": "B"}) == {"initial_colour": "b"}
    with pytest.raises(SwissError, match="unknown game"):
        validate_options("draughts", {})
