"""Sections of one event (issue 33; docs/FORMAT.md "Sections"): list them, add one with the
settings that differ from the event's, remove an empty one, and resolve ``--section NAME``
to the section's folder.  A section folder is an event folder for every other service, so
pairing, results, standings and exports act on one section unchanged."""

from __future__ import annotations

from ..i18n import _

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import store
from ..errors import SwissError
from ..store import sections as layout

Folder = str | os.PathLike[str]


@dataclass(frozen=True)
class Section:
    """One section as the list shows it: its name and folder, game, system, rounds planned,
    players entered and rounds paired (the current round)."""

    name: str
    folder: Path
    game: str
    system: str
    rounds: int
    players: int
    paired: int
    root: bool


def root_of(folder: Folder) -> Path:
    """The event's folder, given the event's or one of its sections' folder."""
    return layout.root_of(Path(folder)) or Path(folder)


def section_name(folder: Folder) -> str:
    """The name of the section ``folder`` is (the root's: its ``section`` key, else
    ``main``)."""
    root = layout.root_of(Path(folder))
    return Path(os.path.abspath(folder)).name if root is not None \
        else layout.root_name(Path(folder))


def folders(event: Folder) -> list[tuple[str, Path]]:
    """(name, folder) of every section of the event, the root's first."""
    root = root_of(event)
    store.load(root)  # a valid event, else its own error
    return [(layout.root_name(root), root)] + layout.section_folders(root)


def list_sections(event: Folder) -> tuple[Section, ...]:
    out = []
    for name, folder in folders(event):
        ev = store.load(folder)
        out.append(Section(name, folder, ev.settings.game, ev.settings.system,
                           ev.settings.rounds, len(ev.players), len(ev.rounds),
                           layout.root_of(folder) is None))
    return tuple(out)


def resolve(event: Folder, name: str | None = None) -> Path:
    """The folder of section ``name`` of ``event``; without a name, the only section (the
    folder as given) — with several, a one-line refusal naming them.  A section's own folder
    given as ``event`` is that section."""
    path = Path(event)
    if name is None:
        if layout.root_of(path) is not None or not layout.section_folders(path):
            return path
        names = [n for n, _f in folders(path)]
        raise SwissError(_("{event} has sections {items}: say which with --section NAME").format(event=event, items=", ".join(names)), field="section")
    layout.check_name(name)
    every = folders(path)
    for n, folder in every:
        if n == name:
            return path if folder == root_of(path) and layout.root_of(path) is None \
                else folder
    raise SwissError(_("no section {name} in {event} (sections: {items})").format(name=name, event=event, items=", ".join(n for n, _f in every)), field="section")


def targets(event: Folder, name: str | None = None) -> list[tuple[str, Path]]:
    """The sections a command for the whole event acts on: section ``name`` only when given,
    else every section (one section: the folder as given)."""
    path = Path(event)
    if name is not None or layout.root_of(path) is not None \
            or not layout.section_folders(path):
        folder = resolve(path, name)
        return [(section_name(folder), folder)]
    return folders(path)


def add_section(event: Folder, name: str, *, game: str | None = None,
                rounds: int | None = None, system: str | None = None,
                tiebreaks: tuple[str, ...] | list[str] | None = None,
                options: dict[str, Any] | None = None) -> Section:
    """A new, empty section ``sections/NAME/`` inheriting every setting of the event but
    those given.  Refuses a name that is not a plain word or is already used."""
    overrides: dict[str, Any] = {}
    if game is not None:
        overrides["game"] = game
    if rounds is not None:
        overrides["rounds"] = rounds
    if system is not None:
        overrides["system"] = system
    if tiebreaks is not None:
        overrides["tiebreaks"] = list(tiebreaks)
    if options:
        overrides["options"] = dict(options)
    root = root_of(event)
    ev = store.add_section(root, name, overrides)
    folder = root / layout.SECTIONS_DIR / name
    return Section(name, folder, ev.settings.game, ev.settings.system, ev.settings.rounds,
                   0, 0, False)


def remove_section(event: Folder, name: str) -> Path:
    """Remove an empty section (no rounds, no players): else a one-line refusal."""
    root = root_of(event)
    if name == layout.root_name(root):
        raise SwissError(_("{name} is the event's own section (its folder); it is never removed").format(name=name), field="section")
    return store.remove_section(root, name)
