"""The World Othello Federation's results file for the rating list (Othello events).

Specification: the WOF rating page, "results files" (E. Lazard, the WOF rating list's
maintainer: http://www.worldothellofederation.com/ratinglist.html; docs/INTEROP.md "WOF
results"), read in part — what it confirms:

* one file per tournament, beginning with four header lines ``%%Tournament: TTT``,
  ``%%Country: CCC``, ``%%Date: DD/MM/YYYY``, ``%%Sender: RRR``;
* after them, each line is blank, a comment (first character ``%``, discarded by the
  reader; the page recommends one per round, ``%Round 1``) or a game result;
* a result: the first player's number and disc score, the result between the scores
  (``>`` win, ``<`` loss, ``=`` draw), the second player's score and number, and the first
  player's colour (``B`` or ``W``) last: ``3752 (42)>(22) 1024 B``;
* "all players will also be included by way of comments".

The part of the page that lays out those player comments could not be read; swisstui writes
them as the WOF maintainer's own pairing program (Papp, ``elo.c``, "ELO file format to
respect new WOF ELO file format", 2008) does: a heading comment ``%        ID, NAME,
Firstname, COUNTRY, score, disc-count`` and one ``%_%`` line per player — comments, which the
rating program discards, so their layout cannot make a file refused.  Rounds are headed
``%Round: N`` as Papp writes them.

What the file must say and swisstui cannot guess is checked before anything is written, each
a one-line refusal: the event's date (``date_start``), country and sender (``--info
COUNTRY=France``, ``--info SENDER=NAME``; the sender defaults to the event's ``arbiter``);
every player of a written game with a WOF number (his federation id, digits); a game of the
rounds written without its result or without its disc count (the page asks for both
players' discs).  Played games only: a forfeit, a bye or an absence is not a game of the
rating list.  First-listed is Black (the Othello profile), so each line is written from
Black's side and ends ``B``.

The file is ISO 8859-1 (Latin-1), as Papp's files are read; a letter outside it is folded
(:mod:`.charset`).  :func:`read_wof` reads the file back (the tests' check of the export).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Mapping

from ..errors import SwissError
from ..games import profile
from ..history import board_colours
from ..i18n import _
from ..model import Event, Player
from ..colours_vocab import BLACK
from .charset import fold_to
from .rated_games import result_boards

ENCODING = "latin-1"
#: the header fields ``--info`` may give (upper case, as h9's)
INFO_KEYS = ("TOURNAMENT", "COUNTRY", "DATE", "SENDER")
PLAYERS_HEADING = "%        ID, NAME, Firstname, COUNTRY, score, disc-count"


def wof_id(p: Player) -> str | None:
    """The player's WOF number (his federation id when it is digits), else None."""
    text = (p.federation_id or "").strip()
    if text.isascii() and text.isdecimal() and int(text) > 0:
        return str(int(text))
    return None


def _dmy(iso: str) -> str:
    y, m, d = iso.split("-")
    return f"{d}/{m}/{y}"


@dataclass(frozen=True)
class _Game:
    round: int
    first: int  # the player written first (Black)
    second: int
    discs: tuple[int, int]
    colour: str  # the first player's colour, "B" / "W"


def _games(event: Event, upto: int | None) -> list[_Game]:
    out: list[_Game] = []
    no_discs: list[str] = []
    for round_no, b, result, where in result_boards(event, upto, _(
            "the WOF rates played games only; no result yet: {boards} (enter them, or "
            "export --round N for the rounds before)")):
        if result.forfeit:
            continue  # not a played game
        discs = result.detail.get("discs")
        if not discs:
            no_discs.append(where)
            continue
        colours = board_colours(event.game, b)
        first = colours[0] if colours else BLACK
        out.append(_Game(round_no, b.players[0], b.players[1],
                         (int(discs[0]), int(discs[1])), "B" if first == BLACK else "W"))
    if no_discs:
        raise SwissError(_("the WOF file gives both players' discs; no disc count: {boards} "
                           "(enter the result as discs, e.g. 40-24)")
                         .format(boards=", ".join(no_discs)))
    return out


def _header(event: Event, info: Mapping[str, str]) -> dict[str, str]:
    unknown = [k for k in info if k not in INFO_KEYS]
    if unknown:
        raise SwissError(_("unknown WOF header field {unknown!r}; valid: {items}")
                         .format(unknown=unknown[0], items=", ".join(INFO_KEYS)),
                         field="info")
    s = event.settings
    start = s.date_start or s.date_end
    fields = {"TOURNAMENT": s.name, "COUNTRY": "",
              "DATE": _dmy(start) if start else "", "SENDER": s.arbiter or ""}
    fields.update({k: " ".join(str(v).split()) for k, v in info.items() if v is not None})
    lacking = []
    if not fields["DATE"]:
        lacking.append(_("its date (settings EVENT --date-start YYYY-MM-DD)"))
    if not fields["COUNTRY"]:
        lacking.append(_("its country (--info COUNTRY=France)"))
    if not fields["SENDER"]:
        lacking.append(_("who sends it (--info SENDER=NAME, or the event's arbiter)"))
    if lacking:
        raise SwissError(_("the WOF file's header needs {what}").format(what="; ".join(lacking)),
                         field="info")
    if not re.fullmatch(r"\d\d/\d\d/\d{4}", fields["DATE"]):
        raise SwissError(_("WOF header DATE {date!r}: expected DD/MM/YYYY")
                         .format(date=fields["DATE"]), field="info")
    return fields


def check_wof(event: Event, upto: int | None = None,
              info: Mapping[str, str] | None = None) -> tuple[dict[str, str], list[_Game]]:
    """Everything :func:`write_wof` needs, checked (SwissError naming, in one line, the first
    thing missing): the header fields, and the games to write."""
    if "wof" not in profile(event.game).printing.file_formats:
        raise SwissError(_("the WOF results file is for Othello; this event is {game} (csv or "
                           "html serve any game)").format(game=event.game))
    header = _header(event, info or {})
    games = _games(event, upto)
    ids = {g.first for g in games} | {g.second for g in games}
    no_id = [p for p in event.players if p.id in ids and wof_id(p) is None]
    if no_id:
        raise SwissError(_("no WOF number (the rating list knows players by it; players edit "
                           "EVENT ID --fide-id NUMBER): {players}").format(
            players=", ".join(f"{p.id} {p.name}" for p in no_id)),
            players=tuple(p.id for p in no_id))
    seen: dict[str, Player] = {}
    for p in event.players:
        if p.id in ids:
            other = seen.setdefault(str(wof_id(p)), p)
            if other is not p:
                raise SwissError(_("players {a} and {b} have the same WOF number {id}").format(
                    a=f"{other.id} {other.name}", b=f"{p.id} {p.name}", id=wof_id(p)),
                    players=(other.id, p.id))
    return header, games


def _names(name: str) -> tuple[str, str]:
    """``Surname, First`` → (``Surname``, ``First``); a name without a comma whole."""
    last, comma, first = name.partition(",")
    return (" ".join(last.split()), " ".join(first.split())) if comma else \
        (" ".join(name.split()), "")


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:g}"


def write_wof(event: Event, upto: int | None = None,
              info: Mapping[str, str] | None = None) -> bytes:
    """The event's played games (rounds 1..``upto``, default all) as the WOF's results file
    (Latin-1, lines ending LF); nothing when :func:`check_wof` refuses."""
    header, games = check_wof(event, upto, info)
    number = {p.id: str(wof_id(p)) for p in event.players if wof_id(p)}
    points: dict[int, float] = {}
    discs: dict[int, int] = {}
    sc = event.settings.scoring
    for g in games:
        a, b = g.discs
        pa, pb = (sc.win, sc.loss) if a > b else (sc.loss, sc.win) if a < b else \
            (sc.draw, sc.draw)
        for pid, pts, d in ((g.first, pa, a), (g.second, pb, b)):
            points[pid] = points.get(pid, 0.0) + pts
            discs[pid] = discs.get(pid, 0) + d
    lines = [f"%%Tournament: {header['TOURNAMENT']}", f"%%Country: {header['COUNTRY']}",
             f"%%Date: {header['DATE']}", f"%%Sender: {header['SENDER']}", "",
             PLAYERS_HEADING]
    for p in sorted((p for p in event.players if p.id in points),
                    key=lambda p: (-points[p.id], -discs[p.id], int(number[p.id]))):
        last, first = _names(p.name)
        lines.append(f"%_% {number[p.id]:>6}, {last}, {first}, {p.country or ''}, "
                     f"{_num(points[p.id])}, {discs[p.id]}")
    current = None
    for g in games:
        if g.round != current:
            current = g.round
            lines += ["", f"%Round: {g.round}", ""]
        a, b = g.discs
        rel = ">" if a > b else "<" if a < b else "="
        lines.append(f"{number[g.first]:>6} ({a:02d}){rel}({b:02d}) {number[g.second]:>6} "
                     f"{g.colour}")
    return ("\n".join(fold_to(x, ENCODING) for x in lines) + "\n").encode(ENCODING,
                                                                           errors="replace")


# ---- reading --------------------------------------------------------------------------------

@dataclass(frozen=True)
class WofGame:
    first: int
    first_discs: int
    result: str  # ">" "<" "="
    second_discs: int
    second: int
    colour: str  # the first player's, "B" / "W"


@dataclass(frozen=True)
class WofFile:
    header: dict[str, str]  # Tournament, Country, Date, Sender
    games: tuple[WofGame, ...]


_RESULT = re.compile(r"^\s*(\d+)\s*\((\d{1,2})\)\s*([<>=])\s*\((\d{1,2})\)\s*(\d+)\s+([BW])\s*$")
_HEADS = ("Tournament", "Country", "Date", "Sender")


def read_wof(data: bytes | str) -> WofFile:
    """Parse a WOF results file as the page describes it: the four header lines first, then
    blank lines, comments (``%``…) and results ``N (s)>(s) N C``.  SwissError naming the line
    for a header out of place or a result that does not read, or scores that contradict the
    result sign or exceed 64 discs."""
    text = data.decode(ENCODING) if isinstance(data, bytes) else data
    lines = text.splitlines()
    header: dict[str, str] = {}
    for n, key in enumerate(_HEADS, start=1):
        line = lines[n - 1] if len(lines) >= n else ""
        tag = f"%%{key}:"
        if not line.startswith(tag):
            raise SwissError(_("WOF file line {n}: expected {tag!r}").format(n=n, tag=tag))
        header[key] = line[len(tag):].strip()
    games: list[WofGame] = []
    for n, raw in enumerate(lines[4:], start=5):
        if not raw.strip() or raw.startswith("%"):
            continue
        m = _RESULT.match(raw)
        if m is None:
            raise SwissError(_("WOF file line {n}: not a result such as 3752 (42)>(22) 1024 B: "
                               "{line!r}").format(n=n, line=raw))
        g = WofGame(int(m.group(1)), int(m.group(2)), m.group(3), int(m.group(4)),
                    int(m.group(5)), m.group(6))
        sign = ">" if g.first_discs > g.second_discs else "<" \
            if g.first_discs < g.second_discs else "="
        if sign != g.result or g.first_discs + g.second_discs > 64:
            raise SwissError(_("WOF file line {n}: the scores do not match the result: "
                               "{line!r}").format(n=n, line=raw))
        games.append(g)
    return WofFile(header, tuple(games))
