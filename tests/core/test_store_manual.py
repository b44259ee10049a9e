"""manual.make_round: the director's fixed pairing of the next round."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.errors import PairingError
from manual_round import make_round
from swisstui.core.model import ByeKind
from swisstui.core.registration import request_bye, withdraw


def test_make_round_with_byes_and_requested_byes(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    store.update(folder, lambda e: request_bye(e, 6, 1, "half"))
    ev = store.update(folder, lambda e: make_round(e, [(1, 2), (4, 3)], [5]))
    rnd = ev.round(1)
    assert [(b.number, b.players) for b in rnd.boards] == [(1, (1, 2)), (2, (4, 3))]
    assert [(y.player, y.kind) for y in rnd.byes] == [(5, ByeKind.PAIRING), (6, ByeKind.HALF)]
    ev = store.update(folder, lambda e: make_round(e, [(1, 3)]))
    assert ev.current_round == 2 and store.load(folder) == ev


@pytest.mark.parametrize("pairs, byes, words", [
    ([(1, 2), (2, 3)], (), "player 2 (Boris Ahn) is both on board 1 and board 2"),
    ([(1, 99)], (), "no player with id 99"),
    ([(1, 1)], (), "cannot play themselves"),
    ([(1, 2)], [1], "both on board 1 and a bye"),
    ([(3, 4)], (), "withdrew from round 1"),
    ([], (), "nothing to pair"),
])
def test_refusals(tmp_path, pairs, byes, words):
    folder = make_event(tmp_path, "chess", 4)
    store.update(folder, lambda e: withdraw(e, 3, 1))
    with pytest.raises(PairingError) as info:
        store.update(folder, lambda e: make_round(e, pairs, byes))
    assert words in str(info.value)
