"""Which files a change writes, and in which order (:func:`_write_changes`)."""

from __future__ import annotations

from pathlib import Path

from ..model import Event, Round
from .atomic import _atomic_write, _fsync_dir, _unlink
from .cache import _remember
from .layout import EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, round_file_name
from .serialise import _HEADERS, _dump, _players_doc, _round_doc, _settings_doc

def _write_changes(folder: Path, old: Event | None, new: Event) -> None:
    """Write the files that changed, in an order that keeps the folder loadable if the
    process dies between two files: each intermediate state only names players that exist.

    1. rounds deleted; 2. changed rounds naming only players that already exist; 3. event.toml
    (if its forbidden pairs name only existing players); 4. players.toml; 5. the rest."""
    rdir = folder / ROUNDS_DIR
    if not rdir.is_dir():
        rdir.mkdir()
        _fsync_dir(folder)
    old_ids = {p.id for p in old.players} if old is not None else set()
    old_rounds = {r.number: r for r in old.rounds} if old is not None else {}
    new_rounds = {r.number: r for r in new.rounds}
    game_changed = old is not None and old.settings.game != new.settings.game
    changed = [rnd for n, rnd in sorted(new_rounds.items())
               if game_changed or old_rounds.get(n) != rnd]

    def write_round(rnd: Round) -> None:
        path = rdir / round_file_name(rnd.number)
        _atomic_write(path, _dump(_round_doc(new.settings.game, rnd), _HEADERS["round"]))
        _remember(path, (new.settings, rnd.number), rnd)

    def write_event() -> None:
        _atomic_write(folder / EVENT_FILE, _dump(_settings_doc(new.settings),
                                                 _HEADERS[EVENT_FILE]))

    for n in old_rounds:
        if n not in new_rounds:
            _unlink(rdir / round_file_name(n))
    later = []
    for rnd in changed:
        if rnd.paired_ids() <= old_ids and not game_changed:
            write_round(rnd)
        else:
            later.append(rnd)
    event_changed = old is None or old.settings != new.settings
    event_later = any(pid not in old_ids for pair in new.settings.forbidden for pid in pair)
    if event_changed and not event_later:
        write_event()
    if old is None or old.players != new.players or not (folder / PLAYERS_FILE).exists():
        _atomic_write(folder / PLAYERS_FILE, _dump(_players_doc(new.players),
                                                   _HEADERS[PLAYERS_FILE]))
    if event_changed and event_later:
        write_event()
    for rnd in later:
        write_round(rnd)
