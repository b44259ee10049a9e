"""``swisstui export`` and ``swisstui import``: argument parsing over the export table of
:mod:`swisstui.core.interop.formats` and :mod:`swisstui.core.services`.

::

    swisstui export EVENT --format text|json|csv|html|trf|h9|aga|wof [--what LIST] [--round N]
                    [--tiebreaks A,B] [--trf-version 16|2026]
                    [--encoding utf-8|latin-1|ascii] [--info KEY=VALUE ...]
                    [--paper a4|letter] [--players-url URL] [-o FILE]
    swisstui import FILE --format trf EVENT [--rounds N]
"""

from __future__ import annotations

from ..core.i18n import _

import os
import sys

from ..core import i18n, services
from ..core.errors import SwissError
from ..core.interop import trf
from ..core.interop.formats import FORMATS, WHATS, ExportRequest


def _formats_help() -> str:
    return "; ".join(f"{f.name}: {', '.join(f.whats)}" for f in FORMATS.values())


def register(sub) -> None:
    p = sub.add_parser(
        "export", help=_("write the event as text, JSON, CSV, HTML, FIDE TRF, EGD h9, or AGA or "
                         "WOF results"),
        description=_("Write the event for another program or for print.  What each format holds ({formats_help}); the first listed is the default.").format(formats_help=_formats_help()))
    p.add_argument("event", metavar="EVENT", help=_("event folder"))
    p.add_argument("--format", required=True, choices=tuple(FORMATS))
    p.add_argument("--what", choices=WHATS, default=None, metavar="LIST",
                   help=_("LIST: one of {items}").format(items=", ".join(WHATS)) + "; " +
                   _("which list (default: the format's first); html also 'all': "
                        "standings, crosstable, current pairings and wall list on one page; "
                        "for paper: pairings, alphabetical, slips (result slips), wall "
                        "(wall chart), standings, checkin (registration and check-in list, "
                        "every section's entries without --section)"))
    p.add_argument("--round", type=int, default=None, metavar="N",
                   help=_("standings/crosstable/h9/trf/aga/wof: after round N; pairings/wall: "
                        "round N (default: the current round)"))
    p.add_argument("--tiebreaks", default=None, metavar="A,B,...",
                   help=_("standings/crosstable: this tie-break chain instead of the event's"))
    p.add_argument("--trf-version", choices=trf.VERSIONS, default=trf.DEFAULT_VERSION,
                   help=_("TRF-16 with XXR/XXC (default) or TRF-2026 with 142/152"))
    p.add_argument("--encoding", choices=trf.ENCODINGS, default=None,
                   help=_("trf: the file's encoding — utf-8 (default), latin-1 or ascii "
                          "(accented names transliterated) for readers that cannot take "
                          "UTF-8"))
    p.add_argument("--info", action="append", default=[], metavar="KEY=VALUE",
                   help=_("h9 header field, e.g. CL=A, TM=82, 'CM=Canadian byo-yomi', PC=FR,Paris; "
                          "wof: COUNTRY=France, SENDER=NAME (default: the event's arbiter)"))
    p.add_argument("--paper", choices=("a4", "letter"), default=None,
                   help=_("html: a page for a printer on A4 or US Letter (header repeated on "
                        "every page); alphabetical, slips and wall are always for paper"))
    p.add_argument("--players-url", default=None, metavar="URL",
                   help=_("html pairings/alphabetical for paper: print a QR code of the "
                        "players' page, e.g. http://192.168.1.20:8000/players"))
    p.add_argument("-o", "--output", metavar="FILE",
                   help=_("file to write (default: standard output)"))
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "import", help=_("create a new chess event from a FIDE TRF file"),
        description=_("Read a TRF-16 or TRF-2026 file (Swiss-Manager, Vega, bbpPairings, "
                    "swisstui…) into a new event folder that can be continued."))
    p.add_argument("file", metavar="FILE", help=_("the TRF file"))
    p.add_argument("--format", required=True, choices=("trf",))
    p.add_argument("event", metavar="EVENT",
                   help=_("new event folder (must not exist or be empty)"))
    p.add_argument("--rounds", type=int, default=None, metavar="N",
                   help=_("planned number of rounds (default: XXR/142 of the file, else the "
                        "rounds it holds)"))
    p.add_argument("--renumber", action="store_true",
                   help=_("pair by numbers recomputed from rating, title and name (FIDE "
                          "C.04.2) instead of the file's starting ranks"))
    p.set_defaults(func=cmd_import)

    from . import verify_cmds
    verify_cmds.register(sub)  # verify: the pairing checker over a TRF


def _info(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SwissError(_("--info {item!r}: expected KEY=VALUE, e.g. CL=A").format(item=item))
        out[key.strip().upper()] = value.strip()
    return out


def write_out(data: bytes) -> None:
    """``data`` on standard output (a reader that leaves early, ``| head``, is no error; a
    text-only stdout, as under a test harness, gets the UTF-8 text)."""
    try:
        sys.stdout.flush()
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None:
            sys.stdout.write(data.decode("utf-8", errors="replace"))
        else:
            binary.write(data)
            binary.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def request(args, fmt: str | None = None, what: str | None = None) -> ExportRequest:
    """The export request of parsed arguments (``standings``/``crosstable`` name their list).

    ``export`` writes for the players (the event's ``language``); ``standings`` and
    ``crosstable`` are the director's own view, in the director's language."""
    return ExportRequest(fmt or args.format, what or getattr(args, "what", None), args.round,
                         getattr(args, "tiebreaks", None),
                         getattr(args, "trf_version", None),
                         _info(getattr(args, "info", None) or []),
                         getattr(args, "paper", None), getattr(args, "players_url", None),
                         getattr(args, "encoding", None),
                         lang=i18n.current() if what is not None else None)


def cmd_export(args) -> int:
    from ..core.services.exports import export_folder
    written = export_folder(args.event, request(args), args.output,
                            one_section=getattr(args, "section", None) is not None)
    for w in written:
        if w.path is None:
            write_out(w.data)
        elif w.section:  # one file per section (TRF, h9 of an event with sections)
            sys.stdout.write(_("section {name}: wrote {path}").format(name=w.section,
                                                                      path=w.path) + "\n")
        for line in w.warnings:  # the file is written anyway
            sys.stderr.write(_("warning: {w}").format(w=line) + "\n")
    return 0


def cmd_import(args) -> int:
    warnings: list[str] = []
    ev = services.import_trf(args.file, args.event, rounds=args.rounds,
                             keep_numbers=not args.renumber, warnings=warnings)
    for line in warnings:
        sys.stderr.write(_("warning: {w}").format(w=line) + "\n")
    print(_("imported {count} players and {rounds_in} round(s) of {rounds} into {event}").format(count=len(ev.players), rounds_in=len(ev.rounds), rounds=ev.settings.rounds, event=args.event))
    return 0
