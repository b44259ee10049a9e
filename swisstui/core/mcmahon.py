"""McMahon start scores (docs/RULES.md §1.2, OpenGotha ``Player.smms()``).

``SMMS = clamp(rank, floor, bar) − zero + smms_correction`` with ranks on the OpenGotha scale
of :func:`swisstui.core.ranks.rank_value` (30k = −30 … 1k = −1, 1d = 0 … 9d = 8) and
``zero`` = 30k, so 30k starts on 0, 20k on 10 and 1d on 30.  The bar and floor come from the
event options ``mcmahon_bar`` (default ``4d``) and ``mcmahon_floor`` (default ``20k``);
``Player.smms_correction`` (−1 … +2) moves a player across groups.  A player without a rank
starts at the floor.

Used by the pairing engine (McMahon score groups) and by the standings (MMS, SOSM, SOSOSM).
"""

from __future__ import annotations

from .i18n import _

from .errors import SwissError
from .model import Event

DEFAULT_BAR = "4d"
DEFAULT_FLOOR = "20k"


def _value(text: object, what: str) -> int:
    from .ranks import rank_value

    try:
        return rank_value(str(text))
    except (ValueError, SwissError) as exc:
        raise SwissError(_("option {what} = {text!r} is not a rank ({exc})").format(what=what, text=text, exc=exc)) from None


def bar_and_floor(event: Event) -> tuple[int, int]:
    """The (bar, floor) rank values of the event; SwissError if floor is above the bar."""
    opts = event.settings.options
    bar = _value(opts.get("mcmahon_bar", DEFAULT_BAR), "mcmahon_bar")
    floor = _value(opts.get("mcmahon_floor", DEFAULT_FLOOR), "mcmahon_floor")
    if floor > bar:
        raise SwissError(_("McMahon floor {value} is above the bar {value2}").format(value=opts.get('mcmahon_floor', DEFAULT_FLOOR), value2=opts.get('mcmahon_bar', DEFAULT_BAR)))
    return bar, floor


def start_scores(event: Event) -> dict[int, float]:
    """Each player's McMahon start score (SMMS), docs/RULES.md §1.2."""
    from .ranks import MIN_VALUE, rank_value

    bar, floor = bar_and_floor(event)
    out: dict[int, float] = {}
    for p in event.players:
        value = rank_value(p.rank) if p.rank else floor
        out[p.id] = float(min(max(value, floor), bar) - MIN_VALUE + p.smms_correction)
    return out
