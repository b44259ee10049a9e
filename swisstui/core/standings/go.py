"""Go placement criteria (OpenGotha, docs/RULES.md §1.4) and docs/RULES.md §8.2's Tagajo chain (docs/RULES.md §8).

Scores used:

* NBW ("WINS") — 1 per win, ½ per jigo, forfeits by their result, plus the bye's special
  points; absent rounds add nothing; the summed special points are rounded down unless the
  Go option ``round_down`` is false (OpenGotha ``genRoundDownNBWMMS``, docs/RULES.md §1.2).
* MMS — the McMahon start score (:func:`swisstui.core.mcmahon.start_scores`) + game points +
  special points: byes, and the Go option ``absent_mms`` (default ½) per absent or
  not-yet-registered round and — Go option ``withdrawn_mms = "absent"``, the default — per
  round after a withdrawal; rounded down the same way (docs/RULES.md §1.2).  OpenGotha models
  late entrants and leavers alike by the rounds they do not participate in, and scores each
  such round as absent (docs/RULES.md §1.5 "Participation"); ``withdrawn_mms = "zero"`` keeps the
  older reading (rounds after a withdrawal add nothing).

Criteria (opponents' scores are their scores after the last round ranked):

* SOS (SOSW) — Σ of the opponents' NBW; rounds without an opponent add 0.
* SOS-1 / SOS-2 — SOS without the 1 or 2 lowest contributions.
* SOSOS — Σ of the opponents' SOS; unpaired rounds add 0.
* SODOS — Σ opponent's NBW × result against them (1, ½, 0).
* SOSM / SOSOSM — the same on MMS; an unpaired round adds the player's own start score
  (SOSOSM: start score × rounds).  SOSM handicap correction: + h stones given as White,
  − h received as Black (``detail["handicap"]``).
* CUSS — Σ over rounds of the running NBW.
* EXT / EXR — exploits attempted / achieved (OpenGotha "exploits tentés / réussis"): Σ over
  the rounds with an opponent (forfeits and games not yet entered included, as OpenGotha's
  paired rounds) of the opponent's NBW × coef, EXR over the rounds won only.  coef compares
  the actual handicap AH with the natural handicap NH (:func:`_exploit_coef`): AH = stones
  given (+h as White) or received (−h as Black) from ``detail["handicap"]``, 0 in an even
  game; NH = own rank − opponent's rank on the :func:`swisstui.core.ranks.rank_value`
  scale, the plain rank difference (the event defines no handicap correction or ceiling,
  and OpenGotha's EXT uses the plain difference too); a player without a rank counts at the
  McMahon floor, as for the start score.

Go option ``sos_unplayed_half`` (default false; OpenGotha "For SOS, count not played games as
half point", docs/RULES.md §1.4 Options): the opponents' scores that SOS, SOS-1, SOS-2, SODOS and
SOSM add up are *virtual* scores (:func:`_virtual`) — every round of the opponent that was not
played (bye, absence, not registered, after a withdrawal, forfeit, result not entered) counts
½ win instead of its special points, with no rounding down.  SOSOS, SOSOSM and SODOSODOS sum
those players' SOS, SOSM and SODOS, so they follow.  The player's own unpaired rounds keep
their value (0, own start score); NBW, MMS, CUSS, EXT and EXR keep the real scores.  This is
how OpenGotha applies it (``Tournament.fillBaseScoringInfoIfNecessary``: the virtual NBW/MMS
feed SOSW, SOSW-1/-2, SODOSW and the SOSM family).
* SODOSODOS — docs/RULES.md §8.2's fifth criterion: Σ of the wins of the players beaten by the players
  one beat (each defeat weighted by its result, as in SODOS).
"""

from __future__ import annotations

import math

from ..i18n import N_
from ..model import GameKind as K
from .context import Context
from .registry import tiebreak

_WITH_OPPONENT = frozenset({K.GAME, K.PENDING, K.FORFEIT_WIN, K.FORFEIT_LOSS, K.FORFEIT_DRAW})
_BYES = frozenset({K.PAIRING_BYE, K.FULL_BYE, K.HALF_BYE, K.ZERO_BYE})
_ABSENT = frozenset({K.ABSENT, K.NOT_REGISTERED})


def _scores(ctx: Context) -> tuple[dict[int, float], dict[int, float]]:
    """(NBW, MMS) per player."""

    def build() -> tuple[dict[int, float], dict[int, float]]:
        round_down = bool(ctx.option("round_down", True))
        absent_mms = float(ctx.option("absent_mms", 0.5))
        gone = _ABSENT | {K.WITHDRAWN} if ctx.option("withdrawn_mms", "absent") == "absent" \
            else _ABSENT
        win = ctx.win
        smms = _start(ctx)
        nbw: dict[int, float] = {}
        mms: dict[int, float] = {}
        for pid, recs in ctx.history.items():
            games = byes = absent = 0.0
            for r in recs:
                if r.kind in _WITH_OPPONENT:
                    games += r.points / win
                elif r.kind in _BYES:
                    byes += r.points / win
                elif r.kind in gone:
                    absent += absent_mms
            if round_down:
                nbw[pid] = games + math.floor(byes + 1e-9)
                mms[pid] = smms.get(pid, 0.0) + games + math.floor(byes + absent + 1e-9)
            else:
                nbw[pid] = games + byes
                mms[pid] = smms.get(pid, 0.0) + games + byes + absent
        return nbw, mms

    return ctx.memo("go_scores", build)


def _virtual(ctx: Context) -> tuple[dict[int, float], dict[int, float]]:
    """(NBW, MMS) with every round not played counted ½ (docs/RULES.md §1.4 Options: "not
    played" = absent, bye, not paired, unknown result or a by-default result): points of the
    games played + ½ per other round; MMS adds the start score.  Never rounded."""

    def build() -> tuple[dict[int, float], dict[int, float]]:
        win, played = ctx.win, K.GAME
        smms = _start(ctx)
        vnbw: dict[int, float] = {}
        vmms: dict[int, float] = {}
        for pid, recs in ctx.history.items():
            v = sum([r.points / win if r.kind is played else 0.5 for r in recs])
            vnbw[pid] = v
            vmms[pid] = smms.get(pid, 0.0) + v
        return vnbw, vmms

    return ctx.memo("go_virtual", build)


def _opp_scores(ctx: Context) -> tuple[dict[int, float], dict[int, float]]:
    """The (NBW, MMS) the SOS family adds up for an opponent: the real scores, or the virtual
    ones under the Go option ``sos_unplayed_half`` (docs/RULES.md §1.4 Options)."""
    return _virtual(ctx) if ctx.option("sos_unplayed_half", False) else _scores(ctx)


def _start(ctx: Context) -> dict[int, float]:
    """McMahon start scores (docs/RULES.md §1.2), from :mod:`swisstui.core.mcmahon`."""
    from ..mcmahon import start_scores

    return ctx.memo("smms", lambda: start_scores(ctx.event))


def _sum_opp(ctx: Context, values: dict[int, float], unpaired: dict[int, float] | None,
             weight: bool = False, cut: int = 0) -> dict[int, float]:
    out: dict[int, float] = {}
    win = ctx.win
    for pid, recs in ctx.history.items():
        empty = unpaired[pid] if unpaired is not None else 0.0
        contrib = []
        for r in recs:
            if r.kind in _WITH_OPPONENT:
                v = values[r.opp]
                if weight:
                    v *= r.points / win if r.kind is not K.PENDING else 0.0
                contrib.append(v)
            else:
                contrib.append(0.0 if weight else empty)
        if cut:
            contrib = sorted(contrib)[cut:]
        out[pid] = sum(contrib)
    return out


@tiebreak("WINS", N_("Number of wins (NBW)"), "docs/RULES.md §1.4 (NBW), §1.2", ("go",),
          aliases=("NBW",), primary=True)
def nbw(ctx: Context) -> dict[int, float]:
    """Wins + ½ per jigo + bye points (rounded down); absent rounds add nothing."""
    return _scores(ctx)[0]


@tiebreak("MMS", N_("McMahon score"), "docs/RULES.md §1.2, §1.4 (MMS)", ("go",), aliases=("MCMAHON",),
          primary=True)
def mms(ctx: Context) -> dict[int, float]:
    """Start score + wins + special points (bye; ``absent_mms`` per absent round), rounded
    down."""
    return _scores(ctx)[1]


@tiebreak("SOS", N_("Sum of opponents' scores"), "docs/RULES.md §1.4 (SOSW); §8.2", ("go",),
          aliases=("SOSW",))
def sos(ctx: Context) -> dict[int, float]:
    """Σ of the opponents' wins (NBW; virtual with ``sos_unplayed_half``); rounds without an
    opponent add 0."""
    return _sum_opp(ctx, _opp_scores(ctx)[0], None)


@tiebreak("SOS-1", N_("SOS minus the lowest"), "docs/RULES.md §1.4 (SOSW-1)", ("go",),
          aliases=("SOSW-1",))
def sos_minus1(ctx: Context) -> dict[int, float]:
    """SOS without the lowest contribution."""
    return _sum_opp(ctx, _opp_scores(ctx)[0], None, cut=1)


@tiebreak("SOS-2", N_("SOS minus the two lowest"), "docs/RULES.md §1.4 (SOSW-2)", ("go",),
          aliases=("SOSW-2",))
def sos_minus2(ctx: Context) -> dict[int, float]:
    """SOS without the two lowest contributions."""
    return _sum_opp(ctx, _opp_scores(ctx)[0], None, cut=2)


@tiebreak("SOSOS", N_("Sum of opponents' SOS"), "docs/RULES.md §1.4 (SOSOSW); §8.2", ("go",),
          aliases=("SOSOSW",))
def sosos(ctx: Context) -> dict[int, float]:
    """Σ of the opponents' SOS; unpaired rounds add 0."""
    return _sum_opp(ctx, ctx.tiebreak("SOS"), None)


@tiebreak("SODOS", N_("Sum of defeated opponents' scores"), "docs/RULES.md §1.4 (SODOSW); §8.2",
          ("go",), aliases=("SODOSW",))
def sodos(ctx: Context) -> dict[int, float]:
    """Σ opponent's NBW (virtual with ``sos_unplayed_half``) × result against them (1 win,
    ½ jigo, 0 loss)."""
    return _sum_opp(ctx, _opp_scores(ctx)[0], None, weight=True)


def _handicap(r) -> float:
    """Stones given in a handicap game (``detail["handicap"]``), 0 for even games."""
    h = r.result.detail.get("handicap") if r.result is not None else None
    try:
        return float(h) if h and float(h) > 0 else 0.0
    except (TypeError, ValueError):
        return 0.0


def _ranks(ctx: Context) -> dict[int, int]:
    """Each player's rank value (:func:`swisstui.core.ranks.rank_value`: 1d = 0, 1k = −1);
    no rank = the McMahon floor (option ``mcmahon_floor``), as :mod:`swisstui.core.mcmahon`
    does for the start score."""

    def build() -> dict[int, int]:
        from ..mcmahon import bar_and_floor
        from ..ranks import rank_value

        floor = bar_and_floor(ctx.event)[1]
        return {p.id: rank_value(p.rank) if p.rank else floor for p in ctx.event.players}

    return ctx.memo("go_ranks", build)


def _exploit_coef(ah: float, nh: float) -> int:
    """EXT/EXR weight of one game (docs/RULES.md §1.4 EXT/EXR): 0 if the actual handicap AH is
    below the natural one NH, 1 if equal, 2 if one more, 3 if two or more more."""
    excess = ah - nh
    return 0 if excess < 0 else 1 if excess == 0 else 2 if excess == 1 else 3


def _exploits(ctx: Context) -> tuple[dict[int, float], dict[int, float]]:
    """(EXT, EXR) per player (see the module docstring)."""

    def build() -> tuple[dict[int, float], dict[int, float]]:
        nbw = _scores(ctx)[0]
        rank = _ranks(ctx)
        ext: dict[int, float] = {}
        exr: dict[int, float] = {}
        for pid, recs in ctx.history.items():
            tried = won = 0.0
            own = rank.get(pid, 0)
            for r in recs:
                if r.kind not in _WITH_OPPONENT:
                    continue
                h = _handicap(r)
                ah = -h if r.first else h  # first-listed is Black, who receives the stones
                value = nbw[r.opp] * _exploit_coef(ah, own - rank.get(r.opp, 0))
                tried += value
                if r.outcome == 1:  # a win, over the board or by default (None: pending)
                    won += value
            ext[pid] = tried
            exr[pid] = won
        return ext, exr

    return ctx.memo("go_exploits", build)


@tiebreak("EXT", N_("Exploits attempted"), "docs/RULES.md §1.4 (EXT)", ("go",))
def exploits_attempted(ctx: Context) -> dict[int, float]:
    """Σ over the opponents met of their NBW × coef, coef from the actual handicap against
    the natural one (rank difference): 0 below, 1 equal, 2 one stone more, 3 two or more
    (docs/RULES.md §1.4 (EXT))."""
    return _exploits(ctx)[0]


@tiebreak("EXR", N_("Exploits achieved"), "docs/RULES.md §1.4 (EXR)", ("go",))
def exploits_achieved(ctx: Context) -> dict[int, float]:
    """EXT over the games won only (by default too) (docs/RULES.md §1.4 (EXR))."""
    return _exploits(ctx)[1]


@tiebreak("SOSM", N_("Sum of opponents' McMahon scores"), "docs/RULES.md §1.4 (SOSM)", ("go",))
def sosm(ctx: Context) -> dict[int, float]:
    """Σ of the opponents' MMS (virtual with ``sos_unplayed_half``); an unpaired round adds
    the player's own start score.  Handicap correction: White (who gave h stones) adds h,
    Black subtracts h."""
    base = _sum_opp(ctx, _opp_scores(ctx)[1], _start(ctx))
    for pid, recs in ctx.history.items():
        for r in recs:
            h = _handicap(r) if r.kind in _WITH_OPPONENT else 0.0
            if h:
                # first-listed is Black in Go (history.board_colours)
                base[pid] += -h if r.first else h
    return base


@tiebreak("SOSOSM", N_("Sum of opponents' SOSM"), "docs/RULES.md §1.4 (SOSOSM)", ("go",))
def sososm(ctx: Context) -> dict[int, float]:
    """Σ of the opponents' SOSM; an unpaired round adds own start score × rounds."""
    start = _start(ctx)
    n = ctx.after_round
    return _sum_opp(ctx, ctx.tiebreak("SOSM"), {pid: v * n for pid, v in start.items()})


@tiebreak("CUSS", N_("Cumulative sum of scores"), "docs/RULES.md §1.4 (CUSSW)", ("go",),
          aliases=("CUSSW",))
def cuss(ctx: Context) -> dict[int, float]:
    """Σ over rounds of the running number of wins (bye points included, absent 0)."""
    win = ctx.win
    out: dict[int, float] = {}
    for pid, recs in ctx.history.items():
        run = total = 0.0
        for r in recs:
            if r.kind in _WITH_OPPONENT or r.kind in _BYES:
                run += r.points / win
            total += run
        out[pid] = total
    return out


@tiebreak("SODOSODOS", N_("Wins of the players beaten by the players one beat"),
          "docs/RULES.md §8.2 (Tagajo criterion 5); §1.4 (SODOS)", ("go",),
          aliases=("TAGAJO5", "SODOS2"))
def sodos_of_sodos(ctx: Context) -> dict[int, float]:
    """Σ over the opponents one beat of (Σ over the opponents they beat of those players'
    wins), each defeat weighted by its result like SODOS (docs/RULES.md §8.2, fifth criterion)."""
    return _sum_opp(ctx, ctx.tiebreak("SODOS"), None, weight=True)
