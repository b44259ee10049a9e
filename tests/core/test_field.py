"""The Field (issue 33's seam, core/field.py): one request's units, records, scoring, game
profile and pairing plan, built once; the engines and the standings read nothing else of
the game profiles or the history."""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import swisstui
from swisstui.core import games, history, store
from swisstui.core.field import Field, Unit
from swisstui.core.pairing import pair_round
from swisstui.core.standings import standings

SAMPLES = Path(swisstui.__file__).parent / "sample_events"


def _sample(game: str, keep: int = 3, **settings):
    ev = store.load(SAMPLES / game)
    ev = replace(ev, rounds=ev.rounds[:keep])
    if settings:
        ev = replace(ev, settings=replace(ev.settings, **settings))
    return ev


def _no_reach_back(monkeypatch) -> None:
    """Every name bound to the game-profile lookup or to the history in swisstui's loaded
    modules raises from now on: a request that still reaches back fails."""

    def boom(*_args, **_kwargs):
        raise AssertionError("reached back past the Field")

    targets = {games.profile, history.history, history.scores}
    for name, mod in list(sys.modules.items()):
        if not name.startswith("swisstui") or mod is None:
            continue
        for attr in ("profile", "history", "scores"):
            if getattr(mod, attr, None) in targets:
                monkeypatch.setattr(mod, attr, boom)


CASES = [("chess", {}), ("chess", {"system": "dutch"}), ("go", {}), ("magic", {}),
         ("othello", {}), ("renju", {}), ("go", {"options": {"handicap": True}})]


@pytest.mark.parametrize("game,settings", CASES,
                         ids=[f"{g}-{'-'.join(map(str, s.values())) or 'sample'}"
                              for g, s in CASES])
def test_pairing_reads_only_the_field(game, settings, monkeypatch):
    ev = _sample(game, **settings)
    if "options" in settings:
        ev = replace(ev, settings=replace(ev.settings, options={**store.load(
            SAMPLES / game).settings.options, **settings["options"]}))
    expected = pair_round(ev)
    field = Field.of(ev)
    field.plan, field.start_scores  # noqa: B018 - built with the Field, before the patch
    _no_reach_back(monkeypatch)
    got = pair_round(ev, field=field)
    assert got.round == expected.round
    assert got.notes == expected.notes and got.bye_notes == expected.bye_notes
    assert got.warnings == expected.warnings


@pytest.mark.parametrize("game", ["chess", "go", "magic", "othello"])
def test_standings_read_only_the_field(game, monkeypatch):
    ev = _sample(game)
    expected = standings(ev, upto=3)
    field = Field.of(ev, 3)
    _no_reach_back(monkeypatch)
    got = standings(ev, upto=3, field=field)
    assert [(r.place, r.player.id, r.score, r.values) for r in got.rows] == \
        [(r.place, r.player.id, r.score, r.values) for r in expected.rows]


def test_the_plan_carries_the_profiles_pairing_rules():
    chess = Field.of(_sample("chess")).plan
    assert (chess.round_no, chess.colours, chess.first_colour, chess.pab_strict,
            chess.random_bye, chess.colour_gap) == (4, "fide", "w", True, False, None)
    othello = Field.of(_sample("othello")).plan
    assert (othello.colours, othello.first_colour, othello.colour_gap,
            othello.colour_absolute) == ("balance", "b", 1, False)
    magic = Field.of(_sample("magic")).plan
    assert (magic.colours, magic.random_bye, magic.order) == ("none", True, "random")
    renju = Field.of(_sample("renju")).plan
    assert (renju.colours, renju.actual_black_key) == ("recorded", "black")
    go = _sample("go")
    plan = Field.of(go).plan
    assert (plan.mcmahon, plan.mcmahon_score, plan.handicap) == (True, "MMS", False)
    handicap = replace(go, settings=replace(go.settings, options={**go.settings.options,
                                                                   "handicap": True}))
    assert Field.of(handicap).plan.handicap is True
    # round 1 of a 5-round event: not the last round; the 5th is
    assert Field.of(_sample("chess", keep=0)).plan.last_round is False
    assert Field.of(_sample("chess", keep=4)).plan.last_round is True


def test_the_field_holds_the_units_and_records_once():
    ev = _sample("go")
    field = Field.of(ev)
    p = ev.players[0]
    assert field.units[p.id] == Unit(p.id, p.name, p.rating, p.rank, p.club, p.country,
                                     p.lot, p.title)
    assert field.upto == 3 and field.round_no == 4
    assert {pid: len(recs) for pid, recs in field.records.items()} == \
        {q.id: 3 for q in ev.players}
    assert field.profile is games.profile("go")
    with pytest.raises(dataclasses.FrozenInstanceError):
        field.upto = 2  # type: ignore[misc]
