"""The model's memory (issue 14): slotted records, equal result details shared."""

from __future__ import annotations

import pickle

import pytest

from swisstui.core import model
from swisstui.core.model import Board, Result


def test_records_have_no_instance_dictionary():
    r = Result("2-1", (1.0, 0.0), detail={"games": (2, 1, 0)})
    b = Board(1, (1, 2), r)
    for obj in (r, b):
        assert not hasattr(obj, "__dict__")
        # still frozen (Python 3.11 raises TypeError from a frozen slotted dataclass's
        # __setattr__, later versions FrozenInstanceError, an AttributeError)
        with pytest.raises((AttributeError, TypeError)):
            setattr(obj, "number" if isinstance(obj, Board) else "text", 0)
    assert pickle.loads(pickle.dumps(b)) == b


def test_equal_details_are_one_object_and_stay_equal():
    a = Result("2-1", (1.0, 0.0), detail={"games": (2, 1, 0)})
    given = {"games": (2, 1, 0)}
    b = Result("2-1", (1.0, 0.0), detail=given)
    assert a.detail is b.detail and a == b
    assert b.detail is not given  # a copy: the caller's dict is not the shared one
    assert Result("1-0", (1.0, 0.0)).detail is Result("0-1", (0.0, 1.0)).detail == {}
    c = Result("2-0", (1.0, 0.0), detail={"games": (2, 0, 0)})
    assert c.detail is not a.detail and c.detail == {"games": (2, 0, 0)}
    odd = {"discs": [40, 24]}  # a value that is not hashable: kept as given
    assert Result("40-24", (1.0, 0.0), detail=odd).detail is odd


def test_past_the_limit_a_detail_is_kept_as_given(monkeypatch):
    monkeypatch.setattr(model, "_DETAILS", {})
    monkeypatch.setattr(model, "_DETAILS_MAX", 2)
    first = [Result("x", (1.0, 0.0), detail={"k": i}).detail for i in range(2)]
    late = {"k": 99}
    assert Result("x", (1.0, 0.0), detail=late).detail is late
    assert Result("x", (1.0, 0.0), detail={"k": 1}).detail is first[1]
