"""The compiled pairing solver made ready ahead of need (:mod:`swisstui.core.pairing.warmup`):
``swisstui warm`` compiles it now, with progress; :func:`warm_for` starts a background warm-up
when an event is large enough to need it (opened, players registered or imported)."""

from __future__ import annotations

from collections.abc import Callable

from ..model import Event
from ..pairing import warmup
from ..pairing.warmup import WarmOutcome


def warm_solver(progress: Callable[[int, int], None] | None = None) -> WarmOutcome:
    """Compile the solver into the cache now (waits for nothing: a warm-up already running
    elsewhere makes this return at once with ``compiled`` False)."""
    return warmup.warm(progress)


def solver_state() -> str:
    """``ready``, ``warming`` (a warm-up is compiling) or ``cold``."""
    if warmup.is_ready():
        return "ready"
    return "warming" if warmup.running() else "cold"


def warm_for(event: Event | None) -> bool:
    """Start a background warm-up if ``event`` has enough players to need the compiled
    solver and it is not ready; never raises nor waits.  Returns whether one started."""
    if event is None:
        return False
    return warmup.start_background(len(event.players))
