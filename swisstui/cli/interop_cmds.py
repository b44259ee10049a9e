"""``swisstui export`` and ``swisstui import``: thin shells over :mod:`swisstui.core.interop`.

::

    swisstui export EVENT --format json|trf|h9|csv|html [--what standings|crosstable|pairings|wall]
                    [--round N] [--trf-version 16|2026] [--info KEY=VALUE ...] [-o FILE]
    swisstui import FILE --format trf EVENT [--rounds N]
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ..core import store
from ..core.errors import SwissError
from ..core.interop import trf
from ..core.interop.tables import WHATS

FORMATS = ("json", "trf", "h9", "csv", "html")


def register(sub) -> None:
    p = sub.add_parser(
        "export", help="write the event as JSON, FIDE TRF, EGD h9, CSV or HTML",
        description="Write the event for another program or for print: json (everything), "
                    "trf (FIDE, chess), h9 (EGD, Go), csv/html (standings, crosstable, "
                    "pairings of a round, or the alphabetical wall list).")
    p.add_argument("event", metavar="EVENT", help="event folder")
    p.add_argument("--format", required=True, choices=FORMATS)
    p.add_argument("--what", choices=(*WHATS, "all"), default="standings",
                   help="csv/html: which list (default standings); html also 'all': "
                        "standings, crosstable, current pairings and wall list on one page")
    p.add_argument("--round", type=int, default=None, metavar="N",
                   help="standings/crosstable/h9/trf: after round N; pairings/wall: "
                        "round N (default: the current round)")
    p.add_argument("--trf-version", choices=trf.VERSIONS, default=trf.DEFAULT_VERSION,
                   help="TRF-16 with XXR/XXC (default) or TRF-2026 with 142/152")
    p.add_argument("--info", action="append", default=[], metavar="KEY=VALUE",
                   help="h9 header field, e.g. CL=A, TM=82, 'CM=Canadian byo-yomi', PC=FR,Paris")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="file to write (default: standard output)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "import", help="create a new chess event from a FIDE TRF file",
        description="Read a TRF-16 or TRF-2026 file (Swiss-Manager, Vega, bbpPairings, "
                    "swisstui…) into a new event folder that can be continued.")
    p.add_argument("file", metavar="FILE", help="the TRF file")
    p.add_argument("--format", required=True, choices=("trf",))
    p.add_argument("event", metavar="EVENT",
                   help="new event folder (must not exist or be empty)")
    p.add_argument("--rounds", type=int, default=None, metavar="N",
                   help="planned number of rounds (default: XXR/142 of the file, else the "
                        "rounds it holds)")
    p.set_defaults(func=cmd_import)


def _info(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SwissError(f"--info {item!r}: expected KEY=VALUE, e.g. CL=A")
        out[key.strip().upper()] = value.strip()
    return out


def render(event, args) -> bytes:
    """The bytes ``export`` writes for ``args`` (format, what, round, …)."""
    fmt = args.format
    if fmt == "h9" or (fmt in ("csv", "html") and args.what in ("standings", "crosstable")):
        from ..core.standings import check_after_round

        check_after_round(event, args.round)
    if fmt == "json":
        from ..core.export_json import event_to_json

        return (json.dumps(event_to_json(event), indent=2, ensure_ascii=False) + "\n").encode()
    if fmt == "trf":
        if args.round is not None:  # the event as it stood after round N (pairing checkers)
            event = trf.event_after(event, args.round)
        return trf.write_trf(event, version=args.trf_version).encode("utf-8")
    if fmt == "h9":
        from ..core.interop.h9 import write_h9
        from ..core.standings import standings

        return write_h9(event, standings(event, args.round), info=_info(args.info))
    if fmt == "csv":
        from ..core.interop.csv_export import export_csv

        if args.what == "all":
            raise SwissError("--what all is for html; a CSV file holds one list")
        return export_csv(event, args.what, args.round).encode("utf-8")
    from ..core.interop.html_export import export_html

    return export_html(event, args.what, args.round).encode("utf-8")


def _write_file(path: Path, data: bytes) -> None:
    store.write_file(path, data)


def cmd_export(args) -> int:
    event = store.load(args.event)
    data = render(event, args)
    if args.output:
        _write_file(Path(args.output), data)
    else:
        try:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        except BrokenPipeError:  # `swisstui export … | head`: the reader has had enough
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
    return 0


def read_text(path: Path) -> str:
    """A text file as UTF-8 (with or without BOM), else Windows-1252 (Swiss-Manager)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SwissError(f"{path}: no such file") from None
    except OSError as exc:
        raise SwissError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def cmd_import(args) -> int:
    path = Path(args.file)
    event = trf.read_trf(read_text(path), path, rounds=args.rounds)
    store.validate_event(event)
    folder = Path(args.event)
    # one change: after a crash or Ctrl-C, no event or the whole one (store.create)
    store.create(folder, event.settings, event.players, event.rounds)
    print(f"imported {len(event.players)} players and {len(event.rounds)} round(s) of "
          f"{event.settings.rounds} into {folder}")
    return 0
