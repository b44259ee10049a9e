from fractions import Fraction

import pytest

from swisstui.core.errors import ResultError, SwissError
from swisstui.core.games import profile, validate_options
from swisstui.core.games.go import event_komi, format_margin, ing_result, margin_from_area, \
    parse_margin
from swisstui.core.model import Settings

P = profile("go")
S = Settings("t", "go", 5)
ING = Settings("t", "go", 5, options={"rules": "ing"})


def parse(text, extra=None, **options):
    return P.entry.parse(text, Settings("t", "go", 5, options=options), extra or {})


def ing(text, extra=None):
    return P.entry.parse(text, ING, extra or {})


@pytest.mark.parametrize("text,canon,outcome,winner,margin,reason,forfeit", [
    ("B+", "B+", (1, 0), "b", None, None, False),
    ("W+", "W+", (0, 1), "w", None, None, False),
    ("b+", "B+", (1, 0), "b", None, None, False),
    ("B+R", "B+R", (1, 0), "b", None, "R", False),
    ("b+r", "B+R", (1, 0), "b", None, "R", False),
    ("W+Resign", "W+R", (0, 1), "w", None, "R", False),
    ("W+T", "W+T", (0, 1), "w", None, "T", False),
    ("B+Time", "B+T", (1, 0), "b", None, "T", False),
    ("B+F", "B+F", (1, 0), "b", None, "F", True),
    ("W+F", "W+F", (0, 1), "w", None, "F", True),
    ("+-", "B+F", (1, 0), "b", None, "F", True),
    ("-+", "W+F", (0, 1), "w", None, "F", True),
    ("B+3.5", "B+3.5", (1, 0), "b", 3.5, None, False),
    ("B + 3.5", "B+3.5", (1, 0), "b", 3.5, None, False),
    ("W+0.5", "W+0.5", (0, 1), "w", 0.5, None, False),
    ("B+½", "B+0.5", (1, 0), "b", 0.5, None, False),
    ("B+3½", "B+3.5", (1, 0), "b", 3.5, None, False),
    ("B+3 1/2", "B+3.5", (1, 0), "b", 3.5, None, False),
    ("W+12.5", "W+12.5", (0, 1), "w", 12.5, None, False),
])
def test_accepted_japanese_komi_6_5(text, canon, outcome, winner, margin, reason, forfeit):
    r = parse(text)
    assert (r.text, r.outcome, r.forfeit) == (canon, outcome, forfeit)
    assert r.detail["winner"] == winner and r.detail["margin"] == margin
    assert r.detail["reason"] == reason and r.detail["komi"] == 6.5
    assert parse(r.text) == r
    assert parse(r.text, {k: v for k, v in r.detail.items() if v is not None}) == r


@pytest.mark.parametrize("text,canon,outcome,forfeit", [
    ("jigo!", "jigo!", (0.5, 0.5), True),
    ("0-0", "0-0", (0, 0), False), ("both lose", "0-0", (0, 0), False),
    ("0-0!", "0-0!", (0, 0), True), ("--", "0-0!", (0, 0), True),
    ("1-1", "1-1", (1, 1), False), ("1-1!", "1-1!", (1, 1), True),
])
def test_special_results(text, canon, outcome, forfeit):
    r = parse(text)
    assert (r.text, r.outcome, r.forfeit, r.detail["winner"]) == (canon, outcome, forfeit, None)
    assert parse(r.text) == r


@pytest.mark.parametrize("text", ["jigo", "=", "draw", "0", "Jigo"])
def test_jigo_with_whole_komi(text):
    r = parse(text, {"komi": 0})
    assert (r.text, r.outcome, r.detail["margin"], r.detail["komi"]) == ("jigo", (0.5, 0.5),
                                                                        0.0, 0.0)
    assert parse(r.text, {"komi": 0}) == r
    assert parse(text, komi=7).text == "jigo"


def test_margin_must_fit_komi():
    with pytest.raises(ResultError, match=r"Black cannot win by 3 with komi 6.5: .*must end in "
                                          r"\.5"):
        parse("B+3")
    with pytest.raises(ResultError, match="jigo is impossible with komi 6.5"):
        parse("jigo")
    with pytest.raises(ResultError, match="must be whole points"):
        parse("W+2.5", {"komi": 0})
    assert parse("W+2", {"komi": 0}).detail["margin"] == 2.0
    assert parse("B+2", komi=7).text == "B+2"
    assert parse("B+7.5", rules="chinese").detail["komi"] == 7.5
    with pytest.raises(ResultError, match="zero margin; that is jigo"):
        parse("B+0", {"komi": 0})
    with pytest.raises(ResultError, match="only under Ing rules"):
        parse("B+1 5/6")


@pytest.mark.parametrize("text", ["", "B", "B+X", "B+3.5.5", "X+3", "B-3", "1-0", "0-1",
                                  "B+R3", "B+-3", "B+1 1/2 1/2", "B+3 3/2", "B+1/0", "?",
                                  "B+3 .5"])
def test_refused(text):
    with pytest.raises(ResultError, match="go result .* not understood"):
        parse(text)


def test_ing_grammar():
    r = ing("B+1 5/6")
    assert r.detail["margin"] == pytest.approx(11 / 6) and r.detail["komi"] == 8
    assert r.text == "B+1 5/6"
    assert ing("B+1+5/6") == r == ing("b+1⅚")
    assert ing("W+5/6").text == "W+5/6"
    assert ing("B+3").text == "B+3" and ing("B+0").text == "B+0"
    assert ing(r.text, {k: v for k, v in r.detail.items() if v is not None}) == r
    with pytest.raises(ResultError, match="Black wins a tie"):
        ing("jigo")
    with pytest.raises(ResultError, match="Black wins a tie"):
        ing("W+0")


def test_ing_calculator_seed_004():
    # Cho Hun-hyun (Black) vs Kobayashi Koichi, 1st Ing Cup: 9 points on the board plus
    # 1/2 + 1/3 of shared seki points, komi 8 → Black wins by 1 5/6 (docs/RULES.md §8.4).
    r = ing_result(9 + Fraction(1, 2) + Fraction(1, 3))
    assert r.text == "B+1 5/6" and r.outcome == (1, 0)
    assert r.detail["margin"] == pytest.approx(11 / 6) and r.detail["komi"] == 8
    assert ing_result("9 5/6") == r
    assert ing_result(9.5).text == "B+1.5"
    # the result text is an ordinary Ing result and round-trips through the grammar
    assert ing(r.text, {k: v for k, v in r.detail.items() if v is not None}) == r


def test_ing_calculator_ties_and_penalties():
    assert ing_result(8).text == "B+0"  # Black wins a tie: effective komi 7.5
    assert ing_result(7).text == "W+1"
    assert ing_result(-3).text == "W+11"
    assert ing_result(11).text == "B+3"  # the odd margin of a normal Ing game
    # one extension for Black: 2 points to White
    r = ing_result(9, black_extensions=1)
    assert (r.text, r.detail["penalties"]) == ("W+1", (2.0, 0.0))
    assert ing_result(9, black_extensions=3).text == "W+5"
    assert ing_result(1, white_extensions=3).text == "W+1"
    assert ing_result(3, white_extensions=3).text == "B+1"
    # penalties offset when both use overtime
    r = ing_result(11, black_extensions=2, white_extensions=2)
    assert (r.text, r.detail["penalties"]) == ("B+3", (4.0, 4.0))
    # a fourth extension (running past the third) loses on time
    r = ing_result(30, black_extensions=4)
    assert (r.text, r.outcome, r.detail["reason"], r.detail["winner"]) == ("W+T", (0, 1), "T",
                                                                             "w")
    assert ing_result(-30, white_extensions=4).text == "B+T"
    assert ing("W+T", {"penalties": [6, 0]}).detail["penalties"] == (6.0, 0.0)
    with pytest.raises(ResultError, match="both players cannot lose on time"):
        ing_result(0, black_extensions=4, white_extensions=4)
    with pytest.raises(ResultError, match="0 to 3"):
        ing_result(0, black_extensions=5)
    with pytest.raises(ResultError, match="must be a number"):
        ing_result("nine")
    assert ing_result(9, komi=6).text == "B+3"


def test_penalties_and_handicap_extra():
    r = ing("W+1", {"penalties": [2, 0]})
    assert r.detail["penalties"] == (2.0, 0.0)
    with pytest.raises(ResultError, match="0, 2, 4 or 6"):
        ing("W+1", {"penalties": [3, 0]})
    with pytest.raises(ResultError, match="0, 2, 4 or 6"):
        ing("W+1", {"penalties": [8, 0]})
    assert parse("W+R", {"handicap": 3, "komi": 0.5}).detail["handicap"] == 3
    with pytest.raises(ResultError, match="0 to 9 stones"):
        parse("W+R", {"handicap": 12})
    with pytest.raises(ResultError, match="komi"):
        parse("W+R", {"komi": "abc"})


def test_detail_must_match_text():
    with pytest.raises(ResultError, match="winner 'w' does not match the result B\\+3.5"):
        parse("B+3.5", {"winner": "w"})
    with pytest.raises(ResultError, match="margin 2.5 does not match"):
        parse("B+3.5", {"margin": 2.5})


def test_margin_helpers():
    assert parse_margin("1 5/6") == Fraction(11, 6) == parse_margin("1⅚")
    assert parse_margin("-3", signed=True) == -3
    assert format_margin(Fraction(11, 6)) == "1 5/6"
    assert format_margin(Fraction(1, 3)) == "1/3"
    assert format_margin(3.5) == "3.5" and format_margin(4) == "4"
    assert format_margin(11 / 6) == "1 5/6"
    assert margin_from_area(185) == 9  # 185 vs 176 of 361 points


def test_defaults():
    assert P.standings.tiebreaks == ("WINS", "SOS", "SOSOS", "SODOS") and P.pairing.system == "swiss"
    assert P.tiebreaks_for("mcmahon") == ("MMS", "SOSM", "SOSOSM")
    assert P.tiebreaks_for("swiss") == P.standings.tiebreaks
    assert P.scoring.win == 1 and P.scoring.draw == 0.5 and P.scoring.bye == 1
    assert P.seats.policy == "balance"
    assert event_komi(S) == 6.5 and event_komi(ING) == 8
    assert event_komi(Settings("t", "go", 5, options={"rules": "chinese"})) == 7.5
    assert event_komi(Settings("t", "go", 5, options={"rules": "aga", "komi": 5.5})) == 5.5
    assert P.option(S, "mcmahon_bar") == "4d" and P.option(S, "mcmahon_floor") == "20k"
    assert P.option(S, "absent_mms") == 0.5 and P.option(S, "round_down") is True


def test_options():
    assert validate_options("go", {"rules": "Taiwan", "komi": 8}) == {"rules": "ing",
                                                                      "komi": 8.0}
    assert validate_options("go", {"mcmahon_bar": "3 dan", "mcmahon_floor": "15 kyu"}) == {
        "mcmahon_bar": "3d", "mcmahon_floor": "15k"}
    with pytest.raises(SwissError, match="valid: japanese, chinese, ing, aga, korean"):
        validate_options("go", {"rules": "nz"})
    with pytest.raises(SwissError, match="whole or half number"):
        validate_options("go", {"komi": 6.3})
    with pytest.raises(SwissError, match="malformed rank"):
        validate_options("go", {"mcmahon_bar": "strong"})
    with pytest.raises(SwissError, match="outside 10k–9d"):
        validate_options("go", {"mcmahon_bar": "15k"})
    with pytest.raises(SwissError, match="bar 10k is below the floor 5k"):
        validate_options("go", {"mcmahon_bar": "10k", "mcmahon_floor": "5k"})
    with pytest.raises(SwissError, match="outside 30k–1d"):
        validate_options("go", {"mcmahon_floor": "2d"})
    with pytest.raises(SwissError, match="valid: 0.0, 0.5, 1.0"):
        validate_options("go", {"absent_mms": 0.25})
    with pytest.raises(SwissError, match="unknown go option 'bye_discs'"):
        validate_options("go", {"bye_discs": [40, 24]})


def test_sos_unplayed_half_option():
    assert P.option(S, "sos_unplayed_half") is False
    assert validate_options("go", {"sos_unplayed_half": True}) == {"sos_unplayed_half": True}
    with pytest.raises(SwissError, match="sos_unplayed_half: 'yes' is not true or false"):
        validate_options("go", {"sos_unplayed_half": "yes"})
    with pytest.raises(SwissError, match="sos_unplayed_half: 1 is not true or false"):
        validate_options("go", {"sos_unplayed_half": 1})
    from swisstui.core.settings import make_settings

    assert make_settings("go", "G", 5).options["sos_unplayed_half"] is False
    assert make_settings("go", "G", 5,
                         options={"sos_unplayed_half": True}).options["sos_unplayed_half"]


@pytest.mark.parametrize("text,canon,penalties", [
    ("ing 9 5/6", "B+1 5/6", None),  # docs/RULES.md §8.4
    ("ing 9⅚", "B+1 5/6", None),
    ("ing 8", "B+0", None),
    ("ing -3", "W+11", None),
    ("ing 9 ext 1-0", "W+1", (2.0, 0.0)),
    ("ING 11 ext 2-2", "B+3", (4.0, 4.0)),
    ("ing 3 ext 0-3", "B+1", (0.0, 6.0)),
    ("ing 30 ext 4-0", "W+T", (6.0, 0.0)),
])
def test_ing_calculator_notation(text, canon, penalties):
    r = ing(text)
    assert r.text == canon and r.detail["penalties"] == penalties and r.detail["komi"] == 8
    stored = {k: v for k, v in r.detail.items() if v is not None}
    assert ing(r.text, stored) == r


def test_ing_calculator_notation_refused():
    with pytest.raises(ResultError, match="Ing-rules events only .* japanese rules"):
        parse("ing 9")
    with pytest.raises(ResultError, match="0 to 3"):
        ing("ing 9 ext 5-0")
    with pytest.raises(ResultError, match="penalties .* do not match"):
        ing("ing 9 ext 1-0", {"penalties": [0, 2]})
    with pytest.raises(ResultError, match="not understood"):
        ing("ing x")


def test_typed_extras_as_text():
    r = ing("W+1", {"penalties": "2,0", "komi": "8", "handicap": "0"})
    assert r.detail["penalties"] == (2.0, 0.0) and r.detail["komi"] == 8
    assert r.detail["handicap"] == 0
    with pytest.raises(ResultError, match="two numbers"):
        ing("W+1", {"penalties": "2"})


def test_margin_at_most_the_board_plus_komi():
    """QA bug 5: a 19×19 margin is at most 361 + komi (komi 6.5 → 367.5)."""
    assert parse("W+367.5").text == "W+367.5"
    assert parse("B+360.5").text == "B+360.5"
    for text in ("W+368.5", "B+99999999999999999999999.5"):
        with pytest.raises(ResultError, match=r"more than a 19×19 board allows \(367.5 with "
                                              r"komi 6.5\)"):
            parse(text)
    assert parse("B+368", komi=7).text == "B+368"
    with pytest.raises(ResultError, match="368"):
        parse("B+369", komi=7)
