"""The store under concurrency and crashes: two processes writing the same event lose
nothing; a writer killed with SIGKILL at random moments always leaves a folder that loads."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.model import Board, Round

# subprocesses import the test helpers (manual_round) from tests/
TESTS_ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}

WRITER = textwrap.dedent("""
    import sys
    from dataclasses import replace
    from swisstui.core import store
    from swisstui.core.games import profile

    folder, first, last, text = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

    def setter(bno):
        def change(ev):
            rnd = ev.round(1)
            res = profile(ev.game).result(text, ev.settings)
            boards = tuple(replace(b, result=res) if b.number == bno else b
                           for b in rnd.boards)
            return ev.with_round(replace(rnd, boards=boards))
        return change

    for bno in range(first, last + 1):
        store.update(folder, setter(bno))
    print("done", flush=True)
""")

LOOPER = textwrap.dedent("""
    import sys
    from dataclasses import replace
    from swisstui.core import store
    from swisstui.core.games import profile
    from swisstui.core.model import Player

    folder = sys.argv[1]
    i = 0
    print("ready", flush=True)
    while True:
        i += 1
        def change(ev, i=i):
            rnd = ev.round(1)
            texts = ("1-0", "0-1", "1/2-1/2")
            res = profile(ev.game).result(texts[i % 3], ev.settings)
            boards = tuple(replace(b, result=None if (i + b.number) % 4 == 0 else res)
                           for b in rnd.boards)
            ev = ev.with_round(replace(rnd, boards=boards))
            if i % 5 == 0:
                ev = ev.with_player(Player(1000 + i % 7, f"Late {i}"))
            if i % 7 == 0:
                ev = ev.without_round(2) if ev.round(2) else ev.with_round(
                    replace(ev.round(1), number=2))
            return ev
        store.update(folder, change)
        print("ack", flush=True)
""")


ADDER = textwrap.dedent("""
    import sys
    from swisstui.core import store
    from swisstui.core.registration import add_player
    folder, tag = sys.argv[1], sys.argv[2]
    for i in range(20):
        store.update(folder, lambda ev, i=i: add_player(ev, f"{tag}{i}"))
""")


def test_two_processes_registering_get_distinct_ids(tmp_path):
    folder = make_event(tmp_path, "go", 0)
    procs = [subprocess.Popen([sys.executable, "-c", ADDER, str(folder), tag],
                              stderr=subprocess.PIPE, text=True) for tag in ("A", "B")]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    ev = store.load(folder)
    assert [p.id for p in ev.players] == list(range(1, 41))
    assert sorted(p.name for p in ev.players) == sorted(
        [f"A{i}" for i in range(20)] + [f"B{i}" for i in range(20)])


def _paired(tmp_path, n_boards):
    folder = make_event(tmp_path, "chess", 2 * n_boards)
    store.update(folder, lambda e: e.with_round(
        Round(1, tuple(Board(b, (2 * b - 1, 2 * b)) for b in range(1, n_boards + 1)))))
    return folder


def test_two_processes_writing_lose_nothing(tmp_path):
    folder = _paired(tmp_path, 100)
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(first),
                               str(first + 49), text], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for first, text in ((1, "1-0"), (51, "0-1"))]
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0, err
        assert out.strip() == "done"
    ev = store.load(folder)
    results = {b.number: b.result.text if b.result else None for b in ev.round(1).boards}
    assert results == {b: "1-0" if b <= 50 else "0-1" for b in range(1, 101)}


def test_kill_9_at_random_moments_leaves_a_loadable_folder(tmp_path):
    folder = _paired(tmp_path, 30)
    rng = random.Random(2026)
    for k in range(8):
        p = subprocess.Popen([sys.executable, "-c", LOOPER, str(folder)], env=TESTS_ENV,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert p.stdout.readline().strip() == "ready"
        if k == 0:  # on a slow machine the first write may take longer than any delay
            assert p.stdout.readline().strip() == "ack"
        time.sleep(rng.uniform(0.02, 0.3))
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        ev = store.load(folder)  # never torn
        assert len(ev.round(1).boards) == 30
        assert store.check(folder) == []
    # the writer really wrote something
    assert any(b.result for b in store.load(folder).round(1).boards)


KILL_AT = textwrap.dedent("""
    import os, signal, sys
    from swisstui.core import store
    from swisstui.core.registration import add_player
    from manual_round import make_round
    folder, where = sys.argv[1], sys.argv[2]
    real_replace, real_fdopen = os.replace, os.fdopen

    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    class Torn:
        def __init__(self, f): self.f = f
        def __enter__(self): return self
        def __exit__(self, *a): return False
        def write(self, data):
            self.f.write(data[: len(data) // 2]); self.f.flush(); die()
        def __getattr__(self, name): return getattr(self.f, name)

    if where == "mid-write":
        store.os.fdopen = lambda fd, mode: Torn(real_fdopen(fd, mode))
    elif where == "before-replace":  # (the history's intent, in .git, is written first)
        store.os.replace = lambda a, b: real_replace(a, b) if ".git" in str(b) else die()
    elif where == "between-files":  # the round file replaced, players.toml not yet
        def replace_then_die(a, b):
            real_replace(a, b)
            if str(b).endswith("01.toml"):
                die()
        store.os.replace = replace_then_die

    def change(ev):
        ev = add_player(ev, "Late Entry")
        return make_round(ev, [(1, 2), (3, 4)])
    store.update(folder, change)
""")


@pytest.mark.parametrize("where", ["mid-write", "before-replace", "between-files"])
def test_kill_at_each_step_of_a_write(tmp_path, where):
    folder = make_event(tmp_path, "chess", 4)
    before = store.load(folder)
    p = subprocess.run([sys.executable, "-c", KILL_AT, str(folder), where], env=TESTS_ENV,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL, p.stderr
    after = store.load(folder)  # loads: old files or new ones, never torn
    if where == "between-files":  # past the journal: the next reader finishes the change
        assert after.player(5) is not None and len(after.round(1).boards) == 2
        assert not (folder / store.JOURNAL_FILE).exists()
    else:
        assert after == before
        assert any(n.name.endswith(store.TMP_SUFFIX) for n in folder.rglob(".*"))
    store.update(folder, lambda e: e)  # a no-op update still cleans up
    store.update(folder, lambda e: e.with_player(replace(e.player(1), notes="x")))
    assert not any(n.name.endswith(store.TMP_SUFFIX) for n in folder.rglob(".*"))
    assert store.check(folder) == []


UNDO_AND_REMOVE = textwrap.dedent("""
    import os, signal, sys
    from swisstui.core import store
    from swisstui.core.registration import remove_player
    folder = sys.argv[1]
    real_unlink = os.unlink

    def unlink_then_die(p):
        real_unlink(p)
        os.kill(os.getpid(), signal.SIGKILL)
    store.os.unlink = unlink_then_die
    store.update(folder, lambda ev: remove_player(ev.without_round(1), 4))
""")


def test_kill_between_undo_and_player_removal(tmp_path):
    from manual_round import make_round
    folder = make_event(tmp_path, "chess", 4)
    store.update(folder, lambda e: make_round(e, [(1, 2), (3, 4)]))
    p = subprocess.run([sys.executable, "-c", UNDO_AND_REMOVE, str(folder)], env=TESTS_ENV,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL, p.stderr
    ev = store.load(folder)  # past the journal: the next reader finishes the change
    assert ev.rounds == () and ev.player(4) is None
    assert store.check(folder) == []
