"""Pairings mode: the round's boards (board, players, colours, the scores the round was paired
on — points, or the McMahon score MMS —, result), ``p`` pairs the next round after a
confirmation (players paired, bye, who is not paired and why, warnings), Enter explains a board,
``s`` swaps two players (listing every rule the swap breaks), ``u`` undoes the last round,
``a`` toggles the alphabetical list (player → board) for the wall."""

from __future__ import annotations

import re
import time

from textual import work
from textual.app import ComposeResult
from textual.widgets import Static

from ...core.collation import name_key
from ...core.errors import PairingError, SwissError
from ...core.i18n import N_, _
from ...core.model import ByeKind, Event, board_colours
from .. import backend, keymap
from ..widgets.dialogs import ConfirmScreen, MessageScreen, PromptScreen
from ..widgets.fasttable import FastTable
from ..widgets.header import count
from .base import EventScreen, game_sides

COLOUR_NAME = {"w": "White", "b": "Black"}
_ROW_KEY = re.compile(r"^b(\d+)(?:p(\d+))?$")  # b12 (by board), b12p7 (alphabetical)
# Strings a director reads (one place, for a later translation pass).
SWAP_TITLE = "Swap {a} and {b} in round {round}?"
SWAP_BREAKS = "This swap breaks {n} pairing rule(s):"
SWAP_CLEAN = "This swap breaks no pairing rule."
SWAP_KEYS = "y / Enter = swap and save, n / Esc = keep the pairing"
SWAP_KEPT = "not swapped: {a} and {b} keep their boards"
SWAP_SAVED = "saved: swapped {a} and {b} in round {round}"
PLAYOFF_TOO_EARLY = ("the playoff comes after the Swiss: {played} of {rounds} rounds paired "
                     "(every result in); p pairs the next Swiss round")
PLAYOFF_CUT_TITLE = "Cut to a playoff"
PLAYOFF_CUT_HINT = ("Top 4, 8 or 16 (a power of two), seeded from the final Swiss standings;"
                    " Enter shows the boards first, Esc cancels")
PLAYOFF_NOT_CUT = "no playoff round paired"
SWISS_OVER = ("all {rounds} Swiss rounds are played: o cuts the playoff (Top 4/8/16), "
              "F5 shows the final standings")
PLAYOFF_ON = "the playoff has started: o pairs its next stage, k shows the bracket"
PAIRING_BUSY = N_("the pairing is still running; its confirmation comes next")
PAIRING_SLOW = 0.2  # seconds: a pairing that takes longer shows a progress line
FEW = 5  # up to this many players in a group are named in the pairing confirmation
MAX_IDS = 20  # more are counted and listed by id, up to this many


def not_paired_lines(out) -> list[str]:
    """The pairing confirmation's "who is not paired and why" (a director checks this
    before pressing y): ``out`` is :func:`backend.left_out`'s list.  One line per reason
    (each kind of requested bye, absent, withdrawn, not joined yet), counted; the players
    named when few, else their ids."""
    if not out:
        return ["Not paired: nobody (no bye requested, nobody absent, withdrawn or "
                "joining later)."]
    groups: list[tuple[str, list]] = [
        (f"Requested {kind.value} bye", [x for x in out if x.why == "bye" and x.bye is kind])
        for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO)]
    groups += [
        ("Absent", [x for x in out if x.why == "bye" and x.bye is ByeKind.ABSENT]),
        ("Withdrawn", [x for x in out if x.why == "withdrawn"]),
        ("Not joined yet", [x for x in out if x.why == "not joined"]),
    ]
    lines = [f"Not paired: {count(len(out), 'player')}."]
    for title, members in groups:
        if not members:
            continue
        if len(members) <= FEW:
            who = ", ".join(_left_out_name(x) for x in members)
        else:
            ids = [str(x.player.id) for x in members]
            who = "ids " + ", ".join(ids[:MAX_IDS]) + (
                f" … and {len(ids) - MAX_IDS} more" if len(ids) > MAX_IDS else "")
        plural = "s" if title.endswith(" bye") and len(members) > 1 else ""
        lines.append(f"  {title}{plural} ({len(members)}): {who}")
    return lines


def _left_out_name(x) -> str:
    text = f"{x.player.id} {x.player.name}"
    if x.why == "not joined":
        return f"{text} (joins round {x.player.joined_round})"
    return text


class PairingsScreen(EventScreen):
    MODE = "pairings"
    BINDINGS = keymap.bindings("pairings")

    round_no: int = 0
    alphabetical = False
    _follow_latest = True
    last_pairing = None  # the Pairing made in this session (for explanations)
    _pairing = None  # the progress timer while a pairing runs in its worker
    _progress_shown = _busy_asked = False

    def compose_body(self) -> ComposeResult:
        yield Static("", id="pairings-hint", classes="hint", markup=False)
        yield FastTable(id="pairings")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#pairings", FastTable).focus()

    def show_event(self, event: Event) -> None:
        if self._follow_latest or event.round(self.round_no) is None:
            self.round_gone(self.round_no, event)
            self.round_no = event.current_round
        t = self.query_one("#pairings", FastTable)
        hint = self.query_one("#pairings-hint", Static)
        rnd = event.round(self.round_no)
        s1, s2 = game_sides(event.game)
        if rnd is None:
            title = backend.score_title(event)
            t.set_table(["Bd", s1, title, s2, title, "Result"], [4, 23, 4, 23, 4, 7], [])
            hint.update(f"No round paired yet · {count(len(event.players), 'player')} · "
                        "p pairs round 1")
            return
        names = event.by_id()
        game = event.game
        keep = t.cursor_key  # the row under the cursor stays under it after a redraw

        def who(pid: int) -> str:
            p = names.get(pid)
            return f"{pid} {p.name}" if p else str(pid)

        if self.alphabetical:
            # one row per player, keyed by board *and* player: the two rows of a board must
            # not share a key, or a redraw puts the cursor on the opponent
            rows: list[tuple[str, ...]] = []
            keys: list[str] = []
            for bd in rnd.boards:
                cols = board_colours(game, bd) or (None, None)
                a, b = bd.players
                rows.append((names[a].name if a in names else str(a), str(bd.number),
                             COLOUR_NAME.get(cols[0] or "", ""), who(b)))
                keys.append(f"b{bd.number}p{a}")
                rows.append((names[b].name if b in names else str(b), str(bd.number),
                             COLOUR_NAME.get(cols[1] or "", ""), who(a)))
                keys.append(f"b{bd.number}p{b}")
            for bye in rnd.byes:
                rows.append((names[bye.player].name if bye.player in names else str(bye.player),
                             "—", "", f"bye ({bye.kind.value})"))
                keys.append(f"y{bye.player}")
            # the wall list's order (core/collation.py): Ólafur under O, not after Z
            order = sorted(range(len(rows)), key=lambda i: (name_key(rows[i][0]), keys[i]))
            t.set_table(["Player", "Bd", "Col", "Opponent"], [28, 4, 6, 28],
                        [rows[i] for i in order], [keys[i] for i in order])
            self._restore_cursor(t, keep)
            hint.update(f"Round {self.round_no} · alphabetical list · a: by board")
            return
        before, score_title = backend.pairing_scores(event, self.round_no)
        rows, keys = [], []
        for bd in sorted(rnd.boards, key=lambda x: x.number):
            a, b = bd.players
            rows.append((str(bd.number), who(a), backend.fmt_score(before.get(a, 0)),
                         who(b), backend.fmt_score(before.get(b, 0)),
                         bd.result.text if bd.result else ""))
            keys.append(f"b{bd.number}")
        for bye in rnd.byes:
            rows.append(("—", who(bye.player), backend.fmt_score(before.get(bye.player, 0)),
                         f"bye ({bye.kind.value})", "", ""))
            keys.append(f"y{bye.player}")
        t.set_table(["Bd", s1, score_title, s2, score_title, "Result"], [4, 23, 4, 23, 4, 7],
                    rows, keys)
        self._restore_cursor(t, keep)
        latest = "" if self.round_no == event.current_round else " (earlier round)"
        what = (f"{backend.stage_name(len(rnd.boards))} (round {self.round_no})" if rnd.playoff
                else f"Round {self.round_no}")
        hint.update(f"{what}{latest} · {count(len(rnd.boards), 'board')} · "
                    f"{count(len(rnd.byes), 'bye')} · Enter: why this pairing")

    @staticmethod
    def _restore_cursor(t: FastTable, keep: str | None) -> None:
        """Put the cursor back on the row it was on (by key), also across the two views: a
        board row ``b12`` ↔ its first player's row ``b12p7`` in the alphabetical list."""
        if not keep or t.move_to_key(keep):
            return
        m = _ROW_KEY.match(keep)
        if m is None or t.keys is None:
            return
        board = f"b{m.group(1)}"
        if m.group(2):  # alphabetical → by board
            t.move_to_key(board)
        else:  # by board → alphabetical: the board's first player in the list
            t.move_to_key(next((k for k in t.keys if k.startswith(board + "p")), board))

    # ---- keys --------------------------------------------------------------------------------
    def selected_board(self) -> int | None:
        """Board number under the cursor; 0 on a bye row."""
        key = self.query_one("#pairings", FastTable).cursor_key or ""
        if key.startswith("y"):
            return 0
        m = _ROW_KEY.match(key)
        return int(m.group(1)) if m else None

    def action_alphabetical(self) -> None:
        self.alphabetical = not self.alphabetical
        self.sync(force=True)

    def action_print(self) -> None:
        from ..print_prompt import ask_print
        ask_print(self, self.round_no)

    def action_clock(self) -> None:
        from ..clock_prompt import ask_clock
        ask_clock(self)

    def action_prev_round(self) -> None:
        self._change_round(-1)

    def action_next_round(self) -> None:
        self._change_round(1)

    def _change_round(self, delta: int) -> None:
        ev = self.event
        if ev is None or ev.round(self.round_no + delta) is None:
            self.status(f"no round {self.round_no + delta}")
            return
        self.round_no += delta
        self._follow_latest = self.round_no == ev.current_round
        self.sync(force=True)

    def on_fast_table_selected(self, message: FastTable.Selected) -> None:
        message.stop()
        self.action_explain()

    def action_explain(self) -> None:
        ev, board = self.event, self.selected_board()
        if ev is None or board is None:
            self.status("select a board to explain")
            return
        try:
            lines = backend.explain(ev, self.round_no, board, self.last_pairing)
        except SwissError as exc:
            self.error(str(exc))
            return
        except Exception as exc:  # explanation is advisory; never crash for it
            self.error(f"no explanation available: {exc}")
            return
        what = f"board {board}" if board else "byes"
        self.app.push_screen(MessageScreen(f"Round {self.round_no}, {what}: why", lines))

    def action_pair(self, allow_rematch: bool = False) -> None:
        ev = self.event
        if ev is None:
            return
        rnd = ev.round(ev.current_round)
        if backend.playoff_started(ev):
            self.status(PLAYOFF_ON)
            return
        if rnd is not None and not rnd.missing_results() \
                and len(ev.swiss_rounds()) >= ev.settings.rounds:
            self.status(SWISS_OVER.format(rounds=ev.settings.rounds))
            return
        if rnd is not None and rnd.missing_results():
            self.error(f"round {rnd.number} still has {count(rnd.missing_results(), 'board')} "
                       "without a result; enter them first (F4)")
            return
        if self._pairing is not None:
            self._busy_asked = True
            self.status(_(PAIRING_BUSY))
            return
        self._pairing_started(_("pairing round {round}…").format(round=ev.current_round + 1))
        self._preview_worker(ev, allow_rematch)

    # ---- pairing in a worker thread: the keys stay alive, a line shows after 0.2 s ----------
    def _pairing_started(self, text: str) -> None:
        start = time.monotonic()
        self._progress_shown = self._busy_asked = False

        def tick() -> None:
            elapsed = time.monotonic() - start
            if elapsed >= PAIRING_SLOW:
                self._progress_shown = True
                line = _("{what} {seconds:.1f} s").format(what=text, seconds=elapsed)
                self.status(f"{line} · {_(PAIRING_BUSY)}" if self._busy_asked else line)
        self._pairing = self.set_interval(0.1, tick, name="pairing-progress")

    def _pairing_done(self) -> None:
        if self._pairing is not None:
            self._pairing.stop()
            self._pairing = None
        if self._progress_shown:
            self._progress_shown = False
            self.status("")

    @work(thread=True, exclusive=True, group="pairing")
    def _preview_worker(self, ev: Event, allow_rematch: bool) -> None:
        try:
            preview, error = backend.preview_pairing(ev, allow_rematch=allow_rematch), None
        except SwissError as exc:
            preview, error = None, exc
        except Exception as exc:  # a core bug: said on the status line, never a traceback
            preview, error = None, SwissError(_("cannot pair: {error}").format(error=exc))
        self.app.call_from_thread(self._previewed, ev, allow_rematch, preview, error)

    def _previewed(self, ev: Event, allow_rematch: bool, preview, error) -> None:
        self._pairing_done()
        try:
            if error is not None:
                raise error
        except PairingError as exc:
            msg = str(exc)
            if not allow_rematch and exc.relaxation == "allow_rematch":
                # offer the engine's smallest relaxation (the CLI's pair --allow-rematch)
                self.app.push_screen(
                    ConfirmScreen("No legal pairing", [msg.replace("; ", ";\n"), "",
                                  "Pair allowing the fewest, least recent rematches?"]),
                    lambda yes: self.action_pair(allow_rematch=True) if yes
                    else self.status("not paired"))
                return
            self.error(msg)
            return
        except SwissError as exc:
            self.error(str(exc))
            return
        r = preview.round
        names = ev.by_id()
        paired = 2 * len(r.boards)
        lines = [f"Round {r.number}: {count(paired, 'player')} paired on "
                 f"{count(len(r.boards), 'board')}."]
        if allow_rematch:
            lines.append("Rematches allowed (the fewest, least recent).")
        engine_byes = [b for b in r.byes if b.kind is ByeKind.PAIRING]
        for bye in engine_byes:
            p = names.get(bye.player)
            lines.append(f"Bye (pairing): {bye.player} {p.name if p else ''}".rstrip())
        if not engine_byes:
            lines.append("No pairing bye.")
        lines.extend(not_paired_lines(backend.left_out(ev, r.number)))
        if preview.warnings:
            lines.append("Warnings:")
            lines.extend(f"  • {w}" for w in preview.warnings)
        else:
            lines.append("No warnings.")
        self.app.push_screen(ConfirmScreen(f"Pair round {r.number}?", lines,
                                           "y / Enter = pair and save, n / Esc = cancel"),
                             lambda yes: self._do_pair(yes, allow_rematch, preview, ev))

    def _do_pair(self, yes: bool | None, allow_rematch: bool = False, preview=None,
                 basis: Event | None = None) -> None:
        if not yes:
            self.status("not paired")
            return
        if self._pairing is not None:
            self._busy_asked = True
            self.status(_(PAIRING_BUSY))
            return
        self._pairing_started(_("saving round {round}…").format(round=preview.round.number
                                                                if preview else ""))
        self._save_worker(allow_rematch, preview, basis)

    @work(thread=True, exclusive=True, group="pairing")
    def _save_worker(self, allow_rematch: bool, preview, basis: Event | None) -> None:
        try:  # the pairing shown is saved as it is unless the event changed meanwhile
            out, error = backend.pair_next(self.sapp.folder, allow_rematch=allow_rematch,
                                           preview=preview, basis=basis), None
        except SwissError as exc:
            out, error = None, exc
        except Exception as exc:  # a core bug: said on the status line, never a traceback
            out, error = None, SwissError(_("cannot pair: {error}").format(error=exc))
        self.app.call_from_thread(self._saved, out, error)

    def _saved(self, out, error: SwissError | None) -> None:
        self._pairing_done()
        if error is not None or out is None:
            self.error(str(error))
            return
        new, pairing = out
        self.last_pairing = pairing
        self._follow_latest = True
        self.sapp.event_written(new)
        r = pairing.round
        self.status(f"saved: round {r.number} paired, {count(len(r.boards), 'board')}"
                    + (f", {count(len(pairing.warnings), 'warning')}" if pairing.warnings
                       else ""), "ok")

    def action_undo(self) -> None:
        ev = self.event
        if ev is None or not ev.current_round:
            self.status("no round to undo")
            return
        rnd = ev.round(ev.current_round)
        if rnd is None:
            return
        n_res = len(rnd.boards) - rnd.missing_results()
        lines = [f"Delete the pairing of round {rnd.number}?"]
        if n_res:
            lines.append(f"{n_res} results recorded in it will be deleted too.")
        self.app.push_screen(ConfirmScreen(f"Undo round {rnd.number}?", lines),
                             lambda yes: self._do_undo(yes, force=bool(n_res)))

    def _do_undo(self, yes: bool | None, force: bool) -> None:
        if not yes:
            self.status("kept")
            return
        try:
            new = backend.undo_round(self.sapp.folder, force=force)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.last_pairing = None
        self._follow_latest = True
        self.sapp.event_written(new)
        self.status(f"round undone; now at round {new.current_round}", "ok")

    def action_swap(self) -> None:
        ev = self.event
        if ev is None or ev.round(self.round_no) is None:
            self.status("no round to change")
            return
        self.app.push_screen(
            PromptScreen(f"Swap two players in round {self.round_no}",
                         "Two player ids, e.g.  12 17   (Enter swaps, Esc cancels)"),
            self._do_swap)

    def _do_swap(self, text: str | None) -> None:
        if not text:
            return
        parts = text.replace(",", " ").split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            self.error(f"swap needs two player ids, e.g. 12 17 (got {text!r})")
            return
        a, b = (int(p) for p in parts)
        ev = self.event
        if ev is None:
            return
        try:  # the rules it would break are shown before anything is saved
            broken = backend.preview_swap(ev, self.round_no, a, b)
        except SwissError as exc:
            self.error(str(exc))
            return
        lines = [SWAP_BREAKS.format(n=len(broken))] + [f"• {x}" for x in broken] \
            if broken else [SWAP_CLEAN]
        self.app.push_screen(
            ConfirmScreen(SWAP_TITLE.format(a=a, b=b, round=self.round_no), lines,
                          SWAP_KEYS),
            lambda yes: self._save_swap(a, b) if yes else self.status(
                SWAP_KEPT.format(a=a, b=b)))

    def _save_swap(self, a: int, b: int) -> None:
        try:
            new, broken = backend.swap(self.sapp.folder, self.round_no, a, b)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(new)
        self.status(SWAP_SAVED.format(a=a, b=b, round=self.round_no)
                    + (f" ({count(len(broken), 'rule')} broken)" if broken else ""), "ok")

    # ---- playoff --------------------------------------------------------------------------------
    def action_playoff(self) -> None:
        """``o``: cut the playoff from the final Swiss standings (asks Top 4 / 8 / 16), or pair
        the next stage from the winners; either way the boards are shown before saving."""
        ev = self.event
        if ev is None:
            return
        if backend.playoff_started(ev):
            self._preview_playoff(None)
            return
        rnd = ev.round(ev.current_round)
        if rnd is None or rnd.missing_results() or len(ev.swiss_rounds()) < ev.settings.rounds:
            played = len(ev.swiss_rounds())
            self.error(PLAYOFF_TOO_EARLY.format(played=played, rounds=ev.settings.rounds))
            return
        self.app.push_screen(PromptScreen(PLAYOFF_CUT_TITLE, PLAYOFF_CUT_HINT, value="8"),
                             self._cut_answer)

    def _cut_answer(self, text: str | None) -> None:
        if not text or not text.strip():
            self.status(PLAYOFF_NOT_CUT)
            return
        top = text.strip().lower().removeprefix("top").strip()
        if not top.isdigit():
            self.error(f"type the playoff size: 4, 8 or 16 (got {text.strip()!r})")
            return
        self._preview_playoff(int(top))

    def _preview_playoff(self, top: int | None) -> None:
        ev = self.event
        if ev is None:
            return
        try:
            rnd = backend.preview_playoff_round(ev, top)
        except SwissError as exc:
            self.error(str(exc))
            return
        names = ev.by_id()
        last_swiss = max((r.number for r in ev.swiss_rounds()), default=0)
        seed = {pid: i for i, pid in enumerate(backend.standings(ev, last_swiss).order(), 1)}
        stage = backend.stage_name(len(rnd.boards))
        lines = [f"{stage} (round {rnd.number}): {count(len(rnd.boards), 'match', 'matches')}"]
        for bd in rnd.boards:
            a, b = bd.players
            lines.append(f"  {bd.number}. ({seed.get(a, '?')}) {a} {names[a].name}  –  "
                         f"({seed.get(b, '?')}) {b} {names[b].name}")
        self.app.push_screen(
            ConfirmScreen(f"Pair the {stage.lower()}?", lines,
                          "y / Enter = pair and save, n / Esc = cancel"),
            lambda yes: self._save_playoff(top, ev) if yes else self.status(PLAYOFF_NOT_CUT))

    def _save_playoff(self, top: int | None, basis: Event) -> None:
        try:
            new, rnd = backend.next_playoff_round(self.sapp.folder, top)
        except SwissError as exc:
            self.error(str(exc))
            return
        self._follow_latest = True
        self.sapp.event_written(new)
        self.status(f"saved: round {rnd.number}, the {backend.stage_name(len(rnd.boards))} "
                    f"({count(len(rnd.boards), 'match', 'matches')}) · F4 results", "ok")

    def action_bracket(self) -> None:
        ev = self.event
        if ev is None:
            return
        try:
            lines = backend.bracket(ev)
            if backend.playoff_started(ev):
                names = ev.by_id()
                lines = lines + ["", "Final places:"] + [
                    f"  {f.place:>3}. {f.player} {names[f.player].name}"
                    + (f"  ({f.stage})" if f.stage else "")
                    for f in backend.final_places(ev)[:16]]
        except SwissError as exc:
            self.error(str(exc))
            return
        self.app.push_screen(MessageScreen("Playoff bracket", lines))
