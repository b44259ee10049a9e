"""Chess tie-breaks checked by hand (RULES.md §5.2, §5.3): BH-C1 and SB with a forfeit, a
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
    # player 6: forfeit loss dummy 1 (VUR), 4 (2), two withdrawn rounds dummy 1 (VURs)
    assert v[6]["BH"] == 5 and v[6]["BH-C1"] == 4 and v[6]["SB"] == 0
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
    # RULES.md §5.3: a no-show in round 3 of 9 with 1.5 points -> Svon = 5.5
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
    # player 6 (withdrawn): its dummy rounds are unchanged, its round-2 opponent 4 now has 2.5
    assert v[6]["FB"] == 1 + 2.5 + 1 + 1
    # GE: rounds minus VURs (4's half-point bye, 6's forfeit loss and two withdrawn rounds)
    assert {p: v[p]["GE"] for p in v} == {1: 4, 2: 4, 3: 4, 4: 3, 5: 4, 6: 1}
