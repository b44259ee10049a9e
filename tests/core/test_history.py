"""The event's history in git (issue 34, items 1-5; docs/FORMAT.md "History"): one commit per
change with the director, the action's words and the log's fields; hand edits and
interrupted changes settled before the next change; a refusal never touches .git; eight
writers at once lose nothing; a damaged or foreign .git never blocks the event; .git keeps
the players' file's access; plain git reads it; log, show and restore."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from swisstui.core import services, store
from swisstui.core.errors import SwissError
from swisstui.core.services import history, sections
from swisstui.core.store import history as record

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def ev(tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_DIRECTOR", "Ana Árbitra")
    monkeypatch.delenv("SSH_CLIENT", raising=False)
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    return folder


def commits(folder: Path) -> list[str]:
    return [e.subject for e in reversed(history.log(folder))]


def test_history_starts_with_the_first_change_and_records_each(ev):
    assert not (ev / ".git").exists()
    services.load(ev)
    store.check(ev)
    assert not (ev / ".git").exists()  # reading never starts it
    services.undo_round(ev, force=True)
    services.pair_next(ev)
    rnd = store.load(ev).current_round
    services.record_result(ev, rnd, 2, "0-1")
    assert commits(ev) == ["history started: the event as it was",
                           "undo the last round: force", "pair the next round",
                           f"result: round {rnd}, board 2, 0-1"]
    last = history.log(ev)[0]
    assert (last.author, last.round, last.board) == ("Ana Árbitra", rnd, 2)
    assert last.email.endswith("@" + __import__("socket").gethostname())
    # the first entry holds the event as it was: restoring it gives the sample back
    first = history.snapshot(ev, history.log(ev)[-1])
    assert first.files[""]["players.toml"] == (SAMPLES / "chess" / "players.toml").read_bytes()


def test_a_refusal_never_touches_the_history(ev):
    services.add_player(ev, "Zoe Alves")  # history starts
    before = sorted(str(p) for p in (ev / ".git").rglob("*"))
    head = (ev / ".git" / "refs" / "heads" / "main").read_bytes()
    with pytest.raises(SwissError):
        services.record_result(ev, 1, 99, "1-0")
    with pytest.raises(SwissError):
        services.add_player(ev, "")
    assert sorted(str(p) for p in (ev / ".git").rglob("*")) == before
    assert (ev / ".git" / "refs" / "heads" / "main").read_bytes() == head


def test_hand_edits_are_committed_before_the_next_change(ev):
    services.add_player(ev, "Zoe Alves", rating=1500)
    text = (ev / "players.toml").read_text()
    (ev / "players.toml").write_text(text.replace("Zoe Alves", "Zoé Alves"))
    (ev / "rounds" / "04.toml").unlink()  # a round deleted by hand
    services.change_settings(ev, seed=9)
    subjects = commits(ev)
    assert subjects[-2] == "edited outside swisstui: players.toml, rounds/04.toml"
    assert subjects[-1] == "settings: seed 9"
    entry, words = history.show(ev, str(len(subjects) - 1))
    assert "round 4 removed" in words
    assert any("Zoé Alves" in w and "Zoe Alves" in w for w in words)


def test_an_interrupted_change_is_finished_with_its_own_words(ev, monkeypatch):
    services.add_player(ev, "Zoe Alves", rating=1500)
    # the files are written, the process dies before the commit (kill -9 there)
    monkeypatch.setattr(record, "record", lambda folder: record._writes().clear())
    services.record_result(ev, 1, 1, "0-1", force=True)
    monkeypatch.undo()
    intents = list((ev / ".git" / "swisstui").glob("pending-*"))
    assert len(intents) == 1
    services.add_player(ev, "Yan Braga")
    subjects = commits(ev)
    assert subjects[-2] == "result: round 1, board 1, 0-1, force (finished after an interruption)"
    assert subjects[-1] == "add player: Yan Braga"
    assert not list((ev / ".git" / "swisstui").glob("pending-*"))
    # history and files agree
    assert history.snapshot(ev, history.log(ev)[0]).files == history.current(ev).files


def test_eight_writers_at_once_lose_nothing(ev):
    services.undo_round(ev, force=True)
    services.pair_next(ev)
    rnd = store.load(ev).current_round
    boards = [b.number for b in store.load(ev).round(rnd).boards][:8]
    script = ("import sys; from swisstui.core import services; "
              "services.record_result(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), '1-0')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", script, str(ev), str(rnd), str(b)], env=env)
             for b in boards]
    assert [p.wait(timeout=120) for p in procs] == [0] * len(boards)
    subjects = commits(ev)
    for b in boards:
        assert subjects.count(f"result: round {rnd}, board {b}, 1-0") == 1
    assert history.snapshot(ev, history.log(ev)[0]).files == history.current(ev).files


def test_a_damaged_or_detached_history_never_blocks_the_event(ev):
    said: list[str] = []
    record.notice = said.append
    try:
        services.add_player(ev, "Zoe Alves")
        # detached HEAD: the change is saved, one line says it is not recorded
        head = (ev / ".git" / "refs" / "heads" / "main").read_text().strip()
        (ev / ".git" / "HEAD").write_text(head + "\n")
        services.add_player(ev, "Yan Braga")
        assert any(p.name == "Yan Braga" for p in store.load(ev).players)
        assert len(said) == 1 and "HEAD is detached" in said[0] and "\n" not in said[0]
        # a missing object: saved, one line; log says it cannot read, in one line
        (ev / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
        objects = [p for p in (ev / ".git" / "objects").rglob("*") if p.is_file()
                   and len(p.parent.name) == 2]
        for p in objects:
            p.unlink()
        services.add_player(ev, "Xu Lima")
        assert any(p.name == "Xu Lima" for p in store.load(ev).players)
        assert len(said) >= 2 and "history not recorded" in said[-1]
        with pytest.raises(SwissError) as exc:
            history.log(ev)
        assert "\n" not in str(exc.value) and ".git" in str(exc.value)
        assert store.check(ev) == []  # the event itself reads
    finally:
        record.notice = None


def test_a_git_that_is_a_file_is_one_line(ev):
    said: list[str] = []
    record.notice = said.append
    try:
        (ev / ".git").write_text("gitdir: /elsewhere\n")
        services.add_player(ev, "Zoe Alves")
        assert any(p.name == "Zoe Alves" for p in store.load(ev).players)
        assert said and "is not a folder" in said[0]
        assert (ev / ".git").read_text() == "gitdir: /elsewhere\n"
    finally:
        record.notice = None


@pytest.mark.parametrize("how", ["file", "link"])
def test_log_show_and_restore_on_a_git_that_is_not_a_folder_say_so(ev, how):
    """``log`` on a ``.git`` that is a file or a link said "no history yet: it starts with
    the event's next change", while the next change said ".git: is not a folder … (move it
    away)": the readers say the writers' line, as reading, in one line, writing nothing."""
    services.add_player(ev, "Zoe Alves")  # a history, now put aside
    shutil.move(ev / ".git", ev.parent / "kept-git")
    if how == "file":
        (ev / ".git").write_text("gitdir: /elsewhere\n")
    else:
        (ev / ".git").symlink_to(ev.parent / "kept-git")
    line = (f"{ev / '.git'}: is not a folder; the history cannot be read (move it away); "
            "the event's files are not affected")
    before = {p: p.read_bytes() for p in (ev.parent / "kept-git").rglob("*") if p.is_file()}
    for read in (lambda: history.log(ev), lambda: history.show(ev, "1"),
                 lambda: history.restore(ev, "1", dry_run=True),
                 lambda: history.restore(ev, "1")):
        with pytest.raises(SwissError) as exc:
            read()
        assert str(exc.value) == line
    assert {p: p.read_bytes() for p in (ev.parent / "kept-git").rglob("*") if p.is_file()} \
        == before
    assert (ev / ".git").is_symlink() == (how == "link")
    assert record.not_a_folder(ev, reading=True) == line  # one place words both
    assert record.not_a_folder(ev) == (f"{ev / '.git'}: is not a folder; the change is saved "
                                       "but not recorded in the history (move it away)")
    assert record.not_a_folder(ev.parent / "kept-git") is None  # no .git there: none


def test_the_history_keeps_the_players_file_access(ev):
    os.chmod(ev / "players.toml", 0o600)
    services.add_player(ev, "Zoe Alves")
    assert stat.S_IMODE(os.stat(ev / ".git").st_mode) == 0o700
    os.chmod(ev / "players.toml", 0o644)
    services.add_player(ev, "Yan Braga")
    assert stat.S_IMODE(os.stat(ev / ".git").st_mode) == 0o755


@pytest.mark.skipif(shutil.which("git") is None, reason="the git program is not installed")
def test_plain_git_reads_the_history(ev):
    services.add_player(ev, "Zoe Alves")
    services.record_result(ev, 1, 1, "0-1", force=True)
    run = lambda *a: subprocess.run(["git", "-C", str(ev), *a], capture_output=True,  # noqa: E731
                                    text=True, check=True).stdout
    run("fsck", "--strict")
    assert run("log", "--format=%s").splitlines()[0] == "result: round 1, board 1, 0-1, force"
    assert run("status", "--porcelain") == ""
    assert "rounds/01.toml" in run("show", "--stat", "HEAD")


def test_a_file_broken_by_hand_is_mended_from_the_history(ev):
    """A players.toml broken by a hand edit does not stop log, show or restore: the
    history is how the director gets the file back."""
    services.record_result(ev, 1, 1, "0-1", force=True)  # the history starts
    good = (ev / "players.toml").read_bytes()
    (ev / "players.toml").write_bytes(good + b'name = "unclosed\n')
    with pytest.raises(SwissError, match=r"players.toml:\d+"):
        store.load(ev)
    entries = history.log(ev)
    assert entries[0].subject == "edited outside swisstui: players.toml"
    assert history.show(ev, "#" + str(entries[0].number))[1] == [
        "the files no longer read as an event: players.toml"]
    preview = history.restore(ev, str(entries[1].number), dry_run=True)
    assert preview.changes == ("the files read as an event again: players.toml",)
    assert not preview.written and b"unclosed" in (ev / "players.toml").read_bytes()
    assert history.restore(ev, str(entries[1].number)).written
    assert (ev / "players.toml").read_bytes() == good
    assert len(store.load(ev).players) > 0
    # a folder that is not an event is still refused by log
    (ev / "event.toml").unlink()
    with pytest.raises(SwissError, match="event.toml"):
        history.log(ev)


def test_the_log_speaks_the_directors_language_and_keeps_the_record_in_english(ev):
    """The record (git's message, --json) stays English; the log shows the action, the
    round, board and player in the director's words, a restore and its entry too."""
    from swisstui.core import i18n
    services.record_result(ev, 1, 2, "0-1", force=True)
    first = history.log(ev)[-1]
    history.restore(ev, "#" + str(first.number))
    subjects = [e.subject for e in history.log(ev)]
    assert subjects[1] == "result: round 1, board 2, 0-1, force"
    assert subjects[0] == (f"restore to #{first.number} ({first.short}): history started: "
                           "the event as it was")
    i18n.use("ko")
    try:
        assert history.subject_text(subjects[1]) == "결과: 1라운드, 2번 판, 0-1, force"
        assert history.subject_text(subjects[0]) == (
            f"#{first.number} ({first.short})(으)로 되돌리기: 기록 시작: 그때의 대회")
        assert history.subject_text("edited outside swisstui: players.toml") == \
            "swisstui 밖에서 수정됨: players.toml"
        assert history.subject_text("pair the next round (finished after an interruption)") \
            == "다음 라운드 대진 (중단 뒤 마무리됨)"
        assert history.subject_text("a subject no one marked: round 2") == \
            "a subject no one marked: 2라운드"
        assert history.subject_text("") == ""
    finally:
        i18n.use(i18n.SOURCE)
    assert history.subject_text(subjects[1]) == subjects[1]


def test_adding_a_section_is_one_entry(ev):
    """The section's files and the root's schema were two entries; restoring to the first
    gave a root of schema 1 beside a sections/ folder."""
    services.record_result(ev, 1, 2, "0-1", force=True)  # (the history starts)
    before = len(history.log(ev))
    sections.add_section(ev, "U1600")
    log = history.log(ev)
    assert len(log) == before + 1 and log[0].subject == "add section: U1600"
    assert not list((ev / ".git" / "swisstui").glob("intent*"))  # every intent cleared
    lines = history.show(ev, "#" + str(log[0].number))[1]
    assert any(line.startswith("U1600: section added") for line in lines)
    history.restore(ev, "#" + str(log[1].number))
    assert not (ev / "sections" / "U1600").exists()
    assert "schema = 2" not in (ev / "event.toml").read_text(encoding="utf-8")


def test_find_an_entry_whose_id_starts_with_digits_only():
    """A short id can be all digits (CI once drew ``9715565``): it names that entry, not a
    missing entry #9715565; digits that are also an entry's number name that entry."""
    def entry(number: int, id: str) -> history.Entry:
        return history.Entry(number, id, "2026-11-28T10:00:00+00:00", "A", "a@x", f"e{number}")

    entries = [entry(3, "9715565" + "a" * 33), entry(2, "1234" + "b" * 36), entry(1, "ab12" + "c" * 36)]
    assert history.find(Path("."), "9715565", entries).number == 3
    assert history.find(Path("."), "2", entries).number == 2
    assert history.find(Path("."), "#3", entries).number == 3
    assert history.find(Path("."), "AB12", entries).number == 1
    with pytest.raises(SwissError, match="no entry #9715565"):
        history.find(Path("."), "#9715565", entries)
    with pytest.raises(SwissError, match="no entry #7"):
        history.find(Path("."), "7", entries)
    both = [entry(1234, "1234" + "d" * 36), *entries]  # entry #2's id starts with 1234 too
    assert history.find(Path("."), "1234", both).number == 1234  # a number wins
    assert history.find(Path("."), "1234b", both).number == 2
    same_start = [entry(2, "abcd1" + "0" * 35), entry(1, "abcd2" + "0" * 35)]
    with pytest.raises(SwissError, match="ids of 2 entries"):
        history.find(Path("."), "abcd", same_start)


def test_log_filters_show_and_restore(ev):
    services.undo_round(ev, force=True)
    services.pair_next(ev)
    rnd = store.load(ev).current_round
    services.record_result(ev, rnd, 1, "1-0")
    services.record_result(ev, rnd, 2, "0-1")
    services.record_result(ev, rnd, 2, "1-0", force=True)
    assert [e.subject for e in history.log(ev, board=2)] == [
        f"result: round {rnd}, board 2, 1-0, force", f"result: round {rnd}, board 2, 0-1"]
    assert len(history.log(ev, round=rnd)) == 3
    assert history.log(ev, since="2999-01-01") == []
    with pytest.raises(SwissError):
        history.log(ev, since="yesterday")
    n = history.log(ev, board=2)[0].number
    entry, words = history.show(ev, f"#{n}")
    assert words == [f"round {rnd} board 2: 0-1 → 1-0"]
    paired = next(e for e in history.log(ev) if e.subject == "pair the next round")
    preview = history.restore(ev, str(paired.number), dry_run=True)
    assert not preview.written and set(preview.changes) == {
        f"round {rnd} board 1: 1-0 → no result", f"round {rnd} board 2: 1-0 → no result"}
    before = len(history.log(ev))
    done = history.restore(ev, paired.id[:7])
    assert done.written
    assert all(b.result is None for b in store.load(ev).round(rnd).boards)
    log = history.log(ev)
    assert len(log) == before + 1 and log[0].subject.startswith(f"restore to #{paired.number}")
    # nothing rewritten: the restore itself can be undone
    history.restore(ev, str(log[1].number))
    assert store.load(ev).round(rnd).board(2).result.text == "1-0"
    with pytest.raises(SwissError):
        history.find(ev, "#999")
    with pytest.raises(SwissError):
        history.find(ev, "zz")


def test_sections_in_one_history(ev):
    u = sections.add_section(ev, "U1600").folder
    services.add_player(u, "Ana Lima", rating=1400)
    assert not (u / ".git").exists()
    entry = history.log(ev)[0]
    assert entry.section == "U1600" and entry.subject == "add player: Ana Lima, rating 1400"
    assert [e.subject for e in history.log(ev, section="U1600")][:1] == [entry.subject]
    assert "players.toml" in history.snapshot(ev, entry).files["sections/U1600/"]
    sections.add_section(ev, "Kids")
    sections.remove_section(ev, "Kids")
    last = history.log(ev)[0]
    assert last.subject == "remove section: Kids"
    assert "sections/Kids/" not in history.snapshot(ev, last).files
    assert history.snapshot(ev, last).files == history.current(ev).files
    json.dumps([e.__dict__ for e in history.log(ev)])  # plain values


KILLED_WRITER = """
import sys
from swisstui.core import services
folder, rnd, boards = sys.argv[1], int(sys.argv[2]), [int(b) for b in sys.argv[3].split(",")]
i = int(sys.argv[4])
while True:
    b = boards[i % len(boards)]
    text = "1-0" if (i // len(boards)) % 2 == 0 else "0-1"
    services.record_result(folder, rnd, b, text, force=True)
    print(i, flush=True)  # acknowledged: on disk and (the store says) recorded
    i += 1
"""


def test_kill_9_at_random_moments_history_and_files_agree(ev):
    """A writer killed at random moments (SIGKILL): after each kill the next command settles
    the history; then history and files agree, and every acknowledged change is a commit."""
    import random
    import signal
    import time
    services.undo_round(ev, force=True)
    services.pair_next(ev)
    rnd = store.load(ev).current_round
    boards = ",".join(str(b.number) for b in store.load(ev).round(rnd).boards)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(34)
    acked = 0
    start = 0
    for _kill in range(6):
        proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(ev), str(rnd), boards,
                                 str(start)], env=env, stdout=subprocess.PIPE, text=True)
        time.sleep(0.6 + rng.random() * 1.2)
        proc.send_signal(signal.SIGKILL)
        out, _err = proc.communicate(timeout=60)
        done = [int(x) for x in out.split()]
        acked += len(done)
        start = (done[-1] + 1) if done else start
        store.load(ev)  # the event reads: old files or new ones, never torn
        log = history.log(ev)  # the next command: settles first
        assert history.snapshot(ev, log[0]).files == history.current(ev).files
        results = [e for e in log if e.subject.startswith(f"result: round {rnd}, board ")]
        assert len(results) >= acked
    assert acked > 0
    assert not list((ev / ".git" / "swisstui").glob("pending-*"))
    finished = [e for e in history.log(ev) if "(finished after an interruption)" in e.subject]
    print(f"kills 6, acknowledged {acked}, finished after an interruption {len(finished)}")


def test_a_ref_lock_a_killed_writer_left_does_not_stop_the_history(ev):
    """kill -9 while the branch moved leaves refs/heads/main.lock: every later change went
    unrecorded (dulwich: the ref is locked) until the next writer cleared it."""
    services.add_player(ev, "Zoe Alves")
    lock = ev / ".git" / "refs" / "heads" / "main.lock"
    lock.write_text("0" * 40 + "\n")
    old = __import__("time").time() - 60
    os.utime(lock, (old, old))
    services.add_player(ev, "Yan Braga")
    assert history.log(ev)[0].subject == "add player: Yan Braga"
    assert not lock.exists()


def test_a_new_event_in_a_folder_with_only_a_history(tmp_path):
    """A create killed after the history's .git was made, or a director's own git init:
    the folder counts as empty, and the new event is the history's first change on it."""
    folder = tmp_path / "cup"
    folder.mkdir()
    from dulwich.repo import Repo
    Repo.init(str(folder)).close()
    services.create_event(folder, "chess", "Cup", 5)
    assert [e.subject for e in history.log(folder)] == ["new event: game chess, Cup, rounds 5"]


def test_a_foreign_tree_naming_sections_dot_dot_is_never_restored_outside(ev):
    """A commit from someone else's git naming ``sections/../event.toml`` or a section that is
    not a plain word is not a section of the event: its paths are left out of what a
    restore would write."""
    assert history._split("sections/../event.toml") == ("", None)
    assert history._split("sections/a b/players.toml") == ("", None)
    assert history._split("sections/U1600/rounds/01.toml") == ("sections/U1600/", "rounds/01.toml")
    assert history._split("players.toml") == ("", "players.toml")


def test_a_change_is_shown_in_words_never_in_python(ev):
    """A requested bye showed as ``byes: (1, <ByeKind.ABSENT: 'absent'>) → —``."""
    rnd = store.load(ev).current_round + 1
    pid = store.load(ev).players[0].id
    services.request_bye(ev, pid, rnd, "absent")
    _entry, lines = history.show(ev, str(history.log(ev)[0].number))
    text = "\n".join(lines)
    assert f"byes: — → round {rnd}: absent" in text, text
    assert "ByeKind" not in text and "<" not in text


def test_a_reason_is_one_line_and_plants_nothing_in_the_record(ev):
    """``--reason $'typo\\n\\nSwisstui-Round: 4'`` made ``log --round 4`` list the entry."""
    rnd = store.load(ev).current_round
    services.add_player(ev, "Zoe Alves")  # (the history starts)
    before = len(history.log(ev))
    files = {p: p.read_bytes() for p in ev.rglob("*.toml")}
    board = store.load(ev).round(rnd).board(1)
    with pytest.raises(SwissError, match="a reason is one line of text"):
        services.swap(ev, rnd, board.players[0], board.players[1],
                      reason="typo\n\nSwisstui-Round: 4\nSwisstui-Player: 99")
    assert len(history.log(ev)) == before
    assert {p: p.read_bytes() for p in ev.rglob("*.toml")} == files


def test_a_restore_that_changes_a_published_round_or_a_lock_needs_a_reason(tmp_path):
    """restore cleared a published round's result and turned FIDE mode off with no reason
    asked, where a correction and the setting each need one."""
    from conftest import make_event
    folder = make_event(tmp_path, "chess", 4, rounds=3)
    services.change_settings(folder, fide_mode=True)
    fide_on = history.log(folder)[0]
    services.pair_next(folder)
    paired = history.log(folder)[0]
    services.record_result(folder, 1, 1, "1-0")
    files = {p: p.read_bytes() for p in folder.rglob("*.toml")}
    for entry in (paired, fide_on):  # the result cleared; FIDE mode off (and round 1 gone)
        with pytest.raises(SwissError, match="needs a reason") as exc:
            history.restore(folder, str(entry.number))
        assert exc.value.field == "reason"
        assert {p: p.read_bytes() for p in folder.rglob("*.toml")} == files  # nothing
        assert history.restore(folder, str(entry.number), dry_run=True).changes
    done = history.restore(folder, str(paired.number), reason="wrong board")
    assert done.written and history.log(folder)[0].reason == "wrong board"
    assert store.load(folder).round(1).board(1).result is None


def test_the_preview_says_when_a_round_goes_back_to_draft_or_is_published(tmp_path):
    """Restoring to before publish hides the round from the players again: the preview and
    the entry's words say so (they listed no change of the boards and said nothing)."""
    from conftest import make_event
    folder = make_event(tmp_path, "chess", 4, rounds=3)
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    drafted = history.log(folder)[0]
    assert "round 1 is a draft: the players do not see it" in history.show(
        folder, "#" + str(drafted.number))[1]
    services.publish_round(folder)
    published = history.log(folder)[0]
    assert history.show(folder, "#" + str(published.number))[1] == [
        "round 1 published: the players see it"]
    preview = history.restore(folder, "#" + str(drafted.number), dry_run=True)
    assert preview.changes == ("round 1 back to draft: the players no longer see it",)


def test_an_entry_that_changed_a_side_file_names_that_file_alone(tmp_path):
    """A desk change showed 'files changed: desk.toml, event.toml, players.toml'."""
    from conftest import make_event
    folder = make_event(tmp_path, "chess", 4)
    services.add_player(folder, "Zoe Alves")  # (the history starts)
    (folder / "prizes.toml").write_text('[[group]]\nname = "Open"\nplaces = [10]\n')
    assert history.show(folder, "#" + str(history.log(folder)[0].number))[1] == [
        "files changed: prizes.toml"]


def test_a_desk_entry_is_described_in_the_desks_words(tmp_path):
    """A desk change was named by its file alone ('files changed: desk.toml'); it now says
    what the desk did: the fee, the payment, the state, check-in opened and closed."""
    from conftest import make_event
    from swisstui.core.services import desk
    folder = make_event(tmp_path, "chess", 4)
    services.add_player(folder, "Zoe Alves")  # (the history starts)
    name = store.load(folder).player(1).name

    def last() -> list[str]:
        return history.show(folder, "#" + str(history.log(folder)[0].number))[1]

    desk.set_currency(folder, "EUR")
    assert last() == ["currency: — → EUR"]
    desk.set_due(folder, 1, "30", "10", "junior")
    assert last() == [f"desk: 1 {name}: due 0 EUR → 30 EUR; discount 0 EUR → 10 EUR (junior)"]
    desk.pay(folder, 1, "12.50", "cash")
    assert last() == [f"desk: 1 {name}: paid 12.50 EUR (cash)"]
    desk.set_check_in_open(folder, True)
    assert last() == ["check-in opened"]
    assert history.log(folder)[0].subject == "check-in opened"  # it said "check-in open: is_open"
    desk.toggle_check_in(folder, 1)
    assert last() == [f"desk: 1 {name}: state confirmed → checked in"]
    restored = history.restore(folder, "#" + str(history.log(folder)[3].number), dry_run=True)
    assert restored.changes == ("check-in closed", f"desk: 1 {name}: state checked in → "
                                "confirmed; payment of 12.50 EUR (cash) removed")
    from swisstui.core import i18n
    i18n.use("pt_BR")
    try:
        assert history.show(folder, "#" + str(history.log(folder)[2].number))[1] == [
            f"mesa: 1 {name}: pagou 12,50 EUR (dinheiro)"]
    finally:
        i18n.use(i18n.SOURCE)
    # back to before the desk file existed: it is removed (the removal of a file at the
    # folder's top was refused as "outside the event folder")
    started = next(e for e in history.log(folder) if e.subject.startswith("add player"))
    history.restore(folder, "#" + str(started.number))
    assert not (folder / "desk.toml").exists()
