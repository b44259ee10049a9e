"""Chess tie-breaks checked by hand (docs/RULES.md §5.2, §5.3): BH-C1 and SB with a forfeit, a
half-point bye and a withdrawal, both under the 2023/24 dummy-opponent rule and the pre-2023
virtual-opponent rule."""

import pytest

from swisstui.core.model import Player
from swisstui.core.standings import standings
from swisstui.core.standings.context import Context
from swisstui.core.standings.unplayed import adjusted_scores
from test_standings_build import build

# R1: 1 beats 2; 3 = 4; 5 wins by forfeit against 6.
# R2: 1 = 3; 5 beats 2; 4 beats 6.
# R3: 1 beats 5; 3 beats 2; 4 takes a half-point bye; 6 has withdrawn (from round 3).
# R4: 1 beats 4; 5 = 3; 2 gets the pairing-allocated bye.
ROUNDS = [
    [(1, 2, "1-0"), (3, 4, "="), (5, 6, "+-")],
    [(1, 3, "="), (2, 5, "0-1"), (6, 4, "0-1")],
    [(1, 5, "1-0"), (3, 2, "1-0"), ("bye", 4, "half")],
    [(4, 1, "0-1"), (5, 3, "="), ("bye", 2, "pairing")],
]
PLAYERS = [1, 2, 3, 4, 5, Player(6, "P6", withdrawn_from=3)]


def event(**options):
    return build("chess", PLAYERS, ROUNDS, options=options,
                 tiebreaks=("BH-C1", "BH", "SB", "DE", "WIN"))


def test_scores():
    st = standings(event())
    assert {r.player.id: r.score for r in st.rows} == {1: 3.5, 2: 1, 3: 2.5, 4: 2, 5: 2.5, 6: 0}


def test_adjusted_scores_2023():
    # 6's trailing withdrawal rounds count as draws (category 5); its forfeit loss stays 0;
    # 4's half-point bye is followed by a played round: real points.
    adj = adjusted_scores(Context(event()))
    assert adj == {1: 3.5, 2: 1, 3: 2.5, 4: 2, 5: 2.5, 6: 1.0}


def test_bh_c1_and_sb_2023_dummy_opponent():
    st = standings(event())
    v = {r.player.id: r.values for r in st.rows}
    # player 1: opponents 2 (1), 3 (2.5), 5 (2.5), 4 (2)
    assert v[1]["BH"] == 8 and v[1]["BH-C1"] == 7 and v[1]["SB"] == 6.75
    # player 2: 1 (3.5), 5 (2.5), 3 (2.5), PAB = dummy on own score 1 -> BH 9.5, cut the 1
    assert v[2]["BH"] == 9.5 and v[2]["BH-C1"] == 8.5 and v[2]["SB"] == 1
    # player 4: 3 (2.5), 6 (adjusted 1), half-bye dummy 2 (a VUR), 1 (3.5):
    # Cut-1 removes the VUR (2), not the lowest value (1)
    assert v[4]["BH"] == 9 and v[4]["BH-C1"] == 7 and v[4]["SB"] == 3.25
    # player 5: forfeit win = dummy 2.5, 2 (1), 1 (3.5), 3 (2.5)
    assert v[5]["BH"] == 9.5 and v[5]["BH-C1"] == 8.5 and v[5]["SB"] == 4.75
    # player 6: the dummy opponent scores 6's own points, 0 (not the adjusted 1.0, which
    # counts only as somebody's opponent): forfeit loss 0 (VUR), 4 (2), two withdrawn rounds
    # 0 (VURs); Cut-1 drops a VUR 0
    assert v[6]["BH"] == 2 and v[6]["BH-C1"] == 2 and v[6]["SB"] == 0
    assert v[3]["BH"] == 9 and v[3]["BH-C1"] == 8 and v[3]["SB"] == 5


def test_order_and_places():
    st = standings(event())
    # 3 and 5 tie on 2.5: BH-C1 8.5 (5) beats 8 (3)
    assert st.order() == [1, 5, 3, 4, 2, 6]
    assert [r.place for r in st.rows] == ["1", "2", "3", "4", "5", "6"]
    assert st.tiebreaks == ("BH-C1", "BH", "SB", "DE", "WIN")


def test_pre2023_virtual_opponent():
    st = standings(event(tiebreak_rules="pre2023"))
    v = {r.player.id: r.values for r in st.rows}
    # 5's forfeit win in round 1 of 4 with 0 points before: Svon = 0 + (1 - 1) + 0.5 * 3 = 1.5;
    # opponents' unplayed rounds count as draws: 2 -> 0.5 (its PAB), 1 -> 3.5, 3 -> 2.5
    assert v[5]["BH"] == pytest.approx(1.5 + 0.5 + 3.5 + 2.5)
    assert v[5]["SB"] == pytest.approx(1.5 * 1 + 0.5 * 1 + 0 + 2.5 * 0.5)


def test_rules_example_virtual_opponent():
    # docs/RULES.md §5.3: a no-show in round 3 of 9 with 1.5 points -> Svon = 5.5
    rounds = [[(1, 2, "1-0")], [(1, 2, "=")], [(1, 2, "-+")]] + [[(1, 2, "=")]] * 6
    ev = build("chess", [1, 2], rounds, options={"tiebreak_rules": "pre2023"})
    from swisstui.core.standings.unplayed import contributions

    row = contributions(Context(ev))[1]
    assert row[2][0] == 5.5


def test_counts_and_ratings():
    players = [Player(1, "A", rating=2000), Player(2, "B", rating=1800),
               Player(3, "C", rating=1600), Player(4, "D")]
    ev = build("chess", players, [[(1, 2, "1-0"), (3, 4, "+-")], [(3, 1, "1-0"), (2, 4, "=")]])
    st = standings(ev, chain="WIN,WON,BPG,BWG,PS,ARO,AROC1,TPR,KS,AOB")
    v = {r.player.id: r.values for r in st.rows}
    assert v[3]["WIN"] == 2 and v[3]["WON"] == 1  # the forfeit win counts for WIN only
    assert v[3]["BPG"] == 0 and v[1]["BPG"] == 1 and v[1]["BWG"] == 0
    assert v[3]["PS"] == 1 + 2 and v[1]["PS"] == 1 + 1
    assert v[1]["ARO"] == 1700 and v[1]["AROC1"] == 1800  # (1800 + 1600) / 2; cut 1600
    assert v[1]["TPR"] == 1700  # 50 %: dp 0
    assert v[3]["TPR"] == 2000 + 800  # one game, won
    # KS: opponents on >= 1 point (50 % of 2): 1 has 1, 3 has 2, 2 has 0.5, 4 has 0.5
    assert v[1]["KS"] == 0 and v[3]["KS"] == 1
    assert any("1 unrated player" in w for w in st.warnings)
    bh = {r.player.id: r.values["BH"] for r in standings(ev, chain="BH").rows}
    assert v[1]["AOB"] == pytest.approx((bh[2] + bh[3]) / 2)
    assert v[4]["AOB"] == bh[2]  # the forfeit is not a game over the board


def test_fore_buchholz_and_games_elected():
    st = standings(event(), chain="FB,GE,BH")
    v = {r.player.id: r.values for r in st.rows}
    # last round drawn: 1 -> 3, 4 -> 2.5, 5 -> 2.5, 3 -> 2.5; 2 keeps its PAB (1 point)
    # player 1: opponents 2 (1), 3 (2.5), 5 (2.5), 4 (2.5); the real BH is 8 (4 had 2)
    assert v[1]["FB"] == 1 + 2.5 + 2.5 + 2.5 and v[1]["BH"] == 8
    # player 6 (withdrawn): its dummy rounds score its own 0, its round-2 opponent 4 now has 2.5
    assert v[6]["FB"] == 0 + 2.5 + 0 + 0
    # GE: rounds minus VURs (4's half-point bye, 6's forfeit loss and two withdrawn rounds)
    assert {p: v[p]["GE"] for p in v} == {1: 4, 2: 4, 3: 4, 4: 3, 5: 4, 6: 1}


# ---- C.07 from 1 Mar 2026 (docs/RULES.md §5.3, a secondary source [S]): tiebreak_rules = "2026" ----


def test_2026_caps_a_forfeit_at_the_scheduled_opponents_adjusted_score():
    """The event above under the 2026 rule.  Adjusted scores are unchanged; only dummy
    opponents whose cap binds differ from 2023 (draw points × 4 rounds = 2)."""
    st = standings(event(tiebreak_rules="2026"))
    v = {r.player.id: r.values for r in st.rows}
    # player 5: forfeit win over 6: dummy min(own 2.5, 6's adjusted 1.0) = 1.0 (2023: 2.5)
    # BH 1 + 1 (2) + 3.5 (1) + 2.5 (3) = 8; Cut-1 (no VUR) drops a 1; SB 1×1 + 1×1 + 0 + 2.5×½
    assert (v[5]["BH"], v[5]["BH-C1"], v[5]["SB"]) == (8, 7, 3.25)
    # player 6: forfeit loss to 5: dummy min(own 0, 5's 2.5) = 0; the two withdrawn rounds:
    # min(0, 2) = 0.  "Own score" is the player's own points, as the 2023 dummy it caps.
    assert (v[6]["BH"], v[6]["BH-C1"], v[6]["SB"]) == (2, 2, 0)
    # player 4: half-point bye: min(2, 2) = 2 — the cap does not bind; no change from 2023
    assert (v[4]["BH"], v[4]["BH-C1"], v[4]["SB"]) == (9, 7, 3.25)
    for p, (bh, c1, sb) in {1: (8, 7, 6.75), 2: (9.5, 8.5, 1), 3: (9, 8, 5)}.items():
        assert (v[p]["BH"], v[p]["BH-C1"], v[p]["SB"]) == (bh, c1, sb)
    # 3 and 5 tie on 2.5: BH-C1 3 has 8 > 7 now (2023: 5 ahead with 8.5)
    assert st.order() == [1, 3, 5, 4, 2, 6]
    assert standings(event()).order() == [1, 5, 3, 4, 2, 6]


# A second event where every kind of unplayed round meets the cap.  4 rounds: cap = 2.
# R1: 1 beats 2; 3 beats 4; 5 beats 6.
# R2: 1 beats 5; 3 beats 6; 2 = 4.
# R3: 1 takes a half-point bye (then plays R4); 3 = 5; 2 beats 6; 4 gets the PAB.
# R4: 1 beats 4; 5 wins by forfeit against 2; 6 gets the PAB; 3 has withdrawn (from R4).
# Scores 1: 3.5, 2: 1.5, 3: 2.5, 4: 1.5, 5: 2.5, 6: 1.  Adjusted: 3's trailing withdrawn
# round counts as a draw -> 3.0; 2's last-round forfeit loss is not a requested bye -> 1.5.
ROUNDS_B = [
    [(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "1-0")],
    [(1, 5, "1-0"), (3, 6, "1-0"), (2, 4, "=")],
    [("bye", 1, "half"), (3, 5, "="), (2, 6, "1-0"), ("bye", 4, "pairing")],
    [(1, 4, "1-0"), (5, 2, "+-"), ("bye", 6, "pairing")],
]
PLAYERS_B = [1, 2, Player(3, "P3", withdrawn_from=4), 4, 5, 6]


def event_b(rules):
    return build("chess", PLAYERS_B, ROUNDS_B, options={"tiebreak_rules": rules},
                 tiebreaks=("BH-C1", "BH", "SB"))


def test_2026_against_2023_half_bye_withdrawal_and_forfeit():
    assert adjusted_scores(Context(event_b("2026"))) == {1: 3.5, 2: 1.5, 3: 3.0, 4: 1.5,
                                                         5: 2.5, 6: 1.0}
    by_rule = {}
    for rules in ("2023", "2026"):
        st = standings(event_b(rules))
        by_rule[rules] = {r.player.id: (r.values["BH"], r.values["BH-C1"], r.values["SB"])
                          for r in st.rows}
    old, new = by_rule["2023"], by_rule["2026"]
    # player 1: 2 (1.5), 5 (2.5), half-point bye (VUR), 4 (1.5), all won.
    # 2023 dummy 3.5: BH 9, Cut-1 drops the VUR 3.5 -> 5.5, SB 1.5 + 2.5 + 3.5×½ + 1.5
    # 2026 dummy min(3.5, ½ × 4) = 2: BH 7.5; Cut-1: the VUR 2 is not below the least
    # significant 1.5, so the VUR goes -> 5.5; SB 1.5 + 2.5 + 2×½ + 1.5
    assert old[1] == (9, 5.5, 7.25) and new[1] == (7.5, 5.5, 6.5)
    # player 3 (withdrew from R4): 4 (1.5), 6 (1), 5 (2.5, drawn), withdrawn round (VUR, ×0).
    # 2023 dummy = own points 2.5 (not the adjusted 3.0): BH 7.5; 2026: min(2.5, 2) = 2:
    # BH 7; Cut-1 drops the VUR
    assert old[3] == (7.5, 5, 3.75) and new[3] == (7, 5, 3.75)
    # player 5: 6 (1), 1 (3.5, lost), 3 (3.0, drawn), forfeit win over 2 (not a VUR, ×1).
    # 2023 dummy 2.5: BH 10, SB 1 + 0 + 1.5 + 2.5; 2026: min(2.5, 2's adjusted 1.5) = 1.5
    assert old[5] == (10, 9, 5) and new[5] == (9, 8, 4)
    # where no cap binds, nothing changes:
    # 2: 1 (3.5), 4 (1.5, =), 6 (1, won), forfeit loss to 5: min(1.5, 2.5) = 1.5 (VUR, cut)
    # 4: 3 (3.0), 2 (1.5, =), PAB min(1.5, 2) = 1.5 (×1), 1 (3.5); Cut-1 drops a 1.5
    # 6: 5 (2.5), 3 (3.0), 2 (1.5), PAB min(1, 2) = 1
    for p, want in {2: (7.5, 6, 1.75), 4: (9.5, 8, 2.25), 6: (8, 7, 1)}.items():
        assert old[p] == want and new[p] == want


def test_2026_cap_uses_the_rounds_the_standings_count():
    """After round 3 the cap is ½ × 3 = 1.5 (not ½ × the 4 planned rounds)."""
    v = {r.player.id: r.values for r in standings(event_b("2026"), 3, "BH").rows}
    # player 1 after R3: 2 (1.5), 5 (1.5), last-round half-point bye: own adjusted 2.5 (a
    # trailing requested bye counts as a draw) capped at 1.5 -> 4.5 (2023: 5.5)
    assert v[1]["BH"] == 4.5
    assert standings(event_b("2023"), 3, "BH").row(1).values["BH"] == 5.5


def test_cut_rules():
    from swisstui.core.standings.unplayed import cut_one, cut_values

    row = [(1.0, True), (1.0, False), (5.0, True), (3.0, False)]
    row = [(v, vur, 0.0) for v, vur in row]
    # 2023: VURs first (the 1 and the 5); 2026: the lowest VUR is never below the lowest
    # Buchholz contribution, so the same; without the VUR rule: the two 1s
    assert sorted(cut_values(row, 2, 0, "first")) == [1.0, 3.0]
    assert sorted(cut_values(row, 2, 0, "not_below")) == [1.0, 3.0]
    assert sorted(cut_values(row, 2, 0, "none")) == [3.0, 5.0]
    assert cut_values(row, 1, 1, "not_below") == [1.0, 3.0]  # Median-1 also drops the 5
    # the 2026 comparison itself: a VUR below the least significant value stays
    assert cut_one([2.0, 1.0], [1.0], "not_below") == 1.0
    assert cut_one([2.0, 3.0], [0.5], "not_below") == 2.0
    assert cut_one([2.0, 3.0], [0.5], "first") == 0.5


def test_2026_round_robin_unplayed_rounds_count_zero():
    ev = build("chess", [1, 2, 3], [[(1, 2, "+-"), ("bye", 3, "pairing")]],
               options={"tiebreak_rules": "2026"}, system="roundrobin")
    v = {r.player.id: r.values for r in standings(ev, chain="BH,SB").rows}
    assert v[1]["BH"] == 0 and v[3]["BH"] == 0 and v[1]["SB"] == 0
