"""The domain model: players, boards, results, rounds, the event, and derived history.

Everything here is a frozen dataclass. Nothing derived is stored: scores, colour history,
floats and byes received are computed from the rounds by :func:`history` and friends.

Conventions used everywhere in swisstui:

* Player ids are positive integers, unique in the event (the pairing/start number).
* ``Board.players[0]`` is the *first-listed* player: White in chess, Black in Go and
  Othello, tentative Black in Renju, seat A in Magic.  Colours are therefore derived from
  the order (:func:`board_colours`), never stored twice.
* A :class:`Result` is produced by the game's grammar module (``core/games/<game>.py``);
  ``Result.outcome`` is the game result per side as a fraction of a win (1, ½, 0),
  ``Result.forfeit`` says the game was not played over the board.  Points are the event's
  scoring applied to outcomes (:meth:`Scoring.points`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, NamedTuple
from collections.abc import Iterable, Mapping, Sequence

SCHEMA_VERSION = 1



class GameNames(Sequence):
    """The names of the games swisstui knows, in menu order — read like a tuple
    (``game in GAMES``, ``", ".join(GAMES)``).  The five games of ``core/games/`` are built
    in; :func:`swisstui.core.games.register` adds a profile defined elsewhere (a test's toy
    game) and :func:`~swisstui.core.games.unregister` removes it again."""

    def __init__(self, names: Iterable[str]):
        self._names = list(names)

    def __getitem__(self, index):
        return self._names[index]

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __repr__(self) -> str:
        return f"GameNames({tuple(self._names)!r})"

    def _add(self, name: str) -> None:
        self._names.append(name)

    def _remove(self, name: str) -> None:
        self._names.remove(name)


GAMES = GameNames(("chess", "go", "othello", "magic", "renju"))


class ByeKind(str, Enum):
    """Why a player has no opponent in a round.

    * ``pairing`` – the pairing-allocated bye (odd field); scores the event's bye value.
    * ``full`` / ``half`` / ``zero`` – byes requested in advance (chess style), scoring a win,
      a draw or nothing.
    * ``absent`` – not present / not paired (late entry, known absence); scores the game's
      absent value (0, or ½ MMS in McMahon).
    """

    PAIRING = "pairing"
    FULL = "full"
    HALF = "half"
    ZERO = "zero"
    ABSENT = "absent"


class GameKind(str, Enum):
    """What a player's round was, seen from that player (docs/RULES.md §0 design point 1)."""

    GAME = "game"  # played over the board, result known
    PENDING = "pending"  # paired, result not entered yet
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    FORFEIT_DRAW = "forfeit_draw"  # e.g. double forfeit counted as draw, or Go ½-½!
    PAIRING_BYE = "pairing_bye"
    FULL_BYE = "full_bye"
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    ABSENT = "absent"
    WITHDRAWN = "withdrawn"  # any round after a withdrawal
    NOT_REGISTERED = "not_registered"  # late entrant's rounds before entry (scored as absent)

    @property
    def played(self) -> bool:
        return self is GameKind.GAME

    @property
    def has_opponent(self) -> bool:
        return self in (GameKind.GAME, GameKind.PENDING, GameKind.FORFEIT_WIN,
                        GameKind.FORFEIT_LOSS, GameKind.FORFEIT_DRAW)


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    name: str
    rating: int | None = None
    rank: str | None = None  # Go/Renju style rank, canonical "3d", "12k", "1p"
    club: str | None = None
    country: str | None = None
    lot: int | None = None  # lot / drawing number (docs/RULES.md §8.2, Kagawa)
    federation_id: str | None = None  # FIDE id, EGD PIN, …
    sex: str | None = None  # "m" / "f" (TRF)
    title: str | None = None  # GM, IM, … (TRF)
    birth: str | None = None  # YYYY or YYYY-MM-DD (TRF)
    joined_round: int = 1  # late entrant: first round they can be paired
    withdrawn_from: int | None = None  # not paired from this round on
    byes: tuple[tuple[int, ByeKind], ...] = ()  # requested byes: (round, kind)
    smms_correction: int = 0  # McMahon group correction (−1 … +2)
    notes: str | None = None
    # how the name is read (furigana 「やまだ たろう」, a romanisation): alphabetical lists and
    # searches use it (core/collation.py), so 山田太郎 sorts under や
    reading: str | None = None

    def active_in(self, round_no: int) -> bool:
        """Whether the player is registered and not withdrawn for ``round_no``."""
        if round_no < self.joined_round:
            return False
        return self.withdrawn_from is None or round_no < self.withdrawn_from

    def requested_bye(self, round_no: int) -> ByeKind | None:
        for r, kind in self.byes:
            if r == round_no:
                return kind
        return None


@dataclass(frozen=True, slots=True)
class Result:
    """A recorded result in one game's terms, produced by that game's grammar module.

    ``text`` is the canonical notation written to the round file.  ``detail`` holds the extra
    facts a game needs (Othello ``discs``, Magic ``games`` = (wins A, wins B, draws), Go
    ``winner``/``margin``/``komi``/``penalties``, Renju ``black`` = id of the actual Black).
    """

    text: str
    outcome: tuple[float, float]  # per side: 1 win, 0.5 draw, 0 loss
    forfeit: bool = False
    detail: Mapping[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def __post_init__(self) -> None:
        # equal details are one object (a Magic event of 16 000 players holds 64 000
        # results and a handful of different details): see _shared_detail
        object.__setattr__(self, "detail", _shared_detail(self.detail))


_DETAILS: dict[tuple, Mapping[str, Any]] = {}  # the shared details, by their items
_DETAILS_MAX = 4096


def _shared_detail(detail: Mapping[str, Any]) -> Mapping[str, Any]:
    """One object for every equal detail of hashable values (the model is frozen: nobody
    changes a detail once its Result is made), a copy of the first seen; at most
    _DETAILS_MAX of them, past that (or with unhashable values) the detail itself."""
    try:
        key = tuple(sorted(detail.items()))
        got = _DETAILS.get(key)
    except (TypeError, AttributeError):  # a value not hashable, keys that do not sort, or
        return detail  # … not a mapping: kept as given
    if got is None:
        if len(_DETAILS) >= _DETAILS_MAX:
            return detail
        got = _DETAILS[key] = dict(detail)
    return got


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    players: tuple[int, int]
    result: Result | None = None
    # What the game is played with, decided when the round is paired (Go handicap stones
    # and komi: {"handicap": 3, "komi": 0.5}, core/board_setup.py); None: nothing.
    setup: Mapping[str, Any] | None = field(default=None, hash=False)


@dataclass(frozen=True, slots=True)
class Bye:
    player: int
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    boards: tuple[Board, ...] = ()
    byes: tuple[Bye, ...] = ()
    playoff: bool = False  # single-elimination playoff round (not part of the Swiss)
    # the day the round was paired, ISO ``YYYY-MM-DD`` (set by services.pair_next, read
    # from a TRF's 132 record); None for rounds saved before swisstui recorded it
    date: str | None = None

    def board(self, number: int) -> Board | None:
        for b in self.boards:
            if b.number == number:
                return b
        return None

    def missing_results(self) -> int:
        return sum(1 for b in self.boards if b.result is None)

    def paired_ids(self) -> set[int]:
        ids = {p for b in self.boards for p in b.players}
        ids.update(b.player for b in self.byes)
        return ids


@dataclass(frozen=True)
class Scoring:
    """Points for a win, draw and loss, and what byes score (docs/RULES.md §0, per game §1–§5)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0  # pairing-allocated bye
    absent: float = 0.0  # absent / not-registered rounds (late entrants)
    forfeit_win: float | None = None  # None = same as win
    double_forfeit: float = 0.0  # each side of a "--" result

    def points(self, outcome: float, forfeit: bool = False) -> float:
        if forfeit and outcome == 1 and self.forfeit_win is not None:
            return self.forfeit_win
        if outcome == 1:
            return self.win
        if outcome == 0.5:
            return self.draw
        return self.loss

    def bye_points(self, kind: ByeKind) -> float:
        return {
            ByeKind.PAIRING: self.bye,
            ByeKind.FULL: self.win,
            ByeKind.HALF: self.draw,
            ByeKind.ZERO: 0.0,
            ByeKind.ABSENT: self.absent,
        }[kind]


@dataclass(frozen=True)
class Settings:
    """Everything in ``event.toml``.  Game-specific options live in ``options`` (validated by
    the game profile) so each game owns its own keys."""

    name: str
    game: str
    rounds: int
    system: str = "swiss"  # swiss | mcmahon | roundrobin
    style: str = "fold"  # in-group style: fold | slide | adjacent | random | tiebreaks
    round1: str = "rating"  # random | rating | lot
    colours: str = "auto"  # chess: fide; go/othello: balance; magic/renju: none
    tiebreaks: tuple[str, ...] = ()
    pairing_order: tuple[str, ...] = ()  # tie-break chain for the "tiebreaks" style (Tagajo)
    seed: int = 0
    scoring: Scoring = field(default_factory=Scoring)
    forbidden: tuple[tuple[int, int], ...] = ()
    club_weight: int = 1  # 0 = do not avoid same club
    country_weight: int = 1  # 0 = do not avoid same country
    date_start: str | None = None
    date_end: str | None = None
    venue: str | None = None
    city: str | None = None
    arbiter: str | None = None
    # the players' language (projector, players' page, prints): a catalogue's name (ko, ja,
    # pt_BR, en); "" = the director's (core/i18n.for_event)
    language: str = ""
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    # records of another program's file that swisstui does not use, kept verbatim to be
    # written back (``[interop.trf]`` of event.toml: {"trf": {"header": (lines…),
    # "after": (lines…)}}, core/interop/trf.py)
    interop: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict,
                                                                  hash=False)


@dataclass(frozen=True)
class Event:
    settings: Settings
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()

    # ---- lookups -------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.settings.game

    def player(self, pid: int) -> Player | None:
        for p in self.players:
            if p.id == pid:
                return p
        return None

    def by_id(self) -> dict[int, Player]:
        return {p.id: p for p in self.players}

    def round(self, number: int) -> Round | None:
        for r in self.rounds:
            if r.number == number:
                return r
        return None

    @property
    def current_round(self) -> int:
        """Number of the last round that has a pairing (0 before round 1)."""
        return max((r.number for r in self.rounds), default=0)

    def swiss_rounds(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if not r.playoff)

    # ---- functional updates --------------------------------------------------------------
    def with_player(self, player: Player) -> Event:
        others = tuple(p for p in self.players if p.id != player.id)
        return replace(self, players=tuple(sorted(others + (player,), key=lambda p: p.id)))

    def with_round(self, rnd: Round) -> Event:
        others = tuple(r for r in self.rounds if r.number != rnd.number)
        return replace(self, rounds=tuple(sorted(others + (rnd,), key=lambda r: r.number)))

    def without_round(self, number: int) -> Event:
        return replace(self, rounds=tuple(r for r in self.rounds if r.number != number))


# ---- colours --------------------------------------------------------------------------------

def _profile(game: str):
    from .games import profile  # the profiles import this module
    return profile(game)


def board_colours(game: str, board: Board) -> tuple[str, str] | None:
    """Colours of the two players on a board, from the game profile.

    Where the order fixes them (``GameProfile.first_colour``): chess, first-listed is White;
    Go and Othello, first-listed is Black.  Where the actual Black is recorded with the
    result (``GameProfile.actual_black_key``, Renju ``detail["black"]``) they are read from
    it; before that there is no colour.  Magic has no colours.
    """
    prof = _profile(game)
    fixed = prof.order_colours
    if fixed is not None:
        return fixed
    key = prof.actual_black_key
    if key is not None and board.result is not None:
        black = board.result.detail.get(key)
        if black == board.players[0]:
            return ("b", "w")
        if black == board.players[1]:
            return ("w", "b")
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
    prof, scoring = _profile(event.game), event.settings.scoring
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
    fixed_cols = _profile(game).order_colours
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
        prof = _profile(event.game)
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
