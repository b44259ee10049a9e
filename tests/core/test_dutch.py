"""The FIDE Dutch system (system = "dutch"): bbpPairings' pairings of random events, colour
allocation E.1-E.5, pairing numbers (C.04.2), PAB and absolute criteria."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swisstui.cli import main
from swisstui.core import store
from swisstui.core.errors import PairingError
from swisstui.core.interop.trf import read_trf
from swisstui.core.model import Bye, ByeKind, Event, Player
from swisstui.core.pairing import pair_round
from swisstui.core.pairing.dutch import DPlayer, allocate, pair_players, pairing_numbers
from swisstui.core.settings import make_settings

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
CASES = sorted(p.stem for p in DATA.glob("*.trf"))


def _expected(stem: str):
    nums = list(map(int, (DATA / f"{stem}.pairs").read_text().split()))
    boards, bye = set(), None
    for k in range(nums[0]):
        w, b = nums[1 + 2 * k], nums[2 + 2 * k]
        if b == 0:
            bye = w
        else:
            boards.add((w, b))
    return boards, bye


def _dutch(event):
    return replace(event, settings=replace(event.settings, system="dutch"))


def test_the_subset_is_there():
    assert len(CASES) >= 40


@pytest.mark.parametrize("stem", CASES)
def test_same_pairs_colours_and_bye_as_bbppairings(stem):
    event = _dutch(read_trf((DATA / f"{stem}.trf").read_text(encoding="utf-8")))
    rnd = pair_round(event).round
    boards, bye = _expected(stem)
    assert {tuple(b.players) for b in rnd.boards} == boards
    assert [b.player for b in rnd.byes if b.kind is ByeKind.PAIRING] == (
        [bye] if bye is not None else [])


def test_import_then_pair_through_the_cli(tmp_path):
    stem = "s1042_n12_r6_k5"
    folder = tmp_path / "ev"
    assert main(["import", str(DATA / f"{stem}.trf"), "--format", "trf", str(folder)]) == 0
    toml = folder / "event.toml"
    toml.write_text(toml.read_text().replace('system = "swiss"', 'system = "dutch"'))
    assert main(["pair", str(folder)]) == 0
    event = store.load(folder)
    rnd = event.rounds[-1]
    boards, bye = _expected(stem)
    assert rnd.number == 6
    assert {tuple(b.players) for b in rnd.boards} == boards


def test_explain_names_bracket_criteria_and_colour_rule():
    event = _dutch(read_trf((DATA / "s1042_n12_r6_k5.trf").read_text(encoding="utf-8")))
    pairing = pair_round(event)
    text = "\n".join(pairing.explain(1))
    assert text.startswith("bracket ") and "score" in text
    assert "C4" in text and "C6" in text
    assert "colour:" in text and "E." in text


# ---- round 1 and small events built here -----------------------------------------------------


def make_event(game, players, rounds):
    return Event(make_settings(game, "Dutch test", rounds), tuple(players))


def _players(n, **kw):
    return [Player(i, f"P{i:02d}", rating=2500 - 10 * i, **kw) for i in range(1, n + 1)]


def test_round_one_top_half_against_bottom_half_colours_by_pairing_number():
    ev = _dutch(make_event("chess", _players(8), rounds=5))
    rnd = pair_round(ev).round
    # E.5: 1 (odd) gets the initial colour white, 2 (even) black, …
    assert [b.players for b in rnd.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert rnd.byes == ()


def test_round_one_odd_field_gives_the_bye_to_the_last_player():
    ev = _dutch(make_event("chess", _players(7), rounds=5))
    rnd = pair_round(ev).round
    assert [b.player for b in rnd.byes] == [7]
    assert [b.players for b in rnd.boards] == [(1, 4), (5, 2), (3, 6)]


def test_initial_colour_black():
    ev = _dutch(make_event("chess", _players(4), rounds=3))
    ev = replace(ev, settings=replace(ev.settings, options={"initial_colour": "b"}))
    rnd = pair_round(ev).round
    assert [b.players for b in rnd.boards] == [(3, 1), (2, 4)]


def test_requested_bye_is_not_paired_and_forbidden_pair_is_respected():
    players = _players(6)
    players[5] = replace(players[5], byes=((1, ByeKind.HALF),))
    ev = _dutch(make_event("chess", players, rounds=5))
    ev = replace(ev, settings=replace(ev.settings, forbidden=((1, 4),)))
    rnd = pair_round(ev).round
    assert Bye(6, ByeKind.HALF) in rnd.byes
    pairs = {frozenset(b.players) for b in rnd.boards}
    assert frozenset((1, 4)) not in pairs
    assert len(rnd.boards) == 2


# ---- colour allocation E.1-E.5 -------------------------------------------------------------


def _p(pid, colours="", score=1.0, tpn=None):
    return DPlayer(pid, tpn or pid, score, tuple(colours), frozenset(), (None, None), True,
                   len(colours))


def test_e1_both_preferences_granted():
    assert allocate(_p(1, "w"), _p(2, "b")) == (2, 1, "E.1")


def test_e2_stronger_preference_wins():
    # 1: mild (wb -> wants w), 2: absolute (bb -> wants w)
    assert allocate(_p(1, "wb"), _p(2, "bb")) == (2, 1, "E.2")
    # strong (CD -1) against mild: the strong one wins
    assert allocate(_p(1, "wb"), _p(2, "bwb")) == (2, 1, "E.2")
    a, b = _p(1, "bwbb"), _p(2, "bbb")  # CD -2 vs -3: player 2 gets white
    assert allocate(a, b) == (2, 1, "E.2")


def test_e3_alternate_from_the_last_difference():
    # same mild preference (both want w: CD 0, black last); the most recent round in which
    # their colours differed is the 2nd from the end: 1 had b, 2 had w -> 1 gets w
    a = _p(1, "wbwb")
    b = _p(2, "bwwb")
    assert a.pref == b.pref == "w" and a.strength() == b.strength() == "mild"
    assert allocate(a, b) == (1, 2, "E.3")
    # identical histories: no difference -> E.4, the higher-ranked player's preference
    assert allocate(_p(1, "bw", score=2.0), _p(2, "bw")) == (2, 1, "E.4")


def test_e4_higher_ranked_gets_his_preference():
    a, b = _p(1, "b", score=2.0), _p(2, "b", score=1.0)
    assert allocate(b, a) == (1, 2, "E.4")


def test_e5_no_preferences_parity_of_the_higher_pairing_number():
    assert allocate(_p(3, score=1.0), _p(5, score=1.0))[:2] == (3, 5)
    assert allocate(_p(4, score=1.0), _p(5, score=1.0))[:2] == (5, 4)
    assert allocate(_p(4, score=1.0), _p(5, score=1.0), initial="b")[:2] == (4, 5)
    # the higher-ranked player is the higher score first
    assert allocate(_p(4, score=0.0), _p(5, score=1.0))[:3] == (5, 4, "E.5")


def test_preference_strengths():
    assert _p(1, "ww").strength() == "absolute" and _p(1, "ww").pref == "b"
    assert _p(1, "wbw").strength() == "strong" and _p(1, "wbw").pref == "b"
    assert _p(1, "wb").strength() == "mild" and _p(1, "wb").pref == "w"
    assert _p(1, "").strength() == "none" and _p(1, "").pref is None


# ---- pairing numbers (C.04.2) --------------------------------------------------------------


def test_pairing_numbers_rating_title_name():
    players = [Player(1, "Zed", rating=2400), Player(2, "Abe", rating=2400),
               Player(3, "Kim", rating=2400, title="GM"), Player(4, "Low", rating=2000),
               Player(5, "Top", rating=2600)]
    ev = make_event("chess", players, rounds=5)
    assert pairing_numbers(ev) == {5: 1, 3: 2, 2: 3, 1: 4, 4: 5}
    assert pairing_numbers(ev, present={1, 2, 4}) == {2: 1, 1: 2, 4: 3}


# ---- absolute criteria ----------------------------------------------------------------------


def test_no_pairing_bye_twice_and_no_complete_pairing_raises():
    a = DPlayer(1, 1, 1.0, ("w",), frozenset({2}), (None, None), False, 1)
    b = DPlayer(2, 2, 1.0, ("b",), frozenset({1}), (None, None), True, 1)
    c = DPlayer(3, 3, 0.0, (), frozenset(), (None, None), True, 0)
    res = pair_players([a, b, c])
    assert res.bye == 2 and res.pairs == [(1, 3)]
    with pytest.raises(PairingError):
        pair_players([a, b])


def test_baku_acceleration_splits_round_one_into_two_groups():
    ev = _dutch(make_event("chess", _players(8), rounds=9))
    ev = replace(ev, settings=replace(ev.settings, options={"initial_colour": "w",
                                                            "acceleration": "baku"}))
    rnd = pair_round(ev).round
    # group A (pairing numbers 1-4) has one virtual point: 1-3, 2-4 and 5-7, 6-8
    assert [b.players for b in rnd.boards] == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_baku_virtual_points_by_round():
    from swisstui.core.pairing.dutch.players import acceleration
    ev = _dutch(make_event("chess", _players(8), rounds=9))
    ev = replace(ev, settings=replace(ev.settings, options={"acceleration": "baku"}))
    assert [acceleration(ev, 1, r) for r in range(1, 8)] == [1, 1, 1, 0.5, 0.5, 0, 0]
    assert acceleration(ev, 5, 1) == 0
    plain = replace(ev, settings=replace(ev.settings, options={}))
    assert acceleration(plain, 1, 1) == 0


@pytest.mark.parametrize("seed", range(6))
def test_whole_random_events_keep_the_absolute_criteria(seed):
    from swisstui.core.history import history
    from swisstui.core.pairing.simulate import simulate
    rng_n = 10 + 3 * seed
    s = make_settings("chess", "sim", 6, system="dutch", seed=seed)
    ev = simulate("chess", rng_n, 6, seed, settings=s, forfeit_rate=0.05)
    assert len(ev.rounds) == 6
    met: set[frozenset] = set()
    for rnd in ev.rounds:
        for b in rnd.boards:
            pair = frozenset(b.players)
            played_before = pair in met
            assert not played_before, f"rematch {sorted(pair)} in round {rnd.number}"
            if not b.result.forfeit:
                met.add(pair)
    for recs in history(ev).values():
        assert sum(1 for r in recs if r.kind.value == "pairing_bye") <= 1
