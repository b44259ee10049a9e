"""The rating report (issue 36 items 4-5, core/rating_report.py): golden values worked by hand
from the published texts — FIDE B.02 (2024) table 8.1(b), K and the 400-point rule, FIDE B.01
title norms; the EGD's 2021 formula; the Japanese rank certificates."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from swisstui.core import rating_report as rr
from swisstui.core.model import Board, Event, Player, Result, Round
from swisstui.core.prizes import line_text
from swisstui.core.standings.ratings import expected
from test_standings_build import build


def text(line) -> str:
    return line_text(line, lambda t: t)


# ---- FIDE B.02 table 8.1(b): the published rows --------------------------------------------

@pytest.mark.parametrize("diff, p", [
    (0, 0.50), (3, 0.50), (4, 0.51), (10, 0.51), (11, 0.52), (17, 0.52), (18, 0.53),
    (198, 0.76), (206, 0.76), (375, 0.91), (391, 0.91), (392, 0.92), (411, 0.92),
    (620, 0.99), (735, 0.99), (736, 1.00), (-4, 0.49), (-392, 0.08), (-736, 0.0)])
def test_fide_table_8_1b_rows(diff, p):
    """Rows of the table as FIDE prints them: 0-3 .50, 4-10 .51, 11-17 .52, 18-25 .53,
    198-206 .76, 375-391 .91, 392-411 .92, 620-735 .99, over 735 1.00; below zero the
    'L' column (1 − H)."""
    assert expected(diff) == pytest.approx(p)


def test_the_400_point_rule_counts_a_bigger_difference_as_400():
    # 600 points apart: counted as 400 -> We 0.92 (row 392-411), not 0.98 (row 560-619)
    assert rr.fide_expected(2000, 1400) == (pytest.approx(0.92), 400)
    assert rr.fide_expected(1400, 2000) == (pytest.approx(0.08), -400)
    assert rr.fide_expected(1800, 1600) == (pytest.approx(0.76), 200)


def test_k_factors_and_the_700_cap():
    y = 2026
    assert rr.fide_k(Player(1, "a", rating=2250, birth="2008"), y)[0] == 40  # 18 this year
    assert rr.fide_k(Player(1, "a", rating=2250, birth="2007-05-01"), y)[0] == 20  # 19
    assert rr.fide_k(Player(1, "a", rating=2300, birth="2012"), y)[0] == 20  # not under 2300
    assert rr.fide_k(Player(1, "a", rating=2399), y)[0] == 20
    assert rr.fide_k(Player(1, "a", rating=2400), y)[0] == 10
    k, why = rr.fide_k(Player(1, "a", rating=1500), y, given=40)
    assert (k, text(why)) == (40, "K 40: given by the director")
    # K × n may not exceed 700: the largest whole K that keeps it
    assert rr.fide_capped_k(40, 17) == 40  # 680
    assert rr.fide_capped_k(40, 18) == 38  # 720 > 700; 38 × 18 = 684
    assert rr.fide_capped_k(20, 36) == 19  # 720 > 700; 19 × 36 = 684


def test_half_up_rounds_a_half_up_whatever_the_sign():
    assert [rr.half_up(x) for x in (2.5, -2.5, -2.6, 12.49, -12.0)] == [3, -2, -3, 12, -12]


def _fide_event(players, rounds):
    ev = build("chess", players, rounds)
    return replace(ev, settings=replace(ev.settings, date_start="2026-03-01"))


RATED = [Player(1, "A", rating=2000), Player(2, "B", rating=1800),
         Player(3, "C", rating=1600), Player(4, "D", rating=1400, birth="2010")]
ROUNDS = [[(1, 4, "1-0"), (2, 3, "=")], [(1, 3, "="), (4, 2, "0-1")],
          [(1, 2, "="), (3, 4, "1-0")]]


def test_fide_rating_change_of_a_tiny_event_worked_by_hand():
    """Four players, every pair once (A 2000, B 1800, C 1600, D 1400 born 2010):

    A: beat D (600 apart, counted 400: We .92), drew C (400: .92), drew B (200: .76):
       W 2, We 2.60, K 20 -> 20 × (2 − 2.60) = −12.00 -> −12, 1988.
    B: drew C (200: .76), beat D (400: .92), drew A (−200: .24): W 2, We 1.92 -> +1.60 -> +2.
    C: drew B (−200: .24), drew A (−400: .08), beat D (200: .76): W 2, We 1.08 -> +18.40.
    D: 16 in 2026 and under 2300: K 40; lost to A (.08), B (.08), C (.24): We 0.40 -> −16.
    Performances are the TPR tie-break's (tests/core/test_prizes_performance.py): A 1725,
    B 1792, C 1858, D 1000; ARO A (1400 + 1600 + 1800) / 3 = 1600.
    """
    rep = rr.rating_report(_fide_event(RATED, ROUNDS))
    assert rep.system == "fide" and rep.after_round == 3
    got = {p.id: (p.games, p.score, round(p.expected, 2), p.k, round(p.change, 2),
                  p.change_rounded, p.new_rating, p.performance) for p in rep.players}
    assert got == {1: (3, 2.0, 2.60, 20, -12.00, -12, 1988.0, 1725),
                   2: (3, 2.0, 1.92, 20, 1.60, 2, 1802.0, 1792),
                   3: (3, 2.0, 1.08, 20, 18.40, 18, 1618.0, 1858),
                   4: (3, 0.0, 0.40, 40, -16.00, -16, 1384.0, 1000)}
    a = rep.players[0]
    assert a.average_opponent == 1600
    assert [(g.round, g.opponent, g.counted, g.expected) for g in a.lines] == [
        (1, 4, 400, pytest.approx(0.92)), (2, 3, 400, pytest.approx(0.92)),
        (3, 2, 200, pytest.approx(0.76))]
    assert text(rep.players[3].k_reason) == \
        "K 40: 18 or younger this year (born 2010), rated under 2300"
    assert rep.players[3].norms == ()  # 3 games: no norm check


def test_unrated_players_are_not_rated_and_their_games_not_counted():
    ev = _fide_event([Player(1, "A", rating=2000), Player(2, "E")], [[(1, 2, "1-0")]])
    a, e = rr.rating_report(ev).players
    assert (a.games, a.change, a.new_rating) == (0, 0.0, 2000.0)
    assert [text(n) for n in a.notes] == ["games against unrated opponents, not rated: 1"]
    assert (e.rating, e.change, e.games, e.score) == (None, None, 1, 0.0)
    assert "an initial rating needs games against rated opponents" in text(e.notes[0])


def test_forfeits_and_byes_are_not_rated():
    ev = _fide_event(RATED, [[(1, 4, "+-"), (2, 3, "1-0")]])
    got = {p.id: (p.games, p.change_rounded) for p in rr.rating_report(ev).players}
    # B beat C (200 apart: We .76): 20 × .24 = 4.8 -> 5; A and D's forfeit is not rated
    assert got == {1: (0, 0), 2: (1, 5), 3: (1, -5), 4: (0, 0)}


# ---- FIDE B.01 title norms ------------------------------------------------------------------

def _opponents():
    """Nine opponents (rating, title, federation) and the points scored, 6½ in all."""
    rows = [(2500, "GM", "GER", 1), (2520, "GM", "FRA", 0.5), (2480, "GM", "ESP", 0.5),
            (2400, "IM", "NED", 1), (2380, "IM", "ENG", 0.5), (2300, "FM", "ENG", 1),
            (2250, None, "ENG", 1), (2200, None, "BEL", 0), (1900, None, "ENG", 1)]
    return [(Player(10 + i, f"O{i}", rating=r, title=t, country=f), s)
            for i, (r, t, f, s) in enumerate(rows)]


SEEKER = Player(1, "X", rating=2380, title="FM", country="ENG", sex="m")


def test_im_norm_reached_with_each_line_of_the_calculation():
    """IM norm: 9 games; title-holders 6 of 9 (GM×3, IM×2, FM); GM or IM 5 (≥ 3); ENG 4 of 9
    (≤ 3/5 = 5.4), at most 4 from one federation (≤ 6), 5 other federations; the 1900
    raised to the IM floor 2050: 2500 + 2520 + 2480 + 2400 + 2380 + 2300 + 2250 + 2200 + 2050
    = 21080, / 9 = 2342.2 -> 2342 (≥ 2230); 6½ of 9 (≥ 35 %); p = 0.72, dp 166: 2342 + 166
    = 2508 ≥ 2450.  Points needed: 6 (6/9 = .67, dp 125: 2467; 5½: .61, dp 80: 2422)."""
    im = rr.norm_check(rr.NORMS[1], SEEKER, _opponents())
    assert im.reached
    assert [text(x) for x in im.lines] == [
        "games: 9 (at least 9): met",
        "title-holders: 6 of 9 (at least half, 5): met",
        "GM/IM: 5 (at least a third, three at least: 3): met",
        "from the player's federation ENG: 4 of 9 (at most 3/5, 5): met",
        "most from one federation: 4 of 9 (at most 2/3, 6): met",
        "federations other than the player's: 5 (at least 2): met",
        "unrated opponents: 0 of 9 (at most 1/5, 1): met",
        "the lowest-rated opponent raised from 1900 to the floor 2050",
        "rating average: 21080 / 9 = 2342 (at least 2230): met",
        "score: 6.5 of 9 (at least 35 %): met",
        "performance: 2342 + dp(0.72) +166 = 2508 (at least 2450): met",
        "points needed for 2450 over these opponents: 6",
    ]


def test_gm_norm_not_reached_average_and_performance_named():
    """GM norm: the floor is 2200, so 21230 / 9 = 2358.9 -> 2359 < 2380; 2359 + 166 = 2525
    < 2600; 7½ needed (7½/9 = .83, dp 273: 2632; 7: .78, dp 220: 2579)."""
    gm = rr.norm_check(rr.NORMS[0], SEEKER, _opponents())
    assert not gm.reached
    lines = [text(x) for x in gm.lines]
    assert "GM: 3 (at least a third, three at least: 3): met" in lines
    assert "rating average: 21230 / 9 = 2359 (at least 2380): not met" in lines
    assert "performance: 2359 + dp(0.72) +166 = 2525 (at least 2600): not met" in lines
    assert lines[-1] == "points needed for 2600 over these opponents: 7.5"


def test_norm_federation_and_title_holder_limits():
    # six of nine from the player's federation (> 3/5) and only one other federation
    met = [(replace(o, country="ENG" if i < 6 else "GER"), s)
           for i, (o, s) in enumerate(_opponents())]
    lines = [text(x) for x in rr.norm_check(rr.NORMS[1], SEEKER, met).lines]
    assert "from the player's federation ENG: 6 of 9 (at most 3/5, 5): not met" in lines
    assert "federations other than the player's: 1 (at least 2): not met" in lines
    # untitled opponents: fewer than half title-holders; an unrated one counts 1400
    met = [(replace(o, title=None, rating=None if i == 8 else o.rating), s)
           for i, (o, s) in enumerate(_opponents())]
    lines = [text(x) for x in rr.norm_check(rr.NORMS[1], SEEKER, met).lines]
    assert "title-holders: 0 of 9 (at least half, 5): not met" in lines
    assert "unrated opponents: 1 of 9 (at most 1/5, 1): met" in lines
    assert "1 unrated opponent(s) counted 1400" in lines
    assert "the lowest-rated opponent raised from 1400 to the floor 2050" in lines


def test_norm_refused_with_two_unrated_opponents_of_nine():
    met = [(replace(o, rating=None if i >= 7 else o.rating), s)
           for i, (o, s) in enumerate(_opponents())]
    norm = rr.norm_check(rr.NORMS[1], SEEKER, met)
    assert "unrated opponents: 2 of 9 (at most 1/5, 1): not met" in [text(x) for x in norm.lines]
    assert not norm.reached


def test_norms_checked_only_for_titles_not_held_and_from_nine_games():
    players = [SEEKER] + [o for o, _ in _opponents()]
    rounds = [[(1, o.id, "1-0" if s == 1 else "=" if s == 0.5 else "0-1")]
              for o, s in _opponents()]
    rep = rr.rating_report(_fide_event(players, rounds))
    x = rep.players[0]
    assert [(n.title, n.reached) for n in x.norms] == [("GM", False), ("IM", True)]
    im = replace(SEEKER, title="IM", sex="f")
    rep = rr.rating_report(_fide_event([im] + players[1:], rounds))
    assert [n.title for n in rep.players[0].norms] == ["GM", "WGM"]


# ---- EGD -------------------------------------------------------------------------------------

def test_egd_formula_worked_by_hand():
    """r = 2100: con = (1200 / 200) ^ 1.6 = 6 ^ 1.6 = 17.5809; bonus = ln(1 + e^2.5) / 5 =
    0.5158.  A win against 2100 (Se ½): 17.5809 × ½ + 0.5158 = +9.306 (2109.306)."""
    assert rr.egd_con(2100) == pytest.approx(6 ** 1.6) == pytest.approx(17.5809, abs=1e-4)
    assert rr.egd_bonus(2100) == pytest.approx(math.log(1 + math.exp(2.5)) / 5)
    assert rr.egd_bonus(2100) == pytest.approx(0.5158, abs=1e-4)
    assert rr.egd_expected(2100, 2100) == pytest.approx(0.5)
    # exp(β(r2) − β(r1)) = ((3300 − r1) / (3300 − r2)) ^ 7
    assert rr.egd_expected(2050, 2100) == pytest.approx(1 / (1 + (1250 / 1200) ** 7))
    assert rr.egd_expected(2050, 2100) == pytest.approx(0.4290, abs=1e-4)


def test_egd_ratings_from_ranks():
    gor = [rr.egd_rating(Player(1, "a", rank=r)) for r in ("1d", "1k", "20k", "6d", "1p", "3p")]
    assert gor == [2100, 2000, 100, 2600, 2700, 2760]
    assert rr.egd_rating(Player(1, "a", rating=2345, rank="3d")) == 2345
    assert rr.egd_rating(Player(1, "a")) is None


def _go(players, boards_by_round):
    ev = build("go", players, [[] for _ in boards_by_round])
    rounds = tuple(Round(n, tuple(bs)) for n, bs in enumerate(boards_by_round, 1))
    return Event(ev.settings, ev.players, rounds)


def test_egd_estimate_of_an_even_and_a_handicap_game():
    """Even: 2100 beats 2100: +9.306 each way the winner, the loser 17.5809 × (0 − ½) +
    0.5158 = −8.275.  Handicap: Black 1800 (1800 + 100 × 2.5 = 2050 with 3 stones) loses to
    White 2100: Black's Se = 0.4290, con(1800) = 7.5 ^ 1.6 = 25.1, bonus(1800) = ln(1 +
    e^6.25) / 5 = 1.2504: 25.1 × (0 − 0.4290) + 1.2504 ≈ −9.52."""
    win = Result("B+R", (1.0, 0.0))
    lose_h3 = Result("W+R", (0.0, 1.0), detail={"handicap": 3})
    players = [Player(1, "A", rating=2100), Player(2, "B", rating=2100),
               Player(3, "C", rating=1800), Player(4, "D", rating=2100)]
    ev = _go(players, [[Board(1, (1, 2), win), Board(2, (3, 4), lose_h3)]])
    rep = rr.rating_report(ev)
    assert rep.system == "egd"
    got = {p.id: p for p in rep.players}
    assert got[1].change == pytest.approx(17.5809 / 2 + 0.5158, abs=1e-3)
    assert got[1].new_rating == pytest.approx(2109.306, abs=1e-3)
    assert got[2].change == pytest.approx(-17.5809 / 2 + 0.5158, abs=1e-3)
    c = got[3]
    assert c.lines[0].handicap == 3 and c.lines[0].expected == pytest.approx(0.4290, abs=1e-4)
    con = 7.5 ** 1.6
    bonus = math.log(1 + math.exp(6.25)) / 5
    assert c.change == pytest.approx(con * -0.4290 + bonus, abs=1e-2)
    assert got[4].lines[0].handicap == -3
    assert got[4].lines[0].expected == pytest.approx(1 - 0.4290, abs=1e-4)


def test_rank_certificates_four_nil_promotes_three_wins_confirm():
    players = [Player(1, "A", rank="2k"), Player(2, "B", rank="1k"), Player(3, "C", rank="3d"),
               Player(4, "D", rank="5k"), Player(5, "E", rank="1k")]
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 5, "1-0")],
              [(1, 4, "1-0"), (3, 5, "1-0")], [(1, 5, "1-0"), (3, 2, "1-0")]]
    rep = rr.rating_report(build("go", players, rounds))
    got = {p.id: p.certificate and text(p.certificate) for p in rep.players}
    # A 4-0; C won 3 of 4; B won 1: nothing; 1k promotes to 1d
    assert got == {1: "4-0: promotion from 2k to 1k", 2: None, 3: "3 wins: 3d confirmed",
                   4: None, 5: None}
    one_k = rr.rating_report(build("go", [replace(players[0], rank="1k")] + players[1:],
                                   rounds))
    assert text(one_k.players[0].certificate) == "4-0: promotion from 1k to 1d"


# ---- Othello, Renju ------------------------------------------------------------------------

@pytest.mark.parametrize("game, rounds", [
    ("othello", [[(1, 2, "40-24")]]), ("renju", [[(1, 2, "1-0")]])])
def test_whole_history_games_get_the_performance_only(game, rounds):
    ev = build(game, [Player(1, "A", rating=1600), Player(2, "B", rating=1500)], rounds)
    rep = rr.rating_report(ev)
    assert rep.system == "whole-history"
    assert "whole-history method" in text(rep.notes[0])
    a = rep.players[0]
    # TPR: ARO 1500 + dp(1.00) 800
    assert (a.performance, a.average_opponent, a.change, a.k) == (2300, 1500, None, None)


def test_four_wins_with_a_loss_confirm_and_do_not_promote():
    players = [Player(1, "A", rank="2k")] + [Player(i, f"P{i}", rank="3k") for i in range(2, 7)]
    rounds = [[(1, i, "1-0" if i < 6 else "0-1")] for i in range(2, 7)]  # 4 wins, 1 loss
    rep = rr.rating_report(build("go", players, rounds))
    assert text(rep.players[0].certificate) == "4 wins: 2k confirmed"


def test_rank_certificate_kind_in_json():
    players = [Player(1, "A", rank="2k")] + [Player(i, f"P{i}", rank="3k") for i in range(2, 6)]
    rounds = [[(1, i, "1-0")] for i in range(2, 6)]
    doc = rr.rating_report(build("go", players, rounds)).as_json()
    a = doc["players"][0]
    assert (a["certificate"], a["certificate_kind"]) == ("4-0: promotion from 2k to 1k",
                                                         "promotion")
    assert doc["players"][1]["certificate_kind"] is None


def test_magic_gets_the_performance_without_the_whole_history_note():
    ev = build("magic", [Player(1, "A", rating=1600), Player(2, "B", rating=1500)],
               [[(1, 2, "2-1")]])
    rep = rr.rating_report(ev)
    assert (rep.system, rep.notes) == ("performance", ())
    assert rep.players[0].performance == 2300
