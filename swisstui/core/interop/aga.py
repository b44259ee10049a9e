"""The AGA's tournament results file for Go events (American Go Association ratings).

Specification: the AGA's "Qualifications for Rated Games" page, section "Format and How to
Submit" (http://www.usgo.org/ratings/RatingQuals.asp; docs/INTEROP.md "AGA results"), whose
minimal example is the whole grammar::

    TOURNEY Princeton Go Club Rated Games, Princeton, NJ, June 15-30, 2004
            start=6/15/2004
            finish=6/30/2004
            rules=AGA
    PLAYERS
     489 Matthews, Paul 4k
    3199 Mott, Rick     4k
    GAMES
    489 3199 b 0 7
    3199 489 w 0 7

=========  ==========================================================================
``TOURNEY``  the event's name and place (its city, else its venue); then, indented,
             ``start=`` and ``finish=`` as ``M/D/YYYY`` and ``rules=`` (the Go option
             ``rules``: AGA, Japanese, Chinese, Ing, Korean)
``PLAYERS``  one line per player of a rated game: AGA id (right aligned), the name as
             registered (``Last, First``), the rank of the event (``4k``, ``3d``)
``GAMES``    one line per played game: White's id, Black's id, the winner's colour
             ``w`` / ``b``, the handicap stones, the komi
=========  ==========================================================================

What the page asks and the file cannot carry is checked before anything is written, each a
one-line refusal: the event's name, place and dates ("the tournament … must be clearly
identified, including the event name, location, start and finish dates, and rules of
play"); every player of a rated game with an AGA id — a federation id that is an AGA member
number, 1 to 6 digits (an 8-digit EGD PIN is not one) — and a rank ("each player must be
identified by an AGA ID number, full name, and rank used for the event"); two players with
the same id; a game of the rounds written without its result; a jigo (the game line has a
winner's colour and nothing else).  The page allows a temporary number with the player's
address sent alongside; swisstui refuses instead (issue 36: the AGA refuses results with
temporary ids), so the director gets the member number at the desk, not from the AGA.

Played games only: a forfeit, a bye or an absence is not a rated game and is not written.
The komi is written as its whole points, as the page's example writes ``7`` for the AGA
rules' 7.5 (the half point only breaks ties; inferred from the example, docs/INTEROP.md).

:func:`read_aga` reads such a file back (the tests' check of the export).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any

from ..errors import SwissError
from ..games import profile
from ..history import board_colours
from ..i18n import _
from ..model import Event, Player
from ..colours_vocab import BLACK, WHITE
from .rated_games import result_boards

#: the Go option ``rules`` as the AGA writes its rule sets
RULES = {"aga": "AGA", "japanese": "Japanese", "chinese": "Chinese", "ing": "Ing",
         "korean": "Korean"}
#: an AGA member number: digits, at most this many (the AGA's ids are 5 digits today;
#: an EGD PIN has 8)
AGA_ID_DIGITS = 6


def aga_id(p: Player) -> str | None:
    """The player's AGA member number (his federation id when it is one), else None."""
    text = (p.federation_id or "").strip()
    if text.isascii() and text.isdecimal() and len(text) <= AGA_ID_DIGITS and int(text) > 0:
        return str(int(text))
    return None


def _us_date(iso: str) -> str:
    """``2026-03-07`` → ``3/7/2026`` (the page's ``start=6/15/2004``)."""
    y, m, d = iso.split("-")
    return f"{int(m)}/{int(d)}/{int(y)}"


def _who(players: list[Player]) -> str:
    return ", ".join(f"{p.id} {p.name}" for p in players)


@dataclass(frozen=True)
class _Game:
    white: int
    black: int
    winner: str  # "w" / "b"
    handicap: int
    komi: float


def _games(event: Event, upto: int | None) -> list[_Game]:
    """The rated games of rounds 1..``upto`` (all rounds when None), in round and board
    order; SwissError for a game without its result or a jigo."""
    out: list[_Game] = []
    jigo: list[str] = []
    for _round, b, result, where in result_boards(event, upto, _(
            "the AGA rates played games only; no result yet: {boards} (enter them, or "
            "export --round N for the rounds before)")):
        if result.forfeit or max(result.outcome) == 0:
            continue  # a forfeit or a double loss: not a rated game
        if result.outcome[0] == result.outcome[1]:
            jigo.append(where)
            continue
        colours = board_colours(event.game, b) or (BLACK, WHITE)
        seat = dict(zip(colours, b.players))
        won = colours[0] if result.outcome[0] > result.outcome[1] else colours[1]
        setup: Mapping[str, Any] = b.setup or {}
        detail = result.detail
        handicap = int(setup.get("handicap") or detail.get("handicap") or 0)
        komi = setup.get("komi", detail.get("komi"))
        if komi is None:
            from ..games.go import event_komi
            komi = event_komi(event.settings)
        out.append(_Game(seat[WHITE], seat[BLACK], "w" if won == WHITE else "b",
                         handicap, float(komi)))
    if jigo:
        raise SwissError(_("the AGA results file has no jigo (a game line names its winner's "
                           "colour): {boards}").format(boards=", ".join(jigo)))
    return out


def check_aga(event: Event, upto: int | None = None) -> list[_Game]:
    """Everything :func:`write_aga` needs, checked: SwissError naming, in one line, the first
    thing missing (the event's dates or place, players without an AGA id or rank, an id
    given twice, games without a result, a jigo).  Returns the games to write."""
    if "aga" not in profile(event.game).printing.file_formats:
        raise SwissError(_("the AGA results file is for Go; this event is {game} (csv or html "
                           "serve any game)").format(game=event.game))
    s = event.settings
    lacking = []
    if not (s.date_start or s.date_end):
        lacking.append(_("its dates (settings EVENT --date-start YYYY-MM-DD --date-end "
                         "YYYY-MM-DD)"))
    if not (s.city or s.venue):
        lacking.append(_("its place (settings EVENT --city NAME)"))
    if lacking:
        raise SwissError(_("the AGA needs the event clearly identified; missing: {what}")
                         .format(what="; ".join(lacking)))
    games = _games(event, upto)
    ids = {g.white for g in games} | {g.black for g in games}
    rated = [p for p in event.players if p.id in ids]
    no_id = [p for p in rated if aga_id(p) is None]
    if no_id:
        raise SwissError(_("no AGA id (the AGA refuses temporary ids; players edit EVENT ID "
                           "--fide-id NUMBER): {players}").format(players=_who(no_id)),
                         players=tuple(p.id for p in no_id))
    no_rank = [p for p in rated if not p.rank]
    if no_rank:
        raise SwissError(_("no rank (the AGA needs the rank each player used in the event): "
                           "{players}").format(players=_who(no_rank)),
                         players=tuple(p.id for p in no_rank))
    seen: dict[str, Player] = {}
    for p in rated:
        other = seen.setdefault(str(aga_id(p)), p)
        if other is not p:
            raise SwissError(_("players {a} and {b} have the same AGA id {id}")
                             .format(a=f"{other.id} {other.name}", b=f"{p.id} {p.name}",
                                     id=aga_id(p)), players=(other.id, p.id))
    return games


def write_aga(event: Event, upto: int | None = None) -> bytes:
    """The event's rated games (rounds 1..``upto``, default all) as the AGA's results file
    (UTF-8, lines ending LF); nothing when :func:`check_aga` refuses."""
    games = check_aga(event, upto)
    s = event.settings
    from ..games.go import PROFILE
    rules = str(PROFILE.option(s, "rules"))
    start = s.date_start or s.date_end
    finish = s.date_end or s.date_start
    assert start and finish  # check_aga
    place = s.city or s.venue
    ids = {g.white for g in games} | {g.black for g in games}
    rated = [p for p in event.players if p.id in ids]
    number = {p.id: str(aga_id(p)) for p in rated}
    width = max((len(n) for n in number.values()), default=1)
    name_width = max((len(" ".join(p.name.split())) for p in rated), default=0)
    lines = [" ".join(f"TOURNEY {s.name}, {place}".split()),
             f"        start={_us_date(start)}",
             f"        finish={_us_date(finish)}",
             f"        rules={RULES.get(rules, rules)}",
             "PLAYERS"]
    for p in sorted(rated, key=lambda p: int(number[p.id])):
        name = " ".join(p.name.split())
        lines.append(f"{number[p.id]:>{width}} {name:<{name_width}} {p.rank}")
    lines.append("GAMES")
    for g in games:
        lines.append(f"{number[g.white]} {number[g.black]} {g.winner} {g.handicap} "
                     f"{int(g.komi)}")
    return ("\n".join(lines) + "\n").encode("utf-8")


# ---- reading --------------------------------------------------------------------------------

@dataclass(frozen=True)
class AgaPlayer:
    id: int
    name: str
    rank: str


@dataclass(frozen=True)
class AgaGame:
    white: int
    black: int
    winner: str
    handicap: int
    komi: int


@dataclass(frozen=True)
class AgaFile:
    tourney: str
    fields: dict[str, str]  # start, finish, rules
    players: tuple[AgaPlayer, ...]
    games: tuple[AgaGame, ...]


_PLAYER = re.compile(r"^\s*(\d+)\s+(.+?)\s+(\d{1,2}[kdpKDP])\s*$")
_GAME = re.compile(r"^\s*(\d+)\s+(\d+)\s+([wbWB])\s+(\d+)\s+(-?\d+)\s*$")


def read_aga(data: bytes | str) -> AgaFile:
    """Parse an AGA results file as the page describes it: ``TOURNEY`` and its indented
    ``key=value`` lines, ``PLAYERS`` (id, name, rank) and ``GAMES`` (White, Black, winner,
    handicap, komi).  SwissError naming the line for anything else, a game naming a player
    not listed, or a player listed twice."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    tourney = ""
    fields: dict[str, str] = {}
    players: dict[int, AgaPlayer] = {}
    games: list[AgaGame] = []
    part = ""
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith("TOURNEY"):
            tourney, part = line[len("TOURNEY"):].strip(), "tourney"
        elif line.strip() in ("PLAYERS", "GAMES"):
            part = line.strip().lower()
        elif part == "tourney" and "=" in line and line[0].isspace():
            key, _eq, value = line.strip().partition("=")
            fields[key.strip()] = value.strip()
        elif part == "players" and (m := _PLAYER.match(line)):
            pid = int(m.group(1))
            if pid in players:
                raise SwissError(_("AGA file line {n}: player {id} listed twice")
                                 .format(n=n, id=pid))
            players[pid] = AgaPlayer(pid, m.group(2), m.group(3).lower())
        elif part == "games" and (m := _GAME.match(line)):
            g = AgaGame(int(m.group(1)), int(m.group(2)), m.group(3).lower(),
                        int(m.group(4)), int(m.group(5)))
            unknown = [x for x in (g.white, g.black) if x not in players]
            if unknown:
                raise SwissError(_("AGA file line {n}: player {id} is not in PLAYERS")
                                 .format(n=n, id=unknown[0]))
            games.append(g)
        else:
            raise SwissError(_("AGA file line {n}: not a line of the AGA results format: "
                               "{line!r}").format(n=n, line=line))
    return AgaFile(tourney, fields, tuple(players.values()), tuple(games))
