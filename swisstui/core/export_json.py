"""The whole event as JSON (``swisstui export EVENT --format json``; ``players list --json``
prints the same player objects).  The shape is documented in docs/FORMAT.md and stable::

    {"schema": 1,
     "event": {"name", "game", "rounds", "system", "style", "round1", "colours",
               "tiebreaks": [...], "pairing_order": [...], "seed",
               "scoring": {"win", "draw", "loss", "bye", "absent", "forfeit_win",
                           "double_forfeit"},
               "forbidden": [[a, b], ...], "club_weight", "country_weight",
               "date_start", "date_end", "venue", "city", "arbiter", "options": {...}},
     "players": [{"id", "name", "rating", "rank", "club", "country", "status",
                  "lot", "federation_id", "sex", "title", "birth", "joined_round",
                  "withdrawn_from", "byes": [{"round", "kind"}], "smms_correction", "notes",
                  "reading", "seat"}],
     "rounds": [{"round": 1, "playoff": false,
                 "boards": [{"board": 1, "players": [ID, ID], "colours": ["w", "b"] | null,
                             "result": "1-0" | null, "forfeit": false, "detail": {...}}],
                 "byes": [{"player": ID, "kind": "pairing", "points": 1.0}]}]}

Absent values are ``null`` (every key is always present).  Results are in the game's
canonical notation; colours come from :func:`swisstui.core.history.board_colours`; ``status``
is ``withdrawn`` once a withdrawal is recorded, else ``active``; bye points are the event's
scoring (:meth:`Scoring.bye_points`).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .model import SCHEMA_VERSION, Board, Event, Player, Round, Settings
from .history import board_colours

__all__ = ["event_to_json", "player_json", "settings_json", "round_json"]


def _plain(v: Any) -> Any:
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def settings_json(s: Settings) -> dict[str, Any]:
    sc = s.scoring
    return {
        "name": s.name, "game": s.game, "rounds": s.rounds, "system": s.system,
        "style": s.style, "round1": s.round1, "colours": s.colours,
        "tiebreaks": list(s.tiebreaks), "pairing_order": list(s.pairing_order),
        "seed": s.seed,
        "scoring": {"win": sc.win, "draw": sc.draw, "loss": sc.loss, "bye": sc.bye,
                    "absent": sc.absent, "forfeit_win": sc.forfeit_win,
                    "double_forfeit": sc.double_forfeit},
        "forbidden": [list(p) for p in s.forbidden],
        "club_weight": s.club_weight, "country_weight": s.country_weight,
        "date_start": s.date_start, "date_end": s.date_end, "venue": s.venue,
        "city": s.city, "arbiter": s.arbiter, "options": _plain(dict(s.options)),
    }


def player_json(event: Event, player: Player) -> dict[str, Any]:
    return {
        "id": player.id, "name": player.name, "rating": player.rating, "rank": player.rank,
        "club": player.club, "country": player.country,
        "status": "withdrawn" if player.withdrawn_from is not None else "active",
        "lot": player.lot, "federation_id": player.federation_id, "sex": player.sex,
        "title": player.title, "birth": player.birth, "joined_round": player.joined_round,
        "withdrawn_from": player.withdrawn_from,
        "byes": [{"round": r, "kind": k.value} for r, k in player.byes],
        "smms_correction": player.smms_correction, "notes": player.notes,
        "reading": player.reading, "seat": player.seat,
    }


def board_json(event: Event, board: Board) -> dict[str, Any]:
    cols = board_colours(event.game, board)
    res = board.result
    out = {
        "board": board.number, "players": list(board.players),
        "colours": list(cols) if cols else None,
        "result": res.text if res else None,
        "forfeit": bool(res and res.forfeit),
        "detail": {k: _plain(v) for k, v in res.detail.items() if v is not None} if res else {},
    }
    if board.setup:  # Go handicap games: stones and komi decided at pairing
        out["setup"] = {k: _plain(v) for k, v in board.setup.items()}
    return out


def round_json(event: Event, rnd: Round) -> dict[str, Any]:
    sc = event.settings.scoring
    return {
        "round": rnd.number, "playoff": rnd.playoff,
        "boards": [board_json(event, b) for b in rnd.boards],
        "byes": [{"player": y.player, "kind": y.kind.value, "points": sc.bye_points(y.kind)}
                 for y in rnd.byes],
    }


def event_to_json(event: Event) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "event": settings_json(event.settings),
        "players": [player_json(event, p) for p in event.players],
        "rounds": [round_json(event, r) for r in event.rounds],
    }
