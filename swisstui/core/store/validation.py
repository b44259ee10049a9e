"""Domain validation of an event, defined once: the in-memory checks a change must pass before
it is written (:func:`validate_event`), the cross-file checks of a folder read from disk
(:func:`_cross_check`, with ``file:line``), settings (:mod:`swisstui.core.settings`) and the
recorded results after a settings change.  Field-level rules (text, ranges, birth, ranks,
federation ids, played rounds) live in :mod:`swisstui.core.registration`."""

from __future__ import annotations

from ..i18n import _

from pathlib import Path

from ..errors import EventFileError, SwissError
from ..model import Event, Round, Settings
from ..registration import (check_birth, check_range, check_text, duplicate_federation_ids,
                            played_conflicts)
from ..seats import duplicate_seats
from .layout import EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, round_file_name
from .reading import _locate, _table_index, _Texts

_PLAYER_STR = ("name", "rank", "club", "country", "federation_id", "sex", "title", "birth",
               "notes", "reading")


def _profile(game: str):
    from ..games import profile
    return profile(game)


def _validate_settings(settings: Settings) -> None:
    """Settings values (system, style, tie-breaks, game options): one rule, one place —
    :mod:`swisstui.core.settings`."""
    from ..settings import validate_settings
    validate_settings(settings)


def _cross_check(folder: Path, event: Event, texts: _Texts,
                 problems: list[str] | None = None) -> None:
    """Boards, byes and forbidden pairs name registered players, no Swiss round file lies
    beyond ``rounds`` of event.toml (playoff rounds may), and no player's joined_round /
    withdrawn_from contradicts the rounds they played (first problem raised, or every
    problem appended to ``problems``)."""
    def report(err: EventFileError) -> None:
        if problems is None:
            raise err
        problems.append(str(err))

    ids = {p.id for p in event.players}
    ev_path = folder / EVENT_FILE
    swiss = [r.number for r in event.rounds if not r.playoff]
    if swiss and max(swiss) > event.settings.rounds:  # a hand edit: pairing would stop early
        report(EventFileError(ev_path, _locate(texts[EVENT_FILE], None, None, "rounds"),
                              _("rounds = {rounds} but {ROUNDS_DIR}/{round_file_name} exists").format(rounds=event.settings.rounds, ROUNDS_DIR=ROUNDS_DIR, round_file_name=round_file_name(max(swiss)))))
    for a, b in event.settings.forbidden:
        for pid in (a, b):
            if pid not in ids:
                report(EventFileError(ev_path, _locate(texts[EVENT_FILE], None, None,
                                                       "forbidden"),
                                      _("forbidden pair [{a}, {b}]: no player with id {pid}").format(a=a, b=b, pid=pid)))
    for i, field, message in played_conflicts(event):
        pl_text = texts[PLAYERS_FILE]
        at = _table_index(pl_text, "player", "id", event.players[i].id, i)
        report(EventFileError(folder / PLAYERS_FILE, _locate(pl_text, "player", at, field),
                              message))
    for rnd in event.rounds:
        if _named(rnd) <= ids:
            continue  # the common case, without reading the file's text for its lines
        name = round_file_name(rnd.number)
        path = folder / ROUNDS_DIR / name
        text = texts[f"{ROUNDS_DIR}/{name}"]
        for i, bd in enumerate(rnd.boards):
            for pid in bd.players:
                if pid not in ids:
                    at = _table_index(text, "board", "board", bd.number, i)
                    report(EventFileError(path, _locate(text, "board", at, "players"),
                                          _("board {number}: no player with id {pid} in {PLAYERS_FILE}").format(number=bd.number, pid=pid, PLAYERS_FILE=PLAYERS_FILE)))
        for i, y in enumerate(rnd.byes):
            if y.player not in ids:
                at = _table_index(text, "bye", "player", y.player, i)
                report(EventFileError(path, _locate(text, "bye", at, "player"),
                                      _("bye: no player with id {player} in {PLAYERS_FILE}").format(player=y.player, PLAYERS_FILE=PLAYERS_FILE)))


_NAMED: dict[int, tuple[Round, frozenset[int]]] = {}


def _named(rnd: Round) -> frozenset[int]:
    """The players a round names (boards and byes), kept per Round object: a reader or
    writer re-reading an unchanged round file gets the same object from the parse cache."""
    hit = _NAMED.get(id(rnd))
    if hit is not None and hit[0] is rnd:
        return hit[1]
    named = frozenset([pid for bd in rnd.boards for pid in bd.players]
                      + [y.player for y in rnd.byes])
    if len(_NAMED) > 4096:
        _NAMED.clear()
    _NAMED[id(rnd)] = (rnd, named)
    return named


def validate_event(event: Event, old: Event | None = None) -> None:
    """Structural checks on an in-memory event (used by :func:`update` before writing, so a
    change can never produce a folder that does not load).

    With ``old`` — the event as read from the folder, which passed these checks when it was
    written and the reader's on every load — only what changed is checked again: the players
    when the players tuple changed, the forbidden pairs when they or the players changed,
    the round files that differ from ``old``'s (a result entry: one round), and the checks
    across rounds (numbering, joined/withdrawn rounds, the Swiss round count), which are
    cheap.  The messages are the same as for a full check."""
    same_players = old is not None and (old.players is event.players
                                        or old.players == event.players)
    if same_players:
        seen = {p.id for p in event.players}
    else:
        seen = _check_players(event)
    if not (same_players and old is not None and old.settings.forbidden
            == event.settings.forbidden):
        for a, b in event.settings.forbidden:
            for pid in (a, b):
                if pid not in seen:
                    raise SwissError(_("forbidden pair ({a}, {b}): no player with id {pid}")
                                     .format(a=a, b=b, pid=pid))
    _check_rounds(event, seen, None if old is None or not same_players
                  else {r.number: r for r in old.rounds})


def _check_players(event: Event) -> set[int]:
    """The players' own fields (ids, names, texts, birth, federation ids); the ids."""
    seen: set[int] = set()
    for p in event.players:
        if p.id in seen:
            raise SwissError(_("duplicate player id {id}").format(id=p.id))
        if p.id < 1:
            raise SwissError(_("player id must be positive, not {id}").format(id=p.id))
        if not p.name.strip():
            raise SwissError(_("player {id} has no name").format(id=p.id))
        check_range("id", p.id)
        for key in _PLAYER_STR:
            value = getattr(p, key)
            if isinstance(value, str):
                check_text(key, value)
        if p.birth is not None:
            check_birth(p.birth)
        seen.add(p.id)
    for i, message in duplicate_federation_ids(event.players)[:1]:
        raise SwissError(_("player {id}: {message}").format(id=event.players[i].id,
                                                             message=message))
    for i, message in duplicate_seats(event.players)[:1]:
        raise SwissError(_("player {id}: {message}").format(id=event.players[i].id,
                                                             message=message))
    return seen


def _check_rounds(event: Event, seen: set[int], unchanged: dict[int, Round] | None) -> None:
    """Round numbering and the checks across rounds; then each round file's boards and
    byes — except the rounds equal to those in ``unchanged`` (by number), already checked
    against the same players."""
    numbers: set[int] = set()
    for rnd in event.rounds:
        if rnd.number < 1 or rnd.number in numbers:
            raise SwissError(_("bad or duplicate round number {number}").format(number=rnd.number))
        numbers.add(rnd.number)
    if numbers and numbers != set(range(1, max(numbers) + 1)):
        missing = min(set(range(1, max(numbers) + 1)) - numbers)
        raise SwissError(_("round {missing} is missing; rounds are numbered 1, 2, 3, … (undo the later rounds first)").format(missing=missing))
    for _unused, _unused2, message in played_conflicts(event)[:1]:  # would not load (see _cross_check)
        raise SwissError(message)
    swiss = [r.number for r in event.rounds if not r.playoff]
    if swiss and max(swiss) > event.settings.rounds:  # would not load (see _cross_check)
        raise SwissError(_("round {max} is past the event's {rounds} rounds (raise rounds first)").format(max=max(swiss), rounds=event.settings.rounds))
    for rnd in event.rounds:
        if unchanged is not None:
            before = unchanged.get(rnd.number)
            if before is rnd or before == rnd:
                continue
        where: set[int] = set()
        bnos: set[int] = set()
        for bd in rnd.boards:
            if bd.number in bnos or bd.number < 1:
                raise SwissError(_("round {number}: bad or duplicate board {number2}").format(number=rnd.number, number2=bd.number))
            bnos.add(bd.number)
            if bd.players[0] == bd.players[1]:
                raise SwissError(_("round {number} board {number2}: player {value} cannot play themselves").format(number=rnd.number, number2=bd.number, value=bd.players[0]))
            for pid in bd.players:
                if pid not in seen:
                    raise SwissError(_("round {number} board {number2}: no player with id {pid}").format(number=rnd.number, number2=bd.number, pid=pid))
                if pid in where:
                    raise SwissError(_("round {number}: player {pid} appears twice").format(number=rnd.number, pid=pid))
                where.add(pid)
        for y in rnd.byes:
            if y.player not in seen:
                raise SwissError(_("round {number}: bye for unknown player {player}").format(number=rnd.number, player=y.player))
            if y.player in where:
                raise SwissError(_("round {number}: player {player} appears twice").format(number=rnd.number, player=y.player))
            where.add(y.player)


def _recheck_results(event: Event) -> None:
    """After a settings change (komi, best-of-N, ...) every recorded result must still be
    valid, or the folder would not load: refuse the change naming the first that is not."""
    prof = _profile(event.game)
    assert prof.entry.parse is not None
    for rnd in event.rounds:
        for b in rnd.boards:
            if b.result is None:
                continue
            extra = {k: v for k, v in b.result.detail.items()
                     if k in prof.entry.detail_keys and v is not None}
            try:
                prof.entry.parse(b.result.text, event.settings, {**extra, "players": b.players})
            except SwissError as exc:
                raise SwissError(_("round {number} board {number2}: {text} would not be valid with these settings ({exc})").format(number=rnd.number, number2=b.number, text=b.result.text, exc=exc)) from None
