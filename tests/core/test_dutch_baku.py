"""Baku acceleration's group A (FIDE C.04.5.1 "Initial Groups Division"): "the first half of
the players, rounded up to the nearest even number" — 2 * Q, Q = players / 4 rounded upwards
(the text's own example: 161 players -> 82).  Issue 32 item 14: 21, 22, 50 and 161 players
had one player fewer in group A."""

from __future__ import annotations

from dataclasses import replace

import pytest

from swisstui.core.model import Event, Player
from swisstui.core.pairing import pair_round
from swisstui.core.pairing.dutch.players import acceleration, baku_group_a
from swisstui.core.settings import make_settings

# players -> size of group A, by hand from the text: half of n, up to the next even number
GOLDEN = {8: 4, 9: 6, 10: 6, 12: 6, 21: 12, 22: 12, 24: 12, 50: 26, 52: 26, 161: 82, 164: 82}


def _event(n: int, rounds: int = 9) -> Event:
    players = tuple(Player(i, f"P{i:03d}", rating=2600 - 5 * i) for i in range(1, n + 1))
    settings = make_settings("chess", "Baku", rounds, system="dutch",
                             options={"acceleration": "baku", "initial_colour": "w"})
    return Event(settings, players, ())


@pytest.mark.parametrize("n, size", sorted(GOLDEN.items()))
def test_group_a_is_half_rounded_up_to_even(n, size):
    assert baku_group_a(n) == size
    ev = _event(n)
    # the last player of group A has the virtual point, the next one none (round 1)
    assert acceleration(ev, size, 1) == 1.0
    assert acceleration(ev, size + 1, 1) == 0.0


def test_22_players_round_one_pairs_twelve_in_group_a():
    """22 players: GA = 1-12 (one virtual point) pairs 1-7 … 6-12; GB = 13-22 pairs 13-18 …
    17-22.  With GA = 11 the top group had to float a player down (11 is odd)."""
    rnd = pair_round(_event(22)).round
    pairs = sorted(tuple(sorted(b.players)) for b in rnd.boards)
    assert pairs == [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12),
                     (13, 18), (14, 19), (15, 20), (16, 21), (17, 22)]


def test_without_acceleration_no_virtual_points():
    ev = _event(22)
    plain = replace(ev, settings=replace(ev.settings, options={}))
    assert acceleration(plain, 1, 1) == 0.0
