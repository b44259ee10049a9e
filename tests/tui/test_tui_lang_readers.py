"""No English word that has a translation on what the players read (issue 32 item 10, beyond
the director's screens — ``test_tui_lang.test_no_english_word_on_the_screens``): the
projector (``DisplayApp``, every view, as shipped and in a playoff), the printed pages (every
HTML list: pairings, alphabetical, slips, wall chart, standings, crosstable, final places)
and the players' page (the page's words and its ``data.json``), each in the event's
language with the real catalogues.  The event's own data (its name, the players, their
clubs) is not a word to translate."""

from __future__ import annotations

import asyncio
import html
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from swisstui.core import i18n, store

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"
GAMES = ("chess", "go", "magic", "othello", "renju")
READERS = ("ja", "ko", "pt_BR")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def catalogue_words(lang: str) -> list[str]:
    """The English msgids of one to three plain words that ``lang`` translates as something
    else — and not as a shortening that keeps the word (pt_BR ``Result.``)."""
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "swisstui.po").open("rb") as f:
        catalogue = read_po(f)
    out = []
    for m in catalogue:
        if (not m.id or isinstance(m.id, tuple) or not m.string or len(m.id) < 4
                or not re.fullmatch(r"[A-Za-z][a-z]+(?: [A-Za-z][a-z]+){0,2}", m.id)
                or re.search(r"(?<!\w)" + re.escape(m.id) + r"(?!\w)", m.string)):
            continue
        out.append(m.id)
    return out


def english_words(text: str, lang: str, data: list[str]) -> set[str]:
    for words in sorted((d for d in data if d), key=len, reverse=True):
        if words:
            text = text.replace(words, " ")
    text = re.sub(r"\{\w*\}", " ", text)  # a template's {placeholders} are not words
    return {w for w in catalogue_words(lang)
            if re.search(r"(?<![\w/.])" + re.escape(w) + r"(?![\w/])", text)}


def event_data(ev) -> list[str]:
    return [ev.settings.name, ev.settings.city, ev.settings.venue,
            *(x for p in ev.players for x in (p.name, p.club or "", p.country or ""))]


def in_language(tmp_path: Path, game: str, lang: str, playoff: bool = False) -> Path:
    """A copy of the sample ``game`` whose players read ``lang`` (its ``language``); with
    ``playoff``, the Swiss finished and the quarter-finals paired."""
    import random

    from swisstui.core.pairing.simulate import play
    from swisstui.core.services import pairing as pairing_services
    from swisstui.core.services import playoff as playoff_services
    folder = tmp_path / f"{game}-{lang}-{playoff}"
    shutil.copytree(SAMPLES / game, folder)
    toml = folder / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        "schema = 1\n", f'schema = 1\nlanguage = "{lang}"\n', 1), encoding="utf-8")
    if playoff:
        def finish():
            ev = store.load(folder)
            played = play(ev, ev.round(ev.current_round), random.Random(ev.current_round))
            store.update(folder, lambda e: e.with_round(played))
        finish()
        while len(store.load(folder).swiss_rounds()) < store.load(folder).settings.rounds:
            pairing_services.pair_next(folder)
            finish()
        playoff_services.next_playoff_round(folder, 8)
    assert store.load(folder).settings.language == lang
    return folder


@pytest.mark.parametrize("lang", READERS)
@pytest.mark.parametrize("game", GAMES)
def test_printed_pages_have_no_english_word(game, lang):
    from swisstui.core.interop.formats import FORMATS, ExportRequest
    from swisstui.core.services.exports import export
    ev = store.load(SAMPLES / game)
    ev = replace(ev, settings=replace(ev.settings, language=lang))
    bad = {}
    for what in FORMATS["html"].whats:
        page = export(ev, ExportRequest("html", what)).decode("utf-8")
        page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", page))
        found = english_words(text, lang, event_data(ev))
        if found:
            bad[what] = found
    assert not bad, bad


@pytest.mark.parametrize("lang", READERS)
@pytest.mark.parametrize("game", ("go", "magic"))
def test_projector_has_no_english_word(tmp_path, game, lang):
    from swisstui.tui.screens.display import VIEWS, DisplayApp

    async def run(folder: Path) -> dict[str, set[str]]:
        data = event_data(store.load(folder))
        bad: dict[str, set[str]] = {}
        app = DisplayApp(folder, cycle=1000)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3):
                await pilot.pause()
            for _view in range(len(VIEWS)):
                text = "\n".join(s.text for s in app.screen._compositor.render_strips())
                found = english_words(text, lang, data)
                if found:
                    bad.setdefault(f"{folder.name} {VIEWS[app.view]}", set()).update(found)
                await pilot.press("space")
                for _ in range(3):
                    await pilot.pause()
        return bad

    bad = {}
    for playoff in (False, True):
        bad.update(asyncio.run(run(in_language(tmp_path, game, lang, playoff))))
    assert not bad, bad


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@pytest.mark.parametrize("lang", READERS)
@pytest.mark.parametrize("game", GAMES)
def test_players_page_has_no_english_word(game, lang):
    """The page's own words (``page_text``) and every text of its ``data.json``."""
    from swisstui.web.pages import page_text
    from swisstui.web.snapshot import snapshot
    ev = store.load(SAMPLES / game)
    ev = replace(ev, settings=replace(ev.settings, language=lang))
    doc = snapshot(ev, lang=lang)
    text = "\n".join([*page_text(lang).values(),
                      *(s for k, v in doc.items() if k != "text" for s in strings(v))])
    assert not english_words(text, lang, event_data(ev)), json.dumps(doc)[:300]
