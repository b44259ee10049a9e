"""``swisstui verify FILE.trf [--round N] [--json]``: the pairing checker (a thin shell over
:mod:`swisstui.core.services.verify`).

Exit codes: 0 every round checked is the FIDE Dutch pairing and the points match, 1 a round
or a player's points differ (the report is printed all the same), 2 the file cannot be read
(one line, ``file:line: …``).
"""

from __future__ import annotations

import json
import sys

from ..core.errors import SwissError
from ..core.i18n import _


def register(sub) -> None:
    p = sub.add_parser(
        "verify", help=_("check the pairings of a FIDE TRF file against the Dutch system"),
        description=_("Recompute each round of a TRF file (any program's) by the FIDE Dutch "
                      "system and report, round by round, identical or the first board that "
                      "differs with the criterion that decides it; also check each player's "
                      "points against the results.  Exit 0: identical, 1: a difference, 2: "
                      "the file cannot be read."))
    p.add_argument("file", metavar="FILE", help=_("the TRF file"))
    p.add_argument("--round", type=int, default=None, metavar="N",
                   help=_("check round N only (default: every round in the file)"))
    p.add_argument("--json", action="store_true", help=_("the report as JSON"))
    p.set_defaults(func=cmd_verify)


def cmd_verify(args) -> int:
    from ..core.services.verify import verify_file
    try:
        report = verify_file(args.file, args.round)
    except SwissError as exc:
        print(f"swisstui: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False, indent=1))
    else:
        print("\n".join(report.lines()))
    return 0 if report.ok else 1
