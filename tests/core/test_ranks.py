import pytest

from swisstui.core.errors import SwissError
from swisstui.core.ranks import is_rank, parse_rank, rank_from_value, rank_value


@pytest.mark.parametrize("text,canon,value", [
    ("3d", "3d", 2), ("3 dan", "3d", 2), ("3D", "3d", 2), (" 3 Dan ", "3d", 2),
    ("1d", "1d", 0), ("9d", "9d", 8),
    ("12k", "12k", -12), ("12 kyu", "12k", -12), ("12K", "12k", -12), ("1k", "1k", -1),
    ("30k", "30k", -30), ("20 kyu", "20k", -20),
    ("1p", "1p", 9), ("9p", "9p", 17), ("1 pro", "1p", 9), ("9P", "9p", 17),
    ("3段", "3d", 2), ("5級", "5k", -5), ("2단", "2d", 1), ("10급", "10k", -10),
])
def test_parse_and_value(text, canon, value):
    assert parse_rank(text) == canon
    assert rank_value(text) == value
    assert rank_value(canon) == value
    assert rank_from_value(value) == canon
    assert is_rank(text)


@pytest.mark.parametrize("text", ["", "d", "3", "3x", "0k", "0d", "31k", "10d", "10p",
                                  "3dd", "k3", "-3d", "3.5d", "dan", None, 3])
def test_malformed(text):
    with pytest.raises(ValueError, match=r"malformed rank .*; use e.g. 3d, 12k, 1p"):
        parse_rank(text)
    with pytest.raises(SwissError):
        rank_value(text)
    assert not is_rank(text)


def test_ordering_is_strength():
    ranks = ["30k", "12k", "1k", "1d", "4d", "9d", "1p", "9p"]
    values = [rank_value(r) for r in ranks]
    assert values == sorted(values) and len(set(values)) == len(values)
    # McMahon start score with OpenGotha's zero at 30k (docs/RULES.md §1.2): 20k → 10, 1d → 30
    assert rank_value("20k") + 30 == 10 and rank_value("1d") + 30 == 30


def test_from_value_clamps():
    assert rank_from_value(-99) == "30k" and rank_from_value(99) == "9p"


def test_every_rank_is_in_exactly_one_japanese_class():
    """ranks.CLASSES (docs/FORMAT.md "Sections"): S 7d and above, A 6-5d, B 4-3d, C 2-1d,
    D 1-4k, E 5-9k, F 10k and below; no rank from 30k to 9p in two classes or in none."""
    from swisstui.core.ranks import CLASSES, MAX_VALUE, MIN_VALUE, rank_from_value, rank_value

    def classes_of(value: int) -> list[str]:
        return [c for c, strong, weak in CLASSES
                if (strong is None or value <= rank_value(strong))
                and (weak is None or value >= rank_value(weak))]
    for value in range(MIN_VALUE, MAX_VALUE + 1):
        assert len(classes_of(value)) == 1, rank_from_value(value)
    assert [classes_of(rank_value(r))[0] for r in
            ("1p", "7d", "6d", "5d", "4d", "3d", "2d", "1d", "1k", "4k", "5k", "9k", "10k", "30k")] \
        == list("SSAABBCCDDEEFF")
