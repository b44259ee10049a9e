"""Go handicap games: the stones and the komi of a board, decided when the round is paired
(docs/RULES.md §1.3 "Handicap stones and komi of a board").

The rule (a Go event with the option ``handicap = true``):

* **Stones** = the rank difference of the two players (White's rank minus Black's on the
  scale of :mod:`swisstui.core.ranks`, one step per grade: 2k against 5k is 3), minus the
  option ``handicap_reduction``, never below 0 and never above ``handicap_max``:

      stones = min(handicap_max, max(0, rank(White) − rank(Black) − handicap_reduction))

  This is the handicap of OpenGotha's ``gameBetween`` (the rank difference reduced by a
  correction and capped by a ceiling, docs/RULES.md §1.3) and of the EGF results format,
  whose header ``HA[hN]`` declares "handicap = grade difference minus N" and whose evaluated
  handicap never exceeds 9 (A. Čiepl, EGF tournament table format; docs/RULES.md §1.6).  The
  stronger player takes White (docs/RULES.md §1.3), so the difference is not negative; a board
  whose Black is the stronger (a swap) or where a rank is unknown is an even game.  The
  ranks are the players' declared ranks (OpenGotha's default for Swiss; its McMahon
  "handicap based on MMS" is not offered).
* **Komi**: an even game (0 stones) has the event's komi (option ``komi``, else the usual
  komi of the rule set, :func:`swisstui.core.games.go.event_komi`), chosen by the director.
  A handicap game has the option ``handicap_komi``, ½ point by default: the AGA Rules of Go
  (1991), rule 3, "in handicap games Black gives White ½ point compensation; this avoids
  draws".  One stone (a rank difference of one after the reduction) is the game *without
  komi*: Black plays first and places no stone (AGA rule 4; Japanese practice, *sen*), with the
  same ½ point; 2 to 9 stones are placed on the star points before White's first move.
  (Under the AGA's area counting White also receives one point per stone after the first;
  that is part of the count at the board, the result's margin, not of the recorded komi.)

The stones and komi are written on the board in the round file (``handicap``, ``komi``;
docs/FORMAT.md), shown on the pairing list and the slips, and prefilled when the result is
entered (the result's ``handicap`` and ``komi`` detail; the SOSM handicap correction and
EXT/EXR read them, docs/TIEBREAKS.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..errors import ResultError
from ..i18n import N_, _
from ..model import Player, Settings
from ..ranks import RankError, rank_value

__all__ = ["MAX_STONES", "stones", "komi", "board_setup", "check_setup", "describe",
           "SETUP_KEYS"]

MAX_STONES = 9  # a 19×19 board has nine star points (EGD: at most 9 stones)
SETUP_KEYS = ("handicap", "komi")


def _value(player: Player | None) -> int | None:
    if player is None or not player.rank:
        return None
    try:
        return rank_value(player.rank)
    except RankError:
        return None


def stones(black: Player | None, white: Player | None, *, reduction: int = 0,
           cap: int = MAX_STONES) -> int:
    """Handicap stones Black receives (module doc): White's rank minus Black's, minus
    ``reduction``, within 0 … ``cap``; 0 when a rank is unknown or Black is the stronger."""
    b, w = _value(black), _value(white)
    if b is None or w is None:
        return 0
    return max(0, min(cap, MAX_STONES, w - b - reduction))


def komi(n_stones: int, even_komi: float, handicap_komi: float = 0.5) -> float:
    """The komi of a game with ``n_stones`` (module doc): ``even_komi`` for an even game,
    ``handicap_komi`` (½) for one stone (no komi, Black first) and for 2–9 stones."""
    return float(even_komi) if n_stones == 0 else float(handicap_komi)


def board_setup(settings: Settings, black: Player | None,
                white: Player | None) -> dict[str, Any] | None:
    """``{"handicap": stones, "komi": komi}`` of a board whose first-listed player (Black) is
    ``black``, in an event with handicap games; None when the event has none."""
    from .go import PROFILE, event_komi
    if not PROFILE.option(settings, "handicap"):
        return None
    n = stones(black, white, reduction=int(PROFILE.option(settings, "handicap_reduction")),
               cap=int(PROFILE.option(settings, "handicap_max")))
    return {"handicap": n,
            "komi": komi(n, event_komi(settings),
                         float(PROFILE.option(settings, "handicap_komi")))}


def check_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """A board's stones and komi read from a round file, checked: ``handicap`` a whole number
    0–9, ``komi`` a whole or half number.  ResultError names the key."""
    out: dict[str, Any] = {}
    for key, v in setup.items():
        if key == "handicap":
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_STONES:
                raise ResultError(_("go: handicap {value!r} must be 0 to 9 stones")
                                  .format(value=v))
            out[key] = v
        elif key == "komi":
            if isinstance(v, bool) or not isinstance(v, (int, float)) \
                    or (Fraction(v) * 2).denominator != 1 or abs(v) > 50:
                raise ResultError(_("go: komi {value!r} must be a whole or half number, "
                                    "e.g. 6.5").format(value=v))
            out[key] = float(v)
        else:
            raise ResultError(_("go: {key!r} is not set when a board is paired")
                              .format(key=key))
    return out


# Translators: a board's komi in lists and slips, e.g. "komi 6.5" (the number stays)
KOMI_TEXT = N_("komi {komi}")


def describe(setup: Mapping[str, Any] | None,
             gettext: Callable[[str], str] | None = None) -> str:
    """Short text of a board's stones and komi for lists and slips: ``H3 komi 0.5``,
    ``H1 komi 0.5`` (no komi, Black first), ``komi 6.5`` (even game); "" when none.  The
    word komi in the reader's language through ``gettext`` (``H3 コミ 0.5``); without it
    English, as machine formats (CSV) keep it; ``H3`` is a notation, never translated."""
    if not setup:
        return ""
    n, k = setup.get("handicap"), setup.get("komi")
    parts = []
    if n:
        parts.append(f"H{n}")
    if k is not None:
        parts.append((gettext or str)(KOMI_TEXT).format(komi=f"{k:g}"))
    return " ".join(parts)
