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



def _with_othello_results(rounds, **kw):
    """``build``'s event with each result read by the Othello grammar (``1-0``, ``=``, ``+-``
    without discs)."""
    from dataclasses import replace

    from swisstui.core.games import profile
    placeholder = [[e if e[0] == "bye" else (e[0], e[1], "40-24") for e in r] for r in rounds]
    ev = build("othello", [1, 2, 3, 4, 5, 6], placeholder, **kw)
    prof = profile("othello")
    new = []
    for rnd, entries in zip(ev.rounds, rounds):
        texts = [e[2] for e in entries if e[0] != "bye"]
        new.append(replace(rnd, boards=tuple(
            replace(b, result=prof.result(t, ev.settings)) for b, t in zip(rnd.boards, texts))))
    return replace(ev, rounds=tuple(new))


def test_a_game_without_disc_counts_counts_the_bye_disc_score():
    """Issue 32 item 20: a played 1-0 entered without discs added 64 discs to the winner's
    DISCS (and BQ), more than a real win; it now counts the bye's disc score (40-24 by
    default), a draw 32-32, and a forfeit stays 64-0 (docs/TIEBREAKS.md "Othello")."""
    rounds = [[(1, 2, "1-0"), (3, 4, "="), (5, 6, "+-")],
              [(1, 3, "40-24"), (2, 5, "0-1"), (4, 6, "33-31")]]
    ev = _with_othello_results(rounds, tiebreaks=("DISCS", "BQ"))
    assert ev.rounds[0].boards[0].result.detail.get("discs") is None
    v = {r.player.id: r.values for r in standings(ev).rows}
    assert {p: v[p]["DISCS"] for p in v} == {1: 40 + 40, 2: 24 + 24, 3: 32 + 24,
                                             4: 32 + 33, 5: 64 + 40, 6: 0 + 31}
    # BQ: own discs + 6 x the opponent's points; 1 beat 2 (0 points) and 3 (1/2)
    assert v[1]["BQ"] == 40 + 6 * 0 + 40 + 6 * 0.5
    ev = _with_othello_results(rounds, tiebreaks=("DISCS",), options={"bye_discs": (33, 31)})
    v = {r.player.id: r.values for r in standings(ev).rows}
    assert (v[1]["DISCS"], v[2]["DISCS"], v[3]["DISCS"]) == (33 + 40, 31 + 31, 32 + 24)
