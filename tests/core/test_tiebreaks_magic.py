"""Magic percentages checked against docs/RULES.md §8.3's worked numbers and docs/RULES.md §3.2's example."""

import pytest

from swisstui.core.model import Player
from swisstui.core.standings import format_value, standings
from test_standings_build import build


def focal_event(focal, opponents, rounds_total, bye_round=None, options=None):
    """Player 1 meets ``opponents[k]`` in round k+1 with ``focal[k]`` (games from player 1's
    side).  Each opponent ``(w, l, d)`` record is completed against fresh filler players
    and they drop (withdraw) after their last round."""
    filler = iter(range(100, 1000))
    players = {1: Player(1, "Focal")}
    rounds = [[] for _ in range(rounds_total)]
    for k, (opp, res) in enumerate(zip(opponents, focal)):
        pid, (w, l, d) = opp
        meet = None if bye_round == k + 1 else k + 1
        if meet:
            rounds[k].append((1, pid, res))
            fw, fl = (int(x) for x in res.split("-")[:2])
            if fw > fl:
                l -= 1
            elif fl > fw:
                w -= 1
            else:
                d -= 1
        else:
            rounds[k].append(("bye", 1))
        played = (w + l + d) + (1 if meet else 0)
        others = [r for r in range(1, played + 1) if r != meet]
        for r, res in zip(others, ["2-0"] * w + ["0-2"] * l + ["1-1-1"] * d):
            rounds[r - 1].append((pid, next(filler), res))
        players[pid] = Player(pid, f"O{pid}",
                              withdrawn_from=played + 1 if played < rounds_total else None)
    fillers = sorted({e[1] for rnd in rounds for e in rnd if e[0] != "bye" and e[1] >= 100})
    allp = list(players.values()) + [Player(f, f"F{f}") for f in fillers]
    return build("magic", allp, rounds, options=options, tiebreaks=("OMW", "GW", "OGW", "MW"))


# docs/RULES.md §8.3: 5 rounds, the focal player loses only in round 4; all matches 2-1.
SEED3_OPPONENTS = [(2, (1, 2, 0)),  # 1 win, dropped after 3 rounds: MW 3/9 (shown as 0.33)
                   (3, (2, 2, 0)),  # 0.50 (dropped after 4)
                   (4, (3, 2, 0)),  # 0.60
                   (5, (4, 1, 0)),  # 0.80
                   (6, (3, 2, 0))]  # 0.60
SEED3_FOCAL = ["2-1", "2-1", "2-1", "1-2", "2-1"]


def row(st, pid):
    return st.row(pid).values


def test_seed003_omw_057_and_gw_060():
    st = standings(focal_event(SEED3_FOCAL, SEED3_OPPONENTS, 5))
    v = row(st, 1)
    assert round(v["OMW"], 2) == 0.57
    assert v["OMW"] == pytest.approx((1 / 3 + 0.5 + 0.6 + 0.8 + 0.6) / 5)
    assert v["GW"] == pytest.approx(9 / 15) and round(v["GW"], 2) == 0.60  # 9 game wins in 15
    assert v["MW"] == pytest.approx(12 / 15)
    assert {p: round(row(st, p)["MW"], 2) for p in (2, 3, 4, 5, 6)} == \
        {2: 0.33, 3: 0.50, 4: 0.60, 5: 0.80, 6: 0.60}
    assert format_value("OMW", v["OMW"]) == "56.67%"


def test_seed003_omw_062_with_a_round_one_bye():
    st = standings(focal_event(SEED3_FOCAL, SEED3_OPPONENTS, 5, bye_round=1))
    v = row(st, 1)
    # own byes are not opponents: (0.50 + 0.60 + 0.80 + 0.60) / 4 = 0.625, the seed's "0.62"
    assert v["OMW"] == pytest.approx(0.625)
    assert f"{v['OMW']:.2f}" == "0.62"


def test_seed003_mw_047_record_221_counting_the_bye():
    # 2-2-1 "already counting the bye as a win": a bye, a win, two losses, a draw
    rounds = [[("bye", 1), (2, 3, "2-0")], [(1, 2, "2-0"), (3, 4, "2-0")],
              [(1, 3, "0-2"), (2, 4, "2-0")], [(1, 4, "0-2"), (2, 3, "2-0")],
              [(1, 2, "1-1"), (3, 4, "2-0")]]
    ev = build("magic", [1, 2, 3, 4], rounds)
    st = standings(ev, chain="MW,MP")
    assert st.row(1).score == 7
    assert st.row(1).values["MW"] == pytest.approx(7 / 15) and round(st.row(1).values["MW"], 2) == 0.47
    # option: the bye not counted in the player's own MW%: 4 / 12
    ev2 = build("magic", [1, 2, 3, 4], rounds, options={"bye_in_own_mw": False})
    assert standings(ev2, chain="MW").row(1).values["MW"] == pytest.approx(4 / 12)


def test_rules_omw_5517_example():
    # docs/RULES.md §3.2: a 5-1 player whose opponents finished 0-2, 4-2, 3-3, 4-2, 3-3, 4-2.
    opponents = [(2, (0, 2, 0)), (3, (4, 2, 0)), (4, (3, 3, 0)), (5, (4, 2, 0)),
                 (6, (3, 3, 0)), (7, (4, 2, 0))]
    focal = ["2-0", "2-0", "2-0", "2-0", "2-0", "0-2"]
    st = standings(focal_event(focal, opponents, 6))
    mws = [row(st, p)["MW"] for p in range(2, 8)]
    # the 0-2 opponent is raised to the 0.33 floor; the others are 4/6, 3/6 …
    assert mws == pytest.approx([0.33, 2 / 3, 0.5, 2 / 3, 0.5, 2 / 3])
    # the example writes them to two decimals (.33 .66 .5 .66 .5 .66) -> 55.17 %
    shown = [int(m * 100) / 100 for m in mws]
    assert f"{sum(shown) / 6:.4f}" == "0.5517"
    # exact opponents' values give (0.33 + 3 × 2/3 + 2 × 0.5) / 6 = 55.50 %
    assert row(st, 1)["OMW"] == pytest.approx(sum(mws) / 6)
    assert format_value("OMW", row(st, 1)["OMW"]) == "55.50%"


def test_ogw_floor_and_intentional_draw():
    rounds = [[(1, 2, "2-0"), (3, 4, "0-0-3")], [(1, 3, "2-1"), (2, 4, "0-2")]]
    st = standings(build("magic", [1, 2, 3, 4], rounds), chain="GW,OGW")
    gw = {p: st.row(p).values["GW"] for p in (1, 2, 3, 4)}
    assert gw[1] == pytest.approx(12 / 15)  # 4 game wins in 5 games
    assert gw[2] == 0.33  # 0 game wins: floored
    assert gw[3] == pytest.approx(max(0.33, (3 + 3) / 18))  # 0-0-3 then 1-2
    assert st.row(1).values["OGW"] == pytest.approx((gw[2] + gw[3]) / 2)


def test_player_who_never_had_an_opponent_has_the_floor():
    """Issue 16 item 4: a round-1 bye, then dropped — no opponent at all.  The MTR is silent;
    swisstui gives OMW% = OGW% = 0.33, the floor (docs/TIEBREAKS.md, Magic)."""
    players = [Player(1, "Bye then drop", withdrawn_from=2), Player(2, "B"), Player(3, "C")]
    ev = build("magic", players, [[(2, 3, "2-0"), ("bye", 1)], [(2, 3, "2-1")]],
               tiebreaks=("OMW", "GW", "OGW", "MW"))
    v = row(standings(ev), 1)
    assert v["OMW"] == 0.33 and v["OGW"] == 0.33
    assert v["MW"] == 1.0 and v["GW"] == 1.0  # the bye counts in the own MW%/GW% (2-0)
