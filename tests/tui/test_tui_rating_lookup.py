"""The new-player form looks the name up in the installed rating lists as it is typed
(issue 36 item 2), at 80×24: a few letters list the players found under the name, Down goes
into the list, Enter fills the form from the row (name, FIDE id, rating, federation, sex,
birth), Enter saves; Esc closes the list first.  Without an installed list the form is as
before."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from conftest import make_event
from swisstui.core import i18n, rating_index, store
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.dialogs import PlayerForm
from test_tui import wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)
HEADER = ("ID Number      Name                                                         Fed "
          "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")


def _line(pid: str, name: str, fed: str, rating: str) -> str:
    at = {k: HEADER.index(k) for k in ("ID Number", "Name", "Fed", "Sex", "SRtng", "B-day")}
    values = {"ID Number": pid, "Name": name, "Fed": fed, "Sex": "F", "SRtng": rating,
              "B-day": "1994"}
    line = ""
    for key, start in sorted(at.items(), key=lambda kv: kv[1]):
        line = line.ljust(start) + values[key]
    return line


@pytest.fixture
def fide_list(tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_RATINGS", str(tmp_path / "ratings.sqlite3"))
    path = tmp_path / "players_list_foa.txt"
    rows = [("8603006", "Ju, Wenjun", "CHN", "2560"), ("5008123", "Kosteniuk, Alexandra",
            "RUS", "2500"), ("4147103", "Koneru, Humpy", "IND", "2540"),
            ("13708694", "Kolić, Ana", "SRB", "1890")]
    path.write_text("\n".join([HEADER, *(_line(*r) for r in rows)]) + "\n", encoding="utf-8")
    rating_index.import_list(path, "fide")
    yield


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def _found(app) -> list[str]:
    """The rows shown under the name (the highlight mark and indent taken off)."""
    shown = app.screen.query_one("#f-found", Static)
    return [x[2:] for x in str(shown.render()).splitlines()] if shown.display else []


async def test_a_few_letters_fill_the_form_from_the_fide_list(tmp_path, fide_list):
    folder = make_event(tmp_path, "chess", n_players=2)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", *chars("kon"))  # in one burst, as SSH delivers it
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayerForm)
                              and len(_found(app)) == 1)
        assert _found(app)[0].startswith("Koneru, Humpy  4147103  2540  IND")
        await burst(pilot, *chars("x"))  # no player: the list goes, the keys line is back
        assert await wait_for(pilot, lambda: _found(app) == [])
        await burst(pilot, *["backspace"] * 4, *chars("ko"))
        assert await wait_for(pilot, lambda: len(_found(app)) == 3)  # Kolić, Koneru, Kosteniuk
        await burst(pilot, "down", "down")  # the second row highlighted
        assert await wait_for(pilot, lambda: str(app.screen.query_one("#f-found", Static)
                                                 .render()).splitlines()[1].startswith("▶ "))
        assert app.screen.focused is app.screen.query_one("#f-name", Input)
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: not _found(app))
        value = {k: app.screen.query_one(f"#f-{k}", Input).value
                 for k in ("name", "rating", "country", "federation_id", "birth", "sex")}
        assert value == {"name": "Koneru, Humpy", "rating": "2540", "country": "IND",
                         "federation_id": "4147103", "birth": "1994", "sex": "f"}
        # the cursor is after the name filled in: a key typed next does not land inside it
        # ("KimX Minho"); backspace takes it back
        await burst(pilot, *chars("X"))
        assert await wait_for(pilot, lambda: app.screen.query_one("#f-name", Input).value
                              == "Koneru, HumpyX")
        await burst(pilot, "backspace")
        assert await wait_for(pilot, lambda: app.screen.query_one("#f-name", Input).value
                              == "Koneru, Humpy")
        assert await wait_for(pilot, lambda: len(_found(app)) == 1)  # typing looks up again
        await burst(pilot, "escape")  # Esc closes the suggestions, not the form
        assert await wait_for(pilot, lambda: not _found(app))
        assert isinstance(app.screen, PlayerForm)
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: len(store.load(folder).players) == 3)
    p = store.load(folder).players[-1]
    assert (p.name, p.rating, p.federation_id, p.country) == ("Koneru, Humpy", 2540,
                                                             "4147103", "IND")


async def test_esc_closes_the_list_first_and_accents_are_ignored(tmp_path, fide_list):
    folder = make_event(tmp_path, "chess", n_players=2)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", *chars("kolic"))
        assert await wait_for(pilot, lambda: len(_found(app)) == 1)
        assert _found(app)[0].startswith("Kolić, Ana")
        await burst(pilot, "escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayerForm)
                              and not _found(app))
        assert app.screen.query_one("#f-name", Input).value == "kolic"  # kept as typed
        await burst(pilot, "escape")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, PlayerForm))
    assert len(store.load(folder).players) == 2


async def test_without_a_list_the_form_is_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_RATINGS", str(tmp_path / "none.sqlite3"))
    folder = make_event(tmp_path, "chess", n_players=2)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", *chars("kon"), "down")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayerForm))
        assert not app.screen.query("#f-found")
        assert app.screen.focused is app.screen.query_one("#f-rating", Input)


async def test_r_refreshes_the_registered_players_from_the_list(tmp_path, fide_list):
    """R in Registration (issue 36 item 3): the changes are listed, y applies them."""
    from swisstui.core import services
    from swisstui.tui.widgets.dialogs import ConfirmScreen
    folder = make_event(tmp_path, "chess", n_players=2)
    services.edit_player(folder, 1, federation_id="4147103", rating=2500)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "R")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        text = str(app.screen.query_one("#confirm-text").render())
        assert ": Rating 2500 → 2540 (FIDE)" in text and ": Country" in text
        assert store.load(folder).player(1).rating == 2500
        await burst(pilot, "y")
        assert await wait_for(pilot, lambda: store.load(folder).player(1).rating == 2540)
    assert store.load(folder).player(1).country == "IND"


async def test_the_refresh_names_the_fields_in_the_directors_language(tmp_path, fide_list):
    """The fields in R's list are the player form's words, translated (not the file's keys)."""
    from swisstui.core import services
    from swisstui.tui.widgets.dialogs import ConfirmScreen
    folder = make_event(tmp_path, "chess", n_players=2)
    services.edit_player(folder, 1, federation_id="4147103", rating=2500)
    i18n.use("ja")
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "R")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        text = str(app.screen.query_one("#confirm-text").render())
        assert "2500 → 2540" in text
        assert "レーティング 2500" in text and "rating" not in text and "country" not in text


async def test_one_hangul_syllable_is_enough_to_look_up(tmp_path, monkeypatch):
    """A Korean surname is one syllable (김): two cells wide, it looks up as two letters do
    (the form waited for a second syllable while ``ratings find 김`` found 김민호)."""
    monkeypatch.setenv("SWISSTUI_RATINGS", str(tmp_path / "ratings.sqlite3"))
    path = tmp_path / "kba.csv"
    path.write_text("name,id,rating\n김민호,9001,1850\n박서연,9002,1700\n", encoding="utf-8")
    rating_index.import_list(path, "csv")
    folder = make_event(tmp_path, "chess", n_players=2)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", "김")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PlayerForm)
                              and len(_found(app)) == 1)
        assert "9001" in _found(app)[0]
