"""Who is paired and what the Dutch system knows about each player.

* Pairing numbers (FIDE C.04.2, "initial ranking list"): rating (highest first), then FIDE
  title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name; the player id breaks any
  remaining tie.  Reassigned up to the fourth round, then frozen (C.04.2 2.3); later
  entrants are numbered after the others (:func:`pairing_numbers`).  The event option ``pairing_numbers = "id"`` keeps the order of the player
  ids instead (an imported TRF's starting ranks).
* The colour facts of FIDE C.04.3 A.6 (colour difference, colour preference and its strength)
  counted over *played* games only (C.04.2: forfeits and byes have no colour).
* Floats (C.04.3 A.4, 2026 text): in a played game, the player with the higher score before
  the round floated down and the other up; a round without a game (bye, forfeit, absence) that
  scored more than a loss counts as a downfloat.
* PAB eligibility (C.04.1 / C.04.3 C2, 2026 text): no player who already received a
  pairing-allocated bye, or who already scored a win's points without playing, gets the PAB.
* Topscorers (C.04.3 A.7): when the last round is paired, the players whose score exceeds
  half of the maximum possible score.
* Baku acceleration (C.04.7, now C.04.5.1), event option ``acceleration = "baku"``: the top
  half of the pairing list rounded up to an even number (group A, :func:`baku_group_a`) gets
  virtual points for pairing only — a win's points in the first
  half of the accelerated rounds, a draw's in the rest; the accelerated rounds are the first
  half of the event (rounded up).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...colours_vocab import BLACK, WHITE
from ...field import Field
from ...i18n import N_
from ...model import Event, GameKind, Scoring

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

DOWN, UP = "D", "U"

# rounds in which a player took part in the pairing (had an opponent or the PAB)
_ENTERED = (GameKind.GAME, GameKind.PENDING, GameKind.FORFEIT_WIN, GameKind.FORFEIT_LOSS,
            GameKind.FORFEIT_DRAW, GameKind.PAIRING_BYE)


#: FIDE C.04.2 (General handling rules for Swiss tournaments, 2026), 2.3: the TPNs "may be
#: reassigned accordingly to the corrections. No modification of a TPN for this reason is
#: allowed after the fourth round has been paired" — rounds 1..REASSIGNED are paired with
#: numbers recomputed from rating, title and name (late entries and corrected ratings take
#: their place); from the next round on, the order of the players entered by then is frozen
#: and a later entrant is numbered after them (docs/PAIRING.md "Pairing numbers").
REASSIGNED = 4


def _initial_key(p):
    title = (p.title or "").upper()
    trank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-(p.rating or 0), trank, p.name.casefold(), p.id)


def pairing_numbers(event: Event, present: set[int] | None = None,
                    round_no: int | None = None) -> dict[int, int]:
    """Player id -> pairing number (1 = top of the initial ranking list, C.04.2).

    ``round_no``: the round being paired (None: the event's next round).  Up to round
    :data:`REASSIGNED` every registered player is numbered by rating, title and name; from
    the round after it, the players who had entered by round :data:`REASSIGNED` keep that
    order and the players entering later follow them, by the round they entered, then by
    rating, title and name.  (Ratings corrected later still move a player within the frozen
    part: the event keeps no copy of the old ratings.)

    ``present``: number only these players (a player who has not yet taken part in any
    pairing and is not paired now — late entry, only requested byes so far — has no pairing
    number yet, so he does not shift the numbers, and their parity, of those below him)."""
    if round_no is None:
        round_no = event.current_round + 1
    if str(event.settings.options.get("pairing_numbers", "")) == "id":
        order = sorted(event.players, key=lambda p: p.id)
    elif round_no <= REASSIGNED:
        order = sorted(event.players, key=_initial_key)
    else:
        def key(p):
            late = p.joined_round if p.joined_round > REASSIGNED else 0
            return (late, *_initial_key(p))
        order = sorted(event.players, key=key)
    if present is not None:
        order = [p for p in order if p.id in present]
    return {p.id: n for n, p in enumerate(order, start=1)}


@dataclass(frozen=True)
class DPlayer:
    """One player to pair, as the Dutch rules see him before this round."""

    id: int
    tpn: int  # pairing number
    score: float
    colours: tuple[str, ...]  # colours of played games, oldest first
    opponents: frozenset[int]  # opponents of played games (C.04.2: unplayed games may repeat)
    floats: tuple[str | None, str | None]  # float 1 and 2 rounds before: "D", "U" or None
    bye_eligible: bool
    played: int  # number of played games
    topscorer: bool = False

    @cached_property
    def cd(self) -> int:
        """Colour difference: games with white minus games with black (A.6)."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    @cached_property
    def repeated(self) -> str | None:
        """The colour of the last two played games when they are the same."""
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2]:
            return self.colours[-1]
        return None

    @cached_property
    def pref(self) -> str | None:
        """The colour preference (A.6): the colour that evens the difference, else the
        colour that alternates with the last played game; None before any game."""
        cd = self.cd
        if abs(cd) > 1:
            return BLACK if cd > 0 else WHITE
        if self.repeated:
            return BLACK if self.repeated == WHITE else WHITE
        if cd:
            return BLACK if cd > 0 else WHITE
        if self.colours:
            return BLACK if self.colours[-1] == WHITE else WHITE
        return None

    @cached_property
    def absolute(self) -> bool:
        """Absolute preference: |CD| > 1, or the same colour in the last two played games."""
        return abs(self.cd) > 1 or self.repeated is not None

    @cached_property
    def strong(self) -> bool:
        """Strong preference: CD is +1 or -1 (and the preference is not absolute)."""
        return not self.absolute and abs(self.cd) == 1

    def strength(self) -> str:
        """The strength of the colour preference (A.6), in words (marked; translate where
        shown)."""
        if self.pref is None:
            return N_("none")
        return N_("absolute") if self.absolute else N_("strong") if self.strong else N_("mild")


def baku_group_a(n: int) -> int:
    """Size of group A (the pairing number of its last player) for ``n`` players: "the first
    half of the players, rounded up to the nearest even number", 2 * Q with Q = n / 4 rounded
    upwards (FIDE C.04.5.1 Baku Acceleration, "Initial Groups Division": 161 players -> 82).
    Some programs take half of the players rounded up to a whole number ((n + 1) // 2, 81 of
    161), one player fewer whenever n / 2 is odd or n is odd (docs/PAIRING.md)."""
    return 2 * -(-n // 4)


def acceleration(event: Event, tpn: int, round_no: int) -> float:
    """Baku virtual points of the player with pairing number ``tpn`` in ``round_no``."""
    s = event.settings
    return virtual_points(str(s.options.get("acceleration", "")).lower(), len(event.players),
                          s.rounds, s.scoring, tpn, round_no)


def virtual_points(kind: str, n: int, rounds: int, sc: Scoring, tpn: int,
                   round_no: int) -> float:
    """Virtual points of acceleration ``kind`` (``baku``; else none) for the player with
    pairing number ``tpn`` of ``n`` in ``round_no`` of ``rounds``."""
    if kind != "baku":
        return 0.0
    if tpn > baku_group_a(n):
        return 0.0
    last = (rounds - 1) // 2  # last accelerated round, counted from 0
    k = round_no - 1
    return sc.win if k <= last // 2 else sc.draw if k <= last else 0.0


def build_players(field: Field, ids: list[int]) -> list[DPlayer]:
    """The :class:`DPlayer` of every id in ``ids`` before ``field.round_no`` is paired."""
    event, round_no, plan = field.event, field.round_no, field.plan
    sc = field.scoring
    hist = field.records
    entered = {pid for pid, recs in hist.items()
               if any(r.kind in _ENTERED for r in recs)}
    # numbered: every player of the round — those to pair and those on boards kept outside
    # the engine (``field.seated``, a re-pairing's kept boards), whose numbers are in the
    # list all the same (E.5 gives colours by the parity of the number)
    tpn = pairing_numbers(event, entered | set(ids) | field.seated, round_no)
    # score of every player before each round (for floats)
    before: dict[int, list[float]] = {}
    for pid, recs in hist.items():
        acc, seq = 0.0, []
        for r in recs:
            seq.append(acc)
            acc += r.points
        seq.append(acc)
        before[pid] = seq
    if plan.acceleration:
        # the pairing score includes each round's virtual points (C.04.7)
        full = pairing_numbers(event, round_no=round_no)
        n = len(field.units)
        for pid, seq in before.items():
            before[pid] = [x + virtual_points(plan.acceleration, n, plan.rounds, sc,
                                              full.get(pid, 10**6), k + 1)
                           for k, x in enumerate(seq)]
    last = plan.last_round
    top_threshold = sc.win * (round_no - 1) / 2
    out = []
    for pid in ids:
        recs = hist.get(pid, ())
        score = before.get(pid, [0.0])[-1]
        colours = tuple(r.colour for r in recs if r.played and r.colour)
        opps = frozenset(r.opponent for r in recs if r.played and r.opponent is not None)
        fl: list[str | None] = []
        for back in (1, 2):
            k = len(recs) - back
            if k < 0:
                fl.append(None)
                continue
            r = recs[k]
            if not r.played:
                fl.append(DOWN if r.points > sc.loss else None)
                continue
            mine, theirs = before[pid][k], before.get(r.opp, [0.0] * (k + 1))[k]
            fl.append(DOWN if mine > theirs else UP if mine < theirs else None)
        eligible = not any(
            r.kind is GameKind.PAIRING_BYE or (not r.played and r.points >= sc.win)
            for r in recs)
        out.append(DPlayer(pid, tpn.get(pid, 10**6 + pid), score, colours, opps,
                           (fl[0], fl[1]), eligible, len(colours),
                           topscorer=last and score > top_threshold))
    return out
