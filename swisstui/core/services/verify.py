"""``swisstui verify FILE.trf``: the pairing checker over a TRF file any program wrote
(:mod:`swisstui.core.interop.verify`; docs/INTEROP.md "verify").  Reads the file, writes
nothing."""

from __future__ import annotations

from pathlib import Path

from ..interop.verify import VerifyReport, verify_trf
from .exports import read_text

__all__ = ["verify_file", "VerifyReport"]


def verify_file(path: str | Path, round_no: int | None = None) -> VerifyReport:
    """Every round of the TRF at ``path`` (or round ``round_no``) recomputed by the FIDE
    Dutch system and compared with the file, and each player's points with the results.
    :class:`~swisstui.core.errors.SwissError` (``file:line: …`` for a bad record) when the
    file cannot be read."""
    return verify_trf(read_text(path), str(path), round_no)
