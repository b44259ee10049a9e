"""The derived history: every player's round records, computed from the rounds, never stored.

:func:`history` gives each player's :class:`RoundRecord` tuple for rounds ``1..upto`` (the
score, opponent, colour and kind of each round, from the event's scoring and the game
profile's colours); :func:`score`, :func:`scores`, :func:`opponents`,
:func:`colour_sequence` and :func:`had_pairing_bye` read it; :func:`board_colours` gives the
colours of one board.  The pairing engines and the standings reach it through the request's
:class:`~swisstui.core.field.Field` (docs/PAIRING.md "The Field").

The model (:mod:`swisstui.core.model`) is data only; this module is the floor above it: it
reads the game profiles (colours) and is read by the pairing, the standings, the exports and
the screens.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import NamedTuple
from collections.abc import Iterable

from . import colours_vocab as vocab
from .games import profile
from .model import Board, ByeKind, Event, GameKind, Result, Round

# ---- colours --------------------------------------------------------------------------------

def board_colours(game: str, board: Board) -> tuple[str, str] | None:
    """Colours of the two players on a board, from the game profile.

    Where the order fixes them (``GameProfile.seats.first_colour``): chess, first-listed is White;
    Go and Othello, first-listed is Black.  Where the actual Black is recorded with the
    result (``GameProfile.seats.actual_black_key``, Renju ``detail["black"]``) they are read from
    it; before that there is no colour.  Magic has no colours.
    """
    prof = profile(game)
    fixed = prof.seats.order_colours
    if fixed is not None:
        return fixed
    key = prof.seats.actual_black_key
    if key is not None and board.result is not None:
        black = board.result.detail.get(key)
        if black == board.players[0]:
            return (vocab.BLACK, vocab.WHITE)
        if black == board.players[1]:
            return (vocab.WHITE, vocab.BLACK)
    return None


# ---- derived per-player history --------------------------------------------------------------


class RoundRecord(NamedTuple):
    """One round of one player's event, as every tie-break and pairing rule needs it.

    Derived (never stored), immutable; a NamedTuple rather than a frozen dataclass because
    standings build one per player per round (60 000 for 4000 players × 15 rounds) and
    construction speed matters there.
    """

    round: int
    kind: GameKind
    points: float  # points scored this round (event scoring); 0 for pending
    opponent: int | None = None
    colour: str | None = None  # "w" / "b" / None
    outcome: float | None = None  # 1 / 0.5 / 0 from this player's side; None if pending/no game
    board: int | None = None
    result: Result | None = None
    first: bool = False  # this player was the first-listed on the board

    @property
    def played(self) -> bool:
        return self.kind is GameKind.GAME

    @property
    def opp(self) -> int:
        """The opponent, for a record that has one (a game, pending or played, or a
        forfeit): callers check ``kind`` first, which is what makes ``opponent`` set."""
        assert self.opponent is not None, self
        return self.opponent


_BYE_KIND = {
    ByeKind.PAIRING: GameKind.PAIRING_BYE,
    ByeKind.FULL: GameKind.FULL_BYE,
    ByeKind.HALF: GameKind.HALF_BYE,
    ByeKind.ZERO: GameKind.ZERO_BYE,
    ByeKind.ABSENT: GameKind.ABSENT,
}


def round_records(event: Event, rnd: Round) -> dict[int, RoundRecord]:
    """Each player's record for one round (players not in the round file are absent,
    withdrawn or not yet registered).

    A result entry replaces one board of a round: the records of the boards left as they
    were (the same Board objects) are taken from the last round built, when it had the same
    number, players, byes and boards' players, game profile and scoring
    (:data:`_LAST_ROUND`)."""
    prev = _LAST_ROUND[0] if _LAST_ROUND else None
    prof, scoring = profile(event.game), event.settings.scoring
    if prev is not None and prev[0] is not rnd:
        old_rnd, old_prof, old_scoring, old_players, old_out = prev
        if (old_rnd.number == rnd.number and old_prof is prof
                and (old_scoring is scoring or old_scoring == scoring)
                and (old_players is event.players or old_players == event.players)
                and len(old_rnd.boards) == len(rnd.boards)
                and (old_rnd.byes is rnd.byes or old_rnd.byes == rnd.byes)
                and old_rnd.playoff == rnd.playoff):
            changed = [b for a, b in zip(old_rnd.boards, rnd.boards)
                       if a is not b and a != b]
            if all(a.players == b.players for a, b in zip(old_rnd.boards, rnd.boards)):
                out = dict(old_out)
                if changed:
                    out.update(_round_records(event, replace(rnd, boards=tuple(changed),
                                                             byes=()), fill=False))
                _LAST_ROUND[:] = [(rnd, prof, scoring, event.players, out)]
                return dict(out)
    out = _round_records(event, rnd)
    _LAST_ROUND[:] = [(rnd, prof, scoring, event.players, out)]
    return dict(out)


#: the last round :func:`round_records` built: (round, profile, scoring, players, records)
_LAST_ROUND: list[tuple] = []


def _round_records(event: Event, rnd: Round, fill: bool = True) -> dict[int, RoundRecord]:
    game = event.game
    sc = event.settings.scoring
    fixed_cols = profile(game).seats.order_colours
    game_pts = {1: sc.points(1), 0.5: sc.points(0.5), 0: sc.points(0)}
    out: dict[int, RoundRecord] = {}
    n = rnd.number
    GAME, PENDING = GameKind.GAME, GameKind.PENDING
    for b in rnd.boards:
        a, c = b.players
        res = b.result
        cols = fixed_cols if fixed_cols else board_colours(game, b)
        ca, cc = cols if cols else (None, None)
        if res is None:
            out[a] = RoundRecord(n, PENDING, 0.0, c, ca, None, b.number, None, True)
            out[c] = RoundRecord(n, PENDING, 0.0, a, cc, None, b.number, None, False)
            continue
        oa, oc = res.outcome
        if not res.forfeit:
            out[a] = RoundRecord(n, GAME, game_pts[oa], c, ca, oa, b.number, res, True)
            out[c] = RoundRecord(n, GAME, game_pts[oc], a, cc, oc, b.number, res, False)
            continue
        double = oa == 0 and oc == 0
        for pid, opp, o, first in ((a, c, oa, True), (c, a, oc, False)):
            if o == 1:
                kind = GameKind.FORFEIT_WIN
            elif o == 0.5:
                kind = GameKind.FORFEIT_DRAW
            else:
                kind = GameKind.FORFEIT_LOSS
            pts = sc.double_forfeit if double else sc.points(o, True)
            # forfeits do not count for colour history (FIDE C.04.2 3.4)
            out[pid] = RoundRecord(n, kind, pts, opp, None, o, b.number, res, first)
    for bye in rnd.byes:
        out[bye.player] = RoundRecord(n, _BYE_KIND[bye.kind], sc.bye_points(bye.kind))
    if fill and len(out) < len(event.players):
        for p in event.players:
            if p.id in out:
                continue
            if n < p.joined_round:
                out[p.id] = RoundRecord(n, GameKind.NOT_REGISTERED, sc.absent)
            elif p.withdrawn_from is not None and n >= p.withdrawn_from:
                out[p.id] = RoundRecord(n, GameKind.WITHDRAWN, 0.0)
            else:
                out[p.id] = RoundRecord(n, GameKind.ABSENT, sc.absent)
    return out


def history(event: Event, upto: int | None = None,
            include_playoff: bool = False) -> dict[int, tuple[RoundRecord, ...]]:
    """Every player's round records for rounds ``1..upto`` (default: all rounds on file).

    Rounds before the last rarely change (a result entry replaces one round), so the history
    of every prefix of the rounds is kept (:class:`_HistoryCache`) and a call rebuilds only
    the rounds after the longest prefix it shares with a cached one.  The cache is keyed by
    the data itself — the same players, game profile, scoring and round objects, or equal
    ones — and never trusted over it."""
    rounds = tuple(r for r in event.rounds if (include_playoff or not r.playoff)
                   and (upto is None or r.number <= upto))
    return dict(_HISTORY.get(event, rounds))


class _HistoryCache:
    """The histories of the last few events seen (a small LRU list).

    An entry holds the players tuple, the game's profile, the scoring, the rounds and their
    history.  A lookup takes the entry whose players, profile and scoring are the same objects
    or equal and that shares the longest prefix of rounds (the same objects or equal: frozen
    dataclasses, so equal data gives equal records); the records of that prefix are cut from
    it (a player's records are in round order) and the rounds after it are built with
    :func:`round_records`."""

    SIZE = 4

    def __init__(self) -> None:
        self.entries: list[tuple] = []  # (players, profile, scoring, rounds, history)
        self.lock = threading.Lock()  # the TUI computes standings in a worker thread

    def get(self, event: Event, rounds: tuple) -> dict[int, tuple[RoundRecord, ...]]:
        with self.lock:
            return self._get(event, rounds)

    def _get(self, event: Event, rounds: tuple) -> dict[int, tuple[RoundRecord, ...]]:
        prof = profile(event.game)
        scoring = event.settings.scoring
        players = event.players
        best, shared = None, 0
        for entry in self.entries:
            if not (entry[1] is prof and (entry[2] is scoring or entry[2] == scoring)
                    and (entry[0] is players or entry[0] == players)):
                continue
            c = 0
            for x, y in zip(entry[3], rounds):
                if x is not y and x != y:
                    break
                c += 1
            if best is None or c > shared:
                best, shared = entry, c
        if best is not None and shared == len(rounds) == len(best[3]):
            self.entries.remove(best)
            self.entries.insert(0, best)
            return best[4]
        ids = {p.id for p in players}
        if best is not None and shared:
            base = _prefix(best[4], best[3], shared, ids)
            if shared == len(rounds):  # a prefix of the cached rounds (standings after r)
                return base
        else:
            base = {p.id: () for p in players}
        if len(rounds) - shared <= 2:  # a round changed or added: extend the tuples
            hist = base  # a new dict (_prefix or empty)
            for rnd in rounds[shared:]:
                for pid, rec in round_records(event, rnd).items():
                    hist[pid] = hist.get(pid, ()) + (rec,)
        else:  # many rounds to build: lists, then tuples once
            per = {pid: list(recs) for pid, recs in base.items()}
            for rnd in rounds[shared:]:
                for pid, rec in round_records(event, rnd).items():
                    per.setdefault(pid, []).append(rec)
            hist = {pid: tuple(recs) for pid, recs in per.items()}
        if best is not None and shared == len(best[3]):
            self.entries.remove(best)  # the new rounds extend it: it is not needed any more
        self.entries.insert(0, (players, prof, scoring, rounds, hist))
        del self.entries[self.SIZE:]
        return hist


def _prefix(hist: dict[int, tuple[RoundRecord, ...]], rounds: tuple, shared: int,
            ids: set[int]) -> dict[int, tuple[RoundRecord, ...]]:
    """The records of ``hist`` (the history of ``rounds``) for the first ``shared`` rounds.
    A player has one record per round, in order, so this is a cut at ``shared``; a record
    list that does not line up with the rounds (an id not in the players) is cut by its
    records' round numbers."""
    full = len(rounds)
    first = rounds[shared - 1].number
    nxt = rounds[shared].number if shared < full else None
    numbers = None
    out = {}
    for pid, recs in hist.items():
        if len(recs) == full and recs[shared - 1].round == first and \
                (nxt is None or recs[shared].round == nxt):
            out[pid] = recs[:shared]
            continue
        if numbers is None:
            numbers = {r.number for r in rounds[:shared]}
        k = 0
        while k < len(recs) and recs[k].round in numbers:
            k += 1
        if k or pid in ids:
            out[pid] = recs[:k]
    return out


_HISTORY = _HistoryCache()


def score(records: Iterable[RoundRecord]) -> float:
    return sum(r.points for r in records)


def scores(event: Event, upto: int | None = None) -> dict[int, float]:
    return {pid: score(recs) for pid, recs in history(event, upto).items()}


def opponents(records: Iterable[RoundRecord], played_only: bool = False) -> list[int]:
    return [r.opponent for r in records if r.opponent is not None
            and (r.played or not played_only)]


def colour_sequence(records: Iterable[RoundRecord]) -> list[str]:
    """Colours of played games in order (forfeits and byes skipped, FIDE C.04.2 3.4)."""
    return [r.colour for r in records if r.played and r.colour]


def had_pairing_bye(records: Iterable[RoundRecord]) -> int:
    return sum(1 for r in records if r.kind is GameKind.PAIRING_BYE)
