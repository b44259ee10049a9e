"""EGD / EGF tournament results file (``.h9``) for Go events (docs/RULES.md §1.6).

Header lines start with ``;`` (``CL[] EV[] PC[] DT[] HA[] KM[] TM[] CM[]``), then one
fixed-width line per player in standings order.  Columns (1-based; docs/INTEROP.md):

=========  =====================================================================
1-4        line number, right aligned (results refer to opponents by this number)
6-35       name ``Surname Firstname``, padded to 30 (longer names push the rest right)
37-39      rank ``2D``, ``12K``, ``1P``, right aligned
41-42      country (2 letters; ``XX`` when unknown)
44-47      club (up to 4 characters, right aligned; ``xxxx`` when unknown)
then       one 5-column field per placement criterion (blank + value right aligned in
           4): the event's tie-break chain (Go: ``WINS SOS SOSOS SODOS`` or ``MMS SOSM
           SOSOSM``; the score first when the chain does not start with one); at least 4
           criteria, padded with ``0``
then       one 9-column field per round: blank, opponent line number right aligned in 4,
           ``+`` ``-`` ``=`` (``?`` while the result is missing), then ``/`` colour
           (``b``/``w``) and handicap for a game, or 3 blanks for an unplayed round
=========  =====================================================================

Unplayed rounds follow the EGF format (docs/RULES.md §1.6 "Unplayed rounds"): ``0+`` a free win,
``0=`` a free round worth half a point, ``0-`` a free round with nothing — chosen from the
points the round scored (pairing bye, requested byes, absence, rounds before a late entry or
after a withdrawal; a player present but unpaired is ``0-``).  Forfeits are not rated games,
so they are written as ``0+`` for the winner and ``0-`` for the loser, never as a game.

The file is written in ISO-8859-15 (what OpenGotha writes for the EGD); characters outside it
become ``?``.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from ..errors import SwissError
from ..games import profile
from ..model import Event, GameKind, history

ENCODING = "iso-8859-15"
MIN_CRITERIA = 4


def _num(value: float) -> str:
    if value == int(value):
        return str(int(value))
    return f"{value:g}"


def egd_name(name: str) -> str:
    """``Surname, Firstname`` → ``Surname Firstname`` (the EGD has no comma)."""
    if "," in name:
        last, _, first = name.partition(",")
        return f"{last.strip()} {first.strip()}".strip()
    return " ".join(name.split())


def egd_rank(rank: str | None, who: str) -> str:
    if not rank:
        raise SwissError(f"player {who} has no rank; the EGD needs one (e.g. 3d, 12k)")
    return rank.upper()


def _place(country: str, city: str) -> str:
    """``PC[country,city]``; empty when neither is known."""
    return f"{country},{city}" if country or city else ""


def _komi(event: Event) -> str:
    from ..games.go import event_komi

    try:
        return _num(float(event_komi(event.settings)))
    except (TypeError, ValueError, KeyError):
        return ""


SCORE_CODES = ("WINS", "NBW", "MMS", "PTS")


def _field(opp: int, mark: str, tail: str = "") -> str:
    return f" {opp:>4}{mark}{tail:<3}"


def _header(event: Event, info: Mapping[str, Any]) -> list[str]:
    s = event.settings
    opts = s.options
    dt = ",".join(d for d in (s.date_start, s.date_end) if d)
    fields = {
        "CL": opts.get("egf_class", ""),
        "EV": s.name,
        "PC": _place(str(opts.get("country", "")), s.city or s.venue or ""),
        "DT": dt,
        "HA": opts.get("handicap_rule", ""),
        "KM": _komi(event),
        "TM": opts.get("egf_time", ""),
        "CM": opts.get("time_system", ""),
    }
    unknown = [k for k in info if k not in fields]
    if unknown:
        raise SwissError(f"unknown h9 header field {unknown[0]!r}; valid: "
                         f"{', '.join(fields)}")
    fields.update({k: v for k, v in info.items() if v is not None})
    return [f"; {key}[{value}]" for key, value in fields.items()]


def write_h9(event: Event, table: Any = None, *, info: Mapping[str, Any] | None = None,
             ) -> bytes:
    """The event as an EGD ``.h9`` file (bytes in ISO-8859-15).

    ``table`` is a :class:`swisstui.core.standings.Standings` (default: the standings after
    the last complete round); its order gives the line numbers and its tie-break values the
    criteria columns.  ``info`` overrides header fields (``CL``, ``PC``, ``TM``, ``CM``,
    ``HA``, ``KM``…)."""
    if "h9" not in profile(event.game).file_formats:
        raise SwissError(f"h9 is the EGD format for Go; this event is {event.game} "
                         "(use --format trf for chess, csv or html for any game)")
    if table is None:
        from ..standings import standings

        table = standings(event)
    upto = table.after_round
    rows = list(table.rows)
    codes = tuple(table.tiebreaks)
    line_no = {row.player.id: i for i, row in enumerate(rows, start=1)}
    hist = history(event, upto=upto) if upto else {p.id: () for p in event.players}
    sc = event.settings.scoring

    lead = bool(codes) and codes[0] in SCORE_CODES  # the chain already starts with a score
    labels = [*codes] if lead else ["Pts", *codes]
    labels += ["0"] * (MIN_CRITERIA - len(labels))
    out = _header(event, info or {})
    out.append("; Generated by swisstui")
    out.append(";")
    out.append(f"; Pl {'Name':<30}  Rk Co Club"
               + "".join(f" {lab[:4]:>4}" for lab in labels))
    for i, row in enumerate(rows, start=1):
        p = row.player
        country = (p.country or "").upper()
        country = country if len(country) == 2 and country.isalpha() else "XX"
        club = (p.club or "xxxx").replace(" ", "")[:4] or "xxxx"
        crit = [] if lead else [_num(row.score)]
        crit += [_num(row.values.get(c, 0.0)) for c in codes]
        crit += ["0"] * (MIN_CRITERIA - len(crit))
        line = (f"{i:>4} {egd_name(p.name):<30} {egd_rank(p.rank, p.name):>3} {country} "
                f"{club:>4}" + "".join(f" {c:>4}" for c in crit))
        for rec in hist.get(p.id, ()):
            kind = rec.kind
            if kind in (GameKind.GAME, GameKind.PENDING) and rec.opponent in line_no:
                mark = "?" if rec.outcome is None else \
                    {1: "+", 0.5: "=", 0: "-"}[rec.outcome]
                hcp = 0
                if rec.result is not None:
                    hcp = int(rec.result.detail.get("handicap", 0) or 0)
                line += _field(line_no[rec.opponent], mark, f"/{rec.colour or '?'}{hcp}")
            elif kind is GameKind.FORFEIT_WIN:
                line += _field(0, "+")
            elif kind in (GameKind.FORFEIT_LOSS, GameKind.FORFEIT_DRAW):
                line += _field(0, "=" if kind is GameKind.FORFEIT_DRAW else "-")
            else:
                mark = "+" if rec.points >= sc.win else "-" if rec.points <= 0 else "="
                line += _field(0, mark)
        out.append(line.rstrip())
    return ("\n".join(out) + "\n").encode(ENCODING, errors="replace")
