"""Colour allocation of the Dutch system, FIDE C.04.3 E.1-E.5 (2026 text: Article 5).

For each pair, the first rule that decides:

* E.1 both colour preferences can be granted: grant them;
* E.2 grant the stronger preference (absolute > strong > mild); when both are absolute, the
  player with the wider colour difference gets his preference;
* E.3 alternate the colours against the most recent round in which the two had different
  colours (played games only, each player's own sequence read backwards);
* E.4 grant the preference of the higher-ranked player (score, then pairing number);
* E.5 neither has a preference: the higher-ranked player gets the initial colour when his
  pairing number is odd, the other colour when it is even.

``allocate`` returns (white, black, rule) with rule one of "E.1" … "E.5".
"""

from __future__ import annotations

from ...colours_vocab import BLACK, WHITE
from .players import DPlayer


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def ranks_above(a: DPlayer, b: DPlayer) -> bool:
    """True when ``a`` is ranked above ``b`` (score, then pairing number; C.04.3 A.2)."""
    return (a.score, -a.tpn) > (b.score, -b.tpn)


def compatible_prefs(a: DPlayer, b: DPlayer) -> bool:
    """Both preferences can be granted (at least one has none, or they differ)."""
    return a.pref is None or b.pref is None or a.pref != b.pref


def _last_difference(a: DPlayer, b: DPlayer) -> tuple[str, str] | None:
    """Colours of ``a`` and ``b`` in the most recent round where they differed (E.3)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return ca, cb
    return None


def _wish(p: DPlayer) -> str:
    """The colour an absolute or strong preference asks for (it always names one)."""
    assert p.pref is not None
    return p.pref


def colour_for(a: DPlayer, b: DPlayer, initial: str) -> tuple[str, str]:
    """(colour of ``a``, rule)."""
    if compatible_prefs(a, b):
        if a.pref is not None:
            return a.pref, "E.1"
        if b.pref is not None:
            return other(b.pref), "E.1"
    else:
        if a.absolute and (not b.absolute or abs(a.cd) > abs(b.cd)):
            return _wish(a), "E.2"
        if b.absolute and (not a.absolute or abs(b.cd) > abs(a.cd)):
            return other(_wish(b)), "E.2"
        if a.strong and not b.strong:
            return _wish(a), "E.2"
        if b.strong and not a.strong:
            return other(_wish(b)), "E.2"
        diff = _last_difference(a, b)
        if diff is not None:
            return diff[1], "E.3"
    hi, lo = (a, b) if ranks_above(a, b) else (b, a)
    if hi.pref is not None:
        col, rule = hi.pref, "E.4"
    else:
        col, rule = (initial if hi.tpn % 2 else other(initial)), "E.5"
    return (col if hi is a else other(col)), rule


def allocate(a: DPlayer, b: DPlayer, initial: str = WHITE) -> tuple[int, int, str]:
    """(white id, black id, deciding rule) for the pair ``a``-``b``."""
    col, rule = colour_for(a, b, initial)
    return (a.id, b.id, rule) if col == WHITE else (b.id, a.id, rule)
