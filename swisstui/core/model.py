"""The domain model: players, boards, results, rounds, the event — data only, on the ground floor.

Everything here is a frozen dataclass. Nothing derived is stored: scores, colour history,
floats and byes received are computed from the rounds by :mod:`swisstui.core.history`.
This module imports nothing else of swisstui (``tests/core/test_import_contract.py``): the
game profiles, the history, the pairing and the standings build on it, never the reverse.

Conventions used everywhere in swisstui:

* Player ids are positive integers, unique in the event (the pairing/start number).
* ``Board.players[0]`` is the *first-listed* player: White in chess, Black in Go and
  Othello, tentative Black in Renju, seat A in Magic.  Colours are therefore derived from
  the order (:func:`swisstui.core.history.board_colours`), never stored twice.
* A :class:`Result` is produced by the game's grammar module (``core/games/<game>.py``);
  ``Result.outcome`` is the game result per side as a fraction of a win (1, ½, 0),
  ``Result.forfeit`` says the game was not played over the board.  Points are the event's
  scoring applied to outcomes (:meth:`Scoring.points`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any
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
    # a fixed seat: the section's board number the player keeps every round (issue 35
    # item 10, core/seats.py); None: the player goes where the pairing puts them
    seat: int | None = None

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
    # False while the round is a draft (event setting publish = "manual", issue 34 item 7):
    # the players' views show the event without it until it is published
    published: bool = True

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
    # when a new round reaches the players: "auto" on pairing, "manual" after `publish`
    publish: str = "auto"
    # FIDE mode (a game its profile says FIDE rates, chess; core/fide_mode.py): the
    # tie-break list locked after round 1, edits to published rounds need a reason
    fide_mode: bool = False
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
