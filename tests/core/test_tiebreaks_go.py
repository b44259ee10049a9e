"""Go criteria checked by hand (docs/RULES.md §1.2, §1.4) and docs/RULES.md §8.2's Tagajo chain (docs/RULES.md §8)."""

import pytest

from swisstui.core.model import Player
from swisstui.core.standings import order_by_chain, standings
from test_standings_build import build

# Five players, three rounds, a pairing bye each round ("1-0": first-listed wins).
# R1: 1 beats 2, 3 beats 4, 5 bye.  R2: 3 beats 1, 5 beats 2, 4 bye.
# R3: 3 beats 5, 1 beats 4, 2 bye.
# Wins: 1: 2, 2: 1, 3: 3, 4: 1, 5: 2.
ROUNDS = [
    [(1, 2, "1-0"), (3, 4, "1-0"), ("bye", 5)],
    [(1, 3, "0-1"), (5, 2, "1-0"), ("bye", 4)],
    [(3, 5, "1-0"), (1, 4, "1-0"), ("bye", 2)],
]
CHAIN = ("WINS", "SOS", "SOSOS", "SODOS", "SODOSODOS", "DE")


def values():
    ev = build("go", [1, 2, 3, 4, 5], ROUNDS, tiebreaks=CHAIN)
    st = standings(ev)
    return st, {r.player.id: r.values for r in st.rows}


def test_wins():
    _, v = values()
    assert {p: v[p]["WINS"] for p in v} == {1: 2, 2: 1, 3: 3, 4: 1, 5: 2}


def test_sos_by_hand():
    # 1: opponents 2, 3, 4 -> 1 + 3 + 1; 2: 1, 5, bye -> 2 + 2 + 0; 3: 4, 1, 5 -> 1 + 2 + 2
    # 4: 3, bye, 1 -> 3 + 0 + 2; 5: bye, 2, 3 -> 0 + 1 + 3
    _, v = values()
    assert {p: v[p]["SOS"] for p in v} == {1: 5, 2: 4, 3: 5, 4: 5, 5: 4}


def test_sosos_by_hand():
    # 1: SOS(2) + SOS(3) + SOS(4) = 4 + 5 + 5; 2: SOS(1) + SOS(5) = 5 + 4;
    # 3: SOS(4) + SOS(1) + SOS(5) = 5 + 5 + 4; 4: SOS(3) + SOS(1) = 5 + 5; 5: SOS(2) + SOS(3)
    _, v = values()
    assert {p: v[p]["SOSOS"] for p in v} == {1: 14, 2: 9, 3: 14, 4: 10, 5: 9}


def test_sodos_by_hand():
    # 1 beat 2 (1 win) and 4 (1); 3 beat 4 (1), 1 (2), 5 (2); 5 beat 2 (1)
    _, v = values()
    assert {p: v[p]["SODOS"] for p in v} == {1: 2, 2: 0, 3: 5, 4: 0, 5: 1}


def test_seed002_fifth_criterion():
    # "the wins of the players beaten by the players one beat": 3 beat 4 (beat nobody),
    # 1 (beat 2 and 4: 1 + 1 wins) and 5 (beat 2: 1 win) -> 3; 1 beat 2 and 4, who beat nobody
    _, v = values()
    assert {p: v[p]["SODOSODOS"] for p in v} == {1: 0, 2: 0, 3: 3, 4: 0, 5: 0}


def test_tagajo_order_and_order_by_chain():
    st, _ = values()
    # 3 (3 wins); 1 and 5 on 2 wins: SOS 5 > 4; 4 and 2 on 1 win: SOS 5 > 4
    assert st.order() == [3, 1, 5, 4, 2]
    ev = build("go", [1, 2, 3, 4, 5], ROUNDS)
    assert order_by_chain(ev, [1, 2, 3, 4, 5], CHAIN) == [3, 1, 5, 4, 2]
    assert order_by_chain(ev, [2, 4], ("SODOSODOS",)) == [2, 4]  # tie keeps id order
    assert order_by_chain(ev, [5, 1, 3], ("SODOSODOS", "SOS")) == [3, 1, 5]


def test_sos_cuts_and_cuss():
    ev = build("go", [1, 2, 3, 4, 5], ROUNDS)
    v = {r.player.id: r.values for r in standings(ev, chain="SOS-1,SOS-2,CUSS").rows}
    assert v[1]["SOS-1"] == 4 and v[1]["SOS-2"] == 3  # [1, 3, 1]
    assert v[2]["SOS-1"] == 4 and v[2]["SOS-2"] == 2  # [2, 2, 0]
    assert v[1]["CUSS"] == 1 + 1 + 2 and v[3]["CUSS"] == 1 + 2 + 3


def test_mcmahon_scores():
    players = [Player(1, "A", rank="5d"), Player(2, "B", rank="1d"), Player(3, "C", rank="25k"),
               Player(4, "D", rank="3k", smms_correction=1)]
    rounds = [[(1, 2, "1-0"), (3, 4, "0-1")], [(1, 4, "1-0"), ("bye", 2), ("bye", 3, "absent")]]
    ev = build("go", players, rounds, system="mcmahon", tiebreaks=("MMS", "SOSM", "SOSOSM"))
    from swisstui.core.mcmahon import start_scores

    # bar 4d (value 3) -> 33; 1d -> 30; floor 20k -> 10; 3k -> 27, +1 correction -> 28
    assert start_scores(ev) == {1: 33, 2: 30, 3: 10, 4: 28}
    v = {r.player.id: r.values for r in standings(ev).rows}
    # MMS: 1: 33 + 2; 2: 30 + 0 + bye 1; 3: 10 + 0 + floor(½ absent) = 10; 4: 28 + 1
    assert {p: v[p]["MMS"] for p in v} == {1: 35, 2: 31, 3: 10, 4: 29}
    # SOSM: 1: MMS(2) + MMS(4); 2: MMS(1) + own start 30 (bye); 3: MMS(4) + own start 10
    assert v[1]["SOSM"] == 31 + 29 and v[2]["SOSM"] == 35 + 30 and v[3]["SOSM"] == 29 + 10
    # SOSOSM: 2: SOSM(1) + 30 * 2 rounds
    assert v[2]["SOSOSM"] == 60 + 60
    no_round = build("go", players, rounds, system="mcmahon",
                     options={"round_down": False})
    v2 = {r.player.id: r.values for r in standings(no_round, chain="MMS").rows}
    assert v2[3]["MMS"] == 10.5


# Issue 16 item 2: a McMahon event with a withdrawal, by hand after OpenGotha (a round a player
# does not take part in is absent: ½ MMS, cumulated special points rounded down; an unpaired
# round adds the player's own start score to SOSM, start score × rounds to SOSOSM).
# Bar 4d, floor 20k: 3d -> 32, 2d -> 31, 1d -> 30, 1k -> 29.  Player 4 withdraws from round 2.
# R1: 1 beats 2, 4 beats 3.  R2: 1 beats 3, 2 bye.  R3: 3 beats 2, 1 bye.
WD_PLAYERS = [Player(1, "A", rank="3d"), Player(2, "B", rank="2d"), Player(3, "C", rank="1d"),
              Player(4, "D", rank="1k", withdrawn_from=2)]
WD_ROUNDS = [[(1, 2, "1-0"), (3, 4, "0-1")], [(1, 3, "1-0"), ("bye", 2)],
             [(2, 3, "0-1"), ("bye", 1)]]


def _wd_values(options=None):
    ev = build("go", WD_PLAYERS, WD_ROUNDS, system="mcmahon", options=options,
               tiebreaks=("MMS", "SOSM", "SOSOSM"))
    return {r.player.id: r.values for r in standings(ev).rows}


def test_mcmahon_rounds_after_a_withdrawal_are_absent_as_in_opengotha():
    pytest.importorskip("swisstui.core.ranks")
    v = _wd_values()
    # MMS: 1: 32 + 2 wins + bye = 35; 2: 31 + bye = 32; 3: 30 + 1 win = 31;
    # 4: 29 + 1 win + floor(½ + ½ absent after the withdrawal) = 31 (was 30)
    assert {p: v[p]["MMS"] for p in v} == {1: 35, 2: 32, 3: 31, 4: 31}
    # SOSM: 1: 32 + 31 + own 32 (bye); 2: 35 + own 31 (bye) + 31; 3: 31 (player 4) + 35 + 32;
    # 4: 31 + own 29 twice (rounds 2, 3 unpaired)
    assert {p: v[p]["SOSM"] for p in v} == {1: 95, 2: 97, 3: 98, 4: 89}
    # SOSOSM: 1: 97 + 98 + 32 × 3; 2: 95 + 31 × 3 + 98; 3: 89 + 95 + 97; 4: 98 + 29 × 3 × 2
    assert {p: v[p]["SOSOSM"] for p in v} == {1: 291, 2: 286, 3: 281, 4: 272}


def test_mcmahon_withdrawn_mms_zero_keeps_the_older_reading():
    pytest.importorskip("swisstui.core.ranks")
    v = _wd_values({"withdrawn_mms": "zero"})
    assert {p: v[p]["MMS"] for p in v} == {1: 35, 2: 32, 3: 31, 4: 30}
    assert v[3]["SOSM"] == 30 + 35 + 32 and v[4]["SOSM"] == 31 + 29 + 29


def test_withdrawn_mms_option_is_validated():
    from swisstui.core.errors import SwissError
    from swisstui.core.settings import make_settings

    assert make_settings("go", "x", 3).options["withdrawn_mms"] == "absent"
    with pytest.raises(SwissError, match="withdrawn_mms.*valid: absent, zero"):
        make_settings("go", "x", 3, options={"withdrawn_mms": "half"})


def test_sosm_handicap_correction():
    from dataclasses import replace

    from swisstui.core.model import Result

    players = [Player(1, "Weak", rank="2k"), Player(2, "Strong", rank="1d")]
    ev = build("go", players, [[(1, 2, "1-0")]], system="mcmahon")
    rnd = ev.rounds[0]
    board = replace(rnd.boards[0], result=Result("B+R", (1.0, 0.0), detail={"handicap": 2}))
    ev = replace(ev, rounds=(replace(rnd, boards=(board,)),))
    v = {r.player.id: r.values for r in standings(ev, chain="SOSM,MMS").rows}
    # MMS: 1 (2k -> 28) + 1 win = 29; 2 (1d -> 30) + 0 = 30
    assert v[1]["MMS"] == 29 and v[2]["MMS"] == 30
    # Black (first-listed, received 2 stones) subtracts 2; White adds 2
    assert v[1]["SOSM"] == 30 - 2 and v[2]["SOSM"] == 29 + 2


def test_mcmahon_bar_and_floor_options():
    from swisstui.core.errors import SwissError
    from swisstui.core.mcmahon import start_scores

    players = [Player(1, "A", rank="7d"), Player(2, "B", rank="12k"), Player(3, "C"),
               Player(4, "D", rank="2d", smms_correction=-1)]
    ev = build("go", players, [], options={"mcmahon_bar": "2d", "mcmahon_floor": "10k"})
    # bar 2d (1) -> 31; 12k below the floor 10k (-10) -> 20; no rank -> floor; 2d - 1 -> 30
    assert start_scores(ev) == {1: 31, 2: 20, 3: 20, 4: 30}
    bad = build("go", players, [], options={"mcmahon_bar": "5k", "mcmahon_floor": "1d"})
    with pytest.raises(SwissError, match="floor"):
        start_scores(bad)
    with pytest.raises(SwissError, match="mcmahon_bar"):
        start_scores(build("go", players, [], options={"mcmahon_bar": "strong"}))


def test_mcmahon_standings_are_ranked_by_mms_not_wins():
    players = [Player(1, "Dan", rank="3d"), Player(2, "Kyu", rank="10k"),
               Player(3, "Kyu2", rank="12k"), Player(4, "Dan2", rank="2d")]
    rounds = [[(2, 3, "1-0"), (1, 4, "1-0")], [(2, 3, "1-0"), (4, 1, "1-0")]]
    ev = build("go", players, rounds, system="mcmahon", tiebreaks=("MMS", "SOSM"))
    st = standings(ev)
    # 2 has two wins (MMS 20 + 2 = 22) but 1 and 4 (MMS 32 + 1, 31 + 1) rank above
    assert st.order()[:3] == [1, 4, 2]
    assert st.row(2).score == 2 and st.row(1).score == 1


# ---- option sos_unplayed_half (docs/RULES.md §1.4 Options, OpenGotha) ------------------------------
# R1: 1 beats 2; 3 wins by forfeit against 4; 5 has the pairing bye.
# R2: 1 beats 3; 5 beats 2; 4 is absent.
# R3: 3 beats 5; 4 beats 2; 1 has the pairing bye.
# NBW (bye 1 win, absent 0, forfeits count): 1: 3, 2: 0, 3: 2, 4: 1, 5: 2.
# Virtual (games played + ½ per round not played): 1: 1 + 1 + ½ = 2.5, 2: 0,
# 3: ½ (forfeit) + 0 + 1 = 1.5, 4: ½ (forfeit) + ½ (absent) + 1 = 2, 5: ½ (bye) + 1 + 0 = 1.5.
HALF_ROUNDS = [
    [(1, 2, "1-0"), (3, 4, "+-"), ("bye", 5)],
    [(1, 3, "1-0"), (5, 2, "1-0"), ("bye", 4, "absent")],
    [(3, 5, "1-0"), (4, 2, "1-0"), ("bye", 1)],
]
HALF_CHAIN = "WINS,SOS,SOS-1,SOS-2,SODOS,SOSOS,CUSS"


def half_values(on):
    ev = build("go", [1, 2, 3, 4, 5], HALF_ROUNDS, options={"sos_unplayed_half": on})
    return {r.player.id: r.values for r in standings(ev, chain=HALF_CHAIN).rows}


def test_sos_unplayed_half_off_is_the_real_score():
    v = half_values(False)
    assert {p: v[p]["WINS"] for p in v} == {1: 3, 2: 0, 3: 2, 4: 1, 5: 2}
    # 1: 2 (0) + 3 (2) + own bye 0; 2: 1 (3) + 5 (2) + 4 (1); 3: 4 (1, forfeit) + 1 (3) + 5 (2)
    # 4: 3 (2) + absent 0 + 2 (0); 5: bye 0 + 2 (0) + 3 (2)
    assert {p: v[p]["SOS"] for p in v} == {1: 2, 2: 6, 3: 6, 4: 2, 5: 2}
    assert {p: v[p]["SOS-1"] for p in v} == {1: 2, 2: 5, 3: 5, 4: 2, 5: 2}
    # 1 beat 2 (0) and 3 (2); 3 beat 4 by forfeit (1) and 5 (2); 4 and 5 beat 2 (0)
    assert {p: v[p]["SODOS"] for p in v} == {1: 2, 2: 0, 3: 3, 4: 0, 5: 0}
    assert {p: v[p]["SOSOS"] for p in v} == {1: 12, 2: 6, 3: 6, 4: 12, 5: 12}


def test_sos_unplayed_half_on_counts_the_opponents_unplayed_rounds_half():
    v = half_values(True)
    # NBW and CUSS keep the real scores
    assert {p: v[p]["WINS"] for p in v} == {1: 3, 2: 0, 3: 2, 4: 1, 5: 2}
    assert v[1]["CUSS"] == 1 + 2 + 3
    # 1: 2 (0) + 3 (1.5) + own bye 0; 2: 1 (2.5) + 5 (1.5) + 4 (2); 3: 4 (2) + 1 (2.5) + 5 (1.5)
    # 4: 3 (1.5) + absent 0 + 2 (0); 5: bye 0 + 2 (0) + 3 (1.5)
    assert {p: v[p]["SOS"] for p in v} == {1: 1.5, 2: 6, 3: 6, 4: 1.5, 5: 1.5}
    # without the lowest: 2: [2.5, 1.5, 2] -> 4.5; 3: [2, 2.5, 1.5] -> 4.5
    assert {p: v[p]["SOS-1"] for p in v} == {1: 1.5, 2: 4.5, 3: 4.5, 4: 1.5, 5: 1.5}
    assert {p: v[p]["SOS-2"] for p in v} == {1: 1.5, 2: 2.5, 3: 2.5, 4: 1.5, 5: 1.5}
    # 1 beat 2 (0) and 3 (1.5); 3 beat 4 (2, forfeit) and 5 (1.5)
    assert {p: v[p]["SODOS"] for p in v} == {1: 1.5, 2: 0, 3: 3.5, 4: 0, 5: 0}
    # Σ of the opponents' (virtual-based) SOS: 1: SOS(2) 6 + SOS(3) 6; 2: 1.5 × 3
    assert {p: v[p]["SOSOS"] for p in v} == {1: 12, 2: 4.5, 3: 4.5, 4: 12, 5: 12}


def test_sos_unplayed_half_in_mcmahon():
    players = [Player(1, "A", rank="1d"), Player(2, "B", rank="1k"), Player(3, "C", rank="2k"),
               Player(4, "D", rank="3k"), Player(5, "E", rank="5k")]
    out = {}
    for on in (False, True):
        ev = build("go", players, HALF_ROUNDS, system="mcmahon",
                   options={"sos_unplayed_half": on})
        out[on] = {r.player.id: r.values for r in standings(ev, chain="MMS,SOSM,SOSOSM").rows}
    off, on = out[False], out[True]
    # start 30, 29, 28, 27, 25.  MMS: 1: 30 + 2 + bye 1; 3: 28 + 2 (forfeit win counts);
    # 4: 27 + 1 + floor(½ absent); 5: 25 + 1 + bye 1
    assert {p: off[p]["MMS"] for p in off} == {1: 33, 2: 29, 3: 30, 4: 28, 5: 27}
    assert {p: on[p]["MMS"] for p in on} == {1: 33, 2: 29, 3: 30, 4: 28, 5: 27}
    # virtual MMS = start + virtual NBW: 1: 32.5, 2: 29, 3: 29.5, 4: 29, 5: 26.5
    # SOSM off: 1: 29 + 30 + own 30; 2: 33 + 27 + 28; 4: 30 + own 27 + 29; 5: own 25 + 29 + 30
    assert {p: off[p]["SOSM"] for p in off} == {1: 89, 2: 88, 3: 88, 4: 86, 5: 84}
    # SOSM on: 1: 29 + 29.5 + 30; 2: 32.5 + 26.5 + 29; 3: 29 + 32.5 + 26.5; 4: 29.5 + 27 + 29
    assert {p: on[p]["SOSM"] for p in on} == {1: 88.5, 2: 88, 3: 88, 4: 85.5, 5: 83.5}
    # SOSOSM, player 2: SOSM(1) + SOSM(5) + SOSM(4)
    assert off[2]["SOSOSM"] == 89 + 84 + 86 and on[2]["SOSOSM"] == 88.5 + 83.5 + 85.5


# ---- EXT / EXR (docs/RULES.md §1.4) -------------------------------------------------------------
# Ranks (core.ranks values): 1: 3d (2), 2: 1d (0), 3: 1k (-1), 4: 4k (-4), 5: none = the
# McMahon floor 20k (-20).  Black is first-listed; h = handicap stones (None: even game).
# R1: 4 (B) beats 1 (W), h 4;  3 (B) loses to 2 (W), even;  5 bye.
# R2: 5 (B) beats 2 (W), h 9;  3 (B) loses to 1 (W), h 3;   4 bye.
# R3: 4 (B) loses to 2 (W) by forfeit, h 3;  1 (B) beats 5 (W), even;  3 bye.
# NBW: 1: 2, 2: 2, 3: 1 (bye), 4: 2 (win + bye), 5: 2 (bye + win).
EXPLOIT_ROUNDS = [
    [(4, 1, "B+R", 4), (3, 2, "W+R", None), ("bye", 5)],
    [(5, 2, "B+R", 9), (3, 1, "W+R", 3), ("bye", 4)],
    [(4, 2, "W+F", 3), (1, 5, "B+R", None), ("bye", 3)],
]


def exploit_event():
    from dataclasses import replace

    from swisstui.core.games import profile

    go = profile("go")
    players = [Player(1, "A", rank="3d"), Player(2, "B", rank="1d"), Player(3, "C", rank="1k"),
               Player(4, "D", rank="4k"), Player(5, "E")]
    plain = [[e if e[0] == "bye" else (e[0], e[1], "1-0") for e in rnd]
             for rnd in EXPLOIT_ROUNDS]
    ev = build("go", players, plain)
    rounds = []
    for rnd, spec in zip(ev.rounds, EXPLOIT_ROUNDS):
        games = [e for e in spec if e[0] != "bye"]
        boards = tuple(replace(b, result=go.entry.parse(e[2], ev.settings,
                                                  {"handicap": e[3]} if e[3] else {}))
                       for b, e in zip(rnd.boards, games))
        rounds.append(replace(rnd, boards=boards))
    return replace(ev, rounds=tuple(rounds))


def test_ext_exr_by_hand():
    ev = exploit_event()
    assert ev.round(2).board(1).result.detail["handicap"] == 9
    st = standings(ev, chain="WINS,EXT,EXR")
    v = {r.player.id: r.values for r in st.rows}
    assert {p: v[p]["WINS"] for p in v} == {1: 2, 2: 2, 3: 1, 4: 2, 5: 2}
    # coef from AH - NH (AH: +h given as White, -h received as Black; NH = own - opp rank):
    # 1: R1 vs 4: AH 4, NH 2-(-4) = 6 -> -2: 0; R2 vs 3: AH 3, NH 3 -> 0: coef 1, NBW(3) 1,
    #    won; R3 vs 5: AH 0, NH 22 -> 0.                                        EXT 1, EXR 1
    # 2: R1 vs 3: AH 0, NH 1 -> 0; R2 vs 5: AH 9, NH 20 -> 0; R3 vs 4: AH 3, NH 4 -> 0.  0, 0
    # 3: R1 vs 2: AH 0, NH -1 -> +1: coef 2 × NBW(2) 2 = 4, lost; R2 vs 1: AH -3, NH -3
    #    -> coef 1 × 2 = 2, lost; R3 bye.                                       EXT 6, EXR 0
    # 4: R1 vs 1: AH -4, NH -6 -> +2: coef 3 × 2 = 6, won; R3 vs 2 (forfeit loss): AH -3,
    #    NH -4 -> +1: coef 2 × 2 = 4, not won.                                 EXT 10, EXR 6
    # 5 (no rank: the floor 20k): R2 vs 2: AH -9, NH -20 -> +11: coef 3 × 2 = 6, won;
    #    R3 vs 1: AH 0, NH -22: coef 3 × 2 = 6, lost.                          EXT 12, EXR 6
    assert {p: v[p]["EXT"] for p in v} == {1: 1, 2: 0, 3: 6, 4: 10, 5: 12}
    assert {p: v[p]["EXR"] for p in v} == {1: 1, 2: 0, 3: 0, 4: 6, 5: 6}
    # on 2 wins, EXT orders 5, 4, 1, 2
    assert st.order() == [5, 4, 1, 2, 3]


def test_ext_exr_use_the_real_nbw_and_apply_to_go_only():
    from swisstui.core.errors import SwissError

    from dataclasses import replace

    ev = exploit_event()
    half = replace(ev, settings=replace(ev.settings, options={"sos_unplayed_half": True}))
    v = {r.player.id: r.values for r in standings(half, chain="EXT,EXR").rows}
    assert v[4]["EXT"] == 10 and v[5]["EXR"] == 6  # unchanged by the SOS option
    with pytest.raises(SwissError, match="does not apply to chess"):
        standings(build("chess", [1, 2], [[(1, 2, "1-0")]]), chain="EXT")
