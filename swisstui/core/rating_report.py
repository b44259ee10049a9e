"""The rating report of an event (issue 36 items 4-5, ``swisstui report ratings``): what each
player's results are worth to the body that rates the game, computed from the rounds.  The
game's profile says which report it gets (``GameProfile.rating_report``).

**Chess — FIDE** (FIDE Handbook B.02, Rating Regulations effective 1 March 2024):

* Games rated: the games played over the board against a rated opponent (unplayed rounds,
  byes and forfeits are not rated, B.02 §2-3); a game against an unrated opponent is left out
  of a rated player's change here.
* Expected score ``We`` of each game: table 8.1(b), the conversion of the rating difference
  into a scoring probability — FIDE's published table, not the logistic formula
  (:func:`swisstui.core.standings.ratings.expected`, the same table PTP reads).  A difference
  of more than 400 points counts as 400 (the 400-point rule; since the 2024 text every game,
  no longer once per event).
* ``K`` (8.3): 40 until the end of the year of the player's 18th birthday while rated under
  2300; 20 while rated under 2400; 10 once rated 2400 (the published rating reached 2400
  stays at 10: the report knows the rating it is given only).  40 for a player's first 30
  rated games, which one event cannot know: the director gives it (``--k ID=40``).  When
  ``K × n`` (n the games rated in the period) exceeds 700, K is the largest whole number with
  ``K × n ≤ 700``; the report applies it to this event's games.
* The change: ``K × Σ(W − We)``, shown to two decimals and rounded to a whole number, a half
  up, as the regulations round the change; FIDE rounds the sum over a rating period, so two
  events in one period may differ by one point from the two reports added.
* Unrated players are not rated here: an initial rating needs games against rated opponents
  pooled over events (at least 5, 2024 text); they get their performance.
* Performance and average opponents' rating: the tie-breaks TPR and ARO
  (:mod:`swisstui.core.standings.ratings`, FIDE C.07 Art. 10), never a second formula.
* Title norms (FIDE Handbook B.01, Title Regulations, 1.4): at least 9 games; at least half
  the opponents title-holders (CM and WCM not counted) and at least a third of them, three at
  least, of the norm's level (GM; IM or GM; WGM, IM or GM; WIM, WGM, IM or GM); at most 3/5 of
  the opponents from the player's federation, at most 2/3 from one federation and at least
  two federations other than the player's; at most a fifth of the opponents unrated; the
  opponents' rating average, an unrated opponent counted 1400 and the lowest-rated one raised to the norm's floor (GM 2200, IM 2050,
  WGM 2000, WIM 1850), at least GM 2380, IM 2230, WGM 2180, WIM 2030; a score of at least 35 %;
  the performance ``Ra + dp(p)`` (table 8.1a) at least GM 2600, IM 2450, WGM 2400, WIM 2250.
  Each check is shown as a line of its calculation.

**Go — EGD** (the EGF rating system as the European Go Database documents it since 2021,
https://www.europeangodatabase.eu/EGD/EGF_rating_system.php): each game changes the rating
``r`` by ``con × (Sa − Se) + bonus`` with ``con = ((3300 − r) / 200) ^ 1.6``, ``bonus =
ln(1 + exp((2300 − r) / 80)) / 5`` and ``Se = 1 / (1 + exp(β(r2) − β(r1)))``, ``β(r) = −7 ×
ln(3300 − r)``; every game of the event is computed from the ratings before it.  A player's
GoR is the rating, else the rank's (1d = 2100, 100 a grade, 1k = 2000; professionals from
2700, 30 a grade, as the EGD's page set them before 2021).  Handicap: the player receiving
h ≥ 1 stones is counted ``100 × (h − ½)`` stronger in ``Se``, the correction of the EGD's
system before 2021; its parameters are not confirmed for the 2021 formula (docs/REPORTS.md).

**Go — rank certificates** (``GameProfile.rank_certificates``): the Japanese practice the
issue names, not confirmed by a published rule: a 4-0 (four games won over the board and none
lost) recommends promotion by one grade, three wins confirm the rank.

**Othello, Renju** (``"whole-history"``): the tournament performance only, and why: their
federations rate by whole-history methods that re-estimate every rating from all games ever
played, which one event cannot compute (docs/REPORTS.md).  **Magic** (``"performance"``):
the tournament performance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from .games import profile
from .i18n import N_
from .model import Event, GameKind, Player
from .ranks import rank_from_value, rank_value
from .readers import Message
from .standings.context import Context
from .standings.ratings import dp, expected

# ---- FIDE (B.02) -----------------------------------------------------------------------------

#: A difference of more than this counts as this (the 400-point rule)
FIDE_CAP = 400
#: K × games in a period may not exceed this
FIDE_K_GAMES = 700
#: the rating an unrated opponent counts in a title norm (B.01, since 2024)
NORM_UNRATED = 1400


@dataclass(frozen=True)
class Norm:
    """One title's norm requirements (FIDE B.01 1.4)."""

    title: str
    performance: int  # Ra + dp at least
    average: int  # the opponents' rating average at least
    floor: int  # the lowest-rated opponent raised to this
    level: tuple[str, ...]  # titles that count towards "a third of the norm's level"
    women: bool = False  # a women's title: for a player whose sex is "f"


NORMS = (
    Norm("GM", 2600, 2380, 2200, ("GM",)),
    Norm("IM", 2450, 2230, 2050, ("GM", "IM")),
    Norm("WGM", 2400, 2180, 2000, ("GM", "IM", "WGM"), women=True),
    Norm("WIM", 2250, 2030, 1850, ("GM", "IM", "WGM", "WIM"), women=True),
)
#: title-holders for the norms' "half the opponents" (CM and WCM not counted)
TITLE_HOLDERS = ("GM", "IM", "FM", "WGM", "WIM", "WFM")
#: titles at or above each title (a GM seeks no IM norm)
_HOLDS = {"GM": ("GM",), "IM": ("GM", "IM"), "WGM": ("GM", "WGM"),
          "WIM": ("GM", "IM", "WGM", "WIM")}
NORM_GAMES = 9
NORM_SCORE = 0.35


def fide_k(player: Player, year: int, given: int | None = None) -> tuple[int, Message]:
    """The K factor of ``player`` for an event in ``year`` and the reason (B.02 8.3);
    ``given``: the director's (a player's first 30 rated games)."""
    if given is not None:
        return given, Message(N_("K {k}: given by the director"), k=given)
    rating = player.rating or 0
    born = _birth_year(player.birth)
    if born is not None and year - born <= 18 and rating < 2300:
        return 40, Message(N_("K 40: 18 or younger this year (born {year}), rated under 2300"),
                           year=born)
    if rating >= 2400:
        return 10, Message(N_("K 10: rated 2400 or more"))
    return 20, Message(N_("K 20: rated under 2400"))


def fide_capped_k(k: int, games: int) -> int:
    """K lowered so that K × games does not exceed 700 (B.02 8.3)."""
    if games and k * games > FIDE_K_GAMES:
        return FIDE_K_GAMES // games
    return k


def fide_expected(own: int, opponent: int) -> tuple[float, int]:
    """(We, the difference counted): table 8.1(b) after the 400-point rule."""
    diff = max(-FIDE_CAP, min(FIDE_CAP, own - opponent))
    return expected(diff), diff


def half_up(x: float) -> int:
    """Rounded to a whole number, a half up (−2.5 → −2, 2.5 → 3)."""
    return int(math.floor(x + 0.5 + 1e-9))


def _birth_year(text: str | None) -> int | None:
    if not text or not text[:4].isdigit():
        return None
    return int(text[:4])


# ---- EGD -------------------------------------------------------------------------------------

EGD_TOP = 3300.0
EGD_FLOOR = -900.0


def egd_con(r: float) -> float:
    return ((EGD_TOP - r) / 200) ** 1.6


def egd_bonus(r: float) -> float:
    return math.log1p(math.exp((2300 - r) / 80)) / 5


def egd_expected(r1: float, r2: float) -> float:
    """Se of a player rated ``r1`` against ``r2`` (Bradley-Terry with β = −7 ln(3300 − r))."""
    def beta(r: float) -> float:
        return -7 * math.log(EGD_TOP - min(r, EGD_TOP - 1))
    return 1 / (1 + math.exp(beta(r2) - beta(r1)))


def egd_rating(player: Player) -> float | None:
    """A player's GoR: the rating, else the rank's (1d = 2100; professionals 2700 + 30 a
    grade); None without either."""
    if player.rating is not None:
        return float(player.rating)
    if not player.rank:
        return None
    v = rank_value(player.rank)
    if player.rank.endswith("p"):
        return 2700.0 + 30 * (v - rank_value("1p"))
    return max(EGD_FLOOR, 2100.0 + 100 * v)


# ---- the report ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameLine:
    """One rated game of a player: ``expected`` is We (FIDE) or Se (EGD)."""

    round: int
    opponent: int
    opponent_rating: float | None
    score: float
    expected: float | None = None
    change: float | None = None
    counted: int | None = None  # the FIDE difference counted (after the 400-point rule)
    handicap: int = 0  # stones received (+) or given (−), Go


@dataclass(frozen=True)
class NormCheck:
    title: str
    reached: bool
    lines: tuple[Message, ...]


@dataclass(frozen=True)
class PlayerReport:
    id: int
    name: str
    rating: float | None
    games: int  # games rated (FIDE, EGD) or played over the board (performance)
    score: float
    expected: float | None = None
    average_opponent: int | None = None  # ARO
    performance: int | None = None  # TPR
    k: int | None = None
    k_reason: Message | None = None
    change: float | None = None
    change_rounded: int | None = None
    new_rating: float | None = None
    lines: tuple[GameLine, ...] = ()
    notes: tuple[Message, ...] = ()
    norms: tuple[NormCheck, ...] = ()
    certificate: Message | None = None  # Go: the rank certificate's line
    promotion: bool = False  # the certificate promotes (else it confirms the rank)

    def as_json(self) -> dict:
        return {"id": self.id, "name": self.name, "rating": self.rating,
                "games": self.games, "score": self.score, "expected": _r(self.expected),
                "average_opponent": self.average_opponent, "performance": self.performance,
                "k": self.k, "k_reason": self.k_reason, "change": _r(self.change),
                "change_rounded": self.change_rounded, "new_rating": _r(self.new_rating),
                "games_rated": [{"round": g.round, "opponent": g.opponent,
                                 "opponent_rating": g.opponent_rating, "score": g.score,
                                 "expected": _r(g.expected), "change": _r(g.change),
                                 "difference_counted": g.counted, "handicap": g.handicap}
                                for g in self.lines],
                "notes": list(self.notes),
                "norms": [{"title": n.title, "reached": n.reached, "lines": list(n.lines)}
                          for n in self.norms],
                "certificate": self.certificate,
                "certificate_kind": (None if self.certificate is None else
                                     "promotion" if self.promotion else "confirmation")}


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


@dataclass(frozen=True)
class RatingReport:
    game: str
    system: str  # "fide", "egd" or "performance"
    after_round: int
    players: tuple[PlayerReport, ...]
    notes: tuple[Message, ...] = field(default=())

    def as_json(self) -> dict:
        return {"game": self.game, "system": self.system, "after_round": self.after_round,
                "notes": list(self.notes), "players": [p.as_json() for p in self.players]}


def rating_report(event: Event, upto: int | None = None,
                  k_given: dict[int, int] | None = None) -> RatingReport:
    """The report of ``event`` after round ``upto`` (default: the last complete round);
    ``k_given``: K factors the director knows (FIDE: a player's first 30 games)."""
    prof = profile(event.game)
    ctx = Context(event, upto)
    tpr, aro = ctx.tiebreak("TPR"), ctx.tiebreak("ARO")
    players = ctx.players
    year = _event_year(event)
    notes: list[Message] = []
    system = prof.rating_report
    if system == "whole-history":
        notes.append(Message(N_("{game} rates by a whole-history method, which re-estimates "
                                "every rating from all the games ever played: one event "
                                "cannot compute it, so only the tournament performance is "
                                "shown"), game=Message(prof.title or prof.name)))
    out: list[PlayerReport] = []
    for pid in ctx.ids:
        p = players.get(pid)
        if p is None:
            continue
        games = [r for r in ctx.history.get(pid, ()) if r.kind is GameKind.GAME
                 and r.outcome is not None and r.opponent in players]
        base: dict[str, Any] = dict(id=pid, name=p.name,
                                    score=sum(r.outcome or 0.0 for r in games),
                                    average_opponent=int(aro.get(pid, 0)) or None,
                                    performance=int(tpr.get(pid, 0)) or None)
        if system == "fide":
            rep = _fide_player(p, games, players, year, (k_given or {}).get(pid), base)
        elif system == "egd":  # a performance on FIDE's table says nothing of a GoR
            rep = _egd_player(p, games, players, {**base, "performance": None})
        else:
            rep = PlayerReport(rating=p.rating, games=len(games), **base)
        if prof.rank_certificates:
            rep = _with_certificate(rep, p, games)
        out.append(rep)
    return RatingReport(event.game, system, ctx.after_round, tuple(out), tuple(notes))


def _event_year(event: Event) -> int:
    y = _birth_year(event.settings.date_start)
    return y if y is not None else date.today().year


def _fide_player(p: Player, games, players: dict[int, Player], year: int,
                 k_given: int | None, base: dict) -> PlayerReport:
    rated = [r for r in games if players[r.opp].rating is not None]
    norms = _norms(p, games, players)
    if p.rating is None:
        note = Message(N_("unrated: no rating change here; an initial rating needs games "
                          "against rated opponents over events (at least 5, FIDE B.02)"))
        return PlayerReport(rating=None, games=len(rated), notes=(note,), norms=norms,
                            lines=tuple(GameLine(r.round, r.opp, players[r.opp].rating,
                                                 r.outcome or 0.0) for r in rated),
                            **{**base, "score": sum(r.outcome or 0.0 for r in rated)})
    k, reason = fide_k(p, year, k_given)
    notes: list[Message] = []
    capped = fide_capped_k(k, len(rated))
    if capped != k:
        notes.append(Message(N_("K × {games} games is over 700: K lowered from {k} to "
                                "{capped}"), games=len(rated), k=k, capped=capped))
        k = capped
    lines = []
    for r in rated:
        opp = players[r.opp].rating
        assert opp is not None
        we, counted = fide_expected(p.rating, opp)
        w = r.outcome or 0.0
        lines.append(GameLine(r.round, r.opp, opp, w, we, k * (w - we), counted))
    left_out = len(games) - len(rated)
    if left_out:
        notes.append(Message(N_("games against unrated opponents, not rated: {count}"),
                             count=left_out))
    w_sum = sum(g.score for g in lines)
    we_sum = sum(g.expected or 0.0 for g in lines)
    change = k * (w_sum - we_sum)
    rounded = half_up(change)
    return PlayerReport(rating=p.rating, games=len(lines), expected=we_sum, k=k,
                        k_reason=reason, change=change, change_rounded=rounded,
                        new_rating=float(p.rating + rounded), lines=tuple(lines),
                        notes=tuple(notes), norms=norms, **{**base, "score": w_sum})


def _norms(p: Player, games, players: dict[int, Player]) -> tuple[NormCheck, ...]:
    """The norm checks for the titles ``p`` does not hold (women's titles for a player whose
    sex is "f"); none under 9 games played."""
    if len(games) < NORM_GAMES:
        return ()
    held = (p.title or "").upper()
    out = []
    for norm in NORMS:
        if norm.women and (p.sex or "").lower() != "f":
            continue
        if held in _HOLDS[norm.title]:
            continue
        out.append(norm_check(norm, p, [(players[r.opp], r.outcome or 0.0) for r in games]))
    return tuple(out)


def norm_check(norm: Norm, player: Player, met: list[tuple[Player, float]]) -> NormCheck:
    """The title norm ``norm`` of ``player`` over the games ``met`` (opponent, points), each
    requirement as a line of its calculation (FIDE B.01 1.4)."""
    lines: list[Message] = []
    ok = True

    def check(good: bool, msg: Message) -> None:
        nonlocal ok
        ok = ok and good
        lines.append(Message(N_("{line}: {verdict}"), line=msg,
                             verdict=Message(N_("met")) if good else Message(N_("not met"))))

    n = len(met)
    check(n >= NORM_GAMES, Message(N_("games: {n} (at least {min})"), n=n, min=NORM_GAMES))
    titles = [(o.title or "").upper() for o, _ in met]
    holders = sum(1 for t in titles if t in TITLE_HOLDERS)
    check(2 * holders >= n, Message(N_("title-holders: {count} of {n} (at least half, {min})"),
                                    count=holders, n=n, min=math.ceil(n / 2)))
    level = sum(1 for t in titles if t in norm.level)
    need = max(3, math.ceil(n / 3))
    check(level >= need, Message(N_("{titles}: {count} (at least a third, three at least: "
                                    "{min})"), titles="/".join(norm.level), count=level,
                                 min=need))
    own = (player.country or "").upper()
    feds = [(o.country or "").upper() for o, _ in met]
    home = sum(1 for f in feds if f == own) if own else 0
    others = len({f for f in feds if f and f != own})
    most = max((feds.count(f) for f in set(feds) if f), default=0)
    check(5 * home <= 3 * n, Message(N_("from the player's federation {fed}: {count} of {n} "
                                        "(at most 3/5, {max})"), fed=own or "?", count=home,
                                     n=n, max=3 * n // 5))
    check(3 * most <= 2 * n, Message(N_("most from one federation: {count} of {n} (at most "
                                        "2/3, {max})"), count=most, n=n, max=2 * n // 3))
    check(others >= 2, Message(N_("federations other than the player's: {count} (at least 2)"),
                               count=others))
    ratings = [o.rating if o.rating is not None else NORM_UNRATED for o, _ in met]
    unrated = sum(1 for o, _ in met if o.rating is None)
    check(5 * unrated <= n, Message(N_("unrated opponents: {count} of {n} (at most 1/5, "
                                       "{max})"), count=unrated, n=n, max=n // 5))
    if unrated:
        lines.append(Message(N_("{count} unrated opponent(s) counted {rating}"), count=unrated,
                             rating=NORM_UNRATED))
    low = min(range(n), key=lambda i: ratings[i]) if n else None
    if low is not None and ratings[low] < norm.floor:
        lines.append(Message(N_("the lowest-rated opponent raised from {rating} to the floor "
                                "{floor}"), rating=ratings[low], floor=norm.floor))
        ratings[low] = norm.floor
    total = sum(ratings)
    ra = half_up(total / n) if n else 0
    check(ra >= norm.average, Message(N_("rating average: {total} / {n} = {ra} (at least "
                                         "{min})"), total=total, n=n, ra=ra, min=norm.average))
    points = sum(s for _, s in met)
    check(points >= NORM_SCORE * n - 1e-9,
          Message(N_("score: {points} of {n} (at least 35 %)"), points=_num(points), n=n))
    p = points / n if n else 0.0
    rp = ra + dp(p)
    check(rp >= norm.performance,
          Message(N_("performance: {ra} + dp({p}) {dp} = {rp} (at least {min})"), ra=ra,
                  p=f"{math.floor(p * 100 + 0.5 + 1e-9) / 100:.2f}", dp=f"{dp(p):+d}", rp=rp,
                  min=norm.performance))
    needed = next((h / 2 for h in range(0, 2 * n + 1)
                   if ra + dp(h / 2 / n) >= norm.performance), None) if n else None
    if needed is not None:
        lines.append(Message(N_("points needed for {rating} over these opponents: {points}"),
                             rating=norm.performance, points=_num(needed)))
    return NormCheck(norm.title, ok, tuple(lines))


def _num(x: float) -> str:
    return f"{x:g}"


def _egd_player(p: Player, games, players: dict[int, Player], base: dict) -> PlayerReport:
    r = egd_rating(p)
    rated = [g for g in games if egd_rating(players[g.opp]) is not None]
    if r is None:
        note = Message(N_("no rating and no rank: no EGD estimate"))
        return PlayerReport(rating=None, games=len(rated), notes=(note,), **base)
    lines = []
    for g in rated:
        opp = egd_rating(players[g.opp])
        assert opp is not None
        stones = int((g.result.detail.get("handicap") or 0) if g.result else 0)
        # the first-listed is Black: Black receives the stones
        received = stones if g.first else -stones
        mine, theirs = r, opp
        if received >= 1:
            mine += 100 * (received - 0.5)
        elif received <= -1:
            theirs += 100 * (-received - 0.5)
        se = egd_expected(mine, theirs)
        sa = g.outcome or 0.0
        change = egd_con(r) * (sa - se) + egd_bonus(r)
        lines.append(GameLine(g.round, g.opp, opp, sa, se, change, handicap=received))
    change = sum(x.change or 0.0 for x in lines)
    new = max(EGD_FLOOR, r + change)
    notes = () if p.rating is not None else (
        Message(N_("no GoR given: the rank's {gor} used"), gor=int(r)),)
    return PlayerReport(rating=r, games=len(lines), expected=sum(x.expected or 0.0
                                                                 for x in lines),
                        change=change, change_rounded=half_up(change), new_rating=new,
                        lines=tuple(lines), notes=notes,
                        **{**base, "score": sum(x.score for x in lines)})


def _with_certificate(rep: PlayerReport, p: Player, games) -> PlayerReport:
    """The Japanese rank certification: 4-0 promotes one grade, three wins confirm (games
    played over the board; a professional is not promoted)."""
    if not p.rank:
        return rep
    wins = sum(1 for g in games if (g.outcome or 0.0) >= 1)
    lost = len(games) - wins  # lost or drawn
    if wins >= 4 and lost == 0 and not p.rank.endswith("p"):
        cert = Message(N_("{wins}-0: promotion from {rank} to {next}"), wins=wins,
                       rank=p.rank, next=rank_from_value(rank_value(p.rank) + 1))
        return replace(rep, certificate=cert, promotion=True)
    if wins >= 3:
        return replace(rep, certificate=Message(N_("{wins} wins: {rank} confirmed"),
                                                wins=wins, rank=p.rank))
    return rep
