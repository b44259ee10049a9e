"""The crosstable: one row per player in standings order, one cell per round, score and
tie-breaks (docs/TIEBREAKS.md).

Cell notation (``opponent's position``, ``colour``, ``result``), e.g. ``12w+``:

* a game: the opponent's position in this table, the player's colour (``w``/``b``; none in
  Magic, or in Renju before the actual Black is recorded) and ``+`` win, ``=`` draw, ``-``
  loss; ``?`` when the result is not entered yet;
* a forfeit: ``12f+`` / ``12f-`` / ``12f=`` (not played over the board);
* no opponent: ``B+`` pairing-allocated bye, ``F+`` full-point bye, ``H=`` half-point bye,
  ``Z-`` zero-point bye, ``A-`` absent (``A=`` when absence scores a half, McMahon), ``--``
  after a withdrawal, empty before a late entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable

from ..model import Event, GameKind as K, Player
from ..history import RoundRecord
from .table import standings_with_context

_NO_OPPONENT = {K.PAIRING_BYE: "B", K.FULL_BYE: "F", K.HALF_BYE: "H", K.ZERO_BYE: "Z",
                K.ABSENT: "A"}


@dataclass(frozen=True)
class CrossRow:
    rank: int
    place: str
    player: Player
    cells: tuple[str, ...]
    score: float
    values: dict[str, float] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Crosstable:
    after_round: int
    rounds: tuple[int, ...]
    tiebreaks: tuple[str, ...]
    rows: list[CrossRow]
    warnings: tuple[str, ...] = ()


def _sym(value: float | None, win: float) -> str:
    if value is None:
        return "?"
    return "+" if value >= win else "=" if value > 0 else "-"


def cell(rec: RoundRecord, position: dict[int, int], win: float = 1.0) -> str:
    """The crosstable cell of one round record (see the module docstring)."""
    k = rec.kind
    if k is K.GAME or k is K.PENDING:
        sym = "?" if k is K.PENDING else _sym(rec.outcome, 1.0)
        return f"{position.get(rec.opp, rec.opp)}{rec.colour or ''}{sym}"
    if rec.opponent is not None:  # forfeits
        return f"{position.get(rec.opponent, rec.opponent)}f{_sym(rec.outcome, 1.0)}"
    if k in _NO_OPPONENT:
        return _NO_OPPONENT[k] + _sym(rec.points, win)
    if k is K.WITHDRAWN:
        return "--"
    return ""


def crosstable(event: Event, upto: int | None = None,
               chain: Iterable[str] | str | None = None) -> Crosstable:
    """The crosstable after round ``upto`` (default: the last complete Swiss round)."""
    st, ctx = standings_with_context(event, upto, chain)
    hist = ctx.history
    position = {row.player.id: i for i, row in enumerate(st.rows, 1)}
    win = event.settings.scoring.win or 1.0
    rounds = tuple(r.number for r in event.swiss_rounds() if r.number <= st.after_round)
    rows = [CrossRow(row.rank, row.place, row.player,
                     tuple(cell(rec, position, win) for rec in hist.get(row.player.id, ())),
                     row.score, row.values)
            for row in st.rows]
    return Crosstable(st.after_round, rounds, st.tiebreaks, rows, st.warnings)
