"""The round clock (rules: :mod:`swisstui.core.clock`): start it for the current round, pause,
resume, extend, and read it.  Starting writes the folder's own clock; pausing, resuming and
extending act on the clock that times the folder (a section's own, else the hall's:
:func:`clock_folder`).  Every write goes through the event's lock and an atomic write
of ``clock.toml``; a refusal (no clock yet, already paused, bad minutes) writes nothing."""

from __future__ import annotations

from ..store.history import recorded
from ..i18n import _

import os
from pathlib import Path

from .. import clock, store
from ..clock import ClockState, RoundClock
from ..errors import SwissError

Folder = str | os.PathLike[str]

__all__ = ["ClockState", "RoundClock", "clock_start", "clock_pause", "clock_resume",
           "clock_extend", "clock_state"]


@recorded('clock start')
def clock_start(folder: Folder, minutes: float, round_no: int | None = None) -> ClockState:
    """Start (or restart) the clock of ``round_no`` (default: the current round) with
    ``minutes`` to play."""
    def step(_old):
        number = round_no
        if number is None:
            number = store.load(folder).current_round
        if number < 1:
            raise SwissError(_("no round has been paired yet: pair a round, then start its clock"))
        return clock.started(number, minutes)
    return _state(clock.change(folder, step))


@recorded('clock pause')
def clock_pause(folder: Folder) -> ClockState:
    """Stop the clock where it is (refused when it is paused already or not started)."""
    return _state(clock.change(clock_folder(folder), clock.paused))


@recorded('clock resume')
def clock_resume(folder: Folder) -> ClockState:
    """Let a paused clock run on from where it stopped."""
    return _state(clock.change(clock_folder(folder), clock.resumed))


@recorded('clock extend')
def clock_extend(folder: Folder, minutes: float) -> ClockState:
    """Give the round ``minutes`` more (also after time is up, and while paused)."""
    return _state(clock.change(clock_folder(folder), lambda c: clock.extended(c, minutes)))


def clock_folder(folder: Folder) -> Folder:
    """The folder whose ``clock.toml`` times ``folder``'s rounds (issue 33, item 8): its
    own when it has one; a section without one follows the hall's clock, the event root's
    (the first section's), so a hall runs one clock, or one per section that starts its own
    (``swisstui clock EVENT --section U1600 start 60``)."""
    if os.path.lexists(clock.path_of(folder)):
        return folder
    from ..store import sections as layout
    return layout.root_of(Path(folder)) or folder


def clock_state(folder: Folder) -> ClockState | None:
    """The clock of the event in ``folder`` as it reads now, or None when none was started
    (an :class:`~swisstui.core.model.Event` does not know its folder, hence the folder); a
    section without a clock of its own reads the hall's (:func:`clock_folder`)."""
    return clock.state(clock.read(clock_folder(folder)))


def clock_fingerprint(folder: Folder) -> tuple:
    """Changes whenever the ``clock.toml`` that times ``folder`` is written, or a section
    starts a clock of its own (part of :func:`.event.fingerprint`)."""
    timed = clock_folder(folder)
    try:
        st = clock.path_of(timed).stat()
    except OSError:
        return (clock.CLOCK_FILE, None)
    return (clock.CLOCK_FILE, str(timed), st.st_mtime_ns, st.st_size, st.st_ino)


def _state(c: RoundClock) -> ClockState:
    state = clock.state(c)
    assert state is not None
    return state
