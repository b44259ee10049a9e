"""Chess profile (docs/RULES.md §5, FIDE; docs/RULES.md §0).

* Scoring 1 / ½ / 0; the pairing-allocated bye scores a win by default (docs/RULES.md §5.4 c,
  configurable in :class:`~swisstui.core.model.Scoring`); requested ½/0 byes are
  :class:`~swisstui.core.model.ByeKind` values.
* Result grammar (first-listed player = White): ``1-0``, ``0-1``, ``=`` / ``½-½`` / ``1/2`` /
  ``1/2-1/2`` / ``0.5-0.5`` (draw), ``+-`` / ``-+`` (forfeit win for White / Black: not a
  played game, docs/RULES.md §5.3 and C.04.2 3.4), ``--`` (double forfeit, both score nothing).
  The shared win/draw/loss grammar lives in :func:`.base.parse_wld`.  Canonical texts are ASCII
  (``1-0 0-1 1/2-1/2 +- -+ --``) so TRF files and every terminal can show them.
* Options: ``tiebreak_rules`` — how unplayed rounds enter tie-breaks: ``2023`` (dummy
  opponent, C.07 2023/24, docs/RULES.md §5.3, default), ``2026`` (capped dummy opponent, C.07
  from 1 Mar 2026, docs/RULES.md §5.3 — a secondary source [S]) or ``pre2023`` (virtual opponent);
  ``initial_colour`` — colour of the top seed in round 1, ``w`` or ``b`` (docs/RULES.md §5.6 step 1,
  TRF ``XXC``).
* Defaults: the FIDE Dutch system (``system = "dutch"``, C.04.3, :mod:`..pairing.dutch`);
  the general matching system (``system = "swiss"``, also written ``"matching"``: top half
  against bottom half = ``slide``, round 1 by rating, FIDE colours) stays for casual chess;
  tie-breaks BH-C1, BH, SB, DE, WIN (docs/RULES.md §0; FIDE list docs/RULES.md §5.2).
* Pairing: no club/country avoidance by default (``avoid_geography=False``): the FIDE Dutch
  system (C.04.3) has no such criterion, so a FIDE-rated event must be paired without it —
  and a pairing checker fed the TRF (which carries the federations) must find the same
  pairing; ``--club-weight`` / ``--country-weight`` still turn it on.  An earlier unplayed
  win bars the pairing bye (C.04.1 d).  TRF is the chess exchange format (``file_formats``).
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
                   StandingsRules, parse_wld)
NOTATIONS = (
    ("1-0", N_("White (first-listed) wins")),
    ("0-1", N_("Black wins")),
    ("=  ½-½  1/2  1/2-1/2  0.5-0.5", N_("draw (stored as 1/2-1/2)")),
    ("+-", N_("White wins by forfeit (game not played)")),
    ("-+", N_("Black wins by forfeit")),
    ("--", N_("double forfeit: neither player scores")),
)

_HELP = N_("use 1-0, 0-1, = (or 1/2-1/2), +- or -+ (forfeit) or -- (double forfeit)")


def parse(text: str, settings: Settings, extra: Mapping[str, Any] | None = None) -> Result:
    res = parse_wld(text)
    if res is None:
        raise ResultError(_("chess result {text!r} not understood; {HELP}").format(text=text, HELP=_(_HELP)))
    return res


def simulate_result(rng: random.Random, outcome: tuple[float, float], first: int,
                    second: int, forfeit: bool) -> tuple[str, dict[str, Any]]:
    """A simulated chess result (pairing/simulate.py): the shared win/draw/loss notation."""
    if forfeit:
        return ("+-" if outcome[0] == 1 else "-+"), {}
    return {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[outcome[0]], {}


def _federation(value):
    """A FIDE federation code: three letters, kept in capitals."""
    if value is None or not value.strip():
        return None
    code = value.strip().upper()
    if not (len(code) == 3 and code.isascii() and code.isalpha()):
        raise ValueError(_("{value!r} is not a FIDE federation code (3 letters, e.g. ENG)")
                         .format(value=value))
    return code


def _names(value):
    """Names separated by ``;`` (one TRF record each), blanks tidied; None when empty."""
    if value is None:
        return None
    names = [" ".join(x.split()) for x in value.split(";")]
    return "; ".join(x for x in names if x) or None


# TRF-2026 record 222: periods ``d[:d]`` (both players) or ``Wd[:d]-Bd[:d]``, a period ``S``,
# ``S+I``, ``M/S`` or ``M/S+I`` (seconds S, moves M, increment I seconds)
_PERIOD = r"(?:\d+/)?\d+(?:\+\d+)?"
_PERIODS = rf"{_PERIOD}(?::{_PERIOD})*"
TIME_CONTROL = re.compile(rf"{_PERIODS}|W{_PERIODS}-B{_PERIODS}")


def _time_control(value):
    if value is None or not value.strip():
        return None
    text = "".join(value.split())
    if not TIME_CONTROL.fullmatch(text):
        raise ValueError(_("{value!r} is not a time control as the TRF encodes it: seconds, "
                           "e.g. 5400+30, 40/6000+30:900+30 or W300-B240").format(value=value))
    return text


def _choice(value, choices: tuple[str, ...]):
    """``value`` (None = not set) if it is one of ``choices`` (any case), else ValueError."""
    if value is None:
        return None
    low = value.strip().lower()
    if low not in choices:
        raise ValueError(_("{value!r} is not valid; valid: {items}").format(value=value, items=', '.join(choices)))
    return low


OPTIONS = {
    "tiebreak_rules": Option(
        "2023", str, ("2023", "pre2023", "2026"),
        N_("unplayed rounds in tie-breaks: 2023 dummy opponent (C.07 Art. 16), pre-2023 "
        "virtual opponent, or 2026 capped dummy opponent (secondary source) (docs/RULES.md §5.3)"), label=N_("C.07 rules")),
    "initial_colour": Option(
        vocab.WHITE, str, vocab.COLOURS,
        N_("colour of the first-ranked player in round 1, drawn by lot (docs/RULES.md §5.6; TRF XXC)"), label=N_("First colour")),
    "acceleration": Option(
        None, (str, type(None)), None,
        N_("system dutch: Baku acceleration (FIDE C.04.7) — virtual points for the top half in "
        "the first half of the rounds, for pairing only (docs/PAIRING.md)"),
        check=lambda v: _choice(v, ("none", "baku")), label=N_("Acceleration")),
    # the TRF's header records a FIDE rating report carries (TRF-2026, core/interop/trf.py;
    # docs/INTEROP.md): none is needed to pair
    "federation": Option(
        None, (str, type(None)), None,
        N_("TRF 032: the FIDE federation running the event, 3 letters (e.g. ENG)"),
        check=lambda v: _federation(v), label=N_("Federation")),
    "deputy_arbiters": Option(
        None, (str, type(None)), None,
        N_("TRF 112: the deputy chief arbiters, separated by ';'"),
        check=lambda v: _names(v), label=N_("Deputies")),
    "time_control": Option(
        None, (str, type(None)), None,
        N_("TRF 122 and 222: the time control as FIDE encodes it, in seconds: 5400+30 "
           "(90 min + 30 s a move), 40/6000+30:900+30, W300-B240"),
        check=lambda v: _time_control(v), label=N_("Time control")),
    "pairing_numbers": Option(
        None, (str, type(None)), None,
        N_("system dutch: pairing numbers by rating, title, name (FIDE C.04.2), or the player "
        "ids' order (docs/PAIRING.md)"),
        check=lambda v: _choice(v, ("rating", "id")), label=N_("Numbers")),
}

PROFILE = GameProfile(
    name="chess",
    title=N_("Chess"),
    scoring=Scoring(win=1.0, draw=0.5, loss=0.0, bye=1.0),
    fide_rated=True,
    pairing=PairingRules(system="dutch",
                         style="slide",
                         round1="rating",
                         pab_bars_unplayed_win=True,
                         avoid_geography=False),
    seats=Seats(policy=vocab.FIDE,
                names=(N_("White"), N_("Black")),
                first_colour=vocab.WHITE,
                list_marks=(vocab.WHITE, vocab.BLACK),
                initial_colour_option="initial_colour"),
    standings=StandingsRules(tiebreaks=("BH-C1", "BH", "SB", "DE", "WIN"),
                             unplayed_rules_option="tiebreak_rules"),
    options=OPTIONS,
    entry=Entry(examples=("1-0", "0-1", "=", "½-½", "1/2", "+-", "-+", "--"),
                parse=parse,
                bye_detail=None,
                detail_keys=(),
                notations=NOTATIONS,
                example=N_("board result:  12 1-0   7 0-1   3 =   (or just the result)")),
    printing=Printing(file_formats=("trf",)),
    simulation=Simulation(draw_rate=0.30, result=simulate_result),
    rating_lists=("fide",),
    rating_report="fide",
)
