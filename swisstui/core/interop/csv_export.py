"""CSV export of the printable lists (:mod:`.tables`): one header row, then one row per line
of the table; RFC 4180 quoting and CR LF line ends (what spreadsheets expect), UTF-8."""

from __future__ import annotations

from ..model import Event
from ..spreadsheet import write_csv
from .tables import Table, build


def table_to_csv(table: Table) -> str:
    """Cells that a spreadsheet would read as a formula get a ``'`` (:mod:`..spreadsheet`)."""
    return write_csv(table.headers, table.rows, lineterminator="\r\n")


def export_csv(event: Event, what: str = "standings", round_no: int | None = None) -> str:
    return table_to_csv(build(event, what, round_no))
