"""GameProfile's records (issue 33's seam): small frozen records by what they describe, each
with defaults, and the colour vocabulary named once (swisstui/core/colours_vocab.py)."""

import ast
import dataclasses
import pathlib

import pytest

from swisstui.core import colours_vocab as vocab
from swisstui.core.games import (BoardSetup, Entry, GameProfile, PairingRules, Printing, Seats,
                                 Simulation, StandingsRules, profile)
from swisstui.core.model import GAMES, Scoring
from swisstui.core.settings import COLOURS

RECORDS = {"pairing": PairingRules, "standings": StandingsRules, "seats": Seats, "entry": Entry,
           "setup": BoardSetup, "printing": Printing, "simulation": Simulation}
CORE = pathlib.Path(__file__).resolve().parents[2] / "swisstui" / "core"


def test_a_profile_with_only_its_identity_has_every_record_at_its_defaults():
    bare = GameProfile("bare", Scoring(win=1.0, draw=0.5, loss=0.0, bye=1.0))
    for attr, record in RECORDS.items():
        assert getattr(bare, attr) == record()
    # the defaults keep a game without the feature as the others are
    assert (bare.pairing.system, bare.pairing.style, bare.pairing.round1) == (
        "swiss", "slide", "rating")
    assert (bare.seats.policy, bare.seats.has_colours, bare.seats.order_colours) == (
        "balance", True, None)
    assert bare.tiebreaks_for("mcmahon") == ()
    assert bare.entry.starts() == frozenset("0123456789")
    assert (bare.printing.strength_column, bare.simulation.draw_rate,
            bare.simulation.rating) == ("rating", 0.1, 1700)


@pytest.mark.parametrize("record", list(RECORDS.values()), ids=list(RECORDS))
def test_records_are_frozen(record):
    first = dataclasses.fields(record)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record(), first, None)


def test_the_profiles_speak_the_colour_vocabulary():
    assert (vocab.WHITE, vocab.BLACK) == ("w", "b")  # the files' letters, unchanged
    assert vocab.opposite("w") == "b" and vocab.opposite("b") == "w"
    assert COLOURS == ("auto", "fide", "balance", "none", "recorded")
    for game in GAMES:
        seats = profile(game).seats
        assert seats.policy in vocab.POLICIES
        assert seats.first_colour in (None, *vocab.COLOURS)
        assert seats.has_colours == (seats.policy != vocab.NONE)
    assert profile("chess").seats.order_colours == ("w", "b")
    assert profile("go").seats.order_colours == ("b", "w")
    assert profile("chess").options["initial_colour"].choices == vocab.COLOURS


def test_the_colour_words_are_one_table():
    """White/Black for a reader: one table, read by the pairing's explanations and the lists
    (before: three copies, pairing/colours.py, interop/tables.py, the TUI's pairings)."""
    from swisstui.core.interop import tables
    from swisstui.core.pairing import colours
    assert dict(vocab.WORDS) == {"w": "White", "b": "Black"}
    assert colours.NAME is vocab.WORDS and tables.COLOUR_WORD is vocab.WORDS


def spelled_policies(root: pathlib.Path) -> list[str]:
    """``file:line`` of each comparison with a colour policy spelled as a string literal in
    the modules that read the colour policy (the pairing, the Field, the history)."""
    paths = sorted((root / "pairing").rglob("*.py")) + [root / "field.py", root / "history.py"]
    out = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                parts += [e for p in parts if isinstance(p, (ast.Tuple, ast.List, ast.Set))
                          for e in p.elts]
                if any(isinstance(p, ast.Constant) and p.value in vocab.POLICIES
                       for p in parts):
                    out.append(f"{path.relative_to(root)}:{node.lineno}")
    return out


def test_colour_policies_are_named_not_spelled():
    """The pairing compares the policy with colours_vocab's names (before: ``mode == "fide"``
    in pairing/colours.py, criteria.py, nprice.py, engine.py and the Field)."""
    assert spelled_policies(CORE) == []


def test_the_spelling_check_can_fail(tmp_path):
    (tmp_path / "pairing").mkdir()
    (tmp_path / "pairing" / "x.py").write_text('def f(mode):\n    return mode in ("balance",)\n')
    (tmp_path / "field.py").write_text('def g(m):\n    return m == "fide"\n')
    (tmp_path / "history.py").write_text("")
    assert spelled_policies(tmp_path) == ["pairing/x.py:2", "field.py:2"]
