"""Sections of one event (issue 33; docs/FORMAT.md "Sections"): list them, add one with the
settings that differ from the event's, remove an empty one, and resolve ``--section NAME``
to the section's folder.  A section folder is an event folder for every other service, so
pairing, results, standings and exports act on one section unchanged."""

from __future__ import annotations

from ..store.history import recorded
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
    first_board: int = 1


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
                           layout.root_of(folder) is None, layout.first_board(folder)))
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


@recorded('add section')
def add_section(event: Folder, name: str, *, game: str | None = None,
                rounds: int | None = None, system: str | None = None,
                tiebreaks: tuple[str, ...] | list[str] | None = None,
                options: dict[str, Any] | None = None,
                first_board: int | None = None) -> Section:
    """A new, empty section ``sections/NAME/`` inheriting every setting of the event but
    those given, its boards numbered in the hall from ``first_board`` (default 1).  Refuses
    a name that is not a plain word or is already used, and a first board out of range
    (before anything is written)."""
    if first_board is not None and not 1 <= first_board <= layout.MAX_FIRST_BOARD:
        raise SwissError(_("first_board must be a board number from 1 to {limit}, not {value}").format(limit=layout.MAX_FIRST_BOARD, value=first_board), field="first_board")
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
    if first_board is not None and first_board != 1:
        store.set_first_board(folder, first_board)
    return Section(name, folder, ev.settings.game, ev.settings.system, ev.settings.rounds,
                   0, 0, False, first_board or 1)


@recorded('first board')
def set_first_board(event: Folder, name: str, number: int) -> Section:
    """Number section ``name``'s boards in the hall from ``number`` (its board 1 is hall
    board ``number``; issue 33 item 6).  The rounds keep their own numbers, so who plays whom
    and every result stay as they are; only the numbers shown and typed change."""
    store.set_first_board(resolve(event, name), number)
    return next(s for s in list_sections(event) if s.name == name)


@recorded('remove section')
def remove_section(event: Folder, name: str) -> Path:
    """Remove an empty section (no rounds, no players): else a one-line refusal."""
    root = root_of(event)
    if name == layout.root_name(root):
        raise SwissError(_("{name} is the event's own section (its folder); it is never removed").format(name=name), field="section")
    return store.remove_section(root, name)


# ---- moving a player (issue 33 item 4) ------------------------------------------------------

@dataclass(frozen=True)
class PlaceChange:
    """One player's place in one section's standings before and after a move (None: not
    in that section's standings)."""

    section: str
    player: int
    name: str
    before: str | None
    after: str | None


@dataclass(frozen=True)
class Move:
    """A move of one player from section ``source`` to ``target``: ``after_round`` 0 is a
    free move (the source had no round paired: the entry leaves one players.toml for the
    other), else the player's record stays in the source, withdrawn from the next round;
    ``joined_round`` is his first round in the target; ``changes`` the places that change
    in both sections' standings; ``written`` False for a preview."""

    player: int
    name: str
    source: str
    target: str
    after_round: int
    joined_round: int
    changes: tuple[PlaceChange, ...]
    written: bool


def _places(ev: Any) -> dict[int, tuple[str, str]]:
    from ..standings import standings
    if not ev.players:
        return {}
    return {r.player.id: (r.player.name, r.place) for r in standings(ev).rows}


def _find_player(every: list[tuple[str, Path]], target: str,
                 player: int | str) -> tuple[str, Path, Any]:
    """The section the player is entered (and not withdrawn) in, other than ``target``
    first; the player by id or by exact name (case-insensitive)."""
    found = []
    for name, folder in every:
        for p in store.load(folder).players:
            if (isinstance(player, int) and p.id == player) or \
                    (isinstance(player, str) and p.name.casefold() == player.casefold()):
                found.append((name, folder, p))
    active = [f for f in found if f[2].withdrawn_from is None]
    ids = {f[2].id for f in found}
    if len(ids) > 1:
        raise SwissError(_("{player!r} names several players (ids {items}): give the id").format(player=player, items=", ".join(str(i) for i in sorted(ids))), field="player")
    if not found:
        raise SwissError(_("no player {player} in any section").format(player=player), field="player")
    pick = [f for f in active if f[0] != target] or [f for f in found if f[0] != target]
    if not pick:
        raise SwissError(_("{name} ({pid}) is already entered in section {section}").format(name=found[0][2].name, pid=found[0][2].id, section=target), field="player")
    return pick[0]


def _source_change(src: Any, pid: int, target: str) -> tuple[Any, int]:
    """The source section after the move and the round the player leaves after (0: free)."""
    from dataclasses import replace
    from .. import registration
    n = src.current_round
    p = src.player(pid)
    if p is None:  # pragma: no cover - checked before
        raise SwissError(_("no player {player} in any section").format(player=pid))
    if n == 0:
        return registration.remove_player(src, pid), 0
    rnd = src.round(n)
    board = next((b for b in rnd.boards if pid in b.players), None) if rnd else None
    if board is not None and board.result is None:
        raise SwissError(_("{name} ({pid}) has a game without a result on board {board} of round {n}: enter it (or undo the round) before moving the player").format(name=p.name, pid=pid, board=board.number, n=n), field="player")
    note = f"moved to {target} after round {n}"
    notes = f"{p.notes}; {note}" if p.notes else note
    out = registration.withdraw(src, pid, n + 1)
    withdrawn = out.player(pid)
    assert withdrawn is not None  # withdraw keeps the player
    return out.with_player(replace(withdrawn, notes=notes)), n


def _target_change(tgt: Any, p: Any, after_round: int, target: str) -> Any:
    """The target section with the player entered: the same id and fields, joining its next
    round (its earlier rounds scored as a late entrant's); refused when the target has
    already paired the round after ``after_round`` (the player would miss it)."""
    from dataclasses import replace
    there = tgt.player(p.id)
    if there is not None and there.withdrawn_from is None:
        return tgt  # entered by an interrupted move: finish it
    if there is not None:
        raise SwissError(_("{name} ({pid}) has a record in section {section} already (withdrawn from round {n}); a player does not go back to a section he left").format(name=p.name, pid=p.id, section=target, n=there.withdrawn_from), field="section")
    if after_round and tgt.current_round > after_round:
        raise SwissError(_("section {section} has already paired round {n}: {name} ({pid}) left after round {after} and cannot join it (move before its round {n} is paired)").format(section=target, n=after_round + 1, name=p.name, pid=p.id, after=after_round), field="section")
    joined = tgt.current_round + 1 if tgt.current_round else 1
    notes = MOVED.sub("", p.notes or "").strip("; ") or None
    new = replace(p, joined_round=joined, withdrawn_from=None, notes=notes,
                  byes=tuple(b for b in p.byes if b[0] >= joined))
    return tgt.with_player(new)


MOVED = layout.MOVED_NOTE


@recorded('move player', player='player')
def move_player(event: Folder, player: int | str, section: str, *,
                dry_run: bool = False) -> Move:
    """Move a player into section ``section`` (docs/FORMAT.md "Sections"): free before his
    section's first pairing; afterwards only into a section whose next round is unpaired,
    his record in the old section kept (withdrawn from its next round, noted "moved to
    SECTION after round N").  Refused in one line, nothing written: an unknown section or
    player, a game of his without a result, a target that paired the round he would miss.

    The target is written first, then the source (each under its own lock, never both at
    once, so no two moves can deadlock): a crash between them leaves the player entered in
    both, which ``check`` reports and running the same move again finishes."""
    every = folders(event)
    layout.check_name(section)
    names = [n for n, _f in every]
    if section not in names:
        raise SwissError(_("no section {name} in {event} (sections: {items})").format(name=section, event=event, items=", ".join(names)), field="section")
    tfolder = dict(every)[section]
    sname, sfolder, p = _find_player(every, section, player)
    src, tgt = store.load(sfolder), store.load(tfolder)
    if p.withdrawn_from is not None and tgt.player(p.id) is not None:
        raise SwissError(_("{name} ({pid}) is already entered in section {section}").format(name=p.name, pid=p.id, section=section), field="player")
    src2, after = (src, src.current_round) if p.withdrawn_from is not None \
        else _source_change(src, p.id, section)
    tgt2 = _target_change(tgt, p, after, section)
    changes = []
    for name, a, b in ((sname, src, src2), (section, tgt, tgt2)):
        before, now = _places(a), _places(b)
        for pid in sorted(set(before) | set(now)):
            x, y = before.get(pid), now.get(pid)
            if (x and x[1]) != (y and y[1]):
                changes.append(PlaceChange(name, pid, (x or y)[0],  # type: ignore[index]
                                           x and x[1], y and y[1]))
    joined = tgt2.player(p.id).joined_round
    if not dry_run:
        for folder in (tfolder, sfolder):  # a refusal of the second write: before the first
            store.check_writable(folder, store.PLAYERS_FILE)
        with layout.moving(p.id):
            store.update(tfolder, lambda ev: _target_change(ev, p, after, section))
        if p.withdrawn_from is None:
            try:
                store.update(sfolder, lambda ev: _source_change(ev, p.id, section)[0]
                             if ev.current_round == after else _stale(ev, p))
            except SwissError:
                if tgt.player(p.id) is None:  # undo our own entry: nothing changed
                    store.update(tfolder, lambda ev: _drop(ev, p.id))
                raise
    return Move(p.id, p.name, sname, section, after, joined, tuple(changes), not dry_run)


def _stale(ev: Any, p: Any) -> Any:
    raise SwissError(_("{name} ({pid}): the section was paired while moving; nothing changed, try again").format(name=p.name, pid=p.id))


def _drop(ev: Any, pid: int) -> Any:
    from dataclasses import replace
    return replace(ev, players=tuple(q for q in ev.players if q.id != pid))


# ---- distributing players (issue 33 item 5) -------------------------------------------------

BY = ("rating", "rank", "age", "class")


@dataclass(frozen=True)
class Band:
    """Section ``section`` takes the values from ``low`` to ``high`` (None: no bound)."""

    section: str
    low: int | None
    high: int | None

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and \
            (self.high is None or value <= self.high)


@dataclass(frozen=True)
class Assignment:
    player: int
    name: str
    source: str
    target: str


@dataclass(frozen=True)
class Distribution:
    """Who moves where (``moves``), who stays because he plays up (``kept``), who fits no
    band or has no value to sort by (``unplaced``), who is paired already (``paired``);
    ``written`` False for a preview."""

    moves: tuple[Assignment, ...]
    kept: tuple[int, ...]
    unplaced: tuple[int, ...]
    paired: tuple[int, ...]
    written: bool


def _bound(by: str, text: str) -> int | None:
    from .. import ranks
    text = text.strip()
    if not text:
        return None
    if by == "rank":
        return ranks.rank_value(text)
    if not text.isdecimal():
        raise SwissError(_("band bound {text!r} is not a whole number").format(text=text), field="bands")
    return int(text)


def parse_plays_up(text: str | None) -> tuple[int, ...]:
    """The ids of ``--plays-up`` (the TUI's "Plays up" field): ``3,17``; a token that is not
    an id is refused in one line."""
    tokens = [t.strip() for t in (text or "").split(",") if t.strip()]
    for t in tokens:
        if not t.isdecimal():
            raise SwissError(_("--plays-up {value}: not a player id (ids separated by commas, "
                               "e.g. 3,17)").format(value=t), field="plays_up")
    return tuple(int(t) for t in tokens)


def parse_bands(by: str, text: str | None) -> tuple[Band, ...]:
    """``Open:1800-,U1800:-1799`` (rating), ``dan:1d-,kyu:-1k`` (rank), ``Juniors:-17``
    (age); for ``class`` the table :data:`swisstui.core.ranks.CLASSES`, each class into the section of its
    letter unless ``--bands`` maps it (``S:Open,A:dan,B:dan``)."""
    from .. import ranks
    if by not in BY:
        raise SwissError(_("--by must be one of {items}, not {value!r}").format(items=", ".join(BY), value=by), field="by")
    if by == "class":
        names = dict(part.split(":", 1) for part in (text or "").split(",") if ":" in part)
        out = []
        for cls, strong, weak in ranks.CLASSES:
            hi = ranks.rank_value(strong) if strong else None
            lo = ranks.rank_value(weak) if weak else None
            out.append(Band(names.get(cls, cls).strip(), lo, hi))
        return tuple(out)
    if not text:
        raise SwissError(_("give the bands, e.g. --bands Open:1800-,U1800:-1799"), field="bands")
    out = []
    for part in text.split(","):
        name, sep, span = part.partition(":")
        low, dash, high = span.partition("-")  # ranks hold no "-" of their own
        if not sep or not dash:
            raise SwissError(_("band {part!r} is not NAME:LOW-HIGH (e.g. Open:1800-, U1800:-1799)").format(part=part), field="bands")
        try:
            a, b = _bound(by, low), _bound(by, high)
        except SwissError:
            raise
        except Exception:
            raise SwissError(_("band {part!r} is not NAME:LOW-HIGH (e.g. Open:1800-, U1800:-1799)").format(part=part), field="bands") from None
        if a is not None and b is not None and a > b:
            a, b = b, a
        out.append(Band(layout.check_name(name.strip()), a, b))
    return tuple(out)


def _value(by: str, p: Any, base: Any) -> int | None:
    """The value a band reads: rating, rank value, or age at ``base`` (a date)."""
    from .. import ranks
    from ..prizes import age_at
    if by == "rating":
        return p.rating
    if by in ("rank", "class"):
        return ranks.rank_value(p.rank) if p.rank else None
    return age_at(p.birth, base)


@recorded('distribute')
def distribute(event: Folder, by: str, bands: str | None = None, *,
               base_date: str | None = None, plays_up: tuple[int, ...] = (),
               dry_run: bool = False) -> Distribution:
    """Enter each player of the event's pool in the section his rating, rank, age at
    ``base_date`` or Go class says (docs/FORMAT.md "Sections").  Only players paired in
    no round move (a free move, same id); one who plays up (``plays_up`` ids, and the
    root's ``plays_up = [...]``) stays where he is entered; one whom no band fits, or with
    no rating / rank / birth, stays and is listed.  Every target section must exist."""
    import datetime
    every = folders(event)
    names = [n for n, _f in every]
    spec = parse_bands(by, bands)
    for b in spec:
        if b.section not in names:
            raise SwissError(_("no section {name} in {event} (sections: {items})").format(name=b.section, event=event, items=", ".join(names)), field="section")
    root = root_of(event)
    pinned = set(plays_up) | set(layout.read_root(root)[1].get("plays_up", ()))
    evs = {n: store.load(f) for n, f in every}
    text = base_date or evs[names[0]].settings.date_start or datetime.date.today().isoformat()
    try:
        base = datetime.date.fromisoformat(str(text))
    except ValueError:
        raise SwissError(_("--date {value}: a date is written YYYY-MM-DD, e.g. 2026-05-01").format(value=text), field="date") from None
    moves, kept, unplaced, paired = [], [], [], []
    # paired in any section's round: a player moved out of a section after round N (his
    # record kept there) has played in the event and is never sent back to it
    seated = {pid for ev in evs.values() for r in ev.rounds for pid in r.paired_ids()}
    for name in names:
        ev = evs[name]
        for p in ev.players:
            if p.withdrawn_from is not None:
                continue
            if p.id in seated:
                paired.append(p.id)
                continue
            if p.id in pinned:
                kept.append(p.id)
                continue
            v = _value(by, p, base)
            band = next((b for b in spec if v is not None and b.holds(v)), None)
            if band is None:
                unplaced.append(p.id)
            elif band.section != name:
                moves.append(Assignment(p.id, p.name, name, band.section))
    out = Distribution(tuple(moves), tuple(kept), tuple(unplaced), tuple(paired),
                       not dry_run)
    if dry_run or not moves:
        return out
    folder_of = dict(every)
    for name in sorted({m.target for m in moves} | {m.source for m in moves}):
        store.check_writable(folder_of[name], store.PLAYERS_FILE)  # before the first write
    ids = {m.player for m in moves}
    by_id = {p.id: p for ev in evs.values() for p in ev.players}
    for target in names:  # the targets first, then the sources (as a move does)
        incoming = [by_id[m.player] for m in moves if m.target == target]
        if incoming:
            with layout.moving_all(ids):
                store.update(folder_of[target], partial_enter(incoming))
    left: set[str] = set()
    try:
        for source in names:
            leaving = {m.player for m in moves if m.source == source}
            if leaving:
                store.update(folder_of[source], partial_leave(leaving))
            left.add(source)
    except SwissError:
        # a source refused (paired meanwhile): its players go back out of their targets, as
        # a refused move takes its own entry back, so no one stays in two sections
        stay = {m.player: m.target for m in moves if m.source not in left}
        for target in set(stay.values()):
            store.update(folder_of[target],
                         _dropping({pid for pid, t in stay.items() if t == target}))
        raise
    return out


def _dropping(ids: set[int]) -> Any:
    def change(ev: Any) -> Any:
        for pid in ids:
            ev = _drop(ev, pid)
        return ev
    return change


def partial_enter(players: list[Any]) -> Any:
    from dataclasses import replace

    def change(ev: Any) -> Any:
        joined = ev.current_round + 1 if ev.current_round else 1
        for p in players:
            if ev.player(p.id) is None:
                ev = ev.with_player(replace(p, joined_round=joined, withdrawn_from=None))
        return ev
    return change


def partial_leave(ids: set[int]) -> Any:
    from .. import registration

    def change(ev: Any) -> Any:
        for pid in ids:
            if ev.player(pid) is not None:
                ev = registration.remove_player(ev, pid)
        return ev
    return change


# ---- board numbers in the hall (issue 33 item 6) --------------------------------------------

def first_board(folder: Folder) -> int:
    """The hall's number of the section's board 1: its event.toml's ``first_board``
    (default 1; never inherited, each section numbers its own boards)."""
    return layout.first_board(Path(folder))


def hall_board(folder: Folder, number: int) -> int:
    """The number a director sees and types for the section's board ``number``."""
    return number + first_board(folder) - 1


def section_board(folder: Folder, typed: int) -> int:
    """The section's board number of the hall's number ``typed`` (what a director types):
    a number below the section's first board is refused in one line."""
    first = first_board(folder)
    if typed < first:
        raise SwissError(_("board {typed} is not one of section {section}'s boards: they are numbered from {first}").format(typed=typed, section=section_name(folder), first=first), field="board")
    return typed - first + 1


def move_lines(m: Move) -> list[str]:
    """A move in the director's words, as the CLI prints it and the TUI asks about it:
    who goes where and from which round, then each place that changes in either section."""
    if m.after_round:
        head = _("{name} ({pid}) moves from {source} (withdrawn after round {n}, record kept) to {target} (joins round {joined})")
    else:
        head = _("{name} ({pid}) moves from {source} to {target} (joins round {joined})")
    lines = [head.format(name=m.name, pid=m.player, source=m.source, target=m.target,
                         n=m.after_round, joined=m.joined_round)]
    for c in m.changes:
        lines.append("  " + _("{section}: {name} ({pid}) place {before} -> {after}").format(
            section=c.section, name=c.name, pid=c.player, before=c.before or "-",
            after=c.after or "-"))
    return lines


def distribution_lines(d: Distribution) -> list[str]:
    """A distribution in the director's words: each move, then who stays and why."""
    lines = [_("{name} ({pid}): {source} -> {target}").format(
        name=m.name, pid=m.player, source=m.source, target=m.target) for m in d.moves]
    if d.kept:
        lines.append(_("plays up, kept in place: {items}").format(
            items=", ".join(map(str, d.kept))))
    if d.unplaced:
        lines.append(_("in no band (or no value), kept in place: {items}").format(
            items=", ".join(map(str, d.unplaced))))
    if d.paired:
        lines.append(_("already paired, not moved: {items}").format(
            items=", ".join(map(str, d.paired))))
    return lines
