"""FIDE C.07 (2023/24) worked examples, checked by hand (docs/TIEBREAKS.md, docs/RULES.md §5.2,
§5.3): the dummy opponent of a player's own unplayed rounds, SB/PS/ARO/TPR cuts and medians,
PTP, APRO, APPO and the ``/P`` modifier."""

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.model import Player
from swisstui.core.standings import standings
from swisstui.core.standings.context import Context
from swisstui.core.standings.ratings import expected, perfect_performance
from swisstui.core.standings.registry import REGISTRY
from swisstui.core.standings.unplayed import adjusted_scores
from test_standings_build import build

# The issue-13 example: 4 players, 3 rounds.
# R1: A (1) wins by forfeit against B (2); C (3) beats D (4).
# R2: A = C; D beats B.
# R3: A has withdrawn; B beats C; D gets the pairing-allocated bye.
# Scores A 1.5, B 1, C 1.5, D 2.  A's adjusted score (as somebody's opponent) is 2.0: the
# trailing withdrawn round counts as a draw (category 5).
GOLDEN = [
    [(1, 2, "+-"), (3, 4, "1-0")],
    [(1, 3, "="), (2, 4, "0-1")],
    [(2, 3, "1-0"), ("bye", 4, "pairing")],
]
GOLDEN_PLAYERS = [Player(1, "A", withdrawn_from=3), 2, 3, 4]


def golden(chain="BH,SB", **options):
    ev = build("chess", GOLDEN_PLAYERS, GOLDEN, options=options)
    return {r.player.id: r.values for r in standings(ev, chain=chain).rows}


def test_golden_dummy_opponent_scores_the_players_own_points():
    ev = build("chess", GOLDEN_PLAYERS, GOLDEN)
    assert adjusted_scores(Context(ev)) == {1: 2.0, 2: 1, 3: 1.5, 4: 2}
    v = golden("BH,BH-C1,SB,AOB")
    # A: R1 forfeit win = dummy on A's own 1.5 (not the adjusted 2.0), R2 C (1.5) drawn,
    # R3 withdrawn = dummy 1.5 (a VUR, ×0 in SB).  With the adjusted score the values
    # were 2 + 1.5 + 2 = 5.5 and 2 + 0.75 = 2.75.
    assert v[1]["BH"] == 4.5 and v[1]["SB"] == 2.25
    assert v[1]["BH-C1"] == 3.0  # the VUR (R3) goes first
    # B: forfeit loss = dummy on own 1 (VUR), D (2), C (1.5, won): BH 4.5, Cut-1 drops the VUR
    assert (v[2]["BH"], v[2]["BH-C1"], v[2]["SB"]) == (4.5, 3.5, 1.5)
    # C: D (2, won), A (adjusted 2.0, drawn), B (1): BH 5, SB 2 + 1
    assert (v[3]["BH"], v[3]["SB"]) == (5, 3)
    # D: C (1.5), B (1, won), PAB = dummy on own 2 (×1): BH 4.5, SB 1 + 2
    assert (v[4]["BH"], v[4]["SB"]) == (4.5, 3)
    # AOB of A: the BH of C, the only opponent met over the board
    assert v[1]["AOB"] == 5


def test_golden_2026_caps_the_own_points():
    # cap = ½ × 3 rounds = 1.5: A's dummies min(1.5, …) — R1 forfeit at B's adjusted 1
    v = golden(tiebreak_rules="2026")
    assert v[1]["BH"] == 1 + 1.5 + 1.5 and v[1]["SB"] == 1 + 0.75


def test_golden_modifier_p_counts_forfeits_as_played():
    v = golden("BH,BH/P,SB,SB/P,BH-C1/P")
    # A/P: R1 is a game against B (adjusted 1), won: BH 1 + 1.5 + 1.5, SB 1 + 0.75 + 0
    assert v[1]["BH/P"] == 4.0 and v[1]["SB/P"] == 1.75
    # B/P: R1 is a game against A (adjusted 2.0), lost, and no longer a VUR: Cut-1 now drops
    # the lowest opponent (C, 1.5)
    assert v[2]["BH/P"] == 5.5 and v[2]["SB/P"] == 1.5 and v[2]["BH-C1/P"] == 4.0
    assert v[3]["BH/P"] == v[3]["BH"] and v[4]["SB/P"] == v[4]["SB"]  # no forfeits: unchanged


def test_modifier_p_in_the_registry():
    assert REGISTRY.get("bh-c1/p").code == "BH-C1/P"
    assert REGISTRY.get("BH/P") is REGISTRY.get("buchholz/P")  # built once
    assert REGISTRY.get("SB-M1/P").name == "Sonneborn-Berger Median-1 (forfeits as played)"
    assert "C.07 Art. 14" in REGISTRY.get("DE/P").rule_ref
    assert REGISTRY.get("WIN/P") is None and REGISTRY.get("BH/X") is None
    assert "BH/P" not in list(REGISTRY)  # variants are not listed codes
    with pytest.raises(SwissError):
        REGISTRY.resolve("PS/P", "chess")


def test_de_modifier_p():
    # 1 and 2 tie on 1 point; their only meeting was a forfeit
    ev = build("chess", [1, 2, 3], [[(1, 2, "+-"), ("bye", 3, "zero")],
                                    [(2, 3, "1-0"), ("bye", 1, "zero")]])
    v = {r.player.id: r.values for r in standings(ev, chain="DE,DE/P").rows}
    assert v[1]["DE"] == v[2]["DE"] == 0
    assert (v[1]["DE/P"], v[2]["DE/P"]) == (1, 0)


# The 6-player event of tests/core/test_tiebreaks_chess.py (4 rounds, a forfeit, a half-point
# bye, a withdrawal).
from test_tiebreaks_chess import PLAYERS, ROUNDS  # noqa: E402


def six(chain, **options):
    ev = build("chess", PLAYERS, ROUNDS, options=options)
    return {r.player.id: r.values for r in standings(ev, chain=chain).rows}


def test_sonneborn_berger_cuts_and_medians():
    v = six("SB,SB-C1,SB-C2,SB-M1,SB-M2")
    # player 1: 2 (1, won) 1, 3 (2.5, drawn) 1.25, 5 (2.5, won) 2.5, 4 (2, won) 2 -> 6.75.
    # Cut-1 drops the lowest-scored opponent (2): 5.75; Cut-2 also 4: 3.75; Median-1 drops 2
    # and one of the 2.5 opponents, the larger product (5, won): 1.25 + 2 = 3.25; Median-2
    # leaves nothing
    assert [v[1][c] for c in ("SB", "SB-C1", "SB-C2", "SB-M1", "SB-M2")] == \
        [6.75, 5.75, 3.75, 3.25, 0]
    # player 4: 3 (2.5, =) 1.25, 6 (adjusted 1, won) 1, half-point bye dummy 2 × ½ = 1 (a
    # VUR), 1 (3.5, lost) 0.  Cut-1 drops the VUR first, not the lowest-scored 6
    assert (v[4]["SB"], v[4]["SB-C1"], v[4]["SB-C2"]) == (3.25, 2.25, 1.25)
    # 2026: the VUR's product (1) is not below the least significant one's (6: 1): it goes
    assert six("SB-C1", tiebreak_rules="2026")[4]["SB-C1"] == 2.25


def test_progressive_cuts_and_medians():
    v = six("PS,PS-C1,PS-C2,PS-M1,PS-M2")
    # player 1 running scores 1, 1.5, 2.5, 3.5
    assert [v[1][c] for c in ("PS", "PS-C1", "PS-C2", "PS-M1", "PS-M2")] == \
        [8.5, 7.5, 6, 4, 0]
    # player 6: 0, 0, 0, 0 (a forfeit loss, a loss, withdrawn)
    assert v[6]["PS"] == v[6]["PS-C1"] == 0


# A rated event: 1 (2000), 2 (1800), 3 (1600), 4 (1400), every pair meets once.
# R1: 1 beats 4; 2 = 3.  R2: 1 = 3; 2 beats 4.  R3: 1 = 2; 3 beats 4.
RATED = [Player(1, "A", rating=2000), Player(2, "B", rating=1800),
         Player(3, "C", rating=1600), Player(4, "D", rating=1400)]
RATED_ROUNDS = [[(1, 4, "1-0"), (2, 3, "=")], [(1, 3, "="), (4, 2, "0-1")],
                [(1, 2, "="), (3, 4, "1-0")]]


def rated(chain):
    ev = build("chess", RATED, RATED_ROUNDS)
    return {r.player.id: r.values for r in standings(ev, chain=chain).rows}


def test_aro_and_tpr_cuts_and_medians():
    v = rated("ARO,AROC1,ARO-C2,ARO-M1,ARO-M2,TPR,TPR-C1,TPR-C2,TPR-M1")
    # player 1: 1400 (won), 1600 (=), 1800 (=): ARO 1600, p = 0.67 -> dp 125: TPR 1725
    assert (v[1]["ARO"], v[1]["TPR"]) == (1600, 1725)
    # Cut-1 drops the 1400 game: ARO 1700, p 0.5 -> TPR 1700; Cut-2 leaves the 1800 draw
    assert (v[1]["AROC1"], v[1]["TPR-C1"], v[1]["ARO-C2"], v[1]["TPR-C2"]) == \
        (1700, 1700, 1800, 1800)
    # Median-1 leaves the 1600 draw; Median-2 leaves nothing (0)
    assert (v[1]["ARO-M1"], v[1]["TPR-M1"], v[1]["ARO-M2"]) == (1600, 1600, 0)
    # player 4 lost all three: ARO 1800, dp(0) = -800; Cut-1 (drop 1600): 1900 - 800
    assert (v[4]["TPR"], v[4]["TPR-C1"]) == (1000, 1100)
    assert v[3]["ARO"] == 1733  # (1800 + 2000 + 1400) / 3 rounded half up


def test_expected_score_table():
    # FIDE B.02 table 8.1(b)
    assert expected(0) == 0.5 and expected(3) == 0.5 and expected(4) == 0.51
    assert expected(145) == 0.69 and expected(146) == 0.70 and expected(-55) == 0.42
    assert expected(735) == 0.99 and expected(736) == 1.0 and expected(-900) == 0.0


def test_perfect_tournament_performance():
    v = rated("PTP,APRO,APPO,TPR")
    # player 1, 2 points from 1400, 1600, 1800: at 1745 the expected score is
    # .89 (diff 345) + .69 (145) + .42 (-55) = 2.00; at 1744 .88 + .69 + .42 = 1.99
    assert v[1]["PTP"] == 1745
    assert perfect_performance([1400, 1600, 1800], 2) == 1745
    assert sum(expected(1744 - r) for r in (1400, 1600, 1800)) < 2
    # zero points: the lowest opponent - 800; every point: the highest + 800
    assert v[4]["PTP"] == 1600 - 800
    assert perfect_performance([1500, 1700], 2) == 2500
    assert (v[2]["PTP"], v[3]["PTP"]) == (1830, 1914)
    # APRO of 1: the TPRs of 4 (1000), 3 (1858), 2 (1792): 4650 / 3 = 1550
    assert (v[4]["TPR"], v[3]["TPR"], v[2]["TPR"]) == (1000, 1858, 1792)
    assert v[1]["APRO"] == 1550
    # APPO of 1: the PTPs 800, 1914, 1830: 4544 / 3 = 1514.67 -> 1515
    assert v[1]["APPO"] == 1515
    # APPO of 4: 1745, 1830, 1914 -> 1829.67 -> 1830
    assert v[4]["APPO"] == 1830
