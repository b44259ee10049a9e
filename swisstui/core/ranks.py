"""Go and Renju ranks: kyu (student), dan (amateur master) and professional dan.

Text forms accepted (case and blanks ignored): ``12k``, ``12 kyu``, ``12K``, ``3d``, ``3 dan``,
``3D``, ``1p``, ``1 pro``, and the CJK forms ``3段`` / ``12級`` / ``12级`` / ``3단`` / ``12급``.
Canonical text: lower-case number + letter, ``12k``, ``3d``, ``1p``.

Numeric scale (for ordering and the McMahon start score) follows OpenGotha's rank encoding
(docs/RULES.md §1.1 "Rank encoding": 30K = −30 … 1K = −1, 1D = 0 … 9D = 8) and puts professional
dans above 9d::

    30k → -30   …   2k → -2   1k → -1   1d → 0   2d → 1   …   9d → 8   1p → 9   …   9p → 17

so that a higher value is always the stronger rank and McMahon's
``SMMS = clamp(rank, floor, bar) + 30`` (docs/RULES.md §1.2) works directly on these values.
Limits: 1–30 kyu, 1–9 dan, 1–9 pro.
"""

from __future__ import annotations

from .i18n import _

import re

from .errors import SwissError

__all__ = ["RankError", "parse_rank", "rank_value", "rank_from_value", "is_rank",
           "KYU_MAX", "MIN_VALUE", "MAX_VALUE", "CLASSES"]

KYU_MAX = 30
DAN_MAX = 9
PRO_MAX = 9
MIN_VALUE = -KYU_MAX  # 30k
MAX_VALUE = DAN_MAX - 1 + PRO_MAX  # 9p = 17


class RankError(SwissError, ValueError):
    """A malformed rank (both a SwissError for the CLI and a ValueError for callers)."""


_UNITS = {
    "k": "k", "kyu": "k", "kyuu": "k", "級": "k", "级": "k", "급": "k",
    "d": "d", "dan": "d", "段": "d", "단": "d",
    "p": "p", "pro": "p", "pd": "p", "프로": "p",
}
_RE = re.compile(r"^(\d{1,2})\s*([^\d\s].*)$")


def _fail(text: object) -> RankError:
    return RankError(_("malformed rank {text!r}; use e.g. 3d, 12k, 1p").format(text=text))


def _split(text: object) -> tuple[int, str]:
    if not isinstance(text, str):
        raise _fail(text)
    m = _RE.match(text.strip().lower())
    if not m:
        raise _fail(text)
    n, unit = int(m.group(1)), _UNITS.get(m.group(2).strip())
    if unit is None or n < 1:
        raise _fail(text)
    limit = {"k": KYU_MAX, "d": DAN_MAX, "p": PRO_MAX}[unit]
    if n > limit:
        raise _fail(text)
    return n, unit


def parse_rank(text: str) -> str:
    """Canonical form of a rank: ``"3 dan"`` → ``"3d"``, ``"12 Kyu"`` → ``"12k"``."""
    n, unit = _split(text)
    return f"{n}{unit}"


def is_rank(text: object) -> bool:
    try:
        _split(text)
    except RankError:
        return False
    return True


def rank_value(text: str) -> int:
    """Numeric value of a rank (scale in the module docstring): 1d = 0, 1k = −1, 1p = 9."""
    n, unit = _split(text)
    if unit == "k":
        return -n
    if unit == "d":
        return n - 1
    return DAN_MAX - 1 + n


def rank_from_value(value: int) -> str:
    """Inverse of :func:`rank_value` (clamped to 30k … 9p)."""
    v = max(MIN_VALUE, min(MAX_VALUE, int(value)))
    if v < 0:
        return f"{-v}k"
    if v < DAN_MAX:
        return f"{v + 1}d"
    return f"{v - DAN_MAX + 1}p"


#: The strength classes of Japanese amateur Go events, as entry forms print them: class ->
#: (strongest, weakest) rank, None for no bound; S is the open class (7 dan and above,
#: professionals).  ``swisstui sections distribute --by class`` enters players by it
#: (docs/FORMAT.md "Sections").
CLASSES: tuple[tuple[str, str | None, str | None], ...] = (
    ("S", None, "7d"), ("A", "6d", "5d"), ("B", "4d", "3d"), ("C", "2d", "1d"),
    ("D", "1k", "4k"), ("E", "5k", "9k"), ("F", "10k", None))

