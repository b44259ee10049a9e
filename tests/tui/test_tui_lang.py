"""The TUI in Korean, Japanese and Brazilian Portuguese (issue 17): the language switch, the
``lang`` argument, translated bindings, locale numbers, and — with pseudo catalogues of the
same widths in Hangul, kanji and accented Latin (``lang_fixtures``) — every mode at 80×24
with its table columns aligned by terminal cells, nothing cut inside a character."""

from __future__ import annotations

import asyncio

import pytest
from rich.cells import cell_len
from textual.widgets import Input, Static

from lang_fixtures import (PSEUDO_LANGS, cells_split, cjk_event, install_pseudo_catalogues,
                           pseudo)
from swisstui.core import i18n
from swisstui.tui import backend, keymap
from swisstui.tui.app import SwissApp
from swisstui.tui.lang import language_name
from swisstui.tui.screens.language import LanguagePicker
from swisstui.tui.widgets.fasttable import FastTable, fit_cell, skip_cells
from swisstui.tui.widgets.header import EventHeader, header_text
from swisstui.tui.widgets.keybar import KeyBar

SIZE = (80, 24)
MODES = ("f2", "f3", "f4", "f5", "f6")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


@pytest.fixture
def pseudo_langs(tmp_path, monkeypatch):
    return install_pseudo_catalogues(tmp_path, monkeypatch)


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


def status(app) -> str:
    return str(app.screen.query_one("#status", Static).render())


def table_lines(table: FastTable) -> list[str]:
    """The table as drawn (header and the rows on screen)."""
    height = table.scrollable_content_region.height
    return [table.render_line(y).text for y in range(min(height, table.row_count + 1))]


def assert_aligned(table: FastTable) -> None:
    """Every drawn line is the table's width and splits, at the columns' cell offsets,
    into exactly the padded cells: no column shifted by a wide character."""
    pad = table.padding
    widths = [w + 2 * pad for w in table.widths]
    width = table.scrollable_content_region.width
    lines = table_lines(table)
    assert len(lines) > 1, "the table shows rows"
    rows = [table.labels] + [list(table.rows[i]) for i in range(len(lines) - 1)]
    for line, cells in zip(lines, rows):
        assert cell_len(line) == width, line
        shown = visible_columns(widths, width)
        parts = cells_split(line, widths[:shown])
        assert parts is not None, f"a column starts inside a wide character: {line!r}"
        for part, cell, w in zip(parts, cells, table.widths):
            assert part == " " * pad + fit_cell(cell, w) + " " * pad, (line, cell)


def visible_columns(widths: list[int], width: int) -> int:
    """How many columns (from the first) are whole within ``width`` cells."""
    end = 0
    for i, w in enumerate(widths):
        end += w
        if end > width:
            return i
    return len(widths)


# ---- pure helpers ----------------------------------------------------------------------------

def test_language_names_are_their_own():
    assert [language_name(x) for x in ("en", "ko", "ja", "pt_BR")] == [
        "English", "한국어", "日本語", "Português (Brasil)"]
    assert language_name("xx-nonsense") == "xx-nonsense"


def test_skip_cells_never_splits_a_wide_character():
    assert skip_cells("한국어", 2) == "국어"
    assert skip_cells("한국어", 1) == " 국어"  # the cut half is a blank cell
    assert skip_cells("a한b", 2) == " b"
    assert cell_len(skip_cells("井上さくら 3d", 5)) == cell_len("井上さくら 3d") - 5
    assert skip_cells("abc", 5) == ""


def test_fit_cell_cuts_wide_names_at_a_character():
    cell = fit_cell("武宮正樹名誉本因坊宇宙流 (8)", 20)
    assert cell_len(cell) == 20
    assert cell.rstrip().endswith("… (8)")
    assert "\ufffd" not in cell
    assert fit_cell("김지석", 7) == "김지석 "


def test_header_cuts_a_korean_event_name_whole_characters(tmp_path):
    from conftest import make_event
    from swisstui.core import store
    ev = store.load(make_event(tmp_path, "go", 4, name="제1회 한국기원 전국 바둑 스위스 리그 대회 예선"))
    text = header_text(ev, "Registration", 80)
    assert cell_len(text) <= 80
    assert "…" in text and text.endswith("4 players")


def test_key_bar_in_each_pseudo_language_fits_80_columns(pseudo_langs):
    for lang in PSEUDO_LANGS:
        i18n.use(lang)
        for mode in keymap.MODES:
            top, bottom = KeyBar(mode).text_lines(80)
            assert cell_len(top) <= 80 and cell_len(bottom) <= 80, (lang, mode)
            assert pseudo("Help", lang) in bottom
            assert pseudo("Quit", lang) in top
        assert pseudo("New", lang) in KeyBar("registration").text_lines(80)[0]


def test_locale_numbers_in_tables(pseudo_langs):
    assert backend.value_formatter()("OMW%", 0.625) == "62.50%"
    assert backend.fmt_score(2.5) == "2.5"
    i18n.use("pt_BR")
    fmt = backend.value_formatter()
    assert fmt("OMW%", 0.625) == "62,50%"
    assert fmt("SOS", 12.5) == "12,5"
    assert fmt("SOS", 12.0) == "12"
    assert backend.fmt_score(2.5) == "2,5"
    i18n.use("ko")
    assert backend.value_formatter()("OMW%", 0.625) == "62.50%"
    assert backend.value_formatter("pt_BR")("GW%", 0.5) == "50,00%"


# ---- the application -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", PSEUDO_LANGS)
def test_every_mode_aligned_at_80x24(pseudo_langs, tmp_path, lang):
    """Korean and Japanese names and pseudo-translated labels: header, table and key bar of
    every mode fit 80 columns; every table line splits into its columns by cells."""
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="registration", lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert i18n.current() == lang
            for key in MODES:
                await pilot.press(key)
                await settle(pilot)
                screen = app.screen
                mode = screen.MODE
                header = str(screen.query_one(EventHeader).render())
                assert cell_len(header) <= 80
                assert header.startswith(pseudo(keymap.MODES[mode][0], lang).upper()), header
                table = screen.query_one(FastTable)
                assert_aligned(table)
                for line in screen.query_one(KeyBar).text_lines(80):
                    assert cell_len(line) <= 80
                assert table.labels[0] == pseudo({"registration": "Id"}.get(mode, "Bd")
                                                 if mode in ("registration", "pairings",
                                                             "results") else "Pl", lang)
            await pilot.press("f2")
            await settle(pilot)
            names = [r[1] for r in app.screen.query_one(FastTable).rows]
            assert "김지석" in names and "井上さくら" in names

    asyncio.run(run())


def test_scrolled_table_stays_aligned_with_wide_names(pseudo_langs, tmp_path):
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="crosstable", lang="ja")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = app.screen.query_one(FastTable)
            width = table.scrollable_content_region.width
            # a table wider than the terminal (a long event's crosstable)
            table.fit_spec = None
            table.set_columns(table.labels, [w + 4 for w in table.widths])
            await settle(pilot)
            widths = [w + 2 * table.padding for w in table.widths]
            assert sum(widths) > width + 10
            # into the Pl column, into the names (cutting 井, 김…), past them
            w0, w1 = widths[0], widths[1]
            for scroll_x in (1, 3, w0 + 2, w0 + 5, w0 + w1 - 1, w0 + w1 + 1):
                table.scroll_to(x=scroll_x, animate=False, immediate=True)
                await settle(pilot)
                assert int(table.scroll_x) == scroll_x
                for y in range(1, 6):
                    line = table.render_line(y).text
                    assert cell_len(line) == width
                    # put back the cells scrolled off: every column after the first is
                    # where it was, whole (a name cut at the left edge leaves blanks)
                    restored = "#" * scroll_x + line
                    shown = visible_columns(widths, width + scroll_x)
                    parts = cells_split(restored, widths[:shown])
                    assert parts is not None, line
                    cells = table.rows[y - 1]
                    start = 0
                    for part, cell, w, full in zip(parts, cells, table.widths, widths):
                        if start >= scroll_x:  # a column wholly in view
                            assert part == " " * table.padding + fit_cell(cell, w) + \
                                " " * table.padding, (line, cell)
                        start += full

    asyncio.run(run())


def test_switching_language_redraws_the_screen(pseudo_langs, tmp_path):
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="registration")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("f3")  # a second mode screen exists, hidden after f2
            await settle(pilot)
            await pilot.press("f2")
            await settle(pilot)
            screen = app.screen
            assert str(screen.query_one(EventHeader).render()).startswith("REGISTRATION")
            assert screen.query_one("#players", FastTable).labels[1] == "Name"
            app.set_language("ko")
            await settle(pilot)
            header = str(screen.query_one(EventHeader).render())
            assert header.startswith(pseudo("Registration", "ko").upper())
            assert screen.query_one("#players", FastTable).labels[1] == pseudo("Name", "ko")
            assert pseudo("New", "ko") in screen.query_one(KeyBar).text_lines(80)[0]
            assert screen.query_one("#search", Input).placeholder == pseudo(
                "/ search: name, club, country or id", "ko")
            # Textual's bindings carry the translated descriptions too
            descriptions = {b.description for _key, b in screen._bindings}
            assert pseudo("Withdraw", "ko") in descriptions
            assert pseudo("Quit", "ko") in {b.description for _key, b in app._bindings}
            assert pseudo("language: {name}", "ko").format(name="한국어") == status(app)
            # the hidden Pairings screen redraws in Korean when shown
            await pilot.press("f3")
            await settle(pilot)
            assert str(app.screen.query_one(EventHeader).render()).startswith(
                pseudo("Pairings", "ko").upper())
            assert app.screen.query_one(FastTable).labels[0] == pseudo("Bd", "ko")
            app.set_language("en")
            await settle(pilot)
            assert str(app.screen.query_one(EventHeader).render()).startswith("PAIRINGS")
            assert app.screen.query_one(FastTable).labels[0] == "Bd"

    asyncio.run(run())


def test_palette_language_command_lists_and_switches(pseudo_langs, tmp_path):
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="standings")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            commands = {c.title: c for c in app.get_system_commands(app.screen)}
            assert "Language…" in commands
            assert "한국어" in commands["Language…"].help
            commands["Language…"].callback()
            await settle(pilot)
            picker = app.screen
            assert isinstance(picker, LanguagePicker)
            options = picker.query_one("#languages")
            labels = [str(options.get_option_at_index(i).prompt)
                      for i in range(options.option_count)]
            assert labels[0].startswith("1  English  (en)") and labels[0].endswith("✓")
            assert any("日本語  (ja)" in x for x in labels)
            assert any("Português (Brasil)  (pt_BR)" in x for x in labels)
            await pilot.press(str(i18n.available().index("ja") + 1))
            await settle(pilot)
            assert i18n.current() == "ja"
            assert str(app.screen.query_one(EventHeader).render()).startswith(
                pseudo("Standings", "ja").upper())

    asyncio.run(run())


def test_unknown_language_argument_falls_back_to_english(pseudo_langs, tmp_path):
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="registration", lang="xx")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert i18n.current() == "en"
            assert "'xx' is not available" in status(app)
            assert str(app.screen.query_one(EventHeader).render()).startswith("REGISTRATION")

    asyncio.run(run())


def test_standings_percent_in_portuguese(pseudo_langs, tmp_path):
    """Magic's OMW% / GW% in the pt-BR form (62,50%), codes untranslated."""
    folder = cjk_event(tmp_path, "magic")

    async def run():
        app = SwissApp(folder, mode="standings", lang="pt_BR")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            table = app.screen.query_one(FastTable)
            assert "OMW" in table.labels  # a percent code, as it is
            col = table.labels.index("OMW")
            values = [r[col] for r in table.rows]
            assert values and all(v.endswith("%") and "," in v and "." not in v
                                  for v in values), values
            assert_aligned(table)

    asyncio.run(run())


def test_projector_speaks_the_events_language(pseudo_langs, tmp_path):
    """The projector's language is the event's ``language`` setting when it names a
    catalogue (here given by a stand-in settings object), else the director's."""
    from types import SimpleNamespace

    from swisstui.tui.screens.display import DisplayApp
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = DisplayApp(folder, cycle=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            title = app.query_one("#display-title", Static)
            assert "Standings after round" in str(title.render())
            app._players_language(SimpleNamespace(settings=SimpleNamespace(language="xx")))
            assert i18n.current() == "en"  # not a catalogue: unchanged
            app._players_language(SimpleNamespace(settings=SimpleNamespace(language="ja")))
            app.draw()
            await settle(pilot)
            assert i18n.current() == "ja"
            assert pseudo("Standings after round {round}", "ja").format(round=3) in str(
                title.render())
            assert_aligned(app.query_one(FastTable))

    asyncio.run(run())


# ---- the real catalogues (issue 32, item 10) ----------------------------------------------

@pytest.mark.parametrize("lang", ["ja", "ko", "pt_BR"])
def test_replace_question_tells_the_tuis_way_not_the_cli_flag(tmp_path, lang):
    """Typing another result on a board that has one asks y / n; in every language the
    question gives the board's result and never the command line's ``--force`` (the
    translated refusal did not end in the English "; use --force", so it was kept whole)."""
    from swisstui.tui.widgets.dialogs import ConfirmScreen
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="results", lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("1", "space", "W", "plus", "R", "enter")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            text = str(app.screen.query_one("#confirm-text", Static).render())
            assert "--force" not in text, text
            assert "B+R" in text and "W+R" in text, text
            await pilot.press("n")
            await settle(pilot)

    asyncio.run(run())


@pytest.mark.parametrize("lang", ["ja", "ko", "pt_BR"])
def test_command_palette_placeholder_in_the_directors_language(tmp_path, lang):
    """Ctrl+P: the palette's search line was Textual's English "Search for commands…"."""
    from textual.command import CommandInput, CommandPalette
    folder = cjk_event(tmp_path, "go")

    async def run():
        app = SwissApp(folder, mode="standings", lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+p")
            await settle(pilot)
            assert isinstance(app.screen, CommandPalette)
            shown = app.screen.query_one(CommandInput).placeholder
            assert shown == i18n.translator(lang).gettext("Search for commands…")
            assert "Search" not in shown
            await pilot.press("escape")
            await settle(pilot)
            app.search_themes()
            await settle(pilot)
            assert "Search" not in app.screen.query_one(CommandInput).placeholder

    asyncio.run(run())


# key names and typed values stay as they are (glossaries: "key names … stay")
KEY_WORDS = {"Up", "Down", "Left", "Right", "Enter", "Space", "Delete", "Tab", "Shift",
             "Esc", "Ctrl"}


def untranslated_words(text: str, lang: str, allowed: set[str]) -> set[str]:
    """The English msgids (one to three plain words, translated differently in ``lang``'s
    catalogue) that ``text`` shows as whole words."""
    import re

    from babel.messages.pofile import read_po
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "swisstui.po").open("rb") as f:
        catalogue = read_po(f)
    found = set()
    for m in catalogue:
        if (not m.id or isinstance(m.id, tuple) or not m.string or m.string == m.id
                or m.id in allowed or len(m.id) < 4
                or not re.fullmatch(r"[A-Za-z][a-z]+(?: [A-Za-z][a-z]+){0,2}", m.id)):
            continue
        if re.search(r"(?<![\w/.])" + re.escape(m.id) + r"(?![\w/])", text):
            found.add(m.id)
    return found


@pytest.mark.parametrize("lang,game", [("ja", "go"), ("ja", "othello"), ("ja", "magic"),
                                       ("ja", "chess"), ("ja", "renju"), ("ko", "go"),
                                       ("ko", "othello")])
def test_no_english_word_on_the_screens(tmp_path, lang, game):
    """Every mode, the alphabetical list, the help, the settings form field by field and the
    command palette at 80×24 in the real catalogue: no word that has a translation is shown
    in English (game names, option labels, their help lines, the palette's placeholder were).
    The event's own data (its name, players, clubs) and key names are not words to
    translate; nor are the values typed into the form (a choice such as ``absent``)."""
    import shutil

    from swisstui.core import store
    from swisstui.core.games import profile
    folder = tmp_path / game
    shutil.copytree(lang_fixtures_samples() / game, folder)
    ev = store.load(folder)
    data = [ev.settings.name, ev.settings.city, ev.settings.venue,
            *(x for p in ev.players for x in (p.name, p.club or "", p.country or ""))]
    from swisstui.core import settings as core_settings
    from swisstui.core.settings_form import event_fields
    allowed = set(KEY_WORDS)
    # the form's help line names each field's event.toml key and lists the values typed
    allowed |= {f.key for f in event_fields(game)}
    for values in (core_settings.SYSTEMS, core_settings.STYLES, core_settings.ROUND1,
                   core_settings.COLOURS):
        allowed |= set(values)
    for opt in profile(game).options.values():
        allowed |= {str(c) for c in opt.choices or ()}
    # the result's extras are notation the director types (Renju's ``black=17``)
    allowed |= set(profile(game).entry.extras)

    async def run():
        app = SwissApp(folder, mode="registration", lang=lang)
        shown = []
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            # the header names the game in the reader's words (it wrote the key, "go")
            header = str(app.screen.query_one(EventHeader).render()).split(" · ")
            title = i18n.translator(lang).gettext(profile(game).title)
            assert title != profile(game).title and title in header and game not in header
            steps = [["f2"], ["f3"], ["a"], ["f4"], ["f5"], ["f6"], ["f1"], ["escape", "f7"],
                     *[["tab"]] * 40, ["escape", "ctrl+p"]]
            for keys in steps:
                await pilot.press(*keys)
                await settle(pilot)
                text = "\n".join(s.text for s in app.screen._compositor.render_strips())
                for words in data:
                    if words:
                        text = text.replace(words, " ")
                shown.append((" ".join(keys), text))
        return shown

    bad = {}
    for where, text in asyncio.run(run()):
        words = untranslated_words(text, lang, allowed)
        if words:
            bad.setdefault(where, set()).update(words)
    assert not bad, bad


def lang_fixtures_samples():
    from lang_fixtures import SAMPLES
    return SAMPLES
