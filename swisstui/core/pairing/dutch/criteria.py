"""The quality criteria of the Dutch system as terms of one integer edge weight.

FIDE C.04.3 (2026 text) ranks the criteria; a maximum-weight matching whose weight packs
them as digits (the most important one highest, each digit wide enough for its sum over a
whole matching) finds a pairing that is best by the first criterion, then the second, …
Every term below is a *reward* for one pair (higher-ranked player ``a``, lower ``b``):

* completion (C1-C4): the pair is legal (no rematch, no forbidden pair, no two
  non-topscorers with the same absolute preference); players who cannot take the PAB weigh
  more, so the unpaired player is a PAB candidate whose score is as low as possible (C5);
* C6  the pair belongs to the current bracket (fewest downfloaters);
* C7  its higher player's score (downfloaters' scores as low as possible, highest first);
* C8  the same two for the next bracket (choose downfloaters that let the next bracket pair);
* C9  the PAB assignee has as few unplayed games as possible (only when the bracket's single
  downfloater gets the PAB);
* C10 no topscorer ends with |colour difference| > 2; C11 nor with the same colour three
  times running; C12 both colour preferences granted; C13 both strong preferences granted;
* C14/C16 residents who floated down 1/2 rounds before are paired (not floated again);
  C15/C17 the opponent of a moved-down player did not float up 1/2 rounds before;
* C18-C21 the same four, weighted by score (the higher scores first).

Pairs outside the current bracket carry only the completion term (and C8 for the next one).
"""

from __future__ import annotations

from ...colours_vocab import BLACK, WHITE
from ...i18n import N_, _

from .colours import compatible_prefs
from .players import DOWN, UP, DPlayer


def c3_class(p: DPlayer) -> str | None:
    """C3: two players with the same value here may not meet — the colour of an absolute
    preference, or None for a player without one and for a topscorer when the last round is
    paired (A.7).  (C1: no rematch of a played game, and forbidden pairs, are tested with it
    by the pairer.)"""
    return p.pref if p.absolute and not p.topscorer else None


def c10_ok(a: DPlayer, b: DPlayer) -> bool:
    """C10: not both |CD| > 1 towards the same colour (one would end beyond ±2)."""
    return not (abs(a.cd) > 1 and abs(b.cd) > 1 and a.pref == b.pref)


def c11_ok(a: DPlayer, b: DPlayer) -> bool:
    """C11: nobody gets the same colour a third time running."""
    if not (a.absolute and b.absolute and a.pref == b.pref):
        return True
    if abs(a.cd) == abs(b.cd):
        return a.repeated is None or a.repeated != b.repeated
    loser = b if abs(a.cd) > abs(b.cd) else a  # E.2: the wider difference wins
    return loser.repeated != (BLACK if a.pref == WHITE else WHITE)


def c12_ok(a: DPlayer, b: DPlayer) -> bool:
    """C12: both colour preferences granted."""
    return compatible_prefs(a, b)


def c13_ok(a: DPlayer, b: DPlayer) -> bool:
    """C13: both strong (or absolute) preferences granted; two absolute ones are left to
    C10/C11."""
    sa = a.strong or a.absolute
    sb = b.strong or b.absolute
    return not sa or not sb or (a.absolute and b.absolute) or a.pref != b.pref


def c14(a: DPlayer, b: DPlayer, back: int) -> int:
    """C14/C16: residents paired who floated down ``back`` rounds before."""
    k = back - 1
    return (b.floats[k] == DOWN) + (a.score <= b.score and a.floats[k] == DOWN)


def c15_ok(a: DPlayer, b: DPlayer, back: int) -> bool:
    """C15/C17: the opponent of a moved-down player did not float up ``back`` rounds
    before."""
    return not (a.score > b.score and b.floats[back - 1] == UP)


def float_down(p: DPlayer, back: int) -> bool:
    return p.floats[back - 1] == DOWN


def costs(pairs: list[tuple[DPlayer, DPlayer]], floaters: list[DPlayer],
          mdps: set[int]) -> list[str]:
    """What a bracket's pairing gives up, criterion by criterion (for explanations):
    ``pairs`` (higher, lower), the players it moves down, the ids of its MDPs."""
    out = []
    if floaters:
        out.append(_("C6/C7: {count} downfloater(s) ({items})").format(count=len(floaters), items=', '.join(f'{q.id} ({q.score:g})' for q in floaters)))
    for name, fn, what in (("C10", c10_ok, N_("colour difference beyond ±2")),
                           ("C11", c11_ok, N_("same colour three times")),
                           ("C12", c12_ok, N_("colour preference not granted")),
                           ("C13", c13_ok, N_("strong colour preference not granted"))):
        n = sum(1 for a, b in pairs if not fn(a, b))
        if n:
            out.append(_("{name}: {n} pair(s) with a {what}").format(name=name, n=n, what=_(what)))
    for back, down, up in ((1, "C14", "C15"), (2, "C16", "C17")):
        n = sum(1 for q in floaters if q.id not in mdps and q.floats[back - 1] == DOWN)
        if n:
            out.append(_("{down}: {n} resident downfloater(s) who floated down {back} round(s) before").format(down=down, n=n, back=back))
        n = sum(1 for a, b in pairs if a.id in mdps and not c15_ok(a, b, back))
        if n:
            out.append(_("{up}: {n} MDP opponent(s) who floated up {back} round(s) before").format(up=up, n=n, back=back))
    return out


__all__ = ["costs", "c3_class", "c10_ok", "c11_ok", "c12_ok", "c13_ok", "c14", "c15_ok", "float_down",
           "UP", "DOWN"]
