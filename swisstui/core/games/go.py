"""Go profile (docs/RULES.md §1, §8.2 and §8.4; §0).

* Scoring: a win 1, jigo ½, a loss 0 (number of wins, NBW, docs/RULES.md §1.4); the pairing bye is
  1 win (docs/RULES.md §1.2 table); absent rounds score 0 wins and, in McMahon, ½ MMS
  (option ``absent_mms``), rounded down by default (option ``round_down``, OpenGotha
  ``genRoundDownNBWMMS``).
* Result grammar (first-listed player = Black; case ignored):

  ============================  ==================================================
  ``B+`` ``W+``                 winner, margin not recorded
  ``B+R`` ``W+Resign``          win by resignation (reason ``R``)
  ``B+T`` ``W+Time``            win on time (reason ``T``)
  ``B+F`` ``W+F`` ``+-`` ``-+`` win by default / forfeit: not a played game
                                (OpenGotha ``_BYDEF``, docs/RULES.md §1.5)
  ``B+3.5`` ``W+1`` ``B+½``     win by a margin; fractions ``B+3 1/2``, ``B+3½``,
  ``W+1 5/6`` ``B+5/6``         ``W+1 5/6`` (Ing seki sharing, docs/RULES.md §8.4, §1.8)
  ``jigo`` ``=`` ``draw`` ``0``  jigo (½ each)
  ``0-0`` / ``1-1``             both lose / both win (docs/RULES.md §1.5, §1.6)
  ``jigo!`` ``0-0!`` ``1-1!``   the same by default (not played); ``--`` = ``0-0!``
  ============================  ==================================================

  Canonical texts: ``B+`` ``B+R`` ``B+T`` ``B+F`` ``B+3.5`` ``W+1 5/6`` ``jigo`` ``0-0``
  ``1-1`` ``jigo!`` ``0-0!`` ``1-1!`` — halves as decimals, other fractions as
  ``whole num/den``.

* Margin checks.  Under every rule set except Ing the board count is in whole points, so the
  margin is whole points minus komi: its fractional part must equal the komi's (komi 6.5 →
  ``B+3`` is refused, ``B+3.5`` accepted), a zero margin is jigo, and fractions other than
  halves are refused.  Under Ing rules (docs/RULES.md §1.8, §8.4) neutral seki points are
  shared in proportion, so any fraction can occur, and Black wins a tie under komi 8, so
  ``B+0`` is a result and ``jigo``/``W+0`` are not.
* ``detail``: ``winner`` "b"/"w"/None, ``margin`` float/None, ``komi`` (the game's komi:
  ``extra["komi"]``, else the event's option, else the rule set's usual komi), ``reason``
  "R"/"T"/"F"/None, ``penalties`` (Black's, White's) Ing overtime penalty points or None,
  ``handicap`` stones or None (from ``extra``).
* :func:`ing_result` — the Ing (SST) calculator of docs/RULES.md §1.8: Black's board lead, komi 8,
  2 points per overtime extension per side (up to 3, penalties offset), the 4th extension
  (running past the third) loses on time; Black wins a tie.  In Ing-rules events the
  calculator is also a result notation, so the CLI and TUI reach it with no extra options:
  ``ing LEAD [ext B-W]`` (Black's board lead before komi, extensions used by Black and White),
  e.g. ``ing 9 5/6`` → ``B+1 5/6``, ``ing 9 ext 1-0`` → ``W+1`` with penalties (2, 0).  What
  is stored is the computed result (``W+1``) with its ``penalties``.
* Options: ``rules`` japanese | chinese | ing | aga | korean; ``komi`` (None = usual komi of
  the rule set: Japanese/Korean 6.5, Chinese/AGA 7.5, Ing 8 — docs/RULES.md §1.8 for Ing, the
  others are the common convention); ``handicap`` (handicap games on/off), ``handicap_reduction`` (0), ``handicap_max`` (9) and
  ``handicap_komi`` (0.5): the stones and komi of each board, decided when the round is paired
  (:mod:`.go_handicap`); ``mcmahon_bar``
  (default 4d, 10k–9d) and ``mcmahon_floor`` (default 20k, 30k–1d) (docs/RULES.md §1.2);
  ``absent_mms`` (½); ``withdrawn_mms`` (``absent``: a round after a withdrawal scores like
  an absent round, as in OpenGotha, where a round a player does not take part in is absent
  whether they entered late or left; ``zero``: nothing); ``round_down`` (True);
  ``sos_unplayed_half`` (False: OpenGotha's "for
  SOS, count not played games as half point", docs/RULES.md §1.4 Options — the opponents' rounds
  not played count ½ win in SOS, SOS-1/-2, SODOS, SOSM and through them SOSOS, SOSOSM).
* Defaults: Swiss with wins, SOS, SOSOS, SODOS; McMahon with MMS, SOSM, SOSOSM (docs/RULES.md §0,
  docs/RULES.md §1.1, §1.7); colours balanced.  The ``tiebreaks`` style is the Tagajo method
  (:data:`TAGAJO`): colours ``none`` and no club/country avoidance by default, as the method.
"""

from __future__ import annotations

from ..i18n import N_, _

import random
import re
import unicodedata
from fractions import Fraction
from functools import lru_cache
from typing import Any
from collections.abc import Mapping

from ..errors import ResultError
from ..model import Result, Scoring, Settings
from ..ranks import RankError, parse_rank, rank_value
from . import go_handicap
from .. import colours_vocab as vocab
from .base import (BoardSetup, Entry, GameProfile, Option, PairingRules, Printing, Seats,
                   Simulation, StandingsRules, StyleMethod, clean)

RULE_SETS = ("japanese", "chinese", "ing", "aga", "korean")
USUAL_KOMI = {"japanese": 6.5, "korean": 6.5, "chinese": 7.5, "aga": 7.5, "ing": 8.0}
ING_KOMI = 8
ING_EXTENSION_PENALTY = 2
ING_MAX_EXTENSIONS = 3

NOTATIONS = (
    ("B+  W+", N_("Black (first-listed) / White wins, margin not recorded")),
    ("B+R  W+R", N_("win by resignation")),
    ("B+T  W+T", N_("win on time")),
    ("B+F  W+F  (+-  -+)", N_("win by default / forfeit (not played)")),
    ("B+3.5  W+1  B+½  B+3 1/2", N_("win by a margin (must fit the komi: komi 6.5 → x.5)")),
    ("W+1 5/6  B+5/6", N_("fractional margin (Ing rules, shared seki points)")),
    ("jigo  =  0", N_("jigo (draw)")),
    ("0-0  1-1", N_("both lose / both win")),
    ("jigo!  0-0!  1-1!  --", N_("the same by default (not played)")),
    ("ing 9 5/6  ing 9 ext 1-0", N_("Ing calculator: Black's board lead [extensions B-W]")),
)

_HELP = (N_("use B+ or W+ with a margin (B+3.5, W+1 5/6), R (resign), T (time) or F (forfeit), "
         "or jigo; Black is the first-listed player"))
_REASONS = {"r": "R", "res": "R", "resign": "R", "resignation": "R",
            "t": "T", "time": "T", "timeout": "T",
            "f": "F", "forfeit": "F", "default": "F", "bydef": "F"}
_SPECIAL = {
    "jigo": ("jigo", (0.5, 0.5), False), "=": ("jigo", (0.5, 0.5), False),
    "draw": ("jigo", (0.5, 0.5), False), "0": ("jigo", (0.5, 0.5), False),
    "1/2-1/2": ("jigo", (0.5, 0.5), False), "½-½": ("jigo", (0.5, 0.5), False),
    "jigo!": ("jigo!", (0.5, 0.5), True), "=!": ("jigo!", (0.5, 0.5), True),
    "1/2-1/2!": ("jigo!", (0.5, 0.5), True), "½-½!": ("jigo!", (0.5, 0.5), True),
    "0-0": ("0-0", (0.0, 0.0), False), "bothlose": ("0-0", (0.0, 0.0), False),
    "0-0!": ("0-0!", (0.0, 0.0), True), "--": ("0-0!", (0.0, 0.0), True),
    "1-1": ("1-1", (1.0, 1.0), False), "bothwin": ("1-1", (1.0, 1.0), False),
    "1-1!": ("1-1!", (1.0, 1.0), True),
}
_NUMBER = re.compile(r"^(\d+(\.\d+)?|\.\d+|\d+/\d+)$")


# ---- margins ------------------------------------------------------------------------------

def parse_margin(text: str, *, signed: bool = False) -> Fraction:
    """``"3.5"``, ``"3 1/2"``, ``"3½"``, ``"1 5/6"``, ``"1+5/6"``, ``"5/6"`` → Fraction.
    ValueError when malformed."""
    s = text.strip()
    sign = 1
    if signed and s.startswith("-"):
        sign, s = -1, s[1:].strip()
    out = []
    for ch in s:
        if not ch.isascii() and unicodedata.category(ch) == "No":
            frac = Fraction(unicodedata.numeric(ch)).limit_denominator(16)
            out.append(f" {frac.numerator}/{frac.denominator}")
        else:
            out.append(ch)
    parts = [p for p in re.split(r"[\s+]+", "".join(out)) if p]
    if not parts or len(parts) > 2 or not all(_NUMBER.match(p) for p in parts):
        raise ValueError(text)
    try:
        values = [Fraction(p) for p in parts]
    except ZeroDivisionError:
        raise ValueError(text) from None
    if any(v.denominator > 1000 for v in values):
        raise ValueError(text)
    if len(parts) == 2:
        whole, frac = values
        if whole.denominator != 1 or "/" not in parts[1] or not 0 < frac < 1:
            raise ValueError(text)
    return sign * sum(values, Fraction(0))


def format_margin(m: Fraction | float | int) -> str:
    """Canonical margin text: ``3``, ``3.5``, ``1 5/6``, ``5/6``."""
    m = Fraction(m).limit_denominator(1000) if isinstance(m, float) else Fraction(m)
    if m.denominator == 1:
        return str(m.numerator)
    if m.denominator == 2:
        return f"{m.numerator // 2}.5"
    whole = m.numerator // m.denominator
    rest = m - whole
    frac = f"{rest.numerator}/{rest.denominator}"
    return f"{whole} {frac}" if whole else frac


# ---- komi, penalties, handicap from settings/extra ------------------------------------------

def _rules(settings: Settings) -> str:
    return PROFILE.option(settings, "rules")


def event_komi(settings: Settings) -> float:
    """The event's komi: the ``komi`` option, else the usual komi of its rule set."""
    komi = PROFILE.option(settings, "komi")
    return float(komi) if komi is not None else USUAL_KOMI[_rules(settings)]


def _komi(settings: Settings, extra: Mapping[str, Any]) -> float:
    k = extra.get("komi")
    if k is None:
        return event_komi(settings)
    try:
        komi = _check_komi(float(Fraction(str(k).strip())) if isinstance(k, str) else k)
        assert komi is not None  # k is not None, and the check keeps a value
        return komi
    except (ValueError, TypeError, ZeroDivisionError):
        raise ResultError(_("go: komi {k!r} must be a whole or half number, e.g. 6.5").format(k=k)) \
            from None


def _penalties(extra: Mapping[str, Any], ing: bool) -> tuple[float, float] | None:
    p = extra.get("penalties")
    if p is None:
        return None
    if isinstance(p, str):  # typed extra such as "penalties=2,0" (TUI) or "2 0"
        p = [x for x in re.split(r"[\s,;/-]+", p.strip()) if x]
    try:
        b, w = (float(x) for x in p)
    except (TypeError, ValueError):
        raise ResultError(_("go: penalties {p!r} must be two numbers (Black's, White's)").format(p=p)) \
            from None
    for v in (b, w):
        if v < 0:
            raise ResultError(_("go: penalty {v:g} must not be negative").format(v=v))
        if ing and (v % ING_EXTENSION_PENALTY or v > ING_EXTENSION_PENALTY * ING_MAX_EXTENSIONS):
            raise ResultError(_("go: Ing overtime penalty {v:g} must be 0, 2, 4 or 6 points (2 per extension, at most 3)").format(v=v))
    return (b, w)


def _handicap(extra: Mapping[str, Any]) -> int | None:
    h = extra.get("handicap")
    if h is None:
        return None
    if isinstance(h, str) and h.strip().isdecimal():
        h = int(h)
    if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 9:
        raise ResultError(_("go: handicap {h!r} must be 0 to 9 stones").format(h=h))
    return h


# ---- the grammar --------------------------------------------------------------------------

def _fail(text: str) -> ResultError:
    return ResultError(_("go result {text!r} not understood; {HELP}").format(text=text, HELP=_(_HELP)))


def parse(text: str, settings: Settings, extra: Mapping[str, Any] | None = None) -> Result:
    extra = extra or {}
    rules = _rules(settings)
    komi = _komi(settings, extra)
    if not isinstance(text, str):
        raise ResultError(_("a result must be text, not {text!r}").format(text=text))
    m = _ING_ENTRY.match(clean(text))
    if m:
        return _ing_entry(m, text, rules, komi, extra)
    canon, outcome, forfeit, winner, margin, reason = _read(text, rules, komi)
    detail = {
        "winner": winner,
        "margin": margin,
        "komi": komi,
        "reason": reason,
        "penalties": _penalties(extra, rules == "ing"),
        "handicap": _handicap(extra),
    }
    _check_extra(extra, detail, canon)
    return Result(canon, outcome, forfeit, detail)


_ING_ENTRY = re.compile(r"^ing\s+(-?\s*[0-9./½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞ +]*?)"
                        r"(?:\s*ext\s*(\d)\s*-\s*(\d))?$", re.IGNORECASE)


def _ing_entry(m: re.Match, text: str, rules: str, komi: float,
               extra: Mapping[str, Any]) -> Result:
    """``ing LEAD [ext B-W]``: the Ing calculator as a result notation (see module doc)."""
    if rules != "ing":
        raise ResultError(_("go: {text!r} uses the Ing calculator, which applies to Ing-rules events only (option rules = ing); this event plays {rules} rules").format(text=text, rules=rules))
    try:
        lead = parse_margin(m.group(1), signed=True)
    except ValueError:
        raise ResultError(_("go: Black's board lead {value!r} must be a number, e.g. ing 9 or ing 9 5/6 ext 1-0").format(value=m.group(1).strip())) from None
    res = ing_result(lead, komi, int(m.group(2) or 0), int(m.group(3) or 0))
    given = _penalties(extra, True)
    if given is not None and given != (res.detail["penalties"] or (0.0, 0.0)):
        raise ResultError(_("go: penalties {list} do not match the extensions of {text!r}").format(list=list(given), text=text))
    detail = dict(res.detail, handicap=_handicap(extra))
    _check_extra(extra, detail, res.text)
    return Result(res.text, res.outcome, res.forfeit, detail)


@lru_cache(maxsize=4096)
def _read(text: str, rules: str, komi: float) -> tuple:
    """The text-only part of :func:`parse` (pure, cached: a round file repeats few texts):
    (canonical, outcome, forfeit, winner, margin float|None, reason)."""
    ing = rules == "ing"
    t = clean(text)
    key = t.lower().replace(" ", "")
    winner: str | None = None
    margin: Fraction | None = None
    reason: str | None = None
    if key in ("+-", "-+"):
        t = key = "b+f" if key == "+-" else "w+f"
    if key in _SPECIAL:
        canon, outcome, forfeit = _SPECIAL[key]
        if canon == "jigo":
            if ing:
                raise ResultError(_("go: no jigo under Ing rules: Black wins a tie (komi 8); "
                                  "enter B+0"))
            if Fraction(komi).denominator != 1:
                raise ResultError(_("go: jigo is impossible with komi {komi:g}: board points are whole (record the game's komi if it differs)").format(komi=komi))
            margin = Fraction(0)
    else:
        m = re.match(r"^([bw])\s*\+\s*(.*)$", t, re.IGNORECASE)
        if not m:
            raise _fail(text)
        winner = m.group(1).lower()
        rest = m.group(2).strip()
        forfeit = False
        if rest == "":
            pass
        elif rest.lower() in _REASONS:
            reason = _REASONS[rest.lower()]
            forfeit = reason == "F"
        else:
            try:
                margin = parse_margin(rest)
            except ValueError:
                raise _fail(text) from None
            _check_margin(winner, margin, komi, rules, t)
        suffix = reason or (format_margin(margin) if margin is not None else "")
        canon = f"{winner.upper()}+{suffix}"
        outcome = (1.0, 0.0) if winner == vocab.BLACK else (0.0, 1.0)
    return (canon, outcome, forfeit, winner, float(margin) if margin is not None else None,
            reason)


BOARD_POINTS = 361  # 19 × 19 (docs/RULES.md §1.8)


def _check_margin(winner: str, margin: Fraction, komi: float, rules: str, text: str) -> None:
    side = N_("Black") if winner == vocab.BLACK else N_("White")
    most = BOARD_POINTS + abs(Fraction(komi))  # every point of the board, plus komi
    if margin > most:
        raise ResultError(_("go: {text}: a margin of {format_margin} is more than a 19×19 board allows ({format_margin2} with komi {komi:g})").format(text=text, format_margin=format_margin(margin), format_margin2=format_margin(most), komi=komi))
    if rules == "ing":
        if margin == 0 and winner == vocab.WHITE:
            raise ResultError(_("go: under Ing rules Black wins a tie (komi 8); a zero margin "
                              "is B+0"))
        return
    if margin == 0:
        raise ResultError(_("go: {text} has a zero margin; that is jigo").format(text=text))
    if margin.denominator not in (1, 2):
        raise ResultError(_("go: {text}: a margin of {format_margin} points happens only under Ing rules (shared seki points); under {rules} rules margins are whole or half points").format(text=text, format_margin=format_margin(margin), rules=rules))
    if (margin - Fraction(komi)) % 1 != 0:
        if Fraction(komi).denominator == 2:
            why = _("go: {side} cannot win by {margin} with komi {komi:g}: board points are "
                    "whole, so the margin must end in .5 (record the game's komi if it "
                    "differs)")
        else:
            why = _("go: {side} cannot win by {margin} with komi {komi:g}: board points are "
                    "whole, so the margin must be whole points (record the game's komi if it "
                    "differs)")
        raise ResultError(why.format(side=_(side), margin=format_margin(margin), komi=komi))


def _check_extra(extra: Mapping[str, Any], detail: Mapping[str, Any], canon: str) -> None:
    """Detail keys read back from a round file must agree with the result text."""
    for key in ("winner", "reason"):
        v = extra.get(key)
        if v is not None and str(v).lower() != str(detail[key]).lower():
            raise ResultError(_("go: {key} {v!r} does not match the result {canon}").format(key=key, v=v, canon=canon))
    v = extra.get("margin")
    if v is not None:
        try:
            given = float(parse_margin(v)) if isinstance(v, str) else float(v)
        except (TypeError, ValueError):
            raise ResultError(_("go: margin {v!r} is not a number").format(v=v)) from None
        if detail["margin"] is None or abs(given - detail["margin"]) > 1e-6:
            raise ResultError(_("go: margin {v!r} does not match the result {canon}").format(v=v, canon=canon))


# ---- the Ing calculator (docs/RULES.md §1.8, §8.4) ------------------------------------------

def ing_result(black_points: Any, komi: float = ING_KOMI, black_extensions: int = 0,
               white_extensions: int = 0) -> Result:
    """Winner and margin of an Ing-rules game.

    ``black_points`` is Black's lead on the board after fill-in counting, before komi and
    penalties (negative when White leads); fractions from shared seki points are allowed
    (``Fraction(59, 6)``, ``"9 5/6"``, ``9.5``).  Each overtime extension a side uses costs it
    2 points (given to the opponent; both sides' penalties offset); up to 3 extensions, and
    running past the third (``extensions=4``) loses on time.  Final margin = board lead − komi
    − 2 × Black's extensions + 2 × White's extensions; Black wins a tie.

    The game of docs/RULES.md §8.4: Black leads by 9 and 5/6 on the board, komi 8 → ``B+1 5/6``.
    """
    for name, n in (("black", black_extensions), ("white", white_extensions)):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= ING_MAX_EXTENSIONS + 1:
            raise ResultError(_("go: {name} extensions {n!r} must be 0 to 3 (4 = ran past the third extension: loss on time)").format(name=name, n=n))
    if black_extensions > ING_MAX_EXTENSIONS and white_extensions > ING_MAX_EXTENSIONS:
        raise ResultError(_("go: both players cannot lose on time"))
    try:
        if isinstance(black_points, str):
            lead = parse_margin(black_points, signed=True)
        else:
            lead = Fraction(black_points).limit_denominator(1000) \
                if isinstance(black_points, float) else Fraction(black_points)
        k = Fraction(komi).limit_denominator(1000) if isinstance(komi, float) \
            else Fraction(komi)
    except (TypeError, ValueError):
        raise ResultError(_("go: Black's board points {black_points!r} must be a number, e.g. 9 or 9 5/6").format(black_points=black_points)) from None
    pen = (ING_EXTENSION_PENALTY * min(black_extensions, ING_MAX_EXTENSIONS),
           ING_EXTENSION_PENALTY * min(white_extensions, ING_MAX_EXTENSIONS))
    penalties = (float(pen[0]), float(pen[1])) if any(pen) else None
    detail: dict[str, Any] = {"winner": None, "margin": None, "komi": float(k), "reason": None,
              "penalties": penalties, "handicap": None}
    if black_extensions > ING_MAX_EXTENSIONS or white_extensions > ING_MAX_EXTENSIONS:
        winner = vocab.WHITE if black_extensions > ING_MAX_EXTENSIONS else vocab.BLACK
        detail.update(winner=winner, reason="T")
        return Result(f"{winner.upper()}+T", (1.0, 0.0) if winner == vocab.BLACK else (0.0, 1.0),
                      False, detail)
    final = lead - k - pen[0] + pen[1]
    winner = vocab.BLACK if final >= 0 else vocab.WHITE
    detail.update(winner=winner, margin=float(abs(final)))
    return Result(f"{winner.upper()}+{format_margin(abs(final))}",
                  (1.0, 0.0) if winner == vocab.BLACK else (0.0, 1.0), False, detail)


def margin_from_area(black_area: Any, board_points: int = BOARD_POINTS) -> Fraction:
    """Black's board lead from Black's area count (stones + territory, Ing fill-in count):
    lead = area − (board − area) = 2 × area − board (docs/RULES.md §1.8: B + W = 361)."""
    return 2 * Fraction(black_area) - board_points


# ---- options ----------------------------------------------------------------------------------

def _check_komi(value: float | None) -> float | None:
    if value is None:
        return None
    if (Fraction(value) * 2).denominator != 1 or abs(value) > 50:
        raise ValueError(_("komi {value:g} must be a whole or half number, e.g. 6.5").format(value=value))
    return float(value)


def _rank_in(lo: str, hi: str):
    def check(value: str) -> str:
        try:
            canon = parse_rank(value)
        except RankError as err:
            raise ValueError(str(err)) from None
        if not rank_value(lo) <= rank_value(canon) <= rank_value(hi):
            raise ValueError(_("{canon} is outside {lo}–{hi}").format(canon=canon, lo=lo, hi=hi))
        return canon
    return check


# ---- screens and simulations ----------------------------------------------------------------

ENTRY_EXAMPLE = N_("board result:  5 B+3.5   8 W+R   2 B+   (or just the result)")
ING_EXAMPLE = N_("board result:  5 W+R   8 ing 9 5/6   2 ing 9 ext 1-0   (lead, extensions)")


def entry_example(settings: Settings) -> str:
    """The results entry line's example: the Ing calculator in an Ing-rules event."""
    return ING_EXAMPLE if _rules(settings) == "ing" else ENTRY_EXAMPLE


def simulate_result(rng: random.Random, outcome: tuple[float, float], first: int,
                    second: int, forfeit: bool) -> tuple[str, dict[str, Any]]:
    """A simulated Go result (pairing/simulate.py): a forfeit ``B+F``/``W+F``, ``jigo``, or a
    win by resignation or by a half-point margin (komi 6.5)."""
    if forfeit:
        return ("B+F" if outcome[0] == 1 else "W+F"), {}
    if outcome[0] == 0.5:
        return "jigo", {}
    margin = rng.choice(["R", "R", "0.5", "2.5", "5.5", "10.5"])
    return ("B+" if outcome[0] == 1 else "W+") + margin, {}


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    bar = options.get("mcmahon_bar", OPTIONS["mcmahon_bar"].default)
    floor = options.get("mcmahon_floor", OPTIONS["mcmahon_floor"].default)
    if rank_value(bar) < rank_value(floor):
        raise ValueError(_("McMahon bar {bar} is below the floor {floor}").format(bar=bar, floor=floor))
    return options


def _egf_class(value: str | None) -> str | None:
    """The EGF class ``A`` … ``D`` (docs/RULES.md §1.6), any case; None or "" = not set."""
    if value is None or not value.strip():
        return None
    if value.strip().upper() not in ("A", "B", "C", "D"):
        raise ValueError(_("{value!r} is not an EGF class; valid: A, B, C, D").format(
            value=value))
    return value.strip().upper()


OPTIONS = {
    "rules": Option("japanese", str, RULE_SETS,
                    N_("rule set: japanese, chinese, ing, aga or korean (sets the usual komi)"),
                    aliases={"japan": "japanese", "china": "chinese", "taiwan": "ing",
                             "sst": "ing", "korea": "korean"}, label=N_("Rules")),
    "komi": Option(None, (float, type(None)), None,
                   N_("komi of even games; empty = usual komi of the rule set "
                   "(6.5 Japanese/Korean, 7.5 Chinese/AGA, 8 Ing)"), check=_check_komi, label=N_("Komi")),
    "handicap": Option(False, bool, None, N_("handicap games (stronger player takes White)"), label=N_("Handicap")),
    "handicap_reduction": Option(0, int, tuple(range(10)),
                                 N_("handicap stones = rank difference minus this reduction "
                                    "(go_handicap.py; EGF HA[hN])"), label=N_("Reduction")),
    "handicap_max": Option(9, int, tuple(range(10)),
                           N_("most handicap stones a game gets (0-9)"), label=N_("Handicap max")),
    "handicap_komi": Option(0.5, float, None,
                            N_("komi of handicap games (AGA rule 3: 0.5)"), check=_check_komi, label=N_("Hcp komi")),
    "mcmahon_bar": Option("4d", str, None, N_("McMahon bar, 10k–9d (docs/RULES.md §1.2)"),
                          check=_rank_in("10k", "9d"), label=N_("MM bar")),
    "mcmahon_floor": Option("20k", str, None, N_("McMahon floor, 30k–1d (docs/RULES.md §1.2)"),
                            check=_rank_in("30k", "1d"), label=N_("MM floor")),
    "absent_mms": Option(0.5, float, (0.0, 0.5, 1.0),
                         N_("McMahon score of an absent round (docs/RULES.md §1.2: ½)"), label=N_("Absent MMS")),
    "withdrawn_mms": Option("absent", str, ("absent", "zero"),
                            N_("McMahon score of a round after the player withdrew: 'absent' "
                            "(an absent round, absent_mms, as OpenGotha scores every round "
                            "not played) or 'zero' (nothing, the earlier reading)"), label=N_("Withdrew MMS")),
    "round_down": Option(True, bool, None,
                         N_("round bye/absent points down to whole points (docs/RULES.md §1.2)"), label=N_("Round down")),
    "sos_unplayed_half": Option(False, bool, None,
                                N_("SOS family: count the opponents' unplayed rounds (byes, "
                                "absences, forfeits) as ½ win instead of their points "
                                "(OpenGotha option, docs/RULES.md §1.4)"), label=N_("SOS unplayed")),
    "egf_class": Option(None, (str, type(None)), None,
                        N_("EGF tournament class written in the EGD results file (h9 CL[]): "
                           "A, B, C or D (internet), by the adjusted time (docs/RULES.md §1.6)"),
                        check=_egf_class, label=N_("EGF class")),
}

# The Tagajo method (docs/RULES.md §8.2; §1.7): list the players by the chain, pair
# neighbours from the top, skip a candidate already met, back up one pair when the last pair
# fails.  Rounds 3 and later list the players by the method's seven criteria (TAGAJO_ORDER:
# wins, SOS, SOSOS, SODOS, SODOSODOS, rank, the computer's random number), the style's
# default ``pairing_order`` (before issue 32 the default was the event's tie-breaks, WINS,
# SOS, SOSOS, SODOS, whose ties fell back on the player numbers: 17 of 24 rounds 3–4 were
# the method's).  It has no colour rule (colours are decided at the board) and no club or
# country rule, so the ``tiebreaks`` style defaults to colours "none" and geography weights
# 0 — the engine then pairs as the method does; turning either on is allowed and reported.
TAGAJO_ORDER = ("WINS", "SOS", "SOSOS", "SODOS", "SODOSODOS", "RANK", "RANDOM")
TAGAJO = StyleMethod(
    "the Tagajo method",
    {"colours": "none", "club_weight": 0, "country_weight": 0,
     "pairing_order": TAGAJO_ORDER},
    "pairs neighbours in the list, skipping only players already met",
    down_the_list=True,
)

def slip_prefill(settings: Settings, setup: Mapping[str, Any] | None) -> dict[str, float]:
    """A result slip's Handicap and Komi, filled in: the board's stones and komi when the
    event plays handicap games (``setup``), else no stones and the event's komi."""
    setup = setup or {}
    komi = setup.get("komi")
    return {"Handicap": int(setup.get("handicap") or 0),
            "Komi": float(komi) if komi is not None else event_komi(settings)}


PROFILE = GameProfile(
    name="go",
    title=N_("Go"),
    scoring=Scoring(win=1.0, draw=0.5, loss=0.0, bye=1.0, absent=0.0),
    pairing=PairingRules(system="swiss",
                         style="slide",
                         round1="rating",
                         handicap_option="handicap",
                         mcmahon_score="MMS",
                         style_methods={"tiebreaks": TAGAJO}),
    seats=Seats(policy=vocab.BALANCE,
                names=(N_("Black"), N_("White")),
                first_colour=vocab.BLACK,
                list_marks=(vocab.BLACK, vocab.WHITE)),
    standings=StandingsRules(tiebreaks=("WINS", "SOS", "SOSOS", "SODOS"),
                             tiebreaks_by_system={"swiss": ("WINS", "SOS", "SOSOS", "SODOS"),
                                                  "mcmahon": ("MMS", "SOSM", "SOSOSM")}),
    options=OPTIONS,
    # valid with the default settings (Japanese rules, komi 6.5); see NOTATIONS for the rest
    entry=Entry(examples=("B+", "W+", "B+R", "W+T", "B+3.5", "W+12.5", "B+F"),
                parse=parse,
                bye_detail=None,
                detail_keys=("winner", "margin", "komi", "reason", "penalties", "handicap"),
                extras=("komi", "handicap", "penalties"),
                notations=NOTATIONS,
                example=ENTRY_EXAMPLE,
                example_for=entry_example,
                extras_help=N_("Extras: 5 B+3.5 komi=7 handicap=2 (this game's komi, "
                               "handicap stones).")),
    check_options=check_options,
    # one line for the result (B+R, W+3.5: its examples), the stones and komi printed
    printing=Printing(slip_fields=((N_("Handicap"), False), (N_("Komi"), False)),
                      slip_prefill=slip_prefill,
                      strength_column="rank",
                      file_formats=("h9", "aga")),
    setup=BoardSetup(decide=go_handicap.board_setup,
                     check=go_handicap.check_setup,
                     describe=go_handicap.describe,
                     keys=go_handicap.SETUP_KEYS),
    ranks=True,
    simulation=Simulation(draw_rate=0.0, rating=2000, result=simulate_result),
    rating_lists=("egd", "aga"),
    rating_report="egd",
    rank_certificates=True,
)
