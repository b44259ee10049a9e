"""Hand edits of a paired round, each with what it costs against the pairing rules
(issue 34 item 9; docs/PAIRING.md "Editing a round by hand").

A director changes a round the engine paired when the hall asks for it: two players swapped
(:func:`swap`), a latecomer seated against the player who had the pairing bye
(:func:`latecomer`), two latecomers on a new board (:func:`new_board`), a board that will not
be played taken out with the unplayed result the director chooses for both players
(:func:`remove_board`), or the round paired again around the boards the director keeps
(:func:`repair`).  Every function is pure: it returns the event as it would be
(:class:`HandEdit`) with the preview the director reads before saving — each board made or
changed, its players and their pairing scores ("board 3: 12 (4) v 17 (2.5)"), every rule
it breaks (:func:`check_board`: the absolute criteria, the score difference, club and
country, a second pairing bye), and the colours it forces against a player's history
("12 gets Black 3 times in a row").  The service layer (``services/pairing.py``) saves it
under the event's lock, with a reason once the round is published
(:func:`swisstui.core.publishing.check_reason`), and the history records who and why.

The rules consulted are the engine's own — :class:`.criteria.Evaluator` for the absolute
criteria (FIDE C.04.1, docs/RULES.md §5.4), :mod:`.colours` for preferences and the
colour allocation of a new board (C.04.3 Art. 5; docs/RULES.md §1.3, §2.4) — so an edit is
judged exactly as the engine judges a pairing.  A latecomer is a registered player who is
not in the round: a late entrant (``joined_round`` after it: the edit makes them join in
it, docs/RULES.md §1.5) or a player marked absent for it (the absence is dropped)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..board_setup import with_setup
from ..colours_vocab import BLACK, NONE as NO_COLOURS, WHITE, WORDS
from ..errors import ConflictError, PairingError
from ..field import Field
from ..i18n import N_, _
from ..model import Board, Bye, ByeKind, Event, Player, Round
from .colours import STRENGTH_NAME, STRONG, allocate, preference, stronger
from .criteria import Context, Evaluator
from .groups import PState, build_states

#: the unplayed results a removed board's players may get (``ByeKind`` values)
UNPLAYED = (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO, ByeKind.ABSENT)
UNPLAYED_WORDS = {ByeKind.FULL: N_("a full-point bye"), ByeKind.HALF: N_("a half-point bye"),
                  ByeKind.ZERO: N_("a zero-point bye"), ByeKind.ABSENT: N_("an absence")}
BYE_WORD = N_("a bye")


@dataclass(frozen=True)
class HandEdit:
    """A round edited by hand, as it would be saved: the event after the edit, the round,
    the boards made or changed (their numbers), the pairing rules the edit breaks
    (``"board 3: rematch …"``; empty: none) and the preview in words, board by board
    (players with their scores, the rules broken, the colours forced)."""

    event: Event
    round: Round
    boards: tuple[int, ...]
    broken: tuple[str, ...]
    costs: tuple[str, ...]


def _pts(x: float) -> str:
    return f"{x:g}"


class _Judge:
    """The pairing facts of every player active in ``round_no`` of ``event`` (its rounds
    before that one), built once, and the engine's rules over them."""

    def __init__(self, event: Event, round_no: int) -> None:
        before = replace(event, rounds=tuple(r for r in event.rounds if r.number < round_no))
        ids = [p.id for p in event.players if p.active_in(round_no)]
        field = Field.of(before, round_no - 1)
        self.plan = plan = field.plan
        self.round_no = round_no
        self.states = build_states(field, ids, handicap=False)
        s = event.settings
        self.settings = s
        self.rounds = before.rounds
        # the pairs of the rounds after it (an edit of a past round can make a rematch with
        # them: the engine's facts are of the rounds before only)
        self.later = {frozenset(b.players): r.number for r in event.rounds
                      if r.number > round_no for b in r.boards}
        self.ctx = Context(game=s.game, mode=plan.colours, style=plan.style, seed=plan.seed,
                           round_no=round_no, ngroups=1, nplayers=len(self.states),
                           forbidden=plan.forbidden, last_round=plan.last_round,
                           topscore=s.scoring.win * s.rounds / 2,
                           colour_gap=plan.colour_gap,
                           colour_absolute=True)  # a graded gap is a rule broken too
        self.ev = Evaluator(self.states, self.ctx)

    def state(self, pid: int) -> PState:
        st = self.states.get(pid)
        if st is None:
            raise PairingError(_("player {id} is not active in round {round_no}").format(
                id=pid, round_no=self.round_no))
        return st

    def broken(self, a: int, b: int) -> list[str]:
        """Every rule the pair (a, b) breaks (absolute rules, then score difference and
        club/country)."""
        if a not in self.states or b not in self.states:
            return [_("player {id} is not active in round {round_no}").format(
                id=a if a not in self.states else b, round_no=self.round_no)]
        s = self.settings
        sa, sb = self.states[a], self.states[b]
        out = []
        if b in sa.met:
            out.append(_("rematch: {a} and {b} already met in round {value}").format(
                a=a, b=b, value=sa.met[b]))
        elif frozenset((a, b)) in self.later:
            out.append(_("rematch: {a} and {b} also meet in round {value}").format(
                a=a, b=b, value=self.later[frozenset((a, b))]))
        why = self.ev.blocked(sa, sb, relaxed=True)
        if why:
            out.append(why)
        if sa.group != sb.group:
            out.append(_("score difference: {a} has {pts}, {b} has {pts2}").format(
                a=a, pts=_pts(sa.score), b=b, pts2=_pts(sb.score)))
        if sa.player.club and sa.player.club == sb.player.club and s.club_weight:
            out.append(_("same club ({club})").format(club=sa.player.club))
        if sa.player.country and sa.player.country == sb.player.country and s.country_weight:
            out.append(_("same country ({country})").format(country=sa.player.country))
        return out

    def order(self, a: int, b: int) -> tuple[int, int]:
        """The pair as the engine would list it on a new board (the colour decision)."""
        plan = self.plan
        first, second, _why = allocate(self.state(a), self.state(b), plan.colours,
                                       first_colour=plan.first_colour, seed=plan.seed,
                                       round_no=self.round_no, initial=plan.initial_colour,
                                       handicap=plan.handicap, gap=plan.colour_gap)
        return first, second

    def colours(self, first: int, second: int) -> list[str]:
        """What the board (``first`` listed first) does to its players' colours: a colour
        the third time in a row or more, a colour against a strong or absolute preference.
        Nothing for a game without colours or a handicap game."""
        plan = self.plan
        if plan.colours == NO_COLOURS or first not in self.states or second not in self.states:
            return []
        a, b = self.states[first], self.states[second]
        if plan.handicap and stronger(a, b) is not None:
            return []
        other = BLACK if plan.first_colour == WHITE else WHITE
        out = []
        for st, colour in ((a, plan.first_colour), (b, other)):
            run = 1
            for c in reversed(st.colours):
                if c != colour:
                    break
                run += 1
            word = _(WORDS[colour])
            if run >= 3:
                out.append(_("{id} gets {colour} {n} times in a row").format(
                    id=st.id, colour=word, n=run))
                continue
            pref = preference(st, plan.colours)
            if pref.want is not None and pref.want != colour and pref.strength >= STRONG:
                out.append(_("{id} gets {colour} against a {strength} preference for "
                             "{want}").format(id=st.id, colour=word,
                                              strength=_(STRENGTH_NAME[pref.strength]),
                                              want=_(WORDS[pref.want])))
        return out

    def had_pairing_bye(self, pid: int) -> bool:
        return any(y.player == pid and y.kind is ByeKind.PAIRING
                   for r in self.rounds for y in r.byes)

    def score(self, pid: int) -> str:
        st = self.states.get(pid)
        return _pts(st.score) if st is not None else "?"


def check_board(event: Event, round_no: int, a: int, b: int) -> list[str]:
    """Every rule the pair (a, b) breaks if it plays in ``round_no`` (absolute rules, then
    score difference and club/country), judged on the rounds before ``round_no``."""
    return _Judge(event, round_no).broken(a, b)


def _paired(event: Event, round_no: int) -> Round:
    rnd = event.round(round_no)
    if rnd is None:
        raise PairingError(_("round {round_no} is not paired").format(round_no=round_no))
    return rnd


def _unplayed(rnd: Round, board: Board) -> None:
    if board.result is not None:
        raise ConflictError(_("round {round_no} board {number} already has a result ({text}); clear it before changing the board").format(round_no=rnd.number, number=board.number, text=board.result.text))


def _preview(event: Event, new: Round, changed: Iterable[int], *, gone: Iterable[Board] = (),
             kind: ByeKind | None = None, new_byes: Iterable[int] = (),
             judge: _Judge | None = None, first_board: int = 1) -> HandEdit:
    """The :class:`HandEdit` of ``event`` with round ``new``: the costs of the boards
    ``changed`` (numbers in ``new``), the boards ``gone`` (their players get ``kind``), and
    the players given the pairing bye (``new_byes``); the words name each board by the
    hall's number (``first_board``: the hall's number of the section's board 1)."""
    hall = first_board - 1
    j = judge or _Judge(event, new.number)
    broken: list[str] = []
    lines: list[str] = []
    numbers = tuple(sorted(set(changed)))
    for n in numbers:
        bd = new.board(n)
        assert bd is not None  # the edit has just made it
        a, b = bd.players
        lines.append(_("board {n}: {a} ({pts}) v {b} ({pts2})").format(
            n=n + hall, a=a, pts=j.score(a), b=b, pts2=j.score(b)))
        rules = [_("board {number}: {rule}").format(number=n + hall, rule=x)
                 for x in j.broken(a, b)]
        broken += rules
        lines += [f"  {x}" for x in rules] + [f"  {x}" for x in j.colours(a, b)]
    for bd in gone:
        assert kind is not None
        lines.append(_("board {n} removed: {a} and {b} each get {what}").format(
            n=bd.number + hall, a=bd.players[0], b=bd.players[1], what=_(UNPLAYED_WORDS[kind])))
    for pid in new_byes:
        lines.append(_("bye: {player} gets the pairing bye").format(player=pid))
        if j.had_pairing_bye(pid):
            rule = _("bye: {player} already had a pairing bye").format(player=pid)
            broken.append(rule)
            lines.append(f"  {rule}")
    if not broken:
        lines.append(_("no pairing rule is broken"))
    return HandEdit(event.with_round(new), new, numbers, tuple(broken), tuple(lines))


# ---- the edits --------------------------------------------------------------------------------


def swap(event: Event, round_no: int, a: int, b: int, *, first_board: int = 1) -> HandEdit:
    """Exchange players ``a`` and ``b`` in round ``round_no`` (on boards or the pairing bye).
    Refused when a board involved has a result or one of them has a requested bye."""
    rnd = _paired(event, round_no)
    if a == b:
        raise PairingError(_("swap needs two different players"))

    def where(x: int) -> Board | Bye:
        for bd in rnd.boards:
            if x in bd.players:
                return bd
        for by in rnd.byes:
            if by.player == x:
                return by
        raise PairingError(_("player {x} is not in round {round_no}").format(x=x, round_no=round_no))

    wa, wb = where(a), where(b)
    for w in (wa, wb):
        if isinstance(w, Board):
            _unplayed(rnd, w)
        elif w.kind is not ByeKind.PAIRING:
            raise PairingError(_unplayed_refusal(event, round_no, w))

    def sub(x: int) -> int:
        return b if x == a else a if x == b else x

    boards = tuple(replace(bd, players=(sub(bd.players[0]), sub(bd.players[1])))
                   if bd is wa or bd is wb else bd for bd in rnd.boards)
    byes = tuple(Bye(sub(by.player), by.kind) if by is wa or by is wb else by
                 for by in rnd.byes)
    changed = [w.number for w in (wa, wb) if isinstance(w, Board)]
    new = with_setup(event, replace(rnd, boards=boards, byes=byes), changed)
    to_bye = [sub(w.player) for w in (wa, wb) if isinstance(w, Bye)]
    return _preview(event, new, changed, new_byes=to_bye, first_board=first_board)


def _requested(p: Player, round_no: int, bye: Bye) -> bool:
    """Whether ``bye`` is the one ``p`` asked for (players.toml), not one a director gave
    by hand when removing a board: that one is undone by seating the player again."""
    return p.requested_bye(round_no) is bye.kind


def _unplayed_refusal(event: Event, round_no: int, bye: Bye) -> str:
    value = _(UNPLAYED_WORDS.get(bye.kind, BYE_WORD))
    p = event.player(bye.player)
    if p is not None and not _requested(p, round_no, bye):
        return _("player {player} has {value} from a removed board; seat them on a new board "
                 "or against the bye instead").format(player=bye.player, value=value)
    return _("player {player} has asked for {value} this round; change the request "
             "instead").format(player=bye.player, value=value)


def _admit(event: Event, rnd: Round, pid: int) -> tuple[Event, Round]:
    """``event`` and ``rnd`` with ``pid`` free to be seated in ``rnd``: a late entrant
    joins in it, a player marked absent for it is present.  Refused in one line for a player
    who is on a board, has the pairing bye or a requested bye, or is withdrawn."""
    p = event.player(pid)
    if p is None:
        raise PairingError(_("no player with id {pid}").format(pid=pid))
    for bd in rnd.boards:
        if pid in bd.players:
            raise PairingError(_("{name} ({pid}) already plays on board {n} of round {round}").format(name=p.name, pid=pid, n=bd.number, round=rnd.number))
    bye = next((y for y in rnd.byes if y.player == pid), None)
    if bye is not None and bye.kind is ByeKind.PAIRING:
        raise PairingError(_("{name} ({pid}) has the pairing bye of round {round}: seat a latecomer against them instead").format(name=p.name, pid=pid, round=rnd.number))
    if bye is not None and bye.kind is not ByeKind.ABSENT and _requested(p, rnd.number, bye):
        raise PairingError(_unplayed_refusal(event, rnd.number, bye))
    if p.withdrawn_from is not None and p.withdrawn_from <= rnd.number:
        raise PairingError(_("{name} ({pid}) is withdrawn from round {round}").format(name=p.name, pid=pid, round=p.withdrawn_from))
    q: Player = p
    if q.joined_round > rnd.number:
        q = replace(q, joined_round=rnd.number)
    if q.requested_bye(rnd.number) is ByeKind.ABSENT:
        q = replace(q, byes=tuple(x for x in q.byes if x[0] != rnd.number))
    if bye is not None:
        rnd = replace(rnd, byes=tuple(y for y in rnd.byes if y is not bye))
    return (event if q is p else event.with_player(q)), rnd


def _current(event: Event, round_no: int, what: str) -> Round:
    rnd = _paired(event, round_no)
    if round_no != event.current_round:
        raise PairingError(_("{what}: only the current round ({round}) can take it").format(
            what=what, round=event.current_round))
    return rnd


def _seat(event: Event, rnd: Round, a: int, b: int, judge: _Judge) -> tuple[Round, int]:
    """``rnd`` with a new board for ``a`` and ``b`` (colours as the engine decides them),
    numbered after the last board, and its number."""
    first, second = judge.order(a, b)
    n = max((bd.number for bd in rnd.boards), default=0) + 1
    new = replace(rnd, boards=rnd.boards + (Board(n, (first, second)),))
    return with_setup(event, new, [n]), n


def latecomer(event: Event, round_no: int, pid: int, *, first_board: int = 1) -> HandEdit:
    """Seat the latecomer ``pid`` against the player who has the pairing bye of the current
    round ``round_no``, on a new board."""
    rnd = _current(event, round_no, _("a latecomer"))
    ev, rnd = _admit(event, rnd, pid)
    bye = next((y for y in rnd.byes if y.kind is ByeKind.PAIRING), None)
    if bye is None:
        raise PairingError(_("round {round} has no pairing bye: pair two latecomers on a new board instead").format(round=round_no))
    rnd = replace(rnd, byes=tuple(y for y in rnd.byes if y is not bye))
    judge = _Judge(ev, round_no)
    new, n = _seat(ev, rnd, bye.player, pid, judge)
    return _preview(ev, new, [n], judge=judge, first_board=first_board)


def new_board(event: Event, round_no: int, a: int, b: int, *, first_board: int = 1
              ) -> HandEdit:
    """Pair the latecomers ``a`` and ``b`` on a new board of the current round."""
    if a == b:
        raise PairingError(_("a new board needs two different players"))
    rnd = _current(event, round_no, _("a new board"))
    ev, rnd = _admit(event, rnd, a)
    ev, rnd = _admit(ev, rnd, b)
    judge = _Judge(ev, round_no)
    new, n = _seat(ev, rnd, a, b, judge)
    return _preview(ev, new, [n], judge=judge, first_board=first_board)


def remove_board(event: Event, round_no: int, board_no: int, kind: ByeKind | str, *,
                 first_board: int = 1) -> HandEdit:
    """Take board ``board_no`` out of round ``round_no``: both players get ``kind`` (one of
    :data:`UNPLAYED`: a full-, half- or zero-point bye, or an absence), the unplayed result
    the director chose.  The other boards keep their numbers (players are seated)."""
    given = next((k for k in UNPLAYED if kind in (k, k.value)), None)
    if given is None:
        raise PairingError(_("the unplayed result must be one of {items}").format(
            items=", ".join(k.value for k in UNPLAYED)), field="result")
    rnd = _paired(event, round_no)
    bd = rnd.board(board_no)
    if bd is None:
        raise PairingError(_("round {round_no} has no board {board_no} (boards 1–{count})").format(round_no=round_no, board_no=board_no, count=len(rnd.boards)))
    _unplayed(rnd, bd)
    byes = tuple(sorted(rnd.byes + tuple(Bye(p, given) for p in bd.players),
                        key=lambda y: y.player))
    new = replace(rnd, boards=tuple(x for x in rnd.boards if x is not bd), byes=byes)
    return _preview(event, new, (), gone=(bd,), kind=given, first_board=first_board)


def repair(event: Event, round_no: int, keep: Iterable[int] = (), *,
           allow_rematch: bool = False, first_board: int = 1,
           waitlist: Iterable[int] = ()) -> HandEdit:
    """Pair the current round ``round_no`` again, keeping the boards ``keep`` (their
    numbers) exactly as they are — players, colours, numbers and any result — and giving
    the engine everyone else (latecomers included, the players' requests as they are now).
    The other boards are numbered in the engine's order into the numbers the kept ones leave
    free, with the colours the round paired whole gives their pairs (the kept boards'
    players keep their pairing numbers and places: :attr:`.Field.seated`); the preview lists
    every board whose players or colours change.  The desk's ``waitlist`` is left out.
    Refused when a board not kept has a result."""
    from .engine import pair_round
    rnd = _current(event, round_no, _("re-pairing"))
    kept: list[Board] = []
    for n in dict.fromkeys(keep):
        bd = rnd.board(n)
        if bd is None:
            raise PairingError(_("round {round_no} has no board {board_no} (boards 1–{count})").format(round_no=round_no, board_no=n, count=len(rnd.boards)))
        kept.append(bd)
    for bd in rnd.boards:
        if bd not in kept and bd.result is not None:
            raise ConflictError(_("round {round} board {n} has a result ({text}): keep it, or clear the result first").format(round=round_no, n=bd.number, text=bd.result.text))
    # the kept boards' players are away for the engine (an absence for this round): it pairs
    # everyone else among themselves, its score groups made of the players it pairs.  Pinning
    # the kept pairs instead left holes in the groups that made the candidate windows miss
    # (tests/bench/hand_edits.py: 500 players around 10 kept boards took 8.9 s pinned,
    # 0.35 s so; the round paired from scratch 0.5 s)
    seated = {pid for bd in kept for pid in bd.players}
    before = event.without_round(round_no)
    away = replace(before, players=tuple(
        replace(p, byes=p.byes + ((round_no, ByeKind.ABSENT),)) if p.id in seated else p
        for p in before.players))
    p = pair_round(away, allow_rematch=allow_rematch,
                   field=Field.of(away, waitlist=waitlist, seated=seated))
    taken = {bd.number for bd in kept}
    free = (n for n in range(1, 10**6) if n not in taken)
    boards = list(kept) + [replace(bd, number=next(free)) for bd in p.round.boards]
    boards.sort(key=lambda bd: bd.number)
    byes = tuple(y for y in p.round.byes if y.player not in seated)
    new = replace(rnd, boards=tuple(boards), byes=byes)
    # a board is changed when its number now seats other players, or the same two with the
    # colours swapped (the first-listed is the colour: a new pair is not the only change)
    old = {bd.number: bd.players for bd in rnd.boards}
    changed = [bd.number for bd in boards if old.get(bd.number) != bd.players]
    old_bye = {y.player for y in rnd.byes if y.kind is ByeKind.PAIRING}
    to_bye = [y.player for y in new.byes if y.kind is ByeKind.PAIRING
              and y.player not in old_bye]
    out = _preview(event, new, changed, new_byes=to_bye, first_board=first_board)
    return replace(out, costs=tuple(p.warnings) + out.costs)
