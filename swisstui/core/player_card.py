"""A player's own card on the players' page (issue 32, item 8): where they stand and whom
they play, built from the event for one player id.  The web page only renders it.

The card holds:

* the standings after the last complete round (:func:`swisstui.core.standings.standings`):
  the place (``3`` or a shared ``3-5``), the points and each tie-break value of the event's
  chain, in the chain's order; nothing before the first round is complete;
* this round (the last one paired, :attr:`Event.current_round`): board, colour (or seat),
  the opponent with rating, rank and club, the result once entered, or what the round is
  for the player (bye, absent, withdrawn) — and what the board is played with, as the game's
  profile fills it on the result slip (``slip_prefill``: Go's handicap stones and komi,
  decided when the round was paired, else no stones and the event's komi; nothing in
  games without it);
* every round of the player's event so far (playoff rounds included): opponent, colour,
  result and the points it scored.

Values, not words: colours are ``"w"``/``"b"``, round kinds :class:`GameKind`, numbers are
numbers; the renderer translates and formats them in its reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import SwissError
from .games import profile
from .i18n import _
from .model import Event, GameKind, Player
from .history import RoundRecord, history
from .standings import Standings, standings

__all__ = ["Opponent", "CardGame", "PlayerCard", "player_card", "player_cards"]


@dataclass(frozen=True)
class Opponent:
    """Who the player meets: what a player looks up about an opponent."""

    id: int
    name: str
    rating: int | None = None
    rank: str | None = None
    club: str | None = None
    country: str | None = None


@dataclass(frozen=True)
class CardGame:
    """One round of the player's event."""

    round: int
    kind: GameKind
    points: float | None  # what the round scored; None while its result is pending
    board: int | None = None
    colour: str | None = None  # "w" / "b"; None where the game has no colours (yet)
    first: bool = False  # first-listed on the board (the seat, where colours are not fixed)
    opponent: Opponent | None = None
    result: str = ""  # the board's result notation, "" while pending


@dataclass(frozen=True)
class PlayerCard:
    id: int
    name: str
    club: str | None
    rating: int | None
    rank: str | None
    after_round: int | None  # the standings are after this round; None: none yet
    place: str | None
    points: float | None
    tiebreaks: tuple[tuple[str, float | None], ...]  # (code, value) in the chain's order
    round: int  # the current round (0 before round 1 is paired)
    playoff: bool  # the current round is a playoff round
    current: CardGame | None  # the player's current round; None before round 1
    setup: tuple[tuple[str, float], ...]  # (slip label, value): Go ("Handicap", 2), ("Komi", 0.5)
    games: tuple[CardGame, ...]  # every round so far, the current one last

    @property
    def earlier(self) -> tuple[CardGame, ...]:
        """The rounds before the current one."""
        return tuple(g for g in self.games if g.round != self.round)


def _opponent(player: Player | None, pid: int) -> Opponent:
    if player is None:
        return Opponent(pid, f"#{pid}")
    return Opponent(player.id, player.name, player.rating, player.rank, player.club,
                    player.country)


def _game(rec: RoundRecord, players: dict[int, Player]) -> CardGame:
    opp = _opponent(players.get(rec.opponent), rec.opponent) if rec.opponent is not None \
        else None
    pending = rec.kind is GameKind.PENDING
    return CardGame(rec.round, rec.kind, None if pending else rec.points, rec.board,
                    rec.colour, rec.first, opp, rec.result.text if rec.result else "")


def _standings(event: Event) -> Standings | None:
    if not event.swiss_rounds():
        return None
    try:
        return standings(event)
    except SwissError:
        return None


def player_cards(event: Event, ids: Iterable[int] | None = None,
                 st: Standings | None = None) -> dict[int, PlayerCard]:
    """The cards of the players ``ids`` (default: every player), standings computed once
    (``st`` when the caller has them already)."""
    prof = profile(event.game)
    players = event.by_id()
    wanted = list(players) if ids is None else list(ids)
    st = st if st is not None else _standings(event)
    if st is not None and st.after_round == 0:
        st = None  # before any complete round every player shares the one place
    hist = history(event, include_playoff=True)
    rnd = event.round(event.current_round)
    boards = {b.number: b for b in rnd.boards} if rnd is not None else {}
    out: dict[int, PlayerCard] = {}
    for pid in wanted:
        player = players[pid]
        row = st.row(pid) if st is not None else None
        games = tuple(_game(r, players) for r in hist.get(pid, ())
                      if r.kind is not GameKind.NOT_REGISTERED)
        current = next((g for g in games if rnd is not None and g.round == rnd.number), None)
        setup: tuple[tuple[str, float], ...] = ()
        if current is not None and current.board is not None and prof.printing.slip_prefill:
            board = boards.get(current.board)
            if board is not None:
                setup = tuple(prof.printing.slip_prefill(event.settings, board.setup).items())
        out[pid] = PlayerCard(
            pid, player.name, player.club, player.rating, player.rank,
            st.after_round if st is not None and row is not None else None,
            row.place if row is not None else None,
            row.score if row is not None else None,
            tuple((code, row.values.get(code)) for code in st.tiebreaks)
            if st is not None and row is not None else (),
            event.current_round, bool(rnd is not None and rnd.playoff), current, setup, games)
    return out


def player_card(event: Event, pid: int) -> PlayerCard:
    """The card of player ``pid``; SwissError when the event has no such player."""
    if event.player(pid) is None:
        raise SwissError(_("no player with id {pid}").format(pid=pid), players=[pid])
    return player_cards(event, [pid])[pid]
