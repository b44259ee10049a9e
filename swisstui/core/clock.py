"""The round clock: how long the players of a round have left, kept in ``clock.toml`` of the
event folder so every view (the TUI, the projector, the players' page, a second director's
machine) shows the same time.

The file holds the moment the clock started, the minutes given (extensions added in), the
seconds spent paused and, while paused, the moment of the pause (docs/FORMAT.md, "clock.toml").
The time left is computed from these and the wall clock; nothing ticks on disk.  Writes go
through the store's lock and atomic write, like the event's own files.
"""

from __future__ import annotations

from .i18n import _

import os
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import tomli_w

from . import store
from .errors import EventFileError, SwissError
from .store.layout import CLOCK_FILE
from .store.reading import _Reader, _read_toml
MAX_MINUTES = 24 * 60


@dataclass(frozen=True)
class RoundClock:
    """The stored clock of one round (times in UTC)."""

    round: int
    minutes: float
    started: datetime
    paused_seconds: float = 0.0
    paused_at: datetime | None = None


@dataclass(frozen=True)
class ClockState:
    """What a view shows: the round, seconds left (negative once time is up), paused or not."""

    round: int
    minutes: float
    remaining: float
    paused: bool

    @property
    def expired(self) -> bool:
        return self.remaining <= 0

    @property
    def text(self) -> str:
        """``mm:ss`` (``h:mm:ss`` from an hour), ``0:00`` once time is up."""
        left = max(0, int(self.remaining + 0.999))  # 59.2 s left shows 1:00 → 0:59 … 0:01
        h, rest = divmod(left, 3600)
        m, s = divmod(rest, 60)
        return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"

    @property
    def label(self) -> str:
        """One line for a view: ``Round 3 · 42:17``, ``… (paused)``, ``… time is up``."""
        tail = " (paused)" if self.paused else (" · time is up" if self.expired else "")
        return _("Round {round} · {text}{tail}").format(round=self.round, text=self.text, tail=tail)

    def as_json(self) -> dict:
        return {"round": self.round, "minutes": self.minutes, "remaining": self.remaining,
                "paused": self.paused, "text": self.text, "label": self.label}


def now() -> datetime:
    return datetime.now(UTC)


def path_of(folder: str | os.PathLike[str]) -> Path:
    return Path(folder) / CLOCK_FILE


def read(folder: str | os.PathLike[str]) -> RoundClock | None:
    """The stored clock, or None when there is none; a damaged file is one line naming it.

    Read as the event's own files are (:func:`swisstui.core.store.reading._read_toml`): a
    regular file only (a named pipe or a device in its place is refused before it is opened
    for reading, so nothing waits on it), UTF-8, TOML nested at most 32 deep, finite
    numbers; then each value's type and range (``file:line: message``)."""
    path = path_of(folder)
    if not os.path.lexists(path):
        return None
    try:
        text, data = _read_toml(path)
    except EventFileError:
        if not os.path.lexists(path):  # removed meanwhile: no clock
            return None
        raise
    r = _Reader(path, text, data)
    number = r.positive("round", required=True)
    minutes = r.get("minutes", "float", required=True)
    if not 0 < minutes <= MAX_MINUTES:
        raise r.err("minutes", _("{what}: more than 0 and at most {MAX_MINUTES}, not {minutes}").format(what="minutes", MAX_MINUTES=MAX_MINUTES, minutes=minutes))
    spent = r.get("paused_seconds", "float", 0.0)
    if spent < 0:
        raise r.err("paused_seconds", _("{key!r} must be at least {minimum}, not {value}").format(key="paused_seconds", minimum=0, value=spent))
    if "started" not in data:
        raise r.err(None, _("{label}: missing key {key!r}").format(label=r.label, key="started"))
    try:
        paused_at = data.get("paused_at")
        clock = RoundClock(round=number, minutes=minutes, started=_utc(data.get("started")),
                           paused_seconds=spent,
                           paused_at=None if paused_at is None else _utc(paused_at))
    except ValueError as exc:
        raise SwissError(_("{path}: not a round clock ({exc})").format(path=path, exc=exc)) from None
    return clock


def _utc(value) -> datetime:
    if not isinstance(value, datetime):
        raise ValueError(f"not a date-time: {value!r}")
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def state(clock: RoundClock | None, at: datetime | None = None) -> ClockState | None:
    """The clock as it reads at ``at`` (default: now)."""
    if clock is None:
        return None
    at = at or now()
    until = clock.paused_at or at
    used = (until - clock.started).total_seconds() - clock.paused_seconds
    return ClockState(clock.round, clock.minutes, clock.minutes * 60 - used,
                      clock.paused_at is not None)


def _doc(clock: RoundClock) -> bytes:
    doc: dict = {"round": clock.round, "minutes": clock.minutes, "started": clock.started,
                 "paused_seconds": round(clock.paused_seconds, 3)}
    if clock.paused_at is not None:
        doc["paused_at"] = clock.paused_at
    return ("# swisstui round clock (docs/FORMAT.md)\n" + tomli_w.dumps(doc)).encode("utf-8")


def check_minutes(minutes: float, what: str = "minutes") -> float:
    try:
        value = float(minutes)
    except (TypeError, ValueError):
        raise SwissError(_("{what}: a number of minutes, not {minutes!r}").format(what=what, minutes=minutes), field=what) from None
    if not 0 < value <= MAX_MINUTES:
        raise SwissError(_("{what}: more than 0 and at most {MAX_MINUTES}, not {minutes}").format(what=what, MAX_MINUTES=MAX_MINUTES, minutes=minutes),
                         field=what)
    return value


def change(folder: str | os.PathLike[str], step) -> RoundClock:
    """Under the event's lock: read the clock, ``step(clock) -> clock`` (may refuse with
    SwissError, then nothing is written), write it atomically."""
    made: list[RoundClock] = []

    def write(path: Path) -> bytes:
        made.append(step(read(path.parent)))
        return _doc(made[-1])

    store.update_side_file(folder, path_of(Path(folder)).name, write)
    return made[-1]


def started(round_no: int, minutes: float, at: datetime | None = None) -> RoundClock:
    return RoundClock(round_no, check_minutes(minutes), at or now())


def paused(clock: RoundClock | None, at: datetime | None = None) -> RoundClock:
    clock = _running(clock)
    if clock.paused_at is not None:
        raise SwissError(_("the round clock is already paused"))
    return replace(clock, paused_at=at or now())


def resumed(clock: RoundClock | None, at: datetime | None = None) -> RoundClock:
    clock = _running(clock)
    if clock.paused_at is None:
        raise SwissError(_("the round clock is not paused"))
    at = at or now()
    return replace(clock, paused_at=None,
                   paused_seconds=clock.paused_seconds + (at - clock.paused_at).total_seconds())


def extended(clock: RoundClock | None, minutes: float) -> RoundClock:
    clock = _running(clock)
    total = clock.minutes + check_minutes(minutes)
    if total > MAX_MINUTES:
        raise SwissError(_("minutes: the clock cannot exceed {MAX_MINUTES} minutes").format(MAX_MINUTES=MAX_MINUTES))
    return replace(clock, minutes=total)


def _running(clock: RoundClock | None) -> RoundClock:
    if clock is None:
        raise SwissError(_("the round clock has not been started (swisstui clock EVENT start 60)"))
    return clock
