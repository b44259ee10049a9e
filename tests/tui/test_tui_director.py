"""The whole event from the keyboard, safe at the speed of a result rush (issue 11):
regression tests for the stale cursor, the type-ahead confirmation, the swap preview, round
keys from the entry line and the playoff labels; Pilot tests of the playoff mode."""

from __future__ import annotations

from textual.widgets import Input, Static

from conftest import make_event
from swisstui.core import services, store
from swisstui.tui import backend
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.header import header_text

from test_tui import SIZE, status, table_rows, type_text, wait_for


def _dialog_title(app) -> str:
    return str(app.screen.query_one(".dialog-title", Static).render())


def _finish_round(folder, result: str = "1-0") -> None:
    ev = store.load(folder)
    rnd = ev.round(ev.current_round)
    for b in rnd.boards:
        if b.result is None:
            backend.record_result(folder, rnd.number, b.number, result)


async def test_a_newly_paired_round_starts_on_its_first_empty_board(tmp_path):
    """QA: the cursor stayed on the row used last in the previous round; a bare ``1-0`` was
    saved on board 3 of the new round instead of board 1."""
    folder = make_event(tmp_path, n_players=8, rounds=3)
    backend.pair_next(folder)
    for b in (1, 2, 4):
        backend.record_result(folder, 1, b, "1-0")
    app = SwissApp(folder, mode="results", watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.selected_board() == 3
        entry = app.screen.query_one("#entry", Input)
        assert entry.border_title == "→ board 3 (selected)"  # the target before Enter
        await type_text(pilot, "5 ")
        await pilot.pause()
        assert entry.border_title == "→ board 5: no such board"
        await pilot.press("ctrl+u")
        await type_text(pilot, "3 1-0")
        await pilot.pause()
        assert entry.border_title == "→ board 3"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.selected_board() == 3  # round complete: stays on the last board
        backend.pair_next(folder)  # another window pairs round 2
        assert await wait_for(pilot, lambda: app.screen.round_no == 2)
        assert app.screen.selected_board() == 1
        assert app.screen.query_one("#entry", Input).border_title == "→ board 1 (selected)"
        await type_text(pilot, "0-1")
        await pilot.press("enter")
        await pilot.pause()
        rnd = store.load(folder).round(2)
        assert rnd.board(1).result.text == "0-1" and rnd.board(3).result is None
        assert "saved: round 2 board 1 0-1" in status(app)


async def test_keys_typed_while_a_question_is_open_are_refused_and_named(tmp_path):
    """QA: keys typed while the Replace question was open were dropped silently, and a
    ``y`` typed later confirmed the old question."""
    folder = make_event(tmp_path, n_players=8)
    backend.pair_next(folder)
    backend.record_result(folder, 1, 2, "1-0")
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "2 0-1")
        await pilot.press("enter")
        await type_text(pilot, "3 =")
        await pilot.press("enter")
        await type_text(pilot, "4 1")
        await pilot.pause()
        assert _dialog_title(app) == "Replace result on board 2?"
        note = str(app.screen.query_one("#confirm-typed", Static).render())
        assert "not taken: 3 =⏎4 1" in note
        ev = store.load(folder)
        assert ev.round(1).board(2).result.text == "1-0"
        assert ev.round(1).board(3).result is None and ev.round(1).board(4).result is None
        await pilot.press("n")
        await pilot.pause()
        assert "board 2 kept 1-0" in status(app)
        assert "typed while the question was open, not taken: 3 = ⏎ 4 1" in status(app)
        assert app.screen.query_one("#entry", Input).value == ""
        # nothing typed ahead is kept for a later question
        await type_text(pilot, "2 0-1")
        await pilot.press("enter")
        await pilot.pause()
        assert _dialog_title(app) == "Replace result on board 2?"
        assert not app.screen.query_one("#confirm-typed", Static).display
        await pilot.press("y")
        await pilot.pause()
        assert store.load(folder).round(1).board(2).result.text == "0-1"


async def test_round_keys_work_from_the_entry_line(tmp_path):
    """QA: ``[`` and ``]`` (Rounds, on the key bar) were typed into the entry line."""
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    _finish_round(folder)
    backend.pair_next(folder)
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        entry = app.screen.query_one("#entry", Input)
        assert entry.has_focus and app.screen.round_no == 2
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert app.screen.round_no == 1 and entry.value == ""
        assert "(an earlier round)" in str(app.screen.query_one("#results-hint").render())
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert app.screen.round_no == 2 and entry.value == ""


async def test_a_swap_shows_the_rules_it_breaks_before_saving(tmp_path):
    """QA: a swap was saved before the rules it breaks were shown."""
    folder = make_event(tmp_path, n_players=8)
    backend.pair_next(folder)
    _finish_round(folder)
    backend.pair_next(folder)
    ev = store.load(folder)
    b1 = ev.round(2).board(1).players
    b2 = ev.round(2).board(2).players
    before = (folder / "rounds" / "02.toml").read_bytes()
    expected = services.preview_swap(ev, 2, b1[0], b2[0]).broken
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await type_text(pilot, f"{b1[0]} {b2[0]}")
        await pilot.press("enter")
        await pilot.pause()
        assert _dialog_title(app) == f"Swap {b1[0]} and {b2[0]} in round 2?"
        text = str(app.screen.query_one("#confirm-text", Static).render())
        for rule in expected:
            assert rule in text
        assert (folder / "rounds" / "02.toml").read_bytes() == before  # nothing saved yet
        await pilot.press("n")
        await pilot.pause()
        assert (folder / "rounds" / "02.toml").read_bytes() == before
        assert "not swapped" in status(app)
        await pilot.press("s")
        await type_text(pilot, f"{b1[0]} {b2[0]}")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        rnd = store.load(folder).round(2)
        assert rnd.board(1).players[0] == b2[0] and rnd.board(2).players[0] == b1[0]
        assert f"saved: swapped {b1[0]} and {b2[0]} in round 2" in status(app)


async def test_playoff_from_pairings_to_the_champion(tmp_path):
    """QA: after ``playoff --top 8`` the header read "Round 5/4", the quarter-finals were
    called "the event's last round", p advised raising rounds, and final places appeared
    nowhere.  Now: o cuts the playoff (Top 4), each stage is named, k shows the bracket and
    Standings show the final places with the champion."""
    folder = make_event(tmp_path, game="magic", n_players=8, rounds=2)
    for _ in range(2):
        backend.pair_next(folder)
        _finish_round(folder, "2-0")
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "all 2 Swiss rounds are played: o cuts the playoff" in status(app)
        await pilot.press("o")
        await pilot.pause()
        assert _dialog_title(app) == "Cut to a playoff"
        await pilot.press("ctrl+u")  # the prompt's default is 8
        await type_text(pilot, "4")
        await pilot.press("enter")
        await pilot.pause()
        assert _dialog_title(app) == "Pair the semi-finals?"
        assert store.load(folder).current_round == 2  # shown, not saved yet
        await pilot.press("y")
        await pilot.pause()
        ev = store.load(folder)
        assert ev.round(3).playoff and len(ev.round(3).boards) == 2
        assert "saved: round 3, the Semi-finals (2 matches)" in status(app)
        head = str(app.screen.query_one("#header").render())
        assert "Semi-finals (R3)" in head and "Round 3/2" not in head  # the header's short form
        assert header_text(ev, "Results").startswith("RESULTS · ")
        assert "Semi-finals (round 3)" in str(app.screen.query_one("#pairings-hint").render())

        await pilot.press("f4")
        await pilot.pause()
        await type_text(pilot, "1 2-0")
        await pilot.press("enter")
        await type_text(pilot, "0-2")
        await pilot.press("enter")
        await pilot.pause()
        hint = str(app.screen.query_one("#results-hint").render())
        assert hint.startswith("Semi-finals (round 3)") and "o pairs the next stage" in hint
        assert "last round" not in hint

        await pilot.press("f3")
        await pilot.press("o")
        await pilot.pause()
        assert _dialog_title(app) == "Pair the final?"
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        await type_text(pilot, "2-1")
        await pilot.press("enter")
        await pilot.pause()
        assert "the final is played" in str(app.screen.query_one("#results-hint").render())
        ev = store.load(folder)
        final = ev.round(4).board(1)
        champion = ev.player(final.players[0]).name

        await pilot.press("f5")
        await pilot.pause()
        hint = str(app.screen.query_one("#standings-hint").render())
        assert f"Champion: {champion}" in hint
        rows = table_rows(app, "#standings")
        assert rows[0][0] == "1" and rows[0][1].startswith(champion) and rows[0][2] == "Champion"
        assert [r[2] for r in rows[:4]] == ["Champion", "Final", "Semi-finals", "Semi-finals"]
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert "Standings after round 2" in str(app.screen.query_one("#standings-hint").render())

        await pilot.press("f3")
        await pilot.press("k")
        await pilot.pause()
        assert _dialog_title(app) == "Playoff bracket"
        assert f"Champion: {champion}" in " ".join(
            str(w.render()) for w in app.screen.query(Static))


# ---- the new-event form and the settings screen --------------------------------------------

def _field(app, key: str) -> Input:
    return app.screen.query_one(f"#ff-{key.replace('.', '--')}", Input)


async def test_new_folder_opens_the_new_event_form(tmp_path):
    folder = tmp_path / "go-cup"
    app = SwissApp(folder, watch_interval=0.1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "which game?" in _dialog_title(app)
        await pilot.press("2")  # go
        await pilot.pause()
        assert _dialog_title(app) == "New Go event in go-cup"
        assert _field(app, "name").value == "go-cup"
        assert _field(app, "option.mcmahon_bar").value == "4d"
        await pilot.press("ctrl+u")
        await type_text(pilot, "Go Cup")
        await pilot.press("tab")  # expected players: the rounds field takes the advice
        await type_text(pilot, "20")
        await pilot.pause()
        assert _field(app, "rounds").value == "5"
        assert "recommended: 5 rounds" in str(app.screen.query_one("#form-help").render())
        komi = _field(app, "option.komi")
        komi.value = "lots"
        await pilot.press("enter")
        await pilot.pause()
        err = str(app.screen.query_one("#form-error").render())
        assert "komi" in err and komi.has_focus  # refused in the form, cursor on the field
        assert not folder.exists() or not (folder / "event.toml").exists()
        komi.value = "6.5"
        await pilot.press("enter")
        await pilot.pause()
        ev = store.load(folder)
        assert (ev.settings.name, ev.game, ev.settings.rounds) == ("Go Cup", "go", 5)
        assert ev.settings.options["komi"] == 6.5
        assert "saved: new event Go Cup (go, 5 rounds)" in status(app)
        assert app.screen.MODE == "registration"
        await pilot.press("n")  # and registration works at once
        await type_text(pilot, "Aiko Sato")
        await pilot.press("enter")
        await pilot.pause()
        assert [p.name for p in store.load(folder).players] == ["Aiko Sato"]


async def test_escape_from_the_game_choice_writes_nothing(tmp_path):
    folder = tmp_path / "nothing"
    app = SwissApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert not folder.exists()


async def test_settings_screen_says_what_changes_before_saving(tmp_path):
    folder = make_event(tmp_path, n_players=6, rounds=3)
    backend.pair_next(folder)
    _finish_round(folder)
    backend.pair_next(folder)
    _finish_round(folder, "0-1")
    before = (folder / "event.toml").read_bytes()
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert _dialog_title(app).startswith("Event settings (Chess")
        rounds = _field(app, "rounds")
        rounds.value = "0"
        rounds.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "rounds" in str(app.screen.query_one("#form-error").render())
        assert rounds.has_focus
        rounds.value = "4"
        _field(app, "tiebreaks").value = "SB, BH"
        await pilot.press("enter")
        await pilot.pause()
        assert _dialog_title(app) == "Save these settings?"
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "rounds: 3 → 4" in text and "tiebreaks: BH-C1, BH, SB, DE, WIN → SB, BH" in text
        assert "standings:" in text
        assert (folder / "event.toml").read_bytes() == before
        await pilot.press("n")  # back to the form, with what was typed
        await pilot.pause()
        assert _field(app, "rounds").value == "4"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        ev = store.load(folder)
        assert ev.settings.rounds == 4 and ev.settings.tiebreaks == ("SB", "BH")
        assert "saved: settings rounds, tiebreaks" in status(app)


# ---- exports, prints and player lists ----------------------------------------------------------

_HEADER = ("ID Number      Name                                                         Fed "
           "Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")


def _fide_line(**values: str) -> str:
    """A FIDE rating-list line: each value at its header's column."""
    line = ""
    for key in ("ID Number", "Name", "Fed", "Sex", "Tit", "SRtng", "B-day"):
        if key in values:
            line = line.ljust(_HEADER.index(key)) + values[key]
    return line


FIDE_LIST = "\n".join([
    _HEADER,
    _fide_line(**{"ID Number": "1503014", "Name": "Carlsen, Magnus", "Fed": "NOR", "Sex": "M",
                  "Tit": "GM", "SRtng": "2833", "B-day": "1990"}),
    _fide_line(**{"ID Number": "99999999", "Name": "Anna Berg", "Fed": "ENG", "Sex": "F",
                  "B-day": "2004"}),
]) + "\n"


async def test_import_a_fide_list_with_a_preview_and_duplicate_warning(tmp_path):
    folder = make_event(tmp_path, n_players=2)  # player 1 is Anna Ahn; add an Anna Berg
    backend.add_player(folder, name="Anna Berg", rating=1500)
    path = tmp_path / "players_list_foa.txt"
    path.write_text(FIDE_LIST, encoding="utf-8")
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await pilot.press("ctrl+u")
        await type_text(pilot, f"fide {path}")
        await pilot.press("enter")
        await pilot.pause()
        assert _dialog_title(app) == "Import 2 players?"
        text = str(app.screen.query_one("#confirm-text", Static).render())
        assert "4 Carlsen, Magnus" in text and "5 Anna Berg" in text
        assert "Anna Berg may be 3 Anna Berg (already registered)" in text
        assert len(store.load(folder).players) == 3
        await pilot.press("y")
        await pilot.pause()
        ev = store.load(folder)
        assert [p.name for p in ev.players][3:] == ["Carlsen, Magnus", "Anna Berg"]
        assert ev.player(4).federation_id == "1503014"
        assert "saved: 2 players imported" in status(app) and "(ids 4–5)" in status(app)


async def test_export_every_format_of_the_table_from_the_tui(tmp_path):
    from swisstui.core.interop.formats import FORMATS
    from swisstui.tui.screens.exports import export_choices
    folder = make_event(tmp_path, n_players=4)
    backend.pair_next(folder)
    _finish_round(folder)
    choices = export_choices()
    assert {(f, w) for f, w, _ in choices} == {(n, w) for n, f in FORMATS.items()
                                               for w in f.whats}
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        assert _dialog_title(app).startswith("Export or print")
        html = next(i for i, (f, w, _) in enumerate(choices) if (f, w) == ("html", "standings"))
        await pilot.press(*["down"] * html, "enter")
        await pilot.pause()
        target = tmp_path / "event-standings.html"
        assert app.screen.query_one("#prompt", Input).value == str(target)
        await pilot.press("enter")
        await pilot.pause()
        expected = services.export(store.load(folder), services.ExportRequest("html", "standings"))
        assert target.read_bytes() == expected
        assert f"saved: standings (html) to {target}" in status(app)


# ---- registration: every field, likely duplicates, roll-call ----------------------------------

async def test_registration_has_every_field_warns_of_duplicates_and_takes_roll_call(tmp_path):
    folder = make_event(tmp_path, game="go", n_players=2, system="mcmahon")
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        values = {"name": "Kim Minho", "id": "20", "rank": "3k", "federation_id": "12345678",
                  "lot": "7", "smms_correction": "1", "birth": "1990", "sex": "m",
                  "notes": "needs a table near the door"}
        for key, text in values.items():
            app.screen.query_one(f"#f-{key}", Input).value = text
        await pilot.press("enter")
        await pilot.pause()
        p = store.load(folder).player(20)
        assert (p.name, p.rank, p.federation_id, p.lot, p.smms_correction, p.birth, p.sex,
                p.notes) == ("Kim Minho", "3k", "12345678", 7, 1, "1990", "m",
                             "needs a table near the door")
        assert "saved: player 20 Kim Minho" in status(app)

        # the same federation id again: asked first, nothing saved before y
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#f-name", Input).value = "Minho Kim"
        app.screen.query_one("#f-federation_id", Input).value = "12345678"
        await pilot.press("enter")
        await pilot.pause()
        assert _dialog_title(app) == "Likely duplicate: Minho Kim"
        assert "already registered: 20 Kim Minho (same federation id)" in str(
            app.screen.query_one("#confirm-text", Static).render())
        await pilot.press("n")  # back to the form, with what was typed
        await pilot.pause()
        assert app.screen.query_one("#f-name", Input).value == "Minho Kim"
        app.screen.query_one("#f-federation_id", Input).value = ""
        app.screen.query_one("#f-name", Input).value = "Anna Ahn"  # player 1's name
        await pilot.press("enter")
        await pilot.pause()
        assert "(same name)" in str(app.screen.query_one("#confirm-text", Static).render())
        await pilot.press("y")  # a namesake: added anyway
        await pilot.pause()
        assert [p.name for p in store.load(folder).players].count("Anna Ahn") == 2

        # roll-call: Space marks the selected player absent from round 1, again present
        await pilot.press("home")
        await pilot.press("space")
        await pilot.pause()
        first = store.load(folder).players[0]
        assert first.requested_bye(1) is not None
        assert f"saved: {first.id} {first.name} absent from round 1" in status(app)
        await pilot.press("space")
        await pilot.pause()
        assert store.load(folder).players[0].requested_bye(1) is None
        assert "present for round 1" in status(app)
