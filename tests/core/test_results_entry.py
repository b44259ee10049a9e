"""The line a director types to enter a result (``12 1-0 black=3``), read by the core
(:func:`swisstui.core.results.parse_entry`).  Issue 31: a refused entry left in the line,
with the next entries typed after it, read ``1-0 black=3=0-1 black=81-0 black=4`` and was
saved as ``1-0 black=4`` (the last ``black=`` won, ``=`` inside a value was taken as part of
it).  An extra given twice, with ``=`` in its value, or without a value is refused."""

from __future__ import annotations

import pytest

from swisstui.core.errors import ResultError
from swisstui.core.results import Entry, parse_entry


@pytest.mark.parametrize("text, expected", [
    ("12 1-0", Entry(12, "1-0", {})),
    ("1-0", Entry(None, "1-0", {})),
    ("=", Entry(None, "=", {})),
    ("4 1-0 black=17", Entry(4, "1-0", {"black": 17})),
    ("4 = black=17", Entry(4, "=", {"black": 17})),
    ("7 2-1 drop=3,5", Entry(7, "2-1", {"drop": "3,5"})),
    ("5 B+3.5 komi=6.5 handicap=2", Entry(5, "B+3.5", {"komi": "6.5", "handicap": 2})),
    ("ing 9 ext 1-0", Entry(None, "ing 9 ext 1-0", {})),
    ("12 clear", Entry(12, "", {}, clear=True)),
])
def test_entries_read(text, expected):
    assert parse_entry(text) == expected


@pytest.mark.parametrize("text, message", [
    ("1-0 black=3=0-1 black=81-0 black=4",
     "black=3=0-1: an extra takes one value, black=VALUE; nothing saved"),
    ("1 1-0 black=3=", "black=3=: an extra takes one value, black=VALUE; nothing saved"),
    ("1 1-0 black=3 black=4", "black= given twice (black=3, black=4); nothing saved"),
    ("1-0 black=81-0 black=4", "black= given twice (black=81-0, black=4); nothing saved"),
    ("2 = black=", "black= has no value; nothing saved"),
    ("", "type a result, e.g. 12 1-0 (board, then result)"),
    ("12 black=3", "board 12: type the result after the board number"),
    ("black=3", "type a result, e.g. 12 1-0 (board, then result)"),
])
def test_entries_refused_with_one_line(text, message):
    with pytest.raises(ResultError) as err:
        parse_entry(text)
    assert str(err.value) == message


def test_the_tui_reads_entries_with_the_core():
    from swisstui.tui import backend
    assert backend.parse_entry is parse_entry and backend.Entry is Entry


@pytest.mark.parametrize("text", ["3 1-0 black=²", "3 1-0 black=³4", "² 1-0"])
def test_digits_int_cannot_read_are_text_not_a_traceback(text):
    """A superscript digit (the ² key of a French keyboard) passed str.isdigit() and then
    int() raised ValueError: the Results screen ended with a traceback.  It is read as text
    now (the game then refuses it in its own words, or it starts no board number)."""
    entry = parse_entry(text)
    assert isinstance(entry.board, (int, type(None)))
    assert all(not isinstance(v, int) for v in entry.extra.values())
