"""End to end, one per game: the real ``swisstui`` console script in tmux at 80×24, from an
empty folder to the final standings (Magic: with a Top 8 and its champion), typed as a
director would — the new-event form, registration, pairing, every result — and never calling
the CLI or writing a file by hand.  It also counts the keys typed per result (the figures of
docs/TUI.md, "Keys per result")."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from tmux_terminal import SCRIPT, TMUX
from tmux_terminal import tmux as _tmux
from tmux_terminal import wait as _wait

from swisstui.core import services

pytestmark = pytest.mark.e2e

GAMES = ("chess", "go", "othello", "magic", "renju")
# the result typed for every board (the cursor is on the next board without a result)
RESULT = {"chess": "1-0", "go": "B+R", "othello": "40-24", "magic": "2-0", "renju": "1-0"}
# keys per result, Enter included (docs/TUI.md "Keys per result")
KEYS_PER_RESULT = {"chess": 4, "go": 4, "othello": 6, "magic": 4, "renju": 4}
NAMES = ("Ana Berg", "Bo Chen", "Cy Dale", "Di Evans", "Ed Fox", "Flo Gray", "Gus Hale",
         "Hal Ives")



class Terminal:
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
            time.sleep(0.2)  # a key typed within milliseconds of ctrl+u was lost in tmux

    def see(self, text: str, timeout: float = 20.0) -> None:
        if not _wait(lambda: text in self.screen(), timeout):
            print(self.screen())
            raise AssertionError(f"not on screen: {text!r}")
        time.sleep(0.3)  # a person reads what appeared before typing on


def _has_session(session: str) -> bool:
    return subprocess.run([TMUX, "has-session", "-t", session],
                          capture_output=True).returncode == 0


def _enter_round(term: Terminal, folder: Path, game: str, boards: int, what: str) -> None:
    """Results mode: the result for every board, cursor on the next board each time."""
    term.press("F4")
    term.see(what)
    before = term.keys
    for _ in range(boards):
        term.type(RESULT[game])
        term.press("Enter")
        time.sleep(0.15)
    assert (term.keys - before) / boards == KEYS_PER_RESULT[game]
    assert _wait(lambda: services.load(folder).round(services.load(folder).current_round)
                 .missing_results() == 0), term.screen()


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
        term.see(f"New {game} event")
        term.press("C-u")
        term.type(f"{game.title()} Open")
        term.press("Tab", "Tab", "C-u")
        term.type("2")
        term.press("Enter")
        term.see("saved: new event")
        assert services.load(folder).settings.rounds == 2

        # registration (Go and Renju with a rank)
        for i, name in enumerate(NAMES[:players], 1):
            term.press("n")
            term.see("New player")
            term.type(name)
            if game in ("go", "renju"):
                term.press("Tab", "Tab")
                term.type(f"{i}k")
            term.press("Enter")
            term.see(f"saved: player {i} {name}")
        assert len(services.load(folder).players) == players

        # two Swiss rounds: pair (with the confirmation), every result
        for rnd in (1, 2):
            term.press("F3")
            term.see("PAIRINGS")
            term.press("p")
            term.see(f"Pair round {rnd}?")
            term.press("y")
            term.see(f"saved: round {rnd} paired")
            _enter_round(term, folder, game, players // 2, f"Round {rnd}:")
        ev = services.load(folder)
        assert ev.current_round == 2 and all(not r.missing_results() for r in ev.rounds)

        if game == "magic":  # the Top 8, stage by stage, to the champion
            term.press("F3")
            term.see("PAIRINGS")
            term.press("p")
            term.see("o cuts the playoff")
            term.press("o")
            term.see("Cut to a playoff")
            term.press("Enter")  # Top 8, the default
            for stage, boards in (("quarter-finals", 4), ("semi-finals", 2), ("final", 1)):
                term.see(f"Pair the {stage}?")
                term.press("y")
                term.see("saved: round")
                _enter_round(term, folder, game, boards, "(round ")
                if boards > 1:
                    term.press("F3")
                    term.see("PAIRINGS")
                    term.press("o")
            ev = services.load(folder)
            places = services.final_places(ev)
            champion = ev.player(places[0].player).name
            term.press("F5")
            term.see(f"Champion: {champion}")
            assert places[0].stage == "Champion" and places[1].stage == "Final"
        else:
            term.press("F5")
            term.see("Standings after round 2")
            top = services.final_places(services.load(folder))[0]
            top_name = services.load(folder).player(top.player).name
            assert top_name in term.screen()

        term.press("C-q")
        assert _wait(lambda: not _has_session(session), 5)
    finally:
        if _has_session(session):
            subprocess.run([TMUX, "kill-session", "-t", session], capture_output=True)
