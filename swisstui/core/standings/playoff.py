"""Single-elimination playoff after the Swiss (docs/RULES.md §3.6, MTR 10.4; docs/TIEBREAKS.md "Playoff").

* Seeds come from the final Swiss standings, which stay frozen: playoff rounds
  (``Round.playoff``) never enter :func:`.table.standings`.
* First round: Top 8 plays 1v8, 4v5, 2v7, 3v6; Top 4 plays 1v4, 2v3 (the standard bracket,
  so Top 16 is 1v16, 8v9, 5v12, 4v13, 3v14, 6v11, 7v10, 2v15).  The better seed is listed
  first (in Magic the higher seed chooses to play or draw, docs/RULES.md §3.6).
* Later rounds pair the winners of boards 1 and 2, 3 and 4, … of the previous playoff round;
  a match must have a winner (a draw is refused).  Results are entered like any round.
"""

from __future__ import annotations

from ..i18n import _

from dataclasses import dataclass

from ..errors import SwissError
from ..model import Board, Event, Round
from .table import standings


def bracket_order(top: int) -> list[int]:
    """Seeds in bracket order: pairs are consecutive (8 → 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < top:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def _seeds(event: Event) -> list[int]:
    swiss = event.swiss_rounds()
    last = max((r.number for r in swiss), default=0)
    for r in swiss:
        if r.missing_results():
            raise SwissError(_("round {number} has {missing_results} result(s) missing; finish the Swiss before the playoff").format(number=r.number, missing_results=r.missing_results()))
    return standings(event, last).order()


def _winner(rnd: Round, board: Board) -> int:
    res = board.result
    if res is None:
        raise SwissError(_("playoff round {number} board {number2} has no result").format(number=rnd.number, number2=board.number))
    a, b = res.outcome
    if a == b:
        raise SwissError(_("playoff round {number} board {number2}: a playoff match needs a winner, not {text}").format(number=rnd.number, number2=board.number, text=res.text))
    return board.players[0] if a > b else board.players[1]


def playoff_round(event: Event, top: int | None = 8) -> Round:
    """The next playoff round: the first from the Swiss standings (``top`` players), later
    ones from the winners of the previous playoff round."""
    played = sorted((r for r in event.rounds if r.playoff), key=lambda r: r.number)
    number = event.current_round + 1
    seeds = _seeds(event)
    seed_of = {pid: i for i, pid in enumerate(seeds, 1)}
    if not played:
        if top is None or top < 2 or top & (top - 1):
            raise SwissError(_("playoff size must be a power of two (2, 4, 8, 16…), not {top}").format(top=top))
        active = [pid for pid in seeds if (pl := event.player(pid)) is None
                  or pl.withdrawn_from is None]
        if top > len(active):
            raise SwissError(_("a Top {top} needs {top} players; the event has {count}").format(top=top, count=len(active)))
        chosen = active[:top]
        order = bracket_order(top)
        boards = tuple(Board(i // 2 + 1, (chosen[order[i] - 1], chosen[order[i + 1] - 1]))
                       for i in range(0, top, 2))
        return Round(number, boards, (), playoff=True)
    last = played[-1]
    if last.missing_results():
        raise SwissError(_("playoff round {number} has {missing_results} result(s) missing").format(number=last.number, missing_results=last.missing_results()))
    winners = [_winner(last, b) for b in sorted(last.boards, key=lambda b: b.number)]
    if len(winners) == 1:
        p = event.player(winners[0])
        raise SwissError(_("the playoff is over: {value} won the final").format(value=p.name if p else winners[0]))
    later: list[Board] = []
    for i in range(0, len(winners), 2):
        a, b = winners[i], winners[i + 1]
        if seed_of.get(b, 10**9) < seed_of.get(a, 10**9):
            a, b = b, a
        later.append(Board(i // 2 + 1, (a, b)))
    return Round(number, tuple(later), (), playoff=True)


def stage_name(boards: int) -> str:
    return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(boards,
                                                                   f"Round of {2 * boards}")


def bracket(event: Event) -> list[str]:
    """The playoff bracket as text lines (stage, boards with seeds, results, champion)."""
    played = sorted((r for r in event.rounds if r.playoff), key=lambda r: r.number)
    from ..interop.tables import stage_text
    if not played:
        return [_("no playoff yet (swisstui playoff EVENT --top 8)")]
    seed_of = {pid: i for i, pid in enumerate(_seeds(event), 1)}
    names = {p.id: p.name for p in event.players}
    lines: list[str] = []
    for rnd in played:
        lines.append(_("{stage} (round {round})").format(
            stage=stage_text(stage_name(len(rnd.boards)), _), round=rnd.number))
        for b in sorted(rnd.boards, key=lambda b: b.number):
            a, c = b.players
            res = b.result.text if b.result is not None else "…"
            lines.append(f"  {b.number}. ({seed_of.get(a, '?')}) {names.get(a, a)}  –  "
                         f"({seed_of.get(c, '?')}) {names.get(c, c)}   {res}")
    last = played[-1]
    if len(last.boards) == 1 and not last.missing_results():
        try:
            champion = _winner(last, last.boards[0])
            lines.append(_("Champion: {name}").format(name=names.get(champion, champion)))
        except SwissError:
            pass
    return lines


@dataclass(frozen=True)
class FinalPlace:
    """A player's place after the playoff: ``stage`` is how far they went (``Champion``,
    ``Final``, ``Semi-finals`` …, ``""`` for players not in the playoff); ``decided`` is False
    while the player is still in the playoff (their place is then provisional, by seed)."""

    place: int
    player: int
    stage: str
    decided: bool


CHAMPION = "Champion"  # the stage of the playoff's winner (interop.tables.STAGE_TEXT words it)


def champion(places: list[FinalPlace]) -> int | None:
    """The playoff's champion among :func:`final_places`, once the final has its result."""
    return places[0].player if places and places[0].stage == CHAMPION else None


def final_places(event: Event) -> list[FinalPlace]:
    """The event's final places once a playoff has been cut (docs/RULES.md §3.6): the champion
    first, then the loser of the final, then the players knocked out in each earlier stage;
    players knocked out in the same stage are placed by their Swiss standing (their seed);
    everyone not in the playoff keeps their order of the final Swiss standings, after the
    playoff players.  Without a playoff: the Swiss standings' order, ``stage`` empty."""
    played = sorted((r for r in event.rounds if r.playoff), key=lambda r: r.number)
    seeds = _seeds(event) if played else standings(event).order()
    seed_of = {pid: i for i, pid in enumerate(seeds)}
    if not played:
        return [FinalPlace(i, pid, "", True) for i, pid in enumerate(seeds, 1)]
    alive = [p for b in played[0].boards for p in b.players]
    out: list[tuple[int, str]] = []  # (player, stage), best last
    for rnd in played:
        stage = stage_name(len(rnd.boards))
        for b in sorted(rnd.boards, key=lambda b: b.number):
            if b.result is None:
                continue
            w = _winner(rnd, b)
            loser = b.players[1] if w == b.players[0] else b.players[0]
            out.append((loser, stage))
            alive.remove(loser)
    final = played[-1]
    done = len(final.boards) == 1 and not final.missing_results()
    ahead = sorted(alive, key=lambda p: seed_of.get(p, 10**9))
    ranked = [(p, CHAMPION if done else f"in the {stage_name(len(final.boards))}", done)
              for p in ahead]
    # the latest stage's losers rank above earlier ones; by seed within a stage
    for stage_index in range(len(played) - 1, -1, -1):
        stage = stage_name(len(played[stage_index].boards))
        losers = sorted((p for p, s in out if s == stage), key=lambda p: seed_of.get(p, 10**9))
        ranked += [(p, stage, True) for p in losers]
    in_playoff = {p for p, _unused, _unused2 in ranked}
    ranked += [(p, "", True) for p in seeds if p not in in_playoff]
    return [FinalPlace(i, p, stage, decided) for i, (p, stage, decided) in enumerate(ranked, 1)]
