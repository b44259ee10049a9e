"""All five profiles: shape, examples valid under the defaults, property round trips."""


import pytest
from hypothesis import given, settings, strategies as st

from swisstui.core.errors import SwissError
from swisstui.core.games import GAMES, profile, validate_options
from swisstui.core.games.go import format_margin, parse_margin
from swisstui.core.model import Settings


@pytest.mark.parametrize("game", GAMES)
def test_profile_shape_and_examples(game):
    p = profile(game)
    assert p.name == game and p.entry.parse is not None and p.entry.examples and p.entry.notations
    assert p.standings.tiebreaks and p.pairing.system in ("swiss", "mcmahon", "roundrobin", "dutch")
    s = Settings("t", game, 5)
    for text in p.entry.examples:
        r = p.entry.parse(text, s, {})
        assert p.canonical(r.text, s) == r.text
        assert p.format(r) == r.text
        assert set(r.detail) <= set(p.entry.detail_keys)
        assert all(o in (0, 0.5, 1) for o in r.outcome)
    # the defaults themselves are valid options
    assert validate_options(game, p.default_options()) == p.default_options()
    with pytest.raises(SwissError, match=f"unknown {game} option 'nonsense'"):
        validate_options(game, {"nonsense": 1})


def test_default_tiebreak_codes():
    assert {g: profile(g).standings.tiebreaks for g in GAMES} == {
        "chess": ("BH-C1", "BH", "SB", "DE", "WIN"),
        "go": ("WINS", "SOS", "SOSOS", "SODOS"),
        "othello": ("BQ", "DISCS"),
        "magic": ("OMW", "GW", "OGW"),
        "renju": ("BH", "SB", "DE"),
    }


ING = Settings("t", "go", 5, options={"rules": "ing"})


@settings(max_examples=150, deadline=None)
@given(st.fractions(min_value=0, max_value=369, max_denominator=12), st.sampled_from("BW"))
def test_go_ing_margins_round_trip(m, side):
    """Margins up to the board (361 + Ing komi 8: QA bug 5) read back as written."""
    if m == 0 and side == "W":
        return
    text = f"{side}+{format_margin(m)}"
    assert parse_margin(format_margin(m)) == m
    r = profile("go").entry.parse(text, ING, {})
    assert r.text == text and r.detail["margin"] == pytest.approx(float(m))
    assert profile("go").entry.parse(r.text, ING, {k: v for k, v in r.detail.items()
                                             if v is not None}) == r


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 64), st.integers(0, 64), st.sampled_from(["winner", "none"]))
def test_othello_discs(a, b, empties):
    s = Settings("t", "othello", 5, options={"empties": empties})
    p = profile("othello")
    if a + b > 64:
        with pytest.raises(SwissError, match="a board has 64 squares"):
            p.entry.parse(f"{a}-{b}", s, {})
        return
    if a + b < 4:
        return
    r = p.entry.parse(f"{a}-{b}", s, {})
    x, y = r.detail["discs"]
    assert (x > y, x < y) == (a > b, a < b)
    assert x + y == (64 if empties == "winner" else a + b)
    assert p.entry.parse(r.text, s, dict(r.detail)) == r


@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_magic_every_record(best_of):
    s = Settings("t", "magic", 5, options={"best_of": best_of})
    p = profile("magic")
    need = (best_of + 1) // 2
    ok = 0
    for a in range(0, 5):
        for b in range(0, 5):
            for d in range(0, 7):
                valid = (a <= need and b <= need and not (a == b == need)
                         and a + b + d > 0 and d <= max(3, best_of))
                text = f"{a}-{b}-{d}"
                if not valid:
                    with pytest.raises(SwissError):
                        p.entry.parse(text, s, {})
                    continue
                r = p.entry.parse(text, s, {})
                ok += 1
                assert r.detail["games"] == (a, b, d)
                assert r.outcome == ((1, 0) if a > b else (0, 1) if b > a else (0.5, 0.5))
                assert p.entry.parse(r.text, s, {}) == r
    assert ok > 0


def test_option_aliases_without_choices():
    from swisstui.core.games.base import Option
    opt = Option("x", str, None, aliases={"old": "new"})
    assert opt.validate("chess", "k", "OLD") == "new"
    assert opt.validate("chess", "k", "other") == "other"


def test_game_knowledge_in_the_profiles():
    """What used to sit in tables outside core/games (issue 10), now one attribute each."""
    def facts(g):
        p = profile(g)
        return (p.seats.names, p.seats.first_colour, p.seats.order_colours,
                p.seats.actual_black_key, p.seats.list_marks, p.seats.policy, p.seats.has_colours,
                p.printing.file_formats, p.printing.strength_column, p.ranks,
                p.pairing.avoid_geography, p.seats.colour_gap, p.pairing.handicap_option,
                p.seats.initial_colour_option, p.pairing.pab_bars_unplayed_win,
                p.pairing.pab_random_lowest, p.pairing.mcmahon_score, p.standings.unplayed_rules_option,
                p.entry.result_shows, p.simulation.draw_rate, p.simulation.rating)

    assert {g: facts(g) for g in GAMES} == {
        "chess": (("White", "Black"), "w", ("w", "b"), None, ("w", "b"), "fide", True,
                  ("trf",), "rating", False, False, None, None, "initial_colour", True,
                  False, None, "tiebreak_rules", (), 0.30, 1700),
        "go": (("Black", "White"), "b", ("b", "w"), None, ("b", "w"), "balance", True,
               ("h9", "aga"), "rank", True, True, None, "handicap", None, False, False, "MMS",
               None, (), 0.0, 2000),
        "othello": (("Black", "White"), "b", ("b", "w"), None, ("b", "w"), "balance", True,
                    ("wof",), "rating", False, True, 1, None, None, False, False, None, None,
                    (), 0.03, 1700),
        "magic": (("Player A", "Player B"), None, None, None, None, "none", False, (),
                  "rating", False, True, None, None, None, False, True, None, None, (),
                  0.06, 1700),
        "renju": (("Player 1", "Player 2"), None, None, "black", ("B?", "W?"), "recorded",
                  True, (), "rating", True, True, None, None, None, False, False, None, None,
                  ("black",), 0.05, 1700),
    }
    assert [bool(profile(g).entry.extras_help) for g in GAMES] == [False, True, False, True, True]
    assert all(profile(g).simulation.result is not None and profile(g).entry.example
               for g in GAMES)


def test_go_entry_example_follows_the_rule_set():
    go = profile("go")
    assert "ing 9 5/6" in go.entry.hint(Settings("t", "go", 5, options={"rules": "ing"}))
    assert go.entry.hint(Settings("t", "go", 5)) == go.entry.example
    assert "ing" not in go.entry.example


def test_magic_rounds_table():
    advise = profile("magic").pairing.rounds_advice
    assert [advise(n, 0)[:2] for n in (9, 16, 17, 409, 410)] == \
        [(5, 4), (5, 4), (5, 8), (9, 8), (10, 8)]
    assert advise(6, 3)[:2] == (3, None)
    assert profile("chess").pairing.rounds_advice is None
