"""The settings form (core/settings_form.py): fields per game, current values as text, and
typed text back to create_event / preview_settings arguments, with the field at fault."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.core import services
from swisstui.core.errors import SwissError
from swisstui.core.settings_form import (OPTION, default_texts, event_fields, field_of,
                                         parse_texts, settings_texts)


@pytest.mark.parametrize("game", ["chess", "go", "othello", "magic", "renju"])
def test_every_game_option_is_a_field_and_round_trips(tmp_path, game):
    from swisstui.core.games import profile
    keys = [f.key for f in event_fields(game)]
    assert keys[:2] == ["name", "rounds"]
    assert {OPTION + k for k in profile(game).options} <= set(keys)
    texts = default_texts(game, "Spring Open", 6)
    kw = parse_texts(game, texts)
    ev = services.create_event(tmp_path / "ev", game, **kw)
    assert ev.settings.name == "Spring Open" and ev.settings.rounds == 6
    assert settings_texts(ev.settings) == texts  # the form shows what was saved


def test_tiebreak_help_lists_the_games_codes():
    help_ = next(f.help for f in event_fields("go") if f.key == "tiebreaks")
    assert "SOS" in help_ and "BH-C1" not in help_


def test_only_changed_fields_and_typed_values(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=4)
    ev = services.load(folder)
    shown = settings_texts(ev.settings)
    typed = dict(shown, **{"rounds": "7", OPTION + "komi": "6.5", OPTION + "handicap": "yes",
                           "tiebreaks": "SOS, WINS"})
    kw = parse_texts("go", typed, shown)
    assert kw == {"rounds": 7, "tiebreaks": ("SOS", "WINS"),
                  "options": {"komi": 6.5, "handicap": True}}
    change = services.preview_settings(ev, **kw)
    assert set(change.changed) == {"rounds", "tiebreaks", "options"}


@pytest.mark.parametrize("key, text, field", [
    ("rounds", "many", "rounds"),
    ("rounds", "0", "rounds"),
    (OPTION + "komi", "lots", OPTION + "komi"),
    (OPTION + "handicap", "maybe", OPTION + "handicap"),
    ("tiebreaks", "SOS, XYZ", "tiebreaks"),
    ("system", "knockout", "system"),
    ("name", "", "name"),
])
def test_a_refusal_names_its_field(tmp_path, key, text, field):
    texts = dict(default_texts("go", "Go Cup"), **{key: text})
    with pytest.raises(SwissError) as err:
        services.create_event(tmp_path / "ev", "go", **parse_texts("go", texts))
    assert field_of(err.value) == field
    assert not (tmp_path / "ev" / "event.toml").exists()


def test_option_labels_are_whole_words_or_marked_cut_and_the_help_names_the_key():
    from swisstui.core.settings_form import event_fields, option_label
    assert option_label("handicap_max") == "Handicap max"
    assert option_label("handicap_reduction") == "Handicap re…"
    go = {f.key: f for f in event_fields("go")}
    assert go["option.handicap_reduction"].help.startswith("handicap_reduction: ")
    labels = [f.label for f in go.values() if f.key.startswith("option.")]
    assert len(labels) == len(set(labels))  # no two options look alike in the form
