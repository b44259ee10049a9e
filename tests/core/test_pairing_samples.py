"""The sample events (swisstui/sample_events, made by tools/make_samples.py): one live event
per game, valid, and every saved pairing is exactly what the engine gives for the rounds
before it (the engine is deterministic; regenerate the samples after a deliberate change)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swisstui.core import store
from swisstui.core.model import GAMES
from swisstui.core.pairing import pair_round

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


@pytest.mark.parametrize("game", GAMES)
def test_sample_event_is_live_and_valid(game):
    ev = store.load(SAMPLES / game)
    assert ev.game == game
    assert 12 <= len(ev.players) <= 24
    assert ev.current_round == 4
    assert all(ev.round(r).missing_results() == 0 for r in (1, 2, 3))
    assert 0 < ev.round(4).missing_results() < len(ev.round(4).boards)
    assert any("-" in p.name or " " in p.name for p in ev.players)


@pytest.mark.parametrize("game", GAMES)
def test_sample_pairings_are_the_engines(game):
    ev = store.load(SAMPLES / game)
    for rnd in ev.rounds:
        before = replace(ev, rounds=tuple(r for r in ev.rounds if r.number < rnd.number))
        p = pair_round(before)
        assert [b.players for b in p.round.boards] == [b.players for b in rnd.boards]
        assert p.round.byes == rnd.byes


def test_root_symlink_points_at_the_package_samples():
    link = SAMPLES.parents[1] / "sample_events"
    assert link.resolve() == SAMPLES.resolve()
