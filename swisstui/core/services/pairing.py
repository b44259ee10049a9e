"""Pairing actions: preview and pair the next round, undo it, swap two players (preview, then
apply), and explain a board.  The engine is :mod:`swisstui.core.pairing`."""

from __future__ import annotations

from .. import publishing
from ..store.history import recorded
from ..i18n import N_, _

import datetime
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .. import pairing, store
from ..errors import PairingError, SwissError
from ..field import Field
from ..model import Event, Round

Folder = str | os.PathLike[str]
Pair = tuple[int, int]


@dataclass(frozen=True)
class PairOutcome:
    """The event after pairing and the :class:`~swisstui.core.pairing.Pairing` saved."""

    event: Event
    pairing: pairing.Pairing


#: a hand edit as previewed and as saved (:class:`swisstui.core.pairing.HandEdit`): the
#: event, the round, the boards changed, the rules broken, the costs in words
HandEdit = pairing.HandEdit
SwapOutcome = HandEdit  # the name the swap's result had before the other hand edits

#: the words the history records each hand edit with (issue 34 item 9): an explanation
#: names the director and the reason of the newest one that touched a board
HAND_EDITS = (N_("swap two players"), N_("put a latecomer against the bye"),
              N_("pair two latecomers on a new board"), N_("remove a board"),
              N_("re-pair the round keeping fixed boards"))


def _with_forbidden(event: Event, forbid: Iterable[Pair]) -> Event:
    """``event`` with ``forbid`` added to the event's forbidden pairs (kept for all rounds)."""
    known = {frozenset(q) for q in event.settings.forbidden}
    extra = tuple((a, b) for a, b in forbid if frozenset((a, b)) not in known)
    if not extra:
        return event
    return replace(event, settings=replace(event.settings,
                                           forbidden=event.settings.forbidden + extra))


def _settings_warned(event: Event, p: pairing.Pairing) -> pairing.Pairing:
    """``p`` with a warning first for each setting that is another pairing system's default
    (:func:`swisstui.core.settings.default_mismatches`: a McMahon event with the Swiss chain
    is ranked by wins, issue 31), so ``p`` and ``swisstui pair`` never say "No warnings"
    over it."""
    from ..settings import default_mismatches
    lines = tuple(w for w in default_mismatches(event.settings) if w not in p.warnings)
    return replace(p, warnings=lines + p.warnings) if lines else p


def preview_pairing(event: Event, *, fixed: Iterable[Pair] = (), forbid: Iterable[Pair] = (),
                    allow_rematch: bool = False, date: str | None = None,
                    waitlist: Iterable[int] = ()) -> pairing.Pairing:
    """The pairing the next round would get (nothing written), dated as :func:`pair_next`
    would save it (``date``, default today).  ``fixed``: pairs the director
    pins; ``forbid``: pairs that must never meet (saved with the round by :func:`pair_next`);
    ``allow_rematch``: the fewest, least recent rematches when nothing else pairs;
    ``waitlist``: the desk's waitlisted entries, left out (:func:`.desk.waitlisted`).  A
    refusal is a PairingError whose ``relaxation`` names the smallest change that works."""
    ev = _with_forbidden(event, forbid)
    return _dated(_settings_warned(event, pairing.pair_round(
        ev, fixed=tuple(fixed), allow_rematch=allow_rematch,
        field=Field.of(ev, waitlist=waitlist))), round_date(date))


def _named(rnd: Round) -> set[int]:
    """Every player a round names (boards and byes)."""
    return {p for bd in rnd.boards for p in bd.players} | {y.player for y in rnd.byes}


def _dated(p: pairing.Pairing, day: str) -> pairing.Pairing:
    """``p`` with its round dated ``day`` (``p`` itself when it already is)."""
    return p if p.round.date == day else replace(p, round=replace(p.round, date=day))


def round_date(text: str | None = None) -> str:
    """The date a round paired now is saved with (``date`` of its round file, TRF ``132``):
    ``text`` when given (``pair --date``, an import replayed), checked as an ISO date
    ``YYYY-MM-DD``; else today's date on this computer's clock, in its time zone (the
    hall's: swisstui runs where the event is played)."""
    if text is None:
        return datetime.date.today().isoformat()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError(text)
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise SwissError(_("--date {value!r} is not a date like 2026-11-28").format(
            value=text), field="date") from None


@recorded('pair the next round')
def pair_next(folder: Folder, *, fixed: Iterable[Pair] = (), forbid: Iterable[Pair] = (),
              allow_rematch: bool = False, preview: pairing.Pairing | None = None,
              basis: Event | None = None, date: str | None = None) -> PairOutcome:
    """Pair the next round and save it, dated ``date`` (ISO; default today,
    :func:`round_date`).  With ``preview`` (a pairing shown to the director)
    and ``basis`` (the event it was computed from), the preview is saved as it is when the
    event on disk is still ``basis``; otherwise the round is paired again on the fresh event
    (another director changed something in between)."""
    fixed, forbid = tuple(fixed), tuple(forbid)
    day = round_date(date)
    made: list[pairing.Pairing] = []

    def change(ev: Event) -> Event:
        from .desk import waitlisted
        ev = _with_forbidden(ev, forbid)
        waiting = waitlisted(folder, ev)  # the desk's waitlist, read under the lock
        if preview is not None and basis is not None and _with_forbidden(basis, forbid) == ev \
                and not waiting & _named(preview.round):
            p = preview
        else:
            p = _settings_warned(ev, pairing.pair_round(
                ev, fixed=fixed, allow_rematch=allow_rematch,
                field=Field.of(ev, waitlist=waiting)))
        p = _dated(p, day)  # a preview made today is saved as it is
        made.append(p)
        return ev.with_round(publishing.as_drafted(ev, p.round))

    ev = store.update(folder, change)
    return PairOutcome(ev, made[-1])


@recorded('publish the round')
def publish_round(folder: Folder) -> Event:
    """Publish the draft round (docs/FORMAT.md "Drafts and publishing"): the projector and
    the players' page show it from now on.  Refused in one line, nothing
    written, when the current round is not a draft."""
    return store.update(folder, publishing.published)


@recorded('undo the last round')
def undo_round(folder: Folder, force: bool = False, reason: str | None = None) -> Event:
    """Remove the last round's pairing (refused when it has results, unless ``force``).
    Removing a published round is a change to it: when the event publishes by hand or runs
    in FIDE mode it is refused without a ``reason`` (the history keeps it), nothing
    written; a draft is removed freely."""
    def change(ev: Event) -> Event:
        new = pairing.undo_round(ev, force=force)
        publishing.check_reason(ev, ev.current_round, reason)
        return new

    return store.update(folder, change)


def preview_swap(event: Event, round_no: int, a: int, b: int, *,
                 first_board: int = 1) -> HandEdit:
    """What exchanging players ``a`` and ``b`` in round ``round_no`` gives, every pairing
    rule it breaks and what it costs — shown before :func:`swap` saves it.  Boards are
    named by the hall's numbers (``first_board``: the section's board 1, as with every
    preview below)."""
    return pairing.swap(event, round_no, a, b, first_board=first_board)


def preview_latecomer(event: Event, round_no: int, pid: int, *,
                      first_board: int = 1) -> HandEdit:
    """The latecomer ``pid`` against the pairing bye of round ``round_no``, as
    :func:`add_latecomer` would save it."""
    return pairing.latecomer(event, round_no, pid, first_board=first_board)


def preview_new_board(event: Event, round_no: int, a: int, b: int, *,
                      first_board: int = 1) -> HandEdit:
    """Latecomers ``a`` and ``b`` on a new board, as :func:`add_board` would save it."""
    return pairing.new_board(event, round_no, a, b, first_board=first_board)


def preview_remove_board(event: Event, round_no: int, board_no: int, kind: str, *,
                         first_board: int = 1) -> HandEdit:
    """Board ``board_no`` taken out, its players given ``kind``, as :func:`remove_board`
    would save it."""
    return pairing.remove_board(event, round_no, board_no, kind, first_board=first_board)


def preview_repair(event: Event, round_no: int, keep: Iterable[int] = (), *,
                   allow_rematch: bool = False, first_board: int = 1,
                   waitlist: Iterable[int] = ()) -> HandEdit:
    """The round paired again around the boards ``keep``, as :func:`repair_round` would
    save it (``waitlist``: the desk's waitlisted entries, left out)."""
    return pairing.repair(event, round_no, keep, allow_rematch=allow_rematch,
                          first_board=first_board, waitlist=waitlist)


def _edit(folder: Folder, round_no: int, reason: str | None, make) -> HandEdit:
    """Save the hand edit ``make(event, first_board)`` makes of the event on disk, under
    its lock: on a published round of an event that publishes by hand only with a
    ``reason`` (the history keeps it); a draft is changed freely."""
    from .sections import first_board
    first = first_board(folder)
    made: list[HandEdit] = []

    def change(ev: Event) -> Event:
        publishing.check_reason(ev, round_no, reason)
        made.append(make(ev, first))
        return made[-1].event

    ev = store.update(folder, change)
    rnd = ev.round(round_no)
    assert rnd is not None  # change has just edited this round
    return replace(made[-1], event=ev, round=rnd)


@recorded(HAND_EDITS[0], round='round_no', player='a,b')
def swap(folder: Folder, round_no: int, a: int, b: int,
         reason: str | None = None) -> HandEdit:
    """Exchange two players of a round and save it (:func:`preview_swap`)."""
    return _edit(folder, round_no, reason,
                 lambda ev, first: preview_swap(ev, round_no, a, b, first_board=first))


@recorded(HAND_EDITS[1], round='round_no', player='pid')
def add_latecomer(folder: Folder, round_no: int, pid: int,
                  reason: str | None = None) -> HandEdit:
    """Seat a latecomer against the pairing bye and save it (:func:`preview_latecomer`)."""
    return _edit(folder, round_no, reason,
                 lambda ev, first: preview_latecomer(ev, round_no, pid, first_board=first))


@recorded(HAND_EDITS[2], round='round_no', player='a,b')
def add_board(folder: Folder, round_no: int, a: int, b: int,
              reason: str | None = None) -> HandEdit:
    """Pair two latecomers on a new board and save it (:func:`preview_new_board`)."""
    return _edit(folder, round_no, reason,
                 lambda ev, first: preview_new_board(ev, round_no, a, b, first_board=first))


@recorded(HAND_EDITS[3], round='round_no', board='board_no')
def remove_board(folder: Folder, round_no: int, board_no: int, kind: str,
                 reason: str | None = None) -> HandEdit:
    """Take a board out, both players getting ``kind``, and save it
    (:func:`preview_remove_board`)."""
    return _edit(folder, round_no, reason, lambda ev, first: preview_remove_board(
        ev, round_no, board_no, kind, first_board=first))


@recorded(HAND_EDITS[4], round='round_no')
def repair_round(folder: Folder, round_no: int, keep: tuple[int, ...] = (), *,
                 allow_rematch: bool = False, reason: str | None = None) -> HandEdit:
    """Pair the round again keeping the boards ``keep`` and save it
    (:func:`preview_repair`)."""
    from .desk import waitlisted
    return _edit(folder, round_no, reason, lambda ev, first: preview_repair(
        ev, round_no, keep, allow_rematch=allow_rematch, first_board=first,
        waitlist=waitlisted(folder, ev)))


# ---- reading ----------------------------------------------------------------------------------

def pairing_scores(event: Event, round_no: int) -> dict[int, float]:
    """The score each player was paired on in ``round_no`` (points before it, or the McMahon
    score)."""
    from ..pairing.groups import pairing_scores as scores
    return scores(event, round_no)


def left_out(event: Event, round_no: int, waitlist: Iterable[int] = ()):
    """Who is not paired in ``round_no`` and why (requested byes, absent, withdrawn, not
    joined yet, on the desk's ``waitlist``)."""
    from ..pairing.groups import left_out as out
    return out(event, round_no, frozenset(waitlist))


def board_terms(game: str, board) -> str:
    """What the board is played with, decided at pairing (Go handicap games: ``H3 komi
    0.5``, docs/RULES.md §1.3); "" when nothing."""
    from ..board_setup import describe
    return describe(game, board)


def _name(event: Event, pid: int) -> str:
    p = event.player(pid)
    return f"{pid} {p.name}" if p else str(pid)


def _before(event: Event, round_no: int) -> Event:
    return replace(event, rounds=tuple(r for r in event.rounds if r.number < round_no))


def _replay(event: Event, round_no: int) -> pairing.Pairing | None:
    """The engine's pairing of ``round_no`` on the rounds before it (the engine is
    deterministic), or None where the engine does not pair it."""
    if event.settings.system == "roundrobin":
        return None
    before = _before(event, round_no)
    try:
        return pairing.pair_round(before, allow_rematch=True, field=Field.of(before))
    except PairingError:
        return None


def explain(event: Event, round_no: int, board_no: int,
            last: pairing.Pairing | None = None, first_board: int = 1,
            folder: Folder | None = None) -> list[str]:
    """Why a saved board is what it is (``board_no`` 0: the byes).  From ``last`` (a pairing
    made in this session) when the round is still as it made it; else the engine re-run on
    the rounds before; a board the engine would not make was set by hand, and the lines list
    the rules it breaks and — given the event's ``folder`` — who edited it, when and why
    (the history).  ``first_board``: the hall's number of the section's board 1, the
    number the first line names the board by (a section numbered from 101)."""
    lines = _explain(event, round_no, board_no, last)
    if folder is not None and board_no and lines and lines[1:2] == [_BY_HAND()]:
        board = event.round(round_no).board(board_no)  # type: ignore[union-attr]
        assert board is not None  # _explain has found it
        from .history import hand_edit
        lines[2:2] = hand_edit(folder, event, round_no, board.players)
    if board_no and first_board != 1:  # every line naming the board (a fixed seat's too)
        mark, hall = f"board {board_no}:", f"board {board_no + first_board - 1}:"
        lines = [hall + x[len(mark):] if x.startswith(mark) else x for x in lines]
    return lines


def _explain(event: Event, round_no: int, board_no: int,
             last: pairing.Pairing | None) -> list[str]:
    rnd = event.round(round_no)
    if rnd is None:
        raise SwissError(_("round {round_no} is not paired").format(round_no=round_no))
    if last is not None and last.round.number == round_no and last.round == rnd:
        if board_no == 0 and not rnd.byes:
            raise SwissError(_("round {round_no} has no bye").format(round_no=round_no))
        return list(last.bye_notes) if board_no == 0 else list(last.explain(board_no))
    if board_no == 0:
        return _explain_byes(event, rnd)
    board = rnd.board(board_no)
    if board is None:
        raise SwissError(_("round {round_no} has no board {board_no} (boards 1–{count})").format(round_no=round_no, board_no=board_no, count=len(rnd.boards)))
    p = _replay(event, round_no)
    if p is not None:
        for b in p.round.boards:
            # the same players in the same order: the order is the colours (a board the
            # engine would give the other colours was set by hand, and says so)
            if b.players == board.players:
                lines = p.explain(b.number)
                lines[0] = lines[0].replace(f"board {b.number}:", f"board {board_no}:", 1)
                return lines
    lines = [f"board {board_no}: {_name(event, board.players[0])} v "
             f"{_name(event, board.players[1])}",
             _BY_HAND()]
    broken = pairing.check_board(_before(event, round_no), round_no, *board.players)
    lines += [f"breaks: {x}" for x in broken] or ["breaks: no pairing rule"]
    return lines


def _BY_HAND() -> str:
    return _("why: this board was set by hand (a hand edit or --fixed), not by the engine")


def _explain_byes(event: Event, rnd: Round) -> list[str]:
    if not rnd.byes:
        raise SwissError(_("round {number} has no bye").format(number=rnd.number))
    if not rnd.playoff:
        p = _replay(event, rnd.number)
        if p is not None and set(p.round.byes) == set(rnd.byes) and p.bye_notes:
            return list(p.bye_notes)
    return [f"bye: {_name(event, y.player)} ({y.kind.value})" +
            (": set by hand (a swap), not by the engine" if y.kind.value == "pairing"
             else ": requested") for y in rnd.byes]
