"""Renju / Gomoku profile (docs/RULES.md §4, §8.1; §0).

* Scoring 1 / ½ / 0 (docs/RULES.md §4.3); a Swiss bye is a win (docs/RULES.md §0 "Bye" row).
* Result grammar: the shared win/draw/loss notation of :func:`.base.parse_wld` — ``1-0``,
  ``0-1``, ``=`` (``1/2-1/2``), forfeits ``+-`` / ``-+`` and ``--`` — from the first-listed
  player's side (docs/RULES.md §4.3: win, draw by agreement; a forfeit is not a played game).
* Colours are decided at the board by the opening rule (docs/RULES.md §4.2), so the manager
  allocates none: the first-listed player is only the *tentative Black*, and the director
  records who actually played Black with the result: ``extra["black"]`` = that player's id,
  stored as ``detail["black"]`` (None when not recorded, always None for a forfeit).  When the
  caller passes ``extra["players"] = (a, b)`` the id must be one of them.
* Options (docs/RULES.md §4, §8.1): ``rules`` — ``renju`` (only Black is forbidden 3-3, 4-4 and
  overlines), ``freestyle`` (gomoku, five or more wins), ``standard`` (gomoku, exactly five;
  3-3/4-4/overline forbidden for both); ``opening`` — ``rif`` (RIF rule, 1996–), ``yamaguchi``
  (WC 2009–2015), ``soosorv`` (Soosõrv-N, WC rule since 2017 with N = 8), ``taraguchi``
  (Taraguchi-N, European championships, N = 10 in some events), ``swap`` (1989–95) or ``none``
  (freestyle play); ``opening_n`` — the N of Soosõrv-N / Taraguchi-N (the opening may also be
  written ``soosorv-8``, ``Soosõrv-8``, ``taraguchi-10``).
* Defaults: Swiss, tie-breaks Buchholz, Sonneborn-Berger, direct encounter (docs/RULES.md §4.4;
  issue 4 codes BH, SB, DE).
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

RULE_SETS = ("renju", "freestyle", "standard")
OPENINGS = ("rif", "yamaguchi", "soosorv", "taraguchi", "swap", "none")
NUMBERED = {"soosorv": 8, "taraguchi": 10}  # usual N (docs/RULES.md §4.2)

NOTATIONS = (
    ("1-0", N_("first-listed player wins")),
    ("0-1", N_("second-listed player wins")),
    ("=  1/2  1/2-1/2", N_("draw by agreement (stored as 1/2-1/2)")),
    ("+-  -+", N_("win by forfeit (game not played)")),
    ("--", N_("double forfeit")),
    ("--black ID", N_("who actually played Black (decided at the board)")),
)

_HELP = N_("use 1-0, 0-1, = (draw), +- or -+ (forfeit) or -- (double forfeit)")


def _player_id(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise ResultError(_("renju: {what} {value!r} is not a player id").format(what=what, value=value))
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value.strip())
    raise ResultError(_("renju: {what} {value!r} is not a player id").format(what=what, value=value))


def parse(text: str, settings: Settings, extra: Mapping[str, Any] | None = None) -> Result:
    extra = extra or {}
    res = parse_wld(text)
    if res is None:
        raise ResultError(_("renju result {text!r} not understood; {HELP}").format(text=text, HELP=_(_HELP)))
    black = extra.get("black")
    if black is not None:
        black = _player_id(black, "Black")
        if res.forfeit:
            raise ResultError(_("renju: {text} is a forfeit, no game was played, so nobody had Black; leave out the Black player").format(text=res.text))
        players = extra.get("players")
        if players is not None:
            ids = tuple(_player_id(p, "player") for p in players)
            if black not in ids:
                raise ResultError(_("renju: Black must be one of the two players on the board ({value} or {value2}), not {black}").format(value=ids[0], value2=ids[1], black=black))
    return Result(res.text, res.outcome, res.forfeit, {"black": black})


def _check_opening(value: str) -> str:
    v = value.strip().lower().replace("õ", "o").replace("ö", "o").replace(" ", "")
    m = re.fullmatch(r"([a-z]+)(?:-?(\d+))?", v)
    name, n = (m.group(1), m.group(2)) if m else (v, None)
    if name in ("soosõrv", "sooserv"):
        name = "soosorv"
    if name not in OPENINGS or (n is not None and name not in NUMBERED):
        raise ValueError(_("{value!r} is not valid; valid: rif, yamaguchi, soosorv-N, taraguchi-N, swap, none").format(value=value))
    return f"{name}-{int(n)}" if n is not None else name


def _check_n(value: int | None) -> int | None:
    if value is not None and not 1 <= value <= 20:
        raise ValueError(_("{value} is out of range; N is 1 to 20 (Soosõrv-8, Taraguchi-10)").format(value=value))
    return value


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    out = dict(options)
    opening = out.get("opening")
    if opening and "-" in opening:
        name, n = opening.split("-")
        if out.get("opening_n") not in (None, int(n)):
            raise ValueError(_("opening {opening} disagrees with opening_n {value}").format(opening=opening, value=out['opening_n']))
        out["opening"], out["opening_n"] = name, int(n)
    if out.get("opening_n") is not None and opening is not None \
            and out["opening"] not in NUMBERED:
        raise ValueError(_("opening_n applies only to soosorv and taraguchi, not {value}").format(value=out['opening']))
    return out


def opening_label(settings: Settings) -> str:
    """Human label of the event's opening rule, e.g. ``Soosõrv-8``."""
    name = PROFILE.option(settings, "opening")
    label = {"rif": "RIF", "yamaguchi": "Yamaguchi", "soosorv": "Soosõrv",
             "taraguchi": "Taraguchi", "swap": "Swap", "none": "none"}[name]
    if name in NUMBERED:
        n = PROFILE.option(settings, "opening_n") or NUMBERED[name]
        label += f"-{n}"
    return label


def simulate_result(rng: random.Random, outcome: tuple[float, float], first: int,
                    second: int, forfeit: bool) -> tuple[str, dict[str, Any]]:
    """A simulated Renju result (pairing/simulate.py): ``1-0``/``0-1``/``1/2-1/2`` with who
    actually had Black drawn by lot, or a forfeit ``+-``/``-+`` (nobody had Black)."""
    if forfeit:
        return ("+-" if outcome[0] == 1 else "-+"), {}
    text = {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[outcome[0]]
    return text, {"black": first if rng.random() < 0.5 else second}


OPTIONS = {
    "rules": Option("renju", str, RULE_SETS,
                    N_("renju, freestyle (gomoku) or standard (gomoku) — docs/RULES.md §4, §8.1"),
                    aliases={"gomoku": "freestyle", "free": "freestyle",
                             "freestyle gomoku": "freestyle", "standard gomoku": "standard"}, label=N_("Rules")),
    "opening": Option("soosorv", str, None,
                      N_("opening rule: rif, yamaguchi, soosorv[-N], taraguchi[-N], swap, none "
                      "(docs/RULES.md §4.2)"), check=_check_opening, label=N_("Opening")),
    "opening_n": Option(None, (int, type(None)), None,
                        N_("N of Soosõrv-N / Taraguchi-N (default 8 / 10)"), check=_check_n, label=N_("Opening N")),
}

PROFILE = GameProfile(
    name="renju",
    title=N_("Renju"),
    scoring=Scoring(win=1.0, draw=0.5, loss=0.0, bye=1.0),
    pairing=PairingRules(system="swiss", style="slide", round1="rating"),
    seats=Seats(policy=vocab.RECORDED,
                names=(N_("Player 1"), N_("Player 2")),
                actual_black_key="black",
                list_marks=("B?", "W?")),
    standings=StandingsRules(tiebreaks=("BH", "SB", "DE")),
    options=OPTIONS,
    entry=Entry(examples=("1-0", "0-1", "=", "+-", "-+", "--"),
                parse=parse,
                bye_detail=None,
                detail_keys=("black",),
                extras=("black",),
                notations=NOTATIONS,
                example=N_("board result black=ID:  4 1-0 black=17   (or just the result)"),
                extras_help=N_("Extras: 4 1-0 black=17 (who actually had Black)."),
                result_shows=("black",)),
    check_options=check_options,
    printing=Printing(slip_fields=((N_("Played Black (player no.)"), False),)),
    ranks=True,
    simulation=Simulation(draw_rate=0.05, result=simulate_result),
    rating_report="whole-history",  # the RIF's list: Whole-History Rating since 2021
)
