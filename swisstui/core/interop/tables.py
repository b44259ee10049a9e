"""The four printable lists as plain tables, rendered by :mod:`.csv_export` and
:mod:`.html_export`: standings, crosstable (both from :mod:`swisstui.core.standings`), the
pairings of a round and the alphabetical wall list (player → board) a director pins up at the
venue.  Values are text already formatted for a reader (tie-breaks through
:func:`swisstui.core.standings.format_value`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board_setup import describe
from ..collation import name_key
from ..errors import SwissError
from ..games import profile
from ..model import ByeKind, Event, board_colours

WHATS = ("standings", "crosstable", "pairings", "wall", "final")

_COLOUR_WORD = {"w": "White", "b": "Black"}
BYE_TEXT = {
    ByeKind.PAIRING: "bye",
    ByeKind.FULL: "full-point bye",
    ByeKind.HALF: "half-point bye",
    ByeKind.ZERO: "zero-point bye",
    ByeKind.ABSENT: "absent",
}


@dataclass(frozen=True)
class Table:
    """A titled table of text cells; ``numeric`` marks right-aligned columns."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]
    notes: tuple[str, ...] = ()


def _fmt(code: str | None, value: float | None) -> str:
    from ..standings import format_value

    return format_value(code, value)


def _seats(event: Event) -> tuple[str, str] | None:
    """The seat names of a board when its order fixes the colours (White/Black in chess,
    Black/White in Go and Othello), else None."""
    prof = profile(event.game)
    return prof.seat_names if prof.first_colour is not None else None


def _strength_header(event: Event) -> str:
    return "Rank" if profile(event.game).strength_column == "rank" else "Rating"


def _strength(event: Event, p) -> str:
    if profile(event.game).strength_column == "rank":
        return p.rank or ""
    return "" if p.rating is None else str(p.rating)


def standings_table(event: Event, upto: int | None = None, chain=None) -> Table:
    """The standings cells of :func:`swisstui.core.standings.render.standings_rows` (the
    standings area defines them once), with rating/rank, club and country added after the
    name for a printed list."""
    from ..standings import standings
    from ..standings.render import standings_rows

    st = standings(event, upto, chain)
    head, cells = standings_rows(st)
    extra = (_strength_header(event), "Club", "Country")
    by_id = event.by_id()
    rows = []
    for row, c in zip(st.rows, cells):
        p = by_id.get(row.player.id, row.player)
        rows.append((*c[:3], _strength(event, p), p.club or "", p.country or "", *c[3:]))
    headers = (*head[:3], *extra, *head[3:])
    numeric = (True, True, False, True, False, False) + (True,) * (len(head) - 3)
    return Table(f"Standings after round {st.after_round}", headers, tuple(rows), numeric,
                 tuple(st.warnings))


def crosstable_table(event: Event, upto: int | None = None, chain=None) -> Table:
    """The crosstable cells of :func:`swisstui.core.standings.render.crosstable_rows`, with a
    first ``#`` column: the row number the cells refer to (``12w+`` = row 12)."""
    from ..standings import crosstable
    from ..standings.render import crosstable_rows

    ct = crosstable(event, upto, chain)
    head, cells = crosstable_rows(ct)
    rows = tuple((str(i), *c) for i, c in enumerate(cells, start=1))
    nr = len(ct.rounds)
    numeric = (True, True, True, False) + (False,) * nr + (True,) * (len(head) - 3 - nr)
    return Table(f"Crosstable after round {ct.after_round}", ("#", *head), rows, numeric,
                 tuple(ct.warnings))


def paired_round(event: Event, round_no: int | None):
    """Round ``round_no`` (default: the current round), or SwissError naming the paired
    rounds."""
    number = event.current_round if round_no is None else round_no
    rnd = event.round(number)
    if rnd is None and not event.rounds:
        raise SwissError("no round has been paired yet")
    if rnd is None:
        have = ", ".join(str(r.number) for r in event.rounds) or "none yet"
        raise SwissError(f"no pairing for round {number} (rounds paired: {have})")
    return rnd


def _who(event: Event, pid: int) -> str:
    p = event.player(pid)
    return f"{p.name} ({pid})" if p is not None else f"#{pid}"


def pairings_table(event: Event, round_no: int | None = None) -> Table:
    """Boards of one round: first-listed player, score before the round, result, second
    player; then the byes."""
    from ..pairing.groups import pairing_scores
    rnd = paired_round(event, round_no)
    before = pairing_scores(event, rnd.number)  # what the round was paired on
    a, b = _seats(event) or ("Player A", "Player B")
    score = "MMS" if event.settings.system == "mcmahon" else "Score"
    headers: tuple[str, ...] = ("Board", a, score, "Result", score, b)
    setups = any(board.setup for board in rnd.boards)  # Go handicap games: stones and komi
    if setups:
        headers += ("Handicap",)
    rows = []
    for board in sorted(rnd.boards, key=lambda x: x.number):
        p, q = board.players
        row = (str(board.number), _who(event, p), _fmt(None, before.get(p, 0.0)),
               board.result.text if board.result else "", _fmt(None, before.get(q, 0.0)),
               _who(event, q))
        rows.append(row + ((describe(event.game, board),) if setups else ()))
    for bye in sorted(rnd.byes, key=lambda x: x.player):
        rows.append(("", _who(event, bye.player), _fmt(None, before.get(bye.player, 0.0)),
                     BYE_TEXT[bye.kind], "", "") + (("",) if setups else ()))
    title = f"Pairings round {rnd.number}" + (" (playoff)" if rnd.playoff else "")
    return Table(title, headers, tuple(rows),
                 (True, False, True, False, True, False) + ((False,) if setups else ()))


def wall_table(event: Event, round_no: int | None = None) -> Table:
    """Every player of the round in alphabetical order with their board, colour (or seat)
    and opponent — the list pinned on the wall."""
    rnd = paired_round(event, round_no)
    seat_words = _seats(event)
    entries = []
    for board in rnd.boards:
        cols = board_colours(event.game, board)
        for seat, pid in enumerate(board.players):
            opp = board.players[1 - seat]
            if cols is not None:
                colour = _COLOUR_WORD[cols[seat]]
            elif seat_words is None:
                colour = "A" if seat == 0 else "B"
            else:
                colour = seat_words[seat]
            entries.append((pid, str(board.number), colour, _who(event, opp)))
    for bye in rnd.byes:
        entries.append((bye.player, "", "", BYE_TEXT[bye.kind]))
    listed = {e[0] for e in entries}
    for p in event.players:
        if p.id not in listed and p.active_in(rnd.number):
            entries.append((p.id, "", "", "absent"))

    def key(e):  # accents folded: Ólafur under O (core/collation.py)
        p = event.player(e[0])
        return (name_key(p.name if p else ""), e[0])

    rows = tuple((pl.name if (pl := event.player(pid)) else f"#{pid}", str(pid), board,
                  colour, opp) for pid, board, colour, opp in sorted(entries, key=key))
    seat_header = "Colour" if profile(event.game).has_colours else "Seat"
    return Table(f"Round {rnd.number}: who plays where", ("Name", "No.", "Board", seat_header,
                                                           "Opponent"),
                 rows, (False, True, True, False, False))


def final_table(event: Event) -> Table:
    """The final places (:func:`swisstui.core.standings.playoff.final_places`): after a
    playoff, the champion first, then how far each player went; without one, the Swiss
    standings' order.  A note says when the playoff is still being played."""
    from ..standings.playoff import final_places
    places = final_places(event)
    by_id = event.by_id()
    rows = tuple((str(f.place), str(f.player),
                  by_id[f.player].name if f.player in by_id else f"#{f.player}", f.stage)
                 for f in places)
    notes = ("the playoff is still being played: places of players still in it follow their "
             "seeds",) if any(not f.decided for f in places) else ()
    return Table("Final places", ("Pl", "No", "Name", "Stage"), rows,
                 (True, True, False, False), notes)


def build(event: Event, what: str, round_no: int | None = None, chain=None) -> Table:
    """The table ``what`` (one of :data:`WHATS`); ``round_no`` is "after round" for standings
    and crosstable, "of round" for pairings and the wall list (default: the current round);
    ``chain`` replaces the event's tie-break chain of standings and crosstable."""
    if what == "standings":
        return standings_table(event, round_no, chain)
    if what == "crosstable":
        return crosstable_table(event, round_no, chain)
    if what == "pairings":
        return pairings_table(event, round_no)
    if what == "wall":
        return wall_table(event, round_no)
    if what == "final":
        return final_table(event)
    raise SwissError(f"unknown list {what!r}; valid: {', '.join(WHATS)}")
