"""Dutch system: pairing numbers reassigned for the first three rounds, then frozen (FIDE
C.04.2), and ``--allow-rematch`` relaxing C1 (issue 13; docs/PAIRING.md)."""

import pytest

from swisstui.core.errors import PairingError
from swisstui.core.field import Field
from swisstui.core.model import Player
from swisstui.core.pairing import pair_round
from swisstui.core.pairing.dutch import pairing_numbers
from swisstui.core.pairing.dutch.players import REASSIGNED, build_players
from test_standings_build import build

PLAYERS = [Player(1, "A", rating=2000), Player(2, "B", rating=1900),
           Player(3, "C", rating=1800), Player(4, "D", rating=1700),
           Player(5, "E", rating=2100, joined_round=3), Player(6, "F", rating=2200,
                                                                   joined_round=5)]


def test_pairing_numbers_are_reassigned_for_four_rounds_then_frozen():
    assert REASSIGNED == 4  # C.04.2 2.3: no modification after round 4 has been paired
    ev = build("chess", PLAYERS, [], nrounds=7, system="dutch")
    by_rating = {6: 1, 5: 2, 1: 3, 2: 4, 3: 5, 4: 6}
    for rnd in (1, 2, 3, 4):  # a late entry takes his place by rating
        assert pairing_numbers(ev, round_no=rnd) == by_rating
    # from round 5 the order of the players entered by round 4 is kept (E joined in round
    # 3: by rating among them); F, entering in round 5, comes after them
    frozen = {5: 1, 1: 2, 2: 3, 3: 4, 4: 5, 6: 6}
    for rnd in (5, 6, 7):
        assert pairing_numbers(ev, round_no=rnd) == frozen
    # the engine numbers only who takes part: before F enters, nobody's parity moves
    assert pairing_numbers(ev, {1, 2, 3, 4, 5}, 4) == {5: 1, 1: 2, 2: 3, 3: 4, 4: 5}
    # default round: the event's next one
    assert pairing_numbers(ev) == by_rating


def test_build_players_uses_the_frozen_numbers():
    rounds = [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "="), (2, 4, "=")],
              [(5, 1, "1-0"), (2, 3, "1-0"), ("bye", 4, "pairing")],
              [(5, 2, "="), (1, 4, "1-0"), ("bye", 3, "zero")]]
    ev = build("chess", PLAYERS, rounds, nrounds=7, system="dutch")
    tpn = {q.id: q.tpn for q in build_players(Field.of(ev, 4), [1, 2, 3, 4, 5, 6])}
    assert tpn == {5: 1, 1: 2, 2: 3, 3: 4, 4: 5, 6: 6}  # F (2200) last, not first


# Four players who have all met: round 4 cannot be paired without a rematch.
ALL_MET = [[(1, 2, "1-0"), (3, 4, "1-0")], [(4, 1, "0-1"), (2, 3, "=")],
           [(1, 3, "="), (4, 2, "=")]]


def test_dutch_refusal_names_the_rematch_relaxation():
    ev = build("chess", [1, 2, 3, 4], ALL_MET, nrounds=4, system="dutch")
    with pytest.raises(PairingError) as err:
        pair_round(ev)
    assert err.value.relaxation == "allow_rematch"
    assert "--allow-rematch" in str(err.value) and "met round 1" in str(err.value)
    assert set(err.value.players) == {1, 2, 3, 4}


def test_dutch_allow_rematch_repeats_the_oldest_games():
    ev = build("chess", [1, 2, 3, 4], ALL_MET, nrounds=4, system="dutch")
    p = pair_round(ev, allow_rematch=True)
    # forgetting round 1 frees exactly its pairs: 1-2 and 3-4 meet again
    assert {frozenset(b.players) for b in p.round.boards} == {frozenset((1, 2)),
                                                              frozenset((3, 4))}
    assert any("1-2 (met round 1)" in w and "3-4 (met round 1)" in w for w in p.warnings)
