"""The compiled solver ready before the first large round (issue 31, item 13;
swisstui/core/pairing/warmup.py): where numba's cache lives, the warm-up compiling into it, a
later process finding it, the pairing waiting for a running warm-up instead of compiling beside
it, and the background start that never blocks nor breaks the command that triggered it.

The real warm-up compiles the whole solver (a minute of CPU with an empty cache,
tests/bench/first_round.py); these tests drive the same mechanism with a tiny stand-in
function compiled by numba (``_TINY``), so each takes seconds."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from conftest import make_event
from swisstui.cli import main as cli_main
from swisstui.core import services
from swisstui.core.pairing import warmup

ROOT = Path(__file__).resolve().parents[2]

# a stand-in for the solver: one cached numba function in a module of its own
_TINY = textwrap.dedent('''
    from numba import njit

    @njit(cache=True)
    def tiny(n):
        s = 0
        for i in range(n):
            s += i * i
        return s
''')


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A fresh user cache (XDG_CACHE_HOME), NUMBA_CACHE_DIR unset: the folder warmup chooses."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return warmup.cache_dir()


def _run(code: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=str(ROOT))


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "xdg"),
               PYTHONPATH=os.pathsep.join([str(ROOT), str(tmp_path)]), **extra)
    return env


def test_cache_folder_is_the_users_keyed_by_versions(cache, tmp_path, monkeypatch):
    from importlib.metadata import version

    from swisstui import __version__
    assert cache.parent == tmp_path / "xdg" / "swisstui" / "numba"
    py = f"py{sys.version_info[0]}{sys.version_info[1]}"
    assert cache.name == f"swisstui-{__version__}-numba-{version('numba')}-{py}"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert warmup.cache_dir() == tmp_path / "mine"  # the user's own choice is kept


def test_warmup_compiles_into_the_cache_and_a_later_process_loads_it(cache, tmp_path,
                                                                      monkeypatch):
    (tmp_path / "tiny_standin.py").write_text(_TINY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("tiny_standin", None)

    def stand_in(progress):
        import tiny_standin
        assert tiny_standin.tiny(10) == 285
        progress(1, 1)

    monkeypatch.setattr(warmup, "_compile", stand_in)
    steps: list[tuple[int, int]] = []
    assert not warmup.is_ready()
    out = services.warm_solver(lambda d, t: steps.append((d, t)))
    assert out.compiled and out.folder == cache and steps == [(1, 1)]
    assert warmup.is_ready() and services.solver_state() == "ready"
    # the compiled code is in the chosen folder (numba's index and its object code) ...
    got = sorted(p.suffix for p in cache.rglob("tiny_standin.tiny-*"))
    assert ".nbi" in got and ".nbc" in got, got
    # ... and a later process, which sets the folder through prepare() as nblossom does,
    # loads it from there instead of compiling
    code = ("from swisstui.core.pairing import warmup; warmup.prepare()\n"
            "import tiny_standin\n"
            "assert tiny_standin.tiny(10) == 285\n"
            "s = tiny_standin.tiny.stats\n"
            "print(sum(s.cache_hits.values()), sum(s.cache_misses.values()))")
    res = _run(code, _env(tmp_path))
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["1", "0"]


def test_a_changed_source_is_not_ready(cache, monkeypatch):
    (cache).mkdir(parents=True)
    (cache / warmup.READY).write_text(warmup.stamp(), encoding="utf-8")
    assert warmup.is_ready()
    monkeypatch.setattr(warmup, "SOURCES", ("nblossom.py", "blossom.py"))
    assert not warmup.is_ready()


def test_the_pairing_waits_for_a_running_warmup(cache, tmp_path):
    """A process importing the compiled solver (what a large round does first) waits while a
    warm-up holds the lock, and goes on as soon as it ends: it never compiles beside it."""
    with warmup._exclusive(cache) as mine:
        assert mine and warmup.running(cache)
        assert services.solver_state() == "warming"
        code = ("import time; t = time.monotonic()\n"
                "import swisstui.core.pairing.nblossom as nb, os\n"
                "print(os.environ['NUMBA_CACHE_DIR'])\n"
                "print(round(time.monotonic() - t, 1))")
        child = subprocess.Popen([sys.executable, "-c", code], env=_env(tmp_path),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 cwd=str(ROOT))
        time.sleep(4)
        assert child.poll() is None, child.communicate()  # still waiting
        # a second warm-up started meanwhile does nothing (no second compile)
        again = warmup.warm()
        assert not again.compiled and not warmup.is_ready()
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    folder, waited = out.split()
    assert Path(folder) == cache
    assert float(waited) >= 4
    assert not warmup.running(cache)


def test_prepare_does_not_wait_without_a_warmup(cache):
    t = time.monotonic()
    assert warmup.prepare() == cache
    assert time.monotonic() - t < 1
    assert os.environ["NUMBA_CACHE_DIR"] == str(cache)


def test_prepare_waits_in_process_until_the_lock_is_released(cache):
    done = threading.Event()
    with warmup._exclusive(cache):
        th = threading.Thread(target=lambda: (warmup.prepare(), done.set()))
        th.start()
        assert not done.wait(0.5)
    assert done.wait(10)
    th.join()


class _Spawned(list):
    def __call__(self, args, **kw):
        self.append((args, kw))
        return None


def test_background_start_for_a_large_field_only(cache, monkeypatch):
    spawned = _Spawned()
    monkeypatch.setattr(warmup.subprocess, "Popen", spawned)
    assert not warmup.start_background(599) and spawned == []
    t = time.monotonic()
    assert warmup.start_background(600)
    assert time.monotonic() - t < 1  # it does not wait for the compile
    (args, kw), = spawned
    assert args[1:] == ["-m", "swisstui.core.pairing.warmup"]
    assert kw["start_new_session"] and kw["env"]["NUMBA_CACHE_DIR"] == str(cache)
    # ready, or a warm-up running: none started
    cache.joinpath(warmup.READY).write_text(warmup.stamp(), encoding="utf-8")
    assert not warmup.start_background(5000)
    cache.joinpath(warmup.READY).unlink()
    with warmup._exclusive(cache):
        assert not warmup.start_background(5000)
    assert len(spawned) == 1


def test_background_start_never_breaks(cache, tmp_path, monkeypatch):
    spawned = _Spawned()
    monkeypatch.setattr(warmup.subprocess, "Popen", spawned)
    monkeypatch.setattr(warmup, "_numba_missing", lambda: True)
    assert not warmup.start_background(1000)  # numba missing
    monkeypatch.undo()

    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "file" / "cache"))  # unwritable
    monkeypatch.setattr(warmup.subprocess, "Popen", spawned)
    assert not warmup.start_background(1000)
    assert spawned == []

    def no_fork(*a, **k):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "ok"))
    monkeypatch.setattr(warmup.subprocess, "Popen", no_fork)
    assert not warmup.start_background(1000)


def test_registering_a_large_field_starts_the_warmup(cache, tmp_path, monkeypatch):
    seen: list[int] = []
    monkeypatch.setattr(warmup, "start_background", lambda n: seen.append(n) or True)
    folder = make_event(tmp_path, game="magic", n_players=599)
    services.add_player(folder, "Late Comer")
    csv = tmp_path / "more.csv"
    csv.write_text("name\nAnna Extra\n", encoding="utf-8")
    services.import_players(folder, csv)
    assert seen == [600, 601]


def test_cli_with_an_unwritable_cache_adds_the_player_without_a_traceback(tmp_path, capsys,
                                                                          monkeypatch):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "file" / "cache"))
    folder = make_event(tmp_path, game="magic", n_players=600)
    assert cli_main(["players", "add", str(folder), "Late Comer"]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert len(services.load(folder).players) == 601
    # swisstui warm itself refuses in one line, exit 1
    assert cli_main(["warm"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "NUMBA_CACHE_DIR" in err[0], err


def test_cli_warm_prints_progress_and_state(cache, capsys, monkeypatch):
    monkeypatch.setattr(warmup, "_compile", lambda progress: (progress(1, 2), progress(2, 2)))
    assert cli_main(["warm", "--status"]) == 0
    assert "not compiled yet" in capsys.readouterr().out
    assert cli_main(["warm"]) == 0
    out = capsys.readouterr().out
    assert "1/2" in out and "2/2" in out and str(cache) in out
    assert cli_main(["warm", "--status"]) == 0
    assert "compiled and cached" in capsys.readouterr().out


def test_a_hung_warmup_holds_the_pairing_back_only_so_long(cache, monkeypatch):
    monkeypatch.setattr(warmup, "WAIT_MAX", 0.5)
    with warmup._exclusive(cache):
        t = time.monotonic()
        assert warmup.prepare() == cache  # gives up waiting: the pairing compiles for itself
        assert 0.5 <= time.monotonic() - t < 3


def test_the_warmup_run_as_a_module_does_not_wait_on_its_own_lock(cache, monkeypatch):
    """``python -m swisstui.core.pairing.warmup`` (the background start) loads this module
    twice, as __main__ and as itself; the solver's import inside the warm-up goes through the
    package's copy, which must know that this process holds the lock (before: it waited on
    its own lock until WAIT_MAX)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("swisstui.core.pairing._warmup_copy",
                                                  warmup.__file__)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, copy)
    spec.loader.exec_module(copy)
    monkeypatch.setattr(warmup, "WAIT_MAX", 5.0)
    waited: list[float] = []

    def stand_in(progress):
        t = time.monotonic()
        warmup.prepare()  # what nblossom's import does, through the package's module
        waited.append(time.monotonic() - t)

    monkeypatch.setattr(copy, "_compile", stand_in)
    assert copy.warm().compiled
    assert waited and waited[0] < 1, waited
    assert warmup.WARMING_ENV not in os.environ
