"""Issue 35's "done means" in a real terminal: the ``swisstui`` console script in tmux at
80×24, typed into like a director (some keys in one burst, as SSH delivers them):

a director, in the TUI alone, registers 40 players (Registration ``n``, the form, Enter),
gives two of them a planned bye (``b``), sets every player's fee at the desk (``D``,
Ctrl+F; four juniors with a discount), takes payments (Ctrl+T, cash and card), checks 37
in by a few letters of each name and Enter, closes check-in (Ctrl+O: the preview names the
3 missing, ``a`` makes them absent), pairs and enters the results of the three rounds
(F3 ``p`` ``y``, F4 ``1-0`` Enter …), and prints the ceremony list (the prize view's ``P``)
and the treasurer's sheet (Pairings' ``P``).  After each step the folder is read with the
core.  The test made the event (no players), its prizes.toml and the desk's currency (the
TUI has no key for the currency: ``swisstui fees EVENT currency EUR``)."""

from __future__ import annotations

import html
import os
import re
from decimal import Decimal

import pytest
from test_e2e_director import Terminal

from conftest import make_event
from swisstui.core import store
from swisstui.core.services import desk as desk_svc
from swisstui.core.services import prizes as prize_svc
from tmux_terminal import SCRIPT, TMUX
from tmux_terminal import kill_session
from tmux_terminal import tmux as _tmux

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
              pytest.mark.skipif(not SCRIPT.exists(),
                                 reason=f"console script {SCRIPT} not installed")]

FIRST = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gwen", "Hugo", "Iris", "Jon")
LAST = ("Abbott", "Barlow", "Castell", "Dunmore", "Ellery", "Fairbank", "Gilmour", "Hollis",
        "Ingram", "Jessop", "Kendrick", "Lockhart", "Merriman", "Norcott", "Oakley",
        "Pemberton", "Quayle", "Radcliffe", "Sherwood", "Thackeray", "Underhill", "Vickery",
        "Wendover", "Yardley", "Zimmer", "Ashdown", "Blakemore", "Crowther", "Dimmock",
        "Everett", "Fenwick", "Grimshaw", "Hartigan", "Ibbotson", "Jellicoe", "Kilbride",
        "Lindqvist", "Mortlake", "Nettleton", "Ormerod")
NAMES = tuple(f"{FIRST[i % len(FIRST)]} {last}" for i, last in enumerate(LAST))
# what the director types at the desk to find each player: the surname's first five letters
KEYS = tuple(last[:5].lower() for last in LAST)
assert len(NAMES) == 40 and all(
    sum(k in n.lower() for n in NAMES) == 1 for k in KEYS), "each key must find one player"

FEE = Decimal(30)
JUNIORS = {4: Decimal(10), 9: Decimal(10), 22: Decimal(10), 31: Decimal(15)}  # id: discount
CASH = tuple(range(1, 21))  # paid in full, cash
CARD = tuple(range(21, 26))  # paid in full, card (method 2 in the form)
NOT_IN = (12, 27, 38)  # never checked in: absent in round 1
BYES = {5: 2, 17: 3}  # planned half byes: id: round
ROUNDS = 3
RESULTS = ("1-0", "0-1", "=", "1-0", "1-0", "0-1")

PRIZES = """\
currency = "EUR"

[[group]]
name = "Main prizes"

[[group.category]]
name = "Open"
money = [200, 120, 80]
items = ["Cup", "", ""]
"""


class Director(Terminal):
    def closed(self, title: str, saved: str) -> None:
        """Wait until the dialog ``title`` has closed and the status line says ``saved``:
        keys typed before a dialog has closed are refused (a bouncing Enter must not reach
        the screen below, swisstui/tui/keyorder.py), so the next burst waits for it."""
        self.until(lambda: saved in (f := self.flat()) and title not in f,
                   f"{title!r} closed, {saved!r} on screen")


def _entry(folder, pid: int):
    return desk_svc.load_desk(folder).entry(pid)


def _page_text(path) -> str:
    """A printed page's words, its markup and style taken out."""
    text = re.sub(r"<style.*?</style>", "", path.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def _missing(folder) -> int:
    ev = store.load(folder)
    rnd = ev.round(ev.current_round)
    return rnd.missing_results() if rnd is not None else -1


def test_register_fees_checkin_run_and_print_at_the_desk_in_tmux(tmp_path):
    folder = make_event(tmp_path, n_players=0, rounds=ROUNDS, name="Desk Open")
    (folder / "prizes.toml").write_text(PRIZES, encoding="utf-8")
    desk_svc.set_currency(folder, "EUR")
    session = f"swisstui-desk-{os.getpid()}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"cd {tmp_path} && TERM=xterm-256color SWISSTUI_DIRECTOR=anna "
          f"exec {SCRIPT} {folder}")
    term = Director(session)
    try:
        # 1. registration: n, the name, Tab, the rating, Enter — one burst a player
        term.see("Desk Open")
        term.press("F2")
        term.header("registration")
        for i, name in enumerate(NAMES, 1):
            term.burst("n", name, "Tab", str(2400 - 15 * i), "Enter")
            term.closed("New player", f"saved: player {i} {name}")
        ev = store.load(folder)
        assert [(p.id, p.name, p.rating) for p in ev.players] == \
            [(i, n, 2400 - 15 * i) for i, n in enumerate(NAMES, 1)]

        # 2. two planned byes: / the name Enter (the list keeps that player), b, ROUND KIND
        for pid, rnd in BYES.items():
            term.burst("/", KEYS[pid - 1], "Enter")
            term.see_flat(f"1 of 40 players matching '{KEYS[pid - 1]}'", NAMES[pid - 1])
            term.burst("b", "C-u", f"{rnd} half", "Enter")
            term.closed("Requested bye for", f"player {pid} requests a half bye in round {rnd}")
            term.press("Escape")  # the filter cleared
            # (before the next key: ESC and a letter close behind it read as Alt+letter)
            term.until(lambda: "matching" not in term.screen(), "the filter cleared")
        ev = store.load(folder)
        for pid, rnd in BYES.items():
            assert ev.player(pid).requested_bye(rnd).value == "half"
        assert sum(len(p.byes) for p in ev.players) == 2

        # 3. the desk: every player's fee (Ctrl+F), the juniors' discount; payments (Ctrl+T)
        term.press("D")
        term.see_flat("checked in 0 / expected 40 / paid 0; check-in is closed")
        for pid in range(1, 41):
            keys = ["C-u", KEYS[pid - 1], "C-f", str(FEE)]
            if pid in JUNIORS:
                keys += ["Tab", str(JUNIORS[pid]), "Tab", "junior"]
            term.burst(*keys, "Enter")
            term.closed("Fee due:", f"saved: {NAMES[pid - 1]} ({pid}) due")
        for pid in CASH + CARD:
            # the amount is the amount owed, typed in; the method cash, or 2 (card)
            keys = ["C-u", KEYS[pid - 1], "C-t"] + (["Tab", "2"] if pid in CARD else [])
            term.burst(*keys, "Enter")
            term.closed("Payment:", f"saved: {NAMES[pid - 1]} ({pid}) paid")
        desk = desk_svc.load_desk(folder)
        for pid in range(1, 41):
            e = desk.entry(pid)
            assert (e.due, e.discount, e.reason) == \
                (FEE, JUNIORS.get(pid, Decimal(0)), "junior" if pid in JUNIORS else "")
            if pid in CASH + CARD:
                assert [(p.amount, p.method, p.by) for p in e.payments] == \
                    [(FEE - JUNIORS.get(pid, Decimal(0)),
                      "card" if pid in CARD else "cash", "anna")]
                assert e.owed == 0
            else:
                assert not e.payments and e.owed == FEE - JUNIORS.get(pid, Decimal(0))
        term.see_flat("paid 25; check-in is closed")

        # 4. check-in: Ctrl+O opens it; a few letters of each name and Enter, for all but 3
        term.burst("C-u", "C-o")
        term.see_flat("check-in is open")
        assert desk_svc.load_desk(folder).checkin_open
        arriving = [pid for pid in range(1, 41) if pid not in NOT_IN]
        for start in range(0, len(arriving), 6):  # six players a burst
            group = arriving[start:start + 6]
            term.burst(*[k for pid in group for k in (KEYS[pid - 1], "Enter")])
            term.until(lambda g=group: all(_entry(folder, p).state == "checked-in"
                                           for p in g), f"{group} checked in")
        desk = desk_svc.load_desk(folder)
        assert sorted(e.id for e in desk.entries if e.state == "checked-in") == arriving
        term.see_flat("checked in 37 / expected 40 / paid 25; check-in is open")

        # 5. Ctrl+O closes it: the preview names the 3, a makes them absent in round 1
        term.press("C-o")
        term.see_flat("3 players not checked in for round 1 (nothing written)",
                      *(NAMES[pid - 1] for pid in NOT_IN))
        assert desk_svc.load_desk(folder).checkin_open  # a preview: nothing written
        term.press("a")
        term.see_flat("check-in closed: 3 players absent in round 1")
        ev = store.load(folder)
        assert not desk_svc.load_desk(folder).checkin_open
        assert [p.id for p in ev.players if p.requested_bye(1) is not None
                and p.requested_bye(1).value == "absent"] == list(NOT_IN)

        # 6. the rounds: F3 p y pairs; F4, a result and Enter per board, six a burst
        for rnd in range(1, ROUNDS + 1):
            bye = next((p for p, r in BYES.items() if r == rnd), 0)  # the planned bye
            term.press("F3")
            term.header("pairings")
            term.press("p")
            term.see_flat(f"Pair round {rnd}?")
            if rnd == 1:
                term.see_flat("Absent (3)")
            else:
                term.see_flat("Requested half bye (1)", NAMES[bye - 1])
            term.press("y")
            term.see(f"saved: round {rnd} paired")
            got = store.load(folder).round(rnd)
            on_boards = {pid for b in got.boards for pid in b.players}
            byes = {b.player: b.kind.value for b in got.byes}
            if rnd == 1:  # 37 checked in: 18 boards and the pairing bye; the 3 absent
                assert len(got.boards) == 18 and on_boards.isdisjoint(NOT_IN)
                assert {p: k for p, k in byes.items() if p in NOT_IN} == \
                    dict.fromkeys(NOT_IN, "absent") and len(byes) == 4
            else:  # 40 less the planned bye: 19 boards and the pairing bye
                assert len(got.boards) == 19 and byes[bye] == "half" and len(byes) == 2
                assert set(NOT_IN) <= on_boards
            term.press("F4")
            term.header("results")
            term.see(f"Round {rnd}:")
            k = 0
            while (left := _missing(folder)) > 0:
                n = min(6, left)
                term.burst(*[key for j in range(n)
                             for key in (RESULTS[(k + j) % len(RESULTS)], "Enter")])
                k += n
                term.until(lambda w=left - n: _missing(folder) == w, f"{left - n} to go")
        ev = store.load(folder)
        assert ev.current_round == ROUNDS and all(not r.missing_results() for r in ev.rounds)

        # 7. the prints: the ceremony list from the prize view (A, P: ceremony first), from
        # the final standings (in Results A would be typed in the entry line)
        term.press("F5")
        term.header("standings")
        term.see("Standings after round 3")
        term.press("A")
        term.see_flat("Open 1.")
        term.press("P")
        term.see_flat("ceremony · payout")
        term.press("Enter")
        ceremony = folder / "prints" / "ceremony-a4.html"
        term.see_flat("open it in a browser and print")  # the path, wrapped, before it
        assert ceremony.is_file()
        alloc = prize_svc.prize_allocation(folder)
        awards = alloc.awards()
        assert len(awards) == 3 and alloc.after_round == ROUNDS
        text = _page_text(ceremony)
        # read from the last prize to the first, each with its money (and the Cup)
        last, second, first = awards[2], awards[1], awards[0]
        assert (first.money, first.item, second.money, last.money) == (200, "Cup", 120, 80)
        assert f"Open 3. {last.name} 3 80.00 EUR 2 Main prizes Open 2. {second.name} 3 " \
            f"120.00 EUR 3 Main prizes Open 1. {first.name} 3 200.00 EUR Cup" in text

        # the treasurer's sheet from Pairings' print prompt
        term.press("Escape")
        term.press("F3")
        term.header("pairings")
        term.press("P")
        term.see_flat("Print")
        term.burst("C-u", "treasurer", "Enter")
        sheet_file = folder / "prints" / "treasurer-a4.html"
        term.until(sheet_file.is_file, "the treasurer's sheet written")
        term.see_flat("open it in a browser and print")
        text = _page_text(sheet_file)
        for pid, name in enumerate(NAMES, 1):
            assert f" {pid} {name} 30.00 EUR " in text
        assert " 4 Dan Dunmore 30.00 EUR 10.00 EUR junior 20.00 EUR cash 0.00 EUR " in text
        assert " 31 Ada Fenwick 30.00 EUR 15.00 EUR junior 0.00 EUR 15.00 EUR " in text
        discounts = sum(JUNIORS.values())
        due = 40 * FEE - discounts
        paid_cash = sum(FEE - JUNIORS.get(p, Decimal(0)) for p in CASH)
        paid_card = sum(FEE - JUNIORS.get(p, Decimal(0)) for p in CARD)
        owed = due - paid_cash - paid_card
        assert (due, discounts, paid_cash, paid_card, owed) == (1155, 45, 580, 140, 435)
        assert "Totals Total Amount paid by cash 580.00 EUR paid by card 140.00 EUR " \
            "Due (after discounts) 1155.00 EUR Discounts 45.00 EUR Paid 720.00 EUR " \
            "Owed 435.00 EUR" in text
        # the owed list: the 15 who have not paid
        owing = text[text.index("Owed No. Name Owed"):]
        assert [int(m) for m in re.findall(r" (\d+) [A-Z][a-z]+ [A-Z][a-z]+ \d", owing)] == \
            list(range(26, 41))
        term.press("C-q")
    finally:
        kill_session(session)
