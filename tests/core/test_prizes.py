"""Prizes (issue 35 items 7-9, swisstui/core/prizes.py): the allocation's rules on standings
typed by hand, the sharing systems against their published worked examples, the prizes
file's refusals (file:line), and property tests of the allocation."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisstui.core.errors import EventFileError
from swisstui.core.model import Player
from swisstui.core.prizes import (Category, Group, Place, PrizeFile, Standing, allocate,
                                  eligible, line_text, read_prizes)

D = Decimal


def places(*money, items=()):
    items = tuple(items) + ("",) * (len(money) - len(items))
    return tuple(Place(i + 1, D(m), items[i], D(m)) for i, m in enumerate(money))


def table(*rows):
    """Standings in order: (name, points) or (name, points, player keywords)."""
    out = []
    for i, row in enumerate(rows):
        name, pts = row[0], row[1]
        kw = row[2] if len(row) > 2 else {}
        out.append(Standing(Player(i + 1, name, **kw), i + 1, float(pts), str(i + 1)))
    return out


def one(cat, sharing="none", **kw):
    return PrizeFile((Group("Main", (cat,), sharing, **kw),))


def paid(alloc):
    return {a.name: a.money for a in alloc.awards()}


def text(alloc):
    return [line_text(x, lambda s: s) for g in alloc.groups for x in g.explanation]


# ---- the sharing systems: the published worked examples ----------------------------------

def test_hort_matches_the_worked_example_of_100_80_60_40_20_10():
    """German Wikipedia, "Hort-System" (https://de.wikipedia.org/wiki/Hort-System), first
    example: prizes 100, 80, 60, 40, 20, 10 €; A and B on 8 points, C alone on 7.5, D, E, F
    on 7.  Each keeps half their place's money, the other half is pooled among the tied;
    whole euros: A 95, B 85, C 60, D 32, E 22, F 17."""
    cat = Category("Open", 1, places(100, 80, 60, 40, 20, 10))
    s = table(("A", 8), ("B", 8), ("C", 7.5), ("D", 7), ("E", 7), ("F", 7), ("G", 6))
    got = paid(allocate(s, one(cat, "hort", rounding=D(1))))
    assert got == {"A": 95, "B": 85, "C": 60, "D": 32, "E": 22, "F": 17}


def test_hort_matches_the_worked_example_of_1000_500_350_200_150_100():
    """German Wikipedia, "Hort-System", the second example: 1000, 500, 350, 200, 150, 100 €,
    the same ties: A 875, B 625, C 350, D 175, E 150, F 125."""
    cat = Category("Open", 1, places(1000, 500, 350, 200, 150, 100))
    s = table(("A", 8), ("B", 8), ("C", 7.5), ("D", 7), ("E", 7), ("F", 7))
    got = paid(allocate(s, one(cat, "hort", rounding=D(1))))
    assert got == {"A": 875, "B": 625, "C": 350, "D": 175, "E": 150, "F": 125}


def test_averaged_shares_match_the_pooling_rule_of_us_chess_32b():
    """US Chess Federation's Official Rules of Chess, rule 32B (prizes of tied players are
    pooled and divided equally): prizes 2000, 1000, 500, 300, 200 and three players tied
    for 2nd-4th share 1000 + 500 + 300 = 1800, 600 each; 1st and 5th are paid as they are."""
    cat = Category("Open", 1, places(2000, 1000, 500, 300, 200))
    s = table(("A", 6), ("B", 5), ("C", 5), ("D", 5), ("E", 4), ("F", 3))
    alloc = allocate(s, one(cat, "average"))
    assert paid(alloc) == {"A": 2000, "B": 600, "C": 600, "D": 600, "E": 200}
    assert "Open 2–4 shared by B, C, D (score 5): 1800 / 3 = 600 each" in text(alloc)


def test_players_tied_with_the_last_winner_share_the_last_places_money():
    """Averaging: 3 tied for 2nd with only 2 prizes left pool them over the three."""
    cat = Category("Open", 1, places(300, 200, 100))
    s = table(("A", 5), ("B", 4), ("C", 4), ("D", 4), ("E", 3))
    assert paid(allocate(s, one(cat, "average"))) == {"A": 300, "B": 100, "C": 100, "D": 100}


def test_shared_by_place_splits_only_players_equal_on_the_whole_chain():
    cat = Category("Open", 1, places(100, 60))
    s = [Standing(Player(1, "A"), 1, 5.0, "1-2"), Standing(Player(2, "B"), 2, 5.0, "1-2"),
         Standing(Player(3, "C"), 3, 5.0, "3")]
    assert paid(allocate(s, one(cat, "average", shared_by="place"))) == {"A": 80, "B": 80}
    assert paid(allocate(s, one(cat, "average"))) == {"A": D("53.33"), "B": D("53.33"), "C": D("53.33")}


# ---- one prize per group, most valuable first ------------------------------------------------

def test_a_player_takes_the_more_valuable_prize_and_the_other_passes_on():
    """The issue's example: Kim, 5th overall and the best under 1600, takes U1600 1st (150)
    rather than Open 5th (50); Open 5th passes to Sato, the next in the standings."""
    group = Group("Main", (Category("Open", 1, places(500, 300, 200, 100, 50)),
                           Category("U1600", 2, places(150), criteria={"rating_max": 1599})))
    s = table(("A", 5, {"rating": 2100}), ("B", 5, {"rating": 2000}),
              ("C", 4, {"rating": 1900}), ("D", 4, {"rating": 1800}),
              ("Kim", 4, {"rating": 1550}), ("Sato", 3, {"rating": 1700}),
              ("Lee", 3, {"rating": 1500}))
    alloc = allocate(s, PrizeFile((group,)))
    assert {(a.category, a.place): a.name for a in alloc.awards()} == {
        ("Open", 1): "A", ("Open", 2): "B", ("Open", 3): "C", ("Open", 4): "D",
        ("Open", 5): "Sato", ("U1600", 1): "Kim"}
    assert text(alloc) == ["Kim gets U1600 1., not Open 5.: higher value",
                           "Open 5. passes to Sato"]


def test_equal_values_go_by_the_categorys_priority():
    group = Group("Main", (Category("Women", 2, places(100), criteria={"sex": "f"}),
                           Category("Junior", 1, places(100), criteria={"age_max": 17,
                                    "base_date": __import__("datetime").date(2026, 1, 1)})))
    s = table(("Ana", 5, {"sex": "f", "birth": "2012"}), ("Bo", 4, {"sex": "f"}),
              ("Cy", 3, {"birth": "2011-05-01"}))
    got = {(a.category): a.name for a in allocate(s, PrizeFile((group,))).awards()}
    assert got == {"Junior": "Ana", "Women": "Bo"}


def test_ties_across_a_category_boundary_share_only_within_the_category():
    """B (1650) and C (1550) tie on points; Open money is shared by both, the U1600 prize is
    C's alone (B is not in that category), in another group."""
    pf = PrizeFile((Group("Open", (Category("Open", 1, places(100, 60)),), "average"),
                    Group("Class", (Category("U1600", 1, places(40),
                                             criteria={"rating_max": 1599}),), "average")))
    s = table(("A", 5, {"rating": 2000}), ("B", 4, {"rating": 1650}),
              ("C", 4, {"rating": 1550}), ("D", 3, {"rating": 1500}))
    by = {(a.group, a.name): a.money for a in allocate(s, pf).awards()}
    assert by == {("Open", "A"): 100, ("Open", "B"): 30, ("Open", "C"): 30,
                  ("Class", "C"): 40}


def test_a_player_eligible_in_five_categories_wins_one_prize_in_the_group():
    cats = (Category("Open", 1, places(50)),
            Category("Women", 2, places(80), criteria={"sex": "f"}),
            Category("Club", 3, places(60), criteria={"club": frozenset({"busan"})}),
            Category("U1800", 4, places(70), criteria={"rating_max": 1799}),
            Category("KOR", 5, places(90), criteria={"country": frozenset({"kor"})}))
    s = table(("Kim", 6, {"sex": "f", "club": "Busan", "rating": 1700, "country": "KOR"}),
              ("Ann", 5, {"sex": "f", "club": "Busan", "rating": 1750, "country": "KOR"}),
              ("Bob", 4, {"club": "Busan", "rating": 1600, "country": "KOR"}),
              ("Cat", 3, {"sex": "f", "rating": 1790, "country": "KOR"}),
              ("Dan", 2, {"rating": 1500}))
    for c in cats:
        assert eligible(c, s[0])
    alloc = allocate(s, PrizeFile((Group("Main", cats),)))
    got = {a.category: a.name for a in alloc.awards()}
    # most valuable first: KOR 90 Kim; Women 80 Ann; U1800 70 Bob; Club 60: nobody of
    # Busan left; Open 50 Cat
    assert got == {"KOR": "Kim", "Women": "Ann", "U1800": "Bob", "Open": "Cat"}
    assert [a.player for a in alloc.awards()].count(1) == 1
    assert alloc.groups[0].unawarded == (("Club", 1),)


def test_a_group_with_more_places_than_eligible_players():
    cat = Category("U1200", 1, places(30, 20, 10), criteria={"rating_max": 1199})
    s = table(("A", 5, {"rating": 1500}), ("B", 4, {"rating": 1100}), ("C", 3, {}))
    alloc = allocate(s, one(cat))
    assert paid(alloc) == {"B": 30}
    assert alloc.groups[0].unawarded == (("U1200", 2), ("U1200", 3))
    assert "U1200 2.: nobody eligible is left; not awarded" in text(alloc)


def test_shares_below_the_minimum_are_not_shared_but_go_by_place():
    cat = Category("Open", 1, places(100, 20, 10))
    s = table(("A", 5), ("B", 4), ("C", 4), ("D", 4), ("E", 4))
    alloc = allocate(s, one(cat, "average", rounding=D(1), minimum_share=D(10)))
    assert paid(alloc) == {"A": 100, "B": 20, "C": 10}  # 30 / 4 = 8 < 10
    assert "Open 2–5: a share of 8 would be below the minimum 10; not shared, by place" \
        in text(alloc)
    assert alloc.groups[0].tied_with_last == {"Open": (4, 5)}
    # at or above the minimum, shared
    assert paid(allocate(s, one(cat, "average", rounding=D(1), minimum_share=D(7)))) == {
        "A": 100, "B": 8, "C": 8, "D": 8, "E": 8}


def test_withdrawn_players_follow_the_groups_rule():
    cat = Category("Open", 1, places(100, 50))
    s = table(("A", 5, {"withdrawn_from": 5}), ("B", 4), ("C", 3))
    excluded = allocate(s, one(cat))
    assert paid(excluded) == {"B": 100, "C": 50}
    assert "A withdrew: no prize in Main (the group's rule)" in text(excluded)
    assert paid(allocate(s, one(cat, withdrawn="eligible"))) == {"A": 100, "B": 50}


def test_non_monetary_prizes_in_a_shared_group_go_by_place():
    cat = Category("Open", 1, places(100, 60, items=("Cup", "Medal")))
    s = table(("A", 5), ("B", 5), ("C", 3))
    alloc = allocate(s, one(cat, "average"))
    got = {a.name: (a.money, a.item) for a in alloc.awards()}
    assert got == {"A": (80, "Cup"), "B": (80, "Medal")}
    assert "Cup is not shared: A takes it by place" in text(alloc)


def test_a_trophy_only_category_is_not_shared():
    cat = Category("Junior", 1, (Place(1, D(0), "Trophy", D(30)),))
    s = table(("A", 5), ("B", 5))
    assert [(a.name, a.item, a.money) for a in allocate(s, one(cat, "hort")).awards()] == [
        ("A", "Trophy", 0)]


def test_magic_prize_by_record_goes_to_every_player_with_the_record():
    """Every X-1 player (at most one loss) of a 5-round event gets a booster box."""
    rec = Category("X-1", 2, (Place(1, D(0), "Booster box", D(100)),), "record",
                   {"max_losses": 1})
    top = Category("Top 2", 1, places(300, 200))
    s = [Standing(Player(i, n), i, p, str(i), losses)
         for i, (n, p, losses) in enumerate([("A", 15, 0), ("B", 12, 1), ("C", 12, 1),
                                              ("D", 12, 1), ("E", 9, 2)], 1)]
    alloc = allocate(s, PrizeFile((Group("Main", (top, rec)),)))
    got = {a.name: (a.category, a.money or a.item) for a in alloc.awards()}
    assert got == {"A": ("Top 2", 300), "B": ("Top 2", 200), "C": ("X-1", "Booster box"),
                   "D": ("X-1", "Booster box")}
    # each award reads as the explanations name it: a record prize is not a "1." place
    labels = {a.name: line_text(a.label, lambda t: t) for a in alloc.awards()}
    assert labels == {"A": "Top 2 1.", "B": "Top 2 2.", "C": "X-1 (record)",
                      "D": "X-1 (record)"}


# ---- the file ----------------------------------------------------------------------------------

GOOD = """\
currency = "EUR"
base_date = "2026-05-01"

[[group]]
name = "Main"
sharing = "hort"
rounding = 1

[[group.category]]
name = "Open"
money = [500, 300]
items = ["Cup"]

[[group.category]]
name = "U1600"
rating_max = 1599
money = [100]
"""


def write(tmp_path, text):
    p = tmp_path / "prizes.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_file_reads():
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        pf = read_prizes(write(Path(d), GOOD))
    assert pf.currency == "EUR"
    g = pf.groups[0]
    assert (g.name, g.sharing, g.rounding) == ("Main", "hort", 1)
    assert [c.name for c in g.categories] == ["Open", "U1600"]
    assert g.categories[0].places[0] == Place(1, D(500), "Cup", D(500))
    assert g.categories[1].criteria == {"rating_max": 1599}


@pytest.mark.parametrize("old,new,line,words", [
    ("money = [500, 300]", "money = [500, -300]", 11, "a prize cannot be negative"),
    ("money = [100]\n", "", 14, "has no places"),
    ("rating_max = 1599", "ratin_max = 1599", 16, "unknown key 'ratin_max'"),
    ("rating_max = 1599", "rating_max = 1599\nrating_min = 1800", 16, "matches nobody"),
    ("rating_max = 1599", 'section = "U1600"', 16, "no section 'U1600'"),
    ('sharing = "hort"', 'sharing = "split"', 6, "must be one of none, average, hort"),
    ("money = [500, 300]", "money = [300, 500]", 11, "worth more than place 1"),
    ("rating_max = 1599", 'rank_min = "3x"', 16, "malformed rank"),
    ("rating_max = 1599", "age_max = 17", 16, None),
    # the value as the file shows it ("must be a list of strings, not a list" said nothing)
    ('items = ["Cup"]', "items = [1]", 12, "'items' must be a list of strings, not [1]"),
    # two groups of one name: the totals (by group name) said 50 where the payout paid 150
    ('money = [100]\n', 'money = [100]\n\n[[group]]\nname = "Main"\n[[group.category]]\n'
     'name = "Best"\nmoney = [50]\n', 20, "a second prize group named 'Main'"),
])
def test_bad_files_are_one_file_line(tmp_path, old, new, line, words):
    text = GOOD.replace(old, new)
    if words is None:  # an age without a base date
        text = text.replace('base_date = "2026-05-01"\n', "")
        line, words = 15, "an age needs a base date"
    p = write(tmp_path, text)
    with pytest.raises(EventFileError) as exc:
        read_prizes(p, sections=("main",))
    assert str(exc.value).startswith(f"{p}:{line}: "), str(exc.value)
    assert words in str(exc.value)
    assert "\n" not in str(exc.value)


def test_a_base_date_written_as_a_toml_date_reads(tmp_path):
    """``base_date = 2026-05-01`` (TOML's own date) was refused as
    "'base_date' must be a string, not datetime.date(2026, 5, 1)"."""
    pf = read_prizes(write(tmp_path, GOOD.replace('base_date = "2026-05-01"',
                                                  "base_date = 2026-05-01")))
    assert pf.base_date == "2026-05-01"


def test_a_group_without_categories_and_a_fifo_are_refused(tmp_path):
    import os
    p = write(tmp_path, '[[group]]\nname = "Main"\n')
    with pytest.raises(EventFileError, match=r"prizes.toml:1: group 'Main' has no"):
        read_prizes(p)
    p.unlink()
    os.mkfifo(p)
    with pytest.raises(EventFileError, match="named pipe"):
        read_prizes(p)


def test_the_example_of_docs_format_loads(tmp_path):
    """docs/FORMAT.md's "prizes.toml" example is a complete file that reads."""
    from pathlib import Path
    doc = (Path(__file__).parents[2] / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    part = doc.split("## prizes.toml", 1)[1]
    example = part.split("```toml\n", 1)[1].split("```", 1)[0]
    pf = read_prizes(write(tmp_path, example), base_date="2026-05-01")
    assert len(pf.groups) >= 2
    assert {g.sharing for g in pf.groups} >= {"hort", "none"}


# ---- properties ------------------------------------------------------------------------------

CRITERIA = [{}, {"rating_max": 1799}, {"rating_min": 1800}, {"sex": "f"},
            {"club": frozenset({"a"})}, {"unrated": "only"}]


@st.composite
def events(draw):
    n = draw(st.integers(1, 25))
    pts = sorted((draw(st.integers(0, 6)) / 2 for _ in range(n)), reverse=True)
    players = []
    for i in range(n):
        players.append(Standing(
            Player(i + 1, f"P{i + 1}", rating=draw(st.one_of(st.none(), st.integers(1000, 2400))),
                   sex=draw(st.sampled_from([None, "f", "m"])),
                   club=draw(st.sampled_from([None, "a", "b"])),
                   withdrawn_from=draw(st.sampled_from([None, None, None, 3]))),
            i + 1, pts[i], str(i + 1)))
    groups = []
    for gi in range(draw(st.integers(1, 3))):
        cats = []
        for ci in range(draw(st.integers(1, 4))):
            money = sorted(draw(st.lists(st.integers(0, 5) .map(lambda x: x * 10),
                                         min_size=1, max_size=5)), reverse=True)
            cats.append(Category(f"C{ci}", draw(st.integers(1, 3)) * 10 + ci, places(*money),
                                 criteria=draw(st.sampled_from(CRITERIA))))
        groups.append(Group(f"G{gi}", tuple(cats),
                            draw(st.sampled_from(["none", "average", "hort"])),
                            withdrawn=draw(st.sampled_from(["excluded", "eligible"]))))
    return players, PrizeFile(tuple(groups))


def _as_set(alloc):
    return sorted((a.group, a.category, a.place, a.player, a.money) for a in alloc.awards())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(), st.randoms(use_true_random=False))
def test_allocation_properties(data, rnd):
    players, pf = data
    alloc = allocate(players, pf)
    for g, res in zip(pf.groups, alloc.groups):
        winners = [a.player for a in res.awards]
        # never two prizes in one group for a player
        assert len(winners) == len(set(winners))
        # never a prize left that someone eligible (and without a prize here) could take
        pool = [s for s in players
                if g.withdrawn == "eligible" or s.player.withdrawn_from is None]
        for cat_name, _place in res.unawarded:
            cat = next(c for c in g.categories if c.name == cat_name)
            assert not [s for s in pool if s.player.id not in winners and eligible(cat, s)]
    # the same allocation whatever the order of the file's groups and categories (their
    # priorities are written) and of the standings list given
    shuffled = list(pf.groups)
    rnd.shuffle(shuffled)
    shuffled = [Group(g.name, tuple(rnd.sample(g.categories, len(g.categories))), g.sharing,
                      g.shared_by, g.rounding, g.minimum_share, g.withdrawn)
                for g in shuffled]
    again = allocate(rnd.sample(players, len(players)), PrizeFile(tuple(shuffled)))
    assert _as_set(again) == _as_set(alloc)
