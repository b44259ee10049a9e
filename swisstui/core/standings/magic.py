"""Magic: The Gathering match points and percentages (MTR 3.1 / Appendix C, docs/RULES.md §3.1,
§3.2; docs/RULES.md §8.3).

* MP — match points (the event score: 3 win, 1 draw, 0 loss, bye 3).
* MW — match-win percentage: match points / (3 × rounds played), at least 0.33.  Rounds played
  are rounds with an opponent (forfeits included) plus, when the option ``bye_in_own_mw`` is
  true (default, the MTR example), the player's byes; absent, withdrawn and not-yet-registered
  rounds are not played (a dropped player keeps the MW% of the rounds they played).
* OMW — the average of the opponents' MW% (each at least 0.33), over the rounds with an
  opponent: the player's own byes are not opponents (docs/RULES.md §3.2, §8.3).
* GW — game-win percentage: game points (3 per game won, 1 per game drawn) / (3 × games
  played), at least 0.33; a bye is a 2-0 (counted like MW's byes); a match recorded without
  game detail counts 2-0 / 0-2 (1-1-1 for a draw).
* OGW — the average of the opponents' GW% (each at least 0.33), byes ignored.

All four are percent codes: fractions in JSON, percents in text.  Values are fractions.
"""

from __future__ import annotations

from ..i18n import N_
from ..model import GameKind as K
from ..history import RoundRecord
from .context import Context
from .registry import tiebreak

FLOOR = 0.33
_WITH_OPPONENT = frozenset({K.GAME, K.FORFEIT_WIN, K.FORFEIT_LOSS, K.FORFEIT_DRAW})
_BYES = frozenset({K.PAIRING_BYE, K.FULL_BYE})


def _games(rec: RoundRecord) -> tuple[int, int, int]:
    """(won, lost, drawn) games of a match, from this player's side."""
    g = rec.result.detail.get("games") if rec.result is not None else None
    if g:
        w, l, d = (tuple(g) + (0, 0, 0))[:3]
        return (w, l, d) if rec.first else (l, w, d)
    o = rec.outcome
    return (2, 0, 0) if o == 1 else (0, 2, 0) if o == 0 else (1, 1, 1)


def _own(ctx: Context) -> tuple[dict[int, float], dict[int, float]]:
    """(MW%, GW%) per player, floored at 0.33."""

    def build() -> tuple[dict[int, float], dict[int, float]]:
        with_bye = bool(ctx.option("bye_in_own_mw", True))
        win = ctx.win
        mw: dict[int, float] = {}
        gw: dict[int, float] = {}
        for pid, recs in ctx.history.items():
            points = rounds = gpts = ngames = 0.0
            for r in recs:
                if r.kind in _WITH_OPPONENT:
                    points += r.points
                    rounds += 1
                    w, l, d = _games(r)
                    gpts += 3 * w + d
                    ngames += w + l + d
                elif r.kind in _BYES and with_bye:
                    points += r.points
                    rounds += 1
                    gpts += 6
                    ngames += 2
            mw[pid] = max(FLOOR, points / (win * rounds)) if rounds else FLOOR
            gw[pid] = max(FLOOR, gpts / (3 * ngames)) if ngames else FLOOR
        return mw, gw

    return ctx.memo("magic_own", build)


def _opponents_average(ctx: Context, values: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        vals = [values[r.opp] for r in recs if r.kind in _WITH_OPPONENT]
        out[pid] = sum(vals) / len(vals) if vals else FLOOR
    return out


@tiebreak("MP", N_("Match points"), "docs/RULES.md §3.1", ("magic",), aliases=("MATCHPOINTS",),
          primary=True)
def match_points(ctx: Context) -> dict[int, float]:
    """The match points scored (3 win, 1 draw, 0 loss, bye 3)."""
    return dict(ctx.score)


@tiebreak("MW", N_("Match-win percentage"), "docs/RULES.md §3.2 (MW%); §8.3", ("magic",),
          aliases=("MWP",), percent=True)
def match_win_pct(ctx: Context) -> dict[int, float]:
    """Match points / (3 × rounds played), at least 0.33 (byes counted per
    ``bye_in_own_mw``)."""
    return _own(ctx)[0]


@tiebreak("OMW", N_("Opponents' match-win percentage"), "docs/RULES.md §3.2 (OMW%); §8.3",
          ("magic",), aliases=("OMWP",), percent=True)
def opponents_match_win_pct(ctx: Context) -> dict[int, float]:
    """Average of the opponents' MW% (each ≥ 0.33); own byes are not opponents."""
    return _opponents_average(ctx, _own(ctx)[0])


@tiebreak("GW", N_("Game-win percentage"), "docs/RULES.md §3.2 (GW%); §8.3", ("magic",),
          aliases=("GWP",), percent=True)
def game_win_pct(ctx: Context) -> dict[int, float]:
    """Game points / (3 × games played), at least 0.33."""
    return _own(ctx)[1]


@tiebreak("OGW", N_("Opponents' game-win percentage"), "docs/RULES.md §3.2 (OGW%)", ("magic",),
          aliases=("OGWP",), percent=True)
def opponents_game_win_pct(ctx: Context) -> dict[int, float]:
    """Average of the opponents' GW% (each ≥ 0.33), byes ignored."""
    return _opponents_average(ctx, _own(ctx)[1])
