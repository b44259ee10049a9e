"""Issue 33's "done means" in a real terminal: the ``swisstui`` console script in tmux at
80×24, started on an empty folder, typed into like a director — through SSH, so several
keys often arrive in one burst (a whole new-player form, ``F9 a`` and the new section's
form, a round's results).  The twin of tests/tui/test_tui_sections_weekend.py (Pilot):

* a chess open with a U1600 section numbered from board 101 in the hall: F9 ``a`` adds it,
  F9 and a number switch, results are typed by the hall's board numbers, one player is moved
  from the open into the U1600 after round 2 (``/``, ``m``, the core's preview, ``y``), both
  sections play round 3, and ``P`` prints each section's standings and the check-in list;
* a Go event with a dan class (McMahon, even games) and a kyu class (a section whose F7
  settings turn handicap games on).

The screen is read back at each checkpoint (the header names the section, the pairings show
the hall's boards 101…, the move's preview), and at the end the folders are read with the
core (``store.load``): the results, the moved player's two entries, the printed files."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from test_e2e_director import Terminal

from swisstui.core import store
from swisstui.core.games import GAMES
from swisstui.core.services import sections
from swisstui.core.standings import standings
from swisstui.tui.backend import settings_form
from tmux_terminal import SCRIPT, TMUX, has_session, kill_session
from tmux_terminal import tmux as _tmux
from tmux_terminal import wait as _wait

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
              pytest.mark.skipif(not SCRIPT.exists(),
                                 reason=f"console script {SCRIPT} not installed")]


class Director(Terminal):
    """The pane, with the section tasks' keys (docs/TUI.md "Sections (F9)")."""

    def top(self) -> str:
        return self.screen().splitlines()[0]

    def header_has(self, *texts: str) -> None:
        self.until(lambda: all(t in self.top() for t in texts), f"header with {texts!r}")

    def new_event(self, game: str, name: str, rounds: int, system: str | None = None) -> None:
        """The game's number, then the new-event form: the name, Tab Tab and the rounds
        (and Tab ×6 and the system) in one burst — a prefilled field focused from the
        keyboard has its text selected, so what is typed replaces it — and Enter."""
        self.see("which game?")
        self.type(str(GAMES.index(game) + 1))
        self.see("New ", " event in ")
        keys = [name, "Tab", "Tab", str(rounds)]
        if system:
            keys += ["Tab"] * 6 + [system]
        self.burst(*keys)
        self.until(lambda: self.field("Name") == name and self.field("Rounds") == str(rounds)
                   and (not system or self.field("System") == system), "the form typed")
        self.press("Enter")
        self.see(f"saved: new event {name}")

    def register(self, folder: Path, players: list[tuple[str, str]], first_id: int) -> None:
        """Each player in one burst: ``n``, the name, Tab (Tab Tab to the rank for Go),
        the rating or rank, Enter; saved before the next burst."""
        for i, (name, strength) in enumerate(players, first_id):
            tabs = ["Tab", "Tab"] if strength[-1] in "dk" else ["Tab"]
            self.burst("n", name, *tabs, strength, "Enter")
            self.see(f"saved: player {i} {name}")
        entered = {p.name for p in store.load(folder).players}
        assert {n for n, _s in players} <= entered

    def add_section(self, name: str, first_board: int | None = None) -> None:
        """F9 ``a``, the name, Tab to First board (the form's sixth field), Enter: one
        burst, the section list's key and the form's keys together."""
        keys = ["F9", "a", name]
        if first_board is not None:
            keys += ["Tab"] * 5 + [str(first_board)]
        self.burst(*keys, "Enter")
        self.see(f"section {name} added and chosen")

    def switch(self, number: int, name: str) -> None:
        self.burst("F9", str(number))
        self.header_has(f" · {name} · ")

    def pair(self, folder: Path, round_no: int) -> None:
        """F3, ``p``, ``y``: the section's next round, saved and said so.  Before ``p`` the
        status line must not speak of the other section's round (the open's "saved: round
        2 paired, 4 boards" stayed on the U1600's Pairings after F9, fixed with
        tests/tui/test_tui_sections.py::test_a_mode_shown_after_a_switch_…)."""
        self.press("F3")
        self.header("pairings")
        assert f"saved: round {round_no} paired" not in self.screen(), self.screen()
        self.press("p")
        self.see(f"Pair round {round_no}?")
        self.press("y")
        self.until(lambda: store.load(folder).round(round_no) is not None,
                   f"round {round_no} paired in {folder.name}")
        boards = len(store.load(folder).round(round_no).boards)
        self.see(f"saved: round {round_no} paired, {boards} board")

    def results(self, folder: Path, round_no: int, result: str, at_once: bool = False) -> None:
        """Every board's result by the hall's number (``102 1-0``); ``at_once``: the whole
        round in one burst (a pasted list), else each board saved before the next."""
        first = sections.first_board(folder)
        boards = store.load(folder).round(round_no).boards
        self.press("F4")
        self.header("results")
        self.see(f"Round {round_no}:")
        lines = [f"{b.number + first - 1} {result}" for b in boards]
        if at_once:
            self.burst(*[k for line in lines for k in (line, "Enter")])
        for b, line in zip(boards, lines):
            if not at_once:
                self.burst(line, "Enter")
            self.until(lambda n=b.number: store.load(folder).round(round_no).board(n).result
                       is not None, f"board {line.split()[0]}'s result")
        assert store.load(folder).round(round_no).missing_results() == 0

    def squashed(self) -> str:
        """The screen's characters without any space or line break: a file's path that the
        status line breaks in the middle (it has no space to break at) is found whole."""
        return "".join(self.screen().split())

    def print_page(self, folder: Path, page: str, file: str) -> Path:
        """``P`` in Pairings, the page's name over the prefilled one, Enter: the status line
        names the file written, ``file`` in the section's prints/."""
        path = folder / "prints" / file
        self.press("F3")
        self.header("pairings")
        self.press("P")
        self.see_flat("then a4 or letter")
        self.fill_prompt(page)
        self.press("Enter")
        self.until(lambda: f"saved{path}—openitinabrowserandprint" in self.squashed(),
                   f"saved {path}")
        assert path.is_file()
        return path

    def fill_prompt(self, text: str) -> None:
        self.press("C-u")
        self.type(text)
        self.until(lambda: re.search(rf"▊ *{re.escape(text)} *▎", self.screen()) is not None,
                   f"the prompt to read {text!r}")

    def set_option(self, label: str, tabs: int, value: str, key: str) -> None:
        """F7 in the current section, ``tabs`` Tabs in one burst to the option ``label``,
        its value typed over the one shown, Enter, then ``y`` to the list of changes."""
        self.press("F7")
        self.see_flat("Event settings (")
        self.burst(*["Tab"] * tabs)
        # the form's help line names the focused field (its text is selected, and Textual
        # then shows no terminal cursor to find it by)
        help_line = "█ " + key.removeprefix("option.") + ": "
        self.until(lambda: help_line in self.screen(), f"the focus on {label}")
        self.type(value)
        # (the line may end in the form's scroll bar, which Terminal.field takes for text)
        shown = re.compile(rf"█ {re.escape(label)} +{re.escape(value)} ")
        self.until(lambda: shown.search(self.screen()) is not None, f"{label} = {value!r}")
        self.press("Enter")
        self.see_flat("Save these settings?", f"{key}: ")
        self.press("y")
        self.see("saved")

    def quit(self) -> None:
        self.press("C-q")
        assert _wait(lambda: not has_session(self.session), 5)


def _start(tmp_path: Path, name: str) -> tuple[Path, Director]:
    root = tmp_path / name
    root.mkdir()
    session = f"swisstui-sec-{name}-{os.getpid()}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"cd {root} && TERM=xterm-256color exec {SCRIPT}")
    return root, Director(session)


OPEN = [("Ana Lima", "1900"), ("Bruno Dias", "1850"), ("Caio Reis", "1800"),
        ("Duda Melo", "1760"), ("Eva Nunes", "1720"), ("Fabio Luz", "1700"),
        ("Gil Rocha", "1680"), ("Hugo Sena", "1650")]
U1600 = [("Ines Lobo", "1590"), ("Joao Paz", "1550"), ("Kaue Vaz", "1500"),
         ("Lia Ramos", "1450"), ("Mia Costa", "1400"), ("Nina Sol", "1350")]


def test_a_chess_open_with_a_u1600_and_a_move_in_tmux(tmp_path):
    root, term = _start(tmp_path, "spring-open")
    u = root / "sections" / "U1600"
    try:
        term.new_event("chess", "Spring Open", 3)
        term.register(root, OPEN, 1)

        # the U1600, boards numbered from 101 in the hall; the header names it
        term.add_section("U1600", first_board=101)
        term.header_has("REGISTRATION · U1600 · ")
        assert sections.first_board(u) == 101
        term.register(u, U1600, 9)
        # the pool: both sections' players, the section after the id
        term.see_flat("9 U1600 Ines Lobo", "1 main Ana Lima")

        for rnd in (1, 2):
            term.switch(1, "main")
            term.pair(root, rnd)
            term.results(root, rnd, "1-0")
            term.switch(2, "U1600")
            term.pair(u, rnd)
            # the pairings show the hall's numbers; the round keeps the section's own
            term.until(lambda: re.search(r"^ 101 +\d+ \w", term.screen(), re.M) is not None
                       and re.search(r"^ 103 ", term.screen(), re.M) is not None
                       and re.search(r"^ 1 ", term.screen(), re.M) is None,
                       "boards 101-103 in Pairings")
            assert [b.number for b in store.load(u).round(rnd).boards] == [1, 2, 3]
            term.results(u, rnd, "1-0", at_once=rnd == 1)  # 101 1-0, 102 1-0, 103 1-0

        # after round 2: Hugo Sena (open, 1650) moves down into the U1600
        hugo = next(p for p in store.load(root).players if p.name == "Hugo Sena")
        before_open = standings(store.load(root))
        term.press("F2")
        term.header("registration")
        term.burst("/", "Hugo", "Enter")
        term.see_flat(f"{hugo.id} main Hugo Sena", "matching 'Hugo'")
        term.press("m")
        term.see_flat(f"Move {hugo.id} Hugo Sena to which section?")
        term.press("1")  # the only other section
        term.see_flat(f"Move {hugo.id} Hugo Sena to U1600?")
        term.see_flat(f"Hugo Sena ({hugo.id}) moves from main (withdrawn after round 2, "
                      "record kept) to U1600 (joins round 3)")
        assert store.load(u).player(hugo.id) is None  # a preview writes nothing
        term.press("y")
        term.see_flat(f"saved: Hugo Sena ({hugo.id}) moved from main to U1600")

        for folder, number, name in ((root, 1, "main"), (u, 2, "U1600")):
            term.switch(number, name)
            term.pair(folder, 3)
            term.results(folder, 3, "1-0")
        term.press("F5")
        term.header("standings")
        term.see("Hugo Sena")
        u_page = term.print_page(u, "standings", "standings-round3-a4.html")
        checkin = term.print_page(u, "checkin", "checkin-a4.html")
        term.switch(1, "main")
        open_page = term.print_page(root, "standings", "standings-round3-a4.html")
        term.quit()
    finally:
        kill_session(term.session)

    open_ev, u_ev = store.load(root), store.load(u)
    moved_open, moved_u = open_ev.player(hugo.id), u_ev.player(hugo.id)
    # his open record is kept (two games, withdrawn from round 3), never deleted
    assert moved_open is not None and moved_open.withdrawn_from == 3
    assert [sum(hugo.id in b.players for b in r.boards) + sum(y.player == hugo.id
            for y in r.byes) for r in open_ev.rounds] == [1, 1, 0]
    # and he plays round 3 in the U1600, entered from round 3
    assert moved_u is not None and moved_u.joined_round == 3
    assert [sum(hugo.id in b.players for b in r.boards) + sum(y.player == hugo.id
            for y in r.byes) for r in u_ev.rounds] == [0, 0, 1]
    # every result kept, none twice: 4+4+3 open boards, 3+3+3 U1600 boards, all 1-0
    assert [len(r.boards) for r in open_ev.rounds] == [4, 4, 3]
    assert [len(r.boards) for r in u_ev.rounds] == [3, 3, 3]
    assert all(b.result.text == "1-0" for ev in (open_ev, u_ev) for r in ev.rounds
               for b in r.boards)
    # the open's final standings keep him with his two rounds' points, not one more
    final_open = standings(open_ev)
    assert final_open.row(hugo.id).score == before_open.row(hugo.id).score
    assert len(final_open.rows) == 8 and len(standings(u_ev).rows) == 7
    # the prints: in each section's prints/, named by page and round
    assert sorted(p.name for p in (root / "prints").iterdir()) == ["standings-round3-a4.html"]
    assert sorted(p.name for p in (u / "prints").iterdir()) == [
        "checkin-a4.html", "standings-round3-a4.html"]
    open_html, u_html, checkin_html = (p.read_text(encoding="utf-8")
                                       for p in (open_page, u_page, checkin))
    assert all(n in open_html for n, _r in OPEN)
    assert all(n in u_html for n, _r in U1600) and "Hugo Sena" in u_html
    assert "Ana Lima" not in u_html
    assert all(n in checkin_html for n, _r in OPEN + U1600)
    assert checkin_html.count("Hugo Sena") == 2  # entered in both sections


DAN = [("Aiko Sato", "5d"), ("Ben Kim", "4d"), ("Chen Li", "3d"), ("Dai Ito", "3d"),
       ("Eri Mori", "2d"), ("Fumi Abe", "1d")]
KYU = [("Goro Ono", "2k"), ("Hana Ueda", "4k"), ("Iku Noda", "7k"), ("Jun Oda", "10k")]


def test_a_go_event_with_a_dan_and_a_kyu_class_in_tmux(tmp_path):
    root, term = _start(tmp_path, "go-cup")
    kyu = root / "sections" / "kyu"
    try:
        term.new_event("go", "Go Cup", 3, "mcmahon")
        term.register(root, DAN, 1)
        # the kyu class: F9 a, its name, Enter; F7 there: handicap games
        term.add_section("kyu")
        term.header_has("REGISTRATION · kyu · Go Cup · Go · ")
        handicap = [f.key for f in settings_form(store.load(kyu))[0]].index("option.handicap")
        term.set_option("Handicap", handicap, "yes", "option.handicap")
        assert store.load(kyu).settings.options.get("handicap") is True
        assert not store.load(root).settings.options.get("handicap")
        term.register(kyu, KYU, len(DAN) + 1)
        for rnd in (1, 2, 3):
            term.switch(1, "main")
            term.pair(root, rnd)
            if rnd == 1:  # the dan class: even games, no stones on any board
                term.see("Aiko Sato")
                assert re.search(r"\bH[1-9]\b", term.screen()) is None, term.screen()
            term.results(root, rnd, "B+R", at_once=rnd == 2)
            term.switch(2, "kyu")
            term.pair(kyu, rnd)
            if rnd == 1:  # the kyu boards show their stones (H2 and more)
                term.until(lambda: re.search(r"\bH[2-9]\b", term.screen()) is not None,
                           "handicap stones in the kyu's pairings")
            term.results(kyu, rnd, "W+R")
        term.press("F5")
        term.header("standings")
        term.see("Standings after round 3", "Jun Oda")
        kyu_page = term.print_page(kyu, "standings", "standings-round3-a4.html")
        term.switch(1, "main")
        term.press("F5")
        term.header("standings")
        term.see("Standings after round 3", "Aiko Sato")
        dan_page = term.print_page(root, "standings", "standings-round3-a4.html")
        term.quit()
    finally:
        kill_session(term.session)

    dan, kyu_ev = store.load(root), store.load(kyu)
    assert dan.settings.system == kyu_ev.settings.system == "mcmahon"
    assert [s.name for s in sections.list_sections(root)] == ["main", "kyu"]
    # the dan class played even games, the kyu class handicap games (stones by rank)
    assert all(not (b.setup or {}).get("handicap") for r in dan.rounds for b in r.boards)
    stones = [(b.setup or {}).get("handicap", 0) for r in kyu_ev.rounds for b in r.boards]
    assert len(stones) == 6 and any(s >= 2 for s in stones)
    assert [len(r.boards) for r in dan.rounds] == [3, 3, 3]
    # Black won every dan game, White every kyu game, as typed
    assert all(b.result.text == "B+R" for r in dan.rounds for b in r.boards)
    assert all(b.result.text == "W+R" for r in kyu_ev.rounds for b in r.boards)
    assert {r.player.name for r in standings(dan).rows} == {n for n, _r in DAN}
    assert {r.player.name for r in standings(kyu_ev).rows} == {n for n, _r in KYU}
    dan_html, kyu_html = dan_page.read_text(encoding="utf-8"), kyu_page.read_text(encoding="utf-8")
    assert all(n in dan_html for n, _r in DAN) and "Jun Oda" not in dan_html
    assert all(n in kyu_html for n, _r in KYU) and "Aiko Sato" not in kyu_html
