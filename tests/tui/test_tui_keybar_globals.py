"""F7 (event settings) and F8 (exports and prints) on the key bar where they apply, at 80
columns (issue 11)."""

from __future__ import annotations

import pytest

from swisstui.tui.widgets.keybar import KeyBar


@pytest.mark.parametrize("mode, shown", [
    ("registration", ["F7 Settings"]),
    ("pairings", ["F8 Print"]),
    ("standings", ["F8 Export", "F7 Settings"]),
    ("crosstable", ["F8 Export", "F7 Settings"]),
])
def test_f7_and_f8_fit_80_columns_where_they_apply(mode, shown):
    top, bottom = KeyBar(mode).text_lines(80)
    assert len(top) <= 80 and top.endswith("Ctrl+Q Quit")
    for entry in shown:
        assert f"  {entry}  " in top
    first_keys = top.split("  ")[0].strip()
    assert first_keys in (" n New", "n New", "p Pair", "[ ] Rounds", "Left/Right Scroll")


def test_results_keep_their_own_keys():
    """The result rush: no settings or exports in the way of the entry keys."""
    top, _ = KeyBar("results").text_lines(80)
    assert "F7" not in top and "F8" not in top and "[ ] Rounds" in top
