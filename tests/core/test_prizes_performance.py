"""Best-performance prizes (issue 35 item 7): a category ``mode = "performance"`` ranks the
eligible players by their tournament performance rating (the TPR tie-break, FIDE C.07 Art.
10.2, as the standings compute it), not by the standings; one prize per group as ever."""

from __future__ import annotations

from decimal import Decimal

import pytest

from swisstui.core import prizes
from swisstui.core.errors import EventFileError
from swisstui.core.model import Player
from swisstui.core.prizes import (Category, Group, Place, PrizeFile, Standing, allocate,
                                  line_text, read_prizes, standing_of)
from test_standings_build import build

D = Decimal

# tests/core/test_tiebreaks_c07.py's rated event, every pair once, all but D on 2 points:
# TPR A 1725, B 1792, C 1858, D 1000 (worked there from FIDE B.02 table 8.1a)
RATED = [Player(1, "A", rating=2000), Player(2, "B", rating=1800),
         Player(3, "C", rating=1600), Player(4, "D", rating=1400)]
ROUNDS = [[(1, 4, "1-0"), (2, 3, "=")], [(1, 3, "="), (4, 2, "0-1")],
          [(1, 2, "="), (3, 4, "1-0")]]

FILE = """\
currency = "EUR"

[[group]]
name = "Main"

[[group.category]]
name = "Open"
money = [100]

[[group.category]]
name = "Best performance"
mode = "performance"
money = [50, 30]
"""


def _event():
    # ranked by rating among equal scores: A, B, C, D
    return build("chess", RATED, ROUNDS, tiebreaks=("RATING",))


def test_standings_carry_the_tpr_only_when_asked():
    rows, after, _w = standing_of(_event(), performance=True)
    assert after == 3
    assert [(s.player.id, s.position, s.performance) for s in rows] == [
        (1, 1, 1725), (2, 2, 1792), (3, 3, 1858), (4, 4, 1000)]
    assert all(s.performance is None for s in standing_of(_event())[0])


def test_best_performance_goes_by_tpr_not_by_place(tmp_path):
    p = tmp_path / "prizes.toml"
    p.write_text(FILE, encoding="utf-8")
    pf = read_prizes(p, game="chess")
    assert pf.groups[0].categories[1].mode == "performance"
    rows, after, _w = standing_of(_event(), performance=True)
    alloc = allocate(rows, pf, after_round=after)
    got = [(a.category, a.place, a.name, a.money) for a in alloc.awards()]
    # A wins Open (first in the standings); C has the best performance (1858), then B
    # (1792) — the standings would have given B before C
    assert got == [("Open", 1, "A", D(100)), ("Best performance", 1, "C", D(50)),
                   ("Best performance", 2, "B", D(30))]
    lines = [line_text(x, lambda t: t) for x in alloc.groups[0].explanation]
    assert "C gets Best performance 1.: performance rating 1858" in lines
    assert "B gets Best performance 2.: performance rating 1792" in lines


def test_one_prize_per_group_and_no_performance_without_a_rated_game():
    # E has the best TPR and the first place: the Open prize is worth more, so the best
    # performance passes to the next; F played no rated game (no TPR): never eligible
    rows = [Standing(Player(1, "E"), 1, 3, "1", performance=2100),
            Standing(Player(2, "F"), 2, 2, "2", performance=None),
            Standing(Player(3, "G"), 3, 1, "3", performance=1900),
            Standing(Player(4, "H"), 4, 0, "4", performance=1950)]
    cats = (Category("Open", 1, (Place(1, D(100), "", D(100)),)),
            Category("BP", 2, (Place(1, D(50), "", D(50)), Place(2, D(20), "", D(20))),
                     mode="performance"))
    alloc = allocate(rows, PrizeFile((Group("Main", cats),)))
    assert [(a.category, a.name) for a in alloc.awards()] == [
        ("Open", "E"), ("BP", "H"), ("BP", "G")]
    lines = [line_text(x, lambda t: t) for x in alloc.groups[0].explanation]
    assert "E gets Open 1., not BP 1.: higher value" in lines


def test_equal_performances_share_as_the_group_says():
    rows = [Standing(Player(1, "E"), 1, 3, "1", performance=1800),
            Standing(Player(2, "F"), 2, 2, "2", performance=1800),
            Standing(Player(3, "G"), 3, 1, "3", performance=1700)]
    cat = Category("BP", 1, (Place(1, D(60), "", D(60)), Place(2, D(30), "", D(30))),
                   mode="performance")
    alloc = allocate(rows, PrizeFile((Group("Main", (cat,), sharing="average"),)))
    # E and F tie on 1800 (their points differ): (60 + 30) / 2 each; G nothing
    assert {a.name: a.money for a in alloc.awards()} == {"E": D(45), "F": D(45)}


def test_a_game_without_a_performance_rating_refuses_the_category(tmp_path, monkeypatch):
    p = tmp_path / "prizes.toml"
    p.write_text(FILE, encoding="utf-8")
    for game in ("chess", "go", "othello", "magic", "renju"):  # TPR serves every game now
        assert read_prizes(p, game=game).groups[0].categories[1].mode == "performance"
    monkeypatch.setattr(prizes, "performance_serves", lambda game: game != "magic")
    with pytest.raises(EventFileError) as exc:
        read_prizes(p, game="magic")
    assert str(exc.value) == (f"{p}:12: category 'Best performance' ranks by performance, "
                              "but magic has no tournament performance rating (TPR)")
    assert read_prizes(p, game="go").groups[0].categories[1].mode == "performance"
