"""Every screen at 80×24 in every language keeps its words whole (issue 32 item 12): the
header keeps the round, the results still missing and the player count; no one-line hint,
prompt line or key bar runs past the screen's width (Textual would cut it at the edge, and
the rest — a count, a key — would be lost).  Long labels are shortened by the catalogue
(a message context such as ``pgettext("header", …)`` asks for the short form), never by the
terminal.

Run with the real catalogues on the sample events (``swisstui/sample_events``) in three
states: as shipped (a round with results missing), the Swiss over (the playoff's Top-N
prompt) and the first playoff round paired (the header and hints name the stage).  Widths
are measured in terminal cells (``rich.cells.cell_len``: a Hangul or kanji character is 2).
"""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import OptionList, Static

from swisstui.core import i18n, store
from swisstui.core.games import profile
from swisstui.core.pairing.simulate import play
from swisstui.core.services import pairing as pairing_services
from swisstui.core.services import playoff as playoff_services
from swisstui.core.standings.playoff import stage_name
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.header import EventHeader
from swisstui.tui.widgets.keybar import KeyBar

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"
GAMES = ("chess", "go", "magic", "othello", "renju")
LANGS = ("en", "ko", "ja", "pt_BR")
SIZE = (80, 24)
MODES = ("f2", "f3", "f4", "f5", "f6")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def _finish(folder: Path, round_no: int) -> None:
    ev = store.load(folder)
    played = play(ev, ev.round(round_no), random.Random(round_no))
    store.update(folder, lambda e: e.with_round(played))


def event_in(tmp_path: Path, game: str, state: str) -> Path:
    """A copy of the sample ``game`` as shipped, with the Swiss over, or in its playoff."""
    folder = tmp_path / f"{game}-{state}"
    shutil.copytree(SAMPLES / game, folder)
    if state in ("swiss-over", "playoff"):
        _finish(folder, store.load(folder).current_round)
        while len(store.load(folder).swiss_rounds()) < store.load(folder).settings.rounds:
            pairing_services.pair_next(folder)
            _finish(folder, store.load(folder).current_round)
    if state == "playoff":
        playoff_services.next_playoff_round(folder, 8)
    return folder


def header_tail(folder: Path, lang: str) -> str:
    """What the header must end with, from the catalogue: the game, the round (or the
    playoff stage), the results still missing (or all in) and the player count."""
    t = i18n.translator(lang)
    ev = store.load(folder)
    rnd = ev.round(ev.current_round)
    assert rnd is not None
    if rnd.playoff:
        words = t.gettext(stage_name(len(rnd.boards)))
        round_txt = t.pgettext("header", "{stage} (R{round})").format(stage=words,
                                                                       round=rnd.number)
    else:
        round_txt = t.gettext("Round {round}/{rounds}").format(round=rnd.number,
                                                               rounds=ev.settings.rounds)
    missing = rnd.missing_results()
    miss = (t.ngettext("{n} missing", "{n} missing", missing).format(n=missing) if missing
            else t.pgettext("header", "all results in"))
    players = t.ngettext("{n} player", "{n} players", len(ev.players)).format(
        n=len(ev.players))
    return " · ".join([t.gettext(profile(ev.game).title), round_txt, miss, players])


def cut_lines(screen) -> list[str]:
    """The one-line texts of ``screen`` (header, hints, titles, prompt lines) wider than the
    space they have, and key bar lines wider than the screen."""
    bad = []
    for w in screen.query(Static):
        height = w.styles.height
        if not w.display or w.content_region.width <= 0:
            continue
        if not (height is not None and height.is_cells and height.value == 1):
            continue
        text = str(w.render())
        if "\n" in text or cell_len(text) > w.content_region.width:
            bad.append(f"{type(w).__name__}#{w.id} {sorted(w.classes)} "
                       f"{cell_len(text)} > {w.content_region.width}: {text}")
    for bar in screen.query(KeyBar):
        for line in bar.text_lines(bar.size.width):
            if cell_len(line) > bar.size.width:
                bad.append(f"KeyBar {cell_len(line)} > {bar.size.width}: {line}")
    return bad


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def visit(folder: Path, lang: str, steps: list[list[str]]) -> list[tuple[str, str, str]]:
    """(keys, header, problem) for each step whose screen cuts a line or whose header lost
    its tail; every step is checked."""
    tail = header_tail(folder, lang)
    found: list[tuple[str, str, str]] = []
    app = SwissApp(folder, mode="registration", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for keys in steps:
            await pilot.press(*keys)
            await settle(pilot)
            where = f"{folder.name} {lang} {' '.join(keys)} {type(app.screen).__name__}"
            for problem in cut_lines(app.screen):
                found.append((where, "", problem))
            headers = list(app.screen.query(EventHeader))
            for header in headers:
                text = str(header.render())
                if cell_len(text) > header.content_region.width or not text.endswith(tail):
                    found.append((where, text, f"header does not end in {tail!r}"))
            if keys == ["f8"]:
                found += [(where, "", p) for p in export_list_problems(app.screen, lang)]
    return found


def export_list_problems(screen, lang: str) -> list[str]:
    """F8's list names each list in the reader's words (the CLI's keys stay for the
    formats; a row longer than the list wraps, it is not cut)."""
    t = i18n.translator(lang)
    problems = []
    options = screen.query_one(OptionList)
    for i in range(options.option_count):
        option = options.get_option_at_index(i)
        label = str(option.prompt)
        _fmt, _sep, what = (option.id or ":").partition(":")
        shown = t.pgettext("export list", what)
        if shown not in label:
            problems.append(f"F8 row {label!r} does not name {what!r} as {shown!r}")
        if shown != what and f" {what} " in f" {label} ":
            problems.append(f"F8 row {label!r} shows the list's CLI name {what!r}")
    return problems


AS_SHIPPED = [["f2"], ["f3"], ["a"], ["f4"], ["f5"], ["f6"], ["f1"], ["escape"], ["f7"],
              ["escape"], ["f8"], ["escape"], ["f9"], ["escape"], ["f10"]]
SWISS_OVER = [["f5"], ["f3"], ["o"], ["escape"], ["L"]]  # (the history: rounds were paired)
PLAYOFF = [["f2"], ["f3"], ["f4"], ["f5"], ["f6"]]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_keeps_its_words_at_80x24(tmp_path, game, lang):
    async def run():
        found = []
        for state, steps in (("as-shipped", AS_SHIPPED), ("swiss-over", SWISS_OVER),
                             ("playoff", PLAYOFF)):
            found += await visit(event_in(tmp_path, game, state), lang, steps)
        return found

    found = asyncio.run(run())
    assert not found, "\n".join(" | ".join(x for x in f if x) for f in found)
