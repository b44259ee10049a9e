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
from ...core.colours_vocab import WORDS
from ...core.errors import PairingError, SwissError
from ...core import i18n
from ...core.i18n import N_, _, ngettext
from ...core.model import ByeKind, Event
from ...core.history import board_colours
from ...core.interop.tables import BYE_TEXT
from .. import backend, keymap
from ..widgets.dialogs import ConfirmScreen, MessageScreen, PromptScreen
from ..widgets.fasttable import FastTable
from ..widgets.header import count
from ..lang import stage as stage_words, tr
from .base import EventScreen, game_sides

# Translators: the colour column of the alphabetical list, at most 6 columns.
COLOUR_NAME = WORDS  # the colour words (colours_vocab)
_ROW_KEY = re.compile(r"^b(\d+)(?:p(\d+))?$")  # b12 (by board), b12p7 (alphabetical)
# Strings a director reads (English, marked with N_, shown with _()).
SWAP_TITLE = N_("Swap {a} and {b} in round {round}?")
EDIT_KEYS = N_("y / Enter = save the edit, n / Esc = keep the pairing")
EDIT_BUSY = N_("working out the hand edit…")
REMOVE_KINDS = {"f": "full", "h": "half", "z": "zero", "a": "absent"}
SWAP_KEPT = N_("not swapped: {a} and {b} keep their boards")
SWAP_SAVED = N_("saved: swapped {a} and {b} in round {round}")
PLAYOFF_TOO_EARLY = N_("the playoff comes after the Swiss: {played} of {rounds} rounds paired "
                       "(every result in); p pairs the next Swiss round")
PLAYOFF_CUT_TITLE = N_("Cut to a playoff")
PLAYOFF_CUT_HINT = N_("Top 4, 8 or 16 (a power of two), seeded from the final Swiss "
                      "standings; Enter shows the boards first, Esc cancels")
PLAYOFF_NOT_CUT = N_("no playoff round paired")
SWISS_OVER = N_("all {rounds} Swiss rounds are played: o cuts the playoff (Top 4/8/16), "
                "F5 shows the final standings")
PLAYOFF_ON = N_("the playoff has started: o pairs its next stage, k shows the bracket")
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
        return [_("Not paired: nobody (no bye requested, nobody absent, withdrawn or "
                  "joining later).")]
    # (title for one, title for several, members); the bye kind (full, half, zero) is the
    # word the director types
    groups: list[tuple[str, str, list]] = [
        (_("Requested {kind} bye").format(kind=kind.value),
         _("Requested {kind} byes").format(kind=kind.value),
         [x for x in out if x.why == "bye" and x.bye is kind])
        for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO)]
    groups += [
        (_("Absent"), _("Absent"),
         [x for x in out if x.why == "bye" and x.bye is ByeKind.ABSENT]),
        (_("Withdrawn"), _("Withdrawn"), [x for x in out if x.why == "withdrawn"]),
        (_("Not joined yet"), _("Not joined yet"), [x for x in out if x.why == "not joined"]),
        (_("Waitlist"), _("Waitlist"), [x for x in out if x.why == "waitlist"]),
    ]
    lines = [_("Not paired: {players}.").format(players=count(len(out), "player"))]
    for one, several, members in groups:
        if not members:
            continue
        if len(members) <= FEW:
            who = ", ".join(_left_out_name(x) for x in members)
        else:
            ids = [str(x.player.id) for x in members]
            who = _("ids {ids}").format(ids=", ".join(ids[:MAX_IDS])) + (
                _(" … and {n} more").format(n=len(ids) - MAX_IDS) if len(ids) > MAX_IDS
                else "")
        title = several if len(members) > 1 else one
        lines.append(f"  {title} ({len(members)}): {who}")
    return lines


def _left_out_name(x) -> str:
    text = f"{x.player.id} {x.player.name}"
    if x.why == "not joined":
        return _("{player} (joins round {round})").format(player=text,
                                                          round=x.player.joined_round)
    return text


class PairingsScreen(EventScreen):
    MODE = "pairings"
    BINDINGS = keymap.bindings("pairings")

    round_no: int = 0
    alphabetical = False
    _follow_latest = True
    last_pairing = None  # the Pairing made in this session (for explanations)
    # the boards the director keeps (``f``) when re-pairing (``r``), per round number
    kept: dict[int, set[int]]
    _editing = False  # a hand edit's preview or save runs in its worker
    _pairing = None  # the progress timer while a pairing runs in its worker
    _progress_shown = _busy_asked = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kept = {}

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
            title = tr(backend.score_title(event))
            t.set_table([_("Bd"), s1, title, s2, title, _("Result")], [4, 23, 4, 23, 4, 7], [])
            hint.update(_("No round paired yet · {players} · p pairs round 1").format(
                players=count(len(event.players), "player")))
            return
        names = event.by_id()
        game = event.game
        keep = t.cursor_key  # the row under the cursor stays under it after a redraw

        def who(pid: int) -> str:
            p = names.get(pid)
            return f"{pid} {p.name}" if p else str(pid)

        first = backend.first_board(self.sapp.folder)  # the hall's numbers (a section's)

        def hall(number: int) -> str:
            return str(number + first - 1)

        if self.alphabetical:
            # one row per player, keyed by board *and* player: the two rows of a board must
            # not share a key, or a redraw puts the cursor on the opponent
            rows: list[tuple[str, ...]] = []
            keys: list[str] = []
            for bd in rnd.boards:
                cols = board_colours(game, bd) or (None, None)
                a, b = bd.players
                rows.append((names[a].name if a in names else str(a), hall(bd.number),
                             tr(COLOUR_NAME.get(cols[0] or "", "")), who(b)))
                keys.append(f"b{bd.number}p{a}")
                rows.append((names[b].name if b in names else str(b), hall(bd.number),
                             tr(COLOUR_NAME.get(cols[1] or "", "")), who(a)))
                keys.append(f"b{bd.number}p{b}")
            for bye in rnd.byes:
                rows.append((names[bye.player].name if bye.player in names else str(bye.player),
                             "—", "", tr(BYE_TEXT[bye.kind])))
                keys.append(f"y{bye.player}")
            # the wall list's order (core/collation.py): Ólafur under O, not after Z
            lang = i18n.current()

            def sort_key(i: int) -> tuple:
                pid = int(keys[i].rsplit("p", 1)[1] if "p" in keys[i] else keys[i][1:])
                p = names.get(pid)
                return (name_key(rows[i][0], p.reading if p else None, lang), keys[i])

            order = sorted(range(len(rows)), key=sort_key)
            titles = [
                # Translators: column title of the alphabetical list, at most 28 columns.
                _("Player"),
                # Translators: column title (board number), at most 4 columns.
                _("Bd"),
                # Translators: column title (colour), at most 6 columns.
                _("Col"),
                # Translators: column title, at most 28 columns.
                _("Opponent"),
            ]
            t.set_table(titles, [28, 4, 6, 28],
                        [rows[i] for i in order], [keys[i] for i in order])
            self._restore_cursor(t, keep)
            hint.update(_("Round {round} · alphabetical list · a: by board").format(
                round=self.round_no))
            return
        before, score_title = backend.pairing_scores(event, self.round_no)
        score_title = tr(score_title)
        rows, keys = [], []
        setups = any(bd.setup for bd in rnd.boards)  # Go handicap games: a stones/komi column
        extra: tuple[str, ...] = ("",) if setups else ()
        for bd in sorted(rnd.boards, key=lambda x: x.number):
            a, b = bd.players
            rows.append((hall(bd.number), who(a), backend.fmt_score(before.get(a, 0)),
                         who(b), backend.fmt_score(before.get(b, 0)),
                         bd.result.text if bd.result else "")
                        + ((backend.board_terms(game, bd),) if setups else ()))
            keys.append(f"b{bd.number}")
        for bye in rnd.byes:
            rows.append(("—", who(bye.player), backend.fmt_score(before.get(bye.player, 0)),
                         tr(BYE_TEXT[bye.kind]), "", "") + extra)
            keys.append(f"y{bye.player}")
        # Translators: column title (a board's result), at most 7 columns.
        result_title = _("Result")
        if setups:  # 80 columns: the names give up six cells to the handicap column
            # Translators: column title (Go handicap stones and komi), at most 11 columns.
            t.set_table([_("Bd"), s1, score_title, s2, score_title, result_title,
                         _("Handicap")], [4, 17, 4, 17, 4, 7, 11], rows, keys)
        else:
            t.set_table([_("Bd"), s1, score_title, s2, score_title, result_title],
                        [4, 23, 4, 23, 4, 7], rows, keys)
        self._restore_cursor(t, keep)
        latest = "" if self.round_no == event.current_round else _(" (earlier round)")
        if not rnd.published:  # issue 34 item 7: the players do not see it yet
            latest += _(" (draft: l publishes)")
        what = (_("{stage} (round {round})").format(
                    stage=stage_words(backend.stage_name(len(rnd.boards))), round=self.round_no)
                if rnd.playoff else _("Round {round}").format(round=self.round_no))
        hint.update(_("{what}{latest} · {boards} · {byes} · Enter: why this pairing").format(
            what=what, latest=latest, boards=count(len(rnd.boards), "board"),
            byes=count(len(rnd.byes), "bye")))

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
            self.status(_("no round {round}").format(round=self.round_no + delta))
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
            self.status(_("select a board to explain"))
            return
        first = backend.first_board(self.sapp.folder)
        try:
            lines = backend.explain(ev, self.round_no, board, self.last_pairing, first,
                                    folder=self.sapp.folder)
        except SwissError as exc:
            self.error(str(exc))
            return
        except Exception as exc:  # explanation is advisory; never crash for it
            self.error(_("no explanation available: {error}").format(error=exc))
            return
        title = (_("Round {round}, board {board}: why").format(round=self.round_no,
                                                               board=board + first - 1)
                 if board else _("Round {round}, byes: why").format(round=self.round_no))
        self.app.push_screen(MessageScreen(title, lines))

    def action_pair(self, allow_rematch: bool = False) -> None:
        ev = self.event
        if ev is None:
            return
        rnd = ev.round(ev.current_round)
        if backend.playoff_started(ev):
            self.status(_(PLAYOFF_ON))
            return
        if rnd is not None and not rnd.missing_results() \
                and len(ev.swiss_rounds()) >= ev.settings.rounds:
            self.status(_(SWISS_OVER).format(rounds=ev.settings.rounds))
            return
        if rnd is not None and rnd.missing_results():
            self.error(_("round {round} still has {boards} without a result; enter them first "
                         "(F4)").format(round=rnd.number,
                                        boards=count(rnd.missing_results(), "board")))
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
        try:  # backend.guarded turns a core bug into a SwissError too: never a traceback
            preview, error = backend.preview_pairing(ev, allow_rematch=allow_rematch,
                                                     folder=self.sapp.folder), None
        except SwissError as exc:
            preview, error = None, exc
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
                    ConfirmScreen(_("No legal pairing"), [msg.replace("; ", ";\n"), "",
                                  _("Pair allowing the fewest, least recent rematches?")]),
                    lambda yes: self.action_pair(allow_rematch=True) if yes
                    else self.status(_("not paired")))
                return
            self.error(msg)
            return
        except SwissError as exc:
            self.error(str(exc))
            return
        r = preview.round
        names = ev.by_id()
        paired = 2 * len(r.boards)
        lines = [_("Round {round}: {players} paired on {boards}.").format(
            round=r.number, players=count(paired, "player"),
            boards=count(len(r.boards), "board"))]
        if allow_rematch:
            lines.append(_("Rematches allowed (the fewest, least recent)."))
        engine_byes = [b for b in r.byes if b.kind is ByeKind.PAIRING]
        for bye in engine_byes:
            p = names.get(bye.player)
            lines.append(_("Bye (pairing): {id} {name}").format(
                id=bye.player, name=p.name if p else "").rstrip())
        if not engine_byes:
            lines.append(_("No pairing bye."))
        lines.extend(not_paired_lines(backend.left_out(ev, r.number, self._waitlist(ev))))
        if preview.warnings:
            lines.append(_("Warnings:"))
            lines.extend(f"  • {w}" for w in preview.warnings)
        else:
            lines.append(_("No warnings."))
        self.app.push_screen(ConfirmScreen(_("Pair round {round}?").format(round=r.number),
                                           lines,
                                           _("y / Enter = pair and save, n / Esc = cancel")),
                             lambda yes: self._do_pair(yes, allow_rematch, preview, ev))

    def _do_pair(self, yes: bool | None, allow_rematch: bool = False, preview=None,
                 basis: Event | None = None) -> None:
        if not yes:
            self.status(_("not paired"))
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
        self.status(_("saved: round {round} paired, {boards}").format(
            round=r.number, boards=count(len(r.boards), "board"))
                    + (", " + count(len(pairing.warnings), "warning") if pairing.warnings
                       else ""), "ok")

    def action_publish(self) -> None:
        """``l``: publish the draft round, after a confirmation naming it (issue 34 item 7)."""
        ev = self.event
        rnd = ev.round(ev.current_round) if ev is not None else None
        if ev is None or rnd is None:
            self.status(_("no round has been paired yet: nothing to publish"))
            return
        if rnd.published:
            self.status(_("round {round} is published already").format(round=rnd.number))
            return
        self.app.push_screen(ConfirmScreen(
            _("Publish round {round}?").format(round=rnd.number),
            [_("The projector and the players' page show it from now on."),
             _("Later changes to it ask for a reason.")]), self._do_publish)

    def _do_publish(self, yes: bool | None) -> None:
        if not yes:
            self.status(_("kept as a draft"))
            return
        try:
            new = backend.publish_round(self.sapp.folder)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(new)
        self.status(_("round {round} published: the projector and the players' page show it").format(round=new.current_round), "ok")

    def action_undo(self) -> None:
        ev = self.event
        if ev is None or not ev.current_round:
            self.status(_("no round to undo"))
            return
        rnd = ev.round(ev.current_round)
        if rnd is None:
            return
        n_res = len(rnd.boards) - rnd.missing_results()
        lines = [_("Delete the pairing of round {round}?").format(round=rnd.number)]
        if n_res:
            lines.append(ngettext("{n} result recorded in it will be deleted too.",
                                  "{n} results recorded in it will be deleted too.",
                                  n_res).format(n=n_res))
        self.app.push_screen(ConfirmScreen(_("Undo round {round}?").format(round=rnd.number),
                                           lines),
                             lambda yes: self._do_undo(yes, force=bool(n_res)))

    def _do_undo(self, yes: bool | None, force: bool, reason: str | None = None) -> None:
        if not yes:
            self.status(_("kept"))
            return
        try:
            new = backend.undo_round(self.sapp.folder, force=force, reason=reason)
        except SwissError as exc:
            if backend.needs_reason(exc) and reason is None:  # a published round
                ask_reason(self, lambda why: self._do_undo(True, force, why), _("kept"),
                           _("This round is published: why undo it?"))
                return
            self.error(str(exc))
            return
        self.last_pairing = None
        self._follow_latest = True
        self.sapp.event_written(new)
        self.status(_("round undone; now at round {round}").format(round=new.current_round),
                    "ok")

    def _waitlist(self, ev: Event) -> frozenset[int]:
        """The desk's waitlisted entries (not paired); none when the desk cannot be read
        (the pairing itself then says why)."""
        try:
            return backend.waitlisted(self.sapp.folder, ev)
        except SwissError:
            return frozenset()

    # ---- hand edits (issue 34 item 9): each previewed with what it costs, then saved ----
    def _edit_round(self) -> Event | None:
        ev = self.event
        if ev is None or ev.round(self.round_no) is None:
            self.status(_("no round to change"))
            return None
        return ev

    def _ids(self, text: str | None, n: int, usage: str) -> list[int] | None:
        """``n`` player ids typed in ``text``; None (and the usage said) otherwise."""
        if not text:
            return None
        parts = text.replace(",", " ").split()
        if len(parts) != n or not all(p.isdecimal() and len(p) <= 9 for p in parts):
            self.error(usage.format(text=repr(text)))
            return None
        return [int(p) for p in parts]

    def _hand_edit(self, title: str, preview, save, kept: str, saved: str) -> None:
        """Show ``preview(event, first_board)``'s costs under ``title``; y saves with
        ``save(reason)`` (a published round asks the reason first).  Both run in a worker
        thread (a re-pair runs the engine: seconds at thousands of players), one edit at a
        time: a key that starts another while one is worked out is refused on the status
        line, never queued, and a ``y`` typed before the costs were shown does not answer
        the question."""
        ev = self.event
        if ev is None:
            return
        if self._editing:
            self.status(_(EDIT_BUSY))
            return
        first = backend.first_board(self.sapp.folder)
        self._editing = True
        self.status(_(EDIT_BUSY))

        def previewed(out, error: SwissError | None) -> None:
            self._editing = False
            if error is not None:
                self.error(str(error))
                return
            self.status("")
            self.app.push_screen(ConfirmScreen(title, list(out.costs), _(EDIT_KEYS),
                                               answer_typed_ahead=False),
                                 lambda yes: self._save_edit(save, kept, saved) if yes
                                 else self.status(kept))
        self._edit_worker(lambda: preview(ev, first), previewed)

    @work(thread=True, exclusive=True, group="hand-edit")
    def _edit_worker(self, job, then) -> None:
        try:  # backend.guarded turns a core bug into a SwissError too: never a traceback
            out, error = job(), None
        except SwissError as exc:
            out, error = None, exc
        self.app.call_from_thread(then, out, error)

    def _save_edit(self, save, kept: str, saved: str, reason: str | None = None) -> None:
        if self._editing:
            self.status(_(EDIT_BUSY))
            return
        self._editing = True
        self.status(_(EDIT_BUSY))

        def done(out, error: SwissError | None) -> None:
            self._editing = False
            if error is not None:
                if backend.needs_reason(error) and reason is None:
                    ask_reason(self, lambda why: self._save_edit(save, kept, saved, why), kept)
                    return
                self.error(str(error))
                return
            self.sapp.event_written(out.event)
            self.status(saved + (_(" ({rules} broken)").format(
                rules=count(len(out.broken), "rule")) if out.broken else ""), "ok")
        self._edit_worker(lambda: save(reason), done)

    def action_swap(self) -> None:
        if self._edit_round() is None:
            return
        self.app.push_screen(
            PromptScreen(_("Swap two players in round {round}").format(round=self.round_no),
                         _("Two player ids, e.g.  12 17   (Enter swaps, Esc cancels)")),
            self._do_swap)

    def _do_swap(self, text: str | None) -> None:
        ids = self._ids(text, 2, _("swap needs two player ids, e.g. 12 17 (got {text})"))
        if ids is None:
            return
        a, b, r = ids[0], ids[1], self.round_no
        folder = self.sapp.folder
        self._hand_edit(_(SWAP_TITLE).format(a=a, b=b, round=r),
                        lambda ev, first: backend.preview_edit(
                            "swap", ev, r, a, b, first_board=first),
                        lambda why: backend.save_edit("swap", folder, r, a, b, reason=why),
                        _(SWAP_KEPT).format(a=a, b=b),
                        _(SWAP_SAVED).format(a=a, b=b, round=r))

    def action_latecomer(self) -> None:
        if self._edit_round() is None:
            return
        self.app.push_screen(
            PromptScreen(_("A latecomer against the bye, round {round}").format(
                round=self.round_no),
                _("The latecomer's player id, e.g.  31   (Enter shows what it costs)")),
            self._do_latecomer)

    def _do_latecomer(self, text: str | None) -> None:
        ids = self._ids(text, 1, _("give one player id, e.g. 31 (got {text})"))
        if ids is None:
            return
        pid, r, folder = ids[0], self.round_no, self.sapp.folder
        self._hand_edit(_("Seat {player} against the bye in round {round}?").format(
                            player=pid, round=r),
                        lambda ev, first: backend.preview_edit(
                            "latecomer", ev, r, pid, first_board=first),
                        lambda why: backend.save_edit("latecomer", folder, r, pid,
                                                      reason=why),
                        _("not changed: {player} is not seated").format(player=pid),
                        _("saved: {player} plays the bye's player in round {round}").format(
                            player=pid, round=r))

    def action_new_board(self) -> None:
        if self._edit_round() is None:
            return
        self.app.push_screen(
            PromptScreen(_("Two latecomers on a new board, round {round}").format(
                round=self.round_no),
                _("Two player ids, e.g.  31 32   (Enter shows what it costs)")),
            self._do_new_board)

    def _do_new_board(self, text: str | None) -> None:
        ids = self._ids(text, 2, _("a new board needs two player ids, e.g. 31 32 (got {text})"))
        if ids is None:
            return
        a, b, r, folder = ids[0], ids[1], self.round_no, self.sapp.folder
        self._hand_edit(_("Pair {a} and {b} on a new board in round {round}?").format(
                            a=a, b=b, round=r),
                        lambda ev, first: backend.preview_edit(
                            "board", ev, r, a, b, first_board=first),
                        lambda why: backend.save_edit("board", folder, r, a, b, reason=why),
                        _("not changed: no new board"),
                        _("saved: {a} and {b} on a new board in round {round}").format(
                            a=a, b=b, round=r))

    def action_remove_board(self) -> None:
        if self._edit_round() is None:
            return
        board = self.selected_board()
        if not board:
            self.status(_("select a board to remove"))
            return
        hall = board + backend.first_board(self.sapp.folder) - 1
        self.app.push_screen(
            PromptScreen(_("Remove board {board} of round {round}").format(
                board=hall, round=self.round_no),
                _("What both players get: f = full-point bye, h = half-point bye, "
                  "z = zero-point bye, a = absent   (Enter shows what it costs)")),
            lambda text: self._do_remove(board, hall, text))

    def _do_remove(self, board: int, hall: int, text: str | None) -> None:
        if not text:
            return
        kind = REMOVE_KINDS.get(text.strip().lower()[:1])
        if kind is None:
            self.error(_("type f, h, z or a (got {text})").format(text=repr(text)))
            return
        r, folder = self.round_no, self.sapp.folder
        self._hand_edit(_("Remove board {board} of round {round}?").format(board=hall, round=r),
                        lambda ev, first: backend.preview_edit(
                            "remove", ev, r, board, kind, first_board=first),
                        lambda why: backend.save_edit("remove", folder, r, board, kind,
                                                      reason=why),
                        _("not changed: board {board} stays").format(board=hall),
                        _("saved: board {board} of round {round} removed").format(
                            board=hall, round=r))

    def action_fix_board(self) -> None:
        """``f``: keep (or stop keeping) the board under the cursor when the round is
        re-paired with ``r``."""
        board = self.selected_board()
        if not board or self._edit_round() is None:
            self.status(_("select a board to keep"))
            return
        kept = self.kept.setdefault(self.round_no, set())
        kept.symmetric_difference_update({board})
        first = backend.first_board(self.sapp.folder)
        self.status(_("boards kept when re-pairing (r): {boards}").format(
            boards=", ".join(str(n + first - 1) for n in sorted(kept)) or "—"))

    def action_repair(self) -> None:
        if self._edit_round() is None:
            return
        r, folder = self.round_no, self.sapp.folder
        keep = tuple(sorted(self.kept.get(r, ())))
        first = backend.first_board(folder)
        names = ", ".join(str(n + first - 1) for n in keep) or "—"

        def saved(why):
            out = backend.save_edit("repair", folder, r, keep, reason=why)
            self.kept.pop(r, None)
            self.last_pairing = None
            return out
        self._hand_edit(_("Re-pair round {round}, keeping boards {boards}?").format(
                            round=r, boards=names),
                        lambda ev, first: backend.preview_edit(
                            "repair", ev, r, keep, first_board=first),
                        saved,
                        _("not changed: round {round} keeps its pairing").format(round=r),
                        _("saved: round {round} re-paired, boards {boards} kept").format(
                            round=r, boards=names))

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
            self.error(_(PLAYOFF_TOO_EARLY).format(played=played, rounds=ev.settings.rounds))
            return
        self.app.push_screen(PromptScreen(_(PLAYOFF_CUT_TITLE), _(PLAYOFF_CUT_HINT), value="8"),
                             self._cut_answer)

    def _cut_answer(self, text: str | None) -> None:
        if not text or not text.strip():
            self.status(_(PLAYOFF_NOT_CUT))
            return
        top = text.strip().lower().removeprefix("top").strip()
        if not top.isdecimal():
            self.error(_("type the playoff size: 4, 8 or 16 (got {text})").format(
                text=repr(text.strip())))
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
        stage = stage_words(backend.stage_name(len(rnd.boards)))
        lines = [_("{stage} (round {round}): {matches}").format(
            stage=stage, round=rnd.number, matches=count(len(rnd.boards), "match", "matches"))]
        for bd in rnd.boards:
            a, b = bd.players
            lines.append(f"  {bd.number}. ({seed.get(a, '?')}) {a} {names[a].name}  –  "
                         f"({seed.get(b, '?')}) {b} {names[b].name}")
        self.app.push_screen(
            ConfirmScreen(_("Pair the {stage}?").format(stage=stage.lower()), lines,
                          _("y / Enter = pair and save, n / Esc = cancel")),
            lambda yes: self._save_playoff(top, ev) if yes
            else self.status(_(PLAYOFF_NOT_CUT)))

    def _save_playoff(self, top: int | None, basis: Event) -> None:
        try:
            new, rnd = backend.next_playoff_round(self.sapp.folder, top)
        except SwissError as exc:
            self.error(str(exc))
            return
        self._follow_latest = True
        self.sapp.event_written(new)
        self.status(_("saved: round {round}, the {stage} ({matches}) · F4 results").format(
            round=rnd.number, stage=stage_words(backend.stage_name(len(rnd.boards))),
            matches=count(len(rnd.boards), "match", "matches")), "ok")

    def action_bracket(self) -> None:
        ev = self.event
        if ev is None:
            return
        try:
            lines = backend.bracket(ev)
            if backend.playoff_started(ev):
                names = ev.by_id()
                lines = lines + ["", _("Final places:")] + [
                    f"  {f.place:>3}. {f.player} {names[f.player].name}"
                    + (f"  ({stage_words(f.stage)})" if f.stage else "")
                    for f in backend.final_places(ev)[:16]]
        except SwissError as exc:
            self.error(str(exc))
            return
        self.app.push_screen(MessageScreen(_("Playoff bracket"), lines))


def ask_reason(screen, then, kept: str, question: str | None = None) -> None:
    """A change to a published round (event setting publish = manual, or FIDE mode): one
    line asking why, kept in the history with the change (issue 34 items 8 and 10); Esc or
    nothing typed changes nothing and says ``kept``.  ``question``: the title when the change
    is not to a round (FIDE mode's locked tie-breaks)."""
    def answer(text: str | None) -> None:
        if text is None or not text.strip():
            screen.status(kept)
            return
        then(text.strip())
    screen.app.push_screen(PromptScreen(
        question or _("This round is published: why the change?"),
        _("one line, kept in the history with the change · Enter saves, Esc keeps it as it is")),
        answer)

