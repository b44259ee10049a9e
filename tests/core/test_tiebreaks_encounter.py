"""Direct encounter (FIDE C.07 Art. 6, docs/RULES.md §5.2), OpenGotha DC/SDC (docs/RULES.md §1.4)."""

from swisstui.core.standings import order_by_chain, registry, standings
from swisstui.core.standings.context import Context
from test_standings_build import build


def de(ev, ids):
    return registry["DE"].compute(Context(ev), ids)


def test_de_all_tied_players_met():
    # 1 beat 2 and 3, 2 beat 3; everybody tied on 2 points through games against 4, 5, 6
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "=")],
              [(1, 3, "1-0"), (2, 5, "1-0"), (4, 6, "=")],
              [(2, 3, "1-0"), (1, 4, "0-1"), (5, 6, "=")],
              [(3, 5, "1-0"), (1, 6, "0-1"), (2, 4, "0-1")]]
    ev = build("chess", [1, 2, 3, 4, 5, 6], rounds)
    st = standings(ev, chain="DE")
    assert {p: st.row(p).score for p in (1, 2, 3)} == {1: 2, 2: 2, 3: 2}
    assert {p: st.row(p).values["DE"] for p in (1, 2, 3)} == {1: 2, 2: 1, 3: 0}
    # 4 and 6 (2.5 each) drew their game: still tied, a shared place
    assert [(r.player.id, r.place) for r in st.rows] == \
        [(4, "1-2"), (6, "1-2"), (1, "3"), (2, "4"), (3, "5"), (5, "6")]
    assert (st.row(4).rank, st.row(6).rank) == (1, 2)  # positions; the place is shared


def test_de_not_all_met_first_place_decided():
    # 1 beat 2 and 3; 2 and 3 never met: 1 is first whatever that game would give, 2-3 tie
    ev = build("chess", [1, 2, 3, 4], [[(1, 2, "1-0"), (3, 4, "=")], [(3, 1, "0-1"), (2, 4, "=")]])
    vals = de(ev, [1, 2, 3])
    assert vals[1] > vals[2] == vals[3]
    assert order_by_chain(ev, [3, 2, 1], ["DE"]) == [1, 2, 3]


def test_de_not_all_met_nothing_decided():
    # 1 beat 2; 3 met neither: 3 could still win both missing games -> no order
    ev = build("chess", [1, 2, 3, 4], [[(1, 2, "1-0"), (3, 4, "1-0")]])
    vals = de(ev, [1, 2, 3])
    assert len(set(vals.values())) == 1


def test_de_cycle_shares_places():
    # a 3-cycle: each tied player scored 1 against the others -> places 1-3
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "0-1"), (2, 4, "1-0")],
              [(1, 4, "1-0"), (2, 3, "1-0")]]
    st = standings(build("chess", [1, 2, 3, 4], rounds), chain="DE")
    assert [r.place for r in st.rows] == ["1-3", "1-3", "1-3", "4"]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4]


def test_de_averages_repeated_games():
    ev = build("chess", [1, 2], [[(1, 2, "1-0")], [(2, 1, "=")]])
    assert de(ev, [1, 2]) == {1: 0.75, 2: 0.25}


def test_dc_collapses_cycles_and_sdc():
    # 1 > 2 > 3 > 1 (cycle), all beat 4; 5 has not met anybody
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(2, 3, "1-0"), (1, 4, "1-0")],
              [(3, 1, "1-0"), (2, 4, "1-0")]]
    ev = build("go", [1, 2, 3, 4, 5], rounds)
    ctx = Context(ev)
    dc = registry["DC"].compute(ctx, [1, 2, 3, 4])
    assert dc[1] == dc[2] == dc[3] > dc[4]
    sdc = registry["SDC"].compute(ctx, [1, 2, 3, 4])
    assert sdc == {1: 2, 2: 2, 3: 2, 4: 0}
    assert set(registry["SDC"].compute(ctx, [1, 2, 5]).values()) == {0}


def test_large_tied_groups_stay_linear():
    """3000 players who all drew round 1 reach DE (and DC) as one tied group: the group
    criteria must not be quadratic (this finished in well under a second)."""
    n = 3000
    rounds = [[(i, i + 1, "=") for i in range(1, n + 1, 2)]]
    ev = build("chess", list(range(1, n + 1)), rounds)
    st = standings(ev)
    assert {r.place for r in st.rows} == {f"1-{n}"}
    go = build("go", list(range(1, 1001)), [[(i, i + 1, "1-0") for i in range(1, 1001, 2)]])
    st = standings(go, chain="WINS,DC,SDC,DE")
    assert {r.place for r in st.rows} == {"1-500", "501-1000"}
