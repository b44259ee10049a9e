"""History libraries benchmark (issue 34 items 1 and 6): pygit2 against dulwich.

Neither library is a dependency of swisstui; run this in a scratch venv that has either or
both (a library that is absent is skipped)::

    python3 -m venv /tmp/gitlibs && /tmp/gitlibs/bin/pip install pygit2 dulwich
    /tmp/gitlibs/bin/pip install -r requirements-lock.txt
    /tmp/gitlibs/bin/pip install --no-deps -e .
    /tmp/gitlibs/bin/python tests/bench/history_libs.py [--quick] [--keep DIR]

On event folders written by swisstui's store (players.toml, event.toml, rounds/NN.toml;
chess, random pairings and results), the commit timings (1, 2, 4) in one process where the
libraries take turns result by result (a busy moment of the shared machine falls on both),
the history (3, 5) in one process per library (its own peak RSS):

1. one commit after a result was recorded (``record_result``, the round file written with the
   store's serialiser: one file changed), 500 and 4000 players, 50 results each: *incremental* (no index: the blob of the changed file, a tree
   reusing the previous tree's entries, the commit with its parent, the ref moved only if it
   still names the parent) and *naive* (hash every file of the folder, build every tree);
   pygit2 also through its index (``add_all``, stat cache).  Both with the library's default
   durability and with every object and ref fsynced (``durable``: what store.update does for
   the TOML files).  p50 / p95 in ms, next to the time to record the result.
2. a hand edit: hash the event's files and compare them with HEAD's tree, 500 / 4000 players.
3. ``log`` over 10 000 commits: all of them (author, time, message) and those touching
   rounds/03.toml, p50.
4. the diff of players.toml at 4000 players between two commits (a rating, a name, a player).
5. disk growth of the .git of a 2000-player, 9-round event with every result committed one by
   one (a commit per pairing and per result, 9010 commits): loose, then after the library's own
   packing (dulwich: ``porcelain.gc``; libgit2 has no gc: ``Repository.pack`` writes a pack of
   everything and leaves the loose objects, so the packed figure is that pack alone), and
   ``git gc`` for reference when git is installed.
6. import time (new process), install size, version, licence and the compare-and-swap of the
   ref against a concurrent writer (a stale parent, a held ``.lock``).

Then each repository is read by the other library and by ``git fsck`` / ``git log``.
Figures vary with the machine's load: compare the libraries within one run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import io
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ (conftest)

from conftest import make_event  # noqa: E402

from swisstui.core import store  # noqa: E402
from swisstui.core.games import profile  # noqa: E402
from swisstui.core.model import Board, Round  # noqa: E402
from swisstui.core.results import record_result  # noqa: E402
from swisstui.core.store.serialise import (  # noqa: E402
    _HEADERS, _dump, _players_doc, _round_bytes)

LIBS = ("pygit2", "dulwich")
AUTHOR = ("Tournament Director", "td@example.org")
REF = "refs/heads/main"
RESULTS = ("1-0", "0-1", "½-½")


def tracked(folder: Path) -> list[str]:
    """The event's files, as the history would keep them: every file but dot files and dot
    folders (.git, .swisstui-cache, .swisstui.lock)."""
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        rel = Path(root).relative_to(folder)
        out += [(rel / f).as_posix() for f in sorted(files) if not f.startswith(".")]
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def du(path: Path) -> tuple[int, int, int]:
    """(bytes of the files, bytes of the disk blocks, number of files) under ``path``."""
    size = blocks = n = 0
    for root, _dirs, files in os.walk(path):
        for f in files:
            st = os.lstat(os.path.join(root, f))
            size += st.st_size
            blocks += st.st_blocks * 512
            n += 1
    return size, blocks, n


# --- the two libraries behind one small interface -------------------------------------------

class Pygit2:
    name = "pygit2"

    def __init__(self, folder: Path, durable: bool, create: bool = True) -> None:
        import pygit2
        self.git = pygit2
        pygit2.option(pygit2.enums.Option.ENABLE_FSYNC_GITDIR, 1 if durable else 0)
        self.folder = folder
        self.repo = (pygit2.init_repository(str(folder), initial_head="main") if create
                     else pygit2.Repository(str(folder)))

    def hexhead(self) -> str:
        return str(self.head())

    def _sig(self):
        return self.git.Signature(*AUTHOR)

    def head(self):
        try:
            return self.repo.references[REF].target
        except KeyError:
            return None

    def _commit(self, tree, message: str) -> str:
        parent = self.head()
        # With a ref name, libgit2 moves the ref only if it still names parents[0]
        # (under the ref's .lock), else "current tip is not the first parent".
        oid = self.repo.create_commit(REF, self._sig(), self._sig(), message, tree,
                                      [] if parent is None else [parent])
        return str(oid)

    def commit_naive(self, message: str) -> str:
        trees: dict[str, Any] = {}
        for rel in tracked(self.folder):
            d, _, f = rel.rpartition("/")
            trees.setdefault(d, {})[f] = (self.repo.create_blob_fromdisk(
                str(self.folder / rel)), self.git.enums.FileMode.BLOB)
        for d in sorted((d for d in trees if d), key=lambda d: -d.count("/")):
            tb = self.repo.TreeBuilder()
            for f, (oid, mode) in trees.pop(d).items():
                tb.insert(f, oid, mode)
            parent, _, base = d.rpartition("/")
            trees.setdefault(parent, {})[base] = (tb.write(), self.git.enums.FileMode.TREE)
        tb = self.repo.TreeBuilder()
        for f, (oid, mode) in trees.get("", {}).items():
            tb.insert(f, oid, mode)
        return self._commit(tb.write(), message)

    def commit_changed(self, paths: list[str], message: str) -> str:
        head = self.head()
        root = self.repo[head].tree if head is not None else None

        def build(tree, parts_list: list[tuple[list[str], str]]):
            tb = self.repo.TreeBuilder(tree) if tree is not None else self.repo.TreeBuilder()
            sub: dict[str, list[tuple[list[str], str]]] = {}
            for parts, rel in parts_list:
                if len(parts) == 1:
                    p = self.folder / rel
                    if p.exists():
                        tb.insert(parts[0], self.repo.create_blob_fromdisk(str(p)),
                                  self.git.enums.FileMode.BLOB)
                    elif tree is not None and parts[0] in tree:
                        tb.remove(parts[0])
                else:
                    sub.setdefault(parts[0], []).append((parts[1:], rel))
            for name, items in sub.items():
                old = tree[name] if tree is not None and name in tree else None
                tb.insert(name, build(old, items), self.git.enums.FileMode.TREE)
            return tb.write()

        return self._commit(build(root, [(p.split("/"), p) for p in paths]), message)

    def commit_index(self, message: str) -> str:
        idx = self.repo.index
        idx.add_all(tracked(self.folder))
        idx.write()
        return self._commit(idx.write_tree(), message)

    def changed(self) -> list[str]:
        """The event's files whose bytes differ from HEAD's tree (or are new or gone)."""
        head = self.head()
        want: dict[str, str] = {}

        def walk(tree, prefix: str) -> None:
            for e in tree:
                if e.type_str == "tree":
                    walk(e, prefix + e.name + "/")
                else:
                    want[prefix + e.name] = str(e.id)
        walk(self.repo[head].tree, "")
        out = []
        for rel in tracked(self.folder):
            if str(self.git.hashfile(str(self.folder / rel))) != want.pop(rel, None):
                out.append(rel)
        return sorted(out + list(want))

    def log(self) -> list[tuple[str, int, str]]:
        return [(c.author.name, c.commit_time, c.message)
                for c in self.repo.walk(self.head(), self.git.enums.SortMode.TOPOLOGICAL)]

    def log_path(self, path: str) -> list[tuple[str, int, str]]:
        def blob(c):
            try:
                return c.tree[path].id
            except KeyError:
                return None
        out = []
        for c in self.repo.walk(self.head(), self.git.enums.SortMode.TOPOLOGICAL):
            mine = blob(c)
            if (mine is not None or c.parents) and (
                    not c.parents or any(blob(p) != mine for p in c.parents)):
                out.append((c.author.name, c.commit_time, c.message))
        return out

    def diff(self, a: str, b: str, path: str) -> str:
        old, new = self.repo[a].tree[path], self.repo[b].tree[path]
        return old.diff(new, old_as_path=path, new_as_path=path).text

    def commits(self) -> list[str]:
        return [str(c.id) for c in self.repo.walk(self.head(), self.git.enums.SortMode.TOPOLOGICAL)]

    def files_at_head(self) -> dict[str, bytes]:
        out: dict[str, bytes] = {}

        def walk(tree, prefix: str) -> None:
            for e in tree:
                if e.type_str == "tree":
                    walk(e, prefix + e.name + "/")
                else:
                    out[prefix + e.name] = e.data
        walk(self.repo[self.head()].tree, "")
        return out

    def pack(self) -> str:
        """libgit2 has a pack writer but no gc: one pack of the whole history, objects
        added commit by commit with their paths (``add_recur``: without the paths libgit2
        pairs unrelated blobs for deltas and the pack is 15 times larger), then the loose
        objects, all in the pack, removed by hand."""
        packdir = self.folder / ".git" / "objects" / "pack"
        loose = list((self.folder / ".git" / "objects").glob("??/*"))

        def add(pb) -> None:
            for c in self.repo.walk(self.head(), self.git.enums.SortMode.TOPOLOGICAL
                                    | self.git.enums.SortMode.REVERSE):
                pb.add_recur(c.id)
        n = self.repo.pack(str(packdir), pack_delegate=add, n_threads=2)
        assert n >= len(loose), (n, len(loose))
        for p in loose:
            p.unlink()
        return (f"Repository.pack (add_recur per commit, 2 threads): {n} objects; "
                "the loose ones deleted by hand (libgit2 has no prune)")


class Dulwich:
    name = "dulwich"

    def __init__(self, folder: Path, durable: bool, create: bool = True) -> None:
        from dulwich import objects, repo
        self.o = objects
        self.folder = folder
        if create:
            r = repo.Repo.init(str(folder), default_branch=b"main")
            if durable:
                cfg = r.get_config()
                cfg.set((b"core",), b"fsyncObjectFiles", True)
                cfg.write_to_path()
            r.close()
        self.repo = repo.Repo(str(folder))

    def head(self):
        try:
            return self.repo.refs[REF.encode()]
        except KeyError:
            return None

    def hexhead(self) -> str:
        return self.head().decode()

    def _commit(self, tree: bytes, message: str) -> str:
        parent = self.head()
        c = self.o.Commit()
        c.tree = tree
        c.parents = [] if parent is None else [parent]
        c.author = c.committer = f"{AUTHOR[0]} <{AUTHOR[1]}>".encode()
        c.author_time = c.commit_time = int(time.time())
        c.author_timezone = c.commit_timezone = 0
        c.encoding = b"UTF-8"
        c.message = message.encode()
        self.repo.object_store.add_object(c)
        # compare-and-swap under refs/heads/main.lock
        if not self.repo.refs.set_if_equals(REF.encode(), parent, c.id,
                                            message=b"commit: " + message.encode()):
            raise RuntimeError("ref moved by another writer")
        return c.id.decode()

    def _blob(self, rel: str) -> bytes:
        b = self.o.Blob.from_string((self.folder / rel).read_bytes())
        self.repo.object_store.add_object(b)
        return b.id

    def commit_naive(self, message: str) -> str:
        trees: dict[str, Any] = {}
        for rel in tracked(self.folder):
            d, _, f = rel.rpartition("/")
            trees.setdefault(d, {})[f] = (self._blob(rel), 0o100644)
        for d in sorted((d for d in trees if d), key=lambda d: -d.count("/")):
            t = self.o.Tree()
            for f, (oid, mode) in trees.pop(d).items():
                t.add(f.encode(), mode, oid)
            self.repo.object_store.add_object(t)
            parent, _, base = d.rpartition("/")
            trees.setdefault(parent, {})[base] = (t.id, 0o040000)
        t = self.o.Tree()
        for f, (oid, mode) in trees.get("", {}).items():
            t.add(f.encode(), mode, oid)
        self.repo.object_store.add_object(t)
        return self._commit(t.id, message)

    def commit_changed(self, paths: list[str], message: str) -> str:
        from dulwich.object_store import commit_tree_changes
        head = self.head()
        changes = []
        for rel in paths:
            if (self.folder / rel).exists():
                changes.append((rel.encode(), 0o100644, self._blob(rel)))
            else:
                changes.append((rel.encode(), None, None))
        root = self.repo[head].tree if head is not None else self.o.Tree()
        return self._commit(commit_tree_changes(self.repo.object_store, root, changes), message)

    def changed(self) -> list[str]:
        want = {e.path.decode(): e.sha for e in
                self.repo.object_store.iter_tree_contents(self.repo[self.head()].tree)}
        out = []
        for rel in tracked(self.folder):
            sha = self.o.Blob.from_string((self.folder / rel).read_bytes()).id
            if sha != want.pop(rel, None):
                out.append(rel)
        return sorted(out + list(want))

    def log(self) -> list[tuple[str, int, str]]:
        return [(e.commit.author.decode().rpartition(" <")[0], e.commit.commit_time,
                 e.commit.message.decode())
                for e in self.repo.get_walker(include=[self.head()])]

    def log_path(self, path: str) -> list[tuple[str, int, str]]:
        return [(e.commit.author.decode().rpartition(" <")[0], e.commit.commit_time,
                 e.commit.message.decode())
                for e in self.repo.get_walker(include=[self.head()], paths=[path.encode()])]

    def diff(self, a: str, b: str, path: str) -> str:
        from dulwich.object_store import tree_lookup_path
        from dulwich.patch import write_blob_diff
        blobs = []
        for c in (a, b):
            mode, sha = tree_lookup_path(self.repo.__getitem__, self.repo[c.encode()].tree,
                                         path.encode())
            blobs.append((path.encode(), mode, self.repo[sha]))
        f = io.BytesIO()
        write_blob_diff(f, blobs[0], blobs[1])
        return f.getvalue().decode()

    def commits(self) -> list[str]:
        return [e.commit.id.decode() for e in self.repo.get_walker(include=[self.head()])]

    def files_at_head(self) -> dict[str, bytes]:
        return {e.path.decode(): self.repo[e.sha].data for e in
                self.repo.object_store.iter_tree_contents(self.repo[self.head()].tree)}

    def pack(self) -> str:
        """``porcelain.gc`` (it packs without deltas: dulwich leaves deltification off, its
        Python implementation being slow), then, for comparison, the size of a pack of the
        whole history written with ``write_pack_objects(deltify=True)`` and path hints."""
        from dulwich import porcelain
        from dulwich.pack import write_pack_objects
        stats = porcelain.gc(self.repo, prune=True, grace_period=0)
        objs, seen = [], set()
        t = time.perf_counter()
        for e in self.repo.get_walker(include=[self.head()], reverse=True):
            c = e.commit
            todo = [(c, None), (self.repo[c.tree], b"")] + [
                (self.repo[te.sha], te.path) for te in self.repo.object_store.iter_tree_contents(
                    c.tree, include_trees=True)]
            for obj, path in todo:
                if obj.id not in seen:
                    seen.add(obj.id)
                    objs.append((obj, path))
        f = io.BytesIO()
        write_pack_objects(f, objs, self.repo.object_format, deltify=True)
        return (f"porcelain.gc: {stats.loose_objects_before} loose objects into "
                f"{stats.packs_after} pack, no deltas; write_pack_objects(deltify=True) of "
                f"the {len(objs)} objects: {f.tell() / 1e6:.1f} MB in "
                f"{time.perf_counter() - t:.0f} s")


BACKENDS: dict[str, Any] = {"pygit2": Pygit2, "dulwich": Dulwich}


# --- the event folders ----------------------------------------------------------------------

def build(tmp: Path, n: int, rounds: int, played: int, seed: int = 1) -> Path:
    """A chess event of ``n`` players with ``played`` rounds complete and round
    ``played + 1`` paired without results (random pairings, random results)."""
    folder = make_event(tmp, "chess", n, rounds=rounds, folder=f"p{n}")
    rng = random.Random(seed)

    def change(e):
        ids = [p.id for p in e.players]
        for r in range(1, played + 2):
            rng.shuffle(ids)
            e = e.with_round(Round(r, tuple(
                Board(b + 1, (ids[2 * b], ids[2 * b + 1]),
                      profile("chess").result(rng.choice(RESULTS), e.settings)
                      if r <= played else None)
                for b in range(n // 2))))
        return e
    store.update(folder, change)
    return folder


def copy_event(base: Path, folder: Path) -> None:
    """The event's files without a history: when the store keeps one itself (issue 34), its
    .git is left behind, and the benchmark writes the files as the store does (its
    serialiser, an atomic rename) rather than through ``store.update``, which would commit
    too."""
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(base, folder, ignore=shutil.ignore_patterns(".*"))


def write_file(path: Path, data: bytes) -> None:
    """The store's way to replace a file (without its journal and fsync)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


# --- the measurements, one library per process ----------------------------------------------

def measure_commits(libs: list[str], base: Path, n: int, work: Path, durable: bool,
                    count: int) -> dict[str, Any]:
    """1, 2 and 4 for every library at once: each has its copy of the event, and each result
    is committed by every library and way in turn, so a busy moment of the machine (2 shared
    cores) falls on all of them alike."""
    ev = store.load(base)
    rnd = ev.rounds[-1].number
    rel = f"rounds/{rnd:02d}.toml"
    gits = {}
    for lib in libs:
        folder = work / f"{lib}-{n}-{'durable' if durable else 'default'}"
        copy_event(base, folder)
        gits[lib] = BACKENDS[lib](folder, durable)
        gits[lib].commit_naive("new event")
    rng = random.Random(n)
    boards = list(range(1, n // 2 + 1))
    rng.shuffle(boards)
    ways = [(lib, kind) for lib in libs for kind in
            ["incremental", "naive"] + (["index"] if lib == "pygit2" else [])]
    entry: list[float] = []
    commit: dict[tuple[str, str], list[float]] = {w: [] for w in ways}
    for i in range(count):
        for k, (lib, kind) in enumerate(ways):
            g = gits[lib]
            b = boards[i * len(ways) + k]
            t = time.perf_counter()
            ev = record_result(ev, rnd, b, rng.choice(RESULTS))
            data = _round_bytes("chess", ev.round(rnd))  # type: ignore[arg-type]
            for other in gits.values():  # every copy holds the same event
                write_file(other.folder / rel, data)
            t1 = time.perf_counter()
            msg = f"result round {rnd} board {b}"
            for other in gits.values():
                if other is not g:
                    other.commit_changed([rel], msg)
            t1b = time.perf_counter()
            if kind == "incremental":
                g.commit_changed([rel], msg)
            elif kind == "naive":
                g.commit_naive(msg)
            else:
                g.commit_index(msg)
            t2 = time.perf_counter()
            entry.append((t1 - t) / len(gits))
            commit[lib, kind].append(t2 - t1b)
            assert g.changed() == [], g.changed()  # the commit holds what is on disk
    out: dict[str, Any] = {lib: {} for lib in libs}
    for lib, kind in ways:
        xs = commit[lib, kind]
        out[lib][kind] = {"p50": statistics.median(xs), "p95": pct(xs, 0.95),
                          "entry_p50": statistics.median(entry)}
    # 2. a hand edit
    for lib, g in gits.items():
        det = []
        for _ in range(10 if n > 1000 else 20):
            t = time.perf_counter()
            same = g.changed()
            det.append(time.perf_counter() - t)
        assert same == []
        p = g.folder / "players.toml"
        saved = p.read_bytes()
        p.write_bytes(saved.replace(b"rating = ", b"rating =  ", 1))
        assert g.changed() == ["players.toml"], g.changed()
        p.write_bytes(saved)
        out[lib]["detect"] = statistics.median(det)
    # 4. a diff of players.toml between two commits
    if n >= 4000:
        first = {lib: g.hexhead() for lib, g in gits.items()}
        edits = [lambda e: replace(e, players=tuple(
                     replace(q, rating=(q.rating or 0) + 7) if q.id == 17 else q
                     for q in e.players)),
                 lambda e: replace(e, players=tuple(
                     replace(q, name=q.name + " Jr.") if q.id == 900 else q
                     for q in e.players))]
        for i, edit in enumerate(edits):
            ev = edit(ev)
            data = _dump(_players_doc(ev.players), _HEADERS["players.toml"])
            for g in gits.values():
                write_file(g.folder / "players.toml", data)
                g.commit_changed(["players.toml"], f"player edit {i}")
        for lib, g in gits.items():
            a, b = first[lib], g.hexhead()
            dt = []
            for _ in range(20):
                t = time.perf_counter()
                text = g.diff(a, b, "players.toml")
                dt.append(time.perf_counter() - t)
            out[lib]["diff"] = {"p50": statistics.median(dt),
                                "lines": [x for x in text.splitlines()
                                          if x[:1] in "+-" and x[:3] not in ("+++", "---")]}
    return out


def build_history(lib: str, base: Path, work: Path, extra: int) -> dict[str, Any]:
    """5. every pairing and result of a 2000-player, 9-round event committed one by one,
    then ``extra`` result corrections (the 10 000 commits of the ``log`` figures)."""
    folder = work / f"{lib}-history"
    copy_event(base, folder)
    for p in (folder / "rounds").glob("*.toml"):
        p.unlink()
    g = BACKENDS[lib](folder, durable=False)
    g.commit_naive("new event")
    before = du(folder / ".git")
    ev = store.load(folder)
    final = {r.number: r for r in store.load(base).rounds}
    rng = random.Random(5)
    t0 = time.perf_counter()
    commit_t = []
    commits = 1
    current: dict[int, Round] = {}
    for r in sorted(final):
        rnd = Round(r, tuple(replace(b, result=None) for b in final[r].boards))
        rel = f"rounds/{r:02d}.toml"
        write_file(folder / rel, _round_bytes("chess", rnd))
        g.commit_changed([rel], f"pair round {r}")
        commits += 1
        order = list(range(len(rnd.boards)))
        rng.shuffle(order)
        boards = list(rnd.boards)
        for i in order:
            boards[i] = final[r].boards[i]
            rnd = replace(rnd, boards=tuple(boards))
            write_file(folder / rel, _round_bytes("chess", rnd))
            t = time.perf_counter()
            g.commit_changed([rel], f"result round {r} board {i + 1}")
            commit_t.append(time.perf_counter() - t)
            commits += 1
        current[r] = rnd
    build_s = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert g.changed() == []
    loose = du(folder / ".git")
    gitdir_copy = work / f"{lib}-history-packed"
    shutil.copytree(folder, gitdir_copy)
    t = time.perf_counter()
    how = BACKENDS[lib](gitdir_copy, durable=False, create=False).pack()
    pack_s = time.perf_counter() - t
    packs = du(gitdir_copy / ".git" / "objects" / "pack")
    packed_all = du(gitdir_copy / ".git")
    shutil.rmtree(gitdir_copy)
    # the corrections that take the history to 10 000 commits
    for k in range(extra):
        r = rng.choice(sorted(current))
        i = rng.randrange(len(current[r].boards))
        boards = list(current[r].boards)
        boards[i] = replace(boards[i], result=profile("chess").result(
            rng.choice(RESULTS), ev.settings))
        current[r] = replace(current[r], boards=tuple(boards))
        rel = f"rounds/{r:02d}.toml"
        write_file(folder / rel, _round_bytes("chess", current[r]))
        g.commit_changed([rel], f"correction round {r} board {i + 1}")
        commits += 1
    return {"players": len(ev.players), "commits_event": commits - extra, "commits": commits, "build_s": build_s,
            "commit_p50": statistics.median(commit_t), "commit_p95": pct(commit_t, 0.95),
            "git_empty": before, "git_loose": loose, "packs": packs,
            "git_packed": packed_all, "pack_s": pack_s, "pack_how": how, "rss_mb": rss,
            "folder": str(folder)}


def measure_log(lib: str, folder: Path, runs: int) -> dict[str, Any]:
    g = BACKENDS[lib](folder, durable=False, create=False)
    out: dict[str, Any] = {}
    for key, fn in (("log", g.log), ("log_path", lambda: g.log_path("rounds/03.toml"))):
        ts = []
        for _ in range(runs):
            t = time.perf_counter()
            entries = fn()
            ts.append(time.perf_counter() - t)
        out[key] = {"p50": statistics.median(ts), "n": len(entries)}
    return out


#: What a history module would import (``import dulwich`` alone loads almost nothing).
IMPORTS = {"pygit2": "pygit2",
           "dulwich": "dulwich.repo, dulwich.objects, dulwich.object_store"}


def import_time(lib: str) -> float:
    code = (f"import time; t = time.perf_counter(); import {IMPORTS[lib]}; "
            "print(time.perf_counter() - t)")
    return statistics.median(float(subprocess.run([sys.executable, "-c", code],
                                                  capture_output=True, text=True,
                                                  check=True).stdout) for _ in range(5))


def package_facts(lib: str) -> dict[str, Any]:
    dist = importlib.metadata.distribution(lib)
    size = 0
    for f in dist.files or []:
        p = Path(str(dist.locate_file(f)))
        if p.is_file():
            size += p.stat().st_size
    meta = dist.metadata
    lic = meta.get("License-Expression") or meta.get("License") or ""
    if not lic or len(lic) > 60:
        lic = "; ".join(c for c in meta.get_all("Classifier") or [] if "License" in c) or lic[:60]
    wheel = ""
    for f in dist.files or []:
        if f.name == "WHEEL":
            wheel = ", ".join(line.split(": ", 1)[1] for line in
                              Path(str(dist.locate_file(f))).read_text().splitlines()
                              if line.startswith("Tag: "))
    requires = [r for r in (dist.requires or []) if "extra ==" not in r]
    return {"version": dist.version, "size": size, "license": lic, "wheel": wheel,
            "requires": requires}


def ref_locking(lib: str, work: Path) -> str:
    """A stale parent (another writer moved the ref) and a ref .lock held by git."""
    folder = work / f"{lib}-cas"
    folder.mkdir()
    (folder / "a.toml").write_text("a = 1\n")
    g = BACKENDS[lib](folder, durable=False)
    c1 = g.commit_naive("one")
    other = BACKENDS[lib](folder, durable=False, create=False)
    (folder / "a.toml").write_text("a = 2\n")
    # our writer read HEAD = c1, then another writer commits first
    stale = g.head()
    other.commit_changed(["a.toml"], "two (the other writer)")
    res = []
    (folder / "a.toml").write_text("a = 3\n")
    real_head = g.head
    g.head = lambda: stale  # type: ignore[method-assign]
    try:
        g.commit_changed(["a.toml"], "three (stale parent)")
        res.append("stale parent ACCEPTED")
    except Exception as e:  # noqa: BLE001
        res.append(f"stale parent refused ({type(e).__name__}: {str(e)[:60]})")
    g.head = real_head  # type: ignore[method-assign]
    lock = folder / ".git" / "refs" / "heads" / "main.lock"
    lock.write_text("")
    try:
        g.commit_changed(["a.toml"], "four (ref locked)")
        res.append("held main.lock IGNORED")
    except Exception as e:  # noqa: BLE001
        res.append(f"held main.lock refused ({type(e).__name__})")
    lock.unlink()
    assert str(c1) != str(g.head())
    return "; ".join(res)


def commits_child(libs: list[str], work: Path, quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {lib: {} for lib in libs}
    for n in (500, 4000):
        for durable in (False, True):
            got = measure_commits(libs, work / "events" / f"p{n}", n, work, durable,
                                  10 if quick else 50)
            for lib in libs:
                out[lib][f"commit {n} {'durable' if durable else 'default'}"] = got[lib]
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def child(lib: str, work: Path, quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"lib": lib}
    hist = build_history(lib, work / "events" / ("p500" if quick else "p2000"), work,
                         50 if quick else 10000 - 9010)
    out["history"] = hist
    out["log"] = measure_log(lib, Path(hist["folder"]), 3 if quick else 5)
    out["cas"] = ref_locking(lib, work)
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


# --- the parent: builds the events, runs each library, reads across, prints ----------------

def cross_check(work: Path, libs: list[str], results: dict[str, Any]) -> list[str]:
    lines = []
    git = shutil.which("git")
    for writer in libs:
        folder = Path(results[writer]["history"]["folder"])
        for reader in libs:
            if reader == writer:
                continue
            r = BACKENDS[reader](folder, durable=False, create=False)
            w_log = len(BACKENDS[writer](folder, durable=False, create=False).commits())
            same = r.files_at_head() == {p: (folder / p).read_bytes() for p in tracked(folder)}
            t = time.perf_counter()
            n = len(r.log())
            lines.append(f"{reader} reads {writer}'s repository: {n} commits "
                         f"(writer sees {w_log}), HEAD's files = working files: {same}, "
                         f"log in {(time.perf_counter() - t) * 1000:.0f} ms")
            results[writer]["log_by_" + reader] = measure_log(reader, folder, 3)
        if git:
            fsck = subprocess.run([git, "-C", str(folder), "fsck", "--strict", "--full"],
                                  capture_output=True, text=True)
            count = subprocess.run([git, "-C", str(folder), "rev-list", "--count", "main"],
                                   capture_output=True, text=True)
            status = subprocess.run([git, "-C", str(folder), "status", "--porcelain"],
                                    capture_output=True, text=True)
            lines.append(f"git on {writer}'s repository: fsck exit {fsck.returncode} "
                         f"{(fsck.stdout + fsck.stderr).strip()[:200]!r}, "
                         f"{count.stdout.strip()} commits, status: "
                         f"{status.stdout.strip()[:120]!r}")
            copy = work / f"{writer}-gitgc"
            shutil.copytree(folder, copy)
            subprocess.run([git, "-C", str(copy), "gc", "-q", "--prune=now"], check=True)
            results[writer]["git_gc"] = du(copy / ".git")
            shutil.rmtree(copy)
    return lines


def mb(x: int) -> str:
    return f"{x / 1e6:.1f} MB"


def report(libs: list[str], res: dict[str, Any], cross: list[str]) -> None:
    ms = 1000.0
    col = 22

    def row(label: str, cells: list[str]) -> None:
        print(f"{label:<44}" + "".join(f"{c:>{col}}" for c in cells))

    row("", libs)
    for n in (500, 4000):
        for mode in ("default", "durable"):
            key = f"commit {n} {mode}"
            for kind in ("incremental", "naive", "index"):
                cells = []
                for lib in libs:
                    v = res[lib][key].get(kind)
                    cells.append(f"{v['p50'] * ms:.1f} / {v['p95'] * ms:.1f}" if v else "-")
                row(f"commit {n} pl., {kind}, {mode} p50/p95 ms", cells)
            row("  (recording the result, file written, p50 ms)",
                [f"{res[lib][key]['incremental']['entry_p50'] * ms:.1f}" for lib in libs])
    for n in (500, 4000):
        row(f"hand-edit check {n} pl., p50 ms",
            [f"{res[lib][f'commit {n} default']['detect'] * ms:.1f}" for lib in libs])
    row("diff players.toml 4000 pl., p50 ms",
        [f"{res[lib]['commit 4000 default']['diff']['p50'] * ms:.1f}" for lib in libs])
    h0 = res[libs[0]]["history"]
    row(f"log, all {h0['commits']} commits, p50 ms",
        [f"{res[lib]['log']['log']['p50'] * ms:.0f}" for lib in libs])
    row("log rounds/03.toml, p50 ms (n)",
        [f"{res[lib]['log']['log_path']['p50'] * ms:.0f} ({res[lib]['log']['log_path']['n']})"
         for lib in libs])
    for lib in libs:
        for other in libs:
            if "log_by_" + other in res[lib]:
                v = res[lib]["log_by_" + other]
                row(f"  {other} reading {lib}'s repo: log / path ms",
                    [f"{v['log']['p50'] * ms:.0f} / {v['log_path']['p50'] * ms:.0f}"
                     if x == other else "" for x in libs])
    row(f"{h0['players']} pl. x 9 rounds: {h0['commits_event']} commits, build s",
        [f"{res[lib]['history']['build_s']:.0f}" for lib in libs])
    row("  its commits p50/p95 ms (default)",
        [f"{res[lib]['history']['commit_p50'] * ms:.1f} / "
         f"{res[lib]['history']['commit_p95'] * ms:.1f}" for lib in libs])
    row("  .git at creation (files, on disk)",
        [f"{mb(res[lib]['history']['git_empty'][0])}, {mb(res[lib]['history']['git_empty'][1])}"
         for lib in libs])
    row("  .git loose (files, on disk)",
        [f"{mb(res[lib]['history']['git_loose'][0])}, {mb(res[lib]['history']['git_loose'][1])}"
         for lib in libs])
    row("  loose object files",
        [str(res[lib]['history']['git_loose'][2]) for lib in libs])
    row("  the library's pack (pack + idx)",
        [f"{mb(res[lib]['history']['packs'][0])} ({res[lib]['history']['pack_s']:.0f} s)"
         for lib in libs])
    row("  .git after the library's packing",
        [mb(res[lib]['history']['git_packed'][1]) for lib in libs])
    if all("git_gc" in res[lib] for lib in libs):
        row("  .git after git gc (reference)", [mb(res[lib]["git_gc"][1]) for lib in libs])
    row("import time, new process, ms", [f"{res[lib]['import'] * ms:.0f}" for lib in libs])
    row("install size (files of the dist)", [mb(res[lib]["facts"]["size"]) for lib in libs])
    row("version", [res[lib]["facts"]["version"] for lib in libs])
    row(f"peak RSS: {h0['commits_event']} commits / + packing, log",
        [f"{res[lib]['history']['rss_mb']:.0f} MB / {res[lib]['peak_rss_mb']:.0f} MB"
         for lib in libs])
    row("peak RSS of the commit timings (all libs)",
        [f"{res[lib]['commits_rss_mb']:.0f} MB" for lib in libs])
    print()
    for lib in libs:
        f = res[lib]["facts"]
        print(f"{lib}: licence {f['license']}; this wheel {f['wheel']}; requires {f['requires']}")
        print(f"{lib}: packing: {res[lib]['history']['pack_how']}")
        print(f"{lib}: ref update against a concurrent writer: {res[lib]['cas']}")
    if len(libs) == 2:
        a, b = (res[lib]["commit 4000 default"]["diff"]["lines"] for lib in libs)
        print(f"diff of players.toml: same changed lines in both: {sorted(a) == sorted(b)} "
              f"({len(a)} lines)")
    for line in cross:
        print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="few results, a short history")
    ap.add_argument("--keep", type=Path, help="work in this folder and keep it")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child and args.child.startswith("commits:"):
        print(json.dumps(commits_child(args.child[8:].split(","), args.work, args.quick)))
        return
    if args.child:
        print(json.dumps(child(args.child, args.work, args.quick)))
        return
    libs = [lib for lib in LIBS if importlib.util.find_spec(lib) is not None]
    if not libs:
        print("neither pygit2 nor dulwich is installed: nothing to measure")
        return
    print(f"libraries: {', '.join(libs)} (absent: {', '.join(set(LIBS) - set(libs)) or '-'})")
    work = args.keep or Path(tempfile.mkdtemp(prefix="history-libs-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        events = work / "events"
        events.mkdir(exist_ok=True)
        for n, played in ((500, 8), (4000, 8), (2000, 8)):
            if not (events / f"p{n}").exists():
                build(events, n, rounds=9, played=played)
        # the 2000-player event's last round gets its results too: the history replays all
        store.update(events / "p2000", lambda e: e.with_round(Round(9, tuple(
            replace(b, result=profile("chess").result(RESULTS[b.number % 3], e.settings))
            for b in e.rounds[-1].boards))))
        def run(what: str) -> dict[str, Any]:
            t = time.perf_counter()
            out = subprocess.run([sys.executable, __file__, "--child", what, "--work",
                                  str(work)] + (["--quick"] if args.quick else []),
                                 capture_output=True, text=True)
            if out.returncode:
                print(out.stderr, file=sys.stderr)
                raise SystemExit(f"{what}: the measurements failed")
            print(f"{what}: measured in {time.perf_counter() - t:.0f} s", flush=True)
            return json.loads(out.stdout.strip().splitlines()[-1])

        res: dict[str, Any] = {}
        commits = run("commits:" + ",".join(libs))
        for lib in libs:
            res[lib] = run(lib) | commits[lib]
            res[lib]["commits_rss_mb"] = commits["peak_rss_mb"]
            res[lib]["import"] = import_time(lib)
            res[lib]["facts"] = package_facts(lib)
        cross = cross_check(work, libs, res)
        print()
        report(libs, res, cross)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
