"""End to end, one per game: the real ``swisstui`` console script in tmux at 80×24, from an
empty folder to the final standings (Magic: with a Top 8 and its champion), typed as a
director would — the new-event form, registration, pairing, every result — and never calling
the CLI or writing a file by hand.  It also counts the keys typed per result (the figures of
docs/TUI.md, "Keys per result")."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tmux_terminal import SCRIPT, TMUX, has_session, kill_session
from tmux_terminal import tmux as _tmux
from tmux_terminal import wait as _wait

from swisstui.core import services
from swisstui.core.games import profile

pytestmark = pytest.mark.e2e

GAMES = ("chess", "go", "othello", "magic", "renju")
# the result typed for every board (the cursor is on the next board without a result)
RESULT = {"chess": "1-0", "go": "B+R", "othello": "40-24", "magic": "2-0", "renju": "1-0"}
# keys per result, Enter included (docs/TUI.md "Keys per result")
KEYS_PER_RESULT = {"chess": 4, "go": 4, "othello": 6, "magic": 4, "renju": 4}
NAMES = ("Ana Berg", "Bo Chen", "Cy Dale", "Di Evans", "Ed Fox", "Flo Gray", "Gus Hale",
         "Hal Ives")



class Terminal:
    """The tmux pane, typed into like a director: each step waits for what it changes (the
    screen or the folder), never for a fixed time (tmux_terminal.wait)."""

    def __init__(self, session: str) -> None:
        self.session = session
        self.keys = 0  # keys typed (a text counts one per character, a named key one)

    def screen(self) -> str:
        return _tmux("capture-pane", "-p", "-t", self.session)

    def type(self, text: str) -> None:
        _tmux("send-keys", "-t", self.session, "-l", text)
        self.keys += len(text)

    def press(self, *keys: str) -> None:
        for key in keys:
            _tmux("send-keys", "-t", self.session, key)
            self.keys += 1

    def burst(self, *keys: str) -> None:
        """Keys in one ``send-keys``: they reach the program together, as a line of SSH
        does.  A key name (``Tab``, ``Enter``, ``F9``) is that key, anything else its
        characters."""
        _tmux("send-keys", "-t", self.session, *keys)
        self.keys += len(keys)

    def flat(self) -> str:
        """The screen's text without the dialogs' frames, wrapped lines joined: a sentence
        a dialog wraps at 80 columns is found whole."""
        return " ".join(re.sub(r"[█▊▎▔▁▀▄▌▐│┃]", " ", self.screen()).split())

    def see_flat(self, *texts: str) -> None:
        """Wait until every one of ``texts`` is in :meth:`flat` at once."""
        self.until(lambda: all(t in self.flat() for t in texts), f"on screen: {texts!r}")

    def until(self, cond, what: str) -> None:
        if not _wait(cond):
            print(self.screen())
            raise AssertionError(f"timed out waiting for {what}")

    def see(self, *texts: str) -> None:
        """Wait until every one of ``texts`` is on the screen at once."""
        def there() -> bool:
            screen = self.screen()
            return all(t in screen for t in texts)
        self.until(there, f"on screen: {texts!r}")

    def header(self, mode: str) -> None:
        """Wait until the screen is mode ``mode`` (its header's first word), so keys typed
        next go to it (the Pairings hint also says "(round 3)")."""
        self.until(lambda: self.screen().lstrip().startswith(mode.upper() + " "),
                   f"the {mode} screen")

    def field(self, label: str) -> str | None:
        """The text of the form line ``label`` (new-event form), None when not shown."""
        for line in self.screen().splitlines():
            m = re.search(rf"█ {re.escape(label)} +(.*?) *█", line)
            if m:
                return m.group(1)
        return None

    def cursor_row(self) -> int:
        """The terminal cursor's row: Textual puts it in the focused text field."""
        return int(_tmux("display", "-p", "-t", self.session, "#{cursor_y}"))

    def row_of(self, label: str) -> int | None:
        for i, line in enumerate(self.screen().splitlines()):
            if re.search(rf"█ {re.escape(label)} ", line):
                return i
        return None

    def tab_to(self, label: str, tabs: int) -> None:
        """Tab ``tabs`` times to the form field ``label``, each Tab once the cursor has
        moved for the one before (two Tabs sent at once moved the focus once)."""
        for _ in range(tabs):
            row = self.cursor_row()
            self.press("Tab")
            self.until(lambda r=row: self.cursor_row() != r, "the focus to move")
        self.until(lambda: self.cursor_row() == self.row_of(label), f"the cursor on {label}")

    def fill(self, label: str, text: str) -> None:
        """Replace the focused form field's text: ctrl+u, wait until the field is empty
        (a key sent right after ctrl+u was lost), type, wait until it shows ``text``."""
        self.press("C-u")
        self.until(lambda: self.field(label) == "", f"{label} emptied")
        self.type(text)
        self.until(lambda: self.field(label) == text, f"{label} = {text!r}")




def _missing(folder: Path) -> int:
    ev = services.load(folder)
    rnd = ev.round(ev.current_round)
    assert rnd is not None
    return rnd.missing_results()


def _enter_round(term: Terminal, folder: Path, game: str, boards: int, what: str) -> None:
    """Results mode: the result for every board, cursor on the next board each time; each
    result is on disk before the next is typed."""
    term.press("F4")
    term.header("results")
    term.see(what)
    before = term.keys
    for left in range(boards - 1, -1, -1):
        term.type(RESULT[game])
        term.press("Enter")
        term.until(lambda n=left: _missing(folder) == n, f"{left} result(s) missing")
    assert (term.keys - before) / boards == KEYS_PER_RESULT[game]


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script {SCRIPT} not installed")
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_event_from_an_empty_folder_in_the_tui_alone(tmp_path, game):
    folder = tmp_path / f"{game}-open"
    folder.mkdir()
    players = 8 if game == "magic" else 4
    session = f"swisstui-dir-{game}-{os.getpid()}"
    _tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24",
          f"cd {folder} && TERM=xterm-256color exec {SCRIPT}")
    term = Terminal(session)
    try:
        # the new-event form: game, name, two rounds
        term.see("which game?")
        term.type(str(GAMES.index(game) + 1))
        term.see(f"New {profile(game).title} event")  # the game's name as readers see it
        term.fill("Name", f"{game.title()} Open")
        term.tab_to("Rounds", 2)
        term.fill("Rounds", "2")
        term.press("Enter")
        term.see("saved: new event")
        assert services.load(folder).settings.rounds == 2

        # registration (Go and Renju with a rank)
        for i, name in enumerate(NAMES[:players], 1):
            term.press("n")
            term.see("New player")
            term.type(name)
            term.until(lambda n=name: term.field("Name") == n, f"Name = {name!r}")
            if game in ("go", "renju"):
                term.tab_to("Rank", 2)
                term.type(f"{i}k")
                term.until(lambda r=f"{i}k": term.field("Rank") == r, "the rank typed")
            term.press("Enter")
            term.see(f"saved: player {i} {name}")
        assert len(services.load(folder).players) == players

        # two Swiss rounds: pair (with the confirmation), every result
        for rnd in (1, 2):
            term.press("F3")
            term.header("pairings")
            term.press("p")
            term.see(f"Pair round {rnd}?")
            term.press("y")
            term.see(f"saved: round {rnd} paired")
            _enter_round(term, folder, game, players // 2, f"Round {rnd}:")
        ev = services.load(folder)
        assert ev.current_round == 2 and all(not r.missing_results() for r in ev.rounds)

        if game == "magic":  # the Top 8, stage by stage, to the champion
            term.press("F3")
            term.header("pairings")
            term.press("p")
            term.see("o cuts the playoff")
            term.press("o")
            term.see("Cut to a playoff")
            term.press("Enter")  # Top 8, the default
            for number, (stage, boards) in enumerate(
                    (("Quarter-finals", 4), ("Semi-finals", 2), ("Final", 1)), start=3):
                term.see(f"Pair the {stage.lower()}?")
                term.press("y")
                # this stage's own message: "saved: round" alone was already on the status
                # line (the previous stage's last result), so results were typed too early
                term.see(f"saved: round {number}, the {stage}")
                _enter_round(term, folder, game, boards, f"{stage} (round {number})")
                if boards > 1:
                    term.press("F3")
                    term.header("pairings")
                    term.see(f"{stage} (round {number})")
                    term.press("o")
            ev = services.load(folder)
            places = services.final_places(ev)
            champion = ev.player(places[0].player).name
            term.press("F5")
            term.header("standings")
            term.see(f"Champion: {champion}")
            assert places[0].stage == "Champion" and places[1].stage == "Final"
        else:
            term.press("F5")
            term.header("standings")
            term.see("Standings after round 2")
            top = services.final_places(services.load(folder))[0]
            top_name = services.load(folder).player(top.player).name
            assert top_name in term.screen()

        term.press("C-q")
        assert _wait(lambda: not has_session(session), 5)
    finally:
        kill_session(session)
