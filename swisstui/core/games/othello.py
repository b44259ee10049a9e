"""Othello profile (docs/RULES.md §2, §8.0; §0).

* Scoring 1 / ½ / 0; a bye is a win (docs/RULES.md §8.0: "meeting BYE is a win worth 1 point") with a
  disc score (option ``bye_discs``, Papp default Bip 24 of 64 → 40-24 for the player,
  docs/RULES.md §2.3).  In the Brightwell Quotient a bye is valued 32 + C × own score instead
  (docs/RULES.md §2.2) — that is the standings' business; the bye disc score is kept for disc
  totals.
* Result grammar (first-listed player = Black; the first number is the first-listed
  player's discs):

  - ``a-b`` disc counts, e.g. ``40-24``; each 0–64 and a + b ≤ 64 (a board has 64 squares);
    more discs wins, equal is a draw.  A total below 4 is not a finished board (the game
    starts with 4 discs), so ``1-0`` / ``0-1`` are never disc counts.
  - Empty squares (a + b < 64): with option ``empties = "winner"`` (default; the tournament
    convention, docs/RULES.md §2.3 and WOF rules) they are added to the winner's count and the
    *adjusted* score is what is stored: ``30-20`` is recorded as ``44-20``; a drawn game
    with empties splits them (``30-30`` → ``32-32``).  With ``empties = "none"`` the count
    is stored as entered.
  - ``1-0``, ``0-1``, ``=`` (``1/2-1/2``) when the discs were not recorded
    (``detail["discs"]`` is None) and the forfeits ``+-``, ``-+``, ``--`` (not played games),
    from :func:`.base.parse_wld`.
  - ``detail["discs"] = (a, b)``, ints, first-listed first.

* Options: ``bye_discs`` (default ``[40, 24]``, a win), ``bq_coefficient`` (C of the
  Brightwell Quotient, default 6 as at the WOC; 0 = plain disc count, docs/RULES.md §2.2),
  ``empties`` (``winner`` | ``none``), ``colour_limit`` (``graded`` | ``absolute``, below).
* Defaults: Swiss, round 1 random (docs/RULES.md §8.0), colours balanced with a colour gap of 1 —
  Blacks and Whites never 2 apart (docs/RULES.md §8.0) — tie-breaks BQ then disc count (docs/RULES.md §2.1).
  The gap is graded by default: when uneven drops, requested byes or forfeits leave no
  pairing that keeps it, the pairing with the fewest and smallest colour excesses is made
  (the World Othello Federation's Papp scores a colour excess as a growing penalty, not a
  bar: docs/RULES.md §2.4) and each board going past it says so.  ``colour_limit = "absolute"``
  refuses such a round instead.
"""

from __future__ import annotations

from ..i18n import N_, _

import random
import re
from typing import Any
from collections.abc import Mapping

from ..errors import ResultError
from ..model import Result, Scoring, Settings
from .. import colours_vocab as vocab
from .base import (Entry, GameProfile, Option, PairingRules, Printing, Seats, Simulation,
                   StandingsRules, clean, parse_wld)

SQUARES = 64

NOTATIONS = (
    ("40-24", N_("disc counts, first-listed (Black) first; total at most 64")),
    ("30-20", N_("game ended with empty squares: stored as 44-20 (empties to the winner)")),
    ("32-32", N_("draw")),
    ("1-0  0-1  =", N_("result without disc counts")),
    ("+-  -+  --", N_("forfeit (game not played)")),
)

_HELP = (N_("use disc counts such as 40-24 (first-listed player first), 1-0 / 0-1 / = without "
         "discs, or +- / -+ for a forfeit"))
_DISCS = re.compile(r"^(\d{1,3})\s*[-:]\s*(\d{1,3})$")


def _outcome(a: int, b: int) -> tuple[float, float]:
    if a > b:
        return (1.0, 0.0)
    if a < b:
        return (0.0, 1.0)
    return (0.5, 0.5)


def adjust_empties(a: int, b: int) -> tuple[int, int]:
    """Give the empty squares to the winner (split them on a draw), docs/RULES.md §2.3."""
    empties = SQUARES - a - b
    if a > b:
        return (a + empties, b)
    if b > a:
        return (a, b + empties)
    return (a + empties // 2, b + empties - empties // 2)


def parse(text: str, settings: Settings, extra: Mapping[str, Any] | None = None) -> Result:
    extra = extra or {}
    m = _DISCS.match(clean(text))
    if m and int(m.group(1)) + int(m.group(2)) >= 4:
        a, b = int(m.group(1)), int(m.group(2))
        if a + b > SQUARES:
            raise ResultError(_("othello discs {a}-{b} add up to {value}; a board has {SQUARES} squares").format(a=a, b=b, value=a + b, SQUARES=SQUARES))
        if PROFILE.option(settings, "empties") == "winner":
            a, b = adjust_empties(a, b)
        res = Result(f"{a}-{b}", _outcome(a, b), False, {"discs": (a, b)})
    else:
        wld = parse_wld(text)
        if wld is None:
            raise ResultError(_("othello result {text!r} not understood; {HELP}").format(text=text, HELP=_(_HELP)))
        res = Result(wld.text, wld.outcome, wld.forfeit, {"discs": None})
    given = extra.get("discs")
    if given is not None:
        try:
            given = tuple(int(x) for x in given)
        except (TypeError, ValueError):
            raise ResultError(_("othello discs {given!r} must be two numbers").format(given=given)) from None
        if given != res.detail["discs"]:
            raise ResultError(_("othello discs {list} do not match the result {text}").format(list=list(given), text=res.text))
    return res


def _check_bye_discs(value: Any) -> tuple[int, int]:
    if len(value) != 2 or not all(isinstance(x, int) and not isinstance(x, bool)
                                  and x >= 0 for x in value):
        raise ValueError(_("{value!r} must be two disc counts, e.g. [40, 24]").format(value=value))
    a, b = value
    if a + b > SQUARES:
        raise ValueError(_("{a}-{b} adds up to {value}; a board has {SQUARES} squares").format(a=a, b=b, value=a + b, SQUARES=SQUARES))
    if a <= b:
        raise ValueError(_("{a}-{b} is not a win; a bye scores a win, e.g. [40, 24]").format(a=a, b=b))
    return (a, b)


def _check_coefficient(value: float) -> float:
    if value < 0:
        raise ValueError(_("{value} must be 0 or more (6 at the WOC, 0 = disc count)").format(value=value))
    return value


def bye_detail(settings: Settings) -> Mapping[str, Any]:
    return {"discs": tuple(PROFILE.option(settings, "bye_discs"))}


def simulate_result(rng: random.Random, outcome: tuple[float, float], first: int,
                    second: int, forfeit: bool) -> tuple[str, dict[str, Any]]:
    """A simulated Othello result (pairing/simulate.py): disc counts (32-32 for a draw; the
    loser's discs usually fill the board), or a forfeit ``+-``/``-+``."""
    if forfeit:
        return ("+-" if outcome[0] == 1 else "-+"), {}
    if outcome[0] == 0.5:
        return "32-32", {}
    win = rng.randrange(33, 60)
    lose = 64 - win if rng.random() < 0.8 else rng.randrange(0, 64 - win)
    return (f"{win}-{lose}" if outcome[0] == 1 else f"{lose}-{win}"), {}


OPTIONS = {
    "bye_discs": Option((40, 24), (list, tuple), None,
                        N_("disc score of a bye, player first (Papp: 40-24), docs/RULES.md §2.3"),
                        check=_check_bye_discs, label=N_("Bye discs")),
    "bq_coefficient": Option(6.0, float, None,
                             N_("Brightwell Quotient coefficient C (WOC 6; 0 = disc count), "
                             "docs/RULES.md §2.2"), check=_check_coefficient, label=N_("BQ factor")),
    "empties": Option("winner", str, ("winner", "none"),
                      N_("empty squares at the end go to the winner, or are not counted "
                      "(docs/RULES.md §2.3)"), label=N_("Empties")),
    "colour_limit": Option("graded", str, ("graded", "absolute"),
                           N_("Blacks and Whites never 2 apart: 'graded' pairs with the fewest "
                           "and smallest excesses when no pairing keeps it (Papp, "
                           "docs/RULES.md §2.4); 'absolute' refuses such a round"), label=N_("Colour limit")),
}

PROFILE = GameProfile(
    name="othello",
    title=N_("Othello"),
    scoring=Scoring(win=1.0, draw=0.5, loss=0.0, bye=1.0),
    pairing=PairingRules(system="swiss", style="slide", round1="random"),
    seats=Seats(policy=vocab.BALANCE,
                names=(N_("Black"), N_("White")),
                first_colour=vocab.BLACK,
                list_marks=(vocab.BLACK, vocab.WHITE),
                colour_gap=1),
    standings=StandingsRules(tiebreaks=("BQ", "DISCS")),
    options=OPTIONS,
    entry=Entry(examples=("40-24", "33-31", "32-32", "1-0", "0-1", "=", "+-", "-+"),
                parse=parse,
                bye_detail=bye_detail,
                detail_keys=("discs",),
                notations=NOTATIONS,
                example=N_("board discs:  3 40-24   9 33-31   (or just the result)")),
    printing=Printing(slip_fields=((N_("Discs"), True),), file_formats=("wof",)),
    simulation=Simulation(draw_rate=0.03, result=simulate_result),
    rating_report="whole-history",  # the WOF's list: every result since 1991, weighted
)
