"""FIDE Tournament Report File (TRF): write a chess event, read one back (docs/RULES.md §5.5, §5.7).

The layout follows the FIDE TRF-16 text (C.04 Annex 2, 2016) and the TRF-2026 text (approved
12/05/2025, applied from 01/09/2025); both share the ``001`` player record.  Column table
(1-based, as the specification counts) — also in docs/INTEROP.md:

=======  ==========================================================
1-3      ``001``
5-8      starting rank (pairing number), right aligned
10       sex ``m`` / ``w``
11-13    title (``GM`` … ``WCM``), right aligned
15-47    name ``Lastname, Firstname``
49-52    FIDE rating
54-56    FIDE federation
58-68    FIDE id, right aligned
70-79    birth date ``YYYY/MM/DD``
81-84    points ``11.5``
86-89    rank (ties allowed)
92-95    round 1 opponent (``0000`` for a bye / absence), +10 columns per round
97       round 1 colour ``w`` / ``b`` / ``-``
99       round 1 result ``1 = 0 + - W D L H F U Z`` (blank = ``Z``)
=======  ==========================================================

Choices (docs/INTEROP.md): TRF-16 is the default (``XXR`` total rounds and ``XXC white1`` /
``black1`` initial colour, the JaVaFo extensions every pairing checker reads, ``BBW``/``BBD``/
``BBU`` for a non-default scoring, ``XXP`` for forbidden pairs); TRF-2026 writes ``142`` / ``152`` / ``162`` and adds ``240``
records for requested byes of later rounds and ``260`` for forbidden pairs.  Both add a column
for the round to be paired when someone must be left out of it (requested byes, withdrawn or
not yet entered players), the JaVaFo/bbpPairings in-tournament convention.  Lines end with
CR LF (TRF "each line shall have a CR"); the file is UTF-8.  Only complete rounds are written
(a TRF has no "pending" code).

Reading keeps what the file says (issue 32): the starting ranks become the player ids and
stay the pairing numbers (chess option ``pairing_numbers = "id"``), a rating 0 stays 0, ``XXP``
and ``260`` forbidden pairs and ``XXZ`` absences are read, ``132`` round dates become the
rounds' dates; the records swisstui does not use (``032``, ``112``, ``192``, ``250``, ``DAT``
…) are kept verbatim in the event (``Settings.interop["trf"]``, ``[interop.trf]`` of
event.toml: those before the first ``001`` record and those after it) and named to the
caller (``unused``), which says so in one line; the writer puts them back (numbered header
records among the written ones by number, the others after the ``001`` records), never a
record it writes itself.

Round dates (``132``, TRF-16 and TRF-2026 alike): ``YY/MM/DD`` in columns 92-99 for round 1,
102-109 for round 2, … (under each round's block of the ``001`` records).  Written from the
rounds' dates (the day each was paired, ``Round.date``); dates of rounds not played yet come
from a ``132`` kept from an import (the planned schedule).

Numbering (docs/INTEROP.md "Pairing numbers"): the starting-rank column holds the pairing
numbers of FIDE C.04.2 (rating, title, name — the Dutch engine's
:func:`~swisstui.core.pairing.dutch.pairing_numbers`, for the round to be paired next), the
records are written in that order, and the round columns, ``240`` and ``260`` records use the
same numbers.  The director's player ids stay in the event; when they differ from the
numbers the file carries them in comment records ``### swisstui ids: 1=12 2=5 …`` (pairing
number = id; every TRF reader skips ``###`` lines), which the reader maps back.  An event in
FIDE mode (core/fide_mode.py) ends with its notes, ``### swisstui note: WHEN WHO: WHAT;
reason: WHY``, one record each: every tie-break change after round 1 and every edit to a
published round, from the history; the reader skips them like any ``###`` line.

Initial colour: ``XXC`` / ``152`` when written; otherwise inferred from the first round with
a game, as the pairing engines do — among the players paired in that round (a game or the
pairing-allocated bye) in pairing-number order, the first with a colour gives it: his own
colour if he is first, second, … at an odd position (1st, 3rd, …), the other colour at an
even one.

Encoding: UTF-8 by default; ``encoding="latin-1"`` writes ISO 8859-1 with the characters
outside it transliterated, ``"ascii"`` plain ASCII (``Åström`` → ``Astrom``, ``ß`` → ``ss``),
for readers that cannot take UTF-8 (:func:`encode_trf`).  Text fields are folded before the
fixed columns are laid out, so every column stays in place.

Codes written per round, from :class:`~swisstui.core.model.GameKind`: played game ``1 = 0``
with the colour; forfeit win / loss ``+`` / ``-`` with the scheduled colour (a double forfeit
is ``-`` on both sides); pairing-allocated bye ``0000 - U``; requested byes ``0000 - F``,
``0000 - H``, ``0000 - Z``; an absence ``0000 - Z``; rounds before a late entry and after a
withdrawal are left blank (blank means ``Z`` to any TRF reader; swisstui reads leading blanks
back as a late entry and trailing blanks as a withdrawal).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from collections.abc import Mapping

from ..errors import EventFileError, SwissError
from ..games import profile
from ..i18n import _
from .charset import ENCODINGS, fit_name, fold_to
from ..model import Board, Bye, ByeKind, Event, GameKind, Player, Round, Scoring, Settings
from ..history import history, score
from ..registration import clean_birth, nfc

VERSIONS = ("16", "2026")
DEFAULT_VERSION = "16"
DEFAULT_ENCODING = ENCODINGS[0]  # ENCODINGS: .charset
EOL = "\r\n"
IDS_TAG = "### swisstui ids:"
#: FIDE mode's notes (core/fide_mode.py), one comment record each, after the ids
NOTE_TAG = "### swisstui note:"

# 092 (type of tournament): the Dutch system is what a chess "Swiss System" means; swisstui's
# general matching system says so, and reads back as itself
_SYSTEM_TEXT = {"dutch": "Swiss System", "swiss": "Swiss System (matching)",
                "roundrobin": "Round Robin", "mcmahon": "McMahon"}
_BYE_CODE = {
    GameKind.PAIRING_BYE: "U",
    GameKind.FULL_BYE: "F",
    GameKind.HALF_BYE: "H",
    GameKind.ZERO_BYE: "Z",
    GameKind.ABSENT: "Z",
}
_REQUEST_CODE = {ByeKind.FULL: "F", ByeKind.HALF: "H", ByeKind.ZERO: "Z", ByeKind.ABSENT: "Z"}
_CODE_REQUEST = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}
RESULT_CODES = "1=0+-WDLHFUZ"
# result code of one side -> the other side's code that agrees with it
_COMPLEMENT = {"1": {"0"}, "0": {"1"}, "=": {"="}, "+": {"-"}, "-": {"+", "-"},
               "W": {"L"}, "L": {"W"}, "D": {"D"}, " ": {" "}}  # blank: paired, no result
_BLANK_BLOCK = " " * 10


# ---- helpers shared by writer and reader ----------------------------------------------------

def complete_rounds(event: Event) -> tuple[Round, ...]:
    """The Swiss rounds 1..k that have every result (a TRF cannot say "not played yet")."""
    out = []
    for n, rnd in enumerate(sorted(event.swiss_rounds(), key=lambda r: r.number), start=1):
        if rnd.number != n or rnd.missing_results():
            break
        out.append(rnd)
    return tuple(out)


def event_after(event: Event, upto: int) -> Event:
    """The event as it stood after round ``upto`` (``export --round N``: a pairing checker
    recomputes round N+1).  Refused when round ``upto`` is not complete — a TRF has no code
    for a game not yet finished, so the file would silently stop one round earlier."""
    swiss = sorted(r.number for r in event.swiss_rounds())
    if not 0 <= upto <= (swiss[-1] if swiss else 0):
        span = f"the Swiss rounds 1-{swiss[-1]}" if swiss else "no round yet"
        raise SwissError(_("--round {upto}: the event has {span}")
                         .format(upto=upto, span=span))
    event = replace(event, rounds=tuple(r for r in event.rounds if r.number <= upto))
    for rnd in sorted(event.swiss_rounds(), key=lambda r: r.number):
        if rnd.missing_results():
            raise SwissError(_("--round {upto}: round {number} has {missing_results} result(s) "
                               "missing, and a TRF holds complete rounds only (enter them, or "
                               "export --round {value})")
                             .format(upto=upto, number=rnd.number,
                                     missing_results=rnd.missing_results(),
                                     value=rnd.number - 1))
    return event


def trf_ranks(event: Event, upto: int) -> dict[int, int]:
    """Rank of each player after round ``upto`` from the standings area (score, then the
    event's tie-break chain); before round 1 the starting rank."""
    if upto <= 0:
        return trf_numbers(event, 0)
    from ..standings import standings

    return {row.player.id: row.rank for row in standings(event, upto=upto).rows}


def _default_scoring() -> Scoring:
    return profile("chess").scoring


def _scoring_items(sc: Scoring) -> list[tuple[str, float]]:
    """Points that differ from the chess default, as ``(code, points)`` with the TRF-2026
    ``162`` codes ``W`` (win, also by forfeit or full-point bye), ``D`` (draw, half-point
    bye) and ``P`` (pairing-allocated bye); SwissError for what a TRF cannot express."""
    default = _default_scoring()
    if sc.forfeit_win is not None and sc.forfeit_win != sc.win:
        raise SwissError(_("TRF cannot carry forfeit_win different from win (one value for wins "
                           "over the board and by forfeit)"))
    if sc.loss != 0 or sc.double_forfeit != 0 or sc.absent != 0:
        raise SwissError(_("TRF cannot carry points for a loss, an absence or a double forfeit "
                           "(they score 0 in every TRF reader)"))
    items = []
    for code, mine, theirs in (("W", sc.win, default.win), ("D", sc.draw, default.draw),
                               ("P", sc.bye, default.bye)):
        if mine != theirs:
            items.append((code, mine))
    return items


# TRF-16 has no scoring record; the pairing engines read these (bbpPairings "TRF(xb)":
# BBW win, BBD draw, BBU pairing-allocated bye; format "BBW  3.0").
_BB_CODE = {"W": "BBW", "D": "BBD", "P": "BBU"}
_BB_FIELD = {"BBW": "W", "BBD": "D", "BBU": "P", "BBL": "L", "BBZ": "Z", "BBF": "F"}


def next_round_requests(event: Event, upto: int) -> dict[int, str]:
    """Codes for the round after ``upto`` (the round to be paired): ``F`` / ``H`` / ``Z``
    for requested byes, ``Z`` for players withdrawn or not yet entered — what a pairing
    engine needs to leave them out (JaVaFo/bbpPairings in-tournament convention)."""
    nxt = upto + 1
    out: dict[int, str] = {}
    if nxt > event.settings.rounds:
        return out
    for p in event.players:
        kind = p.requested_bye(nxt)
        if not p.active_in(nxt):
            out[p.id] = "Z"
        elif kind in _REQUEST_CODE:
            out[p.id] = _REQUEST_CODE[kind]
    return out


def _trf_date(value: str | None) -> str:
    return (value or "").replace("-", "/")


def _trf_birth(value: str | None) -> str:
    if not value:
        return ""
    if re.fullmatch(r"\d{4}", value):
        return f"{value}/00/00"
    return value.replace("-", "/")


def _pts(value: float) -> str:
    return f"{value:4.1f}"


# ---- writer ---------------------------------------------------------------------------------

def initial_colour(event: Event, rounds: tuple[Round, ...] = (),
                   numbers: Mapping[int, int] | None = None) -> str:
    """``w`` or ``b``: the colour the top seed gets in round 1 (docs/RULES.md §5.6 step 5).

    Derived from the first round on file with a game, as the pairing engines infer it: the
    players who took part in that round's pairing (a game or the pairing-allocated bye), in
    pairing-number order (``numbers``, player id -> number; default the ids), and the first
    of them with a colour: his colour if his position among them is odd (1st, 3rd, …), the
    other colour if even.  Without such a round, the chess option ``initial_colour``."""
    first = next((r for r in (rounds or tuple(sorted(event.swiss_rounds(),
                                                      key=lambda r: r.number)))
                  if r.boards), None)
    if first is not None:
        rank = (lambda pid: numbers.get(pid, 10**6 + pid)) if numbers else (lambda pid: pid)
        colour_of = {}
        for b in first.boards:
            colour_of[b.players[0]] = "w"
            colour_of[b.players[1]] = "b"
        took_part = set(colour_of) | {b.player for b in first.byes
                                      if b.kind is ByeKind.PAIRING}
        for pos, pid in enumerate(sorted(took_part, key=rank)):
            if pid in colour_of:
                colour = colour_of[pid]
                if pos % 2 == 0:
                    return colour
                return "b" if colour == "w" else "w"
    return str(event.settings.options.get("initial_colour", "w"))


# ---- text folding for Latin-1 / ASCII files -------------------------------------------------

def fold_text(text: str, encoding: str) -> str:
    """``text`` written with the characters ``encoding`` has (UTF-8: unchanged); Latin-1 keeps
    ``é``, ``ö``, ``ß``, ASCII folds them (:func:`.charset.fold_to`)."""
    return fold_to(text, encoding)


def encode_trf(text: str, encoding: str = DEFAULT_ENCODING) -> bytes:
    """The file's bytes: ``text`` as written by :func:`write_trf` with the same ``encoding``
    (already folded), encoded."""
    if encoding not in ENCODINGS:
        raise SwissError(_("unknown TRF encoding {encoding}; valid: {valid}").format(
            encoding=repr(encoding), valid=", ".join(ENCODINGS)))
    return fold_text(text, encoding).encode(encoding)


def trf_numbers(event: Event, upto: int) -> dict[int, int]:
    """Player id -> the number written for him: the pairing number (C.04.2) of the round
    after ``upto``, the one a pairing checker pairs next (the Dutch engine's function)."""
    from ..pairing.dutch import pairing_numbers

    return pairing_numbers(event, round_no=upto + 1)


def _block(rec, numbers: Mapping[int, int]) -> str:
    kind = rec.kind
    if kind is GameKind.GAME:
        code = {1: "1", 0.5: "=", 0: "0"}[rec.outcome]
        return f"  {numbers[rec.opp]:>4} {rec.colour} {code}"
    if kind in (GameKind.FORFEIT_WIN, GameKind.FORFEIT_LOSS, GameKind.FORFEIT_DRAW):
        code = {GameKind.FORFEIT_WIN: "+", GameKind.FORFEIT_LOSS: "-",
                GameKind.FORFEIT_DRAW: "D"}[kind]
        colour = "w" if rec.first else "b"
        return f"  {numbers[rec.opp]:>4} {colour} {code}"
    if kind in _BYE_CODE:
        return f"  0000 - {_BYE_CODE[kind]}"
    if kind in (GameKind.WITHDRAWN, GameKind.NOT_REGISTERED):
        return _BLANK_BLOCK
    raise SwissError(_("round {round} has no result yet; a TRF holds complete rounds only")
                     .format(round=rec.round))


def player_line(p: Player, points: float, rank: int | None, blocks: list[str],
                number: int | None = None, encoding: str = DEFAULT_ENCODING) -> str:
    """One ``001`` record in the fixed columns (trailing blanks removed); ``number`` is the
    starting rank written (default the player id), ``encoding`` folds the name to it."""
    sex = {"m": "m", "f": "w", "w": "w"}.get((p.sex or "").lower(), " ")
    title = (p.title or "")[:3]
    rating = "" if p.rating is None else str(p.rating)  # a rating 0 in the file stays 0
    fed = p.country if p.country and len(p.country) <= 3 else ""
    fid = p.federation_id if p.federation_id and len(p.federation_id) <= 11 else ""
    rk = "" if rank is None else str(rank)
    start = p.id if number is None else number
    name = fit_name(p.name, p.reading, encoding)  # the reading when the name cannot fit
    head = (f"001 {start:>4} {sex}{title:>3} {name[:33]:<33} {rating:>4} {fed:<3} "
            f"{fid:>11} {_trf_birth(p.birth):<10} {_pts(points)} {rk:>4}")
    return (head + "".join(blocks)).rstrip()


def write_trf(event: Event, *, version: str = DEFAULT_VERSION,
              ranks: Mapping[int, int] | None = None,
              encoding: str = DEFAULT_ENCODING, notes: tuple[str, ...] = ()) -> str:
    """The event as TRF text (lines end with CR LF).  ``ranks`` (player id → rank) defaults
    to the standings after the last complete round; ``encoding`` folds the texts to what it
    can hold (:func:`encode_trf` makes the bytes); ``notes`` (FIDE mode's, one line each)
    are written last as ``### swisstui note:`` comment records, which every TRF reader
    skips."""
    if version not in VERSIONS:
        raise SwissError(_("unknown TRF version {version!r}; valid: {items}")
                         .format(version=version, items=', '.join(VERSIONS)))
    if encoding not in ENCODINGS:
        raise SwissError(_("unknown TRF encoding {encoding}; valid: {valid}").format(
            encoding=repr(encoding), valid=", ".join(ENCODINGS)))
    if "trf" not in profile(event.game).printing.file_formats:
        raise SwissError(_("TRF is a chess format; this event is {game} (use --format h9 for "
                           "Go, csv or html for any game)")
                         .format(game=event.game))
    if len(event.players) > 9999:
        raise SwissError(_("TRF start numbers go up to 9999; the event has {n} players")
                         .format(n=len(event.players)))
    s = event.settings
    scoring_items = _scoring_items(s.scoring)
    rounds = complete_rounds(event)
    upto = rounds[-1].number if rounds else 0
    hist = history(event, upto=upto) if rounds else {p.id: () for p in event.players}
    if ranks is None:
        ranks = trf_ranks(event, upto)
    numbers = trf_numbers(event, upto)

    lines: list[str] = []

    def tag(code: str, value: object) -> None:
        lines.append(f"{code} {fold_text(str(value), encoding)}".rstrip())

    opts = s.options
    kept = s.interop.get("trf", {})
    kept_codes = {rec[:3] for rec in kept.get("header", ())}
    tag("012", s.name)
    if s.city:
        tag("022", s.city)
    if opts.get("federation"):
        tag("032", opts["federation"])
    if s.date_start:
        tag("042", _trf_date(s.date_start))
    if s.date_end:
        tag("052", _trf_date(s.date_end))
    tag("062", len(event.players))
    tag("072", sum(1 for p in event.players if p.rating))
    tag("092", _SYSTEM_TEXT.get(s.system, s.system))
    if s.arbiter:
        tag("102", s.arbiter)
    for deputy in str(opts.get("deputy_arbiters") or "").split(";"):
        if deputy.strip():
            tag("112", deputy.strip())
    if opts.get("time_control"):
        tag("122", opts["time_control"])
    # a record the event's settings write replaces the one kept from an import (the
    # director set it since); 132 is merged below
    written = {line[:3] for line in lines} | {"132"} | (
        {"222"} if version == "2026" and opts.get("time_control") else set())
    kept_header = [rec for rec in kept.get("header", ()) if rec[:3] not in written]
    dates: dict[int, str] = {}
    for rec in kept.get("header", ()):
        if rec[:3] == "132":  # planned dates kept from an import (checked when read)
            dates.update(parse_round_dates(rec, s.date_start, SwissError))
    dates.update({r.number: r.date for r in event.swiss_rounds() if r.date})  # as paired
    if dates:
        lines.append(round_dates_line(dates))
    colour = initial_colour(event, rounds, numbers)
    if version == "16":
        tag("XXR", max(s.rounds, upto))
        tag("XXC", "white1" if colour == "w" else "black1")
    else:
        tag("142", max(s.rounds, upto))
        tag("152", colour.upper())
    if scoring_items and version == "16":
        lines.extend(f"{_BB_CODE[c]} {_pts(v)}" for c, v in scoring_items)
    elif scoring_items:
        lines.append(("162  " + "".join(f"{c}{_pts(v)}    " for c, v in scoring_items))
                     .rstrip())
    if version == "2026":
        lines.extend(_records_2026(event, kept_codes))
    lines = _with_kept(lines, kept_header, encoding)
    nxt = next_round_requests(event, upto)
    sc = s.scoring
    bonus = {"F": sc.win, "H": sc.draw, "Z": 0.0}
    for p in sorted(event.players, key=lambda p: numbers[p.id]):
        recs = hist.get(p.id, ())
        blocks = [_block(rec, numbers) for rec in recs]
        points = score(recs)
        if nxt:
            code = nxt.get(p.id)
            blocks.append(f"  0000 - {code}" if code else _BLANK_BLOCK)
            points += bonus.get(code, 0.0) if code else 0.0  # the engines count the bye already
        lines.append(player_line(p, points, ranks.get(p.id), blocks, numbers[p.id],
                                 encoding))
    lines.extend(fold_text(rec, encoding) for rec in kept.get("after", ()))
    if version == "2026":
        lines.extend(acceleration_records(event))
    if version == "16":
        for a, b in s.forbidden:  # JaVaFo's XXP (TRF-2026 has 260)
            lines.append(f"XXP {numbers[a]} {numbers[b]}")
    if version == "2026":
        requests: dict[tuple[int, str], list[int]] = {}
        for p in event.players:
            for rnd, kind in p.byes:
                if rnd > upto + 1 and kind in _REQUEST_CODE:
                    requests.setdefault((rnd, _REQUEST_CODE[kind]), []).append(p.id)
        for (rnd, code), ids in sorted(requests.items()):
            lines.append(f"240 {code} {rnd:03d}"
                         + "".join(f" {i:>4}" for i in sorted(numbers[x] for x in ids)))
        for a, b in s.forbidden:
            lines.append(f"260 {1:03d} {s.rounds:03d} {numbers[a]:>4} {numbers[b]:>4}")
    if any(n != pid for pid, n in numbers.items()):
        pairs = [f"{n}={pid}" for pid, n in sorted(numbers.items(), key=lambda x: x[1])]
        for k in range(0, len(pairs), 12):
            lines.append(f"{IDS_TAG} " + " ".join(pairs[k:k + 12]))
    for note in notes:  # one record a note: a line break inside would start a record
        lines.append(fold_text(f"{NOTE_TAG} " + " ".join(note.split()), encoding))
    return EOL.join(lines) + EOL


def _records_2026(event: Event, kept_codes: set[str]) -> list[str]:
    """TRF-2026's header records after 162 that the event has (FIDE TRF-2026, "Other
    tournament tags"): ``182`` the pairing controller (swisstui), ``202`` the tie-breaks and
    ``212`` the standings' order (``PTS`` then the tie-breaks), comma-separated as the
    event's chain names them (its codes are C.07's), and ``222`` the encoded time control
    (the chess option ``time_control``).  A record kept from an import (``[interop.trf]``)
    stays instead of 182, 202 and 212: that program paired the rounds and broke the ties."""
    s = event.settings
    out = []
    if "182" not in kept_codes:
        out.append("182 swisstui")
    if s.tiebreaks and "202" not in kept_codes:
        out.append("202 " + ",".join(s.tiebreaks))
    if "212" not in kept_codes:
        out.append("212 " + ",".join(("PTS", *s.tiebreaks)))
    if s.options.get("time_control"):
        out.append(f"222 {s.options['time_control']}")
    return out


def acceleration_records(event: Event) -> list[str]:
    """TRF-2026 ``250`` records of the Baku acceleration (chess option ``acceleration =
    "baku"``, FIDE C.04.5.1; the pairing's own rule, pairing/dutch/players.py): group A
    (pairing numbers 1 … :func:`baku_group_a`) gets a win's points in the first half of the
    accelerated rounds and a draw's in the rest.  Columns: 5-8 match points (blank for
    individuals), 10-13 game points (``01.0``), 15-17 and 19-21 the first and last round,
    23-26 and 28-31 the first and last player."""
    s = event.settings
    if str(s.options.get("acceleration") or "").lower() != "baku" or not event.players:
        return []
    from ..pairing.dutch.players import baku_group_a
    last = (s.rounds - 1) // 2  # as players.virtual_points: the last accelerated round - 1
    group = min(baku_group_a(len(event.players)), len(event.players))
    spans = ((1, last // 2 + 1, s.scoring.win), (last // 2 + 2, last + 1, s.scoring.draw))
    return [f"250      {pts:04.1f} {first:03d} {end:03d} {1:04d} {group:04d}"
            for first, end, pts in spans if first <= end and pts]


def rating_gaps(event: Event) -> list[str]:
    """What a TRF-2026 sent to FIDE for rating must carry and ``event`` does not have (the
    records TRF-2026 marks mandatory for rating: 022, 032, 042, 052, 102, 132, and each
    player's FIDE id), one short item each; empty when nothing is missing."""
    s = event.settings
    kept = {rec[:3] for rec in s.interop.get("trf", {}).get("header", ())}
    gaps = []
    if not s.city and "022" not in kept:
        gaps.append(_("022 city (settings --city)"))
    if not s.options.get("federation") and "032" not in kept:
        gaps.append(_("032 federation (settings --option federation=ENG)"))
    if not s.date_start:
        gaps.append(_("042 start date (settings --date-start)"))
    if not s.date_end:
        gaps.append(_("052 end date (settings --date-end)"))
    if not s.arbiter:
        gaps.append(_("102 chief arbiter (settings --arbiter)"))
    undated = [r.number for r in complete_rounds(event) if not r.date]
    if undated and "132" not in kept:
        gaps.append(_("132 dates of rounds {rounds}").format(
            rounds=", ".join(map(str, undated))))
    no_id = [p for p in event.players if not (p.federation_id or "").strip().isdecimal()]
    if no_id:
        gaps.append(_("FIDE ids of {players}").format(
            players=", ".join(f"{p.id} {p.name}" for p in no_id)))
    return gaps


def _with_kept(lines: list[str], kept: list[str], encoding: str) -> list[str]:
    """The header ``lines`` with the records kept from an import (``[interop.trf]``) put
    back verbatim: a numbered record before the first written one with a higher number
    (``032`` after ``022``, ``122`` after ``102``), after the numbered ones otherwise;
    lettered records (``XXA``, ``NRS`` …) at the end; kept records in their order."""
    out = list(lines)
    for rec in kept:
        rec = fold_text(rec, encoding)
        code = rec[:3]
        numbered = [i for i, line in enumerate(out) if line[:3].isdecimal()]
        if code.isdecimal():
            at = next((i for i in numbered if out[i][:3] > code),
                      numbered[-1] + 1 if numbered else len(out))
        else:
            at = len(out)
        out.insert(at, rec)
    return out


# ---- reader ---------------------------------------------------------------------------------

@dataclass
class _Entry:
    """One round block of one 001 line."""
    opp: int  # 0 = no opponent
    colour: str  # "w", "b" or "-"
    code: str  # upper-cased result code, " " for blank
    blank: bool  # the whole block was blank


@dataclass
class _PlayerRec:
    line: int
    player: Player
    points: float
    entries: list[_Entry] = field(default_factory=list)


@dataclass
class _Header:
    name: str | None = None
    city: str | None = None
    date_start: str | None = None
    date_end: str | None = None
    arbiter: str | None = None
    system: str | None = None
    rounds: int | None = None
    colour: str | None = None
    scoring: dict[str, float] = field(default_factory=dict)
    forbidden: list[tuple[int, int]] = field(default_factory=list)
    requests: list[tuple[int, int, ByeKind, int]] = field(default_factory=list)  # line, pid…
    absent: list[tuple[int, int]] = field(default_factory=list)  # XXZ: (line, starting rank)
    round_dates: list[tuple[int, str]] = field(default_factory=list)  # 132: (line, text)
    # records swisstui does not use, verbatim: before the first 001 record and after it
    kept_header: list[str] = field(default_factory=list)
    kept_after: list[str] = field(default_factory=list)


_DATE_FORMS = (
    (re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})"), (3, 2, 1)),
)


def _iso_date(text: str, err) -> str:
    text = text.strip()
    for rx, (y, m, d) in _DATE_FORMS:
        mt = rx.fullmatch(text)
        if mt:
            return f"{int(mt.group(y)):04d}-{int(mt.group(m)):02d}-{int(mt.group(d)):02d}"
    raise err(_("date {text!r} is not YYYY/MM/DD").format(text=text))


def _birth(text: str, err) -> str | None:
    """Columns 70-79: ``YYYY/MM/DD``, ``YYYY/00/00`` (the year only) or blank; ``0000/00/00``
    (Swiss-Manager's unknown) is no date.  The stored form is registration.clean_birth's."""
    text = text.strip()
    if not text:
        return None
    mt = re.fullmatch(r"(\d{4})(?:[/.-](\d{2})[/.-](\d{2}))?", text)
    if mt and mt.group(1) == "0000":
        return None
    if mt and (mt.group(2) in (None, "00") or mt.group(3) == "00"):
        text = mt.group(1)
    try:
        return clean_birth(text)
    except SwissError as exc:
        raise err(_("birth date (columns 70-79): {exc}").format(exc=exc)) from None


def _int_field(text: str, what: str, err) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdecimal():
        raise err(_("{what} must be a number, not {text!r}")
                  .format(what=what, text=text))
    return int(text)


def _parse_player(line: str, lineno: int, err) -> _PlayerRec:
    if len(line.rstrip()) < 84:
        raise err(_("001 record too short: the points field (columns 81-84) is missing"))
    line = line.ljust(89)  # rank and later columns may be absent
    pid = _int_field(line[4:8], "starting rank (columns 5-8)", err)
    if not pid:
        raise err(_("starting rank (columns 5-8) is missing"))
    sex_code = line[9].lower()
    if sex_code not in "mwf ":
        raise err(_("sex (column 10) must be m or w, not {line!r}")
                  .format(line=line[9]))
    name = line[14:47].strip()
    if not name:
        raise err(_("player {pid} has no name (columns 15-47)").format(pid=pid))
    rating = _int_field(line[48:52], "rating (columns 49-52)", err)
    pts_text = line[80:84].strip()
    try:
        points = float(pts_text)
    except ValueError:
        raise err(_("points (columns 81-84) must be a number like 11.5, not {pts_text!r}")
                  .format(pts_text=pts_text)) from None
    _int_field(line[85:89], "rank (columns 86-89)", err)
    if line[84] != " " or line[79] != " ":
        raise err(_("points are not in columns 81-84 (the record is shifted)"))
    player = Player(
        id=pid, name=nfc(name), rating=rating,
        country=line[53:56].strip() or None,
        federation_id=line[57:68].strip() or None,
        sex={"m": "m", "w": "f", "f": "f"}.get(sex_code),
        title=line[10:13].strip() or None,
        birth=_birth(line[69:79], err),
    )
    rec = _PlayerRec(lineno, player, points)
    rest = line[89:].rstrip()
    nblocks = (len(rest) + 9) // 10
    rest = rest.ljust(nblocks * 10)
    for k in range(nblocks):
        blk = rest[k * 10:(k + 1) * 10]
        rnd = k + 1
        col = 90 + k * 10  # 1-based column of the block's first character
        if not blk.strip():
            rec.entries.append(_Entry(0, "-", " ", True))
            continue
        if (blk[0:2].strip() or blk[6] != " " or blk[8] != " "
                or not re.fullmatch(r" *[0-9]*", blk[2:6])):
            raise err(_("round {rnd}: the block does not line up with columns {value}-{value2} "
                        "(opponent), {value3} (colour), {value4} (result)")
                      .format(rnd=rnd, value=col + 2, value2=col + 5, value3=col + 7,
                              value4=col + 9))
        opp = _int_field(blk[2:6], f"round {rnd}: opponent (columns {col + 2}-{col + 5})",
                         err) or 0
        colour = blk[7].lower()
        if colour == " ":
            colour = "-"
        if colour not in "wb-":
            raise err(_("round {rnd}: colour {blk!r} (column {value}) must be w, b or -")
                      .format(rnd=rnd, blk=blk[7], value=col + 7))
        code = blk[9].upper()
        if code != " " and code not in RESULT_CODES:
            raise err(_("round {rnd}: unknown result code {blk!r} (column {value}); valid: "
                        "{items}")
                      .format(rnd=rnd, blk=blk[9], value=col + 9, items=' '.join(RESULT_CODES)))
        if opp:
            if opp == pid:
                raise err(_("round {rnd}: player {pid} is paired against themself")
                          .format(rnd=rnd, pid=pid))
            if code in "HFUZ":
                raise err(_("round {rnd}: result code {code} is a bye but an opponent ({opp}) "
                            "is given").format(rnd=rnd, code=code, opp=opp))
        elif code in "1=0WDL":
            raise err(_("round {rnd}: result code {code} needs an opponent (0000 given)")
                      .format(rnd=rnd, code=code))
        rec.entries.append(_Entry(opp, colour, code, False))
    return rec


def _parse_scoring(line: str, err) -> dict[str, float]:
    out = {}
    for code, value in re.findall(r"([WDLAPX])\s*(-?\d+(?:\.\d+)?)", line[4:]):
        out[code] = float(value)
    if not out:
        raise err(_("162 record has no result code with points (e.g. 'W 1.0')"))
    return out


def _header_int(line: str, what: str, err) -> int:
    value = line[4:].strip()
    if not value.isdecimal():
        raise err(_("{what} must be a number, not {value!r}")
                  .format(what=what, value=value))
    return int(value)


_KNOWN_IGNORED = re.compile(r"[0-9]{3}|[A-Z]{3}")
_ROUND_DATE = re.compile(r"(\d{2}|\d{4})[/.-](\d{1,2})[/.-](\d{1,2})")
DATES_COLUMN = 92  # 132: round 1's date in columns 92-99, round k's 10(k-1) further


def parse_round_dates(line: str, start: str | None, err) -> dict[int, str]:
    """A ``132`` record: round number -> ISO date.  TRF-16 and TRF-2026 put round k's date
    ``YY/MM/DD`` in columns 92-99 + 10(k-1), under the round's block of the 001 records; a
    date is read by where it starts (within 5 columns of its place), and ``YYYY/MM/DD`` is
    taken too.  A two-digit year is put in the century that brings it nearest the event's
    start (042), else in 2000-2099."""
    out: dict[int, str] = {}
    for m in re.finditer(r"\S+", line[3:]):
        col = m.start() + 4  # 1-based column of the date's first character
        k = (col - DATES_COLUMN + 5) // 10 + 1
        mt = _ROUND_DATE.fullmatch(m.group())
        if k < 1 or mt is None:
            raise err(_("round dates (132): {text!r} in column {column} is not a date "
                        "YY/MM/DD in the columns of a round (92-99, 102-109, ...)")
                      .format(text=m.group(), column=col))
        year, month, day = (int(x) for x in mt.groups())
        if len(mt.group(1)) == 2:
            near = int(start[:4]) if start else 2049
            year += (near - year + 50) // 100 * 100
        try:
            out[k] = datetime.date(year, month, day).isoformat()
        except ValueError:
            raise err(_("round dates (132): {text!r} in column {column} is not a date")
                      .format(text=m.group(), column=col)) from None
    return out


def round_dates_line(dates: Mapping[int, str]) -> str:
    """The ``132`` record of ``dates`` (round number -> ISO date) in the TRF columns."""
    line = "132"
    for k in sorted(dates):
        y, m, d = dates[k].split("-")
        line = line.ljust(DATES_COLUMN - 1 + 10 * (k - 1)) + f"{y[2:]}/{m}/{d}"
    return line


def read_trf(text: str, path: str | Path = "<trf>", *, rounds: int | None = None,
             keep_numbers: bool = True, unused: list[tuple[str, int]] | None = None,
             points: list[tuple[int, int, float, float]] | None = None,
             swisstui_ids: bool = True) -> Event:
    """Read a TRF-16 or TRF-2026 file into a new chess :class:`Event`.

    Refuses, with ``file:line: message`` (:class:`EventFileError`), lines that are not TRF
    records, fields out of their columns, unknown result codes, opponent entries that do not
    agree (both sides must name each other, opposite colours, matching results), more than
    one pairing-allocated bye in a round, and points that do not match the results.
    ``rounds`` sets the planned number of rounds (files without ``XXR``/``142``).  A block
    with an opponent and a blank result is a pairing whose result is not in yet (pending).

    What the file says is kept: the starting ranks stay the players' pairing numbers
    (``keep_numbers``: chess option ``pairing_numbers = "id"``, the ids being the starting
    ranks; False recomputes them from rating, title and name, FIDE C.04.2), a rating 0 stays
    0, ``XXP`` forbidden pairs and ``XXZ`` absences from the next round are read, ``132``
    dates become the rounds' dates.  Records swisstui does not use are kept verbatim in
    ``settings.interop["trf"]`` (written back by :func:`write_trf`) and appended to
    ``unused`` as (code, line) — the caller names them in one warning line.  With
    ``points`` given, points that do not match the results are appended to it as
    (starting rank, line, points in the file, points of the results) instead of refused
    (``swisstui verify`` reports them).  ``swisstui_ids=False`` reads the ``### swisstui
    ids`` records as the comments they are to every other reader: the ids stay the file's
    starting ranks (``swisstui verify``, which speaks the file's own numbers)."""
    path = str(path)
    if text.startswith("\ufeff"):
        text = text[1:]
    head = _Header()
    players: list[_PlayerRec] = []
    seen: dict[int, int] = {}
    id_map: dict[int, tuple[int, int]] = {}  # starting rank -> (swisstui id, line)
    for lineno, line in enumerate(text.splitlines(), start=1):

        def err(msg: str, _n: int = lineno) -> EventFileError:
            return EventFileError(path, _n, msg)

        if swisstui_ids and line.startswith(IDS_TAG):
            for item in line[len(IDS_TAG):].split():
                rank, sep, pid = item.partition("=")
                if not (sep and rank.isdecimal() and pid.isdecimal() and int(pid) > 0):
                    raise err(_("{tag} entries are starting rank=player id, not {item}")
                              .format(tag=IDS_TAG, item=repr(item)))
                id_map[int(rank)] = (int(pid), lineno)
            continue
        if not line.strip() or line.startswith("###"):
            continue
        tag = line[:3]
        if len(line) > 3 and line[3] != " ":
            raise err(_("not a TRF record: {line!r} (a 3-character code and a blank come first)")
                      .format(line=line[:20]))
        value = line[4:].strip()
        if tag == "001":
            rec = _parse_player(line, lineno, err)
            if rec.player.id in seen:
                raise err(_("starting rank {id} already used on line {seen}")
                          .format(id=rec.player.id, seen=seen[rec.player.id]))
            seen[rec.player.id] = lineno
            players.append(rec)
        elif tag == "012":
            head.name = value or None
        elif tag == "022":
            head.city = value or None
        elif tag in ("042", "052"):
            if value:
                date = _iso_date(value, err)
                if tag == "042":
                    head.date_start = date
                else:
                    head.date_end = date
        elif tag == "092":
            low = value.lower()
            head.system = ("roundrobin" if "robin" in low else
                           "mcmahon" if "mcmahon" in low else
                           "swiss" if "matching" in low else "dutch")
        elif tag == "102":
            head.arbiter = value or None
        elif tag in ("XXR", "142"):
            head.rounds = _header_int(line, f"number of rounds ({tag})", err)
        elif tag == "XXC":
            low = value.lower()
            if low.startswith("white"):
                head.colour = "w"
            elif low.startswith("black"):
                head.colour = "b"
        elif tag == "152":
            if value.upper() not in ("W", "B"):
                raise err(_("initial colour (152) must be W or B, not {value!r}")
                          .format(value=value))
            head.colour = value.lower()
        elif tag == "162":
            head.scoring.update(_parse_scoring(line, err))
        elif tag in _BB_FIELD:
            try:
                head.scoring[_BB_FIELD[tag]] = float(value)
            except ValueError:
                raise err(_("{tag} points must be a number like 3.0, not {value!r}")
                          .format(tag=tag, value=value)) from None
        elif tag == "240":
            parts = value.split()
            if len(parts) < 3 or parts[0].upper() not in _CODE_REQUEST or not all(
                    x.isdecimal() for x in parts[1:]):
                raise err(_("240 record must be: type (F, H or Z), round, player ids"))
            kind = _CODE_REQUEST[parts[0].upper()]
            for pid in parts[2:]:
                head.requests.append((lineno, int(parts[1]), kind, int(pid)))
        elif tag == "260":
            parts = value.split()
            if len(parts) < 4 or not all(x.isdecimal() for x in parts):
                raise err(_("260 record must be: first round, last round, two or more ids"))
            ids = [int(x) for x in parts[2:]]
            head.forbidden.extend(combinations(ids, 2))
        elif tag in ("XXP", "XXZ"):
            # JaVaFo extensions (AUM): XXP pairing ids that must not meet one another; XXZ
            # pairing ids absent from the round to be paired
            parts = value.split()
            if not parts or not all(x.isdecimal() for x in parts) or (tag == "XXP"
                                                                    and len(parts) < 2):
                raise err(_("{tag} record must list pairing numbers, e.g. '{tag} 3 17'")
                          .format(tag=tag))
            ids = [int(x) for x in parts]
            if tag == "XXP":
                head.forbidden.extend(combinations(ids, 2))
            else:
                head.absent.extend((lineno, pid) for pid in ids)
        elif tag in ("062", "072"):
            continue  # numbers of players and of rated players: counted again on export
        elif tag == "132":
            head.round_dates.append((lineno, line))  # read once 042 (the century) is known
        elif _KNOWN_IGNORED.fullmatch(tag):
            # other records (013, 192, 202, 250, DAT, NRS…): not used by swisstui, kept
            # verbatim in the event ([interop.trf]) and written back on export; named in
            # the import's warning (docs/INTEROP.md "What an import keeps")
            (head.kept_after if players else head.kept_header).append(line)
            if unused is not None:
                unused.append((tag, lineno))
            continue
        else:
            raise err(_("not a TRF record: {line!r}").format(line=line[:20]))
    if not players:
        raise EventFileError(path, None, _("no 001 player records"))
    if rounds is not None:
        head.rounds = rounds  # the director's --rounds wins over XXR / 142
    dates: dict[int, str] = {}
    schedule: list[str] = []
    for lineno, line in head.round_dates:
        got = parse_round_dates(line, head.date_start,
                                lambda msg, _n=lineno: EventFileError(path, _n, msg))
        dates.update(got)
        schedule.append(line)
    event = _build_event(path, head, players, points)
    if dates:
        # 132: each round's date; a 132 with dates of rounds not in the file (planned) is
        # kept too, and write_trf fills those rounds' columns from it
        event = replace(event, rounds=tuple(replace(r, date=dates.get(r.number))
                                            for r in event.rounds))
        if set(dates) - {r.number for r in event.rounds}:
            trf = event.settings.interop.get("trf", {})
            interop = {**event.settings.interop,
                       "trf": {**trf, "header": tuple(trf.get("header", ())) + tuple(schedule)}}
            event = replace(event, settings=replace(event.settings, interop=interop))
    if head.colour is None and any(r.boards for r in event.rounds):
        # no XXC / 152: inferred from the first round with a game (starting-rank order)
        colour = initial_colour(event)
        event = replace(event, settings=replace(
            event.settings, options={**event.settings.options, "initial_colour": colour}))
    if id_map:
        event = _relabel(path, event, id_map)
    elif keep_numbers:
        # the file's starting ranks are the pairing numbers (the ids are the starting ranks)
        event = replace(event, settings=replace(
            event.settings, options={**event.settings.options, "pairing_numbers": "id"}))
    return event


def _relabel(path: str, event: Event, ids: dict[int, tuple[int, int]]) -> Event:
    """The event with the director's player ids of the ``### swisstui ids`` records instead
    of the starting ranks (the file is checked with its own numbers first)."""
    ranks = {p.id for p in event.players}
    line = min(n for _pid, n in ids.values())
    if set(ids) != ranks:
        missing = sorted(ranks - set(ids)) or sorted(set(ids) - ranks)
        raise EventFileError(path, line, _("{tag} records do not match the 001 records "
                                           "(starting rank {rank})").format(tag=IDS_TAG,
                                                                            rank=missing[0]))
    to_id = {rank: pid for rank, (pid, _n) in ids.items()}
    if len(set(to_id.values())) != len(to_id):
        raise EventFileError(path, line, _("{tag} records give one player id twice")
                             .format(tag=IDS_TAG))
    def boards(r: Round) -> tuple[Board, ...]:
        pairs = sorted(((to_id[b.players[0]], to_id[b.players[1]]), b.result)
                       for b in r.boards)
        pairs.sort(key=lambda x: min(x[0]))  # as the reader orders them (lower id first)
        return tuple(Board(i, ab, res) for i, (ab, res) in enumerate(pairs, 1))

    rounds = tuple(replace(r, boards=boards(r),
                           byes=tuple(sorted((replace(b, player=to_id[b.player])
                                              for b in r.byes), key=lambda b: b.player)))
                   for r in event.rounds)
    players = tuple(sorted((replace(p, id=to_id[p.id]) for p in event.players),
                           key=lambda p: p.id))
    settings = replace(event.settings, forbidden=tuple(
        (to_id[a], to_id[b]) for a, b in event.settings.forbidden))
    return Event(settings, players, rounds)


def _build_event(path: str, head: _Header, players: list[_PlayerRec],
                 mismatched: list[tuple[int, int, float, float]] | None = None) -> Event:
    by_id = {r.player.id: r for r in players}
    nrounds = max((len(r.entries) for r in players), default=0)
    for r in players:
        r.entries.extend(_Entry(0, "-", " ", True) for _i in range(nrounds - len(r.entries)))
    # the last column is the round to be paired when it holds no game: requested byes
    # (F, H, Z) and absences only (docs/INTEROP.md "next round")
    requests: dict[int, str] = {}
    if nrounds and all(r.entries[-1].opp == 0 and r.entries[-1].code not in "U+"
                       for r in players):
        for r in players:
            e = r.entries.pop()
            if not e.blank:
                requests[r.player.id] = "Z" if e.code in " -" else e.code
        nrounds -= 1
        if head.rounds is None:
            head.rounds = nrounds + 1
    total = head.rounds if head.rounds is not None else nrounds
    if total < 1:
        raise EventFileError(path, None, _("the file has no rounds and no XXR/142 record saying "
                                           "how many rounds the event has (give --rounds N)"))
    if total < nrounds:
        raise EventFileError(path, None, _("the file has {nrounds} rounds but the event is "
                                           "planned for {total} (XXR/142 or --rounds)")
                                         .format(nrounds=nrounds, total=total))

    # late entries and withdrawals: leading and trailing blank blocks
    joined: dict[int, int] = {}
    withdrawn: dict[int, int] = {}
    for r in players:
        marks = [e.blank for e in r.entries]
        if nrounds and all(marks):
            if nrounds < total:
                joined[r.player.id] = nrounds + 1
            else:
                withdrawn[r.player.id] = 1
            continue
        lead = 0
        while lead < nrounds and marks[lead]:
            lead += 1
        trail = nrounds
        while trail > 0 and marks[trail - 1]:
            trail -= 1
        if lead:
            joined[r.player.id] = lead + 1
        if trail < nrounds:
            withdrawn[r.player.id] = trail + 1

    rounds: list[Round] = []
    byes_of: dict[int, list[tuple[int, ByeKind]]] = {r.player.id: [] for r in players}
    for k in range(nrounds):
        rnd = k + 1
        boards: list[tuple[int, int, str | None]] = []
        byes: list[Bye] = []
        pab_line = None
        for r in players:
            e = r.entries[k]
            pid = r.player.id
            err_line = r.line
            if e.opp == 0:
                if e.blank and (pid in joined and rnd < joined[pid]
                                or pid in withdrawn and rnd >= withdrawn[pid]):
                    continue
                code = e.code
                if code == "U" or code == "+":
                    if pab_line is not None:
                        raise EventFileError(path, err_line, _("round {rnd}: a second "
                                                               "pairing-allocated bye (the "
                                                               "first is on line {pab_line})")
                                                             .format(rnd=rnd, pab_line=pab_line))
                    pab_line = err_line
                    byes.append(Bye(pid, ByeKind.PAIRING))
                else:
                    kind = _CODE_REQUEST.get(code, ByeKind.ZERO)  # Z, blank, "-" = zero
                    byes.append(Bye(pid, kind))
                    byes_of[pid].append((rnd, kind))
                continue
            other = by_id.get(e.opp)
            if other is None:
                raise EventFileError(path, err_line, _("round {rnd}: opponent {opp} has no 001 "
                                                       "record")
                                                     .format(rnd=rnd, opp=e.opp))
            oe = other.entries[k]
            if pid > e.opp:
                continue  # checked from the other side (lower number first)
            where = max(err_line, other.line)
            if oe.opp != pid:
                theirs = (_("opponent {opp}").format(opp=oe.opp) if oe.opp
                          else _("no opponent"))
                raise EventFileError(path, where, _("round {rnd}: player {pid} (line {line}) "
                                                    "has opponent {opp}, but player {opp} "
                                                    "(line {line2}) has {theirs}")
                                                  .format(rnd=rnd, pid=pid, line=r.line,
                                                          opp=e.opp, line2=other.line,
                                                          theirs=theirs))
            if oe.code not in _COMPLEMENT.get(e.code, ()):
                raise EventFileError(path, where, _("round {rnd}: results of players {pid} "
                                                    "({code}) and {opp} ({value}) do not agree")
                                                  .format(rnd=rnd, pid=pid, code=e.code, opp=e.opp,
                                                          value=oe.code.strip() or "blank"))
            cols = {e.colour, oe.colour}
            if cols == {"w", "b"}:
                white, black, wc = (pid, e.opp, e.code) if e.colour == "w" else \
                    (e.opp, pid, oe.code)
            elif cols == {"-"} and e.code in "+-WL":
                white, black, wc = pid, e.opp, e.code  # unplayed, no scheduled colours
            else:
                raise EventFileError(path, where, _("round {rnd}: players {pid} and {opp} need "
                                                    "colours w and b (found {colour} and "
                                                    "{colour2})")
                                                  .format(rnd=rnd, pid=pid, opp=e.opp,
                                                          colour=e.colour, colour2=oe.colour))
            if wc == "D":
                raise EventFileError(path, where, _("round {rnd}: code D (draw in less than one "
                                                    "move, not rated) has no swisstui "
                                                    "equivalent; write = or a forfeit")
                                                  .format(rnd=rnd))
            bc = oe.code if white == pid else e.code
            text = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+-", "W": "+-",
                    "L": "-+", " ": None}.get(wc)
            if wc == "-":
                text = "--" if bc == "-" else "-+"
            boards.append((white, black, text))
        boards.sort(key=lambda b: min(b[0], b[1]))
        rounds.append(Round(rnd, boards=tuple(Board(i, (w, b), _result(t) if t else None)
                                              for i, (w, b, t) in enumerate(boards, 1)),
                            byes=tuple(sorted(byes, key=lambda b: b.player))))

    for pid, code in requests.items():
        active = (joined.get(pid, 1) <= nrounds + 1
                  and (pid not in withdrawn or withdrawn[pid] > nrounds + 1))
        if active:
            byes_of[pid].append((nrounds + 1, _CODE_REQUEST[code]))
    for line, rnd, kind, pid in head.requests:
        if pid not in by_id:
            raise EventFileError(path, line, _("240 record names player {pid}, who has no 001 "
                                               "record").format(pid=pid))
        if rnd <= nrounds:
            continue  # already in the round blocks
        byes_of[pid].append((rnd, kind))
    for line, pid in head.absent:
        if pid not in by_id:
            raise EventFileError(path, line, _("XXZ record names player {pid}, who has no 001 "
                                               "record").format(pid=pid))
        if nrounds < total and not any(rnd == nrounds + 1 for rnd, _kind in byes_of[pid]):
            byes_of[pid].append((nrounds + 1, ByeKind.ZERO))
    for a, b in head.forbidden:
        for x in (a, b):
            if x not in by_id:
                raise EventFileError(path, None, _("260/XXP record names player {x}, who has no "
                                                   "001 record").format(x=x))

    plist = []
    for r in players:
        pid = r.player.id
        plist.append(replace(r.player, joined_round=joined.get(pid, 1),
                             withdrawn_from=withdrawn.get(pid),
                             byes=tuple(sorted(set(byes_of[pid]), key=lambda x: x[0]))))
    settings = _settings(path, head, total)
    event = Event(settings, tuple(sorted(plist, key=lambda p: p.id)), tuple(rounds))

    sc = settings.scoring
    bonus = {"F": sc.win, "H": sc.draw, "Z": 0.0}
    computed = {pid: score(recs) + bonus.get(requests.get(pid, ""), 0.0)
                for pid, recs in history(event).items()}
    for r in players:
        got = computed.get(r.player.id, 0.0)
        if abs(got - r.points) > 1e-9 and mismatched is not None:
            mismatched.append((r.player.id, r.line, r.points, got))
        elif abs(got - r.points) > 1e-9:
            raise EventFileError(path, r.line, _("player {id}: points {points:g} (columns "
                                                 "81-84) do not match the results ({got:g})")
                                               .format(id=r.player.id, points=r.points, got=got))
    return event


def _result(text: str):
    """A chess result through the chess grammar (the one place that defines it)."""
    return profile("chess").result(text, _RESULT_SETTINGS)


_RESULT_SETTINGS = Settings(name="trf", game="chess", rounds=1)

_SCORING_FIELD = {"W": "win", "D": "draw", "L": "loss", "P": "bye", "A": "absent",
                  "Z": "absent", "F": "loss"}


def _settings(path: str, head: _Header, total: int) -> Settings:
    kw: dict[str, object] = {}
    for code, value in head.scoring.items():
        if code in _SCORING_FIELD:
            kw[_SCORING_FIELD[code]] = value
    if "P" not in head.scoring and "W" in head.scoring:
        kw["bye"] = head.scoring["W"]  # P defaults to W (TRF-2026 162)
    options = {"initial_colour": head.colour} if head.colour else {}
    name = head.name or Path(path).stem or "Imported event"
    for key in ("city", "arbiter", "date_start", "date_end", "system"):
        value = getattr(head, key)
        if value is not None:
            kw[key] = value
    if head.forbidden:
        kw["forbidden"] = tuple(head.forbidden)
    kept = {key: tuple(lines) for key, lines in (("header", head.kept_header),
                                                 ("after", head.kept_after)) if lines}
    if kept:
        kw["interop"] = {"trf": kept}
    from ..settings import make_settings
    try:
        return make_settings("chess", name, total, options=options, **kw)
    except SwissError as exc:
        raise EventFileError(path, None, str(exc)) from None


def unused_warning(unused: list[tuple[str, int]]) -> str:
    """One line naming the records an import keeps without using them (``[interop.trf]``,
    written back verbatim by :func:`write_trf`): each code with its first line and how many
    records it had (``250 (line 9), XXA (lines 40-52, 13 records)``)."""
    where: dict[str, list[int]] = {}
    for tag, line in unused:
        where.setdefault(tag, []).append(line)
    parts = []
    for tag, lines in where.items():
        if len(lines) == 1:
            parts.append(_("{code} (line {line})").format(code=tag, line=lines[0]))
        else:
            parts.append(_("{code} (lines {first}-{last}, {count} records)").format(
                code=tag, first=lines[0], last=lines[-1], count=len(lines)))
    return _("TRF records swisstui does not use, kept as they are and written back on "
             "export: {records}").format(records=", ".join(parts))
