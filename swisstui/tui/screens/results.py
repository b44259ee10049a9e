"""Results mode: type ``BOARD RESULT`` (``12 1-0``, ``3 40-24``, ``7 2-1``, ``5 B+3.5``) and
Enter, or pick a board with Up/Down and type just the result.  Each accepted result is
written with ``store.update`` before the list shows it; the cursor then moves to the next
board without a result.  A refused entry keeps the text for correction and shows the game's
own message.  Replacing a different result asks first; ``BOARD clear`` / Delete clears.

Typing heads-down, keys arrive in bursts (SSH, a paste, a bouncing key), so (issue 31):

* Entering Results (F4, ``E``, the palette) puts the cursor in the entry line, and on the
  board list a key a result of this game may start with (``GameProfile.entry.starts``) goes
  to the entry line even where it is also a global key: Go's ``W+R`` is not Export (``W``).
* A refused entry stays in the line, selected, so the next key typed replaces it instead of
  being appended to it.  The cursor is still on the refused board, so until the director
  acts on the refusal (edits the text with Backspace, Delete or the arrow keys, picks a board
  with Up/Down, or Esc) an entry must name its board: a bare result typed after a refusal
  would land on the refused board, and each later one a board early."""

from __future__ import annotations

import re

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from ...core.errors import ConflictError, SwissError
from ...core.games import profile
from ...core.i18n import N_, _
from ...core.model import Board, Event
from .. import backend, keymap
from ..widgets.dialogs import ConfirmScreen
from ..widgets.fasttable import FastTable
from ..widgets.header import count
from ..lang import stage, tr
from .base import EventScreen, game_sides


# The entry line's example comes from the game profile (backend.entry_example).

WIDTHS = [4, 28, 28, 10]
WIDE_WIDTHS = [4, 24, 24, 18]  # room for "1/2-1/2 black=123" (GameProfile.entry.result_shows)


def result_cell(game: str, board) -> str:
    """A board's result as the list shows it, with the detail the game profile wants seen
    (``GameProfile.entry.result_shows``; Renju: who actually had Black, ``1-0 black=8``, the way it
    is typed), ``black=?`` when it was not given, so the boards still missing it can be seen
    at the end of the round (a forfeit has none)."""
    if board.result is None:
        return "·"
    text = board.result.text
    if not board.result.forfeit:
        for key in profile(game).entry.result_shows:
            value = board.result.detail.get(key)
            text += f" {key}={value if value is not None else '?'}"
    return text


def _is_ing(text: str) -> bool:
    """An entry for Go's Ing calculator (``ing 9 5/6``, ``ing 9 ext 1-0``)."""
    return text.strip().lower().startswith("ing")


def _name(event: Event, pid: int) -> str:
    p = event.player(pid)
    return f"{pid} {p.name}" if p else str(pid)


_BOARD_TYPED = re.compile(r"^\s*(\d+)\s")
# The entry line's title: where Enter writes (English, marked with N_, shown with _()).
TARGET = N_("→ board {board}")
TARGET_HAS = N_("→ board {board} (has {result})")
TARGET_NONE = N_("→ board {board}: no such board")
TARGET_SELECTED = N_(" (selected)")
TYPED_AHEAD = N_("typed while the question was open, not taken: {keys}")
AFTER_REFUSAL = N_("the entry before was refused: start with the board (12 1-0), or pick "
                   "the board with Up/Down")


def playoff_stage(event: Event, round_no: int) -> str:
    """The stage a playoff round is (Quarter-finals, Semi-finals, Final)."""
    from ...core.standings.playoff import stage_name
    rnd = event.round(round_no)
    return stage(stage_name(len(rnd.boards))) if rnd is not None else \
        _("Round {round}").format(round=round_no)


# Keys that stay keys on the board list (every other printable character is typing);
# a global key that a result of the event's game starts with is typing too (Go's W).
_MODE_BOUND = frozenset(k for key in keymap.MODE_KEYS["results"] for k in key.keys.split(","))
_BOUND = _MODE_BOUND | frozenset(k for key in keymap.GLOBAL for k in key.keys.split(","))


ROUND_KEYS = ("[", "]")


def entry_placeholder() -> str:
    """The entry line's text before a round is paired (then the game's example)."""
    return _("board result, e.g. 12 1-0 — or just the result for the selected board")


# Keys in the entry line that edit the text as it is: after a refusal they say the director
# is correcting the refused entry (for the board under the cursor), not typing the next one.
EDIT_KEYS = frozenset(("backspace", "delete", "left", "right", "home", "end", "ctrl+left",
                       "ctrl+right", "ctrl+a", "ctrl+e", "ctrl+w", "ctrl+u", "ctrl+k",
                       "ctrl+d", "ctrl+h", "shift+left", "shift+right", "shift+home",
                       "shift+end"))


class EntryLine(Input):
    """The results entry line.  ``[`` and ``]`` are no game's result: they are left to the
    screen's round keys (Textual leaves a printable key to a text field otherwise).

    Enter is taken here, in the order the keys were typed: Textual's Enter binding runs only
    once the key has bubbled up to the application, after the keys typed behind it in the
    same burst were inserted (``W+R⏎B+2.5⏎`` was read as ``W+RB+2.5``).

    ``refused``: the text of the last entry refused, while it stands (the screen sets it and
    selects the text); an editing key (:data:`EDIT_KEYS`) ends it."""

    refused: str | None = None

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character not in ROUND_KEYS and super().check_consume_key(key, character)

    def on_key(self, event: events.Key) -> None:
        screen = self.screen
        if not isinstance(screen, ResultsScreen) or screen.key_for_question(event):
            return
        screen._typed_on_list = False
        if event.key in EDIT_KEYS:
            self.refused = None
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            screen.submit(self.value)

    def show_refused(self, text: str) -> None:
        """Keep a refused entry in the line, selected: the next key typed replaces it."""
        self.refused = text
        if self.value != text:
            self.value = text
        self.select_all()


class BoardList(FastTable):
    """The results' board list: a key a result starts with goes to the entry line, and an
    Enter that follows such keys in the same burst enters the line
    (:meth:`ResultsScreen.board_list_key`)."""

    def on_key(self, event: events.Key) -> None:
        screen = self.screen
        if isinstance(screen, ResultsScreen) and not screen.key_for_question(event):
            screen.board_list_key(event)


class ResultsScreen(EventScreen):
    MODE = "results"
    BINDINGS = keymap.bindings("results") + [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("pagedown", "move(10)", show=False),
        # the key bar says "Delete Clear result" while the entry line has the cursor, and
        # the entry line took Delete for itself: with nothing typed, Delete clears
        Binding("delete", "delete_key", show=False, priority=True),
    ]

    round_no: int = 0
    _follow_latest = True
    _cursor_round = -1  # the round the cursor was last placed in (a new round: first empty)

    def compose_body(self) -> ComposeResult:
        yield Static("", id="results-hint", classes="hint", markup=False)
        # select_on_focus=False: a character typed on the board list moves the cursor here
        # and is inserted; selecting it on focus made the next key replace it ("3 1-0"
        # became " 1-0", saved on the selected board instead of board 3)
        yield EntryLine(placeholder=entry_placeholder(), id="entry", select_on_focus=False)
        # (a refused entry is selected by EntryLine.show_refused, not by focusing)
        yield BoardList(id="boards")

    def translate_fixed(self) -> None:
        self.query_one("#entry", Input).placeholder = entry_placeholder()

    def on_mount(self) -> None:
        super().on_mount()
        self.watch(self.query_one("#boards", FastTable), "cursor_row",
                   lambda *_args: self.show_target(), init=False)
        self.query_one("#entry", Input).focus()

    def entered(self) -> None:
        """The director switched to Results (F4, ``E``, the palette; ``SwissApp.switch_mode``
        calls this): the cursor goes to the entry line, wherever it was left."""
        if self.is_mounted:
            self.query_one("#entry", Input).focus()

    def _entry(self) -> EntryLine:
        return self.query_one("#entry", EntryLine)

    def show_target(self) -> None:
        """The entry line's title names the board Enter will write to (``→ board 7``): the
        board typed first, else the board under the cursor."""
        inp = self.query_one("#entry", Input)
        typed = _BOARD_TYPED.match(inp.value)
        board = self.internal(int(typed.group(1))) if typed else self.selected_board()
        ev = self.event
        rnd = ev.round(self.round_no) if ev is not None else None
        if ev is None or board is None or rnd is None:
            inp.border_title = ""
            return
        bd = rnd.board(board)
        if bd is None:
            text = _(TARGET_NONE).format(board=self.hall(board))
        elif bd.result is not None:
            text = _(TARGET_HAS).format(board=self.hall(board), result=result_cell(ev.game, bd))
        else:
            text = _(TARGET).format(board=self.hall(board))
        terms = backend.board_terms(ev.game, bd) if bd is not None else ""
        if terms:  # Go handicap games: the stones and komi the result is entered with
            text += _(" · {terms}").format(terms=terms)
        inp.border_title = text + ("" if typed else _(TARGET_SELECTED))

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id == "entry":
            self.show_target()

    # ---- drawing -----------------------------------------------------------------------------
    # the hall's numbering (issue 33 item 6): a section's board n is shown, and typed, as
    # hall board n + first_board - 1; the rounds and the cursor keep the section's own numbers
    first_board = 1

    def hall(self, number: int) -> int:
        return number + self.first_board - 1

    def internal(self, typed: int) -> int:
        """The section's number of the hall's board ``typed`` (0 for one below its first)."""
        return max(0, typed - self.first_board + 1)

    def show_event(self, event: Event) -> None:
        self.first_board = backend.first_board(self.sapp.folder)
        if self._follow_latest or event.round(self.round_no) is None:
            self.round_gone(self.round_no, event)
            self.round_no = event.current_round
        t = self.query_one("#boards", FastTable)
        a, b = game_sides(event.game)
        rnd = event.round(self.round_no)
        keep = self.selected_board()
        widths = WIDE_WIDTHS if profile(event.game).entry.result_shows else WIDTHS
        # Translators: results columns; Bd (board) at most 4 columns, Result at most 10.
        cols = [_("Bd"), a, b, _("Result")]
        if rnd is None:
            t.set_table(cols, widths, [])
            self.hint(_("No round paired yet — pair one in Pairings (F3), then enter results "
                        "here."))
            return
        names = event.by_id()
        rows, keys = [], []
        for bd in sorted(rnd.boards, key=lambda x: x.number):
            p, q = (names.get(i) for i in bd.players)
            rows.append((str(self.hall(bd.number)),
                         f"{bd.players[0]} {p.name if p else '?'}",
                         f"{bd.players[1]} {q.name if q else '?'}",
                         result_cell(event.game, bd)))
            keys.append(str(bd.number))
        t.set_table(cols, widths, rows, keys)
        if self._cursor_round != self.round_no:
            # a round opened or newly paired: the cursor starts on its first board without a
            # result, never on the row used last in another round (a bare "1-0" was saved
            # on board 3 of the new round)
            keep = None
            self._cursor_round = self.round_no
        if keep is None or not t.move_to_key(str(keep)):
            nxt = backend.next_empty_board(event, self.round_no, None)
            if nxt is not None:
                t.move_to_key(str(nxt))
        missing = rnd.missing_results()
        self.query_one("#entry", Input).placeholder = tr(backend.entry_example(event))
        latest = self.round_no == event.current_round
        if missing or not latest:
            done = ""
        elif rnd.playoff:
            done = (_(" — round complete: F3, o pairs the next stage") if len(rnd.boards) > 1
                    else _(" — the final is played: F3, k shows the bracket"))
        elif self.round_no >= event.settings.rounds:
            done = _(" — round complete, the last Swiss round")
        else:
            done = _(" — round complete: F3, p pairs the next")
        no_black = sum(1 for bd in rnd.boards if result_cell(event.game, bd).endswith("=?"))
        if no_black and done:
            done = _(" — round complete")  # the hint is one line of 80 columns
        what = (_("{stage} (round {round})").format(stage=playoff_stage(event, self.round_no),
                                                    round=self.round_no) if rnd.playoff
                else _("Round {round}").format(round=self.round_no))
        self.show_target()
        # Translators: the results hint is one line of 80 columns with what follows it.
        self.hint(_("{what}: {boards}, {missing} without result").format(
            what=what, boards=count(len(rnd.boards), "board"), missing=missing)
                  + (_(", {n} without Black").format(n=no_black) if no_black else "")
                  + ("" if latest else _(" (an earlier round)")) + done)

    def hint(self, text: str) -> None:
        self.query_one("#results-hint", Static).update(text)

    def selected_board(self) -> int | None:
        key = self.query_one("#boards", FastTable).cursor_key
        return int(key) if key else None

    def select_board(self, number: int | None) -> None:
        if number is not None:
            self.query_one("#boards", FastTable).move_to_key(str(number))

    # ---- keys --------------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        t = self.query_one("#boards", FastTable)
        t.move_cursor(t.cursor_row + delta)
        self._entry().refused = None  # the director picked the board

    def action_leave_entry(self) -> None:
        self._entry().refused = None
        self.query_one("#boards", FastTable).focus()

    def action_focus_entry(self) -> None:
        self.query_one("#entry", Input).focus()

    def action_prev_round(self) -> None:
        self._change_round(-1)

    def action_next_round(self) -> None:
        self._change_round(1)

    def _change_round(self, delta: int) -> None:
        ev = self.event
        if ev is None:
            return
        new = self.round_no + delta
        if ev.round(new) is None:
            self.status(_("no round {round}").format(round=new))
            return
        self.round_no = new
        self._follow_latest = new == ev.current_round
        self._entry().refused = None
        self.sync(force=True)

    def on_fast_table_selected(self, message: FastTable.Selected) -> None:
        self._entry().refused = None  # Enter on a board: the director picked it
        self.query_one("#entry", Input).focus()

    _typed_on_list = False  # keys of the board list went to the entry line, none since

    def board_list_key(self, event: events.Key) -> None:
        """On the board list, any printable character that is not a key (of this mode or
        global: c, i, [, ], ?, E, P, R, S, T, W, X) starts typing in the entry line — digits,
        but also the letters a result starts with: Go's ``B+R`` / ``jigo``, Magic's ``ID``,
        chess ``draw``.  A global key that a result of this game starts with
        (``GameProfile.entry.starts``: Go's ``W`` of ``W+R``, not Export) is typing too.
        The keys of the same burst still reach the list after the cursor moved: they follow
        (Enter enters the line)."""
        inp = self._entry()
        if event.key == "enter" and self._typed_on_list:
            event.stop()
            event.prevent_default()
            self._typed_on_list = False
            self.submit(inp.value)
            return
        char = event.character
        if not (char and char.isprintable()):
            return
        ev = self.event
        starts = profile(ev.game).entry.starts() if ev is not None else frozenset()
        typing = self._typed_on_list or not char.isspace() and (
            event.key not in _BOUND or (char in starts and event.key not in _MODE_BOUND))
        if typing:
            event.stop()
            event.prevent_default()
            inp.focus()
            if inp.selected_text:
                inp.replace(char, *inp.selection)
            else:
                inp.insert_text_at_cursor(char)
            self._typed_on_list = True

    def key_for_question(self, event: events.Key) -> bool:
        """A key that reached the entry line or the board list while a question is open
        over this screen (it was typed in the burst whose Enter opened it) is the
        question's: handed to it, never typed into the line behind it."""
        top = self.app.screen
        if top is self:
            return False
        event.stop()
        event.prevent_default()
        key = events.Key(event.key, event.character)
        key.time = event.time  # when it was typed: a question refuses keys typed before it
        (top.focused or top).post_message(key)
        return True

    # ---- entering ----------------------------------------------------------------------------
    def on_input_submitted(self, message: Input.Submitted) -> None:
        if message.input.id != "entry":
            return
        message.stop()
        self.submit(message.value)

    def refuse(self, text: str, message: str) -> None:
        """An entry refused: the message (and a bell), the text kept in the line and
        selected, so the next key typed replaces it (an empty line stays as it is)."""
        self.error(message)
        if text.strip():
            self._entry().show_refused(text)

    def submit(self, text: str) -> None:
        ev = self.event
        if ev is None:
            self.error(_("no event loaded"))
            return
        try:
            entry = backend.parse_entry(text)
        except SwissError as exc:
            self.refuse(text, str(exc))
            return
        rnd = ev.round(self.round_no)
        if rnd is None:
            self.refuse(text, _("no round is paired yet: pair one in Pairings (F3)"))
            return
        refused = self._entry().refused
        if entry.board is None and refused is not None and text != refused:
            # typed after a refusal without a board: the cursor is still on the refused
            # board, which is not where a heads-down director meant this one to go
            self.refuse(text, _(AFTER_REFUSAL))
            return
        board = self.internal(entry.board) if entry.board is not None else self.selected_board()
        if board is None:
            self.refuse(text, _("no board selected: type BOARD RESULT, e.g. 12 1-0"))
            return
        bd = rnd.board(board)
        if bd is None:
            typed = entry.board if entry.board is not None else self.hall(board)
            if self.first_board == 1:
                self.refuse(text, _("round {round} has no board {board} (boards 1–{last})").format(
                    round=self.round_no, board=typed, last=len(rnd.boards)))
            else:
                self.refuse(text, _("round {round} has no board {board} (boards {first}–{last})").format(
                    round=self.round_no, board=typed, first=self.first_board,
                    last=self.hall(len(rnd.boards))))
            self.select_board(board)
            return
        if entry.clear:
            if bd.result is None:
                self.status(_("board {board} has no result to clear").format(board=self.hall(board)))
                self._clear_entry()
                return
            question = ConfirmScreen(_("Clear board {board}?").format(board=self.hall(board)),
                                     _("Board {board} has {result}. Clear it?").format(
                                         board=self.hall(board), result=bd.result.text),
                                     _("y = clear, n / Esc = keep it"), enter_confirms=False)

            def clear_answer(yes: bool | None) -> None:
                if yes:
                    self._do_clear(board)
                else:
                    self.status(_("board {board} not cleared").format(board=self.hall(board)))
                self._say_typed_ahead(question)

            self.app.push_screen(question, clear_answer)
            return
        self._record(board, entry, force=False)

    def _ask_replace(self, board: int, entry: backend.Entry, old: str, why: str = "") -> None:
        lines = [why] if why else [_("Board {board} already has {result}.").format(
            board=self.hall(board), result=old)]
        lines.append(_("Replace it with {result}?").format(
            result=self._stored_as(board, entry)))

        question = ConfirmScreen(_("Replace result on board {board}?").format(board=self.hall(board)),
                                 lines, _("y = replace, n / Esc = keep {result}").format(
                                     result=old), enter_confirms=False)

        def answer(yes: bool | None) -> None:
            if yes:
                self._record(board, entry, force=True)
            else:
                self._clear_entry()
                self.status(_("board {board} kept {result}").format(board=self.hall(board), result=old))
            self._say_typed_ahead(question)

        self.app.push_screen(question, answer)

    def _say_typed_ahead(self, question: ConfirmScreen) -> None:
        """After a question, the keys typed while it was open (refused) are named on the
        status line, so the director knows to type them again."""
        if question.typed_ahead:
            keys = question.typed_ahead.replace("⏎", " ⏎ ").strip()
            current = str(self.query_one("#status", Static).render())
            self.status(f"{current} · {_(TYPED_AHEAD).format(keys=keys)}", "error")

    def _stored_as(self, board: int, entry: backend.Entry) -> str:
        """What the entry will be stored as, as the list shows it (``B+1``, Renju's
        ``1-0 black=8``); an Ing calculator entry also says what was typed:
        ``B+1 (from ing 9 ext 0-0)``."""
        typed = " ".join([entry.result, *(f"{k}={v}" for k, v in entry.extra.items())])
        ev = self.event
        result = backend.preview_result(ev, self.round_no, board, entry.result, entry.extra) \
            if ev is not None else None
        if ev is None or result is None:
            return typed
        shown = result_cell(ev.game, Board(board, (0, 0), result))
        if "drop" in entry.extra:
            shown += f" drop={entry.extra['drop']}"
        return shown + (_(" (from {typed})").format(typed=entry.result)
                        if _is_ing(entry.result) else "")

    def _record(self, board: int, entry: backend.Entry, force: bool,
                reason: str | None = None) -> None:
        try:
            out = backend.record_result(self.sapp.folder, self.round_no, board, entry.result,
                                        entry.extra, force=force, reason=reason)
        except ConflictError as exc:
            if force:
                self.refuse(self._entry().value, str(exc))
                return
            ev = self.event
            rnd = ev.round(self.round_no) if ev else None
            bd = rnd.board(board) if rnd else None
            old = result_cell(ev.game, bd) if ev and bd is not None and bd.result \
                else _("a result")
            self._ask_replace(board, entry, old, exc.fact)
            return
        except SwissError as exc:
            if backend.needs_reason(exc) and reason is None:
                from .pairings import ask_reason
                ask_reason(self, lambda why: self._record(board, entry, force, why),
                           _("board {board} kept as it was").format(board=self.hall(board)))
                return
            self.refuse(self._entry().value, str(exc))
            self.select_board(board)
            return
        new, saved = out.event, out.board
        shown = result_cell(new.game, saved) if saved.result else entry.result
        self._clear_entry()
        self.sapp.event_written(new)
        nxt = backend.next_empty_board(new, self.round_no, board)
        self.select_board(nxt if nxt is not None else board)
        now = new.round(self.round_no)
        left = now.missing_results() if now is not None else 0
        note = out.note
        drops = "".join(_(" · {player} drops (withdrawn from round {round})").format(
            player=_name(new, pid), round=self.round_no + 1) for pid in out.dropped)
        if _is_ing(entry.result):
            shown += _(" (from {typed})").format(typed=entry.result)
        self.status(_("saved: round {round} board {board} {result}").format(
            round=self.round_no, board=self.hall(board), result=shown) + drops
                    + (_(" · {n} to go").format(n=left) if left else _(" · round complete"))
                    + (f" · {note}" if note else ""), "" if note else "ok")

    def _do_clear(self, board: int, reason: str | None = None) -> None:
        try:
            out = backend.clear_result(self.sapp.folder, self.round_no, board, reason=reason)
        except SwissError as exc:
            if backend.needs_reason(exc) and reason is None:
                from .pairings import ask_reason
                ask_reason(self, lambda why: self._do_clear(board, why),
                           _("board {board} not cleared").format(board=self.hall(board)))
                return
            self.error(str(exc))
            return
        self._clear_entry()
        self.sapp.event_written(out.event)
        self.select_board(board)
        note = out.note
        self.status(_("cleared: round {round} board {board}").format(round=self.round_no,
                                                                     board=self.hall(board))
                    + (f" · {note}" if note else ""), "" if note else "ok")

    def _clear_entry(self) -> None:
        inp = self._entry()
        inp.refused = None
        inp.value = ""
        inp.focus()

    def action_delete_key(self) -> None:
        """Delete: in the entry line with text typed, deletes a character as usual; with the
        line empty (or on the board list), clears the selected board's result (asks)."""
        inp = self.query_one("#entry", Input)
        if self.focused is inp and inp.value:
            inp.action_delete_right()
        elif isinstance(self.focused, (Input, FastTable)):
            self.action_clear_result()

    def action_clear_result(self) -> None:
        board = self.selected_board()
        if board is None:
            return
        self.submit(f"{board} clear")
