"""Magic: The Gathering profile (docs/RULES.md §3, §8.3; §0).

* Match points 3 / 1 / 0 (docs/RULES.md §3.1, §8.3); a bye is a match win: 3 match points and
  2-0 in games (6 game points) in best of three (docs/RULES.md §3.1 "Byes"; in best of N the bye
  counts ⌈N/2⌉ game wins, the games needed to win the match).
* Result grammar: the match's game record from the first-listed player's side,
  ``wins-losses`` or ``wins-losses-draws`` (docs/RULES.md §3.1 table, §3.5):
  ``2-0 2-1 1-2 0-2 1-1-1 1-0-1 2-0-1 0-0-3``.  ``ID`` is the intentional draw, stored as
  ``0-0-3`` (the EventLink form, docs/RULES.md §3.5).  The match winner is the player with more
  game wins; equal game wins is a match draw (MTR 2.1, docs/RULES.md §3.1, also when time runs out
  with ``1-0`` or ``1-1``).  Checked against ``best_of``: a match ends when a player has won
  ⌈N/2⌉ games, so nobody wins more (``3-0`` is impossible in best of 3) and both cannot reach
  it; drawn games do not count toward the wins (MTR 2.1) so ``2-1-1`` is fine; at most
  max(3, N) drawn games.  Concessions are reported as the games stand (docs/RULES.md §3.5), so
  there is no separate forfeit notation.  Canonical text omits a zero draw count: ``2-1``,
  ``1-1-1``.  ``detail["games"] = (wins A, wins B, draws)``.
* Options: ``best_of`` 1 | 3 | 5 (default 3, MTR 2.1); ``bye_in_own_mw`` — whether a bye
  round counts in the player's own MW% (docs/RULES.md §3.2 and §7 item 1; default True, the MTR
  example's reading).
* Defaults: Swiss, random pairing inside a match-point group and in round 1 (docs/RULES.md §3.4,
  docs/RULES.md §8.3), no colours, tie-breaks OMW%, GW%, OGW% (docs/RULES.md §3.2; codes of issue 4).
"""

from __future__ import annotations

from ..i18n import N_, _, ngettext

import random
import re
from typing import Any
from collections.abc import Mapping

from ..errors import ResultError
from ..model import Result, Scoring, Settings
from ..readers import Message
from .. import colours_vocab as vocab
from .base import (Entry, GameProfile, Option, PairingRules, Printing, Seats, Simulation,
                   StandingsRules, clean)

NOTATIONS = (
    ("2-0  2-1  1-0", N_("first-listed player wins the match (game wins-losses)")),
    ("0-2  1-2  0-1", N_("second-listed player wins the match")),
    ("1-1-1  1-0-1  2-1-1", N_("wins-losses-draws: more game wins wins, equal is a draw")),
    ("0-0-3  ID", N_("intentional draw (no games played), stored as 0-0-3")),
)

_GAMES = re.compile(r"^(\d{1,2})\s*-\s*(\d{1,2})(?:\s*-\s*(\d{1,2}))?$")
_ID = {"id", "i.d.", "intentional draw", "intentionaldraw"}
_HELP = N_("use game wins-losses[-draws] such as 2-0, 2-1, 1-1-1, or 0-0-3 / ID (intentional draw)")


def wins_needed(best_of: int) -> int:
    return (best_of + 1) // 2


def parse(text: str, settings: Settings, extra: Mapping[str, Any] | None = None) -> Result:
    extra = extra or {}
    t = clean(text)
    if t.lower() in _ID:
        wa, wb, d = 0, 0, 3
    else:
        m = _GAMES.match(t)
        if not m:
            raise ResultError(_("magic result {text!r} not understood; {HELP}").format(text=text, HELP=_(_HELP)))
        wa, wb, d = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    best_of = PROFILE.option(settings, "best_of")
    need = wins_needed(best_of)
    shown = f"{wa}-{wb}" + (f"-{d}" if d else "")
    if wa > need or wb > need:
        raise ResultError(ngettext("magic match {shown} is impossible in best of {best_of}: the match ends when a "
                          "player has won {need} game",
                          "magic match {shown} is impossible in best of {best_of}: the match ends when a "
                          "player has won {need} games", need).format(shown=shown, best_of=best_of, need=need))
    if wa == need and wb == need:
        raise ResultError(_("magic match {shown} is impossible in best of {best_of}: both players cannot win {need} games").format(shown=shown, best_of=best_of, need=need))
    if wa + wb + d == 0:
        raise ResultError(_("magic match {shown} has no games; an intentional draw is 0-0-3 (or ID)").format(shown=shown))
    if d > max(3, best_of):
        raise ResultError(_("magic match {shown}: {d} drawn games is too many for best of {best_of}; an intentional draw is 0-0-3").format(shown=shown, d=d, best_of=best_of))
    outcome = (1.0, 0.0) if wa > wb else (0.0, 1.0) if wb > wa else (0.5, 0.5)
    res = Result(shown, outcome, False, {"games": (wa, wb, d)})
    given = extra.get("games")
    if given is not None:
        try:
            g = tuple(int(x) for x in given)
        except (TypeError, ValueError):
            raise ResultError(_("magic games {given!r} must be three numbers").format(given=given)) from None
        if len(g) == 2:
            g += (0,)
        if g != res.detail["games"]:
            raise ResultError(_("magic games {list} do not match the result {shown}").format(list=list(g), shown=shown))
    return res


def bye_detail(settings: Settings) -> Mapping[str, Any]:
    return {"games": (wins_needed(PROFILE.option(settings, "best_of")), 0, 0)}


# MTR Appendix E (docs/RULES.md §3.3): (largest field, Swiss rounds, Top N playoff); larger
# fields play 10 rounds and a Top 8.
ROUNDS_TABLE = ((16, 5, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8))
# MTR Appendix E, 9–16 players, Limited with a booster-draft playoff: (smallest field,
# largest field, rounds, playoff)
DRAFT_ROW = (9, 16, 4, 8)


def rounds_advice(n: int, power_of_two: int
                  ) -> tuple[int, int | None, str, tuple[tuple[int, int | None, str], ...]]:
    """Recommended rounds and playoff cut for ``n`` players from the MTR Appendix E table
    (docs/RULES.md §3.3), which assumes a Top 8 cut from 17 players: 9–16 → 5 rounds (Top 4),
    17–32 → 5, 33–64 → 6, 65–128 → 7, 129–226 → 8, 227–409 → 9, 410+ → 10 (Top 8); up to 8
    players the table plays single elimination (``power_of_two`` = ⌈log₂ n⌉ rounds).  The
    9–16 row has a second column, 4 rounds and a Top 8 for Limited with a booster-draft
    playoff (also the power of two: the Portuguese source's 12 players → 4, docs/RULES.md
    §8.3): returned as an alternative, the last item."""
    if n <= 8:
        return (power_of_two, None,
                Message(N_("{n} players: single elimination, {rounds} rounds "
                           "(docs/RULES.md §3.3)"), n=n, rounds=power_of_two),
                ())
    rounds, playoff = next(((r, p) for top, r, p in ROUNDS_TABLE if n <= top), (10, 8))
    low, high, d_rounds, d_playoff = DRAFT_ROW
    if low <= n <= high:
        return (rounds, playoff,
                Message(N_("{n} players: {rounds} Swiss rounds, then a Top {playoff} playoff "
                           "(MTR Appendix E, all other formats); Limited with a booster-draft "
                           "playoff: {d_rounds} Swiss rounds, then a Top {d_playoff} draft "
                           "playoff (MTR Appendix E; also the power of two, 2^{d_rounds} = "
                           "{power} ≥ {n})"), n=n, rounds=rounds, playoff=playoff,
                        d_rounds=d_rounds, d_playoff=d_playoff, power=2 ** d_rounds),
                ((d_rounds, d_playoff, N_("Limited with a booster-draft playoff")),))
    return (rounds, playoff,
            Message(N_("{n} players: {rounds} Swiss rounds, then a Top {playoff} playoff "
                       "(MTR Appendix E, docs/RULES.md §3.3)"), n=n, rounds=rounds,
                    playoff=playoff), ())


def simulate_result(rng: random.Random, outcome: tuple[float, float], first: int,
                    second: int, forfeit: bool) -> tuple[str, dict[str, Any]]:
    """A simulated match (pairing/simulate.py): game wins such as ``2-1``; a draw ``1-1``,
    ``0-0-3`` or ``1-1-1``.  Magic has no forfeit notation: a no-show loses the match as
    the games stand, so ``forfeit`` plays it out."""
    if outcome[0] == 0.5:
        return rng.choice(["1-1", "0-0-3", "1-1-1"]), {}
    score = rng.choice(["2-0", "2-1", "2-1"])
    a, b = score.split("-")
    return (score if outcome[0] == 1 else f"{b}-{a}"), {}


OPTIONS = {
    "best_of": Option(3, int, (1, 3, 5), N_("games per match (MTR 2.1): 1, 3 or 5"), label=N_("Best of")),
    "bye_in_own_mw": Option(True, bool, None,
                            N_("count a bye round in the player's own MW% (docs/RULES.md §3.2)"), label=N_("Bye in MW%")),
}

PROFILE = GameProfile(
    name="magic",
    title=N_("Magic"),
    scoring=Scoring(win=3.0, draw=1.0, loss=0.0, bye=3.0),
    pairing=PairingRules(system="swiss",
                         style="random",
                         round1="random",
                         pab_random_lowest=True,
                         rounds_advice=rounds_advice),
    seats=Seats(policy=vocab.NONE, names=(N_("Player A"), N_("Player B"))),
    standings=StandingsRules(tiebreaks=("OMW", "GW", "OGW")),
    options=OPTIONS,
    entry=Entry(examples=("2-0", "2-1", "1-2", "0-2", "1-1-1", "1-0-1", "0-0-3", "ID"),
                parse=parse,
                bye_detail=bye_detail,
                detail_keys=("games",),
                extras=("drop",),
                notations=NOTATIONS,
                example=N_("board games:  7 2-1   4 2-0   1 0-0-3   5 2-0 drop=12 (12 leaves)"),
                extras_help=N_("Extras: 5 2-0 drop=12 (12 leaves after this match: withdrawn "
                               "from the next round).")),
    printing=Printing(slip_fields=((N_("Games won"), True), (N_("Drawn games"), False), (N_("Drops after this match"), False))),
    simulation=Simulation(draw_rate=0.06, result=simulate_result),
)
