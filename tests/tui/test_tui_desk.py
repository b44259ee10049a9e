"""The desk and the prize view in the TUI (issue 35): a director at 80×24 opens check-in,
checks players in by typing a few letters of their names and Enter (accents ignored, keys in
one burst as over SSH), closes check-in after the core's preview, sets a fee and takes a
payment through the small forms, changes an entry's state, and reads the prizes with their
explanations.  Every assertion is on what desk.toml, players.toml or the prize allocation
hold afterwards, or on what the screen shows."""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import Input, Static

from conftest import make_settings
from swisstui.core import fees, i18n, services, store
from swisstui.core.errors import SwissError
from swisstui.core.model import ByeKind, Player
from swisstui.core.prizes import line_text
from swisstui.core.services import desk as svc
from swisstui.tui.app import SwissApp
from swisstui.tui.screens.desk import CloseCheckIn, DeskForm, DeskScreen
from swisstui.tui.screens.prizes import PrizeScreen
from swisstui.tui.widgets.dialogs import ListPicker, MessageScreen
from swisstui.tui.widgets.fasttable import FastTable
from test_tui import dialog_title, screen_lines, status, wait_for
from test_tui_bursts import burst, chars

SIZE = (80, 24)
NAMES = ("Álvaro Souza", "Kim Ji-woo", "Kimura Aoi", "Lee Min-ho", "Marta Núñez",
         "Sato Hiroshi", "Ana Lima", "Bruno Costa")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.SOURCE)


def desk_event(tmp_path, names=NAMES, rounds: int = 3):
    folder = tmp_path / "desk-event"
    players = tuple(Player(id=i, name=n, rating=2000 - 10 * i) for i, n in enumerate(names, 1))
    store.create(folder, make_settings("chess", "Desk Open", rounds), players)
    return folder


def states(folder) -> dict[int, str]:
    ev = store.load(folder)
    desk = svc.load_desk(folder, ev)
    return {p.id: fees.state_of(desk, p) for p in ev.players}


def table_ids(app) -> list[int]:
    t = app.screen.query_one("#desk-players", FastTable)
    return [int(k) for k in (t.keys or [])]


async def open_desk(pilot, *before: str) -> None:
    await burst(pilot, *before, "D")
    assert await wait_for(pilot, lambda: isinstance(pilot.app.screen, DeskScreen))


async def test_check_in_five_players_by_letters_and_enter(tmp_path):
    """Five players checked in by a few letters each (accents, case ignored), the last two in
    one burst with their Enters; the counts follow; Tab lists only the three not in."""
    folder = desk_event(tmp_path)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        assert app.screen.query_one("#desk-search", Input).has_focus
        # check-in is closed: Enter says so, nothing written
        await burst(pilot, *chars("alv"), "enter")
        assert status(app) == "check-in is closed; Ctrl+O opens it"
        assert not (folder / "desk.toml").exists()
        await burst(pilot, "ctrl+o")
        assert await wait_for(pilot, lambda: svc.load_desk(folder).checkin_open)
        await burst(pilot, "escape")  # the search line emptied
        await burst(pilot, *chars("ALVA"))  # Álvaro: accents and case ignored
        assert table_ids(app) == [1]
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: states(folder)[1] == "checked-in")
        assert status(app) == "Álvaro Souza (1): checked in"
        assert app.screen.query_one("#desk-search", Input).value == ""
        # "kim" finds Kim and Kimura; "kim j" only Kim Ji-woo
        await burst(pilot, *chars("kim"))
        assert table_ids(app) == [2, 3]
        await burst(pilot, *chars(" j"), "enter")
        assert await wait_for(pilot, lambda: states(folder)[2] == "checked-in")
        await burst(pilot, *chars("nunez"), "enter")
        assert await wait_for(pilot, lambda: states(folder)[5] == "checked-in")
        # two players in one burst: letters, Enter, letters, Enter
        await burst(pilot, *chars("sato"), "enter", *chars("bruno"), "enter")
        assert await wait_for(pilot, lambda: states(folder)[8] == "checked-in")
        assert {pid for pid, s in states(folder).items() if s == "checked-in"} == {1, 2, 5, 6, 8}
        counts = str(app.screen.query_one("#desk-counts", Static).render())
        assert counts.startswith("checked in 5 / expected 8 / paid 0")
        # the filter: only the three not checked in, then everyone again
        await burst(pilot, "tab")
        assert table_ids(app) == [7, 3, 4]  # by name: Ana Lima, Kimura Aoi, Lee Min-ho
        await burst(pilot, "tab")
        assert len(table_ids(app)) == 8
        # Enter on a player checked in checks him out again
        await burst(pilot, *chars("sato"), "enter")
        assert await wait_for(pilot, lambda: states(folder)[6] == "confirmed")
        lines = screen_lines(app)
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)


async def test_letters_and_enter_in_one_burst_act_on_the_narrowed_list(tmp_path):
    """The whole burst — the key that opens the desk, a name, Enter — lands where it should:
    no letter is lost to the mode below, and Enter acts on the list the letters narrowed."""
    folder = desk_event(tmp_path)
    svc.set_check_in_open(folder, True)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "D", *chars("lee"), "enter", *chars("ana l"), "enter")
        assert await wait_for(pilot, lambda: states(folder)[7] == "checked-in")
        assert {pid for pid, s in states(folder).items() if s == "checked-in"} == {4, 7}
        assert isinstance(app.screen, DeskScreen)


async def test_a_second_enter_in_the_burst_does_not_check_the_player_out_again(tmp_path):
    """A bouncing Enter (or two in one SSH burst) after a name: the player stays checked in;
    a move of the highlight, or letters, make Enter act again."""
    folder = desk_event(tmp_path)
    svc.set_check_in_open(folder, True)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await burst(pilot, *chars("sato"), "enter", "enter")
        assert await wait_for(pilot, lambda: states(folder)[6] == "checked-in")
        await pilot.pause(0.3)
        assert states(folder)[6] == "checked-in"
        assert status(app) == "Sato Hiroshi (6): checked in"
        # on purpose: Up and Down back to Sato (the last by name), Enter checks him out
        await burst(pilot, "up", "down", "enter")
        assert await wait_for(pilot, lambda: states(folder)[6] == "confirmed")


async def test_close_check_in_after_the_preview(tmp_path):
    """Ctrl+O with check-in open shows the core's preview of who is not checked in; an Enter
    typed ahead does not answer; a makes them absent in round 1, in one change."""
    folder = desk_event(tmp_path)
    svc.set_check_in_open(folder, True)
    for pid in (1, 2, 3, 4, 5, 6):
        svc.toggle_check_in(folder, pid)
    app = SwissApp(folder, mode="pairings")
    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await burst(pilot, "ctrl+o")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CloseCheckIn))
        assert dialog_title(app) == "Close check-in for round 1"
        text = str(app.screen.query_one("#close-list", Static).render())
        assert "2 players not checked in for round 1 (nothing written)" in text
        assert "7  Ana Lima" in text and "8  Bruno Costa" in text and "Kim" not in text
        await burst(pilot, "enter")
        assert isinstance(app.screen, CloseCheckIn)  # Enter is no answer
        assert svc.load_desk(folder).checkin_open
        await burst(pilot, "a")
        assert await wait_for(pilot, lambda: not svc.load_desk(folder).checkin_open)
        ev = store.load(folder)
        assert {p.id: p.requested_bye(1) for p in ev.players if p.requested_bye(1)} == {
            7: ByeKind.ABSENT, 8: ByeKind.ABSENT}
        assert status(app) == "check-in closed: 2 players absent in round 1 (0 points each)"
        assert str(app.screen.query_one("#desk-counts", Static).render()).endswith(
            "check-in is closed")


async def test_close_check_in_withdrawing_the_absent(tmp_path):
    """Esc keeps check-in open; ``w`` withdraws the absent — but not a ``w`` typed in the
    burst that opened the preview (a name typed on behind Ctrl+O, ``wang``, withdrew
    everyone not yet checked in): a key read before the preview was on screen answers
    nothing."""
    folder = desk_event(tmp_path)
    svc.set_check_in_open(folder, True)
    for pid in range(2, 9):
        svc.toggle_check_in(folder, pid)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await burst(pilot, "ctrl+o")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CloseCheckIn))
        await burst(pilot, "escape")  # kept open: nothing written
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskScreen))
        assert svc.load_desk(folder).checkin_open
        before = (folder / "players.toml").read_bytes()
        await burst(pilot, "ctrl+o", *chars("wang"), "a")
        assert await wait_for(pilot, lambda: isinstance(app.screen, CloseCheckIn))
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, CloseCheckIn)  # w, a: typed ahead, no answer
        assert (folder / "players.toml").read_bytes() == before
        assert svc.load_desk(folder).checkin_open
        await burst(pilot, "w")
        assert await wait_for(pilot, lambda: store.load(folder).player(1).withdrawn_from == 1)
        assert [p.id for p in store.load(folder).players if p.withdrawn_from] == [1]


async def marta_form(pilot, app, key: str) -> None:
    """F10, Marta found by typing, and the desk's form ``key`` opened for her (Ctrl+T the
    payment, Ctrl+F the fee)."""
    await burst(pilot, "f10")
    assert await wait_for(pilot, lambda: isinstance(app.screen, DeskScreen))
    await burst(pilot, *chars("marta"), key)
    assert await wait_for(pilot, lambda: isinstance(app.screen, DeskForm))


async def test_fee_due_and_a_payment_through_the_forms(tmp_path):
    """Ctrl+F on the highlighted player: due 40, discount 10 (junior); Ctrl+T takes the 30
    owed (prefilled) by card, the method typed as its number; a negative amount is refused
    in the form, nothing written."""
    folder = desk_event(tmp_path)
    svc.set_currency(folder, "EUR")
    app = SwissApp(folder, mode="results")
    async with app.run_test(size=SIZE) as pilot:
        await marta_form(pilot, app, "ctrl+f")
        assert dialog_title(app) == "Fee due: Marta Núñez (5)"
        await burst(pilot, *chars("40"), "tab", *chars("10"), "tab", *chars("junior"), "enter")
        assert await wait_for(pilot, lambda: svc.load_desk(folder).entry(5).due == 40)
        e = svc.load_desk(folder).entry(5)
        assert (e.due, e.discount, e.reason, e.owed) == (40, 10, "junior", 30)
        assert status(app) == "saved: Marta Núñez (5) due 30 EUR, paid 0 EUR, owed 30 EUR"
        # a payment: a refused amount first
        before = (folder / "desk.toml").read_bytes()
        await burst(pilot, "ctrl+t")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskForm))
        assert dialog_title(app) == "Payment: Marta Núñez (5), owes 30 EUR"
        assert app.screen.query_one("#f-amount", Input).value == "30"
        await burst(pilot, *chars("-5"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskForm)
                              and bool(app.screen.error_text))
        assert "cannot be negative" in app.screen.error_text
        assert (folder / "desk.toml").read_bytes() == before
        await burst(pilot, "ctrl+u", *chars("30"), "tab", "ctrl+u", "2", "enter")
        assert await wait_for(pilot, lambda: svc.load_desk(folder).entry(5).payments)
        pay = svc.load_desk(folder).entry(5).payments
        assert [(p.amount, p.method) for p in pay] == [(Decimal(30), "card")]
        assert svc.load_desk(folder).entry(5).owed == 0
        assert status(app) == "saved: Marta Núñez (5) paid 30 EUR by card; owes 0 EUR"
        counts = str(app.screen.query_one("#desk-counts", Static).render())
        assert counts.startswith("checked in 0 / expected 8 / paid 1")
        # paid twice: taken, and the line says what is to be given back
        await burst(pilot, "ctrl+t")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskForm))
        await burst(pilot, *chars("12.50"), "enter")
        assert await wait_for(pilot, lambda: len(svc.load_desk(folder).entry(5).payments) == 2)
        assert await wait_for(pilot, lambda: "refund" in status(app))
        assert status(app) == "saved: Marta Núñez (5) paid 12.50 EUR by cash; to refund 12.50 EUR"


async def test_a_payment_in_korean_shows_and_takes_the_method_in_korean(tmp_path):
    """The payment form speaks the director's language: the methods are listed and
    prefilled in Korean, a method typed as its Korean word is kept as its name in the file
    (``transfer``), and the saved line says it in Korean."""
    folder = desk_event(tmp_path)
    svc.set_currency(folder, "KRW")
    svc.set_due(folder, 5, "30000")
    app = SwissApp(folder, mode="results", lang="ko")
    async with app.run_test(size=SIZE) as pilot:
        await marta_form(pilot, app, "ctrl+t")
        assert app.screen.query_one("#f-method", Input).value == "현금"
        assert "1 현금 2 카드 3 계좌 이체" in "".join(screen_lines(app))
        await burst(pilot, "tab", "ctrl+u", *chars("계좌 이체"), "enter")
        assert await wait_for(pilot, lambda: svc.load_desk(folder).entry(5).payments)
        assert [p.method for p in svc.load_desk(folder).entry(5).payments] == ["transfer"]
        assert "계좌 이체" in status(app)


async def test_amounts_in_portuguese_take_and_show_the_decimal_comma(tmp_path):
    """A Brazilian director types 45,50 and reads 45,50 BRL, as the prints show it; the
    file keeps 45.50.  ('45,50' was refused as 'not an amount', and the desk said 45.50.)"""
    folder = desk_event(tmp_path)
    svc.set_currency(folder, "BRL")
    app = SwissApp(folder, mode="results", lang="pt_BR")
    async with app.run_test(size=SIZE) as pilot:
        await marta_form(pilot, app, "ctrl+f")
        await burst(pilot, *chars("45,50"), "enter")
        assert await wait_for(pilot, lambda: svc.load_desk(folder).entry(5).due == Decimal("45.50"))
        assert 'due = "45.50"' in (folder / "desk.toml").read_text(encoding="utf-8")
        assert await wait_for(pilot, lambda: "45,50 BRL" in status(app))
        await burst(pilot, "ctrl+t")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskForm))
        assert app.screen.query_one("#f-amount", Input).value == "45,50"
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: svc.load_desk(folder).entry(5).owed == 0)
        assert svc.load_desk(folder).entry(5).payments[0].amount == Decimal("45.50")


async def test_a_refused_method_in_japanese_puts_the_cursor_on_the_method(tmp_path):
    """A wrong method sent the cursor to the amount (the field was found by looking for the
    English word 'method' in the message), and listed the methods as the file's names."""
    folder = desk_event(tmp_path)
    app = SwissApp(folder, mode="results", lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await marta_form(pilot, app, "ctrl+t")
        await burst(pilot, *chars("5"), "tab", "ctrl+u", *chars("bitcoin"), "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskForm)
                              and bool(app.screen.error_text))
        assert "1 現金" in app.screen.error_text and "cash" not in app.screen.error_text
        assert app.screen.focus_field == "method"
        assert app.focused is app.screen.query_one("#f-method", Input)


def test_a_typed_amount_takes_a_decimal_comma_not_a_thousands_one():
    assert [fees.typed(t) for t in ("12,50", "7,5", " 3,25 ", "1,000", "12.50", "1,2,3")] == \
        ["12.50", "7.5", " 3.25 ", "1,000", "12.50", "1,2,3"]
    with pytest.raises(SwissError):
        fees.money(fees.typed("1,000"))


def test_a_method_typed_by_name_number_or_word():
    try:
        i18n.use("pt_BR")
        assert [fees.method_typed(t) for t in ("cash", "2", " Transferência ", "Cartão",
                                               "dinheiro", "9", "bitcoin")] == \
            ["cash", "card", "transfer", "card", "cash", "9", "bitcoin"]
        assert fees.method_word("transfer") == "transferência"
        assert fees.method_word("bitcoin") == "bitcoin"  # (not a method: as kept)
    finally:
        i18n.use(i18n.SOURCE)


async def test_entry_state_by_a_key(tmp_path):
    folder = desk_event(tmp_path)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await burst(pilot, *chars("bruno"), "ctrl+n")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ListPicker))
        assert dialog_title(app) == "Entry state: Bruno Costa (8), now confirmed"
        await burst(pilot, "4")  # 1 pre-registered, 2 confirmed, 3 checked in, 4 waitlist
        assert await wait_for(pilot, lambda: states(folder)[8] == "waitlist")
        assert status(app) == "saved: Bruno Costa (8) is waitlist"
        # a move the core refuses (waitlist → checked in) is one line, nothing written
        svc.set_check_in_open(folder, True)
        assert app.screen.query_one("#desk-search", Input).value == "bruno"  # kept
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: "waitlist" in status(app)), status(app)
        assert states(folder)[8] == "waitlist"
        await burst(pilot, "escape", "escape")  # the search, then the desk
        assert await wait_for(pilot, lambda: app.screen.MODE == "registration")


PRIZES = """\
currency = "EUR"

[[group]]
name = "Main"
sharing = "average"
rounding = 1

[[group.category]]
name = "Open"
money = [100, 60]
items = ["Cup"]
"""


def play_out(folder) -> None:
    """Two rounds, the better rated player winning every board."""
    for _round in (1, 2):
        rnd = services.pair_next(folder).event.round(_round)
        for b in rnd.boards:
            white, black = b.players
            services.record_result(folder, rnd.number, b.number,
                                   "1-0" if white < black else "0-1")


async def prize_rows(pilot, app) -> list:
    """``A`` opens the prize view; its table's rows."""
    await burst(pilot, "A")
    assert await wait_for(pilot, lambda: isinstance(app.screen, PrizeScreen))
    t = app.screen.query_one("#prizes", FastTable)
    return [t.get_row_at(i) for i in range(t.row_count)]


async def test_prize_view_table_explanations_and_a_refusal(tmp_path):
    folder = desk_event(tmp_path, NAMES[:4], rounds=2)
    play_out(folder)
    (folder / "prizes.toml").write_text(PRIZES, encoding="utf-8")
    from swisstui.core.services.prizes import prize_allocation
    alloc = prize_allocation(folder)
    want = [(a.player, a.money, a.item) for a in alloc.awards()]
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        rows = await prize_rows(pilot, app)
        assert rows[0][0] == "▸ Main"
        shown = [(r[0], r[1], r[2], r[3]) for r in rows[1:]]
        assert len(shown) == len(want)
        for (label, player, prize, shared), (pid, money, item) in zip(shown, want):
            assert player.endswith(f"({pid})")
            assert prize == " + ".join(x for x in (f"{money.normalize():f} EUR", item) if x)
        assert shown[0][0] == "Open 1." and shown[0][2] == "100 EUR + Cup"
        hint = str(app.screen.query_one("#prizes-hint", Static).render())
        total = sum(a.money for a in alloc.awards())
        assert hint == f"after round 2 · total paid {total.normalize():f} EUR · Enter: why"
        await burst(pilot, "enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert app.screen.lines[0] == "Main"
        assert app.screen.lines[1:] == ["  " + line_text(x, lambda m: m)
                                        for x in alloc.groups[0].explanation]
        # 2 and 3 tie on one point for 2nd: 60 / 2 = 30 each
        assert ("  Open 2–3 shared by Kim Ji-woo, Kimura Aoi (score 1): 60 / 2 = 30 each"
                in app.screen.lines)
        await burst(pilot, "escape")
        # a bad prizes file: its line on the status line, the table empty
        path = folder / "prizes.toml"
        path.write_text(PRIZES.replace("[100, 60]", "[100, -60]"), encoding="utf-8")
        assert await wait_for(pilot, lambda: "prizes.toml:10:" in status(app))
        assert f"{path}:10: 'money': a prize cannot be negative (-60)" == status(app)
        assert app.screen.query_one("#prizes", FastTable).row_count == 0
        # the file mended: the table comes back and the refusal goes from the status line
        path.write_text(PRIZES, encoding="utf-8")
        assert await wait_for(pilot, lambda: app.screen.query_one(
            "#prizes", FastTable).row_count == len(want) + 1)
        assert await wait_for(pilot, lambda: "prizes.toml" not in status(app))
        await burst(pilot, "f5")
        assert await wait_for(pilot, lambda: app.screen.MODE == "standings")


async def test_a_place_nobody_takes_is_labelled_as_the_awarded_ones(tmp_path):
    """Five places for four players: the fifth, not awarded, reads as the others do in the
    director's language (ja: "Open 1 位" … "Open 5 位")."""
    folder = desk_event(tmp_path, NAMES[:4], rounds=2)
    play_out(folder)
    (folder / "prizes.toml").write_text(PRIZES.replace("[100, 60]", "[100, 60, 40, 20, 10]"),
                                        encoding="utf-8")
    i18n.use("ja")
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        rows = await prize_rows(pilot, app)
        assert rows[1][0] == "Open 1 位"
        assert list(rows[-1][:2]) == ["Open 5 位", i18n._("not awarded: nobody eligible")]


async def test_prizes_from_the_desk_and_no_prizes_file(tmp_path):
    folder = desk_event(tmp_path)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=SIZE) as pilot:
        await open_desk(pilot)
        await burst(pilot, "ctrl+g")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PrizeScreen))
        assert "no prizes file" in status(app)
        await burst(pilot, "escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DeskScreen))
        await burst(pilot, "f3")
        assert await wait_for(pilot, lambda: app.screen.MODE == "pairings")


@pytest.mark.parametrize("lang", ["en", "ko", "ja", "pt_BR"])
async def test_desk_and_prizes_keep_their_words_at_80x24(tmp_path, lang):
    """Every one-line text of the desk, its forms and questions, and the prize view fits 80
    columns in every language (test_tui_lang_fit's measure: terminal cells)."""
    from test_tui_lang_fit import cut_lines
    folder = desk_event(tmp_path, NAMES[:4], rounds=2)
    play_out(folder)
    (folder / "prizes.toml").write_text(PRIZES, encoding="utf-8")
    svc.set_check_in_open(folder, True)
    svc.set_currency(folder, "EUR")
    svc.set_due(folder, 1, "40", "10", "junior")
    app = SwissApp(folder, mode="registration", lang=lang)
    found = []
    async with app.run_test(size=SIZE) as pilot:
        for keys in (["D"], list("kim"), ["tab"], ["ctrl+f"], ["escape"], ["ctrl+t"],
                     ["escape"], ["ctrl+n"], ["escape"], ["ctrl+o"], ["escape"], ["f1"],
                     ["escape"], ["ctrl+g"], ["enter"], ["escape"]):
            await burst(pilot, *keys)
            found += [f"{lang} {keys} {type(app.screen).__name__}: {p}"
                      for p in cut_lines(app.screen)]
        assert isinstance(app.screen, PrizeScreen)
    assert not found, "\n".join(found)


async def test_the_desk_prints_from_the_prize_view_and_the_print_prompt(tmp_path):
    """The treasurer's sheet, the ceremony list and the payout sheet are offered by the print
    prompts once the export table prints them (html): P in the prize view offers the
    ceremony and the payout, P in Pairings the treasurer's sheet among its pages."""
    from swisstui.core.interop.formats import FORMATS
    from swisstui.tui.print_prompt import pages
    from swisstui.tui.widgets.dialogs import PromptScreen
    assert {"treasurer", "ceremony", "payout"} <= set(FORMATS["html"].whats)
    assert pages()[-3:] == ("treasurer", "ceremony", "payout")
    folder = desk_event(tmp_path, NAMES[:4], rounds=2)
    play_out(folder)
    (folder / "prizes.toml").write_text(PRIZES, encoding="utf-8")
    svc.set_due(folder, 1, "40")
    svc.pay(folder, 1, "40", "cash")
    app = SwissApp(folder, mode="standings")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "A")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PrizeScreen))
        await burst(pilot, "P")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        assert app.screen.hint.startswith("ceremony · payout, then a4 or letter")
        await burst(pilot, "enter")  # ceremony, a4
        path = folder / "prints" / "ceremony-a4.html"
        assert await wait_for(pilot, lambda: path.exists()), status(app)
        assert "Álvaro Souza" in path.read_text(encoding="utf-8")
        await burst(pilot, "escape", "f3", "P")
        assert await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        assert "treasurer" in app.screen.hint
        await burst(pilot, "ctrl+u", *chars("treasurer"), "enter")
        path = folder / "prints" / "treasurer-a4.html"
        assert await wait_for(pilot, lambda: path.exists()), status(app)
        assert "Álvaro Souza" in path.read_text(encoding="utf-8")


async def test_ctrl_r_opens_and_closes_self_check_in(tmp_path):
    """Ctrl+R at the desk (issue 35 item 4): self check-in on the players' page opens (and
    check-in with it), the counts line says so, Ctrl+R again closes it; Ctrl+Y sets the currency."""
    from swisstui.core.services import desk as desk_svc
    from swisstui.tui.app import SwissApp
    from test_tui import wait_for as _wait
    from test_tui_bursts import burst as _burst
    from conftest import make_event as _make
    from test_tui import status as _status
    folder = _make(tmp_path, "chess", n_players=4)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=(80, 24)) as pilot:
        await _burst(pilot, "D", "ctrl+r")
        assert await _wait(pilot, lambda: desk_svc.load_desk(folder).self_checkin)
        d = desk_svc.load_desk(folder)
        assert d.checkin_open and len(d.self_checkin_key) == 32
        assert await _wait(pilot, lambda: "(and on the players' page)" in str(
            app.screen.query_one("#desk-counts").render()))
        await _burst(pilot, "ctrl+r")
        assert await _wait(pilot, lambda: not desk_svc.load_desk(folder).self_checkin)
        assert desk_svc.load_desk(folder).checkin_open  # the desk's check-in stays open
        await _burst(pilot, "ctrl+y", *["backspace"] * 5, *"krw", "enter")
        assert await _wait(pilot, lambda: desk_svc.load_desk(folder).currency == "KRW")
        from swisstui.core.services import history as _history
        entries = len(_history.log(folder))
        await _burst(pilot, "ctrl+y", "enter")  # the same currency, prefilled: nothing written
        assert await _wait(pilot, lambda: "currency kept" in _status(app))
        assert len(_history.log(folder)) == entries
        await _burst(pilot, "ctrl+y", *["backspace"] * 5, *"EURO", "enter")
        assert await _wait(pilot, lambda: "EURO" in _status(app))  # refused in one line
        assert desk_svc.load_desk(folder).currency == "KRW"  # kept


def test_a_long_category_is_cut_never_its_place():
    """'Under 2000 rati…' twice could not tell 1st from 2nd: the name is cut, the place kept,
    in every language's order of the two."""
    from rich.cells import cell_len

    from swisstui.core.i18n import N_
    from swisstui.core.readers import Message
    from swisstui.tui.screens.prizes import fitted_label
    first, second = (Message(N_("{category} {place}."), category="Under 2000 rating",
                             place=n) for n in (1, 2))
    assert fitted_label(first, 16) == "Under 2000 r… 1."
    assert fitted_label(second, 16) == "Under 2000 r… 2."
    short = Message(N_("{category} {place}."), category="Open", place=3)
    assert fitted_label(short, 16) == "Open 3."
    try:
        i18n.use("ja")
        got = fitted_label(first, 16)
        assert cell_len(got) <= 16 and "1" in got and "…" in got, got
    finally:
        i18n.use(i18n.SOURCE)
