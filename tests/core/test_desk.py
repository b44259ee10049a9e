"""The registration desk (issue 35 items 1-3, 5, 6): states and transitions, check-in by
name, counts, closing check-in both ways, fees in Decimal, the treasurer's sheet, and bad
desk files refused in one file:line line with nothing written."""

from decimal import Decimal

import pytest

from conftest import make_event
from swisstui.core import fees, registration, store
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.history import history
from swisstui.core.model import ByeKind
from swisstui.core.services import desk, pair_next


def _names(folder, names):
    def change(ev):
        for i, n in enumerate(names, 1):
            ev = registration.edit_player(ev, i, name=n)
        return ev
    store.update(folder, change)


def test_old_folder_reads_as_before(tmp_path):
    """No desk file: every player is confirmed, check-in closed, nothing owed; pairing and
    roll-call are as before (the desk file is not even created by reading)."""
    folder = make_event(tmp_path, "chess", 4)
    ev = store.load(folder)
    d = desk.load_desk(folder)
    assert d == fees.Desk()
    assert [fees.state_of(d, p) for p in ev.players] == ["confirmed"] * 4
    assert fees.counts(ev, d) == fees.Counts(0, 4, 0)
    assert not (folder / "desk.toml").exists()


def test_transitions_and_refusals(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    desk.set_state(folder, 1, "waitlist")
    desk.set_check_in_open(folder, True)
    name = store.load(folder).player(1).name
    with pytest.raises(SwissError) as exc:
        desk.toggle_check_in(folder, 1)
    assert str(exc.value) == (f"{name} (1) is waitlist; the desk cannot make the entry "
                              "checked in (allowed: pre-registered, confirmed)")
    desk.set_state(folder, 1, "pre-registered")
    desk.set_state(folder, 1, "confirmed")
    assert desk.toggle_check_in(folder, 1)[1] == "checked-in"
    with pytest.raises(SwissError, match="is checked in; the desk cannot make the entry "
                                         "waitlist"):
        desk.set_state(folder, 1, "waitlist")
    store.update(folder, lambda ev: registration.withdraw(ev, 2))
    before = (folder / "desk.toml").read_bytes()
    with pytest.raises(SwissError, match="reinstate the player first"):
        desk.set_state(folder, 2, "confirmed")
    with pytest.raises(SwissError, match="unknown state 'gone'"):
        desk.set_state(folder, 3, "gone")
    assert (folder / "desk.toml").read_bytes() == before


def test_check_in_by_name_toggle_and_counts(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    _names(folder, ["José Álvarez", "Kim Ji-woo", "山田太郎", "Lee Min"])
    store.update(folder, lambda ev: registration.edit_player(ev, 3, reading="やまだ たろう"))
    ev = store.load(folder)
    assert [p.id for p in desk.search(ev, "jose alv")] == [1]
    assert [p.id for p in desk.search(ev, "ヤマダ")] == [3]  # katakana finds the reading
    assert desk.find_player(ev, "4").name == "Lee Min"
    with pytest.raises(SwissError, match="check-in is closed"):
        desk.toggle_check_in(folder, 1)
    desk.set_check_in_open(folder, True)
    assert desk.toggle_check_in(folder, desk.find_player(ev, "ALVAR").id)[1] == "checked-in"
    assert desk.toggle_check_in(folder, 3)[1] == "checked-in"
    assert desk.toggle_check_in(folder, 3)[1] == "confirmed"  # toggled back
    desk.set_state(folder, 4, "waitlist")
    desk.set_due(folder, 1, "30")
    desk.pay(folder, 1, "30", "cash")
    desk.set_due(folder, 2, "30")
    desk.pay(folder, 2, "10", "card")
    ev = store.load(folder)
    # checked in: 1; expected: 4 - waitlist = 3; paid in full: player 1
    assert fees.counts(ev, desk.load_desk(folder, ev)) == fees.Counts(1, 3, 1)


def _close(tmp_path, game, withdraw):
    folder = make_event(tmp_path, game, 4)
    desk.set_check_in_open(folder, True)
    desk.toggle_check_in(folder, 1)
    desk.toggle_check_in(folder, 2)
    desk.toggle_check_in(folder, 3)
    preview = desk.close_check_in(folder, withdraw=withdraw, dry_run=True)
    assert [p.id for p in preview.players] == [4]
    players_before = (folder / "players.toml").read_bytes()
    assert desk.close_check_in(folder, withdraw=withdraw, dry_run=True).players
    assert (folder / "players.toml").read_bytes() == players_before  # dry run: nothing
    out = desk.close_check_in(folder, withdraw=withdraw)
    assert [p.id for p in out.players] == [4] and out.round_no == 1
    assert not desk.load_desk(folder).checkin_open
    return folder


@pytest.mark.parametrize("game,points", [("chess", 0.0), ("go", 0.0)])
def test_close_absent_gives_round_one_absent_result(tmp_path, game, points):
    folder = _close(tmp_path, game, withdraw=False)
    ev = store.load(folder)
    assert ev.player(4).requested_bye(1) is ByeKind.ABSENT
    assert ev.player(4).withdrawn_from is None
    pair_next(folder)
    ev = store.load(folder)
    rec = history(ev, 1)[4][0]
    assert rec.opponent is None and rec.points == points  # absent: the game's 0
    assert all(4 not in b.players for b in ev.round(1).boards)


def test_close_keeps_a_bye_asked_for_before(tmp_path):
    """Closing check-in turned a half-point bye the player had asked for into an absence
    (0 points): a player with a bye for the round is not among those closing takes."""
    folder = make_event(tmp_path, "chess", 4)
    store.update(folder, lambda e: registration.request_bye(e, 3, 1, ByeKind.HALF))
    desk.set_check_in_open(folder, True)
    desk.toggle_check_in(folder, 1)
    out = desk.close_check_in(folder, withdraw=False)
    assert [p.id for p in out.players] == [2, 4]
    ev = store.load(folder)
    assert ev.player(3).requested_bye(1) is ByeKind.HALF
    assert ev.player(2).requested_bye(1) is ev.player(4).requested_bye(1) is ByeKind.ABSENT


def test_close_leaves_the_waitlist_alone(tmp_path):
    """A waitlisted entry is not expected (the counts say so, and it is not paired): closing
    check-in listed it and made it absent."""
    folder = make_event(tmp_path, "chess", 4)
    desk.set_check_in_open(folder, True)
    desk.toggle_check_in(folder, 1)
    desk.set_state(folder, 2, "waitlist")
    assert [p.id for p in desk.close_check_in(folder, withdraw=False, dry_run=True).players] \
        == [3, 4]
    out = desk.close_check_in(folder, withdraw=False)
    assert [p.id for p in out.players] == [3, 4]
    ev = store.load(folder)
    assert ev.player(2).requested_bye(1) is None and ev.player(2).withdrawn_from is None
    assert fees.state_of(desk.load_desk(folder), ev.player(2)) == "waitlist"


@pytest.mark.parametrize("text,shown", [("-0", "0"), ("1E+1", "10"), ("12.5", "12.50"),
                                        ("30", "30"), ("0.10", "0.10")])
def test_an_amount_has_one_spelling(text, shown):
    """fees due 3 -0 showed 'due -0', and 1E+1 was written to desk.toml as "1E+1"."""
    assert str(fees.money(text)) == shown


def test_close_withdraw(tmp_path):
    folder = _close(tmp_path, "chess", withdraw=True)
    ev = store.load(folder)
    assert ev.player(4).withdrawn_from == 1
    assert fees.state_of(desk.load_desk(folder), ev.player(4)) == "withdrawn"
    pair_next(folder)
    assert all(4 not in b.players for b in store.load(folder).round(1).boards)


def test_close_refused_when_not_open(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    before = (folder / "players.toml").read_bytes()
    with pytest.raises(SwissError, match="check-in is not open"):
        desk.close_check_in(folder, withdraw=False)
    assert (folder / "players.toml").read_bytes() == before


def test_fees_arithmetic_and_sheet(tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_DIRECTOR", "Anna")
    folder = make_event(tmp_path, "chess", 4)
    desk.set_currency(folder, "eur")
    desk.set_due(folder, 1, "30.00", "7.50", "junior")   # 22.50 due
    desk.pay(folder, 1, "10.10", "cash")
    desk.pay(folder, 1, "12.40", "card")                 # 22.50 paid: owes 0
    desk.set_due(folder, 2, "30")
    e = desk.pay(folder, 2, "0.10", "cash")              # owes 29.90
    assert e.owed == Decimal("29.90") and e.payments[0].by == "Anna"
    desk.set_due(folder, 3, "25", "5", "early")          # 20, nothing paid
    ev = store.load(folder)
    s = fees.sheet(ev, desk.load_desk(folder, ev))
    assert s.currency == "EUR"
    assert [ln.player.id for ln in s.lines] == [1, 2, 3]
    assert s.by_method == (("cash", Decimal("10.20")), ("card", Decimal("12.40")))
    assert s.due == Decimal("72.50")          # 22.50 + 30 + 20
    assert s.discounts == Decimal("12.50")    # 7.50 + 5
    assert s.paid == Decimal("22.60")
    assert s.owed == Decimal("49.90")         # 29.90 + 20
    assert [ln.player.id for ln in s.owing] == [2, 3]
    assert all(isinstance(v, Decimal) for v in (s.due, s.paid, s.owed))


@pytest.mark.parametrize("call,message", [
    (lambda f: desk.set_due(f, 1, "-5"), "the fee cannot be negative"),
    (lambda f: desk.set_due(f, 1, "10", "12"), "the discount (12) is more than the fee due"),
    (lambda f: desk.pay(f, 1, "5", "bitcoin"), "unknown payment method 'bitcoin'"),
    (lambda f: desk.pay(f, 1, "0", "cash"), "a payment must be more than 0"),
    (lambda f: desk.pay(f, 1, "1.005", "cash"), "at most 2 decimals"),
    (lambda f: desk.pay(f, 99, "5", "cash"), "no player with id 99"),
])
def test_bad_input_one_line_nothing_written(tmp_path, call, message):
    folder = make_event(tmp_path, "chess", 4)
    desk.set_due(folder, 1, "10")
    before = (folder / "desk.toml").read_bytes()
    with pytest.raises(SwissError) as exc:
        call(folder)
    assert message in str(exc.value) and "\n" not in str(exc.value)
    assert (folder / "desk.toml").read_bytes() == before


@pytest.mark.parametrize("text,line,message", [
    ('[[entry]]\nid = 1\ndue = "-3"\n', 3, "due cannot be negative"),
    ('[[entry]]\nid = 1\ndue = 12.5\n', 3, 'written as a text like "12.50"'),
    ('[[entry]]\nid = 1\n[[entry.payment]]\namount = "5"\nmethod = "gold"\n', 5,
     "unknown payment method 'gold'"),
    ('[[entry]]\nid = 1\nstate = "lost"\n', 3, "unknown state 'lost'"),
    ('[[entry]]\nid = 77\n', 2, "no player with id 77"),
    ('currency = "euro"\n', 1, "'currency' must be a code of 3 capital letters"),
    # (the place was said twice: "desk.toml:3: desk.toml:3: …")
    ('[[entry]]\nid = 1\n[[entry.payment]]\namount = "5"\n', 3, "missing key 'method'"),
    # a payment's time was taken as any text
    ('[[entry]]\nid = 1\n[[entry.payment]]\namount = "5"\nmethod = "cash"\n'
     'time = "yesterday"\n', 6, "'time' must be a date and time (2026-05-01T14:30), not "
     "'yesterday'"),
    ('[[entry]]\nid = 1\n[[entry.payment]]\namount = "5"\nmethod = "cash"\ntime = 9\n', 6,
     "not 9"),
])
def test_bad_desk_file_is_one_file_line(tmp_path, text, line, message):
    folder = make_event(tmp_path, "chess", 4)
    (folder / "desk.toml").write_text(text, encoding="utf-8")
    with pytest.raises(EventFileError) as exc:
        desk.load_desk(folder)
    assert str(exc.value).startswith(f"{folder / 'desk.toml'}:{line}: ")
    assert message in str(exc.value) and str(exc.value).count("desk.toml") == 1
    with pytest.raises(EventFileError):  # a write refuses too: nothing written
        desk.set_due(folder, 2, "5")
    assert (folder / "desk.toml").read_text(encoding="utf-8") == text


def test_a_desk_file_linked_to_nothing_is_one_line(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    (folder / "desk.toml").symlink_to(tmp_path / "gone.toml")
    with pytest.raises(EventFileError) as exc:
        desk.load_desk(folder)
    assert str(exc.value) == f"{folder / 'desk.toml'}: is a symbolic link to a missing file"


def test_desk_file_round_trip(tmp_path):
    d = fees.Desk("KRW", True, (fees.Entry(2, "checked-in", Decimal("30000"), Decimal("5000"),
                                           'jun"ior', (fees.Payment(Decimal("25000"), "cash",
                                                                    "2026-11-28T09:00:00",
                                                                    "김"),)),))
    path = tmp_path / "desk.toml"
    path.write_bytes(fees.desk_toml(d))
    assert fees.read_desk(path) == d
    # a time written bare by hand (a TOML date-time) reads as the desk writes it
    path.write_text('[[entry]]\nid = 2\n[[entry.payment]]\namount = "5"\nmethod = "cash"\n'
                    'time = 2026-11-28T09:00:00\n', encoding="utf-8")
    assert fees.read_desk(path).entry(2).payments[0].time == "2026-11-28T09:00:00"


def test_search_finds_what_matches_player_finds(tmp_path):
    """The desk's indexed search and the registration search agree on every query."""
    from swisstui.core.collation import matches_player
    folder = make_event(tmp_path, "chess", 8)
    _names(folder, ["José Álvarez", "Kim Ji-woo", "山田太郎", "Lee Min", "Zoë Müller",
                    "김지우", "Ana Silva", "Björn Sato"])
    store.update(folder, lambda ev: registration.edit_player(ev, 3, reading="やまだ たろう"))
    ev = store.load(folder)
    for q in ["", "a", "JOSE", "mull", "ヤマ", "지우", "3", "club", "kr", "zz", " s "]:
        assert {p.id for p in desk.search(ev, q)} == \
            {p.id for p in ev.players if matches_player(q, p)}, q
    assert [p.id for p in desk.search(ev, "a")][:2] == [7, 8]  # by name: Ana, Björn


def test_a_currency_without_decimals_refuses_cents_as_prizes_toml_does(tmp_path):
    """A JPY desk took 7.25 and showed 0.00 JPY; prizes.toml refused the same amount."""
    folder = make_event(tmp_path, "chess", 4)
    desk.set_currency(folder, "JPY")
    before = (folder / "desk.toml").read_bytes()
    for call in (lambda: desk.pay(folder, 1, "7.25", "cash"),
                 lambda: desk.set_due(folder, 1, "3000.5")):
        with pytest.raises(SwissError, match="JPY has no decimals"):
            call()
    assert (folder / "desk.toml").read_bytes() == before
    assert desk.pay(folder, 1, "3000", "cash").paid == 3000
    (folder / "desk.toml").write_text('currency = "JPY"\n[[entry]]\nid = 2\ndue = "12.5"\n',
                                      encoding="utf-8")
    with pytest.raises(EventFileError, match="JPY has no decimals"):
        desk.load_desk(folder)


def test_a_currency_change_that_the_amounts_cannot_hold_is_refused(tmp_path):
    """Due 12.50 EUR, then currency KRW: it was written, and every command after it
    (even setting EUR back) was refused with 'KRW has no decimals'."""
    folder = make_event(tmp_path, "chess", 4)
    desk.set_due(folder, 3, "12.50")
    before = (folder / "desk.toml").read_bytes()
    name = store.load(folder).player(3).name
    with pytest.raises(SwissError) as exc:
        desk.set_currency(folder, "KRW")
    assert str(exc.value) == (f"KRW has no decimals, and {name} (3) has an amount of 12.50; "
                              "change it first")
    assert (folder / "desk.toml").read_bytes() == before
    assert desk.set_currency(folder, "EUR").currency == "EUR"
    desk.set_due(folder, 3, "12")
    assert desk.set_currency(folder, "KRW").currency == "KRW"


def test_typed_amounts_are_refused_in_the_directors_words(tmp_path):
    """'due은(는) 12.50 같은 금액이어야 합니다' named the file's key in Korean; the methods
    were listed as the file's names in Japanese.  Each refusal names its field."""
    from swisstui.core import i18n
    folder = make_event(tmp_path, "chess", 4)
    i18n.use("ko")
    try:
        with pytest.raises(SwissError) as exc:
            desk.set_due(folder, 1, "abc")
        assert str(exc.value).startswith("참가비") and "due" not in str(exc.value)
        assert exc.value.field == "due"
        with pytest.raises(SwissError) as exc:
            desk.pay(folder, 1, "5", "bitcoin")
        assert "1 현금, 2 카드" in str(exc.value) and exc.value.field == "method"
        with pytest.raises(SwissError) as exc:
            desk.set_due(folder, 1, "10", "12")
        assert exc.value.field == "discount"
    finally:
        i18n.use(i18n.SOURCE)


def test_a_new_fee_keeps_the_discount_and_its_reason_unless_given(tmp_path):
    """'fees due Ana 25' after 'due 2 30 --discount 7.50 --reason junior' dropped both."""
    folder = make_event(tmp_path, "chess", 4)
    desk.set_due(folder, 2, "30", "7.50", "junior")
    e = desk.set_due(folder, 2, "25")
    assert (e.due, e.discount, e.reason) == (Decimal(25), Decimal("7.50"), "junior")
    e = desk.set_due(folder, 2, "25", "0", "")
    assert (e.discount, e.reason) == (Decimal(0), "")
    with pytest.raises(SwissError, match="more than the fee due"):
        desk.set_due(folder, 2, "5", "7.50")


def test_closing_check_in_is_one_entry_of_the_history(tmp_path):
    """The close was recorded twice ("close check-in", players.toml then desk.toml)."""
    from swisstui.core.services import history
    folder = make_event(tmp_path, "chess", 4)
    desk.set_check_in_open(folder, True)
    desk.toggle_check_in(folder, 1)
    before = len(history.log(folder))
    desk.close_check_in(folder, withdraw=False)
    entries = history.log(folder)
    assert len(entries) == before + 1 and entries[0].subject.startswith("close check-in")
    assert not desk.load_desk(folder).checkin_open
    assert store.load(folder).player(2).requested_bye(1) is ByeKind.ABSENT


@pytest.mark.parametrize("code,words", [("XYZ", "is not an ISO 4217 currency code"),
                                        ("euro", "must be a code of 3 capital letters")])
def test_a_currency_must_be_one(tmp_path, code, words):
    """XYZ (three capitals, no currency) was taken by the desk and prizes.toml alike."""
    folder = make_event(tmp_path, "chess", 4)
    with pytest.raises(SwissError, match=words):
        desk.set_currency(folder, code)
    assert not (folder / "desk.toml").exists()
    (folder / "prizes.toml").write_text(f'currency = "{code}"\n[[group]]\nname = "Main"\n'
                                        '[[group.category]]\nname = "Open"\nmoney = [100]\n',
                                        encoding="utf-8")
    from swisstui.core.prizes import read_prizes
    with pytest.raises(EventFileError, match=words):
        read_prizes(folder / "prizes.toml")
    assert desk.set_currency(folder, "brl").currency == "BRL"
