"""The compiled solver made ready before a large round needs it (docs/PAIRING.md "The compiled
blossom", issue 31).

From :data:`.engine.NATIVE_FROM` players the proof runs on code compiled by numba
(:mod:`.nblossom`, :mod:`.nprice`).  numba compiles a function at its first call and caches
the machine code on disk; a process that finds the cache loads it in about a second, but the
first process on a machine compiles: a minute of CPU and about 800 MB at its peak (measured,
``tests/bench/first_round.py``), with the hall waiting for round 1.  This module moves that
compile ahead of need:

* **Where the cache lives** (:func:`cache_dir`): ``NUMBA_CACHE_DIR`` when the user set it,
  else ``$XDG_CACHE_HOME/swisstui/numba/<key>`` (``~/.cache`` without XDG), the key naming
  swisstui's version, numba's and Python's, so a new version of any of them compiles afresh
  into a folder of its own (an installed package's folder may be read-only; the user's cache
  is not).  :func:`prepare` sets it before numba is imported (:mod:`.nblossom` calls it first).
* **The warm-up** (:func:`warm`, ``swisstui warm``): pairs round 1 and round 2 of a simulated
  event of ``engine.NATIVE_FROM`` players through the real engine, so that every compiled function a
  large round calls is compiled with the argument types the engine gives it, and written to
  the cache; then a stamp file (:func:`is_ready`).  It holds an exclusive lock on
  ``warm.lock`` in the cache folder for the whole compile.
* **The pairing waits** for a running warm-up (:func:`prepare`, a shared lock on the same
  file) instead of compiling the same functions a second time beside it on the same cores.
* **In the background** (:func:`start_background`): when an event of ``engine.NATIVE_FROM`` or more
  players is opened, registered or imported and the cache is not ready, a warm-up starts in
  a process of its own, at low priority, detached from the command that triggered it, which
  it never blocks nor breaks (no numba, an unwritable cache, no ``fork``: nothing happens).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import SwissError
from ..i18n import _

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no lock, the pairing compiles itself
    fcntl = None  # type: ignore[assignment]

def _players() -> int:
    """The field size from which the engine uses the compiled solver (engine.NATIVE_FROM):
    the warm-up pairs a field that size, and a field that size starts it."""
    from .engine import NATIVE_FROM
    return NATIVE_FROM


SOURCES = ("nblossom.py", "nprice.py")  # the modules numba compiles (the stamp's sources)
ROUNDS = 2  # rounds the warm-up pairs
LOCK = "warm.lock"
READY = "ready"
LOG = "warm.log"
NICE = 5  # the background warm-up's niceness (a pairing may wait for it: not too low)
WAIT_MAX = 600.0  # a pairing waits at most this long for a running warm-up (seconds)
# set to the warm-up's process id while it compiles: prepare() must not wait on the lock this
# process holds (an environment variable, not a module global: run as ``python -m``, this
# module is loaded twice, as __main__ and as itself)
WARMING_ENV = "SWISSTUI_WARMING"


@dataclass(frozen=True)
class WarmOutcome:
    """What :func:`warm` did: ``compiled`` False when another warm-up held the lock (nothing
    done here); ``seconds`` its wall time; ``folder`` the cache folder."""

    compiled: bool
    seconds: float
    folder: Path


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from ... import __version__
    try:
        nb = version("numba")
    except PackageNotFoundError:
        nb = "none"
    return f"swisstui-{__version__}-numba-{nb}-py{sys.version_info[0]}{sys.version_info[1]}"


def cache_dir() -> Path:
    """The folder numba caches the compiled solver in (module docstring)."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "swisstui" / "numba" / _versions()


def stamp() -> str:
    """The versions and the compiled modules' sizes and times: the ready file holds it, so a
    changed source (a development tree) is warmed again."""
    here = Path(__file__).resolve().parent
    parts = [_versions()]
    for name in SOURCES:
        try:
            st = (here / name).stat()
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{name}:-")
    return "\n".join(parts) + "\n"


def is_ready(folder: Path | None = None) -> bool:
    """Has a warm-up finished for these sources into the cache folder?"""
    try:
        return ((folder or cache_dir()) / READY).read_text(encoding="utf-8") == stamp()
    except (OSError, UnicodeDecodeError):
        return False


def _lock_fd(folder: Path) -> int | None:
    if fcntl is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None


def running(folder: Path | None = None) -> bool:
    """Is a warm-up compiling into the cache folder now (its lock held)?"""
    fd = _lock_fd(folder or cache_dir())
    if fd is None:
        return False
    try:
        assert fcntl is not None
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)  # (closing releases the lock)


def wait(folder: Path | None = None, limit: float | None = None) -> bool:
    """Wait until no warm-up is compiling into the cache folder, at most ``limit`` seconds
    (:data:`WAIT_MAX`; a warm-up that hangs must not hold a round back for ever: past it,
    the pairing compiles for itself).  Returns whether it waited."""
    fd = _lock_fd(folder or cache_dir())
    if fd is None:
        return False
    assert fcntl is not None
    end = time.monotonic() + (WAIT_MAX if limit is None else limit)
    try:
        waited = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                return waited
            except OSError:
                if time.monotonic() >= end:
                    return True
            waited = True
            time.sleep(0.05)
    finally:
        os.close(fd)


def prepare() -> Path:
    """Before numba's compiled modules are loaded (:mod:`.nblossom` calls this first): point
    numba's cache at :func:`cache_dir` and wait for a running warm-up."""
    folder = cache_dir()
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba already imported: its setting was read then
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    if os.environ.get(WARMING_ENV) != str(os.getpid()):
        wait(folder)
    return folder


@contextlib.contextmanager
def _exclusive(folder: Path) -> Iterator[bool]:
    fd = _lock_fd(folder)
    if fd is None:
        yield True
        return
    assert fcntl is not None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


def warm(progress: Callable[[int, int], None] | None = None) -> WarmOutcome:
    """Compile the solver into the cache folder (module docstring): round 1 and round 2 of a
    simulated event of ``engine.NATIVE_FROM`` players; ``progress(done, total)`` after each step.
    Returns at once (``compiled`` False) when another warm-up holds the lock."""
    t = time.perf_counter()
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / LOCK).touch()
    except OSError as exc:
        raise SwissError(_("{folder}: cannot write the solver's cache folder ({error}); "
                           "set NUMBA_CACHE_DIR to a writable one").format(
            folder=folder, error=exc.strerror or exc)) from None
    with _exclusive(folder) as mine:
        if not mine:
            return WarmOutcome(False, time.perf_counter() - t, folder)
        os.environ[WARMING_ENV] = str(os.getpid())
        try:
            prepare()
            _compile(progress)
        finally:
            os.environ.pop(WARMING_ENV, None)
        (folder / READY).write_text(stamp(), encoding="utf-8")
    return WarmOutcome(True, time.perf_counter() - t, folder)


def _compile(progress: Callable[[int, int], None] | None) -> None:
    """Pair :data:`ROUNDS` rounds of a simulated event of ``engine.NATIVE_FROM`` Magic players: the
    compiled functions a large round calls, with the argument types the engine gives them."""
    import random

    from ..model import Event
    from . import pair_round
    from .simulate import play, random_players, settings_for

    size = _players()
    rng = random.Random(size)
    s = settings_for("magic", "warm-up", ROUNDS + 1, seed=size)
    ev = Event(s, tuple(random_players(size, rng, "magic")))
    for r in range(ROUNDS):
        p = pair_round(ev, allow_rematch=True)
        ev = ev.with_round(play(ev, p.round, rng))
        if progress is not None:
            progress(r + 1, ROUNDS)


def _numba_missing() -> bool:
    from importlib.util import find_spec
    try:
        return find_spec("numba") is None
    except (ImportError, ValueError):
        return True


def _child_env(folder: Path) -> dict[str, str]:
    """The warm-up's environment: this cache folder, and this swisstui on its path."""
    root = str(Path(__file__).resolve().parents[3])
    path = os.environ.get("PYTHONPATH")
    return dict(os.environ, NUMBA_CACHE_DIR=str(folder),
                PYTHONPATH=root + (os.pathsep + path if path else ""))


def start_background(players: int) -> bool:
    """Start :func:`warm` in a detached low-priority process when a field of ``players``
    needs the compiled solver and it is neither ready nor being compiled.  Never raises and
    never waits; returns whether it started one."""
    try:
        if players < _players() or _numba_missing():
            return False
        folder = cache_dir()
        if is_ready(folder) or running(folder):
            return False
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / LOG, "ab") as log:
            subprocess.Popen(
                [sys.executable, "-m", "swisstui.core.pairing.warmup"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
                close_fds=True, env=_child_env(folder), cwd=str(folder))
        return True
    except Exception:  # noqa: BLE001 - an unwritable cache, no fork, a broken install: the
        return False  # pairing compiles itself, as without a warm-up


def _background() -> int:  # pragma: no cover - run as ``python -m`` by start_background
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    warm()  # (its errors, if any, go to the log in the cache folder)
    return 0


if __name__ == "__main__":  # pragma: no cover - the package's module, not this copy
    from swisstui.core.pairing import warmup as _self
    sys.exit(_self._background())
