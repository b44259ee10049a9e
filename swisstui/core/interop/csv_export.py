"""CSV export of the printable lists (:mod:`.tables`): one header row, then one row per line
of the table; RFC 4180 quoting and CR LF line ends (what spreadsheets expect), UTF-8."""

from __future__ import annotations

from ..spreadsheet import write_csv
from .tables import Table


def table_to_csv(table: Table) -> str:
    """Cells that a spreadsheet would read as a formula get a ``'`` (:mod:`..spreadsheet`)."""
    return write_csv(table.headers, table.rows, lineterminator="\r\n")
