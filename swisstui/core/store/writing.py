"""Which files a change writes, and in which order (:func:`_write_changes`)."""

from __future__ import annotations

from ..i18n import _

import os
from pathlib import Path

from typing import Any

from ..errors import EventFileError, SwissError
from ..model import Event, Round, Settings
from . import sections
from .atomic import _commit, _fsync_dir
from .cache import _remember
from .layout import EVENT_FILE, PLAYERS_FILE, ROUNDS_DIR, round_file_name
from .parsing import _parse_settings
from .serialise import _HEADERS, _dump, _players_doc, _round_bytes, _settings_doc


def event_doc(folder: Path, settings: Settings,
              keys: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ``folder``'s event.toml says: a one-section event's settings as always; a root of
    several sections adds ``schema = 2`` and keeps its own keys (``section``,
    ``multi_entry``); a section says only what differs from the root (:mod:`.sections`),
    and its own keys (``keys``, else those its event.toml has now)."""
    doc = _settings_doc(settings)
    root = sections.root_of(folder)
    if root is not None:
        base_data = sections.read_root(root)[0]
        own = {"game": settings.game} if settings.game != base_data.get("game") else {}
        base = _settings_doc(_parse_settings(folder / EVENT_FILE, "",
                                             sections.merge(base_data, own)))
        diff = sections.section_doc(doc, base)
        # first_board: the section's own, kept (or as given)
        diff.update(sections.own_keys(folder) if keys is None else keys)
        return {"game": settings.game, **diff} if own else diff
    extra: dict[str, Any] = {}
    if os.path.lexists(folder / EVENT_FILE):
        try:
            extra = sections.read_root(folder)[1]
        except SwissError:
            extra = {}
    several = bool(sections.section_folders(folder))
    if not extra and not several:
        return doc
    out: dict[str, Any] = {"schema": sections.SECTIONS_SCHEMA if several else doc["schema"]}
    out.update(extra)
    out.update((k, v) for k, v in doc.items() if k != "schema")
    return out


def _write_changes(folder: Path, old: Event | None, new: Event) -> None:
    """Write the files that changed as one change (:func:`~.atomic._commit`: all or nothing,
    even after a ``kill -9``).  The steps keep an order in which each intermediate state
    only names players that exist (the journal makes intermediate states invisible; the
    order is a second line of defence):

    1. rounds deleted; 2. changed rounds naming only players that already exist; 3. event.toml
    (if its forbidden pairs name only existing players); 4. players.toml; 5. the rest."""
    rdir = folder / ROUNDS_DIR
    if not rdir.is_dir():
        if os.path.lexists(rdir):
            raise EventFileError(rdir, None, _("is not a folder; the round files live in {ROUNDS_DIR}/NN.toml (move it away)").format(ROUNDS_DIR=ROUNDS_DIR))
        rdir.mkdir(0o777)
        _fsync_dir(folder)
    old_ids = {p.id for p in old.players} if old is not None else set()
    old_rounds = {r.number: r for r in old.rounds} if old is not None else {}
    new_rounds = {r.number: r for r in new.rounds}
    game_changed = old is not None and old.settings.game != new.settings.game
    changed = [rnd for n, rnd in sorted(new_rounds.items())
               if game_changed or old_rounds.get(n) != rnd]
    ops: list[tuple[Path, bytes | None]] = []
    written: list[Round] = []

    def write_round(rnd: Round) -> None:
        path = rdir / round_file_name(rnd.number)
        ops.append((path, _round_bytes(new.settings.game, rnd)))
        written.append(rnd)

    def write_event() -> None:
        ops.append((folder / EVENT_FILE, _dump(event_doc(folder, new.settings),
                                               _HEADERS[EVENT_FILE])))

    for n in old_rounds:
        if n not in new_rounds:
            ops.append((rdir / round_file_name(n), None))
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
        ops.append((folder / PLAYERS_FILE, _dump(_players_doc(new.players),
                                                 _HEADERS[PLAYERS_FILE])))
    if event_changed and event_later:
        write_event()
    for rnd in later:
        write_round(rnd)
    _commit(folder, ops)
    for rnd in written:
        _remember(rdir / round_file_name(rnd.number), (new.settings, rnd.number), rnd)
