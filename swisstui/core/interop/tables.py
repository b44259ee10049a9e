"""The four printable lists as plain tables, rendered by :mod:`.csv_export` and
:mod:`.html_export`: standings, crosstable (both from :mod:`swisstui.core.standings`), the
pairings of a round and the alphabetical wall list (player → board) a director pins up at the
venue.  Values are text already formatted for a reader (tie-breaks through
:func:`swisstui.core.standings.format_value`).

Every builder takes ``lang``: the language of the people who read the list (titles, headers,
colour and bye words; issue 17).  The default is English, the language of the machine format
CSV, which never changes with the locale; HTML, prints and text pass the players' language
(:func:`swisstui.core.readers.players_lang`).  Codes (BH, SB, MMS …) and result notations
stay as they are."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..board_setup import describe
from ..collation import name_key
from ..colours_vocab import WORDS
from ..errors import SwissError
from ..games import profile
from ..i18n import SOURCE, N_, _
from ..readers import Gettext, gettext_for, number_text, pgettext_for, reader_text
from ..model import ByeKind, Event, Player
from ..history import board_colours

WHATS = ("standings", "crosstable", "pairings", "wall", "final")

# module constants: marked here, translated where shown (``t(BYE_TEXT[kind])``)
COLOUR_WORD = WORDS  # the colour words (colours_vocab)
_COLOUR_WORD = COLOUR_WORD
BYE_TEXT = {
    ByeKind.PAIRING: N_("bye"),
    ByeKind.FULL: N_("full-point bye"),
    ByeKind.HALF: N_("half-point bye"),
    ByeKind.ZERO: N_("zero-point bye"),
    ByeKind.ABSENT: N_("absent"),
}
# the stages of a playoff as :func:`swisstui.core.standings.playoff.stage_name` and
# :func:`~swisstui.core.standings.playoff.final_places` spell them (data, English)
STAGE_TEXT = {"Champion": N_("Champion"), "Final": N_("Final"),
              "Semi-finals": N_("Semi-finals"), "Quarter-finals": N_("Quarter-finals")}

def stage_text(stage: str, _: Gettext) -> str:
    """A playoff stage name for a reader (``Round of 16`` → its translation); ``_`` is the
    readers' translation function (so extraction finds the literal)."""
    if stage in STAGE_TEXT:
        return _(STAGE_TEXT[stage])
    if stage.startswith("Round of ") and stage[9:].isdecimal():
        return _("Round of {n}").format(n=stage[9:])
    if stage.startswith("in the "):  # still playing that stage (final_places)
        # Translators: a player's stage while it is played, e.g. "in the Semi-finals"
        return _("in the {stage}").format(stage=stage_text(stage[7:], _))
    return stage


@dataclass(frozen=True)
class Table:
    """A titled table of text cells; ``numeric`` marks right-aligned columns."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]
    notes: tuple[str, ...] = ()
    # (code, what it is called) of the tie-break columns, for a legend under the table
    legend: tuple[tuple[str, str], ...] = ()


def _legend(codes, lang: str) -> tuple[tuple[str, str], ...]:
    from ..standings.registry import description
    return tuple((c, description(c, lang)) for c in codes)


def _fmt(code: str | None, value: float | None, lang: str = SOURCE) -> str:
    from ..standings import format_value

    return format_value(code, value, lang)


def _seats(event: Event) -> tuple[str, str] | None:
    """The seat names of a board when its order fixes the colours (White/Black in chess,
    Black/White in Go and Othello), else None (English: translate where shown)."""
    prof = profile(event.game)
    return prof.seats.names if prof.seats.first_colour is not None else None


def seat_word(event: Event, colour: str | None, first: bool, _: Gettext) -> str:
    """The word for a player's seat on a board, in the reader's language: the colour
    played when known, else the game's seat name when the board order fixes the colours,
    else "first" / "second" (Magic).  The wall chart and the players' page say the same."""
    if colour is not None:
        return _(COLOUR_WORD[colour])
    seats = _seats(event)
    if seats is not None:
        return _(seats[0 if first else 1])
    return _("first") if first else _("second")


def _strength_header(event: Event, _: Gettext) -> str:
    return _("Rank") if profile(event.game).printing.strength_column == "rank" else _("Rating")


def strength(event: Event, p) -> str:
    """A player's rating or rank as the game's lists show it (a rating 0 is 0)."""
    if profile(event.game).printing.strength_column == "rank":
        return p.rank or ""
    return "" if p.rating is None else str(p.rating)


def standings_table(event: Event, upto: int | None = None, chain=None, *,
                    lang: str = SOURCE) -> Table:
    """The standings cells of :func:`swisstui.core.standings.render.standings_rows` (the
    standings area defines them once), with rating/rank, club and country added after the
    name for a printed list."""
    from ..standings import standings
    from ..standings.render import standings_rows

    _ = gettext_for(lang)
    st = standings(event, upto, chain)
    head, cells = standings_rows(st, lang=lang)
    extra = (_strength_header(event, _), _("Club"), _("Country"))
    by_id = event.by_id()
    rows = []
    for row, c in zip(st.rows, cells):
        p = by_id.get(row.player.id, row.player)
        rows.append((*c[:3], strength(event, p), p.club or "", p.country or "", *c[3:]))
    headers = (*head[:3], *extra, *head[3:])
    numeric = (True, True, False, True, False, False) + (True,) * (len(head) - 3)
    return Table(_("Standings after round {round}").format(round=st.after_round), headers,
                 tuple(rows), numeric, tuple(reader_text(w, _) for w in st.warnings),
                 _legend(st.tiebreaks, lang))


def crosstable_table(event: Event, upto: int | None = None, chain=None, *,
                     lang: str = SOURCE,
                     title: str = N_("Crosstable after round {round}")) -> Table:
    """The crosstable cells of :func:`swisstui.core.standings.render.crosstable_rows`, with a
    first ``#`` column: the row number the cells refer to (``12w+`` = row 12); ``title`` is
    the (marked, untranslated) title with its ``{round}``."""
    from ..standings import crosstable
    from ..standings.render import crosstable_rows

    _ = gettext_for(lang)
    ct = crosstable(event, upto, chain)
    head, cells = crosstable_rows(ct, lang=lang)
    rows = tuple((str(i), *c) for i, c in enumerate(cells, start=1))
    nr = len(ct.rounds)
    numeric = (True, True, True, False) + (False,) * nr + (True,) * (len(head) - 3 - nr)
    return Table(_(title).format(round=ct.after_round),
                 ("#", *head), rows, numeric, tuple(reader_text(w, _) for w in ct.warnings),
                 _legend(ct.tiebreaks, lang))


def paired_round(event: Event, round_no: int | None):
    """Round ``round_no`` (default: the current round), or SwissError naming the paired
    rounds."""
    number = event.current_round if round_no is None else round_no
    rnd = event.round(number)
    if rnd is None and not event.rounds:
        raise SwissError(_("no round has been paired yet"))
    if rnd is None:
        have = ", ".join(str(r.number) for r in event.rounds) or "none yet"
        raise SwissError(_("no pairing for round {number} (rounds paired: {have})")
                         .format(number=number, have=have))
    return rnd


def _who(event: Event, pid: int) -> str:
    p = event.player(pid)
    return f"{p.name} ({pid})" if p is not None else f"#{pid}"


def pairings_table(event: Event, round_no: int | None = None, *, lang: str = SOURCE,
                   first_board: int = 1) -> Table:
    """Boards of one round: first-listed player, score before the round, result, second
    player; then the byes.  ``first_board`` is the hall's number of board 1 (a section's
    ``first_board``): the boards are shown by the hall's numbers."""
    from ..pairing.groups import pairing_scores
    _ = gettext_for(lang)
    rnd = paired_round(event, round_no)
    before = pairing_scores(event, rnd.number)  # what the round was paired on
    a, b = _seats(event) or (N_("Player A"), N_("Player B"))
    score = "MMS" if event.settings.system == "mcmahon" else _("Score")
    headers: tuple[str, ...] = (_("Board"), _(a), score, _("Result"), score, _(b))
    setups = any(board.setup for board in rnd.boards)  # Go handicap games: stones and komi
    if setups:
        headers += (_("Handicap"),)
    rows = []
    for board in sorted(rnd.boards, key=lambda x: x.number):
        p, q = board.players
        row = (str(board.number + first_board - 1), _who(event, p), _fmt(None, before.get(p, 0.0), lang),
               board.result.text if board.result else "",
               _fmt(None, before.get(q, 0.0), lang), _who(event, q))
        rows.append(row + ((describe(event.game, board, _),) if setups else ()))
    for bye in sorted(rnd.byes, key=lambda x: x.player):
        rows.append(("", _who(event, bye.player), _fmt(None, before.get(bye.player, 0.0), lang),
                     _(BYE_TEXT[bye.kind]), "", "") + (("",) if setups else ()))
    title = (_("Pairings round {round} (playoff)") if rnd.playoff
             else _("Pairings round {round}")).format(round=rnd.number)
    return Table(title, headers, tuple(rows),
                 (True, False, True, False, True, False) + ((False,) if setups else ()))


def wall_table(event: Event, round_no: int | None = None, *, lang: str = SOURCE,
               first_board: int = 1) -> Table:
    """Every player of the round in alphabetical order with their board (the hall's number:
    ``first_board`` is board 1's), colour (or seat) and opponent — the list pinned on the
    wall."""
    _ = gettext_for(lang)
    rnd = paired_round(event, round_no)
    entries = []
    for board in rnd.boards:
        cols = board_colours(event.game, board)
        for seat, pid in enumerate(board.players):
            opp = board.players[1 - seat]
            colour = seat_word(event, cols[seat] if cols is not None else None, seat == 0, _)
            entries.append((pid, str(board.number + first_board - 1), colour,
                            _who(event, opp)))
    for bye in rnd.byes:
        entries.append((bye.player, "", "", _(BYE_TEXT[bye.kind])))
    listed = {e[0] for e in entries}
    for p in event.players:
        if p.id not in listed and p.active_in(rnd.number):
            entries.append((p.id, "", "", _(BYE_TEXT[ByeKind.ABSENT])))

    def key(e):  # the readers' order: Ólafur under O, 山田 by its reading (core/collation.py)
        p = event.player(e[0])
        return (name_key(p.name, p.reading, lang) if p else name_key(""), e[0])

    rows = tuple((pl.name if (pl := event.player(pid)) else f"#{pid}", str(pid), board,
                  colour, opp) for pid, board, colour, opp in sorted(entries, key=key))
    seat_header = _("Colour") if profile(event.game).seats.has_colours else _("Seat")
    return Table(_("Round {round}: who plays where").format(round=rnd.number),
                 (_("Name"), _("No."), _("Board"), seat_header, _("Opponent")),
                 rows, (False, True, True, False, False))


def final_table(event: Event, *, lang: str = SOURCE) -> Table:
    """The final places (:func:`swisstui.core.standings.playoff.final_places`): after a
    playoff, the champion first, then how far each player went; without one, the Swiss
    standings' order.  A note says when the playoff is still being played."""
    from ..standings.playoff import final_places
    _ = gettext_for(lang)
    places = final_places(event)
    by_id = event.by_id()
    rows = tuple((str(f.place), str(f.player),
                  by_id[f.player].name if f.player in by_id else f"#{f.player}",
                  stage_text(f.stage, _))
                 for f in places)
    notes = (_("the playoff is still being played: places of players still in it follow "
               "their seeds"),) if any(not f.decided for f in places) else ()
    pgettext = pgettext_for(lang)
    return Table(_("Final places"), (_("Pl"), pgettext("column", "No"), _("Name"), _("Stage")),
                 rows, (True, True, False, False), notes)


def build(event: Event, what: str, round_no: int | None = None, chain=None, *,
          lang: str = SOURCE, first_board: int = 1) -> Table:
    """The table ``what`` (one of :data:`WHATS`); ``round_no`` is "after round" for standings
    and crosstable, "of round" for pairings and the wall list (default: the current round);
    ``chain`` replaces the event's tie-break chain of standings and crosstable; ``lang`` is
    the readers' language (English for CSV); ``first_board`` the hall's number of board 1
    (pairings and the wall list show the hall's numbers)."""
    if what == "standings":
        return standings_table(event, round_no, chain, lang=lang)
    if what == "crosstable":
        return crosstable_table(event, round_no, chain, lang=lang)
    if what == "pairings":
        return pairings_table(event, round_no, lang=lang, first_board=first_board)
    if what == "wall":
        return wall_table(event, round_no, lang=lang, first_board=first_board)
    if what == "final":
        return final_table(event, lang=lang)
    raise SwissError(_("unknown list {what!r}; valid: {items}")
                     .format(what=what, items=', '.join(WHATS)))


# ---- the registration / check-in list (issue 33 item 10) ------------------------------------

@dataclass(frozen=True)
class RosterEntry:
    """One line of the check-in list: a player's entry in one section (``section``: its name,
    "" for an event of one section) with what the section's desk file says of it — the
    registration state (a key of :data:`swisstui.core.registration.STATES`), whether a fee
    is due or was paid (``fee``), what was paid and what is owed, in ``currency``."""

    section: str
    player: Player
    strength: str
    state: str
    fee: bool = False
    paid: Decimal = Decimal(0)
    owed: Decimal = Decimal(0)
    currency: str = ""


def roster_of(event: Event, desk=None, section: str = "") -> tuple[RosterEntry, ...]:
    """The check-in list's entries of one section: every player of ``event`` with the
    ``desk``'s (:class:`swisstui.core.fees.Desk`; None: no desk file) state and fees."""
    from ..fees import Desk, state_of
    desk = desk if desk is not None else Desk()
    out = []
    for p in event.players:
        e = desk.entry(p.id)
        out.append(RosterEntry(section, p, strength(event, p), state_of(desk, p),
                               bool(e.due or e.payments), e.paid, e.owed, desk.currency))
    return tuple(out)


def money_text(amount: Decimal, currency: str, lang: str = SOURCE) -> str:
    """An amount as the desk keeps it (``12.50``, exact: never a float), with the readers'
    decimal mark (``12,50`` in pt_BR) and the currency code when the desk has one."""
    mark = number_text(0.5, lang)[1]  # the readers' decimal mark: "0.5" / "0,5"
    text = str(amount).replace(".", mark)
    return f"{text} {currency}" if currency else text


def checkin_table(event: Event, entries: tuple[RosterEntry, ...], *, lang: str = SOURCE,
                  paper: bool = False) -> Table:
    """The registration / check-in list the desk works from: one line per player's entry in
    a section (a player entered in two sections — moved after a round — is on two lines),
    sorted by name in the readers' order (:func:`swisstui.core.collation.name_key`): the
    section (only when the entries come from several), id, name, rating or rank (``event``'s
    game says which header), club, the desk's state in the readers' words, a check-in mark,
    what was paid and is owed (only when some entry has a fee), and on ``paper`` a blank
    column to sign or tick."""
    from ..registration import CHECKED_IN, STATE_WORDS
    _ = gettext_for(lang)
    several = len({e.section for e in entries}) > 1
    fees = any(e.fee for e in entries)
    order = {name: i for i, name in enumerate(dict.fromkeys(e.section for e in entries))}

    def key(e: RosterEntry):
        return (name_key(e.player.name, e.player.reading, lang), order[e.section],
                e.player.id)

    headers = ((_("Section"),) if several else ()) + (
        _("No."), _("Name"), _strength_header(event, _), _("Club"), _("State"),
        # Translators: the check-in list's column of the players checked in (a mark ✓)
        _("Checked in"))
    numeric = ((False,) if several else ()) + (True, False, True, False, False, False)
    if fees:
        headers += (_("Paid"), _("Owed"))
        numeric += (True, True)
    if paper:
        # Translators: the printed check-in list's blank column, signed or ticked at the desk
        headers += (_("Signature"),)
        numeric += (False,)
    rows = []
    for e in sorted(entries, key=key):
        p = e.player
        row = ((e.section,) if several else ()) + (
            str(p.id), p.name, e.strength, p.club or "", _(STATE_WORDS[e.state]),
            "✓" if e.state == CHECKED_IN else "")
        if fees:
            row += ((money_text(e.paid, e.currency, lang), money_text(e.owed, e.currency, lang))
                    if e.fee else ("", ""))
        if paper:
            row += ("",)
        rows.append(row)
    return Table(_("Registration and check-in"), headers, tuple(rows), numeric)
