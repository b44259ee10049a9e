"""The event as a whole: read and check it, create it, change its settings, make a demo copy
or a simulated event."""

from __future__ import annotations

from ..store.history import recorded
from ..i18n import _

import os
import shutil
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any
from collections.abc import Callable

from .. import store
from ..errors import SwissError
from ..model import Event, Settings
from ..settings import SCORING_KEYS, default_mismatches, follow_defaults, make_settings

Folder = str | os.PathLike[str]

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
SIMULATE_MAX_PLAYERS = 20_000  # round 1 takes about 11 s at 20 000 (docs/QA.md)
SIMULATE_MAX_ROUNDS = 30


def load(folder: Folder) -> Event:
    """The event as it is on disk, validated (EventFileError ``file:line`` otherwise)."""
    return store.load(folder)


def check(folder: Folder) -> list[str]:
    """Every problem of the folder as ``file:line: message`` lines (empty: valid): the
    event's files, then the desk's, the prizes' and the round clock's (each read as the
    command that uses it reads it; said "ok" while ``pair`` refused a broken desk.toml)."""
    problems = store.check(folder)
    if problems:
        return problems  # (the side files are read against the event)
    from .. import clock
    from .desk import load_desk
    from .prizes import load_prizes, prizes_path
    ev = store.load(folder)
    checks: list[Callable[[], object]] = [lambda: load_desk(folder, ev),
                                          lambda: clock.read(folder)]
    if os.path.lexists(prizes_path(folder)):
        checks.append(lambda: load_prizes(folder, ev))
    for read in checks:
        try:
            read()
        except SwissError as exc:
            if str(exc) not in problems:  # (the prizes read the desk too: said once)
                problems.append(str(exc))
    return problems


def fingerprint(folder: Folder) -> Any:
    """A cheap value that changes whenever a file of the event changes, the round clock's
    ``clock.toml`` included (views poll it)."""
    from .clock import clock_fingerprint
    return (*store.fingerprint(folder), clock_fingerprint(folder))


@recorded('new event')
def create_event(folder: Folder, game: str, name: str, rounds: int, *,
                 options: dict[str, Any] | None = None, **settings: Any) -> Event:
    """A new event folder: the game profile's defaults, then ``settings`` (any
    :class:`~swisstui.core.model.Settings` or scoring field) and game ``options``.  Refuses
    an existing event or a non-empty folder."""
    kw = {k: v for k, v in settings.items() if v is not None}
    if options:
        kw["options"] = dict(options)
    made = make_settings(game, name, rounds, **kw)
    return store.create(folder, made)


# ---- settings ---------------------------------------------------------------------------------

_FIXED = ("game",)  # a game cannot change under an event: its results are in its grammar


@dataclass(frozen=True)
class SettingsChange:
    """What a settings change would do: the new settings, the keys that change, lines saying
    what changes in what is already played (places in the standings), and warnings on the
    new settings (a setting that is another pairing system's default:
    :func:`~swisstui.core.settings.default_mismatches`)."""

    settings: Settings
    changed: tuple[str, ...]
    effects: tuple[str, ...]
    warnings: tuple[str, ...] = ()


def _changed(s: Settings, changes: dict[str, Any]) -> Settings:
    for key in _FIXED:
        if key in changes and changes[key] != getattr(s, key):
            raise SwissError(_("the {key} of an event cannot change (it is {getattr}); create a new event").format(key=key, getattr=getattr(s, key)), field=key)
    changes = {k: v for k, v in changes.items() if k not in _FIXED}
    options = dict(s.options)
    for key, value in (changes.pop("options", None) or {}).items():
        if value is None:
            options.pop(key, None)  # back to the profile's default
        else:
            options[key] = value
    kw: dict[str, Any] = {f.name: getattr(s, f.name) for f in fields(Settings)
                          if f.name not in ("name", "game", "rounds", "options")}
    score = {k: changes.pop(k) for k in list(changes) if k in SCORING_KEYS}
    given = set(changes) | ({"scoring"} if score else set())
    kw.update(changes)
    name = kw.pop("name", s.name)
    rounds = kw.pop("rounds", s.rounds)
    # the defaults that depend on a setting changed here follow it (Go's chain: the system)
    return follow_defaults(s, make_settings(s.game, name, rounds, options=options, **kw,
                                            **score), given)


def _effects(old: Event, new: Event) -> tuple[str, ...]:
    from ..standings import standings
    out: list[str] = []
    swiss = [r for r in new.rounds if not r.playoff]
    if new.settings.rounds < len(swiss):
        raise SwissError(_("rounds {rounds}: {count} Swiss rounds are already paired").format(rounds=new.settings.rounds, count=len(swiss)), field="rounds")
    if not any(r.missing_results() < len(r.boards) for r in old.rounds):
        return ()
    before = {r.player.id: r.place for r in standings(old).rows}
    after = standings(new).rows
    moved = [(r.player, before.get(r.player.id), r.place) for r in after
             if before.get(r.player.id) != r.place]
    if moved:
        shown = ", ".join(f"{p.name} {a}→{b}" for p, a, b in moved[:6])
        more = f" and {len(moved) - 6} more" if len(moved) > 6 else ""
        out.append(_("standings: {count} place(s) change: {shown}{more}").format(count=len(moved), shown=shown, more=more))
    else:
        out.append(_("standings: no place changes"))
    return tuple(out)


def preview_settings(event: Event, **changes: Any) -> SettingsChange:
    """The settings ``event`` would have after ``changes`` (validated exactly as event.toml
    is), the keys that change, and what changes in the standings already played.  Writes
    nothing."""
    new = _changed(event.settings, dict(changes))
    changed = tuple(f.name for f in fields(Settings)
                    if getattr(new, f.name) != getattr(event.settings, f.name))
    effects = _effects(event, replace(event, settings=new)) if changed else ()
    return SettingsChange(new, changed, effects, tuple(default_mismatches(new)))


@recorded('settings')
def change_settings(folder: Folder, *, reason: str | None = None,
                    **changes: Any) -> tuple[Event, SettingsChange]:
    """Apply ``changes`` to the event's settings (inside the lock, on the fresh event);
    returns the new event and what changed.  In FIDE mode a change to the tie-break list
    after round 1 is paired needs a ``reason`` (kept in the history;
    :mod:`swisstui.core.fide_mode`)."""
    from .. import fide_mode
    made: list[SettingsChange] = []

    def change(ev: Event) -> Event:
        made.append(preview_settings(ev, **changes))
        fide_mode.check_settings_change(ev, made[-1].settings, reason)
        return replace(ev, settings=made[-1].settings)

    return store.update(folder, change), made[-1]


# ---- demo and simulation ----------------------------------------------------------------------

DEMO_NAMES = ("Ada Lovelace", "Bobby Fischer", "Chen Wei", "Dana Ivanova", "Emil Lasker",
              "Femke Jansen", "Goran Petrov", "Hana Sato", "Ivo Novak", "Julia Polgar")


def make_demo(dest: Folder, game: str) -> Path:
    """A copy of the game's sample event in ``dest`` (or, when the samples are not
    installed, a small event: ten players, round 1 paired)."""
    from ..model import GAMES
    if game not in GAMES:
        raise SwissError(_("unknown game {game!r}; valid: {items}").format(game=game, items=', '.join(GAMES)), field="game")
    sample = SAMPLES / game
    target = Path(dest) / f"{game}-demo"
    if (sample / store.EVENT_FILE).is_file():
        shutil.copytree(sample, target)
        return target
    from .pairing import pair_next
    from .players import add_player
    create_event(target, game, f"swisstui demo ({game})", 5)
    for i, name in enumerate(DEMO_NAMES):
        add_player(target, name, rating=2200 - 37 * i)
    pair_next(target)
    return target


DEMO_PREFIX = "swisstui-demo-"
DEMO_MAX_AGE = 24 * 3600.0  # seconds: a demo copy untouched for a day is removed


def _last_change(folder: Path) -> float:
    """The newest modification time of ``folder`` and everything in it (no symlinks)."""
    newest = folder.lstat().st_mtime
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            try:
                newest = max(newest, os.lstat(os.path.join(root, name)).st_mtime)
            except OSError:
                pass
    return newest


def remove_old_demos(parent: Folder | None = None, max_age: float = DEMO_MAX_AGE,
                     now: float | None = None) -> list[Path]:
    """Remove the demo copies (``swisstui-demo-*`` folders of the temporary folder, made by
    :func:`make_demo` through ``swisstui demo``) that are this user's and were not changed
    for ``max_age`` seconds; returns the folders removed.  Anything else is left alone: a
    folder that is not a demo copy (no ``<game>-demo/event.toml`` inside), another user's,
    or a symlink."""
    import tempfile
    import time
    parent = Path(parent or tempfile.gettempdir())
    now = time.time() if now is None else now
    removed = []
    try:
        candidates = sorted(parent.glob(DEMO_PREFIX + "*"))
    except OSError:
        return []
    for folder in candidates:
        try:
            if folder.is_symlink() or not folder.is_dir() or folder.stat().st_uid != os.getuid():
                continue
            inside = list(folder.iterdir())
            if not inside or not all(p.name.endswith("-demo") and
                                     (p / store.EVENT_FILE).is_file() for p in inside):
                continue
            if now - _last_change(folder) < max_age:
                continue
        except OSError:
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def simulate_event(game: str, players: int, rounds: int, seed: int = 0, *,
                   name: str | None = None, out: Folder | None = None) -> Event:
    """A whole event played through the engine with simulated results (bounded: 2 to
    20 000 players, 1 to 30 rounds); written to the new folder ``out`` when given."""
    from ..pairing import simulate as sim
    if not 2 <= players <= SIMULATE_MAX_PLAYERS:
        raise SwissError(_("--players must be 2 to {SIMULATE_MAX_PLAYERS} (the largest field the engine is measured on is 4000)").format(SIMULATE_MAX_PLAYERS=SIMULATE_MAX_PLAYERS), field="players")
    if not 1 <= rounds <= SIMULATE_MAX_ROUNDS:
        raise SwissError(_("--rounds must be 1 to {SIMULATE_MAX_ROUNDS}").format(SIMULATE_MAX_ROUNDS=SIMULATE_MAX_ROUNDS), field="rounds")
    settings = sim.settings_for(game, name or f"Simulated {game} event", rounds, seed)
    ev = sim.simulate(game, players, rounds, seed, settings=settings)
    if out is not None:
        store.create(out, ev.settings, ev.players)
        for rnd in ev.rounds:
            # mypy cannot infer a lambda with a default argument (it is Event -> Event)
            store.update(out, lambda e, r=rnd: e.with_round(r))  # type: ignore[misc]
    return ev
