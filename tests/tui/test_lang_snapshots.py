"""Snapshot tests per language (issue 17, item 5): Registration, Pairings, Results and
Standings at 80×24 in Korean, Japanese and Brazilian Portuguese, on a copy of a sample event
with Korean and Japanese names (``lang_fixtures.cjk_event``: Go for ko and ja; Magic, with its
OMW% / GW% in the pt-BR form, for pt_BR).

A language's tests are skipped until its catalogue
(``swisstui/locale/<lang>/LC_MESSAGES/swisstui.po``) is in the repository.  Once it is, make
the pictures with

    .venv/bin/python -m pytest tests/tui/test_lang_snapshots.py --snapshot-update

look at them (``snapshot_report.html``; the key bar, header and columns must be aligned and
nothing important cut), and commit ``tests/tui/__snapshots__/test_lang_snapshots/``.  A
change of a translation shown on these screens changes the pictures: regenerate them.

Nothing on these screens depends on the machine (see test_tui_snapshots.py): stored rounds,
no clock, no blinking cursor, ``NO_COLOR`` unset.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from lang_fixtures import cjk_event
from swisstui.core import i18n
from swisstui.tui.app import SwissApp

SIZE = (80, 24)
LANGS = {"ko": "go", "ja": "go", "pt_BR": "magic"}  # language -> the sample event shown
SCREENS = {"registration": "f2", "pairings": "f3", "results": "f4", "standings": "f5"}


@pytest.fixture(autouse=True)
def _environment(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield
    i18n.use(i18n.SOURCE)  # the next test reads English


def catalogue(lang: str):
    return i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


async def steady(pilot) -> None:
    """Stop the text cursor blinking (it would be on or off depending on timing)."""
    for screen in pilot.app.screen_stack:
        for inp in screen.query(Input):
            inp.cursor_blink = False
    await pilot.pause()


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("lang", list(LANGS))
def test_screen_in_language(snap_compare, tmp_path, lang, screen):
    if not catalogue(lang).is_file():
        pytest.skip(f"no {lang} catalogue yet ({catalogue(lang)})")
    # opened in another mode, then the key: the screen as a director reaches it
    start = "standings" if screen != "standings" else "registration"
    app = SwissApp(cjk_event(tmp_path, LANGS[lang]), mode=start, lang=lang)
    assert snap_compare(app, press=[SCREENS[screen]], terminal_size=SIZE, run_before=steady)
