"""Defaults that depend on another setting follow it (issue 31, item 6).

A Go event switched to McMahon kept the Swiss chain (WINS, SOS, SOSOS, SODOS): it was ranked
by wins, and pairing said "No warnings".  Go's default chain depends on the system
(``GameProfile.standings.tiebreaks_by_system``, docs/RULES.md §0) and its Tagajo style implies colours
and club/country weights (``GameProfile.pairing.style_methods``).  One core rule serves every game
and every front end: a field still at the old setting's default takes the new one's
(:func:`follow_defaults`, :func:`settings_form.follow_texts`); a field the director set stays,
and a warning says it is another system's default (:func:`default_mismatches`) — in the
forms, after ``swisstui new`` / ``settings``, and when pairing."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.core import services, store
from swisstui.core.model import GAMES
from swisstui.core.settings import default_mismatches, follow_defaults, make_settings
from swisstui.core.settings_form import default_texts, follow_texts

SWISS = ("WINS", "SOS", "SOSOS", "SODOS")
MCMAHON = ("MMS", "SOSM", "SOSOSM")
SWISS_IN_MCMAHON = ("tiebreaks WINS, SOS, SOSOS, SODOS is the default of a swiss event, this "
                    "one is mcmahon (its default: MMS, SOSM, SOSOSM)")


# ---- the rule -----------------------------------------------------------------------------------

def test_the_chain_follows_the_system_when_it_is_still_the_old_default():
    swiss = make_settings("go", "Go", 5)
    assert swiss.tiebreaks == SWISS
    typed = make_settings("go", "Go", 5, system="mcmahon", tiebreaks=SWISS)
    assert follow_defaults(swiss, typed, {"system"}).tiebreaks == MCMAHON
    back = make_settings("go", "Go", 5, system="swiss", tiebreaks=MCMAHON)
    assert follow_defaults(follow_defaults(swiss, typed, {"system"}), back,
                           {"system"}).tiebreaks == SWISS


def test_a_chain_the_director_set_stays_and_is_warned_about():
    swiss = make_settings("go", "Go", 5)
    typed = make_settings("go", "Go", 5, system="mcmahon", tiebreaks=SWISS)
    # given with the change: the director's
    kept = follow_defaults(swiss, typed, {"system", "tiebreaks"})
    assert kept.tiebreaks == SWISS
    assert default_mismatches(kept) == [SWISS_IN_MCMAHON]
    # customised before: stays too
    custom = make_settings("go", "Go", 5, tiebreaks=("SOS", "WINS"))
    moved = make_settings("go", "Go", 5, system="mcmahon", tiebreaks=("SOS", "WINS"))
    assert follow_defaults(custom, moved, {"system"}).tiebreaks == ("SOS", "WINS")
    assert default_mismatches(moved) == [
        "tiebreaks SOS, WINS: a McMahon event is ranked by MMS first (its default: MMS, SOSM, "
        "SOSOSM)"]


def test_the_style_brings_its_methods_settings():
    """Go's ``tiebreaks`` style is the Tagajo method: no colours, club mates may meet."""
    fold = make_settings("go", "Go", 5)
    assert (fold.colours, fold.club_weight, fold.country_weight) == ("balance", 1, 1)
    typed = make_settings("go", "Go", 5, style="tiebreaks", colours="balance", club_weight=1,
                          country_weight=1)
    tagajo = follow_defaults(fold, typed, {"style"})
    assert (tagajo.colours, tagajo.club_weight, tagajo.country_weight) == ("none", 0, 0)


@pytest.mark.parametrize("game", GAMES)
def test_no_game_warns_on_its_defaults(game):
    assert default_mismatches(make_settings(game, "x", 5)) == []
    for system in ("swiss", "mcmahon", "dutch"):
        try:
            s = make_settings(game, "x", 5, system=system)
        except Exception:
            continue
        assert default_mismatches(s) == [], (game, system)


def test_the_forms_texts_follow_the_same_rule():
    shown = default_texts("go", "Go Cup")
    assert shown["tiebreaks"] == "WINS, SOS, SOSOS, SODOS"
    assert follow_texts("go", shown, {**shown, "system": "mcmahon"}) == (
        {"tiebreaks": "MMS, SOSM, SOSOSM"}, [])
    # typed by the director: kept, and said
    typed = {**shown, "system": "mcmahon", "tiebreaks": "WINS, SOS, SOSOS, SODOS"}
    assert follow_texts("go", typed, typed) == ({}, [SWISS_IN_MCMAHON])
    # a system half typed: nothing moves, nothing said
    assert follow_texts("go", shown, {**shown, "system": "mcm"}) == ({}, [])
    chess = default_texts("chess", "Open")
    assert follow_texts("chess", chess, {**chess, "system": "swiss"}) == ({}, [])


# ---- the services: settings, pairing -------------------------------------------------------------

def test_changing_the_system_of_an_event_brings_its_chain(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=6)
    _ev, change = services.change_settings(folder, system="mcmahon")
    assert store.load(folder).settings.tiebreaks == MCMAHON
    assert set(change.changed) == {"system", "tiebreaks"} and change.warnings == ()


def test_pairing_warns_of_another_systems_chain(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=6, system="mcmahon", tiebreaks=SWISS)
    p = services.preview_pairing(store.load(folder))
    assert p.warnings[0] == SWISS_IN_MCMAHON
    out = services.pair_next(folder)
    assert out.pairing.warnings[0] == SWISS_IN_MCMAHON
    fine = make_event(tmp_path, game="go", n_players=6, system="mcmahon")
    assert SWISS_IN_MCMAHON not in services.preview_pairing(store.load(fine)).warnings
