"""CSV export of the printable lists (:mod:`.tables`): one header row, then one row per line
of the table; RFC 4180 quoting and CR LF line ends (what spreadsheets expect), UTF-8."""

from __future__ import annotations

import csv
import io

from ..model import Event
from .tables import Table, build


def table_to_csv(table: Table) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(table.headers)
    writer.writerows(table.rows)
    return buf.getvalue()


def export_csv(event: Event, what: str = "standings", round_no: int | None = None) -> str:
    return table_to_csv(build(event, what, round_no))
