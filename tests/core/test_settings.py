"""make_settings: game-profile defaults, overrides, refusals listing the valid values."""

from __future__ import annotations

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.games import profile
from swisstui.core.model import GAMES
from swisstui.core.settings import make_settings


@pytest.mark.parametrize("game", GAMES)
def test_profile_defaults(game):
    prof = profile(game)
    s = make_settings(game, "Cup", 5)
    assert (s.name, s.game, s.rounds) == ("Cup", game, 5)
    assert s.scoring == prof.scoring
    assert s.tiebreaks == tuple(prof.standings.tiebreaks)
    assert (s.system, s.style, s.round1, s.colours) == (
        prof.pairing.system, prof.pairing.style, prof.pairing.round1, prof.seats.policy)
    assert set(s.options) <= set(prof.options)


def test_known_defaults_from_the_design_table():
    assert make_settings("magic", "M", 5).scoring.win == 3
    assert make_settings("magic", "M", 5).scoring.draw == 1
    assert make_settings("chess", "C", 5).tiebreaks[:2] == ("BH-C1", "BH")
    assert make_settings("othello", "O", 5).options["bye_discs"] == (40, 24)


def test_overrides_merge_into_the_profile():
    s = make_settings("chess", "C", 7, system="roundrobin", style="fold", round1="lot",
                      tiebreaks="SB,BH", seed=9, bye=0.5, win=2,
                      options={"initial_colour": "b"})
    assert s.system == "roundrobin" and s.style == "fold" and s.round1 == "lot"
    assert s.tiebreaks == ("SB", "BH") and s.seed == 9
    assert (s.scoring.win, s.scoring.draw, s.scoring.bye) == (2, 0.5, 0.5)
    assert s.options == {"tiebreak_rules": "2023", "initial_colour": "b"}


def test_game_options_are_normalised_by_the_game():
    s = make_settings("othello", "O", 5, options={"bye_discs": [33, 31]})
    assert s.options["bye_discs"] == (33, 31)
    assert make_settings("go", "G", 5, options={"komi": 7}).options["komi"] == 7.0


@pytest.mark.parametrize("kw, words", [
    ({"system": "knockout"}, ["unknown system 'knockout'", "swiss, mcmahon, roundrobin, dutch"]),
    ({"style": "zigzag"}, ["unknown style", "fold, slide, adjacent, random, tiebreaks"]),
    ({"round1": "alpha"}, ["unknown round1", "random, rating, lot"]),
    ({"colours": "pink"}, ["unknown colours", "fide"]),
    ({"tiebreaks": "BH,NOPE"}, ["NOPE"]),
    ({"tiebreaks": "BH,SB,BH"}, ["BH is listed twice"]),
    ({"tiebreaks": "BH-C1,bhc1"}, ["BH-C1 is listed twice (bhc1 is BH-C1)"]),
    ({"options": {"komi": 6.5}}, ["unknown chess option 'komi'", "tiebreak_rules"]),
    ({"options": {"initial_colour": "g"}}, ["initial_colour", "w, b"]),
    ({"win": "three"}, ["win", "number"]),
    ({"colour": "w"}, ["unknown setting 'colour'"]),
])
def test_refusals_list_the_valid_values(kw, words):
    with pytest.raises(SwissError) as info:
        make_settings("chess", "C", 5, **kw)
    for w in words:
        assert w in str(info.value)
    assert "\n" not in str(info.value)


def test_unknown_game_and_bad_rounds():
    with pytest.raises(SwissError, match="valid: chess, go, othello, magic, renju"):
        make_settings("draughts", "D", 5)
    with pytest.raises(SwissError, match="rounds"):
        make_settings("chess", "C", 0)
    with pytest.raises(SwissError, match="name"):
        make_settings("chess", "  ", 3)


def test_dates_are_iso_and_in_order():
    s = make_settings("go", "G", 5, date_start="2026-11-21", date_end="2026-11-23")
    assert (s.date_start, s.date_end) == ("2026-11-21", "2026-11-23")
    with pytest.raises(SwissError, match="date_start must be a date like 2026-11-21"):
        make_settings("go", "G", 5, date_start="yesterday")
    with pytest.raises(SwissError, match="ends .* before it starts"):
        make_settings("go", "G", 5, date_start="2026-11-21", date_end="2026-11-20")


@pytest.mark.parametrize("kw", [{"win": -1}, {"loss": 2}, {"draw": 5}, {"win": 0, "draw": 0}])
def test_scoring_must_be_in_order(kw):
    with pytest.raises(SwissError, match="loss <= draw <= win"):
        make_settings("chess", "C", 5, **kw)
