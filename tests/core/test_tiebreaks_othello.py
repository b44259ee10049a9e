"""Othello Brightwell quotient with a bye and a withdrawn opponent (docs/RULES.md §2.2, §2.3)."""

from swisstui.core.model import Player
from swisstui.core.standings import standings
from test_standings_build import build

# R1: 1-2 40-24, 3-4 33-31, 5 bye.  R2: 1-3 20-44, 4-5 34-30, 2 bye.
# R3: 1-5 36-28, 2-3 32-32, 4 withdrawn (from round 3).
ROUNDS = [
    [(1, 2, "40-24"), (3, 4, "33-31"), ("bye", 5)],
    [(1, 3, "20-44"), (4, 5, "34-30"), ("bye", 2)],
    [(1, 5, "36-28"), (2, 3, "32-32")],
]
PLAYERS = [1, 2, 3, Player(4, "P4", withdrawn_from=3), 5]


def values(**options):
    ev = build("othello", PLAYERS, ROUNDS, options=options, tiebreaks=("BQ", "DISCS"))
    st = standings(ev)
    return st, {r.player.id: r.values for r in st.rows}


def test_scores():
    st, _ = values()
    assert {r.player.id: r.score for r in st.rows} == {1: 2, 2: 1.5, 3: 2.5, 4: 1, 5: 1}


def test_bq_with_bye_and_withdrawn_opponent():
    _, v = values()
    # 1: (40 + 6*1.5) + (20 + 6*2.5) + (36 + 6*1)
    assert v[1]["BQ"] == 49 + 35 + 42
    # 3: vs 4 (withdrew): 32 + 6*2.5; vs 1: 44 + 6*2; vs 2: 32 + 6*1.5
    assert v[3]["BQ"] == 47 + 56 + 41
    # 5: bye 32 + 6*1; vs 4 (withdrew) 32 + 6*1; vs 1: 28 + 6*2
    assert v[5]["BQ"] == 38 + 38 + 40
    # 4 itself: vs 3: 31 + 6*2.5; vs 5: 34 + 6*1; its own withdrawn round: 32 + 6*1
    assert v[4]["BQ"] == 46 + 40 + 38
    # 2: vs 1: 24 + 6*2; bye: 32 + 6*1.5; vs 3: 32 + 6*2.5
    assert v[2]["BQ"] == 36 + 41 + 47


def test_bq_coefficient_zero_is_a_disc_count_and_discs():
    _, v = values(bq_coefficient=0)
    assert v[1]["BQ"] == 96 and v[5]["BQ"] == 32 + 32 + 28
    # DISCS counts byes at the bye disc score (Papp 40-24)
    assert v[1]["DISCS"] == 96 and v[5]["DISCS"] == 40 + 30 + 28
    _, v2 = values(bye_discs=(33, 31))
    assert v2[5]["DISCS"] == 33 + 30 + 28


def test_order():
    st, _ = values()
    # 2.5: 3; 2: 1; 1.5: 2; 1: 4 (BQ 124) above 5 (116)
    assert st.order() == [3, 1, 2, 4, 5]


def test_discs_of_every_kind_of_bye():
    """Pairing/full bye: the bye disc score; half bye: a draw's 32 (QA bug 39); zero bye
    and absence: 0 (docs/RULES.md §2.2, §2.3)."""
    rounds = [[(1, 2, "40-24"), ("bye", 3, "half"), ("bye", 4, "zero"), ("bye", 5, "full")],
              [(1, 3, "20-44"), (2, 5, "30-34"), ("bye", 4, "absent")]]
    ev = build("othello", [1, 2, 3, 4, 5], rounds, tiebreaks=("BQ", "DISCS"))
    v = {r.player.id: r.values for r in standings(ev).rows}
    assert {p: v[p]["DISCS"] for p in v} == {1: 60, 2: 54, 3: 32 + 44, 4: 0, 5: 40 + 34}
    assert v[3]["BQ"] == (32 + 6 * 1.5) + (44 + 6 * 1)  # half bye = 32-32 draw v oneself
    ev = build("othello", [1, 2, 3, 4, 5], rounds, tiebreaks=("DISCS",),
               options={"bye_discs": (33, 31)})
    v = {r.player.id: r.values for r in standings(ev).rows}
    assert v[3]["DISCS"] == 32 + 44 and v[5]["DISCS"] == 33 + 34
