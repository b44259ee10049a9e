"""The command line's own printed words in the reader's language (issue 32 item 10 c):
``swisstui pair`` prints a Go handicap board's komi as the TUI and the slips do."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swisstui.cli.pairing_cmds import format_round
from swisstui.core import i18n, store

GO = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events" / "go"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


@pytest.mark.parametrize("lang,komi", [("en", "komi 0.5"), ("ja", "コミ 0.5"),
                                       ("ko", "덤 0.5")])
def test_pair_prints_komi_in_the_readers_words(lang, komi):
    ev = store.load(GO)
    rnd = ev.round(1)
    first = replace(rnd.boards[0], setup={"handicap": 3, "komi": 0.5})
    rnd = replace(rnd, boards=(first, *rnd.boards[1:]))
    i18n.use(lang)
    line = format_round(ev, rnd)[1]
    assert line.endswith(f"  H3 {komi}"), line
    if lang != "en":
        assert "komi" not in line
